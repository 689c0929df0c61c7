// A sequence from which a cycle of runs can be reached is refused at the sequence, in the words of
// mlir-aie's -aie-materialize-runtime-sequences (RuntimeCallGraphCyclicityAnalysis), with the
// cycle as a note; the two cases of its test/dialect/AIEX/error_cyclic.mlir (2025): a sequence that
// runs itself, and a cycle a -> b -> a reached from the host sequence.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    %tile00 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    // expected-error@+2 {{Runtime sequence call graph contains a cycle}}
    // expected-note@+1 {{the runs form the cycle @main:@main_seq -> @main:@main_seq}}
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @main}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @main_seq}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    // expected-error@+2 {{Runtime sequence call graph contains a cycle}}
    // expected-note@+1 {{the runs form the cycle @config_a:@seq_a -> @config_b:@seq_b -> @config_a:@seq_a}}
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @config_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @config_b}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_b"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @config_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
