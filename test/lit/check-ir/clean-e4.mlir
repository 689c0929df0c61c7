// Era E4 (mlir-aie PR #3718): address_patch.arg_plus may be i64. A resolved patch whose offset
// does not fit 32 bits, a runtime i64 offset, and an i32 one (E3 and E4 share that form).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E4' > %t.checked
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir > %t.auto
// RUN: aie-trace-opt %s --split-input-file > %t.plain
// RUN: diff %t.checked %t.plain
// RUN: diff %t.auto %t.plain
// RUN: FileCheck %s < %t.checked
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E3' 2>&1 | FileCheck %s --check-prefix=AS-E3

// CHECK: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "wide"}> ({
    ^bb0(%arg0: memref<8xi32>, %plus: i64):
      %c = "arith.constant"() <{value = 8589934608 : i64}> : () -> i64
      // AS-E3: :[[# @LINE + 1]]:7: error: 'aiex.npu.address_patch' op has the IR era E4 form, but the module is checked as E3: operand #0 ('arg_plus') must be 32-bit signless integer, but got 'i64'
      "aiex.npu.address_patch"(%c) <{addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
      %s = "arith.constant"() <{value = 16 : i64}> : () -> i64
      %sum = "arith.addi"(%plus, %s) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "aiex.npu.address_patch"(%sum) <{addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
      %n = "arith.constant"() <{value = 32 : i32}> : () -> i32
      "aiex.npu.address_patch"(%n) <{addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
