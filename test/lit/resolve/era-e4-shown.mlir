// A module that shows IR era E4 (one patch has an i64 arg_plus): era=auto writes an i64 sum
// for the other patch too, and a sum of 4 GiB and more is allowed (mlir-aie PR #3718).
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers | FileCheck %s
// CHECK-LABEL: sym_name = "shown"
// CHECK: %[[W:.*]] = arith.constant 4294967312 : i64
// CHECK: "aiex.npu.address_patch"(%[[W]]) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "shown"}> ({
    ^bb0(%arg0: memref<2147483648xi32>, %arg1: memref<8xi32>):
      %plus = arith.constant 16 : i32
      %view = memref.subview %arg0[1073741824] [4] [1] : memref<2147483648xi32> to memref<4xi32, strided<[1], offset: 1073741824>>
      "aiex.npu.address_patch"(%plus, %view) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32, strided<[1], offset: 1073741824>>) -> ()
      %wide = arith.constant 0 : i64
      "aiex.npu.address_patch"(%wide) <{addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
