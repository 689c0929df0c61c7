// The tagged trace-argument form (`aie.trace_buffer_arg = N : i32`, mlir-aie's full-ELF
// control-packet flow; test/dialect/AIEX/conform_overlay_trace_buffer.mlir) is a form beside the
// IR eras: a well-formed tag passes in any era, and a tag that is not an i32 naming a memref
// argument is one located error at its sequence.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir -o /dev/null

// E1, tagged: clean.
aie.device(npu2) @cfg {
  aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
  }
}

// -----

// E4, tagged argument not the last: clean.
aie.device(npu2) @cfg {
  aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>, %a2: memref<16xi32>) attributes {aie.trace_buffer_arg = 1 : i32} {
    %p = arith.constant 0 : i64
    aiex.npu.address_patch(%p : i64) buffer %trace : memref<64xi8> {addr = 119268 : ui32}
  }
}

// -----

// A tag naming a data argument that is not a memref, and one of the wrong type.
aie.device(npu2) @cfg {
  // expected-error@+1 {{'aie.trace_buffer_arg' must be an i32 naming a memref argument of @cfg:@scalar (2 arguments)}}
  aie.runtime_sequence @scalar(%a0: memref<16xi32>, %n: i32) attributes {aie.trace_buffer_arg = 1 : i32} {
  }
  // expected-error@+1 {{'aie.trace_buffer_arg' must be an i32 naming a memref argument of @cfg:@wide (2 arguments)}}
  aie.runtime_sequence @wide(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i64} {
  }
}
