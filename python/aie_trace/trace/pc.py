# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""EVENT_PC trace mode (``Trace_Control0`` mode 1 of a core module): frames with the program counter.

AM009 ("Trace"): in event-PC mode a core's trace unit writes a frame in each cycle in which one or
more of its eight watched events are asserted; the frame holds the core's program counter and the
eight events' values. The frame carries no time. The byte layout is the one mlir-aie decodes since
PR #3504 (``python/utils/trace/utils.py@feb92118``, ``decode_event_pc_stream``, and its tests
``test/python/test_trace_mode1_decode.py@feb92118``); that PR derived it from hardware captures
(event-time and EVENT_PC traces of the same kernel) and checked the decoded PCs against the
addresses of the core's ELF. The packets and the stream are those of event-time mode
(:mod:`aie_trace.trace.format`); the commands, by first byte ``b0``:

========================  =====  ==============================================================
``b0``                    bytes  command
========================  =====  ==============================================================
``1111 0x01``             8      Start: 56-bit timer value, big-endian in bytes 1..7 (mode 0's
                                 Start is ``1111 0x00``: bit 0 is the unit's mode)
``1100 01mm``             4      frame: slot mask ``[25:18]`` of the 32-bit command, bits
                                 ``[17:14]`` zero in every capture, PC ``[13:0]``
``1110 rrrr``             1      Repeat0: the last frame ``r`` more times
``1101 10rr``             2      Repeat1: the last frame ``r`` (10 bits) more times
``1101 11xx``             4      skipped (as in event-time mode)
``1111 1110``             1      filler
``1111 1111``             1      Event_Sync
========================  =====  ==============================================================

Any other first byte starts no command: it is one byte, counted as an ``unknown_opcode``
anomaly (mlir-aie skips it without a word).

A decoded stream (:class:`PcStream`) is a list of *records* in capture order: a frame and how many
frames it stands for (1 plus the Repeats that follow it), and the run it belongs to (the number
of Starts before it). Repeats add frames, at most one per stream byte plus 2^18 in a stream, so
hostile input cannot make the output arbitrarily large (beyond that: a ``pulse_limit`` anomaly).

:class:`Symbols` maps program counters to functions: the symbol table of the core's ELF
(``STT_FUNC`` symbols of a 32-bit little-endian ELF, as Peano and chess write them) or the map
file lld writes for the link (``ld.lld -Map``: ``lld/ELF/MapFile.cpp``).
"""

from __future__ import annotations

import bisect
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from . import format as F
from .kernel import note as _note
from .stream import Anomaly, StreamKey

#: the frame command (a 32-bit word, first byte most significant): slot mask and PC fields
FRAME_SLOTS_SHIFT, PC_MASK = 18, 0x3FFF
#: frames Repeats may add per stream byte, plus a base (as the event-time decoder bounds pulses)
REPEAT_FRAMES_PER_BYTE, REPEAT_FRAMES_BASE = 1, 1 << 18

#: (mask, value, command, length in bytes): ``b0 & mask == value``; every other first byte is
#: one ``unknown`` byte. At most one row matches each byte value (checked at import).
OPCODES: tuple[tuple[int, int, str, int], ...] = (
    (0xFB, 0xF1, "start", F.START_BYTES),  # 1111 0x01 + 56-bit timer, big-endian
    (0xFC, 0xC4, "frame", 4),  # 1100 01mm mmmm mm00 00pp pppp pppppppp
    (0xF0, 0xE0, "repeat0", 1),  # 1110 rrrr
    (0xFC, 0xD8, "repeat1", 2),  # 1101 10rr rrrrrrrr
    (0xFC, 0xDC, "skipped", 4),  # 1101 11xx + 3 bytes
    (0xFF, 0xFE, "filler", 1),  # 1111 1110
    (0xFF, 0xFF, "event_sync", 1),  # 1111 1111
)
COMMANDS = tuple(row[2] for row in OPCODES)


def _table() -> tuple[tuple[str, int], ...]:
    out = []
    for b in range(256):
        rows = [(cmd, n) for mask, value, cmd, n in OPCODES if b & mask == value]
        if len(rows) > 1:
            raise AssertionError(f"opcode byte {b:#04x} matches {len(rows)} commands")
        out.append(rows[0] if rows else ("unknown", 1))
    return tuple(out)


#: command and length of the command each byte value starts
COMMAND_OF_BYTE = _table()


class SymbolsError(ValueError):
    """A file that cannot give the functions of a core's program."""


# ------------------------------------------------------------------------------------------------
# decoding


@dataclass(frozen=True)
class PcStream:
    """The EVENT_PC frames of one core's trace unit, in capture order.

    Record ``i`` is a frame with program counter ``pc[i]`` and slot mask ``mask[i]`` (bit ``s``:
    slot ``s``'s event was asserted), standing for ``frames[i]`` frames (itself and the Repeats
    after it), written in run ``run[i]`` (Start commands before it; 0 before the first).
    """

    key: StreamKey
    pkt_ids: tuple[int, ...]
    packets: int
    pc: np.ndarray  # uint16
    mask: np.ndarray  # uint8
    frames: np.ndarray  # int64
    run: np.ndarray  # int64
    #: the timer value of each Start
    timers: tuple[int, ...]
    commands: dict[str, int]
    anomalies: tuple[Anomaly, ...] = ()
    symbols: Symbols | None = None

    @property
    def total_frames(self) -> int:
        return int(self.frames.sum())

    def slot_counts(self) -> np.ndarray:
        """Frames in which each slot's event was asserted."""
        bits = (self.mask[:, None] >> np.arange(F.SLOTS, dtype=np.uint8)) & 1
        return (bits.astype(np.int64) * self.frames[:, None]).sum(axis=0)

    def functions(self) -> list[str | None]:
        """The function of each record's PC (None: unmapped, or no symbols)."""
        if self.symbols is None:
            return [None] * len(self.pc)
        pcs, at = np.unique(self.pc, return_inverse=True)
        names = [self.symbols.function(int(p)) for p in pcs]
        return [names[i] for i in at.reshape(-1).tolist()]

    def frames_per_function(self) -> dict[str, int]:
        """Frames per function, most first (``?`` for PCs no symbol covers)."""
        out: dict[str, int] = {}
        for name, n in zip(self.functions(), self.frames.tolist(), strict=True):
            out[name or "?"] = out.get(name or "?", 0) + n
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def with_symbols(self, symbols: Symbols | None) -> PcStream:
        return replace(self, symbols=symbols)


#: stream bytes decoded at a time (temporary memory: about 20 bytes per byte of a block), and the
#: chunks command starts are found in (:func:`command_starts`)
BLOCK_BYTES, CHUNK = 1 << 18, 64
_KINDS = ("unknown", *COMMANDS)
_KIND = np.array([_KINDS.index(c) for c, _ in COMMAND_OF_BYTE], dtype=np.uint8)
_LEN = np.array([n for _, n in COMMAND_OF_BYTE], dtype=np.int64)
_LEN32 = _LEN.astype(np.int32)
UNKNOWN, START, FRAME, REPEAT0, REPEAT1, SKIPPED = range(6)


def command_starts(b: np.ndarray, entry: int, m: int) -> np.ndarray:
    """Where the commands start that begin in ``b[entry:m]``, the first at ``entry < 8`` (``b``
    holds 8 bytes past ``m``: a command may end there). Where a command starts depends on every
    command before it; so the block is cut into chunks of :data:`CHUNK` bytes and each chunk is
    walked from each of the 8 offsets a command can enter it at, all walks at once, a command a
    round (the longest command is 8 bytes); the chunks are chained by where each walk leaves its
    chunk, and the walks the chain takes are walked again, keeping their starts."""
    if entry >= m:
        return np.zeros(0, dtype=np.int64)
    step = _LEN32[b]
    nch = -(-m // CHUNK)
    first = np.arange(nch, dtype=np.int32) * CHUNK
    end = np.minimum(first + CHUNK, m)
    pos = (first[:, None] + np.arange(8, dtype=np.int32)).reshape(-1)
    _walk(pos, np.repeat(end, 8), step)
    leave = (pos.reshape(nch, 8) - end[:, None]).tolist()
    enter = [entry]
    for c in range(nch - 1):
        enter.append(leave[c][enter[-1]])
    pos = first + np.array(enter, dtype=np.int32)
    found: list[np.ndarray] = []
    _walk(pos, end, step, found)
    return np.sort(np.concatenate(found)).astype(np.int64)


def _walk(
    pos: np.ndarray, end: np.ndarray, step: np.ndarray, found: list | None = None
) -> None:
    """Move every ``pos`` on, a command at a time, until it reaches its ``end`` (in place); the
    starts passed are appended to ``found``."""
    walk = np.flatnonzero(pos < end)
    while walk.size:
        p = pos[walk]
        if found is not None:
            found.append(p)
        p = p + step[p]
        pos[walk] = p
        walk = walk[p < end[walk]]


@dataclass
class _State:
    """What a block hands the next: where its first command starts, the runs (Starts) so far,
    whether the last record belongs to the current run, the Repeat frames left."""

    entry: int = 0
    runs: int = 0
    open_frame: bool = False
    budget: int = 0


def decode_pc_bytes(
    data: bytes | bytearray | np.ndarray,
    *,
    max_repeat_frames: int | None = None,
    offset_of: Callable[[int], int] | None = None,
    key: Any = None,
) -> tuple[dict[str, np.ndarray], tuple[int, ...], dict[str, int], list[Any]]:
    """Decode the bytes of one EVENT_PC stream (``bytes`` or a uint8 array, in stream order):
    ``(records, timers, commands, anomalies)``, where
    ``records`` holds the ``pc``, ``mask``, ``frames`` and ``run`` arrays of :class:`PcStream`.
    ``offset_of(i)`` gives the buffer offset of stream byte ``i`` (anomalies are located by it).
    A block of the stream at a time, with numpy: command starts (:func:`command_starts`), then
    each kind of command by its first byte."""
    b = np.frombuffer(bytes(data) + bytes(8), dtype=np.uint8)
    n = len(b) - 8
    st = _State(
        budget=(
            REPEAT_FRAMES_PER_BYTE * n + REPEAT_FRAMES_BASE
            if max_repeat_frames is None
            else max_repeat_frames
        )
    )
    parts: list[dict[str, np.ndarray]] = []
    timers: list[int] = []
    counts = np.zeros(len(_KINDS), dtype=np.int64)
    notes: dict[str, list[int]] = {}
    for lo in range(0, n, BLOCK_BYTES):
        m = min(BLOCK_BYTES, n - lo)
        blk = b[lo : lo + m + 8]
        at = command_starts(blk, st.entry, m)
        if not at.size:
            st.entry -= m
            continue
        end = at[-1] + _LEN[blk[at[-1]]]
        st.entry = int(end - m)
        if lo + m == n and end > m:  # the stream ends inside its last command
            _note(notes, "truncated_command", lo + int(at[-1]), 1)
            at = at[:-1]
            if not at.size:
                break
        kind = _KIND[blk[at]]
        counts += np.bincount(kind, minlength=len(_KINDS))
        for k, name in ((UNKNOWN, "unknown_opcode"), (SKIPPED, "reserved_frame")):
            hit = np.flatnonzero(kind == k)
            if hit.size:
                _note(notes, name, lo + int(at[hit[0]]), int(hit.size))
        parts.append(_records(blk, at, kind, lo, st, parts, timers, notes))
    where = offset_of or (lambda k: k)
    anomalies = [
        Anomaly(kind, count, where(at), key) for kind, (at, count) in notes.items()
    ]
    records = {
        f: np.concatenate([p[f] for p in parts]) if parts else np.zeros(0, t)
        for f, t in (
            ("pc", np.uint16),
            ("mask", np.uint8),
            ("frames", np.int64),
            ("run", np.int64),
        )
    }
    commands = {c: int(counts[_KINDS.index(c)]) for c in COMMANDS}
    return records, tuple(timers), commands, anomalies


def _records(
    blk: np.ndarray,
    at: np.ndarray,
    kind: np.ndarray,
    lo: int,
    st: _State,
    parts: list[dict[str, np.ndarray]],
    timers: list[int],
    notes: dict[str, list[int]],
) -> dict[str, np.ndarray]:
    """The records of one block's commands (``at``, of ``kind``): a frame is a record of the
    current run, a Start begins a run, a Repeat adds frames to the last record if it is of the
    current run (up to the budget left); the last record of the previous block (in ``parts``)
    may take this block's first Repeats."""
    is_frame, is_start = kind == FRAME, kind == START
    f = at[is_frame]
    word = (
        blk[f].astype(np.int64) << 24
        | blk[f + 1].astype(np.int64) << 16
        | blk[f + 2].astype(np.int64) << 8
        | blk[f + 3]
    )
    for p in at[is_start].tolist():
        timers.append(int.from_bytes(blk[p + 1 : p + 8].tobytes(), "big"))
    runs = st.runs + np.cumsum(is_start)
    out = {
        "pc": (word & PC_MASK).astype(np.uint16),
        "mask": (word >> FRAME_SLOTS_SHIFT & 0xFF).astype(np.uint8),
        "frames": np.ones(len(f), dtype=np.int64),
        "run": runs[is_frame],
    }
    # per command: the last record before it (-1: the previous block's), and whether a Start
    # came after that record
    rec = np.cumsum(is_frame) - 1
    last_frame = np.maximum.accumulate(np.where(is_frame, np.arange(len(at)), -1))
    last_start = np.maximum.accumulate(np.where(is_start, np.arange(len(at)), -1))
    has_frame = (last_frame > last_start) | (
        (last_frame < 0) & (last_start < 0) & st.open_frame
    )
    rep = np.flatnonzero((kind == REPEAT0) | (kind == REPEAT1))
    if rep.size:
        p = at[rep]
        r = np.where(
            kind[rep] == REPEAT0,
            blk[p] & 0xF,
            (blk[p].astype(np.int64) & 0x3) << 8 | blk[p + 1],
        ).astype(np.int64)
        lost = rep[~has_frame[rep]]
        if lost.size:
            _note(notes, "repeat_without_frame", lo + int(at[lost[0]]), int(lost.size))
        ok = has_frame[rep]
        r, target = r[ok], rec[rep[ok]]
        before = np.cumsum(r) - r
        add = np.clip(st.budget - before, 0, r)
        if (add < r).any():
            first = int(np.argmax(add < r))
            _note(
                notes, "pulse_limit", lo + int(at[rep[ok][first]]), int((r - add).sum())
            )
        st.budget -= int(add.sum())
        out["frames"] += np.bincount(
            target[target >= 0], weights=add[target >= 0], minlength=len(f)
        ).astype(np.int64)
        carried = int(add[target < 0].sum())
        if carried:
            prev = next(q for q in reversed(parts) if len(q["frames"]))
            prev["frames"][-1] += carried
    st.runs = int(runs[-1])
    st.open_frame = bool(has_frame[-1])
    return out


def decode_pc_stream(stream: Any) -> PcStream:
    """Decode an event-time decode's :class:`aie_trace.trace.stream.Stream` of a unit the design sets to
    EVENT_PC mode: the same packets, read as EVENT_PC commands."""
    records, timers, counts, anomalies = decode_pc_bytes(
        stream.stream_bytes(), offset_of=stream.buffer_offset, key=stream.key
    )
    return PcStream(
        stream.key,
        tuple(stream.pkt_ids),
        stream.packets,
        timers=timers,
        commands=counts,
        anomalies=tuple(anomalies),
        **records,
    )


# ------------------------------------------------------------------------------------------------
# program counters to functions

_ELF_MAGIC = b"\x7fELF"
_SHT_SYMTAB = 2
_STT_FUNC = 2
_SHN_UNDEF = 0
#: lld map lines: VMA, LMA, size (hex), alignment (decimal), then the name at its depth
_MAP_LINE = re.compile(
    r"^\s*([0-9a-fA-F]+)\s+([0-9a-fA-F]+)\s+([0-9a-fA-F]+)\s+(\d+) (.*)$"
)
_MAP_HEADER = re.compile(r"^\s*VMA\s+LMA\s+Size\s+Align\s+Out\s+In\s+Symbol\s*$")


@dataclass(frozen=True)
class Symbols:
    """Functions of a core's program: ``[start, end)`` address ranges and names, by start.

    A PC maps to the function whose range holds it; among ranges that hold it, the one that
    starts last (the innermost), then the first listed. A symbol of size 0 reaches the next
    symbol's start in its section.
    """

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    names: tuple[str, ...]
    #: "elf" or "lld map"
    source: str
    #: the file read (for messages)
    path: str = ""
    _max_len: int = field(default=0, repr=False)

    @classmethod
    def of(
        cls, ranges: list[tuple[int, int, str]], source: str, path: str = ""
    ) -> Symbols:
        ranges = sorted(ranges, key=lambda r: r[0])
        return cls(
            tuple(r[0] for r in ranges),
            tuple(r[1] for r in ranges),
            tuple(r[2] for r in ranges),
            source,
            path,
            max((r[1] - r[0] for r in ranges), default=0),
        )

    def function(self, pc: int) -> str | None:
        i = bisect.bisect_right(self.starts, pc) - 1
        while i >= 0 and pc - self.starts[i] < self._max_len:
            if pc < self.ends[i]:
                j = i  # the first listed of those starting at the same address
                while (
                    j > 0
                    and self.starts[j - 1] == self.starts[i]
                    and pc < self.ends[j - 1]
                ):
                    j -= 1
                return self.names[j]
            i -= 1
        return None

    def __len__(self) -> int:
        return len(self.names)


def symbols_from_file(path: str, data: bytes) -> Symbols:
    """The functions in ``data``: an ELF (told by its magic bytes) or an lld map file."""
    if data[:4] == _ELF_MAGIC:
        return symbols_from_elf(data, path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SymbolsError("neither an ELF file nor a linker map (text) file") from None
    return symbols_from_lld_map(text, path)


def symbols_from_elf(data: bytes, path: str = "") -> Symbols:
    """``STT_FUNC`` symbols of the symbol table of a 32-bit little-endian ELF (the ELF32 layout of
    the System V gABI: ``e_shoff`` at 0x20, ``e_shentsize``/``e_shnum``/``e_shstrndx`` at
    0x2E..0x33; 40-byte section headers; 16-byte ``Elf32_Sym``)."""
    if data[:4] != _ELF_MAGIC:
        raise SymbolsError("not an ELF file")
    if len(data) < 52 or data[4] != 1 or data[5] != 1:
        raise SymbolsError("not a 32-bit little-endian ELF file")
    (shoff,) = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    if shentsize < 40 or shoff + shnum * shentsize > len(data):
        raise SymbolsError("its section headers lie outside the file")
    sections = [
        struct.unpack_from("<IIIIIIIIII", data, shoff + k * shentsize)
        for k in range(shnum)
    ]
    ranges: list[tuple[int, int, str]] = []
    found = False
    for _name, kind, _flags, _addr, off, size, link, _info, _align, entsize in sections:
        if kind != _SHT_SYMTAB:
            continue
        found = True
        if entsize < 16 or off + size > len(data) or link >= shnum:
            raise SymbolsError("its symbol table lies outside the file")
        str_off, str_size = sections[link][4], sections[link][5]
        if str_off + str_size > len(data):
            raise SymbolsError("its string table lies outside the file")
        strings = data[str_off : str_off + str_size]
        funcs = []
        for at in range(off, off + size - 15, entsize):
            st_name, value, st_size, info, _other, shndx = struct.unpack_from(
                "<IIIBBH", data, at
            )
            if info & 0xF != _STT_FUNC or shndx == _SHN_UNDEF:
                continue
            end = strings.find(b"\0", st_name)
            name = strings[st_name : end if end >= 0 else len(strings)].decode(
                "utf-8", "replace"
            )
            funcs.append((value, st_size, name, shndx))
        ranges += _close_ranges(funcs)
    if not found:
        raise SymbolsError("the ELF file has no symbol table (stripped?)")
    return Symbols.of(ranges, "elf", path)


def _close_ranges(
    symbols: list[tuple[int, int, str, Any]],
) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` of ``(start, size, name, section)``: a symbol of size 0 reaches the
    next start in its section (or is a point)."""
    out = []
    by_section: dict[Any, list[int]] = {}
    for start, _size, _name, sec in symbols:
        by_section.setdefault(sec, []).append(start)
    for starts in by_section.values():
        starts.sort()
    for start, size, name, sec in symbols:
        if size:
            out.append((start, start + size, name))
            continue
        starts = by_section[sec]
        k = bisect.bisect_right(starts, start)
        out.append((start, starts[k] if k < len(starts) else start + 1, name))
    return out


def symbols_from_lld_map(text: str, path: str = "") -> Symbols:
    """Symbols of an lld map file (``ld.lld -Map``, the linker Peano uses): a header ``VMA LMA
    Size Align Out In Symbol``, then one line per output section (name at depth 0), input section
    (depth 8) and symbol (depth 16 after the four columns). Every symbol of a section counts: the
    map does not say which are functions, and a PC lies in the program's sections only.
    """
    lines = text.splitlines()
    first = next((k for k, line in enumerate(lines) if line.strip()), None)
    if first is None or not _MAP_HEADER.match(lines[first]):
        raise SymbolsError(
            "not an lld map file: its first line is not 'VMA LMA Size Align Out In Symbol'"
        )
    section = None
    syms: list[tuple[int, int, str, Any]] = []
    for k, line in enumerate(lines[first + 1 :], first + 2):
        if not line.strip():
            continue
        m = _MAP_LINE.match(line)
        if m is None:
            raise SymbolsError(f"line {k}: not a line of an lld map file")
        vma, size, rest = int(m[1], 16), int(m[3], 16), m[5]
        depth = len(rest) - len(rest.lstrip(" "))
        name = rest.strip()
        if depth == 0:
            section = (name, vma)
        elif depth >= 16 and section is not None:
            syms.append((vma, size, name, section))
    return Symbols.of(_close_ranges(syms), "lld map", path)


def attach_symbols(
    slices: list[Any], symbols: Mapping[tuple[str | None, int, int], Symbols]
) -> list[str]:
    """Give each EVENT_PC unit the functions of its core: ``symbols`` maps ``(device, col, row)``
    (the design's columns; device None: any design) to :class:`Symbols`. Returns a note for each
    entry no EVENT_PC unit used."""
    used = set()
    for sd in slices:
        for key, ps in list(sd.pc_streams.items()):
            k = sd.design_key(key)
            for spec in ((sd.device, k.col, k.row), (None, k.col, k.row)):
                if spec in symbols:
                    sd.pc_streams[key] = ps.with_symbols(symbols[spec])
                    used.add(spec)
                    break
    return [
        f"symbols for core ({c},{r}){' of ' + d if d else ''} were given, but no EVENT_PC "
        "unit traces it"
        for (d, c, r) in symbols
        if (d, c, r) not in used
    ]


# ------------------------------------------------------------------------------------------------
# output


def summary(sd: Any, key: Any, ps: PcStream) -> dict[str, Any]:
    """One EVENT_PC unit's summary (JSON-ready)."""
    k = sd.design_key(key)
    events = {sd.slot_name(key, s): int(n) for s, n in enumerate(ps.slot_counts()) if n}
    pcs, at = np.unique(ps.pc, return_inverse=True)
    per_pc = np.bincount(at, weights=ps.frames, minlength=len(pcs)) if len(pcs) else []
    top = sorted(
        zip(pcs.tolist(), np.asarray(per_pc).tolist(), strict=True), key=lambda t: -t[1]
    )
    out: dict[str, Any] = {
        "unit": "core",
        "col": k.col,
        "row": k.row,
        "trace_col": key.col,
        "mode": "EVENT_PC",
        "pkt_ids": list(ps.pkt_ids),
        "frames": ps.total_frames,
        "records": len(ps.pc),
        "runs": len(ps.timers),
        "first_timer": ps.timers[0] if ps.timers else None,
        "events": events,
        "distinct_pcs": len(pcs),
        "top_pcs": [{"pc": p, "frames": int(n)} for p, n in top[:8]],
    }
    if ps.symbols is not None:
        out["symbols"] = {"source": ps.symbols.source, "path": ps.symbols.path}
        out["functions"] = ps.frames_per_function()
    return out


def format_lines(u: Mapping[str, Any]) -> list[str]:
    """Text summary lines of one EVENT_PC unit (as :func:`summary` gives it)."""
    runs = f", {u['runs']} runs" if u["runs"] > 1 else ""
    lines = [
        f"  {u['unit']}({u['col']},{u['row']})  EVENT_PC: {u['frames']} frames, "
        f"{u['distinct_pcs']} distinct PCs{runs}"
    ]
    width = max((len(n) for n in u["events"]), default=0)
    for name, count in u["events"].items():
        lines.append(f"    {name:<{width}}  {count:>10} frames")
    if "functions" in u:
        total = max(u["frames"], 1)
        lines.append(
            "    functions: "
            + ", ".join(
                f"{name} {n} ({n / total:.1%})" for name, n in u["functions"].items()
            )
        )
    else:
        lines.append(
            "    PCs: "
            + ", ".join(f"{t['pc']:#06x} {t['frames']}" for t in u["top_pcs"])
        )
    return lines


def chrome_events(
    sd: Any,
    key: Any,
    ps: PcStream,
    process: Callable[[str, str, list[tuple[int, str]]], int],
    add: Callable[[dict[str, Any]], None],
    style: str,
) -> int:
    """Write one EVENT_PC unit's frames as thread-scoped instant events (``ph: i``), one per
    asserted slot of each frame, ``args.pc`` the program counter (and ``args.function`` when the
    core's symbols are known). Frames carry no time: ``ts`` is the frame's place in capture order
    (Repeats expanded), as mlir-aie's parser writes it -- in the ``perfetto`` style drawn as one
    nanosecond per frame, with ``args.frame``. With symbols, a ``function`` thread shows each run
    of consecutive frames in one function as a span. Returns the events written."""
    counts = ps.slot_counts()
    slots = [s for s in range(F.SLOTS) if counts[s]]
    if not slots:
        return 0
    names = {s: sd.slot_name(key, s) for s in slots}
    threads = [(s, f"{names[s]} (slot {s})") for s in slots]
    funcs = ps.functions()
    if ps.symbols is not None:
        threads.append((F.SLOTS, "function"))
    labels = (
        f"{sd.kernel} call {sd.call_path}; EVENT_PC: frames carry no time, "
        "ts is the frame's place in capture order"
        + ("; 1 ns shown = 1 frame" if style == "perfetto" else "")
    )
    pid = process(f"{sd.label} {sd.unit_label(key)} EVENT_PC", labels, threads)
    perfetto = style == "perfetto"
    written = 0
    t = 0
    span: list[Any] = []  # [function, first frame, frames]
    for pc, mask, n, fn in zip(
        ps.pc.tolist(), ps.mask.tolist(), ps.frames.tolist(), funcs, strict=True
    ):
        args: dict[str, Any] = {"pc": pc}
        if fn is not None:
            args["function"] = fn
        for f in range(t, t + n):
            for s in slots:
                if mask >> s & 1:
                    e = {
                        "name": names[s],
                        "ph": "i",
                        "s": "t",
                        "pid": pid,
                        "tid": s,
                        "ts": f / 1000 if perfetto else f,
                        "args": {**args, "frame": f} if perfetto else args,
                    }
                    add(e)
                    written += 1
        if ps.symbols is not None:
            name = fn or "?"
            if span and span[0] == name:
                span[2] += n
            else:
                _span(add, pid, span, perfetto)
                span = [name, t, n]
        t += n
    _span(add, pid, span, perfetto)
    return written


def _span(
    add: Callable[[dict[str, Any]], None], pid: int, span: list[Any], perfetto: bool
) -> None:
    if not span:
        return
    name, first, n = span
    add(
        {
            "name": name,
            "ph": "X",
            "pid": pid,
            "tid": F.SLOTS,
            "ts": first / 1000 if perfetto else first,
            "dur": n / 1000 if perfetto else n,
            "args": {"frames": n},
        }
    )
