# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One self-contained HTML page per run: the per-call-site summary table and a kernel-time chart.

:func:`html` renders the summaries (:mod:`aie_trace.report.summary`) of every slice of a run as one
HTML5 document that needs nothing else: the style sheet is inline, the chart is inline SVG, there
is no script and no URL (the page opens offline and from a mail attachment). In order:

* the run: kernel, buffer, size, AIE clock;
* **call sites**: one row per slice -- status, bytes used, events, kernel runs (count, min,
  median, max, total cycles and microseconds at the AIE clock), ratio to the design's median call
  site (outliers marked), stall cycles per kind;
* **kernel time**: per call site a bar to its median kernel run, a whisker from the fastest run
  to the slowest, the numbers beside it; one scale for the page;
* per call site: why it is empty, cut short or full, warnings, and per trace unit every event
  with its count, busy cycles and busy share;
* the call sites of each design side by side (:func:`aie_trace.report.summary.compare`).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from . import summary as S

STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}h3{font-size:1em}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}
th{background:#f2f2f2}td.l,th.l{text-align:left}
tr.outlier td{background:#fff3cd}
.status-ok{color:#1a7f37}.status-empty,.status-invalid,.status-full,.status-short{color:#b42318}
ul.why{margin:.2em 0 .8em}
svg text{font:12px system-ui,sans-serif}
"""

#: chart geometry (pixels)
LABEL_W, BAR_W, NUM_W, ROW_H = 260, 420, 260, 26


def html(
    summaries: list[S.SliceSummary],
    *,
    title: str = "aie-trace report",
    meta: dict[str, Any] | None = None,
    clock_mhz: float | Mapping[str, float] | None = None,
) -> str:
    """The report page. ``meta``: facts about the run shown at the top (kernel, buffer, ...);
    ``clock_mhz``: the AIE clock (MHz) that turns cycles into microseconds, one for the run or
    one per call site label (none: cycles only)."""
    if clock_mhz is not None and not isinstance(clock_mhz, Mapping):
        clock_mhz = {s.label: float(clock_mhz) for s in summaries}
    comparisons = S.compare(summaries)
    ratio = {r.label: r for c in comparisons for r in c.call_sites}
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        _meta(meta or {}, clock_mhz),
        "<h2>Call sites</h2>",
        _table(summaries, ratio, clock_mhz),
        "<h2>Kernel time</h2>",
        _chart(summaries),
        _comparisons(comparisons),
        "<h2>Per call site</h2>",
        *(_details(s) for s in summaries),
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


def _meta(meta: dict[str, Any], clock_mhz: Mapping[str, float] | None) -> str:
    rows = [(k, v) for k, v in meta.items() if v is not None]
    clocks = sorted(set((clock_mhz or {}).values()))
    if clocks:
        rows.append(("AIE clock", ", ".join(f"{c:g} MHz" for c in clocks)))
    if not rows:
        return ""
    body = "".join(
        f'<tr><th class="l">{escape(str(k))}</th><td class="l">{escape(str(v))}</td></tr>'
        for k, v in rows
    )
    return f'<table class="meta">{body}</table>'


def _table(
    summaries: list[S.SliceSummary],
    ratio: dict[str, S.CallSiteTime],
    clock_mhz: Mapping[str, float] | None,
) -> str:
    kinds = [
        k
        for k in S.STALL_KINDS
        if any(k in u.stalls for s in summaries for u in s.units)
    ]
    head = [
        "call site",
        "status",
        "bytes used",
        "events",
        "kernel runs",
        "min",
        "median",
        "max",
        "total cycles",
    ]
    if clock_mhz is not None:
        head.append("median µs")
    head.append("ratio")
    head += [f"{k} stall cycles" for k in kinds]
    rows = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>"]
    for s in summaries:
        k = s.kernel
        r = ratio.get(s.label)
        cells = [
            f'<td class="l">{escape(s.label)}</td>',
            f'<td class="l status-{s.status}">{escape(s.status)}</td>',
            f"<td>{s.used_bytes} / {s.size} ({s.fill:.0%})</td>",
            f"<td>{s.events}</td>",
        ]
        if k is None:
            cells += ["<td>0</td>"] + ["<td></td>"] * 4
        else:
            cells += [
                f"<td>{k.count}</td><td>{k.min}</td><td>{k.median:g}</td>"
                f"<td>{k.max}</td><td>{k.total}</td>"
            ]
        if clock_mhz is not None:
            mhz = clock_mhz.get(s.label)
            us = f"{k.median / mhz:.3f}" if k is not None and mhz else ""
            cells.append(f"<td>{us}</td>")
        cells.append(
            f"<td>{r.ratio:.2f}{' outlier' if r.outlier else ''}</td>"
            if r is not None and r.ratio is not None
            else "<td></td>"
        )
        for kind in kinds:
            cyc = sum(u.stalls[kind].cycles for u in s.units if kind in u.stalls)
            cells.append(f"<td>{cyc}</td>")
        cls = ' class="outlier"' if r is not None and r.outlier else ""
        rows.append(f"<tr{cls}>{''.join(cells)}</tr>")
    return f'<table class="call-sites">{"".join(rows)}</table>'


def _chart(summaries: list[S.SliceSummary]) -> str:
    timed = [s for s in summaries if s.kernel is not None]
    if not timed:
        return "<p>No kernel runs (INSTR_EVENT_0 -> INSTR_EVENT_1) in this trace.</p>"
    top = max(s.kernel.max for s in timed) or 1
    width = LABEL_W + BAR_W + NUM_W
    height = ROW_H * len(timed) + 30
    out = [
        f'<svg class="kernel-chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        'aria-label="median kernel cycles per call site, whiskers from min to max">'
    ]

    def x(v: float) -> float:
        return LABEL_W + BAR_W * v / top

    for i, s in enumerate(timed):
        k = s.kernel
        y = i * ROW_H + 4
        mid = y + (ROW_H - 8) / 2
        out.append(
            f'<text x="{LABEL_W - 6}" y="{mid + 4:.1f}" text-anchor="end">'
            f"{escape(s.label)}</text>"
        )
        out.append(
            f'<rect class="median" x="{LABEL_W}" y="{y}" width="{x(k.median) - LABEL_W:.1f}" '
            f'height="{ROW_H - 8}" fill="#4c78a8"><title>{escape(s.label)}: median '
            f"{k.median:g} cycles</title></rect>"
        )
        out.append(
            f'<line class="range" x1="{x(k.min):.1f}" x2="{x(k.max):.1f}" y1="{mid:.1f}" '
            f'y2="{mid:.1f}" stroke="#222" stroke-width="2"/>'
        )
        for v in (k.min, k.max):
            out.append(
                f'<line x1="{x(v):.1f}" x2="{x(v):.1f}" y1="{y + 2}" y2="{y + ROW_H - 10}" '
                'stroke="#222" stroke-width="2"/>'
            )
        out.append(
            f'<text x="{LABEL_W + BAR_W + 8}" y="{mid + 4:.1f}">median {k.median:g} '
            f"(min {k.min}, max {k.max}, runs {k.count})</text>"
        )
    axis_y = ROW_H * len(timed) + 12
    out.append(
        f'<line x1="{LABEL_W}" x2="{LABEL_W + BAR_W}" y1="{axis_y - 6}" y2="{axis_y - 6}" '
        'stroke="#888"/>'
    )
    out.append(f'<text x="{LABEL_W}" y="{axis_y + 10}">0</text>')
    out.append(
        f'<text x="{LABEL_W + BAR_W}" y="{axis_y + 10}" text-anchor="end">{top} cycles</text>'
    )
    out.append("</svg>")
    return "\n".join(out)


def _comparisons(comparisons: list[S.DesignComparison]) -> str:
    if not comparisons:
        return ""
    out = ["<h2>Call sites of one design</h2>"]
    for c in comparisons:
        spread = f"; slowest / fastest {c.spread:.2f}" if c.spread is not None else ""
        out.append(
            f"<h3>{escape(c.design)}: {len(c.call_sites)} call sites{spread}</h3><ul>"
        )
        for r in c.call_sites:
            k = f"median {r.kernel.median:g} cycles" if r.kernel else "no kernel runs"
            ratio = (
                f", x{r.ratio:.2f} the design's median" if r.ratio is not None else ""
            )
            flag = " <strong>outlier</strong>" if r.outlier else ""
            out.append(f"<li>{escape(r.label)}: {k}{ratio}{flag}</li>")
        out += [f"<li>{escape(n)}</li>" for n in c.notes]
        out.append("</ul>")
    return "\n".join(out)


def _details(s: S.SliceSummary) -> str:
    out = [f"<h3>{escape(s.label)}</h3>"]
    lines = [*s.why, *s.warnings, *s.notes]
    if lines:
        out.append('<ul class="why">' + "".join(f"<li>{escape(x)}</li>" for x in lines))
        out.append("</ul>")
    for u in s.units:
        rows = "".join(
            f'<tr><td class="l">{escape(name)}</td><td>{b.count}</td><td>{b.cycles}</td>'
            f"<td>{b.share:.1%}</td></tr>"
            for name, b in u.busy.items()
        )
        span = f"cycles {u.first}..{u.last}" if u.first is not None else "no events"
        out.append(
            f"<p>{escape(u.unit)}({u.col},{u.row}): {span}, {u.traced_cycles} traced</p>"
            '<table class="events"><tr><th class="l">event</th><th>count</th>'
            f"<th>busy cycles</th><th>busy share</th></tr>{rows}</table>"
        )
    return "\n".join(out)
