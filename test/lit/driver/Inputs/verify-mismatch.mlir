module {
  // expected-error@+1 {{this is not what is emitted}}
  "test.a"() {test.emit = "error: what is emitted"} : () -> ()
  // expected-error@+1 {{careful}}
  "test.b"() {test.emit = "warning: careful"} : () -> ()
  "test.c"() {test.emit = "remark: nobody expects me"} : () -> ()
  // expected-note@+1 {{never emitted}}
  "test.d"() : () -> ()
}
// -----
// expected-error@+1 {{unknown}}
module {
}
