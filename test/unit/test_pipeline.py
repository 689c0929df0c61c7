# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pipeline parser/printer and the runner that mixes Python and native passes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aie_trace.ir.diagnostics import DiagnosticEngine
from aie_trace.ir.provider import ir, make_context
from aie_trace.opt.pipeline import (
    InternalPassError,
    NativeStep,
    OpPipeline,
    PassElement,
    PipelineError,
    PipelineRunner,
    PythonStep,
    parse_pass_options,
    parse_pipeline,
    plan,
)
from aie_trace.opt.registry import Pass, Registry, option

# ------------------------------------------------------------------------------------------------
# parsing and printing


def test_parses_the_issue_example_into_an_ast():
    p = parse_pipeline(
        "builtin.module(pass-a{opt=1 list=1,2 flag},aie.device(some-cxx-pass),pass-b)"
    )
    assert p == OpPipeline(
        "builtin.module",
        (
            PassElement("pass-a", (("opt", "1"), ("list", "1,2"), ("flag", None))),
            OpPipeline("aie.device", (PassElement("some-cxx-pass"),)),
            PassElement("pass-b"),
        ),
    )
    assert [e.name for e in p.passes()] == ["pass-a", "some-cxx-pass", "pass-b"]


def test_columns_point_at_each_element():
    p = parse_pipeline("builtin.module(a, func.func( b ))")
    assert p.col == 1
    a, nested = p.elements
    assert a.col == 16 and nested.col == 19 and nested.elements[0].col == 30


@pytest.mark.parametrize(
    "text, printed",
    [
        ("builtin.module()", "builtin.module()"),
        ("  builtin.module ( a , b )  ", "builtin.module(a,b)"),
        ("builtin.module(a{})", "builtin.module(a)"),
        ("builtin.module(a{ x=1   y })", "builtin.module(a{x=1 y})"),
        ("builtin.module(a{x= y=})", "builtin.module(a{x= y=})"),
        (
            'builtin.module(a{s=\'x y\' t="p,q" u={1 2} v=n{a=1 b=" {} "}})',
            'builtin.module(a{s=\'x y\' t="p,q" u={1 2} v=n{a=1 b=" {} "}})',
        ),
        ("builtin.module(a{x='(' y=\"}\"})", "builtin.module(a{x='(' y=\"}\"})"),
        (
            "builtin.module(any(func.func(cse)),aie.device())",
            "builtin.module(any(func.func(cse)),aie.device())",
        ),
    ],
)
def test_prints_back_normalized(text, printed):
    p = parse_pipeline(text)
    assert str(p) == printed
    assert parse_pipeline(printed) == p


@pytest.mark.parametrize(
    "text, col, message",
    [
        ("builtin.module(a", 15, "unbalanced '(': missing ')'"),
        ("builtin.module(func.func(a)", 15, "unbalanced '(': missing ')'"),
        ("builtin.module(a))", 18, "unbalanced ')'"),
        ("builtin.module(a{x=1)", 17, "missing '}' to close the pass options"),
        ("builtin.module(a{x='1})", 20, "unterminated ' quote"),
        ('builtin.module(a{x="1})', 20, 'unterminated " quote'),
        ("builtin.module(a{x=1}})", 22, "expected ',' or ')' but found '}'"),
        ("builtin.module(a{x={1}}})", 24, "expected ',' or ')' but found '}'"),
        ("builtin.module(a{x=1 =2})", 22, "expected an option name but found '='"),
        (
            "builtin.module(a{x!})",
            19,
            "expected '=' or whitespace after option 'x' but found '!'",
        ),
        ("builtin.module(,a)", 16, "expected a pass or operation name but found ','"),
        ("builtin.module(a,)", 18, "expected a pass or operation name but found ')'"),
        ("builtin.module(a b)", 18, "expected ',' or ')' but found 'b'"),
        ("", 1, "the pipeline needs an operation anchor: write 'builtin.module()'"),
        (
            "a,b{x=1}",
            1,
            "the pipeline needs an operation anchor: write 'builtin.module(a,b{x=1})'",
        ),
        ("builtin.module(a),b", 1, "the pipeline needs an operation anchor"),
    ],
)
def test_syntax_errors_point_at_the_column(text, col, message):
    with pytest.raises(PipelineError) as e:
        parse_pipeline(text)
    assert e.value.col == col
    assert e.value.message.startswith(message)
    assert e.value.format() == f"<pass-pipeline>:1:{col}: error: {e.value.message}"


def test_bare_list_is_accepted_when_no_anchor_is_required():
    p = parse_pipeline(" a , b{x=1} ", require_anchor=False)
    assert p == OpPipeline(
        "builtin.module", (PassElement("a"), PassElement("b", (("x", "1"),)))
    )
    assert parse_pipeline("", require_anchor=False) == OpPipeline("builtin.module", ())
    assert parse_pipeline("func.func(cse)", require_anchor=False).anchor == "func.func"


def test_pass_flag_options():
    assert parse_pass_options("p", " a=1  b c='x y'") == PassElement(
        "p", (("a", "1"), ("b", None), ("c", "'x y'"))
    )
    assert parse_pass_options("p", "") == PassElement("p")
    with pytest.raises(PipelineError) as e:
        parse_pass_options("p", "a=1 =")
    assert e.value.col == 5


# -- property: random well-formed pipelines round-trip --------------------------------------------

_LOWER = "abcxyz"
_ident = st.builds(
    str.__add__, st.sampled_from(_LOWER), st.text(_LOWER + "019_-", max_size=5)
)
_anchor = st.builds(lambda a, b: f"{a}.{b}", _ident, _ident)
_word = st.text(_LOWER + "0123456789_.-+:/", min_size=1, max_size=5)
_bare = st.lists(_word, min_size=1, max_size=3).map(",".join)
# text inside braces: anything, with its own braces balanced
_inner = st.recursive(
    st.text(_LOWER + " ,=()'\"", max_size=5),
    lambda t: st.builds(lambda a, b, c: a + "{" + b + "}" + c, t, t, t),
    max_leaves=3,
).filter(lambda s: _quotes_well_formed(s))
_value = st.one_of(
    _bare,
    st.just(""),
    st.builds(lambda s: f"'{s}'", st.text(_LOWER + ' ,={}()"', max_size=6)),
    st.builds(lambda s: f'"{s}"', st.text(_LOWER + " ,={}()'", max_size=6)),
    st.builds(lambda s: "{" + s + "}", _inner),
    st.builds(lambda n, s: n + "{" + s + "}", _ident, _inner),
)
_options = st.lists(st.tuples(_ident, st.one_of(st.none(), _value)), max_size=3).map(
    tuple
)
_pass = st.builds(PassElement, _ident, _options)


def _quotes_well_formed(s: str) -> bool:
    """Every quote is closed, and no quoted part holds a brace that the brace nesting relies on
    (a count of quote characters is not enough: in ``'"'"`` the last ``"`` is left open).
    """
    quote = None
    for c in s:
        if quote:
            if c == quote:
                quote = None
            elif c in "{}":
                return False
        elif c in "'\"":
            quote = c
    return quote is None


_element = st.recursive(
    _pass,
    lambda children: st.builds(
        OpPipeline, _anchor, st.lists(children, max_size=3).map(tuple)
    ),
    max_leaves=8,
)
_root = st.builds(
    OpPipeline, st.just("builtin.module"), st.lists(_element, max_size=4).map(tuple)
)


@settings(max_examples=200, deadline=None)
@given(_root)
def test_random_pipelines_round_trip(root):
    text = str(root)
    parsed = parse_pipeline(text)
    assert parsed == root
    assert str(parsed) == text


def _spaced(element, pad) -> str:
    """Print with whitespace wherever the syntax allows it."""
    if isinstance(element, OpPipeline):
        inner = f",{pad}".join(_spaced(e, pad) for e in element.elements)
        return f"{element.anchor}{pad}({pad}{inner}{pad})"
    if not element.options:
        return element.name
    opts = (pad + " ").join(k if v is None else f"{k}={v}" for k, v in element.options)
    return f"{element.name}{pad}{{{pad}{opts}{pad}}}"


@settings(max_examples=100, deadline=None)
@given(_root, st.sampled_from([" ", "  ", "\t", "\n ", ""]))
def test_whitespace_does_not_change_the_ast(root, pad):
    assert parse_pipeline(f"{pad}{_spaced(root, pad)}{pad}") == root


# ------------------------------------------------------------------------------------------------
# planning against a registry


def _registry(*passes: type[Pass]) -> Registry:
    reg = Registry()
    reg._loaded = True  # just these passes: no built-in modules, no entry points
    for p in passes:
        reg.add(p)
    return reg


@dataclass(frozen=True)
class Record(Pass):
    """Appends its tag to ``log`` and checks the IR it sees."""

    name: ClassVar[str] = "test-record"
    summary: ClassVar[str] = "record"
    log: ClassVar[list] = []
    tag: str = option("x", "what to record")

    def run(self, module, diag):
        Record.log.append((self.tag, str(module)))


@dataclass(frozen=True)
class Fail(Pass):
    name: ClassVar[str] = "test-fail"
    summary: ClassVar[str] = "fail"
    message: str = option("", "error to emit; empty: fail without one")

    def run(self, module, diag):
        raise diag.fail(module, self.message) if self.message else diag.fail()


@dataclass(frozen=True)
class Boom(Pass):
    name: ClassVar[str] = "test-boom"
    summary: ClassVar[str] = "raise"

    def run(self, module, diag):
        raise KeyError("oops")


REG = _registry(Record, Fail, Boom)


def test_plan_splits_python_and_native_steps():
    steps = plan(
        parse_pipeline(
            "builtin.module(cse,test-record{tag=a},func.func(canonicalize))"
        ),
        REG,
    )
    assert [type(s) for s in steps] == [NativeStep, PythonStep, NativeStep]
    assert steps[1].cls is Record
    assert [s.text for s in steps if isinstance(s, NativeStep)] == [
        "cse",
        "func.func(canonicalize)",
    ]


@pytest.mark.parametrize(
    "text, col, message",
    [
        (
            "builtin.module(aie.device(cse,test-record))",
            31,
            "'test-record' is a module-level Python pass and cannot run nested inside 'aie.device(...)': "
            "move it to the top level of the pipeline",
        ),
        (
            "builtin.module(a.b(c.d(test-fail)))",
            24,
            "'test-fail' is a module-level Python pass and cannot run "
            "nested inside 'c.d(...)'",
        ),
        (
            "builtin.module(cse,test-record{bad=1})",
            20,
            "pass 'test-record' has no option 'bad' (options: tag)",
        ),
        (
            "builtin.module(test-record{tag})",
            16,
            "pass 'test-record' option 'tag': a value is required",
        ),
        ("func.func(cse)", 1, "the pipeline must be anchored on 'builtin.module'"),
    ],
)
def test_plan_errors(text, col, message):
    with pytest.raises(PipelineError) as e:
        plan(parse_pipeline(text), REG)
    assert e.value.col == col
    assert e.value.message.startswith(message)


# ------------------------------------------------------------------------------------------------
# running

MODULE = """module {
  func.func @f(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %x = arith.addi %a, %c0 : i32
    return %x : i32
  }
}"""


def _run(text: str, module_text: str = MODULE):
    diag = DiagnosticEngine()
    with make_context():
        runner = PipelineRunner(plan(parse_pipeline(text), REG), diag)
        module = ir.Operation.parse(module_text, source_name="m.mlir")
        ok = runner.run(module)
        return ok, diag, str(module)


def test_python_and_native_passes_run_in_written_order():
    Record.log.clear()
    ok, diag, out = _run(
        "builtin.module(test-record{tag=before},canonicalize,test-record{tag=after})"
    )
    assert ok and not diag.diagnostics
    assert [tag for tag, _ in Record.log] == ["before", "after"]
    assert "arith.addi" in Record.log[0][1]  # canonicalize had not run yet
    assert "arith.addi" not in Record.log[1][1]  # ... and had run by then
    assert "arith.addi" not in out


def test_each_run_gets_a_fresh_instance_with_its_options():
    Record.log.clear()
    _run("builtin.module(test-record{tag=one},test-record)")
    assert [tag for tag, _ in Record.log] == ["one", "x"]


def test_pass_failure_stops_the_pipeline_with_the_pass_errors():
    Record.log.clear()
    ok, diag, _ = _run("builtin.module(test-fail{message=broken},test-record)")
    assert not ok and not Record.log
    assert [(d.severity, d.message, d.file, d.line) for d in diag.diagnostics] == [
        ("error", "broken", "m.mlir", 1)
    ]


def test_failure_without_an_error_gets_one():
    ok, diag, _ = _run("builtin.module(test-fail)")
    assert not ok
    assert [d.message for d in diag.diagnostics] == ["pass 'test-fail' failed"]


def test_an_exception_in_a_pass_is_an_internal_error():
    with pytest.raises(InternalPassError) as e:
        _run("builtin.module(test-boom)")
    assert str(e.value) == "internal error in pass 'test-boom': 'oops'"
    assert isinstance(e.value.exc, KeyError)


def test_native_failures_become_located_diagnostics():
    bad = """module {
  "aie.device"() ({
    "aie.end"() : () -> ()
  }) : () -> ()
}"""
    ok, diag, _ = _run("builtin.module(aie.device(cse))", bad)
    if ok:
        pytest.skip("aie.device is registered (mlir-aie bindings)")
    d = diag.diagnostics[0]
    assert (d.severity, d.file, d.line, d.col) == ("error", "m.mlir", 2, 3)
    assert "unregistered operation" in d.message


@pytest.mark.parametrize(
    "text, col, message",
    [
        (
            "builtin.module(cse,no-such-pass)",
            20,
            "'no-such-pass' does not refer to a registered pass or pass pipeline",
        ),
        (
            "builtin.module(func.func(cse,nope))",
            30,
            "'nope' does not refer to a registered pass",
        ),
        (
            "builtin.module(cse{bogus=1})",
            16,
            "invalid options for pass 'cse': no such option bogus",
        ),
        (
            "builtin.module(canonicalize{max-iterations=x})",
            16,
            "invalid options for pass 'canonicalize': for the --max-iterations option: 'x' value invalid",
        ),
    ],
)
def test_native_pipeline_errors_are_one_located_line(text, col, message, capfd):
    with pytest.raises(PipelineError) as e:
        _run(text)
    assert e.value.col == col
    assert e.value.message.startswith(message)
    assert "\n" not in e.value.message
    assert (
        capfd.readouterr().err == ""
    )  # what LLVM wrote to stderr went into the message


def test_quote_left_open_inside_braces_is_an_error():
    # the quote characters pair up by count, but the last '"' opens a quote nothing closes
    with pytest.raises(PipelineError, match='unterminated " quote'):
        parse_pipeline("builtin.module(a{x={{'\"'}\"}})")
