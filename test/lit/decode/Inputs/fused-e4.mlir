// A fused module (two designs, dev_a on npu1 and dev_b on npu2, one call each) reduced to what
// the decoder reads: each design's trace-unit register writes and the dispatched sequence's
// trace layout. dev_a core(0,2): packet type 0, id 1, slots 0x4B25221A / 0x212D2C4F; dev_b
// core(0,2): id 3, slots 0x21222526 / 0x00003646 (event 70 is named per architecture, 54 is
// reserved); dev_b mem(0,2): type 1, id 2, slot 0 = 19.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %tile = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %trace: memref<8192xi8>):
      %a0 = "arith.constant"() <{value = 213204 : i32}> : () -> i32
      %v0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
      "aiex.npu.write32"(%a0, %v0) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a1 = "arith.constant"() <{value = 213216 : i32}> : () -> i32
      %v1 = "arith.constant"() <{value = 1260724762 : i32}> : () -> i32
      "aiex.npu.write32"(%a1, %v1) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a2 = "arith.constant"() <{value = 213220 : i32}> : () -> i32
      %v2 = "arith.constant"() <{value = 556608591 : i32}> : () -> i32
      "aiex.npu.write32"(%a2, %v2) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "dev_b"}> ({
    %tile = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %trace: memref<8192xi8>):
      %a0 = "arith.constant"() <{value = 213204 : i32}> : () -> i32
      %v0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
      "aiex.npu.write32"(%a0, %v0) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a1 = "arith.constant"() <{value = 213216 : i32}> : () -> i32
      %v1 = "arith.constant"() <{value = 555885862 : i32}> : () -> i32
      "aiex.npu.write32"(%a1, %v1) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a2 = "arith.constant"() <{value = 213220 : i32}> : () -> i32
      %v2 = "arith.constant"() <{value = 13894 : i32}> : () -> i32
      "aiex.npu.write32"(%a2, %v2) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a3 = "arith.constant"() <{value = 82132 : i32}> : () -> i32
      %v3 = "arith.constant"() <{value = 4098 : i32}> : () -> i32
      "aiex.npu.write32"(%a3, %v3) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
      %a4 = "arith.constant"() <{value = 82144 : i32}> : () -> i32
      %v4 = "arith.constant"() <{value = 19 : i32}> : () -> i32
      "aiex.npu.write32"(%a4, %v4) <{column = 0 : i32, row = 2 : i32}> : (i32, i32) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq", trace_buffer = #aie.trace_buffer<arg_index = 1, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq", offset = 8192, size = 8192>]}> ({
    ^bb0(%in: memref<64xi32>, %trace: memref<16384xi8>):
    }) {aie_trace.slice_paths = ["0", "1"]} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
