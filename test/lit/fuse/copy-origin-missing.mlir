// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -verify-diagnostics
// RUN: aie-trace-opt %s -aie-trace-check-ir -verify-diagnostics
// A specialized copy whose origin is not a sequence of its device (a damaged or hand-edited
// module) is a located error, not an internal one: the same error in fuse and check-ir (and
// verify-patches, test_fuse_verify.py), which read aie_trace.specialized_from alike.

module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<20480xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %subview = memref.subview %arg2[0] [8192] [1] : memref<20480xi8> to memref<8192xi8, strided<[1]>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1]>> to memref<8192xi8>
        "aiex.run"(%arg0, %reinterpret_cast) {runtime_sequence_symbol = @seq_a.main_seq.0} : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        %subview = memref.subview %arg2[8192] [4096] [1] : memref<20480xi8> to memref<4096xi8, strided<[1], offset: 8192>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [4096], strides: [1] : memref<4096xi8, strided<[1], offset: 8192>> to memref<4096xi8>
        "aiex.run"(%arg1, %reinterpret_cast) {runtime_sequence_symbol = @seq_b.main_seq.1} : (memref<64xi32>, memref<4096xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %subview = memref.subview %arg2[12288] [8192] [1] : memref<20480xi8> to memref<8192xi8, strided<[1], offset: 12288>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 12288>> to memref<8192xi8>
        "aiex.run"(%arg0, %reinterpret_cast) {runtime_sequence_symbol = @seq_a.main_seq.2} : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
    }) {aie_trace.slice_paths = ["0", "1", "2"], aie_trace.trace_buffer = {arg_index = 2 : i64, dedicated = true, offset = 0 : i64, size = 20480 : i64}, aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}, {device = "dev_b", offset = 8192 : i64, sequence = "seq_b", size = 4096 : i64}, {device = "dev_a", offset = 12288 : i64, sequence = "seq_a", size = 8192 : i64}]} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %1 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%1) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%0) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      "aiex.npu.write32"(%c212992_i32, %c31232_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%c213200_i32, %c2038038528_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213204_i32 = arith.constant 213204 : i32
      %c1_i32 = arith.constant 1 : i32
      "aiex.npu.write32"(%c213204_i32, %c1_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213216_i32 = arith.constant 213216 : i32
      %c8737_i32 = arith.constant 8737 : i32
      "aiex.npu.write32"(%c213216_i32, %c8737_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      "aiex.npu.write32"(%c213220_i32, %c0_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_0 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_0) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%c119304_i32, %c3840_i32, %c65280_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%c119308_i32, %c-2147483633_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c212992_i32_1 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      "aiex.npu.write32"(%c212992_i32_1, %c32512_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213068_i32, %c127_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_2 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213000_i32, %c127_i32_2) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_3 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_3) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %c119316_i32 = arith.constant 119316 : i32
      %c-2147483648_i32 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%c119316_i32, %c-2147483648_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c0_i32_4 = arith.constant 0 : i32
      %c0_i32_5 = arith.constant 0 : i32
      %c1_i32_6 = arith.constant 1 : i32
      %c0_i32_7 = arith.constant 0 : i32
      %c1_i32_8 = arith.constant 1 : i32
      %c1_i32_9 = arith.constant 1 : i32
      "aiex.npu.sync"(%c0_i32_4, %c0_i32_5, %c1_i32_6, %c0_i32_7, %c1_i32_8, %c1_i32_9) : (i32, i32, i32, i32, i32, i32) -> ()
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213064_i32, %c126_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32_10 = arith.constant 213000 : i32
      %c126_i32_11 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213000_i32_10, %c126_i32_11) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie_trace.slice_paths = [""], aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 8192 : i64}, aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 8192 : i64}]} : () -> ()
    // expected-error@+1 {{'aie_trace.specialized_from' names @seq_gone, which is not a runtime sequence of this copy's device}}
    "aie.runtime_sequence"() <{sym_name = "seq_a.main_seq.0"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      "aiex.npu.write32"(%c212992_i32, %c31232_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%c213200_i32, %c2038038528_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213204_i32 = arith.constant 213204 : i32
      %c1_i32 = arith.constant 1 : i32
      "aiex.npu.write32"(%c213204_i32, %c1_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213216_i32 = arith.constant 213216 : i32
      %c8737_i32 = arith.constant 8737 : i32
      "aiex.npu.write32"(%c213216_i32, %c8737_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      "aiex.npu.write32"(%c213220_i32, %c0_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_0 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_0) <{addr = 119268 : ui32, arg_idx = 2 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%c119304_i32, %c3840_i32, %c65280_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%c119308_i32, %c-2147483633_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c212992_i32_1 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      "aiex.npu.write32"(%c212992_i32_1, %c32512_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213068_i32, %c127_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_2 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213000_i32, %c127_i32_2) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_3 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_3) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %c119316_i32 = arith.constant 119316 : i32
      %c-2147483648_i32 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%c119316_i32, %c-2147483648_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c0_i32_4 = arith.constant 0 : i32
      %c0_i32_5 = arith.constant 0 : i32
      %c1_i32_6 = arith.constant 1 : i32
      %c0_i32_7 = arith.constant 0 : i32
      %c1_i32_8 = arith.constant 1 : i32
      %c1_i32_9 = arith.constant 1 : i32
      "aiex.npu.sync"(%c0_i32_4, %c0_i32_5, %c1_i32_6, %c0_i32_7, %c1_i32_8, %c1_i32_9) : (i32, i32, i32, i32, i32, i32) -> ()
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213064_i32, %c126_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32_10 = arith.constant 213000 : i32
      %c126_i32_11 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213000_i32_10, %c126_i32_11) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie_trace.specialized_from = @seq_gone, sym_visibility = "private"} : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a.main_seq.2"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      "aiex.npu.write32"(%c212992_i32, %c31232_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%c213200_i32, %c2038038528_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213204_i32 = arith.constant 213204 : i32
      %c1_i32 = arith.constant 1 : i32
      "aiex.npu.write32"(%c213204_i32, %c1_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213216_i32 = arith.constant 213216 : i32
      %c8737_i32 = arith.constant 8737 : i32
      "aiex.npu.write32"(%c213216_i32, %c8737_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      "aiex.npu.write32"(%c213220_i32, %c0_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c12288_i32 = arith.constant 12288 : i32
      "aiex.npu.address_patch"(%c12288_i32) <{addr = 119268 : ui32, arg_idx = 2 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%c119304_i32, %c3840_i32, %c65280_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%c119308_i32, %c-2147483633_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c212992_i32_0 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      "aiex.npu.write32"(%c212992_i32_0, %c32512_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213068_i32, %c127_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_1 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213000_i32, %c127_i32_1) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_2 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_2) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %c119316_i32 = arith.constant 119316 : i32
      %c-2147483648_i32 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%c119316_i32, %c-2147483648_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c0_i32_3 = arith.constant 0 : i32
      %c0_i32_4 = arith.constant 0 : i32
      %c1_i32_5 = arith.constant 1 : i32
      %c0_i32_6 = arith.constant 0 : i32
      %c1_i32_7 = arith.constant 1 : i32
      %c1_i32_8 = arith.constant 1 : i32
      "aiex.npu.sync"(%c0_i32_3, %c0_i32_4, %c1_i32_5, %c0_i32_6, %c1_i32_7, %c1_i32_8) : (i32, i32, i32, i32, i32, i32) -> ()
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213064_i32, %c126_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32_9 = arith.constant 213000 : i32
      %c126_i32_10 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213000_i32_9, %c126_i32_10) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie_trace.specialized_from = @seq_a, sym_visibility = "private"} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %1 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 2 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%1) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%0) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      "aiex.npu.write32"(%c212992_i32, %c31232_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%c213200_i32, %c2038038528_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213204_i32 = arith.constant 213204 : i32
      %c2_i32 = arith.constant 2 : i32
      "aiex.npu.write32"(%c213204_i32, %c2_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213216_i32 = arith.constant 213216 : i32
      %c2433569_i32 = arith.constant 2433569 : i32
      "aiex.npu.write32"(%c213216_i32, %c2433569_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      "aiex.npu.write32"(%c213220_i32, %c0_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_0 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_0) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%c119304_i32, %c3840_i32, %c65280_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%c119308_i32, %c-2147483633_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c212992_i32_1 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      "aiex.npu.write32"(%c212992_i32_1, %c32512_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213068_i32, %c127_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_2 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213000_i32, %c127_i32_2) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_3 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_3) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      %c119316_i32 = arith.constant 119316 : i32
      %c-2147483648_i32 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%c119316_i32, %c-2147483648_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c0_i32_4 = arith.constant 0 : i32
      %c0_i32_5 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c0_i32_6 = arith.constant 0 : i32
      %c1_i32_7 = arith.constant 1 : i32
      %c1_i32_8 = arith.constant 1 : i32
      "aiex.npu.sync"(%c0_i32_4, %c0_i32_5, %c1_i32, %c0_i32_6, %c1_i32_7, %c1_i32_8) : (i32, i32, i32, i32, i32, i32) -> ()
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213064_i32, %c126_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32_9 = arith.constant 213000 : i32
      %c126_i32_10 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213000_i32_9, %c126_i32_10) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie_trace.slice_paths = [""], aie_trace.trace_buffer = {arg_index = 1 : i64, dedicated = true, offset = 0 : i64, size = 4096 : i64}, aie_trace.trace_slices = [{device = "dev_b", offset = 0 : i64, sequence = "seq_b", size = 4096 : i64}]} : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b.main_seq.1"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      "aiex.npu.write32"(%c212992_i32, %c31232_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%c213200_i32, %c2038038528_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213204_i32 = arith.constant 213204 : i32
      %c2_i32 = arith.constant 2 : i32
      "aiex.npu.write32"(%c213204_i32, %c2_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213216_i32 = arith.constant 213216 : i32
      %c2433569_i32 = arith.constant 2433569 : i32
      "aiex.npu.write32"(%c213216_i32, %c2433569_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      "aiex.npu.write32"(%c213220_i32, %c0_i32) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c8192_i32 = arith.constant 8192 : i32
      "aiex.npu.address_patch"(%c8192_i32) <{addr = 119268 : ui32, arg_idx = 2 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%c119304_i32, %c3840_i32, %c65280_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%c119308_i32, %c-2147483633_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c212992_i32_0 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      "aiex.npu.write32"(%c212992_i32_0, %c32512_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213068_i32, %c127_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_1 = arith.constant 127 : i32
      "aiex.npu.write32"(%c213000_i32, %c127_i32_1) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %c0_i32_2 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%c0_i32_2) <{addr = 118788 : ui32, arg_idx = 1 : i32}> {aie_trace.rebased_from = {addr = 118788 : ui32, arg_idx = 0 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %c119316_i32 = arith.constant 119316 : i32
      %c-2147483648_i32 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%c119316_i32, %c-2147483648_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c0_i32_3 = arith.constant 0 : i32
      %c0_i32_4 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c0_i32_5 = arith.constant 0 : i32
      %c1_i32_6 = arith.constant 1 : i32
      %c1_i32_7 = arith.constant 1 : i32
      "aiex.npu.sync"(%c0_i32_3, %c0_i32_4, %c1_i32, %c0_i32_5, %c1_i32_6, %c1_i32_7) : (i32, i32, i32, i32, i32, i32) -> ()
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213064_i32, %c126_i32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %c213000_i32_8 = arith.constant 213000 : i32
      %c126_i32_9 = arith.constant 126 : i32
      "aiex.npu.write32"(%c213000_i32_8, %c126_i32_9) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie_trace.specialized_from = @seq_b, sym_visibility = "private"} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
