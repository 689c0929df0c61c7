// loops=error refuses a traced run inside an scf.for, located, saying how to proceed (IR era E2).
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-fuse-buffers='loops=error'
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      %i_lb = arith.constant 0 : index
      %i_ub = arith.constant 2 : index
      %i_st = arith.constant 1 : index
      "scf.for"(%i_lb, %i_ub, %i_st) ({
      ^bb0(%i: index):
        "aiex.configure"() <{symbol = @dev_a}> ({
          // expected-error@+1 {{runs traced design @dev_a:@seq_a inside an scf.for (loops=error): unroll the loop, or choose loops=per-iteration (a region per iteration) or loops=shared (one region for every iteration)}}
          "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
        }) : () -> ()
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
