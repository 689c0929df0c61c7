// aie-trace-verify-patches follows a patch's buffer operand with mlir-aie's rules (views.py,
// after traceSubviewToBlockArgument): a buffer that -aie-resolve-address-patch-buffers would
// refuse is an error here too, even where its offset could be computed.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-verify-patches

aie.device(npu1_1col) @main {
  aie.runtime_sequence @main_seq(%arg0: memref<8192xi8>) {
    aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
    %plus = arith.constant 0 : i32
    %view = memref.subview %arg0[0] [64] [2] : memref<8192xi8> to memref<64xi8, strided<[2]>>
    // expected-error@+1 {{the buffer operand is not an argument of the enclosing runtime sequence or a static contiguous view of one: mlir-aie's -aie-resolve-address-patch-buffers refuses it}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<64xi8, strided<[2]>> {addr = 119268 : ui32}
  }
}
