// aie-trace-materialize's refusals, each one located error in the words of mlir-aie's
// -aie-materialize-runtime-sequences (AIEMaterializeRuntimeSequences.cpp at ef38c7ba and its main-line successor, docs/ir-eras.md) and of its
// test run_error_arg_type_mismatch.mlir (at ccce224d).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize
// (aiex.npu.sync_tile is written in generic form: aie-trace's op schema does not define it, so only
// its generic form reads without mlir-aie.)

module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<16xi16> but got memref<16xi32>}}
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<16xi16>) {
    }
  }
}

// -----

module {
  aie.device(npu1_1col) @main {
    %t = aie.tile(0, 2) {allocation_scheme = "bank-aware"}
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{aie.tile(0, 2) already exists in the device with different attributes}}
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %core = aie.tile(0, 2)
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      "aiex.npu.sync_tile"(%core) : (index) -> ()
    }
  }
}

// -----

module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{Referenced SSA value defined by unsupported operation type: aie.external_buffer. Currently only aie.tile, aie.lock and aie.buffer operations are supported.}}
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    %core = aie.tile(0, 2)
    %buf = aie.external_buffer {sym_name = "b"} : memref<16xi32>
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      aiex.npu.blockwrite(%buf) {address = 0 : ui32} : memref<16xi32>
    }
  }
}

// -----

// a tag that names no memref argument
module {
  aie.device(npu2) @main {
    aie.runtime_sequence @s(%a0: memref<16xi32>) {
      aiex.configure @cfg {
        aiex.run @sequence(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @cfg {
    // expected-error@+1 {{'aie.trace_buffer_arg' must be an i32 naming a memref argument of @cfg:@sequence (2 arguments)}}
    aie.runtime_sequence @sequence(%a0: memref<16xi32>, %n: i32) attributes {aie.trace_buffer_arg = 1 : i32} {
    }
  }
}

// -----

// mlir-aie materializes the devices in module order: @host's wrapper still runs @sequence when
// @top (before it) inlines it, and the run it clones names a sequence no device of the caller's
// reach defines, so upstream leaves the run in place. Put @host before @top (conform.mlir).
module {
  aie.device(npu2) @top {
    aie.runtime_sequence @outer(%a0: memref<16xi32>) {
      aiex.configure @host {
        // expected-error@+1 {{@host:@inner still runs 'sequence' when this run is inlined: mlir-aie's -aie-materialize-runtime-sequences materializes the devices in module order, so a callee that runs other sequences must be in a device before its caller's}}
        aiex.run @inner(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @host {
    aie.runtime_sequence @inner(%a0: memref<16xi32>) {
      aiex.configure @cfg {
        aiex.run @sequence(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @cfg {
    aie.runtime_sequence @sequence(%a0: memref<16xi32>) {
    }
  }
}

// -----

// a symbol the callee names that neither its device nor the module defines: upstream's symbol
// step fails and leaves the run in place
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @dev_a {
        // expected-error@+1 {{'aiex.npu.dma_wait' in @dev_a:@seq_a names @nowhere, which is defined neither in @dev_a nor in the module, so mlir-aie's -aie-materialize-runtime-sequences cannot inline this run}}
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      aiex.npu.dma_wait {symbol = @nowhere}
    }
  }
}
