// Mirrors mlir-aie's test/dialect/AIEX/inline_symbols_in_loop.mlir (2026) and
// inline_loop_block_arg.mlir (2026): a symbol named by an op nested in an scf.for of the callee is
// cloned into the caller's device like one named at the top level, the originals stay in the
// callee's device, and a loop's induction variable stays the loop's own (it is no value of the
// callee's device to copy).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: @main {
// CHECK-DAG: aie.shim_dma_allocation @buffer_top(%{{.*}}, S2MM, 0)
// CHECK-DAG: aie.shim_dma_allocation @buffer_in_loop(%{{.*}}, S2MM, 1)
// CHECK-LABEL: @main_seq(
// CHECK: aiex.npu.load_pdi {device_ref = @config_with_symbols}
// CHECK: aiex.npu.dma_memcpy_nd
// CHECK-SAME: metadata = @buffer_top
// CHECK: scf.for
// CHECK: aiex.npu.dma_memcpy_nd
// CHECK-SAME: metadata = @buffer_in_loop
// CHECK-LABEL: @config_with_symbols {
// CHECK: aie.shim_dma_allocation @buffer_top(
// CHECK: aie.shim_dma_allocation @buffer_in_loop(
module {
  aie.device(npu2) @main {
    %tile00 = aie.tile(0, 0)
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @config_with_symbols {
        aiex.run @seq_with_dma(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu2) @config_with_symbols {
    %tile20 = aie.tile(2, 0)
    %tile30 = aie.tile(3, 0)
    aie.shim_dma_allocation @buffer_top(%tile20, S2MM, 0)
    aie.shim_dma_allocation @buffer_in_loop(%tile30, S2MM, 1)
    aie.runtime_sequence @seq_with_dma(%arg0: memref<64xi32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @buffer_top} : memref<64xi32>
      scf.for %i = %c0 to %c2 step %c1 {
        aiex.npu.dma_memcpy_nd(%arg0[0, 0, 0, 0][1, 1, 1, 64][0, 0, 0, 1]) {id = 1 : i64, metadata = @buffer_in_loop} : memref<64xi32>
      }
    }
  }
}

// -----

// CHECK-LABEL: @loop_main_seq(
// CHECK: aiex.npu.load_pdi {device_ref = @loop_device}
// CHECK: scf.for %[[IV:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK-NEXT: aiex.npu.rtp_write(@rtp_0_0, 0, %[[C]]) : i32
// CHECK-LABEL: @loop_device {
module {
  aie.device(npu2) @loop_main {
    %tile00 = aie.tile(0, 0)
    aie.runtime_sequence @loop_main_seq(%arg0: memref<64xi32>) {
      aiex.configure @loop_device {
        aiex.run @loop_seq(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu2) @loop_device {
    %tile_0_2 = aie.tile(0, 2)
    %rtp_0_0 = aie.buffer(%tile_0_2) {address = -559038737 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
    aie.runtime_sequence @loop_seq(%arg0: memref<64xi32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %v = arith.index_cast %i : index to i32
        aiex.npu.rtp_write(@rtp_0_0, 0, %v) : i32
      }
    }
  }
}
