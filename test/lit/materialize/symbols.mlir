// aie-trace-materialize clones the symbol definitions an inlined callee names from its device
// into the caller's device under unique names, as mlir-aie's -aie-materialize-runtime-sequences
// does (AIEMaterializeRuntimeSequences.cpp on the main line after 04f1db22; docs/ir-eras.md): one
// clone per inlined run, the name taken when free, else name_0, name_1, ...; its tile is found or
// copied like the body's; the clones go before the caller's first runtime sequence, each after the
// ones before it (the insertion point advances across runs).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: sym_name = "main"
// CHECK-NEXT: %[[T:.*]] = "aie.tile"() <{col = 0 : i32, row = 0 : i32}>
// CHECK-NEXT: "aie.shim_dma_allocation"(%[[T]]) <{channel_dir = 0 : i32, channel_index = 0 : i64, sym_name = "in"}>
// CHECK-NEXT: "aie.shim_dma_allocation"(%[[T]]) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in_0"}>
// CHECK-NEXT: "aie.shim_dma_allocation"(%[[T]]) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in_1"}>
// CHECK-NEXT: "aie.runtime_sequence"
// CHECK: "aiex.npu.dma_wait"() <{symbol = @in_0}>
// CHECK: "aiex.npu.dma_wait"() <{symbol = @in_1}>
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%t) <{channel_dir = 0 : i32, channel_index = 0 : i64, sym_name = "in"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.npu.dma_wait"() <{symbol = @in}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// Every symbol reference of every attribute is looked at, as MLIR's Attribute::replace walks them:
// inside arrays and dictionaries of a discardable attribute too. A nested reference is resolved
// from the callee's device, else from the module (here @dev_b::@out, a definition of another
// device); upstream's replacement is a flat reference named after the root, so @dev_b::@out
// becomes @dev_b, naming the clone of @out. A reference to a device stays as it is.
// CHECK-LABEL: sym_name = "main2"
// CHECK-DAG: "aie.shim_dma_allocation"(%{{.*}}) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in"}>
// CHECK-DAG: "aie.shim_dma_allocation"(%{{.*}}) <{channel_dir = 0 : i32, channel_index = 1 : i64, sym_name = "dev_b"}>
// CHECK: "aiex.npu.dma_wait"() <{symbol = @in}> {aie_test.refs = [@in, {deep = [@dev_b], dev = @dev_a2}]}
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main2"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a2}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a2"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.npu.dma_wait"() <{symbol = @in}> {aie_test.refs = [@in, {dev = @dev_a2, deep = [@dev_b::@out]}]} : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 1 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 0 : i32, channel_index = 1 : i64, sym_name = "out"}> : (index) -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
