# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Perfetto time base loses nothing: every event of one cycle or more keeps a non-zero length
in proportion to its cycles once Perfetto turns ``ts`` (microseconds) into whole nanoseconds --
as its JSON importer does, from the number's text or as ``llround(ts * 1000)`` of the double --
and the file says the scale."""

from __future__ import annotations

import io
import json
import math
import re
from decimal import Decimal
from pathlib import Path

import numpy as np
from decode_encoder import buffer_of, encode_frames

from aie_trace.trace import decode, perfetto

CAPTURE = Path(__file__).resolve().parents[1] / "data"
CAPTURE = CAPTURE / "npu1-vector-scalar" / "trace_hw.bin"
TS = re.compile(
    r'"ph": "([BE])", "pid": (\d+), "tid": (\d+), "ts": ([0-9.]+), "args": \{"cycles": (\d+)\}'
)


def written(data: bytes, **options) -> tuple[str, dict]:
    sites = decode.decode_slices(
        data,
        [
            {
                "device": "d",
                "sequence": "s",
                "call_path": "",
                "offset": 0,
                "size": len(data),
            }
        ],
    )
    out = io.StringIO()
    perfetto.write_chrome_trace(sites, out, "d:s", **options)
    return out.getvalue(), json.loads(out.getvalue())


def lengths(text: str) -> list[tuple[int, int, int]]:
    """(cycles, ns from the text, ns from the double) of every B/E pair."""
    open_at, out = {}, []
    for ph, pid, tid, ts, cycles in TS.findall(text):
        ns_text = Decimal(ts) * 1000
        ns_double = math.floor(float(ts) * 1000 + 0.5)
        if ph == "B":
            open_at[(pid, tid)] = (int(cycles), ns_text, ns_double)
        else:
            c0, t0, d0 = open_at.pop((pid, tid))
            out.append((int(cycles) - c0, ns_text - t0, ns_double - d0))
    return out


def test_one_cycle_events_of_the_npu1_capture_keep_their_length():
    """Every event of the capture lasts one cycle: drawn as 1 ns each, never 0 ns; in real
    microseconds at 1600 MHz (0.625 ns a cycle) some would show as 0 ns."""
    data = CAPTURE.read_bytes()
    text, doc = written(data)
    got = lengths(text)
    assert len(got) == 8 and all(c == 1 and t == 1 and d == 1 for c, t, d in got)
    assert doc["otherData"]["time_unit"] == "cycle"
    assert doc["otherData"]["ns_per_cycle"] == 0.625
    assert "displayTimeUnit" not in doc
    labels = [
        e["args"]["labels"] for e in doc["traceEvents"] if e["name"] == "process_labels"
    ]
    assert labels and all(
        "1 ns shown = 1 cycle = 0.625 ns at 1600 MHz" in x for x in labels
    )
    real, _ = written(data, time_base="us")
    assert any(d == 0 for _, _, d in lengths(real))


def test_every_length_is_its_cycles_on_a_dense_buffer():
    rng = np.random.default_rng(3)
    t = np.cumsum(rng.integers(1, 40, 5000)) + (1 << 33)  # times past 2**32 cycles too
    frames = [
        (int(x), int(m)) for x, m in zip(t, rng.integers(1, 256, len(t)), strict=True)
    ]
    data = buffer_of({(0, 0, 2, 1): encode_frames(frames, timer=int(t[0]) - 3).data})
    got = lengths(written(data)[0])
    assert len(got) > 5000
    assert all(c >= 1 and t == c and d == c for c, t, d in got)
