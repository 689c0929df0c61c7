"""Decode raw trace buffers into timestamped events, per stream and per call site.

:func:`decode_buffer` turns the bytes of one trace buffer (or one slice of a fused buffer) into
event intervals per stream -- a stream is every packet of one trace unit, keyed by
(packet type, column, row) -- following the format and time model of :mod:`aie_trace.trace_format`.
:func:`decode_fused` decodes each slice of a fused buffer against the design that wrote it and
attributes every event to (device, sequence, call path, tile, unit).

How the work is vectorized (numpy only):

* packets: header validation, the empty-packet test and de-interleaving are array operations;
* bytes: the data words of a block of packets are gathered and byte-swapped in one step
  (most significant byte first);
* command boundaries: a byte stream of variable-length commands has a sequential dependency (where
  a command starts depends on every command before it). The stream is cut into chunks; a walker per
  chunk starts a little before the chunk and walks into it (variable-length codes resynchronize
  within a few commands), all walkers advancing in lock step. A chunk is correct when its first
  command is where the previous chunk's last command ends; chunks that are not are re-walked from
  every possible entry offset at once and chained by their exit offsets;
* time: deltas, repeats, syncs and restarts become a segmented cumulative sum; intervals come from
  bit masks of the frames (a slot opens where its bit rises, closes one cycle after it falls).

Bad input never raises: every byte that is not part of a command or a filler is counted in an
:class:`Anomaly` that says where the first one is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, NamedTuple

import numpy as np

from . import trace_format as F
from .trace_format import Cmd

KIND_OF_BYTE = np.array(F.COMMAND_OF_BYTE, dtype=np.uint8)
LEN_OF_BYTE = np.array(F.LENGTH_OF_BYTE, dtype=np.uint8)

#: packets decoded per block (bounds the temporary memory of a stream)
BLOCK_PACKETS = 1 << 16
#: bytes per chunk and warm-up bytes of the chunked command walk
CHUNK = 256
WARMUP = 48

ANOMALY_KINDS = {
    "invalid_header": "packet(s) with an invalid header (even parity, reserved bits set or an unknown "
                      "packet type), not decoded",
    "partial_packet": "word(s) at the end of the buffer that do not fill a packet, not decoded",
    "trailing_bytes": "byte(s) at the end of the buffer that do not fill a word, not decoded",
    "unknown_opcode": "byte(s) that start no command (one byte each)",
    "reserved_frame": "reserved 4-byte frame(s) (first byte 0xDC-0xDF), skipped",
    "truncated_command": "command(s) cut off where the stream ends",
    "repeat_without_frame": "Repeat command(s) with no frame to repeat since the last Start",
    "pulse_limit": "repeated pulse(s) not expanded: the decode reached its event limit",
    "slice_out_of_range": "slice byte(s) beyond the end of the buffer",
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
    from .events import unit_of

    return f"{unit_of(key.pkt_type)}({key.col},{key.row})"


@dataclass
class Stream:
    """The events of one trace unit: intervals ``[begin, end)`` in cycles, ordered by slot, then
    time (:meth:`slot_range` gives one slot's)."""

    key: StreamKey
    pkt_ids: tuple[int, ...]
    packets: int
    slot: np.ndarray
    begin: np.ndarray
    end: np.ndarray
    #: commands decoded, indexed by :class:`Cmd`
    commands: np.ndarray
    #: Start commands whose timer value is below the time already reached
    timer_restarts: int = 0
    #: the first Start's timer value, None without a Start
    first_timer: int | None = None

    def __len__(self) -> int:
        return len(self.slot)

    def slot_range(self, slot: int) -> slice:
        lo, hi = np.searchsorted(self.slot, [slot, slot + 1])
        return slice(int(lo), int(hi))

    def intervals(self) -> list[tuple[int, int, int]]:
        """``(slot, begin, end)`` of every event, ordered by begin, then slot."""
        order = np.lexsort((self.slot, self.begin))
        return list(zip(self.slot[order].tolist(), self.begin[order].tolist(), self.end[order].tolist()))


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


def _as_bytes(data: Any) -> np.ndarray:
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    return np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)


def _odd_parity(h: np.ndarray) -> np.ndarray:
    x = h ^ (h >> 16)
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return (x & 1).astype(bool)


class _Packets(NamedTuple):
    words: np.ndarray      # (npk, 8) little-endian words
    streams: list[tuple[StreamKey, np.ndarray, tuple[int, ...]]]  # key, packet indices, ids


def _packets(b: np.ndarray, result: DecodeResult) -> _Packets:
    nwords = len(b) // F.WORD_BYTES
    if len(b) % F.WORD_BYTES:
        result.anomalies.append(Anomaly("trailing_bytes", len(b) % F.WORD_BYTES, nwords * F.WORD_BYTES))
    words = b[:nwords * F.WORD_BYTES].view("<u4")
    npk = nwords // F.WORDS_PER_PACKET
    tail = words[npk * F.WORDS_PER_PACKET:]
    if tail.size and tail.any():
        result.anomalies.append(Anomaly("partial_packet", int(tail.size), npk * F.PACKET_BYTES))
    W = words[:npk * F.WORDS_PER_PACKET].reshape(npk, F.WORDS_PER_PACKET)
    h = W[:, 0].astype(np.uint32)
    empty = h == 0
    zero_hdr = np.flatnonzero(empty)
    if zero_hdr.size:
        empty[zero_hdr] = ~W[zero_hdr, 1:].any(axis=1)
    ptype = (h >> F.HDR_TYPE_SHIFT) & F.HDR_TYPE_MASK
    valid = _odd_parity(h) & ((h & F.HDR_RESERVED_MASK) == 0) & (ptype <= max(F.PacketType))
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
        result.anomalies.append(Anomaly("invalid_header", int(invalid.size), int(invalid[0]) * F.PACKET_BYTES))
    vidx = np.flatnonzero(valid)
    key = (h[vidx] >> F.HDR_TYPE_SHIFT) & 0xFFFF  # type, row, column bits
    uniq, inverse = np.unique(key, return_inverse=True)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(len(uniq) + 1))
    streams = []
    for i, k in enumerate(uniq.tolist()):
        pk = vidx[order[bounds[i]:bounds[i + 1]]]
        ids = tuple(sorted(set((h[pk] & F.HDR_ID_MASK).tolist())))
        skey = StreamKey(k & F.HDR_TYPE_MASK, (k >> (F.HDR_COL_SHIFT - F.HDR_TYPE_SHIFT)) & F.HDR_COL_MASK,
                         (k >> (F.HDR_ROW_SHIFT - F.HDR_TYPE_SHIFT)) & F.HDR_ROW_MASK)
        streams.append((skey, pk, ids))
    return _Packets(W, streams)


# ------------------------------------------------------------------------------------------------
# command boundaries


def _walk(lens: np.ndarray, pos: np.ndarray, limit: np.ndarray, mark: np.ndarray | None = None) -> np.ndarray:
    """Advance every walker one command at a time until it reaches its limit; the positions where
    they stop (first command boundary at or past the limit). ``mark`` gets every start visited."""
    pos = pos.astype(np.int64)
    act = np.flatnonzero(pos < limit)
    p, lim = pos[act], limit[act]
    while act.size:
        if mark is not None:
            mark[p] = True
        p += lens[p]
        done = p >= lim
        if done.any():
            pos[act[done]] = p[done]
            keep = ~done
            act, p, lim = act[keep], p[keep], lim[keep]
    return pos


def _command_starts(lens: np.ndarray, n: int, entry: int) -> tuple[np.ndarray, int]:
    """Start offsets of the commands that begin in ``[entry, n)`` when the first begins at
    ``entry``, and the offset where the last one ends. ``lens`` covers ``n`` plus look-ahead."""
    mark = np.zeros(n, dtype=bool)
    if n <= entry:
        return np.flatnonzero(mark), entry
    nch = -(-n // CHUNK)
    lo = np.arange(nch, dtype=np.int64) * CHUNK
    hi = np.minimum(lo + CHUNK, n)
    lo[0] = entry
    first = _walk(lens, np.maximum(lo - WARMUP, 0), lo)   # speculative first command per chunk
    first[0] = entry
    exits = _walk(lens, first, hi, mark)
    bad = np.flatnonzero(first[1:] != exits[:-1]) + 1
    if bad.size:
        refit = _refit_chunks(lens, lo, hi, first, exits, bad)
        for j in refit.tolist():
            mark[lo[j]:hi[j]] = False
        _walk(lens, first[refit], hi[refit], mark)
    return np.flatnonzero(mark), int(exits[-1])


def _refit_chunks(lens: np.ndarray, lo: np.ndarray, hi: np.ndarray, first: np.ndarray, exits: np.ndarray,
                  todo: np.ndarray) -> np.ndarray:
    """Chunks whose speculative walk did not start where the previous chunk ended get their exit
    for every entry offset (all at once), then are chained in order; ``first``/``exits`` are
    updated in place. Returns the chunks to re-walk."""
    refit: set[int] = set()
    offsets = np.arange(F.MAX_COMMAND_BYTES)
    while todo.size:
        table = _walk(lens, (lo[todo, None] + offsets).ravel(), np.repeat(hi[todo], len(offsets)))
        table = table.reshape(len(todo), len(offsets))
        pending = set(todo.tolist())
        follow: list[int] = []
        for r, j in enumerate(todo.tolist()):
            entry = int(exits[j - 1])
            if entry == first[j]:
                continue
            first[j] = entry
            refit.add(j)
            out = int(table[r, entry - lo[j]])
            if out != exits[j]:
                exits[j] = out
                if j + 1 < len(lo) and j + 1 not in pending and first[j + 1] != out:
                    follow.append(j + 1)
        todo = np.array(sorted(set(follow)), dtype=np.int64)
    return np.array(sorted(refit), dtype=np.int64)


# ------------------------------------------------------------------------------------------------
# commands -> frames -> intervals


@dataclass
class _Carry:
    """Decoder state carried from one block of a stream to the next."""

    entry: int = 0            # offset (into the next block) where the next command starts
    T: int = 0                # time of the last frame
    M: int = 0                # slots asserted by the last frame
    open_begin: np.ndarray = field(default_factory=lambda: np.zeros(F.SLOTS, dtype=np.int64))
    frame: tuple[int, int] | None = None   # (mask, delta) of the last frame since the last Start
    syncs: int = 0            # Event_Syncs since the last frame
    restarts: int = 0
    first_timer: int | None = None


def _field_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Lookup tables that assemble a command's slot mask and value (cycle delta of a frame, count
    of a Repeat) from its first four bytes: with ``k = b0 << 8 | b1`` and ``p = b2 << 8 | b3``,
    ``mask = MASK[k]`` and ``value = HIGH[k] | (p >> LOW_SHIFT[b0]) & LOW_MASK[b0]``."""
    mask = np.zeros(1 << 16, dtype=np.uint8)
    high = np.zeros(1 << 16, dtype=np.int32)
    low_shift = np.zeros(256, dtype=np.int32)
    low_mask = np.zeros(256, dtype=np.int32)
    b1 = np.arange(256, dtype=np.int32)
    for b0 in range(256):
        k = F.COMMAND_OF_BYTE[b0]
        row = slice(b0 << 8, (b0 + 1) << 8)
        if k == Cmd.SINGLE0:
            mask[row], high[row] = 1 << (b0 >> 4 & 7), b0 & 0xF
        elif k in (Cmd.SINGLE1, Cmd.SINGLE2):
            mask[row] = 1 << (b0 >> 2 & 7)
            high[row] = ((b0 & 3) << 8 | b1) if k == Cmd.SINGLE1 else ((b0 & 3) << 16 | b1 << 8)
            low_shift[b0], low_mask[b0] = 8, 0xFF if k == Cmd.SINGLE2 else 0
        elif k == Cmd.MULTIPLE0:
            mask[row], high[row] = (b0 & 0xF) << 4 | b1 >> 4, b1 & 0xF
        elif k in (Cmd.MULTIPLE1, Cmd.MULTIPLE2):
            mask[row] = (b0 & 3) << 6 | b1 >> 2
            high[row] = (b1 & 3) << 8 if k == Cmd.MULTIPLE1 else (b1 & 3) << 16
            low_shift[b0], low_mask[b0] = (8, 0xFF) if k == Cmd.MULTIPLE1 else (0, 0xFFFF)
        elif k == Cmd.REPEAT0:
            high[row] = b0 & 0xF
        elif k == Cmd.REPEAT1:
            high[row] = (b0 & 3) << 8 | b1
    return mask, high, low_shift, low_mask


_MASK, _HIGH, _LOW_SHIFT, _LOW_MASK = _field_tables()


def _fields(S: np.ndarray, pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Slot mask and value (cycle delta or repeat count) of the commands at ``pos``."""
    b0 = S[pos]
    k = (b0.astype(np.int32) << 8) | S[pos + 1]
    p = (S[pos + 2].astype(np.int32) << 8) | S[pos + 3]
    return _MASK[k], _HIGH[k] | ((p >> _LOW_SHIFT[b0]) & _LOW_MASK[b0])


def _start_values(S: np.ndarray, pos: np.ndarray) -> np.ndarray:
    v = np.zeros(len(pos), dtype=np.int64)
    for i in range(1, F.START_BYTES):
        v = (v << 8) | S[pos + i]
    return v


class _Frames(NamedTuple):
    M: np.ndarray       # slot mask per frame
    T: np.ndarray       # time per frame
    cont: np.ndarray    # 0xFF where the frame is the cycle right after the previous one, else 0


def _repeat_sources(ck: np.ndarray, rp: np.ndarray, st: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each Repeat (index ``rp`` among frame-making commands), the index of the frame it repeats
    (-1: a frame of an earlier block) and whether a Start comes in between."""
    nf = np.union1d(rp, st)   # commands that are not frames, sorted
    run_head = np.flatnonzero(np.diff(nf, prepend=-2) != 1)
    run = np.cumsum(np.diff(nf, prepend=-2) != 1) - 1
    starts_seen = np.cumsum(ck[nf] == Cmd.START)
    before_run = np.where(run_head > 0, starts_seen[run_head - 1], 0)
    where = np.searchsorted(nf, rp)
    source = nf[run_head[run[where]]] - 1
    blocked = starts_seen[where] - before_run[run[where]] > 0
    return source, blocked


def _frames(S: np.ndarray, starts: np.ndarray, kind: np.ndarray, carry: _Carry, budget: list[int],
            notes: dict[str, tuple[int, int]]) -> _Frames:
    """Frames (Repeats expanded, Starts as empty frames) with their times; updates ``carry``;
    anomalies go to ``notes`` as kind -> (block offset of the first, count)."""
    cand = np.flatnonzero(kind <= Cmd.START)            # frames, Repeats, Starts
    pos = starts[cand]
    ck = kind[cand]
    M, v = _fields(S, pos)
    v = v.astype(np.int64)
    R = len(cand)
    dt = v + 1                                          # a frame: 1 + delta
    cont = (v == 0).view(np.uint8)
    # Event_Syncs: their cycles go to the next frame, which then does not continue the last one
    syncs = np.flatnonzero(kind == Cmd.EVENT_SYNC)
    gap = np.zeros(0, dtype=np.int64)
    if syncs.size or carry.syncs:
        gap = np.bincount(np.searchsorted(cand, syncs), minlength=R + 1)
        gap[0] += carry.syncs
        carry.syncs = int(gap[R])
        gap = gap[:R]
        dt += gap * F.EVENT_SYNC_CYCLES
        cont[gap > 0] = 0
    cont = cont * np.uint8(0xFF)
    st = np.flatnonzero(ck == Cmd.START)
    rp = np.flatnonzero((ck - np.uint8(Cmd.REPEAT0)) <= 1)
    n = None   # records per command, when some command makes other than one
    if st.size:
        M[st], cont[st], dt[st] = 0, 0, 0
    if rp.size:
        n = _repeats(ck, M, v, dt, cont, gap, rp, st, carry, pos, notes)
    fl = np.flatnonzero(ck <= Cmd.MULTIPLE2)
    if fl.size or st.size:   # what a Repeat in the next block repeats
        last_f, last_s = (int(fl[-1]) if fl.size else -1), (int(st[-1]) if st.size else -1)
        carry.frame = (int(M[last_f]), int(v[last_f])) if last_f > last_s else None
    values = _start_values(S, pos[st]) if st.size else None
    if n is not None:
        M, dt, cont = _expand(M, dt, cont, n, v, rp, budget, notes, pos)
        st = (np.cumsum(n) - n)[st]   # a Start makes exactly one record
    T = np.cumsum(dt)
    T += carry.T
    if values is not None:   # each Start sets the time to its timer value
        step = np.zeros(len(T), dtype=np.int64)
        step[st] = np.diff(values - T[st], prepend=0)
        T += np.cumsum(step)
        before = np.concatenate([[carry.T], T[:-1]])[st]
        carry.restarts += int((values < before).sum())
        if carry.first_timer is None:
            carry.first_timer = int(values[0])
    return _Frames(M, T, cont)


def _repeats(ck: np.ndarray, M: np.ndarray, v: np.ndarray, dt: np.ndarray, cont: np.ndarray, gap: np.ndarray,
             rp: np.ndarray, st: np.ndarray, carry: _Carry, pos: np.ndarray,
             notes: dict[str, tuple[int, int]]) -> np.ndarray:
    """Resolve Repeats in place (mask and delta of the repeated frame); returns records per command."""
    source, blocked = _repeat_sources(ck, rp, st)
    ok = ~blocked & (source >= 0)
    count = v[rp]
    rm, rc = np.zeros(len(rp), dtype=np.uint8), np.zeros(len(rp), dtype=np.int64)
    rm[ok], rc[ok] = M[source[ok]], v[source[ok]]
    early = ~blocked & (source < 0)
    if carry.frame is not None:
        rm[early], rc[early] = carry.frame
        ok |= early
    if not ok.all():
        bad = np.flatnonzero(~ok & (count > 0))
        if bad.size:
            notes["repeat_without_frame"] = (int(pos[rp[bad[0]]]), int(bad.size))
    g = gap[rp] if len(gap) else np.zeros(len(rp), dtype=np.int64)
    hold = rc == 0
    n = np.ones(len(M), dtype=np.int64)
    n[rp] = np.where(~ok, 0, np.where(hold, np.where((g > 0) & (count > 1), 2, np.minimum(count, 1)), count))
    M[rp] = rm
    # first record of each Repeat; the rest (pulses, or the held cycles after a sync) in _expand
    dt[rp] = np.where(hold & (g == 0), count, 1 + rc + g * F.EVENT_SYNC_CYCLES)
    cont[rp] = np.where(hold & (g == 0), 0xFF, 0)
    v[rp] = np.where(hold, -count, rc)   # _expand: a negative value marks a held Repeat's count
    return n


def _expand(M: np.ndarray, dt: np.ndarray, cont: np.ndarray, n: np.ndarray, v: np.ndarray, rp: np.ndarray,
            budget: list[int], notes: dict[str, tuple[int, int]],
            pos: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Repeat each command's record ``n`` times: later pulses come ``1 + delta`` apart, the held
    cycles of a Repeat after a sync continue its first record."""
    pulses = np.where(v[rp] > 0, n[rp], 0)
    made = np.cumsum(pulses)
    if made.size and made[-1] > budget[0]:   # keep the first pulses that fit, in order
        over = np.minimum(np.maximum(made - budget[0], 0), pulses)
        cut = np.flatnonzero(over)
        notes["pulse_limit"] = (int(pos[rp[cut[0]]]), int(over.sum()))
        n[rp] -= over
    budget[0] -= int(np.where(v[rp] > 0, n[rp], 0).sum())
    added = int(np.maximum(n[rp] - 1, 0).sum())
    owner = np.repeat(np.arange(len(M)), n)
    M, dt, cont = M[owner], dt[owner], cont[owner]
    if added:
        first = np.cumsum(n) - n
        later = np.ones(len(owner), dtype=bool)
        later[first[n > 0]] = False
        later = np.flatnonzero(later)
        src = v[owner[later]]
        dt[later] = np.where(src < 0, -src - 1, 1 + src)
        cont[later] = np.where(src < 0, 0xFF, 0)
    return M, dt, cont


def _intervals(fr: _Frames, carry: _Carry, final: bool, out: list[list[tuple[np.ndarray, np.ndarray]]]) -> None:
    """Append to ``out[slot]`` the (begin, end) of each interval that closes in this block, in time
    order; updates ``carry`` (time, last mask, intervals still open)."""
    M = fr.M
    Mx = np.concatenate([np.array([carry.M], dtype=np.uint8), M])   # record 0 = the carried frame
    Tx = np.concatenate([np.array([carry.T], dtype=np.int64), fr.T])
    held = Mx[:-1] & M & fr.cont
    opens = M & ~held              # frame i opens
    closes = Mx[:-1] & ~held       # record i (the carried frame first) closes
    last = int(Mx[-1])
    new_open = np.zeros(F.SLOTS, dtype=np.int64)
    for s in range(F.SLOTS):
        bit = 1 << s
        begin = fr.T[np.flatnonzero(opens & bit)]
        end = Tx[np.flatnonzero(closes & bit)] + 1
        if carry.M & bit:
            begin = np.concatenate([carry.open_begin[s:s + 1], begin])
        if last & bit:
            if final:
                end = np.concatenate([end, [Tx[-1] + 1]])
            else:
                new_open[s] = begin[-1]
                begin = begin[:-1]
        if len(begin):
            out[s].append((begin, end))
    carry.open_begin, carry.M, carry.T = new_open, last, int(Tx[-1])


# ------------------------------------------------------------------------------------------------
# streams


def _stream_offset(pk: np.ndarray, i: int) -> int:
    """Buffer byte offset of byte ``i`` of a stream whose packets are ``pk``."""
    seq, r = divmod(i, F.DATA_BYTES_PER_PACKET)
    return int(pk[seq]) * F.PACKET_BYTES + F.WORD_BYTES + (r // 4) * 4 + (3 - r % 4)


def _block_bytes(W: np.ndarray, pk: np.ndarray, a: int, b: int) -> np.ndarray:
    """Data bytes (most significant first) of packets ``pk[a:b]`` plus look-ahead from the next
    packet of the stream (zeros at its end)."""
    rows = pk[a:b + 1]
    data = W[rows, 1:]
    if b >= len(pk):
        data = np.concatenate([data, np.zeros((1, F.DATA_WORDS_PER_PACKET), dtype=data.dtype)])
    data.byteswap(inplace=True)
    return data.view(np.uint8).reshape(-1)


def _decode_stream(W: np.ndarray, key: StreamKey, pk: np.ndarray, ids: tuple[int, ...], budget: list[int],
                   anomalies: list[Anomaly], progress: Callable[[int], None] | None) -> Stream:
    carry = _Carry()
    counts = np.zeros(len(Cmd), dtype=np.int64)
    notes: dict[str, list[int]] = {}   # kind -> [stream offset of the first, count]
    out: list[list[tuple[np.ndarray, np.ndarray]]] = [[] for _ in range(F.SLOTS)]
    for a in range(0, len(pk), BLOCK_PACKETS):
        b = min(a + BLOCK_PACKETS, len(pk))
        final = b == len(pk)
        S = _block_bytes(W, pk, a, b)
        n = (b - a) * F.DATA_BYTES_PER_PACKET
        base = a * F.DATA_BYTES_PER_PACKET
        starts, exit_ = _command_starts(LEN_OF_BYTE[S], n, carry.entry)
        carry.entry = exit_ - n
        if final and exit_ > n:   # the stream ends in the middle of its last command
            _note(notes, "truncated_command", base + int(starts[-1]), 1)
            starts = starts[:-1]
        kind = KIND_OF_BYTE[S[starts]]
        counts += np.bincount(kind, minlength=len(Cmd))
        for k, name in ((Cmd.UNKNOWN, "unknown_opcode"), (Cmd.RESERVED4, "reserved_frame")):
            where = np.flatnonzero(kind == k)
            if where.size:
                _note(notes, name, base + int(starts[where[0]]), int(where.size))
        local: dict[str, tuple[int, int]] = {}
        fr = _frames(S, starts, kind, carry, budget, local)
        for name, (first, count) in local.items():
            _note(notes, name, base + first, count)
        _intervals(fr, carry, final, out)
        if progress is not None:
            progress((b - a) * F.PACKET_BYTES)
    for name, (first, count) in notes.items():
        anomalies.append(Anomaly(name, count, _stream_offset(pk, first), key))
    sizes = [sum(len(b) for b, _ in parts) for parts in out]
    slot = np.repeat(np.arange(F.SLOTS, dtype=np.uint8), sizes)
    begin, end = np.empty(sum(sizes), dtype=np.int64), np.empty(sum(sizes), dtype=np.int64)
    at = 0
    for parts in out:   # copy block by block, releasing each block's arrays as it is copied
        parts.reverse()
        while parts:
            b, e = parts.pop()
            begin[at:at + len(b)], end[at:at + len(b)] = b, e
            at += len(b)
    return Stream(key, ids, len(pk), slot, begin, end, counts, carry.restarts, carry.first_timer)


def _note(notes: dict[str, list[int]], kind: str, offset: int, count: int) -> None:
    if kind in notes:
        notes[kind][1] += count
    else:
        notes[kind] = [offset, count]


def decode_buffer(data: Any, *, max_pulses: int | None = None,
                  progress: Callable[[int], None] | None = None) -> DecodeResult:
    """Decode one trace buffer (bytes, a buffer object, or a numpy array of its words or bytes).

    ``max_pulses`` bounds how many pulses ``Repeat`` commands may add (default: 16 per input byte
    plus 2**20), so hostile input cannot make the result arbitrarily large; pulses beyond it are
    counted in a ``pulse_limit`` anomaly. ``progress(nbytes)`` is called as the buffer is decoded;
    its calls add up to the buffer size."""
    b = _as_bytes(data)
    result = DecodeResult(size=len(b))
    packets = _packets(b, result)
    budget = [max_pulses if max_pulses is not None else 16 * len(b) + (1 << 20)]
    done = [0]

    def advance(nbytes: int) -> None:
        done[0] += nbytes
        if progress is not None:
            progress(nbytes)

    for key, pk, ids in packets.streams:
        result.streams[key] = _decode_stream(packets.words, key, pk, ids, budget, result.anomalies, advance)
    if progress is not None:   # packets of no stream (empty, invalid) and the tail
        progress(len(b) - done[0])
    return result


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
    design: Any = None   # events.DesignEvents, when the module is known

    @property
    def kernel(self) -> str:
        return f"{self.device}:{self.sequence}"

    @property
    def label(self) -> str:
        """``dev:seq`` plus its call path (``[call 1/0]``; ``[own]`` for a sequence's own trace)."""
        if self.call_path is None:
            return f"{self.kernel} @{self.offset:#x}"
        return f"{self.kernel} [{'own' if self.call_path == '' else 'call ' + self.call_path}]"

    def slot_name(self, key: StreamKey, slot: int) -> str:
        return self.design.slot_name(tuple(key), slot) if self.design is not None else f"slot{slot}"

    def unconfigured_streams(self) -> list[StreamKey]:
        """Streams with events from trace units the design does not configure."""
        if self.design is None:
            return []
        return [k for k in self.result.streams if tuple(k) not in self.design.units]


def _slice_field(s: Any, name: str) -> Any:
    return s[name] if isinstance(s, Mapping) else getattr(s, name)


def decode_slices(data: Any, slices: Iterable[Any], *, max_pulses: int | None = None,
                  progress: Callable[[int], None] | None = None) -> list[SliceDecode]:
    """Decode each slice (dicts of the layout JSON shape -- ``device``, ``sequence``, ``call_path``,
    ``offset``, ``size`` -- or ``layout.Slice`` objects) of a fused buffer on its own."""
    b = _as_bytes(data)
    out = []
    for s in slices:
        offset, size = int(_slice_field(s, "offset")), int(_slice_field(s, "size"))
        part = b[min(offset, len(b)):min(offset + size, len(b))]
        result = decode_buffer(part, max_pulses=max_pulses, progress=progress)
        result.size = size
        if offset + size > len(b):
            result.anomalies.append(Anomaly("slice_out_of_range", offset + size - max(offset, len(b)),
                                            max(offset, len(b)) - offset))
        path = _slice_field(s, "call_path")
        out.append(SliceDecode(str(_slice_field(s, "device")), str(_slice_field(s, "sequence")),
                               None if path is None else str(path), offset, size, result))
    return out


def decode_fused(data: Any, slices: Iterable[Any], designs: Mapping[tuple[str, str], Any] | None = None, *,
                 max_pulses: int | None = None, progress: Callable[[int], None] | None = None) -> list[SliceDecode]:
    """Decode every slice of a fused buffer and attach the design (``events.DesignEvents``) that
    wrote it, looked up by ``(device, sequence)`` in ``designs``, so each event is attributed to
    (device, sequence, call path, tile, unit) with its name."""
    out = decode_slices(data, slices, max_pulses=max_pulses, progress=progress)
    for sd in out:
        sd.design = (designs or {}).get((sd.device, sd.sequence))
    return out


def designs_for(module: Any, slices: Iterable[Any], arch: str | None = None) -> dict[tuple[str, str], Any]:
    """The trace configuration of every design the slices name, read from ``module``; raises
    ``events.EventConfigError`` for a slice naming a design the module lacks."""
    from .events import design_events

    out: dict[tuple[str, str], Any] = {}
    for s in slices:
        key = (str(_slice_field(s, "device")), str(_slice_field(s, "sequence")))
        if key not in out:
            out[key] = design_events(module, key[0], key[1], arch)
    return out
