// Our scenarios beyond upstream's, as trace lowering leaves them, in
// IR era E2 (SSA form: address_patch(%arg_plus) {addr, arg_idx}; appended trace argument).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers 2>/dev/null | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-drop-specialized 2>/dev/null | FileCheck %s --check-prefix=INLINED
// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir -aie-trace-fuse-buffers -aie-trace-check-ir \
// RUN:   -aie-trace-verify-patches -aie-trace-materialize -aie-trace-verify-patches \
// RUN:   -aie-trace-drop-specialized -aie-trace-check-ir -o /dev/null 2>/dev/null
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -o %t.once 2>/dev/null
// RUN: aie-trace-opt %t.once --split-input-file -aie-trace-fuse-buffers -o %t.twice 2>/dev/null
// RUN: diff %t.once %t.twice
// (In generic form: the patches are IR era E2's, whose custom form aie-trace reads as E4's.)

// nested A -> B -> C: B's own 4 KiB at the front of its region, C's 8 KiB after it.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0({{.*}}%arg1: memref<12288xi8>):
// CHECK: aie_trace.slice_paths = ["0", "0/0"]
// (materialize leaves the constants at the start of the device, one per value)
// INLINED-LABEL: sym_name = "dev_b"}>
// INLINED-DAG: %[[P0:.*]] = arith.constant 0 : i32
// INLINED-DAG: %[[P1:.*]] = arith.constant 4096 : i32
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// INLINED: "aiex.npu.address_patch"(%[[P0]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 1 : i32}>
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_c}
// INLINED: "aiex.npu.address_patch"(%[[P1]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 1 : i32}>
// INLINED-NOT: specialized_from
module {
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
      "aiex.configure"() <{symbol = @dev_c}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_c}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_c"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_c"}> ({
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

// scalar arguments: the fused buffer is block argument #4 but host buffer #2.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0({{.*}}%arg4: memref<16384xi8>):
// CHECK: aie_trace.slice_paths = ["0", "1"]
// (materialize leaves the constants at the start of the device, one per value)
// INLINED-LABEL: sym_name = "main"}>
// INLINED-DAG: %[[P0:.*]] = arith.constant 0 : i32
// INLINED-DAG: %[[P1:.*]] = arith.constant 8192 : i32
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%[[P0]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 2 : i32}>
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// INLINED: "aiex.npu.address_patch"(%[[P1]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 2 : i32}>
// INLINED-NOT: specialized_from
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: i32, %arg1: memref<64xi32>, %arg2: i32, %arg3: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg3, %arg2) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>, i32) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg1, %arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>, i32) -> ()
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
    ^bb0(%arg0: memref<64xi32>, %arg1: i32, %arg2: memref<8192xi8>):
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
    ^bb0(%arg0: memref<64xi32>, %arg1: i32, %arg2: memref<8192xi8>):
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

// one callee run from two dispatched wrappers with different signatures.
// CHECK-LABEL: sym_name = "w2"
// CHECK-NEXT: ^bb0({{.*}}%arg3: memref<16384xi8>):
// CHECK: aie_trace.slice_paths = ["0", "1"]
// (materialize leaves the constants at the start of the device, one per value)
// INLINED-LABEL: sym_name = "main"}>
// INLINED-DAG: %[[P0:.*]] = arith.constant 0 : i32
// INLINED-DAG: %[[P1:.*]] = arith.constant 8192 : i32
// INLINED-LABEL: sym_name = "w1"
// INLINED: "aiex.npu.address_patch"(%[[P0]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 1 : i32}>
// INLINED-LABEL: sym_name = "w2"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_b}
// INLINED: "aiex.npu.address_patch"(%[[P0]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 2 : i32}>
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%[[P1]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 2 : i32}>
// INLINED-NOT: specialized_from
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "w1"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "w2"}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: i32, %arg2: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_b}> ({
        "aiex.run"(%arg2) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
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

// a hand-written data address_patch in a callee, whose buffer is a view at byte 256 of host buffer #1.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0({{.*}}%arg3: memref<8192xi8>):
// CHECK: aie_trace.slice_paths = ["0"]
// (materialize leaves the constants at the start of the device, one per value)
// INLINED-LABEL: sym_name = "main"}>
// INLINED-DAG: %[[P0:.*]] = arith.constant 0 : i32
// INLINED-DAG: %[[P1:.*]] = arith.constant 272 : i32
// INLINED-LABEL: sym_name = "main_seq"
// INLINED: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// INLINED: "aiex.npu.address_patch"(%[[P0]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 2 : i32}>
// INLINED: "aiex.npu.address_patch"(%[[P1]]) <{addr = {{[0-9]+}} : ui32, arg_idx = 1 : i32}>
// INLINED-NOT: specialized_from
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: i32, %arg1: memref<8xi32>, %arg2: memref<128xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 64>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : (memref<128xi32>) -> memref<64xi32, strided<[1], offset: 64>>
        %r = "memref.reinterpret_cast"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : (memref<64xi32, strided<[1], offset: 64>>) -> memref<64xi32>
        "aiex.run"(%r) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
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
      "aiex.npu.writebd"() <{bd_id = 3 : i32, buffer_length = 32 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 0 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %dplus = arith.constant 16 : i32
      "aiex.npu.address_patch"(%dplus) <{addr = 118884 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
