# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What ``-aie-resolve-address-patch-buffers`` does, without mlir-aie.

mlir-aie (``lib/Dialect/AIEX/Transforms/AIEResolveAddressPatchBuffers.cpp`` at f8438d27 and
93d0a7cc; the 64-bit arithmetic as ``test/dialect/AIEX/resolve_address_patch_buffers_64bit.mlir``
at 872ef4c8 states it) replaces every ``aiex.npu.address_patch`` that has a ``buffer`` operand
by one with the integer form:

* ``arg_idx`` is the host-buffer index (memref arguments only, :func:`structure.host_buffer_index`) of
  the block argument the buffer's view chain roots at (:func:`views.trace_to_block_argument`);
* ``arg_plus`` is raised by the chain's byte offset: a constant becomes a new constant, a runtime
  value gets an ``arith.addi``; an offset of 0 keeps the operand;
* the ``addr_val`` operand and ``addr`` are kept.

A patch it cannot resolve is refused as upstream's pass refuses it after review (at 93d0a7cc it
reports after ``walkAndApplyPatterns``): one error at the first such patch, ``'aiex.npu.address_patch' op could not resolve its buffer
operand to a host buffer index of the enclosing runtime sequence``. Upstream's reasons are
match-failure notes it only shows in debug output; we attach the reason as a note: ``must be
inside a runtime sequence to resolve its host buffer``; ``buffer must be an argument of the
enclosing runtime sequence, or a static contiguous view of one``; ``buffer must resolve to a
memref argument``; or a width the sum does not fit (below).

Element types. A view's byte offset counts ``getIntOrFloatBitWidth()`` bits per element, so any
integer or float element type of a whole number of bytes is taken (``f8E4M3FN``, ``bf16``, ...);
``index`` and sub-byte types are not (:mod:`aie_trace.ir.views`).

Widths. In IR era E3 ``arg_plus`` is i32: a sum outside i32 is an error here, a deliberate
difference (mlir-aie's ``createConstantI32`` truncates it silently to a wrong address;
docs/ir-eras.md). In E4 (PR #3718) it is i32 or i64: the sum is computed at 64 bits and written in the
narrowest of the two that holds it; a runtime i64 ``arg_plus`` takes an i64 addend, a runtime i32
one that an offset past i32 would overflow is widened (``arith.extui``) first. A module that fits
both E3 and E4 (nothing in it needs i64) gets i64 only where the caller says the target is E4
(``wide``); otherwise such a sum is an error that says to pass ``era=E4``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ir import attributes, builders, fields, structure, views
from ..ir.diagnostics import LocatedError

I32_MIN, I32_MAX, I64_MAX = -(1 << 31), (1 << 31) - 1, (1 << 63) - 1
PATCH = "aiex.npu.address_patch"


#: upstream's one error for a patch it could not resolve (``'aiex.npu.address_patch' op`` first)
UNRESOLVED = (
    "'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index "
    "of the enclosing runtime sequence"
)


class ResolveError(LocatedError):
    """A patch refused, located at it: one whose host buffer cannot be resolved gets upstream's
    message (:data:`UNRESOLVED`) with the reason as a note; a sum its ``arg_plus`` cannot hold
    (``width``: upstream resolves it, wrongly) gets the reason itself."""

    def __init__(self, reason: str = "", op: Any = None, width: bool = False) -> None:
        super().__init__(reason if width else UNRESOLVED, op)
        self.reason = reason
        self.notes: list[tuple[Any, str]] = [] if width else [(op, reason)]


@dataclass(frozen=True)
class _Plan:
    op: Any
    arg_idx: int
    offset: int
    plus: Any  # the arg_plus operand
    base: int | None  # its constant value, when it is one
    wide: bool  # the result is i64


def _i64(t: Any) -> bool:
    return attributes.integer_width(t) == 64


def _enclosing_sequence(op: Any) -> Any:
    return structure.parent_named(op, "aie.runtime_sequence")


def _plan(op: Any, era: str, wide_ok: bool, ambiguous: bool) -> _Plan:
    buffer = fields.get_operand(op, "buffer", era)
    seq = _enclosing_sequence(op)
    if seq is None:
        raise ResolveError(
            "must be inside a runtime sequence to resolve its host buffer", op
        )
    traced = views.trace_to_block_argument(buffer)
    if traced is None or not views.resolvable_in_sequence(op, buffer):
        raise ResolveError(
            "buffer must be an argument of the enclosing runtime sequence, "
            "or a static contiguous view of one",
            op,
        )
    idx = structure.host_buffer_index(seq, structure.argument_number(traced.root))
    if idx is None:
        raise ResolveError("buffer must resolve to a memref argument", op)
    plus = fields.get_operand(op, "arg_plus", era)
    base = fields.constant_int(plus)
    if traced.offset == 0:
        return _Plan(op, idx, 0, plus, base, _i64(structure.value_type(plus)))
    if base is not None:
        total = base + traced.offset
        needs_wide = not I32_MIN <= total <= I32_MAX
        what = f"arg_plus {base} + {traced.offset} = {total}"
    else:
        total = None
        needs_wide = (
            _i64(structure.value_type(plus)) or not I32_MIN <= traced.offset <= I32_MAX
        )
        what = f"a runtime arg_plus + {traced.offset}"
    if total is not None and total > I64_MAX:
        raise ResolveError(f"{what} does not fit a 64-bit arg_plus", op, width=True)
    if needs_wide and not wide_ok:
        if ambiguous:
            raise ResolveError(
                f"{what} needs an i64 arg_plus, which only IR era E4 has; the module "
                "fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718",
                op,
                width=True,
            )
        raise ResolveError(
            f"{what} does not fit the i32 arg_plus of IR era {era}", op, width=True
        )
    return _Plan(op, idx, traced.offset, plus, base, needs_wide)


def _new_plus(p: _Plan, ip: Any, loc: Any) -> Any:
    if p.offset == 0:
        return p.plus
    width = "i64" if p.wide else "i32"
    if p.base is not None:
        return builders.constant(p.base + p.offset, width, ip=ip, loc=loc)
    plus = p.plus
    if p.wide and not _i64(structure.value_type(plus)):
        plus = builders.cast_int("extui", plus, attributes.int_type(64), ip=ip, loc=loc)
    shift = builders.constant(
        p.offset, "i64" if _i64(structure.value_type(plus)) else "i32", ip=ip, loc=loc
    )
    return builders.binary("addi", plus, shift, ip=ip, loc=loc)


def resolve(module: Any, era: str, wide_ok: bool, ambiguous: bool) -> int:
    """Resolve every ``buffer`` patch of ``module`` (era E3/E4); returns how many. Every patch is
    checked before any is rewritten, so a :class:`ResolveError` leaves the module as it was.
    ``wide_ok``: i64 sums may be written; ``ambiguous``: the era was read as E4 from a module that
    fits E3 as well (for the wording of the error)."""
    if era not in ("E3", "E4"):
        return 0  # no buffer operand before mlir-aie PR #3652
    patches = [
        op
        for op in structure.walk(module, [PATCH])
        if fields.get_operand(op, "buffer", era) is not None
    ]
    plans = [_plan(op, era, wide_ok and era == "E4", ambiguous) for op in patches]
    for p in plans:
        op, loc = p.op, structure.location(p.op)
        ip = structure.before(op)
        operands = {"arg_plus": _new_plus(p, ip, loc)}
        addr_val = fields.get_operand(op, "addr_val", era)
        if addr_val is not None:
            operands["addr_val"] = addr_val
        builders.create(
            PATCH,
            era,
            operands=operands,
            attrs={"addr": structure.required_attr(op, "addr"), "arg_idx": p.arg_idx},
            ip=ip,
            loc=loc,
        )
        structure.erase(op)
    return len(plans)
