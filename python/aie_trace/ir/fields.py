# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fields of aie/aiex ops by their ODS name, read alike in every era.

An operand or attribute is found by the name mlir-aie's op definition gives it
(``operandSegmentSizes`` honoured), and an integer field is folded from its attribute or its
constant operand, whichever the era holds.
"""

from __future__ import annotations

from typing import Any

from . import schema as S
from .attributes import int_attr_value

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import ir
from .structure import attr_or_none, isa

# ------------------------------------------------------------------------------------------------
# operands by ODS name


def _segment_sizes(op: Any, d: S.OpDef) -> list[int] | None:
    n = len(op.operands)
    if d.segments:
        seg = attr_or_none(op, "operandSegmentSizes")
        if seg is None or not isa(ir.DenseI32ArrayAttr, seg):
            return None
        return list(ir.DenseI32ArrayAttr(seg))
    flexible = [i for i, o in enumerate(d.operands) if o.arity != "single"]
    fixed = sum(o.arity == "single" for o in d.operands)
    sizes = [1 if o.arity == "single" else 0 for o in d.operands]
    if len(flexible) > 1:
        return None
    if flexible:
        sizes[flexible[0]] = n - fixed
    return sizes


def _segment_values(op: Any, d: S.OpDef) -> dict[str, list[Any]]:
    sizes = _segment_sizes(op, d)
    if (
        sizes is None
        or len(sizes) != len(d.operands)
        or sum(sizes) != len(op.operands)
        or min(sizes, default=0) < 0
    ):
        return {}
    out, pos = {}, 0
    operands = list(op.operands)
    for o, k in zip(d.operands, sizes, strict=True):
        out[o.name] = operands[pos : pos + k]
        pos += k
    return out


def operand_index(op: Any, name: str, era: str) -> int:
    """The position of ODS operand ``name`` among ``op``'s operands (``KeyError`` if the
    definition has none of that name)."""
    d = S.opdef(era, op.name)
    if d.segments:
        sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    else:
        flexible = len(op.operands) - sum(o.arity == "single" for o in d.operands)
        sizes = [1 if o.arity == "single" else flexible for o in d.operands]
    pos = 0
    for o, k in zip(d.operands, sizes, strict=False):
        if o.name == name:
            return pos
        pos += k
    raise KeyError(name)


def get_operand(op: Any, name: str, era: str) -> Any:
    """The SSA operand named ``name`` (None when an optional operand is absent)."""
    d = S.opdef(era, op.name)
    if d is None:
        raise KeyError(f"{op.name} is not in the {era} schema")
    vals = _segment_values(op, d).get(name, [])
    return vals[0] if vals else None


def constant_int(value: Any) -> int | None:
    """Fold ``arith.constant`` (integer or index) -> int; None when not a constant."""
    if value is None:
        return None
    owner = value.owner
    if (
        not isinstance(owner, (ir.Operation, ir.OpView))
        or owner.name != "arith.constant"
    ):
        return None
    return int_attr_value(attr_or_none(owner, "value"))


def get_int(op: Any, name: str, era: str) -> int | None:
    """An integer field by ODS name: an attribute in one era, a constant operand in another. Read
    either way it is the same number: a field that some era types as an unsigned attribute
    (``write32.value: ui32``) reads an i32 constant operand as unsigned too."""
    is_operand, position, unsigned_bits = _field(era, op.name, name)
    if is_operand:
        operands = op.operands
        value = constant_int(
            operands[position]
            if position is not None and position < len(operands)
            else get_operand(op, name, era)
        )
        return (
            value & ((1 << unsigned_bits) - 1)
            if value is not None and unsigned_bits
            else value
        )
    return int_attr_value(attr_or_none(op, name))


_FIELDS: dict[tuple[str, str, str], tuple[bool, int | None, int]] = {}


def _field(era: str, op_name: str, name: str) -> tuple[bool, int | None, int]:
    """How ``get_int`` reads a field, worked out once: (an operand?, its fixed position when every
    operand before it is a single one, the width when some era types it as an unsigned attribute).
    """
    key = (era, op_name, name)
    if key not in _FIELDS:
        d = S.opdef(era, op_name)
        is_operand = d is not None and d.operand(name) is not None
        position = None
        if is_operand and not d.segments:
            before = [o for o in d.operands[: [o.name for o in d.operands].index(name)]]
            if all(o.arity == "single" for o in before):
                position = len(before)
        unsigned = [
            a.type
            for e in S.ERAS
            if (od := S.opdef(e, op_name))
            and (a := od.attr(name))
            and a.type.startswith("ui")
        ]
        _FIELDS[key] = (
            is_operand,
            position,
            int(unsigned[0][2:]) if is_operand and unsigned else 0,
        )
    return _FIELDS[key]
