// era=auto reads the era from op shapes: one module, one era's forms. The first op that
// contradicts the ops before it is the error, with the op that fixed the era named.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir
// An explicit era does not let E0 through either.
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir='era=E2' 2>&1 | FileCheck %s --check-prefix=E0

// E3 (a patch naming its buffer) then E1 (attribute write32).
aie.device(npu1_1col) {
  aie.runtime_sequence(%t: memref<4096xi8>) {
    %p = arith.constant 0 : i32
    aiex.npu.address_patch(%p : i32) buffer %t : memref<4096xi8> {addr = 119268 : ui32}
    // expected-error-re@+1 {{'aiex.npu.write32' op has the IR era E1 form, but earlier ops have the E3/E4 form (set by 'aiex.npu.address_patch' at {{.*}}era-detection.mlir:11:5); one module must use one era's op forms}}
    aiex.npu.write32 {address = 119308 : ui32, value = 1 : ui32}
  }
}

// -----

// E2 (a resolved patch without segment sizes), then E3 (trace_buffer on a second sequence), in
// generic form: an E2 patch's custom form reads as E4.
// The SSA lock value before them fits E2 to E4 alike; the patch is what set the era.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{init = 1 : i32, lockID = 0 : i32}> : (index) -> index
    %c = "aie.core"(%t) ({
      %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "aie.use_lock"(%l, %one) <{action = 1 : i32}> : (index, i32) -> ()
      "aie.end"() : () -> ()
    }) : (index) -> index
    "aie.runtime_sequence"() <{sym_name = "first"}> ({
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      "aiex.npu.address_patch"(%p) <{addr = 119268 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    // expected-error-re@+1 {{'aie.runtime_sequence' op has the IR era E3/E4 form, but earlier ops have the E2 form (set by 'aiex.npu.address_patch' at {{.*}}:33:7); one module must use one era's op forms}}
    "aie.runtime_sequence"() <{sym_name = "second", trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%buf: memref<4096xi8>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The unsupported era E0.
aie.device(npu1_1col) {
  // E0: :[[# @LINE + 2]]:3: error: 'aiex.runtime_sequence' op is the IR era E0 form (before mlir-aie PR #2708); era E0 is not supported: use 'aie.runtime_sequence'
  // expected-error@+1 {{'aiex.runtime_sequence' op is the IR era E0 form (before mlir-aie PR #2708); era E0 is not supported: use 'aie.runtime_sequence'}}
  "aiex.runtime_sequence"() <{sym_name = "seq"}> ({
  ^bb0(%a: memref<16xi32>):
  }) : () -> ()
}

// -----

// Nothing tells the eras apart: every era fits, the default (E4) is used, no error.
aie.device(npu1_1col) {
  %t = aie.tile(0, 0)
  aie.runtime_sequence() {
    aiex.npu.dma_wait {symbol = @out0}
  }
}

// -----

// A malformed op is not era evidence: this write32 fits no era's shape (i64 operands), so the
// E1 write32 after it does not conflict with it; both are checked as E1 and the first fails.
aie.device(npu1_1col) {
  aie.runtime_sequence() {
    %a = arith.constant 1 : i64
    // expected-error@+1 {{'aiex.npu.write32' op expected 0 operands, but found 2}}
    aiex.npu.write32(%a, %a) : i64, i64
    aiex.npu.write32 {address = 119308 : ui32, value = 1 : ui32}
  }
}
