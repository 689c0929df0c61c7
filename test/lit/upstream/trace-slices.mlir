// mlir-aie's test/python/trace_slices.py end to end (Xilinx/mlir-aie, 2026; its design and the
// values it asserts), in every IR era: two traced designs reached through aiex.configure, @dev_a
// tracing tile (0, 2) into an 8192-byte buffer and @dev_b tracing tile (0, 4) into 4096 bytes, its
// sequence taking two data arguments. Our own inputs, in the form mlir-aie's trace lowering leaves
// them (each callee's trace buffer appended after its data arguments, each run one operand short),
// through fuse -> materialize -> resolve. Upstream asserts: the dispatched sequence's buffer is
// argument 1, offset 0, 12288 bytes; slices dev_a/seq_a at 0 (8192) and dev_b/seq_b at 8192
// (4096); each callee, dispatchable in its own right, keeps its own buffer (seq_a: argument 1,
// 8192 bytes; seq_b: argument 2, 4096 bytes); a hand-written #aie.trace_buffer with no trace op
// survives the passes. So the dispatched sequence's two trace patches name host buffer 1 at
// arg_plus 0 and 8192, and each callee's names its own trace argument at 0.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized -aie-trace-verify-patches \
// RUN:   -aie-trace-check-ir 2>/dev/null | FileCheck %s
// and those are all their patches:
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=COUNT

// IR era E1.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<12288xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 8192 : i32}>
// CHECK-NOT: address_patch
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 12288 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b", size = 4096 : i64}]
// CHECK-LABEL: sym_name = "seq_a"
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 8192 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}]
// CHECK-LABEL: sym_name = "seq_b"
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}>
// CHECK: aie_trace.trace_buffer = {arg_index = 2 : i64, dedicated = true, offset = 0 : i64, size = 4096 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_b", offset = 0 : i64, sequence = "seq_b", size = 4096 : i64}]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-2: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
// COUNT-LABEL: sym_name = "seq_a"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_b"
// COUNT-LABEL: sym_name = "seq_b"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: "aie.end"
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0, %arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, memref<64xi32>) -> ()
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
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 4 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E2.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<12288xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK-NOT: address_patch
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 12288 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b", size = 4096 : i64}]
// CHECK-LABEL: sym_name = "seq_a"
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 8192 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}]
// CHECK-LABEL: sym_name = "seq_b"
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}>
// CHECK: aie_trace.trace_buffer = {arg_index = 2 : i64, dedicated = true, offset = 0 : i64, size = 4096 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_b", offset = 0 : i64, sequence = "seq_b", size = 4096 : i64}]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-2: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
// COUNT-LABEL: sym_name = "seq_a"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_b"
// COUNT-LABEL: sym_name = "seq_b"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: "aie.end"
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0, %arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, memref<64xi32>) -> ()
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
    %core = "aie.tile"() <{col = 0 : i32, row = 4 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 2 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E3.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<12288xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK-NOT: address_patch
// CHECK: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 12288, dedicated = true>
// CHECK-SAME: trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 4096>]
// CHECK-LABEL: sym_name = "seq_a"
// CHECK-SAME: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK-LABEL: sym_name = "seq_b"
// CHECK-SAME: trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 4096, dedicated = true>
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-2: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
// COUNT-LABEL: sym_name = "seq_a"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_b"
// COUNT-LABEL: sym_name = "seq_b"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: "aie.end"
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0, %arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, memref<64xi32>) -> ()
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
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 4 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b", trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg2) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4096xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E4.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<12288xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK-NOT: address_patch
// CHECK: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 12288, dedicated = true>
// CHECK-SAME: trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 4096>]
// CHECK-LABEL: sym_name = "seq_a"
// CHECK-SAME: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK-LABEL: sym_name = "seq_b"
// CHECK-SAME: trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 4096, dedicated = true>
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-2: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
// COUNT-LABEL: sym_name = "seq_a"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_b"
// COUNT-LABEL: sym_name = "seq_b"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: "aie.end"
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0, %arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, memref<64xi32>) -> ()
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
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 4 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b", trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg2) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<4096xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// The hand-written #aie.trace_buffer with no aie.trace op anywhere (IR eras E3/E4, which define
// the property): the passes leave it alone.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-SAME: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 16, size = 761, dedicated = true>}>
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<777xi8>):
// CHECK-NOT: address_patch
// CHECK-NOT: trace_slices
// COUNT-LABEL: sym_name = "sequence"
// COUNT-NOT: address_patch
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 16, size = 761, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<777xi8>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
