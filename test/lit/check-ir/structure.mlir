// Regions, terminators, successors, results, parents, enum cases, ranges and array counts: the
// parts of a definition that are the same in every era, so each era reports them alike.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E1'
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E2'
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E3'
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E4'
// Chunks in generic form hold what the custom form cannot say: a misplaced or missing terminator, a
// second block, a result or operand of another type than the op's definition gives it.

// aie.end must close its block; a runtime sequence has no terminator.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.end' op must be the last operation in the parent block}}
    "aie.end"() : () -> ()
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    // expected-error@+1 {{'aie.runtime_sequence' op region #0 has no terminator, but its block ends in 'aie.end'}}
    "aie.runtime_sequence"() ({
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A device body is a single block; a device sits at module level.
"builtin.module"() ({
  // expected-error@+1 {{'aie.device' op expects region #0 to have 0 or 1 blocks}}
  "aie.device"() <{device = 5 : i32}> ({
    "aie.end"() : () -> ()
  ^bb1:
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "outer"}> ({
    // expected-error@+1 {{'aie.device' op expects parent op 'builtin.module'}}
    "aie.device"() <{device = 5 : i32, sym_name = "inner"}> ({
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Results: a tile yields one index.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.tile' op result #0 must be index, but got 'i32'}}
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> i32
    // expected-error@+1 {{'aie.tile' op expected 1 results, but found 0}}
    "aie.tile"() <{col = 1 : i32, row = 2 : i32}> : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// BD blocks end in aie.end or aie.next_bd; next_bd names one successor.
aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<64xi32>) {
    // (the BD contents are beside the point here, and differ between eras)
    // expected-error@+1 {{'aiex.dma_configure_task_for' op expects each block of region #0 to end with 'aie.end' or 'aie.next_bd', found 'test.bd'}}
    %task = aiex.dma_configure_task_for @in0 {
      "test.bd"(%a) : (memref<64xi32>) -> ()
      // expected-error@+1 {{'aie.next_bd' op expected 1 successors, but found 0}}
      "aie.next_bd"() : () -> ()
    ^bb1:  // no predecessors
      "test.bd"(%a) : (memref<64xi32>) -> ()
    }
  }
}

// -----

// dma_start belongs to a DMA program; packet ports to a packet flow.
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %c = aie.core(%t) {
    // expected-error@+1 {{'aie.dma_start' op expects parent op to be one of 'aie.mem, aie.memtile_dma, func.func, aie.shim_dma'}}
    %0 = aie.dma_start(S2MM, 0, ^bb1, ^bb1)
  ^bb1:  // 2 preds: ^bb0, ^bb0
    // expected-error@+1 {{'aie.packet_dest' op expects parent op 'aie.packet_flow'}}
    aie.packet_dest<%t, DMA : 1>
    aie.end
  }
}

// -----

// dma_memcpy_nd's static lists hold exactly four entries.
aie.device(npu1_1col) {
  aie.runtime_sequence(%a: memref<64xi32>) {
    // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op attribute 'static_sizes' failed to satisfy constraint: i64 dense array attribute with exactly 4 elements; got 2}}
    aiex.npu.dma_memcpy_nd(%a[0, 0, 0, 0][1, 64][0, 0, 0, 1]) {id = 0 : i64, metadata = @in0} : memref<64xi32>
  }
}

// -----

// Trace configuration: ranges, enum cases, parents; a host_config with no buffer.
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  aie.trace @tr(%t) {
    // expected-error@+1 {{'aie.trace.packet' op attribute 'id' failed to satisfy constraint: 32-bit signless integer attribute whose value is in [1, 31]; got 32}}
    aie.trace.packet id = 32 type = core
    // expected-error@+1 {{'aie.trace.mode' op attribute 'mode' failed to satisfy constraint: TraceMode case, one of 0 (Event-Time), 1 (Event-PC), 2 (Execution); got 3}}
    "aie.trace.mode"() <{mode = 3 : i32}> : () -> ()
    // expected-error@+1 {{'aie.trace.event' op attribute 'event' failed to satisfy constraint: #aie.trace_event<...> (got "INSTR_EVENT_0")}}
    aie.trace.event "INSTR_EVENT_0"
  }
  // expected-error@+1 {{'aie.trace.start' op expects parent op 'aie.trace'}}
  aie.trace.start broadcast = 15
  aie.runtime_sequence() {
    // expected-error@+1 {{'aie.trace.host_config' op attribute 'buffer_size' failed to satisfy constraint: 32-bit signless integer attribute whose value is in [1, 2147483647]; got 0}}
    aie.trace.host_config {buffer_size = 0 : i32}
  }
}

// -----

// Since mlir-aie PR #2727 a shim DMA allocation names its tile by SSA value, not by column.
aie.device(npu1_1col) {
  // expected-error@+1 {{'aie.shim_dma_allocation' op expected 1 operands, but found 0}}
  "aie.shim_dma_allocation"() <{channel_dir = 1 : i32, channel_index = 0 : i64, col = 0 : i64, sym_name = @in0}> : () -> ()
}

// -----

// The device enum: npu2 is 8 in the numbering of every supported era; 16 is no device.
"builtin.module"() ({
  // expected-error-re@+1 {{'aie.device' op attribute 'device' failed to satisfy constraint: AIEDevice case, one of 1 (xcvc1902), {{.*}}, 15 (npu2_7col); got 16}}
  "aie.device"() <{device = 16 : i32}> ({
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Properties and operands of ops that every era defines alike.
"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    // expected-error@+1 {{'aie.tile' op attribute 'col' failed to satisfy constraint: 32-bit signless integer attribute (got 0 : ui32)}}
    %t = "aie.tile"() <{col = 0 : ui32, row = 2 : i32}> : () -> index
    %n = "test.value"() : () -> i32
    // expected-error@+1 {{'aie.packet_flow' op requires attribute 'ID'}}
    "aie.packet_flow"() <{keep_pkt_header = true}> ({
      // expected-error@+1 {{'aie.packet_source' op operand #0 ('tile') must be index, but got 'i32'}}
      "aie.packet_source"(%n) <{bundle = 9 : i32, channel = 0 : i32}> : (i32) -> ()
      "aie.end"() : () -> ()
    }) : () -> ()
    // expected-error@+1 {{'aie.flow' op expected 2 operands, but found 1}}
    "aie.flow"(%t) <{dest_bundle = 1 : i32, dest_channel = 0 : i32, source_bundle = 1 : i32, source_channel = 0 : i32}> : (index) -> ()
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<64xi32>):
      // expected-error@+1 {{'aiex.npu.dma_wait' op attribute 'symbol' failed to satisfy constraint: flat symbol reference attribute (got "out0")}}
      "aiex.npu.dma_wait"() <{symbol = "out0"}> : () -> ()
      // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op requires attribute 'operandSegmentSizes'}}
      "aiex.npu.dma_memcpy_nd"(%a) <{id = 0 : i64, metadata = @in0, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : (memref<64xi32>) -> ()
      // expected-error@+1 {{'aiex.npu.dma_memcpy_nd' op operand group starting at #0 ('memref') requires 1 element, but found 0}}
      "aiex.npu.dma_memcpy_nd"() <{id = 0 : i64, metadata = @in0, operandSegmentSizes = array<i32: 0, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0, 0>, static_sizes = array<i64: 1, 1, 1, 64>, static_strides = array<i64: 0, 0, 0, 1>}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
