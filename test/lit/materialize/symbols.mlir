// aie-trace-materialize clones the symbol definitions an inlined callee names from its device
// into the caller's device under unique names, as mlir-aie's -aie-materialize-runtime-sequences
// does (AIEMaterializeRuntimeSequences.cpp on the main line after 04f1db22; docs/ir-eras.md): one
// clone per inlined run, the name taken when free, else name_0, name_1, ...; its tile is found or
// copied like the body's; the clones go before the caller's first runtime sequence, each after the
// ones before it (the insertion point advances across runs).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: @main {
// CHECK-NEXT: %[[T:.*]] = aie.tile(0, 0)
// CHECK-NEXT: aie.shim_dma_allocation @in(%[[T]], S2MM, 0)
// CHECK-NEXT: aie.shim_dma_allocation @in_0(%[[T]], MM2S, 0)
// CHECK-NEXT: aie.shim_dma_allocation @in_1(%[[T]], MM2S, 0)
// CHECK-NEXT: aie.runtime_sequence
// CHECK: aiex.npu.dma_wait {symbol = @in_0}
// CHECK: aiex.npu.dma_wait {symbol = @in_1}
module {
  aie.device(npu1_1col) @main {
    %t = aie.tile(0, 0)
    aie.shim_dma_allocation @in(%t, S2MM, 0)
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %shim = aie.tile(0, 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      aiex.npu.dma_wait {symbol = @in}
    }
  }
}

// -----

// Every symbol reference of every attribute is looked at, as MLIR's Attribute::replace walks them:
// inside arrays and dictionaries of a discardable attribute too. A nested reference is resolved
// from the callee's device, else from the module (here @dev_b::@out, a definition of another
// device); upstream's replacement is a flat reference named after the root, so @dev_b::@out
// becomes @dev_b, naming the clone of @out. A reference to a device stays as it is.
// CHECK-LABEL: @main2 {
// CHECK-DAG: aie.shim_dma_allocation @in(%{{.*}}, MM2S, 0)
// CHECK-DAG: aie.shim_dma_allocation @dev_b(%{{.*}}, S2MM, 1)
// CHECK: aiex.npu.dma_wait {symbol = @in, aie_test.refs = [@in, {deep = [@dev_b], dev = @dev_a2}]}
module {
  aie.device(npu1_1col) @main2 {
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a2 {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a2 {
    %shim = aie.tile(0, 0)
    aie.shim_dma_allocation @in(%shim, MM2S, 0)
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      aiex.npu.dma_wait {symbol = @in, aie_test.refs = [@in, {deep = [@dev_b::@out], dev = @dev_a2}]}
    }
  }
  aie.device(npu1_1col) @dev_b {
    %shim = aie.tile(1, 0)
    aie.shim_dma_allocation @out(%shim, S2MM, 1)
  }
}
