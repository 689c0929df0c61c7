# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where the MLIR Python bindings come from.

Passes are written against the upstream MLIR Python API. The bindings are loaded from, in order:

* ``aie``        -- mlir-aie's own package (``aie.ir``, ``aie.passmanager`` ...); the aie/aiex
                    dialects are registered, so their ops verify and print in custom form;
* ``torch_mlir`` -- a pinned PyPI build of upstream MLIR bindings (``torch-mlir==20261001``);
* ``mlir``       -- a plain upstream ``mlir`` package.

``AIE_TRACE_MLIR_PROVIDER`` (``aie``, ``torch_mlir`` or ``mlir``) forces one. Without ``aie``,
unregistered dialects are allowed and aie/aiex ops are read and written in generic form.

The IR layer (``aie_trace.ir.structure`` and its siblings) and the code that runs pass managers import ``ir``,
``passmanager`` and the upstream dialect modules from here, so switching provider touches this file
only. Only ``ir`` is imported up front; the others load when first used.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

ENV_VAR = "AIE_TRACE_MLIR_PROVIDER"
PROVIDERS = ("aie", "torch_mlir", "mlir")


class ProviderError(RuntimeError):
    """No usable MLIR Python bindings."""


#: the modules this file hands out, loaded on first use (``ir`` at once: it decides the provider)
_LAZY = {
    "passmanager": "passmanager",
    "rewrite": "rewrite",
    "arith": "dialects.arith",
    "memref": "dialects.memref",
    "scf": "dialects.scf",
    "func": "dialects.func",
    "builtin": "dialects.builtin",
}


def _load(name: str) -> dict[str, ModuleType]:
    return {"ir": importlib.import_module(f"{name}.ir")}


def __getattr__(attr: str) -> ModuleType:
    """``passmanager``, ``rewrite`` and the upstream dialect modules, imported when first asked for."""
    if attr not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")
    module = importlib.import_module(f"{NAME}.{_LAZY[attr]}")
    globals()[attr] = module
    return module


def _select() -> tuple[str, dict[str, ModuleType]]:
    forced = os.environ.get(ENV_VAR, "").strip()
    if forced:
        if forced not in PROVIDERS:
            raise ProviderError(
                f"{ENV_VAR}={forced!r}: expected one of {', '.join(PROVIDERS)}"
            )
        try:
            return forced, _load(forced)
        except ImportError as e:
            raise ProviderError(
                f"{ENV_VAR}={forced}: cannot import its MLIR bindings ({e})"
            ) from e
    errors = []
    for name in PROVIDERS:
        try:
            return name, _load(name)
        except ImportError as e:
            errors.append(f"{name}: {e}")
    raise ProviderError(
        "no MLIR Python bindings found; install mlir-aie, or `pip install torch-mlir==20261001` "
        "(" + "; ".join(errors) + ")"
    )


NAME, _mods = _select()
ir = _mods["ir"]

#: True when the aie/aiex dialects are registered (mlir-aie's own bindings).
AIE_REGISTERED = NAME == "aie"


def _stub_unregistered_dialect_modules() -> None:
    """Each aie/aiex op the bindings hand out makes them import ``<provider>.dialects.aie(x)`` to
    find an op class; without mlir-aie that import fails, is not cached, and costs ~35 us per op.
    An empty module answers the lookup at once; the ops stay generic."""
    import sys

    for dialect in ("aie", "aiex"):
        name = f"{NAME}.dialects.{dialect}"
        sys.modules.setdefault(name, ModuleType(name))


if not AIE_REGISTERED:
    _stub_unregistered_dialect_modules()


def make_context():
    """A context ready for aie IR: aie dialects registered, or unregistered ops allowed."""
    ctx = ir.Context()
    if AIE_REGISTERED:
        import aie.dialects.aie  # noqa: F401  (registers aie/aiex on import)
    ctx.allow_unregistered_dialects = True
    return ctx


def _package_dir() -> Path | None:
    mod = importlib.import_module(NAME)
    paths = list(getattr(mod, "__path__", []))
    return Path(paths[0]) if paths else None


def llvm_version() -> str:
    """The LLVM version the bindings were built from, as the library itself reports it."""
    root = _package_dir()
    if root is None:
        return "unknown"
    pattern = re.compile(rb"LLVM version ([0-9][0-9A-Za-z.\-]*)")
    for tool in ("aie-opt", "torch-mlir-opt", "mlir-opt"):
        exe = next(iter(root.rglob(tool)), None) or (
            shutil.which(tool) if NAME == "aie" else None
        )
        if exe:
            try:
                out = subprocess.run(
                    [str(exe), "--version"], capture_output=True, timeout=30
                ).stdout
            except (OSError, subprocess.SubprocessError):
                continue
            m = pattern.search(out)
            if m:
                return m.group(1).decode()
    for lib in sorted(root.rglob("*.so*")):
        try:
            m = pattern.search(lib.read_bytes())
        except OSError:
            continue
        if m:
            return m.group(1).decode()
    return "unknown"


def describe() -> str:
    """One line for ``--version``: which provider, which LLVM."""
    try:
        from importlib.metadata import version

        dist = {"aie": "mlir_aie", "torch_mlir": "torch-mlir", "mlir": "mlir"}[NAME]
        pkg = f"{dist} {version(dist)}"
    except Exception:  # the package may be on sys.path without metadata
        pkg = NAME
    return f"MLIR provider: {NAME} ({pkg}), LLVM {llvm_version()}"
