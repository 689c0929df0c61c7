// The definitions a callee's body uses are cloned into the caller's device once per caller
// device, however often they are run, and a clone whose name the caller already holds is
// renamed; an aie.buffer is cloned with its address. Mirrors the checks of mlir-aie's
// test/dialect/AIEX/inline_buffers.mlir (main line, 2026; docs/ir-eras.md names the revision):
// one memtile, a buffer and a lock per configuration (the first run twice), four distinct names.
// RUN: aie-trace-opt %s -aie-trace-materialize | FileCheck %s
// RUN: aie-trace-opt %s -aie-trace-materialize | FileCheck %s --check-prefix=NAMES
// RUN: aie-trace-opt %s -aie-trace-materialize -aie-trace-check-ir -o /dev/null

// CHECK-LABEL: "aie.device"() <{device = 8 : i32}>
// CHECK: %[[MT:.*]] = "aie.tile"() <{col = 0 : i32, row = 1 : i32}>
// CHECK-DAG: %[[BUF_A:.*]] = "aie.buffer"(%[[MT]]) <{address = 0 : i32, sym_name = "{{b_mt(_0)?}}"}> : (index) -> memref<256xi32>
// CHECK-DAG: %[[LOCK_A:.*]] = "aie.lock"(%[[MT]]) <{init = 1 : i32, lockID = 0 : i32, sym_name = "{{b_lock(_0)?}}"}>
// CHECK-DAG: %[[BUF_B:.*]] = "aie.buffer"(%[[MT]]) <{address = 1024 : i32, sym_name = "{{b_mt(_0)?}}"}> : (index) -> memref<128xi32>
// CHECK-DAG: %[[LOCK_B:.*]] = "aie.lock"(%[[MT]]) <{init = 1 : i32, lockID = 1 : i32, sym_name = "{{b_lock(_0)?}}"}>
// CHECK-NOT: "aie.buffer"
// CHECK-NOT: "aie.lock"
// CHECK: "aie.runtime_sequence"
// CHECK: "aiex.npu.load_pdi"() {device_ref = @a}
// CHECK: "aie.use_lock"(%[[LOCK_A]]
// CHECK-NEXT: "aie.dma_bd"(%[[BUF_A]])
// CHECK: "aie.use_lock"(%[[LOCK_A]]
// CHECK-NEXT: "aie.dma_bd"(%[[BUF_A]])
// CHECK: "aiex.npu.load_pdi"() {device_ref = @b}
// CHECK: "aie.use_lock"(%[[LOCK_B]]
// CHECK-NEXT: "aie.dma_bd"(%[[BUF_B]])
// CHECK-LABEL: sym_name = "a"

// NAMES-LABEL: "aie.device"() <{device = 8 : i32}>
// NAMES-DAG: sym_name = "b_mt"}>
// NAMES-DAG: sym_name = "b_mt_0"}>
// NAMES-DAG: sym_name = "b_lock"}>
// NAMES-DAG: sym_name = "b_lock_0"}>
// NAMES-LABEL: sym_name = "a"
module {
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<64xi32>) -> ()
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @b}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @sequence}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "a"}> ({
    %mt = "aie.tile"() <{col = 0 : i32, row = 1 : i32}> : () -> index
    %buf = "aie.buffer"(%mt) <{address = 0 : i32, sym_name = "b_mt"}> : (index) -> memref<256xi32>
    %lock = "aie.lock"(%mt) <{init = 1 : i32, lockID = 0 : i32, sym_name = "b_lock"}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>):
      %t = "aiex.dma_configure_task"(%mt) <{channel = 0 : i32, direction = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
        %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        "aie.use_lock"(%lock, %c1) <{action = 2 : i32}> : (index, i32) -> ()
        "aie.dma_bd"(%buf) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 256 : i32}> : (memref<256xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index) -> index
      "aiex.dma_start_task"(%t) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "b"}> ({
    %mt = "aie.tile"() <{col = 0 : i32, row = 1 : i32}> : () -> index
    %buf = "aie.buffer"(%mt) <{address = 1024 : i32, sym_name = "b_mt"}> : (index) -> memref<128xi32>
    %lock = "aie.lock"(%mt) <{init = 1 : i32, lockID = 1 : i32, sym_name = "b_lock"}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<64xi32>):
      %t = "aiex.dma_configure_task"(%mt) <{channel = 0 : i32, direction = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
        %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        "aie.use_lock"(%lock, %c1) <{action = 2 : i32}> : (index, i32) -> ()
        "aie.dma_bd"(%buf) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 128 : i32}> : (memref<128xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index) -> index
      "aiex.dma_start_task"(%t) : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
