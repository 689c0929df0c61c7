# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Step 1 of the fuse engine, the planner: the run graph in, one :class:`~fuse_records.Plan` per
original sequence out (callees first), before the IR changes. Each plan holds the sequence's own
trace, its traced call sites and its claim = own bytes + callee claims (x iterations of
per-iteration loops). Refusals found here are reported to the diagnostics, not raised.
"""

from __future__ import annotations

from typing import Any

from ..analysis import callgraph as cg
from ..analysis import layout as L
from ..analysis import tracedma
from ..ir import aieops, checking, forms, structure
from ..ir.structure import op_id
from .records import (
    BUFFER_PATCH_ERAS,
    I32_MAX,
    NEEDS_E4,
    U32_MAX,
    Context,
    LoopMode,
    Own,
    Plan,
    Site,
)


class OwnTraces:
    """Where each sequence's own trace lands, read from the IR only (the layout record, the
    tagged trace argument, or in E1/E2 the parameter call sites leave out or the trace DMA).
    """

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.short_reported: set[int] = set()  # runs appended() already refused
        self.reported: set[int] = set()  # patches already refused
        self.fixed_slot: dict[int, list[tuple[Any, int]]] = {}  # seq -> (patch, #)

    def of(self, k: int) -> Own:
        ctx, seq = self.ctx, self.ctx.op(k)
        problems = checking.trace_record_problems(seq, ctx.era)
        if problems:  # the record is read only as aie-trace-check-ir accepts it
            for message in problems:
                ctx.diag.error(seq, message)
            return Own()
        try:
            tb = L.read_trace_buffer(seq)
            if tb is not None:
                L.trace_host_buffer(seq, tb)
            slices = L.read_slices(seq) if tb is not None else None
        except L.LayoutError as e:
            ctx.diag.error(seq, str(e))
            return Own()
        if tb is not None:
            if slices is None:
                size = tb.size
            elif any(s.call_path is not None for s in slices):
                size = sum(s.size for s in slices if s.call_path == "")
            else:  # recorded by mlir-aie's own fuse pass: own slices name this sequence
                names = ctx.names(k)
                size = sum(s.size for s in slices if (s.device, s.sequence) == names)
            return Own(tb.arg_index, tb.offset, size, tb.dedicated)
        try:  # full-ELF control-packet flow: the appended trace argument is tagged, not recorded
            tagged = forms.tagged_trace_arg(seq)
        except forms.TaggedFormError as e:
            ctx.diag.error(e.op, e.message)
            return Own()
        if tagged is not None:
            nbytes = structure.memref_bytes(structure.seq_args(seq)[tagged].type) or 0
            return Own(tagged, 0, nbytes, True)
        if ctx.era in BUFFER_PATCH_ERAS:
            return Own()
        return self.appended(k) or self.dma(k)

    def appended(self, k: int) -> Own | None:
        """E1/E2 callee: the parameter its call sites leave out, named by one of its patches."""
        ctx, seq = self.ctx, self.ctx.op(k)
        params = structure.seq_args(seq)
        short = [
            r for r in ctx.callers(k) if structure.num_operands(r.op) < len(params)
        ]
        if not short:
            return None
        last = len(params) - 1
        host = structure.host_buffer_index(seq, last)
        named = host is not None and any(p.arg_idx == host for p in ctx.patches(k))
        for r in short:
            n = structure.num_operands(r.op)
            if n == last and named:
                continue
            self.short_reported.add(op_id(r.op))
            ctx.diag.error(
                r.op,
                f"passes {n} operand(s) but {ctx.label(k)} takes {len(params)}: parameter "
                f"#{n} ({params[n].type}) is missing; only the trace buffer that trace lowering appends (the "
                "last parameter, a memref that an address_patch of the callee names) may be left out",
            )
        nbytes = structure.memref_bytes(params[last].type) if named else None
        return Own(last, 0, nbytes or 0, True) if named else Own()

    def dma(self, k: int) -> Own:
        """E1/E2 sequence that nobody leaves a parameter out of: the patches of its trace BDs (one
        per trace channel, each at its own offset of one buffer)."""
        ctx, seq, era = self.ctx, self.ctx.op(k), self.ctx.era
        dev = structure.parent_named(seq, "aie.device")
        found = tracedma.trace_patches(
            structure.walk(seq)[1:], tracedma.trace_channels(dev), era
        )
        arg, spans, callers = None, [], ctx.callers(k)
        for p in found:
            n = aieops.AddressPatch(p, era).arg_idx
            b = structure.block_index_of_host_buffer(seq, n) if n is not None else None
            if b is None:
                if callers:
                    self.reported.add(op_id(p))
                    ctx.diag.error(
                        p,
                        f"this trace patch names host buffer #{n}, which {ctx.label(k)} does not "
                        "declare (the fixed-slot trace form of early trace lowering): after inlining it "
                        f"would name host buffer #{n} of the dispatched sequence. Re-run trace lowering "
                        "so that it appends a trace argument",
                    )
                else:
                    self.fixed_slot.setdefault(k, []).append((p, n))
                continue
            if arg is not None and arg != b:
                ctx.diag.error(
                    p,
                    f"trace patches of {ctx.label(k)} name two host buffers (block arguments "
                    f"#{arg} and #{b}); expected one trace buffer",
                )
                continue
            arg = b
            spans.append((aieops.AddressPatch(p, era).arg_plus or 0, p))
        if arg is None:
            return Own()
        value = structure.seq_args(seq)[arg]
        lo = min(plus for plus, _ in spans)
        if not structure.has_uses(value) and lo == 0:
            # (reuse_output_buffer puts the trace after the output)
            return Own(arg, 0, structure.memref_bytes(value.type) or 0, True)
        hi = max(plus + self.bd_bytes(seq, p) for plus, p in spans)
        return Own(arg, lo, hi - lo, False)

    def bd_bytes(self, seq: Any, patch: Any) -> int:
        era = self.ctx.era
        key, size = tracedma.patch_bd(patch, era), 0
        for op in structure.walk(seq, ["aiex.npu.writebd", "aiex.npu.address_patch"]):
            if op == patch:
                return size
            if op.name == "aiex.npu.writebd" and tracedma.writebd_key(op, era) == key:
                size = tracedma.writebd_bytes(op, era) or 0
        return size


class Planner:
    """One plan per original sequence, callees first."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.own = OwnTraces(ctx)
        #: traced sequence -> what its back-to-back events are read from (the recorder's input,
        #: read while the run graph's op tree is the IR's)
        self.event_items: dict[int, list[tuple]] = {}

    def originals(self) -> list[int]:
        """Sequences that are not specialized copies, callees first (a run of a copy counts as a
        run of the sequence it was made from)."""
        ctx = self.ctx
        ctx.g.bottom_up()  # raises GraphError on a cycle
        order: list[int] = []
        seen: set[int] = set()

        def visit(k: int) -> None:
            seen.add(k)
            for run in ctx.runs(k):
                callee = ctx.callee(run)
                if callee not in seen:
                    visit(callee)
            order.append(k)

        for seq in ctx.g.sequences:
            if not L.is_specialized(seq):
                k = ctx.key(seq)
                if k not in seen:
                    visit(k)
        return order

    def plan(self, k: int) -> Plan:
        ctx, seq = self.ctx, self.ctx.op(k)
        own = self.own.of(k)
        if ctx.callers(k):
            self.check_declared(k)
        sites: list[Site] = []
        cursor = own.size
        params: dict[int, list[Any]] = {}  # callee -> its parameters
        for run in ctx.runs(k):
            callee = ctx.callee(run)
            cp = ctx.plans[callee]
            if cp.claim == 0:
                continue
            if not cp.own.dedicated:
                ctx.diag.error(
                    run.op,
                    "calls a design that sets trace.host_config reuse_output_buffer=true. "
                    "That design writes its trace data into its own output buffer, so this call site "
                    "has no argument to slice. Slicing an output buffer is not supported. Use a "
                    "separate trace buffer instead",
                )
                continue
            trips = self.trips(run)
            if callee not in params:
                params[callee] = structure.seq_args(ctx.op(callee))
            if trips is None or not self.passes_all_but_trace(
                run, callee, params[callee], cp
            ):
                continue
            site = Site(run.ordinal, callee, cursor, cp.claim, tuple(trips))
            sites.append(site)
            cursor += site.per * site.count
        if sites and own.arg is None:
            self.check_fixed_slot(k)
        if sites and own.size and not own.dedicated:
            ctx.diag.error(
                seq,
                "runs traced designs and sets trace.host_config reuse_output_buffer=true. "
                "Growing the output buffer to hold their slices is not supported. Use a separate "
                "trace buffer instead",
            )
        self.check_claim(seq, cursor, bool(sites))
        if cursor:
            self.event_items[k] = _event_items(
                ctx.g.body_nodes(seq), iter(range(len(ctx.runs(k))))
            )
        trace_arg = own.arg
        if trace_arg is None and sites:  # a new last argument
            trace_arg = len(structure.seq_args(seq))
        return Plan(own, cursor, tuple(sites), trace_arg)

    def check_claim(self, seq: Any, claim: int, fused: bool) -> None:
        """The fused buffer must fit the layout record (E3/E4) and its offsets ``arg_plus``."""
        ctx = self.ctx
        if ctx.era in L.ERAS_WITH_UPSTREAM_LAYOUT and claim > U32_MAX:
            ctx.diag.error(
                seq,
                f"the fused trace buffer would be {claim} bytes; trace buffers cannot exceed 4 GiB "
                f"(#aie.trace_buffer records its size as an unsigned 32-bit integer)",
            )
        elif fused and claim - 1 > I32_MAX and not ctx.wide:
            ctx.diag.error(
                seq,
                (
                    (
                        f"the fused trace buffer would be {claim} bytes: offsets above {I32_MAX} need "
                        + NEEDS_E4
                    )
                    if ctx.ambiguous
                    else f"the fused trace buffer would be {claim} bytes, but arg_plus is i32 in IR "
                    f"era {ctx.era}: offsets above {I32_MAX} do not fit (E4 widens arg_plus to i64)"
                ),
            )

    def check_fixed_slot(self, k: int) -> None:
        """A fused buffer appended to a sequence must not be the host buffer its own fixed-slot
        trace names (both would land at its start)."""
        ctx = self.ctx
        fused = sum(
            structure.is_host_buffer_type(structure.value_type(a))
            for a in structure.seq_args(ctx.op(k))
        )
        for p, n in self.own.fixed_slot.get(k, []):
            if n == fused:
                ctx.diag.error(
                    p,
                    f"this trace patch names host buffer #{n}, which {ctx.label(k)} does not "
                    "declare (the fixed-slot trace form of early trace lowering), and the fused trace "
                    f"buffer of the traced designs it runs would be host buffer #{n} too. Re-run trace "
                    "lowering so that it appends a trace argument",
                )

    def check_declared(self, k: int) -> None:
        """Every integer patch of a callee names a host buffer the callee declares (else inlining
        makes it name whatever the dispatched sequence has at that index)."""
        ctx = self.ctx
        for p in ctx.patches(k):
            n = p.arg_idx
            op = ctx.patch_op(k, p.index)
            if n is not None and p.block is None and op_id(op) not in self.own.reported:
                ctx.diag.error(
                    op,
                    f"this address_patch names host buffer #{n}, which {ctx.label(k)} does "
                    f"not declare: after inlining it would name host buffer #{n} of the dispatched sequence",
                )

    def passes_all_but_trace(
        self, run: cg.Run, callee: int, params: list[Any], cp: Plan
    ) -> bool:
        """A run of a traced design passes every parameter, or every one but its trace buffer
        when that is the last parameter (what trace lowering appended)."""
        ctx = self.ctx
        n = structure.num_operands(run.op)
        if (
            n == len(params)
            or (n == len(params) - 1 and cp.trace_arg == n)
            or (
                run.callee != ctx.op(callee)
                and n == len(structure.seq_args(run.callee))
            )
        ):
            return True  # (a specialized copy may take iteration indices after the callee's parameters)
        if n < len(params):
            if op_id(run.op) not in self.own.short_reported:
                ctx.diag.error(
                    run.op,
                    f"passes {n} operand(s) but {ctx.label(callee)} takes {len(params)}: "
                    f"parameter #{n} ({params[n].type}) is missing; only the trace buffer that trace "
                    "lowering appends (the last parameter) may be left out",
                )
        else:
            ctx.diag.error(
                run.op,
                f"passes {n} operand(s) but {ctx.label(callee)} takes {len(params)}",
            )
        return False

    def trips(self, run: cg.Run) -> list[int] | None:
        ctx = self.ctx
        if not run.loops or ctx.loops == LoopMode.SHARED:
            return []
        what = f"runs traced design @{run.device}:@{run.callee_name} inside an scf.for"
        if ctx.loops == LoopMode.ERROR:
            ctx.diag.error(
                run.op,
                f"{what} (loops=error): unroll the loop, or choose loops=per-iteration "
                "(a region per iteration) or loops=shared (one region for every iteration)",
            )
            return None
        if ctx.era == "E1":
            ctx.diag.error(
                run.op,
                f"{what}: a region per iteration needs an SSA arg_plus to carry the "
                "iteration's offset, and arg_plus is an attribute in IR era E1; unroll the loop first, "
                "or use loops=shared",
            )
            return None
        out = []
        for loop in run.loops:
            bounds = loop_bounds(loop)
            if any(not isinstance(b, int) for b in bounds) or bounds[2] <= 0:
                ctx.diag.error(
                    run.op,
                    f"{what} whose trip count is not static: unroll the loop first, or use "
                    "loops=shared (one region for every iteration)",
                )
                return None
            out.append(len(range(*bounds)))
        return out


def loop_bounds(loop: Any) -> list[int | None]:
    """(lower bound, upper bound, step) of an ``scf.for``, each an int when it folds."""
    return [cg.eval_int(v, lambda _: None) for v in structure.operands(loop)[:3]]


def _event_items(nodes: list[Any], ordinals: Any) -> list[tuple]:
    """What the back-to-back check reads of a body (the run graph's op tree), in order: device
    loads ``("load", device)``, runs ``("run", ordinal)`` (``ordinals`` counts runs in walk order,
    as the run graph does) and loops ``("for", key, trip count, items)`` (a loop whose trip count
    is not static: once)."""
    items: list[tuple] = []
    for n in nodes:
        name = n.name
        if name in ("aiex.configure", "aiex.npu.load_pdi"):
            device = aieops.Op.of(n.op).device_name
            if device is not None:
                items.append(("load", device))
        elif name == "aiex.run":
            items.append(("run", next(ordinals)))
        if name == "scf.for":
            bounds = loop_bounds(n.op)
            trips = (
                len(range(*bounds))
                if all(isinstance(b, int) for b in bounds) and bounds[2] > 0
                else 1
            )
            items.append(
                ("for", op_id(n.op), trips, _event_items(n.children[0], ordinals))
            )
            continue
        for b in n.children:
            items.extend(_event_items(b, ordinals))
    return items
