// A sequence from which a cycle of runs can be reached is refused at the sequence, in the words of
// mlir-aie's -aie-materialize-runtime-sequences (RuntimeCallGraphCyclicityAnalysis), with the
// cycle as a note; the two cases of its test/dialect/AIEX/error_cyclic.mlir (2025): a sequence that
// runs itself, and a cycle a -> b -> a reached from the host sequence.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

aie.device(npu2) @main {
  %tile00 = aie.tile(0, 0)
  // expected-error@+2 {{Runtime sequence call graph contains a cycle}}
  // expected-note@+1 {{the runs form the cycle @main:@main_seq -> @main:@main_seq}}
  aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
    aiex.configure @main {
      aiex.run @main_seq(%arg0) : (memref<16xi32>)
    }
  }
}

// -----

module {
  aie.device(npu2) @main {
    // expected-error@+2 {{Runtime sequence call graph contains a cycle}}
    // expected-note@+1 {{the runs form the cycle @config_a:@seq_a -> @config_b:@seq_b -> @config_a:@seq_a}}
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @config_a {
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @config_a {
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      aiex.configure @config_b {
        aiex.run @seq_b(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @config_b {
    aie.runtime_sequence @seq_b(%arg0: memref<16xi32>) {
      aiex.configure @config_a {
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
}
