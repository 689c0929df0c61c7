# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shim DMA of the emulated NPU: buffer descriptors, task queues, bursts, address patches.

Register layout (aie-registers.md §2-3; AIE2 and AIE2P agree): 16 BDs of 8 words at
``0x1D000 + 0x20*bd`` in the shim tile; word 0 is the length in 32-bit words, word 1 the low
address bits, word 2 keeps address bits [47:32] in [15:0], word 4 the burst length in [31:30],
word 7 the next-BD chain and ``Valid_BD`` bit 25. A write of ``Enable_Token_Issue[31] |
Repeat_Count[23:16] | Start_BD_ID[3:0]`` to a channel's task queue (``0x1D204 + 8*ch``, MM2S at
+0x10) queues a task; a channel reads a BD's registers when the BD starts, so rewriting a BD
affects only tasks that start later.

An S2MM channel writes its incoming stream in bursts of the BD's burst length and stops at the
BD length; bytes short of a burst wait for more data (less than one burst is never written). A
write outside the buffer the BD's address was patched into is an :class:`EmuFault`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..ir.diagnostics import Diagnostic, anchor_location, split_location

BD_BASE = 0x1D000
BD_STRIDE = 0x20
NUM_BDS = 16
CTRL_BASE = 0x1D200
S2MM, MM2S = 0, 1
DIRECTION_NAMES = ("S2MM", "MM2S")
QUEUE_DEPTH = 4
BURST_BYTES = {"aie2": (64, 128, 256), "aie2p": (64, 128, 256, 512)}


class EmuFault(Exception):
    """The emulated NPU hit something real hardware would do wrong or hang on."""

    def __init__(
        self,
        message: str,
        where: Any = None,
        notes: list[tuple[Any, str]] | None = None,
    ):
        loc = anchor_location(where)
        file, line, col = split_location(loc) if loc is not None else (None, None, None)
        self.diagnostic = Diagnostic("error", message, file, line, col)
        for n_where, n_msg in notes or []:
            nf, nl, nc = split_location(anchor_location(n_where))
            self.diagnostic.notes.append(Diagnostic("note", n_msg, nf, nl, nc))
        super().__init__(self.diagnostic.format())


def bd_word_address(bd: int, word: int) -> int:
    return BD_BASE + BD_STRIDE * bd + 4 * word


def queue_register(direction: int, channel: int) -> int:
    return CTRL_BASE + 8 * channel + (0x10 if direction == MM2S else 0) + 4


def decode_queue_register(offset: int) -> tuple[int, int] | None:
    """(direction, channel) of a shim task-queue register offset, else None."""
    for direction in (S2MM, MM2S):
        for channel in (0, 1):
            if offset == queue_register(direction, channel):
                return direction, channel
    return None


@dataclass
class Patch:
    """Where a BD's host address came from: the ``address_patch`` op and the buffer it named."""

    op: Any
    arg_idx: int
    arg_plus: int
    buffer: Any  # EmuBuffer

    def describe(self) -> str:
        return f"address_patch (arg_idx = {self.arg_idx}, arg_plus = {self.arg_plus})"


@dataclass
class BD:
    """A shim BD as a channel loads it."""

    bd_id: int
    address: int
    length: int  # bytes
    burst: int  # bytes per write burst
    next_bd: int | None  # chained BD, if Use_Next_BD
    patch: Patch | None
    step: int  # bytes added per task repetition (iteration stepsize), 0 = none
    wrap: int  # iteration wrap


@dataclass
class Task:
    start_bd: int
    repeat: int  # total executions (Repeat_Count + 1)
    token: bool
    op: Any  # the op that queued it (for diagnostics)


@dataclass
class Active:
    task: Task
    bd: BD
    iteration: int
    done_runs: int = 0
    written: int = 0


@dataclass
class DmaWrite:
    """One burst as it landed in device memory: for tests and for the run report."""

    col: int
    channel: int
    bd_id: int
    buffer: int
    offset: int
    length: int
    tags: list[tuple[Any, int]] = field(
        default_factory=list
    )  # (origin, bytes) of the data


class Channel:
    """One shim DMA channel: a task queue and the BD it is running."""

    def __init__(self, dma: ShimDma, col: int, direction: int, index: int) -> None:
        self.dma, self.col, self.direction, self.index = dma, col, direction, index
        self.queue: deque[Task] = deque()
        self.active: Active | None = None
        self.fifo = bytearray()
        self.fifo_tags: deque[list] = deque()  # [origin, bytes] in FIFO order
        self.tokens = 0

    @property
    def name(self) -> str:
        return f"shim ({self.col}, 0) {DIRECTION_NAMES[self.direction]} channel {self.index}"

    @property
    def busy(self) -> bool:
        return self.active is not None or bool(self.queue)

    def push(self, task: Task) -> None:
        if len(self.queue) >= QUEUE_DEPTH:
            raise EmuFault(
                f"{self.name}: task queue overflow (more than {QUEUE_DEPTH} pending tasks)",
                task.op,
            )
        self.queue.append(task)
        self._advance()

    # -- stream side (S2MM) -------------------------------------------------------------------
    def feed(self, data: bytes, origin: Any) -> None:
        """Stream data arriving at an S2MM channel (trace packets)."""
        if data:
            self.fifo += data
            self.fifo_tags.append([origin, len(data)])
            self._advance()

    def _take(self, n: int) -> tuple[bytes, list[tuple[Any, int]]]:
        chunk = bytes(self.fifo[:n])
        del self.fifo[:n]
        tags, left = [], n
        while left:
            tag = self.fifo_tags[0]
            k = min(left, tag[1])
            tags.append((tag[0], k))
            tag[1] -= k
            left -= k
            if not tag[1]:
                self.fifo_tags.popleft()
        return chunk, tags

    def _advance(self) -> None:
        """Start queued tasks and move data while there is something to do."""
        while True:
            if self.active is None:
                if not self.queue:
                    return
                task = self.queue.popleft()
                self.active = Active(
                    task, self.dma.load_bd(self.col, task.start_bd, task.op), 0
                )
            act = self.active
            if act.written == act.bd.length:
                self._bd_done()
                continue
            if self.direction == MM2S:
                self.dma.mm2s_read(self, act.bd, act.iteration, act.task.op)
                act.written = act.bd.length
                continue
            if self.dma.is_data_output(self):
                return  # filled when the design's output is due (sync or end of run)
            need = min(act.bd.burst, act.bd.length - act.written)
            if len(self.fifo) < need:
                return
            chunk, tags = self._take(need)
            self.dma.s2mm_write(self, act, chunk, tags)
            act.written += need

    def _bd_done(self) -> None:
        act = self.active
        assert act is not None
        if act.bd.next_bd is not None:
            act.bd, act.written = (
                self.dma.load_bd(self.col, act.bd.next_bd, act.task.op),
                0,
            )
            return
        act.done_runs += 1
        if act.done_runs < act.task.repeat:
            act.bd = self.dma.load_bd(self.col, act.task.start_bd, act.task.op)
            act.iteration, act.written = act.iteration + 1, 0
            return
        self.tokens += act.task.token
        self.active = None

    def complete_output(self, produce: Callable[[int], bytes]) -> None:
        """A data S2MM channel: the design writes its output into every queued task."""
        while self.active is not None or self.queue:
            if self.active is None:
                task = self.queue.popleft()
                self.active = Active(
                    task, self.dma.load_bd(self.col, task.start_bd, task.op), 0
                )
            act = self.active
            while act.written < act.bd.length:
                n = min(act.bd.burst, act.bd.length - act.written)
                self.dma.s2mm_write(self, act, produce(n), [("output", n)])
                act.written += n
            self._bd_done()

    def reset(self) -> int:
        """Drop tasks and buffered data (the array is reconfigured); returns bytes lost."""
        lost = len(self.fifo)
        self.queue.clear()
        self.active = None
        self.fifo.clear()
        self.fifo_tags.clear()
        self.tokens = 0
        return lost


class ShimDma:
    """The shim DMAs of a partition, over the NPU's register file and host memory."""

    def __init__(self, npu: Any) -> None:
        self.npu = npu
        self.channels: dict[tuple[int, int, int], Channel] = {}
        self.patches: dict[tuple[int, int], Patch] = {}
        self.writes: list[DmaWrite] = []

    def channel(self, col: int, direction: int, index: int) -> Channel:
        key = (col, direction, index)
        if key not in self.channels:
            self.channels[key] = Channel(self, col, direction, index)
        return self.channels[key]

    def is_data_output(self, ch: Channel) -> bool:
        return (
            ch.direction == S2MM
            and (ch.col, ch.index) not in self.npu.trace_destinations()
        )

    def bd_words(self, col: int, bd: int) -> list[int]:
        regs = self.npu.registers(col, 0)
        return [regs.get(bd_word_address(bd, w), 0) for w in range(8)]

    def load_bd(self, col: int, bd_id: int, op: Any) -> BD:
        w = self.bd_words(col, bd_id)
        if not (w[7] >> 25) & 1:
            raise EmuFault(
                f"shim ({col}, 0): a task starts BD {bd_id}, which is not valid (Valid_BD = 0)",
                op,
            )
        if (w[3] >> 20) & 0x3FF or (w[4] >> 20) & 0x3FF:
            raise EmuFault(
                f"shim ({col}, 0) BD {bd_id}: multi-dimensional transfers are not modelled "
                "by the emulator",
                op,
            )
        bursts = BURST_BYTES[self.npu.arch]
        enc = (w[4] >> 30) & 0x3
        if enc >= len(bursts):
            raise EmuFault(
                f"shim ({col}, 0) BD {bd_id}: burst encoding {enc} is undefined on {self.npu.arch}",
                op,
            )
        it_wrap, it_step = (w[6] >> 20) & 0x3F, w[6] & 0xFFFFF
        return BD(
            bd_id,
            ((w[2] & 0xFFFF) << 32) | (w[1] & 0xFFFFFFFC),
            4 * w[0],
            bursts[enc],
            (w[7] >> 27) & 0xF if (w[7] >> 26) & 1 else None,
            self.patches.get((col, bd_id)),
            4 * (it_step + 1) if (it_wrap or it_step) else 0,
            it_wrap + 1,
        )

    def on_bd_write(self, col: int, offset: int) -> None:
        """A BD's address word was rewritten: it no longer holds a patched address."""
        bd, word = divmod(offset - BD_BASE, BD_STRIDE)
        if word // 4 in (1, 2):
            self.patches.pop((col, bd), None)

    def patch(self, col: int, offset: int, patch: Patch) -> None:
        """Apply an ``address_patch`` as the firmware does: add the host address of the named
        buffer plus ``arg_plus`` to the 48-bit base in BD words 1-2."""
        bd, rel = divmod(offset - BD_BASE, BD_STRIDE)
        if not (0 <= bd < NUM_BDS and rel == 4):
            raise EmuFault(
                f"{patch.describe()} targets shim ({col}, 0) offset {offset:#x}, which is not "
                "a BD's address word (0x1D004 + 0x20 * bd)",
                patch.op,
            )
        regs = self.npu.registers(col, 0)
        w1, w2 = regs.get(offset, 0), regs.get(offset + 4, 0)
        base = (((w2 & 0xFFFF) << 32) | w1) + patch.buffer.address + patch.arg_plus
        regs[offset] = base & 0xFFFFFFFC
        regs[offset + 4] = (w2 & 0xFFFF0000) | ((base >> 32) & 0xFFFF)
        self.patches[(col, bd)] = patch

    def _target(
        self, ch: Channel, bd: BD, iteration: int, at: int, n: int, op: Any, verb: str
    ):
        address = bd.address + (iteration % bd.wrap) * bd.step + at
        buf = self.npu.memory.buffer_at(address)
        if bd.patch is None:
            raise EmuFault(
                f"{ch.name} BD {bd.bd_id} {verb} host address {address:#x}, but no address_patch "
                "set this BD's address: the DMA goes nowhere",
                op,
            )
        if buf is not bd.patch.buffer or not buf.contains(address, n):
            p = bd.patch.buffer
            rel = address - p.address
            raise EmuFault(
                f"{ch.name} BD {bd.bd_id} {verb} {n} bytes at offset {rel} of {p.describe()}: outside the "
                f"buffer named by its {bd.patch.describe()}",
                bd.patch.op,
                notes=[(op, "the task that ran the BD was queued here")],
            )
        return buf, address

    def s2mm_write(
        self, ch: Channel, act: Active, data: bytes, tags: list[tuple[Any, int]]
    ) -> None:
        buf, address = self._target(
            ch,
            act.bd,
            act.iteration,
            act.written,
            len(data),
            act.task.op,
            "would write",
        )
        buf.dma_write(address, data)
        self.writes.append(
            DmaWrite(
                ch.col,
                ch.index,
                act.bd.bd_id,
                buf.index,
                address - buf.address,
                len(data),
                tags,
            )
        )

    def mm2s_read(self, ch: Channel, bd: BD, iteration: int, op: Any) -> None:
        buf, address = self._target(ch, bd, iteration, 0, bd.length, op, "would read")
        for piece in buf.dma_stream(address, bd.length):
            self.npu.consume_input(piece)
