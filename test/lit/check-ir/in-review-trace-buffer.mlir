// The discardable 'aie.trace_buffer' dictionary of mlir-aie PR #3652 while it was in review is
// never passed over: aie-trace-check-ir refuses it with one located error naming the form.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-check-ir
aie.device(npu1_1col) @dev_a {
  // expected-error@+1 {{carries 'aie.trace_buffer' as a discardable dictionary, the form of mlir-aie PR #3652 while it was in review; the merged form is the inherent 'trace_buffer' property}}
  aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) attributes {aie.trace_buffer = {arg_index = 1 : i32, offset = 0 : i32, size = 8192 : i32}} {
  }
}
