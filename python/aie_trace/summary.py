# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Per-slice summaries of decoded traces: what each call site's design did, at a glance.

For each slice: how full it is, packet counts (``packets``: the packets written, valid or not,
the same number in the text and the JSON; ``capacity_packets``: how many fit), per trace unit
the events per name and the first and last timestamp, the kernel cycles between
``INSTR_EVENT_0`` / ``INSTR_EVENT_1`` pairs (count, min, median, max; a second ``INSTR_EVENT_0``
before the ``INSTR_EVENT_1`` is ignored), and warnings: an empty slice, one whose packets are
all invalid, or a full one (at most one of the three), every decoding anomaly, events from units
the design does not configure, timer restarts; and a note when the packet headers carry columns
shifted from the design's.
:func:`format_table` prints them, :func:`to_json` gives the same as JSON.

A summary needs no event the decode did not count except the two kernel events' begins, which are
decoded again a step at a time: beyond the decode, it keeps 8 bytes per kernel run.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from .decode import SliceDecode, Stream, unit_label

KERNEL_BEGIN, KERNEL_END = "INSTR_EVENT_0", "INSTR_EVENT_1"


@dataclass
class KernelCycles:
    count: int
    min: int
    median: float
    max: int


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

    @property
    def fill(self) -> float:
        return self.used_bytes / self.size if self.size else 0.0


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
        self._tag, self._epoch, self._run_start = (
            int(tags[-1]),
            int(epochs[-1]),
            int(times[run_start[-1]]),
        )

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


def _unit(sd: SliceDecode, stream: Stream) -> UnitSummary:
    """A unit's events per name and first and last time, from what the decode counted; kernel
    cycles from one pass over the steps that hold the two events, in the order the unit wrote
    them (after a timer restart, each run's pairs are its own)."""
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
    if KERNEL_BEGIN in slot_of and KERNEL_END in slot_of:
        pairs = PairCycles()
        for times, which, epochs in stream.begins_in_order(
            [slot_of[KERNEL_BEGIN], slot_of[KERNEL_END]]
        ):
            pairs.feed(times, which, epochs)
        cyc = pairs.cycles()
        if len(cyc):
            u.kernel = KernelCycles(
                int(len(cyc)), int(cyc.min()), float(np.median(cyc)), int(cyc.max())
            )
    return u


def summarize(sd: SliceDecode, size_known: bool = True) -> SliceSummary:
    """The slice's summary. ``size_known=False``: the buffer is not the whole one the device wrote
    (a trace.txt leaves out zero words, the unwritten tail among them), so whether it filled up
    cannot be told and is not claimed."""
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
    s.units = [_unit(sd, st) for _, st in sorted(r.streams.items())]
    if r.used_bytes == 0:
        s.warnings.append("empty: no trace packet was written to this slice")
    elif r.valid_packets == 0:
        s.warnings.append(
            f"no valid trace packet: all {r.invalid_packets} packet(s) written to this slice "
            "have invalid headers"
        )
    elif not size_known:
        s.notes.append(
            "fill unknown: the buffer was read from a trace.txt, which leaves out zero words"
        )
    elif r.full:
        s.warnings.append(
            "full: the trace filled this slice and later events were lost "
            "(raise the trace buffer size)"
        )
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


def to_json(summaries: list[SliceSummary], **meta: Any) -> dict[str, Any]:
    out = []
    for s in summaries:
        d = asdict(s)
        d["fill"] = round(s.fill, 6)
        out.append(d)
    return {**meta, "slices": out}


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
                lines.append(f"    {name:<{width}}  {count:>10}")
            if u.kernel is not None:
                k = u.kernel
                lines.append(
                    f"    kernel cycles ({KERNEL_BEGIN} -> {KERNEL_END}): runs {k.count}, min {k.min}, "
                    f"median {k.median:g}, max {k.max}"
                )
        for n in s.notes:
            lines.append(f"  note: {n}")
        for w in s.warnings:
            lines.append(f"  warning: {w}")
    return "\n".join(lines)
