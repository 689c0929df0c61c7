# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The engine behind ``aie-trace-fuse-buffers`` (see the pass for the contract).

Four steps, each over the run graph, each its own module; they hand each other the plain records
of :mod:`aie_trace.fuse_records`:

1. **plan** (:mod:`~aie_trace.fuse_plan`, callees first): each sequence's own trace (argument,
   bytes, dedicated or shared with an output), the call sites that run traced designs, and its
   claim = own bytes + callee claims (x iterations of per-iteration loops). Refusals are found
   here, before the IR changes (only a rebased patch whose ``arg_plus`` overflows or whose buffer
   binds to no static view is found in step 3; the pass then puts the module back as it was).
2. **restructure** (:mod:`~aie_trace.fuse_rewrite`, callees first): the fused
   ``memref<CLAIMxi8>`` argument, and at each call site the callee's trace argument as a
   subview + reinterpret_cast of it at the site's cursor.
3. **rebase** (:mod:`~aie_trace.fuse_rewrite` and :mod:`~aie_trace.fuse_copies`, every sequence as
   a dispatched root): simulate verbatim inlining with frames; an integer ``address_patch``
   inside a callee must name the root's host buffer and carry the view's byte offset in
   ``arg_plus``. Callees whose patches (or nested calls) need other values at this call site are
   specialized into private copies ``<callee>.<root>.<path>``.
4. **record** (:mod:`~aie_trace.fuse_record`): the layout (flattened slices with call paths) on
   every traced sequence, and the back-to-back check (warning, or merged slices).
"""

from __future__ import annotations

from typing import Any

from . import aieir
from . import callgraph as cg
from .forms import in_review_problems
from .fuse_plan import Planner
from .fuse_record import Recorder
from .fuse_records import REBASED_FROM, Context, FusionError, LoopMode
from .fuse_rewrite import Call, Rebaser, Restructurer
from .materialize import run_type_mismatches
from .resolve import shows_e4

__all__ = ["REBASED_FROM", "Call", "Fusion", "FusionError", "LoopMode", "fuse"]


def fuse(
    module: Any,
    graph: cg.RunGraph,
    era: str,
    diag: Any,
    *,
    era_given: bool,
    loops: LoopMode = LoopMode.PER_ITERATION,
    merge: bool = False,
) -> None:
    """Fuse ``module`` (its run graph ``graph``, checked; IR era ``era``, given by the caller
    when ``era_given``, else read from the op shapes): every refusal is a located error in
    ``diag``, and the pass fails (``diag.fail()``). Some refusals are found while rebasing, after
    the IR changed: the pass runner then puts the module back as it was."""
    for op, message in in_review_problems(module):
        diag.error(op, message)
    for op, message in run_type_mismatches(graph):
        diag.error(op, message)
    if diag.error_count:
        raise diag.fail()
    # an i64 arg_plus is written in E4 when the caller says so or the module itself shows E4
    wide = era == "E4" and (era_given or shows_e4(module))
    try:
        with aieir.in_context_of(module):
            Fusion(graph, era, loops, merge, diag, wide, era == "E4" and not wide).run()
    except (cg.GraphError, FusionError) as e:
        raise diag.fail(e.op, e.message) from None
    if diag.error_count:
        raise diag.fail()


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

    def run(self) -> None:
        ctx = self.ctx
        planner = Planner(ctx)
        order = planner.originals()
        for k in order:
            ctx.plans[k] = planner.plan(k)
        if ctx.diag.error_count:
            return
        restructurer = Restructurer(ctx)
        for k in order:
            restructurer.restructure(k)
        rebaser = Rebaser(ctx, restructurer.views)
        for k in order:
            rebaser.rebase_root(k)
        if ctx.diag.error_count:
            return
        recorder = Recorder(ctx, planner.event_items, self.merge)
        for k in order:
            recorder.record(k)
