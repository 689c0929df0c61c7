module {
  "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
    "aie.runtime_sequence"() <{sym_name = "s"}> ({
    ^bb0(%arg0: memref<64xi32>):
      "aiex.npu.write32"() {address = 213200 : ui32, column = 2 : i32, row = 2 : i32, value = 5 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213204 : ui32, column = 2 : i32, row = 2 : i32, value = 2 : ui32} : () -> ()
      "aiex.npu.write32"() {address = 213216 : ui32, column = 2 : i32, row = 2 : i32, value = 553648128 : ui32} : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
