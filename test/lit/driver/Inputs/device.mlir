module {
  "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
    "aie.end"() : () -> ()
  }) : () -> ()
}
