// aie-trace-verify-patches reads `aie.trace_buffer_arg = N : i32` (the tagged trace-argument form of
// mlir-aie's full-ELF control-packet flow, test/dialect/AIEX/conform_overlay_trace_buffer.mlir) as
// naming the trace buffer, wherever the argument sits: a trace BD started under a tagged sequence
// must write inside what argument N is bound to.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// A configuration's own sequence, dispatched: trace lowering appended the trace buffer and tagged
// it argument #1, between the data buffers. Its trace patch names host buffer #2, the output, which
// is large enough to hold the BD's bytes: only the tag says this is the wrong buffer.
aie.device(npu2) @config_1 {
  %shim = aie.tile(0, 0)
  %core = aie.tile(0, 2)
  aie.packet_flow(1) {
    aie.packet_source<%core, Trace : 0>
    aie.packet_dest<%shim, DMA : 1>
  } {keep_pkt_header = true}
  aie.runtime_sequence @sequence(%in: memref<64xi32>, %trace: memref<8192xi8>, %out: memref<4096xi32>) attributes {aie.trace_buffer_arg = 1 : i32} {
    aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
    // expected-error@+1 {{this trace lands at [0, 8192) of host buffer #2 of @config_1:@sequence, but @config_1:@sequence tags argument #1 as its trace buffer ('aie.trace_buffer_arg'), which lies at [0, 8192) of host buffer #1}}
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}
    aiex.npu.write32 {address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}
  }
}

// -----

// The same sequence with its patch on the tagged argument: the tag is not the last argument, and
// nothing is reported.
aie.device(npu2) @config_1 {
  %shim = aie.tile(0, 0)
  %core = aie.tile(0, 2)
  aie.packet_flow(1) {
    aie.packet_source<%core, Trace : 0>
    aie.packet_dest<%shim, DMA : 1>
  } {keep_pkt_header = true}
  aie.runtime_sequence @sequence(%in: memref<64xi32>, %trace: memref<8192xi8>, %out: memref<4096xi32>) attributes {aie.trace_buffer_arg = 1 : i32} {
    aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
    aiex.npu.write32 {address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}
  }
}

// -----

// IR era E4, through the host sequence that wraps the configuration: the patch's buffer operand is
// the output. Reported in the wrapper's terms, at the callee's patch, and again for the
// configuration's sequence dispatched on its own.
module {
  aie.device(npu2) @overlay_host {
    aie.runtime_sequence @seq_1(%a0: memref<64xi32>, %t: memref<8192xi8>, %a2: memref<4096xi32>) {
      aiex.configure @config_1 {
        aiex.run @sequence(%a0, %t, %a2) : (memref<64xi32>, memref<8192xi8>, memref<4096xi32>)
      }
    }
  }
  aie.device(npu2) @config_1 {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @sequence(%in: memref<64xi32>, %trace: memref<8192xi8>, %out: memref<4096xi32>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i64
      // expected-error@+2 {{this trace lands at [0, 8192) of host buffer #2 of @overlay_host:@seq_1, but @config_1:@sequence tags argument #1 as its trace buffer ('aie.trace_buffer_arg'), which lies at [0, 8192) of host buffer #1}}
      // expected-error@+1 {{this trace lands at [0, 8192) of host buffer #2 of @config_1:@sequence, but @config_1:@sequence tags argument #1}}
      aiex.npu.address_patch(%plus : i64) buffer %out : memref<4096xi32> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// The same in E4 with the patch on the tagged argument: nothing is reported, from the wrapper nor
// from the configuration's sequence dispatched on its own.
module {
  aie.device(npu2) @overlay_host {
    aie.runtime_sequence @seq_1(%a0: memref<64xi32>, %t: memref<8192xi8>, %a2: memref<4096xi32>) {
      aiex.configure @config_1 {
        aiex.run @sequence(%a0, %t, %a2) : (memref<64xi32>, memref<8192xi8>, memref<4096xi32>)
      }
    }
  }
  aie.device(npu2) @config_1 {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @sequence(%in: memref<64xi32>, %trace: memref<8192xi8>, %out: memref<4096xi32>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i64
      aiex.npu.address_patch(%plus : i64) buffer %trace : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// A tag that names no argument is the tag's error, at its sequence.
aie.device(npu2) @config_1 {
  %shim = aie.tile(0, 0)
  %core = aie.tile(0, 2)
  aie.packet_flow(1) {
    aie.packet_source<%core, Trace : 0>
    aie.packet_dest<%shim, DMA : 1>
  } {keep_pkt_header = true}
  // expected-error@+1 {{'aie.trace_buffer_arg' must be an i32 naming a memref argument of @config_1:@sequence (3 arguments)}}
  aie.runtime_sequence @sequence(%in: memref<64xi32>, %trace: memref<8192xi8>, %out: memref<4096xi32>) attributes {aie.trace_buffer_arg = 3 : i32} {
    aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
    aiex.npu.write32 {address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}
  }
}
