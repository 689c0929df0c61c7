// The IRON #154 bug, caught at compile time: the bundled two-design module as trace lowering leaves it
// (no fusing) runs each traced callee one argument short, and its integer trace patches, copied
// verbatim, name host buffer #1 of the dispatched sequence: the 256-byte output, not a trace buffer.
// RUN: not aie-trace-opt %examples/two_designs_e2.mlir -aie-trace-verify-patches -o /dev/null 2>&1 | FileCheck %s
// RUN: not aie-trace-opt %examples/two_designs_e1.mlir -aie-trace-verify-patches -o /dev/null 2>&1 | FileCheck %s
// E3: the trace patches' buffer operands bind to a parameter the runs do not pass.
// RUN: not aie-trace-opt %examples/two_designs_e3.mlir -aie-trace-verify-patches -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUFFER
// After aie-trace-fuse-buffers every patch lands in its slice, before and after inlining:
// RUN: aie-trace-opt %examples/two_designs_e1.mlir -aie-trace-fuse-buffers -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %examples/two_designs_e2.mlir -aie-trace-fuse-buffers -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %examples/two_designs_e3.mlir -aie-trace-fuse-buffers -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -o /dev/null
// RUN: aie-trace-opt %examples/two_designs_e4.mlir -aie-trace-fuse-buffers -aie-trace-verify-patches \
// RUN:   -aie-trace-materialize -aie-trace-verify-patches -o /dev/null

// CHECK: two_designs_e{{[12]}}.mlir:{{[0-9]+}}:{{[0-9]+}}: error: one argument short: passes 1 operand(s) but @dev_a:@seq_a takes 2; parameter #1 (memref<8192xi8>) is not passed
// CHECK: error: in @main:@main_seq (call path '0') the BD writes bytes [0, 8192) of host buffer #1 (memref<64xi32>, 256 bytes) of @main:@main_seq: outside the buffer
// CHECK: error: one argument short: passes 1 operand(s) but @dev_b:@seq_b takes 2; parameter #1 (memref<4096xi8>) is not passed
// CHECK: error: in @main:@main_seq (call path '1') the BD writes bytes [0, 4096) of host buffer #1 (memref<64xi32>, 256 bytes) of @main:@main_seq: outside the buffer
// The data patch of @seq_b is wrong too: it names its own input (host buffer #0), which the call binds to #1.
// CHECK: error: in @main:@main_seq (call path '1') this patch lands at byte 0 of host buffer #0 of @main:@main_seq, but the call binds the buffer it names (host buffer #0 of @dev_b:@seq_b) to byte 0 of host buffer #1: inlining copies arg_idx verbatim (run aie-trace-fuse-buffers before materialization)
// CHECK: error: the trace region [0, 4096) of call '1' overlaps the trace region [0, 8192) of call '0' in host buffer #1

// BUFFER: error: one argument short: passes 1 operand(s) but @dev_a:@seq_a takes 2
// BUFFER: error: the buffer operand does not resolve to a static view of a host buffer of @main:@main_seq (in @main:@main_seq (call path '0'))
