# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-fuse-buffers reads a ``#aie.trace_buffer`` / ``#aie.trace_slice`` record exactly when
aie-trace-check-ir accepts it: the same attribute bodies, good and bad, fed to both."""

from __future__ import annotations

import fuse_cases as F
import pytest


@pytest.fixture(autouse=True)
def _context(ctx):
    yield


SEQ = """module {{
  "aie.device"() <{{device = 5 : i32, sym_name = "dev_a"}}> ({{
    "aie.runtime_sequence"() <{{sym_name = "s", trace_buffer = #aie.trace_buffer<{tb}>{slices}}}> ({{
    ^bb0(%a: memref<16xi32>, %t: memref<64xi8>):
      %p = arith.constant 0 : i32
      "aiex.npu.address_patch"(%p, %t) <{{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}}> : (i32, memref<64xi8>) -> ()
    }}) : () -> ()
    "aie.end"() : () -> ()
  }}) : () -> ()
}}
"""

GOOD_TB = "arg_index = 1, offset = 0, size = 64, dedicated = true"

TRACE_BUFFERS = {
    GOOD_TB: True,
    "arg_index = 1, offset = 0, size = 64, dedicated = false": True,
    "arg_index = 0x1, offset = 0x0, size = 0x40, dedicated = true": True,
    "arg_index = 0, offset = 16, size = 32, dedicated = false": True,
    "arg_index = 1, size = 64, dedicated = true": False,  # missing offset
    "arg_index = 1, offset = 0, size = 64": False,  # missing dedicated
    "offset = 0, arg_index = 1, size = 64, dedicated = true": False,  # order
    "arg_index = 1, offset = 0, size = 64, dedicated = true, extra = 1": False,
    "arg_index = 1, offset = 0, offset = 0, size = 64, dedicated = true": False,
    "arg_index = 1, offset = 0, size = 64 : i64, dedicated = true": False,  # typed
    "arg_index = 1, offset = 0, size = -1, dedicated = true": False,
    "arg_index = 1, offset = 0, size = 4294967296, dedicated = true": False,
    "arg_index = 1, offset = 0, size = 64, dedicated = 1": False,
    "arg_index = 1, offset = 0, size = 64, dedicated = yes": False,
    'arg_index = 1, offset = 0, size = "64", dedicated = true': False,
    "arg_index = 2, offset = 0, size = 64, dedicated = true": False,  # no argument #2
    "arg_index = 1 offset = 0, size = 64, dedicated = true": False,  # no comma
}

SLICE = '#aie.trace_slice<device = "dev_a", sequence = "s", offset = {o}, size = {s}>'

TRACE_SLICES = {
    f"[{SLICE.format(o=0, s=64)}]": True,
    f"[{SLICE.format(o=0, s=32)}, {SLICE.format(o=32, s=32)}]": True,
    f"[{SLICE.format(o='0x0', s='0x40')}]": True,
    "[]": True,
    f"[{SLICE.format(o=0, s='64 : i32')}]": False,
    f"[{SLICE.format(o=-1, s=64)}]": False,
    '[#aie.trace_slice<device = "dev_a", sequence = "s", offset = 0>]': False,
    '[#aie.trace_slice<device = dev_a, sequence = "s", offset = 0, size = 64>]': False,
    '[#aie.trace_slice<sequence = "s", device = "dev_a", offset = 0, size = 64>]': False,
    '[#aie.trace_slice<device = "dev_a", sequence = "s", offset = 0, size = 64, x = 1>]': False,
    "[#aie.trace_buffer<arg_index = 1, offset = 0, size = 64, dedicated = true>]": False,
    f"{SLICE.format(o=0, s=64)}": False,  # not an array
}


def _rejected(text: str, pass_name: str, era: str) -> bool:
    d = F.try_passes(F.parse(text), pass_name, era=era)
    return any(x.severity == "error" for x in d.diagnostics)


def _both(text: str, era: str) -> tuple[bool, bool]:
    return _rejected(text, "aie-trace-check-ir", era), _rejected(
        text, "aie-trace-fuse-buffers", era
    )


@pytest.mark.parametrize("era", ("E3", "E4"))
@pytest.mark.parametrize("body", list(TRACE_BUFFERS))
def test_trace_buffer_bodies(era, body):
    text = SEQ.format(tb=body, slices="")
    check, fuse = _both(text, era)
    assert check == fuse == (not TRACE_BUFFERS[body])


@pytest.mark.parametrize("era", ("E3", "E4"))
@pytest.mark.parametrize("array", list(TRACE_SLICES))
def test_trace_slices_bodies(era, array):
    text = SEQ.format(tb=GOOD_TB, slices=f", trace_slices = {array}")
    check, fuse = _both(text, era)
    assert check == fuse == (not TRACE_SLICES[array])


def test_fuse_reports_the_checkers_words():
    text = SEQ.format(
        tb="arg_index = 1, offset = 0, size = 64 : i64, dedicated = true", slices=""
    )
    d = F.try_passes(F.parse(text), "aie-trace-check-ir", era="E4")
    f = F.try_passes(F.parse(text), "aie-trace-fuse-buffers", era="E4")
    assert [(x.line, x.message) for x in f.diagnostics] == [
        (x.line, x.message) for x in d.diagnostics
    ]
    assert (
        "parameter 'size' must be an unsigned 32-bit integer"
        in f.diagnostics[0].message
    )
