// Ops in upstream's custom form (E2-E4 syntax: SSA scalars, the DMA-task ops, the trace ops),
// read and printed back: the printed form reads into the same module, and prints as upstream
// spells it.
// RUN: aie-trace-opt %s --mlir-print-op-generic > %t.read
// RUN: aie-trace-opt %s | aie-trace-opt --mlir-print-op-generic > %t.again
// RUN: diff %t.read %t.again
// RUN: aie-trace-opt %s | FileCheck %s

// CHECK: aie.buffer(%{{.*}}) {sym_name = "b"} : memref<16xi32> = dense<0>
// CHECK: aie.trace.mode "Event-Time"
// CHECK: aie.trace.port<0> port = North channel = 1 direction = S2MM
// CHECK: aie.trace.combo_event<0> <"LOCK_STALL"> AND_NOT <"DMA_S2MM_0_STALLED">
// CHECK: aie.dma_start(MM2S, 0, ^bb1, ^bb2, repeat_count = 2)
// CHECK: aie.use_lock(%{{.*}}, AcquireGreaterEqual, %{{.*}})
// CHECK: aie.dma_bd(%{{.*}} : memref<16xi32> offset = 0 len = 16 sizes = [4, 4] strides = [1, 4])
// CHECK: aiex.npu.push_queue(0, 0, MM2S : 0) bd_id %{{.*}} repeat %{{.*}} {issue_token = false} : i32, i32
// CHECK: aiex.npu.dma_memcpy_nd(%{{.*}}[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1], packet = <pkt_type = 0, pkt_id = 2>) {id = 0 : i64, metadata = @b} : memref<64xi32>

module {
  aie.device(npu2_1col) @dev {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    %buf = aie.buffer(%core) {sym_name = "b"} : memref<16xi32> = dense<0>
    %l = aie.lock(%core, 1) {init = 0 : i32}
    aie.trace @core_trace(%core) {
      aie.trace.mode "Event-Time"
      aie.trace.packet id=1 type=core
      aie.trace.event<"INSTR_EVENT_0">
      aie.trace.event<"LOCK_STALL"> label = "stall"
      aie.trace.port<0> port = North channel = 1 direction = S2MM
      aie.trace.combo_event<0> <"LOCK_STALL"> AND_NOT <"DMA_S2MM_0_STALLED">
      aie.trace.edge_event<1> event = <"LOCK_STALL"> trigger = RISING
      aie.trace.start broadcast=15
      aie.trace.stop broadcast=14
    }
    %m = aie.mem(%core) {
      %c1 = arith.constant 1 : i32
      %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2, repeat_count = 2)
    ^bb1:
      aie.use_lock(%l, AcquireGreaterEqual, %c1)
      aie.dma_bd(%buf : memref<16xi32> offset = 0 len = 16 sizes = [4, 4] strides = [1, 4])
      aie.use_lock(%l, Release, %c1)
      aie.next_bd ^bb1
    ^bb2:
      aie.end
    }
    aie.runtime_sequence @first(%arg0: memref<64xi32>) {
      aie.trace.host_config {buffer_size = 4096 : i32}
      aie.trace.start_config @core_trace
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      aiex.npu.maskwrite32(%c0, %c1, %c1) : i32, i32, i32
      aiex.npu.sync(%c0, %c0, %c0, %c0, %c1, %c1) : i32, i32, i32, i32, i32, i32
      aiex.npu.push_queue(0, 0, MM2S : 0) bd_id %c0 repeat %c1 {issue_token = false} : i32, i32
      aiex.npu.rtp_write(@b, 0, %c1) : i32
      aiex.set_lock(%l, 5)
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1], packet = <pkt_type = 0, pkt_id = 2>) {id = 0 : i64, metadata = @b} : memref<64xi32>
    }
  }
}
