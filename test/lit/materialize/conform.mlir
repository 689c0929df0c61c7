// aie-trace-materialize's conform step, mirroring mlir-aie's
// test/dialect/AIEX/conform_overlay_trace_buffer.mlir (2026): in the full-ELF control-packet flow
// each configuration is wrapped in a host sequence that forwards its arguments; trace lowering
// then appends the trace buffer to the configuration's sequence and tags it
// `aie.trace_buffer_arg = N : i32`. The wrapper of the traced configuration gains the buffer as a
// new last argument and passes it at the run; the untraced configuration's wrapper keeps its
// three arguments.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: @overlay_host {
// CHECK: aie.runtime_sequence @seq_1(%{{[a-z0-9_]+}}: memref<4096xi32>, %{{[a-z0-9_]+}}: memref<1xi32>, %{{[a-z0-9_]+}}: memref<4096xi32>, %{{[a-z0-9_]+}}: memref<8192xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @config_1}
// CHECK-NEXT: aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}
// CHECK: aie.runtime_sequence @seq_2(%{{[a-z0-9_]+}}: memref<4096xi32>, %{{[a-z0-9_]+}}: memref<1xi32>, %{{[a-z0-9_]+}}: memref<4096xi32>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @config_2}
module {
  aie.device(npu2) @overlay_host {
    aie.runtime_sequence @seq_1(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>) {
      aiex.configure @config_1 {
        aiex.run @sequence(%a0, %a1, %a2) : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>)
      }
    }
    aie.runtime_sequence @seq_2(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>) {
      aiex.configure @config_2 {
        aiex.run @sequence(%a0, %a1, %a2) : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>)
      }
    }
  }
  aie.device(npu2) @config_1 {
    aie.runtime_sequence @sequence(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>) attributes {aie.trace_buffer_arg = 3 : i32} {
      aiex.npu.address_patch {addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}
    }
  }
  aie.device(npu2) @config_2 {
    aie.runtime_sequence @sequence(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>) {
    }
  }
}

// -----

// a wrapper that already passes the buffer is left as it is; a wrapper of a conformed wrapper is
// conformed in turn. The devices are materialized in module order, so the inner wrapper's device
// comes first (the other order is refused: errors.mlir). The outer configure gets its own
// load_pdi before the inner wrapper's: mlir-aie's canonicalization drops only a load_pdi
// directly followed by an identical one.
// CHECK-LABEL: @inner(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg}
// CHECK-LABEL: @outer(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @host}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg}
// CHECK-NEXT: aiex.npu.address_patch {addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
// CHECK: aie.runtime_sequence @passes(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg}
module {
  aie.device(npu2) @host {
    aie.runtime_sequence @inner(%a0: memref<16xi32>) {
      aiex.configure @cfg {
        aiex.run @sequence(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @top {
    aie.runtime_sequence @outer(%a0: memref<16xi32>) {
      aiex.configure @host {
        aiex.run @inner(%a0) : (memref<16xi32>)
      }
    }
    aie.runtime_sequence @passes(%a0: memref<16xi32>, %t: memref<64xi8>) {
      aiex.configure @cfg {
        aiex.run @sequence(%a0, %t) : (memref<16xi32>, memref<64xi8>)
      }
    }
  }
  aie.device(npu2) @cfg {
    aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.address_patch {addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
    }
  }
}

// -----

// a wrapper that runs two traced configurations gains a trailing argument for each, in run
// order; its caller, which runs it without them, gains both in turn and passes them.
// CHECK-LABEL: @pair(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>, %{{.*}}: memref<128xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg_a}
// CHECK-NEXT: aiex.npu.address_patch {addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg_b}
// CHECK-NEXT: aiex.npu.address_patch {addr = 2 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
// CHECK-LABEL: @top_seq(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>, %{{.*}}: memref<128xi8>) {
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @host}
// CHECK-NEXT: aiex.npu.load_pdi {device_ref = @cfg_a}
// CHECK-NOT: aiex.run
module {
  aie.device(npu2) @host {
    aie.runtime_sequence @pair(%a0: memref<16xi32>) {
      aiex.configure @cfg_a {
        aiex.run @sequence(%a0) : (memref<16xi32>)
      }
      aiex.configure @cfg_b {
        aiex.run @sequence(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @top {
    aie.runtime_sequence @top_seq(%a0: memref<16xi32>) {
      aiex.configure @host {
        aiex.run @pair(%a0) : (memref<16xi32>)
      }
    }
  }
  aie.device(npu2) @cfg_a {
    aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<64xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.address_patch {addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
    }
  }
  aie.device(npu2) @cfg_b {
    aie.runtime_sequence @sequence(%a0: memref<16xi32>, %trace: memref<128xi8>) attributes {aie.trace_buffer_arg = 1 : i32} {
      aiex.npu.address_patch {addr = 2 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}
    }
  }
}
