# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Per-slice summaries of decoded traces: what each call site's design did, at a glance.

For each slice: how full it is, packet counts (``packets``: the packets written, valid or not,
the same number in the text and the JSON; ``capacity_packets``: how many fit), per trace unit
the events per name and the first and last timestamp, and:

* **kernel time**: the cycles between ``INSTR_EVENT_0`` / ``INSTR_EVENT_1`` pairs (count, min,
  median, max, total; a second ``INSTR_EVENT_0`` before the ``INSTR_EVENT_1`` is ignored), per
  core and for the call site (every core of the slice together);
* **busy share**: per traced event, the cycles it was asserted and their share of the unit's
  traced time (the span from its first event to its last, per run of the design);
* **stalls by kind** (lock, stream, memory, cascade), from the events the unit traces
  (:data:`STALL_KINDS`);
* **why** a slice is empty, cut short or full, in words (:mod:`aie_trace.report.explain`), and warnings:
  every decoding anomaly, events from units the design does not configure, timer restarts; a
  note when the packet headers carry columns shifted from the design's.

Across slices, :func:`compare` sets the call sites of one design side by side (kernel time
ratio to the design's median call site, outliers). :func:`format_table` prints it all,
:func:`to_json` gives the same as JSON.

A summary decodes each unit's events again once, a step at a time (:func:`traced_time`; a unit
several runs wrote, three times): beyond the decode, it keeps 8 bytes per kernel run.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..trace import format as F
from ..trace import pc as trace_pc
from ..trace.decode import SliceDecode
from ..trace.stream import Stream, unit_label

KERNEL_BEGIN, KERNEL_END = "INSTR_EVENT_0", "INSTR_EVENT_1"

#: Stall events by kind, as the trace units name them (the event tables of aie-rt's
#: ``xaie_events_aieml.h`` / ``xaie_events_aie2p.h``, ``data/aie_events.csv``; AMD AM020 and AM025
#: list the same events per module). Core module: ``MEMORY_STALL``, ``STREAM_STALL``,
#: ``CASCADE_STALL``, ``LOCK_STALL`` (the core waits on a data-memory bank, a stream port, the
#: cascade, a lock). Memory, memory-tile and shim DMA channels: ``..._STALLED_LOCK`` (waiting on
#: a lock), ``..._STREAM_STARVATION`` / ``..._STREAM_BACKPRESSURE`` (no stream data in, no room
#: to send), ``..._MEMORY_STARVATION`` / ``..._MEMORY_BACKPRESSURE`` and ``CONFLICT_DM_BANK_<n>``
#: (memory not ready, a bank conflict); stream-switch ``PORT_STALLED_<n>`` (a monitored port
#: stalled) is a stream stall. ``GROUP_STALL`` (any enabled stall, a group event) and the ECC
#: stalls are no kind of their own: they are counted as events, not as a stall kind.
STALL_KINDS: dict[str, re.Pattern[str]] = {
    "lock": re.compile(r"LOCK_STALL|DMA_\w+_STALLED_LOCK"),
    "stream": re.compile(
        r"STREAM_STALL|DMA_\w+_STREAM_(STARVATION|BACKPRESSURE)|PORT_STALLED_\d+"
    ),
    "memory": re.compile(
        r"MEMORY_STALL|DMA_\w+_MEMORY_(STARVATION|BACKPRESSURE)|CONFLICT_DM_BANK_\d+"
    ),
    "cascade": re.compile(r"CASCADE_STALL"),
}


def stall_kind(event: str) -> str | None:
    """The stall kind (``lock``, ``stream``, ``memory``, ``cascade``) an event name reports, if any."""
    for kind, pattern in STALL_KINDS.items():
        if pattern.fullmatch(event):
            return kind
    return None


@dataclass
class KernelCycles:
    """Kernel runs: cycles from each ``INSTR_EVENT_0`` to its ``INSTR_EVENT_1``."""

    count: int
    min: int
    median: float
    max: int
    total: int

    @classmethod
    def of(cls, cycles: np.ndarray) -> KernelCycles | None:
        if not len(cycles):
            return None
        return cls(
            int(len(cycles)),
            int(cycles.min()),
            float(np.median(cycles)),
            int(cycles.max()),
            int(cycles.sum()),
        )

    def text(self) -> str:
        return (
            f"runs {self.count}, min {self.min}, median {self.median:g}, max {self.max}, "
            f"total {self.total}"
        )


@dataclass
class Busy:
    """One traced event's time: its intervals, the cycles they cover, and their share of the
    unit's traced cycles."""

    count: int
    cycles: int
    share: float


@dataclass
class Stalls:
    """One kind of stall at a unit: the events that report it, their cycles and share."""

    events: list[str]
    count: int
    cycles: int
    share: float


@dataclass
class UnitSummary:
    unit: str
    pkt_type: int
    #: the design's column (the header's, less the slice's column shift)
    col: int
    row: int
    pkt_ids: list[int]
    events: dict[str, int]
    first: int | None
    last: int | None
    kernel: KernelCycles | None = None
    #: the column the packet headers carry
    trace_col: int | None = None
    #: cycles the unit traced: from its first event to its last, summed over the runs
    traced_cycles: int = 0
    #: per event name: how long it was asserted
    busy: dict[str, Busy] = field(default_factory=dict)
    #: per stall kind the unit traces (see STALL_KINDS)
    stalls: dict[str, Stalls] = field(default_factory=dict)
    #: kernel runs whose INSTR_EVENT_0 has no INSTR_EVENT_1 before the run of the design ended
    unfinished_kernels: int = 0


@dataclass
class SliceSummary:
    device: str
    sequence: str
    call_path: str | None
    label: str
    offset: int
    size: int
    used_bytes: int
    #: packets written (not all zero): valid + invalid
    packets: int
    capacity_packets: int
    valid_packets: int
    invalid_packets: int
    events: int
    units: list[UnitSummary] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: header column minus design column, and how it was found ("none", "auto", "forced")
    colshift: int = 0
    colshift_source: str = "none"
    notes: list[str] = field(default_factory=list)
    #: every core of the call site together
    kernel: KernelCycles | None = None
    #: "ok", "empty", "invalid", "short", "full" or "unknown" (a trace.txt: fill cannot be told)
    status: str = "ok"
    #: why the slice is empty, cut short or full, in words (aie_trace.report.explain)
    why: list[str] = field(default_factory=list)
    #: cycles from the first event of the slice to its last, summed over the runs
    traced_cycles: int = 0
    #: units in EVENT_PC mode: frames, events, program counters, functions (trace_pc.summary)
    pc_units: list[dict[str, Any]] = field(default_factory=list)

    @property
    def fill(self) -> float:
        return self.used_bytes / self.size if self.size else 0.0

    @property
    def design(self) -> str:
        return f"{self.device}:{self.sequence}"


class PairCycles:
    """Cycles from each first begin of one event (tag 0) to the next begin of another (tag 1):
    a run of tag-0 begins followed by a run of tag-1 begins of the same timer epoch is one pair,
    from the run's first to the next run's first. A new epoch (a Start: another run of the
    design) ends every run, so no pair spans two epochs. Begins are fed in order, a piece at a
    time (the state between pieces is the last tag, its epoch and where its run began).
    """

    def __init__(self) -> None:
        self._tag: int | None = None
        self._epoch = 0
        self._run_start = 0
        self._cycles: list[np.ndarray] = []
        self._unfinished = 0

    def feed(
        self, times: np.ndarray, tags: np.ndarray, epochs: np.ndarray | None = None
    ) -> None:
        if epochs is None:
            epochs = np.zeros(len(tags), dtype=np.int64)
        if self._tag is not None:  # the run the last piece ended in goes on
            times = np.concatenate([[self._run_start], times])
            tags = np.concatenate([[self._tag], tags])
            epochs = np.concatenate([[self._epoch], epochs])
        if not len(tags):
            return
        head = np.empty(len(tags), dtype=bool)
        head[0] = True
        head[1:] = (tags[1:] != tags[:-1]) | (epochs[1:] != epochs[:-1])
        run_start = np.flatnonzero(head)
        run_of = np.cumsum(head) - 1
        ends = np.flatnonzero(head & (tags == 1))
        ends = ends[ends > 0]
        ends = ends[(tags[ends - 1] == 0) & (epochs[ends - 1] == epochs[ends])]
        self._cycles.append(times[ends] - times[run_start[run_of[ends - 1]]])
        # a tag-0 run the next run does not follow in its epoch (the last run waits for more)
        lone = run_start[:-1][
            (tags[run_start[:-1]] == 0)
            & (epochs[run_start[:-1]] != epochs[run_start[1:]])
        ]
        self._unfinished += int(len(lone))
        self._tag, self._epoch, self._run_start = (
            int(tags[-1]),
            int(epochs[-1]),
            int(times[run_start[-1]]),
        )

    def unfinished(self) -> int:
        """Runs of tag-0 begins that no tag-1 begin follows in their epoch (so far)."""
        return self._unfinished + (self._tag == 0)

    def cycles(self) -> np.ndarray:
        return (
            np.concatenate(self._cycles)
            if self._cycles
            else np.zeros(0, dtype=np.int64)
        )


def kernel_cycles(begin0: np.ndarray, begin1: np.ndarray) -> np.ndarray:
    """Cycles from each first ``INSTR_EVENT_0`` to the next ``INSTR_EVENT_1`` (begin times, in
    time order; at the same time, the ``INSTR_EVENT_0`` first)."""
    times = np.concatenate([begin0, begin1]).astype(np.int64)
    tags = np.concatenate(
        [np.zeros(len(begin0), np.int8), np.ones(len(begin1), np.int8)]
    )
    order = np.lexsort((tags, times))
    pairs = PairCycles()
    pairs.feed(times[order], tags[order])
    return pairs.cycles()


def traced_time(
    stream: Stream, kernel: tuple[int, int] | None = None
) -> tuple[np.ndarray, int, PairCycles | None]:
    """Per slot, the cycles its events were asserted; the cycles the unit traced: from its first
    event to its last (one past its last cycle), per timer epoch -- a run of the design --
    summed; and, given the ``kernel`` slots (begin, end), their pairs (:class:`PairCycles`).

    One replay of the stream's steps in the common case, a stream with at most one ``Start``
    (one run): busy cycles are sums of ends less sums of begins, the traced cycles the decode's
    first and last time, the kernel pairs the two slots' begins merged per step. A stream that
    several runs wrote takes two more: its epochs' bounds in epoch order, and the kernel begins in
    the order the unit wrote them (a pair never spans two runs)."""
    busy = [0] * len(stream.counts)
    one_run = int(stream.commands[F.Cmd.START]) <= 1
    pairs = PairCycles() if kernel is not None else None
    for begins, ends in stream.steps():
        for slot in range(len(busy)):
            busy[slot] += _sum(ends[slot]) - _sum(begins[slot])
        if pairs is not None and one_run:
            b0, b1 = begins[kernel[0]], begins[kernel[1]]
            times = np.concatenate([b0, b1])
            tags = np.repeat(np.array([0, 1], dtype=np.int8), [len(b0), len(b1)])
            order = np.lexsort((tags, times))
            pairs.feed(times[order], tags[order])
    if stream.first is None:
        return np.array(busy, dtype=np.int64), 0, pairs
    if one_run:
        return np.array(busy, dtype=np.int64), stream.last - stream.first, pairs
    if pairs is not None:
        for times, which, epochs in stream.begins_in_order(list(kernel)):
            pairs.feed(times, which, epochs)
    spans: dict[int, list[int]] = {}
    for ep, times, _, _ in stream.timeline():
        # ordered by epoch, then time: each epoch's first and last time bound it
        cuts = np.flatnonzero(np.diff(ep)) + 1
        firsts = np.concatenate([[0], cuts])
        lasts = np.concatenate([cuts, [len(ep)]]) - 1
        for e, lo, hi in zip(
            ep[firsts].tolist(),
            times[firsts].tolist(),
            times[lasts].tolist(),
            strict=True,
        ):
            old = spans.setdefault(e, [lo, hi])
            old[0], old[1] = min(old[0], lo), max(old[1], hi)
    return (
        np.array(busy, dtype=np.int64),
        sum(hi - lo for lo, hi in spans.values()),
        pairs,
    )


def _sum(values: np.ndarray) -> int:
    """The exact sum of int64 cycles (taken relative to the first: timer values reach 2**56)."""
    if not len(values):
        return 0
    first = int(values[0])
    return int((values - first).sum()) + first * len(values)


def _unit(sd: SliceDecode, stream: Stream) -> tuple[UnitSummary, np.ndarray]:
    """A unit's events per name, first and last time and busy cycles, from what the decode counted
    and one replay; kernel cycles from one pass over the steps that hold the two events, in the
    order the unit wrote them (after a timer restart, each run's pairs are its own). Returns the
    summary and the kernel cycles of each run."""
    key = stream.key
    events: dict[str, int] = {}
    slot_of: dict[str, int] = {}
    for slot in range(len(stream.counts)):
        n = int(stream.counts[slot])
        if n:
            name = sd.slot_name(key, slot)
            events[name] = events.get(name, 0) + n
            slot_of.setdefault(name, slot)
    dkey = sd.design_key(key)
    u = UnitSummary(
        sd.unit_label(key).split("(")[0],
        key.pkt_type,
        dkey.col,
        key.row,
        list(stream.pkt_ids),
        events,
        stream.first,
        stream.last,
        trace_col=key.col,
    )
    kernel = (
        (slot_of[KERNEL_BEGIN], slot_of[KERNEL_END])
        if KERNEL_BEGIN in slot_of and KERNEL_END in slot_of
        else None
    )
    busy, u.traced_cycles, pairs = traced_time(stream, kernel)
    cycles_of: dict[str, int] = {}
    for slot in range(len(stream.counts)):
        if stream.counts[slot]:
            name = sd.slot_name(key, slot)
            cycles_of[name] = cycles_of.get(name, 0) + int(busy[slot])
    for name, count in events.items():
        u.busy[name] = Busy(count, cycles_of[name], _share(cycles_of[name], u))
        kind = stall_kind(name)
        if kind is not None:
            st = u.stalls.setdefault(kind, Stalls([], 0, 0, 0.0))
            st.events.append(name)
            st.count += count
            st.cycles += cycles_of[name]
    for st in u.stalls.values():
        st.share = _share(st.cycles, u)
    cyc = np.zeros(0, dtype=np.int64)
    if pairs is not None:
        cyc = pairs.cycles()
        u.kernel = KernelCycles.of(cyc)
        u.unfinished_kernels = pairs.unfinished()
    return u, cyc


def _share(cycles: int, u: UnitSummary) -> float:
    return round(cycles / u.traced_cycles, 6) if u.traced_cycles else 0.0


def summarize(
    sd: SliceDecode, size_known: bool = True, setup: Any = None
) -> SliceSummary:
    """The slice's summary. ``size_known=False``: the buffer is not the whole one the device wrote
    (a trace.txt leaves out zero words, the unwritten tail among them), so whether it filled up
    cannot be told and is not claimed. ``setup``: the design's trace set-up as the module holds
    it (:func:`aie_trace.report.explain.trace_setup`), against which an empty slice is explained.
    """
    from . import explain

    r = sd.result
    s = SliceSummary(
        sd.device,
        sd.sequence,
        sd.call_path,
        sd.label,
        sd.offset,
        sd.size,
        r.used_bytes,
        r.valid_packets + r.invalid_packets,
        r.packets,
        r.valid_packets,
        r.invalid_packets,
        r.events,
        colshift=sd.colshift,
        colshift_source=sd.colshift_source,
    )
    units = [_unit(sd, st) for _, st in sorted(r.streams.items())]
    s.pc_units = [
        trace_pc.summary(sd, k, ps) for k, ps in sorted(sd.pc_streams.items())
    ]
    s.events += sum(sum(u["events"].values()) for u in s.pc_units)
    s.units = [u for u, _ in units]
    s.traced_cycles = max((u.traced_cycles for u in s.units), default=0)
    core = [c for u, c in units if u.unit == "core" and len(c)]
    s.kernel = KernelCycles.of(np.concatenate(core)) if core else None
    s.status, s.why = explain.explain(sd, s, size_known, setup)
    if s.status == "empty":
        s.warnings.append("empty: no trace packet was written to this slice")
    elif s.status == "invalid":
        s.warnings.append(
            f"no valid trace packet: all {r.invalid_packets} packet(s) written to this slice "
            "have invalid headers"
        )
    elif s.status == "unknown":
        s.notes.append(
            "fill unknown: the buffer was read from a trace.txt, which leaves out zero words"
        )
    elif s.status == "full":
        s.warnings.append(
            "full: the trace filled this slice and later events were lost "
            "(raise the trace buffer size)"
        )
    elif s.status == "short":
        s.warnings.append("cut short: the trace ends before the run did (see why)")
    s.warnings += [a.describe() for a in r.anomalies]
    for key in sd.unconfigured_streams():
        s.warnings.append(
            f"events from {unit_label(key)}, which {sd.kernel} does not configure"
        )
    for key, st in sorted(r.streams.items()):
        if st.timer_restarts:
            s.warnings.append(
                f"the timer of {sd.unit_label(key)} restarted {st.timer_restarts} time(s): "
                "more than one run wrote this slice"
            )
    if sd.colshift:
        how = "aligned automatically" if sd.colshift_source == "auto" else "as given"
        s.notes.append(
            f"columns: the packet headers carry physical columns {sd.colshift:+d} from the "
            f"design's ({how}); units are shown in the design's columns"
        )
    return s


def summarize_all(
    decoded: list[SliceDecode], size_known: bool = True, module: Any = None
) -> list[SliceSummary]:
    """Every slice's summary; given the module the slices were decoded against, each empty slice
    is explained against it (its design's trace set-up, :func:`aie_trace.report.explain.trace_setup`;
    the static patch proof is run once for all)."""
    from . import explain

    proof: list[str] | None = None
    out = []
    for sd in decoded:
        setup = None
        if module is not None and sd.result.used_bytes == 0:
            proof = explain.patch_proof(module) if proof is None else proof
            setup = explain.trace_setup(
                module, sd.device, sd.sequence, size=sd.size, verified=proof
            )
        out.append(summarize(sd, size_known=size_known, setup=setup))
    return out


# ------------------------------------------------------------------------------------------------
# call sites of one design, side by side

#: a call site whose median kernel time is more than this factor off its design's median call
#: site (either way) is an outlier; with fewer than three call sites none is named
OUTLIER_FACTOR = 1.25


@dataclass
class CallSiteTime:
    label: str
    call_path: str | None
    kernel: KernelCycles | None
    #: median kernel cycles over the design's median call site's
    ratio: float | None
    outlier: bool
    status: str


@dataclass
class DesignComparison:
    """The call sites of one design side by side: kernel time per call site, its ratio to the
    design's median call site, outliers; and the slowest over the fastest (``spread``).
    """

    design: str
    call_sites: list[CallSiteTime]
    median: float | None
    spread: float | None
    outliers: list[str]
    notes: list[str] = field(default_factory=list)


def compare(
    summaries: list[SliceSummary], factor: float = OUTLIER_FACTOR
) -> list[DesignComparison]:
    """For each design that more than one slice belongs to, its call sites side by side. A call
    site's time is its median kernel run (every core together); its ``ratio`` is that over the
    median of the design's call sites. With three call sites or more, one whose ratio is above
    ``factor`` or below ``1 / factor`` is an outlier (with two, which one is off cannot be told:
    only the spread is given). Call sites with fewer kernel runs than the others of their design
    are noted: their trace may have been cut short or filled."""
    from . import explain

    by_design: dict[str, list[SliceSummary]] = {}
    for s in summaries:
        by_design.setdefault(s.design, []).append(s)
    out = []
    for design, sites in by_design.items():
        if len(sites) < 2:
            continue
        timed = [s.kernel.median for s in sites if s.kernel is not None]
        median = float(np.median(timed)) if timed else None
        rows = []
        for s in sites:
            ratio = (
                round(s.kernel.median / median, 4)
                if s.kernel is not None and median
                else None
            )
            outlier = (
                len(timed) >= 3
                and ratio is not None
                and (ratio > factor or ratio < 1 / factor)
            )
            rows.append(
                CallSiteTime(s.label, s.call_path, s.kernel, ratio, outlier, s.status)
            )
        spread = (
            round(max(timed) / min(timed), 4)
            if len(timed) >= 2 and min(timed)
            else None
        )
        cmp = DesignComparison(
            design,
            rows,
            median,
            spread,
            [r.label for r in rows if r.outlier],
        )
        cmp.notes = explain.compare_notes(sites)
        out.append(cmp)
    return out


# ------------------------------------------------------------------------------------------------
# output


def to_json(summaries: list[SliceSummary], **meta: Any) -> dict[str, Any]:
    out = []
    for s in summaries:
        d = asdict(s)
        d["fill"] = round(s.fill, 6)
        out.append(d)
    return {
        **meta,
        "slices": out,
        "comparison": [asdict(c) for c in compare(summaries)],
    }


def _pct(share: float) -> str:
    return f"{share:.1%}"


def format_table(summaries: list[SliceSummary]) -> str:
    lines: list[str] = []
    for s in summaries:
        lines.append(
            f"{s.label}  bytes {s.offset:#x}+{s.size:#x}  used {s.used_bytes} ({s.fill:.0%})  "
            f"packets {s.packets} ({s.valid_packets} valid, {s.invalid_packets} invalid)  "
            f"events {s.events}"
        )
        for u in s.units:
            span = f"cycles {u.first}..{u.last}" if u.first is not None else "no events"
            lines.append(f"  {u.unit}({u.col},{u.row})  {span}")
            width = max((len(n) for n in u.events), default=0)
            for name, count in u.events.items():
                b = u.busy.get(name)
                busy = f"  busy {b.cycles} ({_pct(b.share)})" if b is not None else ""
                lines.append(f"    {name:<{width}}  {count:>10}{busy}")
            if u.kernel is not None:
                lines.append(
                    f"    kernel cycles ({KERNEL_BEGIN} -> {KERNEL_END}): {u.kernel.text()}"
                )
            if u.stalls:
                lines.append(
                    "    stalls: "
                    + ", ".join(
                        f"{kind} {st.cycles} cycles ({_pct(st.share)})"
                        for kind, st in u.stalls.items()
                    )
                )
        for pu in s.pc_units:
            lines += trace_pc.format_lines(pu)
        if s.kernel is not None and sum(u.kernel is not None for u in s.units) > 1:
            lines.append(f"  kernel cycles, every core: {s.kernel.text()}")
        for n in s.notes:
            lines.append(f"  note: {n}")
        for w in s.warnings:
            lines.append(f"  warning: {w}")
        for y in s.why:
            lines.append(f"    why: {y}")
    for c in compare(summaries):
        lines.append(f"{c.design}: {len(c.call_sites)} call sites")
        for r in c.call_sites:
            k = (
                f"kernel median {r.kernel.median:g} (runs {r.kernel.count})"
                if r.kernel is not None
                else "no kernel runs"
            )
            ratio = f"  x{r.ratio:.2f}" if r.ratio is not None else ""
            flag = "  outlier" if r.outlier else ""
            lines.append(f"  {r.label}  {k}{ratio}{flag}")
        if c.spread is not None:
            lines.append(f"  slowest / fastest: {c.spread:.2f}")
        for n in c.notes:
            lines.append(f"  note: {n}")
    return "\n".join(lines)
