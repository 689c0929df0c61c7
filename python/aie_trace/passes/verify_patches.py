# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-verify-patches: prove statically that trace data lands where the layout says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis.verify import check_patches

from ._era import EraPass


@dataclass(frozen=True)
class VerifyPatches(EraPass):
    """Check every address patch as it executes after verbatim inlining.

    Expects: any module, before or after materialization. From every dispatched sequence (every
    ``aie.runtime_sequence`` that is not a specialized copy), the pass simulates verbatim inlining
    through the run graph (SSA operands remapped, attributes read as written) and checks: every run
    passes exactly its callee's parameters ("one argument short" names the missing parameter, and
    says so when it is the trace buffer the callee tags ``aie.trace_buffer_arg``); each
    ``address_patch`` names a host buffer the dispatched sequence has (an integer ``arg_idx`` is
    read verbatim; a ``buffer`` operand is followed through its views); an integer patch inside a
    callee lands where the call binds the buffer it names (for a patch fuse rebased in a specialized
    copy, the buffer its original names: ``aie_trace.rebased_from``); the bytes its BD writes
    (``buffer_length`` of the preceding ``writebd`` of the same shim column and BD, the ``addr``
    decoded with the shim BD address arithmetic) lie inside that buffer; trace regions (BDs started
    on a shim S2MM channel that a trace packet flow feeds) of different call sites are disjoint, and
    disjoint from the data regions (patches and ``dma_memcpy_nd``) sharing their buffer; and when
    the sequence records a layout, each call's trace lands in the layout's buffer, inside the slice
    of its call path (after materialization, or when the layout names no call paths as mlir-aie's
    own fuse pass records it, inside a slice of its device); and a trace BD started under a
    sequence tagged ``aie.trace_buffer_arg = N`` writes inside what its argument N is bound to
    (wherever N sits among the arguments). Guarantees after: the
    IR is unchanged; every violation is a located error.
    """

    name: ClassVar[str] = "aie-trace-verify-patches"
    #: it never changes IR: no copy is taken on entry (test_rollback.py holds it)
    read_only: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "Check that every address patch lands inside its buffer and its layout slice"
    )

    def run(self, module, diag) -> None:
        graph = cg.RunGraph(
            module
        )  # one read of the module, for its era and for the checks
        era = self.module_era(module, diag, graph)
        self.check_graph(graph, diag)
        check_patches(graph, era, diag)
        if diag.error_count:
            raise diag.fail()
