// Mirrors mlir-aie's test/dialect/AIEX/inline_locks.mlir (2026, the revision that lowers to cert):
// the locks a callee sets are copied into the caller's device with the tile they name (one tile
// for several locks, a tile per lock tile, tiles first), and every set_lock names the copy of its
// lock, however often it is used.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// three locks of one tile, lock_0 set twice
// CHECK-LABEL: aie.device(npu2) {
// CHECK: %[[TILE:.*]] = aie.tile(0, 2)
// CHECK-DAG: %[[LOCK2:.*]] = aie.lock(%[[TILE]], 2) {init = 0 : i32, sym_name = "lock_2"}
// CHECK-DAG: %[[LOCK1:.*]] = aie.lock(%[[TILE]], 1) {init = 1 : i32, sym_name = "lock_1"}
// CHECK-DAG: %[[LOCK0:.*]] = aie.lock(%[[TILE]], 0) {init = 0 : i32, sym_name = "lock_0"}
// CHECK-NOT: aie.tile
// CHECK: aie.runtime_sequence
// CHECK: aiex.npu.load_pdi {device_ref = @callee_device}
// CHECK-NEXT: aiex.set_lock(%[[LOCK0]], 1)
// CHECK-NEXT: aiex.set_lock(%[[LOCK1]], 0)
// CHECK-NEXT: aiex.set_lock(%[[LOCK2]], 1)
// CHECK-NEXT: aiex.set_lock(%[[LOCK0]], 2)
// the originals stay in the callee's device
// CHECK-LABEL: @callee_device {
// CHECK: aie.tile(0, 2)
// CHECK-DAG: aie.lock(%{{.*}}, 0)
// CHECK-DAG: aie.lock(%{{.*}}, 1)
// CHECK-DAG: aie.lock(%{{.*}}, 2)
module {
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
      aiex.configure @callee_device {
        aiex.run @sequence(%arg0, %arg1) : (memref<64xi32>, memref<64xi32>)
      }
    }
  }
  aie.device(npu2) @callee_device {
    %tile_0_2 = aie.tile(0, 2)
    %lock_0 = aie.lock(%tile_0_2, 0) {init = 0 : i32, sym_name = "lock_0"}
    %lock_1 = aie.lock(%tile_0_2, 1) {init = 1 : i32, sym_name = "lock_1"}
    %lock_2 = aie.lock(%tile_0_2, 2) {init = 0 : i32, sym_name = "lock_2"}
    aie.runtime_sequence(%arg0: memref<64xi32>, %arg1: memref<64xi32>) {
      aiex.set_lock(%lock_0, 1)
      aiex.set_lock(%lock_1, 0)
      aiex.set_lock(%lock_2, 1)
      aiex.set_lock(%lock_0, 2)
    }
  }
}

// -----

// locks on two tiles: within a run every tile comes before the locks (upstream's case 2), and each
// copy names the copy of its own tile
// CHECK-LABEL: aie.device(npu2) {
// CHECK: %[[TILE02:.*]] = aie.tile(0, 2)
// CHECK-NEXT: %[[TILE12:.*]] = aie.tile(1, 2)
// CHECK-DAG: %[[LOCK12:.*]] = aie.lock(%[[TILE12]], 0) {init = 0 : i32}
// CHECK-DAG: %[[LOCK02:.*]] = aie.lock(%[[TILE02]], 0) {init = 0 : i32}
// CHECK: aie.runtime_sequence
// CHECK: aiex.npu.load_pdi {device_ref = @multi_tile_device}
// CHECK-NEXT: aiex.set_lock(%[[LOCK02]], 1)
// CHECK-NEXT: aiex.set_lock(%[[LOCK12]], 1)
// CHECK-LABEL: @multi_tile_device {
module {
  aie.device(npu2) {
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.configure @multi_tile_device {
        aiex.run @sequence(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu2) @multi_tile_device {
    %tile_0_2 = aie.tile(0, 2)
    %tile_1_2 = aie.tile(1, 2)
    %lock_0_2 = aie.lock(%tile_0_2, 0) {init = 0 : i32}
    %lock_1_2 = aie.lock(%tile_1_2, 0) {init = 0 : i32}
    aie.runtime_sequence(%arg0: memref<64xi32>) {
      aiex.set_lock(%lock_0_2, 1)
      aiex.set_lock(%lock_1_2, 1)
    }
  }
}

// -----

// the caller already declares the lock's tile, after its first op: the tile moves up to the
// insertion point so that the lock copy follows it (our difference: upstream inserts before the
// device's first op and would put the lock ahead of its tile; docs/ir-eras.md)
// CHECK-LABEL: aie.device(npu2) {
// CHECK-NEXT: %[[T:.*]] = aie.tile(0, 2)
// CHECK-NEXT: %[[L:.*]] = aie.lock(%[[T]], 3) {sym_name = "l"}
// CHECK-NEXT: aie.tile(0, 0)
// CHECK: aiex.set_lock(%[[L]], 1)
module {
  aie.device(npu2) {
    %t0 = aie.tile(0, 0)
    %t = aie.tile(0, 2)
    aie.runtime_sequence(%a: memref<4xi32>) {
      aiex.configure @d {
        aiex.run @sequence(%a) : (memref<4xi32>)
      }
    }
  }
  aie.device(npu2) @d {
    %t = aie.tile(0, 2)
    %l = aie.lock(%t, 3) {sym_name = "l"}
    aie.runtime_sequence(%a: memref<4xi32>) {
      aiex.set_lock(%l, 1)
    }
  }
}
