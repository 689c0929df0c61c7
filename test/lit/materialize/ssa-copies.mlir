// aie-trace-materialize copies the aie.tile / aie.lock values a callee uses into the caller's
// device, as mlir-aie's -aie-materialize-runtime-sequences does (AIEMaterializeRuntimeSequences.cpp
// at ef38c7ba and on the main line): a tile of the same column and row is reused, others and locks
// are cloned at the start of the caller's device, tiles first; load_pdi only where the inlined body
// does not start with one.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// a callee that sets one of its device's locks and uses a tile the caller has too
// CHECK-LABEL: sym_name = "main"
// CHECK-NEXT: %[[T2:.*]] = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
// CHECK-NEXT: %[[L:.*]] = "aie.lock"(%[[T2]]) <{init = 0 : i32, lockID = 3 : i32}> : (index) -> index
// CHECK-NEXT: %[[T0:.*]] = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
// CHECK: "aiex.npu.load_pdi"() {device_ref = @dev_a}
// CHECK-NEXT: "aiex.set_lock"(%[[L]]) <{value = 1 : i32}> : (index) -> ()
// CHECK-NEXT: "aiex.npu.sync_tile"(%[[T0]]) : (index) -> ()
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    %t0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %lock = "aie.lock"(%core) <{init = 0 : i32, lockID = 3 : i32}> : (index) -> index
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.set_lock"(%lock) <{value = 1 : i32}> : (index) -> ()
      "aiex.npu.sync_tile"(%shim) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// an inlined body that starts with its own load_pdi gets no second one
// CHECK-LABEL: sym_name = "pdi_seq"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: "aiex.npu.load_pdi"() <{device_ref = @dev_a}> : () -> ()
// CHECK-NEXT: "aiex.npu.write32"
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "pdi_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.npu.load_pdi"() <{device_ref = @dev_a}> : () -> ()
      "aiex.npu.write32"() <{address = 1 : ui32, value = 2 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
