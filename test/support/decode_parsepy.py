# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What mlir-aie's trace parser makes of a buffer, re-stated for tests (mlir-aie is not
installed here, and its parser needs the ``aie`` package).

The behaviour stated, step by step, is that of ``python/utils/trace/parse.py`` and ``utils.py``
at mlir-aie ``0750994e`` plus PR #3668 (an ``Event_Sync`` advances the timer by 2**18):

1. the words, as eight-digit hex, are split into segments at runs of eight or more zero words
   (``split_trace_segments``); a segment shorter than two words or starting with a zero word is
   skipped (``check_for_valid_trace``); a segment ends after the first ``fefefefe`` word that two
   zero words follow (``trim_trace_pkts``);
2. every eighth word of a segment, counted from the segment's start, is a header
   (``trace_pkts_de_interleave``): odd parity and bits [11:5], 19 and [30:28] zero make it valid;
   the packet type is bits [13:12] (two bits), the tile ``row,col``. The data words of a packet
   whose header is invalid go to the stream of the last valid header;
3. a stream's words (``a5a5a5a5`` words dropped) are read most significant byte first and cut
   into commands (``convert_to_commands``); a command the stream ends inside is dropped, as is
   everything after it; ``0xDC``-``0xDF`` skip four bytes, ``0xFE`` one. A byte no command starts
   with (``0xF1``-``0xF3``, ``0xF5``-``0xFD``) makes mlir-aie's loop spin forever: here it raises
   :class:`Hangs`;
4. each stream's timer starts at 0 (``Start`` is read, not applied) and ``convert_commands_to_json``
   writes ``B``/``E`` events: a frame advances the timer by one, ends the events it does not
   continue (all of them when its delta is non-zero), advances by its delta and begins its events;
   a ``Repeat`` after a frame of delta 0 advances by its count, otherwise pulses ``count`` times
   (each pulse ends every event and begins the last ``Single``'s event again when the last frame
   had one slot -- none when it had several); an ``Event_Sync`` advances by 2**18.

:func:`parse_py` returns ``{(pkt_type, col, row): [(ts, ph, slot), ...]}`` in the order they are
written; header columns, no names, no column shift (those only relabel streams).
"""

from __future__ import annotations

import numpy as np

EVENT_SYNC_CYCLES = 1 << 18


class Hangs(Exception):
    """mlir-aie's command loop would never end on this stream."""


def _segments(words: list[int]) -> list[list[int]]:
    segments, current, zeros = [], [], 0
    for w in words:
        if w == 0:
            zeros += 1
            continue
        if zeros >= 8:
            if current:
                segments.append(current)
            current = []
        elif current:
            current += [0] * zeros
        zeros = 0
        current.append(w)
    if current:
        segments.append(current)
    return segments


def _trim(seg: list[int]) -> list[int]:
    for i, w in enumerate(seg):
        if w == 0xFEFEFEFE and i + 2 < len(seg) and seg[i + 1] == seg[i + 2] == 0:
            return seg[: i + 1]
    return seg


def _header(w: int) -> tuple[int, int, int] | None:
    if bin(w).count("1") % 2 == 0 or (w >> 5) & 0x7F or (w >> 19) & 1 or (w >> 28) & 7:
        return None
    return (w >> 12) & 3, (w >> 21) & 0x7F, (w >> 16) & 0x1F


def streams(words: list[int]) -> dict[tuple[int, int, int], list[int]]:
    """Steps 1 and 2: the data words of each (type, col, row), in buffer order."""
    out: dict[tuple[int, int, int], list[int]] = {}
    for seg in _segments(words):
        if len(seg) < 2 or seg[0] == 0:
            continue
        key = None
        for i, w in enumerate(_trim(seg)):
            if i % 8 == 0:
                key = _header(w) or key
                if key is not None:
                    out.setdefault(key, [])
            elif key is not None:
                out[key].append(w)
            else:
                raise KeyError("data before any valid header")  # parse.py: KeyError ''
    return out


def _slots(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(8) if mask >> s & 1)


#: (mask, value, length, reading of the command's bytes ``c``), in convert_to_commands' order
_RULES = (
    (0xFB, 0xF0, 8, lambda c: ("start", int.from_bytes(bytes(c[1:8]), "big"), ())),
    (0xFC, 0xDC, 4, None),
    (0x80, 0x00, 1, lambda c: ("single", c[0] & 0xF, (c[0] >> 4 & 7,))),
    (0xE0, 0x80, 2, lambda c: ("single", (c[0] & 3) << 8 | c[1], (c[0] >> 2 & 7,))),
    (
        0xE0,
        0xA0,
        3,
        lambda c: ("single", (c[0] & 3) << 16 | c[1] << 8 | c[2], (c[0] >> 2 & 7,)),
    ),
    (
        0xF0,
        0xC0,
        2,
        lambda c: ("frame", c[1] & 0xF, _slots((c[0] & 0xF) << 4 | c[1] >> 4)),
    ),
    (
        0xFC,
        0xD0,
        3,
        lambda c: (
            "frame",
            (c[1] & 3) << 8 | c[2],
            _slots((c[0] & 3) << 6 | c[1] >> 2),
        ),
    ),
    (
        0xFC,
        0xD4,
        4,
        lambda c: (
            "frame",
            (c[1] & 3) << 16 | c[2] << 8 | c[3],
            _slots((c[0] & 3) << 6 | c[1] >> 2),
        ),
    ),
    (0xF0, 0xE0, 1, lambda c: ("repeat", c[0] & 0xF, ())),
    (0xFC, 0xD8, 2, lambda c: ("repeat", (c[0] & 3) << 8 | c[1], ())),
    (0xFF, 0xFE, 1, None),
    (0xFF, 0xFF, 1, lambda c: ("sync", 0, ())),
)


def commands(data: list[int]) -> list[tuple]:
    """Step 3: ``(kind, value, slots)`` per command; kind ``single`` or ``frame`` (a Multiple)."""
    b = [(w >> s) & 0xFF for w in data if w != 0xA5A5A5A5 for s in (24, 16, 8, 0)]
    out, i = [], 0
    while i < len(b):
        rule = next((r for r in _RULES if b[i] & r[0] == r[1]), None)
        if rule is None:
            raise Hangs(f"byte {b[i]:#04x} at stream byte {i}")
        n, read = rule[2], rule[3]
        if i + n > len(b):
            break
        if read is not None:
            out.append(read(b[i : i + n]))
        i += n
    return out


def events(cmds: list[tuple]) -> list[tuple[int, str, int]]:
    """Step 4: ``(ts, ph, slot)`` in the order written."""
    out: list[tuple[int, str, int]] = []
    timer, cycles, active, last, single = 0, 0, [False] * 8, (), None

    def end(keep: tuple) -> None:
        for k in range(8):
            if cycles > 0 or k not in keep:
                if active[k]:
                    out.append((timer, "E", k))
                active[k] = False

    def begin(k: int | None) -> None:
        if k is not None and not active[k]:
            out.append((timer, "B", k))
            active[k] = True

    for kind, value, slots in cmds:
        if kind in ("single", "frame"):
            cycles, last = value, slots
            single = slots[0] if kind == "single" else single
            timer += 1
            end(slots)
            timer += cycles
            for k in slots:
                begin(k)
        elif kind == "repeat":
            if cycles == 0:
                timer += value
            else:
                for _ in range(value):
                    timer += 1
                    end(last)
                    timer += cycles
                    if len(last) <= 1:
                        begin(single)
        elif kind == "sync":
            timer += EVENT_SYNC_CYCLES
    return out


def parse_py(
    buffer: bytes | np.ndarray,
) -> dict[tuple[int, int, int], list[tuple[int, str, int]]]:
    words = np.frombuffer(bytes(buffer), dtype="<u4").tolist()
    return {key: events(commands(data)) for key, data in streams(words).items()}


# -- EVENT_PC (mode 1), PR #3504 ----------------------------------------------------------------------


def event_pc_commands(data: bytes | list[int], zero: bool = True) -> list[dict]:
    """What mlir-aie's ``decode_event_pc_stream`` (``python/utils/trace/utils.py@feb92118``) makes
    of an EVENT_PC stream's bytes: its command dicts, restated. At each byte it tries, in this
    order: Start (``b & 0xFB == 0xF1``, eight bytes, the 7-byte big-endian timer read unless
    ``zero``), Event_Sync (``0xFF``), a skipped ``0xDC``-``0xDF`` frame (four bytes), Repeat0
    (``0xE0``-``0xEF``), Repeat1 (``0xD8``-``0xDB``, ten-bit count), EventPC (``0xC4``-``0xC7``:
    slot mask from ``b & 3`` and the next byte's top six bits, PC from the third byte's low six
    bits and the fourth byte); any other byte is passed over. A command it cannot read whole
    (the stream ends inside it) ends the decode."""
    b = list(data)
    out: list[dict] = []
    i = 0
    try:
        while i < len(b):
            c = b[i]
            if c & 0xFB == 0xF1:
                timer = (
                    0 if zero else sum(b[i + 1 + k] << 8 * (6 - k) for k in range(7))
                )
                out.append({"type": "Start", "timer_value": timer})
                i += 8
            elif c == 0xFF:
                out.append({"type": "Event_Sync"})
                i += 1
            elif c & 0xFC == 0xDC:
                i += 4
            elif c & 0xF0 == 0xE0:
                out.append({"type": "Repeat0", "repeats": c & 0xF})
                i += 1
            elif c & 0xFC == 0xD8:
                out.append({"type": "Repeat1", "repeats": (c & 3) << 8 | b[i + 1]})
                i += 2
            elif c & 0xFC == 0xC4:
                mask = (c & 3) << 6 | b[i + 1] >> 2
                com = {"type": "EventPC", "pc": (b[i + 2] & 0x3F) << 8 | b[i + 3]}
                com.update({f"event{s}": s for s in range(8) if mask >> s & 1})
                out.append(com)
                i += 4
            else:
                i += 1
    except IndexError:
        pass
    return out
