// IR that mlir-aie's op definitions forbid (AIEX.td: aiex.configure's `symbol` is required) is
// one located error, never IR built from the missing attribute.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-materialize

aie.device(npu1_1col) @main {
  aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
    // expected-error@+1 {{'aiex.configure' op requires attribute 'symbol'}}
    "aiex.configure"() ({
    }) : () -> ()
  }
}
