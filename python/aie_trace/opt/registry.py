# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The one registry of Python passes, and the ``Pass`` base class and options plugins import.

A pass is a small frozen dataclass::

    @register
    @dataclass(frozen=True)
    class MyPass(Pass):
        '''Contract: what the pass expects before it and guarantees after it.'''
        name: ClassVar[str] = "aie-trace-my-pass"
        summary: ClassVar[str] = "One line for --list-passes"

        mode: Literal["a", "b"] = option("a", "What the mode selects")
        limit: int = option(4, "An integer option")

        def run(self, module, diag):   # module: ir.Operation (builtin.module)
            ...

Its dataclass fields are its options (``bool``, ``int``, ``str``, ``Literal[...]`` choices,
``list[int]`` / ``list[str]``), parsed from MLIR's pipeline option syntax
(``{mode=b limit=8 flag}``). The driver, ``--help`` and the docs all read :data:`REGISTRY`.

A pass that fails leaves the module as it was: every subclass's ``run`` is wrapped so that when it
raises (``PassFailure``, a ``LocatedError``, or a bug) or reports an error into ``diag``, the
module is restored from a copy taken when it started, unless the pass is declared ``read_only``
(:mod:`aie_trace.ir.rollback`; ``Pass`` and ``option`` live in :mod:`aie_trace.passes.base` and
are re-exported here for plugin authors).

The passes shipped in ``aie_trace.passes`` are listed by name in its table
(:data:`aie_trace.passes.PASSES`, name -> ``module:Class``), which the registry reads at first use;
other packages add passes through the ``aie_trace.passes`` entry-point group, each entry naming a
``Pass`` subclass or a module whose passes register themselves (:func:`register`).
"""

from __future__ import annotations

import importlib

# the base class and its options live beside the passes (aie_trace.passes.base), which import
# nothing of aie_trace.opt; plugin authors import them from here
from ..passes.base import OptionError, OptionInfo, Pass, option

__all__ = [
    "ENTRY_POINT_GROUP",
    "REGISTRY",
    "OptionError",
    "OptionInfo",
    "Pass",
    "Registry",
    "option",
    "register",
]

ENTRY_POINT_GROUP = "aie_trace.passes"


class Registry:
    """Name -> Pass class. Loaded at first use: the built-in passes of
    :data:`aie_trace.passes.PASSES`, then entry-point plugins."""

    def __init__(self) -> None:
        self._passes: dict[str, type[Pass]] = {}
        self._loaded = False
        self.load_errors: list[str] = []

    def add(self, cls: type[Pass]) -> type[Pass]:
        if not cls.name:
            raise TypeError(f"{cls.__qualname__}: a pass needs a name")
        other = self._passes.get(cls.name)
        if other is not None and other is not cls:
            raise ValueError(
                f"pass '{cls.name}' registered twice ({other.__module__}, {cls.__module__})"
            )
        cls.options()  # validate option types at registration, not at first use
        if not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(
                f"pass '{cls.name}': a pass is a frozen dataclass: decorate "
                f"{cls.__qualname__} with @dataclass(frozen=True)"
            )
        self._passes[cls.name] = cls
        return cls

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        from .. import passes as builtin_passes

        for name, target in sorted(builtin_passes.PASSES.items()):
            module, _, attr = target.partition(":")
            cls = getattr(
                importlib.import_module(f"{builtin_passes.__name__}.{module}"), attr
            )
            if cls.name != name:
                raise TypeError(
                    f"aie_trace.passes.PASSES names '{name}' for {target}, whose name is "
                    f"'{cls.name}'"
                )
            self.add(cls)
        from importlib.metadata import entry_points

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            try:
                obj = ep.load()
            except Exception as e:  # a broken plugin must not take the driver down
                self.load_errors.append(f"plugin '{ep.name}' ({ep.value}): {e}")
                continue
            if isinstance(obj, type) and issubclass(obj, Pass):
                self.add(obj)

    def get(self, name: str) -> type[Pass] | None:
        self._load()
        return self._passes.get(name)

    def names(self) -> list[str]:
        self._load()
        return sorted(self._passes)

    def __iter__(self):
        self._load()
        return iter([self._passes[n] for n in sorted(self._passes)])

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None


REGISTRY = Registry()


def register(cls: type[Pass]) -> type[Pass]:
    """Class decorator for a plugin module's passes: add a pass to :data:`REGISTRY`. (The passes
    shipped in ``aie_trace.passes`` are listed in its table instead.)"""
    return REGISTRY.add(cls)
