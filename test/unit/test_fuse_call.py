# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""fusion.Call: one argument of a call read without entering its frame equals that argument of the
entered frame (memref views, known and unknown scalars, parameters the run leaves out).
"""

from __future__ import annotations

import pytest

from aie_trace.analysis import callgraph as cg
from aie_trace.ir import provider
from aie_trace.transforms import fusion

ir = provider.ir

MODULE = """
"aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
  "aie.runtime_sequence"() <{sym_name = "root"}> ({
  ^bb0(%a: memref<64xi32>, %b: memref<256xi8>, %n: i32):
    %c7 = arith.constant 7 : i32
    %v = "memref.subview"(%b) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 64>, static_sizes = array<i64: 128>, static_strides = array<i64: 1>}> : (memref<256xi8>) -> memref<128xi8, strided<[1], offset: 64>>
    "aiex.configure"() <{symbol = @dev}> ({
      "aiex.run"(%a, %v, %c7, %n) <{runtime_sequence_symbol = @callee}> : (memref<64xi32>, memref<128xi8, strided<[1], offset: 64>>, i32, i32) -> ()
    }) : () -> ()
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"aie.device"() <{device = 5 : i32, sym_name = "dev"}> ({
  "aie.runtime_sequence"() <{sym_name = "callee"}> ({
  ^bb0(%x: memref<64xi32>, %y: memref<128xi8, strided<[1], offset: 64>>, %k: i32, %m: i32, %t: memref<16xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"""


@pytest.fixture()
def call():
    with provider.make_context():
        module = ir.Module.parse(MODULE)
        graph = cg.RunGraph(module.operation)
        root = graph.by_symbol[("main", "root")]
        [run] = graph.runs(root)
        frame = cg.Frame.for_root(root)
        yield module, lambda: fusion.Call(lambda: frame, run, run.callee)


def test_one_argument_without_the_frame_equals_the_frame_s(call):
    _, make = call
    lazy, entered = make(), make()
    expected = entered().args
    assert expected == [cg.BufferRef(0, 0), cg.BufferRef(1, 64), 7, None, cg.MISSING]
    assert [lazy.arg(j) for j in range(5)] == expected
    assert lazy.frame is None  # reading arguments did not enter the call
    assert lazy() is lazy() and lazy.arg(1) == cg.BufferRef(1, 64)
