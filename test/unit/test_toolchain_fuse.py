# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""mlir-aie's own -aie-fuse-trace-buffers (modelled by test/support/upstream_fuse.py) against
ours, and the E3/E4 flow where aiecc runs it on every input: never fused twice, and our tools
read what it records."""

from __future__ import annotations

from pathlib import Path

import fuse_cases as F
import pytest
from upstream_fuse import fuse_like_upstream

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis import layout as L
from aie_trace.ir import attributes, provider, structure
from aie_trace.transforms import fusion

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TOOLCHAIN_ERAS = ["E3", "E4"]


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def example(era: str) -> str:
    return (EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text()


def upstream(text: str):
    m = F.parse(text)
    fuse_like_upstream(m)
    return m


def without_paths(m) -> str:
    """The printed module without our aie_trace.slice_paths (the one attribute upstream lacks)."""
    seqs = [s for d in structure.devices(m.operation) for s in structure.sequences(d)]
    for seq in seqs:
        if structure.has_attr(seq, L.SLICE_PATHS):
            del seq.attributes[L.SLICE_PATHS]
    return str(m)


def run_arity(m) -> list[tuple[int, int]]:
    """(operands passed, callee parameters) of every run in the module."""
    graph = cg.RunGraph(m.operation)
    return [
        (structure.num_operands(r.op), len(structure.seq_args(r.callee)))
        for s in graph.sequences
        for r in graph.runs(s)
    ]


# -- the model reproduces upstream's test (test_fuse_trace_buffers.mlir) ----------------------


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_model_asserts_what_upstreams_test_asserts(era):
    m = upstream(F.two_calls_one_design(era))
    assert F.arg_types(F.sequence(m, "main", "main_seq"))[-1] == "memref<16384xi8>"
    assert [s[:2] + s[3:] for s in F.slices(m, "main", "main_seq")] == [
        ("dev_a", "seq_a", 0, 8192),
        ("dev_a", "seq_a", 8192, 8192),
    ]
    m = upstream(F.caller_with_own_trace(era))
    assert F.arg_types(F.sequence(m, "main", "main_seq")) == [
        "memref<64xi32>",
        "memref<12288xi8>",
    ]
    assert [s[:2] + s[3:] for s in F.slices(m, "main", "main_seq")] == [
        ("main", "main_seq", 0, 4096),
        ("dev_a", "seq_a", 4096, 8192),
    ]
    text = F.untraced(era)
    m = upstream(text)
    assert str(m) == str(F.parse(text))


# -- ours equals upstream's, and is a no-op on upstream's output -----------------------------


CASES = {
    "two-calls": F.two_calls_one_design,
    "own-trace": F.caller_with_own_trace,
    "untraced": F.untraced,
    "example": example,
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_our_fuse_equals_upstreams_but_for_call_paths(era, case):
    text = CASES[case](era)
    ours = F.parse(text)
    F.run_passes(ours, "aie-trace-fuse-buffers", era=era)
    assert without_paths(ours) == str(upstream(text))


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_our_fuse_changes_nothing_on_an_upstream_fused_module(era, case):
    m = upstream(CASES[case](era))
    before = str(m)
    diag = F.run_passes(m, "aie-trace-fuse-buffers", era=era)
    assert F.errors(diag) == []
    assert str(m) == before


# -- prepare, then aiecc's fuse: fused once ----------------------------------------------------


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_prepare_then_aiecc_fuses_once(era):
    text = example(era)
    m = F.parse(text)
    F.run_passes(m, "aie-trace-prepare", era=era)
    fuse_like_upstream(m)  # what aiecc's trace stage does next
    unfused = upstream(text)  # the size upstream gives the unfused module
    assert F.arg_types(F.sequence(m, "main", "main_seq"))[-1] == "memref<20480xi8>"
    assert F.slices(m, "main", "main_seq") == F.slices(unfused, "main", "main_seq")
    assert F.slices(m, "main", "main_seq") == [
        ("dev_a", "seq_a", "0", 0, 8192),
        ("dev_b", "seq_b", "1", 8192, 4096),
        ("dev_a", "seq_a", "2", 12288, 8192),
    ]
    assert run_arity(m) == [(2, 2), (2, 2), (2, 2)]
    diag = F.run_passes(m, "aie-trace-verify-patches", "aie-trace-materialize", era=era)
    assert F.errors(diag) == []


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_our_fused_output_fused_again_is_refused_where_it_is_read(era):
    """What the README's flow did before: our fused module handed to aiecc, which fuses it again.
    The growth is upstream's; our passes refuse the result with a located error that says why.
    """
    m = F.parse(example(era))
    F.run_passes(m, "aie-trace-fuse-buffers", era=era)
    fuse_like_upstream(m)
    seq = F.sequence(m, "main", "main_seq")
    assert F.arg_types(seq)[-1] == "memref<40960xi8>"
    assert len(attributes.array_items(structure.attr_or_none(seq, L.TRACE_SLICES))) == 6
    assert run_arity(m)[:3] == [(3, 2), (3, 2), (3, 2)]
    for passes in (("aie-trace-fuse-buffers",), ("aie-trace-verify-patches",)):
        before = str(m)
        errors = F.errors(F.try_passes(m, *passes, era=era))
        assert len(errors) >= 3 and all("fused twice" in e for e in errors[:3])
        assert str(m) == before


# -- the layout aiecc builds, read by our tools ------------------------------------------------


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_upstream_record_gets_call_paths_from_the_ir(era):
    m = upstream(example(era))
    seq = F.sequence(m, "main", "main_seq")
    assert not structure.has_attr(seq, L.SLICE_PATHS)
    assert [s.call_path for s in L.read_layout(seq).slices] == ["0", "1", "2"]


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_a_record_that_does_not_fit_the_ir_keeps_no_call_paths(era):
    m = upstream(example(era))
    seq = F.sequence(m, "main", "main_seq")
    record = structure.attr_or_none(seq, L.TRACE_SLICES)
    entries = attributes.array_items(record)
    structure.set_raw_attr(seq, L.TRACE_SLICES, attributes.array_attr(entries[:2]))
    assert [s.call_path for s in L.read_layout(seq).slices] == [None, None]


@pytest.mark.parametrize("era", TOOLCHAIN_ERAS)
def test_toolchain_view_of_a_prepared_module_is_upstreams_layout(era):
    text = example(era)
    prepared = F.parse(text)
    F.run_passes(prepared, "aie-trace-prepare", era=era)
    view = fusion.toolchain_view(prepared.operation)
    assert str(prepared) == str(F.parse(text))  # the module itself is untouched
    assert L.read_layouts(view) == L.read_layouts(upstream(text).operation)


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_toolchain_view_leaves_e1_e2_alone(era):
    op = F.parse(example(era)).operation
    assert fusion.toolchain_view(op) is op
