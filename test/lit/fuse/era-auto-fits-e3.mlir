// era=auto reads a module whose ops fit both IR eras E3 and E4 as E4, but writes an i64
// arg_plus only when the module itself shows E4 (an i64 arg_plus somewhere; mlir-aie PR
// #3718): an offset past 2^31 in a module that fits E3 as well is one located error that says
// to pass era=E4.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics -aie-trace-fuse-buffers

// a data patch rebased to byte 4 GiB + 16 of the dispatched sequence's buffer.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<1610612736xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        %v = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1073741824>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : (memref<1610612736xi32>) -> memref<64xi32, strided<[1], offset: 1073741824>>
        %r = "memref.reinterpret_cast"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : (memref<64xi32, strided<[1], offset: 1073741824>>) -> memref<64xi32>
        "aiex.run"(%r) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a"}> ({
    ^bb0(%arg0: memref<64xi32>):
      %dp0 = arith.constant 16 : i32
      // expected-error@+1 {{rebased arg_plus 4294967312 at call path '0' of @main:@main_seq needs an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718}}
      "aiex.npu.address_patch"(%dp0) <{addr = 118884 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a fused trace buffer whose second call site starts at byte 2^31 + 2^30.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    // expected-error@+1 {{the fused trace buffer would be 3221225472 bytes: offsets above 2147483647 need an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if its mlir-aie has PR #3718}}
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @dev_a}> ({
        "aiex.run"(%arg0) <{runtime_sequence_symbol = @seq_a}> : (memref<64xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_a", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 1610612736, dedicated = true>}> ({
    ^bb0(%arg0: memref<64xi32>, %arg1: memref<1610612736xi8>):
      %p = arith.constant 0 : i32
      "aiex.npu.address_patch"(%p, %arg1) <{addr = 119268 : ui32, operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<1610612736xi8>) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
