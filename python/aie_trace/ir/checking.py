# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The op checker: every aie/aiex op against mlir-aie's definition for its era.

Shape, properties and attribute values, results, regions, placement (parent ops), the trace
records and the verifiers mlir-aie runs; a module's violations, each located at its op.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import schema as S
from .attributes import _attr_problem, aie_attr_params, int_attr_value
from .eras import (
    _TYPE_DESCRIPTIONS,
    _e0_message,
    _eras,
    _operand_groups,
    _shape_problems,
    _type_ok,
)
from .fields import _segment_values

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import ir
from .structure import attr_or_none, body, isa, parent_named, symbol_name, walk


def check_op(op: Any, era: str) -> list[str]:
    """Violations of ``op``'s definition in ``era``, one message each (empty: it conforms, or the
    schema does not know the op). An op in another era's form gets one message saying so.
    """
    op = getattr(op, "operation", op)
    if op.name in S.E0_OPS:
        return [_e0_message(op.name)]
    d = S.opdef(era, op.name)
    if d is None:
        return []
    shape = _shape_problems(op, d, era)
    if shape:  # the rest of the definition only applies to an op of its shape
        others = [
            e
            for e in S.ERAS
            if e != era and not _shape_problems(op, S.opdef(e, op.name), e)
        ]
        if others:
            return [
                f"has the IR era {_eras(others)} form, but the module is checked as {era}: {shape[0]}"
            ]
        return shape
    return [
        *_property_problems(op, d),
        *_exclusive_problems(op, d),
        *_result_problems(op, d),
        *_region_problems(op, d),
        *_placement_problems(op, d),
        *_trace_buffer_problems(op, d),
        *_verifier_problems(op, d),
    ]


#: the properties that hold a runtime sequence's layout record (IR eras E3/E4)
TRACE_RECORD_PROPERTIES = ("trace_buffer", "trace_slices")


def trace_record_problems(seq: Any, era: str) -> list[str]:
    """What ``aie-trace-check-ir`` reports about the parameters of the ``#aie.trace_buffer`` /
    ``#aie.trace_slice`` record properties of an ``aie.runtime_sequence`` in ``era``, in its
    words (empty outside E3/E4): readers of the record validate it with this, so that they accept
    exactly the parameter lists the checker accepts. (Whether ``arg_index`` names a memref
    argument, the layout reader checks itself.)"""
    seq = getattr(seq, "operation", seq)
    d = S.opdef(era, seq.name)
    if d is None:
        return []
    return [
        f"'{seq.name}' op {m}"
        for m in _property_problems(seq, d, TRACE_RECORD_PROPERTIES)
    ]


def _property_problems(
    op: Any, d: S.OpDef, only: tuple[str, ...] | None = None
) -> list[str]:
    problems = []
    for a in d.attrs:
        if only is not None and a.name not in only:
            continue
        v = attr_or_none(op, a.name)
        if v is None:
            if a.required:
                problems.append(f"requires attribute '{a.name}'")
            continue
        problem = _attr_value_problem(a, v)
        if problem:
            problems.append(
                f"attribute '{a.name}' failed to satisfy constraint: {problem}"
            )
    return problems


def _attr_value_problem(a: S.Attr, v: Any) -> str | None:
    desc = S.TAG_DESCRIPTIONS.get(a.type, a.type)
    detail = _attr_problem(a.type, v)
    if detail is not None:
        return f"{desc}: {detail}" if detail else f"{desc} (got {v})"
    if a.type in S.INT_TAGS:
        iv = int_attr_value(v)
        if a.values is not None and iv not in a.values:
            cases = (
                ", ".join(f"{k} ({n})" for k, n in S.ENUMS[a.enum].items())
                if a.enum
                else (", ".join(map(str, a.values)))
            )
            return f"{a.enum or desc} case, one of {cases}; got {iv}"
        if a.range is not None and not a.range[0] <= iv <= a.range[1]:
            return f"{desc} whose value is in [{a.range[0]}, {a.range[1]}]; got {iv}"
    if a.count is not None:
        n = (
            len(ir.DenseI64ArrayAttr(v))
            if a.type == S.DENSE_I64
            else len(ir.DenseI32ArrayAttr(v))
        )
        if n != a.count:
            return f"{desc} with exactly {a.count} elements; got {n}"
    return None


def _exclusive_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    groups = _operand_groups(op, d)
    for names in d.exclusive:
        present = [
            n
            for n in names
            if (
                attr_or_none(op, n) is not None
                if d.attr(n)
                else bool(groups[d.operands.index(d.operand(n))])
            )
        ]
        if len(present) != 1:
            what = " or ".join(
                f"{'attribute' if d.attr(n) else 'operand'} '{n}'" for n in names
            )
            problems.append(
                f"requires exactly one of {what}, but found {'none' if not present else 'both'}"
            )
    return problems


def _result_problems(op: Any, d: S.OpDef) -> list[str]:
    if len(op.results) != len(d.results):
        return [f"expected {len(d.results)} results, but found {len(op.results)}"]
    return [
        f"result #{i} must be {_TYPE_DESCRIPTIONS[c]}, but got '{r.type}'"
        for i, (c, r) in enumerate(zip(d.results, op.results, strict=True))
        if not _type_ok(c, r.type)
    ]


def _region_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    if len(op.successors) != d.successors:
        problems.append(
            f"expected {d.successors} successors, but found {len(op.successors)}"
        )
    if len(op.regions) != d.regions:
        return [*problems, f"expected {d.regions} regions, but found {len(op.regions)}"]
    for i, region in enumerate(op.regions):
        blocks = list(region.blocks)
        if d.single_block and len(blocks) > 1:
            problems.append(f"expects region #{i} to have 0 or 1 blocks")
            continue
        for block in blocks:
            ops = list(block.operations)
            last = ops[-1].name if ops else None
            found = f"'{last}'" if last else "an empty block"
            if d.terminator == S.END and last != S.END:
                problems.append(
                    f"expects region #{i} to end with 'aie.end', found {found}"
                )
            elif d.terminator == S.BD and last not in (S.END, "aie.next_bd"):
                problems.append(
                    f"expects each block of region #{i} to end with 'aie.end' or 'aie.next_bd', "
                    f"found {found}"
                )
            elif d.no_terminator and last == S.END:
                problems.append(
                    f"region #{i} has no terminator, but its block ends in 'aie.end'"
                )
    return problems


def _parent(op: Any) -> Any:
    try:
        return op.parent
    except ValueError:  # a detached (top-level) operation
        return None


def _placement_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    parent = _parent(op)
    if d.is_terminator and parent is not None and list(op.block.operations)[-1] != op:
        problems.append("must be the last operation in the parent block")
    if d.parents and (parent is None or parent.name not in d.parents):
        want = (
            f"'{d.parents[0]}'"
            if len(d.parents) == 1
            else f"to be one of '{', '.join(d.parents)}'"
        )
        problems.append(f"expects parent op {want}")
    if d.ancestors:
        p = parent
        while p is not None and p.name not in d.ancestors:
            p = _parent(p.operation)
        if p is None:
            problems.append(
                f"expects ancestor op {' or '.join(repr(a) for a in d.ancestors)}"
            )
    return problems


def _trace_buffer_problems(op: Any, d: S.OpDef) -> list[str]:
    """``trace_buffer.arg_index`` must name a memref argument of the sequence's block."""
    tb = attr_or_none(op, "trace_buffer")
    if (
        d.attr("trace_buffer") is None
        or tb is None
        or _attr_problem(S.TRACE_BUFFER, tb) is not None
    ):
        return []
    index = int(dict(aie_attr_params(tb, "trace_buffer"))["arg_index"], 0)
    blocks = list(op.regions[0].blocks)
    args = list(blocks[0].arguments) if blocks else []
    if index >= len(args):
        return [
            f"trace_buffer arg_index {index} names no argument of the sequence ({len(args)} arguments)"
        ]
    if not isa(ir.MemRefType, args[index].type):
        return [
            f"trace_buffer arg_index {index} names an argument of type '{args[index].type}', not a memref"
        ]
    return []


def _verifier_problems(op: Any, d: S.OpDef) -> list[str]:
    """The op verifiers' rules the schema states declaratively (``defined_by``,
    ``symbol_targets``, ``chain_args``, ``not_on_aie1``), in their words where they have any.
    """
    problems: list[str] = []
    device = parent_named(op, "aie.device")
    if d.not_on_aie1 and device is not None:
        kind = attr_or_none(device, "device")
        if (
            kind is not None and int_attr_value(kind) == 1
        ):  # xcvc1902, the only AIE1 device
            problems.append(d.not_on_aie1)
    groups = _segment_values(op, d)
    for name, owner in d.defined_by:
        for v in groups.get(name, []):
            if isinstance(v, ir.BlockArgument) or v.owner.name != owner:
                problems.append(f"operand '{name}' must be defined by '{owner}'")
    target = None
    for name, kinds, message in d.symbol_targets:
        ref = attr_or_none(op, name)
        if ref is None or not isa(ir.FlatSymbolRefAttr, ref) or device is None:
            continue
        wanted = ir.FlatSymbolRefAttr(ref).value
        target = next(
            (
                o.operation
                for o in body(device).operations
                if o.operation.name in kinds and symbol_name(o.operation) == wanted
            ),
            None,
        )
        if target is None:
            problems.append(message)
    if d.chain_args and target is not None:
        blocks = list(target.regions[0].blocks) if target.regions else []
        expected = [a.type for a in blocks[0].arguments] if blocks else []
        actual = [v.type for v in groups.get("args", [])]
        if len(actual) != len(expected):
            problems.append("Number of arguments mismatches.")
        else:
            for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
                if e != a:
                    problems.append(
                        f"Argument {i + 1} types mismatch: expected {e} but got {a}"
                    )
                    break
    return problems


@dataclass
class Violation:
    op: Any
    message: str


def check_module(module: Any, era: str) -> list[Violation]:
    """Every schema violation of every known aie/aiex op in ``module``, in walk order."""
    return [
        Violation(op, f"'{op.name}' op {msg}")
        for op in walk(module)
        for msg in check_op(op, era)
    ]
