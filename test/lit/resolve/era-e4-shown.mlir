// A module that shows IR era E4 (one patch has an i64 arg_plus): era=auto writes an i64 sum
// for the other patch too, and a sum of 4 GiB and more is allowed (mlir-aie PR #3718).
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers --mlir-print-op-generic | FileCheck %s --check-prefix=SEGMENTS
// CHECK-LABEL: @shown(
// CHECK: %[[W:.*]] = arith.constant 4294967312 : i64
// CHECK: aiex.npu.address_patch(%[[W]] : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
// CHECK: aiex.npu.address_patch(%{{.*}} : i64) {addr = 119268 : ui32, arg_idx = 1 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) <{addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
aie.device(xcvc1902) @main {
  aie.runtime_sequence @shown(%arg0: memref<2147483648xi32>, %arg1: memref<8xi32>) {
    %plus = arith.constant 16 : i32
    %view = memref.subview %arg0[1073741824] [4] [1] : memref<2147483648xi32> to memref<4xi32, strided<[1], offset: 1073741824>>
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[1], offset: 1073741824>> {addr = 119300 : ui32}
    %wide = arith.constant 0 : i64
    aiex.npu.address_patch(%wide : i64) {addr = 119268 : ui32, arg_idx = 1 : i32}
  }
}
