# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The decode kernel: the bytes of one trace stream to records, times and event intervals.

Numpy only, following the format and time model of :mod:`aie_trace.trace.format`. How the work is
vectorized:

* command boundaries: where a command starts depends on every command before it. A block is cut
  into chunks, laid out as the columns of a matrix, and all chunks are walked at once one byte
  row at a time (each walk starts a little before its chunk: variable-length codes
  resynchronize within a few commands). A chunk whose first command is not where the previous
  chunk's last one ends is walked again from every possible entry offset at once, and the chunks
  are chained by their exit offsets;
* commands: fillers and anomalous commands are counted and unmarked per block by their first
  byte; a command's first four bytes are one gather from a big-endian view that starts at every
  byte; one table lookup on its first two bytes gives its kind, slot mask and where its value
  sits;
* records: every other command is a record (mask, cycles since the previous record, continues
  the previous cycle or not), in steps of a block. Repeats take the frame before their run (a
  Repeat that makes nothing is a copy of the record before it in no time); pulsed Repeats are
  expanded;
* time: a cumulative sum in 32 bits relative to the time carried into the step (64 bits when a
  Start sets the time or the step spans 2**32 cycles);
* intervals: a slot opens where its bit is set and not held from the previous record, and
  closes one cycle after the last record that holds it.

The kernel knows neither packets nor streams: :mod:`aie_trace.trace.stream` hands it the bytes of
one stream a block at a time (:class:`Step`) and keeps what it needs to resume.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from . import format as F
from .format import Cmd

#: bytes per chunk (a multiple of 8; halved down to 32 while a block has fewer than 4096 chunks)
#: and warm-up bytes (at most the chunk) of the command walk; CHUNK + WARMUP <= 248
CHUNK = 128


WARMUP = 32


#: set bits of each byte value: the events of a slot mask
POPCOUNT = np.array([bin(m).count("1") for m in range(256)], dtype=np.uint8)


def _lengths(b: np.ndarray) -> np.ndarray:
    """Length of the command each byte would start (``b`` has an even length)."""
    return _LEN_PAIR[b.view("<u2")].view(np.uint8)


def _transpose(a: np.ndarray) -> np.ndarray:
    """The transpose of a 2-D byte array whose sides are multiples of 8, as a new C-ordered array.
    numpy's transposing copy is fast when the rows are short (at most 64 bytes); otherwise 8x8
    blocks are transposed within 64-bit words (three rounds of masked shifts), then the words are
    moved, which is several times faster."""
    R, C = a.shape
    if a.size < 1 << 16 or C <= 64:
        return np.ascontiguousarray(a.T)
    X = a.view(np.uint8).view("<u8").reshape(R // 8, 8, C // 8).copy()
    t = np.empty((R // 8, 4, C // 8), dtype=np.uint64)
    for d, mask in (
        (1, 0x00FF00FF00FF00FF),
        (2, 0x0000FFFF0000FFFF),
        (4, 0x00000000FFFFFFFF),
    ):
        # rows i and i + d of each block (i without bit d): swap the high units of row i with the
        # low units of row i + d
        pairs = X.reshape(R // 8, 4 // d, 2, d, C // 8)
        lo, hi = pairs[:, :, 0], pairs[:, :, 1]
        u = t.reshape(R // 8, 4 // d, d, C // 8)
        shift = np.uint64(8 * d)
        np.right_shift(lo, shift, out=u)
        u ^= hi
        u &= np.uint64(mask)
        hi ^= u
        u <<= shift
        lo ^= u
    out = np.empty((C, R), dtype=a.dtype)
    out.view(np.uint8).view("<u8").reshape(C // 8, 8, R // 8)[...] = X.transpose(
        2, 1, 0
    )
    return out


def _scan(
    rows: list[np.ndarray], e: np.ndarray, marks: np.ndarray, first: int
) -> tuple[np.ndarray, np.ndarray]:
    """Walk every column of the ``rows`` (row ``r``: the length of the command byte ``r`` of each
    column would start) from the command starting at row ``e`` (updated in place), one row at a
    time for all columns; rows from ``first`` on mark the starts in ``marks``. Returns ``e`` before
    row ``first`` (the first start at or after it) and after the last row (where the last
    command ends)."""
    step = np.empty(len(e), dtype=np.uint8)
    scratch = np.empty(len(e), dtype=bool)
    before = e.copy()
    for r, L in enumerate(rows):
        if r == first:
            before = e.copy()
        hit = marks[r - first] if r >= first else scratch
        np.equal(e, r, out=hit)
        np.multiply(hit.view(np.uint8), L, out=step)
        e += step
    return before, e


def command_starts(S: np.ndarray, n: int, entry: int) -> tuple[np.ndarray, int]:
    """Marks of the bytes ``S[entry:n]`` that start a command when the first begins at
    ``entry`` (a bool array, ``[i]`` for byte ``entry + i``), and the offset of the last one.

    The bytes are cut into chunks of :data:`CHUNK`, the columns of a matrix whose row ``r`` holds
    the length of the command byte ``r`` of each chunk would start. All columns are walked at
    once, one row per step; each walk starts :data:`WARMUP` bytes before its chunk (on the last
    rows of the previous column) and is in step with the real command boundaries by the time it
    reaches its chunk (variable-length codes resynchronize within a few commands). Chunks whose
    first command is not where the previous chunk's last command ends are fixed by
    :func:`_refit`."""
    m = n - entry
    C = CHUNK  # smaller chunks for a small block: fewer rows to step through, the same columns
    while C > 32 and m < C * (1 << 12):
        C //= 2
    W = min(WARMUP, C)
    nch = -(-m // (8 * C)) * 8
    padded = np.full(nch * C, F.FILLER_BYTE, dtype=np.uint8)
    padded[:m] = S[entry:n]
    LT = _transpose(_lengths(padded).reshape(nch, C))
    del padded
    warm = np.ones((W, nch), dtype=np.uint8)  # chunk 0 starts on fillers
    warm[:, 1:] = LT[C - W :, :-1]
    marks = np.empty((C, nch), dtype=bool)
    first, last = _scan([*warm, *LT], np.zeros(nch, dtype=np.uint8), marks, W)
    first = (
        first.astype(np.int64) - W
    )  # offset of each chunk's first command, by its walk
    last = last.astype(np.int64) - (
        W + C
    )  # offset into the next chunk where its last ends
    bad = np.flatnonzero(first[1:] != last[:-1]) + 1
    if bad.size:
        _refit(LT, marks, first, last, bad)
    del LT, warm
    starts = _transpose(marks).reshape(-1)[:m]
    tail = max(m - F.MAX_COMMAND_BYTES, 0)
    return starts, entry + tail + int(np.flatnonzero(starts[tail:])[-1])


def _refit(
    LT: np.ndarray,
    marks: np.ndarray,
    first: np.ndarray,
    last: np.ndarray,
    bad: np.ndarray,
) -> None:
    """Re-mark the chunks (columns of ``LT``/``marks``, rows = chunk bytes) whose walk did not
    start where the previous chunk's last command ends: each is walked from every entry offset
    at once, then the chunks are chained by their exit offsets, in order. A chunk whose true
    entry turns out to be its walk's entry keeps its marks; so do the chunks after it up to the
    next one whose walk disagrees with its predecessor's."""
    nch = LT.shape[1]
    offsets = np.arange(F.MAX_COMMAND_BYTES, dtype=np.uint8)
    tables: dict[int, tuple[list[int], np.ndarray]] = {}

    def walk_all_entries(cols: list[int]) -> None:
        cols = [c for c in cols if c not in tables]
        sub = np.repeat(LT[:, cols], len(offsets), axis=1)
        sub_marks = np.empty(sub.shape, dtype=bool)
        _, out = _scan(list(sub), np.tile(offsets, len(cols)), sub_marks, 0)
        exits = (out.astype(np.int64) - LT.shape[0]).reshape(len(cols), len(offsets))
        for i, c in enumerate(cols):
            tables[c] = (
                exits[i].tolist(),
                sub_marks[:, i * len(offsets) : (i + 1) * len(offsets)],
            )

    walk_all_entries(bad.tolist())
    bad_list = bad.tolist()
    batch = 1
    j = bad_list[0]
    entry = int(last[j - 1])
    while j < nch:
        if (
            entry == first[j]
        ):  # this chunk's own walk was right, and so are those up to the next bad one
            k = bisect.bisect_right(bad_list, j)
            if k == len(bad_list):
                return
            j = bad_list[k]
            entry = int(last[j - 1])
            continue
        if (
            j not in tables
        ):  # a cascade: the chunks after a refitted one, more at a time
            walk_all_entries(list(range(j, min(j + batch, nch))))
            batch *= 2
        exits, chunk_marks = tables[j]
        marks[:, j] = chunk_marks[:, entry]
        entry = exits[entry]
        j += 1


def _field_table() -> np.ndarray:
    """Per value of a command's first two bytes, four bytes in one 32-bit entry: its kind, its
    slot mask, and the shifts ``lsh`` and ``rsh`` that cut its value (cycle delta of a frame,
    count of a Repeat) out of its first four bytes ``w`` (most significant first):
    ``value = (w << lsh) >> rsh`` in 32 bits. Looked up as one 32-bit gather, read as bytes.
    """
    table = np.zeros((1 << 16, 4), dtype=np.uint8)
    b1 = np.arange(256, dtype=np.uint32)
    for b0 in range(256):
        k = F.COMMAND_OF_BYTE[b0]
        mask, width, low = 0, 32, 0
        if k == Cmd.SINGLE0:
            mask, width, low = 1 << (b0 >> 4 & 7), 4, 24
        elif k in (Cmd.SINGLE1, Cmd.SINGLE2):
            mask = 1 << (b0 >> 2 & 7)
            width, low = (10, 16) if k == Cmd.SINGLE1 else (18, 8)
        elif k == Cmd.MULTIPLE0:
            mask, width, low = (b0 & 0xF) << 4 | b1 >> 4, 4, 16
        elif k in (Cmd.MULTIPLE1, Cmd.MULTIPLE2):
            mask = (b0 & 3) << 6 | b1 >> 2
            width, low = (10, 8) if k == Cmd.MULTIPLE1 else (18, 0)
        elif k == Cmd.REPEAT0:
            width, low = 4, 24
        elif k == Cmd.REPEAT1:
            width, low = 10, 16
        rows = table[b0 << 8 : (b0 + 1) << 8]
        rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3] = (
            int(k),
            mask,
            32 - width - low,
            32 - width,
        )
    return table.view(np.uint32).reshape(-1)


_FIELD_TABLE = _field_table()


_KIND = np.array(F.COMMAND_OF_BYTE, dtype=np.uint8)


#: first bytes of the anomalous commands, which make no record: unknown opcodes, reserved frames
_NO_RECORD = np.isin(_KIND, (Cmd.UNKNOWN, Cmd.RESERVED4))


LEN = np.array(F.LENGTH_OF_BYTE, dtype=np.uint8)


_PAIRS = np.arange(1 << 16)


#: lengths of the commands the two bytes of a little-endian 16-bit value would start
_LEN_PAIR = (
    LEN[_PAIRS & 0xFF].astype("<u2") | LEN[_PAIRS >> 8].astype("<u2") << 8
).astype("<u2")


del _PAIRS


def _words(S: np.ndarray, pos: np.ndarray) -> np.ndarray:
    """The four stream bytes ``S`` at each offset ``pos`` (three bytes past the last one) as one
    32-bit value, first byte most significant: one gather from a big-endian 32-bit view of the
    bytes that starts at every byte."""
    at_every_byte = np.ndarray((len(S) - 3,), dtype=">u4", buffer=S, strides=(1,))
    return at_every_byte.take(pos).astype(np.uint32)


def _start_values(S: np.ndarray, pos: np.ndarray) -> np.ndarray:
    v = np.zeros(len(pos), dtype=np.int64)
    for i in range(1, F.START_BYTES):
        v = (v << 8) | S[pos + i]
    return v


@dataclass
class Carry:
    """Decoder state carried from one step of a stream to the next."""

    entry: int = 0  # offset (into the next block) where the next command starts
    T: int = 0  # time of the last record
    M: int = 0  # slots asserted by the last record
    frame: tuple[int, int] | None = (
        None  # (mask, delta) of the last frame since the last Start
    )
    after_sync: bool = False  # the last record is an Event_Sync
    restarts: int = 0
    first_timer: int | None = None


class _Records(NamedTuple):
    """Frames, Repeats and Starts of a step, in order: slot mask, cycles since the previous record
    (a Start: 0, its time is set separately), and whether the record is the cycle right after the
    previous one (an event asserted by both continues)."""

    M: np.ndarray
    dt: np.ndarray
    cont: np.ndarray


class _Block(NamedTuple):
    """The bytes of a block of a stream, in stream order."""

    S: np.ndarray
    base: int  # stream offset of byte 0


EMPTY_BLOCK = _Block(np.zeros(8, dtype=np.uint8), 0)


class Step:
    """A run of a stream's commands turned into records, then times."""

    def __init__(
        self,
        block: _Block,
        marks: np.ndarray,
        offset: int,
        carry: Carry,
        budget: list[int],
        notes: dict[str, list[int]],
    ) -> None:
        self.block, self.marks, self.offset = block, marks, offset
        self.carry, self.budget, self.notes = carry, budget, notes
        self.starts: np.ndarray | None = None  # record index of each Start

    def positions(self) -> np.ndarray:
        """Offset into the block of each command of the step (fillers and the like dropped)."""
        pos = np.flatnonzero(self.marks)
        pos += self.offset
        return pos

    def note(self, kind: str, cmd: int, count: int) -> None:
        note(self.notes, kind, self.block.base + int(self.positions()[cmd]), count)

    def run(
        self, final: bool
    ) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
        """The whole step, as the decode runs it and as a replay runs it again: the counts of its
        commands per kind, its times ``(base, T)``, and the slots each record opens and closes
        (:func:`bounds`; ``final`` closes every open interval). Carries the state on.
        """
        counts, records = self.records()
        base, T = self.times(records)
        opens, closes = bounds(records.M, records.cont, base, T, self.carry, final)
        return counts, base, T, opens, closes

    def records(self) -> tuple[np.ndarray, _Records]:
        """Counts of the commands per kind, and the records: frames; Repeats as the frame they
        repeat; Starts and Event_Syncs with no slots (a sync's cycles pass). (Fillers and
        anomalous commands, which make none, were dropped by :func:`drop_fillers`.)"""
        w = _words(self.block.S, self.positions())
        k = np.right_shift(w, 16, dtype=np.intp)
        fields = (
            _FIELD_TABLE[k].view(np.uint8).reshape(-1, 4)
        )  # kind, mask, the value's two shifts
        del k
        kind = fields[:, 0].copy()
        counts = np.zeros(len(Cmd), dtype=np.int64)
        for i in range(0, len(kind), 1 << 15):  # in pieces: bincount makes an intp copy
            counts += np.bincount(kind[i : i + (1 << 15)], minlength=len(Cmd))
        w <<= fields[:, 2]
        w >>= fields[:, 3]
        value = w
        M = fields[:, 1].copy()
        del fields
        cont = value == 0
        if counts[Cmd.START]:
            self.starts = self.start_records = np.flatnonzero(kind == Cmd.START)
            cont[self.starts] = False
        if counts[Cmd.REPEAT0] or counts[Cmd.REPEAT1] or counts[Cmd.EVENT_SYNC]:
            return counts, self._others(kind, value, M, cont, counts)
        self._remember_frame(kind, M, value, len(kind) - 1)
        if len(kind):
            self.carry.after_sync = False
        return counts, _Records(M, self._cycles(value), cont)

    def _cycles(self, value: np.ndarray) -> np.ndarray:
        """Cycles from the previous record, made in place of the values: a frame's delta + 1, 0
        for a Start (its time is set apart)."""
        value += np.uint32(1)
        if self.starts is not None:
            value[self.starts] = 0
        return value

    def _remember_frame(
        self, kind: np.ndarray, M: np.ndarray, value: np.ndarray, last: int
    ) -> None:
        """What a Repeat in a later step repeats: the last frame, or nothing after a Start."""
        if last >= 0:
            self.carry.frame = (
                None
                if int(kind[last]) == Cmd.START
                else (int(M[last]), int(value[last]))
            )

    def _others(
        self,
        kind: np.ndarray,
        value: np.ndarray,
        M: np.ndarray,
        cont: np.ndarray,
        counts: np.ndarray,
    ) -> _Records:
        """Resolve the Repeats and Event_Syncs. Each run of them follows a frame or a Start (its
        source): a Repeat repeats the source frame -- a held one (delta 0) extends it by
        ``count`` cycles in one record (two right after a sync: its first cycle, then the rest),
        a pulsed one makes ``count`` records ``1 + delta`` apart. A Repeat that makes none is a
        copy of the record before it in no time."""
        carry = self.carry
        other = np.flatnonzero(kind >= Cmd.REPEAT0)
        okind = kind[other]
        if counts[Cmd.START]:
            other, okind = other[okind != Cmd.START], okind[okind != Cmd.START]
        is_sync = okind == Cmd.EVENT_SYNC
        syncs = other[is_sync]
        cont[syncs] = False
        head = np.empty(len(other), dtype=bool)
        head[:1] = True
        np.not_equal(other[1:] - other[:-1], 1, out=head[1:])
        run_head = np.flatnonzero(head)[
            np.cumsum(head) - 1
        ]  # index (in `other`) of each run's first
        source = other[run_head] - 1  # the frame or Start before each run
        last = len(kind) - 1
        ends_in_run = other.size > 0 and other[-1] == last
        frame = carry.frame
        self._remember_frame(kind, M, value, int(source[-1]) if ends_in_run else last)
        rep = np.flatnonzero(~is_sync)
        if not rep.size:
            if len(kind):
                carry.after_sync = ends_in_run
            dt = self._cycles(value)
            dt[syncs] = F.EVENT_SYNC_CYCLES
            return _Records(M, dt, cont)
        rp = other[rep]
        ok, count, sm, sd = self._sources(
            rp, source[rep], kind, M, value, frame, bool(counts[Cmd.START])
        )
        dt = self._cycles(value)
        dt[syncs] = F.EVENT_SYNC_CYCLES
        hold = sd == 0
        keep, pulses = self._budget(rp, ok & (count > 0), hold, count, sm)
        first_after_sync = carry.after_sync
        if keep.all():  # the record before each Repeat is the one before it
            after_sync = np.zeros(len(rp), dtype=bool)
            if counts[Cmd.EVENT_SYNC]:
                after_sync = kind[np.maximum(rp - 1, 0)] == Cmd.EVENT_SYNC
            if rp[0] == 0:
                after_sync[0] = first_after_sync
            if len(kind):
                carry.after_sync = bool(kind[-1] == Cmd.EVENT_SYNC)
            copies = None
        else:
            after_sync, copies = self._copies(
                other, is_sync, rep, keep, run_head, source, M
            )
        n = self._repeats(
            rp, keep, hold & after_sync, count, pulses, sm, sd, M, dt, cont
        )
        if copies is not None:
            at, src = copies
            M[at] = np.where(src >= 0, M[np.maximum(src, 0)], carry.M)
            dt[at], cont[at] = 0, True
        if n is None:
            return _Records(M, dt, cont)
        return self._expand(_Records(M, dt, cont), *n)

    def _copies(
        self,
        other: np.ndarray,
        is_sync: np.ndarray,
        rep: np.ndarray,
        keep: np.ndarray,
        run_head: np.ndarray,
        source: np.ndarray,
        M: np.ndarray,
    ) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
        """With some Repeats making no record: for each Repeat whether the last record before it
        that is no such copy is a sync, and the copies with that record (-1: the carried one).
        """
        carry = self.carry
        copy = np.zeros(len(other), dtype=bool)
        copy[rep] = ~keep
        idx = np.where(copy, -1, np.arange(len(other)))
        before = np.empty_like(idx)
        before[:1] = -1
        np.maximum.accumulate(idx[:-1], out=before[1:])
        before[before < run_head] = -1
        after_sync = np.zeros(len(other), dtype=bool)
        has = before >= 0
        after_sync[has] = is_sync[before[has]]
        after_sync[~has & (source < 0)] = carry.after_sync
        if other.size and other[-1] == len(M) - 1:
            carry.after_sync = bool(after_sync[-1] if copy[-1] else is_sync[-1])
        elif len(M):
            carry.after_sync = False
        b = before[copy]
        src = np.where(b >= 0, other[np.maximum(b, 0)], source[copy])
        return after_sync[rep], (other[copy], src)

    def _sources(
        self,
        rp: np.ndarray,
        source: np.ndarray,
        kind: np.ndarray,
        M: np.ndarray,
        value: np.ndarray,
        frame: tuple[int, int] | None,
        starts: bool,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For each Repeat: whether it has a frame to repeat, its count, the frame's mask and delta."""
        count = value[rp].astype(np.int64)
        inside = source >= 0
        sm = np.zeros(len(rp), dtype=np.uint8)
        sd = np.zeros(len(rp), dtype=np.int64)
        ok = np.zeros(len(rp), dtype=bool)
        src = source[inside]
        sm[inside], sd[inside], ok[inside] = (
            M[src],
            value[src],
            (kind[src] != Cmd.START) if starts else True,
        )
        if frame is not None:
            sm[~inside], sd[~inside], ok[~inside] = frame[0], frame[1], True
        lost = np.flatnonzero(~ok & (count > 0))
        if lost.size:
            self.note("repeat_without_frame", int(rp[lost[0]]), int(lost.size))
        return ok, count, sm, sd

    def _budget(
        self,
        rp: np.ndarray,
        keep: np.ndarray,
        hold: np.ndarray,
        count: np.ndarray,
        sm: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The pulses each pulsed Repeat may make within the budget, which counts events: a pulse
        of a frame of ``k`` slots costs ``k`` (at least 1). The Repeats before the first that does
        not fit make all their pulses, that one as many as fit, the rest none, and the budget is
        spent; a Repeat left with no pulse is kept no more."""
        pulses = np.where(keep & ~hold, count, 0).astype(np.int64)
        w = np.maximum(POPCOUNT[sm.astype(np.uint8)], 1).astype(np.int64)
        cost = pulses * w
        made = np.cumsum(cost)
        if made.size and made[-1] > self.budget[0]:
            room = np.maximum(self.budget[0] - (made - cost), 0)
            allowed = np.minimum(pulses, room // w)
            over = pulses - allowed
            cut = np.flatnonzero(over)
            self.note("pulse_limit", int(rp[cut[0]]), int(over.sum()))
            pulses = allowed
            keep = keep & ~((pulses == 0) & ~hold)
            self.budget[0] = 0
        else:
            self.budget[0] -= int(made[-1]) if made.size else 0
        return keep, pulses

    def _repeats(
        self,
        rp: np.ndarray,
        keep: np.ndarray,
        split: np.ndarray,
        count: np.ndarray,
        pulses: np.ndarray,
        sm: np.ndarray,
        sd: np.ndarray,
        M: np.ndarray,
        dt: np.ndarray,
        cont: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """Set the records of the Repeats kept; returns what ``_expand`` needs when some make more
        than one: a pulsed Repeat makes one per pulse, a held one right after a sync two.
        """
        hold = sd == 0
        single = hold & ~split
        n = np.where(hold, np.where(split & (count > 1), 2, 1), pulses)
        rest = np.where(split, count - 1, 0)
        if not keep.all():
            rp, sm, sd, count, single, n, rest = (
                x[keep] for x in (rp, sm, sd, count, single, n, rest)
            )
        M[rp] = sm
        dt[rp] = np.where(single, count, 1 + sd)
        cont[rp] = single
        more = np.flatnonzero(n > 1)
        if not more.size:
            return None
        return rp[more], n[more], rest[more]

    def _expand(
        self, r: _Records, rp: np.ndarray, n: np.ndarray, rest: np.ndarray
    ) -> _Records:
        """Records ``rp`` made ``n`` (> 1) times. A pulse's records are alike; the second record
        of a held Repeat after a sync holds the ``rest`` (> 0) of its count."""
        extra = n - 1
        added = np.cumsum(extra)
        before = added - extra  # records added before each
        first = rp + before  # where each one's first record goes
        if len(rp) <= 64:  # a few: copy the runs between them
            cuts = (rp + 1).tolist()
            arrays = [
                np.concatenate(
                    [
                        piece
                        for a, b, k in zip(
                            [0, *cuts],
                            [*cuts, len(x)],
                            [*extra.tolist(), 0],
                            strict=True,
                        )
                        for piece in (x[a:b], np.repeat(x[b - 1 : b], k))
                    ]
                )
                for x in r
            ]
            M, dt, cont = arrays
        else:
            size = len(r.M) + int(added[-1])
            shift = np.zeros(size, dtype=np.int64)  # 1 where an added record goes
            shift[np.repeat(first + 1 - before, extra) + np.arange(int(added[-1]))] = 1
            np.cumsum(shift, out=shift)
            src = np.arange(size, dtype=np.int64)
            src -= shift  # the record each one copies
            M, dt, cont = r.M[src], r.dt[src], r.cont[src]
        two = np.flatnonzero(rest)
        if two.size:
            dt[first[two] + 1], cont[first[two] + 1] = rest[two], True
        if self.starts is not None:
            self.starts = (
                self.starts
                + np.concatenate([[0], added])[np.searchsorted(rp, self.starts)]
            )
        return _Records(M, dt, cont)

    def times(self, r: _Records) -> tuple[int, np.ndarray]:
        """Time of the carried record, then of each record, relative to a base: (base, times)."""
        carry = self.carry
        R = len(r.dt)
        if self.starts is None:
            total = int(r.dt.sum(dtype=np.uint64))
            if total < 1 << 32:
                T = np.empty(R + 1, dtype=np.uint32)
                T[0] = 0
                np.cumsum(r.dt, out=T[1:])
                return carry.T, T
        T = np.empty(R + 1, dtype=np.int64)
        T[0] = carry.T
        np.cumsum(r.dt, out=T[1:])
        T[1:] += carry.T
        if (
            self.starts is not None and self.starts.size
        ):  # each Start sets the time to its timer value
            st = self.starts
            values = _start_values(self.block.S, self.positions()[self.start_records])
            shift = values - T[st + 1]  # T[st + 1] = T[st]: the time before each Start
            before = T[st] + np.concatenate([[0], shift[:-1]])
            carry.restarts += int((values < before).sum())
            if carry.first_timer is None:
                carry.first_timer = int(values[0])
            if len(st) <= 16:  # each segment from a Start on moves by its shift
                bounds = np.append(st + 1, len(T)).tolist()
                for i, s in enumerate(shift.tolist()):
                    T[bounds[i] : bounds[i + 1]] += s
            else:
                step = np.zeros(len(T), dtype=np.int64)
                step[st + 1] = np.diff(shift, prepend=0)
                T += np.cumsum(step)
        lo, hi = int(T.min()), int(T.max())
        if hi - lo < 1 << 32:
            rel = np.empty(len(T), dtype=np.uint32)
            np.subtract(T, lo, out=rel, casting="unsafe")
            return lo, rel
        return 0, T


def slot_events(bits: np.ndarray, times: np.ndarray, mask: int) -> list[np.ndarray]:
    """For each slot in ``mask``, the times of the records whose bits have it (empty for the
    other slots)."""
    used = (int(np.bitwise_or.reduce(bits)) if len(bits) else 0) & mask
    out = []
    one = np.empty(len(bits), dtype=np.uint8)
    plane = np.empty(len(bits), dtype=bool)  # the records with the slot
    for s in range(F.SLOTS):
        if used >> s & 1:
            np.bitwise_and(bits, np.uint8(1 << s), out=one)
            np.not_equal(one, 0, out=plane)
            out.append(np.compress(plane, times))
        else:
            out.append(np.empty(0, times.dtype))
    return out


def bounds(
    M: np.ndarray,
    cont: np.ndarray,
    base: int,
    T: np.ndarray,
    carry: Carry,
    final: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """Where the intervals of a step open and close, from the records' masks and whether each
    continues the previous cycle: for the carried record and each record, the slots whose
    interval opens at it and those whose interval closes one cycle after it. ``T``: the times of
    the carried record and the records, relative to ``base``. The carried record opened its
    intervals in an earlier step and may close them here; at the end of the stream the last
    record closes all."""
    Mx = np.empty(len(M) + 1, dtype=np.uint8)
    Mx[0] = carry.M
    Mx[1:] = M
    held = np.zeros(len(Mx), dtype=np.uint8)
    np.bitwise_and(Mx[:-1], Mx[1:], out=held[1:])
    held[1:] &= cont.view(np.uint8) * np.uint8(0xFF)
    opens = Mx & ~held
    opens[0] = 0
    closes = np.empty_like(Mx)
    np.invert(held[1:], out=closes[:-1])
    closes[-1] = 0xFF if final else 0
    closes &= Mx
    carry.M, carry.T = int(Mx[-1]), base + int(T[-1])
    return opens, closes


class Tally(NamedTuple):
    """What a step's decode keeps of its events."""

    counts: np.ndarray  # intervals that begin, per slot
    first: int | None  # the earliest begin
    last: int | None  # the latest end


def tally(
    opens: np.ndarray, closes: np.ndarray, base: int, T: np.ndarray, in_order: bool
) -> Tally:
    """Count a step's intervals per slot and find their earliest begin and latest end
    (``in_order``: the times do not decrease, so they are those of the first opening and the
    last closing record)."""
    counts = np.zeros(F.SLOTS, dtype=np.int64)
    used = int(np.bitwise_or.reduce(opens))
    one = np.empty(len(opens), dtype=np.uint8)
    for s in range(F.SLOTS):
        if used >> s & 1:
            counts[s] = np.count_nonzero(
                np.bitwise_and(opens, np.uint8(1 << s), out=one)
            )
    first = last = None
    if used:
        at = opens != 0
        first = int(T[int(np.argmax(at))] if in_order else T[at].min())
    if int(np.bitwise_or.reduce(closes)):
        at = closes != 0
        last = (
            int(T[len(at) - 1 - int(np.argmax(at[::-1]))] if in_order else T[at].max())
            + 1
        )
    return Tally(
        counts,
        None if first is None else base + first,
        None if last is None else base + last,
    )


def stream_offset(pk: np.ndarray, i: int) -> int:
    """Buffer byte offset of byte ``i`` of a stream whose packets are ``pk``."""
    seq, r = divmod(i, F.DATA_BYTES_PER_PACKET)
    return int(pk[seq]) * F.PACKET_BYTES + F.WORD_BYTES + (r // 4) * 4 + (3 - r % 4)


def drop_fillers(
    b: np.ndarray, starts: np.ndarray, notes: dict[str, list[int]], base: int
) -> np.ndarray:
    """Count and unmark the commands that make no record -- fillers, unknown opcodes, reserved
    frames -- told apart by their first byte ``b[i]`` where ``starts[i]``; returns the counts per
    kind."""
    counts = np.zeros(len(Cmd), dtype=np.int64)
    hit = b == F.FILLER_BYTE
    hit &= starts
    counts[Cmd.FILLER] = np.count_nonzero(hit)
    starts ^= hit
    odd = _NO_RECORD[b]
    odd &= starts
    if odd.any():
        at = np.flatnonzero(odd)
        kind = _KIND[b[at]]
        for k, name in (
            (Cmd.UNKNOWN, "unknown_opcode"),
            (Cmd.RESERVED4, "reserved_frame"),
        ):
            mine = at[kind == k]
            if mine.size:
                counts[k] = mine.size
                note(notes, name, base + int(mine[0]), int(mine.size))
        starts ^= odd
    return counts


def block_of(W: np.ndarray, pk: np.ndarray, a: int, b: int) -> _Block:
    """The data of packets ``pk[a:b]`` plus look-ahead from the next packet of the stream (zeros
    at its end)."""
    rows = pk[a : b + 1]
    D = W[rows, 1:]
    if b >= len(pk):
        D = np.concatenate([D, np.zeros((1, F.DATA_WORDS_PER_PACKET), dtype=D.dtype)])
    return _Block(
        D.astype(">u4").view(np.uint8).reshape(-1), a * F.DATA_BYTES_PER_PACKET
    )


def note(notes: dict[str, list[int]], kind: str, offset: int, count: int) -> None:
    if kind in notes:
        notes[kind][1] += count
    else:
        notes[kind] = [offset, count]
