// A fused module (E1 attribute forms) (two designs, dev_a on npu1 and dev_b on npu2, one call each) reduced to what
// the decoder reads: each design's trace-unit register writes and the dispatched sequence's
// trace layout. dev_a core(0,2): packet type 0, id 1, slots 0x4B25221A / 0x212D2C4F; dev_b
// core(0,2): id 3, slots 0x21222526 / 0x00003646 (event 70 is named per architecture, 54 is
// reserved); dev_b mem(0,2): type 1, id 2, slot 0 = 19.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "dev_a"}> ({
    %tile = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %trace: memref<8192xi8>):
      "aiex.npu.write32"() <{address = 213204 : ui32, column = 0 : i32, row = 2 : i32, value = 1 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213216 : ui32, column = 0 : i32, row = 2 : i32, value = 1260724762 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213220 : ui32, column = 0 : i32, row = 2 : i32, value = 556608591 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "dev_b"}> ({
    %tile = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%arg0: memref<64xi32>, %trace: memref<8192xi8>):
      "aiex.npu.write32"() <{address = 213204 : ui32, column = 0 : i32, row = 2 : i32, value = 3 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213216 : ui32, column = 0 : i32, row = 2 : i32, value = 555885862 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 213220 : ui32, column = 0 : i32, row = 2 : i32, value = 13894 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 82132 : ui32, column = 0 : i32, row = 2 : i32, value = 4098 : ui32}> : () -> ()
      "aiex.npu.write32"() <{address = 82144 : ui32, column = 0 : i32, row = 2 : i32, value = 19 : ui32}> : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
    "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
    ^bb0(%in: memref<64xi32>, %trace: memref<16384xi8>):
    }) {aie_trace.trace_buffer = {arg_index = 1 : i64, offset = 0 : i64, size = 16384 : i64, dedicated = true}, aie_trace.trace_slices = [{device = "dev_a", sequence = "seq", offset = 0 : i64, size = 8192 : i64}, {device = "dev_b", sequence = "seq", offset = 8192 : i64, size = 8192 : i64}], aie_trace.slice_paths = ["0", "1"]} : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
