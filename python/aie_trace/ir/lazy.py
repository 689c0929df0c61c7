# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Modules bound at import time, imported at first use.

The JSON side of :mod:`aie_trace.analysis.layout` (and with it ``aie-trace decode --layout``) needs no MLIR
bindings; the IR side does. ``structure = lazy.module("aie_trace.ir.structure")`` lets one module hold both:
the provider is chosen, and its errors raised, only when an IR function runs.
"""

from __future__ import annotations

import importlib
from typing import Any


class _Lazy:
    __slots__ = ("_module", "_value", "_names")

    def __init__(self, module: str) -> None:
        self._module, self._value = module, None
        self._names: dict[str, Any] = {}  # what the target has handed out, by name

    def _target(self) -> Any:
        if (
            self._value is None
        ):  # a failed import is retried, and raises again, at the next use
            self._value = importlib.import_module(self._module)
        return self._value

    def __getattr__(self, name: str) -> Any:
        # a module's names are bound once it is imported: each is looked up once
        try:
            return self._names[name]
        except KeyError:
            value = self._names[name] = getattr(self._target(), name)
            return value

    def __repr__(self) -> str:
        return f"<lazy {self._module}>"


def module(name: str) -> Any:
    """A stand-in for ``import name`` whose attributes import it on first use."""
    return _Lazy(name)
