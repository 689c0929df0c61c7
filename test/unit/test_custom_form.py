# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The custom form read and printed without mlir-aie (``aie_trace.ir.customform`` and
``aie_trace.ir.custom_print``), held against every module in the repository:

* custom -> ours -> custom is the identity (modulo whitespace, comments and SSA names) on every
  custom-form module;
* generic -> custom -> generic is the identity on every generic module, but for what the custom
  form does not say: an ``aiex.npu.address_patch`` that names its buffer by ``arg_idx`` reads the
  same in E2 and E3/E4, and is read in the newest era the module's other ops allow (its E3 form
  has an empty ``buffer`` operand segment).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from source_scan import ROOT

from aie_trace.ir import custom_print, customform, eras, provider, schema, structure

SPLIT = re.compile(r"^// -----\s*$", re.M)
MODULES = sorted(
    p
    for p in [
        *(ROOT / "test" / "lit").rglob("*.mlir"),
        *(ROOT / "examples").glob("*.mlir"),
    ]
)


def _chunks() -> list[tuple[str, int, str]]:
    out = []
    for path in MODULES:
        for k, chunk in enumerate(SPLIT.split(path.read_text())):
            if re.search(r'"?aiex?\.[a-z]', chunk):
                out.append((str(path.relative_to(ROOT)), k, chunk))
    return out


CHUNKS = _chunks()


def _parse(text: str):
    try:
        return structure.parse_op(text, "<test>")
    except structure.ParseError:
        return None


def _normal(text: str) -> str:
    """Whitespace, comments and SSA/block names normalized (names by first appearance)."""
    text = re.sub(r"//[^\n]*", "", text)
    names: dict[str, str] = {}

    def rename(m: re.Match) -> str:
        return names.setdefault(m.group(), f"%v{len(names)}")

    text = re.sub(r"%[\w$.\-]+", rename, text)
    return re.sub(r"\s+", " ", text).strip()


def _meaning(module) -> list:
    """Each op's name, operand and result types and attributes, whether an inherent attribute
    sits among the properties or (as in a generic text written by hand) the discardable ones.
    """
    out = []
    for op in structure.walk(module):
        name = structure.op_name(op)
        attrs = {k: str(v) for k, v in structure.listed_attrs(op).items()}
        for key in schema.PROPERTY_ERAS.get(name, {}):
            value = structure.attr_or_none(op, key)
            if value is not None:
                attrs[key] = str(value)
        out.append(
            (
                name,
                [str(structure.value_type(v)) for v in structure.operands(op)],
                [str(structure.value_type(v)) for v in structure.results(op)],
                sorted(attrs.items()),
            )
        )
    return out


def _generic(op) -> str:
    return op.operation.get_asm(print_generic_op_form=True)


#: the modules of the repository that do not read, and why
UNREAD = {
    "test/lit/decode/Inputs/broken.mlir": "broken on purpose",
    "test/lit/hw/Inputs/one-design-npu1.mlir": "aie.objectfifo (not in the schema)",
    "test/lit/hw/Inputs/two-designs-npu2.mlir": "aie.objectfifo (not in the schema)",
    **{
        f"test/lit/upstream/trace-tests-e{n}.mlir": "comments only" for n in range(1, 5)
    },
}


@pytest.mark.parametrize(
    "where,chunk",
    [(p, c) for p, _, c in CHUNKS],
    ids=[f"{p}#{k}" for p, k, _ in CHUNKS],
)
def test_round_trip(where, chunk):
    if provider.AIE_REGISTERED:
        pytest.skip("mlir-aie's bindings read and print the custom form themselves")
    if "expected-error" in chunk:
        pytest.skip("a module that is meant to be wrong")
    with provider.make_context():
        first = _parse(chunk)
        if first is None:
            assert where in UNREAD, f"{where} does not read"
            pytest.skip(UNREAD[where])
        custom = custom_print.print_custom(first)
        second = structure.parse_op(custom, "<custom>")
        # custom -> ours -> custom
        assert _normal(custom_print.print_custom(second)) == _normal(custom)
        # ... -> custom -> generic: the module the bindings held at first
        g1, g2 = _generic(first), _generic(second)
        if g1 != g2 and _meaning(first) != _meaning(second):
            era = eras.detect_era(first)
            assert era == "E2", f"the round trip changed an {era} module"
            assert g2.replace(", operandSegmentSizes = array<i32: 0, 1, 0>", "") == g1


def test_the_real_aiecc_output_prints_as_aiecc_wrote_it():
    """custom -> ours -> custom on mlir-aie's own printing: the same text but for SSA names."""
    path = ROOT / "test/data/npu1-vector-scalar/input_with_addresses.mlir"
    text = path.read_text()
    with provider.make_context():
        printed = custom_print.print_custom(structure.parse_op(text, str(path)))
    assert _normal(printed) == _normal(text)


def test_an_op_the_schema_does_not_know_is_one_located_error():
    text = "aie.device(npu2) {\n  %t = aie.tile(0, 2)\n  aie.objectfifo @of(%t, {%t}, 2 : i32) : !aie.objectfifo<memref<8xi32>>\n}\n"
    with pytest.raises(customform.CustomFormError) as e:
        customform.to_generic(text, "f.mlir")
    assert (e.value.line, e.value.col) == (3, 3)
    assert "'aie.objectfifo'" in e.value.message


def test_generic_text_is_left_alone():
    text = Path(ROOT / "examples/two_designs_e4.mlir").read_text()
    assert customform.to_generic(text, "x") == text


def test_held_calls_print_back_as_func_call():
    path = ROOT / "test/data/npu1-vector-scalar/input_with_addresses.mlir"
    with provider.make_context():
        m = structure.parse_op(path.read_text(), str(path))
        generic = custom_print.release_held_calls(_generic(m))
    assert customform.HELD_CALL not in generic
    assert generic.count('"func.call"(') == 2
    assert "<{callee = @scale_int32}>" in generic


def test_an_ambiguous_op_follows_the_module():
    """An E1 dma_configure_task reads in E1 (no operand segments) when the module's write32 is
    E1's; the same text in an E2 module gets E2's segments."""
    e1 = (
        "aie.device(npu2) {\n %t = aie.tile(0, 0)\n"
        " aie.runtime_sequence(%a: memref<8xi32>) {\n"
        "  aiex.npu.write32 {address = 1 : ui32, value = 2 : ui32}\n"
        "  %k = aiex.dma_configure_task(%t, MM2S, 0) {\n"
        "   aie.dma_bd(%a : memref<8xi32>, 0, 8)\n   aie.end\n  }\n }\n}\n"
    )
    generic = customform.to_generic(e1, "e1.mlir")
    assert (
        '"aiex.dma_configure_task"(%t) <{channel = 0 : i32, direction = 1 : i32}>'
        in generic
    )
    e2 = e1.replace(
        "aiex.npu.write32 {address = 1 : ui32, value = 2 : ui32}",
        "%c = arith.constant 1 : i32\n  aiex.npu.write32(%c, %c) : i32, i32",
    ).replace(
        "aie.dma_bd(%a : memref<8xi32>, 0, 8)",
        "aie.dma_bd(%a : memref<8xi32> offset = 0 len = 8)",
    )
    generic = customform.to_generic(e2, "e2.mlir")
    assert "operandSegmentSizes = array<i32: 1, 0, 0>" in generic


def _located(text: str) -> str:
    """The module ``text`` parses to, printed with every op's location (or the bindings'
    located errors)."""
    with provider.make_context():
        try:
            op = provider.ir.Operation.parse(text, source_name="<test>")
        except provider.ir.MLIRError as e:
            return "\n".join(str(d.location) + d.message for d in e.error_diagnostics)
        return op.get_asm(enable_debug_info=True)


def test_the_fast_path_reads_as_the_token_reader():
    """On every module of the repository and its custom printing, the fast path either
    declines (the token reader reads the text) or gives the module the token reader gives,
    every op at the same location; it reads most of them itself."""
    if provider.AIE_REGISTERED:
        pytest.skip("mlir-aie's bindings read the custom form themselves")
    texts = []
    for _, _, chunk in CHUNKS:
        texts.append(chunk)
        with provider.make_context():
            module = _parse(chunk)
            if module is not None:
                texts.append(custom_print.print_custom(module))
    texts = [t for t in texts if customform.may_hold_custom_ops(t)]
    fast = 0
    for text in texts:
        read = customform.read_fast(text, "<test>")
        if read is None:
            continue
        fast += 1
        try:
            slow = customform.Reader(text, "<test>").convert()
        except customform._Fail:  # (a reading error the fast path would have declined)
            pytest.fail(f"the fast path read what the token reader refuses:\n{text}")
        assert _located(read) == _located(slow)
    assert fast >= 0.9 * len(texts)


@pytest.mark.parametrize("era", ["E1", "E2", "E3", "E4"])
def test_the_fast_path_reads_the_benchmark_modules(era):
    """The modules ``benchmarks/custom_form_bench.py`` measures are read by the fast path
    whole (no op falls back to the token reader)."""
    if provider.AIE_REGISTERED:
        pytest.skip("mlir-aie's bindings read the custom form themselves")
    example = f"two_designs_{era.lower()}.mlir"
    with provider.make_context():
        module = structure.parse_op((ROOT / "examples" / example).read_text(), "x")
        custom = custom_print.print_custom(module)
    read = customform.read_fast(custom, "<test>")
    assert read is not None
    assert _located(read) == _located(customform.Reader(custom, "<test>").convert())


def test_the_fast_path_declines_a_comment_inside_an_op():
    text = "aie.device(npu2) {\n  %t = aie.tile(0, // col\n 2)\n}\n"
    assert customform.read_fast(text, "f.mlir") is None
    assert '"aie.tile"() <{col = 0 : i32, row = 2 : i32}>' in customform.to_generic(
        text, "f.mlir"
    )


def _custom_e2_example() -> str:
    with provider.make_context():
        module = structure.parse_op(
            (ROOT / "examples/two_designs_e2.mlir").read_text(), "x"
        )
        return custom_print.print_custom(module)


_E2_PATCH = "operandSegmentSizes = array<i32: 0, 1, 0>"


def test_a_given_era_is_the_era_the_text_is_read_in():
    """An E2 address_patch reads the same as an E3/E4 one; given E2, it is read as E2's op (no
    operand segments), in both paths; without an era the module cannot tell E2 from E3/E4 and
    the newest era is taken (as eras.detect_era takes E4 when nothing decides)."""
    custom = _custom_e2_example()
    assert "aiex.npu.address_patch(" in custom
    for read in (
        lambda era: customform.to_generic(custom, "x", era),
        lambda era: customform.Reader(custom, "x", era).convert(),
    ):
        assert _E2_PATCH in read(None)
        assert _E2_PATCH not in read("E2")
        assert _E2_PATCH in read("E4")
    with provider.make_context():
        assert eras.detect_era(structure.parse_op(custom, "x")) == "E4"
        e2 = structure.parse_op(custom, "x", era="E2")
        assert eras.detect_era(e2) == "E2"
        original = structure.parse_op(
            (ROOT / "examples/two_designs_e2.mlir").read_text()
        )
        assert _meaning(e2) == _meaning(original)


def test_text_that_does_not_read_in_the_given_era_is_a_located_error():
    """E2's use_lock takes its value as an operand, E1's as an integer: told E1, the reader
    refuses the operand where it stands."""
    text = (
        "aie.device(npu2) {\n  %t = aie.tile(0, 2)\n  %l = aie.lock(%t, 0)\n"
        "  %c = aie.core(%t) {\n    %c1 = arith.constant 1 : i32\n"
        "    aie.use_lock(%l, Release, %c1)\n    aie.end\n  }\n}\n"
    )
    assert '"aie.use_lock"(%l, %c1)' in customform.to_generic(text, "f.mlir")
    with pytest.raises(customform.CustomFormError) as e:
        customform.to_generic(text, "f.mlir", era="E1")
    assert (e.value.line, e.value.col) == (6, 31)
    assert "'aie.use_lock'" in e.value.message
    with pytest.raises(ValueError):
        customform.to_generic(text, "f.mlir", era="E9")


def test_the_era_the_module_shows_decides():
    """Without a given era, an op only one era's definitions read (an E3 runtime sequence's
    trace buffer) decides the reading of the ops that read in several."""
    custom = _custom_e2_example()
    e4_only = custom.replace(
        "aiex.npu.address_patch(%c0_i32_0 : i32)",
        "aiex.npu.address_patch(%c0_i32_0 : i64)",
        1,
    )
    assert e4_only != custom
    generic = customform.to_generic(e4_only, "x")
    assert generic.count(_E2_PATCH) == custom.count("aiex.npu.address_patch(")


def test_aie_trace_opt_reads_custom_form_in_the_era_its_passes_are_told(tmp_path):
    """The era option of the pipeline's passes is the era aie-trace-opt reads custom form in:
    the custom printing of the E2 example fuses with era=E2, as its generic form does.
    """
    from aie_trace.opt import driver

    src = tmp_path / "e2.mlir"
    src.write_text(_custom_e2_example())
    for era, expected in (("E2", 0), ("auto", 1)):
        out, err = io.StringIO(), io.StringIO()
        pipeline = (
            f"--pass-pipeline=builtin.module(aie-trace-fuse-buffers{{era={era}}})"
        )
        rc = driver.main([str(src), pipeline], out, err)
        assert rc == expected, err.getvalue()
        if rc == 0:
            assert (
                "aiex.npu.address_patch(" in out.getvalue()
            )  # printed back in custom form
    steps = driver.plan(
        driver.parse_pipeline("builtin.module(aie-trace-fuse-buffers{era=E2},cse)")
    )
    assert driver.given_era(steps) == "E2"


#: the main-line aiex ops whose custom form AIEX.td@93d0a7cc gives, as aie-opt prints them
MAIN_LINE_OPS = """module {
  aie.device(npu2) @d {
    %0 = aie.tile(0, 2)
    aie.runtime_sequence @s(%arg0: memref<16xi32>) {
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      aiex.npu.create_scratchpad {size = 128 : ui32}
      aiex.npu.blockwrite_values(%c1_i32 : i32) values %c1_i32, %c2_i32 : i32, i32
      aiex.npu.preempt {level = 2 : ui8}
      aiex.control_packet {address = 0 : ui32, opcode = 0 : i32, stream_id = 0 : i32}
      %1 = aiex.dma_bd_pool_pop(0, 0) : i32
      aiex.dma_bd_pool_push(0, 0) bd_id %1 : i32
      aiex.dma_channel_reset(%0, S2MM, 1)
      aiex.dma_channel_reset_for(@of)
      aiex.core_reset(%0)
    }
  }
}
"""


def test_the_main_line_ops_read_and_print_in_custom_form():
    """Each reads into the generic op its definition holds, in both paths, and prints back as
    written."""
    if provider.AIE_REGISTERED:
        pytest.skip("mlir-aie's bindings read and print the custom form themselves")
    generic = customform.to_generic(MAIN_LINE_OPS, "<test>")
    for expected in (
        '"aiex.npu.blockwrite_values"(%c1_i32, %c1_i32, %c2_i32) : (i32, i32, i32) -> ()',
        '%1 = "aiex.dma_bd_pool_pop"() <{column = 0 : i32, row = 0 : i32}> : () -> i32',
        '"aiex.dma_bd_pool_push"(%1) <{column = 0 : i32, row = 0 : i32}> : (i32) -> ()',
        '"aiex.dma_channel_reset"(%0) <{channel = 1 : i32, direction = 0 : i32}>',
        '"aiex.dma_channel_reset_for"() <{objfifo = @of}> : () -> ()',
        '"aiex.core_reset"(%0) : (index) -> ()',
        '"aiex.npu.preempt"() <{level = 2 : ui8}> : () -> ()',
    ):
        assert expected in generic
    assert customform.read_fast(MAIN_LINE_OPS, "m.mlir") is not None
    slow = customform.Reader(MAIN_LINE_OPS, "<test>").convert()
    assert _located(generic) == _located(slow)
    with provider.make_context():
        printed = custom_print.print_custom(structure.parse_op(MAIN_LINE_OPS, "m.mlir"))
    assert _normal(printed) == _normal(MAIN_LINE_OPS)


#: ops whose custom form cannot state them: a type or an attribute type other than the one the
#: format implies, operand segment sizes the format cannot express, region shapes the implicit
#: terminator cannot express. Each must print generic and read back as the module it was.
_UNSTATEABLE = {
    "tile-result-i32": """
"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> i32
  "aie.end"() : () -> ()
}) : () -> ()""",
    "packet-source-i32-tile": """
%t = "arith.constant"() <{value = 0 : i32}> : () -> i32
"aie.packet_flow"() <{ID = 1 : i8}> ({
  "aie.packet_source"(%t) <{bundle = 1 : i32, channel = 0 : i32}> : (i32) -> ()
  "aie.end"() : () -> ()
}) : () -> ()""",
    "dma-start-bd-chain-i32-tile": """
%t = "arith.constant"() <{value = 0 : i32}> : () -> i32
%0 = "aiex.dma_start_bd_chain"(%t) <{channel = 0 : i32, direction = 0 : i32, symbol = @c}>
  : (i32) -> index""",
    "tile-col-ui32": """
"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : ui32, row = 2 : i32}> : () -> index
  "aie.end"() : () -> ()
}) : () -> ()""",
    "rtp-write-index-i32": """
"aiex.npu.rtp_write"() <{buffer = @b, index = 0 : i32, value = 1 : i32}> : () -> ()""",
    "address-patch-segments-2-0-0": """
%a = "arith.constant"() <{value = 0 : i64}> : () -> i64
"aiex.npu.address_patch"(%a, %a) <{addr = 1 : ui32, arg_idx = 0 : i32,
  operandSegmentSizes = array<i32: 2, 0, 0>}> : (i64, i64) -> ()""",
    "dma-configure-task-segments-1-2-0": """
%t = "arith.constant"() <{value = 0 : index}> : () -> index
%r = "arith.constant"() <{value = 1 : i32}> : () -> i32
%0 = "aiex.dma_configure_task"(%t, %r, %r) <{channel = 0 : i32, direction = 0 : i32,
  operandSegmentSizes = array<i32: 1, 2, 0>}> ({
  "aie.end"() : () -> ()
}) : (index, i32, i32) -> index""",
    "end-first-in-device": """
"aie.device"() <{device = 4 : i32}> ({
  "aie.end"() : () -> ()
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
}) : () -> ()""",
    "end-first-and-last-in-device": """
"aie.device"() <{device = 4 : i32}> ({
  "aie.end"() : () -> ()
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  "aie.end"() : () -> ()
}) : () -> ()""",
    "two-blocks-in-device": """
"aie.device"() <{device = 4 : i32}> ({
  "aie.end"() : () -> ()
^bb1:
  "aie.end"() : () -> ()
}) : () -> ()""",
    "device-without-terminator": """
"aie.device"() <{device = 4 : i32}> ({
  %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
}) : () -> ()""",
    "empty-runtime-sequence-region": """
"aie.device"() <{device = 4 : i32}> ({
  "aie.runtime_sequence"() <{sym_name = "s"}> ({
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()""",
}


@pytest.mark.parametrize("generic", _UNSTATEABLE.values(), ids=_UNSTATEABLE)
def test_what_the_custom_form_cannot_state_prints_generic(generic):
    if provider.AIE_REGISTERED:
        pytest.skip("mlir-aie's bindings read and print the custom form themselves")
    with provider.make_context():
        first = structure.parse_op("module {" + generic + "\n}", "<generic>")
        before = _generic(first)
        custom = custom_print.print_custom(first)
        assert _generic(first) == before, "printing changed the module"
        second = structure.parse_op(custom, "<custom>")
        assert _generic(second) == _generic(first), custom
        # and the module's custom text is stable
        assert _normal(custom_print.print_custom(second)) == _normal(custom)
