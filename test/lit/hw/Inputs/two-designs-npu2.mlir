// Two traced designs run by one dispatched sequence, @dev_a twice (alternating, so every run
// reloads its device): @main:@main_seq -> @dev_a, @dev_b, @dev_a. Each run writes its lock count
// into its own 4-word window of %out. Custom syntax of mlir-aie (PR #3652 and later), before
// trace lowering; test/lit/hw/fused-full-elf-npu2.test builds and runs it.
module {
  aie.device(npu2_1col) @main {
    aie.runtime_sequence @main_seq(%out: memref<12xi32>) {
      aiex.configure @dev_a {
        %v0 = memref.subview %out[0] [4] [1] : memref<12xi32> to memref<4xi32, strided<[1], offset: 0>>
        %a0 = memref.reinterpret_cast %v0 to offset: [0], sizes: [4], strides: [1] : memref<4xi32, strided<[1], offset: 0>> to memref<4xi32>
        aiex.run @seq (%a0) : (memref<4xi32>)
      }
      aiex.configure @dev_b {
        %v1 = memref.subview %out[4] [4] [1] : memref<12xi32> to memref<4xi32, strided<[1], offset: 4>>
        %a1 = memref.reinterpret_cast %v1 to offset: [0], sizes: [4], strides: [1] : memref<4xi32, strided<[1], offset: 4>> to memref<4xi32>
        aiex.run @seq (%a1) : (memref<4xi32>)
      }
      aiex.configure @dev_a {
        %v2 = memref.subview %out[8] [4] [1] : memref<12xi32> to memref<4xi32, strided<[1], offset: 8>>
        %a2 = memref.reinterpret_cast %v2 to offset: [0], sizes: [4], strides: [1] : memref<4xi32, strided<[1], offset: 8>> to memref<4xi32>
        aiex.run @seq (%a2) : (memref<4xi32>)
      }
    }
  }

  // @dev_a: the core waits for the runtime sequence to arm @go_a, then acquires and releases
  // @spin_a 100 times (INSTR_LOCK_ACQUIRE_REQ / INSTR_LOCK_RELEASE_REQ, traced with packet id
  // 1) and writes 100 to the host through @done_a; the sequence waits for that write, so
  // every event happens before the trace stop at the end of the sequence.
  aie.device(npu2_1col) @dev_a {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    %go = aie.lock(%core, 0) {init = 0 : i32, sym_name = "go_a"}
    %spin = aie.lock(%core, 1) {init = 1 : i32, sym_name = "spin_a"}
    aie.objectfifo @done_a(%core, {%shim}, 1 : i32) : !aie.objectfifo<memref<4xi32>>

    aie.core(%core) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %runs = arith.constant 1000000 : index
      %count = arith.constant 100 : index
      %count_i32 = arith.constant 100 : i32
      %one = arith.constant 1 : i32
      scf.for %run = %c0 to %runs step %c1 {
        aie.use_lock(%go, AcquireGreaterEqual, %one)
        scf.for %i = %c0 to %count step %c1 {
          aie.use_lock(%spin, AcquireGreaterEqual, %one)
          aie.use_lock(%spin, Release, %one)
        }
        %elem = aie.objectfifo.acquire @done_a(Produce, 1) : memref<4xi32>
        memref.store %count_i32, %elem[%c0] : memref<4xi32>
        aie.objectfifo.release @done_a(Produce, 1)
      }
      aie.end
    }

    aie.trace @trace_a(%core) {
      aie.trace.mode "Event-Time"
      aie.trace.packet id=1 type=core
      aie.trace.event<"INSTR_LOCK_ACQUIRE_REQ">
      aie.trace.event<"INSTR_LOCK_RELEASE_REQ">
      aie.trace.start broadcast=15
      aie.trace.stop broadcast=14
    }

    aie.runtime_sequence @seq(%out: memref<4xi32>) {
      aie.trace.host_config {buffer_size = 8192 : i32}
      aie.trace.start_config @trace_a
      %t = aiex.dma_configure_task_for @done_a {
        aie.dma_bd(%out : memref<4xi32> offset = 0 len = 4)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t)
      aiex.set_lock(%go, 1)
      aiex.dma_await_task(%t)
    }
  }

  // @dev_b: the core waits for the runtime sequence to arm @go_b, then acquires and releases
  // @spin_b 300 times (INSTR_LOCK_ACQUIRE_REQ / INSTR_LOCK_RELEASE_REQ, traced with packet id
  // 2) and writes 300 to the host through @done_b; the sequence waits for that write, so
  // every event happens before the trace stop at the end of the sequence.
  aie.device(npu2_1col) @dev_b {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    %go = aie.lock(%core, 0) {init = 0 : i32, sym_name = "go_b"}
    %spin = aie.lock(%core, 1) {init = 1 : i32, sym_name = "spin_b"}
    aie.objectfifo @done_b(%core, {%shim}, 1 : i32) : !aie.objectfifo<memref<4xi32>>

    aie.core(%core) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %runs = arith.constant 1000000 : index
      %count = arith.constant 300 : index
      %count_i32 = arith.constant 300 : i32
      %one = arith.constant 1 : i32
      scf.for %run = %c0 to %runs step %c1 {
        aie.use_lock(%go, AcquireGreaterEqual, %one)
        scf.for %i = %c0 to %count step %c1 {
          aie.use_lock(%spin, AcquireGreaterEqual, %one)
          aie.use_lock(%spin, Release, %one)
        }
        %elem = aie.objectfifo.acquire @done_b(Produce, 1) : memref<4xi32>
        memref.store %count_i32, %elem[%c0] : memref<4xi32>
        aie.objectfifo.release @done_b(Produce, 1)
      }
      aie.end
    }

    aie.trace @trace_b(%core) {
      aie.trace.mode "Event-Time"
      aie.trace.packet id=2 type=core
      aie.trace.event<"INSTR_LOCK_ACQUIRE_REQ">
      aie.trace.event<"INSTR_LOCK_RELEASE_REQ">
      aie.trace.start broadcast=15
      aie.trace.stop broadcast=14
    }

    aie.runtime_sequence @seq(%out: memref<4xi32>) {
      aie.trace.host_config {buffer_size = 8192 : i32}
      aie.trace.start_config @trace_b
      %t = aiex.dma_configure_task_for @done_b {
        aie.dma_bd(%out : memref<4xi32> offset = 0 len = 4)
        aie.end
      } {issue_token = true}
      aiex.dma_start_task(%t)
      aiex.set_lock(%go, 1)
      aiex.dma_await_task(%t)
    }
  }
}
