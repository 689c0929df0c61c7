# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lowered designs for the emulator tests, written as mlir-aie's trace lowering emits them.

``Seq`` writes runtime-sequence ops in the generic form of one IR era (E1 attributes, E2 SSA
operands, E3/E4 ``address_patch`` with ``operandSegmentSizes`` and a ``buffer`` operand) through
``synth.Body``, whose ``trace_start``/``trace_stop`` write the registers aie-insert-trace-flows
and aie-inline-trace-config do for npu1 (core trace on BROADCAST_15/14, shim USER_EVENT_1/0,
trace BD 15 on S2MM channel 1). test/unit/test_emu_designs.py checks that every
design built here passes the schema check in its era, so the emulator tests run on IR a real
``aie-opt`` would accept.
"""

from __future__ import annotations

import itertools

from aie_trace.analysis import tracedma
from aie_trace.ir.structure import ir, make_context
from aie_trace.testing import synth

ERAS = ("E1", "E2", "E3", "E4")
_ids = itertools.count()

#: INSTR_EVENT_0/1, INSTR_VECTOR, LOCK_STALL, PORT_RUNNING_0
SLOTS = (33, 34, 37, 26, 75)


class Seq(synth.Body):
    """Generic-form runtime-sequence ops in one era: ``synth.Body``'s emitter, its trace start and
    stop included, with the call shapes these tests use."""

    #: the events these designs trace unless a call names its own
    default_events = SLOTS

    def __init__(self, era: str) -> None:
        super().__init__(era, f"c{next(_ids)}_")

    def write32(
        self, address: int, value: int, col: int | None = None, row: int | None = None
    ) -> None:
        super().write32(address, value, col, row)

    def patch(
        self,
        col: int,
        bd: int,
        arg_idx: int | None = None,
        arg_plus: int = 0,
        buffer: tuple[str, str] | None = None,
    ) -> None:
        self.address_patch(
            tracedma.bd_address_word(col, bd),
            arg_plus,
            arg_idx=arg_idx,
            buffer=buffer,
        )

    def data(
        self,
        col: int,
        in_idx: int | None,
        out_idx: int | None,
        nbytes: int,
        in_buf: tuple[str, str] | None = None,
        out_buf: tuple[str, str] | None = None,
    ) -> None:
        """One input transfer (MM2S ch 0, BD 0) and one output transfer (S2MM ch 0, BD 1), awaited."""
        self.writebd(col, 0, nbytes, packet=False, burst=256)
        self.patch(col, 0, in_idx, 0, in_buf)
        self.push_queue(col, 1, 0, 0)
        self.writebd(col, 1, nbytes, packet=False, burst=256)
        self.patch(col, 1, out_idx, 0, out_buf)
        self.push_queue(col, 0, 0, 1)
        self.sync(col, 0, 0)

    def text(self, indent: str = "    ") -> str:
        return "\n".join(indent + line for line in self.lines)


def device(
    name: str,
    body: str,
    *,
    core: tuple[int, int] = (0, 2),
    pkt_id: int = 1,
    channel: int = 1,
    enum: int = 5,
    traced: bool = True,
) -> str:
    t = next(_ids)
    lines = [
        f'%shim{t} = "aie.tile"() <{{col = 0 : i32, row = 0 : i32}}> : () -> index',
        f'%core{t} = "aie.tile"() <{{col = {core[0]} : i32, row = {core[1]} : i32}}> : () -> index',
    ]
    if traced:
        lines += synth.trace_flow(f"%core{t}", f"%shim{t}", pkt_id, channel)
    return synth.device(name, lines + body.splitlines(), kind=enum)


def sequence(
    name: str,
    args: list[tuple[str, str]],
    body: str,
    attrs: str = "",
    discardable: str = "",
) -> str:
    return "\n".join(
        synth.sequence(
            name,
            [t for _, t in args],
            body.splitlines(),
            attrs,
            names=[n for n, _ in args],
            discardable=discardable,
        )
    )


def trace_buffer_record(
    era: str,
    arg_index: int,
    size: int,
    slices: list[tuple[str, int]] | None = None,
    paths: list[str] | None = None,
) -> tuple[str, str]:
    """(inherent, discardable) attribute text of a layout record in the spelling of ``era``."""
    inherent, discardable = [], []
    if era in ("E3", "E4"):
        inherent.append(
            f"trace_buffer = #aie.trace_buffer<arg_index = {arg_index}, offset = 0, size = {size}, "
            "dedicated = true>"
        )
        if slices is not None:
            inherent.append(
                "trace_slices = ["
                + ", ".join(
                    f'#aie.trace_slice<device = "{d}", sequence = "seq", offset = {o}, size = {n}>'
                    for d, o, n in slices
                )
                + "]"
            )
    else:
        discardable.append(
            f"aie_trace.trace_buffer = {{arg_index = {arg_index} : i64, offset = 0 : i64, "
            f"size = {size} : i64, dedicated = true}}"
        )
        if slices is not None:
            discardable.append(
                "aie_trace.trace_slices = ["
                + ", ".join(
                    f'{{device = "{d}", sequence = "seq", offset = {o} : i64, size = {n} : i64}}'
                    for d, o, n in slices
                )
                + "]"
            )
    if paths is not None:
        discardable.append(
            "aie_trace.slice_paths = [" + ", ".join(f'"{p}"' for p in paths) + "]"
        )
    return ", ".join(inherent), ", ".join(discardable)


def traced_callee(
    era: str, name: str = "seq_a", nbytes: int = 256, size: int = 8192
) -> str:
    """A design's sequence (in, out, trace) as trace lowering leaves it: trace BD 15 patched to its
    own trace argument (block argument 2, host buffer 2)."""
    s = Seq(era)
    trace = ("%tr", f"memref<{size}xi8>")
    s.trace_start(
        (0, 2),
        0,
        15,
        1,
        size,
        1,
        arg_idx=2,
        buffer=trace if era in ("E3", "E4") else None,
    )
    s.data(
        0,
        0,
        1,
        nbytes,
        ("%in", f"memref<{nbytes // 4}xi32>"),
        ("%out", f"memref<{nbytes // 4}xi32>"),
    )
    s.trace_stop(0)
    args = [
        ("%in", f"memref<{nbytes // 4}xi32>"),
        ("%out", f"memref<{nbytes // 4}xi32>"),
        trace,
    ]
    return sequence(name, args, s.text(), *trace_buffer_record(era, 2, size))


def parse(text: str):
    with make_context() as ctx:
        module = ir.Module.parse(text)
    return ctx, module


def as_module(*ops: str) -> str:
    return synth.module(*ops)


def single_design(era: str, nbytes: int = 256, size: int = 8192) -> str:
    """One traced design dispatched directly (the plain xclbin flow)."""
    return as_module(device("dev_a", traced_callee(era, nbytes=nbytes, size=size)))


# -- two designs behind one dispatched sequence ----------------------------------------------------

DESIGN_TILES = {
    "dev_a": ((0, 2), 1),
    "dev_b": ((0, 3), 2),
}  # core tile and packet id per design


def design_sequence(
    era: str,
    name: str,
    seq_name: str,
    nbytes: int,
    size: int,
    *,
    materialized_patch=None,
) -> Seq:
    """The ops of one traced design's sequence. ``materialized_patch = (arg_idx, arg_plus)`` gives
    the resolved trace patch of an inlined copy (E3/E4 resolve ``buffer`` to ``arg_idx``).
    """
    core, pkt = DESIGN_TILES[name]
    s = Seq(era)
    if materialized_patch is None:
        trace = ("%tr", f"memref<{size}xi8>")
        s.trace_start(
            core,
            0,
            15,
            1,
            size,
            pkt,
            arg_idx=2,
            buffer=trace if era in ("E3", "E4") else None,
        )
        s.data(
            0,
            0,
            1,
            nbytes,
            ("%in", f"memref<{nbytes // 4}xi32>"),
            ("%out", f"memref<{nbytes // 4}xi32>"),
        )
    else:
        s.trace_start(
            core,
            0,
            15,
            1,
            size,
            pkt,
            arg_idx=materialized_patch[0],
            arg_plus=materialized_patch[1],
        )
        s.data(0, 0, 1, nbytes)
    s.trace_stop(0)
    return s


def traced_device(era: str, name: str, nbytes: int, size: int) -> str:
    core, pkt = DESIGN_TILES[name]
    s = design_sequence(era, name, "seq", nbytes, size)
    args = [
        ("%in", f"memref<{nbytes // 4}xi32>"),
        ("%out", f"memref<{nbytes // 4}xi32>"),
        ("%tr", f"memref<{size}xi8>"),
    ]
    return device(
        name,
        sequence("seq", args, s.text(), *trace_buffer_record(era, 2, size)),
        core=core,
        pkt_id=pkt,
    )


def multi_design_module(
    era: str,
    calls: tuple[str, ...] = ("dev_a", "dev_b", "dev_a"),
    *,
    form: str = "fused",
    nbytes: int = 256,
    size: int = 8192,
    scratch: bool = False,
) -> str:
    """``@main:@main_seq`` running ``calls`` in order, one configure each.

    form: ``fused`` (un-materialized; each run gets a window of one fused trace argument; E3/E4),
    ``unfused`` (un-materialized as IRON emitted it before the fix: runs pass no trace buffer),
    ``materialized`` (``load_pdi`` + inlined ops with resolved patches, every era)."""
    data = [
        ("%in", f"memref<{nbytes // 4}xi32>"),
        ("%out", f"memref<{nbytes // 4}xi32>"),
    ]
    if scratch:
        data.append(("%scratch", f"memref<{size}xi8>"))
    total = f"memref<{size * len(calls)}xi8>"
    lines: list[str] = []
    if form == "materialized":
        for k, dev in enumerate(calls):
            lines.append(f'"aiex.npu.load_pdi"() <{{device_ref = @{dev}}}> : () -> ()')
            lines.extend(
                design_sequence(
                    era,
                    dev,
                    "seq",
                    nbytes,
                    size,
                    materialized_patch=(len(data), k * size),
                ).lines
            )
        args = data + [("%trace", total)]
    else:
        for k, dev in enumerate(calls):
            operands = [n for n, _ in data[:2]]
            types = [t for _, t in data[:2]]
            if form == "fused":
                lines.append(
                    f"%sv{k} = memref.subview %trace[{k * size}] [{size}] [1] : {total} to "
                    f"memref<{size}xi8, strided<[1], offset: {k * size}>>"
                )
                lines.append(
                    f"%rc{k} = memref.reinterpret_cast %sv{k} to offset: [0], sizes: [{size}], strides: [1] "
                    f": memref<{size}xi8, strided<[1], offset: {k * size}>> to memref<{size}xi8>"
                )
                operands.append(f"%rc{k}")
                types.append(f"memref<{size}xi8>")
            lines.extend(synth.configure(dev, [synth.run("seq", operands, types)]))
        args = data + ([("%trace", total)] if form == "fused" else [])
    record = ("", "")
    if form != "unfused":
        record = trace_buffer_record(
            era,
            len(data),
            size * len(calls),
            [(d, k * size, size) for k, d in enumerate(calls)],
            [str(k) for k in range(len(calls))],
        )
    main = device(
        "main",
        sequence("main_seq", args, "\n".join("    " + ln for ln in lines), *record),
        traced=False,
    )
    return as_module(
        main, *[traced_device(era, d, nbytes, size) for d in sorted(set(calls))]
    )
