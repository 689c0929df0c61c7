// Violations of the era E4 definitions (mlir-aie PR #3718), one per chunk unless noted.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E4'

// arg_plus is i32 or i64, nothing else.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %p = "arith.constant"() <{value = 0 : i16}> : () -> i16
      // expected-error@+1 {{'aiex.npu.address_patch' op operand #0 ('arg_plus') must be 32-bit or 64-bit signless integer, but got 'i16'}}
      "aiex.npu.address_patch"(%p) <{addr = 119268 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i16) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The attribute form of address_patch is E1; in E4 it is an error naming that era.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      // expected-error@+1 {{'aiex.npu.address_patch' op has the IR era E1 form, but the module is checked as E4: requires attribute 'operandSegmentSizes'}}
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 4 : i32, arg_plus = 0 : i32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A segment of size 1 is required for arg_plus; a missing required property; neither name.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %p = "arith.constant"() <{value = 0 : i64}> : () -> i64
      // expected-error@+1 {{'aiex.npu.address_patch' op operand group starting at #0 ('addr_val') requires 0 or 1 element, but found 2}}
      "aiex.npu.address_patch"(%p, %p) <{addr = 119268 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 2, 0, 0>}> : (i64, i64) -> ()
      // expected-error@+2 {{'aiex.npu.address_patch' op requires attribute 'addr'}}
      // expected-error@+1 {{'aiex.npu.address_patch' op requires exactly one of attribute 'arg_idx' or operand 'buffer', but found none}}
      "aiex.npu.address_patch"(%p) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (i64) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
