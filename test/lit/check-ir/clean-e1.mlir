// Era E1 (attribute era, aie.runtime_sequence): a traced design before and after
// -aie-insert-trace-flows / -aie-inline-trace-config (docs/ir-eras.md; aie-ir.md section 11).
// It checks clean, era=auto reads E1 from it, and the pass prints the IR unchanged.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E1' > %t.checked
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.auto
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: diff %t.auto %t.plain
// RUN: FileCheck %s < %t.checked
// Read as E2 the attribute forms are errors: era=auto did not just accept everything.
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E2' 2>&1 | FileCheck %s --check-prefix=AS-E2

// Before trace lowering: the trace dialect and the host configuration.
// CHECK: aie.trace @core_trace(%{{.*}}) {
// CHECK: aie.trace.host_config {arg_idx = -1 : i32, buffer_size = 8192 : i32}
aie.device(npu1_1col) @main {
  %0 = aie.tile(0, 2)
  aie.trace @core_trace(%0) {
    aie.trace.mode "Event-Time"
    aie.trace.packet id = 1 type = core
    aie.trace.event <"INSTR_EVENT_0">
    aie.trace.event <"LOCK_STALL"> label = "stall"
    aie.trace.port<0> port = North channel = 1 direction = S2MM
    aie.trace.combo_event<0> <"LOCK_STALL"> AND_NOT <"DMA_S2MM_0_STALLED">
    aie.trace.edge_event<0> event = <"LOCK_STALL"> trigger = RISING
    aie.trace.start broadcast = 15
    aie.trace.stop broadcast = 14
  }
  aie.runtime_sequence @sequence(%arg0: memref<64xi32>, %arg1: memref<1024xi32>) {
    // AS-E2: :[[# @LINE + 1]]:5: error: 'aie.trace.host_config' op has the IR era E1 form, but the module is checked as E2: property 'arg_idx' does not exist in IR era E2 (only in E1)
    aie.trace.host_config {arg_idx = -1 : i32, buffer_size = 8192 : i32}
    aie.trace.start_config @core_trace
  }
}

// -----

// After lowering: packet flow to shim DMA S2MM 1, BD 15 programmed by writebd, its address
// patched to host buffer 2, the task queue started, and the broadcast start/stop writes.
// CHECK: aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}
aie.device(npu1_1col) @main {
  %shim = aie.tile(0, 0) {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 15>}
  %core = aie.tile(0, 2) {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 27>}
  %buf = aie.buffer(%core) {address = 1024 : i32, sym_name = "in_buff"} : memref<64xi32>
  %prod = aie.lock(%core, 0) {init = 1 : i32, sym_name = "in_prod_lock"}
  %cons = aie.lock(%core, 1) {init = 0 : i32, sym_name = "in_cons_lock"}
  aie.flow(%shim, DMA : 0, %core, DMA : 0)
  aie.packet_flow(1) {
    aie.packet_source<%core, Trace : 0>
    aie.packet_dest<%shim, DMA : 1>
  } {keep_pkt_header = true}
  %c = aie.core(%core) {
    // AS-E2: :[[# @LINE + 1]]:5: error: 'aie.use_lock' op has the IR era E1 form, but the module is checked as E2: expected 2 operands, but found 1
    aie.use_lock(%cons, AcquireGreaterEqual, 1)
    aie.use_lock(%prod, Release, 1)
    aie.end
  } {stack_size = 1024 : i32}
  %m = aie.mem(%core) {
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb2, repeat_count = 0)
  ^bb1:  // 2 preds: ^bb0, ^bb1
    aie.use_lock(%prod, AcquireGreaterEqual, 1)
    // AS-E2: :[[# @LINE + 1]]:5: error: 'aie.dma_bd' op has the IR era E1 form, but the module is checked as E2: requires attribute 'operandSegmentSizes'
    aie.dma_bd(%buf : memref<64xi32>, 0, 64)
    aie.use_lock(%cons, Release, 1)
    aie.next_bd ^bb1
  ^bb2:  // pred: ^bb0
    aie.end
  }
  aie.shim_dma_allocation @in0(%shim, MM2S, 0)
  aie.trace.config @core_trace_config(%core) packet_type = core {
    aie.trace.reg register = "Trace_Control0" field = "Mode" value = 0
    aie.trace.reg register = "Trace_Control1" field = "Packet_ID" value = 1
    aie.trace.reg register = "Trace_Event0" value = 33 mask = 65535 comment = "events"
  }
  aie.runtime_sequence @sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<8192xi8>) {
    aiex.npu.write32 {address = 213200 : ui32, column = 0 : i32, row = 2 : i32, value = 2038038528 : ui32}
    aiex.npu.write32 {address = 212992 : ui32, column = 0 : i32, row = 2 : i32, value = 31232 : ui32}
    aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}
    aiex.npu.maskwrite32 {address = 119304 : ui32, column = 0 : i32, mask = 7936 : ui32, row = 0 : i32, value = 3840 : ui32}
    aiex.npu.write32 {address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}
    aiex.npu.write32 {address = 212992 : ui32, column = 0 : i32, row = 0 : i32, value = 32512 : ui32}
    aiex.npu.write32 {address = 213068 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32}
    aiex.npu.write32 {address = 213000 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32}
    aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, issue_token = true, metadata = @in0} : memref<64xi32>
    aiex.npu.dma_wait {symbol = @in0}
    aiex.npu.push_queue(0, 0, S2MM : 0) {bd_id = 3 : i32, issue_token = true, repeat_count = 0 : i32}
    aiex.npu.sync {channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}
    aiex.npu.write32 {address = 213064 : ui32, column = 0 : i32, row = 0 : i32, value = 126 : ui32}
    aiex.npu.write32 {address = 213000 : ui32, column = 0 : i32, row = 0 : i32, value = 126 : ui32}
  }
}
