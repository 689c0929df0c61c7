// A patch aie-trace-resolve-patch-buffers cannot resolve is one located error in the words of
// mlir-aie's -aie-resolve-address-patch-buffers after review (AIEResolveAddressPatchBuffers.cpp at
// 93d0a7cc: "could not resolve its buffer operand ..."), with the reason (the match-failure text
// of f8438d27 and 93d0a7cc) as a note; views are followed by traceSubviewToBlockArgument's rules
// (AIEUtils.cpp at c16ae7de).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-resolve-patch-buffers

// a dynamic subview offset
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "dynamic"}> ({
    ^bb0(%arg0: memref<8xi32>, %i: index):
      %plus = arith.constant 0 : i32
      %view = memref.subview %arg0[%i] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1], offset: ?>>
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      "aiex.npu.address_patch"(%plus, %view) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32, strided<[1], offset: ?>>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a non-unit stride
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "strided"}> ({
    ^bb0(%arg0: memref<8xi32>):
      %plus = arith.constant 0 : i32
      %view = memref.subview %arg0[0] [4] [2] : memref<8xi32> to memref<4xi32, strided<[2]>>
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      "aiex.npu.address_patch"(%plus, %view) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32, strided<[2]>>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a non-contiguous result: a column of a row-major 2-D buffer
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "column"}> ({
    ^bb0(%arg0: memref<4x4xi32>):
      %plus = arith.constant 0 : i32
      %view = memref.subview %arg0[0, 1] [4, 1] [1, 1] : memref<4x4xi32> to memref<4x1xi32, strided<[4, 1], offset: 1>>
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      "aiex.npu.address_patch"(%plus, %view) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4x1xi32, strided<[4, 1], offset: 1>>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a memref.view with a byte shift that is not a constant
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "view"}> ({
    ^bb0(%arena: memref<64xi8>, %shift: index):
      %plus = arith.constant 0 : i32
      %view = memref.view %arena[%shift][] : memref<64xi8> to memref<4xi32>
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      "aiex.npu.address_patch"(%plus, %view) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a buffer that is no view of an argument (a memref.alloc) 
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "alloc"}> ({
    ^bb0(%arg0: memref<8xi32>):
      %plus = arith.constant 0 : i32
      %buf = memref.alloc() : memref<8xi32>
      // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
      // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
      "aiex.npu.address_patch"(%plus, %buf) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// an argument of another block than the sequence's (a nested region's)
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "nested"}> ({
    ^bb0(%arg0: memref<8xi32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %c1 step %c1 iter_args(%b = %arg0) -> (memref<8xi32>) {
        %plus = arith.constant 0 : i32
        // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
        // expected-note@+1 {{buffer must be an argument of the enclosing runtime sequence, or a static contiguous view of one}}
        "aiex.npu.address_patch"(%plus, %b) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8xi32>) -> ()
        scf.yield %b : memref<8xi32>
      }
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a patch outside any runtime sequence
module {
  "aie.device"() <{device = 1 : i32, sym_name = "main"}> ({
    %plus = arith.constant 0 : i32
    %buf = memref.alloc() : memref<8xi32>
    // expected-error@+2 {{'aiex.npu.address_patch' op could not resolve its buffer operand to a host buffer index of the enclosing runtime sequence}}
    // expected-note@+1 {{must be inside a runtime sequence to resolve its host buffer}}
    "aiex.npu.address_patch"(%plus, %buf) <{addr = 119300 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8xi32>) -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

