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
from decode_encoder import header
from decode_reference import SYNC, random_command, reference

import aie_trace.trace.stream as D
from aie_trace.trace import format as F
from aie_trace.trace import kernel


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
    monkeypatch.setattr(kernel, "CHUNK", chunk)
    monkeypatch.setattr(kernel, "WARMUP", warmup)
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
    assert np.array_equal(kernel._transpose(a), a.T)
    assert np.array_equal(kernel._transpose(a > 100), (a > 100).T)


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
