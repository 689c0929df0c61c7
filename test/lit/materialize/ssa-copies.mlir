// aie-trace-materialize copies the aie.tile / aie.lock values a callee uses into the caller's
// device, as mlir-aie's -aie-materialize-runtime-sequences does (AIEMaterializeRuntimeSequences.cpp
// at ef38c7ba and on the main line): a tile of the same column and row is reused, others and locks
// are cloned at the start of the caller's device, tiles first; load_pdi only where the inlined body
// does not start with one.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s
// (aiex.npu.sync_tile is written in generic form: aie-trace's op schema does not define it, so only
// its generic form reads without mlir-aie.)

// a callee that sets one of its device's locks and uses a tile the caller has too
// CHECK-LABEL: @main {
// CHECK-NEXT: %[[T2:.*]] = aie.tile(0, 2)
// CHECK-NEXT: %[[L:.*]] = aie.lock(%[[T2]], 3) {init = 0 : i32}
// CHECK-NEXT: %[[T0:.*]] = aie.tile(0, 0)
// CHECK: aiex.npu.load_pdi {device_ref = @dev_a}
// CHECK-NEXT: aiex.set_lock(%[[L]], 1)
// CHECK-NEXT: "aiex.npu.sync_tile"(%[[T0]]) : (index) -> ()
module {
  aie.device(npu1_1col) @main {
    %t0 = aie.tile(0, 0)
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    %lock = aie.lock(%core, 3) {init = 0 : i32}
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      aiex.set_lock(%lock, 1)
      "aiex.npu.sync_tile"(%shim) : (index) -> ()
    }
  }
}

// -----

// an inlined body that starts with its own load_pdi gets no second one
// CHECK-LABEL: @pdi_seq(
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @dev_a}
// CHECK-NEXT: aiex.npu.write32
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @pdi_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      aiex.npu.load_pdi {device_ref = @dev_a}
      aiex.npu.write32 {address = 1 : ui32, value = 2 : ui32}
    }
  }
}
