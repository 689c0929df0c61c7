// IR era E3 (mlir-aie PR #3652): arg_plus is i32, so a resolved sum past it is an error here
// (mlir-aie's pass would wrap it around).
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-resolve-patch-buffers='era=E3'
aie.device(xcvc1902) @main {
  aie.runtime_sequence @e3(%arg0: memref<8xi32>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 32, dedicated = true>} {
    %plus = arith.constant 2147483644 : i32
    %view = memref.subview %arg0[4] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: 4>>
    // expected-error@+1 {{arg_plus 2147483644 + 16 = 2147483660 does not fit the i32 arg_plus of IR era E3}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[1], offset: 4>> {addr = 119300 : ui32}
  }
}
