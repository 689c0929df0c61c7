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

// CHECK-LABEL: @e2_ops {
// CHECK: aiex.set_lock
// CHECK: aiex.npu.rtp_write(@rtp, 2, %{{.*}}) : i32
// CHECK: aiex.dma_start_bd_chain
// CHECK: aiex.dma_start_bd_chain_for
aie.device(npu2) @e2_ops {
  %shim = aie.tile(0, 0)
  %mem = aie.tile(0, 1)
  %core = aie.tile(0, 2)
  %lock = aie.lock(%mem, 0) {init = 1 : i32}
  %rtp = aie.buffer(%core) {sym_name = "rtp"} : memref<16xi32>
  aie.shim_dma_allocation @in(%shim, MM2S, 0)
  "aie.bd_chain"() <{sym_name = "chain"}> ({
  ^bb0(%buf: memref<32xi32>):
    aie.end
  }) : () -> ()
  aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<8xi32>) {
    aiex.set_lock(%lock, 1)
    %v = arith.constant 7 : i32
    aiex.npu.rtp_write(@rtp, 2, %v) : i32
    aiex.npu.blockwrite(%arg1) {address = 119300 : ui32} : memref<8xi32>
    %t = aiex.dma_configure_task(%mem, MM2S, 0) {
      %c1 = arith.constant 1 : i32
      aie.use_lock(%lock, AcquireGreaterEqual, %c1)
      aie.end
    } {issue_token = true}
    aiex.dma_start_task(%t)
    aiex.dma_await_task(%t)
    aiex.dma_free_task(%t)
    %u = aiex.dma_configure_task_for @in {
      aie.end
    }
    aiex.dma_start_task(%u)
    %s = aiex.dma_start_bd_chain @chain(%arg0) : (memref<32xi32>) on(%shim, MM2S, 0)
    %f = aiex.dma_start_bd_chain_for @chain(%arg0) : (memref<32xi32>) for @in
    aiex.dma_await_task(%s)
  }
}

// -----

// era E1: rtp_write's value an attribute (X0), set_lock as in every era
// CHECK-LABEL: @e1_ops {
// CHECK: aiex.npu.rtp_write(@rtp, 0, -3)
aie.device(npu1_1col) @e1_ops {
  %core = aie.tile(0, 2)
  %lock = aie.lock(%core, 3)
  %rtp = aie.buffer(%core) {sym_name = "rtp"} : memref<16xi32>
  aie.runtime_sequence(%arg0: memref<32xi32>) {
    aiex.npu.rtp_write(@rtp, 0, -3)
    aiex.set_lock(%lock, 0)
    aiex.npu.write32 {address = 119300 : ui32, value = 1 : ui32}
  }
}
