# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A drop-in for mlir-aie's trace parser: its input forms, its command-line flags, its Python entry
point and its summary helpers' numbers; and the decoder's hardware facts around them (physical
columns, Perfetto time per run)."""

from __future__ import annotations

import io
import json
import statistics
from pathlib import Path

import numpy as np
import pytest
from decode_cli import run_cli
from decode_encoder import buffer_of, encode_frames

import aie_trace
from aie_trace.report import summary
from aie_trace.trace import decode, perfetto
from aie_trace.trace import inputs as trace_input

INPUTS = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"

DESIGN = (INPUTS / "design-a.mlir").read_text()


# -- mlir-aie's summary helpers, re-stated from their source (python/utils/trace/utils.py@0750994) --
# get_cycles: the first INSTR_EVENT_1 begin minus the first INSTR_EVENT_0 begin, over the whole file.
# get_cycles_summary: one list per process_name event, in file order (indexed by pid); walking the
# events in file order, an INSTR_EVENT_0 begin opens a kernel run of its pid unless one is open, an
# INSTR_EVENT_1 begin closes the open one and records the difference of the two ts.


def upstream_get_cycles(events):
    e0 = [x["ts"] for x in events if x["name"] == "INSTR_EVENT_0" and x["ph"] == "B"]
    e1 = [x["ts"] for x in events if x["name"] == "INSTR_EVENT_1" and x["ph"] == "B"]
    return e1[0] - e0[0] if e0 and e1 else np.inf


def upstream_get_cycles_summary(events):
    names = [x["args"]["name"] for x in events if x["name"] == "process_name"]
    runs = [[] for _ in names]
    open_at = [None] * len(names)
    for x in events:
        pid = int(x["pid"])
        if x["ph"] != "B":
            continue
        if x["name"] == "INSTR_EVENT_0" and open_at[pid] is None:
            open_at[pid] = x["ts"]
        elif x["name"] == "INSTR_EVENT_1" and open_at[pid] is not None:
            runs[pid].append(x["ts"] - open_at[pid])
            open_at[pid] = None
    return [[n, *r] for n, r in zip(names, runs, strict=True)]


def our_kernel_runs(sums):
    """Per unit with kernel cycles: (count, min, median, max) from our summary."""
    return sorted(
        (u.kernel.count, u.kernel.min, u.kernel.median, u.kernel.max)
        for s in sums
        for u in s.units
        if u.kernel is not None
    )


def their_kernel_runs(events):
    out = []
    for entry in upstream_get_cycles_summary(events):
        samples = entry[1:]
        if samples:
            out.append(
                (
                    len(samples),
                    min(samples),
                    float(statistics.median(samples)),
                    max(samples),
                )
            )
    return sorted(out)


# -- input forms -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def design_trace(tmp_path_factory, make_trace):
    d = tmp_path_factory.mktemp("design")
    for form in ("raw", "txt", "npy"):
        make_trace.main(d / f"trace.{form}", design=True, form=form)
    return d


def test_trace_txt_is_mlir_aies_writer_output(design_trace):
    raw = (design_trace / "trace.raw").read_bytes()
    text = (design_trace / "trace.txt").read_text()
    words = np.frombuffer(raw, dtype="<u4")
    assert text == "\n".join(f"{w:08x}" for w in words if w != 0) and not text.endswith(
        "\n"
    )


@pytest.mark.parametrize(
    "form, name",
    [("raw", "trace.raw"), ("trace.txt", "trace.txt"), ("npy", "trace.npy")],
)
def test_each_input_form_is_told_by_content(design_trace, tmp_path, form, name):
    # the file name says nothing: every form is copied to a name with no or a misleading suffix
    misnamed = tmp_path / "buffer.bin"
    misnamed.write_bytes((design_trace / name).read_bytes())
    got = trace_input.read_trace_file(str(misnamed))
    assert got.form == form
    raw = (design_trace / "trace.raw").read_bytes()
    expect = (
        raw.rstrip(b"\0") if form == "trace.txt" else raw
    )  # trace.txt drops the zero tail
    assert got.data == expect
    rc, out, err = run_cli(misnamed, "--mlir", INPUTS / "design-a.mlir")
    assert rc == 0, err
    assert (
        "kernel cycles (INSTR_EVENT_0 -> INSTR_EVENT_1): runs 3, min 100, median 150, max 200"
        in out
    )


def test_trace_txt_variants_and_npy_dtypes():
    assert trace_input.words_of(b"0000ABCD\r\n\r\n00000001").data == bytes.fromhex(
        "cdab0000 01000000"
    )
    # the writer's own form (read in one conversion) and lines of other lengths (line by line)
    assert trace_input.words_of(b"0000abcd\n00000001").data == bytes.fromhex(
        "cdab0000 01000000"
    )
    assert trace_input.words_of(b"0000abcd\n00000001\n").data == bytes.fromhex(
        "cdab0000 01000000"
    )
    assert trace_input.words_of(b"abcd\n1\n00000002").data == bytes.fromhex(
        "cdab0000 01000000 02000000"
    )
    with pytest.raises(trace_input.InputError, match="line 2"):
        trace_input.words_of(b"0000000\n100000002\n")
    for dtype in (np.uint32, np.int32, np.int64, np.uint64):
        f = io.BytesIO()
        np.save(f, np.array([0x80020001, 7], dtype=np.uint64).astype(dtype))
        assert trace_input.words_of(f.getvalue()).data == bytes.fromhex(
            "01000280 07000000"
        ), dtype
    f = io.BytesIO()
    np.save(f, np.frombuffer(bytes(range(8)), dtype=np.uint8))
    assert trace_input.words_of(f.getvalue()).data == bytes(range(8))


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "the file is empty"),
        (b'{"traceEvents": []}\n', "line 1 is not a hex word"),
        (b"00000001\n123456789\n", "line 2: .123456789. is not a 32-bit hex word"),
        (b"module {\n}\n", "not a trace.txt of hex words"),
    ],
)
def test_a_file_of_no_form_is_a_clear_error(tmp_path, content, message):
    path = tmp_path / "trace"
    path.write_bytes(content)
    with pytest.raises(trace_input.InputError, match=message):
        trace_input.read_trace_file(str(path))
    rc, out, err = run_cli(path)
    assert (
        rc == 1
        and err.startswith(f"aie-trace decode: error: {path}: ")
        and "Traceback" not in err
    )


def test_damaged_npy_files_are_input_errors():
    f = io.BytesIO()
    np.save(f, np.arange(40, dtype=np.uint32))
    npy = f.getvalue()
    rng = np.random.default_rng(7)
    refused = read = 0
    for _ in range(400):
        cand = bytearray(npy[: int(rng.integers(len(npy) + 1))])
        for _ in range(int(rng.integers(4))):
            if cand:
                cand[int(rng.integers(len(cand)))] = int(rng.integers(256))
        try:
            words = trace_input.words_of(bytes(cand))
        except trace_input.InputError:
            refused += 1
            continue
        read += 1
        assert words.form in (
            "npy",
            "raw",
            "trace.txt",
        ), words.form  # a damaged magic is raw
    # both outcomes happen: a damaged file is refused as input, never a traceback
    assert refused > 0 and read > 0, (refused, read)
    assert trace_input.words_of(npy) == trace_input.TraceInput(
        np.arange(40, dtype=np.uint32).tobytes(), "npy"
    )


def test_npy_of_floats_is_an_error(tmp_path):
    path = tmp_path / "trace.npy"
    np.save(path, np.zeros(8, dtype=np.float32))
    rc, _, err = run_cli(path)
    assert rc == 1 and "must hold integers" in err


def test_trace_txt_of_a_fused_buffer_is_refused(tmp_path, make_trace):
    path = tmp_path / "fused.txt"
    make_trace.main(tmp_path / "fused.bin")
    make_trace.write(path, (tmp_path / "fused.bin").read_bytes(), "txt")
    rc, _, err = run_cli(path, "--mlir", INPUTS / "fused-e4.mlir")
    assert rc == 1 and "cannot be cut into the 2 slices" in err


def test_trace_txt_summary_claims_no_fill(design_trace):
    rc, out, _ = run_cli(
        "--input", design_trace / "trace.txt", "--mlir", INPUTS / "design-a.mlir"
    )
    assert rc == 0 and "fill unknown" in out and "full:" not in out


# -- parse.py's flags ------------------------------------------------------------------------------


def test_parse_py_command_line_writes_parse_py_json(design_trace, tmp_path):
    """``parse.py --input trace.txt --mlir aie.mlir --output trace.json`` with our command: a JSON
    array with ts in cycles that mlir-aie's helpers read, and our summary's numbers."""
    out_json = tmp_path / "trace.json"
    rc, out, err = run_cli(
        "--input",
        design_trace / "trace.txt",
        "--mlir",
        INPUTS / "design-a.mlir",
        "--output",
        out_json,
    )
    assert rc == 0, err
    events = json.loads(out_json.read_text())
    assert isinstance(events, list)
    assert their_kernel_runs(events) == [(3, 100, 150.0, 200)]
    assert upstream_get_cycles(events) == 100
    rc, _, _ = run_cli(
        "--input",
        design_trace / "trace.txt",
        "--mlir",
        INPUTS / "design-a.mlir",
        "--output",
        out_json,
        "--style",
        "perfetto",
    )
    doc = json.loads(out_json.read_text())
    assert isinstance(doc, dict) and doc["otherData"]["time_unit"] == "cycle"


def test_input_flag_and_positional_buffer_are_one(design_trace):
    raw = design_trace / "trace.raw"
    assert run_cli(raw)[1] == run_cli("--input", raw)[1]
    rc, _, err = run_cli(raw, "--input", design_trace / "trace.txt")
    assert rc == 2 and "two trace buffers" in err  # usage errors
    rc, _, err = run_cli()
    assert rc == 2 and "no trace buffer" in err


def test_aie_clock_flag_sets_microseconds(design_trace, tmp_path):
    out_json = tmp_path / "t.json"
    for mhz in (1000.0, 1250.0):
        rc, _, err = run_cli(
            design_trace / "trace.raw",
            "--mlir",
            INPUTS / "design-a.mlir",
            "-o",
            out_json,
            "--aie-clock-mhz",
            mhz,
            "--time-base",
            "us",
        )
        assert rc == 0, err
        doc = json.loads(out_json.read_text())
        spans = list(perfetto.spans(doc))
        assert spans and all(
            e["ts"] == pytest.approx(e["args"]["cycles"] / mhz, abs=1e-6) for e in spans
        )
        assert doc["otherData"]["aie_clock_mhz"] == mhz
    with pytest.raises(SystemExit) as e:  # argparse refuses it: a usage error
        run_cli(design_trace / "trace.raw", "--aie-clock-mhz", "0")
    assert e.value.code == 2


# -- physical columns ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shifted(tmp_path_factory, make_trace):
    path = tmp_path_factory.mktemp("shifted") / "trace.bin"
    make_trace.main(
        path, design=True, col=1
    )  # npu1 firmware may start a design on column 1
    return path


def test_shifted_columns_are_aligned_and_said(shifted, tmp_path):
    rc, out, err = run_cli(
        shifted,
        "--mlir",
        INPUTS / "design-a.mlir",
        "--summary-json",
        tmp_path / "s.json",
    )
    assert rc == 0, err
    assert "INSTR_EVENT_0           3" in out and "slot" not in out.split("note:")[0]
    assert (
        "note: columns: the packet headers carry physical columns +1 from the design's (aligned automatically)"
        in out
    )
    assert "does not configure" not in out
    (s,) = json.loads((tmp_path / "s.json").read_text())["slices"]
    assert (s["colshift"], s["colshift_source"]) == (1, "auto")
    assert (s["units"][0]["col"], s["units"][0]["trace_col"]) == (0, 1)


def test_colshift_flag_forces_a_shift(shifted):
    rc, out, _ = run_cli(shifted, "--mlir", INPUTS / "design-a.mlir", "--colshift", "1")
    assert "(as given)" in out and "INSTR_EVENT_0" in out
    rc, out, _ = run_cli(shifted, "--mlir", INPUTS / "design-a.mlir", "--colshift", "0")
    assert (
        "slot7" in out
        and "events from core(1,2), which dev_a:seq does not configure" in out
    )


def test_column_shift_only_when_unambiguous():
    units = {(0, 0, 2): None, (0, 1, 2): None}
    assert decode.column_shift([(0, 1, 2)], units) == 0  # already on the design
    assert decode.column_shift([(0, 2, 2), (0, 3, 2)], units) == 2
    assert decode.column_shift([(0, 2, 2)], units) == 0  # 1 and 2 both fit: ambiguous
    assert (
        decode.column_shift([(0, 5, 2), (1, 9, 2)], units) == 0
    )  # no shift fits every stream
    assert decode.column_shift([(0, 3, 2)], {}) == 0


# -- the Python entry point ------------------------------------------------------------------------


def test_parse_trace_matches_mlir_aies_shape_and_the_cli(design_trace, tmp_path):
    words = np.loadtxt(design_trace / "trace.txt", dtype=str)
    buffer = np.array(
        [int(w, 16) for w in words], dtype=np.uint32
    )  # how mlir-aie passes it
    events = aie_trace.parse_trace(buffer, DESIGN)
    assert isinstance(events, list) and all(
        {"name", "ph", "pid", "args"} <= e.keys() for e in events
    )
    assert all({"tid", "ts"} <= e.keys() for e in events if e["ph"] in "BE")
    assert all(
        isinstance(e["ts"], int) for e in events if e["ph"] in "BE"
    )  # cycles, as theirs
    out_json = tmp_path / "cli.json"
    rc, _, err = run_cli(
        "--input",
        design_trace / "trace.txt",
        "--mlir",
        INPUTS / "design-a.mlir",
        "--output",
        out_json,
    )
    assert rc == 0, err
    assert json.loads(out_json.read_text()) == events
    # the raw buffer as bytes, and as the words of a .npy, decode the same
    assert (
        aie_trace.parse_trace((design_trace / "trace.raw").read_bytes(), DESIGN)
        == events
    )
    assert aie_trace.parse_trace(np.load(design_trace / "trace.npy"), DESIGN) == events


def test_parse_trace_colshift_and_fused_module(shifted, make_trace):
    buffer = np.frombuffer(shifted.read_bytes(), dtype=np.uint32)
    auto = aie_trace.parse_trace(buffer, DESIGN)
    assert auto == aie_trace.parse_trace(buffer, DESIGN, colshift=1)
    assert {
        e["name"]
        for e in aie_trace.parse_trace(buffer, DESIGN, colshift=0)
        if e["ph"] == "B"
    } == {f"slot{s}" for s in (0, 1, 2, 7)}
    fused = (INPUTS / "fused-e4.mlir").read_text()
    raw_path = shifted.with_name("fused.bin")
    make_trace.main(raw_path)
    events = aie_trace.parse_trace(
        np.frombuffer(raw_path.read_bytes(), dtype=np.uint32), fused
    )
    assert their_kernel_runs(events) == [(1, 20, 20.0, 20), (3, 100, 150.0, 200)]


def test_parse_trace_errors_are_value_errors():
    with pytest.raises(ValueError, match="expected operation name"):
        aie_trace.parse_trace(
            np.zeros(8, np.uint32), (INPUTS / "broken.mlir").read_text()
        )
    with pytest.raises(ValueError, match="must hold integers"):
        aie_trace.parse_trace(np.zeros(8, np.float64), DESIGN)


# -- summaries agree with mlir-aie's helpers -------------------------------------------------------


def restarted_buffer(make_trace) -> bytes:
    """One core stream two runs wrote: the second run's timer starts below the first's end."""
    run1 = make_trace.dev_a_frames()
    run2 = [(t - 900, m) for t, m in run1]
    data = encode_frames(run1, timer=1000).data + encode_frames(run2, timer=100).data
    return buffer_of({(0, 0, 2, 1): data}, size=8192)


@pytest.mark.parametrize("build", ["fused", "restarted", "design"])
def test_upstream_helpers_on_our_json_give_our_summary(tmp_path, build, make_trace):
    if build == "fused":
        make_trace.main(tmp_path / "t.bin")
        mlir = INPUTS / "fused-e4.mlir"
    elif build == "restarted":
        (tmp_path / "t.bin").write_bytes(restarted_buffer(make_trace))
        mlir = INPUTS / "design-a.mlir"
    else:
        make_trace.main(tmp_path / "t.bin", design=True)
        mlir = INPUTS / "design-a.mlir"
    rc, _, err = run_cli(
        "--input",
        tmp_path / "t.bin",
        "--mlir",
        mlir,
        "--output",
        tmp_path / "t.json",
        "--summary-json",
        tmp_path / "s.json",
    )
    assert rc == 0, err
    events = json.loads((tmp_path / "t.json").read_text())
    slices = json.loads((tmp_path / "s.json").read_text())["slices"]
    ours = sorted(
        (
            u["kernel"]["count"],
            u["kernel"]["min"],
            u["kernel"]["median"],
            u["kernel"]["max"],
        )
        for s in slices
        for u in s["units"]
        if u["kernel"]
    )
    assert ours
    if build != "restarted":
        assert their_kernel_runs(events) == ours
        return
    # each run has its own process, so the helper pairs each run's own events; our summary pools
    # one unit's runs (each paired within its run): the pooled samples agree
    samples = sorted(
        x for entry in upstream_get_cycles_summary(events) for x in entry[1:]
    )
    pooled = (len(samples), samples[0], float(statistics.median(samples)), samples[-1])
    assert [pooled] == ours == [(6, 100, 150.0, 200)]


def test_timer_restart_gets_a_track_per_run_and_every_track_moves_forward(make_trace):
    sites = decode.decode_fused(
        restarted_buffer(make_trace),
        [
            {
                "device": "dev_a",
                "sequence": "seq",
                "call_path": "",
                "offset": 0,
                "size": 8192,
            }
        ],
    )
    for style in perfetto.STYLES:
        doc = perfetto.chrome_trace(sites, style=style)
        names = {
            e["pid"]: e["args"]["name"]
            for e in perfetto.events_of(doc)
            if e["name"] == "process_name"
        }
        assert sorted(names.values()) == [
            "dev_a:seq [own] core(0,2) run 1",
            "dev_a:seq [own] core(0,2) run 2",
        ]
        for pid in names:
            ts = [e["ts"] for e in perfetto.spans(doc) if e["pid"] == pid]
            assert ts and ts == sorted(ts), (style, pid)
        begins = {
            pid: min(e["ts"] for e in perfetto.spans(doc) if e["pid"] == pid)
            for pid in names
        }
        scale = 1 if style == "parse.py" else 1000  # perfetto: one cycle drawn as 1 ns
        assert sorted(round(b * scale) for b in begins.values()) == [110, 1010]


# -- summary wording -------------------------------------------------------------------------------


def test_summary_is_never_empty_and_full_at_once_and_packets_mean_one_thing(
    design_trace,
):
    raw = bytearray((design_trace / "trace.raw").read_bytes()[:64])
    for at in (0, 32):
        raw[at] ^= 1  # break both headers' parity
    (sd,) = decode.decode_slices(
        bytes(raw),
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 64}],
    )
    s = summary.summarize(sd)
    assert not any(w.startswith(("empty", "full")) for w in s.warnings)
    assert (
        "no valid trace packet: all 2 packet(s) written to this slice have invalid headers"
        in s.warnings
    )
    text = summary.format_table([s])
    js = summary.to_json([s])["slices"][0]
    assert (
        f"packets {js['packets']} ({js['valid_packets']} valid, {js['invalid_packets']} invalid)"
        in text
    )
    assert (
        js["packets"] == js["valid_packets"] + js["invalid_packets"] == 2
        and js["capacity_packets"] == 2
    )
    (empty,) = decode.decode_slices(
        bytes(128),
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 128}],
    )
    e = summary.summarize(empty)
    assert (
        e.warnings == ["empty: no trace packet was written to this slice"]
        and e.packets == 0
    )
