# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulator's trace packet encoder, checked against hand-computed bytes and the decoder."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aie_trace.emu import trace_unit as T
from aie_trace.trace import format as F
from aie_trace.trace.stream import StreamKey, decode_buffer


def test_header_fields_and_odd_parity():
    h = T.header(col=3, row=2, pkt_type=1, pkt_id=5)
    assert (
        (h >> 21) & 0x7F == 3
        and (h >> 16) & 0x1F == 2
        and (h >> 12) & 0x7 == 1
        and h & 0x1F == 5
    )
    assert bin(h).count("1") % 2 == 1
    assert (
        T.header(0, 2, 0, 1) == 0x80020001
    )  # two ones in the fields -> parity bit set
    assert T.header(0, 3, 0, 1) == 0x00030001  # three ones -> parity bit clear
    assert F.header_valid(h)
    with pytest.raises(ValueError):
        T.header(0, 32, 0, 1)


@pytest.mark.parametrize(
    "encoded, expected",
    [
        (
            T.encode_start(0x0102030405060708 & ((1 << 56) - 1)),
            bytes([0xF0, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]),
        ),
        (T.encode_single(5, 9), bytes([0x59])),  # 0eee cccc
        (
            T.encode_single(7, 0x3FF),
            bytes([0x80 | 7 << 2 | 3, 0xFF]),
        ),  # 100e eecc + 8 bits
        (T.encode_single(2, 0x12345), bytes([0xA0 | 2 << 2 | 1, 0x23, 0x45])),
        (T.encode_multiple(0b10100101, 3), bytes([0xCA, 0x53])),  # 1100 mmmm  mmmm cccc
        (T.encode_multiple(0b10100101, 0x2AB), bytes([0xD2, 0x96, 0xAB])),
        (T.encode_multiple(0b10100101, 0x2ABCD), bytes([0xD6, 0x96, 0xAB, 0xCD])),
        (T.encode_repeat(9), bytes([0xE9])),
        (T.encode_repeat(0x155), bytes([0xD9, 0x55])),
        (
            T.encode_event(0b1, (1 << 18) + 5),
            bytes([0xFF, 0x05]),
        ),  # one Event_Sync (2^18), then Single0
        (
            T.encode_event(0b10, 306745),
            bytes([0xFF, 0xA4, 0xAE, 0x39]),
        ),  # the hardware capture's gap
    ],
)
def test_command_encodings(encoded, expected):
    assert encoded == expected


@pytest.mark.parametrize(
    "encoded, cmd",
    [
        (T.encode_start(7), F.Cmd.START),
        (T.encode_single(1, 15), F.Cmd.SINGLE0),
        (T.encode_single(1, 16), F.Cmd.SINGLE1),
        (T.encode_single(1, 1024), F.Cmd.SINGLE2),
        (T.encode_multiple(3, 15), F.Cmd.MULTIPLE0),
        (T.encode_multiple(3, 16), F.Cmd.MULTIPLE1),
        (T.encode_multiple(3, 1024), F.Cmd.MULTIPLE2),
        (T.encode_repeat(15), F.Cmd.REPEAT0),
        (T.encode_repeat(16), F.Cmd.REPEAT1),
        (bytes([T.EVENT_SYNC]), F.Cmd.EVENT_SYNC),
        (bytes([T.FILLER]), F.Cmd.FILLER),
    ],
)
def test_encodings_agree_with_the_decoders_opcode_table(encoded, cmd):
    assert F.COMMAND_OF_BYTE[encoded[0]] == cmd
    assert F.LENGTH_OF_BYTE[encoded[0]] == len(encoded)


def test_packetize_orders_bytes_msb_first_and_pads_with_filler():
    stream = bytes(range(1, 10))
    (pkt,) = T.packetize(stream, 0, 2, 0, 1)
    assert len(pkt) == 32
    assert int.from_bytes(pkt[:4], "little") == T.header(0, 2, 0, 1)
    assert int.from_bytes(pkt[4:8], "little") == 0x01020304
    assert int.from_bytes(pkt[8:12], "little") == 0x05060708
    assert int.from_bytes(pkt[12:16], "little") == 0x09FEFEFE
    assert pkt[16:] == bytes([0xFE]) * 16
    assert len(T.packetize(bytes(29), 0, 2, 0, 1)) == 2


def test_unit_config_reads_the_trace_registers():
    cfg = T.UnitConfig.from_registers(T.CORE, 0x797A0000, 0x1, 0x4B25221A, 0x212D2C4F)
    assert (cfg.start_event, cfg.stop_event, cfg.mode, cfg.pkt_type, cfg.pkt_id) == (
        0x7A,
        0x79,
        0,
        0,
        1,
    )
    assert cfg.slots == (26, 34, 37, 75, 79, 44, 45, 33)
    mt = T.UnitConfig.from_registers(T.MEMTILE, 0x9C9D0000, 0x3003, 0x000000A0, 0)
    assert (mt.start_event, mt.stop_event, mt.pkt_type, mt.slots[0]) == (
        0x9D,
        0x9C,
        3,
        0xA0,
    )


def test_sessions_are_deterministic_and_distinct():
    cfg = T.UnitConfig(122, 121, 0, 0, 1, (33, 34, 0, 0, 0, 0, 0, 0))
    a = T.record_session("dev_a#0", 0, 2, T.CORE, cfg, 0, 30000)
    again = T.record_session("dev_a#0", 0, 2, T.CORE, cfg, 0, 30000)
    other = T.record_session("dev_a#1", 0, 2, T.CORE, cfg, 0, 30000)
    assert a.packets == again.packets and a.events == again.events
    assert a.events != other.events
    assert {s for _, s in a.events} == {0, 1}
    assert all(t0 < t1 for (t0, _), (t1, _) in itertools.pairwise(a.events) if t0 != t1)


def test_unconfigured_unit_records_only_its_start():
    cfg = T.UnitConfig(122, 121, 0, 0, 1, (0,) * 8)
    trace = T.record_session("x#0", 0, 2, T.CORE, cfg, 42, 30000)
    assert trace.events == [] and len(trace.packets) == 1


@settings(max_examples=60, deadline=None)
@given(
    key=st.text(min_size=1, max_size=12),
    start=st.integers(0, 1 << 40),
    slots=st.lists(st.integers(0, 127), min_size=8, max_size=8),
)
def test_decoder_recovers_every_recorded_session(key, start, slots):
    cfg = T.UnitConfig(122, 121, 0, 1, 7, tuple(slots))
    trace = T.record_session(key, 1, 4, T.MEM, cfg, start, 25000)
    result = decode_buffer(b"".join(trace.packets))
    assert result.anomalies == []
    if trace.events:
        s = result.streams[StreamKey(1, 1, 4)]
        assert s.intervals() == trace.intervals()
        assert s.first_timer == start


@pytest.mark.parametrize(
    "gap", [(1 << 18) - 1, 1 << 18, (1 << 18) + 1, 306746, 3 * (1 << 18) + 7]
)
def test_long_gaps_round_trip_through_event_syncs(gap):
    """A gap the 18-bit delta cannot carry is encoded with Event_Syncs of 2^18 cycles each, and the
    decoder puts the event back at the same cycle (an encoder and decoder sharing a wrong constant
    would pass this too; the literal-bytes tests pin the constant)."""
    stream = T.encode_start(100) + T.encode_event(0b1, 0) + T.encode_event(0b1, gap - 1)
    result = decode_buffer(b"".join(T.packetize(stream, 0, 2, 0, 1)))
    assert result.anomalies == []
    assert result.streams[StreamKey(0, 0, 2)].intervals() == [
        (0, 101, 102),
        (0, 101 + gap, 102 + gap),
    ]
