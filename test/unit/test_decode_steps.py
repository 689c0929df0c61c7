# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Events decoded again on demand -- per slot, step by step, several slots' begins in order -- are
the events of the whole decode, with block, step and chunk boundaries anywhere; the summary and the
Chrome trace made from them; and the decode's memory, result included."""

from __future__ import annotations

import itertools
import random
import tracemalloc

import numpy as np
import pytest
from decode_encoder import buffer_of, encode_frames, random_frames
from decode_reference import random_command, reference
from hypothesis import given, settings
from hypothesis import strategies as st

from aie_trace.report import summary
from aie_trace.trace import decode, kernel, perfetto
from aie_trace.trace import stream as stream_model

KEYS = [(0, 0, 2), (1, 0, 2), (0, 1, 3)]
TINY = [
    (1, 3, 8, 0),
    (2, 7, 16, 4),
    (3, 40, 8, 8),
    (5, 2, 32, 24),
]  # block packets, step bytes, chunk, warmup


def tiny(monkeypatch, block: int, step: int, chunk: int, warmup: int) -> None:
    monkeypatch.setattr(stream_model, "BLOCK_PACKETS", block)
    monkeypatch.setattr(stream_model, "STEP_BYTES", step)
    monkeypatch.setattr(kernel, "CHUNK", chunk)
    monkeypatch.setattr(kernel, "WARMUP", warmup)


def check_on_demand(
    stream: stream_model.Stream, expected: list[tuple[int, int, int]]
) -> None:
    """Everything a stream gives on demand against the expected ``(slot, begin, end)`` list
    (one run: times do not decrease)."""
    by_slot = {s: sorted((b, e) for x, b, e in expected if x == s) for s in range(8)}
    assert stream.counts.tolist() == [len(by_slot[s]) for s in range(8)]
    assert len(stream) == len(expected)
    assert (stream.first, stream.last) == (
        (min(b for _, b, _ in expected), max(e for _, _, e in expected))
        if expected
        else (None, None)
    )
    for s in range(8):
        begins, ends = stream.slot_times(s)
        assert begins.dtype == ends.dtype == np.int64
        assert list(zip(begins.tolist(), ends.tolist(), strict=True)) == by_slot[s]
    seen_b: dict[int, list[int]] = {s: [] for s in range(8)}
    seen_e: dict[int, list[int]] = {s: [] for s in range(8)}
    for begins, ends in stream.steps():
        assert any(
            len(b) or len(e) for b, e in zip(begins, ends, strict=True)
        )  # only steps that hold events
        for s in range(8):
            seen_b[s] += begins[s].tolist()
            seen_e[s] += ends[s].tolist()
    assert {
        s: list(zip(seen_b[s], seen_e[s], strict=True)) for s in range(8)
    } == by_slot
    for a, b in ((0, 1), (7, 2), (5, 3)):
        got = [
            (t, [a, b][w])
            for times, which, _ in stream.begins_in_order([a, b])
            for t, w in zip(times.tolist(), which.tolist(), strict=True)
        ]
        want = sorted(
            ((t, s, [a, b].index(s)) for s, t, _ in expected if s in (a, b)),
            key=lambda x: (x[0], x[2]),
        )
        assert got == [(t, s) for t, s, _ in want]
    only = [b for b, _ in stream.steps([5])]
    assert all(not len(b[s]) for b in only for s in range(8) if s != 5)
    assert sum(len(b[5]) for b in only) == len(by_slot[5])


def several(
    rng: random.Random, nframes: int
) -> tuple[bytes, dict[tuple[int, int, int], list]]:
    streams, expected = {}, {}
    for t, c, r in KEYS:
        frames = random_frames(rng, rng.randint(1, nframes))
        timer = rng.choice([None, 1000 + rng.randrange(1 << 40)])
        if timer is not None:
            frames = [(f + timer, m) for f, m in frames]
        enc = encode_frames(frames, rng, timer=timer, filler=0.1, widen=0.3)
        streams[(t, c, r, 1)] = enc.data
        expected[(t, c, r)] = enc.intervals
    return buffer_of(streams, rng), expected


@pytest.mark.parametrize("config", [None, *TINY])
def test_on_demand_events_are_the_decoded_events(monkeypatch, config):
    if config is not None:
        tiny(monkeypatch, *config)
    rng = random.Random(str(config))
    for _ in range(2):
        raw, expected = several(rng, 200)
        assert expected
        result = stream_model.decode_buffer(raw)
        assert not result.anomalies
        for key, want in expected.items():
            check_on_demand(result.streams[stream_model.StreamKey(*key)], want)


@pytest.mark.parametrize("block,step,chunk,warmup", TINY)
def test_on_demand_events_match_the_reference_model(
    monkeypatch, block, step, chunk, warmup
):
    """Every command kind, anomalies, truncated ends and the pulse limit, with the pulse budget,
    sync and frame state resumed at every step."""
    tiny(monkeypatch, block, step, chunk, warmup)
    rng = random.Random(block * 1000 + step)
    for _ in range(6):
        body = b"".join(random_command(rng) for _ in range(rng.randint(1, 200)))
        body += b"\xfe" * (-len(body) % 28)
        max_pulses = rng.choice([10**9, 25])
        want = reference(body, max_pulses)["intervals"]
        words = []
        for p in range(0, len(body), 28):
            words += [0x80020001] + [
                int.from_bytes(body[p + j : p + j + 4], "big") for j in range(0, 28, 4)
            ]
        stream = stream_model.decode_buffer(
            b"".join(w.to_bytes(4, "little") for w in words), max_pulses=max_pulses
        ).streams[stream_model.StreamKey(0, 0, 2)]
        by_slot = {s: [(b, e) for x, b, e in want if x == s] for s in range(8)}
        for s in range(8):  # random Starts: times may go back, so compare as sets
            assert (
                sorted(zip(*(a.tolist() for a in stream.slot_times(s)), strict=True))
                == by_slot[s]
            )
        assert stream.counts.tolist() == [len(by_slot[s]) for s in range(8)]


def restarted() -> tuple[bytes, list, list]:
    """One core stream written by two runs: the second's timer starts below the first's."""
    run = [
        (10, 1 << 7),
        (15, 1 << 2),
        (110, 1 << 1),
        (410, 1 << 7),
        (415, 1 << 2),
        (610, 1 << 1),
    ]
    a = encode_frames([(t + 10_000, m) for t, m in run], timer=10_000)
    b = encode_frames([(t + 2_000, m) for t, m in run], timer=2_000)
    return buffer_of({(0, 0, 2, 1): a.data + b.data}), a.intervals, b.intervals


def test_after_a_timer_restart_events_come_in_the_order_they_were_written(monkeypatch):
    tiny(monkeypatch, 1, 5, 8, 0)
    raw, a, b = restarted()
    stream = stream_model.decode_buffer(raw).streams[stream_model.StreamKey(0, 0, 2)]
    assert stream.timer_restarts == 1
    assert (stream.first, stream.last) == (min(x[1] for x in b), max(x[2] for x in a))
    for s in range(8):
        want = [(x[1], x[2]) for x in sorted(a) + sorted(b) if x[0] == s]
        assert (
            list(zip(*(v.tolist() for v in stream.slot_times(s)), strict=True)) == want
        )
    order = [
        t for times, _, _ in stream.begins_in_order([7, 1]) for t in times.tolist()
    ]
    assert order == [
        x[1]
        for x in sorted(a, key=lambda x: x[1]) + sorted(b, key=lambda x: x[1])
        if x[0] in (7, 1)
    ]


def test_a_result_does_not_depend_on_the_callers_buffer_afterwards(monkeypatch):
    """A result decodes events again on demand from its own copy: the caller may refill an array
    (an XRT mapping reused for the next run) or resize a bytearray while the result is in use.
    """
    tiny(monkeypatch, 1, 3, 8, 0)
    raw, expected = several(random.Random(7), 60)
    array, grown = np.frombuffer(raw, dtype=np.uint8).copy(), bytearray(raw)
    results = [
        stream_model.decode_buffer(array),
        stream_model.decode_buffer(grown),
        stream_model.decode_buffer(memoryview(raw)),
    ]
    array[:] = np.frombuffer(
        several(random.Random(8), 60)[0][: len(raw)].ljust(len(raw), b"\0"),
        dtype=np.uint8,
    )
    grown.clear()
    for result in results:
        for key, want in expected.items():
            check_on_demand(result.streams[stream_model.StreamKey(*key)], want)


class Names:
    """A design's names for the test's slots: slot 7 starts a kernel run, slot 1 ends it."""

    units = {(0, 0, 2)}

    def slot_name(self, key, slot):
        return {7: "INSTR_EVENT_0", 1: "INSTR_EVENT_1", 2: "INSTR_VECTOR"}.get(
            slot, f"slot{slot}"
        )


def test_summary_kernel_cycles_pair_each_runs_own_events(monkeypatch):
    tiny(monkeypatch, 1, 3, 8, 0)
    raw, _, _ = restarted()
    (sd,) = decode.decode_fused(
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
    sd.design = Names()
    (unit,) = summary.summarize(sd).units
    assert unit.events == {"INSTR_VECTOR": 4, "INSTR_EVENT_1": 4, "INSTR_EVENT_0": 4}
    assert unit.kernel == summary.KernelCycles(
        4, 100, 150.0, 200, 600
    )  # 100, 200 in each run
    assert (unit.first, unit.last) == (2_010, 10_611)


@pytest.mark.parametrize(
    "second_timer", [2_000, 50_000]
)  # the timer restarts below or above
def test_kernel_cycles_never_pair_across_runs(second_timer):
    """Run A ends with an INSTR_EVENT_0 whose INSTR_EVENT_1 never came; run B's pairs are its own."""
    a = encode_frames([(10_010, 1), (10_110, 2), (10_410, 1)], timer=10_000)
    t = second_timer
    b = encode_frames([(t + 10, 1), (t + 110, 2), (t + 410, 1), (t + 510, 2)], timer=t)
    raw = buffer_of({(0, 0, 2, 1): a.data + b.data})
    (sd,) = decode.decode_fused(
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
    sd.design = Pairs()
    (unit,) = summary.summarize(sd).units
    assert unit.kernel == summary.KernelCycles(3, 100, 100.0, 100, 300)


class Pairs:
    """Slot 0 starts a kernel run, slot 1 ends it."""

    units = {(0, 0, 2)}

    def slot_name(self, key, slot):
        return {0: "INSTR_EVENT_0", 1: "INSTR_EVENT_1"}.get(slot, f"slot{slot}")


@settings(max_examples=60, deadline=None)
@given(
    tags=st.lists(st.integers(0, 1), max_size=40),
    cuts=st.lists(st.integers(0, 40), max_size=6),
)
def test_pair_cycles_fed_in_pieces_equal_one_feed(tags, cuts):
    times = np.cumsum(np.arange(1, len(tags) + 1) % 7 + 1).astype(np.int64)
    tags_a = np.array(tags, dtype=np.int8)
    whole = summary.PairCycles()
    whole.feed(times, tags_a)
    pieces = summary.PairCycles()
    bounds = sorted({0, len(tags), *(c for c in cuts if c <= len(tags))})
    for lo, hi in itertools.pairwise(bounds):  # neighbours
        pieces.feed(times[lo:hi], tags_a[lo:hi])
    assert pieces.cycles().tolist() == whole.cycles().tolist()
    assert (
        whole.cycles().tolist()
        == summary.kernel_cycles(times[tags_a == 0], times[tags_a == 1]).tolist()
    )


@pytest.mark.parametrize("batch", [1, 3, 1 << 14])
def test_chrome_trace_from_steps_pairs_every_interval(monkeypatch, batch):
    tiny(monkeypatch, 2, 7, 16, 4)
    monkeypatch.setattr(perfetto, "BATCH", batch)
    raw, expected = several(random.Random(5), 120)
    sites = decode.decode_fused(
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
    doc = perfetto.chrome_trace(sites)
    procs = {
        e["args"]["name"].split()[2]: e["pid"]
        for e in doc["traceEvents"]
        if e["name"] == "process_name"
    }
    for (t, c, r), want in expected.items():
        pid = procs[stream_model.unit_label(stream_model.StreamKey(t, c, r))]
        for s in range(8):
            seq = [
                (e["ph"], e["args"]["cycles"])
                for e in doc["traceEvents"]
                if e.get("pid") == pid and e.get("tid") == s and e["ph"] in "BE"
            ]
            assert [ph for ph, _ in seq] == ["B", "E"] * (
                len(seq) // 2
            )  # alternating, in time order
            assert list(zip(seq[::2], seq[1::2], strict=True)) == [
                (("B", b), ("E", e)) for x, b, e in sorted(want) if x == s
            ]


# -- memory -------------------------------------------------------------------------------------


def dense_buffer(size: int) -> bytes:
    """``size`` bytes of four interleaved core streams of dense random frames (about 0.8 events
    per byte, as in benchmarks/decode_bench.py), each stream a repeated encoded run."""
    rng = random.Random(3)
    runs = [
        encode_frames(random_frames(rng, 150), rng, filler=0.05, widen=0.1).data
        for _ in range(20)
    ]
    unit = b"".join(runs)
    per_stream = size // 4 * 28 // 32
    streams = {
        (0, c, 2, c + 1): (unit * (per_stream // len(unit) + 1))[:per_stream]
        for c in range(4)
    }
    return buffer_of(streams, rng, size)


def traced(fn):
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        out = fn()
        now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return out, peak - before, now - before


def test_peak_memory_of_a_decode_stays_below_four_times_the_buffer():
    raw = np.frombuffer(dense_buffer(1 << 20), dtype=np.uint8)
    result, peak, kept = traced(lambda: stream_model.decode_buffer(raw))
    assert result.events > 0.7 * len(
        raw
    )  # dense: an explicit store of the events would not fit
    assert peak < 4 * len(raw)
    assert (
        kept < len(raw) * 3 // 2
    )  # its own copy of the buffer, and about a quarter more
    third = len(raw) // 3
    slices = [
        {
            "device": "d",
            "sequence": "s",
            "call_path": str(i),
            "offset": i * third,
            "size": third,
        }
        for i in range(3)
    ]
    sites, peak, _ = traced(lambda: decode.decode_fused(raw, slices))
    assert peak < 4 * len(raw)
    streams = [st for sd in sites for st in sd.result.streams.values()]
    _, peak, _ = traced(lambda: [None for st in streams for _ in st.steps()])
    assert (
        peak < 17 * result.events // 4
    )  # a step at a time: a fraction of all events made at once


def test_a_read_only_view_of_bytes_is_read_in_place():
    """``bytes`` cannot change, nor can a read-only view of them (a memoryview, or the numpy array
    ``np.frombuffer`` makes, which cannot be made writeable): the result reads them in place, so
    a file read once is not held twice (the command line decodes its buffer so)."""
    raw, _ = several(random.Random(7), 60)
    for view in (np.frombuffer(raw, dtype=np.uint8), memoryview(raw)[:], raw):
        stream, *_ = stream_model.decode_buffer(view).streams.values()
        assert np.shares_memory(stream._steps.words, np.frombuffer(raw, np.uint8))
    stream, *_ = stream_model.decode_buffer(
        np.frombuffer(raw, np.uint8).copy()
    ).streams.values()
    assert not np.shares_memory(stream._steps.words, np.frombuffer(raw, np.uint8))
