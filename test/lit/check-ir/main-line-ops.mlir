// The ops mlir-aie's AIEX.td and AIEOps.td at 93d0a7cc define beyond the eras' snapshots are known
// to aie-trace-check-ir in every era: scratchpad, preempt, control packet, BD pool, channel and
// core resets, logical tiles, symbolic routes, the objectFIFO re-arm binding, aie.buffer's
// `aligned`. A module using them all is accepted; each op's definition is enforced.
// RUN: aie-trace-opt %s -aie-trace-check-ir | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-check-ir="era=E2" -o /dev/null

// CHECK-LABEL: sym_name = "main_line"
// CHECK: "aie.objectfifo_rearm_binding"
// CHECK: "aiex.core_reset"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "main_line"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %lt = "aie.logical_tile"() <{tile_type = 0 : i32, col = 1 : i32}> : () -> index
    %buf = "aie.buffer"(%t) <{sym_name = "b", aligned = false}> : (index) -> memref<16xi32>
    %l = "aie.lock"(%t) <{lockID = 0 : i32, sym_name = "l"}> : (index) -> index
    "aie.route_endpoint"(%shim) <{sym_name = "src", bundle = 1 : i32, fifoName = "in"}> : (index) -> ()
    "aie.route_endpoint"(%t) <{sym_name = "dst", bundle = 0 : i32, channelIndex = 0 : i32}> : (index) -> ()
    "aie.route"() <{source = @src, destinations = [@dst], packet, packet_id = 3 : i8}> : () -> ()
    "aie.objectfifo_rearm_binding"(%t, %l) <{sym_name = "of_rearm", operandSegmentSizes = array<i32: 1, 1>, channel_dirs = array<i32: 0>, channel_indices = array<i32: 0>, lock_inits = array<i32: 2>}> : (index, index) -> ()
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<16xi32>):
      %c = arith.constant 0 : i32
      "aiex.npu.create_scratchpad"() <{size = 128 : ui32}> : () -> ()
      "aiex.npu.update_from_scratchpad"() <{state_table_idx = 0 : ui8, address = 0 : ui32, buffer = @b}> : () -> ()
      "aiex.npu.blockwrite_values"(%c, %c, %c) : (i32, i32, i32) -> ()
      "aiex.npu.preempt"() <{level = 2 : ui8}> : () -> ()
      "aiex.control_packet"() <{address = 0 : ui32, opcode = 0 : i32, stream_id = 0 : i32, data = array<i32: 1, 2>}> : () -> ()
      %bd = "aiex.dma_bd_pool_pop"() <{column = 0 : i32, row = 0 : i32}> : () -> i32
      "aiex.dma_bd_pool_push"(%bd) <{column = 0 : i32, row = 0 : i32}> : (i32) -> ()
      "aiex.dma_channel_reset"(%t) <{direction = 0 : i32, channel = 0 : i32}> : (index) -> ()
      "aiex.dma_channel_reset_for"() <{objfifo = @of_rearm}> : () -> ()
      "aiex.core_reset"(%t) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
