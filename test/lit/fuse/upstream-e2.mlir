// Upstream's aie-fuse-trace-buffers scenarios (mlir-aie test_fuse_trace_buffers.mlir and
// test_trace_configure_run.mlir), as trace lowering leaves them, in
// IR era E2 (SSA form: address_patch(%arg_plus) {addr, arg_idx}; appended trace argument).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers 2>/dev/null | FileCheck %s
// Verbatim inlining (materialization) must leave every patch in its slice of the dispatched buffer:
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-drop-specialized 2>/dev/null | FileCheck %s --check-prefix=INLINED
// Every output conforms to mlir-aie's op definitions and verifies, before and after inlining:
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir -aie-trace-fuse-buffers -aie-trace-check-ir \
// RUN:   -aie-trace-verify-patches -aie-trace-materialize -aie-trace-verify-patches \
// RUN:   -aie-trace-drop-specialized -aie-trace-check-ir -o /dev/null 2>/dev/null
// A second run changes nothing:
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -o %t.once 2>/dev/null
// RUN: aie-trace-opt %t.once --split-input-file -aie-trace-fuse-buffers -o %t.twice 2>/dev/null
// RUN: diff %t.once %t.twice
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

// two calls of one traced design get distinct regions.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>, %[[T:.*]]: memref<16384xi8>):
// CHECK: memref.subview %[[T]][0] [8192] [1]
// CHECK: memref.subview %[[T]][8192] [8192] [1]
// CHECK: aie_trace.slice_paths = ["0", "1"]
// CHECK-SAME: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 16384 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}, {device = "dev_a", offset = 8192 : i64, sequence = "seq_a", size = 8192 : i64}]
// CHECK-LABEL: sym_name = "seq_a.main_seq.1"
// CHECK: %[[P8192:.*]] = arith.constant 8192 : i32
// CHECK-NEXT: "aiex.npu.address_patch"(%[[P8192]]) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: aie_trace.specialized_from = @seq_a, sym_visibility = "private"
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// INLINED: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// INLINED-NOT: specialized_from
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// the caller's own traces take the front, the callee's the tail.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>, %[[T:.*]]: memref<12288xi8>):
// CHECK: memref.subview %[[T]][4096] [8192] [1]
// CHECK: aie_trace.slice_paths = ["", "0"]
// CHECK-SAME: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 12288 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "main", offset = 0 : i64, sequence = "main_seq", size = 4096 : i64}, {device = "dev_a", offset = 4096 : i64, sequence = "seq_a", size = 8192 : i64}]
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%{{c4096_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
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
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// an untraced caller of an untraced callee is unchanged.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NOT: trace
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>):
// CHECK-NEXT: "aiex.configure"() <{symbol = @dev_a}>
// CHECK-NEXT: "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
// CHECK-NOT: trace
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// two designs behind two configures share one buffer after the data arguments.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>, %{{.*}}: memref<64xi32>, %[[T:.*]]: memref<16384xi8>):
// CHECK: memref.subview %[[T]][0] [8192] [1]
// CHECK: memref.subview %[[T]][8192] [8192] [1]
// CHECK: aie_trace.slice_paths = ["0", "1"], aie_trace.trace_buffer = {arg_index = 2 : i64, dedicated = true, offset = 0 : i64, size = 16384 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b", size = 8192 : i64}]
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}>
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// INLINED: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}>
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg1) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
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
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
