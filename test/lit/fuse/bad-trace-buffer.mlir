// A trace_buffer record whose arg_index names no memref argument of its sequence is one located
// error (not a crash, and no layout written from it).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers -o /dev/null

aie.device(npu1_1col) @dev_a {
  // expected-error@+1 {{@a trace_buffer: arg_index 2 but the sequence has 2 argument(s)}}
  aie.runtime_sequence @a(%a: memref<16xi32>, %t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 64, dedicated = true>} {
  }
}

// -----

aie.device(npu1_1col) @dev_a {
  // expected-error@+1 {{@b trace_buffer: argument 1 is not a memref}}
  aie.runtime_sequence @b(%a: memref<16xi32>, %n: i32, %t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 64, dedicated = true>} {
  }
}
