// Consecutive runs of one device with no reconfiguration between them share its trace BD (reloading the
// loaded PDI reconfigures nothing): a warning at the second run, or one merged slice with merge-back-to-back.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers -o /dev/null
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='merge-back-to-back' 2>%t.err \
// RUN:   | FileCheck %s --check-prefix=MERGED
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='merge-back-to-back' -aie-trace-verify-patches -o /dev/null
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)
// QUIET-NOT: warning

// Two runs in one configure.
// MERGED-LABEL: sym_name = "main_seq"
// MERGED: aie_trace.slice_paths = ["0+1"]
// MERGED-SAME: aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 16384 : i64}]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
        // expected-warning@+1 {{back-to-back runs of @dev_a share its trace BD: nothing reconfigures the device between call '0' and call '1', so the trace of call '1' continues in the region of call '0'; put another device's aiex.configure between them, or set merge-back-to-back to record one slice '0+1'}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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

// -----

// Two configures of the same device back to back.
// MERGED-LABEL: sym_name = "main_seq"
// MERGED: aie_trace.slice_paths = ["0+1"]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        // expected-warning@+1 {{back-to-back runs of @dev_a share its trace BD: nothing reconfigures the device between call '0' and call '1', so the trace of call '1' continues in the region of call '0'; put another device's aiex.configure between them, or set merge-back-to-back to record one slice '0+1'}}
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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

// -----

// Another device in between reconfigures: no warning, separate slices.
// MERGED-LABEL: sym_name = "main_seq"
// MERGED: aie_trace.slice_paths = ["0", "1", "2"]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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
  "aie.device"() <{device = 5 : i32, sym_name = "dev_b"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_b"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 1 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
