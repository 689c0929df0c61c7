// aie-trace-opt prints what it read in custom form back in custom form, as aie-opt does
// (implicit aie.end left out, enums by name, the entry arguments in the op); generic on request.
// RUN: aie-trace-opt %s | FileCheck %s
// RUN: aie-trace-opt %s --mlir-print-op-generic | FileCheck --check-prefix=GENERIC %s
// RUN: aie-trace-opt %s | aie-trace-opt --mlir-print-op-generic | FileCheck --check-prefix=GENERIC %s

// CHECK-LABEL: aie.device(npu2_1col) @dev {
// CHECK-NEXT:    %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK-NEXT:    %[[CORE:.*]] = aie.tile(0, 2)
// CHECK-NEXT:    %[[LOCK:.*]] = aie.lock(%[[CORE]], 0) {init = 1 : i32}
// CHECK-NEXT:    aie.packet_flow(1) {
// CHECK-NEXT:      aie.packet_source<%[[CORE]], Trace : 0>
// CHECK-NEXT:      aie.packet_dest<%[[SHIM]], DMA : 1>
// CHECK-NEXT:    } {keep_pkt_header = true}
// CHECK-NEXT:    aie.runtime_sequence @seq(%[[A:.*]]: memref<64xi32>, %[[T:.*]]: memref<8192xi8>) {
// CHECK-NEXT:      %[[C:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      aiex.npu.write32(%[[C]], %[[C]]) : i32, i32
// CHECK-NEXT:      aiex.npu.address_patch(%[[C]] : i32) buffer %[[T]] : memref<8192xi8> {addr = 119268 : ui32}
// CHECK-NEXT:      %[[K:.*]] = aiex.dma_configure_task(%[[SHIM]], MM2S, 0) {
// CHECK-NEXT:        aie.dma_bd(%[[A]] : memref<64xi32> offset = 0 len = 64)
// CHECK-NEXT:        aie.end
// CHECK-NEXT:      } {issue_token = true}
// CHECK-NEXT:      aiex.dma_start_task(%[[K]])
// CHECK-NEXT:      aiex.dma_await_task(%[[K]])
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// GENERIC: "aie.device"() <{device = 9 : i32, sym_name = "dev"}> ({
// GENERIC: "aie.packet_source"(%{{.*}}) <{bundle = 9 : i32, channel = 0 : i32}> : (index) -> ()
// GENERIC: "aiex.npu.address_patch"(%{{.*}}, %{{.*}}) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<8192xi8>) -> ()
// GENERIC: "aiex.dma_configure_task"(%{{.*}}) <{channel = 0 : i32, direction = 1 : i32, issue_token = true, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
// GENERIC: "aie.dma_bd"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32, static_offset = 0 : i32}> : (memref<64xi32>) -> ()

aie.device(npu2_1col) @dev {
  %shim = aie.tile(0, 0)
  %core = aie.tile(0, 2)
  %lock = aie.lock(%core, 0) {init = 1 : i32}
  aie.packet_flow(1) {
    aie.packet_source<%core, Trace : 0>
    aie.packet_dest<%shim, DMA : 1>
  } {keep_pkt_header = true}
  aie.runtime_sequence @seq(%a: memref<64xi32>, %trace: memref<8192xi8>) {
    %c0 = arith.constant 0 : i32
    aiex.npu.write32(%c0, %c0) : i32, i32
    aiex.npu.address_patch(%c0 : i32) buffer %trace : memref<8192xi8> {addr = 119268 : ui32}
    %t = aiex.dma_configure_task(%shim, MM2S, 0) {
      aie.dma_bd(%a : memref<64xi32> offset = 0 len = 64)
      aie.end
    } {issue_token = true}
    aiex.dma_start_task(%t)
    aiex.dma_await_task(%t)
  }
}
