# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Views of a host buffer followed with mlir-aie's rules: the one view follower.

mlir-aie resolves the ``buffer`` operand of an ``aiex.npu.address_patch`` (and the memrefs its DMA
lowering and ``-aie-materialize-runtime-sequences`` trace) with ``traceSubviewToBlockArgument``
(``lib/Dialect/AIEX/Utils/AIEUtils.cpp`` at c16ae7de). What it accepts, and so what
:func:`trace_to_block_argument` accepts:

* ``memref.cast``: passes through;
* ``memref.reinterpret_cast``: passes through when its source is a ranked memref whose strided
  layout, if any, has every stride 1;
* ``memref.subview``: static offsets, sizes and strides only; every stride 1; a whole number of
  bytes per element (``getIntOrFloatBitWidth``: integer and float element types); static layout
  offsets on source and result; a result that is row-major contiguous (innermost stride 1, each
  outer stride the product of the inner sizes, size-1 dimensions free); adds
  ``(result offset - source offset) * element bytes``;
* ``memref.view``: no dynamic result sizes and a constant byte shift, which it adds;
* anything else (or no defining op that is not a block argument): not resolvable.

Every reader that follows a view uses this one rule: resolve, verify-patches, fuse and the
emulator, directly or through the inlining walk (:class:`aie_trace.analysis.callgraph.Frame`).
The walk binds SSA values per call: a sequence's scalars and loop induction variables hold known
values in each call and iteration, as they do once mlir-aie has inlined the call and unrolled
and folded the loop. It passes those bindings as ``fold`` (a hook, not a second rule): an offset
of a subview and the byte shift of a view may then be an SSA value the hook folds; the subview's
byte offset is then ``sum(offset[d] * source stride[d]) * element bytes``, which is what the
result type's offset holds once the offsets are folded. Everything else is checked as above.

``getHostBufferArgIndex`` (same file) counts memref block arguments only; here that count is
:func:`structure.host_buffer_index`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from . import attributes, fields, structure
from .schema import DYNAMIC
from .structure import ir

#: the caller's bindings: the integer an index SSA value holds (an int, or a symbolic value that
#: adds and scales like one), or None when unknown
Fold = Callable[[Any], Any]


class Traced(NamedTuple):
    """A view chain's root block argument and the byte offset the chain adds to it (an int; with a
    ``fold`` hook whatever the hook answers, added and scaled)."""

    root: Any
    offset: Any


def _contiguous(shape: list[int], strides: list[int]) -> bool:
    """Row-major contiguous: innermost stride 1, each outer stride the product of the inner
    sizes (a dimension of size 1 is never stepped, so its stride is free)."""
    if not shape:
        return True
    if strides[-1] != 1:
        return False
    product = 1
    for d in range(len(shape) - 1, 0, -1):
        product *= shape[d]
        if shape[d - 1] > 1 and strides[d - 1] != product:
            return False
    return True


def _subview_step(op: Any, fold: Fold | None) -> tuple[Any, Any] | None:
    src, res = op.operands[0], op.result
    offsets, sizes, strides = (
        attributes.dense_ints(structure.attr_or_none(op, n))
        for n in ("static_offsets", "static_sizes", "static_strides")
    )
    dynamic = DYNAMIC in offsets
    if DYNAMIC in sizes or DYNAMIC in strides or (dynamic and fold is None):
        return None
    if any(s != 1 for s in strides):
        return None
    # getIntOrFloatBitWidth() of the element type (upstream asserts on ``index``), whole bytes
    element = ir.MemRefType(src.type).element_type
    bits = (
        None if attributes.is_index_type(element) else structure.element_bits(element)
    )
    if bits is None or bits % 8:
        return None
    ebytes = bits // 8
    s = attributes.memref_strides_and_offset(src.type)
    r = attributes.memref_strides_and_offset(res.type)
    if s is None or r is None:
        return None
    if not _contiguous(list(ir.MemRefType(res.type).shape), r[0]):
        return None
    if not dynamic and s[1] != DYNAMIC and r[1] != DYNAMIC:
        return src, (r[1] - s[1]) * ebytes
    if fold is None:
        return None
    # the offsets once folded: the sizes and strides are static, so the operands after the
    # source are the dynamic offsets, in order
    values = iter(list(op.operands)[1:])
    delta: Any = 0
    for off, stride in zip(offsets, s[0], strict=True):
        if off == DYNAMIC:
            off = fold(next(values))
            if off is None:
                return None
        if off != 0:
            if stride == DYNAMIC:
                return None
            delta = delta + off * stride
    return src, delta * ebytes


def _step(value: Any, fold: Fold | None) -> tuple[Any, Any] | None:
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return None
    op = owner.operation
    if op.name == "memref.cast":
        return op.operands[0], 0
    if op.name == "memref.reinterpret_cast":
        src = op.operands[0]
        if not structure.isa(ir.MemRefType, src.type):
            return None
        layout = ir.MemRefType(src.type).layout
        if structure.isa(ir.StridedLayoutAttr, layout) and any(
            s != 1 for s in ir.StridedLayoutAttr(layout).strides
        ):
            return None
        return src, 0
    if op.name == "memref.subview":
        return _subview_step(op, fold)
    if op.name == "memref.view":
        if len(op.operands) != 2:  # source, byte shift; more are dynamic result sizes
            return None
        shift = (fold or fields.constant_int)(op.operands[1])
        return None if shift is None else (op.operands[0], shift)
    return None


def trace_to_block_argument(value: Any, fold: Fold | None = None) -> Traced | None:
    """``value``'s root block argument and byte offset, or None where mlir-aie's
    ``traceSubviewToBlockArgument`` gives up. ``fold`` is the caller's bindings (see the module
    docstring); without it the IR is read as written."""
    offset: Any = 0
    while not isinstance(value, ir.BlockArgument):
        step = _step(value, fold)
        if step is None:
            return None
        value, delta = step
        offset = offset + delta
    return Traced(value, offset)


#: what verify-patches, fuse and the emulator say of a patch :func:`resolvable_in_sequence` refuses
UNRESOLVABLE = (
    "the buffer operand is not an argument of the enclosing runtime sequence or a static "
    "contiguous view of one: mlir-aie's -aie-resolve-address-patch-buffers refuses it"
)


def resolvable_in_sequence(op: Any, value: Any) -> bool:
    """Whether ``value`` (the ``buffer`` of patch ``op``) roots, by :func:`trace_to_block_argument`,
    at an argument of the runtime sequence that encloses ``op``: what mlir-aie's resolve pass
    requires."""
    seq = structure.parent_named(op, "aie.runtime_sequence")
    traced = trace_to_block_argument(value)
    if seq is None or traced is None:
        return False
    blocks = list(seq.regions[0].blocks)
    return bool(blocks) and traced.root.owner == blocks[0]
