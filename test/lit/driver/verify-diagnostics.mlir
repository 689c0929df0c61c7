// Every expected-* comment is matched by a diagnostic at its line containing its text, and every
// diagnostic is expected: exit 0. Python pass diagnostics (with notes), MLIR parse errors and
// failures of native passes are all verified alike, chunk by chunk.
// RUN: aie-trace-opt %s --split-input-file --verify-diagnostics \
// RUN:   --load-pass-plugin=%S/Inputs/plugin_passes.py -test-emit -aie-trace-check-ir

module {
  // expected-warning@+2 {{careful}}
  // expected-note@+1 {{look here}}
  "test.a"() {test.emit = "warning: careful", test.note = "look here"} : () -> ()
  "test.b"() {test.emit = "remark: just so you know"} : () -> () // expected-remark {{so you}}
  "test.c"() {test.emit = "error: c is broken"} : () -> ()
  // expected-error@-1 {{c is broken}}
  // expected-error@below {{d is broken}}
  "test.d"() {test.emit = "error: d is broken"} : () -> ()
  "test.e"() {test.emit = "error: e is broken"} : () -> ()
  // expected-error@above {{e is broken}}
  // expected-error-re@+1 {{{{^}}f is {{[a-z]+}}{{$}}}}
  "test.f"() {test.emit = "error: f is broken"} : () -> ()
}

// -----

// A failing chunk does not stop the next ones; each is verified on its own.
module {
  "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
    // expected-error@+1 {{'aie.tile' op attribute 'col' failed to satisfy constraint: 32-bit signless integer attribute}}
    %0 = "aie.tile"() <{col = "x", row = 2 : i32}> : () -> index
    "aie.end"() : () -> ()
  }) : () -> ()
}

// -----

// expected-error@+1 {{custom op 'nonsense' is unknown}}
nonsense

// -----

// No diagnostics expected, none emitted.
module {
  "test.quiet"() : () -> ()
}
