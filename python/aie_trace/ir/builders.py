# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Building aie/aiex and builtin ops: schema-checked generic builders and typed constants.

Every op the engines create goes through :func:`create` (checked against the era's definition
before it is inserted) or the upstream typed builders (``arith``), and attributes are set through
:func:`set_attr`.
"""

from __future__ import annotations

from typing import Any

from . import schema as S
from .attributes import make_attr
from .checking import check_op
from .eras import _TYPE_DESCRIPTIONS, _type_ok
from .provider import arith as _arith

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import ir
from .structure import attr_or_none, isa, listed_attrs

# ------------------------------------------------------------------------------------------------
# builders


def constant(value: int, type_: Any, ip: Any = None, loc: Any = None) -> Any:
    """An ``arith.constant`` of integer type ``type_`` (``i32``, ``i64`` or ``index`` text or type),
    built with the upstream typed builder."""
    if isinstance(type_, str):
        type_ = (
            ir.IndexType.get()
            if type_ == "index"
            else ir.IntegerType.get_signless(int(type_[1:]))
        )
    if isa(ir.IntegerType, type_):
        w = ir.IntegerType(type_).width
        if value >= (1 << (w - 1)):
            value -= 1 << w
    return _arith.ConstantOp(
        type_, ir.IntegerAttr.get(type_, value), loc=loc, ip=ip
    ).result


def binary(name: str, a: Any, b: Any, ip: Any = None, loc: Any = None) -> Any:
    """``arith.<name> a, b`` (``addi``, ``subi``, ``muli``, ``divui``) with the typed builder."""
    cls = {
        "addi": _arith.AddIOp,
        "subi": _arith.SubIOp,
        "muli": _arith.MulIOp,
        "divui": _arith.DivUIOp,
    }[name]
    return cls(a, b, loc=loc, ip=ip).result


def cast_int(kind: str, value: Any, type_: Any, ip: Any = None, loc: Any = None) -> Any:
    """``arith.index_cast`` or ``arith.extui`` of ``value`` to ``type_``, with the typed builder."""
    cls = {"index_cast": _arith.IndexCastOp, "extui": _arith.ExtUIOp}[kind]
    return cls(type_, value, loc=loc, ip=ip).result


def byte_view(
    buffer: Any,
    offset: int | Any,
    size: int,
    type_: Any,
    ip: Any = None,
    loc: Any = None,
) -> tuple[Any, Any]:
    """``size`` bytes of the 1-D ``i8`` memref ``buffer`` at ``offset`` (an int, or an index
    value), reinterpreted as ``type_``: a ``memref.subview`` and a ``memref.reinterpret_cast``
    (offset 0, unit stride), built with the upstream typed builders; both ops are returned.
    """
    from .provider import memref as _memref

    dynamic = not isinstance(offset, int)
    static = S.DYNAMIC if dynamic else offset
    i8 = ir.IntegerType.get_signless(8)
    sub_type = ir.MemRefType.get([size], i8, ir.StridedLayoutAttr.get(static, [1]))
    sub = _memref.SubViewOp(
        sub_type,
        buffer,
        [offset] if dynamic else [],
        [],
        [],
        [static],
        [size],
        [1],
        loc=loc,
        ip=ip,
    )
    cast = _memref.ReinterpretCastOp(
        type_, sub.result, [], [], [], [0], [size], [1], loc=loc, ip=ip
    )
    return sub.operation, cast.operation


def create(
    name: str,
    era: str,
    *,
    operands: dict[str, Any] | None = None,
    attrs: dict[str, Any] | None = None,
    results: list[Any] | None = None,
    ip: Any = None,
    loc: Any = None,
    regions: int | None = None,
) -> Any:
    """Build op ``name`` as era ``era`` defines it.

    ``operands`` maps ODS operand names to values; an int for an integer operand becomes an
    ``arith.constant`` of the operand's type (i32 unless given a value). ``attrs`` maps property
    names to Python values or attributes; integer values get the schema's exact type. Raises
    ``ValueError`` for anything the definition does not allow, so no malformed op is ever built;
    then nothing it built stays behind (neither the op nor the constants made for it).
    """
    made: list[Any] = []
    try:
        return _create(name, era, operands, attrs, results, ip, loc, regions, made)
    except BaseException:
        for value in reversed(made):
            value.owner.erase()
        raise


def _create(
    name, era, operands, attrs, results, ip, loc, regions, made: list[Any]
) -> Any:
    d = S.opdef(era, name)
    if d is None:
        raise ValueError(f"no {era} definition of '{name}'")
    operands = dict(operands or {})
    attrs = dict(attrs or {})
    loc = loc or ir.Location.unknown()
    flat: list[Any] = []
    sizes: list[int] = []
    for o in d.operands:
        v = operands.pop(o.name, None)
        vals = [] if v is None else (list(v) if isinstance(v, (list, tuple)) else [v])
        if o.arity == "single" and len(vals) != 1:
            raise ValueError(f"{name}: operand '{o.name}' is required")
        if o.arity == "optional" and len(vals) > 1:
            raise ValueError(f"{name}: operand '{o.name}' takes at most one value")
        flat.extend(vals)
        sizes.append(len(vals))
    if operands:
        raise ValueError(
            f"{name} ({era}) has no operand(s) {', '.join(sorted(operands))}"
        )
    built: dict[str, Any] = {}
    for key, value in attrs.items():
        a = d.attr(key)
        if a is None:
            raise ValueError(f"{name} ({era}) has no property '{key}'")
        built[key] = make_attr(a.type, value)
    missing = [a.name for a in d.attrs if a.required and a.name not in built]
    if missing:
        raise ValueError(
            f"{name} ({era}): missing required propert{'y' if len(missing) == 1 else 'ies'} "
            + ", ".join(missing)
        )
    if d.segments:
        built["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(sizes)
    group = [o for o, k in zip(d.operands, sizes, strict=True) for _ in range(k)]
    for i, (o, x) in enumerate(
        zip(group, flat, strict=True)
    ):  # constants last: nothing to undo before
        if isinstance(x, int):
            t = (
                "i64"
                if (
                    o.type == "i64"
                    or (o.type == "i32|i64" and not -(2**31) <= x < 2**31)
                )
                else ("index" if o.type == "index" else "i32")
            )
            flat[i] = constant(x, t, ip=ip, loc=loc)
            made.append(flat[i])
    op = ir.Operation.create(
        name,
        results=results or [],
        operands=flat,
        attributes=built,
        regions=d.regions if regions is None else regions,
        loc=loc,
        ip=ip,
    )
    problems = check_op(op, era)
    if problems:
        op.erase()
        raise ValueError(f"{name} ({era}): " + "; ".join(problems))
    return op


def set_attr(op: Any, name: str, value: Any, era: str) -> None:
    """Set a property by ODS name with the schema's exact type."""
    d = S.opdef(era, op.name)
    a = d.attr(name) if d else None
    if a is None:
        raise ValueError(f"{op.name} ({era}) has no property '{name}'")
    op.attributes[name] = make_attr(a.type, value)


def rebuild(op: Any, era: str, operands: list[Any]) -> Any:
    """``op`` with ``operands`` instead of its own, any number of them (MLIR's Python API cannot
    change an op's operand count): a new op of the same name, properties, discardable attributes,
    result types and location, inserted before ``op``, which the caller then erases. Only for ops
    whose definition is one variadic operand group (``aiex.run``): the new op then conforms to the
    schema exactly when ``op`` does, given operands of the group's type, which are checked.
    """
    d = S.opdef(era, op.name)
    if (
        d is None
        or d.segments
        or len(d.operands) != 1
        or d.operands[0].arity != "variadic"
    ):
        raise ValueError(
            f"{op.name} ({era}) does not take one variadic group of operands"
        )
    group = d.operands[0]
    for i, v in enumerate(operands):
        if group.type != "any" and not _type_ok(group.type, v.type):
            raise ValueError(
                f"{op.name}: operand #{i} ('{group.name}') must be "
                f"{_TYPE_DESCRIPTIONS[group.type]}, but got '{v.type}'"
            )
    attrs = {a.name: v for a in d.attrs if (v := attr_or_none(op, a.name)) is not None}
    attrs.update(listed_attrs(op))  # the discardable attributes
    return ir.Operation.create(
        op.name,
        results=[r.type for r in op.results],
        operands=operands,
        attributes=attrs,
        loc=op.location,
        ip=ir.InsertionPoint(op),
    )


def clone_byte_view(
    view: tuple[Any, Any],
    buffer: Any,
    offset: int | Any,
    size: int,
    ip: Any,
    loc: Any,
) -> tuple[Any, Any]:
    """A :func:`byte_view` made by cloning ``view`` (the two ops of a byte view of the same
    ``size``, type and static-or-not offset) at ``ip`` and giving the clones ``buffer``,
    ``offset`` and ``loc``, which costs less than building one; both ops are returned.
    """
    dynamic = not isinstance(offset, int)
    static = S.DYNAMIC if dynamic else offset
    i8 = ir.IntegerType.get_signless(8)
    sub, cast = view[0].clone(ip=ip), view[1].clone(ip=ip)
    sub.operands[0] = buffer
    if dynamic:
        sub.operands[1] = offset
    sub.attributes["static_offsets"] = ir.DenseI64ArrayAttr.get([static])
    sub.result.set_type(
        ir.MemRefType.get([size], i8, ir.StridedLayoutAttr.get(static, [1]))
    )
    cast.operands[0] = sub.result
    sub.location = cast.location = loc
    return sub, cast
