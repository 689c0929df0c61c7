# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shim DMA arithmetic and the trace DMA program that trace lowering emits.

``-aie-insert-trace-flows`` routes each traced tile by an ``aie.packet_flow`` from a ``Trace``
port to a shim tile's ``DMA`` S2MM channel, and emits in the sequence: a ``writebd`` for the BD,
an ``address_patch`` of the BD's address word, and a task-queue write that starts the BD on that
channel. A BD therefore carries trace data when it is started on an S2MM channel that a trace packet
flow feeds; its address patch names the trace buffer. This is how the trace passes tell trace
patches from data patches using the IR alone.

Addresses (AIE2 / AIE2P target model): a shim BD's address word is
``col << 25 | row << 20 | 0x1D000 + bd * 0x20 + 4``; the S2MM task queues are ``0x1D204 + 8 * ch``
(tile-local with ``column``/``row``, or absolute); the task's first BD is bits [3:0] of the value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..ir import aieops, attributes, fields, structure

COL_SHIFT, ROW_SHIFT = 25, 20
SHIM_BD_BASE, BD_STRIDE, BD_ADDR_WORD, SHIM_BDS = 0x1D000, 0x20, 0x4, 16
S2MM, MM2S = 0, 1
DMA_CTRL_BASE = 0x1D200
BUNDLE_DMA, BUNDLE_TRACE = 1, 9
LOCAL_MASK = (1 << ROW_SHIFT) - 1


def bd_address_word(col: int, bd: int) -> int:
    """Absolute address of shim BD ``bd``'s buffer-address word (what ``address_patch.addr`` holds)."""
    return (col << COL_SHIFT) | (SHIM_BD_BASE + bd * BD_STRIDE + BD_ADDR_WORD)


def decode_patch_addr(addr: int | None) -> tuple[int, int] | None:
    """``address_patch.addr`` as read (a signed or unsigned 32-bit value) -> (column, BD id) of a
    shim BD; None if it is not a shim BD word or there is no address."""
    if addr is None:
        return None
    addr &= 0xFFFFFFFF
    col, row, local = addr >> COL_SHIFT, (addr >> ROW_SHIFT) & 0x1F, addr & LOCAL_MASK
    rel = local - SHIM_BD_BASE - BD_ADDR_WORD
    if row != 0 or rel < 0 or rel % BD_STRIDE or rel // BD_STRIDE >= SHIM_BDS:
        return None
    return col, rel // BD_STRIDE


def task_queue_offset(channel: int, direction: int) -> int:
    return DMA_CTRL_BASE + 8 * channel + (0x10 if direction == MM2S else 0) + 4


_QUEUES = {task_queue_offset(ch, d): (d, ch) for ch in (0, 1) for d in (S2MM, MM2S)}


@dataclass(frozen=True)
class QueueStart:
    """A task started on a shim DMA channel."""

    column: int
    direction: int
    channel: int
    bd: int


def queue_start(op: Any, era: str) -> QueueStart | None:
    """The shim task a ``write32`` to a task-queue register or a ``push_queue`` starts."""
    if op.name == "aiex.npu.push_queue":
        row = fields.get_int(op, "row", era)
        col, d, ch, bd = (
            fields.get_int(op, n, era)
            for n in ("column", "direction", "channel", "bd_id")
        )
        if row != 0 or None in (col, d, ch, bd):
            return None
        return QueueStart(col, d, ch, bd)
    if (
        op.name != "aiex.npu.write32"
        or structure.attr_or_none(op, "buffer") is not None
    ):
        return None
    address = fields.get_int(op, "address", era)
    if address is None or (address & LOCAL_MASK) not in _QUEUES:
        return None  # (most writes: decided on the address alone)
    address &= 0xFFFFFFFF
    col, row = fields.get_int(op, "column", era), fields.get_int(op, "row", era)
    if col is None or row is None:
        col, row, address = (
            address >> COL_SHIFT,
            (address >> ROW_SHIFT) & 0x1F,
            address & LOCAL_MASK,
        )
    value = fields.get_int(op, "value", era)
    if row != 0 or address not in _QUEUES or value is None:
        return None
    d, ch = _QUEUES[address]
    return QueueStart(col, d, ch, value & 0xF)


def writebd_key(op: Any, era: str) -> tuple[int, int] | None:
    """(column, BD id) of a shim ``writebd``."""
    bd = aieops.WriteBD(op, era)
    if bd.row != 0:
        return None
    col, bd_id = bd.column, bd.bd_id
    return None if col is None or bd_id is None else (col, bd_id)


def writebd_bytes(op: Any, era: str) -> int | None:
    """Bytes a shim BD transfers (``buffer_length`` counts 32-bit words)."""
    n = aieops.WriteBD(op, era).buffer_length
    return None if n is None else n * 4


def _tile_coords(value: Any) -> tuple[int, int] | None:
    op = structure.defining_op(value)
    if op is None or op.name != aieops.Tile.NAME:
        return None
    tile = aieops.Tile(op)
    return None if tile.col is None or tile.row is None else (tile.col, tile.row)


def trace_channels(
    device: Any, flows: Iterable[Any] | None = None
) -> set[tuple[int, int]]:
    """(shim column, S2MM channel) pairs that a packet flow from a ``Trace`` port feeds (``flows``:
    the device's ``aie.packet_flow`` ops, when the caller has them at hand)."""
    out: set[tuple[int, int]] = set()
    for flow in structure.walk(device, ["aie.packet_flow"]) if flows is None else flows:
        ports = structure.block_ops(structure.body(flow))
        if not any(
            p.name == "aie.packet_source"
            and attributes.int_attr_value(structure.attr_or_none(p, "bundle"))
            == BUNDLE_TRACE
            for p in ports
        ):
            continue
        for p in ports:
            if (
                p.name == "aie.packet_dest"
                and attributes.int_attr_value(structure.attr_or_none(p, "bundle"))
                == BUNDLE_DMA
            ):
                tile = _tile_coords(structure.operand(p, 0))
                ch = attributes.int_attr_value(structure.attr_or_none(p, "channel"))
                if tile is not None and tile[1] == 0 and ch is not None:
                    out.add((tile[0], ch))
    return out


def patch_bd(op: Any, era: str) -> tuple[int, int] | None:
    return decode_patch_addr(aieops.AddressPatch(op, era).addr)


def trace_patches(
    ops: Iterable[Any], channels: set[tuple[int, int]], era: str
) -> list[Any]:
    """The address patches among ``ops`` (program order) whose BD is then started on a trace
    channel: the last patch of (column, BD) before a task-queue start of that BD."""
    last: dict[tuple[int, int], Any] = {}
    found: list[Any] = []
    for op in ops:
        if op.name == "aiex.npu.address_patch":
            key = patch_bd(op, era)
            if key is not None:
                last[key] = op
            continue
        start = queue_start(op, era)
        if (
            start is None
            or start.direction != S2MM
            or (start.column, start.channel) not in channels
        ):
            continue
        patch = last.pop((start.column, start.bd), None)
        if patch is not None and patch not in found:
            found.append(patch)
    return found
