// era=auto reads a module whose ops fit both IR eras E3 and E4 as E4, but writes an i64
// arg_plus only when the module itself shows E4 (an i64 arg_plus somewhere; mlir-aie PR
// #3718): an offset past 2^31 in a module that fits E3 as well is one located error that says
// to pass era=E4.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers

// a data patch rebased to byte 4 GiB + 16 of the dispatched sequence's buffer.
module {
  aie.device(npu1_1col) @main {
    aie.runtime_sequence @main_seq(%arg0: memref<1610612736xi32>) {
      aiex.configure @dev_a {
        %v = memref.subview %arg0[1073741824] [64] [1] : memref<1610612736xi32> to memref<64xi32, strided<[1], offset: 1073741824>>
        %r = memref.reinterpret_cast %v to offset: [0], sizes: [64], strides: [1] : memref<64xi32, strided<[1], offset: 1073741824>> to memref<64xi32>
        aiex.run @seq_a(%r) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>) {
      %dp0 = arith.constant 16 : i32
      // expected-error@+1 {{rebased arg_plus 4294967312 at call path '0' of @main:@main_seq needs an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718}}
      aiex.npu.address_patch(%dp0 : i32) {addr = 118884 : ui32, arg_idx = 0 : i32}
    }
  }
}

// -----

// a fused trace buffer whose second call site starts at byte 2^31 + 2^30.
module {
  aie.device(npu1_1col) @main {
    // expected-error@+1 {{the fused trace buffer would be 3221225472 bytes: offsets above 2147483647 need an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718}}
    aie.runtime_sequence @main_seq(%arg0: memref<64xi32>) {
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
      aiex.configure @dev_a {
        aiex.run @seq_a(%arg0) : (memref<64xi32>)
      }
    }
  }
  aie.device(npu1_1col) @dev_a {
    aie.runtime_sequence @seq_a(%arg0: memref<64xi32>, %arg1: memref<1610612736xi8>) attributes {trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 1610612736, dedicated = true>} {
      %p = arith.constant 0 : i32
      aiex.npu.address_patch(%p : i32) buffer %arg1 : memref<1610612736xi8> {addr = 119268 : ui32}
    }
  }
}
