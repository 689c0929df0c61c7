// mlir-aie's trace tests end to end in IR era E2: the inputs of ../fuse/upstream-e2.mlir (our own,
// in the form mlir-aie's trace lowering leaves them) through fuse -> materialize -> resolve, and the
// final arg_idx / arg_plus of every patch of the dispatched sequence checked against the values
// mlir-aie's test_trace_configure_run.mlir (at a4ade150) and test_fuse_trace_buffers.mlir assert:
// the fused buffer follows the data arguments, every patch names it, a slice's offset is its arg_plus.
// RUN: aie-trace-opt %S/../fuse/upstream-e2.mlir --split-input-file -aie-trace-fuse-buffers \
// RUN:   -aie-trace-materialize -aie-trace-resolve-patch-buffers -aie-trace-drop-specialized \
// RUN:   -aie-trace-verify-patches -aie-trace-check-ir 2>/dev/null | FileCheck %s

// two calls of one traced design get distinct regions (test_fuse_trace_buffers.mlir)
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<16384xi8>):
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK-NOT: address_patch
// CHECK: sym_name = "dev_a"

// the caller's own trace takes the front, the callee's the tail (test_fuse_trace_buffers.mlir)
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<12288xi8>):
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c4096_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 1 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK-NOT: address_patch
// CHECK: sym_name = "dev_a"

// an untraced caller of an untraced callee is unchanged (test_fuse_trace_buffers.mlir)
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>):
// CHECK-NOT: address_patch
// CHECK: sym_name = "dev_a"

// two designs behind two configures share one buffer after the data arguments; both patches name host buffer 2, the second at 8192 (test_trace_configure_run.mlir)
// CHECK-LABEL: sym_name = "main_seq"
// CHECK-NEXT: ^bb0(%arg0: memref<64xi32>, %arg1: memref<64xi32>, %arg2: memref<16384xi8>):
// CHECK: "aiex.npu.address_patch"(%{{c0_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK: "aiex.npu.address_patch"(%{{c8192_i32(_[0-9]+)?}}) <{addr = 119268 : ui32, arg_idx = 2 : i32}>{{( [{]aie_trace.rebased_from = [{]addr = [0-9]+ : ui32, arg_idx = [0-9]+ : i32, arg_plus = [0-9]+ : i64[}][}])?}} : (i32) -> ()
// CHECK-NOT: address_patch
// CHECK: sym_name = "dev_a"
