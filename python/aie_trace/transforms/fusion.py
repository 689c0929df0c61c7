# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The engine behind ``aie-trace-fuse-buffers`` (see the pass for the contract).

Four steps, each over the run graph, each its own module; they hand each other the plain records
of :mod:`aie_trace.transforms.records`:

1. **plan** (:mod:`~aie_trace.transforms.plan`, callees first): each sequence's own trace (argument,
   bytes, dedicated or shared with an output), the call sites that run traced designs, and its
   claim = own bytes + callee claims (x iterations of per-iteration loops). Refusals are found
   here, before the IR changes (only a rebased patch whose ``arg_plus`` overflows or whose buffer
   binds to no static view is found in step 3; the pass then puts the module back as it was).
2. **restructure** (:mod:`~aie_trace.transforms.rewrite`, callees first): the fused
   ``memref<CLAIMxi8>`` argument, and at each call site the callee's trace argument as a
   subview + reinterpret_cast of it at the site's cursor.
3. **rebase** (:mod:`~aie_trace.transforms.rewrite` and :mod:`~aie_trace.transforms.copies`, every sequence as
   a dispatched root): simulate verbatim inlining with frames; an integer ``address_patch``
   inside a callee must name the root's host buffer and carry the view's byte offset in
   ``arg_plus``. Callees whose patches (or nested calls) need other values at this call site are
   specialized into private copies ``<callee>.<root>.<path>``.
4. **record** (:mod:`~aie_trace.transforms.recorder`): the layout (flattened slices with call paths) on
   every traced sequence, and the back-to-back check (warning, or merged slices).
"""

from __future__ import annotations

from typing import Any

from ..analysis import callgraph as cg
from ..analysis import layout as L
from ..ir import eras, structure
from ..ir.diagnostics import DiagnosticEngine, PassFailure
from ..ir.forms import in_review_problems
from .plan import Planner
from .recorder import Recorder
from .records import REBASED_FROM, Changes, Context, FusionError, LoopMode
from .rewrite import Call, Rebaser, Restructurer

__all__ = [
    "REBASED_FROM",
    "TOOLCHAIN_FUSES",
    "Call",
    "Changes",
    "Fusion",
    "FusionError",
    "ToolchainBuildError",
    "LoopMode",
    "as_toolchain_builds",
    "fuse",
    "fused_twice",
    "left_to_toolchain",
    "toolchain_layouts",
    "toolchain_view",
]

#: The IR eras whose toolchain fuses trace buffers itself: from mlir-aie PR #3652 (the change that
#: brought IR era E3) on, aiecc's trace stage runs mlir-aie's ``-aie-fuse-trace-buffers`` on every
#: input, after ``-aie-inline-trace-config`` (``tools/aiecc/IRTransforms.h``@63ac84e8d3eab2ea640317335da3e9cfbfd05d49,
#: ``getTracePipeline``). That pass has no "already fused" state: it fuses whatever it is given.
#: E1/E2 toolchains have no such pass.
TOOLCHAIN_FUSES = frozenset({"E3", "E4"})


def fuse(
    module: Any,
    graph: cg.RunGraph,
    era: str,
    diag: Any,
    *,
    era_given: bool,
    loops: LoopMode = LoopMode.PER_ITERATION,
    merge: bool = False,
) -> Changes:
    """Fuse ``module`` (its run graph ``graph``, checked; IR era ``era``, given by the caller
    when ``era_given``, else read from the op shapes): every refusal is a located error in
    ``diag``, and the pass fails (``diag.fail()``), or, found while rebasing, a ``GraphError`` or
    ``FusionError`` (the pass runner reports it). Some refusals are found after the IR changed: the
    pass runner then puts the module back as it was. Returns what changed (``graph`` still
    describes the module as it was: build a new one to read it after).
    """
    for op, message in in_review_problems(module):
        diag.error(op, message)
    for op, message in L.dangling_copies(module):
        diag.error(op, message)
    for op, message in fused_twice(graph):
        diag.error(op, message)
    if diag.error_count:
        raise diag.fail()
    for op, message in cg.run_type_mismatches(graph):
        diag.error(op, message)
    if diag.error_count:
        raise diag.fail()
    # an i64 arg_plus is written in E4 when the caller says so or the module itself shows E4
    wide = era == "E4" and (era_given or eras.shows_e4(module))
    with structure.in_context_of(module):
        fusion = Fusion(graph, era, loops, merge, diag, wide, era == "E4" and not wide)
        changes = fusion.run()
    if diag.error_count:
        raise diag.fail()
    return changes


class Fusion:
    """One run of the engine over a run graph."""

    def __init__(
        self,
        graph: cg.RunGraph,
        era: str,
        loops: LoopMode,
        merge: bool,
        diag: Any,
        wide: bool | None = None,
        ambiguous: bool = False,
    ):
        """``wide``: an ``arg_plus`` may be written as i64 (default: in E4); ``ambiguous``: the
        era was read as E4 from a module that fits E3 as well (for the wording of the errors).
        """
        wide = era == "E4" if wide is None else wide and era == "E4"
        self.ctx = Context(graph, era, loops, diag, wide, ambiguous)
        self.merge = merge

    def run(self) -> Changes:
        """Plan, rewrite and record; what the rewriter changed (the run graph is left as it
        was read)."""
        ctx = self.ctx
        planner = Planner(ctx)
        order = planner.originals()
        for k in order:
            ctx.plans[k] = planner.plan(k)
        if ctx.diag.error_count:
            return ctx.changes()
        restructurer = Restructurer(ctx)
        for k in order:
            restructurer.restructure(k)
        rebaser = Rebaser(ctx, restructurer.views)
        for k in order:
            rebaser.rebase_root(k)
        if ctx.diag.error_count:
            return ctx.changes()
        recorder = Recorder(ctx, planner.event_items, self.merge)
        for k in order:
            recorder.record(k)
        return ctx.changes()


# ------------------------------------------------------------------------------------------------
# the toolchain's own fuse (E3/E4): never twice, and what it builds


def _trace_buffer(seq: Any) -> L.TraceBuffer | None:
    """The sequence's trace-buffer record; None for a malformed one too (the planner and the
    checker report it, in their words)."""
    try:
        return L.read_trace_buffer(seq)
    except L.LayoutError:
        return None


def _claims(graph: cg.RunGraph) -> dict[int, int]:
    """Each sequence's trace claim as mlir-aie's ``-aie-fuse-trace-buffers`` counts it: its own
    recorded ``trace_buffer`` size plus the claim of the callee of every run it holds.
    """
    memo: dict[int, int] = {}

    def claim(seq: Any) -> int:
        k = structure.op_id(seq)
        if k not in memo:
            memo[k] = 0  # (the graph refuses cycles; this only stops a walk of one)
            own = _trace_buffer(seq)
            memo[k] = (own.size if own else 0) + sum(
                claim(r.callee) for r in graph.runs(seq) if r.callee is not None
            )
        return memo[k]

    for seq in graph.sequences:
        claim(seq)
    return memo


def _traced_runs(graph: cg.RunGraph) -> list[tuple[cg.Run, int, int]]:
    """``(run, operands passed, callee parameters)`` of every run whose callee claims trace
    bytes."""
    claims = _claims(graph)
    out = []
    for seq in graph.sequences:
        for run in graph.runs(seq):
            if run.callee is not None and claims[structure.op_id(run.callee)]:
                out.append(
                    (
                        run,
                        structure.num_operands(run.op),
                        len(structure.seq_args(run.callee)),
                    )
                )
    return out


def fused_twice(graph: cg.RunGraph) -> list[tuple[Any, str]]:
    """Runs of traced designs that pass more operands than their callee takes: every fuse appends
    one slice operand to each such run, so a module fused twice has them. One located message per
    run."""
    return [
        (
            run.op,
            f"passes {passed} operand(s) but {cg.seq_label(run.callee)} takes {params}: the trace "
            "buffers of this module were fused twice (each fuse appends a slice operand to every "
            "traced run). mlir-aie's -aie-fuse-trace-buffers, which aiecc runs on every E3/E4 "
            "input, fuses again a module that it or aie-trace-fuse-buffers has fused; hand aiecc "
            "the module unfused (aie-trace-prepare leaves E3/E4 modules unfused)",
        )
        for run, passed, params in _traced_runs(graph)
        if passed > params
    ]


def left_to_toolchain(graph: cg.RunGraph, era: str) -> bool:
    """Whether the toolchain of ``era`` still fuses this module: its toolchain fuses (E3/E4) and a
    run of a traced design does not pass the design's trace argument yet."""
    return era in TOOLCHAIN_FUSES and any(
        passed < params for _, passed, params in _traced_runs(graph)
    )


def already_fused(graph: cg.RunGraph) -> list[Any]:
    """The sequences whose runs of traced designs already pass their slices (fused by
    aie-trace-fuse-buffers or by mlir-aie's own pass), each once, in module order."""
    seen: dict[int, Any] = {}
    for run, passed, params in _traced_runs(graph):
        own = _trace_buffer(run.callee)
        # (a callee tracing into its output buffer is passed all it takes unfused: the fuse
        # refuses to slice it, in its own words)
        if passed == params and (own is None or own.dedicated):
            seen.setdefault(structure.op_id(run.caller), run.caller)
    return list(seen.values())


def as_toolchain_builds(module: Any, era: str, diag: Any) -> Any:
    """``module`` as the toolchain's trace stage leaves it: for a module whose toolchain still
    fuses it (:func:`left_to_toolchain`), a fused copy (the original is untouched); otherwise
    ``module`` itself.

    The copy is fused by this engine with the choices of mlir-aie's pass (one region per run,
    shared by a loop's iterations; no merged back-to-back slices), which then gives the same
    arguments, operands, ``trace_buffer`` and ``trace_slices`` as mlir-aie's
    ``-aie-fuse-trace-buffers`` (test/unit/test_toolchain_fuse.py holds the two against each
    other) plus our ``aie_trace.slice_paths``. mlir-aie's pass rebases no integer address patch;
    where this engine would have to (a callee copy per call site), the toolchain's build differs
    from ours and each such run is a located error in ``diag`` (the pass fails)."""
    graph = cg.RunGraph(module)
    if not left_to_toolchain(graph, era):
        return module
    copy = structure.clone(module, None)
    fuse(
        copy,
        cg.RunGraph(copy),
        era,
        diag,
        era_given=True,
        loops=LoopMode.SHARED,
        merge=False,
    )
    copies = cg.RunGraph(copy)
    for seq in copies.sequences:
        for run in copies.runs(seq):
            if run.callee is not None and L.is_specialized(run.callee):
                diag.error(
                    run.op,
                    f"this call binds {cg.seq_label(run.callee)}'s buffers so that its integer "
                    "address patches (arg_idx) name other host buffers after inlining; "
                    "aie-trace-fuse-buffers rebases them, but mlir-aie's -aie-fuse-trace-buffers "
                    "(aiecc's trace stage) does not, and materialization copies arg_idx "
                    "verbatim: what aiecc builds would DMA to the wrong buffers. Name those "
                    "buffers by SSA operand (the E3/E4 address_patch 'buffer' operand)",
                )
    if diag.error_count:
        raise diag.fail()
    return copy


class ToolchainBuildError(Exception):
    """What the toolchain would build from a module cannot be computed or would be wrong; the
    message holds the located diagnostics."""


def toolchain_layouts(module: Any) -> list[Any]:
    """The trace layouts the toolchain builds from ``module`` (:func:`toolchain_view`): the ones
    every host tool reads. Raises :class:`ToolchainBuildError` and ``layout.LayoutError``.
    """
    from ..analysis import layout

    return layout.read_layouts(toolchain_view(module))


def toolchain_view(module: Any) -> Any:
    """:func:`as_toolchain_builds` for the host tools (run, layout, decode), with the era the
    module's op shapes show; raises :class:`ToolchainBuildError` with the located errors.
    """
    try:
        era = eras.detect_era(module)
    except eras.EraError:
        return module  # (the tools report a module that fits no era where they read it)
    diag = DiagnosticEngine()
    try:
        with structure.in_context_of(module), structure.unknown_location():
            return as_toolchain_builds(module, era, diag)
    # the fuse's refusals found while it rebases, said as its pass says them
    except (cg.GraphError, FusionError) as e:
        diag.error(e.op, e.message, e.notes)
    except PassFailure:
        pass
    raise ToolchainBuildError(
        "\n".join(d.format() for d in diag.diagnostics if d.severity == "error")
    )
