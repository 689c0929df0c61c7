// Violations of the runtime-sequence op definitions, one per chunk unless noted: ODS operand and
// attribute constraints, and the verifier rules of SetLockOp::verify / SetLockOp::getLockOp and
// DMAStartBdChainOp::verify (lib/Dialect/AIEX/IR/AIEXDialect.cpp), in their words.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-check-ir='era=E2'
// Chunks in generic form hold what the custom form cannot say: an attribute or operand of another
// type than the op's definition gives it.

// set_lock's value is a property, and its lock an aie.lock
aie.device(npu2) {
  %core = aie.tile(0, 2)
  aie.runtime_sequence() {
    // expected-error@+2 {{'aiex.set_lock' op requires attribute 'value'}}
    // expected-error@+1 {{'aiex.set_lock' op operand 'lock' must be defined by 'aie.lock'}}
    "aiex.set_lock"(%core) : (index) -> ()
  }
}

// -----

// not on AIE1 (xcvc1902)
aie.device(xcvc1902) {
  %core = aie.tile(1, 3)
  %lock = aie.lock(%core, 0)
  aie.runtime_sequence() {
    // expected-error@+1 {{'aiex.set_lock' op SetLockOp is not supported on AIE1.}}
    aiex.set_lock(%lock, 1)
  }
}

// -----

// only inside a runtime sequence (HasAncestor)
aie.device(npu2) {
  %core = aie.tile(0, 2)
  %lock = aie.lock(%core, 0)
  // expected-error@+1 {{'aiex.set_lock' op expects ancestor op 'aie.runtime_sequence'}}
  aiex.set_lock(%lock, 1)
}

// -----

// rtp_write's value is an operand from E2 on; index is ui32
"builtin.module"() ({
  "aie.device"() <{device = 8 : i32}> ({
    %core = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %rtp = "aie.buffer"(%core) <{sym_name = "rtp"}> : (index) -> memref<16xi32>
    "aie.runtime_sequence"() ({
      %v = "arith.constant"() <{value = 7 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.npu.rtp_write' op has the IR era E1 form, but the module is checked as E2: expected 1 operands, but found 0}}
      "aiex.npu.rtp_write"() <{buffer = @rtp, index = 0 : ui32, value = 7 : i32}> : () -> ()
      // expected-error@+1 {{'aiex.npu.rtp_write' op attribute 'index' failed to satisfy constraint: 32-bit unsigned integer attribute (got 0 : i32)}}
      "aiex.npu.rtp_write"(%v) <{buffer = @rtp, index = 0 : i32}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// dma_start_bd_chain names an aie.bd_chain of its device and passes its arguments
aie.device(npu2) {
  %shim = aie.tile(0, 0)
  "aie.bd_chain"() <{sym_name = "chain"}> ({
  ^bb0(%buf: memref<32xi32>):
    aie.end
  }) : () -> ()
  aie.runtime_sequence(%arg0: memref<32xi32>, %arg1: memref<16xi32>) {
    // expected-error@+1 {{'aiex.dma_start_bd_chain' op symbol does not reference valid BD chain}}
    %a = aiex.dma_start_bd_chain @nochain(%arg0) : (memref<32xi32>) on(%shim, MM2S, 0)
    // expected-error@+1 {{'aiex.dma_start_bd_chain' op Number of arguments mismatches.}}
    %b = aiex.dma_start_bd_chain @chain(%arg0, %arg0) : (memref<32xi32>, memref<32xi32>) on(%shim, MM2S, 0)
    // expected-error@+1 {{'aiex.dma_start_bd_chain' op Argument 1 types mismatch: expected memref<32xi32> but got memref<16xi32>}}
    %c = aiex.dma_start_bd_chain @chain(%arg1) : (memref<16xi32>) on(%shim, MM2S, 0)
  }
}

// -----

// dma_start_bd_chain(_for) are HasParent<RuntimeSequenceOp>: not inside a loop; the tile is an index
"builtin.module"() ({
  "aie.device"() <{device = 8 : i32}> ({
    %shim = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    "aie.shim_dma_allocation"(%shim) <{channel_dir = 1 : i32, channel_index = 0 : i64, sym_name = "in"}> : (index) -> ()
    "aie.bd_chain"() <{sym_name = "chain"}> ({
    ^bb0(%buf: memref<32xi32>):
      "aie.end"() : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() ({
    ^bb0(%arg0: memref<32xi32>):
      %lb = "arith.constant"() <{value = 0 : index}> : () -> index
      %ub = "arith.constant"() <{value = 2 : index}> : () -> index
      %st = "arith.constant"() <{value = 1 : index}> : () -> index
      "scf.for"(%lb, %ub, %st) ({
      ^bb0(%i: index):
        // expected-error@+1 {{'aiex.dma_start_bd_chain_for' op expects parent op 'aie.runtime_sequence'}}
        %f = "aiex.dma_start_bd_chain_for"(%arg0) <{alloc = @in, symbol = @chain}> : (memref<32xi32>) -> index
        "scf.yield"() : () -> ()
      }) : (index, index, index) -> ()
      %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
      // expected-error@+1 {{'aiex.dma_start_bd_chain' op operand #1 ('tile') must be index, but got 'i32'}}
      %a = "aiex.dma_start_bd_chain"(%arg0, %c0) <{channel = 0 : i32, direction = 1 : i32, symbol = @chain}> : (memref<32xi32>, i32) -> index
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
