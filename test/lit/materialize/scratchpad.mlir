// aiex.npu.create_scratchpad ops of an inlined body go to the start of the calling sequence, and
// after inlining a sequence keeps only its first one (one scratchpad per sequence however many
// callees declare it), as mlir-aie's -aie-materialize-runtime-sequences does
// (AIEMaterializeRuntimeSequences.cpp on the main line, deduplicateCreateScratchpadOps; no upstream
// lit test for it was found). Sizes that disagree: scratchpad-errors.mlir.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// two callees, each with a scratchpad of 128 bytes after other work: one, at the start
// CHECK-LABEL: sym_name = "host_seq"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "aiex.npu.create_scratchpad"() <{size = 128 : ui32}>
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @a}
// CHECK-NEXT: "aiex.npu.write32"
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @b}
// CHECK-NEXT: "aiex.npu.write32"
// CHECK-NOT: create_scratchpad
// CHECK-LABEL: sym_name = "a"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    "aie.runtime_sequence"() <{sym_name = "host_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @b}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "a"}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<16xi32>):
      %a = arith.constant 100 : i32
      "aiex.npu.write32"(%a, %a) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "b"}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<16xi32>):
      %b = arith.constant 200 : i32
      "aiex.npu.write32"(%b, %b) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// the callee's scratchpad is hoisted before even the sequence's own, which is then dropped
// CHECK-LABEL: sym_name = "own_seq"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "aiex.npu.create_scratchpad"() <{size = 64 : ui32}>
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @c}
// CHECK-NOT: create_scratchpad
// CHECK-LABEL: sym_name = "c"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "own"}> ({
    "aie.runtime_sequence"() <{sym_name = "own_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
      "aiex.configure"() <{symbol = @c}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "c"}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.npu.create_scratchpad"() <{size = 64 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
