// A patch aie-trace-resolve-patch-buffers cannot resolve is one located error in the words of
// mlir-aie's -aie-resolve-address-patch-buffers after review (AIEResolveAddressPatchBuffers.cpp at
// 93d0a7cc: "could not resolve its buffer operand ..."), with the reason (the match-failure text
// of f8438d27 and 93d0a7cc) as a note; views are followed by traceSubviewToBlockArgument's rules
// (AIEUtils.cpp at c16ae7de).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-resolve-patch-buffers

// a dynamic subview offset
aie.device(xcvc1902) @main {
  aie.runtime_sequence @dynamic(%arg0: memref<8xi32>, %i: index) {
    %plus = arith.constant 0 : i32
    %view = memref.subview %arg0[%i] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: ?>>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[1], offset: ?>> {addr = 119300 : ui32}
  }
}

// -----

// a non-unit stride
aie.device(xcvc1902) @main {
  aie.runtime_sequence @strided(%arg0: memref<8xi32>) {
    %plus = arith.constant 0 : i32
    %view = memref.subview %arg0[0] [4] [2] : memref<8xi32> to memref<4xi32, strided<[2]>>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32, strided<[2]>> {addr = 119300 : ui32}
  }
}

// -----

// a non-contiguous result: a column of a row-major 2-D buffer
aie.device(xcvc1902) @main {
  aie.runtime_sequence @column(%arg0: memref<4x4xi32>) {
    %plus = arith.constant 0 : i32
    %view = memref.subview %arg0[0, 1] [4, 1] [1, 1] : memref<4x4xi32> to memref<4x1xi32, strided<[4, 1], offset: 1>>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4x1xi32, strided<[4, 1], offset: 1>> {addr = 119300 : ui32}
  }
}

// -----

// a memref.view with a byte shift that is not a constant
aie.device(xcvc1902) @main {
  aie.runtime_sequence @view(%arena: memref<64xi8>, %shift: index) {
    %plus = arith.constant 0 : i32
    %view = memref.view %arena[%shift][] : memref<64xi8> to memref<4xi32>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
    aiex.npu.address_patch(%plus : i32) buffer %view : memref<4xi32> {addr = 119300 : ui32}
  }
}

// -----

// a buffer that is no view of an argument (a memref.alloc) 
aie.device(xcvc1902) @main {
  aie.runtime_sequence @alloc(%arg0: memref<8xi32>) {
    %plus = arith.constant 0 : i32
    %buf = memref.alloc() : memref<8xi32>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
    aiex.npu.address_patch(%plus : i32) buffer %buf : memref<8xi32> {addr = 119300 : ui32}
  }
}

// -----

// an argument of another block than the sequence's (a nested region's)
aie.device(xcvc1902) @main {
  aie.runtime_sequence @nested(%arg0: memref<8xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg1 = %c0 to %c1 step %c1 iter_args(%arg2 = %arg0) -> (memref<8xi32>) {
      %c0_i32 = arith.constant 0 : i32
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      aiex.npu.address_patch(%c0_i32 : i32) buffer %arg2 : memref<8xi32> {addr = 119300 : ui32}
      scf.yield %arg2 : memref<8xi32>
    }
  }
}

// -----

// a patch outside any runtime sequence
aie.device(xcvc1902) @main {
  %plus = arith.constant 0 : i32
  %buf = memref.alloc() : memref<8xi32>
  // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
  // expected-note@+1 {{must be inside a runtime sequence to resolve its host buffer}}
  aiex.npu.address_patch(%plus : i32) buffer %buf : memref<8xi32> {addr = 119300 : ui32}
}

