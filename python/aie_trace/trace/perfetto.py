# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Chrome Trace Event JSON of decoded slices: opens in Perfetto UI and chrome://tracing.

One file for the whole fused buffer. One process per (call site, tile, unit, run), named
``device:sequence [call 1/0] core(0,2)`` (``... run 2`` when the unit's stream holds more than one
``Start``: each run of the design has its own timer, so each gets its own track and every track's
time goes forward); one thread per event slot, named after the event it traces; ``B``/``E``
duration events. Process ids count from 0 in the order the ``process_name`` events appear (what
mlir-aie's ``get_cycles_summary`` indexes by).

Time: Chrome's trace format reads ``ts`` as microseconds and Perfetto keeps whole nanoseconds, so
real time loses cycles (at 1600 MHz one cycle is 0.625 ns: a one-cycle event would show as 0 or
1 ns depending on where it starts). The default time base (``time_base="cycles"``) therefore
draws one cycle as one nanosecond: ``ts`` is the cycle divided by 1000, exact in three decimals,
so every event of one cycle or more has a non-zero length in proportion to its cycles. The file
says so (``otherData.time_base``, ``ns_per_cycle`` of the AIE clock, :data:`AIE_CLOCK_MHZ` per
architecture or the caller's), and every duration event keeps its cycle in ``args.cycles``.
``time_base="us"`` writes real microseconds instead (the cycle divided by the clock in MHz), for
tools that add times across files; short events may then show as 0 ns. ``style="parse.py"`` writes what mlir-aie's
``parse.py`` writes instead: a bare JSON array whose ``ts`` are cycles, the form its summary helpers
(``get_cycles``, ``get_cycles_summary``, ``get_trace_summary.py``) read.

Within a process the events are in time order (at one cycle, ends before begins, then by slot),
so a reader that walks the file in order -- as mlir-aie's helpers do -- pairs them as the unit
wrote them. ``otherData`` names the kernel, the designs, the time unit and the clock.

Events are written as the decoder produces them again, a step of a stream at a time, so writing a
large trace takes memory bounded by a step, not by the trace.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TextIO

import numpy as np

from . import format as F
from .decode import SliceDecode

#: AIE array clock in MHz per architecture: the highest DPM level's H-clock in amd/xdna-driver
#: (``src/driver/amdxdna/npu1_regs.c`` ``npu1_dpm_clk_table``, 800..1600 MHz; ``npu4_regs.c``
#: ``npu4_dpm_clk_table``, 792..1800 MHz, the table npu2-class devices use). The clock a run saw
#: depends on the power mode; ``clock_mhz`` (``--aie-clock-mhz``) overrides.
AIE_CLOCK_MHZ = {"aie2": 1600.0, "aie2p": 1800.0}
DEFAULT_ARCH = "aie2"
STYLES = ("perfetto", "parse.py")
#: ``cycles``: one cycle is drawn as one nanosecond (lossless); ``us``: real microseconds
TIME_BASES = ("cycles", "us")
#: most events formatted at once
BATCH = 1 << 14


def clock_of(sd: SliceDecode, clock_mhz: float | None = None) -> float:
    """The AIE clock (MHz) that turns this slice's cycles into microseconds."""
    if clock_mhz is not None:
        return float(clock_mhz)
    arch = getattr(sd.design, "arch", None) or DEFAULT_ARCH
    return AIE_CLOCK_MHZ.get(arch, AIE_CLOCK_MHZ[DEFAULT_ARCH])


def _meta(
    name: str, pid: int, args: dict[str, Any], tid: int | None = None
) -> dict[str, Any]:
    d: dict[str, Any] = {"name": name, "ph": "M", "pid": pid, "args": args}
    if tid is not None:
        d["tid"] = tid
    return d


class _Writer:
    """Emits events of a JSON array, assigning process ids in order of first use."""

    def __init__(
        self, out: TextIO, style: str, progress: Callable[[int], None] | None = None
    ) -> None:
        self.out, self.style = out, style
        self.first = True
        self.pids = 0
        self.written = 0
        #: called with the number of B/E events after each batch written
        self.progress = progress

    def emit(self, text: str) -> None:
        self.out.write(text if self.first else ",\n" + text)
        self.first = False

    def process(self, name: str, labels: str, threads: list[tuple[int, str]]) -> int:
        pid = self.pids
        self.pids += 1
        self.emit(json.dumps(_meta("process_name", pid, {"name": name})))
        self.emit(json.dumps(_meta("process_sort_index", pid, {"sort_index": pid})))
        self.emit(json.dumps(_meta("process_labels", pid, {"labels": labels})))
        for slot, tname in threads:
            self.emit(json.dumps(_meta("thread_name", pid, {"name": tname}, slot)))
            self.emit(
                json.dumps(_meta("thread_sort_index", pid, {"sort_index": slot}, slot))
            )
        return pid


class _ListWriter(_Writer):
    """Collects parse.py-style events as Python objects, the list ``json.loads`` would give of
    what :class:`_Writer` writes, without the text."""

    def __init__(self) -> None:
        super().__init__(None, "parse.py")  # type: ignore[arg-type]
        self.events: list[dict[str, Any]] = []

    def emit(self, text: str) -> None:  # pragma: no cover - every path appends objects
        raise AssertionError("a list writer writes no text")

    def process(self, name: str, labels: str, threads: list[tuple[int, str]]) -> int:
        pid = self.pids
        self.pids += 1
        add = self.events.append
        add(_meta("process_name", pid, {"name": name}))
        add(_meta("process_sort_index", pid, {"sort_index": pid}))
        add(_meta("process_labels", pid, {"labels": labels}))
        for slot, tname in threads:
            add(_meta("thread_name", pid, {"name": tname}, slot))
            add(_meta("thread_sort_index", pid, {"sort_index": slot}, slot))
        return pid

    def spans(
        self, pid: int, names: dict[int, str], t: list[int], code: list[int]
    ) -> None:
        # per code (slot * 2 + begin) its name, phase and thread, looked up rather than computed
        name = [names.get(c >> 1) for c in range(2 * F.SLOTS)]
        ph = ["E", "B"] * F.SLOTS
        tid = [c >> 1 for c in range(2 * F.SLOTS)]
        self.events.extend(
            [
                {
                    "name": name[c],
                    "ph": ph[c],
                    "pid": pid,
                    "tid": tid[c],
                    "ts": x,
                    "args": {},
                }
                for x, c in zip(t, code, strict=True)
            ]
        )


def _prefix_table(prefixes: list[str]) -> np.ndarray:
    """The prefixes as rows of bytes, left-aligned, padded with NUL (no JSON text holds one)."""
    raw = [p.encode() for p in prefixes]
    out = np.zeros((len(raw), max(map(len, raw), default=0)), dtype=np.uint8)
    for i, b in enumerate(raw):
        out[i, : len(b)] = np.frombuffer(b, dtype=np.uint8)
    return out


_POW10 = 10 ** np.arange(19, dtype=np.int64)


def _digits(v: np.ndarray) -> np.ndarray:
    """Decimal digits of non-negative ``v`` as rows of ASCII, right-aligned, NUL-padded."""
    width = len(str(int(v.max()))) if len(v) else 1
    out = ((v[:, None] // _POW10[width - 1 :: -1]) % 10 + ord("0")).astype(np.uint8)
    # the leading zeros of a number are padding, but a number keeps its last digit
    nd = np.maximum(np.searchsorted(_POW10, v, side="right"), 1)
    out[np.arange(width) < (width - nd)[:, None]] = 0
    return out


def _const(text: str, n: int) -> np.ndarray:
    return np.broadcast_to(np.frombuffer(text.encode(), dtype=np.uint8), (n, len(text)))


def _lines(prefixes: np.ndarray, code: np.ndarray, t: np.ndarray, cycles: bool) -> str:
    """The B/E events of a batch as the text the per-event formatting writes, built a column at
    a time: each line's pieces side by side in a NUL-padded byte matrix, the NULs dropped.
    ``cycles``: ``ts`` is the cycle (parse.py style); else the cycle / 1000 with three decimals
    and the cycle in ``args.cycles``."""
    n = len(t)
    if cycles:
        cols = [prefixes[code], _digits(t), _const(', "args": {}},\n', n)]
    else:
        cols = [
            prefixes[code],
            _digits(t // 1000),
            _const(".", n),
            (((t % 1000)[:, None] // np.array([100, 10, 1])) % 10 + ord("0")).astype(
                np.uint8
            ),
            _const(', "args": {"cycles": ', n),
            _digits(t),
            _const("}},\n", n),
        ]
    m = np.concatenate(cols, axis=1)
    return m[m != 0].tobytes()[:-2].decode()


def _stream_events(
    w: _Writer, sd: SliceDecode, key: Any, stream: Any, mhz: float | None, scale: str
) -> None:
    """Write one stream's events; ``mhz`` None draws a cycle as one nanosecond. ``scale`` ends
    the process labels."""
    slots = [slot for slot in range(len(stream.counts)) if stream.counts[slot]]
    if not slots:
        return
    names = {slot: sd.slot_name(key, slot) for slot in slots}
    threads = [(slot, f"{names[slot]} (slot {slot})") for slot in slots]
    several_runs = int(stream.commands[F.Cmd.START]) > 1
    base_name = f"{sd.label} {sd.unit_label(key)}"
    pid_of: dict[int, int] = {}
    cycles = w.style == "parse.py"
    prefix: dict[tuple[int, int], str] = {}
    table: dict[int, np.ndarray] = {}

    def pid_for(epoch: int) -> int:
        if epoch not in pid_of:
            name = base_name + (f" run {len(pid_of) + 1}" if several_runs else "")
            pid_of[epoch] = w.process(
                name, f"{sd.kernel} call {sd.call_path}{scale}", threads
            )
            pid = pid_of[epoch]
            for slot in slots if not isinstance(w, _ListWriter) else ():
                jn = json.dumps(names[slot])
                for begin in (0, 1):
                    prefix[(pid, slot * 2 + begin)] = (
                        f'{{"name": {jn}, "ph": "{"B" if begin else "E"}", '
                        f'"pid": {pid}, "tid": {slot}, "ts": '
                    )
        return pid_of[epoch]

    for ep, times, is_begin, slot in stream.timeline(slots):
        cuts = [0, *(np.flatnonzero(np.diff(ep)) + 1).tolist(), len(ep)]
        for lo, hi in itertools.pairwise(cuts):
            pid = pid_for(int(ep[lo]))
            for at in range(lo, hi, BATCH):
                stop = min(at + BATCH, hi)
                t_arr = times[at:stop]
                code_arr = slot[at:stop].astype(np.int64) * 2 + is_begin[at:stop]
                w.written += int(is_begin[at:stop].sum())
                fast = mhz is None and len(t_arr) and t_arr.min() >= 0
                t, code = ([], []) if fast else (t_arr.tolist(), code_arr.tolist())
                if isinstance(w, _ListWriter):
                    w.spans(pid, names, t_arr.tolist(), code_arr.tolist())
                    continue
                if fast:
                    if pid not in table:
                        table[pid] = _prefix_table(
                            [prefix.get((pid, c), "") for c in range(2 * F.SLOTS)]
                        )
                    text = _lines(table[pid], code_arr, t_arr.astype(np.int64), cycles)
                elif cycles:
                    text = ",\n".join(
                        f'{prefix[(pid, c)]}{x}, "args": {{}}}}'
                        for x, c in zip(t, code, strict=True)
                    )
                elif mhz is None:
                    text = ",\n".join(
                        f'{prefix[(pid, c)]}{x / 1000:.3f}, "args": {{"cycles": {x}}}}}'
                        for x, c in zip(t, code, strict=True)
                    )
                else:
                    text = ",\n".join(
                        f'{prefix[(pid, c)]}{x / mhz:.6f}, "args": {{"cycles": {x}}}}}'
                        for x, c in zip(t, code, strict=True)
                    )
                w.emit(text)
                if w.progress is not None:
                    w.progress(stop - at)


def _pc_events(w: _Writer, sd: SliceDecode) -> None:
    """The slice's EVENT_PC units: instant events in capture order (:mod:`aie_trace.trace.pc`)."""
    from . import pc as trace_pc

    add = (
        w.events.append
        if isinstance(w, _ListWriter)
        else (lambda e: w.emit(json.dumps(e)))
    )
    for key, ps in sorted(sd.pc_streams.items()):
        trace_pc.chrome_events(sd, key, ps, w.process, add, w.style)


def write_chrome_trace(
    slices: list[SliceDecode],
    out: TextIO,
    kernel: str | None = None,
    *,
    clock_mhz: float | None = None,
    style: str = "perfetto",
    time_base: str = "cycles",
    progress: Callable[[int], None] | None = None,
) -> int:
    """Write the trace of every slice to ``out``; returns the number of duration events (their
    ``B`` events). ``clock_mhz`` overrides each slice's AIE clock; ``style`` is ``perfetto`` (a
    JSON object) or ``parse.py`` (a JSON array, ``ts`` in cycles); in the ``perfetto`` style
    ``time_base`` is ``cycles`` (one cycle drawn as one nanosecond: lossless) or ``us`` (real
    microseconds at the AIE clock). ``progress(n)`` is called as ``B``/``E`` events are written;
    its calls add up to twice the events.
    """
    if style not in STYLES:
        raise ValueError(f"unknown style '{style}' (expected {' or '.join(STYLES)})")
    if time_base not in TIME_BASES:
        raise ValueError(
            f"unknown time base '{time_base}' (expected {' or '.join(TIME_BASES)})"
        )
    if style == "perfetto":
        clocks = sorted({clock_of(sd, clock_mhz) for sd in slices}) or [
            clock_of_default(clock_mhz)
        ]
        other = {
            "kernel": kernel,
            "designs": sorted({sd.kernel for sd in slices}),
            "time_unit": "cycle" if time_base == "cycles" else "us",
            "time_base": (
                "1 ns on the timeline is 1 AIE cycle; real time is ns_per_cycle times it"
                if time_base == "cycles"
                else "ts in microseconds at the AIE clock"
            ),
            "aie_clock_mhz": clocks[0] if len(clocks) == 1 else clocks,
            "ns_per_cycle": (
                1000 / clocks[0] if len(clocks) == 1 else [1000 / c for c in clocks]
            ),
            "cycles": "args.cycles of every B/E event",
            "call_sites": [
                {
                    "label": sd.label,
                    "device": sd.device,
                    "sequence": sd.sequence,
                    "call_path": sd.call_path,
                    "offset": sd.offset,
                    "size": sd.size,
                    "aie_clock_mhz": clock_of(sd, clock_mhz),
                    "colshift": sd.colshift,
                }
                for sd in slices
            ],
        }
        out.write('{"otherData": ')
        out.write(json.dumps(other))
        out.write(', "traceEvents": [\n')
    else:
        out.write("[\n")
    w = _Writer(out, style, progress)
    for sd in slices:
        mhz = None if time_base == "cycles" else clock_of(sd, clock_mhz)
        scale = (
            f"; 1 ns shown = 1 cycle = {1000 / clock_of(sd, clock_mhz):g} ns at "
            f"{clock_of(sd, clock_mhz):g} MHz"
            if style == "perfetto" and mhz is None
            else ""
        )
        for key, stream in sorted(sd.result.streams.items()):
            _stream_events(w, sd, key, stream, mhz, scale)
        _pc_events(w, sd)
    out.write("\n]}\n" if style == "perfetto" else "\n]\n")
    return w.written


def clock_of_default(clock_mhz: float | None) -> float:
    return float(clock_mhz) if clock_mhz is not None else AIE_CLOCK_MHZ[DEFAULT_ARCH]


def chrome_trace(
    slices: list[SliceDecode], kernel: str | None = None, **options: Any
) -> Any:
    """The same document as a Python object (for small traces and tests); the ``parse.py`` style
    is built as objects directly (what mlir-aie's ``parse_trace`` returns), the rest parsed from
    the text."""
    import io

    if options.get("style") == "parse.py" and set(options) <= {"style", "clock_mhz"}:
        w = _ListWriter()
        for sd in slices:
            for key, stream in sorted(sd.result.streams.items()):
                _stream_events(w, sd, key, stream, None, "")
            _pc_events(w, sd)
        return w.events

    buf = io.StringIO()
    write_chrome_trace(slices, buf, kernel, **options)
    return json.loads(buf.getvalue())


def events_of(doc: Any) -> list[dict[str, Any]]:
    """The events of a document in either style."""
    return doc["traceEvents"] if isinstance(doc, Mapping) else doc


def spans(doc: Any) -> Iterator[dict[str, Any]]:
    """The ``B``/``E`` events of a document."""
    return (e for e in events_of(doc) if e["ph"] in "BE")
