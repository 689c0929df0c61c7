# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The vectorized decoder against a one-command-at-a-time model of the time model in
``trace_format``, on random command streams: every command kind, anomalies, Repeats with nothing to
repeat, syncs before Repeats, Starts, the pulse limit, and the decoder's block, step and chunk
boundaries made tiny."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_decode_encoder import header

import aie_trace.decode as D
from aie_trace import trace_format as F

SYNC = F.EVENT_SYNC_CYCLES


def reference(data: bytes, max_pulses: int) -> dict:
    """Decode one stream's bytes command by command."""
    T, held, last_frame = (
        0,
        {},
        None,
    )  # time of the last record; slot -> begin; (mask, delta)
    after_sync = False  # the last record is an Event_Sync
    intervals, notes, counts = [], {}, [0] * len(F.Cmd)
    restarts, first_timer = 0, None

    def note(kind: str, at: int, n: int = 1) -> None:
        first, count = notes.get(kind, (at, 0))
        notes[kind] = (first, count + n)

    def record(mask: int, dt: int, cont: bool) -> None:
        nonlocal T, after_sync
        for s in [s for s in held if not (cont and mask >> s & 1)]:
            intervals.append((s, held.pop(s), T + 1))
        T += dt
        for s in range(8):
            if mask >> s & 1 and s not in held:
                held[s] = T
        after_sync = False

    i = 0
    while i < len(data):
        b0 = data[i]
        kind, n = F.COMMAND_OF_BYTE[b0], F.LENGTH_OF_BYTE[b0]
        if i + n > len(data):
            note("truncated_command", i)
            break
        w = int.from_bytes(data[i : i + 4].ljust(4, b"\0"), "big")
        counts[kind] += 1
        if kind == F.Cmd.SINGLE0:
            record(1 << (b0 >> 4 & 7), 1 + (b0 & 0xF), b0 & 0xF == 0)
            last_frame = (1 << (b0 >> 4 & 7), b0 & 0xF)
        elif kind in (F.Cmd.SINGLE1, F.Cmd.SINGLE2):
            c = w >> 16 & 0x3FF if kind == F.Cmd.SINGLE1 else w >> 8 & 0x3FFFF
            record(1 << (b0 >> 2 & 7), 1 + c, c == 0)
            last_frame = (1 << (b0 >> 2 & 7), c)
        elif kind == F.Cmd.MULTIPLE0:
            m, c = w >> 20 & 0xFF, w >> 16 & 0xF
            record(m, 1 + c, c == 0)
            last_frame = (m, c)
        elif kind in (F.Cmd.MULTIPLE1, F.Cmd.MULTIPLE2):
            m, c = w >> 18 & 0xFF, (
                w >> 8 & 0x3FF if kind == F.Cmd.MULTIPLE1 else w & 0x3FFFF
            )
            record(m, 1 + c, c == 0)
            last_frame = (m, c)
        elif kind in (F.Cmd.REPEAT0, F.Cmd.REPEAT1):
            count = w >> 24 & 0xF if kind == F.Cmd.REPEAT0 else w >> 16 & 0x3FF
            if last_frame is None:
                if count:
                    note("repeat_without_frame", i)
            elif count:
                m, c = last_frame
                if c == 0 and after_sync:
                    record(m, 1, False)
                    if count > 1:
                        record(m, count - 1, True)
                elif c == 0:
                    record(m, count, True)
                else:
                    made = min(count, max_pulses)
                    if made < count:
                        note("pulse_limit", i, count - made)
                    max_pulses -= made
                    for _ in range(made):
                        record(m, 1 + c, False)
        elif kind == F.Cmd.START:
            value = int.from_bytes(data[i + 1 : i + 8], "big")
            restarts += value < T
            first_timer = value if first_timer is None else first_timer
            record(0, 0, False)
            T, last_frame = value, None
        elif kind == F.Cmd.EVENT_SYNC:
            record(0, SYNC, False)
            after_sync = True
        elif kind == F.Cmd.UNKNOWN:
            note("unknown_opcode", i)
        elif kind == F.Cmd.RESERVED4:
            note("reserved_frame", i)
        i += n
    for s, begin in held.items():
        intervals.append((s, begin, T + 1))
    return {
        "intervals": sorted(intervals, key=lambda x: (x[1], x[0])),
        "notes": notes,
        "counts": counts,
        "restarts": restarts,
        "first_timer": first_timer,
    }


def random_command(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.25:
        return bytes([rng.randrange(0x80)])  # Single0
    if r < 0.33:
        return bytes(
            [0x80 | rng.randrange(0x40), rng.randrange(256)]
        )  # Single1/2 (+1 byte)
    if r < 0.36:
        return bytes(
            [0xA0 | rng.randrange(0x20), rng.randrange(256), rng.randrange(256)]
        )
    if r < 0.46:
        return bytes([0xC0 | rng.randrange(16), rng.randrange(256)])  # Multiple0
    if r < 0.50:  # Multiple1/2
        tail = [rng.randrange(256)] if rng.random() < 0.5 else []
        return bytes(
            [0xD0 | rng.randrange(8), rng.randrange(256), rng.randrange(256)] + tail
        )
    if r < 0.62:
        return bytes(
            [0xE0 | rng.choice([0, 1, 2, 15, rng.randrange(16)])]
        )  # Repeat0, count 0 too
    if r < 0.68:
        return bytes([0xD8 | rng.randrange(4), rng.randrange(256)])  # Repeat1
    if r < 0.70:
        return bytes(
            [rng.choice([0xF0, 0xF4])] + [rng.randrange(256) for _ in range(7)]
        )  # Start
    if r < 0.78:
        return b"\xff" * rng.choice([1, 1, 2, 3])  # Event_Sync
    if r < 0.88:
        return b"\xfe" * rng.choice([1, 1, 3])  # filler
    if r < 0.92:
        return bytes(
            [rng.choice([0xF1, 0xF2, 0xF3, 0xF5, 0xF8, 0xFB, 0xFD])]
        )  # unknown opcode
    if r < 0.94:
        return bytes(
            [0xDC | rng.randrange(4)] + [rng.randrange(256) for _ in range(3)]
        )  # reserved frame
    return bytes([0x00])


def check(data: bytes, max_pulses: int, cut: bool = False) -> None:
    """Decode ``data`` as the bytes of one core stream (packets back to back, the last one padded
    with fillers; ``cut``: ending in the first byte of a Single2) and compare."""
    body = data + b"\xfe" * (-len(data) % 28)
    if cut and body:
        body = body[:-1] + b"\xa0"
    want = reference(body, max_pulses)
    words = []
    for p in range(0, len(body), 28):
        words.append(header(0, 0, 2, 1))
        words.extend(
            int.from_bytes(body[p + j : p + j + 4], "big") for j in range(0, 28, 4)
        )
    raw = b"".join(w.to_bytes(4, "little") for w in words)
    got = D.decode_buffer(raw, max_pulses=max_pulses)
    if not body:
        assert not got.streams
        return
    stream = got.streams[D.StreamKey(0, 0, 2)]
    assert stream.intervals() == want["intervals"]
    assert stream.commands.tolist() == want["counts"]
    assert (stream.timer_restarts, stream.first_timer) == (
        want["restarts"],
        want["first_timer"],
    )

    def where(i: int) -> int:  # buffer offset of stream byte i
        return (i // 28) * 32 + 4 + (i % 28) // 4 * 4 + 3 - i % 4

    assert {a.kind: (a.offset, a.count) for a in got.anomalies} == {
        k: (where(first), n) for k, (first, n) in want["notes"].items()
    }


@pytest.mark.parametrize("seed", range(40))
def test_random_streams_match_the_reference(seed):
    rng = random.Random(seed)
    data = b"".join(random_command(rng) for _ in range(rng.randint(0, 600)))
    check(data, max_pulses=rng.choice([10**9, 0, 40, 300]), cut=rng.random() < 0.3)


@pytest.mark.parametrize(
    "block,step,chunk,warmup",
    [(1, 3, 8, 0), (2, 7, 16, 4), (3, 40, 8, 8), (5, 2, 32, 24)],
)
def test_random_streams_match_the_reference_with_tiny_blocks(
    monkeypatch, block, step, chunk, warmup
):
    """Block (walk), step (records) and chunk boundaries everywhere: state carried across them."""
    monkeypatch.setattr(D, "BLOCK_PACKETS", block)
    monkeypatch.setattr(D, "STEP_BYTES", step)
    monkeypatch.setattr(D, "CHUNK", chunk)
    monkeypatch.setattr(D, "WARMUP", warmup)
    rng = random.Random(block * 100 + step)
    for _ in range(15):
        data = b"".join(random_command(rng) for _ in range(rng.randint(1, 300)))
        check(data, max_pulses=rng.choice([10**9, 25]), cut=rng.random() < 0.3)


def test_long_streams_match_the_reference(monkeypatch):
    """Blocks large enough for the walk's word transpose, several steps per block."""
    monkeypatch.setattr(D, "STEP_BYTES", 1 << 14)
    rng = random.Random(99)
    commands = (random_command(rng) for _ in range(45000))
    data = b"".join(
        c for c in commands if F.COMMAND_OF_BYTE[c[0]] != F.Cmd.REPEAT1
    )  # few pulses: a quick model
    assert len(data) > 1 << 16
    check(data, max_pulses=10**9)


@pytest.mark.parametrize("rows,cols", [(8, 8), (16, 8), (128, 1024), (256, 520)])
def test_word_transpose(rows, cols):
    a = np.random.default_rng(rows).integers(0, 256, (rows, cols), dtype=np.uint8)
    assert np.array_equal(D._transpose(a), a.T)
    assert np.array_equal(D._transpose(a > 100), (a > 100).T)


def test_sync_before_a_repeat_that_makes_nothing_still_passes_its_cycles():
    # Single0 slot 0 at 1; sync; Repeat0 count 0 (nothing); Single0 slot 0 delta 0 -> 1 + SYNC + 1
    assert reference(bytes([0x00, 0xFF, 0xE0, 0x00]), 10**9)["intervals"] == [
        (0, 1, 2),
        (0, SYNC + 2, SYNC + 3),
    ]
    check(bytes([0x00, 0xFF, 0xE0, 0x00]), 10**9)


def test_held_repeat_after_a_sync_starts_a_new_interval():
    # Single0 slot 1 delta 0 (cycle 1); sync; Repeat0 3: cycles 1 + SYNC + 1 .. + 3 held, then a filler
    assert reference(bytes([0x10, 0xFF, 0xFE, 0xE3]), 10**9)["intervals"] == [
        (1, 1, 2),
        (1, SYNC + 2, SYNC + 5),
    ]
    check(bytes([0x10, 0xFF, 0xFE, 0xE3]), 10**9)


def test_many_pulsed_repeats_in_one_step():
    """More pulsed Repeats than the few the records are copied around one by one."""
    rng = random.Random(5)
    data = b"".join(
        bytes(
            [rng.randrange(8) << 4 | rng.randrange(1, 16), 0xE0 | rng.randrange(2, 16)]
        )
        + b"\xff" * (rng.random() < 0.1)
        + bytes([0x10, 0xE3]) * (rng.random() < 0.2)
        for _ in range(300)
    )
    check(data, max_pulses=10**9)
    check(data, max_pulses=700)


def test_steps_spanning_more_than_32_bits_of_cycles():
    # 20000 syncs (about 5.2e9 cycles) between frames, a held Repeat after the last
    data = bytes([0x31]) + b"\xff" * 20000 + bytes([0x30, 0xE4, 0xC1, 0x25])
    check(data, max_pulses=10**9)
