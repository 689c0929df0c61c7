# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Event tables and reading a design's trace configuration from the IR."""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.analysis import trace_events
from aie_trace.ir.provider import ir, make_context
from aie_trace.trace import event_names

INPUTS = Path(__file__).resolve().parents[1] / "lit" / "decode" / "Inputs"


def test_tables_match_the_aie_rt_headers_on_known_entries():
    # worked example of a core Trace_Event0/1 configuration (0x4B25221A / 0x212D2C4F)
    core = event_names.events_of("aie2", "core")
    assert [core[n] for n in (26, 34, 37, 75, 79, 44, 45, 33)] == [
        "LOCK_STALL",
        "INSTR_EVENT_1",
        "INSTR_VECTOR",
        "PORT_RUNNING_0",
        "PORT_RUNNING_1",
        "INSTR_LOCK_ACQUIRE_REQ",
        "INSTR_LOCK_RELEASE_REQ",
        "INSTR_EVENT_0",
    ]
    assert event_names.event_name("aie2", "mem", 19) == "DMA_S2MM_0_START_TASK"
    assert event_names.event_name("aie2", "shim", 14) == "DMA_S2MM_0_START_TASK"
    assert event_names.event_name("aie2", "memtile", 21) == "DMA_S2MM_SEL0_START_TASK"
    assert event_names.event_name("aie2p", "shim", 38) == "GROUP_LOCK"
    # the one core event the two architectures number differently
    assert event_names.event_name("aie2", "core", 70) == "DECOMPRESSION_UNDERFLOW"
    assert event_names.event_name("aie2p", "core", 70) == "SPARSITY_OVERFLOW"


def test_table_sizes_per_module():
    sizes = {
        (a, u): len(event_names.events_of(a, u))
        for a in event_names.ARCHS
        for u in ("core", "mem", "memtile", "shim")
    }
    assert sizes == {
        (a, u): n
        for a in event_names.ARCHS
        for u, n in (("core", 127), ("mem", 122), ("memtile", 161), ("shim", 128))
    }


def test_unknown_codes_are_named_by_number():
    assert event_names.event_name("aie2", "core", 54) == "UNKNOWN_EVENT_54"  # reserved
    assert (
        event_names.event_name(None, "core", 33) == "UNKNOWN_EVENT_33"
    )  # no architecture
    with pytest.raises(ValueError):
        event_names.events_of("aie1", "core")


@pytest.mark.parametrize(
    "kind,arch",
    [(1, None), (2, "aie2"), (5, "aie2"), (7, "aie2"), (8, "aie2p"), (15, "aie2p")],
)
def test_device_kind_to_architecture(kind, arch):
    assert event_names.arch_of_device(kind) == arch


@pytest.mark.parametrize("name", ["fused-e4.mlir", "fused-e1.mlir"])
def test_design_events_from_register_writes(name):
    with make_context():
        m = ir.Operation.parse((INPUTS / name).read_text())
        a = trace_events.design_events(m, "dev_a", "seq")
        b = trace_events.design_events(m, "dev_b", "seq")
    assert (a.arch, a.source, b.arch) == ("aie2", "registers", "aie2p")
    assert [a.slot_name((0, 0, 2), s) for s in range(8)] == [
        "LOCK_STALL",
        "INSTR_EVENT_1",
        "INSTR_VECTOR",
        "PORT_RUNNING_0",
        "PORT_RUNNING_1",
        "INSTR_LOCK_ACQUIRE_REQ",
        "INSTR_LOCK_RELEASE_REQ",
        "INSTR_EVENT_0",
    ]
    assert a.units[(0, 0, 2)].pkt_id == 1
    assert [b.slot_name((0, 0, 2), s) for s in range(6)] == [
        "INSTR_LOAD",
        "INSTR_VECTOR",
        "INSTR_EVENT_1",
        "INSTR_EVENT_0",
        "SPARSITY_OVERFLOW",
        "UNKNOWN_EVENT_54",
    ]
    # Trace_Control1 = 0x1002: the memory module stamps packet type 1, id 2; slot 4 is never written
    mem = b.units[(1, 0, 2)]
    assert (mem.pkt_id, mem.slot_name(0, "aie2p"), mem.slot_name(4, "aie2p")) == (
        2,
        "DMA_S2MM_0_START_TASK",
        "slot4",
    )
    # an --arch override names the same numbers with the other table
    with make_context():
        m = ir.Operation.parse((INPUTS / name).read_text())
        assert (
            trace_events.design_events(m, "dev_b", "seq", arch="aie2").slot_name(
                (0, 0, 2), 4
            )
            == "DECOMPRESSION_UNDERFLOW"
        )


SEQ_OWN_VS_CALLEES = """
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
      "aiex.npu.write32"() <{address = 213216 : ui32, column = 0 : i32, row = 2 : i32, value = 33 : ui32}> : () -> ()
      "aiex.configure"() <{symbol = @other}> ({
        "aiex.npu.write32"() <{address = 213216 : ui32, column = 0 : i32, row = 3 : i32, value = 34 : ui32}> : () -> ()
      }) : () -> ()
      "aiex.npu.load_pdi"() <{device_ref = @other}> : () -> ()
      "aiex.npu.write32"() <{address = 213216 : ui32, column = 0 : i32, row = 4 : i32, value = 34 : ui32}> : () -> ()
      "aiex.npu.load_pdi"() <{device_ref = @main}> : () -> ()
      "aiex.npu.maskwrite32"() <{address = 35864804 : ui32, mask = 65280 : ui32, value = 8960 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
"""


def test_only_the_designs_own_writes_count():
    """Writes inside aiex.configure and after a load_pdi of another device belong to other
    designs; an absolute address (no column/row) carries the tile; maskwrite32 merges.
    """
    with make_context():
        m = ir.Operation.parse(SEQ_OWN_VS_CALLEES)
        d = trace_events.design_events(m, "main", "seq")
    assert sorted(d.units) == [(0, 0, 2), (0, 1, 2)]
    assert d.slot_name((0, 0, 2), 0) == "INSTR_EVENT_0"
    # 35864804 = column 1 << 25 | row 2 << 20 | 0x340E4: slot 5 = 0x23 = 35 INSTR_CALL
    assert (
        d.slot_name((0, 1, 2), 5) == "INSTR_CALL"
        and d.slot_name((0, 1, 2), 4) == "NONE"
    )


TRACE_OPS = """
module {
  "aie.device"() <{device = 8 : i32, sym_name = "dev"}> ({
    %t = "aie.tile"() <{col = 1 : i32, row = 2 : i32}> : () -> index
    %s = "aie.tile"() <{col = 1 : i32, row = 0 : i32}> : () -> index
    "aie.trace"(%t) <{sym_name = "core_trace"}> ({
      "aie.trace.packet"() <{id = 3 : i32, type = 0 : i32}> : () -> ()
      "aie.trace.event"() <{event = #aie.trace_event<"INSTR_EVENT_0">}> : () -> ()
      "aie.trace.event"() <{event = #aie.trace_event<"LOCK_STALL">, label = "stall"}> : () -> ()
      "aie.end"() : () -> ()
    }) : (index) -> ()
    "aie.trace"(%s) <{sym_name = "shim_trace"}> ({
      "aie.trace.event"() <{event = #aie.trace_event<"DMA_S2MM_0_START_TASK">}> : () -> ()
      "aie.end"() : () -> ()
    }) : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
"""


def test_trace_ops_name_slots_when_nothing_is_lowered():
    with make_context():
        m = ir.Operation.parse(TRACE_OPS)
        d = trace_events.design_events(m, "dev", "seq")
    assert d.source == "trace-ops"
    assert [d.slot_name((0, 1, 2), s) for s in range(3)] == [
        "INSTR_EVENT_0",
        "LOCK_STALL",
        "slot2",
    ]
    assert d.units[(0, 1, 2)].numbers[:2] == [33, 26]
    assert (
        d.slot_name((2, 1, 0), 0) == "DMA_S2MM_0_START_TASK"
    )  # a shim trace without a packet op


def test_missing_design_is_an_error():
    with make_context():
        m = ir.Operation.parse(TRACE_OPS)
        with pytest.raises(
            trace_events.EventConfigError, match="no 'aie.device @nope'"
        ):
            trace_events.design_events(m, "nope", "seq")
        with pytest.raises(
            trace_events.EventConfigError, match="no 'aie.runtime_sequence @other'"
        ) as e:
            trace_events.design_events(m, "dev", "other")
        assert e.value.op is not None
