// A configure becomes a load_pdi of its device followed by the inlined callee, and the sequences'
// constants end where mlir-aie's greedy pattern driver puts them: at the start of their device
// (the nearest IsolatedFromAbove region), one per value and type. Mirrors the checks of mlir-aie's
// test/dialect/AIEX/inline_and_load_pdi.mlir (2025; the revision whose checks place the constants,
// docs/ir-eras.md): 100 and 42 from the callee, 200 and 99 of the caller itself, all before the
// sequence; their order among themselves is the driver's and not checked. A configure's
// expand_mode is carried to its load_pdi (InsertLoadPdiForConfigurePattern, main line).
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize -aie-trace-check-ir -o /dev/null

// CHECK-LABEL: @main {
// CHECK-DAG: %[[IA0:.+]] = arith.constant 100 : i32
// CHECK-DAG: %[[IV0:.+]] = arith.constant 42 : i32
// CHECK-DAG: %[[IA1:.+]] = arith.constant 200 : i32
// CHECK-DAG: %[[IV1:.+]] = arith.constant 99 : i32
// CHECK-LABEL: @main_seq(%{{.*}}: memref<16xi32>)
// CHECK-NOT: arith.constant
// CHECK: aiex.npu.load_pdi {device_ref = @config_a}
// CHECK-NEXT: aiex.npu.write32(%[[IA0]], %[[IV0]]) {column = 1 : i32, row = 0 : i32} : i32, i32
// CHECK-NEXT: aiex.npu.write32(%[[IA1]], %[[IV1]]) {column = 0 : i32, row = 0 : i32} : i32, i32
// CHECK-LABEL: @config_a {
module {
  aie.device(npu2) @main {
    %tile00 = aie.tile(0, 0)
    aie.runtime_sequence @main_seq(%arg0: memref<16xi32>) {
      aiex.configure @config_a {
        aiex.run @seq_a(%arg0) : (memref<16xi32>)
      }
      %w32_addr = arith.constant 200 : i32
      %w32_val = arith.constant 99 : i32
      aiex.npu.write32(%w32_addr, %w32_val) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
  aie.device(npu2) @config_a {
    %tile10 = aie.tile(1, 0)
    aie.runtime_sequence @seq_a(%arg0: memref<16xi32>) {
      %w32_addr_1 = arith.constant 100 : i32
      %w32_val_1 = arith.constant 42 : i32
      aiex.npu.write32(%w32_addr_1, %w32_val_1) {column = 1 : i32, row = 0 : i32} : i32, i32
    }
  }
}

// -----

// two runs using the same value: one constant; expand_mode = ctrlpkt (2) reaches the load_pdi
// CHECK-LABEL: @host {
// CHECK: arith.constant 7 : i32
// CHECK-NOT: arith.constant 7 : i32
// CHECK: aiex.npu.load_pdi {device_ref = @cfg, expand_mode = 2 : i32}
// CHECK-NOT: aiex.npu.load_pdi
// CHECK-LABEL: @cfg {
module {
  aie.device(npu2) @host {
    aie.runtime_sequence @host_seq(%arg0: memref<16xi32>) {
      aiex.configure @cfg {
        aiex.run @seq(%arg0) : (memref<16xi32>)
        aiex.run @seq(%arg0) : (memref<16xi32>)
      } {expand_mode = 2 : i32}
    }
  }
  aie.device(npu2) @cfg {
    aie.runtime_sequence @seq(%arg0: memref<16xi32>) {
      %c = arith.constant 7 : i32
      aiex.npu.write32(%c, %c) {column = 0 : i32, row = 0 : i32} : i32, i32
    }
  }
}
