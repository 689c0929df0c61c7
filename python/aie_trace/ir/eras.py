# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which IR era an op or a module is written in (docs/ir-eras.md), read from its shape.

An op's shape (operand counts and types per segment) is checked against each era's definition
in the schema; the eras it fits, taken over a module, are its era. The checker shares these shape
rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import schema as S
from .attributes import integer_width
from .diagnostics import LocatedError, split_location
from .fields import _segment_values, get_operand

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import ir
from .structure import (
    attr_or_none,
    has_attr,
    is_host_buffer_type,
    isa,
    value_type,
    walk,
)

# ------------------------------------------------------------------------------------------------
# eras


class EraError(LocatedError):
    """The IR mixes op forms of different eras, or uses an unsupported era."""


def _e0_message(name: str) -> str:
    return (
        f"is the IR era E0 form (before mlir-aie PR #2708); era E0 is not supported: "
        f"use '{S.E0_OPS[name]}'"
    )


def _shape_fields(d: S.OpDef) -> tuple:
    """What of ``d`` decides whether an op has its shape: operands, segments, the properties
    that only some eras define."""
    restricted = tuple(
        a for a, eras in S.PROPERTY_ERAS.get(d.name, {}).items() if d.attr(a) is None
    )
    return d.segments, d.operands, restricted


def _era_specific(name: str) -> bool:
    """Can an op of this name tell eras apart by its shape? (Not when the schema does not know
    it, or every era defines its shape alike.)"""
    defs = [S.opdef(era, name) for era in S.ERAS]
    if all(d is None for d in defs):
        return False
    return any(d is None for d in defs) or len({_shape_fields(d) for d in defs}) > 1


#: the op names whose shape can be era evidence, and the E0 ops: all that era detection looks at
_ERA_SPECIFIC = frozenset(
    n for n in {n for era in S.ERAS for n in S.SCHEMAS[era]} if _era_specific(n)
)
_DETECTED = _ERA_SPECIFIC | frozenset(S.E0_OPS)
_ALL_ERAS = frozenset(S.ERAS)


def era_evidence(op: Any) -> set[str] | None:
    """The eras whose definition of ``op`` its shape fits: operand structure and types,
    ``operandSegmentSizes``, and properties that only some eras define. None when the shape fits
    every era, fits none (a malformed op is the checker's business, not evidence), or the op is
    not in the schema."""
    op = getattr(op, "operation", op)
    if (
        op.name not in _ERA_SPECIFIC
    ):  # unknown, or defined alike in every era: no evidence
        return None
    # The answer depends only on these; modules repeat few shapes, so it is worked out once each.
    seg = attr_or_none(op, "operandSegmentSizes")
    key = (
        op.name,
        tuple(str(v.type) for v in op.operands),
        None if seg is None else str(seg),
        tuple(
            attr_or_none(op, n) is not None for n in S.PROPERTY_ERAS.get(op.name, {})
        ),
    )
    if key not in _EVIDENCE:
        defs = {era: S.opdef(era, op.name) for era in S.ERAS}
        fits = {
            era
            for era, d in defs.items()
            if d is not None and not _shape_problems(op, d, era)
        }
        _EVIDENCE[key] = frozenset(fits) if fits and fits != set(S.ERAS) else None
    found = _EVIDENCE[key]
    return set(found) if found is not None else None


_EVIDENCE: dict[tuple, frozenset[str] | None] = {}


def _untyped_evidence(op: Any, name: str) -> frozenset[str] | None:
    """What ``op``'s evidence can be, read from its operand count and property names alone: the
    eras its evidence can only confirm (its shape fits all of them, or none and then gives no
    evidence), or None when the operand types or segment sizes decide more than that."""
    attrs = op.attributes
    key = (
        name,
        len(op.operands),
        "operandSegmentSizes" in attrs,
        *[a in attrs for a in _RESTRICTED[name]],
    )
    found = _UNTYPED.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        found = _UNTYPED[key] = _untyped_fits(name, key[1], key[2], key[3:])
    return found


#: per era-specific op name, the properties that only some eras define
_RESTRICTED = {
    name: tuple(
        a
        for a, eras in S.PROPERTY_ERAS.get(name, {}).items()
        if len(eras) < len(S.ERAS)
    )
    for name in _ERA_SPECIFIC
}
_UNKNOWN = object()


def _untyped_fits(
    name: str, n: int, segmented: bool, present: tuple[bool, ...]
) -> frozenset[str] | None:
    restricted = _RESTRICTED[name]
    candidates = {}
    for era in S.ERAS:
        d = S.opdef(era, name)
        if d is None or any(
            p and d.attr(a) is None for a, p in zip(restricted, present, strict=True)
        ):
            continue
        if d.segments and segmented:
            return None  # the segment sizes decide
        if (
            not d.segments
            and not segmented
            and _unsegmented_count_problem(d, n) is None
        ):
            candidates[era] = d.operands
    if len(set(candidates.values())) > 1:
        return None  # the operand types decide between them
    fits = frozenset(candidates)
    return fits if fits else _ALL_ERAS


_UNTYPED: dict[tuple, frozenset[str] | None] = {}


class _EraScan:
    """The eras the ops seen so far fit, narrowed op by op (see :func:`detect_era`)."""

    def __init__(self) -> None:
        self.possible, self.narrowed_by = (
            _ALL_ERAS,
            None,
        )  # the last op that narrowed ``possible``

    def see(self, name: str, op: Any) -> None:
        """Narrow by ``op`` (named ``name``, one of :data:`_DETECTED`)."""
        if name in S.E0_OPS:
            raise EraError(f"'{name}' op {_e0_message(name)}", op)
        settled = _untyped_evidence(op, name)
        if settled is not None and self.possible <= settled:
            return  # whatever its operand types, this op can neither narrow nor contradict
        ev = era_evidence(op)
        if ev is None:
            return
        if not self.possible & ev:
            raise EraError(
                f"'{name}' op has the IR era {_eras(ev)} form, but earlier ops have the "
                f"{_eras(self.possible)} form (set by {_where(self.narrowed_by)}); one module must use one "
                f"era's op forms",
                op,
            )
        if self.possible - ev:
            self.narrowed_by = op
        self.possible &= ev

    def era(self, default: str) -> str:
        if default in self.possible:
            return default
        return next(era for era in reversed(S.ERAS) if era in self.possible)


def detect_era(module: Any, default: str = "E4") -> str:
    """The era every aie/aiex op in ``module`` fits: ``default`` when it is among them (always the
    case for a module without era-distinguishing ops), else the newest one. Raises
    :class:`EraError` (carrying the op) at the first op that contradicts the ops before it, and at
    any op of the unsupported era E0."""
    return era_of_ops(((op.name, op) for op in walk(module)), default)


def era_of_ops(ops: Iterable[tuple[str, Any]], default: str = "E4") -> str:
    """:func:`detect_era` of a module given as its ``(name, operation)`` pairs in pre-order, for a
    caller that reads the module's ops anyway."""
    scan = _EraScan()
    for name, op in ops:
        if name in _DETECTED:  # the cheapest test first
            scan.see(name, op)
    return scan.era(default)


def shows_e4(module: Any) -> bool:
    """Whether the module itself is IR era E4: some ``address_patch`` has an i64 ``arg_plus``."""
    for op in walk(module, ["aiex.npu.address_patch"]):
        plus = (
            get_operand(op, "arg_plus", "E4")
            if has_attr(op, "operandSegmentSizes")
            else None
        )
        if plus is not None and integer_width(value_type(plus)) == 64:
            return True
    return False


def _eras(eras: Iterable[str]) -> str:
    return "/".join(e for e in S.ERAS if e in set(eras))


def _where(op: Any) -> str:
    file, line, col = split_location(op.location)
    at = f" at {file}:{line}:{col}" if line is not None else ""
    return f"'{op.name}'{at}"


# ------------------------------------------------------------------------------------------------
# checker


_TYPE_DESCRIPTIONS = {
    "i1": "1-bit signless integer",
    "i32": "32-bit signless integer",
    "i64": "64-bit signless integer",
    "i32|i64": "32-bit or 64-bit signless integer",
    "index": "index",
    "memref": "memref of any type values",
    "anymemref": "ranked or unranked memref of any type values",
    "any": "any type",
}


def _type_ok(constraint: str, t: Any) -> bool:
    if constraint == "any":
        return True
    if constraint == "index":
        return isa(ir.IndexType, t)
    if constraint == "memref":
        return isa(ir.MemRefType, t)
    if constraint == "anymemref":
        return is_host_buffer_type(t)
    if not isa(ir.IntegerType, t):
        return False
    it = ir.IntegerType(t)
    return it.is_signless and f"i{it.width}" in constraint.split("|")


def _shape_problems(op: Any, d: S.OpDef, era: str) -> list[str]:
    """What makes ``op`` not have ``d``'s shape: operand structure and types, segment sizes,
    properties that only other eras define."""
    problems = _operand_count_problems(op, d)
    if not problems:
        problems = _operand_type_problems(op, d)
    for name, eras in S.PROPERTY_ERAS.get(d.name, {}).items():
        if d.attr(name) is None and attr_or_none(op, name) is not None:
            problems.append(
                f"property '{name}' does not exist in IR era {era} (only in {_eras(eras)})"
            )
    return problems


def _operand_count_problems(op: Any, d: S.OpDef) -> list[str]:
    n = len(op.operands)
    seg = attr_or_none(op, "operandSegmentSizes")
    if not d.segments:
        if seg is not None:
            return [
                "has attribute 'operandSegmentSizes', but the op has no AttrSizedOperandSegments"
            ]
        problem = _unsegmented_count_problem(d, n)
        return [problem] if problem else []
    if seg is None:
        return ["requires attribute 'operandSegmentSizes'"]
    if not isa(ir.DenseI32ArrayAttr, seg):
        return [
            f"attribute 'operandSegmentSizes' failed to satisfy constraint: i32 dense array attribute "
            f"(got {seg})"
        ]
    sizes = list(ir.DenseI32ArrayAttr(seg))
    if len(sizes) != len(d.operands):
        return [
            f"'operandSegmentSizes' attribute for specifying operand segments must have "
            f"{len(d.operands)} elements, but got {len(sizes)}"
        ]
    if min(sizes, default=0) < 0:
        return ["'operandSegmentSizes' attribute cannot have negative elements"]
    if sum(sizes) != n:
        return [
            f"operand count ({n}) does not match with the total size ({sum(sizes)}) specified in "
            f"attribute 'operandSegmentSizes'"
        ]
    start = 0
    for o, k in zip(
        d.operands, sizes, strict=True
    ):  # the first misfit group, as MLIR reports it
        if o.arity == "single" and k != 1:
            return [
                f"operand group starting at #{start} ('{o.name}') requires 1 element, but found {k}"
            ]
        if o.arity == "optional" and k > 1:
            return [
                f"operand group starting at #{start} ('{o.name}') requires 0 or 1 element, but found {k}"
            ]
        start += k
    return []


def _unsegmented_count_problem(d: S.OpDef, n: int) -> str | None:
    fixed = sum(o.arity == "single" for o in d.operands)
    flexible = sum(o.arity == "optional" for o in d.operands)
    if any(o.arity == "variadic" for o in d.operands):
        return (
            f"expected {fixed} or more operands, but found {n}" if n < fixed else None
        )
    if not fixed <= n <= fixed + flexible:
        want = f"{fixed}" if not flexible else f"{fixed} to {fixed + flexible}"
        return f"expected {want} operands, but found {n}"
    return None


def _operand_type_problems(op: Any, d: S.OpDef) -> list[str]:
    problems, index = [], 0
    for o, values in zip(d.operands, _operand_groups(op, d), strict=True):
        for v in values:
            if not _type_ok(o.type, v.type):
                problems.append(
                    f"operand #{index} ('{o.name}') must be {_TYPE_DESCRIPTIONS[o.type]}, "
                    f"but got '{v.type}'"
                )
            index += 1
    return problems


def _operand_groups(op: Any, d: S.OpDef) -> list[list[Any]]:
    """Operands per ODS operand, in order (the op's operand structure must already check out)."""
    values = _segment_values(op, d)
    return [values.get(o.name, []) for o in d.operands]
