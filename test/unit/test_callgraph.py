# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The run graph (resolution, ordinals, callers, bottom-up order, cycles) and the inlining walker."""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.analysis import callgraph as cg
from aie_trace.ir import provider, structure
from aie_trace.testing import synth as S

I64 = F.I64
ir = provider.ir


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def graph_of(text: str):
    m = F.parse(text)
    return m, cg.RunGraph(m.operation)


def test_runs_are_numbered_in_preorder_and_resolved_in_the_configures_device():
    m, g = graph_of(F.two_designs_two_configures("E2"))
    main = F.sequence(m, "main", "main_seq")
    runs = g.runs(main)
    assert [(r.ordinal, r.device, r.callee_name) for r in runs] == [
        (0, "dev_a", "seq_a"),
        (1, "dev_b", "seq_b"),
    ]
    assert runs[1].callee == F.sequence(m, "dev_b", "seq_b")
    assert [r.caller for r in g.callers(F.sequence(m, "dev_a", "seq_a"))] == [main]
    assert g.errors == ()


def test_runs_record_their_loops():
    m, g = graph_of(F.nested_in_loop("E2"))
    [inner, other] = g.runs(F.sequence(m, "dev_b", "seq_b"))
    assert len(inner.loops) == 1 and inner.loops[0].name == "scf.for"
    assert (inner.ordinal, other.ordinal) == (0, 1)


def test_bottom_up_puts_callees_first():
    m, g = graph_of(F.nested("E2"))
    order = [structure.symbol_name(s) for s in g.bottom_up()]
    assert order.index("seq_c") < order.index("seq_b") < order.index("main_seq")


def test_cycle_is_reported_at_the_closing_run():
    m, g = graph_of(F.cycle("E2"))
    with pytest.raises(cg.GraphError) as e:
        g.bottom_up()
    assert e.value.op.name == "aiex.run"
    assert "@dev_x:@sx -> @dev_y:@sy -> @dev_x:@sx" in e.value.message


def test_unresolvable_runs_are_errors_not_exceptions():
    main = S.device(
        "main",
        S.sequence(
            "main_seq", [I64], S.configure("dev_a", [S.run("nope", ["%arg0"], [I64])])
        ),
    )
    m, g = graph_of(S.module(main, S.Design("dev_a", "seq_a").text("E2")))
    [(op, msg)] = g.errors
    assert op.name == "aiex.run" and "@nope" in msg and "it has: @seq_a" in msg


def test_walk_maps_views_to_root_buffers_with_byte_offsets():
    m, g = graph_of(F.data_patch("E2"))
    root = F.sequence(m, "main", "main_seq")
    seen = [
        (op.name, f.path, f.args)
        for op, f in cg.inline_walk(g, root)
        if op.name == "aiex.npu.dma_memcpy_nd"
    ]
    assert seen == [("aiex.npu.dma_memcpy_nd", "0", [cg.BufferRef(2, 256), cg.MISSING])]


def test_walk_yields_program_order_and_expands_loops():
    m, g = graph_of(F.run_in_loop("E2"))
    root = F.sequence(m, "main", "main_seq")
    runs = [
        (f.path, op.attributes["runtime_sequence_symbol"])
        for op, f in cg.inline_walk(g, root)
        if op.name == "aiex.run"
    ]
    assert [p for p, _ in runs] == [
        "",
        "",
        "",
        "",
        "",
        "",
    ]  # the run op belongs to its caller's frame
    paths = [
        f.path
        for op, f in cg.inline_walk(g, root)
        if op.name == "aiex.npu.address_patch"
    ]
    assert paths == ["0[0]", "1[0]", "0[1]", "1[1]", "0[2]", "1[2]"]


def test_walk_evaluates_scalars_through_calls():
    a = S.Design("dev_a", "seq_a", trace_bytes=0, data=(I64, "i32"))
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64],
            ["%c7 = arith.constant 7 : i32"]
            + S.configure("dev_a", [S.run("seq_a", ["%arg0", "%c7"], [I64, "i32"])]),
        ),
    )
    m, g = graph_of(S.module(main, a.text("E2")))
    frames = [
        f
        for op, f in cg.inline_walk(g, F.sequence(m, "main", "main_seq"))
        if f.run is not None
    ]
    assert frames[0].args == [cg.BufferRef(0, 0), 7]


def test_walk_refuses_dynamic_loops():
    body = [
        "%lb = arith.constant 0 : index",
        "%st = arith.constant 1 : index",
        "%ub = arith.index_cast %arg1 : i32 to index",
        '"scf.for"(%lb, %ub, %st) ({',
        "^bb0(%i: index):",
        '  "scf.yield"() : () -> ()',
        "}) : (index, index, index) -> ()",
    ]
    m, g = graph_of(
        S.module(S.device("main", S.sequence("main_seq", [I64, "i32"], body)))
    )
    with pytest.raises(cg.GraphError, match="not constant"):
        list(cg.inline_walk(g, F.sequence(m, "main", "main_seq")))


def test_affine_values():
    s0, s1 = cg.IterSym(0, None, ""), cg.IterSym(1, None, "")
    x = cg.Affine(8, ((s0, 2),))
    assert x + 4 == cg.Affine(12, ((s0, 2),)) and 4 + x == x + 4
    assert (x - 8) // 2 == cg.Affine(0, ((s0, 1),))
    assert x - x == 0 and x * 0 == 0
    assert x + cg.Affine(0, ((s1, 3),)) == cg.Affine(8, ((s0, 2), (s1, 3)))
    with pytest.raises(TypeError):
        x // 3
    with pytest.raises(TypeError):
        x * x


def test_op_id_is_stable_when_attributes_change():
    m, _ = graph_of(F.two_calls_one_design("E2"))
    seq = F.sequence(m, "dev_a", "seq_a")
    key = structure.op_id(seq)
    seq.attributes["aie_trace.note"] = ir.UnitAttr.get()
    assert (
        structure.op_id(seq) == key == structure.op_id(F.sequence(m, "dev_a", "seq_a"))
    )
