// In IR era E4 (mlir-aie PR #3718) arg_plus is i64: with era=E4 a rebase to 4 GiB and more is
// written as an i64 constant. The module fits both E3 and E4 (era-auto-fits-e3.mlir: era=auto
// refuses it); era-e4-shown.mlir: era=auto on a module that shows E4.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='era=E4' | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='era=E4' \
// RUN:   -aie-trace-materialize -aie-trace-check-ir -o /dev/null

// CHECK-LABEL: @seq_a.main_seq.0(
// CHECK: %[[W:.*]] = arith.constant 4294967312 : i64
// CHECK: aiex.npu.address_patch(%[[W]] : i64) {addr = 118884 : ui32, arg_idx = 0 : i32, aie_trace.rebased_from = 0 : i64}
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<1610612736xi32>) {
      aiex.configure @dev_a {
        %v = memref.subview %arg0[1073741824] [64] [1] : memref<1610612736xi32> to memref<64xi32, strided<[1], offset: 1073741824>>
        %r = memref.reinterpret_cast %v to offset: [0], sizes: [64], strides: [1] : memref<64xi32, strided<[1], offset: 1073741824>> to memref<64xi32>
        aiex.run @seq_a(%r) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      %dp0 = arith.constant 16 : i32
      aiex.npu.address_patch(%dp0 : i32) {addr = 118884 : ui32, arg_idx = 0 : i32}
    }
  }
}
