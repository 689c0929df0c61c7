// The run checks mlir-aie makes in -aie-materialize-runtime-sequences (verifyRunOpsInConfigureOp,
// moved there out of aiex.run's verifier), one case per case of its
// test/dialect/AIEX/error_run_op.mlir (main line, 2025; docs/ir-eras.md): an unknown sequence
// (with a note at the configured device), too many and too few operands, a wrong element type, a
// symbol that is no sequence, a wrong shape.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

// no sequence of that name
module {
  // expected-note@+1 {{This device does not have a 'run_x' runtime sequence}}
  aie.device(npu1) @dev_a {
    aie.runtime_sequence @run_a(%x: memref<1xi32>) {
    }
    aie.runtime_sequence @run_b() {
    }
  }
  aie.device(npu1) {
    aie.runtime_sequence(%x: memref<1xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{No such runtime sequence for device 'dev_a': 'run_x'}}
        aiex.run @run_x(%x) : (memref<1xi32>)
      }
    }
  }
}

// -----

// one operand for a sequence of none
module {
  aie.device(npu1) @dev_a {
    aie.runtime_sequence @run_a() {
    }
  }
  aie.device(npu1) {
    aie.runtime_sequence(%x: memref<1xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.run' op argument count mismatch: expected 0 but got 1}}
        aiex.run @run_a(%x) : (memref<1xi32>)
      }
    }
  }
}

// -----

// one operand for a sequence of two
module {
  aie.device(npu1) @dev_a {
    aie.runtime_sequence @run_a(%x: memref<1xi32>, %y: memref<2xi32>) {
    }
  }
  aie.device(npu1) {
    aie.runtime_sequence(%x: memref<1xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.run' op argument count mismatch: expected 2 but got 1}}
        aiex.run @run_a(%x) : (memref<1xi32>)
      }
    }
  }
}

// -----

// i32 elements for i16 ones
module {
  aie.device(npu2) @callee_dev {
    aie.runtime_sequence @seq_expects_i16(%arg0: memref<16xi16>) {
    }
  }
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      aiex.configure @callee_dev {
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<16xi16> but got memref<16xi32>}}
        aiex.run @seq_expects_i16(%arg0) : (memref<16xi32>)
      }
    }
  }
}

// -----

// the name of a shim DMA allocation
module {
  aie.device(npu2) @dev_a {
    %t = aie.tile(2, 0)
    aie.shim_dma_allocation @buf(%t, S2MM, 0)
  }
  aie.device(npu2) {
    aie.runtime_sequence(%x: memref<1xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'buf' is not a runtime sequence}}
        aiex.run @buf(%x) : (memref<1xi32>)
      }
    }
  }
}

// -----

// four elements expected, one passed
module {
  aie.device(npu1) @dev_a {
    aie.runtime_sequence @run_a(%x: memref<4xi32>) {
    }
  }
  aie.device(npu1) {
    aie.runtime_sequence(%x: memref<1xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<4xi32> but got memref<1xi32>}}
        aiex.run @run_a(%x) : (memref<1xi32>)
      }
    }
  }
}
