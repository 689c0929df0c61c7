// show-form: aie-trace-check-ir remarks on the module the IR form it checks, the era and the
// trace-buffer forms beside the eras that its sequences carry (python/aie_trace/ir/forms.py); the
// era is the one the checks use, read from the op shapes or given by the era option. Off by
// default: without it a clean module prints nothing.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir=show-form -o /dev/null
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir=show-form -o /dev/null 2>&1 | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// OFF-NOT: remark

// An E1 module (attribute patch) whose configuration's sequence is tagged.
// CHECK: show-form.mlir:[[# @LINE + 2]]:1: remark: IR form E1+tagged: IR era E1 with the tagged trace-argument form ('aie.trace_buffer_arg', from the full-ELF control-packet flow of the unmerged mlir-aie PR #3773)
// expected-remark@+1 {{IR form E1+tagged: IR era E1 with the tagged trace-argument form}}
aie.device(npu2) @cfg {
  aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
    aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
  }
}

// -----

// An E4 module (an i64 patch offset naming its buffer), no trace-buffer form: the era alone.
// CHECK: show-form.mlir:[[# @LINE + 2]]:1: remark: IR form E4: IR era E4{{$}}
// expected-remark@+1 {{IR form E4: IR era E4}}
aie.device(npu2) @cfg {
  aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) {
    %p = arith.constant 0 : i64
    aiex.npu.address_patch(%p : i64) buffer %trace : memref<64xi8> {addr = 119268 : ui32}
  }
}

// -----

// The same E4 module, tagged.
// CHECK: show-form.mlir:[[# @LINE + 2]]:1: remark: IR form E4+tagged: IR era E4 with the tagged trace-argument form
// expected-remark@+1 {{IR form E4+tagged}}
aie.device(npu2) @cfg {
  aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
    %p = arith.constant 0 : i64
    aiex.npu.address_patch(%p : i64) buffer %trace : memref<64xi8> {addr = 119268 : ui32}
  }
}
