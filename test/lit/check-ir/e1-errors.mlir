// Violations of the era E1 definitions, one per chunk unless noted.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E1'

// A ui32 property written as i32.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      // expected-error@+1 {{'aiex.npu.address_patch' op attribute 'addr' failed to satisfy constraint: 32-bit unsigned integer attribute (got 1 : i32)}}
      "aiex.npu.address_patch"() <{addr = 1 : i32, arg_idx = 0 : i32, arg_plus = 0 : i32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A required property missing; an optional one absent is fine.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      // expected-error@+1 {{'aiex.npu.write32' op requires attribute 'value'}}
      "aiex.npu.write32"() <{address = 119308 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Operands on an op that has none in E1, in a form no era defines (so no era is named).
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<8xi32>):
      // expected-error@+1 {{'aiex.npu.dma_wait' op expected 0 operands, but found 1}}
      "aiex.npu.dma_wait"(%a) <{symbol = @out0}> : (memref<8xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The SSA form of write32 in an E1 module is an error naming the era it belongs to.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %a = "arith.constant"() <{value = 119308 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.write32' op has the IR era E2/E3/E4 form, but the module is checked as E1: expected 0 operands, but found 2}}
      "aiex.npu.write32"(%a, %a) : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// dma_memcpy_nd has AttrSizedOperandSegments in every era.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<64xi32>):
      // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op requires attribute 'operandSegmentSizes'}}
      "aiex.npu.dma_memcpy_nd"(%a) <{id = 0 : i64, metadata = @in0, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The device body must end in aie.end.
"builtin.module"() ({
  // expected-error@+1 {{'aie.device' op expects region #0 to end with 'aie.end', found 'aie.tile'}}
  "aie.device"() <{device = 5 : i32}> ({
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  }) : () -> ()
}) : () -> ()

// -----

// An integer that is no case of the enum.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      // expected-error@+1 {{'aiex.npu.push_queue' op attribute 'direction' failed to satisfy constraint: DMAChannelDir case, one of 0 (S2MM), 1 (MM2S); got 2}}
      "aiex.npu.push_queue"() <{bd_id = 15 : i32, channel = 1 : i32, column = 0 : i32, direction = 2 : i32, issue_token = true, repeat_count = 0 : i32, row = 0 : i32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// An operand of the wrong type.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%n: i32):
      // expected-error@+1 {{'aiex.npu.blockwrite' op operand #0 ('data') must be memref of any type values, but got 'i32'}}
      "aiex.npu.blockwrite"(%n) <{address = 119264 : ui32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// aiex.run outside aiex.configure.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      // expected-error@+1 {{'aiex.run' op expects parent op 'aiex.configure'}}
      "aiex.run"() <{runtime_sequence_symbol = @seq}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Segment sizes that do not add up to the operands.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<64xi32>):
      // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'}}
      "aiex.npu.dma_memcpy_nd"(%a) <{id = 0 : i64, metadata = @in0, operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The E3 trace buffer attribute does not exist in E1.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.runtime_sequence' op has the IR era E3/E4 form, but the module is checked as E1: property 'trace_buffer' does not exist in IR era E1 (only in E3/E4)}}
    "aie.runtime_sequence"() <{trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 4096, dedicated = true>}> ({
    ^bb0(%t: memref<4096xi8>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// E1 locks take their value as an attribute; a negative lock id breaks its IntMinValue<0>.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    // expected-error@+1 {{'aie.lock' op attribute 'lockID' failed to satisfy constraint: 32-bit signless integer attribute whose value is in [0, 2147483647]; got -1}}
    %l = "aie.lock"(%t) <{lockID = -1 : i32}> : (index) -> index
    %c = "aie.core"(%t) ({
      // expected-error@+1 {{'aie.use_lock' op attribute 'action' failed to satisfy constraint: LockAction case, one of 0 (Acquire), 1 (Release), 2 (AcquireGreaterEqual); got 3}}
      "aie.use_lock"(%l) <{action = 3 : i32, value = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : (index) -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
