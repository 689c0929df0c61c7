// What an aiex.run passes is no longer checked against its callee by aiex.run's verifier: mlir-aie
// moved the check into -aie-materialize-runtime-sequences (verifyRunOpsInConfigureOp; a verifier's
// cross-device lookup races, test/dialect/AIEX/error_run_op.mlir), so aie-opt accepts these runs
// and aie-trace-check-ir does too; aie-trace-materialize refuses them (materialize/error-run-op.mlir).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir | FileCheck %s
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-materialize 2>&1 | FileCheck %s --check-prefix=MAT

// a scalar passed for a memref
// CHECK-LABEL: @main_seq(
// CHECK: aiex.run @seq_a(%{{.*}}) : (i32)
// MAT: error: 'aiex.run' op argument 0 type mismatch: expected memref<256xi32> but got i32
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: i32) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (i32)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<256xi32>) {
    }
  }
}

// -----

// a smaller memref passed for a larger one
// CHECK-LABEL: @main_seq(
// CHECK: aiex.run @seq_a(%{{.*}}) : (memref<12xi32>)
// MAT: error: 'aiex.run' op argument 0 type mismatch: expected memref<24xi32> but got memref<12xi32>
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<12xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<12xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<24xi32>) {
    }
  }
}
