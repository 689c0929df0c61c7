// A buffer patch without its required `addr` (AIEX.td: NpuAddressPatchOp) is one located error,
// never a patch built from the missing attribute.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-resolve-patch-buffers

module {
  "aie.device"() <{device = 5 : i32, sym_name = "dev"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      %c0 = arith.constant 0 : i64
      // expected-error@+1 {{'aiex.npu.address_patch' op requires attribute 'addr'}}
      "aiex.npu.address_patch"(%c0, %arg0) <{operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<16xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
