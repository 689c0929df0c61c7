// era=auto writes an i64 arg_plus only when the module itself shows IR era E4 (an i64
// arg_plus, mlir-aie PR #3718). This module fits E3 and E4 and its sum needs 64 bits: a located
// error says to pass era=E4; with era=E4 the sum is written as i64.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-resolve-patch-buffers
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers='era=E4' | FileCheck %s --check-prefix=WIDE
// RUN: aie-trace-opt %s -aie-trace-resolve-patch-buffers='era=E4' --mlir-print-op-generic | FileCheck %s --check-prefix=SEGMENTS
// WIDE-LABEL: @e3(
// WIDE: %[[C:.*]] = arith.constant 2147483660 : i64
// WIDE: aiex.npu.address_patch(%[[C]] : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119300 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
aie.device(xcvc1902) @main {
  aie.runtime_sequence @e3(%arg0: memref<8xi32>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 32, dedicated = true>} {
    %plus = arith.constant 2147483644 : i32
    %view = memref.subview %arg0[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
    // expected-error@+1 {{arg_plus 2147483644 + 16 = 2147483660 needs an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[1], offset: 4>> {addr = 119300 : ui32}
  }
}
