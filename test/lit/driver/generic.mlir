// --mlir-print-op-generic prints every op generically; without it, registered ops print in
// custom form while aie/aiex ops (unregistered without mlir-aie) are always generic.
// RUN: aie-trace-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: aie-trace-opt %s | FileCheck %s --check-prefix=CUSTOM
// The output parses again and prints the same.
// RUN: aie-trace-opt %s --mlir-print-op-generic | aie-trace-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// IR dumps follow the flag too.
// RUN: aie-trace-opt %s -cse --mlir-print-op-generic --mlir-print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: aie-trace-opt %s --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

module {
  func.func @f() -> i32 {
    %0 = arith.constant 7 : i32
    return %0 : i32
  }
  "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}

// GENERIC: "builtin.module"() ({
// GENERIC: "func.func"() <{function_type = () -> i32, sym_name = "f"}> ({
// GENERIC: "arith.constant"() <{value = 7 : i32}> : () -> i32
// GENERIC: "func.return"
// GENERIC: "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
// GENERIC: "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index

// CUSTOM: module {
// CUSTOM: func.func @f() -> i32 {
// CUSTOM: arith.constant 7 : i32
// CUSTOM: "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
// CUSTOM: "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index

// DUMP: IR Dump After CSEPass: cse
// DUMP-NEXT: "builtin.module"() ({

// LOC: func.func @f() -> i32 {
// LOC: arith.constant 7 : i32 loc(#[[L:loc[0-9]*]])
// LOC: #[[L]] = loc("{{.*}}generic.mlir":13:10)
