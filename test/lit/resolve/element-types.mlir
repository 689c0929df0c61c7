// A view's byte offset counts the element type's bit width (getIntOrFloatBitWidth() in
// traceSubviewToBlockArgument, lib/Dialect/AIEX/Utils/AIEUtils.cpp at c16ae7de), so every integer
// or float element type of whole bytes resolves: an f8E4M3FN view four elements in adds 4 bytes,
// a bf16 view three elements in adds 6, an i64 view one element in adds 8.
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers="era=E3" | FileCheck %s
// The custom form does not show the E3 operand segments (an E2 patch prints alike): generic.
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers="era=E3" --mlir-print-op-generic | FileCheck %s --check-prefix=SEGMENTS

// CHECK-LABEL: @views(
// CHECK: %[[F8:.*]] = arith.constant 4 : i32
// CHECK-NEXT: aiex.npu.address_patch(%[[F8]] : i32) {addr = 100 : ui32, arg_idx = 0 : i32}
// CHECK: %[[BF:.*]] = arith.constant 6 : i32
// CHECK-NEXT: aiex.npu.address_patch(%[[BF]] : i32) {addr = 200 : ui32, arg_idx = 1 : i32}
// CHECK: %[[I64:.*]] = arith.constant 8 : i32
// CHECK-NEXT: aiex.npu.address_patch(%[[I64]] : i32) {addr = 300 : ui32, arg_idx = 2 : i32}
// SEGMENTS-COUNT-3: "aiex.npu.address_patch"(%{{.*}}) {addr = {{[0-9]+}} : ui32, arg_idx = {{[0-9]}} : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
aie.device(npu2) @main {
  aie.runtime_sequence @views(%a: memref<16xf8E4M3FN>, %b: memref<16xbf16>, %c: memref<4xi64>) {
    %zero = arith.constant 0 : i32
    %va = memref.subview %a[4] [8] [1] : memref<16xf8E4M3FN> to memref<8xf8E4M3FN, strided<[1], offset: 4>>
    aiex.npu.address_patch(%zero : i32) buffer %va : memref<8xf8E4M3FN, strided<[1], offset: 4>> {addr = 100 : ui32}
    %vb = memref.subview %b[3] [8] [1] : memref<16xbf16> to memref<8xbf16, strided<[1], offset: 3>>
    aiex.npu.address_patch(%zero : i32) buffer %vb : memref<8xbf16, strided<[1], offset: 3>> {addr = 200 : ui32}
    %vc = memref.subview %c[1] [2] [1] : memref<4xi64> to memref<2xi64, strided<[1], offset: 1>>
    aiex.npu.address_patch(%zero : i32) buffer %vc : memref<2xi64, strided<[1], offset: 1>> {addr = 300 : ui32}
  }
}
