// #aie.trace_buffer<arg_index, offset, size, dedicated> and #aie.trace_slice<device, sequence,
// offset, size>: exact parameter names, order and kinds; nothing extra.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E3'
// Chunks in generic form hold what the custom form cannot say (a region without a block).

"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_slices' failed to satisfy constraint: array of #aie.trace_slice<device, sequence, offset, size>: element #1 has unexpected parameter 'column'}}
    "aie.runtime_sequence"() <{trace_slices = [#aie.trace_slice<device = "a", sequence = "s", offset = 0, size = 64>, #aie.trace_slice<device = "b", sequence = "s", offset = 64, size = 64, column = 2>]}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_slices' failed to satisfy constraint: array of #aie.trace_slice<device, sequence, offset, size>: element #0 is missing parameter 'size'}}
    "aie.runtime_sequence"() <{sym_name = "a", trace_slices = [#aie.trace_slice<device = "a", sequence = "s", offset = 0>]}> ({
    }) : () -> ()
    // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_slices' failed to satisfy constraint: array of #aie.trace_slice<device, sequence, offset, size>: element #0 parameter 'device' must be a quoted string, got dev_a}}
    "aie.runtime_sequence"() <{sym_name = "b", trace_slices = [#aie.trace_slice<device = dev_a, sequence = "s", offset = 0, size = 64>]}> ({
    }) : () -> ()
    // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_slices' failed to satisfy constraint: array of #aie.trace_slice<device, sequence, offset, size>: element #0 is not a #aie.trace_slice: #aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = true>}}
    "aie.runtime_sequence"() <{sym_name = "c", trace_slices = [#aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = true>]}> ({
    }) : () -> ()
    // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_slices' failed to satisfy constraint: array of #aie.trace_slice<device, sequence, offset, size> (got #aie.trace_slice<device = "a", sequence = "s", offset = 0, size = 64>)}}
    "aie.runtime_sequence"() <{sym_name = "d", trace_slices = #aie.trace_slice<device = "a", sequence = "s", offset = 0, size = 64>}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

aie.device(npu1_1col) {
  // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_buffer' failed to satisfy constraint: #aie.trace_buffer<arg_index, offset, size, dedicated>: must list its parameters in the order arg_index, offset, size, dedicated}}
  aie.runtime_sequence @a(%t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<offset = 0, arg_index = 0, size = 64, dedicated = true>} {
  }
  // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_buffer' failed to satisfy constraint: #aie.trace_buffer<arg_index, offset, size, dedicated>: parameter 'dedicated' must be true or false, got 1}}
  aie.runtime_sequence @b(%t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = 1>} {
  }
  // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_buffer' failed to satisfy constraint: #aie.trace_buffer<arg_index, offset, size, dedicated>: parameter 'size' must be an unsigned 32-bit integer, got 4294967296}}
  aie.runtime_sequence @c(%t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 4294967296, dedicated = true>} {
  }
  // expected-error@+1 {{'aie.runtime_sequence' op attribute 'trace_buffer' failed to satisfy constraint: #aie.trace_buffer<arg_index, offset, size, dedicated>: has unexpected parameter 'slices'}}
  aie.runtime_sequence @d(%t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = true, slices = 2>} {
  }
}

// -----

// arg_index counts block arguments and must name a memref one.
aie.device(npu1_1col) {
  // expected-error@+1 {{'aie.runtime_sequence' op trace_buffer arg_index 2 names no argument of the sequence (2 arguments)}}
  aie.runtime_sequence @a(%a: memref<16xi32>, %t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 64, dedicated = true>} {
  }
  // expected-error@+1 {{'aie.runtime_sequence' op trace_buffer arg_index 1 names an argument of type 'i32', not a memref}}
  aie.runtime_sequence @b(%a: memref<16xi32>, %n: i32, %t: memref<64xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 64, dedicated = true>} {
  }
}
