// Before it changes anything, mlir-aie's -aie-materialize-runtime-sequences checks every runtime
// sequence (RuntimeSequenceOp::verifyBeforeMaterialization): a symbol reference in any attribute of
// any op of the sequence, resolved from its device, names a shim DMA allocation, a device or a
// runtime sequence (the lowerable kinds), or, as upstream's inline_buffers.mlir and
// inline_multiple_ssa.mlir require, an aie.buffer. A reference to a lock is refused in upstream's
// words, at the op, here in a discardable attribute our schema does not know.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{lockID = 0 : i32, sym_name = "the_lock"}> : (index) -> index
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      %c = arith.constant 0 : i32
      // expected-error@+1 {{'aiex.npu.write32' op references symbol 'the_lock' which must be either a ShimDMAAllocationOp, DeviceOp or RuntimeSequenceOp, but got: aie.lock}}
      "aiex.npu.write32"(%c, %c) <{column = 0 : i32, row = 2 : i32}> {aie_test.refs = [{deep = @the_lock}]} : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a callee's sequence is checked too, before the caller's device changes
module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "dev_a"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{lockID = 0 : i32, sym_name = "l"}> : (index) -> index
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi32>):
      // expected-error@+1 {{'aiex.npu.rtp_write' op references symbol 'l' which must be either a ShimDMAAllocationOp, DeviceOp or RuntimeSequenceOp, but got: aie.lock}}
      "aiex.npu.rtp_write"() <{buffer = @l, index = 0 : ui32, value = 1 : i32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
