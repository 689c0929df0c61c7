// aiex.npu.create_scratchpad ops of an inlined body go to the start of the calling sequence, and
// after inlining a sequence keeps only its first one (one scratchpad per sequence however many
// callees declare it), as mlir-aie's -aie-materialize-runtime-sequences does
// (AIEMaterializeRuntimeSequences.cpp on the main line, deduplicateCreateScratchpadOps; no upstream
// lit test for it was found). Sizes that disagree: scratchpad-errors.mlir.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s
// (The inputs keep aiex.npu.create_scratchpad in generic form, which reads in either form; the
// output prints its custom form.)

// two callees, each with a scratchpad of 128 bytes after other work: one, at the start
// CHECK-LABEL: @host_seq(
// CHECK-NEXT: aiex.npu.create_scratchpad {size = 128 : ui32}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @a}
// CHECK-NEXT: aiex.npu.write32
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @b}
// CHECK-NEXT: aiex.npu.write32
// CHECK-NOT: create_scratchpad
// CHECK-LABEL: @a {
module {
  aie.device(npu2) @host {
    aie.runtime_sequence @host_seq(%arg0: memref<16xi32>) {
      aiex.configure @a {
        aiex.run @sequence(%arg0) : (memref<16xi32>)
      }
      aiex.configure @b {
        aiex.run @sequence(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @a {
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      %a = arith.constant 100 : i32
      aiex.npu.write32(%a, %a) {column = 0 : i32, row = 0 : i32} : i32, i32
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
    }
  }
  aie.device(npu2) @b {
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      %b = arith.constant 200 : i32
      aiex.npu.write32(%b, %b) {column = 0 : i32, row = 0 : i32} : i32, i32
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
    }
  }
}

// -----

// the callee's scratchpad is hoisted before even the sequence's own, which is then dropped
// CHECK-LABEL: @own_seq(
// CHECK-NEXT: aiex.npu.create_scratchpad {size = 64 : ui32}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @c}
// CHECK-NOT: create_scratchpad
// CHECK-LABEL: @c {
module {
  aie.device(npu2) @own {
    aie.runtime_sequence @own_seq(%arg0: memref<16xi32>) {
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
      aiex.configure @c {
        aiex.run @sequence(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @c {
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
    }
  }
}
