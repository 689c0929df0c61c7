# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-verify-patches: the static proof, before and after materialization."""

from __future__ import annotations

from pathlib import Path

import fuse_cases as F
import pytest

from aie_trace.analysis import layout as L
from aie_trace.ir import aieops, builders, fields, provider, structure
from aie_trace.ir.diagnostics import DiagnosticEngine
from aie_trace.testing import synth as S

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def verify(m) -> list[tuple[int, str]]:
    d = F.try_passes(m, "aie-trace-verify-patches")
    return [(x.line, x.message) for x in d.diagnostics if x.severity == "error"]


@pytest.mark.parametrize("era", ("E1", "E2"))
def test_iron_154_unfused_module_is_caught(era):
    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    errs = verify(m)
    short = [e for _, e in errs if e.startswith("one argument short")]
    assert len(short) == 3
    assert (
        "passes 1 operand(s) but @dev_a:@seq_a takes 2; parameter #1 (memref<8192xi8>) is not passed"
        in short[0]
    )
    stray = [e for _, e in errs if "outside the buffer" in e]
    assert any(
        "in @main:@main_seq (call path '0') the BD writes bytes [0, 8192) of host buffer #1 "
        "(memref<64xi32>, 256 bytes) of @main:@main_seq: outside the buffer" == e
        for e in stray
    )


@pytest.mark.parametrize("era", ("E3", "E4"))
def test_unfused_buffer_patches_do_not_resolve(era):
    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    errs = [e for _, e in verify(m)]
    assert any(e.startswith("one argument short") for e in errs)
    assert any(
        "the buffer operand does not resolve to a static view of a host buffer of @main:@main_seq"
        in e
        for e in errs
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_fused_and_materialized_examples_verify(era):
    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    F.run_passes(m, "aie-trace-fuse-buffers")
    assert verify(m) == []
    F.run_passes(m, "aie-trace-materialize")
    assert verify(m) == []


def tamper_layout(m, offsets):
    seq = F.sequence(m, "main", "main_seq")
    lay = L.read_layout(seq)
    lay.slices = [
        L.Slice(s.device, s.sequence, s.call_path, o, s.size)
        for s, o in zip(lay.slices, offsets, strict=True)
    ]
    L.write_layout(seq, lay, "E2")


@pytest.mark.parametrize("materialized", (False, True))
def test_a_layout_that_does_not_match_the_patches(materialized):
    m = F.parse(F.two_designs_two_configures("E2"))
    F.run_passes(
        m,
        "aie-trace-fuse-buffers",
        *(["aie-trace-materialize"] if materialized else []),
    )
    tamper_layout(m, [8192, 0])
    errs = [e for _, e in verify(m)]
    if materialized:
        assert any(
            "this trace of @dev_a lands at [0, 8192) of host buffer #2, which no slice of @dev_a"
            in e
            for e in errs
        )
    else:
        assert errs[0] == (
            "the trace of call '0' lands at [0, 8192) of host buffer #2, but the layout puts it at "
            "[8192, 16384) of host buffer #2"
        )


def test_overlapping_trace_regions_of_two_calls():
    m = F.parse(F.two_designs_two_configures("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    copy = F.sequence(m, "dev_b", "seq_b.main_seq.1")
    [patch] = structure.walk(copy, ["aiex.npu.address_patch"])
    patch.operands[0] = builders.constant(
        4096, "i32", provider.ir.InsertionPoint(patch), patch.location
    )
    errs = [e for _, e in verify(m)]
    assert (
        "the trace region [4096, 12288) of call '1' overlaps the trace region [0, 8192) of call '0' in host "
        "buffer #2 of @main:@main_seq"
    ) in errs


def test_trace_over_data_in_one_buffer():
    text = S.module(
        S.Design("dev_a", "seq_a", data=("memref<4096xi32>",), trace_arg="reuse").text(
            "E2"
        )
    )
    m = F.parse(text.replace("arith.constant 16384 : i32", "arith.constant 0 : i32"))
    errs = [e for _, e in verify(m)]
    assert errs == [
        "the trace region [0, 8192) of call '' overlaps data [0, 16384) in host buffer #0 of @dev_a:@seq_a"
    ]


def test_patch_without_a_preceding_writebd():
    m = F.parse(S.module(S.Design("dev_a", "seq_a").text("E2")))
    structure.walk(m.operation, ["aiex.npu.writebd"])[0].erase()
    [(_, e)] = verify(m)
    assert e.startswith(
        "no aiex.npu.writebd of shim column 0 BD 15 precedes this patch (in @dev_a:@seq_a)"
    )


def test_fixed_slot_patch_writes_nowhere():
    m = F.parse(S.module(S.Design("dev_a", "seq_a", trace_arg="fixed").text("E1")))
    [(_, e)] = verify(m)
    assert (
        e
        == "in @dev_a:@seq_a this patch names host buffer #4, but @dev_a:@seq_a has 1 host buffer(s): the DMA writes nowhere"
    )


@pytest.mark.parametrize("era", ("E1", "E2"))
def test_a_callee_data_patch_that_verbatim_inlining_misdirects(era):
    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    errs = [e for _, e in verify(m)]
    assert (
        "in @main:@main_seq (call path '1') this patch lands at byte 0 of host buffer #0 of @main:@main_seq, but "
        "the call binds the buffer it names (host buffer #0 of @dev_b:@seq_b) to byte 0 of host buffer #1: inlining "
        "copies arg_idx verbatim (run aie-trace-fuse-buffers before materialization)"
    ) in errs


def test_the_binding_check_follows_specialized_copies():
    m = F.parse(F.data_patch("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    assert verify(m) == []
    copy = F.sequence(m, "dev_a", "seq_a.main_seq.0")
    data = structure.walk(copy, ["aiex.npu.address_patch"])[1]
    builders.set_attr(
        data, "arg_idx", 0, "E2"
    )  # undo the rebase of the data patch by hand
    errs = [e for _, e in verify(m)]
    assert any(
        "this patch lands at byte 272 of host buffer #0" in e
        and "to byte 272 of host buffer #1" in e
        for e in errs
    )


def rebased_from(patch) -> L.PatchOrigin | None:
    attr = structure.attr_or_none(patch, "aie_trace.rebased_from")
    return None if attr is None else L.PatchOrigin.read(attr)


def identity(patch, era: str) -> L.PatchOrigin:
    """What a patch of an original is, as a rebased patch made from it records it."""
    p = aieops.AddressPatch(patch, era)
    plus = p.arg_plus if era == "E1" else fields.constant_int(p.arg_plus_value)
    return L.PatchOrigin(p.addr, p.arg_idx if p.buffer is None else None, plus)


@pytest.mark.parametrize("era", F.ERAS)
def test_fuse_records_which_patch_of_the_original_each_rebased_patch_was_made_from(era):
    m = F.parse(F.data_patch(era))
    F.run_passes(m, "aie-trace-fuse-buffers")
    original = structure.walk(
        F.sequence(m, "dev_a", "seq_a"), ["aiex.npu.address_patch"]
    )
    copy = structure.walk(
        F.sequence(m, "dev_a", "seq_a.main_seq.0"), ["aiex.npu.address_patch"]
    )
    assert [rebased_from(p) for p in original] == [None] * len(original)
    # the data patch (the last one) names a buffer the call binds at byte 256 of host buffer #1:
    # its copy records what it was (host buffer #0, arg_plus 16), not what it became
    assert rebased_from(copy[-1]) == identity(original[-1], era)
    assert rebased_from(copy[-1]).arg_idx == 0
    assert rebased_from(copy[-1]).arg_plus == 16
    assert aieops.AddressPatch(copy[-1], era).arg_idx == 1
    assert all(
        rebased_from(p) in (None, identity(o, era))
        for p, o in zip(copy, original, strict=True)
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_a_patch_added_to_the_original_after_fuse_moves_no_pairing(era):
    """The original gains a patch above the ones its copies were made from: each rebased patch of
    a copy still names its own (an ordinal would now name its neighbour: two false errors).
    """
    m = F.parse(F.data_patch(era))
    F.run_passes(m, "aie-trace-fuse-buffers")
    assert verify(m) == []
    seq = F.sequence(m, "dev_a", "seq_a")
    first = structure.walk(seq, ["aiex.npu.writebd", "aiex.npu.address_patch"])
    top = provider.ir.InsertionPoint(structure.body(seq).operations[0])
    # the original's trace BD and its patch, repeated above everything (as a design that
    # programs its trace BD twice does)
    bd, patch = first[0], first[1]
    assert structure.op_name(bd) == "aiex.npu.writebd"
    bd.clone(ip=top)
    extra = patch.clone(ip=top)
    if era != "E1":  # its arg_plus is an SSA constant defined below: give it its own
        extra.operands[0] = builders.constant(
            0, structure.value_type(extra.operands[0]), top, extra.location
        )
    original = structure.walk(seq, ["aiex.npu.address_patch"])
    copy = structure.walk(
        F.sequence(m, "dev_a", "seq_a.main_seq.0"), ["aiex.npu.address_patch"]
    )
    assert len(original) == len(copy) + 1
    assert rebased_from(copy[-1]) == identity(original[-1], era)
    assert verify(m) == []


def test_a_provenance_of_the_ordinal_form_is_a_located_error():
    m = F.parse(F.data_patch("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    copy = F.sequence(m, "dev_a", "seq_a.main_seq.0")
    data = structure.walk(copy, ["aiex.npu.address_patch"])[-1]
    data.attributes["aie_trace.rebased_from"] = provider.ir.IntegerAttr.get(
        provider.ir.IntegerType.get_signless(64), 1
    )
    errs = [e for _, e in verify(m)]
    assert errs == [
        "aie_trace.rebased_from = 1 : i64 is not the provenance aie-trace-fuse-buffers records "
        "({addr = A : ui32, arg_idx = K : i32, arg_plus = P : i64}: the values of the patch of "
        "@dev_a:@seq_a it was made from)"
    ], errs


@pytest.mark.parametrize("era", ("E1", "E2"))
def test_a_patch_added_at_the_top_of_a_copy_shifts_no_pairing(era):
    m = F.parse(F.data_patch(era))
    F.run_passes(m, "aie-trace-fuse-buffers")
    copy = F.sequence(m, "dev_a", "seq_a.main_seq.0")
    first = structure.walk(copy, ["aiex.npu.writebd", "aiex.npu.address_patch"])
    top = provider.ir.InsertionPoint(structure.body(copy).operations[0])
    bd, data = (
        first[-2],
        first[-1],
    )  # the data BD and its (rebased) patch, cloned above everything
    bd.clone(ip=top)
    extra = data.clone(ip=top)
    if era == "E1":
        builders.set_attr(extra, "arg_plus", 16, era)
    else:  # its arg_plus is an SSA constant defined below: give it its own
        extra.operands[0] = builders.constant(16, "i32", top, extra.location)
    del extra.attributes["aie_trace.rebased_from"]
    builders.set_attr(
        extra, "arg_idx", 0, era
    )  # the copy's host buffer #0, which the call binds at byte 256 of #1
    errs = [e for _, e in verify(m)]
    # Only the added patch is wrong (verbatim inlining lands it in host buffer #0, too small for its
    # BD); the rebased ones are still paired with the patches they were made from.
    assert sorted(errs) == [
        "in @main:@main_seq (call path '0') the BD writes bytes [16, 144) of host buffer #0 (memref<8xi32>, 32 "
        "bytes) of @main:@main_seq: outside the buffer",
        "in @main:@main_seq (call path '0') this patch lands at byte 16 of host buffer #0 of @main:@main_seq, but the "
        "call binds the buffer it names (host buffer #0 of @dev_a:@seq_a.main_seq.0) to byte 272 of host buffer #1: "
        "inlining copies arg_idx verbatim (run aie-trace-fuse-buffers before materialization)",
    ]


def test_a_provenance_that_names_no_patch_of_the_original_is_a_located_error():
    m = F.parse(F.data_patch("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    copy = F.sequence(m, "dev_a", "seq_a.main_seq.0")
    data = structure.walk(copy, ["aiex.npu.address_patch"])[-1]
    origin = rebased_from(data)
    data.attributes["aie_trace.rebased_from"] = L.PatchOrigin(
        origin.addr, 7, origin.arg_plus
    ).attr(structure.attr_or_none(data, "addr"))
    errs = [e for _, e in verify(m)]
    assert errs == [
        "aie_trace.rebased_from names no address patch of @dev_a:@seq_a, the sequence "
        f"@dev_a:@seq_a.main_seq.0 was specialized from (addr {origin.addr}, arg_idx 7, "
        "arg_plus 16)"
    ], errs


@pytest.mark.parametrize("era", F.ERAS)
def test_the_library_entry_point_checks_a_module_without_a_pass(era):
    from aie_trace.analysis import verify as V
    from aie_trace.ir.diagnostics import DiagnosticEngine

    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    before = str(m)
    diag = DiagnosticEngine()
    V.verify_module(m.operation, diag)
    assert diag.error_count and any(
        d.message.startswith("one argument short") for d in diag.diagnostics
    )
    assert str(m) == before
    F.run_passes(m, "aie-trace-fuse-buffers")
    diag = DiagnosticEngine()
    V.verify_module(m.operation, diag)
    assert diag.error_count == 0


@pytest.mark.parametrize("era", F.ERAS)
def test_a_dangling_copy_is_refused_alike_by_fuse_verify_and_check_ir(era):
    """``aie_trace.specialized_from`` has one reader: a copy whose origin is not a sequence of its
    device is the same located error in every pass that reads it."""
    m = F.parse(F.data_patch(era))
    F.run_passes(m, "aie-trace-fuse-buffers")
    text = m.operation.get_asm(print_generic_op_form=True)
    m = F.parse(
        text.replace("specialized_from = @seq_a,", "specialized_from = @seq_gone,")
    )
    copy = F.sequence(m, "dev_a", "seq_a.main_seq.0")
    assert str(copy.attributes["aie_trace.specialized_from"]) == "@seq_gone"
    here = DiagnosticEngine()
    here.error(copy, "the copy")
    expected = (
        here.diagnostics[0].line,
        "'aie_trace.specialized_from' names @seq_gone, which is not a runtime sequence of "
        "this copy's device",
    )
    for name in (
        "aie-trace-fuse-buffers",
        "aie-trace-verify-patches",
        "aie-trace-check-ir",
    ):
        errs = [
            (d.line, d.message)
            for d in F.try_passes(m, name).diagnostics
            if d.severity == "error"
        ]
        assert errs.count(expected) == 1, (name, errs)
        if (
            name != "aie-trace-verify-patches"
        ):  # (verify goes on with the copy as written)
            assert errs == [expected], (name, errs)
