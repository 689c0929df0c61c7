// Violations of the era E3 definitions (mlir-aie PR #3652), one per chunk unless noted.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E3'
// Chunks in generic form hold what the custom form cannot say: operand segments no format has, an
// E2 patch (its custom form reads as E4's).

// Exactly one of arg_idx and buffer names the host buffer: both.
aie.device(npu1_1col) {
  aie.runtime_sequence(%t: memref<4096xi8>) {
    %p = arith.constant 0 : i32
    // expected-error@+1 {{'aiex.npu.address_patch' op requires exactly one of attribute 'arg_idx' or operand 'buffer', but found both}}
    aiex.npu.address_patch(%p : i32) buffer %t : memref<4096xi8> {addr = 119268 : ui32, arg_idx = 0 : i32}
  }
}

// -----

// ... and neither.
aie.device(npu1_1col) {
  aie.runtime_sequence() {
    %p = arith.constant 0 : i32
    // expected-error@+1 {{'aiex.npu.address_patch' op requires exactly one of attribute 'arg_idx' or operand 'buffer', but found none}}
    aiex.npu.address_patch(%p : i32) {addr = 119268 : ui32}
  }
}

// -----

// The buffer operand needs segment sizes: without them no era has this form.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%t: memref<4096xi8>):
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.address_patch' op requires attribute 'operandSegmentSizes'}}
      "aiex.npu.address_patch"(%p, %t) <{addr = 119268 : ui32}> : (i32, memref<4096xi8>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A resolved patch in the E2 form (no segment sizes) is not E3.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.address_patch' op has the IR era E2 form, but the module is checked as E3: requires attribute 'operandSegmentSizes'}}
      "aiex.npu.address_patch"(%p) <{addr = 119268 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Segment sizes with the wrong number of entries; the 64-bit arg_plus of E4.
aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<64xi32>) {
    // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op 'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got 3}}
    "aiex.npu.dma_memcpy_nd"(%a) <{id = 0 : i64, metadata = @in0, operandSegmentSizes = array<i32: 1, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
    %c = arith.constant 8589934608 : i64
    // expected-error@+1 {{'aiex.npu.address_patch' op has the IR era E4 form, but the module is checked as E3: operand #0 ('arg_plus') must be 32-bit signless integer, but got 'i64'}}
    aiex.npu.address_patch(%c : i64) {addr = 119300 : ui32, arg_idx = 0 : i32}
  }
}

// -----

// axcache is a 4-bit field; a required property is missing; an i32 where memref is due.
aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<64xi32>, %n: i32) {
    // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op attribute 'axcache' failed to satisfy constraint: 64-bit signless integer attribute whose value is in [0, 15]; got 16}}
    aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {axcache = 16 : i64, id = 0 : i64, metadata = @in0} : memref<64xi32>
    // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op requires attribute 'id'}}
    aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {metadata = @in0} : memref<64xi32>
    %p = arith.constant 0 : i32
    // expected-error@+1 {{'aiex.npu.address_patch' op operand #1 ('buffer') must be memref of any type values, but got 'i32'}}
    aiex.npu.address_patch(%p : i32) buffer %n : i32 {addr = 119268 : ui32}
  }
}

// -----

// aiex.configure sits in a runtime sequence, and aiex.run in aiex.configure.
aie.device(npu1_1col) {
  // expected-error@+1 {{'aiex.configure' op expects parent op 'aie.runtime_sequence'}}
  aiex.configure @dev_a {
  }
}
