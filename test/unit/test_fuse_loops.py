# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Traced runs inside scf.for: a region per iteration, one shared region, or an error.

mlir-aie (E3 ODS) declares aiex.configure HasParent<RuntimeSequenceOp>, so aie-opt and
aie-trace-check-ir reject a configure inside scf.for; these modules are not schema-checked.
"""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import provider
from aie_trace.testing import synth as S

I64 = F.I64


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


PER_ITERATION = {
    "run_in_loop": (
        "main_seq",
        "memref<36864xi8>",
        [("dev_a", "seq_a", f"0[{i}]", 8192 * i, 8192) for i in range(3)]
        + [("dev_b", "seq_b", f"1[{i}]", 24576 + 4096 * i, 4096) for i in range(3)],
        [
            ("0[0]", 1, 0),
            ("1[0]", 1, 24576),
            ("0[1]", 1, 8192),
            ("1[1]", 1, 28672),
            ("0[2]", 1, 16384),
            ("1[2]", 1, 32768),
        ],
    ),
    "nested_in_loop": (
        "main_seq",
        "memref<32768xi8>",
        [
            ("dev_c", "seq_c", f"{k}/0[{i}]", 16384 * (k // 2) + 8192 * i, 8192)
            for k in (0, 2)
            for i in range(2)
        ],
        [
            ("0/0[0]", 1, 0),
            ("0/0[1]", 1, 8192),
            ("2/0[0]", 1, 16384),
            ("2/0[1]", 1, 24576),
        ],
    ),
}

SHARED = {
    "run_in_loop": (
        "memref<12288xi8>",
        [("dev_a", "seq_a", "0", 0, 8192), ("dev_b", "seq_b", "1", 8192, 4096)],
        [("0[0]", 1, 0), ("1[0]", 1, 8192)] * 1
        + [("0[1]", 1, 0), ("1[1]", 1, 8192), ("0[2]", 1, 0), ("1[2]", 1, 8192)],
    ),
    "nested_in_loop": (
        "memref<16384xi8>",
        [("dev_c", "seq_c", "0/0", 0, 8192), ("dev_c", "seq_c", "2/0", 8192, 8192)],
        [("0/0[0]", 1, 0), ("0/0[1]", 1, 0), ("2/0[0]", 1, 8192), ("2/0[1]", 1, 8192)],
    ),
}


@pytest.mark.parametrize("era", ("E2", "E3", "E4"))
@pytest.mark.parametrize("name", PER_ITERATION)
def test_region_per_iteration(name, era):
    seq, fused_type, slices, lands = PER_ITERATION[name]
    m = F.parse(getattr(F, name)(era))
    diag = F.run_passes(m, "aie-trace-fuse-buffers", "aie-trace-verify-patches")
    assert F.errors(diag) == [] and F.warnings(diag) == []
    assert F.arg_types(F.sequence(m, "main", seq))[-1] == fused_type
    assert F.slices(m, "main", seq) == slices
    assert F.landings(m, "main", seq, era) == lands
    F.run_passes(
        m,
        "aie-trace-materialize",
        "aie-trace-verify-patches",
        "aie-trace-drop-specialized",
    )
    assert [(h, o) for _, h, o in F.landings(m, "main", seq, era)] == [
        (h, o) for _, h, o in lands
    ]
    assert "specialized_from" not in str(m)


@pytest.mark.parametrize("era", F.ERAS)
@pytest.mark.parametrize("name", SHARED)
def test_one_region_shared_by_iterations(name, era):
    fused_type, slices, lands = SHARED[name]
    m = F.parse(getattr(F, name)(era))
    diag = F.run_passes(
        m, "aie-trace-fuse-buffers", "aie-trace-verify-patches", loops="shared"
    )
    assert F.errors(diag) == []
    assert F.arg_types(F.sequence(m, "main", "main_seq"))[-1] == fused_type
    assert F.slices(m, "main", "main_seq") == slices
    assert F.landings(m, "main", "main_seq", era) == lands


@pytest.mark.parametrize("mode", ("per-iteration", "shared"))
@pytest.mark.parametrize("era", ("E2", "E3"))
@pytest.mark.parametrize("name", PER_ITERATION)
def test_loops_idempotent(name, era, mode):
    m = F.parse(getattr(F, name)(era))
    F.run_passes(m, "aie-trace-fuse-buffers", loops=mode)
    first = m.operation.get_asm(print_generic_op_form=True)
    F.run_passes(m, "aie-trace-fuse-buffers", loops=mode)
    assert m.operation.get_asm(print_generic_op_form=True) == first


def test_loops_error_mode_refuses_each_traced_run():
    d = F.try_passes(
        F.parse(F.run_in_loop("E2")), "aie-trace-fuse-buffers", loops="error"
    )
    assert len(F.errors(d)) == 2
    assert all(
        "inside an scf.for (loops=error): unroll the loop" in e for e in F.errors(d)
    )
    assert [x.line for x in d.diagnostics] == [11, 14]


def test_e1_cannot_carry_a_per_iteration_offset():
    d = F.try_passes(F.parse(F.run_in_loop("E1")), "aie-trace-fuse-buffers")
    assert len(F.errors(d)) == 2
    assert (
        "arg_plus is an attribute in IR era E1; unroll the loop first, or use loops=shared"
        in F.errors(d)[0]
    )


def test_dynamic_trip_count_needs_unrolling_or_sharing():
    a = S.Design("dev_a", "seq_a")
    body = (
        [
            "%lb = arith.constant 0 : index",
            "%st = arith.constant 1 : index",
            "%ub = arith.index_cast %arg1 : i32 to index",
            '"scf.for"(%lb, %ub, %st) ({',
            "^bb0(%i: index):",
        ]
        + [f"  {x}" for x in S.configure("dev_a", [S.run("seq_a", ["%arg0"], [I64])])]
        + ['  "scf.yield"() : () -> ()', "}) : (index, index, index) -> ()"]
    )
    text = S.module(
        S.device("main", S.sequence("main_seq", [I64, "i32"], body)), a.text("E2")
    )
    d = F.try_passes(F.parse(text), "aie-trace-fuse-buffers")
    assert F.errors(d) == [
        "runs traced design @dev_a:@seq_a inside an scf.for whose trip count is not static: unroll "
        "the loop first, or use loops=shared (one region for every iteration)"
    ]
    m = F.parse(text)
    assert F.errors(F.run_passes(m, "aie-trace-fuse-buffers", loops="shared")) == []
    assert F.slices(m, "main", "main_seq") == [("dev_a", "seq_a", "0", 0, 8192)]


def test_back_to_back_iterations_warn():
    a = S.Design("dev_a", "seq_a")
    body = F.loop(S.configure("dev_a", [S.run("seq_a", ["%arg0"], [I64])]), trips=2)
    d = F.try_passes(
        F.parse(
            S.module(
                S.device("main", S.sequence("main_seq", [I64], body)), a.text("E2")
            )
        ),
        "aie-trace-fuse-buffers",
    )
    assert F.warnings(d) and "between call '0[0]' and call '0[1]'" in F.warnings(d)[0]


@pytest.mark.parametrize("era", ("E3", "E4"))
def test_a_loop_offset_is_computed_only_through_a_view_upstream_resolves(era):
    """In a region per iteration, fuse computes a buffer patch's offset itself; it follows the
    callee's view of its trace argument by mlir-aie's rules (traceSubviewToBlockArgument), so a
    strided view is refused, located at the patch, as resolve would refuse it."""
    text = F.run_in_loop(era)
    patch = '"aiex.npu.address_patch"(%seq_a_10, %arg1)'
    assert text.count(patch) == 1
    strided = (
        '%strided = "memref.subview"(%arg1) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, '
        "static_offsets = array<i64: 0>, static_sizes = array<i64: 4096>, "
        "static_strides = array<i64: 2>}> : (memref<8192xi8>) -> "
        "memref<4096xi8, strided<[2]>>\n      "
    )
    line = next(x for x in text.splitlines() if patch in x)
    edited = line.replace("%arg1)", "%strided)").replace(
        ": (i32, memref<8192xi8>)", ": (i32, memref<4096xi8, strided<[2]>>)"
    )
    text = text.replace(
        line, line[: len(line) - len(line.lstrip())] + strided + edited.lstrip()
    )
    # the same module with a unit stride is fused
    assert (
        F.errors(
            F.try_passes(
                F.parse(
                    text.replace("array<i64: 2>", "array<i64: 1>").replace(
                        "strided<[2]>", "strided<[1]>"
                    )
                ),
                "aie-trace-fuse-buffers",
            )
        )
        == []
    )
    d = F.try_passes(F.parse(text), "aie-trace-fuse-buffers")
    assert F.errors(d) == [
        "the buffer operand is not an argument of the enclosing runtime sequence or a static "
        "contiguous view of one: mlir-aie's -aie-resolve-address-patch-buffers refuses it"
    ]
    assert d.diagnostics[0].line == next(
        i for i, x in enumerate(text.splitlines(), 1) if "%strided)" in x
    )
