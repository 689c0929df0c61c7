// Era E3 (mlir-aie PR #3652): two traced designs run from one dispatched sequence. First as
// -aie-fuse-trace-buffers leaves them (address patches name their buffer by SSA value; the
// caller's fused buffer is sliced for each aiex.run), then after
// --aie-materialize-runtime-sequences and -aie-resolve-address-patch-buffers.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E3' > %t.checked
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.auto
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: diff %t.auto %t.plain
// RUN: FileCheck %s < %t.checked
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E2' 2>&1 | FileCheck %s --check-prefix=AS-E2

// CHECK: trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 8192>]
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    // AS-E2: :[[# @LINE + 1]]:5: error: 'aie.runtime_sequence' op has the IR era E3/E4 form, but the module is checked as E2: property 'trace_buffer' does not exist in IR era E2 (only in E3/E4)
    "aie.runtime_sequence"() <{sym_name = "main_seq", trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 8192>]}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<16384xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %0 = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1]>>
        %1 = "memref.reinterpret_cast"(%0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1]>>) -> memref<8192xi8>
        "aiex.run"(%arg0, %1) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %0 = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8192>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1], offset: 8192>>
        %1 = "memref.reinterpret_cast"(%0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1], offset: 8192>>) -> memref<8192xi8>
        "aiex.run"(%arg1, %1) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> {controller_id = #aie.packet_info<pkt_type = 0, pkt_id = 15>} : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      %a0 = "arith.constant"() <{value = 212992 : i32}> : () -> i32
      %v0 = "arith.constant"() <{value = 31232 : i32}> : () -> i32
      "aiex.npu.write32"(%a0, %v0) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // AS-E2: :[[# @LINE + 1]]:7: error: 'aiex.npu.address_patch' op has the IR era E3/E4 form, but the module is checked as E2: has attribute 'operandSegmentSizes', but the op has no AttrSizedOperandSegments
      "aiex.npu.address_patch"(%p, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %a1 = "arith.constant"() <{value = 119308 : i32}> : () -> i32
      %v1 = "arith.constant"() <{value = -2147483633 : i32}> : () -> i32
      "aiex.npu.write32"(%a1, %v1) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq_b", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{axcache = 2 : i32, bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      "aiex.npu.address_patch"(%p, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      "aiex.npu.dma_memcpy_nd"(%arg0) <{axcache = 3 : i64, id = 0 : i64, metadata = @in0, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
    }) : () -> ()
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in0"}> : (index) -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// After inlining and resolving: the second design's patch reaches its slice through arg_plus.
// CHECK: "aiex.npu.load_pdi"() <{device_ref = @dev_b}>
// CHECK: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq", trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 8192>]}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<16384xi8>):
      "aiex.npu.load_pdi"() <{device_ref = @dev_a}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %p0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      "aiex.npu.address_patch"(%p0) <{addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
      "aiex.npu.load_pdi"() <{device_ref = @dev_b}> : () -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %p1 = "arith.constant"() <{value = 8192 : i32}> : () -> i32
      "aiex.npu.address_patch"(%p1) <{addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
