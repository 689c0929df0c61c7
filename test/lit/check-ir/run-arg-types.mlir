// An aiex.run operand must have its callee parameter's type, as mlir-aie's verifier requires
// (test/dialect/AIEX/run_error_arg_type_mismatch.mlir at ccce224d): aie-trace-check-ir reports it at the run.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir

// a scalar passed for a memref
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: i32):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{argument 0 type mismatch: expected memref<256xi32> but got i32}}
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
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<12xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{argument 0 type mismatch: expected memref<24xi32> but got memref<12xi32>}}
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
