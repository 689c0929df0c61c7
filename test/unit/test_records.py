# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie_trace.events(...)``: one typed record per decoded event, from every input the decoder
takes, equal to the decoder's own intervals; ready for pandas."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from decode_encoder import buffer_of, encode_frames

import aie_trace
from aie_trace.report import records
from aie_trace.trace import decode

INPUTS = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"


@pytest.fixture(scope="module")
def fused(tmp_path_factory, make_trace):
    path = tmp_path_factory.mktemp("records") / "fused.bin"
    make_trace.main(path)
    return path


def test_one_record_per_event_of_the_fused_example(fused):
    ev = aie_trace.events(fused, INPUTS / "fused-e4.mlir")
    assert isinstance(ev, np.ndarray) and ev.dtype.names == tuple(
        f for f, _, _ in records.FIELDS
    )
    assert {
        n: ev.dtype[n].kind for n in ("col", "row", "slot", "run", "start", "end")
    } == {
        "col": "i",
        "row": "i",
        "slot": "u",
        "run": "i",
        "start": "i",
        "end": "i",
    }
    assert len(ev) == 12 + 6  # dev_a's 12 events, dev_b's 6 (summary of fused.test)
    a = ev[ev["call_site"] == "dev_a:seq [call 0]"]
    assert set(a["design"]) == {"dev_a:seq"} and set(a["call_path"]) == {"0"}
    assert set(a["unit"]) == {"core"} and set(zip(a["col"], a["row"], strict=True)) == {
        (0, 2)
    }
    k0 = a[a["event"] == "INSTR_EVENT_0"]["start"]
    k1 = a[a["event"] == "INSTR_EVENT_1"]["start"]
    assert (k1 - k0).tolist() == [100, 150, 200]
    vec = a[a["event"] == "INSTR_VECTOR"]
    assert vec["duration"].tolist() == [10, 10, 10]
    assert (vec["end"] - vec["start"] == vec["duration"]).all()
    assert a["start"].tolist() == sorted(
        a["start"].tolist()
    )  # the unit's order: time order
    b = ev[ev["call_site"] == "dev_b:seq [call 1]"]
    assert sorted(set(b["unit"])) == ["core", "mem"]
    assert b[b["unit"] == "mem"]["event"].tolist() == ["DMA_S2MM_0_START_TASK"] * 2


def test_records_equal_the_decoders_intervals(fused):
    with_module = aie_trace.events(fused, (INPUTS / "fused-e4.mlir").read_text())
    raw = fused.read_bytes()
    sds = decode.decode_fused(
        raw,
        [
            {
                "device": "d",
                "sequence": "s",
                "call_path": "",
                "offset": 0,
                "size": len(raw),
            }
        ],
    )
    want = sorted(
        (k.col, k.row, slot, b, e)
        for sd in sds
        for k, st in sd.result.streams.items()
        for slot, b, e in st.intervals()
    )
    for ev in (aie_trace.events(sds), aie_trace.events(raw), with_module):
        got = sorted(
            zip(
                ev["col"].tolist(),
                ev["row"].tolist(),
                ev["slot"].tolist(),
                ev["start"].tolist(),
                ev["end"].tolist(),
                strict=True,
            )
        )
        assert got == want
    words = np.frombuffer(raw, dtype="<u4")
    assert (aie_trace.events(words) == aie_trace.events(raw)).all()
    unnamed = aie_trace.events(raw)
    assert set(unnamed["event"]) <= {f"slot{i}" for i in range(8)}


def test_filters_by_event_and_call_site(fused):
    mlir = INPUTS / "fused-e4.mlir"
    ev = aie_trace.events(fused, mlir, names=["INSTR_EVENT_0", "INSTR_EVENT_1"])
    assert (
        sorted(set(ev["event"])) == ["INSTR_EVENT_0", "INSTR_EVENT_1"] and len(ev) == 8
    )
    ev = aie_trace.events(fused, mlir, call_sites=["dev_b:seq [call 1]"])
    assert set(ev["call_site"]) == {"dev_b:seq [call 1]"} and len(ev) == 6
    assert len(aie_trace.events(fused, mlir, names=["NO_SUCH_EVENT"])) == 0
    none = aie_trace.events(fused, mlir, names=[])
    assert len(none) == 0 and none.dtype.names == ev.dtype.names


def test_run_counts_the_units_starts():
    a = encode_frames([(10_010, 1), (10_110, 2)], timer=10_000).data
    b = encode_frames([(2_010, 1), (2_060, 2)], timer=2_000).data
    ev = aie_trace.events(buffer_of({(0, 0, 2, 1): a + b}))
    assert ev["run"].tolist() == [1, 1, 2, 2]
    assert ev["start"].tolist() == [
        10_010,
        10_110,
        2_010,
        2_060,
    ]  # as the unit wrote them


def test_aie_trace_events_is_the_record_function():
    from aie_trace.report import records
    from aie_trace.trace import event_names

    assert aie_trace.events is records.events
    assert event_names.event_name("aie2", "core", 33) == "INSTR_EVENT_0"


@pytest.mark.parametrize(
    "trace, message",
    [
        (42, "not int"),
        (Path("/nonexistent/trace.bin"), "cannot read the trace buffer"),
        (np.zeros(3, dtype=np.float32), "integers"),
    ],
)
def test_bad_input_is_a_value_error(trace, message):
    with pytest.raises(ValueError, match=message):
        aie_trace.events(trace)


def test_decoded_slices_take_no_module(fused):
    sds = decode.decode_fused(
        fused.read_bytes(),
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 16384}],
    )
    with pytest.raises(ValueError, match="decoded already"):
        aie_trace.events(sds, INPUTS / "fused-e4.mlir")


def test_a_module_that_does_not_parse_is_a_value_error(fused):
    with pytest.raises(ValueError, match="<mlir>"):
        aie_trace.events(fused, "module { this is not mlir")


def test_ready_for_pandas(fused):
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame(aie_trace.events(fused, INPUTS / "fused-e4.mlir"))
    per_site = df[df.event == "INSTR_VECTOR"].groupby("call_site").duration.sum()
    assert per_site.to_dict() == {"dev_a:seq [call 0]": 30}
    assert str(df.start.dtype) == "int64" and isinstance(df.event[0], str)
