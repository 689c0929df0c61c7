# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The answers users trace for: kernel time per core and per call site, the busy share of every
traced event, stalls by kind, call sites of one design side by side, and why a slice is empty,
cut short or full -- on encoded traces whose numbers are known, and on a real NPU1 capture.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from decode_encoder import buffer_of, encode_frames

import aie_trace
from aie_trace.report import summary
from aie_trace.trace import decode, event_names

DATA = Path(__file__).resolve().parents[1] / "data" / "npu1-vector-scalar"
#: slots of the designs below: kernel begin and end, a vector instruction, four stalls
K0, K1, VEC, LOCK, STREAM, MEM, CASC = range(7)
NAMES = (
    "INSTR_EVENT_0",
    "INSTR_EVENT_1",
    "INSTR_VECTOR",
    "LOCK_STALL",
    "STREAM_STALL",
    "MEMORY_STALL",
    "CASCADE_STALL",
)


def design(cores=((0, 2),), mem=()):
    """A design ``d:s`` (npu1) whose cores trace NAMES in slots 0-6 and whose memory modules
    trace a DMA lock stall and a bank conflict."""
    d = event_names.DesignEvents("d", "s", "aie2", 5)
    for col, row in cores:
        u = event_names.UnitConfig(0, col, row)
        u.names[: len(NAMES)] = list(NAMES)
        d.units[(0, col, row)] = u
    for col, row in mem:
        u = event_names.UnitConfig(1, col, row)
        u.names[:2] = ["DMA_S2MM_0_STALLED_LOCK", "CONFLICT_DM_BANK_3"]
        d.units[(1, col, row)] = u
    return d


def kernel_frames(lengths, t0=1000, gap=1000, stalls=()):
    """Kernel runs of the given lengths, ``gap`` cycles apart; ``stalls``: (slot, offset into
    each run, cycles held)."""
    frames = {}
    for k, n in enumerate(lengths):
        t = t0 + gap * k
        frames[t] = frames.get(t, 0) | 1 << K0
        frames[t + n] = frames.get(t + n, 0) | 1 << K1
        for slot, at, held in stalls:
            for c in range(held):
                frames[t + at + c] = frames.get(t + at + c, 0) | 1 << slot
    return sorted(frames.items())


def decoded(streams, d=None, size=8192, call_paths=("",)):
    """One slice per call path, each holding ``streams`` ({(type, col, row, id): bytes} or a list
    of such, one per call path)."""
    parts = streams if isinstance(streams, list) else [streams] * len(call_paths)
    raw = b"".join(buffer_of(p, size=size) for p in parts)
    slices = [
        {
            "device": "d",
            "sequence": "s",
            "call_path": p,
            "offset": i * size,
            "size": size,
        }
        for i, p in enumerate(call_paths)
    ]
    return decode.decode_fused(raw, slices, {("d", "s"): d or design()})


def core(frames, timer=990, col=0, row=2):
    return {(0, col, row, 1): encode_frames(frames, timer=timer).data}


# -- kernel time -----------------------------------------------------------------------------------


def test_kernel_time_per_core_and_per_call_site():
    d = design(cores=((0, 2), (1, 2)))
    streams = {
        **core(kernel_frames([100, 300])),
        **core(kernel_frames([200, 200, 50]), col=1),
    }
    (sd,) = decoded(streams, d)
    s = summary.summarize(sd)
    a, b = s.units
    assert a.kernel == summary.KernelCycles(2, 100, 200.0, 300, 400)
    assert b.kernel == summary.KernelCycles(3, 50, 200.0, 200, 450)
    # the call site: every core's runs together
    assert s.kernel == summary.KernelCycles(5, 50, 200.0, 300, 850)
    text = summary.format_table([s])
    assert (
        "kernel cycles (INSTR_EVENT_0 -> INSTR_EVENT_1): runs 2, min 100, median 200, "
        "max 300, total 400" in text
    )
    assert (
        "kernel cycles, every core: runs 5, min 50, median 200, max 300, total 850"
        in text
    )
    js = summary.to_json([s])["slices"][0]
    assert js["kernel"] == {
        "count": 5,
        "min": 50,
        "median": 200.0,
        "max": 300,
        "total": 850,
    }
    assert js["units"][1]["kernel"]["total"] == 450


def test_kernel_time_of_the_real_npu1_capture():
    """trace_hw.bin: an NPU1 ran the vector-scalar design's kernel four times on core (0, 2)
    (INSTR_EVENT_0 / INSTR_EVENT_1 in slots 1 and 2, Trace_Event0 = 2236709 in its module).
    """
    raw = (DATA / "trace_hw.bin").read_bytes()
    d = event_names.DesignEvents("vector_scalar", "seq", "aie2", 5)
    u = event_names.UnitConfig(0, 0, 2)
    u.numbers = [(2236709 >> (8 * i)) & 0xFF for i in range(4)] + [0] * 4
    d.units[(0, 0, 2)] = u
    (sd,) = decode.decode_fused(
        raw,
        [
            {
                "device": "vector_scalar",
                "sequence": "seq",
                "call_path": "",
                "offset": 0,
                "size": len(raw),
            }
        ],
        {("vector_scalar", "seq"): d},
    )
    s = summary.summarize(sd)
    (unit,) = [u for u in s.units if u.kernel is not None]
    assert (unit.col, unit.row) == (0, 2)  # the header's column 1, aligned
    assert unit.kernel.count == 4 and unit.kernel.total == 4 * unit.kernel.median
    assert unit.kernel.min == unit.kernel.max == 10245
    assert s.kernel == unit.kernel and s.status == "ok"
    ev = aie_trace.events([sd], names=["INSTR_EVENT_0", "INSTR_EVENT_1"])
    assert ev["event"].tolist() == ["INSTR_EVENT_0", "INSTR_EVENT_1"] * 4
    begins = ev["start"][ev["event"] == "INSTR_EVENT_0"]
    ends = ev["start"][ev["event"] == "INSTR_EVENT_1"]
    assert (ends - begins).tolist() == [10245] * 4


# -- busy share and stalls -------------------------------------------------------------------------


def test_busy_share_of_every_event_and_stalls_by_kind():
    # two runs of 100 cycles, 1000 apart: the unit traced 1000 + 100 + 1 cycles; in each run
    # 10 vector cycles, a lock stall of 5, a stream stall of 3, a memory stall of 2, a cascade of 1
    stalls = ((VEC, 2, 10), (LOCK, 20, 5), (STREAM, 40, 3), (MEM, 60, 2), (CASC, 80, 1))
    (sd,) = decoded(core(kernel_frames([100, 100], stalls=stalls)))
    s = summary.summarize(sd)
    (u,) = s.units
    assert u.traced_cycles == 1101 == s.traced_cycles
    want = {
        "INSTR_EVENT_0": (2, 2),
        "INSTR_EVENT_1": (2, 2),
        "INSTR_VECTOR": (2, 20),
        "LOCK_STALL": (2, 10),
        "STREAM_STALL": (2, 6),
        "MEMORY_STALL": (2, 4),
        "CASCADE_STALL": (2, 2),
    }
    assert {n: (b.count, b.cycles) for n, b in u.busy.items()} == want
    assert u.busy["INSTR_VECTOR"].share == pytest.approx(20 / 1101, abs=1e-6)
    assert {k: (st.events, st.count, st.cycles) for k, st in u.stalls.items()} == {
        "lock": (["LOCK_STALL"], 2, 10),
        "stream": (["STREAM_STALL"], 2, 6),
        "memory": (["MEMORY_STALL"], 2, 4),
        "cascade": (["CASCADE_STALL"], 2, 2),
    }
    text = summary.format_table([s])
    assert "INSTR_VECTOR" in text and "busy 20 (1.8%)" in text
    assert (
        "stalls: lock 10 cycles (0.9%), stream 6 cycles (0.5%), memory 4 cycles (0.4%), "
        "cascade 2 cycles (0.2%)" in text
    )
    js = json.loads(json.dumps(summary.to_json([s])))["slices"][0]["units"][0]
    assert js["stalls"]["lock"] == {
        "events": ["LOCK_STALL"],
        "count": 2,
        "cycles": 10,
        "share": round(10 / 1101, 6),
    }
    assert js["busy"]["STREAM_STALL"]["cycles"] == 6


def test_traced_time_is_summed_per_run_after_a_timer_restart():
    a = encode_frames([(10_010, 1 << K0), (10_110, 1 << K1)], timer=10_000).data
    b = encode_frames([(2_010, 1 << K0), (2_060, 1 << K1)], timer=2_000).data
    (sd,) = decoded({(0, 0, 2, 1): a + b})
    (u,) = summary.summarize(sd).units
    # each run from its first event to its last (one past the last cycle): 101 + 51
    assert u.traced_cycles == 152
    assert u.kernel == summary.KernelCycles(2, 50, 75.0, 100, 150)


@pytest.mark.parametrize(
    "name, kind",
    [
        ("LOCK_STALL", "lock"),
        ("DMA_S2MM_0_STALLED_LOCK", "lock"),
        ("DMA_MM2S_SEL1_STALLED_LOCK", "lock"),
        ("STREAM_STALL", "stream"),
        ("DMA_S2MM_1_STREAM_STARVATION", "stream"),
        ("DMA_MM2S_0_STREAM_BACKPRESSURE", "stream"),
        ("PORT_STALLED_3", "stream"),
        ("MEMORY_STALL", "memory"),
        ("DMA_MM2S_1_MEMORY_STARVATION", "memory"),
        ("DMA_S2MM_SEL0_MEMORY_BACKPRESSURE", "memory"),
        ("CONFLICT_DM_BANK_7", "memory"),
        ("CASCADE_STALL", "cascade"),
        ("GROUP_STALL", None),
        ("ECC_ERROR_STALL", None),
        ("INSTR_LOCK_ACQUIRE_REQ", None),
        ("PORT_IDLE_0", None),
    ],
)
def test_stall_kind_of_each_event_name(name, kind):
    assert summary.stall_kind(name) == kind


def test_every_stall_name_is_an_event_the_tables_define():
    """The kinds name only events the aie-rt tables define, and every table names some."""
    names = {
        n
        for arch in event_names.ARCHS
        for m in ("core", "mem", "memtile", "shim")
        for n in event_names.events_of(arch, m).values()
    }
    for kind in summary.STALL_KINDS:
        assert any(summary.stall_kind(n) == kind for n in names), kind


def test_memory_module_stalls():
    d = design(mem=((0, 2),))
    frames = [(1000, 1), (1001, 1), (1002, 1), (1050, 2)]
    (sd,) = decoded({(1, 0, 2, 2): encode_frames(frames, timer=990).data}, d)
    (u,) = summary.summarize(sd).units
    assert u.unit == "mem"
    assert {k: st.cycles for k, st in u.stalls.items()} == {"lock": 3, "memory": 1}


# -- call sites of one design ----------------------------------------------------------------------


def test_call_sites_of_one_design_side_by_side():
    runs = [[100, 100], [100, 110], [300, 300], [95, 105]]
    sds = decoded(
        [core(kernel_frames(r)) for r in runs], call_paths=("0", "1", "2", "3")
    )
    sums = [summary.summarize(sd) for sd in sds]
    (c,) = summary.compare(sums)
    assert c.design == "d:s" and c.median == 102.5
    assert [r.ratio for r in c.call_sites] == [
        round(100 / 102.5, 4),
        round(105 / 102.5, 4),
        round(300 / 102.5, 4),
        round(100 / 102.5, 4),
    ]
    assert c.outliers == ["d:s [call 2]"] and c.spread == 3.0
    text = summary.format_table(sums)
    assert "d:s: 4 call sites" in text
    assert "d:s [call 2]  kernel median 300 (runs 2)  x2.93  outlier" in text
    js = summary.to_json(sums)["comparison"][0]
    assert js["outliers"] == ["d:s [call 2]"] and js["spread"] == 3.0


def test_two_call_sites_give_a_spread_and_no_outlier():
    sds = decoded(
        [core(kernel_frames([100])), core(kernel_frames([400]))], call_paths=("0", "1")
    )
    (c,) = summary.compare([summary.summarize(sd) for sd in sds])
    assert c.spread == 4.0 and c.outliers == []


def test_a_design_with_one_call_site_is_not_compared():
    (sd,) = decoded(core(kernel_frames([100])))
    assert summary.compare([summary.summarize(sd)]) == []


# -- why a slice is empty, cut short or full -------------------------------------------------------


def test_empty_slice_without_the_module_says_what_would_be_checked():
    sds = decoded([core(kernel_frames([100])), {}], call_paths=("0", "1"))
    sums = [summary.summarize(sd) for sd in sds]
    assert [s.status for s in sums] == ["ok", "empty"]
    assert "patch, BD, packet flow and start event" in sums[1].why[0]
    assert "warning: empty: no trace packet was written to this slice" in (
        summary.format_table(sums)
    )


def test_cut_short_stream_and_unfinished_kernel_run():
    data = encode_frames(kernel_frames([100, 100]) + [(5000, 1 << K0)], timer=990).data
    # the unit's last command is cut where the stream ends: the last byte of its last packet
    # is a frame's first (a Single2 frame is three bytes)
    data += bytes([0xFE]) * (-(len(data) + 1) % 28) + bytes([0xA0 | VEC << 2])
    (sd,) = decoded({(0, 0, 2, 1): data})
    s = summary.summarize(sd)
    assert s.status == "short"
    assert any("ends in the middle of a command" in w for w in s.why)
    assert any(
        "1 kernel run(s) began (INSTR_EVENT_0) and never ended" in w for w in s.why
    )
    assert "cut short: the trace ends before the run did (see why)" in s.warnings
    assert summary.to_json([s])["slices"][0]["status"] == "short"


def test_full_slice_says_what_size_would_have_held_the_run():
    """Three call sites of one design: one ran 3 kernel runs into a slice too small for them; the
    others, in slices large enough, show how long a run is."""
    frames = kernel_frames([100] * 40, gap=500, stalls=((VEC, 2, 40),))
    stream = encode_frames(frames, timer=990).data
    size = 256
    small = buffer_of({(0, 0, 2, 1): stream})[
        :size
    ]  # the DMA stopped at the slice's end
    big = 1 << 14
    raw = (
        small
        + bytes(big - size)
        + buffer_of({(0, 0, 2, 1): stream}, size=big)
        + buffer_of({(0, 0, 2, 1): stream}, size=big)
    )
    slices = [
        {"device": "d", "sequence": "s", "call_path": "0", "offset": 0, "size": size},
        {"device": "d", "sequence": "s", "call_path": "1", "offset": big, "size": big},
        {
            "device": "d",
            "sequence": "s",
            "call_path": "2",
            "offset": 2 * big,
            "size": big,
        },
    ]
    sds = decode.decode_fused(raw, slices, {("d", "s"): design()})
    sums = [summary.summarize(sd) for sd in sds]
    full, ok, _ = sums
    assert (full.status, ok.status) == ("full", "ok")
    assert full.why[0].startswith(f"the trace filled all {size} bytes of the slice")
    rate = full.used_bytes / full.traced_cycles
    assert f"({rate * 1000:.1f} bytes per 1000 cycles)" in full.why[1]
    (c,) = summary.compare(sums)
    need = rate * ok.traced_cycles
    assert ok.used_bytes < need * 1.2  # the rate predicts what the whole run wrote
    rounded = 1 << (int(-(-need // 32) * 32) - 1).bit_length()
    assert (
        f"d:s [call 0] is full: at its rate a run of {ok.traced_cycles} cycles (the longest "
        f"traced call site of d:s that did not fill) needs about {rounded} bytes, {size} were "
        "given" in c.notes
    )
    assert rounded >= ok.used_bytes
    assert full.kernel.count < 40
    assert (
        f"d:s [call 0] has {full.kernel.count} kernel run(s), other call sites of d:s 40 "
        "(full)" in c.notes
    )


def test_trace_txt_fill_is_unknown_not_ok():
    (sd,) = decoded(core(kernel_frames([100])))
    s = summary.summarize(sd, size_known=False)
    assert s.status == "unknown" and any("fill unknown" in n for n in s.notes)
