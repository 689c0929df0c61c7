// aie-trace-materialize's conform step, mirroring mlir-aie's
// test/dialect/AIEX/conform_overlay_trace_buffer.mlir (2026): in the full-ELF control-packet flow
// each configuration is wrapped in a host sequence that forwards its arguments; trace lowering
// then appends the trace buffer to the configuration's sequence and tags it
// `aie.trace_buffer_arg = N : i32`. The wrapper of the traced configuration gains the buffer as a
// new last argument and passes it at the run; the untraced configuration's wrapper keeps its
// three arguments.
// RUN: aie-trace-opt %s --split-input-file -aie-trace-materialize | FileCheck %s

// CHECK-LABEL: sym_name = "overlay_host"
// CHECK: sym_name = "seq_1"
// CHECK-NEXT: ^bb0(%{{[a-z0-9_]+}}: memref<4096xi32>, %{{[a-z0-9_]+}}: memref<1xi32>, %{{[a-z0-9_]+}}: memref<4096xi32>, %[[T:[a-z0-9_]+]]: memref<8192xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_1}
// CHECK-NEXT: "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}>
// CHECK: sym_name = "seq_2"
// CHECK-NEXT: ^bb0(%{{[a-z0-9_]+}}: memref<4096xi32>, %{{[a-z0-9_]+}}: memref<1xi32>, %{{[a-z0-9_]+}}: memref<4096xi32>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @config_2}
module {
  "aie.device"() <{device = 8 : i32, sym_name = "overlay_host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_1}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "seq_2"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
      "aiex.configure"() <{symbol = @config_2}> ({
        "aiex.run"(%a0, %a1, %a2) <{runtime_sequence_symbol = @sequence}> : (memref<4096xi32>, memref<1xi32>, memref<4096xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_1"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>, %trace: memref<8192xi8>):
      "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 3 : i32, arg_plus = 0 : i32}> : () -> ()
    }) {aie.trace_buffer_arg = 3 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "config_2"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<4096xi32>, %a1: memref<1xi32>, %a2: memref<4096xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a wrapper that already passes the buffer is left as it is; a wrapper of a conformed wrapper is
// conformed in turn. The devices are materialized in module order, so the inner wrapper's device
// comes first (the other order is refused: errors.mlir). The outer configure gets its own
// load_pdi before the inner wrapper's: mlir-aie's canonicalization drops only a load_pdi
// directly followed by an identical one.
// CHECK-LABEL: sym_name = "inner"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg}
// CHECK-LABEL: sym_name = "outer"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<16xi32>, %[[O:.*]]: memref<64xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @host}
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg}
// CHECK-NEXT: "aiex.npu.address_patch"() <{addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK: sym_name = "passes"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg}
module {
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    "aie.runtime_sequence"() <{sym_name = "inner"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @cfg}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "top"}> ({
    "aie.runtime_sequence"() <{sym_name = "outer"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @host}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @inner}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.runtime_sequence"() <{sym_name = "passes"}> ({
    ^bb0(%a0: memref<16xi32>, %t: memref<64xi8>):
      "aiex.configure"() <{symbol = @cfg}> ({
        "aiex.run"(%a0, %t) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>, memref<64xi8>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>, %trace: memref<64xi8>):
      "aiex.npu.address_patch"() <{addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
    }) {aie.trace_buffer_arg = 1 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// a wrapper that runs two traced configurations gains a trailing argument for each, in run
// order; its caller, which runs it without them, gains both in turn and passes them.
// CHECK-LABEL: sym_name = "pair"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>, %{{.*}}: memref<128xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg_a}
// CHECK-NEXT: "aiex.npu.address_patch"() <{addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg_b}
// CHECK-NEXT: "aiex.npu.address_patch"() <{addr = 2 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}>
// CHECK-LABEL: sym_name = "top_seq"
// CHECK-NEXT: ^bb0(%{{.*}}: memref<16xi32>, %{{.*}}: memref<64xi8>, %{{.*}}: memref<128xi8>):
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @host}
// CHECK-NEXT: "aiex.npu.load_pdi"() {device_ref = @cfg_a}
// CHECK-NOT: aiex.run
module {
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    "aie.runtime_sequence"() <{sym_name = "pair"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @cfg_a}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
      "aiex.configure"() <{symbol = @cfg_b}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "top"}> ({
    "aie.runtime_sequence"() <{sym_name = "top_seq"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @host}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @pair}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg_a"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>, %trace: memref<64xi8>):
      "aiex.npu.address_patch"() <{addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
    }) {aie.trace_buffer_arg = 1 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg_b"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>, %trace: memref<128xi8>):
      "aiex.npu.address_patch"() <{addr = 2 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
    }) {aie.trace_buffer_arg = 1 : i32} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
