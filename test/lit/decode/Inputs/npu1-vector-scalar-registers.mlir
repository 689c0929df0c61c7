// The trace configuration of the design that wrote npu1-vector-scalar/trace_hw.bin, in generic form:
// the runtime sequence's trace-unit and trace-BD writes of its aiecc output (input_with_addresses.mlir
// of FIM43-Redeye/xdna-emu@8aa12fa538833efe0463f8adada3ddad7fe6c42a, tools/tests/fixtures/vector_scalar/,
// lines 58-69), values unchanged; the data transfers are left out. Core (0, 2): Trace_Control0
// 0x79790000 (event-time mode), Trace_Control1 1 (packet type 0, id 1), Trace_Event0 2236709 =
// 0x00222125 (slot 0 INSTR_VECTOR, 1 INSTR_EVENT_0, 2 INSTR_EVENT_1).
module {
  "aie.device"() <{device = 5 : i32, sym_name = "vector_scalar"}> ({
    %tile_0_0 = "aie.tile"() <{col = 0 : i32, row = 0 : i32}> : () -> index
    %tile_0_2 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%arg0: memref<4096xi32>, %arg1: memref<4096xi32>, %arg2: memref<4096xi32>):
      "aiex.npu.write32"() {address = 213200 : ui32, column = 0 : i32, row = 2 : i32, value = 2038038528 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213204 : ui32, column = 0 : i32, row = 2 : i32, value = 1 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213216 : ui32, column = 0 : i32, row = 2 : i32, value = 2236709 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 212992 : ui32, column = 0 : i32, row = 2 : i32, value = 31232 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 212992 : ui32, column = 0 : i32, row = 0 : i32, value = 32512 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213068 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213000 : ui32, column = 0 : i32, row = 0 : i32, value = 127 : ui32} : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
