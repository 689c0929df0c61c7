// Traced runs inside an scf.for with a static trip count (3 iterations: iv = 2, 4, 6), alternating two
// designs, in IR era E4 (mlir-aie PR #3718: 64-bit arg_plus).
// mlir-aie's ODS (E3) declares aiex.configure HasParent<RuntimeSequenceOp>, so aie-opt and
// aie-trace-check-ir reject a configure inside scf.for; these outputs are verified, not schema-checked.
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -aie-trace-verify-patches -aie-trace-materialize \
// RUN:   -aie-trace-verify-patches -aie-trace-drop-specialized -o /dev/null
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -o %t.once
// RUN: aie-trace-opt %t.once -aie-trace-fuse-buffers | diff %t.once -
// One region shared by every iteration (what mlir-aie's own pass does):
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers='loops=shared' -aie-trace-verify-patches | FileCheck %s --check-prefix=SHARED

// A region per iteration: the view's offset follows the iteration index, and the specialized copy takes
// the index as an extra i32 parameter to compute arg_plus.
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %[[T:.*]]: memref<36864xi8>):
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[D:.*]] = arith.subi %[[IV]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.divui %[[D]], %{{.*}} : index
// CHECK: %[[O:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK: memref.subview %[[T]][%{{.*}}] [8192] [1] : memref<36864xi8> to memref<8192xi8, strided<[1], offset: ?>>
// CHECK: %[[IT:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: "aiex.run"(%arg0, %{{.*}}, %[[IT]]) {runtime_sequence_symbol = @seq_a.main_seq.0} : (memref<64xi32>, memref<8192xi8>, i32) -> ()
// CHECK: "aiex.run"(%arg0, %{{.*}}, %{{.*}}) {runtime_sequence_symbol = @seq_b.main_seq.1} : (memref<64xi32>, memref<4096xi8>, i32) -> ()
// CHECK: aie_trace.slice_paths = ["0[0]", "0[1]", "0[2]", "1[0]", "1[1]", "1[2]"]
// CHECK-LABEL: sym_name = "seq_a.main_seq.0"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>, %[[N:.*]]: i32):
// CHECK: %[[M:.*]] = arith.muli %[[N]], %{{.*}} : i32
// CHECK: %[[P:.*]] = arith.addi %{{.*}}, %[[M]] : i32
// CHECK-NEXT: "aiex.npu.address_patch"(%[[P]]) {{<?}}{addr = 119268 : ui32, {{(aie_trace.rebased_from = [{]addr = 119268 : ui32, arg_plus = 0 : i64[}], arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>[}]|arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>[}]> [{]aie_trace.rebased_from = [{]addr = 119268 : ui32, arg_plus = 0 : i64[}][}])}}
// CHECK-LABEL: sym_name = "seq_b.main_seq.1"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>, %{{.*}}: i32):

// SHARED-LABEL: sym_name = "main_seq"
// SHARED-NEXT: ^bb0(%arg0: memref<64xi32>, %[[T:.*]]: memref<12288xi8>):
// SHARED: memref.subview %[[T]][0] [8192] [1]
// SHARED: memref.subview %[[T]][8192] [4096] [1]
// SHARED: aie_trace.slice_paths = ["0", "1"]
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      %i_lb = arith.constant 2 : index
      %i_ub = arith.constant 8 : index
      %i_st = arith.constant 2 : index
      "scf.for"(%i_lb, %i_ub, %i_st) ({
      ^bb0(%i: index):
        "aiex.configure"() <{symbol = @dev_a}> ({
          "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
        }) : () -> ()
        "aiex.configure"() <{symbol = @dev_b}> ({
          "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_b}> : (memref<64xi32>) -> ()
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
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 8192, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<8192xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
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
    "aie.runtime_sequence"() <{sym_name = "seq_b", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<4096xi8>):
      "aiex.npu.writebd"() <{bd_id = 15 : i32, buffer_length = 1024 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
      %plus = arith.constant 0 : i32
      "aiex.npu.address_patch"(%plus, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<4096xi8>) -> ()
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      "aiex.npu.write32"(%queue, %start) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
