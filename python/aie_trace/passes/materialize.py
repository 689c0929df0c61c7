# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-materialize: inline aiex.run calls as mlir-aie's -aie-materialize-runtime-sequences does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from aie_trace.ir import structure
from aie_trace.models.materialize import materialize

from ._era import EraPass


@dataclass(frozen=True)
class Materialize(EraPass):
    """Inline ``aiex.run`` calls the way mlir-aie's ``-aie-materialize-runtime-sequences`` does.

    Expects: a module whose runs resolve (the callee is named in the device of the enclosing
    ``aiex.configure``), pass exactly the callee's parameters and form no cycle, and whose
    sequences name by symbol only shim DMA allocations, devices, sequences and buffers; each
    refusal is upstream's error text (extra facts as notes). Guarantees after: no
    ``aiex.configure`` / ``aiex.run`` remain; each configure became an ``aiex.npu.load_pdi
    {device_ref = @dev}`` (with the configure's ``expand_mode``) followed by the inlined callee
    bodies (SSA operands remapped to the run's operands), leaf callees first; the tiles, locks,
    buffers and symbols they use are cloned into the caller's device once per device, clashing
    names renamed ``name_N``; ``create_scratchpad`` is hoisted to its sequence's start and kept
    once; the sequences' constants sit at their device's start, one per value. Callee sequences
    stay in the module (python/aie_trace/models/materialize.py has the rules and their sources).
    This is a stand-in for mlir-aie's C++ pass when it is not installed (tests, the emulator); with
    mlir-aie, put the real ``aie-materialize-runtime-sequences`` in the same place of the pipeline.
    """

    name: ClassVar[str] = "aie-trace-materialize"
    summary: ClassVar[str] = (
        "Inline aiex.run calls as -aie-materialize-runtime-sequences does"
    )

    def run(self, module, diag) -> None:
        era = self.module_era(module, diag)
        with structure.in_context_of(module):
            materialize(module, era)
