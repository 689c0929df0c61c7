// The ops mlir-aie's AIEX.td and AIEOps.td at 93d0a7cc define beyond the eras' snapshots are known
// to aie-trace-check-ir in every era: scratchpad, preempt, control packet, BD pool, channel and
// core resets, logical tiles, symbolic routes, the objectFIFO re-arm binding, aie.buffer's
// `aligned`. A module using them all is accepted; each op's definition is enforced.
// RUN: aie-trace-opt %s -aie-trace-check-ir | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-check-ir="era=E2" -o /dev/null

// CHECK-LABEL: @main_line {
// CHECK: aie.objectfifo_rearm_binding
// CHECK: aiex.core_reset
aie.device(npu2) @main_line {
  %t = aie.tile(0, 2)
  %shim = aie.tile(0, 0)
  %lt = "aie.logical_tile"() <{col = 1 : i32, tile_type = 0 : i32}> : () -> index
  %buf = aie.buffer(%t) {aligned = false, sym_name = "b"} : memref<16xi32>
  %l = aie.lock(%t, 0) {sym_name = "l"}
  "aie.route_endpoint"(%shim) <{bundle = 1 : i32, fifoName = "in", sym_name = "src"}> : (index) -> ()
  "aie.route_endpoint"(%t) <{bundle = 0 : i32, channelIndex = 0 : i32, sym_name = "dst"}> : (index) -> ()
  "aie.route"() <{destinations = [@dst], packet, packet_id = 3 : i8, source = @src}> : () -> ()
  "aie.objectfifo_rearm_binding"(%t, %l) <{channel_dirs = array<i32: 0>, channel_indices = array<i32: 0>, lock_inits = array<i32: 2>, operandSegmentSizes = array<i32: 1, 1>, sym_name = "of_rearm"}> : (index, index) -> ()
  aie.runtime_sequence @seq(%arg0: memref<16xi32>) {
    %c = arith.constant 0 : i32
    "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
    "aiex.npu.update_from_scratchpad"() <{address = 0 : ui32, buffer = @b, state_table_idx = 0 : ui8}> : () -> ()
    "aiex.npu.blockwrite_values"(%c, %c, %c) : (i32, i32, i32) -> ()
    "aiex.npu.preempt"() <{level = 2 : ui8}> : () -> ()
    "aiex.control_packet"() <{address = 0 : ui32, data = array<i32: 1, 2>, opcode = 0 : i32, stream_id = 0 : i32}> : () -> ()
    %bd = "aiex.dma_bd_pool_pop"() <{column = 0 : i32, row = 0 : i32}> : () -> i32
    "aiex.dma_bd_pool_push"(%bd) <{column = 0 : i32, row = 0 : i32}> : (i32) -> ()
    "aiex.dma_channel_reset"(%t) <{channel = 0 : i32, direction = 0 : i32}> : (index) -> ()
    "aiex.dma_channel_reset_for"() <{objfifo = @of_rearm}> : () -> ()
    "aiex.core_reset"(%t) : (index) -> ()
  }
}
