# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""views.trace_to_block_argument follows mlir-aie's traceSubviewToBlockArgument: what it accepts
adds the byte offset, what it refuses gives None."""

from __future__ import annotations

import pytest

from aie_trace.ir import provider, views
from aie_trace.ir.provider import ir


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def last_value(body: str, args: str = "%a: memref<4x8xi32>, %i: index"):
    m = ir.Module.parse(f"func.func @f({args}) {{\n{body}\n  return\n}}")
    block = m.body.operations[0].regions[0].blocks[0]
    ops = list(block.operations)
    return m, block, ops[-2].results[0]


@pytest.mark.parametrize(
    "body, offset",
    [
        (
            "%v = memref.subview %a[1, 0] [2, 8] [1, 1] : memref<4x8xi32> to memref<2x8xi32, strided<[8, 1], offset: 8>>",
            32,
        ),
        (
            "%v = memref.subview %a[2, 3] [1, 4] [1, 1] : memref<4x8xi32> to memref<1x4xi32, strided<[8, 1], offset: 19>>",
            76,
        ),
        (
            "%s = memref.subview %a[1, 0] [2, 8] [1, 1] : memref<4x8xi32> to memref<2x8xi32, strided<[8, 1], offset: 8>>\n"
            "%t = memref.cast %s : memref<2x8xi32, strided<[8, 1], offset: 8>> to memref<2x8xi32, strided<[8, 1], offset: ?>>\n"
            "%v = memref.subview %a[3, 2] [1, 2] [1, 1] : memref<4x8xi32> to memref<1x2xi32, strided<[8, 1], offset: 26>>",
            104,
        ),
        ("%v = memref.cast %a : memref<4x8xi32> to memref<?x8xi32>", 0),
    ],
)
def test_accepted_views_add_their_byte_offset(body, offset):
    _m, block, v = last_value(body)
    traced = views.trace_to_block_argument(v)
    assert (
        traced is not None
        and traced.root == block.arguments[0]
        and traced.offset == offset
    )


@pytest.mark.parametrize(
    "body",
    [
        "%v = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<4x8xi32> to memref<1x8xi32, strided<[8, 1], offset: ?>>",
        "%v = memref.subview %a[0, 0] [2, 4] [1, 2] : memref<4x8xi32> to memref<2x4xi32, strided<[8, 2]>>",
        "%v = memref.subview %a[0, 0] [2, 4] [1, 1] : memref<4x8xi32> to memref<2x4xi32, strided<[8, 1]>>",
        "%v = memref.subview %a[0, 1] [4, 1] [1, 1] : memref<4x8xi32> to memref<4x1xi32, strided<[8, 1], offset: 1>>",
        "%v = memref.alloc() : memref<4xi32>",
        # a reinterpret_cast of a source whose strides are not all 1 (here the row stride 8)
        "%s = memref.subview %a[1, 0] [1, 8] [1, 1] : memref<4x8xi32> to memref<1x8xi32, strided<[8, 1], offset: 8>>\n"
        "%v = memref.reinterpret_cast %s to offset: [0], sizes: [8], strides: [1] : memref<1x8xi32, strided<[8, 1], offset: 8>> to memref<8xi32>",
    ],
)
def test_refused_views(body):
    _m, _, v = last_value(body)
    assert views.trace_to_block_argument(v) is None


def test_host_buffer_index_counts_memrefs_only_unranked_included():
    """The one host-buffer index (structure.host_buffer_index: resolve's, fuse's and verify's) and its
    inverse count ranked and unranked memrefs, as getHostBufferArgIndex counts
    ``BaseMemRefType`` arguments."""
    from aie_trace.ir import structure

    m = ir.Module.parse(
        '"aie.device"() <{device = 5 : i32}> ({\n'
        '  "aie.runtime_sequence"() ({\n'
        "  ^bb0(%n: i32, %a: memref<*xi32>, %m: i64, %b: memref<8xi8>):\n"
        '  }) : () -> ()\n  "aie.end"() : () -> ()\n}) : () -> ()'
    )
    seq = structure.walk(m.operation, ["aie.runtime_sequence"])[0]
    args = structure.seq_args(seq)
    assert [structure.host_buffer_index(seq, i) for i in range(len(args))] == [
        None,
        0,
        None,
        1,
    ]
    assert [structure.block_index_of_host_buffer(seq, h) for h in (0, 1, 2)] == [
        1,
        3,
        None,
    ]
    assert (
        structure.memref_bytes(structure.value_type(args[1])) is None
    )  # unranked: no static size
