# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Locations are read through the bindings' accessors, in both shapes the bindings have had."""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.ir import eras, structure
from aie_trace.ir.diagnostics import LocatedError, split_location, unescape_string

ir = structure.ir


@pytest.mark.parametrize(
    "name", ["désign.mlir", 'a"b.mlir', "back\\slash.mlir", "plain.mlir"]
)
def test_file_location_keeps_its_name(ctx, name):
    assert split_location(ir.Location.file(name, 3, 4)) == (name, 3, 4)


def test_each_location_kind(ctx):
    f = ir.Location.file("désign.mlir", 7, 2)
    other = ir.Location.file("other.mlir", 1, 1)
    assert split_location(ir.Location.callsite(f, [other])) == (
        "désign.mlir",
        7,
        2,
    )  # the callee
    assert split_location(ir.Location.name("n", f)) == ("désign.mlir", 7, 2)
    assert split_location(ir.Location.fused([ir.Location.name("n"), f, other])) == (
        "désign.mlir",
        7,
        2,
    )
    assert split_location(ir.Location.unknown()) == (None, None, None)
    assert split_location(ir.Location.name("only a name")) == (None, None, None)
    assert split_location(None) == (None, None, None)


class _OldLoc:
    """A location as older bindings (mlir-aie's LLVM) model it: one class, ``is_a_*`` tests."""

    def __init__(self, kind, **fields):
        self.kind, self.__dict__ = kind, {**fields, "kind": kind}

    def is_a_file(self):
        return self.kind == "file"

    def is_a_callsite(self):
        return self.kind == "callsite"

    def is_a_fused(self):
        return self.kind == "fused"

    def is_a_name(self):
        return self.kind == "name"

    def __str__(self):  # never read: a printed form that would be wrong if it were
        return 'loc("wrong.mlir":99:99)'


def test_older_bindings_shape():
    f = _OldLoc("file", filename="désign.mlir", start_line=5, start_col=6)
    assert split_location(f) == ("désign.mlir", 5, 6)
    assert split_location(_OldLoc("callsite", callee=f, caller=None)) == (
        "désign.mlir",
        5,
        6,
    )
    assert split_location(_OldLoc("name", name_str="n", child_loc=f)) == (
        "désign.mlir",
        5,
        6,
    )
    assert split_location(_OldLoc("fused", locations=[_OldLoc("other"), f])) == (
        "désign.mlir",
        5,
        6,
    )
    assert split_location(_OldLoc("other")) == (None, None, None)


def test_bindings_without_accessors_fall_back_to_the_printed_form():
    class Bare:
        def __str__(self):
            return 'loc("d\\C3\\A9\\22sign.mlir":3:4)'

    assert split_location(Bare()) == ('dé"sign.mlir', 3, 4)


def test_unescape_string():
    assert unescape_string(r"caf\C3\A9") == "café"
    assert unescape_string(r"a\"b\\c\n") == 'a"b\\c\n'


def test_located_error_carries_its_op():
    e = LocatedError("boom", op="the op")
    assert (str(e), e.op, e.message) == ("boom", "the op", "boom")
    assert isinstance(e, ValueError)


def test_library_errors_are_located_errors():
    from aie_trace.analysis import callgraph, layout, trace_events
    from aie_trace.host import runtime
    from aie_trace.ir import forms
    from aie_trace.models import materialize, resolve
    from aie_trace.transforms import records as fuse_records

    for cls in (
        fuse_records.FusionError,
        eras.EraError,
        layout.LayoutError,
        trace_events.EventConfigError,
        forms.TaggedFormError,
        callgraph.GraphError,
        resolve.ResolveError,
        materialize.MaterializeError,
        runtime.ConventionError,
    ):
        assert issubclass(cls, LocatedError), cls
    e = layout.LayoutError("bad record")
    assert e.op is None and e.message == "bad record"
    # one argument order for all of them: the message, then the op it is about
    e = callgraph.GraphError("a cycle", "the run op")
    assert (str(e), e.message, e.op) == ("a cycle", "a cycle", "the run op")
    e = materialize.MaterializeError("bad operands", "the run op")
    assert (str(e), e.message, e.op) == ("bad operands", "bad operands", "the run op")


def test_an_op_passed_first_is_refused(ctx):
    """Every located error takes (message, op): an op in the message's place is a TypeError at
    the raise, not a diagnostic whose text is an op and whose anchor is a string."""
    from aie_trace.models import materialize
    from aie_trace.transforms import records as fuse_records

    op = ir.Module.parse("").operation
    for cls in (LocatedError, materialize.MaterializeError, fuse_records.FusionError):
        with pytest.raises(TypeError, match=r"\(message, op\)"):
            cls(op, "swapped")
        assert cls("right", op).op == op


# ------------------------------------------------------------------------------------------------
# a pass judges its own diagnostics, not the engine's history

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_scoped_engine_counts_only_its_own_errors():
    from aie_trace.ir.diagnostics import DiagnosticEngine

    diag = DiagnosticEngine()
    diag.error(None, "an earlier pass")
    own = diag.scoped()
    assert (diag.error_count, own.error_count) == (1, 0)
    own.warning(None, "a warning")
    assert own.error_count == 0
    own.error(None, "this pass")
    assert (diag.error_count, own.error_count) == (2, 1)
    assert [d.message for d in diag.diagnostics] == [
        "an earlier pass",
        "a warning",
        "this pass",
    ]  # one list, in emission order
    inner = own.scoped()
    diag.error(None, "a nested pass")  # (whoever adds it, it comes after the mark)
    assert (inner.error_count, own.error_count) == (1, 2)


@pytest.mark.parametrize("era", ["e1", "e2", "e3", "e4"])
def test_fuse_and_verify_succeed_after_an_earlier_pass_failed(era):
    """An engine already holding another pass's error (a pipeline that goes on, a caller that
    reuses its engine) fails neither pass on valid input, nor changes what they produce.
    """
    from aie_trace.ir.diagnostics import DiagnosticEngine
    from aie_trace.passes.fuse_buffers import FuseTraceBuffers
    from aie_trace.passes.verify_patches import VerifyPatches

    text = (EXAMPLES / f"two_designs_{era}.mlir").read_text()
    printed = []
    for earlier in (False, True):
        diag = DiagnosticEngine()
        if earlier:
            diag.error(None, "an earlier pass failed")
        with structure.make_context():
            module = ir.Module.parse(text)
            FuseTraceBuffers().run(module.operation, diag)
            VerifyPatches().run(module.operation, diag)
            printed.append(str(module))
        assert [d.message for d in diag.diagnostics if d.severity == "error"] == (
            ["an earlier pass failed"] if earlier else []
        )
    assert printed[0] == printed[1]
    assert "aie_trace.slice_paths" in printed[0]


def test_no_pass_converts_an_engine_error_itself():
    """Errors in one layer: engines raise ``LocatedError``, the pass runner reports one that
    escapes a pass; a pass module catches none."""
    import ast

    import aie_trace.passes as passes

    handlers = []
    for path in sorted(Path(passes.__path__[0]).glob("*.py")):
        if (
            path.name == "base.py"
        ):  # the Pass base class: option text parsing, no engine
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ExceptHandler):
                handlers.append((path.name, node.lineno))
    assert handlers == []
