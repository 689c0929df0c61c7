# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A trace encoder for the decoder's tests, written from the format definition, not from the decoder.

It turns event frames (cycle, slot mask) into commands and commands into interleaved packets, and
computes the intervals a correct decoder must report with a model of its own (an event asserted in
consecutive cycles is one interval ``[first, last + 1)``). test/unit/test_decode_encoder.py pins
the encoder to hand-written bytes so the encoder cannot drift with the decoder.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SYNC_CYCLES = 1 << 18  # an Event_Sync: the carry out of the 18-bit delta field
FILLER = 0xFE


def header(pkt_type: int, col: int, row: int, pkt_id: int) -> int:
    """Packet header: id [4:0], type [14:12], row [20:16], column [27:21], odd parity in bit 31."""
    h = (
        (pkt_id & 0x1F)
        | (pkt_type & 0x7) << 12
        | (row & 0x1F) << 16
        | (col & 0x7F) << 21
    )
    if bin(h).count("1") % 2 == 0:
        h |= 1 << 31
    return h


# -- commands (bit layouts written out) --------------------------------------------------------------


def single0(slot: int, cycles: int) -> bytes:  # 0eee cccc
    assert 0 <= cycles <= 0xF
    return bytes([slot << 4 | cycles])


def single1(slot: int, cycles: int) -> bytes:  # 100e eecc cccccccc
    assert 0 <= cycles <= 0x3FF
    return bytes([0x80 | slot << 2 | cycles >> 8, cycles & 0xFF])


def single2(slot: int, cycles: int) -> bytes:  # 101e eecc cccccccc cccccccc
    assert 0 <= cycles <= 0x3FFFF
    return bytes([0xA0 | slot << 2 | cycles >> 16, cycles >> 8 & 0xFF, cycles & 0xFF])


def multiple0(mask: int, cycles: int) -> bytes:  # 1100 mmmm mmmm cccc
    assert 0 <= cycles <= 0xF
    return bytes([0xC0 | mask >> 4, (mask & 0xF) << 4 | cycles])


def multiple1(mask: int, cycles: int) -> bytes:  # 1101 00mm mmmm mmcc cccccccc
    assert 0 <= cycles <= 0x3FF
    return bytes([0xD0 | mask >> 6, (mask & 0x3F) << 2 | cycles >> 8, cycles & 0xFF])


def multiple2(mask: int, cycles: int) -> bytes:  # 1101 01mm mmmm mmcc cccccccc cccccccc
    assert 0 <= cycles <= 0x3FFFF
    return bytes(
        [
            0xD4 | mask >> 6,
            (mask & 0x3F) << 2 | cycles >> 16,
            cycles >> 8 & 0xFF,
            cycles & 0xFF,
        ]
    )


def repeat0(n: int) -> bytes:  # 1110 rrrr
    assert 0 <= n <= 0xF
    return bytes([0xE0 | n])


def repeat1(n: int) -> bytes:  # 1101 10rr rrrrrrrr
    assert 0 <= n <= 0x3FF
    return bytes([0xD8 | n >> 8, n & 0xFF])


def start(timer: int) -> bytes:  # 1111 0000 + 56-bit timer, big-endian
    return bytes([0xF0]) + timer.to_bytes(7, "big")


def event_sync() -> bytes:  # 1111 1111
    return bytes([0xFF])


# -- frames -> commands -----------------------------------------------------------------------------


@dataclass
class Encoded:
    data: bytes
    #: intervals a decoder must report: (slot, begin, end)
    intervals: list[tuple[int, int, int]]
    kinds: set[str] = field(default_factory=set)


def expected_intervals(
    frames: list[tuple[int, int]], restarts: list[int] = ()
) -> list[tuple[int, int, int]]:
    """Intervals of frames ``(cycle, mask)``: consecutive cycles of a slot merge. ``restarts`` are
    frame indices that follow a Start (nothing continues across a Start)."""
    out = []
    restarts = set(restarts)
    for slot in range(8):
        run = None
        for i, (t, m) in enumerate(frames):
            if not m >> slot & 1:
                if run:
                    out.append((slot, run[0], run[1] + 1))
                run = None
                continue
            if (
                run
                and run[1] + 1 == t
                and i not in restarts
                and frames[i - 1][1] >> slot & 1
            ):
                run[1] = t
            else:
                if run:
                    out.append((slot, run[0], run[1] + 1))
                run = [t, t]
        if run:
            out.append((slot, run[0], run[1] + 1))
    return sorted(out, key=lambda x: (x[1], x[0]))


def encode_frames(
    frames: list[tuple[int, int]],
    rng: random.Random | None = None,
    timer: int | None = None,
    filler: float = 0.0,
    widen: float = 0.0,
    repeats: bool = True,
) -> Encoded:
    """Commands for frames ``(cycle, mask)`` with strictly increasing cycles after ``timer`` (a
    Start, or the implicit time 0). ``widen`` is the chance to use a larger command than needed,
    ``filler`` the chance of a filler byte between commands; ``repeats`` folds identical frames.
    """
    rng = rng or random.Random(0)
    out = bytearray()
    kinds: set[str] = set()
    prev = 0
    if timer is not None:
        out += start(timer)
        kinds.add("start")
        prev = timer
    last: tuple[int, int] | None = None  # (mask, delta) of the last frame emitted
    pending = 0  # repeats of `last` not yet emitted

    def flush():
        nonlocal pending
        while pending:
            n = min(pending, 0x3FF)
            if n <= 0xF and rng.random() > widen:
                out.extend(repeat0(n))
                kinds.add("repeat0")
            else:
                out.extend(repeat1(n))
                kinds.add("repeat1")
            pending -= n

    for t, mask in frames:
        assert t > prev and mask
        delta = t - prev - 1
        syncs = 0
        while delta > 0x3FFFF:
            delta -= SYNC_CYCLES
            syncs += 1
        if repeats and syncs == 0 and last == (mask, delta):
            pending += 1
            prev = t
            continue
        flush()
        for _ in range(syncs):
            out.extend(event_sync())
            kinds.add("sync")
        if rng.random() < filler:
            out.append(FILLER)
            kinds.add("filler")
        single = bin(mask).count("1") == 1
        slot = mask.bit_length() - 1
        big = rng.random() < widen
        if delta <= 0xF and not big:
            out.extend(single0(slot, delta) if single else multiple0(mask, delta))
            kinds.add("single0" if single else "multiple0")
        elif delta <= 0x3FF and not (big and rng.random() < 0.5):
            out.extend(single1(slot, delta) if single else multiple1(mask, delta))
            kinds.add("single1" if single else "multiple1")
        else:
            out.extend(single2(slot, delta) if single else multiple2(mask, delta))
            kinds.add("single2" if single else "multiple2")
        last = (mask, delta)
        prev = t
    flush()
    return Encoded(bytes(out), expected_intervals(frames), kinds)


def random_frames(
    rng: random.Random, n: int, t0: int = 0, slots: int = 8
) -> list[tuple[int, int]]:
    """Frames with a mix of consecutive cycles (held events), short, long and very long gaps."""
    frames, t = [], t0
    mask = 1
    for _ in range(n):
        r = rng.random()
        gap = (
            1
            if r < 0.35
            else (
                rng.randint(2, 17)
                if r < 0.7
                else (
                    rng.randint(18, 1100)
                    if r < 0.95
                    else (
                        rng.randint(1100, 300000)
                        if r < 0.99
                        else rng.randint(300000, 900000)
                    )
                )
            )
        )
        t += gap
        if rng.random() < 0.6:
            mask = rng.randint(1, (1 << slots) - 1)
            if rng.random() < 0.5:
                mask = 1 << rng.randrange(slots)
        frames.append((t, mask))
    return frames


# -- packets --------------------------------------------------------------------------------------


def packets_of(stream: bytes, hdr: int) -> list[list[int]]:
    """Split a byte stream into 8-word packets (7 data words, most significant byte first), the
    last one padded with filler bytes."""
    data = stream + bytes([FILLER]) * (-len(stream) % 28)
    pkts = []
    for i in range(0, len(data), 28):
        chunk = data[i : i + 28]
        pkts.append(
            [hdr] + [int.from_bytes(chunk[j : j + 4], "big") for j in range(0, 28, 4)]
        )
    return pkts


def buffer_of(
    streams: dict[tuple[int, int, int, int], bytes],
    rng: random.Random | None = None,
    size: int | None = None,
) -> bytes:
    """Interleave the packets of several streams ``{(type, col, row, id): bytes}`` (each stream's
    packets stay in order) into a little-endian buffer, zero-padded to ``size`` bytes.
    """
    rng = rng or random.Random(0)
    queues = [packets_of(data, header(*key)) for key, data in streams.items()]
    words: list[int] = []
    while any(queues):
        q = rng.choice([q for q in queues if q])
        words.extend(q.pop(0))
    raw = b"".join(w.to_bytes(4, "little") for w in words)
    if size is not None:
        assert len(raw) <= size, (len(raw), size)
        raw += bytes(size - len(raw))
    return raw


def design_mlir(writes: list[tuple[int, int]], col: int = 0, row: int = 2) -> str:
    """An npu1 design ``d`` whose runtime sequence ``s`` makes the register ``writes`` (tile-local
    address, value) on tile (col, row), in generic form."""
    ops = "\n".join(
        f'      "aiex.npu.write32"() {{address = {a} : ui32, column = {col} : i32, row = {row} : i32, '
        f"value = {v} : ui32}} : () -> ()"
        for a, v in writes
    )
    return f"""module {{
  "aie.device"() <{{device = 5 : i32, sym_name = "d"}}> ({{
    "aie.runtime_sequence"() <{{sym_name = "s"}}> ({{
    ^bb0(%arg0: memref<64xi32>):
{ops}
    }}) : () -> ()
    "aie.end"() : () -> ()
  }}) : () -> ()
}}
"""
