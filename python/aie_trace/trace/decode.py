# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Decode raw trace buffers into timestamped events, per stream and per call site.

:func:`decode_buffer` turns the bytes of one trace buffer (or one slice of a fused buffer) into
event intervals per stream -- a stream is every packet of one trace unit, keyed by
(packet type, column, row) -- following the format and time model of :mod:`aie_trace.trace.format`.
:func:`decode_fused` decodes each slice of a fused buffer against the design that wrote it and
attributes every event to (device, sequence, call path, tile, unit).

How the work is vectorized (numpy only):

* packets: header validation, the empty-packet test and de-interleaving are array operations;
* bytes: the data words of a block of packets are gathered in one step; their bytes, most
  significant first, are one byte-swapped copy;
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
  closes one cycle after the last record that holds it. The decode counts them per slot and finds
  the earliest begin and latest end; it does not keep them. It keeps, per step, the state the
  step started from (:class:`_Resume`), and a :class:`Stream` makes events on demand by decoding
  steps again -- only those that hold events of the slots asked for -- so a result takes memory
  in proportion to the buffer's packets, not to its events;
* streams of large buffers are decoded in parallel threads.

Bad input never raises: every byte that is not part of a command or a filler is counted in an
:class:`Anomaly` that says where the first one is.
"""

from __future__ import annotations

import bisect
import itertools
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from . import format as F
from .format import Cmd

#: packets per block: the command walk runs on a block of a stream at a time
BLOCK_PACKETS = 1 << 15
#: stream bytes per step of the later stages: 1/32 of the buffer, at least MIN_STEP_BYTES and at
#: most STEP_BYTES (a step's temporary memory is about 15 bytes per byte)
STEP_BYTES = 1 << 18
MIN_STEP_BYTES = 1 << 17
#: threads that decode streams in parallel, for buffers of at least PARALLEL_PACKETS valid packets
WORKERS = os.cpu_count() or 1
PARALLEL_PACKETS = 1 << 17
#: events pulsed Repeats may add by default: PULSE_EVENTS_PER_BYTE per buffer byte plus
#: PULSE_EVENTS_BASE. A dense trace holds about 0.9 events per byte in all; Repeat1 can pulse 1023
#: times in 2 bytes, 8 events a pulse, so without a bound a buffer of 75 KB makes 300 million
#: events (and gigabytes of JSON)
PULSE_EVENTS_PER_BYTE = 1
PULSE_EVENTS_BASE = 1 << 18
#: bytes per chunk (a multiple of 8; halved down to 32 while a block has fewer than 4096 chunks)
#: and warm-up bytes (at most the chunk) of the command walk; CHUNK + WARMUP <= 248
CHUNK = 128
WARMUP = 32

ANOMALY_KINDS = {
    "invalid_header": "packet(s) with an invalid header (even parity, reserved bits set or an unknown "
    "packet type), not decoded",
    "partial_packet": "word(s) at the end of the buffer that do not fill a packet, not decoded",
    "trailing_bytes": "byte(s) at the end of the buffer that do not fill a word, not decoded",
    "unknown_opcode": "byte(s) that start no command (one byte each)",
    "reserved_frame": "reserved 4-byte frame(s) (first byte 0xDC-0xDF), skipped",
    "truncated_command": "command(s) cut off where the stream ends",
    "repeat_without_frame": "Repeat command(s) with no frame to repeat since the last Start",
    "pulse_limit": "repeated pulse(s) not expanded: the decode reached its limit of events "
    "Repeats may add (--max-pulses)",
    "slice_out_of_range": "slice byte(s) beyond the end of the buffer",
    "event_pc_mode": "packet(s) of a trace unit the design sets to EVENT_PC mode (Trace_Control0 mode 1), "
    "not decoded: they are not event-time frames",
    "execution_mode": "packet(s) of a trace unit the design sets to execution mode (Trace_Control0 "
    "mode 2), not decoded: they are not event-time frames",
    "reserved_mode": "packet(s) of a trace unit the design sets to the reserved trace mode 3, not decoded",
}
#: anomaly kind of the packets of a unit in each mode other than event-time
MODE_ANOMALY = {
    F.EVENT_PC: "event_pc_mode",
    F.EXECUTION: "execution_mode",
    3: "reserved_mode",
}


class StreamKey(NamedTuple):
    pkt_type: int
    col: int
    row: int


@dataclass
class Anomaly:
    kind: str
    count: int
    #: byte offset (in the decoded buffer) of the first occurrence, when it has one
    offset: int | None = None
    stream: StreamKey | None = None

    def describe(self) -> str:
        where = f" (first at byte {self.offset:#x})" if self.offset is not None else ""
        tile = f" in {unit_label(self.stream)}" if self.stream is not None else ""
        return f"{self.count} {ANOMALY_KINDS[self.kind]}{tile}{where}"


def unit_label(key: StreamKey) -> str:
    from .event_names import unit_of

    return f"{unit_of(key.pkt_type)}({key.col},{key.row})"


class _Resume(NamedTuple):
    """Where one step of a stream's decode lies and the state carried into it: enough to decode
    the step again on its own."""

    lo: int  # stream offset of the step's first byte
    hi: int  # one past its last byte
    entry: int  # stream offset of its first command (``hi``: no command starts in it)
    T: int  # time of the record before the step
    M: int  # slots that record asserts: the intervals open when the step begins
    frame: tuple[int, int] | None  # what a Repeat at the step's start repeats
    after_sync: bool  # the record before the step is an Event_Sync
    budget: int  # pulses Repeats may still add
    final: bool  # the stream's last step: it closes every open interval


@dataclass
class _Steps:
    """The steps of one stream's decode, to decode them again on demand: the buffer's packets,
    the stream's packet indices, each step's resume state and its events per slot."""

    words: np.ndarray  # (packets, 8) words of the whole buffer
    pk: np.ndarray  # indices of the stream's packets, in order
    resume: list[_Resume]
    begins: np.ndarray  # (steps, slots): intervals that begin in each step
    ends: np.ndarray  # (steps, slots): intervals that end in each step
    epochs: (
        np.ndarray
    )  # (steps,): Start commands before each step (a Start sets the timer)
    truncated: int | None  # stream offset of the command the stream's end cuts off

    def replay(
        self, i: int
    ) -> tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Decode step ``i`` again: ``(base, T, opens, closes)`` as :func:`_bounds` gives them, and
        the timer epoch of each record (Start commands up to it in the stream)."""
        r = self.resume[i]
        carry = _Carry(T=r.T, M=r.M, frame=r.frame, after_sync=r.after_sync)
        notes: dict[str, list[int]] = {}  # anomalies were counted by the decode
        if r.entry < r.hi:
            p0 = r.entry // F.DATA_BYTES_PER_PACKET
            block = _block(self.words, self.pk, p0, -(-r.hi // F.DATA_BYTES_PER_PACKET))
            entry, n = r.entry - block.base, r.hi - block.base
            marks, _ = _command_starts(block.S, n, entry)
            if self.truncated is not None and r.entry <= self.truncated < r.hi:
                marks[self.truncated - r.entry] = False
            _drop_fillers(block.S[entry:n], marks, notes, 0)
        else:
            block, marks, entry = _EMPTY_BLOCK, np.zeros(0, dtype=bool), 0
        step = _Step(block, marks, entry, carry, [r.budget], notes)
        _, base, T, opens, closes = step.run(r.final)
        epoch = np.full(len(T), self.epochs[i], dtype=np.int64)
        if (
            step.starts is not None
        ):  # T[0] is the record before the step: record k is T[k + 1]
            epoch += np.cumsum(np.bincount(step.starts + 1, minlength=len(T))[: len(T)])
        return base, T, opens, closes, epoch

    def having(self, slots: int) -> np.ndarray:
        """The steps in which an interval of one of the ``slots`` (a mask) begins or ends."""
        bits = (1 << np.arange(F.SLOTS)) & slots != 0
        return np.flatnonzero((self.begins[:, bits] | self.ends[:, bits]).any(axis=1))


@dataclass
class Stream:
    """The events of one trace unit: intervals ``[begin, end)`` in cycles, per slot in time order.

    The decode keeps what it found out about them -- events per slot (:attr:`counts`), the first
    begin and last end, and for each step of the decode the state it started from -- but not the
    events: they are decoded again on demand, step by step, in bounded memory.
    :meth:`slot_times` gives one slot's begins and ends as int64 arrays, :meth:`steps` every
    slot's events one step at a time, :meth:`begins_in_order` several slots' begins in the order
    the unit wrote them. :attr:`slot`, :attr:`begin` and :attr:`end` hold every event, ordered by
    slot, then time (:meth:`slot_range` gives one slot's): arrays made on first use and kept
    (17 bytes per event), for small traces.

    The stream decodes events again from the result's own copy of the buffer (see
    :func:`decode_buffer`)."""

    key: StreamKey
    pkt_ids: tuple[int, ...]
    packets: int
    #: commands decoded, indexed by :class:`Cmd`
    commands: np.ndarray
    #: Start commands whose timer value is below the time already reached
    timer_restarts: int
    #: the first Start's timer value, None without a Start
    first_timer: int | None
    #: events per slot
    counts: np.ndarray
    #: the earliest begin and the latest end of an event (None without events)
    first: int | None
    last: int | None
    _steps: _Steps = field(repr=False)
    _arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = field(
        default=None, init=False, repr=False
    )

    def __post_init__(self) -> None:
        self._offsets = np.concatenate([[0], np.cumsum(self.counts)]).tolist()

    def __len__(self) -> int:
        return self._offsets[-1]

    def slot_range(self, slot: int) -> slice:
        return slice(self._offsets[slot], self._offsets[slot + 1])

    def slot_times(self, slot: int) -> tuple[np.ndarray, np.ndarray]:
        """The begins and ends of one slot's events, in the order the unit wrote them (time order
        unless the timer restarted); only the steps that hold some are decoded again."""
        if self._arrays is not None:
            r = self.slot_range(slot)
            return self._arrays[1][r], self._arrays[2][r]
        return self._gather(1 << slot)

    def _gather(self, mask: int) -> tuple[np.ndarray, np.ndarray]:
        """The begins and the ends of the events of the slots in ``mask``, ordered by slot, then
        time, from one pass over the steps that hold some."""
        slots = [s for s in range(F.SLOTS) if mask >> s & 1]
        total = sum(int(self.counts[s]) for s in slots)
        begin, end = np.empty(total, dtype=np.int64), np.empty(total, dtype=np.int64)
        offsets = np.cumsum([0] + [int(self.counts[s]) for s in slots]).tolist()
        at_begin, at_end = dict(zip(slots, offsets, strict=False)), dict(
            zip(slots, offsets, strict=False)
        )
        for b, e in self._replay(mask):
            for out, parts, at in ((begin, b, at_begin), (end, e, at_end)):
                for s in slots:
                    base, v = parts[s]
                    np.add(v, np.int64(base), out=out[at[s] : at[s] + len(v)])
                    at[s] += len(v)
        return begin, end

    def steps(
        self, slots: Iterable[int] = range(F.SLOTS)
    ) -> Iterator[tuple[list[np.ndarray], list[np.ndarray]]]:
        """For each step of the decode in which an event of the ``slots`` begins or ends, in stream
        order: the begins and the ends found in it, per slot (int64; empty for other slots). A
        slot's events follow each other over the steps as in :meth:`slot_times`; an interval may
        begin in one step and end in a later one."""
        for b, e in self._replay(_mask(slots)):
            yield [_absolute(p) for p in b], [_absolute(p) for p in e]

    def begins_in_order(
        self, slots: list[int]
    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The begins of the events of ``slots``, in the order the unit wrote them (by record; in
        one record, in the order of ``slots``), a step at a time: ``(times, which, epoch)`` with
        ``which`` the index into ``slots`` of each one's slot and ``epoch`` its timer epoch (the
        Start commands before it: events of different epochs belong to different runs).
        """
        mask = _mask(slots)
        shifts = np.array(slots, dtype=np.uint8)
        for i in self._steps.having(mask):
            base, T, opens, _, epoch = self._steps.replay(int(i))
            rec = np.flatnonzero(opens & np.uint8(mask))
            which = np.flatnonzero((opens[rec, None] >> shifts) & 1)
            rec = rec[which // len(slots)]
            times = T[rec].astype(np.int64)
            times += base
            yield times, which % len(slots), epoch[rec]

    def timeline(
        self, slots: Iterable[int] = range(F.SLOTS)
    ) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        """The begins and ends of the events of ``slots`` merged, a step at a time (the steps that
        hold some): ``(epoch, time, is_begin, slot)`` ordered by timer epoch (the Start commands
        before the event: one per run of the design), then time, ends before begins, then slot.
        Within an epoch the time never goes back, so a run's events are in time order; an
        interval begins and ends in the same epoch (a Start ends every open interval).
        """
        mask = np.uint8(_mask(slots))
        bit = np.arange(F.SLOTS, dtype=np.uint8)
        for i in self._steps.having(int(mask)):
            base, T, opens, closes, epoch = self._steps.replay(int(i))
            parts = []
            for bits, after, begin in ((closes, 1, False), (opens, 0, True)):
                sel = bits & mask
                rec = np.flatnonzero(sel)
                hit = np.flatnonzero((sel[rec, None] >> bit) & 1)
                r = rec[hit // F.SLOTS]
                times = T[r].astype(np.int64)
                times += base + after
                parts.append(
                    (
                        epoch[r],
                        times,
                        np.full(len(r), begin),
                        (hit % F.SLOTS).astype(np.uint8),
                    )
                )
            ep, times, is_begin, slot = (
                np.concatenate(x) for x in zip(*parts, strict=True)
            )
            order = np.lexsort((slot, is_begin, times, ep))
            yield ep[order], times[order], is_begin[order], slot[order]

    def _replay(
        self, mask: int
    ) -> Iterator[tuple[list[tuple[int, np.ndarray]], list[tuple[int, np.ndarray]]]]:
        """Decode again each step that holds events of the slots in ``mask``: per slot, its begins
        and its ends, each as (base, offsets from it)."""
        for i in self._steps.having(mask):
            base, T, opens, closes, _ = self._steps.replay(int(i))
            yield [(base, v) for v in _events(opens, T, mask)], [
                (base + 1, v) for v in _events(closes, T, mask)
            ]

    @property
    def slot(self) -> np.ndarray:
        return self._all()[0]

    @property
    def begin(self) -> np.ndarray:
        return self._all()[1]

    @property
    def end(self) -> np.ndarray:
        return self._all()[2]

    def _all(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self._arrays is None:
            begin, end = self._gather((1 << F.SLOTS) - 1)
            self._arrays = (
                np.repeat(np.arange(F.SLOTS, dtype=np.uint8), self.counts),
                begin,
                end,
            )
        return self._arrays

    def intervals(self) -> list[tuple[int, int, int]]:
        """``(slot, begin, end)`` of every event, ordered by begin, then slot."""
        slot, begin, end = self._all()
        order = np.lexsort((slot, begin))
        return list(
            zip(
                slot[order].tolist(),
                begin[order].tolist(),
                end[order].tolist(),
                strict=True,
            )
        )


def _mask(slots: Iterable[int]) -> int:
    return sum(1 << s for s in set(slots))


def _absolute(part: tuple[int, np.ndarray]) -> np.ndarray:
    base, values = part
    out = values.astype(np.int64)
    out += base
    return out


@dataclass
class DecodeResult:
    size: int
    packets: int = 0
    valid_packets: int = 0
    empty_packets: int = 0
    invalid_packets: int = 0
    #: bytes up to the end of the last packet that was written (not all zero)
    used_bytes: int = 0
    streams: dict[StreamKey, Stream] = field(default_factory=dict)
    anomalies: list[Anomaly] = field(default_factory=list)

    @property
    def events(self) -> int:
        return sum(len(s) for s in self.streams.values())

    @property
    def full(self) -> bool:
        """The last packet of the buffer was written: the trace likely overflowed it."""
        return self.packets > 0 and self.used_bytes >= self.packets * F.PACKET_BYTES

    def anomaly_count(self, kind: str) -> int:
        return sum(a.count for a in self.anomalies if a.kind == kind)


# ------------------------------------------------------------------------------------------------
# packets


#: set bits of each byte value: the events of a slot mask
_POPCOUNT = np.array([bin(m).count("1") for m in range(256)], dtype=np.uint8)


def _as_bytes(data: Any) -> np.ndarray:
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    return np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)


def _owned_bytes(data: Any) -> np.ndarray:
    """The bytes of ``data`` in memory nobody else can change: a result decodes its events again
    from them on demand, so it must not see a caller reuse the buffer (an XRT mapping, an array
    refilled for the next run) or keep a bytearray or mmap from being resized or closed. A
    ``bytes`` object is immutable and is read in place, and so is a read-only view of one (a
    ``memoryview``, or a numpy array ``np.frombuffer`` made of it, which cannot be made writeable);
    anything else is copied once."""
    if isinstance(data, bytes) or _view_of_bytes(data):
        return _as_bytes(data)
    return _as_bytes(data).copy()


def _view_of_bytes(data: Any) -> bool:
    """A read-only view whose memory belongs to a ``bytes`` object."""
    if isinstance(data, memoryview):
        return data.readonly and isinstance(data.obj, bytes)
    if isinstance(data, np.ndarray) and not data.flags.writeable:
        base = data
        while isinstance(base, np.ndarray) and base.base is not None:
            base = base.base
        return isinstance(base, bytes) or (
            isinstance(base, memoryview) and _view_of_bytes(base)
        )
    return False


def _odd_parity(h: np.ndarray) -> np.ndarray:
    x = h ^ (h >> 16)
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return (x & 1).astype(bool)


class _Packets(NamedTuple):
    words: np.ndarray  # (npk, 8) little-endian words
    streams: list[
        tuple[StreamKey, np.ndarray, tuple[int, ...]]
    ]  # key, packet indices, ids


def _packets(
    b: np.ndarray, result: DecodeResult, packet_types: frozenset[int]
) -> _Packets:
    nwords = len(b) // F.WORD_BYTES
    if len(b) % F.WORD_BYTES:
        result.anomalies.append(
            Anomaly("trailing_bytes", len(b) % F.WORD_BYTES, nwords * F.WORD_BYTES)
        )
    words = b[: nwords * F.WORD_BYTES].view("<u4")
    npk = nwords // F.WORDS_PER_PACKET
    tail = words[npk * F.WORDS_PER_PACKET :]
    if tail.size and tail.any():
        result.anomalies.append(
            Anomaly("partial_packet", int(tail.size), npk * F.PACKET_BYTES)
        )
    W = words[: npk * F.WORDS_PER_PACKET].reshape(npk, F.WORDS_PER_PACKET)
    h = W[:, 0].astype(np.uint32)
    empty = h == 0
    zero_hdr = np.flatnonzero(empty)
    if zero_hdr.size:
        empty[zero_hdr] = ~W[zero_hdr, 1:].any(axis=1)
    ptype = (h >> F.HDR_TYPE_SHIFT) & F.HDR_TYPE_MASK
    valid = (
        _odd_parity(h)
        & ((h & F.HDR_RESERVED_MASK) == 0)
        & np.isin(ptype, np.array(sorted(packet_types), dtype=ptype.dtype))
    )
    invalid = np.flatnonzero(~valid & ~empty)
    written = np.flatnonzero(~empty)
    result.packets = npk
    result.valid_packets = int(valid.sum())
    result.empty_packets = int(empty.sum())
    result.invalid_packets = int(invalid.size)
    result.used_bytes = int(written[-1] + 1) * F.PACKET_BYTES if written.size else 0
    if tail.size and tail.any():
        result.used_bytes = nwords * F.WORD_BYTES
    if invalid.size:
        result.anomalies.append(
            Anomaly(
                "invalid_header", int(invalid.size), int(invalid[0]) * F.PACKET_BYTES
            )
        )
    vidx = np.flatnonzero(valid)
    key = ((h[vidx] >> F.HDR_TYPE_SHIFT) & 0xFFFF).astype(
        np.uint16
    )  # type, row, column bits
    order = np.argsort(key, kind="stable")
    cuts = (np.flatnonzero(np.diff(key[order])) + 1).tolist()
    streams = []
    for lo, hi in (itertools.pairwise([0, *cuts, len(order)]) if len(order) else ()):
        pk = vidx[order[lo:hi]]
        k = int(key[order[lo]])
        ids = tuple(
            np.flatnonzero(np.bincount(h[pk] & F.HDR_ID_MASK, minlength=32)).tolist()
        )
        skey = StreamKey(
            k & F.HDR_TYPE_MASK,
            (k >> (F.HDR_COL_SHIFT - F.HDR_TYPE_SHIFT)) & F.HDR_COL_MASK,
            (k >> (F.HDR_ROW_SHIFT - F.HDR_TYPE_SHIFT)) & F.HDR_ROW_MASK,
        )
        streams.append((skey, pk, ids))
    return _Packets(W, streams)


# ------------------------------------------------------------------------------------------------
# command boundaries


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


def _command_starts(S: np.ndarray, n: int, entry: int) -> tuple[np.ndarray, int]:
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


# ------------------------------------------------------------------------------------------------
# commands -> records -> intervals


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
_LEN = np.array(F.LENGTH_OF_BYTE, dtype=np.uint8)
_PAIRS = np.arange(1 << 16)
#: lengths of the commands the two bytes of a little-endian 16-bit value would start
_LEN_PAIR = (
    _LEN[_PAIRS & 0xFF].astype("<u2") | _LEN[_PAIRS >> 8].astype("<u2") << 8
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
class _Carry:
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


_EMPTY_BLOCK = _Block(np.zeros(8, dtype=np.uint8), 0)


class _Step:
    """A run of a stream's commands turned into records, then times."""

    def __init__(
        self,
        block: _Block,
        marks: np.ndarray,
        offset: int,
        carry: _Carry,
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
        _note(self.notes, kind, self.block.base + int(self.positions()[cmd]), count)

    def run(
        self, final: bool
    ) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
        """The whole step, as the decode runs it and as a replay runs it again: the counts of its
        commands per kind, its times ``(base, T)``, and the slots each record opens and closes
        (:func:`_bounds`; ``final`` closes every open interval). Carries the state on.
        """
        counts, records = self.records()
        base, T = self.times(records)
        opens, closes = _bounds(records.M, records.cont, base, T, self.carry, final)
        return counts, base, T, opens, closes

    def records(self) -> tuple[np.ndarray, _Records]:
        """Counts of the commands per kind, and the records: frames; Repeats as the frame they
        repeat; Starts and Event_Syncs with no slots (a sync's cycles pass). (Fillers and
        anomalous commands, which make none, were dropped by :func:`_drop_fillers`.)"""
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
        w = np.maximum(_POPCOUNT[sm.astype(np.uint8)], 1).astype(np.int64)
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


def _events(bits: np.ndarray, times: np.ndarray, mask: int) -> list[np.ndarray]:
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


def _bounds(
    M: np.ndarray,
    cont: np.ndarray,
    base: int,
    T: np.ndarray,
    carry: _Carry,
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


class _Tally(NamedTuple):
    """What a step's decode keeps of its events."""

    counts: np.ndarray  # intervals that begin, per slot
    first: int | None  # the earliest begin
    last: int | None  # the latest end


def _tally(
    opens: np.ndarray, closes: np.ndarray, base: int, T: np.ndarray, in_order: bool
) -> _Tally:
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
    return _Tally(
        counts,
        None if first is None else base + first,
        None if last is None else base + last,
    )


# ------------------------------------------------------------------------------------------------
# streams


def _stream_offset(pk: np.ndarray, i: int) -> int:
    """Buffer byte offset of byte ``i`` of a stream whose packets are ``pk``."""
    seq, r = divmod(i, F.DATA_BYTES_PER_PACKET)
    return int(pk[seq]) * F.PACKET_BYTES + F.WORD_BYTES + (r // 4) * 4 + (3 - r % 4)


def _drop_fillers(
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
                _note(notes, name, base + int(mine[0]), int(mine.size))
        starts ^= odd
    return counts


def _block(W: np.ndarray, pk: np.ndarray, a: int, b: int) -> _Block:
    """The data of packets ``pk[a:b]`` plus look-ahead from the next packet of the stream (zeros
    at its end)."""
    rows = pk[a : b + 1]
    D = W[rows, 1:]
    if b >= len(pk):
        D = np.concatenate([D, np.zeros((1, F.DATA_WORDS_PER_PACKET), dtype=D.dtype)])
    return _Block(
        D.astype(">u4").view(np.uint8).reshape(-1), a * F.DATA_BYTES_PER_PACKET
    )


def _decode_stream(
    W: np.ndarray,
    key: StreamKey,
    pk: np.ndarray,
    ids: tuple[int, ...],
    budget: list[int],
    step_bytes: int,
    anomalies: list[Anomaly],
    progress: Callable[[int], None] | None,
) -> Stream:
    """Decode one stream: count its commands, anomalies and events, and keep where each step
    starts (see :class:`_Resume`), not the events."""
    carry = _Carry()
    counts = np.zeros(len(Cmd), dtype=np.int64)
    notes: dict[str, list[int]] = {}  # kind -> [stream offset of the first, count]
    resume: list[_Resume] = []
    tallies: list[_Tally] = []
    epochs: list[int] = [0]  # per step: Start commands before it
    truncated = None
    for a in range(0, len(pk), BLOCK_PACKETS):
        b = min(a + BLOCK_PACKETS, len(pk))
        final = b == len(pk)
        block = _block(W, pk, a, b)
        n = (b - a) * F.DATA_BYTES_PER_PACKET
        entry = carry.entry
        starts, last = _command_starts(block.S, n, entry)
        carry.entry = last + int(_LEN[block.S[last]]) - n
        if (
            final and carry.entry > 0
        ):  # the stream ends in the middle of its last command
            _note(notes, "truncated_command", block.base + last, 1)
            starts[last - entry] = False
            truncated = block.base + last
        los = range(0, len(starts), step_bytes)
        entries = [
            _first_command(starts, lo, min(lo + step_bytes, len(starts))) for lo in los
        ]
        counts += _drop_fillers(block.S[entry:n], starts, notes, block.base + entry)
        for lo, first in zip(los, entries, strict=True):
            hi = min(lo + step_bytes, len(starts))
            at = block.base + entry
            r = _Resume(
                at + lo,
                at + hi,
                at + first,
                carry.T,
                carry.M,
                carry.frame,
                carry.after_sync,
                budget[0],
                final and hi == len(starts),
            )
            step = _Step(block, starts[lo:hi], entry + lo, carry, budget, notes)
            step_counts, base, T, opens, closes = step.run(r.final)
            counts += step_counts
            tallies.append(_tally(opens, closes, base, T, step.starts is None))
            epochs.append(epochs[-1] + (0 if step.starts is None else len(step.starts)))
            resume.append(r)
            del opens, closes, T
        if progress is not None:
            progress((b - a) * F.PACKET_BYTES)
    for name, (first_at, count) in notes.items():
        anomalies.append(Anomaly(name, count, _stream_offset(pk, first_at), key))
    begins = np.array([t.counts for t in tallies], dtype=np.int64).reshape(-1, F.SLOTS)
    # the slots open when each step begins: its resume state's; at the end, none (the last step
    # closes every interval)
    held = (
        np.array([r.M for r in resume] + [0], dtype=np.uint8)[:, None]
        >> np.arange(F.SLOTS, dtype=np.uint8)
        & 1
    )
    ends = (
        begins + held[:-1] - held[1:]
    )  # what opens and is open before, less what stays open
    firsts = [t.first for t in tallies if t.first is not None]
    lasts = [t.last for t in tallies if t.last is not None]
    steps = _Steps(
        W, pk, resume, begins, ends, np.array(epochs[:-1], dtype=np.int64), truncated
    )
    return Stream(
        key,
        ids,
        len(pk),
        counts,
        carry.restarts,
        carry.first_timer,
        begins.sum(axis=0),
        min(firsts, default=None),
        max(lasts, default=None),
        steps,
    )


def _first_command(starts: np.ndarray, lo: int, hi: int) -> int:
    """Index of the first command that starts in ``starts[lo:hi]`` (``hi``: none does). One
    starts within the longest command's length, since none spans more."""
    window = starts[lo : min(hi, lo + F.MAX_COMMAND_BYTES)]
    i = int(np.argmax(window)) if len(window) else 0
    return lo + i if len(window) and window[i] else hi


def _note(notes: dict[str, list[int]], kind: str, offset: int, count: int) -> None:
    if kind in notes:
        notes[kind][1] += count
    else:
        notes[kind] = [offset, count]


def decode_buffer(
    data: Any,
    *,
    max_pulses: int | None = None,
    progress: Callable[[int], None] | None = None,
    packet_types: Iterable[int] | None = None,
) -> DecodeResult:
    """Decode one trace buffer (bytes, a buffer object, or a numpy array of its words or bytes).
    The result keeps its own copy of the buffer (``bytes`` are immutable and read in place), so
    the caller may reuse or free the buffer afterwards.

    ``max_pulses`` bounds the events pulsed ``Repeat`` commands may add -- a pulse of a frame of
    ``k`` slots counts ``k`` (default: :data:`PULSE_EVENTS_PER_BYTE` per input byte plus
    :data:`PULSE_EVENTS_BASE`),
    so hostile input cannot make the result, or the files written from it, arbitrarily large;
    each stream may add its share, in proportion to its packets, and pulses beyond it are
    counted in a ``pulse_limit`` anomaly. ``progress(nbytes)`` is called as the buffer is decoded; its calls
    add up to the buffer size. Streams of a large buffer are decoded in parallel threads (numpy
    releases the interpreter lock in its loops); the result does not depend on it.

    ``packet_types`` are the header packet types read as trace packets (default: 0-3, mlir-aie's
    convention; a design whose ``Trace_Control1`` stamps 4-7 adds them); a header of another type
    is an ``invalid_header``."""
    b = _owned_bytes(data)
    result = DecodeResult(size=len(b))
    types = F.DEFAULT_PACKET_TYPES if packet_types is None else frozenset(packet_types)
    packets = _packets(b, result, types)
    total = (
        max_pulses
        if max_pulses is not None
        else PULSE_EVENTS_PER_BYTE * len(b) + PULSE_EVENTS_BASE
    )
    sizes = [len(pk) for _, pk, _ in packets.streams]
    budgets = _shares(total, sizes)
    step_bytes = min(STEP_BYTES, max(MIN_STEP_BYTES, len(b) // 32))
    lock = threading.Lock()
    done = [0]

    def advance(nbytes: int) -> None:
        with lock:
            done[0] += nbytes
            if progress is not None:
                progress(nbytes)

    def decode(i: int) -> tuple[Stream, list[Anomaly]]:
        key, pk, ids = packets.streams[i]
        anomalies: list[Anomaly] = []
        return (
            _decode_stream(
                packets.words,
                key,
                pk,
                ids,
                [budgets[i]],
                step_bytes,
                anomalies,
                advance,
            ),
            anomalies,
        )

    workers = min(WORKERS, len(sizes)) if sum(sizes) >= PARALLEL_PACKETS else 1
    if workers > 1:
        with ThreadPoolExecutor(workers) as pool:
            decoded = list(pool.map(decode, range(len(sizes))))
    else:
        decoded = [decode(i) for i in range(len(sizes))]
    for stream, anomalies in decoded:
        result.streams[stream.key] = stream
        result.anomalies.extend(anomalies)
    if progress is not None:  # packets of no stream (empty, invalid) and the tail
        progress(len(b) - done[0])
    return result


def _shares(total: int, sizes: list[int]) -> list[int]:
    """``total`` split in proportion to ``sizes`` (whole numbers that add up to it)."""
    whole = sum(sizes)
    if not whole:
        return [total] * len(sizes)
    shares = [total * n // whole for n in sizes]
    for i in range(total - sum(shares)):
        shares[i] += 1
    return shares


# ------------------------------------------------------------------------------------------------
# slices and call sites


@dataclass
class SliceDecode:
    """One slice of a fused buffer, decoded against the design that wrote it."""

    device: str
    sequence: str
    call_path: str | None
    offset: int
    size: int
    result: DecodeResult
    design: Any = None  # event_names.DesignEvents, when the module is known
    #: physical column in the packet headers minus the design's column (mlir-aie parse.py's
    #: ``--colshift``): the firmware may start a design on another column than it was placed at
    colshift: int = 0
    #: how ``colshift`` was set: "none" (0, nothing to align), "auto" (the one shift that puts
    #: every stream on a unit the design configures) or "forced" (given by the caller)
    colshift_source: str = "none"
    #: streams of units the design sets to a trace mode other than event-time -> that mode
    #: (``Trace_Control0``); not decoded, each counted as an anomaly
    other_modes: dict[StreamKey, int] = field(default_factory=dict)

    @property
    def kernel(self) -> str:
        return f"{self.device}:{self.sequence}"

    @property
    def label(self) -> str:
        """``dev:seq`` plus its call path (``[call 1/0]``; ``[own]`` for a sequence's own trace)."""
        if self.call_path is None:
            return f"{self.kernel} @{self.offset:#x}"
        return f"{self.kernel} [{'own' if self.call_path == '' else 'call ' + self.call_path}]"

    def design_key(self, key: StreamKey) -> StreamKey:
        """The stream's unit in the design's columns (its header column less :attr:`colshift`)."""
        return (
            StreamKey(key.pkt_type, key.col - self.colshift, key.row)
            if self.colshift
            else key
        )

    def unit_label(self, key: StreamKey) -> str:
        """``core(col,row)`` in the design's columns; the module the design configures names the
        unit whatever packet type it stamps (``type5(0,2)`` only for a unit the design lacks).
        """
        k = self.design_key(key)
        unit = self._unit(k)
        return f"{unit.unit}({k.col},{k.row})" if unit is not None else unit_label(k)

    def _unit(self, design_key: StreamKey) -> Any:
        """The design's unit (``event_names.UnitConfig``) at a key in the design's columns, if any."""
        units = getattr(self.design, "units", None)
        return units.get(tuple(design_key)) if isinstance(units, Mapping) else None

    def slot_name(self, key: StreamKey, slot: int) -> str:
        if self.design is None:
            return f"slot{slot}"
        return self.design.slot_name(tuple(self.design_key(key)), slot)

    def unconfigured_streams(self) -> list[StreamKey]:
        """Streams with events from trace units the design does not configure."""
        if self.design is None:
            return []
        return [
            k
            for k in self.result.streams
            if tuple(self.design_key(k)) not in self.design.units
        ]

    def align_columns(self, colshift: int | None = None) -> None:
        """Set :attr:`colshift`: the given one, or the one shift that puts every stream of the
        slice on a trace unit the design configures when 0 does not and exactly one does (none
        found, or several: 0, and the streams off the design are reported as unconfigured).
        """
        if colshift is not None:
            self.colshift, self.colshift_source = int(colshift), "forced"
            return
        self.colshift, self.colshift_source = 0, "none"
        shift = column_shift(
            self.result.streams, self.design.units if self.design is not None else {}
        )
        if shift:
            self.colshift, self.colshift_source = shift, "auto"

    def set_aside_other_modes(self) -> None:
        """Take the streams of units the design sets to a trace mode other than event-time out of
        the result (into :attr:`other_modes`), each counted as one anomaly naming the mode.
        """
        if self.design is None:
            return
        for key in list(self.result.streams):
            mode = getattr(self._unit(self.design_key(key)), "mode", F.EVENT_TIME)
            if mode == F.EVENT_TIME:
                continue
            stream = self.result.streams.pop(key)
            self.other_modes[key] = mode
            self.result.anomalies.append(
                Anomaly(MODE_ANOMALY[mode], stream.packets, None, key)
            )


def column_shift(
    streams: Iterable[tuple[int, int, int]], units: Mapping[tuple[int, int, int], Any]
) -> int:
    """The column shift (header column minus design column) that puts every stream on a unit of
    ``units``: 0 when 0 does or when not exactly one shift does. Only shifts that map some stream
    onto some unit of the same type and row are tried, so the answer never rests on a guess.
    """
    keys = [tuple(k) for k in streams]
    if not keys or not units or all(k in units for k in keys):
        return 0
    candidates = {
        k[1] - u[1] for k in keys for u in units if k[0] == u[0] and k[2] == u[2]
    }
    fits = [
        s
        for s in sorted(candidates)
        if all((k[0], k[1] - s, k[2]) in units for k in keys)
    ]
    return fits[0] if len(fits) == 1 else 0


def slice_field(s: Any, name: str) -> Any:
    """A slice's field, from a record (``layout.Slice``) or a mapping (a JSON layout)."""
    return s[name] if isinstance(s, Mapping) else getattr(s, name)


def decode_slices(
    data: Any,
    slices: Iterable[Any],
    *,
    max_pulses: int | None = None,
    progress: Callable[[int], None] | None = None,
    packet_types: Mapping[tuple[str, str], Iterable[int]] | None = None,
) -> list[SliceDecode]:
    """Decode each slice (dicts of the layout JSON shape -- ``device``, ``sequence``, ``call_path``,
    ``offset``, ``size`` -- or ``layout.Slice`` objects) of a fused buffer on its own.
    ``packet_types`` gives, per ``(device, sequence)``, the packet types its slices are read with
    (:func:`decode_buffer`; default 0-3).
    """
    b = _as_bytes(data)
    out = []
    for s in slices:
        offset, size = int(slice_field(s, "offset")), int(slice_field(s, "size"))
        part = b[min(offset, len(b)) : min(offset + size, len(b))]
        kernel = (str(slice_field(s, "device")), str(slice_field(s, "sequence")))
        result = decode_buffer(
            part,
            max_pulses=max_pulses,
            progress=progress,
            packet_types=(packet_types or {}).get(kernel),
        )
        result.size = size
        if offset + size > len(b):
            result.anomalies.append(
                Anomaly(
                    "slice_out_of_range",
                    offset + size - max(offset, len(b)),
                    max(offset, len(b)) - offset,
                )
            )
        path = slice_field(s, "call_path")
        out.append(
            SliceDecode(
                str(slice_field(s, "device")),
                str(slice_field(s, "sequence")),
                None if path is None else str(path),
                offset,
                size,
                result,
            )
        )
    return out


def decode_fused(
    data: Any,
    slices: Iterable[Any],
    designs: Mapping[tuple[str, str], Any] | None = None,
    *,
    max_pulses: int | None = None,
    progress: Callable[[int], None] | None = None,
    colshift: int | None = None,
) -> list[SliceDecode]:
    """Decode every slice of a fused buffer and attach the design (``event_names.DesignEvents``) that
    wrote it, looked up by ``(device, sequence)`` in ``designs``, so each event is attributed to
    (device, sequence, call path, tile, unit) with its name. ``colshift`` (header column minus
    design column) forces a column shift; by default each slice is aligned when the shift is
    unambiguous (:meth:`SliceDecode.align_columns`).

    A design's ``Trace_Control1`` may stamp packet types 4-7: its slices read them too. A unit
    the design sets to another trace mode than event-time (``Trace_Control0``) is never read as
    event-time: its stream is taken out of the result and counted as an anomaly that names the
    mode."""
    designs = designs or {}
    types = {
        kernel: F.DEFAULT_PACKET_TYPES | {u.pkt_type for u in d.units.values()}
        for kernel, d in designs.items()
        if d is not None
    }
    out = decode_slices(
        data, slices, max_pulses=max_pulses, progress=progress, packet_types=types
    )
    for sd in out:
        sd.design = designs.get((sd.device, sd.sequence))
        sd.align_columns(colshift)
        sd.set_aside_other_modes()
    return out
