// mlir-aie's test/dialect/AIEX/conform_overlay_trace_buffer.mlir (Xilinx/mlir-aie, 2026) end to
// end, in every IR era: aiecc's full-ELF control-packet flow wraps each configuration in a host
// sequence forwarding its three arguments; trace lowering then appends the trace buffer to
// @config_1's sequence and tags it `aie.trace_buffer_arg = 3`. Upstream asserts that the wrapper
// of the traced configuration (@seq_1) gains a fourth argument, memref<8192xi8>, and the wrapper of
// the untraced one (@seq_2) keeps three. Our own input adds the trace patch trace lowering leaves in
// @config_1's sequence; through materialize (conform) -> resolve, and with fuse first, it names the
// wrapper's new host buffer 3 at arg_plus 0.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize -aie-trace-resolve-patch-buffers \
// RUN:   -aie-trace-verify-patches -aie-trace-check-ir 2>/dev/null | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers -aie-trace-materialize \
// RUN:   -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized -aie-trace-verify-patches \
// RUN:   -aie-trace-check-ir 2>/dev/null | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize -aie-trace-resolve-patch-buffers \
// RUN:   2>/dev/null | FileCheck %s --check-prefix=COUNT

// IR era E1.
// CHECK-LABEL: sym_name = "seq_1"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>, %arg3: memref<8192xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_1}
// CHECK: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}>
// CHECK-LABEL: sym_name = "seq_2"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_2}
// CHECK-NOT: address_patch
// CHECK: sym_name = "config_1"
// COUNT-LABEL: sym_name = "seq_1"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "seq_2"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "overlay_host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_1}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_2"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_2}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_1"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}> : () -> ()
      "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
    }) {aie.trace_buffer_arg = 3 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_2"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E2.
// CHECK-LABEL: sym_name = "seq_1"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>, %arg3: memref<8192xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_1}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 3 : i32}>
// CHECK-LABEL: sym_name = "seq_2"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_2}
// CHECK-NOT: address_patch
// CHECK: sym_name = "config_1"
// COUNT-LABEL: sym_name = "seq_1"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "seq_2"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "overlay_host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_1}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_2"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_2}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_1"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus) <{addr = 119268 : ui32, arg_idx = 3 : i32}> : (i32) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie.trace_buffer_arg = 3 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_2"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E3.
// CHECK-LABEL: sym_name = "seq_1"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>, %arg3: memref<8192xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_1}
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 3 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// CHECK-LABEL: sym_name = "seq_2"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_2}
// CHECK-NOT: address_patch
// CHECK: sym_name = "config_1"
// COUNT-LABEL: sym_name = "seq_1"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "seq_2"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "overlay_host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_1}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_2"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_2}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_1"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %trace) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie.trace_buffer_arg = 3 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_2"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// IR era E4.
// CHECK-LABEL: sym_name = "seq_1"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>, %arg3: memref<8192xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_1}
// CHECK: "aiex.npu.address_patch"(%{{c0_i64(_[0-9]+)?}}) {addr = 119268 : ui32, arg_idx = 3 : i32, operandSegmentSizes = array<i32: 0, 1, 0>} : (i64) -> ()
// CHECK-LABEL: sym_name = "seq_2"
// CHECK-NEXT: ^bb0(%arg0: memref<4096xi32>, %arg1: memref<1xi32>, %arg2: memref<4096xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_2}
// CHECK-NOT: address_patch
// CHECK: sym_name = "config_1"
// COUNT-LABEL: sym_name = "seq_1"
// COUNT-COUNT-1: "aiex.npu.address_patch"
// COUNT-NOT: "aiex.npu.address_patch"
// COUNT: sym_name = "seq_2"
module {
  "aie.device"() <{device = 8 : i32, sym_name = "overlay_host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_1}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_2"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_2}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_1"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.packet_flow"() <{ID = 1 : i8, keep_pkt_header = true}> ({
      "aie.packet_source"(%core) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
      "aie.packet_dest"(%shim) <{bundle = 1 : i32, channel = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i64
      "aiex.npu.address_patch"(%plus, %trace) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i64, memref<8192xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) {aie.trace_buffer_arg = 3 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_2"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
