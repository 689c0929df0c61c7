# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The engine behind ``aie-trace-fuse-buffers`` (see the pass for the contract).

Four steps, each over the run graph:

1. **plan** (callees first): each sequence's own trace (argument, bytes, dedicated or shared with
   an output), the call sites that run traced designs, and its claim = own bytes + callee claims
   (x iterations of per-iteration loops). Refusals are found here, before the IR changes (only a
   rebased patch whose ``arg_plus`` overflows or whose buffer binds to no static view is found in
   step 3; the pass then puts the module back as it was).
2. **restructure** (callees first): the fused ``memref<CLAIMxi8>`` argument, and at each call site
   the callee's trace argument as a subview + reinterpret_cast of it at the site's cursor.
3. **rebase** (every sequence as a dispatched root): simulate verbatim inlining with frames; an
   integer ``address_patch`` inside a callee must name the root's host buffer and carry the view's
   byte offset in ``arg_plus``. Callees whose patches (or nested calls) need other values at this
   call site are specialized into private copies ``<callee>.<root>.<path>``. Offsets that depend on
   a per-iteration loop are affine in the loop's iteration index: the copy takes the index as an
   extra trailing ``i32`` parameter and computes ``arg_plus`` from it (and a ``buffer`` patch
   under such a loop becomes an integer patch, which mlir-aie's resolver could not compute).
4. **record**: the layout (flattened slices with call paths) on every traced sequence, and the
   back-to-back check (warning, or merged slices).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from . import aieir, tracedma
from . import callgraph as cg
from . import layout as L
from . import materialize as M
from .aieir import ir
from .callgraph import Affine, BufferRef, IterSym, op_key

I32_MAX = 2**31 - 1
I64_MAX = 2**63 - 1
#: the largest ``size``/``offset`` of mlir-aie's ``#aie.trace_buffer``/``#aie.trace_slice``
#: records (E3/E4), unsigned 32-bit parameters (docs/ir-eras.md)
U32_MAX = 2**32 - 1
BUFFER_PATCH_ERAS = ("E3", "E4")
#: why a module read as E4 that fits E3 too gets no i64 ``arg_plus`` (as ``resolve`` says it)
NEEDS_E4 = (
    "an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: "
    "pass era=E4 if its mlir-aie has PR #3718"
)
#: on a patch of a specialized copy that fuse rebased: the index of the address patch of the
#: original (in pre-order) it was made from, so that readers pair them by provenance, not position
REBASED_FROM = "aie_trace.rebased_from"


class LoopMode(str, Enum):
    PER_ITERATION = "per-iteration"
    SHARED = "shared"
    ERROR = "error"


class FusionError(Exception):
    def __init__(self, op: Any, message: str):
        super().__init__(message)
        self.op = op
        self.message = message


@dataclass
class Own:
    """A sequence's own trace: the argument it lands in, where, how many bytes, and whether the
    argument exists for trace alone (``dedicated``) or is an output it shares."""

    arg: int | None = None
    offset: int = 0
    size: int = 0
    dedicated: bool = True


@dataclass
class Site:
    run: cg.Run
    callee: Any
    cursor: int
    per: int  # claim of one call
    trips: list[int] = field(
        default_factory=list
    )  # per-iteration loops, outermost first

    @property
    def count(self) -> int:
        n = 1
        for t in self.trips:
            n *= t
        return n


@dataclass
class Plan:
    own: Own
    claim: int
    sites: list[Site]
    trace_arg: int | None


@dataclass(eq=False)
class Patch:
    """An address patch of an original sequence, read once: integer (``arg_idx``, and the block
    argument it names) or ``buffer`` form, and its constant ``arg_plus`` (None if not constant).
    """

    op: Any
    arg_idx: int | None
    block: int | None
    plus: int | None
    buffer: Any
    era: str

    @property
    def is_int(self) -> bool:
        return self.buffer is None

    @functools.cached_property
    def plus_index(self) -> int:
        """The operand position of an SSA ``arg_plus`` (a copy's patch has it at the same place)."""
        return _operand_index(self.op, "arg_plus", self.era)


@dataclass
class Spec:
    """What one callee must look like at one call site: a symbol and the iteration symbols its
    caller must pass."""

    name: str
    needs: list[IterSym]


def _seq_name(seq: Any) -> str:
    return aieir.symbol_name(seq) or "sequence"


def _dev_name(seq: Any) -> str:
    return aieir.symbol_name(aieir.parent_named(seq, "aie.device")) or "main"


def _join(step: str, path: str | None) -> str:
    if not path:
        return step
    return "+".join(f"{step}/{p}" if p else step for p in path.split("+"))


class Call:
    """The frame of one call (``run`` of ``callee`` from the frame ``caller()``), entered when first
    needed; one argument of it is read without entering it (most calls need one or none).
    """

    def __init__(self, caller: Callable[[], cg.Frame], run: cg.Run, callee: Any):
        self.caller, self.run, self.callee = caller, run, callee
        self.frame: cg.Frame | None = None

    def __call__(self) -> cg.Frame:
        if self.frame is None:
            self.frame = self.caller().enter(self.run, self.callee)
        return self.frame

    def arg(self, j: int) -> Any:
        """``args[j]`` of the call's frame."""
        if self.frame is not None:
            return self.frame.args[j]
        operands = self.run.op.operands
        return self.caller().bound(operands[j]) if j < len(operands) else cg.MISSING


class Fusion:
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
        self.g, self.era, self.loops, self.merge, self.diag = (
            graph,
            era,
            loops,
            merge,
            diag,
        )
        self.wide = era == "E4" if wide is None else wide and era == "E4"
        self.ambiguous = ambiguous
        self._plans: dict[int, Plan] = {}
        self.spec_memo: dict[tuple, Spec] = {}
        self.needs_memo: dict[int, bool] = {}
        self.patch_memo: dict[int, list[Patch]] = {}
        self.origin: dict[tuple[str, str], Any] = (
            {}
        )  # (device, symbol) -> the original sequence
        self.keys: dict[int, tuple[Any, int]] = (
            {}
        )  # id(sequence object) -> (it, its op_key)
        self.runs_memo: dict[int, list[cg.Run]] = {}
        self.names_memo: dict[int, tuple[str, str]] = {}
        self.arity_memo: dict[int, int] = {}
        self.positions_memo: dict[
            int, dict[str, list[tuple[tuple[int, int, int], ...]]]
        ] = {}
        self.hosts: list[int | None] = (
            []
        )  # host-buffer index of each argument of the root being rebased
        self.slice_memo: dict[int, list[L.Slice]] = {}
        self.event_memo: dict[int, list[tuple]] = {}
        self.items_memo: dict[int, list[tuple]] = (
            {}
        )  # traced sequence -> what its events are read from
        self.slice_types: dict[int, Any] = (
            {}
        )  # callee -> its checked trace-argument type
        self.last_view: dict[tuple, tuple[Any, Any]] = (
            {}
        )  # kind of slice view -> the last one built
        self.copy_attrs_memo: dict[int, list[tuple[str, Any]]] = {}
        self.patch_attrs: dict[tuple[str, int], Any] = (
            {}
        )  # (property, value) -> the attribute set
        self.views: dict[Any, Any] = (
            {}
        )  # static view chains (value -> (block argument, byte offset))
        self.copy_names: set[str] = set()
        self.sym_count = 0
        self.warned: set[int] = set()
        self.short_reported: set[int] = set()  # runs appended_trace() already refused
        self.reported: set[int] = set()  # patches already refused
        self.last_copy: dict[int, Any] = (
            {}
        )  # callee -> the copy made last (copies follow in order)
        self.fixed_slot: dict[int, list[tuple[Any, int]]] = (
            {}
        )  # sequence -> trace patches naming no argument

    # -- helpers ---------------------------------------------------------------------------------
    def orig(self, seq: Any) -> Any:
        """A specialized copy stands for the sequence it was made from."""
        src = aieir.attr_or_none(seq, L.SPECIALIZED_FROM)
        if src is None:
            return seq
        found = self.g.by_symbol.get((self.g.device_of(seq), aieir.symref_name(src)))
        if found is None:
            raise FusionError(
                seq,
                f"'{L.SPECIALIZED_FROM}' names @{aieir.symref_name(src)}, which is not a "
                "runtime sequence of this copy's device",
            )
        return found

    def key(self, seq: Any) -> int:
        """``op_key`` of a sequence, remembered for the op object at hand (the pass passes the same
        few sequence objects around; the entry holds the object, so its ``id`` is not reused).
        """
        known = self.keys.get(id(seq))
        if known is None or known[0] is not seq:
            known = self.keys[id(seq)] = (seq, op_key(seq))
        return known[1]

    def names(self, seq: Any) -> tuple[str, str]:
        """(device, sequence) symbols of a sequence."""
        k = self.key(seq)
        if k not in self.names_memo:
            self.names_memo[k] = (_dev_name(seq), _seq_name(seq))
        return self.names_memo[k]

    def arity(self, seq: Any) -> int:
        """How many parameters an original sequence has once restructured (read while rebasing)."""
        k = self.key(seq)
        if k not in self.arity_memo:
            self.arity_memo[k] = len(aieir.seq_args(seq))
        return self.arity_memo[k]

    def runs(self, seq: Any) -> list[cg.Run]:
        k = self.key(seq)
        if k not in self.runs_memo:
            self.runs_memo[k] = self.g.runs(seq)
        return self.runs_memo[k]

    def callee(self, run: cg.Run) -> Any:
        """``orig`` of the sequence a run calls, looked up by the run's symbol."""
        key = (run.device, run.callee_name)
        if key not in self.origin:
            self.origin[key] = self.orig(run.callee)
        return self.origin[key]

    def originals(self) -> list[Any]:
        """Sequences that are not specialized copies, callees first (a run of a copy counts as a
        run of the sequence it was made from)."""
        self.g.bottom_up()  # raises GraphError on a cycle
        order: list[Any] = []
        seen: set[int] = set()

        def visit(seq: Any) -> None:
            seen.add(self.key(seq))
            for run in self.runs(seq):
                callee = self.callee(run)
                if self.key(callee) not in seen:
                    visit(callee)
            order.append(seq)

        for seq in self.g.sequences:
            if not L.is_specialized(seq) and self.key(seq) not in seen:
                visit(seq)
        return order

    def patches(self, seq: Any) -> list[Patch]:
        """The address patches of an original sequence (its own body; runs are not followed)."""
        k = self.key(seq)
        if k not in self.patch_memo:
            self.patch_memo[k] = [
                self.read_patch(seq, p)
                for p in aieir.walk(seq, ["aiex.npu.address_patch"])
            ]
        return self.patch_memo[k]

    def read_patch(self, seq: Any, p: Any) -> Patch:
        buffer = (
            aieir.get_operand(p, "buffer", self.era)
            if self.era in BUFFER_PATCH_ERAS
            else None
        )
        k = aieir.get_int(p, "arg_idx", self.era) if buffer is None else None
        block = aieir.block_index_of_host_buffer(seq, k) if k is not None else None
        return Patch(p, k, block, self.plus_of(p), buffer, self.era)

    def plus_of(self, p: Any) -> int | None:
        return aieir.get_int(p, "arg_plus", self.era)

    def plan_of(self, seq: Any) -> Plan:
        return self._plans[self.key(seq)]

    def callers(self, seq: Any) -> list[cg.Run]:
        return [r for r in self.g.callers(seq) if not L.is_specialized(r.caller)]

    # -- 1. plan ---------------------------------------------------------------------------------
    def run(self) -> None:
        order = self.originals()
        for seq in order:
            self._plans[self.key(seq)] = self.plan(seq)
        if self.diag.error_count:
            return
        for seq in order:
            self.restructure(seq)
        for seq in order:
            self.rebase_root(seq)
        if self.diag.error_count:
            return
        for seq in order:
            self.record(seq)

    def plan(self, seq: Any) -> Plan:
        own = self.own_trace(seq)
        if self.callers(seq):
            self.check_declared(seq)
        sites, cursor = [], own.size
        params: dict[int, list[Any]] = (
            {}
        )  # callee -> its parameters (the IR does not change while planning)
        for run in self.runs(seq):
            callee = self.callee(run)
            cp = self.plan_of(callee)
            if cp.claim == 0:
                continue
            if not cp.own.dedicated:
                self.diag.error(
                    run.op,
                    "calls a design that sets trace.host_config reuse_output_buffer=true. "
                    "That design writes its trace data into its own output buffer, so this call site "
                    "has no argument to slice. Slicing an output buffer is not supported. Use a "
                    "separate trace buffer instead",
                )
                continue
            trips = self.trips(run)
            ck = self.key(callee)
            if ck not in params:
                params[ck] = aieir.seq_args(callee)
            if trips is None or not self.passes_all_but_trace(
                run, callee, params[ck], cp
            ):
                continue
            site = Site(run, callee, cursor, cp.claim, trips)
            sites.append(site)
            cursor += site.per * site.count
        if sites and own.arg is None:
            self.check_fixed_slot(seq)
        if sites and own.size and not own.dedicated:
            self.diag.error(
                seq,
                "runs traced designs and sets trace.host_config reuse_output_buffer=true. "
                "Growing the output buffer to hold their slices is not supported. Use a separate "
                "trace buffer instead",
            )
        if self.era in L.ERAS_WITH_UPSTREAM_LAYOUT and cursor > U32_MAX:
            self.diag.error(
                seq,
                f"the fused trace buffer would be {cursor} bytes; trace buffers cannot exceed 4 GiB "
                f"(#aie.trace_buffer records its size as an unsigned 32-bit integer)",
            )
        elif sites and cursor - 1 > I32_MAX and not self.wide:
            self.diag.error(
                seq,
                (
                    (
                        f"the fused trace buffer would be {cursor} bytes: offsets above {I32_MAX} need "
                        + NEEDS_E4
                    )
                    if self.ambiguous
                    else f"the fused trace buffer would be {cursor} bytes, but arg_plus is i32 in IR "
                    f"era {self.era}: offsets above {I32_MAX} do not fit (E4 widens arg_plus to i64)"
                ),
            )
        if cursor:  # read while the graph's op tree is the IR's
            self.items_memo[self.key(seq)] = _event_items(
                self.g.body_nodes(seq), iter(range(len(self.runs(seq))))
            )
        return Plan(own, cursor, sites, own.arg)

    def check_fixed_slot(self, seq: Any) -> None:
        """A fused buffer appended to ``seq`` must not be the host buffer its own fixed-slot trace
        names (both would land at its start)."""
        fused = sum(cg.is_memref(a) for a in aieir.seq_args(seq))
        for p, k in self.fixed_slot.get(self.key(seq), []):
            if k == fused:
                self.diag.error(
                    p,
                    f"this trace patch names host buffer #{k}, which {cg.seq_label(seq)} does not "
                    "declare (the fixed-slot trace form of early trace lowering), and the fused trace "
                    f"buffer of the traced designs it runs would be host buffer #{k} too. Re-run trace "
                    "lowering so that it appends a trace argument",
                )

    def check_declared(self, callee: Any) -> None:
        """Every integer patch of a callee names a host buffer the callee declares (else inlining
        makes it name whatever the dispatched sequence has at that index)."""
        for p in self.patches(callee):
            k = p.arg_idx
            if k is not None and p.block is None and op_key(p.op) not in self.reported:
                self.diag.error(
                    p.op,
                    f"this address_patch names host buffer #{k}, which {cg.seq_label(callee)} does "
                    f"not declare: after inlining it would name host buffer #{k} of the dispatched sequence",
                )

    def passes_all_but_trace(
        self, run: cg.Run, callee: Any, params: list[Any], cp: Plan
    ) -> bool:
        """A run of a traced design passes every parameter, or every one but its trace buffer
        when that is the last parameter (what trace lowering appended)."""
        n = len(run.op.operands)
        if (
            n == len(params)
            or (n == len(params) - 1 and cp.trace_arg == n)
            or (run.callee != callee and n == len(aieir.seq_args(run.callee)))
        ):
            return True  # (a specialized copy may take iteration indices after the callee's parameters)
        if n < len(params):
            if op_key(run.op) not in self.short_reported:
                self.diag.error(
                    run.op,
                    f"passes {n} operand(s) but {cg.seq_label(callee)} takes {len(params)}: "
                    f"parameter #{n} ({params[n].type}) is missing; only the trace buffer that trace "
                    "lowering appends (the last parameter) may be left out",
                )
        else:
            self.diag.error(
                run.op,
                f"passes {n} operand(s) but {cg.seq_label(callee)} takes {len(params)}",
            )
        return False

    def trips(self, run: cg.Run) -> list[int] | None:
        if not run.loops or self.loops == LoopMode.SHARED:
            return []
        what = f"runs traced design @{run.device}:@{run.callee_name} inside an scf.for"
        if self.loops == LoopMode.ERROR:
            self.diag.error(
                run.op,
                f"{what} (loops=error): unroll the loop, or choose loops=per-iteration "
                "(a region per iteration) or loops=shared (one region for every iteration)",
            )
            return None
        if self.era == "E1":
            self.diag.error(
                run.op,
                f"{what}: a region per iteration needs an SSA arg_plus to carry the "
                "iteration's offset, and arg_plus is an attribute in IR era E1; unroll the loop first, "
                "or use loops=shared",
            )
            return None
        out = []
        for loop in run.loops:
            bounds = [cg.eval_int(v, lambda _: None) for v in list(loop.operands)[:3]]
            if any(not isinstance(b, int) for b in bounds) or bounds[2] <= 0:
                self.diag.error(
                    run.op,
                    f"{what} whose trip count is not static: unroll the loop first, or use "
                    "loops=shared (one region for every iteration)",
                )
                return None
            out.append(len(range(*bounds)))
        return out

    def own_trace(self, seq: Any) -> Own:
        problems = aieir.trace_record_problems(seq, self.era)
        if problems:  # the record is read only as aie-trace-check-ir accepts it
            for message in problems:
                self.diag.error(seq, message)
            return Own()
        try:
            tb = L.read_trace_buffer(seq)
            if tb is not None:
                L.trace_host_buffer(seq, tb)
            slices = L.read_slices(seq) if tb is not None else None
        except L.LayoutError as e:
            self.diag.error(seq, str(e))
            return Own()
        if tb is not None:
            if slices is None:
                size = tb.size
            elif any(s.call_path is not None for s in slices):
                size = sum(s.size for s in slices if s.call_path == "")
            else:  # recorded by mlir-aie's own fuse pass: own slices name this sequence
                size = sum(
                    s.size for s in slices if (s.device, s.sequence) == self.names(seq)
                )
            return Own(tb.arg_index, tb.offset, size, tb.dedicated)
        try:  # full-ELF control-packet flow: the appended trace argument is tagged, not recorded
            tagged = M.tagged_trace_arg(seq)
        except M.MaterializeError as e:
            self.diag.error(e.op, e.message)
            return Own()
        if tagged is not None:
            return Own(
                tagged,
                0,
                aieir.memref_bytes(aieir.seq_args(seq)[tagged].type) or 0,
                True,
            )
        if self.era in BUFFER_PATCH_ERAS:
            return Own()
        return self.appended_trace(seq) or self.dma_trace(seq)

    def appended_trace(self, seq: Any) -> Own | None:
        """E1/E2 callee: the parameter its call sites leave out, named by one of its patches."""
        params = aieir.seq_args(seq)
        short = [r for r in self.callers(seq) if len(r.op.operands) < len(params)]
        if not short:
            return None
        last = len(params) - 1
        host = aieir.host_buffer_index(seq, last)
        named = host is not None and any(p.arg_idx == host for p in self.patches(seq))
        for r in short:
            n = len(r.op.operands)
            if n == last and named:
                continue
            p = params[n]
            self.short_reported.add(op_key(r.op))
            self.diag.error(
                r.op,
                f"passes {n} operand(s) but {cg.seq_label(seq)} takes {len(params)}: parameter "
                f"#{n} ({p.type}) is missing; only the trace buffer that trace lowering appends (the "
                "last parameter, a memref that an address_patch of the callee names) may be left out",
            )
        nbytes = aieir.memref_bytes(params[last].type) if named else None
        return Own(last, 0, nbytes or 0, True) if named else Own()

    def dma_trace(self, seq: Any) -> Own:
        """E1/E2 sequence that nobody leaves a parameter out of: the patches of its trace BDs (one
        per trace channel, each at its own offset of one buffer)."""
        dev = aieir.parent_named(seq, "aie.device")
        found = tracedma.trace_patches(
            aieir.walk(seq)[1:], tracedma.trace_channels(dev), self.era
        )
        arg, spans, callers = None, [], self.callers(seq)
        for p in found:
            k = aieir.get_int(p, "arg_idx", self.era)
            b = aieir.block_index_of_host_buffer(seq, k) if k is not None else None
            if b is None:
                if callers:
                    self.reported.add(op_key(p))
                    self.diag.error(
                        p,
                        f"this trace patch names host buffer #{k}, which {cg.seq_label(seq)} does not "
                        "declare (the fixed-slot trace form of early trace lowering): after inlining it "
                        f"would name host buffer #{k} of the dispatched sequence. Re-run trace lowering "
                        "so that it appends a trace argument",
                    )
                else:
                    self.fixed_slot.setdefault(self.key(seq), []).append((p, k))
                continue
            if arg is not None and arg != b:
                self.diag.error(
                    p,
                    f"trace patches of {cg.seq_label(seq)} name two host buffers (block arguments "
                    f"#{arg} and #{b}); expected one trace buffer",
                )
                continue
            arg = b
            spans.append((self.plus_of(p) or 0, p))
        if arg is None:
            return Own()
        value = aieir.seq_args(seq)[arg]
        lo = min(plus for plus, _ in spans)
        if (
            not list(value.uses) and lo == 0
        ):  # reuse_output_buffer puts the trace after the output
            return Own(arg, 0, aieir.memref_bytes(value.type) or 0, True)
        hi = max(plus + self.bd_bytes(seq, p) for plus, p in spans)
        return Own(arg, lo, hi - lo, False)

    def bd_bytes(self, seq: Any, patch: Any) -> int:
        key, size = tracedma.patch_bd(patch, self.era), 0
        for op in aieir.walk(seq, ["aiex.npu.writebd", "aiex.npu.address_patch"]):
            if op == patch:
                return size
            if (
                op.name == "aiex.npu.writebd"
                and tracedma.writebd_key(op, self.era) == key
            ):
                size = tracedma.writebd_bytes(op, self.era) or 0
        return size

    # -- 2. restructure --------------------------------------------------------------------------
    def restructure(self, seq: Any) -> None:
        plan = self.plan_of(seq)
        if not plan.sites:
            return
        fused = ir.MemRefType.get([plan.claim], ir.IntegerType.get_signless(8))
        body = aieir.body(seq)
        if plan.trace_arg is None:
            plan.trace_arg = len(body.arguments)
            body.add_argument(fused, seq.location)
        elif body.arguments[plan.trace_arg].type != fused:
            body.arguments[plan.trace_arg].set_type(fused)
        buffer = body.arguments[plan.trace_arg]
        for site in plan.sites:
            self.pass_slice(seq, plan, site, buffer)

    def slice_type(self, site: Site) -> Any:
        """The callee's trace-argument type, which must be ``memref<PERxi8>``."""
        callee = site.callee
        k = self.key(callee)
        if k not in self.slice_types:
            ta = self.plan_of(callee).trace_arg
            ttype = aieir.seq_args(callee)[ta].type
            mt = ir.MemRefType(ttype)
            if (
                mt.rank != 1
                or str(mt.element_type) != "i8"
                or aieir.memref_bytes(ttype) != site.per
            ):
                raise FusionError(
                    site.run.op,
                    f"the trace argument #{ta} of {cg.seq_label(callee)} is {ttype}; "
                    f"expected memref<{site.per}xi8>",
                )
            self.slice_types[k] = ttype
        return self.slice_types[k]

    def pass_slice(self, seq: Any, plan: Plan, site: Site, buffer: Any) -> None:
        run, callee = site.run, site.callee
        ta = self.plan_of(callee).trace_arg
        ttype = self.slice_type(site)
        operands = list(run.op.operands)
        if len(operands) > ta:
            env, syms = self.loop_env(run.loops if site.trips else [], "")
            expected, stride = Affine.of(site.cursor), site.per
            for sym, trips in reversed(list(zip(syms, site.trips, strict=False))):
                expected, stride = (
                    expected + Affine(0, ((sym, stride),)),
                    stride * trips,
                )
            got = cg.resolve_view(operands[ta], lambda v: cg.eval_int(v, env.get))
            if got != (buffer, expected.simplify()):
                raise FusionError(
                    run.op,
                    f"already passes a buffer for the trace argument #{ta} of "
                    f"{cg.seq_label(callee)} that is not its region (offset {site.cursor}) "
                    f"of this sequence's trace argument #{plan.trace_arg}",
                )
            return
        ip = ir.InsertionPoint(run.op)
        loc = run.op.location
        offset = self.site_offset(site, ip, loc)
        view = self.slice_view(buffer, offset, site.per, ttype, ip, loc)
        if isinstance(
            offset, int
        ):  # what the frames would read from the view chain, as built
            self.views[view] = (buffer, offset)
        self.replace_run(run, operands + [view])

    def site_offset(self, site: Site, ip: Any, loc: Any) -> int | Any:
        """The byte offset of this call's region: a constant, or index arith on the loop ivs."""
        if not site.trips:
            return site.cursor
        index = ir.IndexType.get()
        total, stride = None, site.per
        for loop, trips in reversed(
            list(zip(site.run.loops, site.trips, strict=False))
        ):
            term = _arith(
                "arith.muli",
                self.iteration_index(loop, ip, loc, index),
                aieir.constant(stride, index, ip, loc),
                ip,
                loc,
            )
            total = (
                term if total is None else _arith("arith.addi", total, term, ip, loc)
            )
            stride *= trips
        return _arith(
            "arith.addi", total, aieir.constant(site.cursor, index, ip, loc), ip, loc
        )

    @staticmethod
    def iteration_index(loop: Any, ip: Any, loc: Any, type_: Any) -> Any:
        """``(iv - lb) / step`` of a constant-bound loop, as ``type_`` (index or i32)."""
        iv = aieir.body(loop).arguments[0]
        lb, _, step = (cg.eval_int(v, lambda _: None) for v in list(loop.operands)[:3])
        index = ir.IndexType.get()
        v = iv
        if lb:
            v = _arith("arith.subi", v, aieir.constant(lb, index, ip, loc), ip, loc)
        if step != 1:
            v = _arith("arith.divui", v, aieir.constant(step, index, ip, loc), ip, loc)
        if type_ != index:
            v = ir.Operation.create(
                "arith.index_cast", results=[type_], operands=[v], loc=loc, ip=ip
            ).result
        return v

    def slice_view(
        self, buffer: Any, offset: int | Any, size: int, type_: Any, ip: Any, loc: Any
    ) -> Any:
        """``memref.subview`` of ``size`` bytes of ``buffer`` at ``offset`` (an int or an index
        value), reinterpreted as ``type_``. The first view of a kind (size, type, static or not) is
        built; the next ones are clones of the last, given their own offset, operands and location.
        """
        dynamic = not isinstance(offset, int)
        static = cg.DYNAMIC if dynamic else offset
        i8 = ir.IntegerType.get_signless(8)
        sub_type = ir.MemRefType.get([size], i8, ir.StridedLayoutAttr.get(static, [1]))
        offsets = ir.DenseI64ArrayAttr.get([static])
        operands = [buffer, offset] if dynamic else [buffer]
        kind = (size, dynamic, type_)
        last = self.last_view.get(kind)
        if last is None:
            sub_attrs, cast_attrs = _view_attrs(size, dynamic)
            sub = ir.Operation.create(
                "memref.subview",
                results=[sub_type],
                operands=operands,
                attributes={**sub_attrs, "static_offsets": offsets},
                loc=loc,
                ip=ip,
            )
            cast = ir.Operation.create(
                "memref.reinterpret_cast",
                results=[type_],
                operands=[sub.result],
                attributes=cast_attrs,
                loc=loc,
                ip=ip,
            )
        else:
            sub, cast = last[0].clone(ip=ip), last[1].clone(ip=ip)
            for i, v in enumerate(operands):
                sub.operands[i] = v
            sub.attributes["static_offsets"] = offsets
            sub.result.set_type(sub_type)
            cast.operands[0] = sub.result
            sub.location = cast.location = loc
        self.last_view[kind] = (sub, cast)
        return cast.result

    def replace_run(self, run: cg.Run, operands: list[Any]) -> None:
        old = run.op
        new = aieir.rebuild(old, self.era, operands)
        self.g.replace_run_op(run, new)
        old.erase()

    # -- 3. rebase -------------------------------------------------------------------------------
    def needs_rebase(self, seq: Any) -> bool:
        """Could a call of ``seq`` need different patch values than ``seq`` holds?"""
        k = self.key(seq)
        if k not in self.needs_memo:
            self.needs_memo[k] = bool(self.patches(seq)) or any(
                self.needs_rebase(self.callee(r)) for r in self.runs(seq)
            )
        return self.needs_memo[k]

    def rebase_root(self, root: Any) -> None:
        frame = cg.Frame.for_root(root)
        frame.views = self.views
        self.hosts = [aieir.host_buffer_index(root, i) for i in range(len(frame.args))]
        for run in list(self.runs(root)):
            callee = self.callee(run)
            if not self.needs_rebase(callee):
                continue
            self.enter_loops(lambda: frame, run, "")
            enter = Call(lambda: frame, run, callee)
            spec = self.specialize(
                callee, enter, bool(frame.env), root, str(run.ordinal)
            )
            self.bind(run, callee, spec)

    def loop_env(
        self, loops: list[Any], path: str
    ) -> tuple[dict[Any, Affine], list[IterSym]]:
        """Iteration symbols for constant-bound loops, and their ivs as affine values."""
        env, syms = {}, []
        for loop in loops:
            lb, _, step = (
                cg.eval_int(v, lambda _: None) for v in list(loop.operands)[:3]
            )
            sym = IterSym(self.sym_count, loop, path)
            self.sym_count += 1
            env[aieir.body(loop).arguments[0]] = Affine(lb, ((sym, step),))
            syms.append(sym)
        return env, syms

    def enter_loops(
        self, frame: Callable[[], cg.Frame], run: cg.Run, path: str
    ) -> list[IterSym]:
        """Bind the ivs of the run's per-iteration loops (in ``frame()``) to iteration symbols."""
        if (
            not run.loops
            or self.loops != LoopMode.PER_ITERATION
            or not self.plan_of(self.callee(run)).claim
        ):
            return []
        env, syms = self.loop_env(run.loops, path)
        frame().env.update(env)
        return syms

    def specialize(
        self, callee: Any, frame: Call, symbolic: bool, root: Any, path: str
    ) -> Spec:
        """What ``callee`` must look like at one call site (``frame``: the call). ``symbolic`` says
        whether loop iterations are bound on the way here (else no value of the call depends on one).
        """
        rewrites = [
            self.rewrite(p, frame, symbolic, root, callee, path)
            for p in self.patches(callee)
        ]
        children, local = [], set()
        for run in self.runs(callee):
            child = self.callee(run)
            if not self.needs_rebase(child):
                children.append(Spec(run.callee_name, []))
                continue
            local.update(
                self.enter_loops(frame, run, path)
            )  # (the call's loops are bound in its frame)
            enter = Call(frame, run, child)
            children.append(
                self.specialize(
                    child, enter, symbolic or bool(local), root, f"{path}/{run.ordinal}"
                )
            )
        if all(r is None for r in rewrites) and all(
            c.name == r.callee_name and not c.needs
            for c, r in zip(children, self.runs(callee), strict=True)
        ):
            return Spec(self.names(callee)[1], [])
        needs = sorted(
            {s for r in rewrites if r is not None for s in cg.symbols_of(r[2])}
            | {s for c in children for s in c.needs if s not in local},
            key=lambda s: s.order,
        )
        key = (
            self.key(callee),
            tuple(rewrites),
            tuple((c.name, tuple(c.needs)) for c in children),
        )
        if key not in self.spec_memo:
            name = self.copy_name(callee, root, path)
            self.copy_names.add(name)
            self.spec_memo[key] = Spec(name, needs)
            self.materialize_copy(callee, name, rewrites, children, needs)
        return self.spec_memo[key]

    def rewrite(
        self, p: Patch, frame: Call, symbolic: bool, root: Any, callee: Any, path: str
    ) -> tuple | None:
        """None (keep the patch) or ``(host buffer index, offset to add)`` for this call site."""
        where = lambda: f"at call path '{path}' of {cg.seq_label(root)}"  # noqa: E731
        if not p.is_int:
            # Only a loop-dependent offset is ours to compute: mlir-aie's
            # -aie-resolve-address-patch-buffers resolves the others.
            ref = frame().buffer(p.buffer) if symbolic else None
            if ref is None or not isinstance(ref.offset, Affine):
                return None
            return ("buffer", self.hosts[ref.arg], ref.offset)
        k, b = p.arg_idx, p.block
        if b is None:
            raise FusionError(
                p.op,
                f"this address_patch names host buffer #{k}, which {cg.seq_label(callee)} does "
                f"not declare: after inlining {where()} it would name host buffer #{k} of the "
                "dispatched sequence",
            )
        ref = frame.arg(b)
        if not isinstance(ref, BufferRef):
            raise FusionError(
                p.op,
                f"this address_patch names host buffer #{k} of {cg.seq_label(callee)}, which "
                f"{where()} is not bound to a static view of a buffer of the dispatched sequence",
            )
        host = self.hosts[ref.arg]
        if host == k and ref.offset == 0:
            return None
        self.check_plus(p.op, (p.plus or 0) + ref.offset, where)
        return ("int", host, ref.offset)

    def check_plus(self, p: Any, value: int | Affine, where: Callable[[], str]) -> None:
        hi = I64_MAX if self.wide else I32_MAX
        if isinstance(value, int) and not 0 <= value <= hi:
            what = f"rebased arg_plus {value} {where()}"
            if self.ambiguous and I32_MAX < value <= I64_MAX:
                raise FusionError(p, f"{what} needs {NEEDS_E4}")
            kind = "i64" if self.wide else f"i32 in IR era {self.era}"
            raise FusionError(p, f"{what} does not fit: arg_plus is {kind}")

    def copy_name(self, callee: Any, root: Any, path: str) -> str:
        (dev, callee_name), root_name = self.names(callee), self.names(root)[1]
        base = f"{callee_name}.{root_name}.{re.sub(r'[^0-9A-Za-z_]', '_', path)}"
        name, n = base, 1
        while name in self.copy_names or (
            (dev, name) in self.g.by_symbol
            and self.orig(self.g.by_symbol[(dev, name)]) != callee
        ):
            n += 1
            name = f"{base}.{n}"
        return name

    def positions(self, seq: Any) -> dict[str, list[tuple[tuple[int, int, int], ...]]]:
        """Where the patches, loops and runs of an original sequence are, in walk order: the
        (region, block, op) indices from the sequence down, so that a clone finds its own ops
        without walking them. Read when the first copy is made (the sequence no longer changes).
        """
        k = self.key(seq)
        if k not in self.positions_memo:
            found: dict[str, list[tuple[tuple[int, int, int], ...]]] = {
                n: [] for n in _COPY_EDITS
            }
            _find_ops(seq, (), found)
            self.positions_memo[k] = found
        return self.positions_memo[k]

    def copy_attrs(self, callee: Any) -> list[tuple[str, Any]]:
        """The attributes every copy of ``callee`` gets (but its name), built once."""
        k = self.key(callee)
        if k not in self.copy_attrs_memo:
            self.copy_attrs_memo[k] = [
                ("sym_visibility", ir.StringAttr.get("private")),
                (L.SPECIALIZED_FROM, ir.FlatSymbolRefAttr.get(self.names(callee)[1])),
            ]
        return self.copy_attrs_memo[k]

    def set_patch_attr(self, p: Any, name: str, value: int) -> None:
        """``aieir.set_attr`` of an address patch's property: the attribute built for a value is
        reused for the next patch given that value (copies repeat the same few values).
        """
        attr = self.patch_attrs.get((name, value))
        if attr is None:
            aieir.set_attr(p, name, value, self.era)
            self.patch_attrs[(name, value)] = p.attributes[name]
        else:
            p.attributes[name] = attr

    def index_attr(self, i: int) -> Any:
        attr = self.patch_attrs.get((REBASED_FROM, i))
        if attr is None:
            attr = self.patch_attrs[(REBASED_FROM, i)] = ir.IntegerAttr.get(
                ir.IntegerType.get_signless(64), i
            )
        return attr

    def materialize_copy(
        self,
        callee: Any,
        name: str,
        rewrites: list,
        children: list[Spec],
        needs: list[IterSym],
    ) -> None:
        dev = self.names(callee)[0]
        existing = self.g.by_symbol.get((dev, name))
        if existing is not None:
            return  # made by an earlier run of this pass from the same inputs
        where = self.positions(callee)
        after = self.last_copy.get(self.key(callee), callee)
        copy = callee.clone(ip=ir.InsertionPoint.after(after))
        self.last_copy[self.key(callee)] = copy
        copy.attributes["sym_name"] = ir.StringAttr.get(name)
        # The copy keeps the callee's layout attributes: readers skip specialized copies, and
        # deleting a property of an unregistered op corrupts it in these bindings.
        for attr, value in self.copy_attrs(callee):
            copy.attributes[attr] = value
        body = aieir.body(copy)
        params = {
            s: body.add_argument(ir.IntegerType.get_signless(32), copy.location)
            for s in needs
        }
        self.g.add_sequence(copy, dev, name)
        runs = [
            _op_at(copy, pos) for pos in where["aiex.run"]
        ]  # found before the copy changes
        patches = [
            _op_at(copy, pos) if rw is not None else None
            for pos, rw in zip(where["aiex.npu.address_patch"], rewrites, strict=True)
        ]
        loops = [_op_at(copy, pos) for pos in where["scf.for"]] if runs else []
        for i, (p, orig_p, rw) in enumerate(
            zip(patches, self.patches(callee), rewrites, strict=True)
        ):
            if rw is not None:
                self.apply_rewrite(p, orig_p, rw, params).attributes[REBASED_FROM] = (
                    self.index_attr(i)
                )
        orig_loops = [_op_at(callee, pos) for pos in where["scf.for"]] if loops else []
        for run, spec, site in zip(runs, children, self.runs(callee), strict=True):
            run.attributes["runtime_sequence_symbol"] = ir.FlatSymbolRefAttr.get(
                spec.name
            )
            n = self.arity(self.callee(site))
            extra = []
            for s in spec.needs:
                if s in params:
                    extra.append(params[s])
                else:  # a loop of this callee: compute its iteration index in the copy
                    loop = loops[orig_loops.index(s.loop)]
                    extra.append(
                        self.iteration_index(
                            loop,
                            ir.InsertionPoint(run),
                            run.location,
                            ir.IntegerType.get_signless(32),
                        )
                    )
            if extra or len(run.operands) != n:
                self._set_run_operands(run, list(run.operands)[:n] + extra)

    def _set_run_operands(self, op: Any, operands: list[Any]) -> None:
        """Rebuild a run of a copy with other operands (nothing else holds the copy's runs)."""
        aieir.create(
            "aiex.run",
            self.era,
            operands={"args": operands},
            attrs={"runtime_sequence_symbol": op.attributes["runtime_sequence_symbol"]},
            ip=ir.InsertionPoint(op),
            loc=op.location,
        )
        op.erase()

    def apply_rewrite(
        self, p: Any, orig_p: Patch, rw: tuple, params: dict[IterSym, Any]
    ) -> Any:
        """Rewrite the copy's patch ``p`` (made from ``orig_p``) as ``rw`` says; the patch op after."""
        kind, host, delta = rw
        ip, loc = ir.InsertionPoint(p), p.location
        if self.era == "E1":
            self.set_patch_attr(p, "arg_idx", host)
            self.set_patch_attr(p, "arg_plus", (orig_p.plus or 0) + delta)
            return p
        plus_index = orig_p.plus_index
        old = p.operands[plus_index]
        base = orig_p.plus
        total = (base if base is not None else 0) + delta
        type_ = old.type
        if isinstance(total, int) and base is not None:
            if self.wide and total > I32_MAX:
                type_ = ir.IntegerType.get_signless(64)
            value = aieir.constant(total, type_, ip, loc)
        else:
            value = self.affine_value(Affine.of(delta), params, type_, ip, loc)
            if base is None or base != 0:
                value = _arith("arith.addi", old, value, ip, loc)
        if kind == "buffer":
            addr_val = aieir.get_operand(p, "addr_val", self.era)
            new = aieir.create(
                "aiex.npu.address_patch",
                self.era,
                operands={"addr_val": addr_val, "arg_plus": value},
                attrs={"addr": p.attributes["addr"], "arg_idx": host},
                ip=ip,
                loc=loc,
            )
            p.erase()
            _erase_if_dead_constant(old)
            return new
        self.set_patch_attr(p, "arg_idx", host)
        p.operands[plus_index] = value
        _erase_if_dead_constant(old)
        return p

    @staticmethod
    def affine_value(
        a: Affine, params: dict[IterSym, Any], type_: Any, ip: Any, loc: Any
    ) -> Any:
        v = aieir.constant(a.const, type_, ip, loc)
        for sym, coeff in a.terms:
            it = params[sym]
            if it.type != type_:
                it = ir.Operation.create(
                    "arith.extui", results=[type_], operands=[it], loc=loc, ip=ip
                ).result
            term = _arith(
                "arith.muli", it, aieir.constant(coeff, type_, ip, loc), ip, loc
            )
            v = _arith("arith.addi", v, term, ip, loc)
        return v

    def bind(self, run: cg.Run, callee: Any, spec: Spec) -> None:
        """Point a root's run at its specialization, passing the iteration indices it needs."""
        if spec.name != run.callee_name:
            run.op.attributes["runtime_sequence_symbol"] = ir.FlatSymbolRefAttr.get(
                spec.name
            )
            run.callee_name = spec.name
            run.callee = self.g.by_symbol[(run.device, spec.name)]
        n = self.arity(callee)
        if len(run.op.operands) != n + len(spec.needs):
            i32 = ir.IntegerType.get_signless(32)
            extra = [
                self.iteration_index(
                    s.loop, ir.InsertionPoint(run.op), run.op.location, i32
                )
                for s in spec.needs
            ]
            self.replace_run(run, list(run.op.operands)[:n] + extra)

    # -- 4. record -------------------------------------------------------------------------------
    def slices(self, seq: Any) -> list[L.Slice]:
        """The sequence's slices before back-to-back merging (read-only: it is shared)."""
        k = self.key(seq)
        if k in self.slice_memo:
            return self.slice_memo[k]
        plan = self.plan_of(seq)
        out = []
        if plan.own.size:
            out.append(
                L.Slice(
                    *self.names(seq),
                    "",
                    0 if plan.sites else plan.own.offset,
                    plan.own.size,
                )
            )
        for site in plan.sites:
            inner = self.slices(site.callee)
            for i, idx in enumerate(_iterations(site.trips)):
                step = str(site.run.ordinal) + "".join(f"[{k}]" for k in idx)
                base = site.cursor + i * site.per
                out.extend(
                    L.Slice(
                        s.device,
                        s.sequence,
                        _join(step, s.call_path),
                        base + s.offset,
                        s.size,
                    )
                    for s in inner
                )
        self.slice_memo[k] = out
        return out

    def record(self, seq: Any) -> None:
        plan = self.plan_of(seq)
        if plan.claim == 0:
            return
        slices = self.back_to_back(seq, list(self.slices(seq)))
        ta = plan.trace_arg
        fused = bool(plan.sites)
        lay = L.Layout(
            *self.names(seq),
            ta,
            aieir.host_buffer_index(seq, ta),
            plan.claim if fused else plan.own.size,
            0 if fused else plan.own.offset,
            True if fused else plan.own.dedicated,
            slices,
        )
        if L.read_layout(seq) != lay:
            L.write_layout(seq, lay, self.era)

    def events(self, seq: Any, path: str, at: Any) -> list[tuple]:
        """Trace starts ``("trace", call path, device, op to warn at)`` and device loads
        ``("load", device, None, None)`` in execution order (loops expanded)."""
        own = (
            [("trace", path, self.names(seq)[0], at)]
            if self.plan_of(seq).own.size
            else []
        )
        return own + [
            (kind, (f"{path}/{p}" if path else p) if kind == "trace" else p, dev, op)
            for kind, p, dev, op in self.body_events(seq)
        ]

    def body_events(self, seq: Any) -> list[tuple]:
        """The events of ``seq``'s body, call paths relative to it (read once per sequence)."""
        k = self.key(seq)
        if k not in self.event_memo:
            sites = {s.run.ordinal: s for s in self.plan_of(seq).sites}
            out: list[tuple] = []
            self._block_events(self.items_memo[k], sites, {}, out)
            self.event_memo[k] = out
        return self.event_memo[k]

    def _block_events(
        self, items: list[tuple], sites: dict[int, Site], its: dict[int, int], out: list
    ) -> None:
        for item in items:
            if item[0] == "load":
                out.append(("load", item[1], None, None))
            elif item[0] == "run":
                site = sites.get(item[1])
                if site is not None:
                    step = str(site.run.ordinal) + "".join(
                        f"[{its[op_key(lp)]}]" for lp in site.run.loops if site.trips
                    )
                    out.extend(self.events(site.callee, step, site.run.op))
            else:  # a loop: ("for", key, trip count, items)
                for i in range(item[2]):
                    its[item[1]] = i
                    self._block_events(item[3], sites, its, out)

    def back_to_back(self, seq: Any, slices: list[L.Slice]) -> list[L.Slice]:
        loaded, last, pairs = self.names(seq)[0], None, []
        for kind, path, dev, op in self.events(seq, "", seq):
            if kind == "load":
                if path != loaded:
                    loaded, last = path, None
                continue
            if last is not None and last[1] == dev and last[0] != path:
                pairs.append((last[0], path, dev, op))
            last = (path, dev)
        for a, b, dev, op in pairs:
            # The own trace ("") is not a call: merged, its bytes could not be told from the call's.
            if self.merge and a and self._merge(slices, a, b):
                continue
            if op_key(op) in self.warned:
                continue
            self.warned.add(op_key(op))
            first = f"call '{a}'" if a else "the sequence's own trace"
            if not self.merge:
                why = (
                    f"put another device's aiex.configure between them, or set merge-back-to-back to record one "
                    f"slice '{a}+{b}'"
                    if a
                    else "put another device's aiex.configure between them"
                )
            else:
                why = (
                    "their regions are not adjacent, so they cannot be merged"
                    if a
                    else "an own trace is not merged with a call"
                )
            self.diag.warning(
                op,
                f"back-to-back runs of @{dev} share its trace BD: nothing reconfigures the device "
                f"between {first} and call '{b}', so the trace of call '{b}' continues in the "
                f"region of {first}; {why}",
            )
        return slices

    @staticmethod
    def _merge(slices: list[L.Slice], a: str, b: str) -> bool:
        ia = next(
            (
                i
                for i, s in enumerate(slices)
                if s.call_path is not None and a in s.call_path.split("+")
            ),
            None,
        )
        ib = next((i for i, s in enumerate(slices) if s.call_path == b), None)
        if ia is None or ib is None or slices[ia].end != slices[ib].offset:
            return False
        sa, sb = slices[ia], slices[ib]
        slices[ia] = L.Slice(
            sa.device, sa.sequence, f"{sa.call_path}+{b}", sa.offset, sa.size + sb.size
        )
        del slices[ib]
        return True


_COPY_EDITS = (
    "aiex.npu.address_patch",
    "scf.for",
    "aiex.run",
)  # the ops a specialized copy may change


def _find_ops(
    op: Any,
    at: tuple[tuple[int, int, int], ...],
    found: dict[str, list[tuple[tuple[int, int, int], ...]]],
) -> None:
    """Pre-order, like ``walk``: the position of every op nested in ``op`` whose name is a key of ``found``."""
    for r, region in enumerate(op.regions):
        for b, block in enumerate(region.blocks):
            for i, o in enumerate(block.operations):
                pos = at + ((r, b, i),)
                if o.name in found:
                    found[o.name].append(pos)
                _find_ops(o, pos, found)


def _op_at(op: Any, pos: tuple[tuple[int, int, int], ...]) -> Any:
    for r, b, i in pos:
        op = op.regions[r].blocks[b].operations[i]
    return op.operation


def _event_items(nodes: list[Any], ordinals: Any) -> list[tuple]:
    """What the back-to-back check reads of a body (the run graph's op tree), in order: device
    loads ``("load", device)``, runs ``("run", ordinal)`` (``ordinals`` counts runs in walk order,
    as the run graph does) and loops ``("for", key, trip count, items)`` (a loop whose trip count
    is not static: once)."""
    items: list[tuple] = []
    for n in nodes:
        name = n.name
        if name in ("aiex.configure", "aiex.npu.load_pdi"):
            ref = aieir.attr_or_none(
                n.op, "symbol" if name == "aiex.configure" else "device_ref"
            )
            if ref is not None:
                items.append(("load", aieir.symref_name(ref)))
        elif name == "aiex.run":
            items.append(("run", next(ordinals)))
        if name == "scf.for":
            bounds = [cg.eval_int(v, lambda _: None) for v in list(n.op.operands)[:3]]
            trips = (
                len(range(*bounds))
                if all(isinstance(b, int) for b in bounds) and bounds[2] > 0
                else 1
            )
            items.append(
                ("for", op_key(n.op), trips, _event_items(n.blocks[0], ordinals))
            )
            continue
        for b in n.blocks:
            items.extend(_event_items(b, ordinals))
    return items


def _view_attrs(size: int, dynamic: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The attributes of a slice's ``memref.subview`` (but its offset) and of its
    ``memref.reinterpret_cast``."""
    sizes, strides = ir.DenseI64ArrayAttr.get([size]), ir.DenseI64ArrayAttr.get([1])
    sub = {
        "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, int(dynamic), 0, 0]),
        "static_sizes": sizes,
        "static_strides": strides,
    }
    cast = {
        "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 0, 0, 0]),
        "static_offsets": ir.DenseI64ArrayAttr.get([0]),
        "static_sizes": sizes,
        "static_strides": strides,
    }
    return sub, cast


def _erase_if_dead_constant(value: Any) -> None:
    owner = value.owner
    if (
        hasattr(owner, "operation")
        and owner.operation.name == "arith.constant"
        and not list(value.uses)
    ):
        owner.operation.erase()


def _iterations(trips: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for t in trips:
        out = [idx + (k,) for idx in out for k in range(t)]
    return out


def _arith(name: str, a: Any, b: Any, ip: Any, loc: Any) -> Any:
    return ir.Operation.create(
        name, results=[a.type], operands=[a, b], loc=loc, ip=ip
    ).result


def _operand_index(op: Any, name: str, era: str) -> int:
    from . import schema as S

    d = S.opdef(era, op.name)
    if d.segments:
        sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    else:
        flexible = len(op.operands) - sum(o.arity == "single" for o in d.operands)
        sizes = [1 if o.arity == "single" else flexible for o in d.operands]
    pos = 0
    for o, k in zip(d.operands, sizes, strict=False):
        if o.name == name:
            return pos
        pos += k
    raise KeyError(name)
