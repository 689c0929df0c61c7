// Empty regions are valid: `aie.runtime_sequence @s() {}` and `aiex.configure @dev {}` parse to a
// region with no block. Every trace pass accepts them; materialization turns the empty configure
// into its load_pdi alone, and a run of an empty sequence
// inlines nothing.
// RUN: aie-trace-opt %s -aie-trace-check-ir -aie-trace-fuse-buffers -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -aie-trace-drop-specialized -aie-trace-check-ir | FileCheck %s
// RUN: aie-trace layout %s | FileCheck %s --check-prefix=LAYOUT
// (In generic form: a region without a block, which the custom form cannot say.)

// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<64xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @other} : () -> ()
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @other} : () -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK: sym_name = "empty_seq"
// CHECK-NOT: ^bb
// CHECK: "aie.end"
// LAYOUT: []
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @other}> ({
      }) : () -> ()
      "aiex.configure"() <{symbol = @other}> ({
        "aiex.run"() <{runtime_sequence_symbol = @empty_seq}> : () -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "other"}> ({
    "aie.runtime_sequence"() <{sym_name = "empty_seq"}> ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
