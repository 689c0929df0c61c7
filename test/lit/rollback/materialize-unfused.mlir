// A pass that fails leaves the module as it was. aie-trace-materialize on a module whose runs do
// not pass their callees' trace argument (it was never fused) inlines the first configure, then
// inserts the second one's load_pdi before it finds the run one argument short: the error is
// located at that run, and the module is back as it was (no load_pdi, both configures, both runs).
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-materialize
// RUN: not aie-trace-opt %s -aie-trace-materialize --mlir-print-ir-after-failure 2>&1 \
// RUN:   | FileCheck %s
// RUN: not aie-trace-opt %s -aie-trace-materialize --mlir-print-ir-after-failure 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-PDI
// RUN: not aie-trace-opt %s -aie-trace-materialize 2>/dev/null | wc -c | FileCheck %s --check-prefix=NO-OUTPUT
// (The IR dump after the failure is printed in generic form whatever the input's form.)

// CHECK: materialize-unfused.mlir:{{[0-9]+}}:9: error: 'aiex.run' op argument count mismatch: expected 2 but got 1
// CHECK-NEXT: // -----// IR Dump After Materialize Failed: aie-trace-materialize //----- //
// CHECK-LABEL: "aie.runtime_sequence"() <{sym_name = "main_seq"}>
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>):
// CHECK-NEXT: "aiex.configure"() <{symbol = @dev_b}>
// CHECK-NEXT: "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_b}>
// CHECK: "aiex.configure"() <{symbol = @dev_a}>
// CHECK-NEXT: "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}>
// CHECK-LABEL: "aie.runtime_sequence"() <{sym_name = "seq_a"}>
// CHECK-LABEL: "aie.runtime_sequence"() <{sym_name = "seq_b"}>
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>):
// CHECK: "aiex.npu.write32"
// NO-OUTPUT: {{^ *0$}}
// NO-PDI: IR Dump After Materialize Failed
// NO-PDI-NOT: load_pdi
// NO-PDI: {{^\}$}}

module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_b {
        aiex.run @seq_b(%arg0) : (memref<64xi32>)
      }
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.run' op argument count mismatch: expected 2 but got 1}}
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<8192xi8>) {
    }
  }
  aie.device(npu1_1col) @dev_b {
    aie.runtime_sequence @seq_b(%arg0: memref<64xi32>) {
      %a = arith.constant 119308 : i32
      %v = arith.constant 1 : i32
      aiex.npu.write32(%a, %v) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
