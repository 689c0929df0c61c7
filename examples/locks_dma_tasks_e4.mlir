// The two-design example of two_designs_e4.mlir (@dev_a twice, @dev_b once behind one dispatched
// sequence, IR era E4, as mlir-aie's trace lowering leaves it), with what real callees add to
// their runtime sequence: @dev_a declares an object FIFO and the shim DMA allocation and lock its
// lowering provides, and its sequence sets the lock (aiex.set_lock) and moves its input through
// a DMA task (dma_configure_task_for / start / await / free, the BD id assigned). Fuse, then
// materialize and resolve as aiecc would, and run it on the emulated NPU:
//   aie-trace-opt examples/locks_dma_tasks_e4.mlir -aie-trace-fuse-buffers -aie-trace-materialize \
//     -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized -aie-trace-check-ir -o fused.mlir
//   aie-trace run fused.mlir -o out
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg1) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %dev_a_shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %dev_a_core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %dev_a_mem = "aie.tile"() <{col = 0 : i32, row = 1 : i32}> : () -> index
    %dev_a_lock = "aie.lock"(%dev_a_mem) <{init = 0 : i32, lockID = 0 : i32}> : (index) -> index
    "aie.objectfifo"(%dev_a_shim, %dev_a_mem) <{elemNumber = 2 : i32, elemType = !aie.objectfifo<memref<64xi32>>, sym_name = "dev_a_in"}> : (index, index) -> ()
    "aie.shim_dma_allocation"(%dev_a_shim) <{channel_dir = 1 : i32, channel_index = 1 : i64, sym_name = "dev_a_in_shim_alloc"}> : (index) -> ()
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%dev_a_core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%dev_a_shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.set_lock"(%dev_a_lock) <{value = 1 : i32}> : (index) -> ()
      %dev_a_task = "aiex.dma_configure_task_for"() <{alloc = @dev_a_in_shim_alloc, issue_token = true}> ({
        "aie.dma_bd"(%arg0) <{bd_id = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32, static_offset = 0 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : () -> index
      "aiex.dma_start_task"(%dev_a_task) : (index) -> ()
      "aiex.dma_await_task"(%dev_a_task) : (index) -> ()
      "aiex.dma_free_task"(%dev_a_task) : (index) -> ()
      %seq_a_0 = arith.constant 212992 : i32
      %seq_a_1 = arith.constant 31232 : i32
      "aiex.npu.write32"(%seq_a_0, %seq_a_1) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_a_2 = arith.constant 213200 : i32
      %seq_a_3 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%seq_a_2, %seq_a_3) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_a_4 = arith.constant 213204 : i32
      %seq_a_5 = arith.constant 1 : i32
      "aiex.npu.write32"(%seq_a_4, %seq_a_5) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_a_6 = arith.constant 213216 : i32
      %seq_a_7 = arith.constant 8737 : i32
      "aiex.npu.write32"(%seq_a_6, %seq_a_7) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_a_8 = arith.constant 213220 : i32
      %seq_a_9 = arith.constant 0 : i32
      "aiex.npu.write32"(%seq_a_8, %seq_a_9) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %seq_a_10 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%seq_a_10, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %seq_a_11 = arith.constant 119304 : i32
      %seq_a_12 = arith.constant 3840 : i32
      %seq_a_13 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%seq_a_11, %seq_a_12, %seq_a_13) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %seq_a_14 = arith.constant 119308 : i32
      %seq_a_15 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%seq_a_14, %seq_a_15) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_a_16 = arith.constant 212992 : i32
      %seq_a_17 = arith.constant 32512 : i32
      "aiex.npu.write32"(%seq_a_16, %seq_a_17) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_a_18 = arith.constant 213068 : i32
      %seq_a_19 = arith.constant 127 : i32
      "aiex.npu.write32"(%seq_a_18, %seq_a_19) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_a_20 = arith.constant 213000 : i32
      %seq_a_21 = arith.constant 127 : i32
      "aiex.npu.write32"(%seq_a_20, %seq_a_21) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %seq_a_22 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%seq_a_22, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<64xi32>) -> ()
      %seq_a_23 = arith.constant 119316 : i32
      %seq_a_24 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%seq_a_23, %seq_a_24) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_a_25 = arith.constant 0 : i32
      %seq_a_26 = arith.constant 0 : i32
      %seq_a_27 = arith.constant 1 : i32
      %seq_a_28 = arith.constant 0 : i32
      %seq_a_29 = arith.constant 1 : i32
      %seq_a_30 = arith.constant 1 : i32
      "aiex.npu.sync"(%seq_a_25, %seq_a_26, %seq_a_27, %seq_a_28, %seq_a_29, %seq_a_30) : (i32, i32, i32, i32, i32, i32) -> ()
      %seq_a_31 = arith.constant 213064 : i32
      %seq_a_32 = arith.constant 126 : i32
      "aiex.npu.write32"(%seq_a_31, %seq_a_32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_a_33 = arith.constant 213000 : i32
      %seq_a_34 = arith.constant 126 : i32
      "aiex.npu.write32"(%seq_a_33, %seq_a_34) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %dev_b_shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %dev_b_core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 2 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%dev_b_core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%dev_b_shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      %seq_b_0 = arith.constant 212992 : i32
      %seq_b_1 = arith.constant 31232 : i32
      "aiex.npu.write32"(%seq_b_0, %seq_b_1) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_b_2 = arith.constant 213200 : i32
      %seq_b_3 = arith.constant 2038038528 : i32
      "aiex.npu.write32"(%seq_b_2, %seq_b_3) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_b_4 = arith.constant 213204 : i32
      %seq_b_5 = arith.constant 2 : i32
      "aiex.npu.write32"(%seq_b_4, %seq_b_5) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_b_6 = arith.constant 213216 : i32
      %seq_b_7 = arith.constant 2433569 : i32
      "aiex.npu.write32"(%seq_b_6, %seq_b_7) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %seq_b_8 = arith.constant 213220 : i32
      %seq_b_9 = arith.constant 0 : i32
      "aiex.npu.write32"(%seq_b_8, %seq_b_9) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %seq_b_10 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%seq_b_10, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4096xi8>) -> ()
      %seq_b_11 = arith.constant 119304 : i32
      %seq_b_12 = arith.constant 3840 : i32
      %seq_b_13 = arith.constant 65280 : i32
      "aiex.npu.maskwrite32"(%seq_b_11, %seq_b_12, %seq_b_13) <{column = 0 : i32, row = 0 : i32}> : (i32, i32, i32) -> ()
      %seq_b_14 = arith.constant 119308 : i32
      %seq_b_15 = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%seq_b_14, %seq_b_15) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_b_16 = arith.constant 212992 : i32
      %seq_b_17 = arith.constant 32512 : i32
      "aiex.npu.write32"(%seq_b_16, %seq_b_17) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_b_18 = arith.constant 213068 : i32
      %seq_b_19 = arith.constant 127 : i32
      "aiex.npu.write32"(%seq_b_18, %seq_b_19) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_b_20 = arith.constant 213000 : i32
      %seq_b_21 = arith.constant 127 : i32
      "aiex.npu.write32"(%seq_b_20, %seq_b_21) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.npu.writebd"() <{bd_id = 0 : i32, buffer_length = 64 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %seq_b_22 = arith.constant 0 : i32
      "aiex.npu.address_patch"(%seq_b_22, %arg0) <{addr = 118788 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<64xi32>) -> ()
      %seq_b_23 = arith.constant 119316 : i32
      %seq_b_24 = arith.constant -2147483648 : i32
      "aiex.npu.write32"(%seq_b_23, %seq_b_24) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_b_25 = arith.constant 0 : i32
      %seq_b_26 = arith.constant 0 : i32
      %seq_b_27 = arith.constant 1 : i32
      %seq_b_28 = arith.constant 0 : i32
      %seq_b_29 = arith.constant 1 : i32
      %seq_b_30 = arith.constant 1 : i32
      "aiex.npu.sync"(%seq_b_25, %seq_b_26, %seq_b_27, %seq_b_28, %seq_b_29, %seq_b_30) : (i32, i32, i32, i32, i32, i32) -> ()
      %seq_b_31 = arith.constant 213064 : i32
      %seq_b_32 = arith.constant 126 : i32
      "aiex.npu.write32"(%seq_b_31, %seq_b_32) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      %seq_b_33 = arith.constant 213000 : i32
      %seq_b_34 = arith.constant 126 : i32
      "aiex.npu.write32"(%seq_b_33, %seq_b_34) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
