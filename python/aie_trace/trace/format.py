# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The AIE2 / AIE2P trace stream format (event-time mode): packets, headers, commands, time model.

Facts from the AM020 "Trace" chapter (8-word packets: one header and seven data words), the packet
header table of UG1603 "Packet Processing", and the command encodings of mlir-aie's trace parser
(``python/utils/trace``). See docs/decoding.md for sources and what stays uncertain.

Buffer layout
    A trace buffer is a sequence of 32-bit little-endian words grouped in packets of
    :data:`WORDS_PER_PACKET` words. Word 0 of a packet is its header; words 1..7 carry data.
    Packets of several trace units interleave; a packet is never split.

Header (word 0)
    ``[4:0]`` packet id, ``[14:12]`` packet type, ``[20:16]`` source row, ``[27:21]`` source column,
    bit 31 odd parity (the whole word has an odd number of ones); bits ``[11:5]``, 15 and
    ``[30:28]`` are zero. A packet whose eight words are all zero was never written.

Data words
    The data words of one stream -- all packets with the same (type, column, row), in buffer
    order -- form one byte stream, most significant byte of each word first. The stream is a
    sequence of variable-length commands, identified by the first byte (``b0``), see
    :data:`OPCODES`. Commands may continue from one packet of the stream into its next packet.

Time model (cycles), per stream
    * ``T`` is the time of the last frame; it starts at 0. ``Start`` sets ``T`` to its 56-bit timer
      value (big-endian in bytes 1..7) and ends every open event at the previous ``T + 1``.
    * A frame (``Single*`` with one slot, ``Multiple*`` with a slot mask) with delta ``c`` happens
      at ``T + 1 + c`` (plus :data:`EVENT_SYNC_CYCLES` for each ``Event_Sync`` since the previous
      frame): the events of its slots are asserted in that cycle.
    * An event that is asserted in consecutive cycles (a frame with ``c == 0`` and no sync in
      between that still holds its slot) is one interval; otherwise an interval ends one cycle
      after the last frame that asserted it: ``[begin, end)`` with ``end = T_last + 1``.
    * ``Repeat0/1`` with count ``n`` repeats the last frame since the last ``Start`` ``n`` more
      times, each with that frame's delta: with delta 0 the events stay asserted ``n`` more cycles,
      otherwise they pulse ``n`` more times, ``c + 1`` cycles apart.
    * ``Filler`` bytes carry nothing. Events still open at the end of the stream end at ``T + 1``.

Every byte of a stream is part of a command, a filler, or an anomaly (an opcode byte no command
starts with, a reserved 4-byte frame, or a command the stream ends in the middle of).
"""

from __future__ import annotations

from enum import IntEnum

WORD_BYTES = 4
WORDS_PER_PACKET = 8
PACKET_BYTES = WORD_BYTES * WORDS_PER_PACKET
DATA_WORDS_PER_PACKET = WORDS_PER_PACKET - 1
DATA_BYTES_PER_PACKET = DATA_WORDS_PER_PACKET * WORD_BYTES

# -- packet header ---------------------------------------------------------------------------------
HDR_ID_MASK = 0x1F
HDR_TYPE_SHIFT, HDR_TYPE_MASK = 12, 0x7
HDR_ROW_SHIFT, HDR_ROW_MASK = 16, 0x1F
HDR_COL_SHIFT, HDR_COL_MASK = 21, 0x7F
HDR_PARITY_BIT = 31
#: bits that are zero in every valid header: [11:5], 15, [30:28]
HDR_RESERVED_MASK = 0x00000FE0 | 0x00008000 | 0x70000000


class PacketType(IntEnum):
    """``Trace_Control1.Packet_Type`` as mlir-aie assigns it (software convention)."""

    CORE = 0
    MEM = 1
    SHIM = 2
    MEMTILE = 3


#: short unit names used in output
UNIT_NAMES = {
    PacketType.CORE: "core",
    PacketType.MEM: "mem",
    PacketType.SHIM: "shim",
    PacketType.MEMTILE: "memtile",
}

#: packet types a decode accepts unless the design's ``Trace_Control1`` stamps others: mlir-aie's
#: convention. The field has three bits, so a design may set 4-7 too (it is the unit's choice,
#: written to Trace_Control1 like the packet id).
DEFAULT_PACKET_TYPES = frozenset(int(t) for t in PacketType)

# -- trace-unit registers (tile-local offsets; identical on AIE2 and AIE2P) --------------------------
#: (Trace_Control1, Trace_Event0, Trace_Event1) per module; the core-module offsets are the shim's
#: PL-module offsets too (row 0 is the shim row).
TRACE_REGS = {
    "core": (0x340D4, 0x340E0, 0x340E4),
    "mem": (0x140D4, 0x140E0, 0x140E4),
    "memtile": (0x940D4, 0x940E0, 0x940E4),
}
#: Trace_Control0 per module: ``[1:0]`` the trace mode (AM025; mlir-aie's ``TraceMode``), which only
#: the core module has
TRACE_CONTROL0 = {"core": 0x340D0, "mem": 0x140D0, "memtile": 0x940D0}
TRACE_MODE_MASK = 0x3
#: trace modes: the decoder reads event-time only
EVENT_TIME, EVENT_PC, EXECUTION = 0, 1, 2
MODE_NAMES = {EVENT_TIME: "event-time", EVENT_PC: "EVENT_PC", EXECUTION: "execution"}
TRACE_CONTROL1_TYPE_SHIFT, TRACE_CONTROL1_TYPE_MASK = 12, 0x7
TRACE_CONTROL1_ID_MASK = 0x1F
SLOTS = 8
SLOTS_PER_REGISTER = 4
#: address arithmetic of absolute register addresses (AIE2 / AIE2P)
ADDR_COL_SHIFT, ADDR_ROW_SHIFT, ADDR_ROW_MASK, ADDR_OFFSET_MASK = 25, 20, 0x1F, 0xFFFFF

# -- commands --------------------------------------------------------------------------------------


class Cmd(IntEnum):
    SINGLE0 = 0
    SINGLE1 = 1
    SINGLE2 = 2
    MULTIPLE0 = 3
    MULTIPLE1 = 4
    MULTIPLE2 = 5
    REPEAT0 = 6
    REPEAT1 = 7
    START = 8
    EVENT_SYNC = 9
    FILLER = 10
    #: ``b0 = 110111xx``: a 4-byte frame whose meaning is not documented; skipped, reported
    RESERVED4 = 11
    #: an opcode byte no command starts with; one byte, reported
    UNKNOWN = 12


#: (mask, value, command, length in bytes): ``b0 & mask == value``. Exactly one row matches every
#: byte value (checked at import).
OPCODES: tuple[tuple[int, int, Cmd, int], ...] = (
    (0x80, 0x00, Cmd.SINGLE0, 1),  # 0eee cccc
    (0xE0, 0x80, Cmd.SINGLE1, 2),  # 100e eecc  cccccccc
    (0xE0, 0xA0, Cmd.SINGLE2, 3),  # 101e eecc  cccccccc cccccccc
    (0xF0, 0xC0, Cmd.MULTIPLE0, 2),  # 1100 mmmm  mmmm cccc
    (0xFC, 0xD0, Cmd.MULTIPLE1, 3),  # 1101 00mm  mmmm mmcc  cccccccc
    (0xFC, 0xD4, Cmd.MULTIPLE2, 4),  # 1101 01mm  mmmm mmcc  cccccccc cccccccc
    (0xFC, 0xD8, Cmd.REPEAT1, 2),  # 1101 10rr  rrrrrrrr
    (0xFC, 0xDC, Cmd.RESERVED4, 4),  # 1101 11xx  + 3 bytes
    (0xF0, 0xE0, Cmd.REPEAT0, 1),  # 1110 rrrr
    (0xFB, 0xF0, Cmd.START, 8),  # 1111 0x00  + 56-bit timer, big-endian
    (0xFF, 0xFE, Cmd.FILLER, 1),  # 1111 1110
    (0xFF, 0xFF, Cmd.EVENT_SYNC, 1),  # 1111 1111
)

START_BYTES = 8
MAX_COMMAND_BYTES = 8
FILLER_BYTE = 0xFE
#: cycles that pass for each Event_Sync: the carry out of a frame's 18-bit delta field (mlir-aie
#: PR #3668, checked there against a hardware capture: ``09 ff a4 ae 39`` puts the second event
#: 1 + 44601 + 2**18 = 306746 cycles after the first)
EVENT_SYNC_CYCLES = 1 << 18
#: largest delta each frame size can carry
SINGLE_CYCLES_MAX = {Cmd.SINGLE0: 0xF, Cmd.SINGLE1: 0x3FF, Cmd.SINGLE2: 0x3FFFF}
MULTIPLE_CYCLES_MAX = {Cmd.MULTIPLE0: 0xF, Cmd.MULTIPLE1: 0x3FF, Cmd.MULTIPLE2: 0x3FFFF}
REPEAT_MAX = {Cmd.REPEAT0: 0xF, Cmd.REPEAT1: 0x3FF}


def _tables() -> tuple[tuple[Cmd, ...], tuple[int, ...]]:
    kinds, lengths = [], []
    for b in range(256):
        rows = [(cmd, n) for mask, value, cmd, n in OPCODES if b & mask == value]
        if len(rows) > 1:
            raise AssertionError(f"opcode byte {b:#04x} matches {len(rows)} commands")
        cmd, n = rows[0] if rows else (Cmd.UNKNOWN, 1)
        kinds.append(cmd)
        lengths.append(n)
    return tuple(kinds), tuple(lengths)


#: command and length of the command that starts with each byte value
COMMAND_OF_BYTE, LENGTH_OF_BYTE = _tables()


def header_fields(word: int) -> tuple[int, int, int, int]:
    """(packet type, column, row, packet id) of a header word (validity not checked)."""
    return (
        (word >> HDR_TYPE_SHIFT) & HDR_TYPE_MASK,
        (word >> HDR_COL_SHIFT) & HDR_COL_MASK,
        (word >> HDR_ROW_SHIFT) & HDR_ROW_MASK,
        word & HDR_ID_MASK,
    )


def header_valid(
    word: int, packet_types: frozenset[int] = DEFAULT_PACKET_TYPES
) -> bool:
    """Odd parity, reserved bits zero, and one of ``packet_types``."""
    return (
        bin(word & 0xFFFFFFFF).count("1") & 1 == 1
        and word & HDR_RESERVED_MASK == 0
        and (word >> HDR_TYPE_SHIFT) & HDR_TYPE_MASK in packet_types
    )
