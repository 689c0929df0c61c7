// Two calls whose traces land in the same bytes (both are passed the first half of the buffer), in
// IR era E2: reported before materialization (two call paths) and after it, where every inlined
// call has the empty call path and only the patches tell the calls apart.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %s -aie-trace-materialize -verify-diagnostics -aie-trace-verify-patches -o /dev/null
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<16384xi8>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %s = "memref.subview"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<16384xi8>) -> memref<8192xi8, strided<[1]>>
        %c = "memref.reinterpret_cast"(%s) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 8192>, static_strides = array<i64: 1>}> : (memref<8192xi8, strided<[1]>>) -> memref<8192xi8>
        "aiex.run"(%d, %c) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
        "aiex.run"(%d, %c) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, memref<8192xi8>) -> ()
      }) : () -> ()
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
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 0 : i32
      // expected-error@+1 {{overlaps the trace region [0, 8192)}}
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %tqueue = arith.constant 119308 : i32
      %tstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tqueue, %tstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
