# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The decoder held to mlir-aie's trace parser (``test/support/decode_parsepy.py`` re-states it,
with PR #3668's ``Event_Sync``) on every capture we have: the trace an NPU1 wrote, the hardware
bytes of PR #3668, the lit tests' buffers, the emulated NPU's encoder on random frames.

Where both are defined they agree event for event, once two documented differences are taken
out (docs/decoding.md, "Where we differ from parse.py"): parse.py's timer starts at 0 where ours
starts at the stream's ``Start`` value, parse.py writes no ``E`` for an event still asserted
when the stream ends, and it ends an event when the next frame comes, so ``Event_Sync``s between
put its ``E`` 2**18 cycles later each. Each other difference is asserted here on the bytes that show it.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from decode_encoder import buffer_of, encode_frames, random_frames
from decode_parsepy import EVENT_SYNC_CYCLES as SYNC
from decode_parsepy import Hangs, parse_py

import aie_trace.trace.stream as D

LIT = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"
DATA = Path(__file__).resolve().parents[1] / "data"
CAPTURE = DATA / "npu1-vector-scalar" / "trace_hw.bin"


def ours(data: bytes) -> dict[tuple[int, int, int], list[tuple[int, str, int]]]:
    """Our decode in parse.py's terms: per stream, ``(ts, ph, slot)`` with ts counted from the
    stream's first Start."""
    out = {}
    for key, s in D.decode_buffer(data).streams.items():
        base = s.first_timer or 0
        evs = [(b - base, "B", slot) for slot, b, _ in s.intervals()]
        evs += [(e - base, "E", slot) for slot, _, e in s.intervals()]
        out[tuple(key)] = evs
    return out


def agree(data: bytes) -> dict:
    """Assert both decoders agree on ``data``; return parse.py's events."""
    theirs, mine = parse_py(data), ours(data)
    assert set(theirs) == set(mine)
    for key, evs in theirs.items():
        last = max((ts for ts, ph, _ in mine[key]), default=None)
        for slot in range(8):
            for ph in "BE":
                t = sorted(ts for ts, p, s in evs if (p, s) == (ph, slot))
                m = sorted(ts for ts, p, s in mine[key] if (p, s) == (ph, slot))
                if ph == "E" and len(m) == len(t) + 1:
                    # parse.py leaves the event asserted at the stream's end without its E
                    assert m[-1] == last, (key, slot)
                    m = m[:-1]
                if ph == "E":
                    # parse.py ends an event when the next frame comes, after the syncs between
                    t = [
                        a - (a - b) // SYNC * SYNC if a > b else a
                        for a, b in zip(t, m, strict=False)
                    ]
                assert t == m, (key, ph, slot)
    return theirs


def test_the_npu1_capture_decodes_as_mlir_aies_parser_does():
    """The trace an NPU1 wrote for the vector_scalar design (Trace_Event0 = 0x00222125: slot 0
    INSTR_VECTOR, 1 INSTR_EVENT_0, 2 INSTR_EVENT_1): four kernel calls, slots 1 and 2 in
    alternation, in both decoders. Its one ``0xDC`` frame (``dc 00 27 fc`` at byte 0x30, after
    the last event) is skipped by both."""
    data = CAPTURE.read_bytes()
    theirs = agree(data)
    (key,) = theirs
    assert key == (0, 1, 2)  # the headers carry physical column 1
    begins = [slot for ts, ph, slot in theirs[key] if ph == "B"]
    assert begins == [1, 2] * 4
    r = D.decode_buffer(data)
    assert [a.kind for a in r.anomalies] == ["reserved_frame"]
    assert r.anomalies[0].offset == 0x33  # the 0xDC byte, most significant of its word


def test_event_sync_hardware_bytes_of_pr_3668():
    """``09 ff a4 ae 39``: INSTR_EVENT_1 begins 1 + 9 + 2**18 + 1 + 44601 cycles after 0, as both
    read it (without the sync parse.py read 44602 cycles between the two)."""
    data = buffer_of({(0, 0, 2, 1): bytes([0x09, 0xFF, 0xA4, 0xAE, 0x39])})
    evs = agree(data)[(0, 0, 2)]
    b = {slot: ts for ts, ph, slot in evs if ph == "B"}
    assert b[1] - b[0] == 306746
    # INSTR_EVENT_0 was asserted in cycle 10 only; parse.py ends it after the sync
    assert [ts for ts, ph, _ in evs if ph == "E"] == [10 + 1 + SYNC + 1 - 1]
    mine = D.decode_buffer(data).streams[D.StreamKey(0, 0, 2)].intervals()
    assert sorted(mine) == [(0, 10, 11), (1, 306756, 306757)]


@pytest.mark.parametrize("args", [[], ["design"], ["design", "col=1"]])
def test_the_lit_tests_buffers(tmp_path, args):
    """Per slice (the fused buffer has two of 8 KiB), as mlir-aie decodes a fused buffer."""
    p = tmp_path / "t.bin"
    subprocess.run(
        [sys.executable, str(LIT / "make_trace.py"), str(p), *args], check=True
    )
    data = p.read_bytes()
    for lo in range(0, len(data), 8192):
        agree(data[lo : lo + 8192])


def common_ground(frames: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The frames without what parse.py decodes otherwise (test_pulsed_repeat_of_a_multi_slot_frame):
    a frame of several slots that repeats the previous one's slots and gap, which the encoder
    writes as a pulsed ``Repeat``, keeps only its lowest slot."""
    out, prev = [], (None, None, None)
    for t, mask in frames:
        gap = None if prev[0] is None else t - prev[0]
        if (
            mask & (mask - 1)
            and gap is not None
            and gap > 1
            and (mask, gap) == prev[1:]
        ):
            mask &= -mask
        out.append((t, mask))
        prev = (t, mask, gap)
    return out


@pytest.mark.parametrize("seed", range(20))
def test_random_frames_of_the_emulators_encoder(seed):
    """Frames of one to eight slots, held events (frames of delta 0, ``Repeat`` of them), gaps
    long enough for ``Event_Sync``; four units interleaved."""
    rng = random.Random(seed)
    streams = {}
    for key in [(0, 0, 2, 1), (1, 0, 2, 2), (0, 1, 3, 3), (3, 0, 1, 4)]:
        frames = random_frames(rng, rng.randrange(1, 300), t0=rng.randrange(1 << 20))
        frames = common_ground(frames)
        streams[key] = encode_frames(frames, timer=frames[0][0] - 5).data
    agree(buffer_of(streams, rng))


# -- where they differ, from the bytes --------------------------------------------------------------


def test_stray_opcode_hangs_parse_py_and_is_one_anomaly_here():
    data = buffer_of({(0, 0, 2, 1): bytes([0x01, 0xF1, 0x02])})
    with pytest.raises(Hangs):
        parse_py(data)
    r = D.decode_buffer(data)
    assert [(a.kind, a.count) for a in r.anomalies] == [("unknown_opcode", 1)]


def test_pulsed_repeat_of_a_multi_slot_frame():
    """``c3 05 e2``: slots 0 and 1 five cycles after the previous frame, then two more pulses.
    parse.py begins nothing again after the first pulse ends the frame's events; the hardware
    asserted both slots at each pulse, as we decode it."""
    data = buffer_of({(0, 0, 2, 1): bytes([0xC0, 0x35, 0xE2])})
    theirs = parse_py(data)[(0, 0, 2)]
    assert sorted(ts for ts, ph, s in theirs if ph == "B") == [6, 6]
    mine = D.decode_buffer(data).streams[D.StreamKey(0, 0, 2)].intervals()
    assert sorted(b for _, b, _ in mine) == [6, 6, 12, 12, 18, 18]
