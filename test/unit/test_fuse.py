# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-fuse-buffers on upstream's scenarios and ours, in every IR era.

For each scenario the test checks the fused signature and layout, where every address patch
lands when the module is inlined verbatim (before materialization, through the call graph; after
``aie-trace-materialize``, the ``arg_idx``/``arg_plus`` the patches carry), that the output
passes the schema check and ``aie-trace-verify-patches``, and that a second run changes nothing.
"""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import builders, provider, structure
from aie_trace.ir.diagnostics import DiagnosticEngine

ERAS = F.ERAS
I64 = F.I64

#: scenario -> (dispatched sequences -> (argument types, landings (path, host buffer, offset), slices))
EXPECTED = {
    "two_calls_one_design": {
        ("main", "main_seq"): (
            [I64, "memref<16384xi8>"],
            [("0", 1, 0), ("1", 1, 8192)],
            [("dev_a", "seq_a", "0", 0, 8192), ("dev_a", "seq_a", "1", 8192, 8192)],
        )
    },
    "caller_with_own_trace": {
        ("main", "main_seq"): (
            [I64, "memref<12288xi8>"],
            [("", 1, 0), ("0", 1, 4096)],
            [("main", "main_seq", "", 0, 4096), ("dev_a", "seq_a", "0", 4096, 8192)],
        )
    },
    "two_designs_two_configures": {
        ("main", "main_seq"): (
            [I64, I64, "memref<16384xi8>"],
            [("0", 2, 0), ("1", 2, 8192)],
            [("dev_a", "seq_a", "0", 0, 8192), ("dev_b", "seq_b", "1", 8192, 8192)],
        )
    },
    "nested": {
        ("main", "main_seq"): (
            [I64, "memref<12288xi8>"],
            [("0", 1, 0), ("0/0", 1, 4096)],
            [("dev_b", "seq_b", "0", 0, 4096), ("dev_c", "seq_c", "0/0", 4096, 8192)],
        ),
        ("dev_b", "seq_b"): (
            [I64, "memref<12288xi8>"],
            [("", 1, 0), ("0", 1, 4096)],
            [("dev_b", "seq_b", "", 0, 4096), ("dev_c", "seq_c", "0", 4096, 8192)],
        ),
    },
    "scalar_arguments": {
        ("main", "main_seq"): (
            ["i32", I64, "i32", I64, "memref<16384xi8>"],
            [("0", 2, 0), ("1", 2, 8192)],
            [("dev_a", "seq_a", "0", 0, 8192), ("dev_a", "seq_a", "1", 8192, 8192)],
        )
    },
    "two_wrappers": {
        ("main", "w1"): (
            [I64, "memref<8192xi8>"],
            [("0", 1, 0)],
            [("dev_a", "seq_a", "0", 0, 8192)],
        ),
        ("main", "w2"): (
            [I64, "i32", I64, "memref<16384xi8>"],
            [("0", 2, 0), ("1", 2, 8192)],
            [("dev_a", "seq_a", "0", 0, 8192), ("dev_a", "seq_a", "1", 8192, 8192)],
        ),
    },
    "data_patch": {
        ("main", "main_seq"): (
            ["i32", "memref<8xi32>", "memref<128xi32>", "memref<8192xi8>"],
            [("0", 2, 0), ("0", 1, 16 + 256)],
            [("dev_a", "seq_a", "0", 0, 8192)],
        )
    },
}


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def cases():
    return [(name, era) for name in EXPECTED for era in ERAS]


@pytest.mark.parametrize("name,era", cases())
def test_fused_layout_and_landings(name, era):
    fused = F.fuse(F.SCENARIOS[name](era))
    assert F.errors(fused.diag) == []
    for (dev, seq), (types, lands, slices) in EXPECTED[name].items():
        assert F.arg_types(F.sequence(fused.module, dev, seq)) == types
        assert F.landings(fused.module, dev, seq, era) == lands
        assert F.slices(fused.module, dev, seq) == slices
        lay = F.layout_of(fused.module, dev, seq)
        assert lay.arg_index == len(types) - 1 and lay.size == sum(s[4] for s in slices)
        assert lay.host_buffer_index == sum(t.startswith("memref") for t in types) - 1


@pytest.mark.parametrize("name,era", cases())
def test_verbatim_inlining_lands_every_patch(name, era):
    m = F.parse(F.SCENARIOS[name](era))
    diag = F.run_passes(
        m,
        "aie-trace-fuse-buffers",
        "aie-trace-materialize",
        "aie-trace-drop-specialized",
    )
    assert F.errors(diag) == []
    for (dev, seq), (_, lands, _) in EXPECTED[name].items():
        if era in (
            "E1",
            "E2",
        ):  # the attributes the patches carry after the verbatim copy
            assert F.int_patches(F.sequence(m, dev, seq), era) == [
                (h, off) for _, h, off in lands
            ]
        else:
            assert [(h, off) for _, h, off in F.landings(m, dev, seq, era)] == [
                (h, off) for _, h, off in lands
            ]
    text = str(m)
    assert "aiex.run" not in text and "specialized_from" not in text


@pytest.mark.parametrize("name,era", cases())
def test_output_checks_and_verifies(name, era):
    m = F.parse(F.SCENARIOS[name](era))
    diag = F.run_passes(
        m,
        "aie-trace-fuse-buffers",
        "aie-trace-check-ir",
        "aie-trace-verify-patches",
        "aie-trace-materialize",
        "aie-trace-check-ir",
        "aie-trace-verify-patches",
        "aie-trace-drop-specialized",
        "aie-trace-check-ir",
    )
    assert F.errors(diag) == []


@pytest.mark.parametrize("name,era", [(n, e) for n in F.SCENARIOS for e in ERAS])
def test_idempotent(name, era):
    once = F.fuse(F.SCENARIOS[name](era))
    first = once.module.operation.get_asm(print_generic_op_form=True)
    F.run_passes(once.module, "aie-trace-fuse-buffers")
    assert once.module.operation.get_asm(print_generic_op_form=True) == first


@pytest.mark.parametrize("era", ERAS)
def test_second_fuse_refuses_a_corrupted_copy(era):
    """A copy an earlier fuse made is reused only when it is the IR this fuse makes for it: one
    whose rebased patch was changed is refused at that patch, and the module is left as it was.
    """
    once = F.fuse(F.data_patch(era))
    copy = F.sequence(once.module, "dev_a", "seq_a.main_seq.0")
    data = structure.walk(copy, ["aiex.npu.address_patch"])[-1]
    builders.set_attr(
        data, "arg_idx", 0, era
    )  # the call binds the buffer at host buffer #1
    corrupted = once.module.operation.get_asm(print_generic_op_form=True)
    diag = F.try_passes(once.module, "aie-trace-fuse-buffers")
    [err] = [d for d in diag.diagnostics if d.severity == "error"]
    assert err.message == (
        "this op of the specialized copy @dev_a:@seq_a.main_seq.0 differs from the copy of "
        "@dev_a:@seq_a that aie-trace-fuse-buffers makes for it now (the copy was edited, or its "
        "callee changed since it was made): a copy is reused only when it is that IR; fuse the "
        "module as it was before its first fuse"
    )
    here = DiagnosticEngine()
    here.error(data, "the corrupted patch")
    assert err.line is not None and err.line == here.diagnostics[0].line
    assert once.module.operation.get_asm(print_generic_op_form=True) == corrupted


@pytest.mark.parametrize("era", ("E1", "E2"))
def test_second_fuse_refuses_a_copy_of_an_original_that_changed(era):
    """The original lost a patch after the first fuse: its copy is not what fuse makes of it now."""
    once = F.fuse(F.data_patch(era))
    seq = F.sequence(once.module, "dev_a", "seq_a")
    structure.erase(structure.walk(seq, ["aiex.npu.address_patch"])[-1])
    err = F.errors(F.try_passes(once.module, "aie-trace-fuse-buffers"))
    assert len(err) == 1 and err[0].startswith(
        "this op of the specialized copy @dev_a:@seq_a.main_seq.0 differs from the copy of "
        "@dev_a:@seq_a"
    ), err


@pytest.mark.parametrize("era", ERAS)
def test_untraced_module_is_unchanged(era):
    text = F.untraced(era)
    before = F.parse(text).operation.get_asm(print_generic_op_form=True)
    fused = F.fuse(text)
    assert fused.diag.diagnostics == []
    assert fused.module.operation.get_asm(print_generic_op_form=True) == before


@pytest.mark.parametrize("era", ERAS)
def test_original_callee_stays_a_valid_kernel(era):
    fused = F.fuse(F.two_designs_two_configures(era))
    seq_b = F.sequence(fused.module, "dev_b", "seq_b")
    assert F.arg_types(seq_b) == [I64, "memref<8192xi8>"]
    assert F.landings(fused.module, "dev_b", "seq_b", era) == [("", 1, 0)]
    if era in ("E3", "E4"):  # buffer operands survive inlining: nothing to specialize
        assert "specialized_from" not in str(fused.module)
        return
    copy = F.sequence(fused.module, "dev_b", "seq_b.main_seq.1")
    assert str(copy.attributes["aie_trace.specialized_from"]) == "@seq_b"
    assert str(copy.attributes["sym_visibility"]) == '"private"'


@pytest.mark.parametrize("era", ("E3", "E4"))
def test_buffer_patches_need_no_copies(era):
    fused = F.fuse(F.two_calls_one_design(era))
    assert "specialized_from" not in str(fused.module)


@pytest.mark.parametrize("era", ERAS)
def test_back_to_back_warns_at_second_run(era):
    fused = F.fuse(F.two_calls_one_design(era))
    [w] = [d for d in fused.diag.diagnostics if d.severity == "warning"]
    assert "back-to-back runs of @dev_a share its trace BD" in w.message
    assert "'0+1'" in w.message
    assert w.line == 7  # the second aiex.run of the generated module


@pytest.mark.parametrize("era", ERAS)
def test_back_to_back_merge(era):
    fused = F.fuse(F.two_calls_one_design(era), merge_back_to_back=True)
    assert F.warnings(fused.diag) == []
    assert F.slices(fused.module, "main", "main_seq") == [
        ("dev_a", "seq_a", "0+1", 0, 16384)
    ]
    lay = F.layout_of(fused.module, "main", "main_seq")
    assert lay.slice_for("1") == lay.slice_for("0") == lay.slices[0]
    assert F.errors(F.run_passes(fused.module, "aie-trace-verify-patches")) == []


@pytest.mark.parametrize("era", ERAS)
def test_alternating_devices_do_not_warn(era):
    fused = F.fuse(F.two_designs_two_configures(era))
    assert F.warnings(fused.diag) == []


def test_specialized_copies_are_shared_between_identical_call_sites():
    fused = F.fuse(F.nested("E2"))
    names = [
        str(s.attributes["sym_name"])
        for s in structure.walk(fused.module.operation, ["aie.runtime_sequence"])
    ]
    assert names.count('"seq_c.seq_b.0"') == 1 and not any(
        "main_seq" in n for n in names if "seq_c" in n
    )
