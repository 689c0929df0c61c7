// Era E4 (mlir-aie PR #3718): address_patch.arg_plus may be i64. A resolved patch whose offset
// does not fit 32 bits, a runtime i64 offset, and an i32 one (E3 and E4 share that form).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E4' > %t.checked
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.auto
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: diff %t.auto %t.plain
// RUN: FileCheck %s < %t.checked
// The custom form does not show the operand segments (an E2 patch prints alike): generic.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir --mlir-print-op-generic | FileCheck %s --check-prefix=SEGMENTS
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E3' 2>&1 | FileCheck %s --check-prefix=AS-E3

// CHECK: aiex.npu.address_patch(%{{.*}} : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
aie.device(npu1_1col) @main {
  aie.runtime_sequence @wide(%arg0: memref<8xi32>, %plus: i64) {
    %c = arith.constant 8589934608 : i64
    // AS-E3: :[[# @LINE + 1]]:5: error: 'aiex.npu.address_patch' op has the IR era E4 form, but the module is checked as E3: operand #0 ('arg_plus') must be 32-bit signless integer, but got 'i64'
    aiex.npu.address_patch(%c : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
    %s = arith.constant 16 : i64
    %sum = arith.addi %plus, %s : i64
    aiex.npu.address_patch(%sum : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
    %n = arith.constant 32 : i32
    aiex.npu.address_patch(%n : i32) {addr = 119300 : ui32, arg_idx = 0 : i32}
  }
}
