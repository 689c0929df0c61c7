# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Steps 2 and 3 of the fuse engine, the rewriter: it applies the plans to the IR.

* :class:`Restructurer` (callees first): the fused ``memref<CLAIMxi8>`` argument, and at each call
  site the callee's trace argument as a subview + reinterpret_cast of it at the site's cursor.
* :class:`Rebaser` (every sequence as a dispatched root): simulate verbatim inlining with frames;
  an integer ``address_patch`` inside a callee must name the root's host buffer and carry the
  view's byte offset in ``arg_plus``. A call site whose callee needs other values is pointed at a
  specialized copy that :class:`~fuse_copies.Copies` makes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..analysis import callgraph as cg
from ..analysis.callgraph import Affine, BufferRef, IterSym
from ..ir import aieops, attributes, builders, structure, views
from .copies import Copies, iteration_index
from .plan import loop_bounds
from .records import Context, FusionError, LoopMode, Patch, Plan, Rebase, Site, Spec


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
        operands = structure.operands(self.run.op)
        return self.caller().bound(operands[j]) if j < len(operands) else cg.MISSING


def replace_run(ctx: Context, k: int, run: cg.Run, operands: list[Any]) -> cg.Run:
    """Rebuild run ``run`` of sequence ``k`` with other operands; the run as the context
    records it now."""
    old = run.op
    new = ctx.update_run(k, run, op=aieops.Run(old, ctx.era).with_args(operands))
    structure.erase(old)
    return new


class Restructurer:
    """The fused argument of every sequence with traced call sites, and a view of it per site."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        #: the view chains built here, as the frames read them (value -> (argument, offset))
        self.views: dict[Any, Any] = {}
        self._slice_types: dict[int, Any] = (
            {}
        )  # callee -> its checked trace-argument type
        self._last_view: dict[tuple, tuple[Any, Any]] = {}  # kind of view -> last built

    def restructure(self, k: int) -> None:
        plan = self.ctx.plans[k]
        if not plan.sites:
            return
        seq = self.ctx.op(k)
        fused = attributes.memref_type([plan.claim], attributes.int_type(8))
        body = structure.body(seq)
        if plan.own.arg is None:
            structure.add_block_argument(body, fused, structure.location(seq))
        buffer = structure.block_arguments(body)[plan.trace_arg]
        if (
            structure.value_type(buffer) != fused
        ):  # an own trace argument grows to the claim
            structure.set_value_type(buffer, fused)
        runs = self.ctx.runs(k)
        for site in plan.sites:
            self.pass_slice(k, plan, site, runs[site.ordinal], buffer)

    def slice_type(self, site: Site, run: cg.Run) -> Any:
        """The callee's trace-argument type, which must be ``memref<PERxi8>``."""
        k = site.callee
        if k not in self._slice_types:
            ta = self.ctx.plans[k].trace_arg
            ttype = structure.value_type(structure.seq_args(self.ctx.op(k))[ta])
            element = attributes.memref_element_type(ttype)
            if (
                len(attributes.memref_shape(ttype)) != 1
                or structure.element_bits(element) != 8
                or not attributes.is_signless_integer(element)
                or structure.memref_bytes(ttype) != site.per
            ):
                raise FusionError(
                    f"the trace argument #{ta} of {self.ctx.label(k)} is {ttype}; "
                    f"expected memref<{site.per}xi8>",
                    run.op,
                )
            self._slice_types[k] = ttype
        return self._slice_types[k]

    def pass_slice(
        self, k: int, plan: Plan, site: Site, run: cg.Run, buffer: Any
    ) -> None:
        ta = self.ctx.plans[site.callee].trace_arg
        ttype = self.slice_type(site, run)
        operands = structure.operands(run.op)
        if len(operands) > ta:
            self.check_passed(plan, site, run, operands[ta], buffer, ta)
            return
        ip = structure.before(run.op)
        loc = structure.location(run.op)
        offset = self.site_offset(site, run, ip, loc)
        view = self.slice_view(buffer, offset, site.per, ttype, ip, loc)
        if isinstance(
            offset, int
        ):  # what the frames would read from the chain, as built
            self.views[view] = (buffer, offset)
        replace_run(self.ctx, k, run, operands + [view])

    def check_passed(
        self, plan: Plan, site: Site, run: cg.Run, passed: Any, buffer: Any, ta: int
    ) -> None:
        """A run that already passes the callee's trace argument must pass its region."""
        env, syms = loop_env(run.loops if site.trips else [], "", [0])
        expected, stride = Affine.of(site.cursor), site.per
        for sym, trips in reversed(list(zip(syms, site.trips, strict=False))):
            expected, stride = expected + Affine(0, ((sym, stride),)), stride * trips
        got = views.trace_to_block_argument(passed, lambda v: cg.eval_int(v, env.get))
        if got != (buffer, expected.simplify()):
            raise FusionError(
                f"already passes a buffer for the trace argument #{ta} of "
                f"{self.ctx.label(site.callee)} that is not its region (offset {site.cursor}) "
                f"of this sequence's trace argument #{plan.trace_arg}",
                run.op,
            )

    @staticmethod
    def site_offset(site: Site, run: cg.Run, ip: Any, loc: Any) -> int | Any:
        """The byte offset of this call's region: a constant, or index arith on the loop ivs."""
        if not site.trips:
            return site.cursor
        index = attributes.index_type()
        total, stride = None, site.per
        for loop, trips in reversed(list(zip(run.loops, site.trips, strict=False))):
            term = builders.binary(
                "muli",
                iteration_index(loop, ip, loc, index),
                builders.constant(stride, index, ip, loc),
                ip,
                loc,
            )
            total = (
                term if total is None else builders.binary("addi", total, term, ip, loc)
            )
            stride *= trips
        cursor = builders.constant(site.cursor, index, ip, loc)
        return builders.binary("addi", total, cursor, ip, loc)

    def slice_view(
        self, buffer: Any, offset: int | Any, size: int, type_: Any, ip: Any, loc: Any
    ) -> Any:
        """``size`` bytes of ``buffer`` at ``offset`` (an int or an index value), reinterpreted as
        ``type_``. The first view of a kind (size, type, static or not) is built; the next ones
        are clones of the last, given their own offset, operands and location (cheaper through
        the bindings than building them, docs/fuse-performance.md)."""
        dynamic = not isinstance(offset, int)
        kind = (size, dynamic, type_)
        last = self._last_view.get(kind)
        if last is None:
            view = builders.byte_view(buffer, offset, size, type_, ip, loc)
        else:
            view = builders.clone_byte_view(last, buffer, offset, size, ip, loc)
        self._last_view[kind] = view
        return structure.result(view[1])


def loop_env(
    loops: list[Any], path: str, counter: list[int]
) -> tuple[dict[Any, Affine], list[IterSym]]:
    """Iteration symbols for constant-bound loops (numbered from ``counter[0]`` on, which
    advances), and their ivs as affine values."""
    env, syms = {}, []
    for loop in loops:
        lb, _, step = loop_bounds(loop)
        sym = IterSym(counter[0], loop, path)
        counter[0] += 1
        env[structure.induction_variable(loop)] = Affine(lb, ((sym, step),))
        syms.append(sym)
    return env, syms


class Rebaser:
    """Rebase every integer patch reached from every root, through specialized copies."""

    def __init__(self, ctx: Context, views: dict[Any, Any]):
        self.ctx, self.views = ctx, views
        self.copies = Copies(ctx)
        self.hosts: list[int | None] = (
            []
        )  # host-buffer index of each argument of the root
        self.sym_count = [0]
        self._needs: dict[int, bool] = {}  # (recursive: read once per sequence)
        self._specs: dict[tuple, Spec] = (
            {}
        )  # call sites that need the same copy share it

    def needs_rebase(self, k: int) -> bool:
        """Could a call of the sequence need different patch values than it holds?"""
        if k not in self._needs:
            ctx = self.ctx
            self._needs[k] = bool(ctx.patches(k)) or any(
                self.needs_rebase(ctx.callee(r)) for r in ctx.runs(k)
            )
        return self._needs[k]

    def rebase_root(self, k: int) -> None:
        ctx, root = self.ctx, self.ctx.op(k)
        frame = cg.Frame.for_root(root)
        frame.views = self.views
        self.hosts = [
            structure.host_buffer_index(root, i) for i in range(len(frame.args))
        ]
        for run in list(ctx.runs(k)):
            callee = ctx.callee(run)
            if not self.needs_rebase(callee):
                continue
            self.enter_loops(lambda: frame, run, "")
            enter = Call(lambda: frame, run, ctx.op(callee))
            spec = self.specialize(callee, enter, bool(frame.env), k, str(run.ordinal))
            self.bind(k, run, callee, spec)

    def enter_loops(
        self, frame: Callable[[], cg.Frame], run: cg.Run, path: str
    ) -> list[IterSym]:
        """Bind the ivs of the run's per-iteration loops (in ``frame()``) to iteration symbols."""
        ctx = self.ctx
        if (
            not run.loops
            or ctx.loops != LoopMode.PER_ITERATION
            or not ctx.plans[ctx.callee(run)].claim
        ):
            return []
        env, syms = loop_env(run.loops, path, self.sym_count)
        frame().env.update(env)
        return syms

    def specialize(
        self, callee: int, frame: Call, symbolic: bool, root: int, path: str
    ) -> Spec:
        """What ``callee`` must look like at one call site (``frame``: the call). ``symbolic`` says
        whether loop iterations are bound on the way here (else no value of the call depends on one).
        """
        ctx = self.ctx
        rewrites = [
            self.rewrite(p, frame, symbolic, root, callee, path)
            for p in ctx.patches(callee)
        ]
        children, local = [], set()
        runs = ctx.runs(callee)
        for run in runs:
            child = ctx.callee(run)
            if not self.needs_rebase(child):
                children.append(Spec(run.callee_name))
                continue
            local.update(self.enter_loops(frame, run, path))  # (bound in its frame)
            enter = Call(frame, run, ctx.op(child))
            sub_path = f"{path}/{run.ordinal}"
            children.append(
                self.specialize(child, enter, symbolic or bool(local), root, sub_path)
            )
        if all(r is None for r in rewrites) and all(
            c.name == r.callee_name and not c.needs
            for c, r in zip(children, runs, strict=True)
        ):
            return Spec(ctx.names(callee)[1])
        needs = sorted(
            {s for r in rewrites if r is not None for s in cg.symbols_of(r.delta)}
            | {s for c in children for s in c.needs if s not in local},
            key=lambda s: s.order,
        )
        key = (callee, tuple(rewrites), tuple((c.name, c.needs) for c in children))
        if key not in self._specs:
            name = self.copies.name(callee, root, path)
            self._specs[key] = Spec(name, tuple(needs))
            self.copies.make(callee, name, rewrites, children, needs)
        return self._specs[key]

    def rewrite(
        self, p: Patch, frame: Call, symbolic: bool, root: int, callee: int, path: str
    ) -> Rebase | None:
        """None (keep the patch) or how it changes at this call site."""
        ctx = self.ctx
        where = lambda: f"at call path '{path}' of {ctx.label(root)}"  # noqa: E731
        if not p.is_int:
            # Only a loop-dependent offset is ours to compute: mlir-aie's
            # -aie-resolve-address-patch-buffers resolves the others.
            if not symbolic:
                return None
            op, buffer = ctx.patch_op(callee, p.index), ctx.patch_buffer(callee, p)
            if not views.resolvable_in_sequence(op, buffer):
                # the view chain inside the callee is followed by upstream's rules
                raise FusionError(
                    views.UNRESOLVABLE,
                    op,
                )
            ref = frame().buffer(buffer)
            if ref is None or not isinstance(ref.offset, Affine):
                return None
            return Rebase("buffer", self.hosts[ref.arg], ref.offset)
        k, b = p.arg_idx, p.block
        if b is None:
            raise FusionError(
                f"this address_patch names host buffer #{k}, which {ctx.label(callee)} does "
                f"not declare: after inlining {where()} it would name host buffer #{k} of the "
                "dispatched sequence",
                ctx.patch_op(callee, p.index),
            )
        ref = frame.arg(b)
        if not isinstance(ref, BufferRef):
            raise FusionError(
                f"this address_patch names host buffer #{k} of {ctx.label(callee)}, which "
                f"{where()} is not bound to a static view of a buffer of the dispatched sequence",
                ctx.patch_op(callee, p.index),
            )
        host = self.hosts[ref.arg]
        if host == k and ref.offset == 0:
            return None
        ctx.check_plus(ctx.patch_op(callee, p.index), (p.plus or 0) + ref.offset, where)
        return Rebase("int", host, ref.offset)

    def bind(self, k: int, run: cg.Run, callee: int, spec: Spec) -> None:
        """Point run ``run`` of root ``k`` at its specialization, passing the iteration indices
        it needs."""
        if spec.name != run.callee_name:
            structure.set_raw_attr(
                run.op, "runtime_sequence_symbol", attributes.symbol_ref([spec.name])
            )
            run = self.ctx.update_run(
                k,
                run,
                callee_name=spec.name,
                callee=self.ctx.symbol(run.device, spec.name),
            )
        n = self.copies.arity(callee)
        if structure.num_operands(run.op) != n + len(spec.needs):
            i32 = attributes.int_type(32)
            ip, loc = structure.before(run.op), structure.location(run.op)
            extra = [iteration_index(s.loop, ip, loc, i32) for s in spec.needs]
            replace_run(self.ctx, k, run, structure.operands(run.op)[:n] + extra)
