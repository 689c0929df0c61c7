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
// CHECK: "aie.trace"(%{{.*}}) <{sym_name = "core_trace"}>
// CHECK: "aie.trace.host_config"() <{arg_idx = -1 : i32, buffer_size = 8192 : i32}>
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.trace"(%0) <{sym_name = "core_trace"}> ({
      "aie.trace.mode"() <{mode = 0 : i32}> : () -> ()
      "aie.trace.packet"() <{id = 1 : i32, type = 0 : i32}> : () -> ()
      "aie.trace.event"() <{event = #aie.trace_event<"INSTR_EVENT_0">}> : () -> ()
      "aie.trace.event"() <{event = #aie.trace_event<"LOCK_STALL">, label = "stall"}> : () -> ()
      "aie.trace.port"() <{channel = 1 : i32, direction = 0 : i32, port = 5 : i32, slot = 0 : i32}> : () -> ()
      "aie.trace.combo_event"() <{eventA = #aie.trace_event<"LOCK_STALL">, eventB = #aie.trace_event<"DMA_S2MM_0_STALLED">, logic = 1 : i32, slot = 0 : i32}> : () -> ()
      "aie.trace.edge_event"() <{event = #aie.trace_event<"LOCK_STALL">, slot = 0 : i32, trigger = 1 : i32}> : () -> ()
      "aie.trace.start"() <{broadcast = 15 : i32}> : () -> ()
      "aie.trace.stop"() <{broadcast = 14 : i32}> : () -> ()
      "aie.end"() : () -> ()
    }) : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<1024xi32>):
      // AS-E2: :[[# @LINE + 1]]:7: error: 'aie.trace.host_config' op has the IR era E1 form, but the module is checked as E2: property 'arg_idx' does not exist in IR era E2 (only in E1)
      "aie.trace.host_config"() <{arg_idx = -1 : i32, buffer_size = 8192 : i32}> : () -> ()
      "aie.trace.start_config"() <{trace_config = @core_trace}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// After lowering: packet flow to shim DMA S2MM 1, BD 15 programmed by writebd, its address
// patched to host buffer 2, the task queue started, and the broadcast start/stop writes.
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}>
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 15>} : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 27>} : () -> index
    %buf = "aie.buffer"(%core) <{address = 1024 : i32, sym_name = "in_buff"}> : (index) -> memref<64xi32>
    %prod = "aie.lock"(%core) <{init = 1 : i32, lockID = 0 : i32, sym_name = "in_prod_lock"}> : (index) -> index
    %cons = "aie.lock"(%core) <{init = 0 : i32, lockID = 1 : i32, sym_name = "in_cons_lock"}> : (index) -> index
    "aie.flow"(%shim, %core) <{dest_bundle = 1 : i32, dest_channel = 0 : i32, source_bundle = 1 : i32, source_channel = 0 : i32}> : (index, index) -> ()
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    %c = "aie.core"(%core) <{stack_size = 1024 : i32}> ({
      // AS-E2: :[[# @LINE + 1]]:7: error: 'aie.use_lock' op has the IR era E1 form, but the module is checked as E2: expected 2 operands, but found 1
      "aie.use_lock"(%cons) <{action = 2 : i32, value = 1 : i32}> : (index) -> ()
      "aie.use_lock"(%prod) <{action = 1 : i32, value = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : (index) -> index
    %m = "aie.mem"(%core) ({
      %0 = "aie.dma_start"()[^bb1, ^bb2] <{channel_dir = 0 : i32, channel_index = 0 : i32, repeat_count = 0 : i32}> : () -> i1
    ^bb1:
      "aie.use_lock"(%prod) <{action = 2 : i32, value = 1 : i32}> : (index) -> ()
      // AS-E2: :[[# @LINE + 1]]:7: error: 'aie.dma_bd' op has the IR era E1 form, but the module is checked as E2: requires attribute 'operandSegmentSizes'
      "aie.dma_bd"(%buf) <{len = 64 : i32, offset = 0 : i32}> : (memref<64xi32>) -> ()
      "aie.use_lock"(%cons) <{action = 1 : i32, value = 1 : i32}> : (index) -> ()
      "aie.next_bd"()[^bb1] : () -> ()
    ^bb2:
      "aie.end"() : () -> ()
    }) : (index) -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in0"}> : (index) -> ()
    "aie.trace.config"(%core) <{packet_type = 0 : i32, sym_name = "core_trace_config"}> ({
      "aie.trace.reg"() <{field = "Mode", reg_name = "Trace_Control0", value = 0 : i32}> : () -> ()
      "aie.trace.reg"() <{field = "Packet_ID", reg_name = "Trace_Control1", value = 1 : i32}> : () -> ()
      "aie.trace.reg"() <{comment = "events", mask = 65535 : i32, reg_name = "Trace_Event0", value = 33 : i32}> : () -> ()
      "aie.end"() : () -> ()
    }) : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<8192xi8>):
      "aiex.npu.write32"() <{address = 213200 : ui32, column = 0 : i32, row = 2 : i32, value = 2038038528 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 212992 : ui32, column = 0 : i32, row = 2 : i32, value = 31232 : ui32}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.maskwrite32"() <{address = 119304 : ui32, column = 0 : i32, mask = 7936 : ui32, row = 0 : i32, value = 3840 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 212992 : ui32, column = 0 : i32, row = 0 : i32, value = 32512 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213068 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213000 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32}> : () -> ()
      "aiex.npu.dma_memcpy_nd"(%arg0) <{id = 0 : i64, issue_token = true, metadata = @in0, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
      "aiex.npu.dma_wait"() <{symbol = @in0}> : () -> ()
      "aiex.npu.push_queue"() <{bd_id = 3 : i32, channel = 0 : i32, column = 0 : i32, direction = 0 : i32, issue_token = true, repeat_count = 0 : i32, row = 0 : i32}> : () -> ()
      "aiex.npu.sync"() <{channel = 0 : i32, column = 0 : i32, column_num = 1 : i32, direction = 0 : i32, row = 0 : i32, row_num = 1 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 213064 : ui32, column = 0 : i32, row = 0 : i32, value = 126 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213000 : ui32, column = 0 : i32, row = 0 : i32, value = 126 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
