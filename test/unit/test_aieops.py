# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The typed wrappers read each field by its ODS name, alike in every IR era (an attribute in one
era, a constant operand in another), and never stand for another op."""

from __future__ import annotations

import pytest

from aie_trace.analysis import tracedma
from aie_trace.ir import aieops, structure
from aie_trace.testing import synth


@pytest.fixture(params=["E1", "E2", "E3", "E4"])
def example(request, ctx):
    era = request.param
    return era, structure.parse_op(synth.two_designs(era), "two_designs.mlir")


def _by_name(module, era):
    return {
        d.name: d for d in (aieops.Device(op, era) for op in structure.devices(module))
    }


def test_devices_and_sequences(example):
    era, module = example
    devices = _by_name(module, era)
    assert sorted(devices) == ["dev_a", "dev_b", "main"]
    assert {d.kind for d in devices.values()} == {synth.NPU1_1COL}
    seq = devices["dev_b"].sequences()[0]
    assert (seq.name, seq.device.name, seq.kernel_name) == (
        "seq_b",
        "dev_b",
        ("dev_b", "seq_b"),
    )
    # the data buffer and the trace buffer: both memrefs, host buffers 0 and 1
    assert [seq.host_buffer_index(i) for i in range(len(seq.args))] == [0, 1]
    assert seq.block_index_of_host_buffer(1) == 1


def test_runs_and_configures(example):
    era, module = example
    main = _by_name(module, era)["main"].sequences()[0]
    runs = [aieops.Op.of(op, era) for op in main.ops([aieops.Run.NAME])]
    assert all(isinstance(r, aieops.Run) for r in runs)
    assert [(r.configure.device_name, r.callee_name) for r in runs] == [
        ("dev_a", "seq_a"),
        ("dev_b", "seq_b"),
        ("dev_a", "seq_a"),
    ]
    assert [len(r.args) for r in runs] == [1, 1, 1]


@pytest.mark.parametrize("device, trace_bytes", [("dev_a", 8192), ("dev_b", 4096)])
def test_the_trace_bd_and_its_patch(example, device, trace_bytes):
    era, module = example
    seq = _by_name(module, era)[device].sequences()[0]
    bds = [aieops.WriteBD(op, era) for op in seq.ops([aieops.WriteBD.NAME])]
    trace_bd = next(b for b in bds if b.bd_id == synth.TRACE_BD)
    assert (trace_bd.column, trace_bd.row) == (0, 0)
    assert trace_bd.buffer_length == trace_bytes // 4  # 32-bit words
    patches = [
        aieops.AddressPatch(op, era) for op in seq.ops([aieops.AddressPatch.NAME])
    ]
    trace = next(
        p for p in patches if p.addr == tracedma.bd_address_word(0, synth.TRACE_BD)
    )
    assert trace.arg_plus == 0
    if era in ("E3", "E4"):  # the trace buffer is named by its SSA value
        assert trace.arg_idx is None
        assert trace.buffer == seq.args[1]
    else:  # by its host-buffer index
        assert trace.arg_idx == 1
        assert trace.buffer is None
    assert (trace.arg_plus_value is None) == (era == "E1")


def test_a_wrapper_never_stands_for_another_op(example):
    era, module = example
    device = structure.devices(module)[0]
    with pytest.raises(TypeError, match="wraps 'aiex.run', not 'aie.device'"):
        aieops.Run(device, era)
    assert isinstance(aieops.Op.of(device, era), aieops.Device)
    assert aieops.Op.of(module, era) is None  # builtin.module: no wrapper


def test_an_op_whose_form_differs_between_eras_is_read_in_one(example):
    era, module = example
    seq = _by_name(module, era)["dev_a"].sequences()[0]
    patch = seq.ops([aieops.AddressPatch.NAME])[0]
    with pytest.raises(TypeError, match="read in an IR era"):
        aieops.AddressPatch(patch)
    assert aieops.AddressPatch(patch, era).arg_plus == 0
    # a run, a configure, a load_pdi, a tile read alike in every era
    assert aieops.Op.of(structure.devices(module)[0]).era
