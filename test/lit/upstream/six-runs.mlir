// mlir-aie's six-run npu-xrt trace design end to end, in every IR era: Xilinx/mlir-aie
// test/npu-xrt/trace_slices_configure_run/{test.py,aie.mlir}@d3ce09b9d318.
// Its test.py reads "Six traced dispatches through aiex.configure share one trace buffer"; its
// aie.mlir has @main run @dev_a and @dev_b alternately, three times each (seq_a1, seq_b1,
// seq_a2, seq_b2, seq_a2, seq_b2), every run passed its own four-word window of %out (a
// memref.subview at 4 * i, reinterpret_cast to memref<4xi32>), each sequence tracing into 8192
// bytes. Our own inputs, in the form mlir-aie's trace lowering leaves them
// (each callee's trace buffer appended after %out, each run one operand short), with each run's
// output DMA as -aie-dma-tasks-to-npu lowers it (BD 0 on S2MM channel 0, its address patched to
// %out), through fuse -> materialize -> resolve. Upstream asserts: the fused buffer is
// 6 * 8192 = 49152 bytes with one slice per run, in dispatch order, at 8192 * i; and run i writes
// out[4 * i]. So the dispatched sequence's patches are, per run i: trace at host buffer 1,
// arg_plus 8192 * i; data at host buffer 0, arg_plus 16 * i (bytes).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized -aie-trace-verify-patches \
// RUN:   -aie-trace-check-ir 2>/dev/null | FileCheck %s
// and those are all its patches:
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=COUNT

// IR era E1.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<24xi32>, %arg1: memref<49152xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 8192 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 16 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 16384 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 32 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 24576 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 48 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 32768 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 64 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 40960 : i32}>
// CHECK: "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 80 : i32}>
// CHECK-NOT: address_patch
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 49152 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a1", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b1", size = 8192 : i64}, {device = "dev_a", offset = 16384 : i64, sequence = "seq_a2", size = 8192 : i64}, {device = "dev_b", offset = 24576 : i64, sequence = "seq_b2", size = 8192 : i64}, {device = "dev_a", offset = 32768 : i64, sequence = "seq_a2", size = 8192 : i64}, {device = "dev_b", offset = 40960 : i64, sequence = "seq_b2", size = 8192 : i64}]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-12: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
module {
  "aie.device"() <{device = 9 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%out: memref<24xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v0 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1]>>
        %a0 = "memref.reinterpret_cast"(%v0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1]>>) -> memref<4xi32>
        "aiex.run"(%a0) <{runtime_sequence_symbol = @seq_a1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v1 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 4>>
        %a1 = "memref.reinterpret_cast"(%v1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 4>>) -> memref<4xi32>
        "aiex.run"(%a1) <{runtime_sequence_symbol = @seq_b1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v2 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 8>>
        %a2 = "memref.reinterpret_cast"(%v2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 8>>) -> memref<4xi32>
        "aiex.run"(%a2) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v3 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 12>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 12>>
        %a3 = "memref.reinterpret_cast"(%v3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 12>>) -> memref<4xi32>
        "aiex.run"(%a3) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v4 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 16>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 16>>
        %a4 = "memref.reinterpret_cast"(%v4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 16>>) -> memref<4xi32>
        "aiex.run"(%a4) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v5 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 20>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 20>>
        %a5 = "memref.reinterpret_cast"(%v5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 20>>) -> memref<4xi32>
        "aiex.run"(%a5) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a1"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119300 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483648 : ui32}> : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a2"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119300 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483648 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b1"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119300 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483648 : ui32}> : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b2"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119300 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483648 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E2.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<24xi32>, %arg1: memref<49152xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c16_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c16384_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c32_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c24576_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c48_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c32768_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c64_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c40960_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>
// CHECK: "aiex.npu.address_patch"(%{{c80_i32(_[0-9]+)?}}) <{addr = 118788 : ui32, arg_idx = 0 : i32}>
// CHECK-NOT: address_patch
// CHECK: aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 49152 : i64}
// CHECK-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a1", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b1", size = 8192 : i64}, {device = "dev_a", offset = 16384 : i64, sequence = "seq_a2", size = 8192 : i64}, {device = "dev_b", offset = 24576 : i64, sequence = "seq_b2", size = 8192 : i64}, {device = "dev_a", offset = 32768 : i64, sequence = "seq_a2", size = 8192 : i64}, {device = "dev_b", offset = 40960 : i64, sequence = "seq_b2", size = 8192 : i64}]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-12: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
module {
  "aie.device"() <{device = 9 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%out: memref<24xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v0 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1]>>
        %a0 = "memref.reinterpret_cast"(%v0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1]>>) -> memref<4xi32>
        "aiex.run"(%a0) <{runtime_sequence_symbol = @seq_a1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v1 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 4>>
        %a1 = "memref.reinterpret_cast"(%v1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 4>>) -> memref<4xi32>
        "aiex.run"(%a1) <{runtime_sequence_symbol = @seq_b1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v2 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 8>>
        %a2 = "memref.reinterpret_cast"(%v2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 8>>) -> memref<4xi32>
        "aiex.run"(%a2) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v3 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 12>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 12>>
        %a3 = "memref.reinterpret_cast"(%v3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 12>>) -> memref<4xi32>
        "aiex.run"(%a3) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v4 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 16>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 16>>
        %a4 = "memref.reinterpret_cast"(%v4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 16>>) -> memref<4xi32>
        "aiex.run"(%a4) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v5 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 20>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 20>>
        %a5 = "memref.reinterpret_cast"(%v5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 20>>) -> memref<4xi32>
        "aiex.run"(%a5) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a1"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a2"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b1"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b2"}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E3.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<24xi32>, %arg1: memref<49152xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c16_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c16384_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c32_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c24576_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c48_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c32768_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c64_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c40960_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK: "aiex.npu.address_patch"(%{{c80_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK-NOT: address_patch
// CHECK: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 49152, dedicated = true>
// CHECK-SAME: trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a1", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b1", offset = 8192, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a2", offset = 16384, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b2", offset = 24576, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a2", offset = 32768, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b2", offset = 40960, size = 8192>]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-12: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
module {
  "aie.device"() <{device = 9 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%out: memref<24xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v0 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1]>>
        %a0 = "memref.reinterpret_cast"(%v0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1]>>) -> memref<4xi32>
        "aiex.run"(%a0) <{runtime_sequence_symbol = @seq_a1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v1 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 4>>
        %a1 = "memref.reinterpret_cast"(%v1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 4>>) -> memref<4xi32>
        "aiex.run"(%a1) <{runtime_sequence_symbol = @seq_b1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v2 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 8>>
        %a2 = "memref.reinterpret_cast"(%v2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 8>>) -> memref<4xi32>
        "aiex.run"(%a2) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v3 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 12>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 12>>
        %a3 = "memref.reinterpret_cast"(%v3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 12>>) -> memref<4xi32>
        "aiex.run"(%a3) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v4 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 16>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 16>>
        %a4 = "memref.reinterpret_cast"(%v4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 16>>) -> memref<4xi32>
        "aiex.run"(%a4) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v5 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 20>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 20>>
        %a5 = "memref.reinterpret_cast"(%v5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 20>>) -> memref<4xi32>
        "aiex.run"(%a5) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a1", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a2", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b1", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b2", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E4.
// CHECK-LABEL: sym_name = "sequence"
// CHECK-NEXT: ^bb0(%arg0: memref<24xi32>, %arg1: memref<49152xi8>):
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c16_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c16384_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c32_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c24576_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c48_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK: "aiex.npu.address_patch"(%{{c32768_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c64_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// CHECK: "aiex.npu.address_patch"(%{{c40960_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c80_i32(_[0-9]+)?}}) {addr = 118788 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK-NOT: address_patch
// CHECK: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 49152, dedicated = true>
// CHECK-SAME: trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a1", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b1", offset = 8192, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a2", offset = 16384, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b2", offset = 24576, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a2", offset = 32768, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b2", offset = 40960, size = 8192>]
// COUNT-LABEL: sym_name = "sequence"
// COUNT-COUNT-12: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "dev_a"
module {
  "aie.device"() <{device = 9 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%out: memref<24xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v0 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1]>>
        %a0 = "memref.reinterpret_cast"(%v0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1]>>) -> memref<4xi32>
        "aiex.run"(%a0) <{runtime_sequence_symbol = @seq_a1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v1 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 4>>
        %a1 = "memref.reinterpret_cast"(%v1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 4>>) -> memref<4xi32>
        "aiex.run"(%a1) <{runtime_sequence_symbol = @seq_b1}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v2 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 8>>
        %a2 = "memref.reinterpret_cast"(%v2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 8>>) -> memref<4xi32>
        "aiex.run"(%a2) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v3 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 12>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 12>>
        %a3 = "memref.reinterpret_cast"(%v3) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 12>>) -> memref<4xi32>
        "aiex.run"(%a3) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v4 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 16>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 16>>
        %a4 = "memref.reinterpret_cast"(%v4) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 16>>) -> memref<4xi32>
        "aiex.run"(%a4) <{runtime_sequence_symbol = @seq_a2}> : (memref<4xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %v5 = "memref.subview"(%out) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 20>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<24xi32>) -> memref<4xi32, strided<[1], offset: 20>>
        %a5 = "memref.reinterpret_cast"(%v5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<4xi32, strided<[1], offset: 20>>) -> memref<4xi32>
        "aiex.run"(%a5) <{runtime_sequence_symbol = @seq_b2}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a1", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a2", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 9 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b1", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b2", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<4xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 4 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%dplus, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<4xi32>) -> ()
      %dqueue = arith.constant 119300 : i32
      %dstart = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%dqueue, %dstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
