# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated NPU running what real callees add to a runtime sequence: aiex.set_lock and the
DMA-task ops (configure / configure_for / start / await / free), as mlir-aie lowers them
(``-aie-lower-set-lock``, ``-aie-dma-tasks-to-npu``), and its refusals in their place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.emu import npu as emu
from aie_trace.emu.dma import EmuFault
from aie_trace.emu.memory import EmuBuffer, HostMemory
from aie_trace.ir import structure
from aie_trace.ir.structure import ir, make_context

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "locks_dma_tasks_e4.mlir"

SEQ = """
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %mem = "aie.tile"() <{col = 0 : i32, row = 1 : i32}> : () -> index
    %lock = "aie.lock"(%mem) <{init = 0 : i32, lockID = 3 : i32}> : (index) -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 1 : i64, sym_name = "in"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
      "aiex.set_lock"(%lock) <{value = 5 : i32}> : (index) -> ()
      %t = "aiex.dma_configure_task"(%shim) <{channel = 0 : i32, direction = 1 : i32, ISSUE, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
        "aie.dma_bd"(%arg0) <{BD operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 16 : i32, static_offset = 8 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index) -> index
      "aiex.dma_start_task"(%t) : (index) -> ()
      "aiex.dma_await_task"(%t) : (index) -> ()
      "aiex.dma_free_task"(%t) : (index) -> ()
      %u = "aiex.dma_configure_task_for"() <{alloc = @in, issue_token = true}> ({
        "aie.dma_bd"(%arg1) <{bd_id = 2 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32, static_offset = 0 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : () -> index
      "aiex.dma_start_task"(%u) : (index) -> ()
      "aiex.dma_await_task"(%u) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
"""


def npu_after(text: str) -> emu.Npu:
    ctx = make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(text)
        seq = structure.sequences(structure.devices(module.operation)[0])[0]
        bufs = [EmuBuffer(i, 256) for i in range(2)]
        for b in bufs:
            b.write(bytes(range(256)))
            b.sync_to_device()
        npu = emu.Npu(module.operation, HostMemory(bufs))
        npu.dispatch(seq)
        return npu


def good(**over) -> str:
    text = SEQ.replace("ISSUE, ", over.get("issue", "issue_token = true, "))
    return text.replace("BD ", over.get("bd", "bd_id = 1 : i32, "))


def test_set_lock_and_tasks_run_as_lowered():
    npu = npu_after(good())
    assert npu.locks == {(0, 1, 3): 5}
    regs = npu.registers(0, 0)
    # BD 1: 16 words from byte 32 of host buffer 0; BD 2: 64 words of host buffer 1
    assert regs[0x1D000 + 0x20 * 1] == 16 and regs[0x1D000 + 0x20 * 2] == 64

    def address(bd: int) -> int:
        low, high = regs[0x1D000 + 0x20 * bd + 4], regs[0x1D000 + 0x20 * bd + 8]
        return (high & 0xFFFF) << 32 | low

    assert address(1) == npu.memory.buffers[0].address + 32
    assert address(2) == npu.memory.buffers[1].address
    # both tasks ran on MM2S (channel 0, then the allocation's channel 1) and were awaited
    for ch in (0, 1):
        c = npu.dma.channel(0, 1, ch)
        assert not c.busy and c.tokens == 0


@pytest.mark.parametrize(
    "over,message",
    [
        (
            {"issue": ""},
            "dma_await_task on a task without issue_token = true waits forever",
        ),
        (
            {"bd": ""},
            "has no bd_id: run mlir-aie's -aie-assign-runtime-sequence-bd-ids",
        ),
    ],
)
def test_refusals_are_located_faults(over, message):
    with pytest.raises(EmuFault) as e:
        npu_after(good(**over))
    assert message in e.value.diagnostic.message
    assert e.value.diagnostic.line is not None


def test_set_lock_without_lock_id_is_refused():
    text = good().replace("<{init = 0 : i32, lockID = 3 : i32}>", "<{init = 0 : i32}>")
    with pytest.raises(EmuFault) as e:
        npu_after(text)
    assert "without a lockID" in e.value.diagnostic.message


def test_example_holds_the_ops_it_is_bundled_for():
    """The bundled example (run end to end by test/lit/e2e/locks-dma-tasks.test) has them."""
    ctx = make_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(EXAMPLE.read_text())
        assert {"aiex.set_lock", "aiex.dma_configure_task_for", "aie.objectfifo"} <= {
            o.name for o in structure.walk(module.operation)
        }


def test_task_for_without_its_allocation_is_a_located_fault():
    text = good().replace(
        "<{alloc = @in, issue_token = true}>", "<{issue_token = true}>"
    )
    with pytest.raises(EmuFault) as e:
        npu_after(text)
    message = e.value.diagnostic.message
    assert "'aiex.dma_configure_task_for' names no aie.shim_dma_allocation" in message
    assert e.value.diagnostic.line is not None


def test_configure_without_its_symbol_is_a_located_fault():
    text = good().replace(
        '"aiex.set_lock"(%lock)',
        '"aiex.configure"() ({\n      }) : () -> ()\n      "aiex.set_lock"(%lock)',
    )
    with pytest.raises(EmuFault) as e:
        npu_after(text)
    assert "aiex.configure without symbol names no device" in e.value.diagnostic.message
    assert e.value.diagnostic.line is not None
