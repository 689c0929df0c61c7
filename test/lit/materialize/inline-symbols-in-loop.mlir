// Mirrors mlir-aie's test/dialect/AIEX/inline_symbols_in_loop.mlir (2026) and
// inline_loop_block_arg.mlir (2026): a symbol named by an op nested in an scf.for of the callee is
// cloned into the caller's device like one named at the top level, the originals stay in the
// callee's device, and a loop's induction variable stays the loop's own (it is no value of the
// callee's device to copy).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: sym_name = "main"
// CHECK-DAG: "aie.shim_dma_allocation"(%{{.*}}) <{channel_dir = 0 : i32, channel_index = 0 : i64, sym_name = "buffer_top"}>
// CHECK-DAG: "aie.shim_dma_allocation"(%{{.*}}) <{channel_dir = 0 : i32, channel_index = 1 : i64, sym_name = "buffer_in_loop"}>
// CHECK-LABEL: sym_name = "main_seq"
// CHECK: "aiex.npu.load_pdi"() {device_ref = @config_with_symbols}
// CHECK: "aiex.npu.dma_memcpy_nd"
// CHECK-SAME: metadata = @buffer_top
// CHECK: scf.for
// CHECK: "aiex.npu.dma_memcpy_nd"
// CHECK-SAME: metadata = @buffer_in_loop
// CHECK-LABEL: sym_name = "config_with_symbols"
// CHECK: sym_name = "buffer_top"
// CHECK: sym_name = "buffer_in_loop"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "main"}> ({
    %tile00 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @config_with_symbols}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_with_dma}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_with_symbols"}> ({
    %tile20 = "aie.tile"() <{col = 2 : i32, row = 0 : i32}> : () -> index
    %tile30 = "aie.tile"() <{col = 3 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%tile20) <{channel_dir = 0 : i32, channel_index = 0 : i64, sym_name = "buffer_top"}> : (index) -> ()
    "aie.shim_dma_allocation"(%tile30) <{channel_dir = 0 : i32, channel_index = 1 : i64, sym_name = "buffer_in_loop"}> : (index) -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_with_dma"}> ({
    ^bb0(%arg0: memref<64xi32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      "aiex.npu.dma_memcpy_nd"(%arg0) <{id = 0 : i64, metadata = @buffer_top, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
      "scf.for"(%c0, %c2, %c1) ({
      ^bb0(%i: index):
        "aiex.npu.dma_memcpy_nd"(%arg0) <{id = 1 : i64, metadata = @buffer_in_loop, operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// CHECK-LABEL: sym_name = "loop_main_seq"
// CHECK: "aiex.npu.load_pdi"() {device_ref = @loop_device}
// CHECK: scf.for %[[IV:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK-NEXT: "aiex.npu.rtp_write"(%[[C]]) <{buffer = @rtp_0_0, index = 0 : ui32}>
// CHECK-LABEL: sym_name = "loop_device"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "loop_main"}> ({
    %tile00 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "loop_main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @loop_device}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @loop_seq}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "loop_device"}> ({
    %tile_0_2 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %rtp_0_0 = "aie.buffer"(%tile_0_2) <{address = -559038737 : i32, sym_name = "rtp_0_0"}> : (index) -> memref<1xi32>
    "aie.runtime_sequence"() <{sym_name = "loop_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      "scf.for"(%c0, %c4, %c1) ({
      ^bb0(%i: index):
        %v = arith.index_cast %i : index to i32
        "aiex.npu.rtp_write"(%v) <{buffer = @rtp_0_0, index = 0 : ui32}> : (i32) -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
