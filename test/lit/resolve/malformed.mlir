// A buffer patch without its required `addr` (AIEX.td: NpuAddressPatchOp) is one located error,
// never a patch built from the missing attribute.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-resolve-patch-buffers

aie.device(npu1_1col) @dev {
  aie.runtime_sequence @seq(%arg0: memref<16xi32>) {
    %c0 = arith.constant 0 : i64
    // expected-error@+1 {{'aiex.npu.address_patch' op requires attribute 'addr'}}
    aiex.npu.address_patch(%c0 : i64) buffer %arg0 : memref<16xi32>
  }
}
