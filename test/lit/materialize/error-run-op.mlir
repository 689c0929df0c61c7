// The run checks mlir-aie makes in -aie-materialize-runtime-sequences (verifyRunOpsInConfigureOp,
// moved there out of aiex.run's verifier), one case per case of its
// test/dialect/AIEX/error_run_op.mlir (main line, 2025; docs/ir-eras.md): an unknown sequence
// (with a note at the configured device), too many and too few operands, a wrong element type, a
// symbol that is no sequence, a wrong shape.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

// no sequence of that name
module {
  // expected-note@+1 {{This device does not have a 'run_x' runtime sequence}}
  "aie.device"() <{device = 4 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "run_a"}> ({
    ^bb0(%x: memref<1xi32>):
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "run_b"}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 4 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%x: memref<1xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{No such runtime sequence for device 'dev_a': 'run_x'}}
        "aiex.run"(%x) <{runtime_sequence_symbol = @run_x}> : (memref<1xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// one operand for a sequence of none
module {
  "aie.device"() <{device = 4 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "run_a"}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 4 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%x: memref<1xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'aiex.run' op argument count mismatch: expected 0 but got 1}}
        "aiex.run"(%x) <{runtime_sequence_symbol = @run_a}> : (memref<1xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// one operand for a sequence of two
module {
  "aie.device"() <{device = 4 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "run_a"}> ({
    ^bb0(%x: memref<1xi32>, %y: memref<2xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 4 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%x: memref<1xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'aiex.run' op argument count mismatch: expected 2 but got 1}}
        "aiex.run"(%x) <{runtime_sequence_symbol = @run_a}> : (memref<1xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// i32 elements for i16 ones
module {
  "aie.device"() <{device = 8 : i32, sym_name = "callee_dev"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_expects_i16"}> ({
    ^bb0(%arg0: memref<16xi16>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @callee_dev}> ({
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<16xi16> but got memref<16xi32>}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_expects_i16}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// the name of a shim DMA allocation
module {
  "aie.device"() <{device = 8 : i32, sym_name = "dev_a"}> ({
    %t = "aie.tile"() <{col = 2 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%t) <{channel_dir = 0 : i32, channel_index = 0 : i64, sym_name = "buf"}> : (index) -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%x: memref<1xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'buf' is not a runtime sequence}}
        "aiex.run"(%x) <{runtime_sequence_symbol = @buf}> : (memref<1xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// four elements expected, one passed
module {
  "aie.device"() <{device = 4 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "run_a"}> ({
    ^bb0(%x: memref<4xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 4 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%x: memref<1xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<4xi32> but got memref<1xi32>}}
        "aiex.run"(%x) <{runtime_sequence_symbol = @run_a}> : (memref<1xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
