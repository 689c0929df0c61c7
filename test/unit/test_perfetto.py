# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Chrome trace output, per-slice summaries and the ``aie-trace decode`` command, on a fused buffer
whose slices come from two different designs."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from decode_cli import run_cli

from aie_trace.ir.provider import ir, make_context
from aie_trace.report import summary
from aie_trace.tools import decode as cli
from aie_trace.trace import decode, perfetto, stream

INPUTS = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"


@pytest.fixture(scope="module")
def fused(tmp_path_factory, make_trace):
    path = tmp_path_factory.mktemp("trace") / "trace.bin"
    make_trace.main(path)
    return path


def decoded(path: Path, mlir: str = "fused-e4.mlir") -> list[decode.SliceDecode]:
    from aie_trace.analysis import layout, trace_events

    with make_context():
        m = ir.Operation.parse((INPUTS / mlir).read_text())
        (lay,) = layout.read_layouts(m)
        return decode.decode_fused(
            path.read_bytes(), lay.slices, trace_events.designs_for(m, lay.slices)
        )


@pytest.mark.parametrize("mlir", ["fused-e4.mlir", "fused-e1.mlir"])
def test_each_slice_decodes_to_its_own_designs_names(fused, mlir):
    a, b = decoded(fused, mlir)
    key = stream.StreamKey(0, 0, 2)
    names_a = {a.slot_name(key, s) for s in a.result.streams[key].slot.tolist()}
    names_b = {b.slot_name(key, s) for s in b.result.streams[key].slot.tolist()}
    assert names_a == {"LOCK_STALL", "INSTR_EVENT_1", "INSTR_VECTOR", "INSTR_EVENT_0"}
    assert names_b == {
        "INSTR_EVENT_0",
        "INSTR_EVENT_1",
        "SPARSITY_OVERFLOW",
        "UNKNOWN_EVENT_54",
    }
    assert (a.call_path, b.call_path) == ("0", "1")


def test_chrome_trace_structure(fused):
    doc = perfetto.chrome_trace(decoded(fused), kernel="main:main_seq", time_base="us")
    ev = doc["traceEvents"]
    procs = {e["pid"]: e["args"]["name"] for e in ev if e["name"] == "process_name"}
    assert sorted(procs.values()) == [
        "dev_a:seq [call 0] core(0,2)",
        "dev_b:seq [call 1] core(0,2)",
        "dev_b:seq [call 1] mem(0,2)",
    ]
    threads = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in ev
        if e["name"] == "thread_name"
    }
    pid_a = next(p for p, n in procs.items() if n.startswith("dev_a"))
    assert threads[(pid_a, 7)] == "INSTR_EVENT_0 (slot 7)"
    spans = [e for e in ev if e["ph"] in "BE"]
    assert len(spans) == 2 * sum(
        len(s) for sd in decoded(fused) for s in sd.result.streams.values()
    )
    begins = [
        e["args"]["cycles"]
        for e in spans
        if e["pid"] == pid_a and e["tid"] == 7 and e["ph"] == "B"
    ]
    assert begins == [1010, 2010, 3010]
    vec = [
        (e["ph"], e["args"]["cycles"])
        for e in spans
        if e["pid"] == pid_a and e["tid"] == 2
    ]
    assert vec[:2] == [("B", 1012), ("E", 1022)]  # ten held cycles are one span
    # ts is in microseconds at the design's AIE clock: dev_a is npu1 (aie2), dev_b npu2 (aie2p)
    assert all(
        e["ts"]
        == pytest.approx(e["args"]["cycles"] / perfetto.AIE_CLOCK_MHZ["aie2"], abs=1e-6)
        for e in spans
        if e["pid"] == pid_a
    )
    pid_b = next(p for p, n in procs.items() if n.startswith("dev_b"))
    assert all(
        e["ts"]
        == pytest.approx(
            e["args"]["cycles"] / perfetto.AIE_CLOCK_MHZ["aie2p"], abs=1e-6
        )
        for e in spans
        if e["pid"] == pid_b
    )
    assert doc["otherData"]["time_unit"] == "us"
    assert sorted(procs) == list(
        range(len(procs))
    )  # pids count from 0 in process_name order
    assert doc["otherData"]["kernel"] == "main:main_seq"
    assert doc["otherData"]["designs"] == ["dev_a:seq", "dev_b:seq"]


def test_summary_counts_kernel_cycles_and_fill(fused):
    a, b = (summary.summarize(sd) for sd in decoded(fused))
    (core_a,) = a.units
    assert core_a.events == {
        "LOCK_STALL": 3,
        "INSTR_EVENT_1": 3,
        "INSTR_VECTOR": 3,
        "INSTR_EVENT_0": 3,
    }
    assert (core_a.first, core_a.last) == (1010, 3211)
    assert core_a.kernel == summary.KernelCycles(3, 100, 150.0, 200, 450)
    assert (a.used_bytes, a.size, a.warnings) == (64, 8192, [])
    assert [u.unit for u in b.units] == ["core", "mem"]
    assert b.units[0].kernel == summary.KernelCycles(1, 20, 20.0, 20, 20)
    text = summary.format_table([a, b])
    assert (
        "kernel cycles (INSTR_EVENT_0 -> INSTR_EVENT_1): runs 3, min 100, median 150, max 200"
        in text
    )
    js = json.loads(json.dumps(summary.to_json([a, b], kernel="main:main_seq")))
    assert js["slices"][0]["units"][0]["kernel"] == {
        "count": 3,
        "min": 100,
        "median": 150.0,
        "max": 200,
        "total": 450,
    }


def test_kernel_cycles_ignore_extra_starts_and_unpaired_ends():
    got = summary.kernel_cycles(np.array([10, 20, 100, 300]), np.array([5, 50, 150]))
    assert got.tolist() == [
        40,
        50,
    ]  # 10 -> 50 (20 ignored), 100 -> 150; 5 and 300 unpaired


def test_summary_warnings_empty_full_and_anomalies(fused):
    raw = fused.read_bytes()
    empty = decode.decode_slices(
        bytes(256),
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 256}],
    )
    assert summary.summarize(empty[0]).warnings == [
        "empty: no trace packet was written to this slice"
    ]
    full = decode.decode_slices(
        raw[:64],
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 64}],
    )
    assert any(
        "raise the trace buffer size" in w for w in summary.summarize(full[0]).warnings
    )
    bad = bytearray(raw[:64])
    bad[0] ^= 1  # break the first header's parity
    (sd,) = decode.decode_slices(
        bytes(bad),
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 64}],
    )
    assert any(
        w.startswith("1 packet(s) with an invalid header")
        for w in summary.summarize(sd).warnings
    )


# -- the command -----------------------------------------------------------------------------------


def test_cli_writes_trace_and_summary(fused, tmp_path):
    rc, out, err = run_cli(
        fused,
        "--mlir",
        INPUTS / "fused-e4.mlir",
        "-o",
        tmp_path / "t.json",
        "--summary-json",
        tmp_path / "s.json",
    )
    assert (rc, err) == (0, "")
    assert "dev_a:seq [call 0]" in out and "SPARSITY_OVERFLOW" in out
    trace = json.loads((tmp_path / "t.json").read_text())
    assert any(e["name"] == "INSTR_VECTOR" for e in trace["traceEvents"])
    s = json.loads((tmp_path / "s.json").read_text())
    assert s["kernel"] == "main:main_seq" and [x["label"] for x in s["slices"]] == [
        "dev_a:seq [call 0]",
        "dev_b:seq [call 1]",
    ]


def test_cli_layout_json_without_names(fused, tmp_path):
    layout_json = {
        "kernel": "main:main_seq",
        "arg_index": 1,
        "host_buffer_index": 1,
        "size": 16384,
        "slices": [
            {
                "device": "dev_a",
                "sequence": "seq",
                "call_path": "0",
                "offset": 0,
                "size": 8192,
            },
            {
                "device": "dev_b",
                "sequence": "seq",
                "call_path": "1",
                "offset": 8192,
                "size": 8192,
            },
        ],
    }
    (tmp_path / "l.json").write_text(json.dumps(layout_json))
    rc, out, _ = run_cli(fused, "--layout", tmp_path / "l.json")
    assert rc == 0 and "slot7" in out and "dev_b:seq [call 1]" in out


def test_cli_main_entry_point(fused, capsys):
    assert (
        cli.main(
            [
                str(fused),
                "--mlir",
                str(INPUTS / "fused-e1.mlir"),
                "--progress",
                "always",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert "100%" in captured.err and "dev_b:seq [call 1]" in captured.out


def test_cli_errors_are_located_and_fail(fused, tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text('module {\n  "aie.device"() ({\n')
    rc, _, err = run_cli(fused, "--mlir", bad)
    assert (
        rc == 1
        and err.startswith(f"aie-trace decode: error: {bad}:2:")
        and "Traceback" not in err
    )
    rc, _, err = run_cli(tmp_path / "missing.bin")
    assert rc == 1 and "cannot read the trace buffer" in err
    rc, _, err = run_cli(
        fused, "--mlir", INPUTS / "fused-e4.mlir", "--kernel", "nope:seq"
    )
    assert rc == 1 and "no 'aie.device @nope'" in err
    (tmp_path / "l.json").write_text("{")
    rc, _, err = run_cli(fused, "--layout", tmp_path / "l.json")
    assert rc == 1 and err.startswith(
        f"aie-trace decode: error: {tmp_path / 'l.json'}: "
    )


@pytest.mark.parametrize("cycles", [False, True])
def test_batch_lines_equal_per_event_formatting(cycles: bool) -> None:
    """The numpy-built lines of a batch are byte for byte what one f-string per event writes:
    zero, one-digit and 19-digit times, every code, prefixes of different lengths."""
    rng = np.random.default_rng(1)
    t = np.concatenate(
        [
            [0, 1, 9, 10, 999, 1000, 1001, (1 << 62) + 12345],
            rng.integers(0, 10**12, 500),
        ]
    ).astype(np.int64)
    code = rng.integers(0, 16, len(t)).astype(np.int64)
    prefixes = [f'{{"name": "e{"x" * c}", "ph": "B", "ts": ' for c in range(16)]
    got = perfetto._lines(perfetto._prefix_table(prefixes), code, t, cycles)
    if cycles:
        want = ",\n".join(
            f'{prefixes[c]}{x}, "args": {{}}}}'
            for x, c in zip(t.tolist(), code.tolist(), strict=True)
        )
    else:
        want = ",\n".join(
            (
                f'{prefixes[c]}{x / 1000:.3f}, "args": {{"cycles": {x}}}}}'
                if x < 1 << 53
                else f'{prefixes[c]}{x // 1000}.{x % 1000:03d}, "args": {{"cycles": {x}}}}}'
            )
            for x, c in zip(t.tolist(), code.tolist(), strict=True)
        )
    assert got == want
