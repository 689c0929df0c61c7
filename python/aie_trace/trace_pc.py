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
(:mod:`aie_trace.trace_format`); the commands, by first byte ``b0``:

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

from . import trace_format as F
from .decode import Anomaly, _note

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

    key: Any  # decode.StreamKey
    pkt_ids: tuple[int, ...]
    packets: int
    pc: np.ndarray  # uint16
    mask: np.ndarray  # uint8
    frames: np.ndarray  # int64
    run: np.ndarray  # int64
    #: the timer value of each Start
    timers: tuple[int, ...]
    commands: dict[str, int]
    #: decode.Anomaly of the stream
    anomalies: tuple[Any, ...] = ()
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
        lookup = self.symbols.function
        return [lookup(int(p)) for p in self.pc]

    def frames_per_function(self) -> dict[str, int]:
        """Frames per function, most first (``?`` for PCs no symbol covers)."""
        out: dict[str, int] = {}
        for name, n in zip(self.functions(), self.frames.tolist(), strict=True):
            out[name or "?"] = out.get(name or "?", 0) + n
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

    def with_symbols(self, symbols: Symbols | None) -> PcStream:
        return replace(self, symbols=symbols)


def decode_pc_bytes(
    data: bytes | np.ndarray,
    *,
    max_repeat_frames: int | None = None,
    offset_of: Callable[[int], int] | None = None,
    key: Any = None,
) -> tuple[dict[str, np.ndarray], tuple[int, ...], dict[str, int], list[Any]]:
    """Decode the bytes of one EVENT_PC stream: ``(records, timers, commands, anomalies)``, where
    ``records`` holds the ``pc``, ``mask``, ``frames`` and ``run`` arrays of :class:`PcStream`.
    ``offset_of(i)`` gives the buffer offset of stream byte ``i`` (anomalies are located by it).
    """
    b = bytes(data)
    limit = [
        (
            REPEAT_FRAMES_PER_BYTE * len(b) + REPEAT_FRAMES_BASE
            if max_repeat_frames is None
            else max_repeat_frames
        )
    ]
    rec: dict[str, list[int]] = {"pc": [], "mask": [], "frames": [], "run": []}
    timers: list[int] = []
    counts = dict.fromkeys(COMMANDS, 0)
    notes: dict[str, list[int]] = {}
    i = 0
    while i < len(b):
        cmd, length = COMMAND_OF_BYTE[b[i]]
        if i + length > len(b):
            _note(notes, "truncated_command", i, 1)
            break
        if cmd == "unknown":
            _note(notes, "unknown_opcode", i, 1)
        else:
            counts[cmd] += 1
            _apply(cmd, b[i : i + length], i, rec, timers, limit, notes)
        i += length
    where = offset_of or (lambda k: k)
    anomalies = [
        Anomaly(kind, count, where(at), key) for kind, (at, count) in notes.items()
    ]
    records = {
        "pc": np.array(rec["pc"], dtype=np.uint16),
        "mask": np.array(rec["mask"], dtype=np.uint8),
        "frames": np.array(rec["frames"], dtype=np.int64),
        "run": np.array(rec["run"], dtype=np.int64),
    }
    return records, tuple(timers), counts, anomalies


def _apply(
    cmd: str,
    c: bytes,
    at: int,
    rec: dict[str, list[int]],
    timers: list[int],
    limit: list[int],
    notes: dict[str, list[int]],
) -> None:
    """One command ``c`` (its bytes) at stream offset ``at``: a frame adds a record, a Start a
    run, a Repeat frames to the run's last record (up to the ``limit`` left)."""
    if cmd == "frame":
        word = int.from_bytes(c, "big")
        rec["pc"].append(word & PC_MASK)
        rec["mask"].append(word >> FRAME_SLOTS_SHIFT & 0xFF)
        rec["frames"].append(1)
        rec["run"].append(len(timers))
    elif cmd == "start":
        timers.append(int.from_bytes(c[1:], "big"))
    elif cmd in ("repeat0", "repeat1"):
        r = c[0] & 0xF if cmd == "repeat0" else (c[0] & 0x3) << 8 | c[1]
        if not rec["run"] or rec["run"][-1] != len(timers):
            _note(notes, "repeat_without_frame", at, 1)
            return
        add = min(r, limit[0])
        if add < r:
            _note(notes, "pulse_limit", at, r - add)
        limit[0] -= add
        rec["frames"][-1] += add
    elif cmd == "skipped":
        _note(notes, "reserved_frame", at, 1)


def decode_pc_stream(stream: Any) -> PcStream:
    """Decode an event-time decode's :class:`aie_trace.decode.Stream` of a unit the design sets to
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
