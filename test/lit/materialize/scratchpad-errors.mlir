// Scratchpads whose sizes disagree after inlining are refused in the words of mlir-aie's
// -aie-materialize-runtime-sequences (deduplicateCreateScratchpadOps, main line): the callee's,
// hoisted to the start of the calling sequence, comes first and is kept, so the sequence's own is
// the one refused; the kept one is noted at the callee's op.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize
// (aiex.npu.create_scratchpad is written in generic form: aie-trace's op schema does not define it, so only
// its generic form reads without mlir-aie.)

module {
  aie.device(npu2) @bad {
    aie.runtime_sequence @bad_seq(%arg0: memref<16xi32>) {
      // expected-error@+1 {{create_scratchpad size mismatch after inlining: 128 != 64}}
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
      aiex.configure @d {
        aiex.run @sequence(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @d {
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      // expected-note@+1 {{the sequence's first create_scratchpad, which is kept}}
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
    }
  }
}
