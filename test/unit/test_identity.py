# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One identity for an op (:func:`structure.op_id`), the tables keyed by it, and the run graph frozen
once built (docs/architecture.md, "Identity and caches")."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import fuse_cases as F
import pytest

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis import verify
from aie_trace.ir import aieops, provider, structure
from aie_trace.ir.diagnostics import DiagnosticEngine
from aie_trace.testing import synth as S
from aie_trace.transforms import fusion

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "aie_trace"
#: the subpackages that read MLIR objects: no table there may name an op by ``id()``
READS_IR = ("ir", "analysis", "transforms", "models", "emu", "passes", "opt")


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def two_patches(era: str) -> str:
    """A design whose sequence holds two address patches with different fields."""
    b = S.Body(era, "tp")
    b.writebd(0, 3, 128)
    b.address_patch(F.tracedma_addr(0, 3), 16, arg_idx=0)
    b.writebd(0, 4, 128)
    b.address_patch(F.tracedma_addr(0, 4), 48, arg_idx=0)
    return S.module(S.Design("dev_a", "seq_a", body=b.lines).text(era))


def test_a_fresh_op_view_at_a_freed_address_gets_its_own_facts():
    """verify's per-op facts: each query comes with a new Python object for its op (a walk makes
    new ones), dropped right after, so the next object is often allocated where the last one
    was. The table must answer for the op the object stands for, not for the object that last
    lived at that address."""
    m = F.parse(two_patches("E2"))
    facts = verify._Facts(cg.RunGraph(m.operation), "E2")
    seq = F.sequence(m, "dev_a", "seq_a")
    truth = [
        aieops.AddressPatch(p, "E2").addr
        for p in structure.walk(seq, ["aiex.npu.address_patch"])
    ]
    assert len(set(truth)) == len(truth) > 1
    addresses: dict[int, set[int]] = {}  # id() of a wrapper -> the patches it stood for
    for i in range(400):
        which = i % len(truth)
        view = structure.walk(seq, ["aiex.npu.address_patch"])[which]
        addresses.setdefault(id(view), set()).add(which)
        assert facts.patch(view).addr == truth[which], f"query {i}"
        del view
    # the case happened: one address held wrappers of different patches in turn
    assert any(len(ops) > 1 for ops in addresses.values())


def test_op_id_is_the_op_not_the_wrapper():
    m = F.parse(two_patches("E2"))
    seq = F.sequence(m, "dev_a", "seq_a")
    a1, b1 = structure.walk(seq, ["aiex.npu.address_patch"])[:2]
    a2, b2 = structure.walk(seq, ["aiex.npu.address_patch"])[:2]
    assert a1 is not a2
    assert (
        structure.op_id(a1)
        == structure.op_id(a2)
        != structure.op_id(b1)
        == structure.op_id(b2)
    )
    view = aieops.AddressPatch(a1, "E2").op
    assert structure.op_id(view) == structure.op_id(a1)


def test_no_table_in_the_ir_reading_code_keys_on_python_identity():
    """``id()`` names a Python object, whose address the next object may take once it is freed;
    ops are named by :func:`structure.op_id`, and only that function reads the C++ pointer.
    """
    found = []
    for sub in READS_IR:
        for path in sorted((PACKAGE / sub).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "id"
                ):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} id()")
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "_CAPIPtr"
                    and path.name != "structure.py"
                ):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} _CAPIPtr")
    assert found == []


def test_the_run_graph_cannot_be_changed():
    m = F.parse(F.two_calls_one_design("E2"))
    g = cg.RunGraph(m.operation)
    main = F.sequence(m, "main", "main_seq")
    runs = g.runs(main)
    assert isinstance(runs, tuple) and isinstance(g.sequences, tuple)
    assert isinstance(g.errors, tuple) and isinstance(g.device_names, frozenset)
    assert isinstance(g.callers(F.sequence(m, "dev_a", "seq_a")), tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        runs[0].op = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        runs[0].callee_name = "other"
    with pytest.raises(TypeError):
        g.by_symbol[("dev_a", "copy")] = main
    with pytest.raises(AttributeError):
        g.sequences = ()
    with pytest.raises(AttributeError):
        g.anything = 1
    assert not hasattr(g, "add_sequence") and not hasattr(g, "replace_run_op")
    nodes = g.body_nodes(main)
    assert isinstance(nodes, tuple)
    assert all(isinstance(b, tuple) for n in nodes for b in n.children)


def test_loops_of_a_run_are_a_tuple():
    m = F.parse(F.nested_in_loop("E2"))
    g = cg.RunGraph(m.operation)
    [inner, _] = g.runs(F.sequence(m, "dev_b", "seq_b"))
    assert isinstance(inner.loops, tuple) and len(inner.loops) == 1


def test_fuse_reports_what_it_changed_and_leaves_the_graph_as_read():
    """One callee run from two wrappers, bound to other host buffers than its own patches name
    at two of its three call sites: fuse rebuilds every run (each gets its slice) and points
    those two at specialized copies; the graph it read still holds the sequences it read, and a
    new graph of the module finds the copies."""
    m = F.parse(F.two_wrappers("E2"))
    g = cg.RunGraph(m.operation)
    before = [structure.symbol_name(s) for s in g.sequences]
    diag = DiagnosticEngine()
    changes = fusion.fuse(m.operation, g, "E2", diag, era_given=True)
    assert F.errors(diag) == []
    assert [structure.symbol_name(s) for s in g.sequences] == before
    copies = (("dev_a", "seq_a.w2.0"), ("dev_a", "seq_a.w2.1"))
    assert changes.sequences == copies
    assert changes.runs == (("main", "w1", 0), ("main", "w2", 0), ("main", "w2", 1))
    after = cg.RunGraph(m.operation)
    assert sorted(structure.symbol_name(s) for s in after.sequences) == sorted(
        before + [name for _, name in copies]
    )
    runs = after.runs(F.sequence(m, "main", "w2"))
    assert [r.callee_name for r in runs] == ["seq_a.w2.0", "seq_a.w2.1"]
