// The host sequence aiecc built around a configuration before trace lowering appended and tagged
// the trace buffer (mlir-aie's test/dialect/AIEX/conform_overlay_trace_buffer.mlir): its run is one
// operand short, and aie-trace-verify-patches names the missing parameter as the tagged trace
// buffer (and, inlined verbatim, the trace patch would name a host buffer the wrapper lacks). Once aie-trace-materialize has conformed the wrapper, every patch lands in it.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %s -aie-trace-materialize -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -aie-trace-verify-patches -aie-trace-materialize \
// RUN:   -aie-trace-verify-patches -o /dev/null
module {
  aie.device(npu2) @overlay_host {
    aie.runtime_sequence @seq_1(%a0: memref<64xi32>, %a1: memref<4096xi32>) {
      aiex.configure @config_1 {
        // expected-error@+1 {{one argument short: passes 2 operand(s) but @config_1:@sequence takes 3; parameter #2 (memref<8192xi8>) is not passed: it is the trace buffer @config_1:@sequence tags ('aie.trace_buffer_arg'), which aie-trace-materialize threads into the calling sequence (mlir-aie's conform step) and aie-trace-fuse-buffers passes as a slice}}
        aiex.run @sequence(%a0, %a1) : (memref<64xi32>, memref<4096xi32>)
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
    aie.runtime_sequence @sequence(%in: memref<64xi32>, %out: memref<4096xi32>, %trace: memref<8192xi8>) attributes {aie.trace_buffer_arg = 2 : i32} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      // expected-error@+1 {{in @overlay_host:@seq_1 (call path '0') this patch names host buffer #2, but @overlay_host:@seq_1 has 2 host buffer(s): the DMA writes nowhere}}
      aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = 0 : i32}
      aiex.npu.write32 {address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}
    }
  }
}
