// aie-trace-resolve-patch-buffers: the cases of mlir-aie
// test/dialect/AIEX/resolve_address_patch_buffers_64bit.mlir (at 872ef4c8), in
// IR era E4 (mlir-aie PR #3718: i64 arg_plus), with the values its CHECK lines assert.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-resolve-patch-buffers | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-resolve-patch-buffers -aie-trace-check-ir -o /dev/null
// The custom form does not show the E3/E4 operand segments (an E2 patch prints alike): generic.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-resolve-patch-buffers --mlir-print-op-generic \
// RUN:   | FileCheck %s --check-prefix=SEGMENTS

// A sum that fits keeps the i32 form.
// CHECK-LABEL: @fits(
// CHECK: %[[C:.*]] = arith.constant 32 : i32
// CHECK: aiex.npu.address_patch(%[[C]] : i32) {addr = 119300 : ui32, arg_idx = 0 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
// CHECK-NOT: address_patch
aie.device(xcvc1902) @main {
  aie.runtime_sequence @fits(%arg0: memref<8xi32>) {
    %plus = arith.constant 16 : i32
    %view = memref.subview %arg0[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[1], offset: 4>> {addr = 119300 : ui32}
  }
}

// -----

// A base already past 32 bits stays i64 across the addition.
// CHECK-LABEL: @wide(
// CHECK: %[[C:.*]] = arith.constant 8589934608 : i64
// CHECK: aiex.npu.address_patch(%[[C]] : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
aie.device(xcvc1902) @main {
  aie.runtime_sequence @wide(%arg0: memref<8xi32>) {
    %plus = arith.constant 8589934592 : i64
    %view = memref.subview %arg0[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
    aiex.npu.address_patch(%plus : i64) buffer %view : memref<4xi32, strided<[1], offset: 4>> {addr = 119300 : ui32}
  }
}

// -----

// A runtime i64 arg_plus takes an i64 addend, so the arith.addi is well-typed.
// CHECK-LABEL: @runtime_i64(
// CHECK: %[[S:.*]] = arith.constant 16 : i64
// CHECK: %[[A:.*]] = arith.addi %arg1, %[[S]] : i64
// CHECK: aiex.npu.address_patch(%[[A]] : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
aie.device(xcvc1902) @main {
  aie.runtime_sequence @runtime_i64(%arg0: memref<8xi32>, %arg1: i64) {
    %view = memref.subview %arg0[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
    aiex.npu.address_patch(%arg1 : i64) buffer %view : memref<4xi32, strided<[1], offset: 4>> {addr = 119300 : ui32}
  }
}

// -----

// Host-buffer indices count memref arguments only; a view chain through memref.view (constant
// byte shift), reinterpret_cast and cast adds its offsets; an addr_val operand is kept.
// CHECK-LABEL: @chain(
// CHECK: %[[C:.*]] = arith.constant 4196 : i32
// CHECK: aiex.npu.address_patch(%[[C]] : i32) addr %{{.*}} : i32 {addr = 0 : ui32, arg_idx = 1 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}, %{{.*}}) {addr = 0 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0>} : (i32, i32) -> ()
aie.device(xcvc1902) @main {
  aie.runtime_sequence @chain(%n: i32, %arg0: memref<8xi32>, %m: i64, %arena: memref<16384xi8>) {
    %shift = arith.constant 4096 : index
    %v = memref.view %arena[%shift][] : memref<16384xi8> to memref<1024xi32>
    %s = memref.subview %v[24] [16] [1] : memref<1024xi32> to memref<16xi32, strided<[1], offset: 24>>
    %r = memref.reinterpret_cast %s to offset: [0], sizes: [16], strides: [1] : memref<16xi32, strided<[1], offset: 24>> to memref<16xi32>
    %c = memref.cast %r : memref<16xi32> to memref<?xi32>
    %addr = arith.constant 119300 : i32
    %plus = arith.constant 4 : i32
    aiex.npu.address_patch(%plus : i32) addr %addr : i32 buffer %c : memref<?xi32> {addr = 0 : ui32}
  }
}
