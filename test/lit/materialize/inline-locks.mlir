// Mirrors mlir-aie's test/dialect/AIEX/inline_locks.mlir (2026, the revision that lowers to cert):
// the locks a callee sets are copied into the caller's device with the tile they name (one tile
// for several locks, a tile per lock tile, tiles first), and every set_lock names the copy of its
// lock, however often it is used.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// three locks of one tile, lock_0 set twice
// CHECK-LABEL: "aie.device"() <{device = 8 : i32}>
// CHECK: %[[TILE:.*]] = "aie.tile"() <{col = 0 : i32, row = 2 : i32}>
// CHECK-DAG: %[[LOCK2:.*]] = "aie.lock"(%[[TILE]]) <{init = 0 : i32, lockID = 2 : i32, sym_name = "lock_2"}>
// CHECK-DAG: %[[LOCK1:.*]] = "aie.lock"(%[[TILE]]) <{init = 1 : i32, lockID = 1 : i32, sym_name = "lock_1"}>
// CHECK-DAG: %[[LOCK0:.*]] = "aie.lock"(%[[TILE]]) <{init = 0 : i32, lockID = 0 : i32, sym_name = "lock_0"}>
// CHECK-NOT: "aie.tile"
// CHECK: "aie.runtime_sequence"
// CHECK: "aiex.npu.load_pdi"() {device_ref = @callee_device}
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK0]]) <{value = 1 : i32}>
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK1]]) <{value = 0 : i32}>
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK2]]) <{value = 1 : i32}>
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK0]]) <{value = 2 : i32}>
// the originals stay in the callee's device
// CHECK-LABEL: sym_name = "callee_device"
// CHECK: "aie.tile"() <{col = 0 : i32, row = 2 : i32}>
// CHECK-DAG: lockID = 0 : i32
// CHECK-DAG: lockID = 1 : i32
// CHECK-DAG: lockID = 2 : i32
module {
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
      "aiex.configure"() <{symbol = @callee_device}> ({
        "aiex.run"(%arg0, %arg1) <{runtime_sequence_symbol = @sequence}> : (memref<64xi32>, memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "callee_device"}> ({
    %tile_0_2 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %lock_0 = "aie.lock"(%tile_0_2) <{init = 0 : i32, lockID = 0 : i32, sym_name = "lock_0"}> : (index) -> index
    %lock_1 = "aie.lock"(%tile_0_2) <{init = 1 : i32, lockID = 1 : i32, sym_name = "lock_1"}> : (index) -> index
    %lock_2 = "aie.lock"(%tile_0_2) <{init = 0 : i32, lockID = 2 : i32, sym_name = "lock_2"}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>):
      "aiex.set_lock"(%lock_0) <{value = 1 : i32}> : (index) -> ()
      "aiex.set_lock"(%lock_1) <{value = 0 : i32}> : (index) -> ()
      "aiex.set_lock"(%lock_2) <{value = 1 : i32}> : (index) -> ()
      "aiex.set_lock"(%lock_0) <{value = 2 : i32}> : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// locks on two tiles: within a run every tile comes before the locks (upstream's case 2), and each
// copy names the copy of its own tile
// CHECK-LABEL: "aie.device"() <{device = 8 : i32}>
// CHECK: %[[TILE02:.*]] = "aie.tile"() <{col = 0 : i32, row = 2 : i32}>
// CHECK-NEXT: %[[TILE12:.*]] = "aie.tile"() <{col = 1 : i32, row = 2 : i32}>
// CHECK-DAG: %[[LOCK12:.*]] = "aie.lock"(%[[TILE12]]) <{init = 0 : i32, lockID = 0 : i32}>
// CHECK-DAG: %[[LOCK02:.*]] = "aie.lock"(%[[TILE02]]) <{init = 0 : i32, lockID = 0 : i32}>
// CHECK: "aie.runtime_sequence"
// CHECK: "aiex.npu.load_pdi"() {device_ref = @multi_tile_device}
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK02]]) <{value = 1 : i32}>
// CHECK-NEXT: "aiex.set_lock"(%[[LOCK12]]) <{value = 1 : i32}>
// CHECK-LABEL: sym_name = "multi_tile_device"
module {
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @multi_tile_device}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "multi_tile_device"}> ({
    %tile_0_2 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %tile_1_2 = "aie.tile"() <{col = 1 : i32, row = 2 : i32}> : () -> index
    %lock_0_2 = "aie.lock"(%tile_0_2) <{init = 0 : i32, lockID = 0 : i32}> : (index) -> index
    %lock_1_2 = "aie.lock"(%tile_1_2) <{init = 0 : i32, lockID = 0 : i32}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.set_lock"(%lock_0_2) <{value = 1 : i32}> : (index) -> ()
      "aiex.set_lock"(%lock_1_2) <{value = 1 : i32}> : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// the caller already declares the lock's tile, after its first op: the tile moves up to the
// insertion point so that the lock copy follows it (our difference: upstream inserts before the
// device's first op and would put the lock ahead of its tile; docs/ir-eras.md)
// CHECK-LABEL: "aie.device"() <{device = 8 : i32}>
// CHECK-NEXT: %[[T:.*]] = "aie.tile"() <{col = 0 : i32, row = 2 : i32}>
// CHECK-NEXT: %[[L:.*]] = "aie.lock"(%[[T]]) <{lockID = 3 : i32, sym_name = "l"}>
// CHECK-NEXT: "aie.tile"() <{col = 0 : i32, row = 0 : i32}>
// CHECK: "aiex.set_lock"(%[[L]]) <{value = 1 : i32}>
module {
  "aie.device"() <{device = 8 : i32}> ({
    %t0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<4xi32>):
      "aiex.configure"() <{symbol = @d}> ({
        "aiex.run"(%a) <{runtime_sequence_symbol = @sequence}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "d"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{lockID = 3 : i32, sym_name = "l"}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<4xi32>):
      "aiex.set_lock"(%l) <{value = 1 : i32}> : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
