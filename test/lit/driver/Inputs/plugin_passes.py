# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Passes for the driver's lit tests only, loaded with --load-pass-plugin."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from aie_trace.ir import structure
from aie_trace.ir.provider import ir
from aie_trace.opt.registry import Pass, option, register


@register
@dataclass(frozen=True)
class TestEmit(Pass):
    """Emits, for every op with a ``test.emit = "<severity>: <message>"`` attribute, that
    diagnostic at the op (with a note at the op when ``test.note`` is set too). Fails when
    ``fail`` is set and nothing else failed it."""

    name: ClassVar[str] = "test-emit"
    summary: ClassVar[str] = "Emit the diagnostics that test.emit attributes ask for"

    fail: bool = option(False, "Fail the pass (without an error of its own)")

    def run(self, module, diag) -> None:
        for op in structure.walk(module):
            spec = structure.attr_or_none(op, "test.emit")
            if spec is None:
                continue
            severity, _, message = ir.StringAttr(spec).value.partition(": ")
            note = structure.attr_or_none(op, "test.note")
            notes = [(op, ir.StringAttr(note).value)] if note is not None else None
            diag.emit(severity, op, message, notes)
        if self.fail:
            raise diag.fail()


@register
@dataclass(frozen=True)
class TestOptions(Pass):
    """Reports its option values as one remark on the module."""

    name: ClassVar[str] = "test-options"
    summary: ClassVar[str] = "Remark the parsed option values"

    flag: bool = option(False, "A bool")
    count: int = option(1, "An int")
    label: str = option("none", "A string")
    mode: Literal["fast", "slow"] = option("fast", "A choice")
    sizes: list[int] = option([1, 2], "A list of ints")
    names: list[str] = option([], "A list of strings")

    def run(self, module, diag) -> None:
        diag.remark(
            module,
            f"flag={self.flag} count={self.count} label={self.label!r} "
            f"mode={self.mode} sizes={self.sizes} names={self.names}",
        )


@register
@dataclass(frozen=True)
class TestRaise(Pass):
    """Raises an exception: a bug in a pass (with ``edit``, after it has changed the module)."""

    name: ClassVar[str] = "test-raise"
    summary: ClassVar[str] = "Raise ZeroDivisionError"

    edit: bool = option(False, "First mark the module and erase its first op")

    def run(self, module, diag) -> None:
        if self.edit:
            module.attributes["test.edited"] = ir.UnitAttr.get()
            module.regions[0].blocks[0].operations[0].erase()
        raise ZeroDivisionError("the pass divided by zero")
