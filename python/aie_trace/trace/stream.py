# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The stream model: one trace buffer's packets, split into streams, decoded into events.

:func:`decode_buffer` turns the bytes of one trace buffer (or one slice of a fused buffer) into
event intervals per stream -- a stream is every packet of one trace unit, keyed by
(packet type, column, row). Packets: header validation, the empty-packet test and
de-interleaving are array operations; the data words of a block of packets are gathered in one
step, their bytes, most significant first, are one byte-swapped copy, and the decode kernel
(:mod:`aie_trace.trace.kernel`) walks them.

The decode counts events per slot and finds the earliest begin and latest end; it does not keep
them. It keeps, per step, the state the step started from (:class:`_Resume`), and a
:class:`Stream` makes events on demand by decoding steps again -- only those that hold events of
the slots asked for -- so a result takes memory in proportion to the buffer's packets, not to its
events. Streams of large buffers are decoded in parallel threads.

Bad input never raises: every byte that is not part of a command or a filler is counted in an
:class:`Anomaly` that says where the first one is.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from . import format as F
from . import kernel as K
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
    "execution_mode": "packet(s) of a trace unit the design sets to execution mode (Trace_Control0 "
    "mode 2), not decoded: they are not event-time frames",
    "reserved_mode": "packet(s) of a trace unit the design sets to the reserved trace mode 3, not decoded",
}


#: anomaly kind of the packets of a unit in each mode neither decoder reads (EVENT_PC: trace.pc)
MODE_ANOMALY = {
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
        """Decode step ``i`` again: ``(base, T, opens, closes)`` as :func:`K.bounds` gives them, and
        the timer epoch of each record (Start commands up to it in the stream)."""
        r = self.resume[i]
        carry = K.Carry(T=r.T, M=r.M, frame=r.frame, after_sync=r.after_sync)
        notes: dict[str, list[int]] = {}  # anomalies were counted by the decode
        if r.entry < r.hi:
            p0 = r.entry // F.DATA_BYTES_PER_PACKET
            block = K.block_of(
                self.words, self.pk, p0, -(-r.hi // F.DATA_BYTES_PER_PACKET)
            )
            entry, n = r.entry - block.base, r.hi - block.base
            marks, _ = K.command_starts(block.S, n, entry)
            if self.truncated is not None and r.entry <= self.truncated < r.hi:
                marks[self.truncated - r.entry] = False
            K.drop_fillers(block.S[entry:n], marks, notes, 0)
        else:
            block, marks, entry = K.EMPTY_BLOCK, np.zeros(0, dtype=bool), 0
        step = K.Step(block, marks, entry, carry, [r.budget], notes)
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

    def stream_bytes(self) -> np.ndarray:
        """The stream's data bytes in order (each word's most significant byte first)."""
        s = self._steps
        return s.words[s.pk, 1:].astype(">u4").view(np.uint8).reshape(-1)

    def buffer_offset(self, i: int) -> int:
        """Buffer byte offset of stream byte ``i``."""
        return K.stream_offset(self._steps.pk, i)

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
            yield [(base, v) for v in K.slot_events(opens, T, mask)], [
                (base + 1, v) for v in K.slot_events(closes, T, mask)
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


def as_bytes(data: Any) -> np.ndarray:
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
        return as_bytes(data)
    return as_bytes(data).copy()


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
    carry = K.Carry()
    counts = np.zeros(len(Cmd), dtype=np.int64)
    notes: dict[str, list[int]] = {}  # kind -> [stream offset of the first, count]
    resume: list[_Resume] = []
    tallies: list[K.Tally] = []
    epochs: list[int] = [0]  # per step: Start commands before it
    truncated = None
    for a in range(0, len(pk), BLOCK_PACKETS):
        b = min(a + BLOCK_PACKETS, len(pk))
        final = b == len(pk)
        block = K.block_of(W, pk, a, b)
        n = (b - a) * F.DATA_BYTES_PER_PACKET
        entry = carry.entry
        starts, last = K.command_starts(block.S, n, entry)
        carry.entry = last + int(K.LEN[block.S[last]]) - n
        if (
            final and carry.entry > 0
        ):  # the stream ends in the middle of its last command
            K.note(notes, "truncated_command", block.base + last, 1)
            starts[last - entry] = False
            truncated = block.base + last
        los = range(0, len(starts), step_bytes)
        entries = [
            _first_command(starts, lo, min(lo + step_bytes, len(starts))) for lo in los
        ]
        counts += K.drop_fillers(block.S[entry:n], starts, notes, block.base + entry)
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
            step = K.Step(block, starts[lo:hi], entry + lo, carry, budget, notes)
            step_counts, base, T, opens, closes = step.run(r.final)
            counts += step_counts
            tallies.append(K.tally(opens, closes, base, T, step.starts is None))
            epochs.append(epochs[-1] + (0 if step.starts is None else len(step.starts)))
            resume.append(r)
            del opens, closes, T
        if progress is not None:
            progress((b - a) * F.PACKET_BYTES)
    for name, (first_at, count) in notes.items():
        anomalies.append(Anomaly(name, count, K.stream_offset(pk, first_at), key))
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
