# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Views of a host buffer followed with mlir-aie's rules.

mlir-aie resolves the ``buffer`` operand of an ``aiex.npu.address_patch`` (and the arguments
``-aie-materialize-runtime-sequences`` traces) with ``traceSubviewToBlockArgument``
(``lib/Dialect/AIEX/Utils/AIEUtils.cpp`` at c16ae7de). What it accepts, and so what
:func:`trace_to_block_argument` accepts:

* ``memref.cast``: passes through;
* ``memref.reinterpret_cast``: passes through when its source is a memref whose strided layout,
  if any, has every stride 1;
* ``memref.subview``: static offsets, sizes and strides only; every stride 1; a whole number of
  bytes per element; static layout offsets on source and result; a result that is row-major
  contiguous (innermost stride 1, each outer stride the product of the inner sizes, size-1
  dimensions free); adds ``(result offset - source offset) * element bytes``;
* ``memref.view``: no dynamic result sizes and a constant byte shift, which it adds;
* anything else (or no defining op that is not a block argument): not resolvable.

``getHostBufferArgIndex`` (same file) counts memref block arguments only: the host passes one
buffer per memref argument, scalars travel in the instruction stream.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import aieir
from .aieir import ir

DYNAMIC = -9223372036854775808  # ShapedType::kDynamic


class Traced(NamedTuple):
    """A view chain's root block argument and the byte offset the chain adds to it."""

    root: Any
    offset: int


def _elem_bits(t: Any) -> int | None:
    """``getIntOrFloatBitWidth()`` of the memref's element type: any integer or float type
    (``f8E4M3FN`` and the like included); None for ``index`` or anything else."""
    et = ir.MemRefType(t).element_type
    return None if aieir.is_index_type(et) else aieir.element_bits(et)


def _subview_step(op: Any) -> tuple[Any, int] | None:
    src, res = op.operands[0], op.result
    static = [
        aieir.dense_ints(aieir.attr_or_none(op, n))
        for n in ("static_offsets", "static_sizes", "static_strides")
    ]
    if any(v == DYNAMIC for vals in static for v in vals):
        return None
    if any(s != 1 for s in static[2]):
        return None
    bits = _elem_bits(src.type)
    if bits is None or bits % 8:
        return None
    s, r = aieir.memref_strides_and_offset(src.type), aieir.memref_strides_and_offset(
        res.type
    )
    if s is None or r is None or s[1] == DYNAMIC or r[1] == DYNAMIC:
        return None
    shape = list(ir.MemRefType(res.type).shape)
    strides = r[0]
    if shape:
        if strides[-1] != 1:
            return None
        product = 1
        for d in range(len(shape) - 1, 0, -1):
            product *= shape[d]
            if shape[d - 1] > 1 and strides[d - 1] != product:
                return None
    return src, (r[1] - s[1]) * (bits // 8)


def _step(value: Any) -> tuple[Any, int] | None:
    owner = value.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)):
        return None
    op = owner.operation
    if op.name == "memref.cast":
        return op.operands[0], 0
    if op.name == "memref.reinterpret_cast":
        src = op.operands[0]
        if not aieir.isa(ir.MemRefType, src.type):
            return None
        layout = ir.MemRefType(src.type).layout
        if aieir.isa(ir.StridedLayoutAttr, layout) and any(
            s != 1 for s in ir.StridedLayoutAttr(layout).strides
        ):
            return None
        return src, 0
    if op.name == "memref.subview":
        return _subview_step(op)
    if op.name == "memref.view":
        if (
            len(op.operands) != 2
        ):  # source, byte shift; further operands are dynamic sizes
            return None
        shift = aieir.constant_int(op.operands[1])
        return None if shift is None else (op.operands[0], shift)
    return None


def trace_to_block_argument(value: Any) -> Traced | None:
    """``value``'s root block argument and byte offset, or None where mlir-aie's
    ``traceSubviewToBlockArgument`` gives up."""
    offset = 0
    while not isinstance(value, ir.BlockArgument):
        step = _step(value)
        if step is None:
            return None
        value, delta = step
        offset += delta
    return Traced(value, offset)


#: a ranked or unranked memref type (MLIR's ``BaseMemRefType``)
is_memref = aieir.is_host_buffer_type


def host_buffer_index(arg: Any) -> int | None:
    """The index of block argument ``arg`` among the memref arguments of its block (None when
    ``arg`` is no memref), as ``getHostBufferArgIndex`` counts
    (:func:`aieir.is_host_buffer_type`; for a sequence's own arguments this is
    :func:`aieir.host_buffer_index`)."""
    if not is_memref(arg.type):
        return None
    index = 0
    for other in arg.owner.arguments:
        if other == arg:
            return index
        if is_memref(other.type):
            index += 1
    return None


#: what verify-patches, fuse and the emulator say of a patch :func:`resolvable_in_sequence` refuses
UNRESOLVABLE = (
    "the buffer operand is not an argument of the enclosing runtime sequence or a static "
    "contiguous view of one: mlir-aie's -aie-resolve-address-patch-buffers refuses it"
)


def resolvable_in_sequence(op: Any, value: Any) -> bool:
    """Whether ``value`` (the ``buffer`` of patch ``op``) roots, by :func:`trace_to_block_argument`,
    at an argument of the runtime sequence that encloses ``op``: what mlir-aie's resolve pass
    requires."""
    seq = aieir.parent_named(op, "aie.runtime_sequence")
    traced = trace_to_block_argument(value)
    if seq is None or traced is None:
        return False
    blocks = list(seq.regions[0].blocks)
    return bool(blocks) and traced.root.owner == blocks[0]
