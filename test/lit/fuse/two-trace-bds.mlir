// A sequence's own trace written by two BDs (one per trace channel), each at its own offset of one
// buffer, in IR era E2: the trace region spans every BD, in whatever order they are patched.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers 2>/dev/null | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-check-ir -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -o /dev/null
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

// a dedicated buffer whose upper half is patched first: 8 KiB own trace, the callee's 8 KiB after it.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>, %{{.*}}: memref<16384xi8>):
// CHECK: aie_trace.slice_paths = ["", "0"], aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 16384 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "main", offset = 0 : i64, sequence = "main_seq", size = 8192 : i64}, {device = "dev_a", offset = 8192 : i64, sequence = "seq_a", size = 8192 : i64}]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
"aiex.npu.writebd"() <{bd_id = 14 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %uplus = arith.constant 4096 : i32
      "aiex.npu.address_patch"(%uplus) <{addr = 119236 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %uqueue = arith.constant 119308 : i32
      %ustart = arith.constant -2147483634 : i32
      "aiex.npu.write32"(%uqueue, %ustart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %vplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%vplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %vqueue = arith.constant 119308 : i32
      %vstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%vqueue, %vstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%d) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %tqueue = arith.constant 119308 : i32
      %tstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tqueue, %tstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// trace into the output buffer after its first 4 KiB (reuse_output_buffer), two 2 KiB BDs: one 4 KiB region.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = false, offset = 4096 : i64, size = 4096 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "main", offset = 4096 : i64, sequence = "main_seq", size = 4096 : i64}]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%i: memref<64xi32>, %o: memref<4096xi32>):
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 512 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %vplus = arith.constant 4096 : i32
      "aiex.npu.address_patch"(%vplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %vqueue = arith.constant 119308 : i32
      %vstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%vqueue, %vstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
"aiex.npu.writebd"() <{bd_id = 14 : i32, buffer_length = 512 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %uplus = arith.constant 6144 : i32
      "aiex.npu.address_patch"(%uplus) <{addr = 119236 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %uqueue = arith.constant 119308 : i32
      %ustart = arith.constant -2147483634 : i32
      "aiex.npu.write32"(%uqueue, %ustart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
