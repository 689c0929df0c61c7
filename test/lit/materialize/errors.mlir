// aie-trace-materialize's refusals, each one located error in the words of mlir-aie's
// -aie-materialize-runtime-sequences (AIEMaterializeRuntimeSequences.cpp at ef38c7ba and its main-line successor, docs/ir-eras.md) and of its
// test run_error_arg_type_mismatch.mlir (at ccce224d).
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-materialize

module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'aiex.run' op argument 0 type mismatch: expected memref<16xi16> but got memref<16xi32>}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi16>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32, allocation_scheme = "bank-aware"}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{aie.tile(0, 2) already exists in the device with different attributes}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.npu.sync_tile"(%core) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{Referenced SSA value defined by unsupported operation type: aie.external_buffer. Currently only aie.tile, aie.lock and aie.buffer operations are supported.}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %buf = "aie.external_buffer"() <{sym_name = "b"}> : () -> memref<16xi32>
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.npu.blockwrite"(%buf) <{address = 0 : ui32}> : (memref<16xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a tag that names no memref argument
module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "s"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @cfg}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}> ({
    // expected-error@+1 {{'aie.trace_buffer_arg' must be an i32 naming a memref argument of @cfg:@sequence (2 arguments)}}
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>, %n: i32):
    }) {aie.trace_buffer_arg = 1 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// mlir-aie materializes the devices in module order: @host's wrapper still runs @sequence when
// @top (before it) inlines it, and the run it clones names a sequence no device of the caller's
// reach defines, so upstream leaves the run in place. Put @host before @top (conform.mlir).
module {
  "aie.device"() <{device = 8 : i32, sym_name = "top"}> ({
    "aie.runtime_sequence"() <{sym_name = "outer"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @host}> ({
        // expected-error@+1 {{@host:@inner still runs 'sequence' when this run is inlined: mlir-aie's -aie-materialize-runtime-sequences materializes the devices in module order, so a callee that runs other sequences must be in a device before its caller's}}
        "aiex.run"(%a0) <{runtime_sequence_symbol = @inner}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    "aie.runtime_sequence"() <{sym_name = "inner"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @cfg}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a symbol the callee names that neither its device nor the module defines: upstream's symbol
// step fails and leaves the run in place
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-error@+1 {{'aiex.npu.dma_wait' in @dev_a:@seq_a names @nowhere, which is defined neither in @dev_a nor in the module, so mlir-aie's -aie-materialize-runtime-sequences cannot inline this run}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<16xi32>):
      "aiex.npu.dma_wait"() <{symbol = @nowhere}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
