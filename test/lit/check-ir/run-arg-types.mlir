// What an aiex.run passes is no longer checked against its callee by aiex.run's verifier: mlir-aie
// moved the check into -aie-materialize-runtime-sequences (verifyRunOpsInConfigureOp; a verifier's
// cross-device lookup races, test/dialect/AIEX/error_run_op.mlir), so aie-opt accepts these runs
// and aie-trace-check-ir does too; aie-trace-materialize refuses them (materialize/error-run-op.mlir).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir | FileCheck %s
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-materialize 2>&1 | FileCheck %s --check-prefix=MAT

// a scalar passed for a memref
// CHECK-LABEL: sym_name = "main_seq"
// CHECK: "aiex.run"(%{{.*}}) <{runtime_sequence_symbol = @seq_a}> : (i32) -> ()
// MAT: error: 'aiex.run' op argument 0 type mismatch: expected memref<256xi32> but got i32
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: i32):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (i32) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<256xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a smaller memref passed for a larger one
// CHECK-LABEL: sym_name = "main_seq"
// CHECK: "aiex.run"(%{{.*}}) <{runtime_sequence_symbol = @seq_a}> : (memref<12xi32>) -> ()
// MAT: error: 'aiex.run' op argument 0 type mismatch: expected memref<24xi32> but got memref<12xi32>
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<12xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<12xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<24xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
