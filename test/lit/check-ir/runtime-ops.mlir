// The runtime-sequence ops real callees contain, as mlir-aie defines them (AIEX.td at 97737142
// for the attribute forms era E1 keeps, 00d58b94 for E2, f8438d27 for E3): aiex.set_lock (a lock
// operand, an i32 `value`), aiex.npu.rtp_write (`buffer`, ui32 `index`, and an i32 `value`
// attribute in E1 / operand from E2), aiex.npu.blockwrite, the DMA-task family and
// aiex.dma_start_bd_chain(_for) naming an aie.bd_chain of the device. They check clean and print
// unchanged.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.checked
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: FileCheck %s < %t.checked

// CHECK-LABEL: sym_name = "e2_ops"
// CHECK: "aiex.set_lock"
// CHECK: "aiex.npu.rtp_write"(%{{.*}}) <{buffer = @rtp, index = 2 : ui32}>
// CHECK: "aiex.dma_start_bd_chain"
// CHECK: "aiex.dma_start_bd_chain_for"
"builtin.module"() ({
  "aie.device"() <{device = 8 : i32, sym_name = "e2_ops"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %mem = "aie.tile"() <{col = 0 : i32, row = 1 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %lock = "aie.lock"(%mem) <{init = 1 : i32, lockID = 0 : i32}> : (index) -> index
    %rtp = "aie.buffer"(%core) <{sym_name = "rtp"}> : (index) -> memref<16xi32>
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in"}> : (index) -> ()
    "aie.bd_chain"() <{sym_name = "chain"}> ({
    ^bb0(%buf: memref<32xi32>):
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<32xi32>, %arg1: memref<8xi32>):
      "aiex.set_lock"(%lock) <{value = 1 : i32}> : (index) -> ()
      %v = "arith.constant"() <{value = 7 : i32}> : () -> i32
      "aiex.npu.rtp_write"(%v) <{buffer = @rtp, index = 2 : ui32}> : (i32) -> ()
      "aiex.npu.blockwrite"(%arg1) <{address = 119300 : ui32}> : (memref<8xi32>) -> ()
      %t = "aiex.dma_configure_task"(%mem) <{channel = 0 : i32, direction = 1 : i32, issue_token = true, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
        %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        "aie.use_lock"(%lock, %c1) <{action = 2 : i32}> : (index, i32) -> ()
        "aie.end"() : () -> ()
      }) : (index) -> index
      "aiex.dma_start_task"(%t) : (index) -> ()
      "aiex.dma_await_task"(%t) : (index) -> ()
      "aiex.dma_free_task"(%t) : (index) -> ()
      %u = "aiex.dma_configure_task_for"() <{alloc = @in}> ({
        "aie.end"() : () -> ()
      }) : () -> index
      "aiex.dma_start_task"(%u) : (index) -> ()
      %s = "aiex.dma_start_bd_chain"(%arg0, %shim) <{channel = 0 : i32, direction = 1 : i32, symbol = @chain}> : (memref<32xi32>, index) -> index
      %f = "aiex.dma_start_bd_chain_for"(%arg0) <{alloc = @in, symbol = @chain}> : (memref<32xi32>) -> index
      "aiex.dma_await_task"(%s) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// era E1: rtp_write's value an attribute (X0), set_lock as in every era
// CHECK-LABEL: sym_name = "e1_ops"
// CHECK: "aiex.npu.rtp_write"() <{buffer = @rtp, index = 0 : ui32, value = -3 : i32}>
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "e1_ops"}> ({
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %lock = "aie.lock"(%core) <{lockID = 3 : i32}> : (index) -> index
    %rtp = "aie.buffer"(%core) <{sym_name = "rtp"}> : (index) -> memref<16xi32>
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<32xi32>):
      "aiex.npu.rtp_write"() <{buffer = @rtp, index = 0 : ui32, value = -3 : i32}> : () -> ()
      "aiex.set_lock"(%lock) <{value = 0 : i32}> : (index) -> ()
      "aiex.npu.write32"() <{address = 119300 : ui32, value = 1 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
