// The definitions of the main-line ops (AIEX.td and AIEOps.td at 93d0a7cc) are enforced: a reset
// outside a sequence (HasParent), `aligned` that is no bool, a scratchpad size that is no ui32, a
// preempt without its level.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-check-ir -o /dev/null

aie.device(npu2) @m {
  %t = aie.tile(0, 2)
  // expected-error@+1 {{'aiex.core_reset' op expects parent op 'aie.runtime_sequence'}}
  "aiex.core_reset"(%t) : (index) -> ()
  // expected-error@+1 {{'aie.buffer' op attribute 'aligned' failed to satisfy constraint: bool attribute (got 1 : i32)}}
  %buf = aie.buffer(%t) {aligned = 1 : i32} : memref<16xi32>
  aie.runtime_sequence @seq() {
    // expected-error@+1 {{'aiex.npu.create_scratchpad' op attribute 'size' failed to satisfy constraint: 32-bit unsigned integer attribute (got 128 : i32)}}
    "aiex.npu.create_scratchpad"() <{size = 128 : i32}> : () -> ()
    // expected-error@+1 {{'aiex.npu.preempt' op requires attribute 'level'}}
    "aiex.npu.preempt"() : () -> ()
  }
}
