// RUN: aie-trace-opt %s --split-input-file -aie-trace-check-ir | FileCheck %s
// Failing chunks report with line numbers of the whole file; the others still print.
// RUN: not aie-trace-opt %s --split-input-file -aie-trace-check-ir=era=E2 -D 2>&1 | FileCheck %s --check-prefix=BADFLAG
// BADFLAG: aie-trace-opt: error: unknown command line argument '-D'
// RUN: not aie-trace-opt %S/Inputs/split-errors.mlir -split-input-file -aie-trace-check-ir 2>%t.err | FileCheck %s --check-prefix=PARTIAL
// RUN: FileCheck %s --check-prefix=ERRORS < %t.err
// Without --split-input-file the markers are plain comments: the three top-level ops are
// wrapped in one module, as mlir-opt does.
// RUN: aie-trace-opt %s | FileCheck %s --check-prefix=WHOLE

// CHECK-LABEL: module {
// CHECK: sym_name = "first"
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK: sym_name = "second"
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third()
// CHECK-NOT: // -----

module {
  "aie.device"() <{device = 5 : i32, sym_name = "first"}> ({
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

"aie.device"() <{device = 5 : i32, sym_name = "second"}> ({
  "aie.end"() : () -> ()
}) : () -> ()

// -----

func.func @third() {
  return
}

// PARTIAL: sym_name = "ok"
// PARTIAL-NEXT: "aie.end"
// PARTIAL: // -----
// PARTIAL-NEXT: module {
// PARTIAL: func.func @last
// PARTIAL-NOT: // -----
// ERRORS: split-errors.mlir:9:10: error: 'aie.tile' op attribute 'col' failed to satisfy constraint: 32-bit signless integer attribute (got "x")
// ERRORS-NEXT: split-errors.mlir:15:1: error: custom op 'garbage' is unknown
// ERRORS-NOT: error

// WHOLE: module {
// WHOLE-NEXT: module {
// WHOLE: sym_name = "first"
// WHOLE: sym_name = "second"
// WHOLE: func.func @third()
// WHOLE-NOT: // -----
