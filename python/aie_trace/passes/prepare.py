# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-prepare: the steps between mlir-aie's trace lowering and aiecc, under one name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis import layout as L
from aie_trace.passes.base import option
from aie_trace.transforms import fusion

from ._era import EraPass
from .check_ir import CheckIR
from .fuse_buffers import FuseTraceBuffers
from .materialize import Materialize
from .resolve_patch_buffers import ResolvePatchBuffers
from .verify_patches import VerifyPatches

#: what aiecc runs on an E3/E4 module after this pass, in its order
TOOLCHAIN_STEPS = (
    "-aie-fuse-trace-buffers",
    "-aie-materialize-runtime-sequences",
    "-aie-resolve-address-patch-buffers",
)


@dataclass(frozen=True)
class Prepare(EraPass):
    """Ready a module as mlir-aie's trace lowering leaves it for the aiecc of its IR era, and prove
    what aiecc will build from it.

    Expects: a module after mlir-aie's trace lowering (``-aie-insert-trace-flows
    -aie-trace-to-config -aie-trace-pack-reg-writes -aie-inline-trace-config``), not materialized
    and not fused. The flow follows the toolchain, read from the IR era:

    * **E1/E2** (an aiecc without a fuse pass): runs ``aie-trace-fuse-buffers`` (with this pass's
      ``era``, ``loops`` and ``merge-back-to-back``), ``aie-trace-verify-patches`` and
      ``aie-trace-check-ir``, the same as writing the three in a pipeline. Guarantees after: one
      fused trace buffer per dispatched sequence, every patch proven to land in its slice.
    * **E3/E4** (aiecc runs mlir-aie's own ``-aie-fuse-trace-buffers`` on every input, and that
      pass fuses again whatever is already fused): checks the module (``aie-trace-check-ir``),
      refuses one that is already fused (one located error per fused sequence), then runs on a
      copy what aiecc will run, fuse -> materialize -> resolve (the fuse with mlir-aie's choices:
      one region per run; ``loops`` and ``merge-back-to-back`` do not apply) and
      ``aie-trace-verify-patches`` before and after materialization. The module is handed on
      unfused and unchanged; a remark on each dispatched sequence says what was proven and what
      was left to aiecc.

    When any step fails the module is left exactly as it was, with the located errors.
    """

    name: ClassVar[str] = "aie-trace-prepare"
    summary: ClassVar[str] = (
        "Ready a traced module for its aiecc: fuse + verify + check-ir (E1/E2); check-ir and "
        "the proof of aiecc's own fuse on a copy, module left unfused (E3/E4)"
    )

    loops: Literal["per-iteration", "shared", "error"] = option(
        "per-iteration",
        "Traced runs inside scf.for (aie-trace-fuse-buffers' loops option; E1/E2)",
    )
    merge_back_to_back: bool = option(
        False,
        "Record back-to-back runs of one device as one slice (aie-trace-fuse-buffers' option; "
        "E1/E2)",
    )

    def steps(self) -> list[EraPass]:
        """The E1/E2 flow."""
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
        graph = cg.RunGraph(module)
        era = self.module_era(module, diag, graph)
        if era in fusion.TOOLCHAIN_FUSES:
            self.prove_for_toolchain(module, graph, era, diag)
            return
        # A step that fails stops the rest; the pass runner puts the module back as it was.
        for step in self.steps():
            self.step(step, module, diag)

    @staticmethod
    def step(step: EraPass, module, diag) -> None:
        errors = diag.error_count
        step.run(module, diag)
        if diag.error_count > errors:
            raise diag.fail()

    def prove_for_toolchain(self, module, graph: cg.RunGraph, era: str, diag) -> None:
        self.step(CheckIR(era=era), module, diag)
        self.check_graph(graph, diag)
        for seq in fusion.already_fused(graph):
            diag.error(
                seq,
                f"{cg.seq_label(seq)} is already fused (its runs of traced designs pass their "
                f"slices): in IR era {era} aiecc runs mlir-aie's -aie-fuse-trace-buffers on "
                "every input, and that pass fuses a fused module again (the trace argument "
                "grows to twice its size and every run gets a second slice operand). Hand "
                "aie-trace-prepare the module as trace lowering leaves it",
            )
        if diag.error_count:
            raise diag.fail()
        if not fusion.left_to_toolchain(graph, era):
            # nothing for aiecc's fuse to do: what aiecc builds is this module's patches
            self.step(VerifyPatches(era=era), module, diag)
            return
        built = fusion.as_toolchain_builds(module, era, diag)
        layouts = {lay.kernel: lay for lay in L.read_layouts(built)}
        for step in (
            VerifyPatches(era=era),
            Materialize(era=era),
            ResolvePatchBuffers(era=era),
            VerifyPatches(era=era),
        ):
            self.step(step, built, diag)
        self.remark(module, layouts, era, diag)

    @staticmethod
    def remark(module, layouts: dict[str, L.Layout], era: str, diag) -> None:
        from aie_trace.analysis.dispatch import entries, kernel_name

        for seq in entries(module):
            lay = layouts.get(kernel_name(seq))
            if lay is None:
                continue
            diag.remark(
                seq,
                f"IR era {era}: left unfused for aiecc, which runs "
                f"{', '.join(TOOLCHAIN_STEPS)}; proven on a copy run through them: "
                f"{cg.seq_label(seq)} gets a {lay.size}-byte trace buffer (argument "
                f"#{lay.arg_index}) with {len(lay.slices)} slice(s), every patch in its slice",
            )
