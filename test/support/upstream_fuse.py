# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A model of mlir-aie's own ``-aie-fuse-trace-buffers``, for tests: what aiecc's trace stage
does to every E3/E4 input (``tools/aiecc/IRTransforms.h``@63ac84e8d3eab2ea640317335da3e9cfbfd05d49, ``getTracePipeline``).

Followed: ``lib/Dialect/AIEX/Transforms/AIEFuseTraceBuffers.cpp``@f8438d271e39e2291d60564cd7f07a81bce1b888
(and @0b489e8070662195a77ea80220117dbf36740ddd), the versions the public index names by commit;
they record the layout in the in-review dictionaries (``aie.trace_buffer``/``aie.trace_slices``).
The index also holds a later version, not named by commit, that differs only in writing the merged
typed records (``trace_buffer = #aie.trace_buffer<...>``, ``trace_slices = [#aie.trace_slice<...>]``)
and in also refusing a callee that traces into its output buffer; this model writes the typed
records, as does the test that asserts them,
``test/dialect/AIEX/trace/test_fuse_trace_buffers.mlir``@93d0a7ccc8e30595f64a92d1f24d59380dee2564.
Written from their behaviour, independent of ``aie-trace-fuse-buffers``, so that tests can hold
our pass against it:

* every ``aie.runtime_sequence`` of every ``aie.device``, in module order, callees first,
  memoised (a sequence is fused once per run of the pass, and there is **no "already fused"
  state**: run again on its own output the pass fuses again);
* a sequence's claim is its own ``trace_buffer.size`` (0 without one) plus the claim of the callee
  of every ``aiex.run`` it holds (walked in pre-order, so a run inside an ``scf.for`` counts once);
* nothing changes when the claim is 0 or no callee adds to it; otherwise the trace argument is
  re-typed to ``memref<CLAIMxi8>`` (or a new last argument is added), and every run of a callee
  with a claim gets one more operand, appended after its own: a ``memref.subview`` of the fused
  argument at the running cursor, as many elements as the callee's trace argument has (that
  argument: its ``trace_buffer.arg_index``, else its last), ``memref.reinterpret_cast`` to its
  type;
* ``trace_slices`` lists the sequence's own slices (its existing ``trace_slices``, else one for
  its own buffer) then every callee's, shifted by the cursor; ``trace_buffer`` becomes
  ``arg_index`` = the fused argument, offset 0, size = claim, dedicated. No
  ``aie_trace.slice_paths`` (ours), no rebased patch, no per-iteration region;
* refusals: an unresolvable callee, ``reuse_output_buffer`` (not dedicated) on a caller with
  callee claims or on such a callee (raised as :class:`UpstreamFuseError` with the op).
"""

from __future__ import annotations

from typing import Any

from aie_trace.analysis import layout as L
from aie_trace.ir import aieops, attributes, builders, structure

RUN = "aiex.run"


class UpstreamFuseError(Exception):
    def __init__(self, op: Any, message: str):
        super().__init__(message)
        self.op = op


def fuse_like_upstream(module: Any) -> None:
    """Fuse ``module`` (a module op or ``ir.Module``) in place, as upstream's pass does."""
    op = structure.operation(module)
    with structure.in_context_of(op):
        _Pass(op).run()


class _Pass:
    def __init__(self, module: Any):
        self.module = module
        self.claim: dict[int, int] = {}
        self.slices: dict[int, list[L.Slice]] = {}
        self.done: set[int] = set()
        self.by_name = {
            (structure.device_name(d), structure.sequence_name(s)): s
            for d in structure.devices(module)
            for s in structure.sequences(d)
        }

    def run(self) -> None:
        for device in structure.devices(self.module):
            for seq in structure.sequences(device):
                self.fuse(seq)

    def callee(self, run: Any) -> Any:
        wrapped = aieops.Run(run)
        cfg = wrapped.configure
        seq = self.by_name.get((cfg.device_name if cfg else None, wrapped.callee_name))
        if seq is None:
            raise UpstreamFuseError(run, "cannot resolve callee runtime sequence")
        return seq

    def fuse(self, seq: Any) -> None:
        key = structure.op_id(seq)
        if key in self.done:
            return
        self.done.add(key)
        runs = structure.walk(seq, [RUN])
        for run in runs:
            self.fuse(self.callee(run))
        own = L.read_trace_buffer(seq)
        own_claim = own.size if own else 0
        total = own_claim + sum(
            self.claim[structure.op_id(self.callee(r))] for r in runs
        )
        self.claim[key] = total
        if total == 0:
            return
        if total == own_claim:
            self.slices[key] = self.own_slices(seq, own)
            return
        if own is not None and not own.dedicated:
            raise UpstreamFuseError(
                seq, "runs traced designs and sets reuse_output_buffer=true"
            )
        block = structure.first_block(seq)
        i8 = attributes.int_type(8)
        fused_type = attributes.memref_type([total], i8)
        if own is not None:
            fused = structure.block_arguments(block)[own.arg_index]
            structure.set_value_type(fused, fused_type)
        else:
            fused = structure.add_block_argument(
                block, fused_type, structure.location(seq)
            )
        flattened = self.own_slices(seq, own)
        cursor = own_claim
        for run in runs:
            callee = self.callee(run)
            callee_claim = self.claim[structure.op_id(callee)]
            if callee_claim == 0:
                continue
            cb = L.read_trace_buffer(callee)
            if cb is not None and not cb.dedicated:
                raise UpstreamFuseError(
                    run, "calls a design that sets reuse_output_buffer=true"
                )
            params = structure.seq_args(callee)
            arg = params[cb.arg_index if cb is not None else len(params) - 1]
            ctype = structure.value_type(arg)
            count = 1
            for d in attributes.memref_shape(ctype):
                count *= d
            _, cast = builders.byte_view(
                fused,
                cursor,
                count,
                ctype,
                structure.before(run),
                structure.location(run),
            )
            aieops.Run(run).with_args(
                structure.operands(run) + [structure.result(cast)]
            )
            structure.erase(run)
            flattened += [
                L.Slice(s.device, s.sequence, None, s.offset + cursor, s.size)
                for s in self.slices[structure.op_id(callee)]
            ]
            cursor += callee_claim
        self.slices[key] = flattened
        entries = ", ".join(
            f"#aie.trace_slice<device = {L._q(s.device)}, sequence = {L._q(s.sequence)}, "
            f"offset = {s.offset}, size = {s.size}>"
            for s in flattened
        )
        structure.set_raw_attr(
            seq, L.TRACE_SLICES, attributes.parse_attr(f"[{entries}]")
        )
        index = structure.argument_number(fused)
        structure.set_raw_attr(
            seq,
            L.TRACE_BUFFER,
            attributes.parse_attr(
                f"#aie.trace_buffer<arg_index = {index}, offset = 0, size = {total}, "
                "dedicated = true>"
            ),
        )

    def own_slices(self, seq: Any, own: L.TraceBuffer | None) -> list[L.Slice]:
        recorded = L.read_slices(seq)
        if recorded is not None:
            return [
                L.Slice(s.device, s.sequence, None, s.offset, s.size) for s in recorded
            ]
        if own is None:
            return []
        device, name = structure.device_name(
            structure.device_of(seq)
        ), structure.sequence_name(seq)
        return [L.Slice(device, name, None, 0, own.size)]
