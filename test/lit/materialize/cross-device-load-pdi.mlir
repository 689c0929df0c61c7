// Mirrors mlir-aie's test/dialect/AIEX/cross_device_inline_load_pdi.mlir (2026): inlined load_pdi
// ops keep their device_ref, and the configure's load_pdi is added at the start only when the
// inlined callee does not already start with one (three load_pdi in both cases, not four).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s
// callee does not start with load_pdi: one is added at the start
// CHECK-LABEL: @caller_seq(
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device}
// CHECK: aiex.npu.write32
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device}
// CHECK: aiex.npu.write32
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device}
// CHECK: aiex.npu.write32
// CHECK-NEXT: }
module {
  aie.device(npu2) @main {
    %tile00 = aie.tile(0, 0)
    aie.runtime_sequence @caller_seq(%arg0: memref<16xi32>) {
      aiex.configure @callee_device {
        aiex.run @callee_seq(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @callee_device {
    %tile10 = aie.tile(1, 0)
    aie.runtime_sequence @callee_seq(%arg0: memref<16xi32>) {
      %a0 = arith.constant 100 : i32
      %v0 = arith.constant 1 : i32
      aiex.npu.write32(%a0, %v0) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.load_pdi {device_ref = @callee_device}
      %a1 = arith.constant 200 : i32
      %v1 = arith.constant 2 : i32
      aiex.npu.write32(%a1, %v1) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.load_pdi {device_ref = @callee_device}
      %a2 = arith.constant 300 : i32
      %v2 = arith.constant 3 : i32
      aiex.npu.write32(%a2, %v2) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// callee starts with load_pdi: no duplicate
// CHECK-LABEL: @caller_seq2(
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device2}
// CHECK-NEXT: aiex.npu.write32
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device2}
// CHECK: aiex.npu.write32
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @callee_device2}
// CHECK: aiex.npu.write32
// CHECK-NEXT: }
module {
  aie.device(npu2) @main2 {
    %tile00 = aie.tile(0, 0)
    aie.runtime_sequence @caller_seq2(%arg0: memref<16xi32>) {
      aiex.configure @callee_device2 {
        aiex.run @callee_seq2(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @callee_device2 {
    %tile10 = aie.tile(1, 0)
    aie.runtime_sequence @callee_seq2(%arg0: memref<16xi32>) {
      aiex.npu.load_pdi {device_ref = @callee_device2}
      %a0 = arith.constant 100 : i32
      %v0 = arith.constant 1 : i32
      aiex.npu.write32(%a0, %v0) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.load_pdi {device_ref = @callee_device2}
      %a1 = arith.constant 200 : i32
      %v1 = arith.constant 2 : i32
      aiex.npu.write32(%a1, %v1) {column = 0 : i32, row = 0 : i32} : i32, i32
      aiex.npu.load_pdi {device_ref = @callee_device2}
      %a2 = arith.constant 300 : i32
      %v2 = arith.constant 3 : i32
      aiex.npu.write32(%a2, %v2) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
