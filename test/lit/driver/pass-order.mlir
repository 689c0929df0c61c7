// Done criterion: a pipeline mixing canonicalize, a Python pass with options and cse runs in
// the written order, in one PassManager; the IR dumps show each pass by name, ours included.
// RUN: aie-trace-opt %s --pass-pipeline='builtin.module(canonicalize,aie-trace-check-ir{era=E2},cse)' \
// RUN:   --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// The same pipeline from per-pass flags, in command-line order.
// RUN: aie-trace-opt %s -canonicalize --aie-trace-check-ir='era=E2' -cse \
// RUN:   --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
// Written the other way round, it runs the other way round.
// RUN: aie-trace-opt %s --pass-pipeline='builtin.module(cse,aie-trace-check-ir{era=E2},canonicalize)' \
// RUN:   --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=REVERSED
// RUN: aie-trace-opt %s --pass-pipeline='builtin.module(canonicalize,aie-trace-check-ir{era=E2},cse)' \
// RUN:   --mlir-print-ir-before-all 2>&1 >/dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: aie-trace-opt %s --pass-pipeline='builtin.module(canonicalize,aie-trace-check-ir{era=E2},cse)' \
// RUN:   | FileCheck %s --check-prefix=OUT

module {
  func.func @f(%a: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %x = arith.addi %a, %c0 : i32
    %y = arith.muli %a, %a : i32
    %z = arith.muli %a, %a : i32
    return %x, %y : i32, i32
  }
  "aie.device"() <{device = 5 : i32, sym_name = "dev"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}

// canonicalize folds the add of zero and drops the dead multiply.
// AFTER: // -----// IR Dump After {{.*}}: canonicalize
// AFTER-NOT: arith.addi
// AFTER: // -----// IR Dump After CheckIR: aie-trace-check-ir //----- //
// AFTER: // -----// IR Dump After CSEPass: cse //----- //
// AFTER-NOT: IR Dump

// REVERSED: // -----// IR Dump After CSEPass: cse //----- //
// REVERSED: arith.addi
// REVERSED: // -----// IR Dump After CheckIR: aie-trace-check-ir //----- //
// REVERSED: // -----// IR Dump After {{.*}}: canonicalize
// REVERSED-NOT: arith.addi
// REVERSED-NOT: IR Dump

// BEFORE: // -----// IR Dump Before {{.*}}: canonicalize
// BEFORE: arith.addi
// BEFORE: // -----// IR Dump Before CheckIR: aie-trace-check-ir //----- //
// BEFORE: // -----// IR Dump Before CSEPass: cse //----- //
// BEFORE-NOT: IR Dump

// OUT-LABEL: func.func @f(
// OUT-NEXT: %[[Y:.*]] = arith.muli %arg0, %arg0 : i32
// OUT-NEXT: return %arg0, %[[Y]] : i32, i32
// OUT: "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
