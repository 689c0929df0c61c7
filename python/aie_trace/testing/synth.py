# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Synthesize trace-lowered modules in generic form, per IR era, for tests, examples and benchmarks.

A traced design is what mlir-aie's trace lowering leaves (aie-ir.md §11, npu1 values): a core tile
traced into shim S2MM channel 1 through an ``aie.packet_flow``, and in its runtime sequence the
trace-unit register writes, the trace BD (``writebd`` BD 15, ``address_patch``, controller-id
``maskwrite32``, task-queue ``write32``), the start broadcast and, at the end, the stop broadcast.
The trace buffer is named as each era names it: E1/E2 an appended ``memref<Nxi8>`` argument and an
integer ``arg_idx`` (the host-buffer index), E3/E4 a ``buffer`` operand and ``trace_buffer``.
``trace_arg="fixed"`` gives the early E1 form (no argument; ``arg_idx = 4``), and ``"reuse"`` the
``reuse_output_buffer`` form (trace after the last data argument's bytes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import count
from typing import ClassVar

from ..analysis import tracedma

NPU1_1COL = 5
TRACE_BD, TRACE_CHANNEL = 15, 1
CORE_ROW = 2
#: the shim tile's controller id on npu1 (``aie.tile`` ``controller_id`` pkt_id 15, as
#: -aie-insert-trace-flows assigns it on a device of at most 6 rows), written into the
#: Controller_ID field [15:8] of the trace channel's DMA_S2MM_<ch>_Ctrl
SHIM_CONTROLLER_ID, CONTROLLER_ID_SHIFT, CONTROLLER_ID_MASK = 15, 8, 0xFF00
#: DMA_<dir>_<ch>_Task_Queue fields: Enable_Token_Issue [31], Repeat_Count [23:16], Start_BD_ID
TASK_ENABLE_TOKEN, TASK_REPEAT_SHIFT = 1 << 31, 16
# tile-local register offsets (aie-registers.md)
TIMER_CONTROL, EVENT_GENERATE = 0x34000, 0x34008
BROADCAST_15_A, BROADCAST_14_A = 0x3404C, 0x34048
TRACE_CONTROL0, TRACE_CONTROL1, TRACE_EVENT0, TRACE_EVENT1 = (
    0x340D0,
    0x340D4,
    0x340E0,
    0x340E4,
)
#: Timer_Control Reset_Event [14:8]; Trace_Control0 Trace_Start_Event [22:16], Trace_Stop_Event
#: [30:24]; Trace_Event0/1 hold four 8-bit event slots each
RESET_EVENT_SHIFT, TRACE_START_SHIFT, TRACE_STOP_SHIFT = 8, 16, 24
TRACE_SLOTS, SLOTS_PER_EVENT_REG = 8, 4
CORE_BROADCAST_15, CORE_BROADCAST_14, SHIM_USER_EVENT_0, SHIM_USER_EVENT_1 = (
    122,
    121,
    126,
    127,
)
#: INSTR_EVENT_0, INSTR_EVENT_1: the events a design traces unless it names its own
DEFAULT_EVENTS = (33, 34)

WRITEBD_ZERO = (
    "buffer_offset",
    "d0_size",
    "d0_stride",
    "d0_zero_after",
    "d0_zero_before",
    "d1_size",
    "d1_stride",
    "d1_zero_after",
    "d1_zero_before",
    "d2_size",
    "d2_stride",
    "d2_zero_after",
    "d2_zero_before",
    "iteration_current",
    "iteration_size",
    "iteration_stride",
    "lock_acq_enable",
    "lock_acq_id",
    "lock_acq_val",
    "lock_rel_id",
    "lock_rel_val",
    "next_bd",
    "out_of_order_id",
    "packet_id",
    "packet_type",
    "use_next_bd",
)


def _i32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def memref_bytes(type_text: str) -> int:
    """The byte size of a static memref type's text, by the rule of ``structure.element_bytes``
    (bit width rounded up to whole bytes, ``index`` 8 bytes)."""
    inner = type_text[type_text.index("<") + 1 : type_text.rindex(">")]
    *dims, elem = re.fullmatch(r"((?:\d+x)*)(\w+)", inner).groups()
    n = 1
    for d in dims[0].split("x")[:-1]:
        n *= int(d)
    bits = 64 if elem == "index" else int(elem.lstrip("uisbf"))
    return n * -(-bits // 8)


@dataclass
class Body:
    """Lines of one region with fresh SSA names, in the op forms of ``era``: the one generic-IR text
    emitter of runtime-sequence ops, for examples, benchmarks and tests."""

    era: str
    prefix: str
    lines: list[str] = field(default_factory=list)
    _n: count[int] = field(default_factory=count)
    #: the events :meth:`trace_start` traces when it is given none
    default_events: ClassVar[tuple[int, ...]] = DEFAULT_EVENTS

    def ssa(self) -> str:
        return f"%{self.prefix}{next(self._n)}"

    def const(self, value: int, type_: str = "i32") -> str:
        name = self.ssa()
        self.lines.append(
            f"{name} = arith.constant {_i32(value) if type_ == 'i32' else value} : {type_}"
        )
        return name

    @staticmethod
    def _tile(col: int | None, row: int | None) -> str:
        return "" if col is None else f"column = {col} : i32, row = {row} : i32"

    def write32(
        self, address: int, value: int, col: int | None, row: int | None
    ) -> None:
        tile = self._tile(col, row)
        if self.era == "E1":
            self.lines.append(
                f'"aiex.npu.write32"() <{{address = {address & 0xFFFFFFFF} : ui32, '
                f'{tile + ", " if tile else ""}value = {value & 0xFFFFFFFF} : ui32}}> : () -> ()'
            )
        else:
            a, v = self.const(address), self.const(value)
            self.lines.append(
                f'"aiex.npu.write32"({a}, {v}) <{{{tile}}}> : (i32, i32) -> ()'
            )

    def maskwrite32(
        self, address: int, value: int, mask: int, col: int, row: int
    ) -> None:
        if self.era == "E1":
            self.lines.append(
                f'"aiex.npu.maskwrite32"() <{{address = {address} : ui32, column = {col} : i32, '
                f"mask = {mask} : ui32, row = {row} : i32, value = {value} : ui32}}> : () -> ()"
            )
        else:
            a, v, m = self.const(address), self.const(value), self.const(mask)
            self.lines.append(
                f'"aiex.npu.maskwrite32"({a}, {v}, {m}) <{{column = {col} : i32, row = {row} : i32}}> '
                ": (i32, i32, i32) -> ()"
            )

    def writebd(
        self,
        col: int,
        bd: int,
        nbytes: int,
        packet: bool = True,
        burst: int = 64,
        valid: int = 1,
    ) -> None:
        fields = {f: 0 for f in WRITEBD_ZERO}
        fields.update(
            bd_id=bd,
            buffer_length=nbytes // 4,
            column=col,
            enable_packet=int(packet),
            row=0,
            valid_bd=valid,
            burst_length=burst,
        )
        text = ", ".join(f"{k} = {v} : i32" for k, v in sorted(fields.items()))
        self.lines.append(f'"aiex.npu.writebd"() <{{{text}}}> : () -> ()')

    def push_queue(
        self, col: int, direction: int, channel: int, bd: int, repeat: int = 0
    ) -> None:
        attrs = f"channel = {channel} : i32, column = {col} : i32, direction = {direction} : i32, issue_token = true"
        if self.era == "E1":
            self.lines.append(
                f'"aiex.npu.push_queue"() <{{bd_id = {bd} : i32, {attrs}, repeat_count = {repeat} : i32, '
                "row = 0 : i32}> : () -> ()"
            )
        else:
            r, b = self.const(repeat), self.const(bd)
            self.lines.append(
                f'"aiex.npu.push_queue"({r}, {b}) <{{{attrs}, row = 0 : i32}}> : (i32, i32) -> ()'
            )

    def sync(self, col: int, direction: int, channel: int) -> None:
        fields = {
            "column": col,
            "row": 0,
            "direction": direction,
            "channel": channel,
            "column_num": 1,
            "row_num": 1,
        }
        if self.era == "E1":
            text = ", ".join(f"{k} = {v} : i32" for k, v in sorted(fields.items()))
            self.lines.append(f'"aiex.npu.sync"() <{{{text}}}> : () -> ()')
        else:
            names = [
                self.const(fields[k])
                for k in (
                    "column",
                    "row",
                    "direction",
                    "channel",
                    "column_num",
                    "row_num",
                )
            ]
            self.lines.append(
                f'"aiex.npu.sync"({", ".join(names)}) : ({", ".join(["i32"] * 6)}) -> ()'
            )

    def address_patch(
        self,
        addr: int,
        arg_plus: int,
        arg_idx: int | None = None,
        buffer: tuple[str, str] | None = None,
    ) -> None:
        if self.era == "E1":
            self.lines.append(
                f'"aiex.npu.address_patch"() <{{addr = {addr} : ui32, arg_idx = {arg_idx} : i32, '
                f"arg_plus = {arg_plus} : i32}}> : () -> ()"
            )
            return
        p = self.const(arg_plus)
        if self.era == "E2":
            self.lines.append(
                f'"aiex.npu.address_patch"({p}) <{{addr = {addr} : ui32, arg_idx = {arg_idx} : i32}}> '
                ": (i32) -> ()"
            )
        elif buffer is not None:
            self.lines.append(
                f'"aiex.npu.address_patch"({p}, {buffer[0]}) <{{addr = {addr} : ui32, '
                f"operandSegmentSizes = array<i32: 0, 1, 1>}}> : (i32, {buffer[1]}) -> ()"
            )
        else:
            self.lines.append(
                f'"aiex.npu.address_patch"({p}) <{{addr = {addr} : ui32, arg_idx = {arg_idx} : i32, '
                "operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()"
            )

    def start_task(
        self,
        col: int,
        direction: int,
        channel: int,
        bd: int,
        repeat: int = 0,
        token: bool = True,
    ) -> None:
        """A write of shim ``col``'s task queue for ``channel`` in ``direction`` that starts BD
        ``bd`` (``repeat`` more times; with a completion token unless ``token`` is false).
        """
        value = (TASK_ENABLE_TOKEN if token else 0) | (repeat << TASK_REPEAT_SHIFT) | bd
        self.write32(tracedma.task_queue_offset(channel, direction), value, col, 0)

    def trace_start(
        self,
        core: tuple[int, int],
        shim_col: int,
        bd: int,
        channel: int,
        nbytes: int,
        pkt_id: int,
        events: tuple[int, ...] | None = None,
        *,
        arg_idx: int | None = None,
        arg_plus: int = 0,
        buffer: tuple[str, str] | None = None,
    ) -> None:
        """What -aie-insert-trace-flows and -aie-inline-trace-config leave at the start of a
        sequence for the core trace unit of tile ``core`` draining into S2MM ``channel`` of shim
        ``shim_col``: the core timer reset on BROADCAST_15, trace control (start on BROADCAST_15,
        stop on BROADCAST_14, packet ``pkt_id``), the event slots (``events``, else the body's
        ``default_events``; the rest 0), the
        trace BD ``bd`` of ``nbytes`` with its ``address_patch`` (``arg_idx`` or ``buffer``, at
        ``arg_plus``), the channel's controller id, the task start, and the shim's timer reset,
        BROADCAST_15 and USER_EVENT_1 that start the trace."""
        col, row = core
        events = self.default_events if events is None else tuple(events)
        slots = events + (0,) * (TRACE_SLOTS - len(events))
        self.write32(TIMER_CONTROL, CORE_BROADCAST_15 << RESET_EVENT_SHIFT, col, row)
        self.write32(
            TRACE_CONTROL0,
            (CORE_BROADCAST_14 << TRACE_STOP_SHIFT)
            | (CORE_BROADCAST_15 << TRACE_START_SHIFT),
            col,
            row,
        )
        self.write32(TRACE_CONTROL1, pkt_id, col, row)
        for reg, first in ((TRACE_EVENT0, 0), (TRACE_EVENT1, SLOTS_PER_EVENT_REG)):
            group = slots[first : first + SLOTS_PER_EVENT_REG]
            self.write32(reg, sum(e << (8 * i) for i, e in enumerate(group)), col, row)
        self.writebd(shim_col, bd, nbytes)
        self.address_patch(
            tracedma.bd_address_word(shim_col, bd),
            arg_plus,
            arg_idx=arg_idx,
            buffer=buffer,
        )
        self.maskwrite32(
            tracedma.DMA_CTRL_BASE + 8 * channel,
            SHIM_CONTROLLER_ID << CONTROLLER_ID_SHIFT,
            CONTROLLER_ID_MASK,
            shim_col,
            0,
        )
        self.start_task(shim_col, tracedma.S2MM, channel, bd)
        self.write32(TIMER_CONTROL, SHIM_USER_EVENT_1 << RESET_EVENT_SHIFT, shim_col, 0)
        self.write32(BROADCAST_15_A, SHIM_USER_EVENT_1, shim_col, 0)
        self.write32(EVENT_GENERATE, SHIM_USER_EVENT_1, shim_col, 0)

    def trace_stop(self, shim_col: int) -> None:
        """What -aie-insert-trace-flows leaves at the end of a sequence: shim ``shim_col``
        broadcasts USER_EVENT_0 on BROADCAST_14, which stops the trace units, and generates it.
        """
        self.write32(BROADCAST_14_A, SHIM_USER_EVENT_0, shim_col, 0)
        self.write32(EVENT_GENERATE, SHIM_USER_EVENT_0, shim_col, 0)


@dataclass
class Design:
    """One traced (or untraced, ``trace_bytes = 0``) design: an ``aie.device`` with one sequence."""

    device: str
    sequence: str
    data: tuple[str, ...] = ("memref<64xi32>",)
    trace_bytes: int = 8192
    events: tuple[int, ...] = DEFAULT_EVENTS
    pkt_id: int = 1
    col: int = 0
    trace_arg: str = "appended"  # appended | fixed | reuse
    #: lines placed after the trace start (``configure``/``run`` text from :func:`configure`)
    body: list[str] = field(default_factory=list)
    #: extra ops of the device (e.g. other sequences)
    extra: list[str] = field(default_factory=list)
    #: how the first data argument is read: "memcpy" (``dma_memcpy_nd``, before DMA lowering) or
    #: "bd" (already lowered: ``writebd`` BD 0, an ``address_patch``, an MM2S task start; the patch
    #: names the buffer by integer ``arg_idx`` in E1/E2 and by its ``buffer`` operand in E3/E4),
    #: or "bd-arg-idx" (the same with an integer ``arg_idx`` in every era)
    data_io: str = "memcpy"

    def args(self, era: str) -> list[str]:
        extra = (
            [f"memref<{self.trace_bytes}xi8>"]
            if self.trace_bytes and self.trace_arg == "appended"
            else []
        )
        return list(self.data) + extra

    def text(self, era: str) -> str:
        args = self.args(era)
        b = Body(era, f"{self.sequence}_")
        traced = bool(self.trace_bytes)
        if traced:
            self._trace_start(b, args)
        b.lines.extend(self.body)
        if self.data and self.data[0].startswith("memref") and self.data_io != "memcpy":
            nbytes = memref_bytes(self.data[0])
            b.writebd(self.col, 0, nbytes, packet=False)
            # E3/E4 name the buffer by SSA operand, as the DMA lowering there does, so verbatim
            # inlining maps it and -aie-resolve-address-patch-buffers writes arg_idx afterwards
            b.address_patch(
                tracedma.bd_address_word(self.col, 0),
                0,
                arg_idx=0,
                buffer=(
                    ("%arg0", self.data[0])
                    if era in ("E3", "E4") and self.data_io == "bd"
                    else None
                ),
            )
            b.start_task(self.col, tracedma.MM2S, 0, 0)
            b.sync(self.col, tracedma.MM2S, 0)
        elif self.data and self.data[0].startswith("memref"):
            b.lines.append(
                f'"aiex.npu.dma_memcpy_nd"(%arg0) <{{id = 0 : i64, metadata = @{self.sequence}_in, '
                "operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, "
                f"static_sizes = array<i64: 1, 1, 1, {self._elems(self.data[0])}>, "
                f"static_strides = array<i64: 0, 0, 0, 1>}}> : ({self.data[0]}) -> ()"
            )
            b.lines.append(
                f'"aiex.npu.dma_wait"() <{{symbol = @{self.sequence}_in}}> : () -> ()'
            )
        if traced:
            b.trace_stop(self.col)
        attrs = f'sym_name = "{self.sequence}"'
        if traced and era in ("E3", "E4"):
            ta = len(args) - 1  # the appended argument, or the output it shares
            offset = 0 if self.trace_arg == "appended" else memref_bytes(args[-1])
            dedicated = "true" if self.trace_arg == "appended" else "false"
            attrs += (
                f", trace_buffer = #aie.trace_buffer<arg_index = {ta}, offset = {offset}, "
                f"size = {self.trace_bytes}, dedicated = {dedicated}>"
            )
        sig = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args))
        tiles = [
            f'%{self.device}_shim = "aie.tile"() <{{col = {self.col} : i32, row = 0 : i32}}> : () -> index',
            f'%{self.device}_core = "aie.tile"() <{{col = {self.col} : i32, row = {CORE_ROW} : i32}}> : () -> index',
        ]
        if self.data and self.data[0].startswith("memref") and self.data_io == "memcpy":
            tiles.append(
                f'"aie.shim_dma_allocation"(%{self.device}_shim) <{{channel_dir = 1 : i32, '
                f'channel_index = 0 : i64, sym_name = "{self.sequence}_in"}}> : (index) -> ()'
            )
        if traced:
            tiles += trace_flow(
                f"%{self.device}_core", f"%{self.device}_shim", self.pkt_id
            )
        seq = (
            [f'"aie.runtime_sequence"() <{{{attrs}}}> ({{', f"^bb0({sig}):"]
            + [f"  {x}" for x in b.lines]
            + ["}) : () -> ()"]
        )
        return device(self.device, tiles + seq + self.extra)

    @staticmethod
    def _elems(t: str) -> int:
        inner = t[t.index("<") + 1 : t.rindex(">")]
        n = 1
        for d in inner.split("x")[:-1]:
            n *= int(d)
        return n

    def _trace_start(self, b: Body, args: list[str]) -> None:
        """The trace start of this design's sequence, its BD patched to the trace buffer as
        ``trace_arg`` and the era name it."""
        memrefs = [t for t in args if t.startswith("memref")]
        last = (f"%arg{len(args) - 1}", args[-1])
        arg_plus = memref_bytes(args[-1]) if self.trace_arg == "reuse" else 0
        if self.trace_arg == "fixed":
            target = {"arg_idx": 4}
        elif b.era in ("E3", "E4"):
            target = {"buffer": last}
        else:
            target = {"arg_idx": len(memrefs) - 1}
        b.trace_start(
            (self.col, CORE_ROW),
            self.col,
            TRACE_BD,
            TRACE_CHANNEL,
            self.trace_bytes,
            self.pkt_id,
            self.events,
            arg_plus=arg_plus,
            **target,
        )


def trace_flow(
    core: str, shim: str, pkt_id: int, channel: int = TRACE_CHANNEL
) -> list[str]:
    """The ``aie.packet_flow`` -aie-insert-trace-flows adds for a core trace: packet ``pkt_id``
    from the ``Trace`` port 0 of tile ``core`` to S2MM ``channel`` of shim ``shim`` (SSA names),
    its packet header kept."""
    return [
        f'"aie.packet_flow"() <{{ID = {pkt_id} : i8, keep_pkt_header = true}}> ({{',
        f'  "aie.packet_source"({core}) <{{bundle = {tracedma.BUNDLE_TRACE} : i32, channel = 0 : i32}}> '
        ": (index) -> ()",
        f'  "aie.packet_dest"({shim}) <{{bundle = {tracedma.BUNDLE_DMA} : i32, channel = {channel} : i32}}> '
        ": (index) -> ()",
        '  "aie.end"() : () -> ()',
        "}) : () -> ()",
    ]


def device(name: str, lines: list[str], kind: int = NPU1_1COL) -> str:
    inner = "\n".join(f"  {x}" for x in lines)
    return (
        f'"aie.device"() <{{device = {kind} : i32, sym_name = "{name}"}}> ({{\n{inner}\n'
        '  "aie.end"() : () -> ()\n}) : () -> ()'
    )


def sequence(
    name: str,
    args: list[str],
    body: list[str],
    attrs: str = "",
    *,
    names: list[str] | None = None,
    discardable: str = "",
) -> list[str]:
    """An ``aie.runtime_sequence`` taking ``args`` (types; block arguments ``names``, by default
    ``%arg0``...), with more inherent ``attrs`` and a ``discardable`` attribute dictionary.
    """
    names = names or [f"%arg{i}" for i in range(len(args))]
    sig = ", ".join(f"{n}: {t}" for n, t in zip(names, args, strict=True))
    extra = f", {attrs}" if attrs else ""
    tail = f" {{{discardable}}}" if discardable else ""
    return (
        [
            f'"aie.runtime_sequence"() <{{sym_name = "{name}"{extra}}}> ({{',
            f"^bb0({sig}):",
        ]
        + [f"  {x}" for x in body]
        + [f"}}){tail} : () -> ()"]
    )


def configure(dev: str, runs: list[str]) -> list[str]:
    return (
        [f'"aiex.configure"() <{{symbol = @{dev}}}> ({{']
        + [f"  {r}" for r in runs]
        + ["}) : () -> ()"]
    )


def run(seq: str, operands: list[str], types: list[str]) -> str:
    return (
        f'"aiex.run"({", ".join(operands)}) <{{runtime_sequence_symbol = @{seq}}}> '
        f': ({", ".join(types)}) -> ()'
    )


def module(*parts: str) -> str:
    inner = "\n".join("  " + line for p in parts for line in p.splitlines())
    return f"module {{\n{inner}\n}}\n"


def two_designs(era: str, data_io: str = "bd") -> str:
    """The bundled example: ``@main_seq`` runs ``@dev_a:@seq_a``, ``@dev_b:@seq_b``, then
    ``@dev_a:@seq_a`` again (alternating, so no two runs of one device are back-to-back).
    ``data_io`` as :class:`Design` takes it (``"bd-arg-idx"``: integer data patches in every era,
    which the fuse rebases through callee copies).
    """
    a = Design("dev_a", "seq_a", events=(33, 34), pkt_id=1, data_io=data_io)
    b = Design(
        "dev_b",
        "seq_b",
        trace_bytes=4096,
        events=(33, 34, 37),
        pkt_id=2,
        data_io=data_io,
    )
    i64 = "memref<64xi32>"
    body = (
        configure("dev_a", [run("seq_a", ["%arg0"], [i64])])
        + configure("dev_b", [run("seq_b", ["%arg1"], [i64])])
        + configure("dev_a", [run("seq_a", ["%arg0"], [i64])])
    )
    header = (
        f"// Two traced designs run by one dispatched sequence, @dev_a twice (IR era {era}), as mlir-aie's\n"
        "// trace lowering leaves them. Fuse the trace buffers, check and verify:\n"
        f"//   aie-trace-opt examples/two_designs_{era.lower()}.mlir -aie-trace-fuse-buffers \\\n"
        "//     -aie-trace-check-ir -aie-trace-verify-patches\n"
        "// Generated by aie_trace.testing.synth.two_designs; test/unit/test_fuse_examples.py keeps it in sync.\n"
    )
    return header + module(
        device("main", sequence("main_seq", [i64, i64], body)), a.text(era), b.text(era)
    )
