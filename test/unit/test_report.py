# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace report``: one self-contained page per run. The page is parsed here (every
machine): one table row per call site with its numbers, one chart bar per call site with kernel
runs, in proportion, and nothing fetched from anywhere. A headless Chromium opens it when one
is installed (Debian's ``chromium``); without one that test is skipped, saying so."""

from __future__ import annotations

import io
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from decode_encoder import buffer_of, encode_frames

from aie_trace.report import html as report
from aie_trace.report import summary
from aie_trace.tools import cli
from aie_trace.trace import decode, event_names

INPUTS = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "headless_shell")


class Page(HTMLParser):
    """The elements of a page: (tag, attributes, text inside) in document order."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str], list[str]]] = []
        self.open: list[int] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), []))
        if tag not in ("meta", "br", "line", "rect", "img", "link", "input"):
            self.open.append(len(self.elements) - 1)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), []))

    def handle_endtag(self, tag):
        while self.open:
            i = self.open.pop()
            if self.elements[i][0] == tag:
                break

    def handle_data(self, data):
        for i in self.open:
            self.elements[i][2].append(data)

    def find(self, tag, **attrs):
        return [
            e
            for e in self.elements
            if e[0] == tag and all(e[1].get(k) == v for k, v in attrs.items())
        ]


def design():
    d = event_names.DesignEvents("d", "s", "aie2", 5)
    u = event_names.UnitConfig(0, 0, 2)
    u.names[:3] = ["INSTR_EVENT_0", "INSTR_EVENT_1", "LOCK_STALL"]
    d.units[(0, 0, 2)] = u
    return d


def run_of(lengths):
    frames = []
    for k, n in enumerate(lengths):
        t = 1000 + 1000 * k
        frames += [(t, 1), (t + 10, 4), (t + n, 2)]
    return buffer_of({(0, 0, 2, 1): encode_frames(frames, timer=990).data}, size=4096)


@pytest.fixture(scope="module")
def sums():
    parts = [run_of([100, 100]), run_of([100, 120]), bytes(4096), run_of([400, 400])]
    slices = [
        {
            "device": "d",
            "sequence": "s",
            "call_path": str(i),
            "offset": 4096 * i,
            "size": 4096,
        }
        for i in range(len(parts))
    ]
    sds = decode.decode_fused(b"".join(parts), slices, {("d", "s"): design()})
    return [summary.summarize(sd) for sd in sds]


def test_page_holds_the_table_and_chart(sums):
    text = report.html(sums, meta={"kernel": "main:main_seq"}, clock_mhz=1600.0)
    page = Page(text)
    (table,) = page.find("table", **{"class": "call-sites"})
    rows = [e for e in page.elements if e[0] == "tr"]
    labels = [s.label for s in sums]
    body = [r for r in rows if r[2] and r[2][0] in labels]
    assert [r[2][0] for r in body] == labels
    # call 1: runs 100 and 120; median 110 cycles is 0.06875 us at 1600 MHz
    assert body[1][2][:10] == [
        "d:s [call 1]",
        "ok",
        f"{sums[1].used_bytes} / 4096 ({sums[1].fill:.0%})",
        "6",
        "2",
        "100",
        "110",
        "120",
        "220",
        "0.069",
    ]
    assert body[2][2][1] == "empty"
    assert "outlier" in " ".join(body[3][2])  # x3.81 the design's median call site
    (svg,) = page.find("svg", **{"class": "kernel-chart"})
    bars = page.find("rect", **{"class": "median"})
    assert len(bars) == 3  # the empty call site has no kernel run
    widths = [float(b[1]["width"]) for b in bars]
    # one scale: the longest run (400) spans the bar width; medians 100, 110, 400
    assert widths == pytest.approx(
        [report.BAR_W * m / 400 for m in (100, 110, 400)], abs=0.06
    )
    assert "lock stall cycles" in text
    assert "d:s: 4 call sites; slowest / fastest 4.00" in text


def test_page_is_self_contained(sums):
    text = report.html(sums)
    page = Page(text)
    lowered = text.lower()
    assert "http:" not in lowered and "https:" not in lowered and "url(" not in lowered
    assert not page.find("script") and not page.find("link") and not page.find("img")
    assert all("src" not in e[1] and "href" not in e[1] for e in page.elements)
    assert text.startswith("<!DOCTYPE html>") and page.find("meta", charset="utf-8")


def test_labels_are_escaped():
    d = event_names.DesignEvents("d<x>", "s&", "aie2", 5)
    slices = [
        {"device": "d<x>", "sequence": "s&", "call_path": "0", "offset": 0, "size": 64}
    ]
    (sd,) = decode.decode_fused(bytes(64), slices, {("d<x>", "s&"): d})
    text = report.html([summary.summarize(sd)])
    assert "d&lt;x&gt;:s&amp; [call 0]" in text and "d<x>" not in text


def test_report_command(tmp_path, make_trace):
    buf, out = tmp_path / "fused.bin", tmp_path / "r.html"
    make_trace.main(buf)
    stdout, stderr = io.StringIO(), io.StringIO()
    args = cli.build_parser().parse_args(
        [
            "report",
            str(buf),
            "--mlir",
            str(INPUTS / "fused-e4.mlir"),
            "-o",
            str(out),
            "--summary-json",
            str(tmp_path / "s.json"),
        ]
    )
    assert args._module.run(args, stdout, stderr) == 0, stderr.getvalue()
    assert "kernel cycles (INSTR_EVENT_0 -> INSTR_EVENT_1): runs 3" in stdout.getvalue()
    page = Page(out.read_text())
    assert len(page.find("rect", **{"class": "median"})) == 2
    assert (tmp_path / "s.json").read_text().count('"status": "ok"') == 2


def test_report_command_errors_are_one_line(tmp_path):
    stdout, stderr = io.StringIO(), io.StringIO()
    args = cli.build_parser().parse_args(["report", str(tmp_path / "missing.bin")])
    assert args._module.run(args, stdout, stderr) == 1
    err = stderr.getvalue()
    assert err.startswith("aie-trace report: error: ") and "Traceback" not in err
    assert "cannot read the trace buffer" in err


def browser() -> str | None:
    return next((b for b in map(shutil.which, BROWSERS) if b), None)


@pytest.mark.skipif(
    browser() is None,
    reason="no headless browser installed (Debian: apt-get install chromium); "
    "the page is checked by parsing it instead",
)
def test_a_headless_browser_opens_the_page(sums, tmp_path):
    path = tmp_path / "report.html"
    path.write_text(report.html(sums, meta={"kernel": "main:main_seq"}))
    shot = tmp_path / "shot.png"
    common = [
        browser(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    dom = subprocess.run(
        [*common, "--dump-dom", path.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    # the browser's own DOM after loading: the table rows and the chart are there
    page = Page(dom)
    assert len(page.find("rect", **{"class": "median"})) == 3
    assert [r[2][0] for r in page.find("tr") if r[2] and r[2][0].startswith("d:s")] == [
        s.label for s in sums
    ]
    subprocess.run(
        [*common, f"--screenshot={shot}", "--window-size=1200,900", path.as_uri()],
        capture_output=True,
        timeout=120,
        check=True,
    )
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
