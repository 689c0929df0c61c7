# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-prepare: the steps between mlir-aie's trace lowering and aiecc, under one name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from aie_trace.registry import option, register

from ._era import EraPass
from .check_ir import CheckIR
from .fuse_buffers import FuseTraceBuffers
from .verify_patches import VerifyPatches


@register
@dataclass(frozen=True)
class Prepare(EraPass):
    """Fuse, prove and check a module as mlir-aie's trace lowering leaves it, ready for aiecc.

    Expects: a module after mlir-aie's trace lowering (``-aie-insert-trace-flows
    -aie-trace-to-config -aie-trace-pack-reg-writes -aie-inline-trace-config``), not materialized:
    aiecc materializes the runtime sequences itself after resource allocation and routing, and
    resolves ``buffer`` patches (E3/E4) after that. Runs, in order, ``aie-trace-fuse-buffers``
    (with this pass's ``era``, ``loops`` and ``merge-back-to-back``), ``aie-trace-verify-patches``
    and ``aie-trace-check-ir``; the same as writing the three in a pipeline. Guarantees after: what
    the three guarantee (one fused trace buffer per dispatched sequence, every patch proven to land
    in its slice, every aie/aiex op valid in the module's era). When any of them fails the module is
    left exactly as it was, with their located errors.
    """

    name: ClassVar[str] = "aie-trace-prepare"
    #: it changes IR only through the IR layer (test_ir_layer.py holds it)
    through_layer: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "aie-trace-fuse-buffers, aie-trace-verify-patches, aie-trace-check-ir: ready for aiecc"
    )

    loops: Literal["per-iteration", "shared", "error"] = option(
        "per-iteration",
        "Traced runs inside scf.for (aie-trace-fuse-buffers' loops option)",
    )
    merge_back_to_back: bool = option(
        False,
        "Record back-to-back runs of one device as one slice (aie-trace-fuse-buffers' option)",
    )

    def steps(self) -> list[EraPass]:
        return [
            FuseTraceBuffers(
                era=self.era,
                loops=self.loops,
                merge_back_to_back=self.merge_back_to_back,
            ),
            VerifyPatches(era=self.era),
            CheckIR(era=self.era),
        ]

    def run(self, module, diag) -> None:
        # A step that fails stops the rest; the pass runner puts the module back as it was.
        for step in self.steps():
            errors = diag.error_count
            step.run(module, diag)
            if diag.error_count > errors:
                raise diag.fail()
