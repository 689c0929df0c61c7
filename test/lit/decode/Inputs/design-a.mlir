// One unfused design, as mlir-aie's build directory keeps it for parse.py: dev_a of fused-e4.mlir
// (npu1; core(0,2) traced with packet type 0, id 1), no trace layout.
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
}
