# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace units of the emulated NPU: register model, deterministic activity, packet encoder.

This is the hardware side of tracing, so it *encodes* the real trace packet format; the decoder
(:mod:`aie_trace.trace.decode`) is written independently and the two check each other.

Packet format (AM020 "Trace", mlir-aie's reference parser): a trace unit sends 8-word packets,
one header word + 7 data words (little-endian 32-bit words in memory). Header: odd parity over
the whole word in bit 31, column in [27:21], row in [20:16], packet type in [14:12], packet id in
[4:0], every other bit zero. Data words carry a byte stream, most significant byte first, of
variable-length commands:

=========== ============================== ==========================================
Start       ``1111 0000`` + 7 bytes        56-bit timer value, big-endian
Single0     ``0eee cccc``                  slot e, 4-bit cycle delta
Single1     ``100e eecc`` + 1 byte         slot e, 10-bit delta
Single2     ``101e eecc`` + 2 bytes        slot e, 18-bit delta
Multiple0   ``1100 mmmm  mmmm cccc``       8-bit slot mask, 4-bit delta
Multiple1   ``1101 00mm`` + 2 bytes        mask = (b0&3)<<6 | b1>>2, delta = (b1&3)<<8 | b2
Multiple2   ``1101 01mm`` + 3 bytes        as Multiple1 with an 18-bit delta
Repeat0     ``1110 rrrr``                  repeat the previous command r times
Repeat1     ``1101 10rr`` + 1 byte         10-bit repeat count
Event_Sync  ``1111 1111``                  the delta field carried (2^18 cycles)
filler      ``1111 1110``                  no command; pads the last packet of a stream
=========== ============================== ==========================================

Time model (as :mod:`aie_trace.trace.format` states it for the decoder): ``Start`` sets the time
``T`` to its timer value; a frame with delta ``c`` happens at ``T + 1 + c`` (plus 2^18 for each
``Event_Sync`` before it: the carry out of the 18-bit delta field) and becomes the new ``T``.
Events of several slots in one cycle are one Multiple frame.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

# -- trace-unit registers (tile-local offsets; aie-registers.md §4) -----------------------------


@dataclass(frozen=True)
class Module:
    """One event/trace module of a tile: where its registers live and how it numbers events."""

    name: str  # core | mem | memtile | shim
    base: int  # 0x34000 (core, shim), 0x14000 (mem), 0x94000 (memtile)
    trace_port: int  # stream-switch Trace channel its packets leave on
    broadcast0: int  # event number of BROADCAST_0 (BROADCAST_A_0 on a shim)
    event_bits: int  # width of an event number field

    @property
    def timer_control(self) -> int:
        return self.base

    @property
    def event_generate(self) -> int:
        return self.base + 0x08

    def broadcast_reg(self, n: int) -> int:
        return self.base + 0x10 + 4 * n

    @property
    def trace_control0(self) -> int:
        return self.base + 0xD0

    @property
    def trace_control1(self) -> int:
        return self.base + 0xD4

    @property
    def trace_event0(self) -> int:
        return self.base + 0xE0

    @property
    def trace_event1(self) -> int:
        return self.base + 0xE4


CORE = Module("core", 0x34000, trace_port=0, broadcast0=107, event_bits=7)
MEM = Module("mem", 0x14000, trace_port=1, broadcast0=107, event_bits=7)
MEMTILE = Module("memtile", 0x94000, trace_port=0, broadcast0=142, event_bits=8)
SHIM = Module("shim", 0x34000, trace_port=0, broadcast0=110, event_bits=7)

#: event number of TRUE in every module: a unit whose start event is TRUE starts when configured
EVENT_TRUE = 1
NUM_BROADCASTS = 16
NUM_SLOTS = 8


def modules_of_row(row: int) -> tuple[Module, ...]:
    """The event modules of a tile in an NPU partition: row 0 shim, row 1 memtile, rows 2+ cores."""
    if row == 0:
        return (SHIM,)
    if row == 1:
        return (MEMTILE,)
    return (CORE, MEM)


@dataclass(frozen=True)
class UnitConfig:
    """A trace unit's configuration as its registers hold it."""

    start_event: int
    stop_event: int
    mode: int
    pkt_type: int
    pkt_id: int
    slots: tuple[int, ...]  # event number per slot, 0 = unused

    @staticmethod
    def from_registers(
        module: Module, control0: int, control1: int, event0: int, event1: int
    ) -> UnitConfig:
        if module is MEMTILE:
            start, stop, mode = (control0 >> 16) & 0xFF, (control0 >> 24) & 0xFF, 0
        else:
            start, stop = (control0 >> 16) & 0x7F, (control0 >> 24) & 0x7F
            mode = control0 & 0x3 if module is CORE else 0
        mask = (1 << module.event_bits) - 1
        slots = tuple((w >> (8 * i)) & mask for w in (event0, event1) for i in range(4))
        return UnitConfig(
            start, stop, mode, (control1 >> 12) & 0x7, control1 & 0x1F, slots
        )

    @property
    def used_slots(self) -> tuple[int, ...]:
        return tuple(i for i, e in enumerate(self.slots) if e)


# -- packet encoder -----------------------------------------------------------------------------

START = 0xF0
FILLER = 0xFE
EVENT_SYNC = 0xFF
SYNC_CYCLES = 1 << 18
MAX_DELTA = (1 << 18) - 1
PACKET_WORDS = 8
PACKET_BYTES = 4 * PACKET_WORDS
PAYLOAD_BYTES = 4 * (PACKET_WORDS - 1)


def header(col: int, row: int, pkt_type: int, pkt_id: int) -> int:
    """A packet header word with odd parity in bit 31."""
    if not (
        0 <= col < 128 and 0 <= row < 32 and 0 <= pkt_type < 8 and 0 <= pkt_id < 32
    ):
        raise ValueError(
            f"header field out of range: col={col} row={row} type={pkt_type} id={pkt_id}"
        )
    w = (col << 21) | (row << 16) | (pkt_type << 12) | pkt_id
    return w | ((bin(w).count("1") + 1) & 1) << 31


def encode_start(timer: int) -> bytes:
    if not 0 <= timer < (1 << 56):
        raise ValueError(f"timer value {timer} does not fit 56 bits")
    return bytes([START]) + timer.to_bytes(7, "big")


def encode_single(slot: int, delta: int) -> bytes:
    if not 0 <= slot < NUM_SLOTS:
        raise ValueError(f"slot {slot} out of range")
    if delta < 0 or delta > MAX_DELTA:
        raise ValueError(f"cycle delta {delta} out of range (use encode_delta)")
    if delta < 16:
        return bytes([(slot << 4) | delta])
    if delta < 1024:
        return bytes([0x80 | (slot << 2) | (delta >> 8), delta & 0xFF])
    return bytes(
        [0xA0 | (slot << 2) | (delta >> 16), (delta >> 8) & 0xFF, delta & 0xFF]
    )


def encode_multiple(mask: int, delta: int) -> bytes:
    if not 0 < mask < 256:
        raise ValueError(f"slot mask {mask:#x} out of range")
    if delta < 0 or delta > MAX_DELTA:
        raise ValueError(f"cycle delta {delta} out of range")
    if delta < 16:
        return bytes([0xC0 | (mask >> 4), ((mask & 0xF) << 4) | delta])
    if delta < 1024:
        return bytes(
            [0xD0 | (mask >> 6), ((mask & 0x3F) << 2) | (delta >> 8), delta & 0xFF]
        )
    return bytes(
        [
            0xD4 | (mask >> 6),
            ((mask & 0x3F) << 2) | (delta >> 16),
            (delta >> 8) & 0xFF,
            delta & 0xFF,
        ]
    )


def encode_repeat(count: int) -> bytes:
    if not 0 < count < 1024:
        raise ValueError(f"repeat count {count} out of range")
    return (
        bytes([0xE0 | count])
        if count < 16
        else bytes([0xD8 | (count >> 8), count & 0xFF])
    )


def encode_event(mask: int, delta: int) -> bytes:
    """One event command (Single for one slot, Multiple for several), preceded by Event_Sync
    commands while the delta exceeds what one command can carry."""
    out = bytearray()
    while delta > MAX_DELTA:
        out.append(EVENT_SYNC)
        delta -= SYNC_CYCLES
    if mask & (mask - 1):
        out += encode_multiple(mask, delta)
    else:
        out += encode_single(mask.bit_length() - 1, delta)
    return bytes(out)


def packetize(
    stream: bytes, col: int, row: int, pkt_type: int, pkt_id: int
) -> list[bytes]:
    """Cut a command byte stream into 32-byte packets (little-endian words, data bytes MSB first
    within a word); the last packet is padded with filler bytes."""
    hdr = header(col, row, pkt_type, pkt_id).to_bytes(4, "little")
    packets = []
    for at in range(0, len(stream), PAYLOAD_BYTES):
        chunk = stream[at : at + PAYLOAD_BYTES].ljust(PAYLOAD_BYTES, bytes([FILLER]))
        words = b"".join(chunk[i : i + 4][::-1] for i in range(0, PAYLOAD_BYTES, 4))
        packets.append(hdr + words)
    return packets


# -- deterministic activity ---------------------------------------------------------------------


class SplitMix64:
    """A tiny, fully specified PRNG, so activity never depends on Python's ``random``."""

    def __init__(self, key: str) -> None:
        self.state = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little")

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def session_duration(session_key: str) -> int:
    """Cycles one run of a design spends between its trace start and stop."""
    return 20000 + SplitMix64(session_key + "/duration").below(40000)


@dataclass
class UnitTrace:
    """What one trace unit recorded during one session: the ground truth a decoder must recover."""

    col: int
    row: int
    module: str
    pkt_type: int
    pkt_id: int
    slots: tuple[int, ...]
    start_timer: int
    #: (timer value, slot) in time order; simultaneous events share a timer value
    events: list[tuple[int, int]] = field(default_factory=list)
    #: per event: how many command-stream bytes it takes to carry it (its command's end)
    ends: list[int] = field(default_factory=list)
    packets: list[bytes] = field(default_factory=list)

    @property
    def stream_key(self) -> tuple[int, int, int]:
        """(pkt_type, col, row): how a decoder groups packets into streams."""
        return (self.pkt_type, self.col, self.row)

    def event_numbers(self) -> list[tuple[int, int]]:
        """(timer value, event number) in time order."""
        return [(t, self.slots[s]) for t, s in self.events]

    def landed_events(self, packet_bytes: int) -> list[tuple[int, int]]:
        """The events a decoder can recover when only the first ``packet_bytes`` bytes of this
        unit's packets reached memory (a DMA writes whole bursts and stops at its BD length).
        """
        full, part = divmod(packet_bytes, PACKET_BYTES)
        payload = full * PAYLOAD_BYTES + max(0, part - 4)
        return [
            e for e, end in zip(self.events, self.ends, strict=False) if end <= payload
        ]

    def intervals(
        self, events: list[tuple[int, int]] | None = None
    ) -> list[tuple[int, int, int]]:
        """``(slot, begin, end)`` of ``events`` (default: all): an event asserted in consecutive
        cycles is one interval ``[first, last + 1)``; ordered by begin, then slot."""
        events = self.events if events is None else events
        out = []
        for slot in sorted({s for _, s in events}):
            times = [t for t, s in events if s == slot]
            begin = prev = times[0]
            for t in times[1:]:
                if t != prev + 1:
                    out.append((slot, begin, prev + 1))
                    begin = t
                prev = t
            out.append((slot, begin, prev + 1))
        return sorted(out, key=lambda x: (x[1], x[0]))


def record_session(
    session_key: str,
    col: int,
    row: int,
    module: Module,
    cfg: UnitConfig,
    start_timer: int,
    duration: int,
) -> UnitTrace:
    """The events a unit records in ``duration`` cycles of a session, encoded as packets.

    Gaps are drawn so every frame size appears (Single0/1/2, Multiple0/1/2)."""
    rng = SplitMix64(f"{session_key}/{module.name}/{col}/{row}")
    trace = UnitTrace(
        col, row, module.name, cfg.pkt_type, cfg.pkt_id, cfg.slots, start_timer
    )
    stream = bytearray(encode_start(start_timer))
    used = cfg.used_slots
    t, end = start_timer, start_timer + duration
    while used:
        kind = rng.below(16)
        delta = (
            rng.below(16)
            if kind < 9
            else rng.below(1024) if kind < 14 else 1024 + rng.below(3000)
        )
        if t + 1 + delta >= end:
            break
        t += 1 + delta
        mask = 1 << used[rng.below(len(used))]
        if len(used) > 1 and rng.below(5) == 0:
            mask |= 1 << used[rng.below(len(used))]
        stream += encode_event(mask, delta)
        slots = [s for s in range(NUM_SLOTS) if mask >> s & 1]
        trace.events.extend((t, s) for s in slots)
        trace.ends.extend(len(stream) for _ in slots)
    trace.packets = packetize(bytes(stream), col, row, cfg.pkt_type, cfg.pkt_id)
    return trace
