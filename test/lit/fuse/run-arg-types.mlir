// An aiex.run operand must have its callee parameter's type, as mlir-aie's verifier requires
// (test/dialect/AIEX/run_error_arg_type_mismatch.mlir at ccce224d): aie-trace-fuse-buffers reports it at the run.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers

// a scalar passed for a memref
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: i32) {
      aiex.configure @dev_a {
        // expected-error@+1 {{argument 0 type mismatch: expected memref<256xi32> but got i32}}
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
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<12xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{argument 0 type mismatch: expected memref<24xi32> but got memref<12xi32>}}
        aiex.run @seq_a(%arg0) : (memref<12xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<24xi32>) {
    }
  }
}
