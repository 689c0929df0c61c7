// Era E2 (SSA era): the same design with i32 operands for the npu scalars, the lock values and
// the DMA task repeat counts, a trace buffer appended as the last sequence argument (its
// address_patch arg_idx counts memref arguments only), before and after trace lowering.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E2' > %t.checked
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.auto
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: diff %t.auto %t.plain
// RUN: FileCheck %s < %t.checked
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E1' 2>&1 | FileCheck %s --check-prefix=AS-E1
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E3' 2>&1 | FileCheck %s --check-prefix=AS-E3

// CHECK: "aie.trace.host_config"() <{buffer_size = 8192 : i32}>
"builtin.module"() ({
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.trace"(%0) <{sym_name = "core_trace"}> ({
      "aie.trace.mode"() <{mode = 0 : i32}> : () -> ()
      // An auto-allocated packet id: the op carries only the type.
      // AS-E1: :[[# @LINE + 1]]:7: error: 'aie.trace.packet' op requires attribute 'id'
      "aie.trace.packet"() <{type = 0 : i32}> : () -> ()
      "aie.trace.event"() <{event = #aie.trace_event<"INSTR_EVENT_0">}> : () -> ()
      "aie.trace.start"() <{broadcast = 15 : i32}> : () -> ()
      "aie.trace.stop"() <{broadcast = 14 : i32}> : () -> ()
      "aie.end"() : () -> ()
    }) : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>, %n: i32, %arg1: memref<64xi32>):
      "aie.trace.host_config"() <{buffer_size = 8192 : i32}> : () -> ()
      "aie.trace.start_config"() <{trace_config = @core_trace}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// CHECK: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}> : (i32) -> ()
"builtin.module"() ({
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 15>} : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 27>} : () -> index
    %buf = "aie.buffer"(%core) <{sym_name = "in_buff"}> : (index) -> memref<64xi32>
    %prod = "aie.lock"(%core) <{init = 1 : i32, lockID = 0 : i32}> : (index) -> index
    %cons = "aie.lock"(%core) <{init = 0 : i32, lockID = 1 : i32}> : (index) -> index
    "aie.flow"(%shim, %core) <{dest_bundle = 1 : i32, dest_channel = 0 : i32, source_bundle = 1 : i32, source_channel = 0 : i32}> : (index, index) -> ()
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    %c = "aie.core"(%core) ({
      %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
      // AS-E1: :[[# @LINE + 1]]:7: error: 'aie.use_lock' op has the IR era E2/E3/E4 form, but the module is checked as E1: expected 1 operands, but found 2
      "aie.use_lock"(%cons, %one) <{action = 2 : i32}> : (index, i32) -> ()
      "aie.use_lock"(%prod, %one) <{action = 1 : i32}> : (index, i32) -> ()
      "aie.end"() : () -> ()
    }) : (index) -> index
    %m = "aie.mem"(%core) ({
      %0 = "aie.dma_start"()[^bb1, ^bb2] <{channel_dir = 0 : i32, channel_index = 0 : i32}> : () -> i1
    ^bb1:
      %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "aie.use_lock"(%prod, %one) <{action = 2 : i32}> : (index, i32) -> ()
      "aie.dma_bd"(%buf) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32, static_offset = 0 : i32}> : (memref<64xi32>) -> ()
      "aie.use_lock"(%cons, %one) <{action = 1 : i32}> : (index, i32) -> ()
      "aie.next_bd"()[^bb1] : () -> ()
    ^bb2:
      "aie.end"() : () -> ()
    }) : (index) -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in0"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>, %n: i32, %arg1: memref<64xi32>, %trace: memref<8192xi8>):
      %a0 = "arith.constant"() <{value = 212992 : i32}> : () -> i32
      %v0 = "arith.constant"() <{value = 31232 : i32}> : () -> i32
      "aiex.npu.write32"(%a0, %v0) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // AS-E3: :[[# @LINE + 1]]:7: error: 'aiex.npu.address_patch' op has the IR era E2 form, but the module is checked as E3: requires attribute 'operandSegmentSizes'
      "aiex.npu.address_patch"(%p) <{addr = 119268 : ui32, arg_idx = 2 : i32}> : (i32) -> ()
      %a1 = "arith.constant"() <{value = 119304 : i32}> : () -> i32
      %v1 = "arith.constant"() <{value = 3840 : i32}> : () -> i32
      %m1 = "arith.constant"() <{value = 65280 : i32}> : () -> i32
      "aiex.npu.maskwrite32"(%a1, %v1, %m1) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %a2 = "arith.constant"() <{value = 119308 : i32}> : () -> i32
      %v2 = "arith.constant"() <{value = -2147483633 : i32}> : () -> i32
      "aiex.npu.write32"(%a2, %v2) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %t = "aiex.dma_configure_task"(%shim, %n) <{channel = 0 : i32, direction = 1 : i32, issue_token = true, operandSegmentSizes = array<i32: 1, 1, 0>}> ({
        "aie.dma_bd"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32, static_offset = 0 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index, i32) -> index
      "aiex.dma_start_task"(%t) : (index) -> ()
      "aiex.dma_await_task"(%t) : (index) -> ()
      "aiex.dma_free_task"(%t) : (index) -> ()
      %t2 = "aiex.dma_configure_task_for"() <{alloc = @in0, issue_token = true}> ({
        "aie.dma_bd"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : () -> index
      "aiex.dma_start_task"(%t2) : (index) -> ()
      "aiex.dma_await_task"(%t2) : (index) -> ()
      %rep = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %bd = "arith.constant"() <{value = 3 : i32}> : () -> i32
      "aiex.npu.push_queue"(%rep, %bd) <{channel = 0 : i32, column = 0 : i32, direction = 1 : i32, issue_token = true, row = 0 : i32}> : (i32, i32) -> ()
      %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "aiex.npu.sync"(%c0, %c0, %c1, %c0, %c1, %c1) : (i32, i32, i32, i32, i32, i32) -> ()
      %a3 = "arith.constant"() <{value = 213064 : i32}> : () -> i32
      %v3 = "arith.constant"() <{value = 126 : i32}> : () -> i32
      "aiex.npu.write32"(%a3, %v3) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
