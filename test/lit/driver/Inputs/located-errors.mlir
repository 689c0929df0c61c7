module {
  "aie.device"() <{device = 5 : i32, sym_name = "bad"}> ({
    // expected-error@+1 {{'aie.tile' op attribute 'col' failed to satisfy constraint}}
    %0 = "aie.tile"() <{col = "x", row = 2 : i32}> : () -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}
// -----
// expected-error@+1 {{custom op 'garbage' is unknown}}
garbage
