# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Names bound at import time, imported at first use.

The JSON side of :mod:`aie_trace.layout` (and with it ``aie-trace decode --layout``) needs no MLIR
bindings; the IR side does. ``ir = lazy.attribute("aie_trace.provider", "ir")`` lets one module
hold both: the provider is chosen, and its errors raised, only when an IR function runs.
"""

from __future__ import annotations

import importlib
from typing import Any


class _Lazy:
    __slots__ = ("_module", "_attr", "_value", "_names")

    def __init__(self, module: str, attr: str | None) -> None:
        self._module, self._attr, self._value = module, attr, None
        self._names: dict[str, Any] = {}  # what the target has handed out, by name

    def _target(self) -> Any:
        if (
            self._value is None
        ):  # a failed import is retried, and raises again, at the next use
            mod = importlib.import_module(self._module)
            self._value = mod if self._attr is None else getattr(mod, self._attr)
        return self._value

    def __getattr__(self, name: str) -> Any:
        # a module's names are bound once it is imported: each is looked up once
        try:
            return self._names[name]
        except KeyError:
            value = self._names[name] = getattr(self._target(), name)
            return value

    def __repr__(self) -> str:
        return f"<lazy {self._module}{'.' + self._attr if self._attr else ''}>"


def module(name: str) -> Any:
    """A stand-in for ``import name`` whose attributes import it on first use."""
    return _Lazy(name, None)


def attribute(module: str, attr: str) -> Any:
    """A stand-in for ``from module import attr`` whose attributes import it on first use."""
    return _Lazy(module, attr)
