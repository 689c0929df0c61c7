// A specialized copy is matched with its original through the provenance fuse records on each
// patch it rebases (aie_trace.rebased_from: the patch of the original it was made from), not by
// position. A patch added to a copy by hand (here at its top, before any rebased one) has no
// provenance: it is checked as written, against the copy's own parameters, and shifts nothing.
// The provenance is the values that identify the original's patch (addr, and arg_idx and arg_plus
// before rebasing), not its position: a patch the original gains later shifts nothing either.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

// An extra in-bounds data patch naming the copy's data buffer, which the call binds unmoved: no error.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<16384xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s0 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1]>>
        %c0 = "memref.reinterpret_cast"(%s0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1]>>) -> memref<8192xi8>
        "aiex.run"(%d, %c0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s1 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8192>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1], offset: 8192>>
        %c1 = "memref.reinterpret_cast"(%s1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1], offset: 8192>>) -> memref<8192xi8>
        "aiex.run"(%d, %c1) <{runtime_sequence_symbol = @seq_a.main_seq.1}> : (memref<64xi32>, memref<8192xi8>) -> ()
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
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a.main_seq.1"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus9 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus9) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 8192 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) {aie_trace.specialized_from = @seq_a, sym_visibility = "private"} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// An extra patch naming the copy's trace parameter, which the call binds at byte 8192 of the fused
// buffer: verbatim inlining lands it at byte 0 instead (only this patch is wrong).
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<16384xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s0 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1]>>
        %c0 = "memref.reinterpret_cast"(%s0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1]>>) -> memref<8192xi8>
        "aiex.run"(%d, %c0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s1 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8192>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1], offset: 8192>>
        %c1 = "memref.reinterpret_cast"(%s1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1], offset: 8192>>) -> memref<8192xi8>
        "aiex.run"(%d, %c1) <{runtime_sequence_symbol = @seq_a.main_seq.1}> : (memref<64xi32>, memref<8192xi8>) -> ()
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
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a.main_seq.1"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
      // expected-error@+3 {{this patch lands at byte 0 of host buffer #1 of @main:@main_seq, but the call binds the buffer it names (host buffer #1 of @dev_a:@seq_a.main_seq.1) to byte 8192 of host buffer #1}}
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus9 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus9) <{addr = 118788 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 8192 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) {aie_trace.specialized_from = @seq_a, sym_visibility = "private"} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// The original gained a data patch at its top after fuse made the copy: the copy's trace patch is
// still paired with the original's trace patch (by position it would be the new data patch and
// report a landing the call does not bind): no error.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<16384xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s0 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1]>>
        %c0 = "memref.reinterpret_cast"(%s0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1]>>) -> memref<8192xi8>
        "aiex.run"(%d, %c0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s1 = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8192>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1], offset: 8192>>
        %c1 = "memref.reinterpret_cast"(%s1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1], offset: 8192>>) -> memref<8192xi8>
        "aiex.run"(%d, %c1) <{runtime_sequence_symbol = @seq_a.main_seq.1}> : (memref<64xi32>, memref<8192xi8>) -> ()
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
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %xplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%xplus) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
      
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a.main_seq.1"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 8192 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> {aie_trace.rebased_from = {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i64}} : (i32) -> ()
      %tq0 = arith.constant 119308 : i32
      %ts0 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tq0, %ts0) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus1 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%dplus1) <{addr = 118788 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) {aie_trace.specialized_from = @seq_a, sym_visibility = "private"} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
