# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The op definition table: internally consistent, and saying what docs/ir-eras.md says."""

from __future__ import annotations

import pytest

from aie_trace.ir import eras
from aie_trace.ir import schema as S

ALL_DEFS = [(era, d) for era in S.ERAS for d in S.SCHEMAS[era].values()]


@pytest.mark.parametrize("era,d", ALL_DEFS, ids=[f"{e}-{d.name}" for e, d in ALL_DEFS])
def test_definition_is_well_formed(era, d):
    names = [a.name for a in d.attrs]
    assert len(names) == len(set(names)), "a property is listed twice"
    assert len({o.name for o in d.operands}) == len(d.operands)
    for a in d.attrs:
        assert a.type in S.TAG_DESCRIPTIONS
        assert a.enum is None or (
            a.type == S.I32 and a.values == tuple(S.ENUMS[a.enum])
        )
        assert a.count is None or a.type in (S.DENSE_I32, S.DENSE_I64)
    for c in [o.type for o in d.operands] + list(d.results):
        assert c in eras._TYPE_DESCRIPTIONS
    assert all(o.arity in ("single", "optional", "variadic") for o in d.operands)
    flexible = sum(o.arity != "single" for o in d.operands)
    # without segment sizes MLIR can only place one optional/variadic group
    assert d.segments or flexible <= 1
    assert d.terminator is None or d.regions
    assert not (d.no_terminator and d.terminator)
    for group in d.exclusive:
        assert all(d.attr(n) or d.operand(n) for n in group)


def test_e0_ops_are_in_no_era():
    assert S.E0_OPS and len(S.ERAS) == 4
    for era in S.ERAS:
        assert not set(S.E0_OPS) & set(S.SCHEMAS[era])


def test_every_era_defines_the_same_ops():
    assert all(set(S.SCHEMAS[e]) == set(S.SCHEMAS["E1"]) for e in S.ERAS)


def _operands(era, name):
    return [(o.name, o.type, o.arity) for o in S.opdef(era, name).operands]


def test_address_patch_per_era():
    e1, e2, e3, e4 = (S.opdef(e, "aiex.npu.address_patch") for e in S.ERAS)
    assert not e1.operands and all(
        e1.attr(n).required for n in ("addr", "arg_idx", "arg_plus")
    )
    assert e1.attr("addr").type == S.UI32 and e1.attr("arg_plus").type == S.I32
    assert _operands("E2", e2.name) == [
        ("addr_val", "i32", "optional"),
        ("arg_plus", "i32", "single"),
    ]
    assert e2.attr("arg_idx").required and not e2.segments
    assert _operands("E3", e3.name) == [
        ("addr_val", "i32", "optional"),
        ("arg_plus", "i32", "single"),
        ("buffer", "memref", "optional"),
    ]
    assert (
        e3.segments
        and not e3.attr("arg_idx").required
        and e3.exclusive == (("arg_idx", "buffer"),)
    )
    assert _operands("E4", e4.name)[1] == ("arg_plus", "i32|i64", "single")
    assert e4.segments and e4.exclusive == e3.exclusive


def test_npu_scalars_become_operands_in_e2():
    assert _operands("E2", "aiex.npu.push_queue") == [
        ("repeat_count", "i32", "single"),
        ("bd_id", "i32", "single"),
    ]
    assert [o[0] for o in _operands("E2", "aiex.npu.sync")] == [
        "column",
        "row",
        "direction",
        "channel",
        "column_num",
        "row_num",
    ]
    assert [o[0] for o in _operands("E2", "aiex.npu.maskwrite32")] == [
        "address",
        "value",
        "mask",
    ]
    for name in (
        "aiex.npu.write32",
        "aiex.npu.maskwrite32",
        "aiex.npu.sync",
        "aiex.npu.push_queue",
    ):
        assert not S.opdef("E1", name).operands
    assert S.opdef("E1", "aiex.npu.write32").attr("value").type == S.UI32


def test_lock_value_and_dma_bd_forms():
    assert S.opdef("E1", "aie.use_lock").attr("value").type == S.I32
    assert _operands("E2", "aie.use_lock") == [
        ("lock", "index", "single"),
        ("value", "i32", "single"),
    ]
    classic, segmented = S.opdef("E1", "aie.dma_bd"), S.opdef("E2", "aie.dma_bd")
    assert (
        not classic.segments and classic.attr("dimensions") and classic.attr("offset")
    )
    assert segmented.segments and [o.name for o in segmented.operands] == [
        "buffer",
        "offset",
        "len",
        "sizes",
        "strides",
    ]
    assert segmented.attr("dimensions") is None and segmented.attr("static_offset")
    assert S.opdef("E3", "aie.dma_bd").attr("axcache").range == (0, 15)


def test_era_only_properties():
    assert S.PROPERTY_ERAS["aie.runtime_sequence"]["trace_buffer"] == ("E3", "E4")
    assert S.PROPERTY_ERAS["aie.runtime_sequence"]["trace_slices"] == ("E3", "E4")
    assert S.PROPERTY_ERAS["aiex.npu.writebd"]["axcache"] == ("E3", "E4")
    assert S.PROPERTY_ERAS["aiex.npu.write32"]["address"] == ("E1",)
    assert S.PROPERTY_ERAS["aie.trace.host_config"]["arg_idx"] == ("E1",)
    assert S.PROPERTY_ERAS["aie.device"]["device"] == S.ERAS


def test_structure_of_the_containers():
    device = S.opdef("E4", "aie.device")
    assert device.parents == ("builtin.module",) and device.terminator == "aie.end"
    assert S.ENUMS["AIEDevice"][8] == "npu2" and set(S.ENUMS["AIEDevice"]) == set(
        range(1, 16)
    )
    seq = S.opdef("E4", "aie.runtime_sequence")
    assert seq.no_terminator and seq.parents == ("aie.device",)
    assert S.opdef("E4", "aiex.configure").parents == ("aie.runtime_sequence",)
    assert S.opdef("E4", "aiex.run").parents == ("aiex.configure",)
    for name in (
        "aiex.dma_configure_task",
        "aiex.dma_start_task",
        "aiex.dma_await_task",
    ):
        assert S.opdef("E2", name).ancestors == ("aie.runtime_sequence",)
    assert S.opdef("E2", "aiex.dma_configure_task").segments
    assert not S.opdef("E1", "aiex.dma_configure_task").segments


def test_shim_dma_allocation_names_its_tile():
    d = S.opdef("E1", "aie.shim_dma_allocation")
    assert _operands("E1", d.name) == [("tile", "index", "single")]
    assert d.attr("sym_name").type == S.STR and d.attr("col") is None
    assert d.attr("channel_index").type == S.I64


def test_memcpy_nd_lists_have_four_entries():
    d = S.opdef("E3", "aiex.npu.dma_memcpy_nd")
    assert [
        d.attr(n).count for n in ("static_offsets", "static_sizes", "static_strides")
    ] == [4, 4, 4]
    assert d.segments and d.attr("axcache").type == S.I64
    assert S.opdef("E1", "aiex.npu.dma_memcpy_nd").attr("offset_parameter") is None
    assert (
        S.opdef("E2", "aiex.npu.dma_memcpy_nd").attr("offset_state_table_idx").type
        == S.UI8
    )
