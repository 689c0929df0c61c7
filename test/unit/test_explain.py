# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Why a slice is empty, checked against the module: the trace patch, the BD, the packet flow and
the start event of the design that should have written it. Each is broken in turn in the bundled
example (fused as the README's flow fuses it) and named, and nothing else is; the unfused module
of the IRON bug (callees one trace argument short) fails the static proof."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from emu_designs import multi_design_module
from fuse_cases import prepared_example

from aie_trace.analysis import trace_events
from aie_trace.ir import structure
from aie_trace.report import explain, summary
from aie_trace.tools import report as report_cli
from aie_trace.trace import decode
from aie_trace.transforms.fusion import toolchain_layouts

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "two_designs_e4.mlir"


@pytest.fixture(scope="module")
def fused_text(tmp_path_factory):
    out = tmp_path_factory.mktemp("explain") / "fused.mlir"
    return prepared_example(EXAMPLE.name, out)


def in_dev_b(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` in @dev_b (the module's last device) only."""
    at = text.index('sym_name = "dev_b"')
    assert old in text[at:], old
    return text[:at] + text[at:].replace(old, new)


def setup_of(text: str, device: str, sequence: str, size=None):
    with structure.make_context():
        module = structure.parse_op(text)
        return explain.trace_setup(module, device, sequence, size=size)


def checks(setup):
    return [(c.piece, c.ok) for c in setup.checks]


def test_every_piece_of_the_example_is_in_place(fused_text):
    for device, sequence, nbytes in (
        ("dev_a", "seq_a", 8192),
        ("dev_b", "seq_b", 4096),
    ):
        s = setup_of(fused_text, device, sequence, size=nbytes)
        assert s.ok and s.design == f"{device}:{sequence}"
        assert [c.text for c in s.checks] == [
            "1 trace patch(es); the static proof holds: every patch lands in its slice",
            f"shim (0, 0) BD 15 transfers {nbytes} bytes",
            "core(0,2) -> shim (0, 0) S2MM channel 1",
            "core(0,2) starts on BROADCAST_15, which the sequence raises from shim(0,0)",
        ]


BROKEN = {
    # the core's trace port feeds no flow: the flow is a DMA flow now
    "flow": (
        '"aie.packet_source"(%1) <{bundle = 9 : i32',
        '"aie.packet_source"(%1) <{bundle = 1 : i32',
        # with no trace flow, no BD is known to carry trace: the BD is not judged
        [("patch", False), ("flow", False), ("start", True)],
        "no aie.packet_flow from the Trace port of core(0,2) (channel 0)",
    ),
    # Trace_Control0 = 0x79000000: start event NONE
    "start": (
        "arith.constant 2038038528 : i32",
        "arith.constant 2030043136 : i32",
        [("patch", True), ("bd", True), ("flow", True), ("start", False)],
        "core(0,2) starts on NONE: it never starts",
    ),
    # the shim's event 127 is broadcast on channel 14, not 15: BROADCAST_15 never comes
    "broadcast": (
        "arith.constant 213068 : i32",
        "arith.constant 213064 : i32",
        [("patch", True), ("bd", True), ("flow", True), ("start", False)],
        "core(0,2) starts on BROADCAST_15, but no tile of the sequence drives broadcast 15",
    ),
    "bd": (
        "buffer_length = 1024 : i32",
        "buffer_length = 0 : i32",
        [("patch", True), ("bd", False), ("flow", True), ("start", True)],
        "shim (0, 0) BD 15 transfers 0 bytes",
    ),
}


@pytest.mark.parametrize("what", sorted(BROKEN))
def test_each_missing_piece_is_named(fused_text, what):
    old, new, want, message = BROKEN[what]
    broken = in_dev_b(fused_text, old, new)
    s = setup_of(broken, "dev_b", "seq_b", size=4096)
    assert checks(s) == want and not s.ok
    assert any(c.text.startswith(message) for c in s.checks if not c.ok), s.checks
    # dev_a is untouched
    assert setup_of(broken, "dev_a", "seq_a").ok


def test_a_bd_larger_than_its_slice_is_named(fused_text):
    s = setup_of(fused_text, "dev_b", "seq_b", size=1024)
    assert ("bd", False) in checks(s)
    assert "transfers 4096 bytes, more than the slice's 1024" in s.checks[1].text


def test_the_unfused_iron_module_fails_the_static_proof():
    text = multi_design_module("e1", ("dev_a", "dev_b", "dev_a"), form="unfused")
    s = setup_of(text, "dev_a", "seq")
    patch = s.checks[0]
    assert patch.piece == "patch" and not patch.ok
    # (its op shapes fit E4, whose aiecc fuses it: the proof is of that build, whose data
    # patches keep their integer arg_idx)
    assert "the static proof fails: what aiecc builds would be wrong" in patch.text
    assert "would DMA to the wrong buffers" in patch.text
    assert [c.ok for c in s.checks[1:]] == [True, True, True]


def test_an_empty_slice_is_explained_in_the_summary(fused_text):
    broken = in_dev_b(fused_text, *BROKEN["flow"][:2])
    with structure.make_context():
        module = structure.parse_op(broken)
        (lay,) = [x for x in toolchain_layouts(module) if x.kernel == "main:main_seq"]
        designs = trace_events.designs_for(module, lay.slices)
        sds = decode.decode_fused(bytes(lay.size), lay.slices, designs)
        sums = [
            summary.summarize(
                sd, setup=explain.trace_setup(module, sd.device, sd.sequence, sd.size)
            )
            for sd in sds
        ]
        # the same, with the proof run once for every slice
        assert summary.summarize_all(sds, module=module) == sums
    assert [s.status for s in sums] == ["empty"] * 3
    b = sums[1]
    assert b.label == "dev_b:seq_b [call 1]"
    assert (
        "flow: no aie.packet_flow from the Trace port of core(0,2) (channel 0)" in b.why
    )
    # dev_a's pieces are all there: the words say where else to look
    assert "host did not sync the buffer" in sums[0].why[-1]
    text = summary.format_table(sums)
    assert "    why: flow: no aie.packet_flow from the Trace port of core(0,2)" in text


def test_report_command_explains_an_empty_slice(fused_text, tmp_path):
    mod = tmp_path / "broken.mlir"
    mod.write_text(in_dev_b(fused_text, *BROKEN["start"][:2]))
    buf = tmp_path / "trace.bin"
    buf.write_bytes(bytes(20480))
    out, err = io.StringIO(), io.StringIO()
    p = report_cli.argparse.ArgumentParser()
    report_cli.add_arguments(p)
    args = p.parse_args([str(buf), "--mlir", str(mod), "-o", str(tmp_path / "r.html")])
    assert report_cli.run(args, out, err) == 0, err.getvalue()
    assert "why: start: core(0,2) starts on NONE: it never starts" in out.getvalue()
    page = (tmp_path / "r.html").read_text()
    assert "core(0,2) starts on NONE: it never starts" in page
