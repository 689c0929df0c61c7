module {
  "aie.device"() <{device = 5 : i32, sym_name = "ok"}> ({
    "aie.end"() : () -> ()
  }) : () -> ()
}
// -----
module {
  "aie.device"() <{device = 5 : i32, sym_name = "bad"}> ({
    %0 = "aie.tile"() <{col = "x", row = 2 : i32}> : () -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}
// -----

garbage
// -----
func.func @last() {
  return
}
