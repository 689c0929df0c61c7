# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-fuse-buffers: one fused trace buffer per dispatched sequence, a slice per call site."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from aie_trace.analysis import callgraph as cg
from aie_trace.passes.base import option
from aie_trace.transforms.fusion import LoopMode, fuse

from ._era import EraPass


@dataclass(frozen=True)
class FuseTraceBuffers(EraPass):
    """Give every runtime sequence that runs traced designs one fused trace buffer.

    Expects: a module after mlir-aie's trace lowering (``-aie-inline-trace-config``) and before
    ``-aie-materialize-runtime-sequences``, in any IR era. A traced sequence's trace argument is
    read from the IR: E3/E4 ``trace_buffer.arg_index``; E1/E2 the parameter its call sites do not
    pass (the argument lowering appended) and the address patch that names it, or, for a sequence
    nobody runs, the patch whose BD is started on a shim S2MM channel fed by a trace packet flow.

    Guarantees after, for every sequence whose claim (own trace bytes + the claims of everything it
    runs) includes callees: one ``memref<TOTALxi8>`` argument (its own trace argument re-typed, or
    a new last argument), own traces at the front, then one region per call site in program order
    (per loop iteration with ``loops=per-iteration``); each run is passed its region as
    ``memref.subview`` + ``memref.reinterpret_cast`` typed as the callee's trace argument. Every
    integer ``address_patch`` inside a callee is rebased so that verbatim inlining (what
    materialization does) leaves it naming the dispatched sequence's host buffer with ``arg_plus``
    raised by the view's byte offset, composed through nested calls: when call sites need different
    values the callee is specialized per call site into a private copy ``<callee>.<root>.<path>``
    marked ``aie_trace.specialized_from``, each patch it rebases marked ``aie_trace.rebased_from =
    {addr, arg_idx, arg_plus}`` (the values of the original's patch it was made from); the
    original is untouched (drop the copies after materialization with
    ``aie-trace-drop-specialized``). Patches with a ``buffer`` operand are
    left to mlir-aie's ``-aie-resolve-address-patch-buffers``. The layout is recorded on every
    traced sequence (E3/E4 ``trace_buffer``/``trace_slices``, E1/E2 ``aie_trace.trace_buffer``/
    ``aie_trace.trace_slices``, every era ``aie_trace.slice_paths``). Back-to-back runs of one
    device share the hardware trace BD: a warning at the second run, or one merged slice
    (``a+b``) with ``merge-back-to-back``. Running the pass twice changes nothing the
    second time (a copy made before is reused only when it is the IR the pass makes for it now;
    one that differs is refused at its first differing op),
    nor does running it on a module mlir-aie's ``-aie-fuse-trace-buffers`` fused (its E3/E4
    output equals that pass's but for ``aie_trace.slice_paths``, and upstream's record is left as
    it is); untraced modules are unchanged. A module fused twice (runs of traced designs passing
    more operands than their callee takes) is refused at each such run. E3/E4 toolchains fuse by
    themselves: hand aiecc the module unfused (``aie-trace-prepare``), this pass's output only to
    pipelines that do not fuse again. Errors (located): unresolvable callees, cycles, a run that
    omits a non-trace parameter, ``reuse_output_buffer`` on either side of a fused call, a patch
    naming a host buffer its callee does not declare, offsets that do not fit ``arg_plus`` (i32;
    i64 in E4, written by ``era=auto`` only when the module shows E4), E3/E4 fused buffers of
    4 GiB or more (``#aie.trace_buffer`` holds an unsigned 32-bit size), runs in loops that the selected loop mode cannot lay out.
    """

    name: ClassVar[str] = "aie-trace-fuse-buffers"
    summary: ClassVar[str] = (
        "Fuse callee trace buffers into one buffer per dispatched sequence"
    )

    loops: Literal["per-iteration", "shared", "error"] = option(
        "per-iteration",
        "Traced runs inside scf.for: a region per iteration, one region shared by all "
        "iterations, or an error",
    )
    merge_back_to_back: bool = option(
        False,
        "Record back-to-back runs of one device (which share its trace BD) as one slice. This "
        "yields fewer slices than mlir-aie's -aie-fuse-trace-buffers: hosts that expect one slice per run "
        "(mlir-aie's npu-xrt tests, IRON) must leave it off",
    )

    def run(self, module, diag) -> None:
        graph = cg.RunGraph(module)  # (the era is read from the ops the graph reads)
        era = self.module_era(module, diag, graph)
        self.check_graph(graph, diag)
        fuse(
            module,
            graph,
            era,
            diag,
            era_given=self.era != "auto",
            loops=LoopMode(self.loops),
            merge=self.merge_back_to_back,
        )
