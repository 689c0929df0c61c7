// In IR era E4 (mlir-aie PR #3718) arg_plus is i64: with era=E4 a rebase to 4 GiB and more is
// written as an i64 constant. The module fits both E3 and E4 (era-auto-fits-e3.mlir: era=auto
// refuses it); era-e4-shown.mlir: era=auto on a module that shows E4.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='era=E4' | FileCheck %s
// RUN: aie-trace-opt %s --split-input-file -aie-trace-fuse-buffers='era=E4' \
// RUN:   -aie-trace-materialize -aie-trace-check-ir -o /dev/null

// CHECK-LABEL: sym_name = "seq_a.main_seq.0"
// CHECK: %[[W:.*]] = arith.constant 4294967312 : i64
// CHECK: "aiex.npu.address_patch"(%[[W]]) <{addr = 118884 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> {aie_trace.rebased_from = {addr = 118884 : ui32, arg_idx = 0 : i32, arg_plus = 16 : i64}} : (i64) -> ()
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
      "aiex.npu.address_patch"(%dp0) <{addr = 118884 : ui32, arg_idx = 0 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
