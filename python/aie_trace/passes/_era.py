# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What every aie pass shares: the ``era`` option and its resolution, and the checked run graph."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from aie_trace.analysis import callgraph
from aie_trace.ir import eras
from aie_trace.passes.base import Pass, option


@dataclass(frozen=True)
class EraPass(Pass):
    """A pass over aie/aiex IR whose op forms depend on the IR era (see docs/ir-eras.md)."""

    era: Literal["auto", "E1", "E2", "E3", "E4"] = option(
        "auto", "IR era (auto: read from the op shapes)"
    )

    def module_era(self, module, diag, graph: callgraph.RunGraph | None = None) -> str:
        """The era option, or with ``auto`` the era the module's op shapes fit (read from the ops
        ``graph`` read, when given); a module mixing eras fails the pass at the first op that
        contradicts the others (an ``EraError``, reported by the pass runner)."""
        if self.era != "auto":
            return self.era
        return (
            eras.detect_era(module) if graph is None else eras.era_of_ops(graph.ops())
        )

    def check_graph(self, graph: callgraph.RunGraph, diag) -> None:
        """Fail the pass on the run graph's unresolvable callees and cycles, each located."""
        for op, msg in graph.errors:
            diag.error(op, msg)
        if graph.errors:
            raise diag.fail()
