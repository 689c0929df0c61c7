# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The design's trace registers decide how its packets are read: packet types 4-7 that its
Trace_Control1 stamps are decoded (and named after the module the design configures), and a unit
whose Trace_Control0 sets another trace mode than event-time is never read as event-time: EVENT_PC
units are read as EVENT_PC, for the others the summary says which unit and which mode.
"""

from __future__ import annotations

import io

import pytest
from decode_encoder import buffer_of, design_mlir, encode_frames, header

from aie_trace.tools import decode as cli
from aie_trace.trace import stream

FRAMES = [(1010, 1 << 1), (1110, 1 << 2), (2010, 1 << 1), (2160, 1 << 2)]


def design(control0: int | None, control1: int) -> str:
    """npu1 design whose core (0, 2) traces INSTR_EVENT_0 on slot 1 and INSTR_EVENT_1 on slot 2."""
    writes = [(213204, control1), (213216, 0x00222100)]
    if control0 is not None:
        writes.insert(0, (213200, control0))
    return design_mlir(writes)


def run(tmp_path, module: str, pkt_type: int) -> tuple[int, str, str]:
    (tmp_path / "d.mlir").write_text(module)
    data = buffer_of(
        {(pkt_type, 0, 2, 1): encode_frames(FRAMES, timer=1000).data}, size=4096
    )
    (tmp_path / "t.bin").write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    p = cli.argparse.ArgumentParser()
    cli.add_arguments(p)
    args = p.parse_args([str(tmp_path / "t.bin"), "--mlir", str(tmp_path / "d.mlir")])
    return cli.run(args, out, err), out.getvalue(), err.getvalue()


@pytest.mark.parametrize("pkt_type", [4, 5, 7])
def test_packet_types_4_to_7_the_design_stamps_are_decoded(tmp_path, pkt_type):
    rc, out, err = run(tmp_path, design(0, pkt_type << 12 | 1), pkt_type)
    assert rc == 0, err
    assert "core(0,2)" in out and "INSTR_EVENT_0           2" in out
    assert "runs 2, min 100, median 125, max 150" in out
    assert "invalid" not in out.split("\n", 1)[1] and "warning" not in out


def test_packet_type_4_without_a_design_that_stamps_it_is_an_invalid_header():
    data = buffer_of({(4, 0, 2, 1): encode_frames(FRAMES, timer=1000).data})
    r = stream.decode_buffer(data)
    assert not r.streams and [a.kind for a in r.anomalies] == ["invalid_header"]
    assert stream.decode_buffer(data, packet_types=[0, 4]).streams
    assert header(4, 0, 2, 1) >> 12 & 7 == 4


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        (2, "execution mode (Trace_Control0 mode 2)"),
        (3, "the reserved trace mode 3"),
    ],
)
def test_a_unit_in_another_mode_is_never_read_as_event_time(tmp_path, mode, words):
    rc, out, err = run(tmp_path, design(0x79790000 | mode, 1), 0)
    assert rc == 0, err
    assert "INSTR_EVENT" not in out and "kernel cycles" not in out
    assert f"warning: 1 packet(s) of a trace unit the design sets to {words}" in out
    assert "core(0,2)" in out


def test_event_time_mode_is_read_from_trace_control0(tmp_path):
    rc, out, _ = run(tmp_path, design(0x79790000, 1), 0)
    assert rc == 0 and "runs 2" in out and "warning" not in out


def test_a_unit_in_event_pc_mode_is_read_as_event_pc_never_as_event_time(tmp_path):
    """Event-time frames in the packets of a unit the design sets to EVENT_PC mode make no
    event-time events: read as EVENT_PC commands, they are counted anomalies (test_decode_pc.py
    decodes real EVENT_PC frames)."""
    rc, out, err = run(tmp_path, design(0x79790001, 1), 0)
    assert rc == 0, err
    assert "INSTR_EVENT" not in out and "kernel cycles" not in out
    assert "core(0,2)  EVENT_PC: 0 frames" in out
    assert "byte(s) that start no command" in out and "in core(0,2)" in out
