# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The package's subpackages form a DAG: each imports only the subpackages below it
(docs/architecture.md), and no subpackages or modules import each other in a cycle.

Every import counts: module level and function-local, absolute and relative."""

from __future__ import annotations

import ast
from pathlib import Path

from source_scan import ROOT, misjudged

PACKAGE = ROOT / "python" / "aie_trace"

#: the subpackages, lowest first: each may import those before it; a set's members are siblings,
#: which may not import each other
ORDER: tuple[frozenset[str], ...] = tuple(
    frozenset(layer.split())
    for layer in (
        "trace",
        "ir",
        "analysis",
        "transforms models",
        "emu",
        "host",
        "report",
        "passes",
        "opt",
        "tools",
    )
)
#: the models of mlir-aie's passes: only the passes (and the tests) import them
MODELS, MODEL_USERS = "models", {"passes"}
#: what each subpackage may import: the layers below it (the models only for their users) ...
ALLOWED: dict[str, frozenset[str]] = {
    pkg: below if pkg in MODEL_USERS else below - {MODELS}
    for i, layer in enumerate(ORDER)
    for below in [frozenset().union(*ORDER[:i])]
    for pkg in layer
}
#: ... and the IR generators for tests, examples and benchmarks, which nothing in the package uses
ALLOWED["testing"] = frozenset({"trace", "ir", "analysis"})
#: the package itself: its version, which anyone may import, and the public names it re-exports
ROOT_PACKAGE = ""
ALLOWED[ROOT_PACKAGE] = frozenset({"report"}) | ALLOWED["report"]
#: a name of the package itself that any module may import
FREE = {"__version__"}

#: module cycles that exist and are known; each must go, and this list with it
KNOWN_MODULE_CYCLES = {
    ("aie_trace.host.runtime", "aie_trace.host.xrt_backend"),
}


def _modules(base: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` under ``base`` (a package named by its
    folder)."""
    out = {}
    for p in base.rglob("*.py"):
        parts = list(p.relative_to(base.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _imported(path: Path, module: str, known: set[str]) -> list[tuple[int, str]]:
    """``(line, target)`` for every import in ``path`` (the module ``module``) of the package:
    the target is the most specific module of ``known`` it names, or ``<package>.<name>`` for a
    name of the package itself (``__version__``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    top = module.split(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [
                (
                    f"{source}.{a.name}"
                    if f"{source}.{a.name}" in known or a.name in FREE
                    else source
                )
                for a in node.names
            ]
        else:
            continue
        for t in targets:
            if t != top and not t.startswith(top + "."):
                continue
            if t.rpartition(".")[2] in FREE:
                out.append((node.lineno, t))
                continue
            while t not in known:
                t = t.rpartition(".")[0]
            out.append((node.lineno, t))
    return out


def _subpackage(module: str) -> str:
    """``aie_trace.ir.aieir`` -> ``ir``; the package itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT_PACKAGE


def _edges(base: Path) -> dict[str, list[tuple[int, str]]]:
    mods = _modules(base)
    return {m: _imported(p, m, set(mods)) for m, p in mods.items()}


def _against_the_dag(base: Path) -> list[str]:
    """Each import that runs against :data:`ALLOWED`, as ``file:line: from -> to``."""
    mods = _modules(base)
    bad = []
    for module, imports in _edges(base).items():
        src = _subpackage(module)
        for line, target in imports:
            dst = _subpackage(target)
            if target.rpartition(".")[2] in FREE or dst == src:
                continue
            if dst not in ALLOWED.get(src, ()):
                where = mods[module].relative_to(base.parent).as_posix()
                bad.append(f"{where}:{line}: {src or '(package)'} -> {target}")
    return bad


def _cycles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one node, each sorted (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(tuple(sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _module_graph(base: Path) -> dict[str, set[str]]:
    return {
        m: {t for _, t in imports if t != m and t.rpartition(".")[2] not in FREE}
        for m, imports in _edges(base).items()
    }


def _package_graph(base: Path) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for m, targets in _module_graph(base).items():
        src = _subpackage(m)
        graph.setdefault(src, set()).update(
            d for t in targets if (d := _subpackage(t)) != src
        )
    return graph


def test_every_import_follows_the_package_order():
    assert "trace" in _package_graph(PACKAGE)  # the scan reads the package
    assert _against_the_dag(PACKAGE) == []


def test_no_subpackages_import_each_other_in_a_cycle():
    assert _cycles(_package_graph(PACKAGE)) == []


def test_modules_import_each_other_in_no_cycle_but_the_known_ones():
    found = set(_cycles(_module_graph(PACKAGE)))
    assert found - KNOWN_MODULE_CYCLES == set(), "a new import cycle between modules"
    assert (
        KNOWN_MODULE_CYCLES - found == set()
    ), "a known cycle is gone: drop it from the list"


def test_every_subpackage_is_placed_and_says_what_it_may_import():
    """The order names every subpackage, and each ``__init__`` docstring's "May import" line
    lists exactly the subpackages the order allows it."""
    packages = sorted(
        p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()
    )
    assert sorted(set(ALLOWED) - {ROOT_PACKAGE}) == packages
    for name in packages:
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text()))
        said = doc.split("May import:", 1)[1] if doc and "May import:" in doc else ""
        listed = {p for p in packages if f"aie_trace.{p}``" in said.split("(")[0]}
        assert listed == ALLOWED[name], name


# ------------------------------------------------------------------------------------------------
# the scan itself


def _one_file_package(tmp_path: Path, module: str, text: str) -> Path:
    """A copy of the package's layout (every subpackage, empty) with ``text`` as ``module``."""
    base = tmp_path / "aie_trace"
    for init in PACKAGE.rglob("__init__.py"):
        target = base / init.relative_to(PACKAGE)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("")
    for name in ("aieir", "diagnostics"):
        (base / "ir" / f"{name}.py").write_text("")
    (base / "opt" / "registry.py").write_text("")
    path = base / Path(*module.split(".")[1:]).with_suffix(".py")
    path.write_text(text)
    return base


def test_the_scan_sees_each_spelling(tmp_path):
    """Each way to write an import from ``aie_trace.ir.views`` (a module of ``ir``), judged: does
    it run against the order?"""
    cases = {
        "from ..opt import registry": True,
        "from ..opt.registry import REGISTRY": True,
        "from .. import opt": True,
        "from aie_trace.opt import registry": True,
        "from aie_trace.opt.registry import REGISTRY": True,
        "import aie_trace.opt.registry": True,
        "import aie_trace.analysis": True,
        "def f():\n    from ..analysis import callgraph": True,
        "class C:\n    def f(self):\n        import aie_trace.models.resolve": True,
        "from aie_trace import report": True,
        "from .. import __version__": False,
        "from aie_trace import __version__": False,
        "from . import aieir": False,
        "from .aieir import walk": False,
        "from ..ir import diagnostics": False,
        "from ..trace import format": False,
        "import aie_trace.trace.format": False,
        "from aie_trace.ir.diagnostics import LocatedError": False,
        "import numpy": False,
        "from mlir import ir": False,
    }

    def scan(f: Path) -> list[str]:
        base = _one_file_package(f.parent, "aie_trace.ir.views", f.read_text())
        return _against_the_dag(base)

    assert misjudged(tmp_path, scan, cases) == []


def test_the_cycle_check_finds_a_cycle_through_a_function_local_import(tmp_path):
    base = _one_file_package(
        tmp_path, "aie_trace.ir.aieir", "from . import diagnostics\n"
    )
    (base / "ir" / "diagnostics.py").write_text("def f():\n    from . import aieir\n")
    assert ("aie_trace.ir.aieir", "aie_trace.ir.diagnostics") in _cycles(
        _module_graph(base)
    )
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [("a", "b", "c")]


def test_the_architecture_map_lists_every_module():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    modules = {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if p.parent != PACKAGE and p.name != "__init__.py"
    }
    assert modules and {m for m in modules if f"`{m}`" not in text} == set()
