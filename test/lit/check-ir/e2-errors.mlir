// Violations of the era E2 definitions (the SSA era), one per chunk unless noted.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E2'

// An SSA field of the wrong width: the npu scalars are i32.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %a = "arith.constant"() <{value = 119308 : i64}> : () -> i64
      %v = "arith.constant"() <{value = 1 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.write32' op operand #0 ('address') must be 32-bit signless integer, but got 'i64'}}
      "aiex.npu.write32"(%a, %v) : (i64, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// arg_idx is required until E3, and addr is ui32.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // expected-error@+2 {{'aiex.npu.address_patch' op requires attribute 'arg_idx'}}
      // expected-error@+1 {{'aiex.npu.address_patch' op attribute 'addr' failed to satisfy constraint: 32-bit unsigned integer attribute (got 119268 : i32)}}
      "aiex.npu.address_patch"(%p) <{addr = 119268 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// push_queue takes repeat_count and bd_id as operands: one is missing.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aie.runtime_sequence"() ({
      %bd = "arith.constant"() <{value = 15 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.push_queue' op expected 2 operands, but found 1}}
      "aiex.npu.push_queue"(%bd) <{channel = 1 : i32, column = 0 : i32, direction = 0 : i32, issue_token = true, row = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A lock value as an attribute is the E1 form.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{init = 1 : i32, lockID = 0 : i32}> : (index) -> index
    %c = "aie.core"(%t) ({
      // expected-error@+1 {{'aie.use_lock' op has the IR era E1 form, but the module is checked as E2: expected 2 operands, but found 1}}
      "aie.use_lock"(%l) <{action = 1 : i32, value = 1 : i32}> : (index) -> ()
      "aie.end"() : () -> ()
    }) : (index) -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// dma_configure_task has segment sizes from E2 on; an optional group holds at most one value.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<64xi32>, %r: i32):
      // expected-error@+1 {{'aiex.dma_configure_task' op operand group starting at #1 ('repeat_count_val') requires 0 or 1 element, but found 2}}
      %task = "aiex.dma_configure_task"(%t, %r, %r) <{channel = 0 : i32, direction = 1 : i32, operandSegmentSizes = array<i32: 1, 2, 0>}> ({
        "aie.dma_bd"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_len = 64 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index, i32, i32) -> index
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The classic dma_bd (offset/len attributes, no segment sizes) is E1.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<64xi32>):
      %task = "aiex.dma_configure_task"(%t) <{channel = 0 : i32, direction = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> ({
        // expected-error@+1 {{'aie.dma_bd' op has the IR era E1 form, but the module is checked as E2: requires attribute 'operandSegmentSizes'}}
        "aie.dma_bd"(%a) <{len = 64 : i32, offset = 0 : i32}> : (memref<64xi32>) -> ()
        "aie.end"() : () -> ()
      }) : (index) -> index
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// The trace buffer attributes arrive in E3, axcache between E2 and E3.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.runtime_sequence' op has the IR era E3/E4 form, but the module is checked as E2: property 'trace_slices' does not exist in IR era E2 (only in E3/E4)}}
    "aie.runtime_sequence"() <{trace_slices = [#aie.trace_slice<device = "d", sequence = "s", offset = 0, size = 64>]}> ({
      // expected-error@+1 {{'aiex.npu.writebd' op has the IR era E3/E4 form, but the module is checked as E2: property 'axcache' does not exist in IR era E2 (only in E3/E4)}}
      "aiex.npu.writebd"() <{axcache = 2 : i32, bd_id = 15 : i32, buffer_length = 2048 : i32, buffer_offset = 0 : i32, column = 0 : i32, d0_size = 0 : i32, d0_stride = 0 : i32, d0_zero_after = 0 : i32, d0_zero_before = 0 : i32, d1_size = 0 : i32, d1_stride = 0 : i32, d1_zero_after = 0 : i32, d1_zero_before = 0 : i32, d2_size = 0 : i32, d2_stride = 0 : i32, d2_zero_after = 0 : i32, d2_zero_before = 0 : i32, enable_packet = 1 : i32, iteration_current = 0 : i32, iteration_size = 0 : i32, iteration_stride = 0 : i32, lock_acq_enable = 0 : i32, lock_acq_id = 0 : i32, lock_acq_val = 0 : i32, lock_rel_id = 0 : i32, lock_rel_val = 0 : i32, next_bd = 0 : i32, out_of_order_id = 0 : i32, packet_id = 0 : i32, packet_type = 0 : i32, row = 0 : i32, use_next_bd = 0 : i32, valid_bd = 1 : i32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// DMA task ops must sit (at any depth) in a runtime sequence.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "arith.constant"() <{value = 0 : index}> : () -> index
    // expected-error@+1 {{'aiex.dma_start_task' op expects ancestor op 'aie.runtime_sequence'}}
    "aiex.dma_start_task"(%t) : (index) -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A packet flow body without aie.end, and a wire bundle that does not exist.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    // expected-error@+1 {{'aie.packet_flow' op expects region #0 to end with 'aie.end', found 'aie.packet_source'}}
    "aie.packet_flow"() <{ID = 1 : i8}> ({
      // expected-error@+1 {{'aie.packet_source' op attribute 'bundle' failed to satisfy constraint: WireBundle case, one of 0 (Core), 1 (DMA), 2 (FIFO), 3 (South), 4 (West), 5 (North), 6 (East), 7 (PLIO), 8 (NOC), 9 (Trace), 10 (TileControl); got 11}}
      "aie.packet_source"(%t) <{bundle = 11 : i32, channel = 0 : i32}> : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
