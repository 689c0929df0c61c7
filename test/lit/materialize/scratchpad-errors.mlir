// Scratchpads whose sizes disagree after inlining are refused in the words of mlir-aie's
// -aie-materialize-runtime-sequences (deduplicateCreateScratchpadOps, main line): the callee's,
// hoisted to the start of the calling sequence, comes first and is kept, so the sequence's own is
// the one refused; the kept one is noted at the callee's op.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

module {
  "aie.device"() <{device = 8 : i32, sym_name = "bad"}> ({
    "aie.runtime_sequence"() <{sym_name = "bad_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      // expected-error@+1 {{create_scratchpad size mismatch after inlining: 128 != 64}}
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
      "aiex.configure"() <{symbol = @d}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "d"}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<16xi32>):
      // expected-note@+1 {{the sequence's first create_scratchpad, which is kept}}
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
