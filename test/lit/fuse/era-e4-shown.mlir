// era=auto on a module that shows IR era E4 (an i64 arg_plus, mlir-aie PR #3718): a rebase to
// 4 GiB and more is written as an i64 constant, as with era=E4.
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers='era=E4' | FileCheck %s

// CHECK-LABEL: @seq_b.main_seq.0(
// CHECK: %[[W:.*]] = arith.constant 4294967312 : i64
// CHECK: aiex.npu.address_patch(%[[W]] : i64) {addr = 118884 : ui32, arg_idx = 0 : i32, aie_trace.rebased_from = 0 : i64}
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<1610612736xi32>) {
      aiex.configure @dev_b {
        %v = memref.subview %arg0[1073741824] [64] [1] : memref<1610612736xi32> to memref<64xi32, strided<[1], offset: 1073741824>>
        %r = memref.reinterpret_cast %v to offset: [0], sizes: [64], strides: [1] : memref<64xi32, strided<[1], offset: 1073741824>> to memref<64xi32>
        aiex.run @seq_b(%r) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_b {
    aie.runtime_sequence @seq_b(%arg0: memref<64xi32>) {
      %dp0 = arith.constant 16 : i32
      aiex.npu.address_patch(%dp0 : i32) {addr = 118884 : ui32, arg_idx = 0 : i32}
      %wide = arith.constant 0 : i64
      aiex.npu.address_patch(%wide : i64) {addr = 118916 : ui32, arg_idx = 0 : i32}
    }
  }
}
