// Mirrors mlir-aie's test/dialect/AIEX/inline_multiple_ssa.mlir (2025): two configurations whose
// sequences use the same tile, a lock of it and a buffer of the same name. The tile is copied
// once and shared; each configuration's lock gets its own copy (no equivalence test for locks);
// the buffers named by rtp_write are cloned as symbol definitions, the second one renamed with
// a `_0` suffix, and each rtp_write / set_lock names its own configuration's copy. The insertion
// points advance across runs: the first run's lock and buffer come before the second run's
// (upstream's CHECK order: lock, buffer, lock, buffer).
// (The locks differ in `init` here so that the checks can tell them apart.)
// RUN: aie-trace-opt %s -aie-trace-materialize | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-materialize -aie-trace-check-ir -o /dev/null

// CHECK-LABEL: aie.device(npu2) {
// CHECK: %[[T:.*]] = aie.tile(0, 2)
// CHECK-NOT: aie.tile
// CHECK: %[[LO:.*]] = aie.lock(%[[T]]) {init = 0 : i32}
// CHECK-NEXT: aie.buffer(%[[T]]) {address = -559038737 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
// CHECK-NEXT: %[[LT:.*]] = aie.lock(%[[T]]) {init = 1 : i32}
// CHECK-NEXT: aie.buffer(%[[T]]) {address = -889275714 : i32, sym_name = "rtp_0_0_0"} : memref<1xi32>
// CHECK: aie.runtime_sequence
// CHECK: aiex.npu.load_pdi {device_ref = @other_device}
// CHECK-NEXT: aiex.npu.rtp_write(@rtp_0_0, 0, -1168197103)
// CHECK-NEXT: aiex.set_lock(%[[LO]], 1)
// CHECK: aiex.npu.load_pdi {device_ref = @third_device}
// CHECK-NEXT: aiex.npu.rtp_write(@rtp_0_0_0, 0, -1168197103)
// CHECK-NEXT: aiex.set_lock(%[[LT]], 1)
// the originals stay where they were
// CHECK-LABEL: @other_device {
// CHECK: aie.buffer(%{{.*}}) {address = -559038737 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
// CHECK-LABEL: @third_device {
// CHECK: aie.buffer(%{{.*}}) {address = -889275714 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
module {
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @other_device {
        aiex.run @sequence(%arg0) : (memref<64xi32>)
      }
      aiex.configure @third_device {
        aiex.run @sequence(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu2) @other_device {
    %tile_0_2 = aie.tile(0, 2)
    %rtp_0_0 = aie.buffer(%tile_0_2) {address = -559038737 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
    %lock_0_2 = aie.lock(%tile_0_2) {init = 0 : i32}
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.npu.rtp_write(@rtp_0_0, 0, -1168197103)
      aiex.set_lock(%lock_0_2, 1)
    }
  }
  aie.device(npu2) @third_device {
    %tile_0_2 = aie.tile(0, 2)
    %rtp_0_0 = aie.buffer(%tile_0_2) {address = -889275714 : i32, sym_name = "rtp_0_0"} : memref<1xi32>
    %lock_0_2 = aie.lock(%tile_0_2) {init = 1 : i32}
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.npu.rtp_write(@rtp_0_0, 0, -1168197103)
      aiex.set_lock(%lock_0_2, 1)
    }
  }
}
