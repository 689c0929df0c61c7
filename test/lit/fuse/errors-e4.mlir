// Every refusal of aie-trace-fuse-buffers is one located error, in
// IR era E4 (mlir-aie PR #3718: 64-bit arg_plus).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers='era=E4'

// a run of a design that writes its trace into its own output buffer (mlir-aie's own test).
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{calls a design that sets trace.host_config reuse_output_buffer=true. That design writes its trace data into its own output buffer, so this call site has no argument to slice. Slicing an output buffer is not supported. Use a separate trace buffer instead}}
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 256, size = 8192, dedicated = false>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 256 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg0 : memref<64xi32> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a caller that writes its own trace into its output buffer cannot grow it for a callee (mlir-aie's own test).
module {
  aie.device(npu1_1col) @main {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    // expected-error@+1 {{runs traced designs and sets trace.host_config reuse_output_buffer=true. Growing the output buffer to hold their slices is not supported. Use a separate trace buffer instead}}
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 256, size = 4096, dedicated = false>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 256 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg0 : memref<64xi32> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a run that leaves out a parameter other than the appended trace buffer.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{passes 1 operand(s) but @dev_a:@seq_a takes 3: parameter #1 (memref<64xi32>) is missing}}
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg2 : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a callee that its device does not hold.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{cannot resolve callee: aie.device @dev_a has no aie.runtime_sequence @nope (it has: @seq_a)}}
        aiex.run @nope(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a configure of a device the module does not hold.
aie.device(npu1_1col) @main {
  aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
    aiex.configure @dev_x {
      // expected-error@+1 {{cannot resolve callee: no aie.device @dev_x}}
      aiex.run @seq_a(%arg0) : (memref<64xi32>)
    }
  }
}

// -----

// runs that form a cycle.
module {
  aie.device(npu1_1col) @dev_x {
    aie.runtime_sequence @sx(%arg0: memref<64xi32>) {
      aiex.configure @dev_y {
        aiex.run @sy(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_y {
    aie.runtime_sequence @sy(%arg0: memref<64xi32>) {
      aiex.configure @dev_x {
        // expected-error@+1 {{aiex.run calls form a cycle: @dev_x:@sx -> @dev_y:@sy -> @dev_x:@sx}}
        aiex.run @sx(%arg0) : (memref<64xi32>)
      }
    }
  }
}

// -----

// a run that already passes its own buffer for the callee's trace argument.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{already passes a buffer for the trace argument #1 of @dev_a:@seq_a that is not its region (offset 0)}}
        aiex.run @seq_a(%arg0, %arg1) : (memref<64xi32>, memref<8192xi8>)
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a fused buffer over 4 GiB (three 1.5 GiB traces; E4's i64 arg_plus would hold the offsets).
module {
  aie.device(npu1_1col) @main {
    // expected-error@+1 {{the fused trace buffer would be 4831838208 bytes; trace buffers cannot exceed 4 GiB}}
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
      aiex.configure @dev_b {
        aiex.run @seq_b(%arg0) : (memref<64xi32>)
      }
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<1610612736xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 1610612736, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 402653184 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<1610612736xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
  aie.device(npu1_1col) @dev_b {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_b(%arg0: memref<64xi32>, %arg1: memref<1610612736xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 1610612736, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 402653184 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<1610612736xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// a data patch in a callee that names a host buffer the callee does not declare.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %arg1 : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.writebd {bd_id = 3 : i32, buffer_length = 16 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %stray = arith.constant 0 : i32
      // expected-error@+1 {{this address_patch names host buffer #7, which @dev_a:@seq_a does not declare}}
      aiex.npu.address_patch(%stray : i32) {addr = 118884 : ui32, arg_idx = 7 : i32}
    }
  }
}
