// Before it changes anything, mlir-aie's -aie-materialize-runtime-sequences checks every runtime
// sequence (RuntimeSequenceOp::verifyBeforeMaterialization): a symbol reference in any attribute of
// any op of the sequence, resolved from its device, names a shim DMA allocation, a device or a
// runtime sequence (the lowerable kinds), or, as upstream's inline_buffers.mlir and
// inline_multiple_ssa.mlir require, an aie.buffer. A reference to a lock is refused in upstream's
// words, at the op, here in a discardable attribute our schema does not know.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

aie.device(npu2) @main {
  %t = aie.tile(0, 2)
  %l = aie.lock(%t, 0) {sym_name = "the_lock"}
  aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
    %c = arith.constant 0 : i32
    // expected-error@+1 {{'aiex.npu.write32' op references symbol 'the_lock' which must be either a ShimDMAAllocationOp, DeviceOp or RuntimeSequenceOp, but got: aie.lock}}
    aiex.npu.write32(%c, %c) {column = 0 : i32, row = 2 : i32, aie_test.refs = [{deep = @the_lock}]} : i32, i32
  }
}

// -----

// a callee's sequence is checked too, before the caller's device changes
module {
  aie.device(npu2) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @dev_a {
    %t = aie.tile(0, 2)
    %l = aie.lock(%t, 0) {sym_name = "l"}
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      // expected-error@+1 {{'aiex.npu.rtp_write' op references symbol 'l' which must be either a ShimDMAAllocationOp, DeviceOp or RuntimeSequenceOp, but got: aie.lock}}
      aiex.npu.rtp_write(@l, 0, 1)
    }
  }
}
