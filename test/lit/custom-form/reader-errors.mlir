// The custom-form reader: an op it does not know, or one that does not read, is one located
// error at the op (or at the token that does not fit), never a pass-through.
// RUN: aie-trace-opt %s --split-input-file -verify-diagnostics

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  // expected-error@+1 {{custom form of 'aie.frobnicate' is not known to aie-trace}}
  aie.frobnicate(%t)
}

// -----

aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  // expected-error@+1 {{'aie.flow': expected WireBundle for 'source_bundle', one of Core, DMA}}
  aie.flow(%t, Dma : 0, %t, DMA : 0)
}

// -----

// expected-error@+1 {{'aie.device': expected AIEDevice for 'device'}}
aie.device(npu7) {
}

// -----

aie.device(npu1_1col) {
  // expected-error@+1 {{'aie.tile': expected ','}}
  %t = aie.tile(0 2)
}
