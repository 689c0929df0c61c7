# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-opt pieces that lit cannot reach well: argument parsing, chunking, the
expected-diagnostics matcher, and in-process runs."""

from __future__ import annotations

import io

import pytest

from aie_trace.ir.diagnostics import Diagnostic, DiagnosticEngine, split_location
from aie_trace.ir.provider import ir, make_context
from aie_trace.opt import driver
from aie_trace.opt.driver import (
    Chunk,
    UsageError,
    collect_expected,
    parse_args,
    split_chunks,
    verify,
)
from aie_trace.opt.registry import REGISTRY

# ------------------------------------------------------------------------------------------------
# command line


def test_flags_take_one_or_two_dashes_and_values_attached_or_separate():
    a = parse_args(
        ["-split-input-file", "--verify-diagnostics", "-o", "out.mlir", "in.mlir"]
    )
    assert (a.split_input_file, a.verify_diagnostics, a.output, a.input) == (
        True,
        True,
        "out.mlir",
        "in.mlir",
    )
    b = parse_args(
        [
            "--o=x.mlir",
            "-pass-pipeline",
            "builtin.module(cse)",
            "--mlir-print-op-generic=true",
        ]
    )
    assert (b.output, b.pass_pipeline, b.print_op_generic, b.input) == (
        "x.mlir",
        "builtin.module(cse)",
        True,
        "-",
    )
    assert parse_args(["--split-input-file=false"]).split_input_file is False
    assert parse_args(["-h"]).help and parse_args(["-help"]).help


def test_pass_flags_keep_command_line_order_and_their_text():
    a = parse_args(
        ["-canonicalize", "in.mlir", "--aie-trace-check-ir=era=E2", "-cse={}"]
    )
    assert a.pass_flags == [
        ("canonicalize", None, "-canonicalize"),
        ("aie-trace-check-ir", "era=E2", "--aie-trace-check-ir=era=E2"),
        ("cse", "{}", "-cse={}"),
    ]


def test_double_dash_ends_options():
    assert parse_args(["--", "-weird-name.mlir"]).input == "-weird-name.mlir"
    assert parse_args(["-"]).input == "-"


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["a.mlir", "b.mlir"],
            "too many positional arguments: a.mlir b.mlir (one input file)",
        ),
        (["-o"], "option '-o' requires a value"),
        (["--pass-pipeline"], "option '--pass-pipeline' requires a value"),
        (
            ["--verify-diagnostics=2"],
            "option '--verify-diagnostics=2': '2' is not a boolean (true/false)",
        ),
        (
            ["--pass-pipeline=builtin.module()", "-cse"],
            "'--pass-pipeline' cannot be used with individual pass flags (-cse)",
        ),
        (["-9"], "unknown command line argument '-9'; try 'aie-trace-opt --help'"),
    ],
)
def test_bad_command_lines(argv, message):
    with pytest.raises(UsageError) as e:
        parse_args(argv)
    assert str(e.value) == message


# ------------------------------------------------------------------------------------------------
# chunks


def test_chunks_know_their_first_line():
    text = "a\n// -----\nb\nc\n  // -----  \n\nd\n// -----"
    chunks = split_chunks(text, True)
    assert [(c.text, c.first_line) for c in chunks] == [
        ("a\n", 1),
        ("b\nc\n", 3),
        ("\nd\n", 6),
        ("", 9),
    ]
    assert split_chunks(text, False) == [Chunk(text, 1)]


def test_only_a_marker_alone_on_its_line_splits():
    text = "// -----// IR Dump After X //----- //\nx // -----\n"
    assert len(split_chunks(text, True)) == 1


# ------------------------------------------------------------------------------------------------
# expected diagnostics


def _expect(text: str, first_line: int = 1):
    diag = DiagnosticEngine()
    return collect_expected(Chunk(text, first_line), "f.mlir", diag), diag


def test_designators_resolve_to_lines():
    text = "\n".join(
        [
            "op1 // expected-error {{same line}}",  # 1
            "// expected-warning@+2 {{two below}}",  # 2
            "// expected-remark@below {{next op}}",  # 3
            "op4",  # 4
            "// expected-note@above {{previous op}}",  # 5
            "// expected-error@-5 {{back}}",  # 6
            "// expected-error@unknown {{nowhere}}",  # 7
        ]
    )
    expected, diag = _expect(text, first_line=10)
    assert not diag.diagnostics
    assert [(e.severity, e.message, e.line) for e in expected] == [
        ("error", "same line", 10),
        ("warning", "two below", 13),
        ("remark", "next op", 13),
        ("note", "previous op", 13),
        ("error", "back", 10),
        ("error", "nowhere", None),
    ]
    assert (
        expected[0].where.col == 8
    )  # the comment's own position, for "was not produced"


def test_dangling_designators_are_errors():
    _, diag = _expect(
        "// expected-error@above {{x}}\nop\n// expected-error@below {{y}}\n"
    )
    assert [(d.line, d.message) for d in diag.diagnostics] == [
        (1, "expected-*@above has no line above it"),
        (3, "expected-*@below has no line below it"),
    ]


def test_regex_expectations():
    (e,), _ = _expect("// expected-error-re {{value {{[0-9]+}} is (not) ok}}")
    assert e.matches("the value 42 is (not) ok!") and not e.matches(
        "the value x is (not) ok"
    )
    _, diag = _expect("// expected-error-re {{bad {{(}}}}")
    assert diag.diagnostics[0].message.startswith("invalid regex")


def _d(severity, message, line, file="f.mlir", notes=()):
    return Diagnostic(severity, message, file, line, 1, list(notes))


def test_verify_matches_each_expectation_once():
    expected, _ = _expect("op // expected-error {{dup}}\n")
    problems = verify(
        [_d("error", "a dup", 1), _d("error", "dup again", 1)], expected, "f.mlir"
    )
    assert [p.message for p in problems] == ["unexpected error: dup again"]


def test_verify_reports_each_kind_of_mismatch():
    expected, _ = _expect(
        "\n".join(
            [
                "op // expected-warning {{w}}",
                "op // expected-error {{never}}",
                "op // expected-note@unknown {{floating}}",
            ]
        )
    )
    emitted = [
        _d("error", "w is an error here", 1),
        _d("remark", "surprise", 3),
        _d(
            "error",
            "elsewhere",
            1,
            file="other.mlir",
            notes=[_d("note", "floating", None, file=None)],
        ),
    ]
    problems = verify(emitted, expected, "f.mlir")
    assert [(p.line, p.message) for p in problems] == [
        (1, "'error' diagnostic emitted when expecting a 'warning'"),
        (3, "unexpected remark: surprise"),
        (1, "unexpected error: elsewhere"),
        (2, 'expected error "never" was not produced'),
    ]


def test_verify_ignores_mlir_op_dumps():
    note = _d("note", 'see current operation: "x"() : () -> ()', 1)
    expected, _ = _expect("op // expected-error {{e}}\n")
    assert verify([_d("error", "e", 1, notes=[note])], expected, "f.mlir") == []


# ------------------------------------------------------------------------------------------------
# in-process runs


def _main(argv, stdin: str | None = None, monkeypatch=None):
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = driver.main(argv, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


MODULE = 'module {\n  "aie.device"() <{device = 5 : i32, sym_name = "d"}> ({\n    "aie.end"() : () -> ()\n  }) : () -> ()\n}\n'


def test_stdin_to_stdout(monkeypatch):
    code, out, err = _main(["-aie-trace-check-ir"], MODULE, monkeypatch)
    assert (code, err) == (0, "")
    assert '"aie.device"() <{device = 5 : i32, sym_name = "d"}>' in out


def test_output_file(tmp_path, monkeypatch):
    target = tmp_path / "out.mlir"
    code, out, _ = _main(["-o", str(target)], MODULE, monkeypatch)
    assert code == 0 and out == "" and '"aie.end"' in target.read_text()


def test_split_output_is_joined_by_the_marker(monkeypatch):
    code, out, _ = _main(
        ["--split-input-file"], "module {}\n// -----\nmodule {}\n", monkeypatch
    )
    assert code == 0
    assert out == "module {\n}\n// -----\nmodule {\n}\n"


def test_parse_errors_are_located_in_stdin(monkeypatch):
    code, out, err = _main([], "module {\n  %0 = \n}\n", monkeypatch)
    assert code == 1 and out == ""
    assert err == "<stdin>:2:7: error: expected operation name in quotes\n"


def test_registry_failures_are_one_line(monkeypatch):
    def broken():
        raise ImportError("No module named 'half_written'")

    monkeypatch.setattr(REGISTRY, "names", broken)
    code, _, err = _main(["--version"])
    assert code == 1
    assert (
        err
        == "aie-trace-opt: error: cannot load passes: ImportError: No module named 'half_written'\n"
    )


def test_a_bug_in_the_driver_is_reported_not_raised(monkeypatch):
    def boom(*_a, **_k):
        raise RuntimeError("unexpected state")

    monkeypatch.setattr(driver, "split_chunks", boom)
    code, _, err = _main([], "module {}", monkeypatch)
    assert code == 1
    assert (
        err == "aie-trace-opt: error: internal error: RuntimeError: unexpected state\n"
    )


@pytest.mark.parametrize(
    "name", ["plain.mlir", "dir/with space.mlir", 'quo"te\\back.mlir']
)
def test_several_top_level_ops_are_wrapped_keeping_their_locations(name):
    text = '\n\nfunc.func @f() {\n  return\n}\n"x.y"() : () -> ()\n'
    with make_context():
        module, was_custom = driver.parse_module(
            ir, Chunk(text, 1), name, DiagnosticEngine()
        )
        assert not was_custom
        assert module.name == "builtin.module"
        ops = list(module.regions[0].blocks[0].operations)
        assert [op.operation.name for op in ops] == ["func.func", "x.y"]
        assert [split_location(op.location)[1:] for op in ops] == [(3, 1), (6, 1)]
        assert ir.Location.file(name, 3, 1) == ops[0].location


def test_help_lists_every_registered_pass_with_every_option():
    text = driver.help_text()
    assert len(list(REGISTRY)) > 5
    for cls in REGISTRY:
        assert f"--{cls.name} " in text and cls.summary in text
        for o in cls.options():
            assert f"    {o.name}=<" in text
            assert o.help in text


def test_plugins_are_repeatable():
    assert parse_args(
        ["--load-pass-plugin=a.py", "-load-pass-plugin", "pkg.mod"]
    ).plugins == ["a.py", "pkg.mod"]
