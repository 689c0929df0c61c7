// The same module fused a second time by mlir-aie's pass (what aiecc does to a module that
// aie-trace-fuse-buffers or that pass already fused): every run passes one slice operand more than
// its callee takes. aie-trace-fuse-buffers refuses it at each run, saying why, and leaves it as it
// was.
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -verify-diagnostics -o /dev/null

module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>, %arg1: memref<32768xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 32768, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 8192, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 16384, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 24576, size = 8192>]} {
      aiex.configure @dev_a {
        %subview = memref.subview %arg1[0] [8192] [1] : memref<32768xi8> to memref<8192xi8, strided<[1]>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1]>> to memref<8192xi8>
        %subview_0 = memref.subview %arg1[16384] [8192] [1] : memref<32768xi8> to memref<8192xi8, strided<[1], offset: 16384>>
        %reinterpret_cast_1 = memref.reinterpret_cast %subview_0 to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 16384>> to memref<8192xi8>
        // expected-error@+1 {{passes 3 operand(s) but @dev_a:@seq_a takes 2: the trace buffers of this module were fused twice}}
        aiex.run @seq_a(%arg0, %reinterpret_cast, %reinterpret_cast_1) : (memref<64xi32>, memref<8192xi8>, memref<8192xi8>)
        %subview_2 = memref.subview %arg1[8192] [8192] [1] : memref<32768xi8> to memref<8192xi8, strided<[1], offset: 8192>>
        %reinterpret_cast_3 = memref.reinterpret_cast %subview_2 to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 8192>> to memref<8192xi8>
        %subview_4 = memref.subview %arg1[24576] [8192] [1] : memref<32768xi8> to memref<8192xi8, strided<[1], offset: 24576>>
        %reinterpret_cast_5 = memref.reinterpret_cast %subview_4 to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 24576>> to memref<8192xi8>
        // expected-error@+1 {{passes 3 operand(s) but @dev_a:@seq_a takes 2: the trace buffers of this module were fused twice}}
        aiex.run @seq_a(%arg0, %reinterpret_cast_3, %reinterpret_cast_5) : (memref<64xi32>, memref<8192xi8>, memref<8192xi8>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %0 = aie.tile(0, 0)
    %1 = aie.tile(0, 2)
    aie.shim_dma_allocation @seq_a_in(%0, MM2S, 0)
    aie.packet_flow(1) {
      aie.packet_source<%1, Trace : 0>
      aie.packet_dest<%0, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      %c212992_i32 = arith.constant 212992 : i32
      %c31232_i32 = arith.constant 31232 : i32
      aiex.npu.write32(%c212992_i32, %c31232_i32) {column = 0 : i32, row = 2 : i32} : i32, i32
      %c213200_i32 = arith.constant 213200 : i32
      %c2038038528_i32 = arith.constant 2038038528 : i32
      aiex.npu.write32(%c213200_i32, %c2038038528_i32) {column = 0 : i32, row = 2 : i32} : i32, i32
      %c213204_i32 = arith.constant 213204 : i32
      %c1_i32 = arith.constant 1 : i32
      aiex.npu.write32(%c213204_i32, %c1_i32) {column = 0 : i32, row = 2 : i32} : i32, i32
      %c213216_i32 = arith.constant 213216 : i32
      %c8737_i32 = arith.constant 8737 : i32
      aiex.npu.write32(%c213216_i32, %c8737_i32) {column = 0 : i32, row = 2 : i32} : i32, i32
      %c213220_i32 = arith.constant 213220 : i32
      %c0_i32 = arith.constant 0 : i32
      aiex.npu.write32(%c213220_i32, %c0_i32) {column = 0 : i32, row = 2 : i32} : i32, i32
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %c0_i32_0 = arith.constant 0 : i32
      aiex.npu.address_patch(%c0_i32_0 : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %c119304_i32 = arith.constant 119304 : i32
      %c3840_i32 = arith.constant 3840 : i32
      %c65280_i32 = arith.constant 65280 : i32
      aiex.npu.maskwrite32(%c119304_i32, %c3840_i32, %c65280_i32) {column = 0 : i32, row = 0 : i32} : i32, i32, i32
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      aiex.npu.write32(%c119308_i32, %c-2147483633_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
      %c212992_i32_1 = arith.constant 212992 : i32
      %c32512_i32 = arith.constant 32512 : i32
      aiex.npu.write32(%c212992_i32_1, %c32512_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
      %c213068_i32 = arith.constant 213068 : i32
      %c127_i32 = arith.constant 127 : i32
      aiex.npu.write32(%c213068_i32, %c127_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
      %c213000_i32 = arith.constant 213000 : i32
      %c127_i32_2 = arith.constant 127 : i32
      aiex.npu.write32(%c213000_i32, %c127_i32_2) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @seq_a_in} : memref<64xi32>
      aiex.npu.dma_wait {symbol = @seq_a_in}
      %c213064_i32 = arith.constant 213064 : i32
      %c126_i32 = arith.constant 126 : i32
      aiex.npu.write32(%c213064_i32, %c126_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
      %c213000_i32_3 = arith.constant 213000 : i32
      %c126_i32_4 = arith.constant 126 : i32
      aiex.npu.write32(%c213000_i32_3, %c126_i32_4) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
