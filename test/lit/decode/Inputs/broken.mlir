// A module that does not parse: the decoder reports where.
module {
  "aie.device"() <{device = 5 : i32}> ({
    %0 = 
