# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated NPU running lowered runtime sequences: trace routing, DMA faults, design reloads,
host-buffer discipline, and agreement between the materialized and configure/run forms.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from emu_designs import (
    ERAS,
    Seq,
    as_module,
    device,
    multi_design_module,
    parse,
    sequence,
    single_design,
)

from aie_trace.emu import npu as emu
from aie_trace.emu.dma import EmuFault, Patch, Task
from aie_trace.emu.memory import STALE_BYTE, EmuBuffer, HostMemory
from aie_trace.ir import fields as ir_fields
from aie_trace.ir import structure
from aie_trace.ir.provider import ir
from aie_trace.trace import stream

SIZE, NBYTES = 8192, 256


def find_seq(module, dev: str, seq: str):
    d = next(
        d
        for d in structure.devices(module.operation)
        if structure.symbol_name(d) == dev
    )
    return next(s for s in structure.sequences(d) if structure.symbol_name(s) == seq)


def dispatch(
    text: str,
    sizes: list[int],
    kernel=("main", "main_seq"),
    *,
    skip_sync=(),
    inputs=None,
):
    """Run like a host: fill, sync to device (unless skipped), run, sync back."""
    ctx, module = parse(text)
    with ctx:
        bufs = [EmuBuffer(i, n) for i, n in enumerate(sizes)]
        for b in bufs:
            data = (inputs or {}).get(b.index)
            b.write(data if data is not None else bytes(b.nbytes))
            if b.index not in skip_sync:
                b.sync_to_device()
        result = emu.run(module.operation, find_seq(module, *kernel), HostMemory(bufs))
        for b in bufs:
            b.sync_from_device()
    return result, bufs


def line_of(text: str, pattern: str, nth: int = 0) -> int:
    lines = [i + 1 for i, ln in enumerate(text.splitlines()) if re.search(pattern, ln)]
    return lines[nth]


def decoded(data) -> dict:
    """Intervals per stream; a command cut off where the DMA stopped writing is expected."""
    r = stream.decode_buffer(np.asarray(data))
    assert [a.kind for a in r.anomalies if a.kind != "truncated_command"] == []
    return {tuple(k): sorted(s.intervals()) for k, s in r.streams.items()}


def truth(sessions) -> dict:
    """What reached memory of these sessions, per stream (sorted: sessions restart the timer)."""
    out: dict = {}
    for s in sessions:
        for key, intervals in s.landed().items():
            out.setdefault(key, []).extend(intervals)
    return {k: sorted(v) for k, v in out.items()}


@pytest.mark.parametrize("era", ERAS)
def test_single_design_trace_decodes_to_ground_truth(era):
    result, (inp, out, trace) = dispatch(
        single_design(era), [NBYTES, NBYTES, SIZE], ("dev_a", "seq_a")
    )
    (session,) = result.sessions
    assert (session.design, session.index, session.path) == ("dev_a", 0, "")
    assert decoded(trace.host) == truth([session]) and session.units[0].events
    packets = len(session.units[0].packets)
    assert session.landed_bytes() == 32 * (
        packets - packets % 2
    )  # whole 64-byte bursts only
    assert not (out.host == 0).all() and not (out.host == STALE_BYTE).all()
    assert (
        all("never reached memory" in w for w in result.warnings)
        and result.evicted == {}
    )


@pytest.mark.parametrize("era", ERAS)
def test_each_fused_slice_holds_exactly_its_own_calls_events(era):
    calls = ("dev_a", "dev_b", "dev_a")
    forms = ["materialized"] + (["fused"] if era in ("E3", "E4") else [])
    buffers = {}
    for form in forms:
        result, bufs = dispatch(
            multi_design_module(era, calls, form=form), [NBYTES, NBYTES, SIZE * 3]
        )
        assert [s.key for s in result.sessions] == ["dev_a#0", "dev_b#0", "dev_a#1"]
        expected_paths = ["0", "1", "2"] if form == "fused" else [None] * 3
        assert [s.path for s in result.sessions] == expected_paths
        for k, session in enumerate(result.sessions):
            assert decoded(bufs[2].host[k * SIZE : (k + 1) * SIZE]) == truth([session])
            assert all(
                SIZE * k <= off and off + n <= SIZE * (k + 1)
                for places in session.placements.values()
                for _, off, n in places
            )
        assert all(
            "never reached memory (less than one burst" in w for w in result.warnings
        )
        buffers[form] = [b.host.copy() for b in bufs]
    if len(buffers) == 2:  # materialization does not change what the NPU does
        assert all(
            (a == b).all()
            for a, b in zip(buffers["fused"], buffers["materialized"], strict=True)
        )


def test_streams_of_two_designs_come_from_their_own_tiles():
    result, bufs = dispatch(
        multi_design_module("E4", ("dev_a", "dev_b")), [NBYTES, NBYTES, SIZE * 2]
    )
    assert set(decoded(bufs[2].host[:SIZE])) == {(0, 0, 2)}
    assert set(decoded(bufs[2].host[SIZE:])) == {(0, 0, 3)}


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_unfused_callee_patch_reads_the_wrappers_arguments_and_writes_nowhere(era):
    text = multi_design_module(era, ("dev_a", "dev_b"), form="unfused")
    with pytest.raises(EmuFault) as e:
        dispatch(text, [NBYTES, NBYTES])
    d = e.value.diagnostic
    assert (
        "address_patch names host buffer 2, but the dispatch binds 2 host buffer(s)"
        in d.message
    )
    # the patch inside the callee, read verbatim against @main_seq's two buffers
    assert d.line == line_of(text, r'"aiex.npu.address_patch".*arg_idx = 2')


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_unfused_callee_with_a_third_wrapper_buffer_traces_into_it(era):
    text = multi_design_module(era, ("dev_a", "dev_b"), form="unfused", scratch=True)
    result, bufs = dispatch(text, [NBYTES, NBYTES, SIZE])
    # both designs' traces land in the scratch buffer, each run overwriting from offset 0
    assert {
        b for w in result.writes if w.tags[0][0] != "output" for b in [w.buffer]
    } == {2}
    assert decoded(bufs[2].host) == truth(result.sessions[1:])


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_unfused_callee_trace_buffer_operand_resolves_to_nothing(era):
    text = multi_design_module(era, ("dev_a", "dev_b"), form="unfused")
    with pytest.raises(EmuFault, match="does not resolve to a host buffer") as e:
        dispatch(text, [NBYTES, NBYTES])
    assert e.value.diagnostic.line == line_of(
        text, r'"aiex.npu.address_patch".*array<i32: 0, 1, 1>'
    )


def test_back_to_back_runs_of_one_design_share_the_first_runs_trace_task():
    result, bufs = dispatch(
        multi_design_module("E4", ("dev_a", "dev_a")), [NBYTES, NBYTES, SIZE * 2]
    )
    first, second = result.sessions
    assert (first.key, second.key, second.path) == ("dev_a#0", "dev_a#1", "1")
    # the reload reconfigured nothing: the running task kept BD 15's first address
    assert all(
        off < SIZE for places in second.placements.values() for _, off, _ in places
    )
    assert decoded(bufs[2].host[:SIZE]) == truth([first, second])
    assert (bufs[2].host[SIZE:] == 0).all()


def test_alternating_designs_reload_and_get_their_own_regions():
    result, bufs = dispatch(
        multi_design_module("E4", ("dev_a", "dev_b", "dev_a", "dev_b")),
        [NBYTES, NBYTES, SIZE * 4],
    )
    assert len(result.sessions) == 4
    for k, s in enumerate(result.sessions):
        assert decoded(bufs[2].host[k * SIZE : (k + 1) * SIZE]) == truth([s])


def test_skipping_the_pre_run_sync_of_the_trace_buffer_corrupts_it():
    text = multi_design_module("E4", ("dev_a", "dev_b"))
    good, good_bufs = dispatch(text, [NBYTES, NBYTES, SIZE * 2])
    bad, bad_bufs = dispatch(text, [NBYTES, NBYTES, SIZE * 2], skip_sync={2})
    assert good.evicted == {} and bad.evicted == {2: SIZE * 2 // 64}
    assert decoded(good_bufs[2].host[:SIZE]) == truth(good.sessions[:1])
    assert (
        decoded(bad_bufs[2].host) == {}
    )  # the zero-fill was written back over the trace


def test_outputs_depend_on_synced_inputs():
    text = single_design("E2")
    data = bytes(range(256))
    a, (_, out_a, _) = dispatch(
        text, [NBYTES, NBYTES, SIZE], ("dev_a", "seq_a"), inputs={0: data}
    )
    b, (_, out_b, _) = dispatch(
        text, [NBYTES, NBYTES, SIZE], ("dev_a", "seq_a"), inputs={0: data}
    )
    c, (_, out_c, _) = dispatch(
        text,
        [NBYTES, NBYTES, SIZE],
        ("dev_a", "seq_a"),
        inputs={0: data},
        skip_sync={0},
    )
    assert (out_a.host == out_b.host).all()
    assert not (out_a.host == out_c.host).all()  # the NPU read stale bytes


def test_trace_buffer_smaller_than_its_bd_is_an_out_of_buffer_fault():
    text = single_design("E2", size=SIZE)
    with pytest.raises(EmuFault) as e:
        dispatch(text, [NBYTES, NBYTES, 64], ("dev_a", "seq_a"))
    d = e.value.diagnostic
    assert (
        "outside the buffer named by its address_patch (arg_idx = 2, arg_plus = 0)"
        in d.message
    )
    assert "host buffer 2 'arg2' (64 bytes" in d.message
    assert d.line == line_of(text, '"aiex.npu.address_patch".*arg_idx = 2')
    assert d.notes and d.notes[0].message == "the task that ran the BD was queued here"


def _design_with(era: str, edit) -> str:
    s = Seq(era)
    s.trace_start((0, 2), 0, 15, 1, SIZE, 1, arg_idx=0)
    edit(s)
    return as_module(
        device("dev_a", sequence("seq_a", [("%tr", f"memref<{SIZE}xi8>")], s.text()))
    )


def test_bd_without_an_address_patch_goes_nowhere():
    def drop_patch(s: Seq) -> None:
        s.lines = [ln for ln in s.lines if "address_patch" not in ln]
        s.trace_stop(0)

    with pytest.raises(
        EmuFault, match="no address_patch set this BD's address: the DMA goes nowhere"
    ):
        dispatch(_design_with("E2", drop_patch), [SIZE], ("dev_a", "seq_a"))


def test_waiting_on_the_trace_channel_hangs():
    def wait_on_trace(s: Seq) -> None:
        s.trace_stop(0)
        s.sync(0, 0, 1)

    text = _design_with("E1", wait_on_trace)
    with pytest.raises(
        EmuFault,
        match="waits on shim \\(0, 0\\) S2MM channel 1 forever: its task is still running",
    ) as e:
        dispatch(text, [SIZE], ("dev_a", "seq_a"))
    assert e.value.diagnostic.line == line_of(text, '"aiex.npu.sync"')


def test_trace_unit_never_stopped_is_reported_and_its_data_not_flushed():
    result, (trace,) = dispatch(
        _design_with("E2", lambda s: None), [SIZE], ("dev_a", "seq_a")
    )
    assert result.sessions[0].units == []
    assert any("was never stopped" in w for w in result.warnings)
    assert (trace.host == 0).all()


def test_packet_id_without_a_flow_is_dropped_with_a_warning():
    s = Seq("E2")
    s.trace_start((0, 2), 0, 15, 1, SIZE, 9, arg_idx=0)
    s.trace_stop(0)
    text = as_module(
        device(
            "dev_a",
            sequence("seq_a", [("%tr", f"memref<{SIZE}xi8>")], s.text()),
            pkt_id=1,
        )
    )
    result, (trace,) = dispatch(text, [SIZE], ("dev_a", "seq_a"))
    assert any(
        "sends packet id 9 but no packet flow of @dev_a carries it" in w
        for w in result.warnings
    )
    assert (trace.host == 0).all()


def test_unmodelled_op_is_a_located_fault():
    def dma_wait(s: Seq) -> None:
        s.lines.append('"aiex.npu.dma_wait"() <{symbol = @out0}> : () -> ()')

    text = _design_with("E2", dma_wait)
    with pytest.raises(
        EmuFault, match="'aiex.npu.dma_wait' is not modelled by the emulator"
    ) as e:
        dispatch(text, [SIZE], ("dev_a", "seq_a"))
    assert e.value.diagnostic.line == line_of(text, "dma_wait")


def test_runs_in_a_loop_get_their_iteration_in_the_call_path():
    text = multi_design_module("E4", ("dev_a",))
    loop = (
        "%lb = arith.constant 0 : index\n    %ub = arith.constant 2 : index\n    %st = arith.constant 1 : index\n"
        '    "scf.for"(%lb, %ub, %st) ({\n    ^bb0(%iv: index):\n'
    )
    start = text.index('    "aiex.configure"')
    end = text.index(") : () -> ()", start) + len(") : () -> ()")
    text = (
        text[:start]
        + "    "
        + loop
        + text[start:end]
        + '\n    "scf.yield"() : () -> ()\n    }) : (index, index, index) -> ()'
        + text[end:]
    )
    result, bufs = dispatch(text, [NBYTES, NBYTES, SIZE])
    assert [(s.key, s.path) for s in result.sessions] == [
        ("dev_a#0", "0[0]"),
        ("dev_a#1", "0[1]"),
    ]
    assert decoded(bufs[2].host) == truth(result.sessions)


def test_blockwrite_programs_a_bd_like_writebd():
    text = single_design("E2")
    ref, ref_bufs = dispatch(text, [NBYTES, NBYTES, SIZE], ("dev_a", "seq_a"))
    ctx, module = parse(text)
    with ctx, ir.Location.unknown():
        seq = find_seq(module, "dev_a", "seq_a")
        wbd = next(
            op
            for op in structure.walk(seq, ["aiex.npu.writebd"])
            if ir_fields.get_int(op, "bd_id", "E2") == 15
        )
        words = emu.writebd_words(
            {a: ir_fields.get_int(wbd, a, "E2") for a in emu.WRITEBD_FIELDS}, 0
        )
        i32 = ir.IntegerType.get_signless(32)
        mtype = ir.MemRefType.get([8], i32)
        with ir.InsertionPoint.at_block_begin(module.body):
            ir.Operation.create(
                "memref.global",
                attributes={
                    "sym_name": ir.StringAttr.get("bd15"),
                    "type": ir.TypeAttr.get(mtype),
                    "initial_value": ir.DenseIntElementsAttr.get(
                        np.array(words, dtype=np.uint32).view(np.int32),
                        type=ir.RankedTensorType.get([8], i32),
                    ),
                    "constant": ir.UnitAttr.get(),
                    "sym_visibility": ir.StringAttr.get("private"),
                },
            )
        with ir.InsertionPoint(wbd):
            g = ir.Operation.create(
                "memref.get_global",
                results=[mtype],
                attributes={"name": ir.FlatSymbolRefAttr.get("bd15")},
            )
            ir.Operation.create(
                "aiex.npu.blockwrite",
                operands=[g.result],
                attributes={
                    "address": ir.IntegerAttr.get(
                        ir.IntegerType.get_unsigned(32), 0x1D000 + 0x20 * 15
                    )
                },
            )
        wbd.erase()
        bufs = [EmuBuffer(i, n) for i, n in enumerate([NBYTES, NBYTES, SIZE])]
        for b in bufs:
            b.write(bytes(b.nbytes))
            b.sync_to_device()
        result = emu.run(module.operation, seq, HostMemory(bufs))
    assert [s.key for s in result.sessions] == [s.key for s in ref.sessions]
    assert (bufs[2].device == ref_bufs[2].host).all()


class _Stub:
    """Enough of an NPU for one shim channel."""

    def __init__(self, nbytes: int):
        self.memory = HostMemory([EmuBuffer(0, nbytes)])
        self.regs: dict = {}
        self.arch = "aie2"
        self.inputs = b""

    def registers(self, col, row):
        return self.regs.setdefault((col, row), {})

    def trace_destinations(self):
        return {(0, 1)}

    def consume_input(self, data):
        self.inputs += data


def _channel(length: int, burst_enc: int = 0, nbytes: int = 4096, arg_plus: int = 0):
    from aie_trace.emu.dma import ShimDma

    npu = _Stub(nbytes)
    dma = ShimDma(npu)
    fields = dict.fromkeys(emu.WRITEBD_FIELDS, 0)
    fields.update(buffer_length=length // 4, valid_bd=1)
    for i, w in enumerate(emu.writebd_words(fields, burst_enc)):
        npu.registers(0, 0)[0x1D000 + 0x20 * 15 + 4 * i] = w
    dma.patch(
        0, 0x1D000 + 0x20 * 15 + 4, Patch(None, 0, arg_plus, npu.memory.buffers[0])
    )
    ch = dma.channel(0, 0, 1)
    ch.push(Task(15, 1, True, None))
    return npu, dma, ch


def test_s2mm_writes_whole_bursts_only():
    npu, dma, ch = _channel(length=4096)
    ch.feed(bytes(range(100)), "x")
    assert [(w.offset, w.length) for w in dma.writes] == [(0, 64)]
    ch.feed(bytes(100), "y")
    assert [(w.offset, w.length) for w in dma.writes] == [(0, 64), (64, 64), (128, 64)]
    assert dma.writes[1].tags == [("x", 36), ("y", 28)]
    assert ch.reset() == 8  # less than a burst never reaches memory


def test_s2mm_stops_at_the_bd_length_and_completes_the_task():
    npu, dma, ch = _channel(length=160, burst_enc=1)
    ch.feed(bytes(400), "x")
    assert [(w.offset, w.length) for w in dma.writes] == [(0, 128), (128, 32)]
    assert ch.tokens == 1 and not ch.busy
    assert len(ch.fifo) == 240  # waits for a next task


def test_bd_reaching_past_its_buffer_faults_before_writing_outside():
    npu, dma, ch = _channel(length=256, nbytes=4096, arg_plus=3968)
    ch.feed(bytes(128), "x")
    with pytest.raises(
        EmuFault, match="would write 64 bytes at offset 4096 of host buffer 0"
    ):
        ch.feed(bytes(64), "y")


def test_task_queue_overflow_is_a_fault():
    npu, dma, ch = _channel(length=4096)
    for _ in range(4):
        ch.push(Task(15, 1, True, None))
    with pytest.raises(EmuFault, match="task queue overflow"):
        ch.push(Task(15, 1, True, None))
