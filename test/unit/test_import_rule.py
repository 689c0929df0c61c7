# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Only the IR layer, the provider and the code that runs pass managers import the MLIR bindings;
everything else reaches IR through ``aie_trace.ir.structure``."""

from __future__ import annotations

import ast
from pathlib import Path

from source_scan import ROOT, misjudged, sources

#: files that may import the bindings, and why
ALLOWED = {
    "python/aie_trace/ir/provider.py": "the provider: where the bindings come from",
    "python/aie_trace/ir/structure.py": "the IR layer",
    "python/aie_trace/ir/attributes.py": "the IR layer",
    "python/aie_trace/ir/fields.py": "the IR layer",
    "python/aie_trace/ir/eras.py": "the IR layer",
    "python/aie_trace/ir/checking.py": "the IR layer",
    "python/aie_trace/ir/builders.py": "the IR layer",
    "python/aie_trace/opt/driver.py": "runs pass managers (parses, prints, reports the provider)",
    "python/aie_trace/opt/pipeline.py": "runs pass managers",
    "python/aie_trace/tools/cli.py": "reports the provider for --version (provider.describe, no bindings used)",
}

#: the bindings: the provider's modules, or a provider package's own
_BINDING_PACKAGES = (
    "mlir",
    "torch_mlir",
    "aie.ir",
    "aie.passmanager",
    "aie.dialects",
    "aie.rewrite",
)


def _imports_bindings(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level and module == "":  # from . import x
                names = [a.name for a in node.names]
            elif node.level:  # from .provider import x, from ..ir import provider
                names = [module] + [f"{module}.{a.name}" for a in node.names]
            else:
                names = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        for n in names:
            if (
                n in ("provider", "ir.provider", "aie_trace.ir.provider")
                or n.startswith(("provider.", "ir.provider.", "aie_trace.ir.provider."))
                or any(n == p or n.startswith(p + ".") for p in _BINDING_PACKAGES)
            ):
                found.append(f"line {node.lineno}: {n}")
    return found


def test_only_the_ir_layer_imports_the_bindings():
    scanned = sources(ALLOWED)
    assert "python/aie_trace/analysis/verify.py" in scanned
    offenders = {
        rel: hits for rel in scanned if (hits := _imports_bindings(ROOT / rel))
    }
    assert offenders == {}


def test_the_scan_sees_each_spelling(tmp_path):
    cases = {
        "from .provider import ir": True,
        "from aie_trace.ir.provider import ir": True,
        "from . import provider": True,
        "from aie_trace.ir import provider": True,
        "from ..ir import provider": True,
        "from ..ir.provider import ir": True,
        "import mlir.ir": True,
        "from torch_mlir import ir": True,
        "from aie.ir import Context": True,
        "from .structure import ir": False,
        "from aie_trace.ir import structure": False,
        "from ..ir import structure": False,
        "import aie_trace.analysis.layout": False,
    }
    assert misjudged(tmp_path, _imports_bindings, cases) == []


def test_the_provider_loads_only_what_is_used():
    import subprocess
    import sys

    code = (
        "import sys\nfrom aie_trace.analysis import layout\nfrom aie_trace.ir import structure, provider\n"
        "loaded = [f'{provider.NAME}.{m}' for m in ('passmanager', 'rewrite', 'dialects.scf', "
        "'dialects.func', 'dialects.memref', 'dialects.builtin') if f'{provider.NAME}.{m}' in sys.modules]\n"
        "print(loaded)\nprovider.scf\nprint(f'{provider.NAME}.dialects.scf' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.split("\n")[:2] == ["[]", "True"]


def _test_module_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found += [f"line {node.lineno}: {n}" for n in names if n.startswith("test_")]
    return found


def test_test_modules_import_helpers_never_each_other():
    """Shared helpers live in test/support (on the path through test/conftest.py); lit's helper
    scripts take them from there too."""
    scanned = sorted(
        p for p in (ROOT / "test").rglob("*.py") if "Output" not in p.parts
    )
    assert len([p for p in scanned if p.name.startswith("test_")]) > 40
    offenders = {}
    for path in scanned:
        hits = _test_module_imports(path)
        if hits:
            offenders[path.relative_to(ROOT).as_posix()] = hits
    assert offenders == {}
    assert _test_module_imports(Path(__file__)) == []
