# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-resolve-patch-buffers refuses as mlir-aie's pass does after review: one error in
upstream's words with our reason as a note; a width it will not truncate is our own error.
"""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import provider
from aie_trace.models.resolve import UNRESOLVED, ResolveError


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def patch_module(view: str, view_type: str, plus: int = 0) -> str:
    return f"""
module {{
  "aie.device"() <{{device = 8 : i32, sym_name = "main"}}> ({{
    "aie.runtime_sequence"() <{{sym_name = "s"}}> ({{
    ^bb0(%a: memref<16xi32>, %i: index):
      %p = arith.constant {plus} : i32
      %v = {view}
      "aiex.npu.address_patch"(%p, %v) <{{addr = 100 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}}> : (i32, {view_type}) -> ()
    }}) : () -> ()
    "aie.end"() : () -> ()
  }}) : () -> ()
}}"""


def test_an_unresolvable_view_is_upstreams_error_with_the_reason_as_a_note():
    m = F.parse(
        patch_module(
            "memref.subview %a[%i] [4] [1] : memref<16xi32> to memref<4xi32, strided<[1], offset: ?>>",
            "memref<4xi32, strided<[1], offset: ?>>",
        )
    )
    before = str(m)
    d = F.try_passes(m, "aie-trace-resolve-patch-buffers", era="E3")
    [e] = d.diagnostics
    assert e.message == UNRESOLVED
    assert [n.message for n in e.notes] == [
        "buffer must be an argument of the enclosing runtime sequence, or a static "
        "contiguous view of one"
    ]
    assert str(m) == before


def test_an_e3_sum_past_i32_is_our_own_error_without_a_note():
    m = F.parse(
        patch_module(
            "memref.subview %a[4] [4] [1] : memref<16xi32> to memref<4xi32, strided<[1], offset: 4>>",
            "memref<4xi32, strided<[1], offset: 4>>",
            plus=2147483640,
        )
    )
    d = F.try_passes(m, "aie-trace-resolve-patch-buffers", era="E3")
    [e] = d.diagnostics
    assert e.message == (
        "arg_plus 2147483640 + 16 = 2147483656 does not fit the i32 arg_plus of IR era E3"
    )
    assert e.notes == []


def test_resolve_error_kinds():
    assert ResolveError("why", None).message == UNRESOLVED
    assert ResolveError("too wide", None, width=True).message == "too wide"
