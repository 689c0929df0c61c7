# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The trace-buffer forms beside the IR eras (docs/ir-eras.md): detection names them next to the
era and leaves the era itself exactly as :func:`eras.detect_era` reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.ir import eras, forms, structure

LIT = Path(__file__).parent.parent / "lit"

TAGGED_E1 = """
module {
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    "aie.runtime_sequence"() <{sym_name = "seq_1"}> ({
    ^bb0(%a0: memref<16xi32>):
      "aiex.configure"() <{symbol = @cfg}> ({
        "aiex.run"(%a0) <{runtime_sequence_symbol = @sequence}> : (memref<16xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}> ({
    "aie.runtime_sequence"() <{sym_name = "sequence"}> ({
    ^bb0(%a0: memref<16xi32>, %trace: memref<64xi8>):
      "aiex.npu.address_patch"() <{addr = 1 : ui32, arg_idx = 1 : i32, arg_plus = 0 : i32}> : () -> ()
    }) TAG : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}
"""


def parse(text: str):
    return structure.ir.Operation.parse(text)


def test_a_tagged_module_is_its_era_plus_the_tagged_form():
    with structure.make_context():
        m = parse(TAGGED_E1.replace("TAG", "{aie.trace_buffer_arg = 1 : i32}"))
        found = forms.detect(m)
        assert found == forms.IRForm("E1", ("tagged",))
        assert found.label == "E1+tagged"
        assert "tagged trace-argument form ('aie.trace_buffer_arg'" in str(found)
        assert eras.detect_era(m) == "E1"


def test_an_untagged_module_is_its_era_alone():
    with structure.make_context():
        found = forms.detect(parse(TAGGED_E1.replace("TAG", "")))
        assert found == forms.IRForm("E1") and found.label == "E1"
        assert str(found) == "IR era E1"


def test_a_malformed_tag_is_still_the_form_and_the_checker_says_what_is_wrong():
    with structure.make_context():
        m = parse(TAGGED_E1.replace("TAG", "{aie.trace_buffer_arg = 1 : i64}"))
        assert forms.detect(m).trace_forms == ("tagged",)
        [(op, message)] = forms.tagged_problems(m)
        assert structure.symbol_name(op) == "sequence"
        assert message == (
            "'aie.trace_buffer_arg' must be an i32 naming a memref argument of "
            "@cfg:@sequence (2 arguments)"
        )


def test_both_forms_are_listed_in_a_fixed_order():
    with structure.make_context():
        text = TAGGED_E1.replace("TAG", "{aie.trace_buffer_arg = 1 : i32}")
        text = text.replace(
            '"aie.end"() : () -> ()\n  }) : () -> ()\n  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}>',
            '"aie.runtime_sequence"() <{sym_name = "old"}> ({\n    }) {aie.trace_buffer = {arg_index = 0}} : () -> ()\n'
            '    "aie.end"() : () -> ()\n  }) : () -> ()\n  "aie.device"() <{device = 8 : i32, sym_name = "cfg"}>',
        )
        assert forms.detect(parse(text)).label == "E1+tagged+in-review"


def lit_modules() -> list[tuple[str, str]]:
    """The lit modules that carry a trace-buffer attribute beside the eras (by detection's
    construction every other module is its era alone)."""
    out = []
    for path in sorted(LIT.rglob("*.mlir")):
        if "Output" in path.parts:
            continue
        for i, chunk in enumerate(path.read_text().split("\n// -----\n")):
            if "aie.trace_buffer" in ir_only(chunk).replace("aie.trace_buffer<", ""):
                out.append((f"{path.relative_to(LIT)}#{i}", chunk))
    return out


def ir_only(text: str) -> str:
    """``text`` without its comments: from ``//`` outside a string literal to the line's end."""
    lines = []
    for line in text.splitlines():
        quoted, escaped, end = False, False, len(line)
        for j, c in enumerate(line):
            if escaped:
                escaped = False
            elif quoted and c == "\\":
                escaped = True
            elif c == '"':
                quoted = not quoted
            elif not quoted and line.startswith("//", j):
                end = j
                break
        lines.append(line[:end])
    return "\n".join(lines)


def test_comments_are_not_ir_but_strings_that_look_like_them_are():
    text = (
        "// aie.trace_buffer_arg = 1 : i32\n"
        '"op"() {s = "a // b"} : () -> () // aie.trace_buffer_arg = 1 : i32'
    )
    assert ir_only(text) == '\n"op"() {s = "a // b"} : () -> () '


MODULES = lit_modules()


@pytest.mark.parametrize("name,text", MODULES, ids=[n for n, _ in MODULES])
def test_detection_keeps_the_era_and_names_the_forms_where_they_are(name, text):
    with structure.make_context():
        try:
            m = structure.parse_op(text, source_name=name)
            if (
                structure.op_name(m) != "builtin.module"
            ):  # as aie-opt reads it: in a module
                m = structure.parse_op(f"module {{\n{text}\n}}", source_name=name)
        except structure.ParseError:
            pytest.skip(f"{name} does not parse (a parse-error case)")
        try:
            era = eras.detect_era(m)
        except eras.EraError as e:
            with pytest.raises(eras.EraError) as again:
                forms.detect(m)
            assert str(again.value) == str(e)
            return
        found = forms.detect(m)
        assert found.era == era
        tagged = "aie.trace_buffer_arg =" in ir_only(text)
        assert ("tagged" in found.trace_forms) == tagged
        assert found.trace_forms, name
