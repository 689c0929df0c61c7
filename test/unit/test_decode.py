# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Decoder tests: hand-computed bytes for every command, round trips against the tests' encoder,
fused buffers decoded per call site, and hostile input."""

from __future__ import annotations

import random

import numpy as np
import pytest
from decode_encoder import buffer_of, encode_frames, header, random_frames
from hypothesis import given, settings
from hypothesis import strategies as st

from aie_trace.trace import decode, kernel
from aie_trace.trace import stream as stream_model
from aie_trace.trace.format import Cmd

CORE = (0, 0, 2, 1)  # packet type, column, row, id


def packet(hdr: int, data: bytes) -> bytes:
    """One packet: the header word and 28 data bytes (padded with filler), each data word most
    significant byte first, every word stored little-endian."""
    data = data + b"\xfe" * (28 - len(data))
    words = [hdr] + [int.from_bytes(data[i : i + 4], "big") for i in range(0, 28, 4)]
    return b"".join(w.to_bytes(4, "little") for w in words)


def decode_one(data: bytes) -> stream_model.DecodeResult:
    return stream_model.decode_buffer(
        packet(0x80020001, data)
    )  # core(0,2), id 1 (parity bit set)


def events(data: bytes) -> list[tuple[int, int, int]]:
    r = decode_one(data)
    assert not r.anomalies, r.anomalies
    return r.streams[stream_model.StreamKey(0, 0, 2)].intervals()


# -- every command, by hand ------------------------------------------------------------------------
# Without a Start the time T starts at 0; a frame with delta c is at T + 1 + c; an event lasts one
# cycle unless the next frame is the very next cycle and asserts it again.


def test_single0():
    # 0 011 0101: slot 3, delta 5 -> cycle 6
    assert events(bytes([0b0011_0101])) == [(3, 6, 7)]


def test_single1():
    # 100 010 11, 0x2A: slot 2, delta 0b11_00101010 = 810 -> cycle 811
    assert events(bytes([0b1000_1011, 0x2A])) == [(2, 811, 812)]


def test_single2():
    # 101 111 10, 0xAB, 0xCD: slot 7, delta 0x2ABCD = 175053 -> cycle 175054
    assert events(bytes([0b1011_1110, 0xAB, 0xCD])) == [(7, 175054, 175055)]


def test_multiple0():
    # 1100 1010, 0101 1001: slots 0b1010_0101 = {0, 2, 5, 7}, delta 9 -> cycle 10
    assert events(bytes([0b1100_1010, 0b0101_1001])) == [
        (s, 10, 11) for s in (0, 2, 5, 7)
    ]


def test_multiple1():
    # 1101 00 11, 000011 01, 0xFF: slots 0b11_000011 = {0, 1, 6, 7}, delta 0b01_11111111 = 511
    assert events(bytes([0b1101_0011, 0b0000_1101, 0xFF])) == [
        (s, 512, 513) for s in (0, 1, 6, 7)
    ]


def test_multiple2():
    # 1101 01 00, 000001 11, 0x00, 0x01: slots {0}, delta 0b11_00000000_00000001 = 0x30001
    assert events(bytes([0b1101_0100, 0b0000_0111, 0x00, 0x01])) == [
        (0, 0x30002, 0x30003)
    ]


def test_repeat0_of_a_held_event():
    # Single0 slot 1 delta 0 (cycle 1), then 1110 0011: three more consecutive cycles -> [1, 5)
    assert events(bytes([0b0001_0000, 0b1110_0011])) == [(1, 1, 5)]


def test_repeat1_of_a_pulse():
    # Single0 slot 0 delta 2 (cycle 3); 1101 10 00, 0x02: the frame twice more, 3 cycles apart
    assert events(bytes([0b0000_0010, 0b1101_1000, 0x02])) == [
        (0, 3, 4),
        (0, 6, 7),
        (0, 9, 10),
    ]


def test_start_sets_the_timer():
    # 1111 0000 + 56-bit 0x00000000010000 (65536); Single0 slot 4 delta 1 -> 65538
    assert events(bytes([0xF0, 0, 0, 0, 0, 1, 0, 0, 0b0100_0001])) == [
        (4, 65538, 65539)
    ]
    # 1111 0100 is a Start too
    assert events(bytes([0xF4, 0, 0, 0, 0, 0, 0, 10, 0b0100_0000])) == [(4, 11, 12)]


def test_event_sync_adds_2_pow_18_cycles():
    # Single0 slot 0 delta 0 (cycle 1); 0xFF; Single0 slot 0 delta 0 -> 1 + 2**18 + 1
    assert events(bytes([0x00, 0xFF, 0x00])) == [(0, 1, 2), (0, 0x40002, 0x40003)]


def test_event_sync_matches_the_hardware_capture():
    # mlir-aie PR #3668's capture: Single0 slot 0 delta 9, Event_Sync, Single2 slot 1 delta 0xAE39:
    # the second event is 306,746 cycles after the first (1 + 44601 + 2**18).
    ev = events(bytes([0x09, 0xFF, 0xA4, 0xAE, 0x39]))
    assert [(s, b) for s, b, _ in ev] == [(0, 10), (1, 10 + 306746)]


def test_filler_carries_nothing():
    assert events(bytes([0xFE, 0x00, 0xFE, 0xFE, 0x00])) == [(0, 1, 3)]


def test_consecutive_frames_merge_and_split_by_slot():
    # {0,1} at 1, {1} at 2 (delta 0), {1} at 4 (delta 1): slot 0 [1,2), slot 1 [1,3) and [4,5)
    assert events(bytes([0b1100_0000, 0b0011_0000, 0x10, 0x11])) == [
        (0, 1, 2),
        (1, 1, 3),
        (1, 4, 5),
    ]


def test_header_fields_and_packet_interleaving():
    # core(0,2) id 1 and mem(1,2) id 3 (0x00221003, odd already); the mem stream is split across
    # two packets with a core packet between them: a Single1 straddles the packet boundary
    mem = bytes([0xFE] * 27 + [0b1000_0100])  # ... Single1 slot 1, high delta bits 00
    buf = (
        packet(0x00221003, mem)
        + packet(0x80020001, bytes([0x00]))
        + packet(0x00221003, bytes([0x05]))
    )
    r = stream_model.decode_buffer(buf)
    assert not r.anomalies
    assert r.streams[stream_model.StreamKey(1, 1, 2)].intervals() == [(1, 6, 7)]
    assert r.streams[stream_model.StreamKey(0, 0, 2)].intervals() == [(0, 1, 2)]
    assert r.streams[stream_model.StreamKey(1, 1, 2)].pkt_ids == (3,)


# -- anomalies: every byte is a command, a filler or a reported anomaly ----------------------------


def test_stray_opcode_byte_is_reported_and_skipped():
    r = decode_one(bytes([0xF1, 0x00]))
    (a,) = r.anomalies
    assert (a.kind, a.count, a.offset) == (
        "unknown_opcode",
        1,
        4 + 3,
    )  # first data byte: MSB of word 1
    assert r.streams[stream_model.StreamKey(0, 0, 2)].intervals() == [(0, 1, 2)]


def test_reserved_frame_and_truncated_command():
    r = decode_one(
        bytes([0xDC, 1, 2, 3] + [0xFE] * 23 + [0b1010_0000])
    )  # a Single2 cut off
    kinds = {a.kind: a.count for a in r.anomalies}
    assert kinds == {"reserved_frame": 1, "truncated_command": 1}
    assert r.streams[stream_model.StreamKey(0, 0, 2)].commands[Cmd.RESERVED4] == 1


def test_repeat_without_frame_is_reported():
    r = decode_one(bytes([0b1110_0010, 0xF0, 0, 0, 0, 0, 0, 0, 0, 0b1110_0001]))
    assert r.anomaly_count("repeat_without_frame") == 2


def test_invalid_headers_empty_packets_and_tails():
    good = packet(0x80020001, b"\x00")
    even = packet(0x00020001, b"\x00")  # even parity
    reserved = packet(
        0x80020021, b"\x00"
    )  # bit 5 set (and parity fixed up: two ones + bit 31)
    buf = good + even + reserved + bytes(32) + b"\x01\x00\x00\x00" * 3 + b"\x07"
    r = stream_model.decode_buffer(buf)
    assert (r.packets, r.valid_packets, r.invalid_packets, r.empty_packets) == (
        4,
        1,
        2,
        1,
    )
    assert {a.kind: a.count for a in r.anomalies} == {
        "trailing_bytes": 1,
        "partial_packet": 3,
        "invalid_header": 2,
    }
    assert [a.offset for a in r.anomalies if a.kind == "invalid_header"] == [32]


def test_used_bytes_and_full():
    one = packet(0x80020001, b"\x00")
    r = stream_model.decode_buffer(one + bytes(96))
    assert r.used_bytes == 32 and not r.full
    assert stream_model.decode_buffer(one * 4).full


def test_pulse_limit_bounds_hostile_repeats():
    # Single0 delta 5, then many Repeat1 of 1023 pulses each
    data = bytes([0x05]) + bytes([0xDB, 0xFF]) * 13
    r = stream_model.decode_buffer(packet(0x80020001, data), max_pulses=2000)
    s = r.streams[stream_model.StreamKey(0, 0, 2)]
    assert len(s) == 1 + 2000
    assert r.anomaly_count("pulse_limit") == 13 * 1023 - 2000


# -- round trips against the tests' encoder --------------------------------------------------------


def roundtrip(
    rng: random.Random, nstreams: int, nframes: int, widen: float, filler: float
) -> None:
    streams, expected = {}, {}
    keys = rng.sample(
        [(t, c, r) for t in range(4) for c in range(3) for r in range(6)], nstreams
    )
    for t, c, r in keys:
        frames = random_frames(rng, nframes)
        timer = rng.choice([None, rng.randrange(1 << 50)])
        if timer is not None:
            frames = [(f + timer, m) for f, m in frames]
        enc = encode_frames(frames, rng, timer=timer, filler=filler, widen=widen)
        streams[(t, c, r, rng.randrange(32))] = enc.data
        expected[(t, c, r)] = enc.intervals
    result = stream_model.decode_buffer(buffer_of(streams, rng))
    assert not result.anomalies
    assert {tuple(k): s.intervals() for k, s in result.streams.items()} == expected


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    nstreams=st.integers(1, 4),
    nframes=st.integers(1, 250),
    widen=st.sampled_from([0.0, 0.3, 1.0]),
    filler=st.sampled_from([0.0, 0.2]),
)
def test_roundtrip_random_event_sequences(seed, nstreams, nframes, widen, filler):
    roundtrip(random.Random(seed), nstreams, nframes, widen, filler)


@pytest.mark.parametrize("chunk,warmup,block", [(16, 4, 3), (32, 0, 1), (8, 8, 2)])
def test_roundtrip_with_tiny_chunks_and_blocks(monkeypatch, chunk, warmup, block):
    """Chunk walkers that start out of step, refits that cascade, state carried across blocks."""
    monkeypatch.setattr(kernel, "CHUNK", chunk)
    monkeypatch.setattr(kernel, "WARMUP", warmup)
    monkeypatch.setattr(stream_model, "BLOCK_PACKETS", block)
    rng = random.Random(chunk * 1000 + block)
    for _ in range(25):
        roundtrip(rng, rng.randint(1, 3), rng.randint(1, 300), 0.3, 0.1)


def test_every_command_kind_round_trips():
    rng = random.Random(7)
    kinds = set()
    for _ in range(40):
        enc = encode_frames(
            random_frames(rng, 200, t0=5), rng, timer=5, filler=0.1, widen=0.5
        )
        kinds |= enc.kinds
        r = stream_model.decode_buffer(buffer_of({CORE: enc.data}))
        assert r.streams[stream_model.StreamKey(0, 0, 2)].intervals() == enc.intervals
    assert kinds >= {
        "start",
        "single0",
        "single1",
        "single2",
        "multiple0",
        "multiple1",
        "multiple2",
        "repeat0",
        "repeat1",
        "sync",
        "filler",
    }


def test_numpy_input_and_bytes_input_agree():
    enc = encode_frames(random_frames(random.Random(3), 100))
    raw = buffer_of({CORE: enc.data})
    words = np.frombuffer(raw, dtype="<u4").copy()
    assert (
        stream_model.decode_buffer(words)
        .streams[stream_model.StreamKey(0, 0, 2)]
        .intervals()
        == enc.intervals
    )
    assert (
        stream_model.decode_buffer(memoryview(raw))
        .streams[stream_model.StreamKey(0, 0, 2)]
        .intervals()
        == enc.intervals
    )


# -- hostile input never raises --------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=700))
def test_random_bytes_never_raise(data):
    r = stream_model.decode_buffer(data)
    assert r.packets == len(data) // 32


@settings(max_examples=100, deadline=None)
@given(
    payload=st.lists(st.integers(0, 255), max_size=300),
    ptype=st.integers(0, 3),
    cut=st.integers(0, 400),
)
def test_valid_headers_with_random_payload_never_raise(payload, ptype, cut):
    body = bytes(payload)
    buf = b"".join(
        packet(header(ptype, 0, 2, 1), body[i : i + 28])
        for i in range(0, max(len(body), 1), 28)
    )
    kept = buf[: len(buf) - cut % (len(buf) + 1)]
    r = stream_model.decode_buffer(kept)
    assert r.packets == len(kept) // 32
    for s in r.streams.values():
        assert (s.end > s.begin).all()


def test_stray_bytes_that_loop_naive_walkers():
    for b in (0xF1, 0xF2, 0xFB, 0xFD):
        r = decode_one(bytes([b]) * 28)
        assert r.anomaly_count("unknown_opcode") == 28


def test_truncated_buffers_never_raise():
    rng = random.Random(11)
    enc = encode_frames(random_frames(rng, 300), rng, widen=0.4)
    buf = buffer_of({CORE: enc.data, (1, 0, 2, 2): enc.data}, rng)
    for cut in range(0, len(buf), 37):
        head, tail = stream_model.decode_buffer(buf[:cut]), stream_model.decode_buffer(
            buf[cut:]
        )
        assert (head.packets, tail.packets) == (cut // 32, (len(buf) - cut) // 32)


# -- slices --------------------------------------------------------------------------------------


def test_decode_slices_attributes_events_to_call_sites():
    a = encode_frames([(10, 1), (20, 2)], timer=0)
    b = encode_frames([(30, 4)], timer=0)
    buf = buffer_of({CORE: a.data}, size=256) + buffer_of({CORE: b.data}, size=256)
    slices = [
        {
            "device": "dev_a",
            "sequence": "seq",
            "call_path": "0",
            "offset": 0,
            "size": 256,
        },
        {
            "device": "dev_b",
            "sequence": "seq",
            "call_path": "1",
            "offset": 256,
            "size": 256,
        },
    ]
    out = decode.decode_fused(buf, slices)
    assert [
        (s.label, s.result.streams[stream_model.StreamKey(0, 0, 2)].intervals())
        for s in out
    ] == [("dev_a:seq [call 0]", a.intervals), ("dev_b:seq [call 1]", b.intervals)]


def test_slice_beyond_the_buffer_is_reported():
    buf = buffer_of({CORE: encode_frames([(10, 1)]).data}, size=64)
    (sd,) = decode.decode_slices(
        buf,
        [{"device": "d", "sequence": "s", "call_path": "", "offset": 32, "size": 64}],
    )
    assert sd.result.anomaly_count("slice_out_of_range") == 32


# -- result storage, threads --------------------------------------------------------------------


def several_streams(seed: int, nframes: int = 400) -> bytes:
    rng = random.Random(seed)
    streams = {
        (t, 0, r, 1): encode_frames(
            random_frames(rng, nframes), rng, filler=0.1, widen=0.3
        ).data
        for t, r in ((0, 2), (1, 2), (0, 3), (3, 1))
    }
    return buffer_of(streams, rng)


def test_slot_times_are_the_slot_ranges_of_the_arrays():
    s = stream_model.decode_buffer(several_streams(1)).streams[
        stream_model.StreamKey(0, 0, 2)
    ]
    before = [
        tuple(a.tolist() for a in s.slot_times(slot)) for slot in range(8)
    ]  # from the 32-bit parts
    assert sum(len(b) for b, _ in before) == len(s)
    for slot in range(8):
        r = s.slot_range(slot)
        assert (s.slot[r] == slot).all()
        assert (s.begin[r].tolist(), s.end[r].tolist()) == before[slot]
        assert (
            tuple(a.tolist() for a in s.slot_times(slot)) == before[slot]
        )  # from the arrays


def test_threads_do_not_change_the_result(monkeypatch):
    raw = several_streams(2)
    progress: list[int] = []
    monkeypatch.setattr(stream_model, "WORKERS", 1)
    one = stream_model.decode_buffer(raw, max_pulses=300)
    monkeypatch.setattr(stream_model, "WORKERS", 3)
    monkeypatch.setattr(stream_model, "PARALLEL_PACKETS", 1)
    many = stream_model.decode_buffer(raw, max_pulses=300, progress=progress.append)
    assert {k: s.intervals() for k, s in one.streams.items()} == {
        k: s.intervals() for k, s in many.streams.items()
    }
    assert [(a.kind, a.count, a.offset, a.stream) for a in one.anomalies] == [
        (a.kind, a.count, a.offset, a.stream) for a in many.anomalies
    ]
    assert sum(progress) == len(raw)


def test_pulse_budget_is_shared_in_proportion_to_packets():
    assert stream_model._shares(10, [1, 1, 2]) == [3, 2, 5]
    assert stream_model._shares(7, []) == []
    # two streams of one packet each, each a pulse and 13 Repeats of 1023 pulses: 2000 pulses in all
    data = bytes([0x05]) + bytes([0xDB, 0xFF]) * 13
    raw = packet(0x80020001, data) + packet(header(1, 0, 2, 1), data)
    r = stream_model.decode_buffer(raw, max_pulses=2000)
    assert [len(s) for s in r.streams.values()] == [1 + 1000, 1 + 1000]
    assert r.anomaly_count("pulse_limit") == 2 * 13 * 1023 - 2000


def test_a_buffer_of_pulsed_repeats_is_bounded_in_events():
    """``cf f1`` (all eight slots, two cycles apart) then ``db ff`` (Repeat1, 1023 pulses) over
    and over: 75 KB would make 300 million events. The default budget counts events -- a pulse of
    eight slots costs eight -- one per buffer byte plus 2**18, and says what it left out.
    """
    stream = (
        bytes([0xF0] + [0] * 7) + bytes([0xCF, 0xF1]) + bytes([0xDB, 0xFF]) * 37_000
    )
    raw = buffer_of({CORE: stream})
    r = stream_model.decode_buffer(raw)
    budget = (
        stream_model.PULSE_EVENTS_PER_BYTE * len(raw) + stream_model.PULSE_EVENTS_BASE
    )
    assert (
        budget - 8 < r.events - 8 <= budget
    )  # the frame's 8, then whole pulses that fit
    (limit,) = [a for a in r.anomalies if a.kind == "pulse_limit"]
    assert (r.events - 8) // 8 + limit.count == 37_000 * 1023
    assert stream_model.decode_buffer(raw, max_pulses=80).events == 8 + 80
