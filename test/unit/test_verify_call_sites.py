# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-verify-patches reads each callee's patches once, relative to the callee's
parameters, and composes them per call site with the views that call site binds: a callee run
from several sites is checked at each, and each error names the site it is wrong at."""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import provider

WRITEBD = (
    '"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 32 : i32, buffer_offset = 0 : i32, '
    "burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, "
    "d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, "
    "d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, "
    "d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, "
    "iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, "
    "lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, "
    "lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, "
    "packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()"
)


def call(offset: int) -> str:
    """A configure + run of @dev:@seq binding %buf from byte ``offset`` on (a 64-byte subview
    recast to the 128 bytes of the parameter, as nothing stops a reinterpret_cast from doing).
    """
    strided = f"strided<[1], offset: {offset}>" if offset else "strided<[1]>"
    return f"""
      "aiex.configure"() <{{symbol = @dev}}> ({{
        %sv = memref.subview %buf[{offset}] [64] [1] : memref<256xi8> to memref<64xi8, {strided}>
        %rc = memref.reinterpret_cast %sv to offset: [0], sizes: [128], strides: [1] : memref<64xi8, {strided}> to memref<128xi8>
        "aiex.run"(%rc) <{{runtime_sequence_symbol = @seq}}> : (memref<128xi8>) -> ()
      }}) : () -> ()"""


def module(offsets: list[int], buffer: str) -> str:
    """@main:@main_seq runs @dev:@seq once per offset; @seq's BD writes 128 bytes through
    ``%patched``, which ``buffer`` defines from @seq's parameter %p (of 128 bytes)."""
    return f"""module {{
  "aie.device"() <{{device = 5 : i32, sym_name = "main"}}> ({{
    "aie.runtime_sequence"() <{{sym_name = "main_seq"}}> ({{
    ^bb0(%buf: memref<256xi8>):{''.join(call(o) for o in offsets)}
    }}) : () -> ()
    "aie.end"() : () -> ()
  }}) : () -> ()
  "aie.device"() <{{device = 5 : i32, sym_name = "dev"}}> ({{
    "aie.runtime_sequence"() <{{sym_name = "seq"}}> ({{
    ^bb0(%p: memref<128xi8>):
      {WRITEBD}
      %plus = arith.constant 0 : i32
      {buffer}
      "aiex.npu.address_patch"(%plus, %patched) <{{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}}> : (i32, memref<128xi8>) -> ()
    }}) : () -> ()
    "aie.end"() : () -> ()
  }}) : () -> ()
}}
"""


#: the patch's buffer: the parameter itself (a static view, read once for the callee), or a
#: memref.view whose shift the frame evaluates at each call site
BUFFERS = {
    "parameter": "%patched = memref.cast %p : memref<128xi8> to memref<128xi8>",
    "view": "%c0 = arith.constant 0 : index\n"
    "      %patched = memref.view %p[%c0][] : memref<128xi8> to memref<128xi8>",
}


def errors(text: str) -> list[tuple[int, str]]:
    with provider.make_context():
        m = F.parse(text)
        d = F.try_passes(m, "aie-trace-verify-patches")
    return [(x.line, x.message) for x in d.diagnostics if x.severity == "error"]


def patch_line(text: str) -> int:
    return next(
        i
        for i, line in enumerate(text.splitlines(), 1)
        if '"aiex.npu.address_patch"' in line
    )


@pytest.mark.parametrize("kind", BUFFERS)
def test_one_callee_in_bounds_at_one_site_and_outside_at_another(kind):
    text = module([0, 192], BUFFERS[kind])
    assert errors(text) == [
        (
            patch_line(text),
            "in @main:@main_seq (call path '1') the BD writes bytes [192, 320) of host buffer #0 "
            "(memref<256xi8>, 256 bytes) of @main:@main_seq: outside the buffer",
        )
    ]


@pytest.mark.parametrize("kind", BUFFERS)
def test_each_site_that_is_wrong_is_reported_at_the_site(kind):
    text = module([160, 0, 176], BUFFERS[kind])
    assert [msg for _, msg in errors(text)] == [
        "in @main:@main_seq (call path '0') the BD writes bytes [160, 288) of host buffer #0 "
        "(memref<256xi8>, 256 bytes) of @main:@main_seq: outside the buffer",
        "in @main:@main_seq (call path '2') the BD writes bytes [176, 304) of host buffer #0 "
        "(memref<256xi8>, 256 bytes) of @main:@main_seq: outside the buffer",
    ]


@pytest.mark.parametrize("kind", BUFFERS)
def test_every_site_in_bounds_verifies(kind):
    assert errors(module([0, 128, 64], BUFFERS[kind])) == []


def test_a_patch_buffer_of_no_parameter_is_one_error_for_the_callee_not_per_site():
    # the patch's buffer is an op result, not a view chain to a parameter: that is a fact of the
    # callee alone, true at every site alike, so it is said once, on the patch, naming no site
    text = module([0, 128], BUFFERS["parameter"])
    text = text.replace(
        BUFFERS["parameter"], '%patched = "test.buffer"() : () -> memref<128xi8>'
    )
    assert errors(text) == [
        (
            patch_line(text),
            "the buffer operand is not an argument of the enclosing runtime sequence or a "
            "static contiguous view of one: mlir-aie's -aie-resolve-address-patch-buffers "
            "refuses it",
        )
    ]


@pytest.mark.parametrize("kind", BUFFERS)
def test_a_site_binding_no_host_buffer_is_an_error_at_every_such_site(kind):
    # the callee's patch is a view of its parameter, but sites '0' and '2' bind that parameter
    # to a value that is no view of a host buffer: each of them is its own error, at the patch
    text = module([0, 0, 0], BUFFERS[kind])
    run = '"aiex.run"(%rc) <{runtime_sequence_symbol = @seq}>'
    parts = text.split(run)
    assert len(parts) == 4
    opaque = '%x = "test.buffer"() : () -> memref<128xi8>\n        '
    text = (
        parts[0]
        + opaque
        + run.replace("%rc", "%x")
        + parts[1]
        + run
        + parts[2]
        + opaque
        + run.replace("%rc", "%x")
        + parts[3]
    )
    assert errors(text) == [
        (
            patch_line(text),
            "the buffer operand does not resolve to a static view of a host buffer of "
            f"@main:@main_seq (in @main:@main_seq (call path '{path}'))",
        )
        for path in ("0", "2")
    ]


def looped(text: str, trips: int) -> str:
    """``text`` with @main:@main_seq's configures inside one ``scf.for`` of ``trips`` iterations."""
    head, rest = text.split("):\n", 1)
    body, tail = rest.split("\n    }) : () -> ()\n", 1)
    loop = (
        "\n      %lb = arith.constant 0 : index"
        f"\n      %ub = arith.constant {trips} : index"
        "\n      %st = arith.constant 1 : index"
        '\n      "scf.for"(%lb, %ub, %st) ({'
        "\n      ^bb0(%i: index):"
        f"{body}"
        '\n        "scf.yield"() : () -> ()'
        "\n      }) : (index, index, index) -> ()"
    )
    return f"{head}):\n{loop}\n    }}) : () -> ()\n{tail}"


def test_a_run_with_a_wrong_operand_type_is_reported_once_per_run():
    # both runs pass the 64-byte subview where @seq takes 128 bytes, and the loop reaches each
    # of them three times: one diagnostic per run op, at that op, not one per time it runs
    text = module([0, 128], BUFFERS["parameter"])
    for layout in ("strided<[1]>", "strided<[1], offset: 128>"):
        text = text.replace(
            '"aiex.run"(%rc) <{runtime_sequence_symbol = @seq}> : (memref<128xi8>) -> ()',
            '"aiex.run"(%sv) <{runtime_sequence_symbol = @seq}> : '
            f"(memref<64xi8, {layout}>) -> ()",
            1,
        )
    text = looped(text, 3)
    run_lines = [
        i for i, line in enumerate(text.splitlines(), 1) if '"aiex.run"(%sv)' in line
    ]
    assert len(run_lines) == 2
    assert errors(text) == [
        (
            line,
            f"operand #0 is memref<64xi8, {layout}> but parameter #0 of @dev:@seq is "
            "memref<128xi8>",
        )
        for line, layout in zip(
            run_lines, ("strided<[1]>", "strided<[1], offset: 128>"), strict=True
        )
    ]
