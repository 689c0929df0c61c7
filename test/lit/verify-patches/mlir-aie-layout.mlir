// A layout as mlir-aie's own -aie-fuse-trace-buffers records it (trace_slices without our
// aie_trace.slice_paths) is checked by device, before materialization as after it.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize -verify-diagnostics -aie-trace-verify-patches -o /dev/null

// two calls of one 8 KiB design, each passed its slice of the 16 KiB buffer: nothing to report.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>, %arg1: memref<16384xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 8192, size = 8192>]} {
      aiex.configure @dev_a {
        %subview = memref.subview %arg1[0] [8192] [1] : memref<16384xi8> to memref<8192xi8, strided<[1]>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1]>> to memref<8192xi8>
        aiex.run @seq_a(%arg0, %reinterpret_cast) : (memref<64xi32>, memref<8192xi8>)
        %subview_0 = memref.subview %arg1[8192] [8192] [1] : memref<16384xi8> to memref<8192xi8, strided<[1], offset: 8192>>
        %reinterpret_cast_1 = memref.reinterpret_cast %subview_0 to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 8192>> to memref<8192xi8>
        aiex.run @seq_a(%arg0, %reinterpret_cast_1) : (memref<64xi32>, memref<8192xi8>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %0 = aie.tile(0, 0)
    %1 = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%1, Trace : 0>
      aie.packet_dest<%0, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %c0_i32 = arith.constant 0 : i32
      aiex.npu.address_patch(%c0_i32 : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      aiex.npu.write32(%c119308_i32, %c-2147483633_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// the second slice names another device: the second call's trace is not covered.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>, %arg1: memref<16384xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_a", offset = 8192, size = 8192>]} {
      aiex.configure @dev_a {
        %subview = memref.subview %arg1[0] [8192] [1] : memref<16384xi8> to memref<8192xi8, strided<[1]>>
        %reinterpret_cast = memref.reinterpret_cast %subview to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1]>> to memref<8192xi8>
        aiex.run @seq_a(%arg0, %reinterpret_cast) : (memref<64xi32>, memref<8192xi8>)
        %subview_0 = memref.subview %arg1[8192] [8192] [1] : memref<16384xi8> to memref<8192xi8, strided<[1], offset: 8192>>
        %reinterpret_cast_1 = memref.reinterpret_cast %subview_0 to offset: [0], sizes: [8192], strides: [1] : memref<8192xi8, strided<[1], offset: 8192>> to memref<8192xi8>
        aiex.run @seq_a(%arg0, %reinterpret_cast_1) : (memref<64xi32>, memref<8192xi8>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %0 = aie.tile(0, 0)
    %1 = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%1, Trace : 0>
      aie.packet_dest<%0, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %c0_i32 = arith.constant 0 : i32
      // expected-error@+1 {{this trace of @dev_a lands at [8192, 16384) of host buffer #1, which no slice of @dev_a in the layout of @main:@main_seq covers}}
      aiex.npu.address_patch(%c0_i32 : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %c119308_i32 = arith.constant 119308 : i32
      %c-2147483633_i32 = arith.constant -2147483633 : i32
      aiex.npu.write32(%c119308_i32, %c-2147483633_i32) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
