// One wrapper that runs two traced configurations of the full-ELF control-packet flow (each
// sequence's trace argument tagged `aie.trace_buffer_arg`, each run one operand short):
// aie-trace-fuse-buffers reads the tag as naming the trace argument and gives the wrapper one
// fused buffer with a slice per call site, recorded as in E3; materialize then has nothing left to
// conform, and resolve gives both patches host buffer 1 at their slice offsets.
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -aie-trace-verify-patches 2>/dev/null | FileCheck %s --check-prefix=FUSED
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -aie-trace-materialize -aie-trace-resolve-patch-buffers \
// RUN:   -aie-trace-drop-specialized -aie-trace-verify-patches -aie-trace-check-ir 2>/dev/null | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-fuse-buffers -aie-trace-materialize -aie-trace-resolve-patch-buffers \
// RUN:   -aie-trace-drop-specialized --mlir-print-op-generic 2>/dev/null | FileCheck %s --check-prefix=SEGMENTS
// FUSED-LABEL: @host_seq(%{{.*}}: memref<64xi32>, %{{.*}}: memref<16384xi8>)
// FUSED-SAME: trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 16384, dedicated = true>
// FUSED-SAME: trace_slices = [#aie.trace_slice<device = "config_1", sequence = "sequence", offset = 0, size = 8192>, #aie.trace_slice<device = "config_2", sequence = "sequence", offset = 8192, size = 8192>]
// FUSED-SAME: aie_trace.slice_paths = ["0", "1"]
// (materialize leaves the sequences' constants at the start of their device, as upstream's
// greedy driver does)
// CHECK-LABEL: @host {
// CHECK: %[[A:.*]] = arith.constant 0 : i32
// CHECK-LABEL: @host_seq(%{{.*}}: memref<64xi32>, %{{.*}}: memref<16384xi8>)
// CHECK: aiex.npu.load_pdi {device_ref = @config_1}
// CHECK: aiex.npu.address_patch(%[[A]] : i32) {addr = 119268 : ui32, arg_idx = 1 : i32}
// CHECK: aiex.npu.load_pdi {device_ref = @config_2}
// CHECK: %[[B:.*]] = arith.constant 8192 : i32
// CHECK: aiex.npu.address_patch(%[[B]] : i32) {addr = 119268 : ui32, arg_idx = 1 : i32}
// The custom form does not show the E3 operand segments (an E2 patch prints alike): generic.
// SEGMENTS-LABEL: sym_name = "host_seq"
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
// SEGMENTS: "aiex.npu.address_patch"(%{{.*}}) {addr = 119268 : ui32, arg_idx = 1 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}
module {
  aie.device(npu1_1col) @host {
    aie.runtime_sequence @host_seq(%arg0: memref<64xi32>) {
      aiex.configure @config_1 {
        aiex.run @sequence(%arg0) : (memref<64xi32>)
      }
      aiex.configure @config_2 {
        aiex.run @sequence(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @config_1 {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @sequence(%arg0: memref<64xi32>, %trace: memref<8192xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %trace : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
  aie.device(npu1_1col) @config_2 {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.packet_flow(1) {
      aie.packet_source<%core, Trace : 0>
      aie.packet_dest<%shim, DMA : 1>
    } {keep_pkt_header = true}
    aie.runtime_sequence @sequence(%arg0: memref<64xi32>, %trace: memref<8192xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.writebd {bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, burst_length = 64 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}
      %plus = arith.constant 0 : i32
      aiex.npu.address_patch(%plus : i32) buffer %trace : memref<8192xi8> {addr = 119268 : ui32}
      %queue = arith.constant 119308 : i32
      %start = arith.constant -2147483633 : i32
      aiex.npu.write32(%queue, %start) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
