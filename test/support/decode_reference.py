# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A one-command-at-a-time model of the time model in ``trace_format``, the reference the
vectorized decoder is checked against, and a generator of random commands of every kind.
"""

from __future__ import annotations

import random

from aie_trace.trace import format as F

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
                else:  # the budget counts events: a pulse of k slots costs k
                    w = max(bin(m).count("1"), 1)
                    made = min(count, max_pulses // w)
                    max_pulses -= made * w
                    if made < count:
                        note("pulse_limit", i, count - made)
                        max_pulses = (
                            0  # the first Repeat that does not fit spends the rest
                        )
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
