// A sequence's own trace followed by a run of a design of its own device, with no reconfiguration
// between them (they share the trace BD), in IR era E2. The own trace is not a call: it is never
// merged with one (its bytes must stay readable from the layout), so the warning stays, and a
// second run of the pass changes nothing.
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-fuse-buffers -o /dev/null
// RUN: aie-trace-opt %s -verify-diagnostics -aie-trace-fuse-buffers='merge-back-to-back' -o /dev/null
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers='merge-back-to-back' -o %t.once 2>/dev/null
// RUN: FileCheck %s < %t.once
// RUN: aie-trace-opt %t.once -aie-trace-fuse-buffers='merge-back-to-back' -aie-trace-verify-patches 2>/dev/null | diff %t.once -
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>, %{{.*}}: memref<12288xi8>):
// CHECK: aie_trace.slice_paths = ["", "0"]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<4096xi8>):
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %tqueue = arith.constant 119308 : i32
      %tstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tqueue, %tstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
      "aiex.configure"() <{symbol = @main}> ({
        // expected-warning@+1 {{back-to-back runs of @main share its trace BD: nothing reconfigures the device between the sequence's own trace and call '0'}}
        "aiex.run"(%d) <{runtime_sequence_symbol = @helper}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "helper"}> ({
    ^bb0(%d: memref<64xi32>, %t: memref<8192xi8>):
"aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %tplus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%tplus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %tqueue = arith.constant 119308 : i32
      %tstart = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%tqueue, %tstart) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

