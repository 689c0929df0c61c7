# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The fuse rewriter's specialized copies: a private copy ``<callee>.<root>.<path>`` of a callee
whose patches carry the values one call site needs (each marked ``aie_trace.rebased_from`` with
the values that identify the patch of the callee it was made from), and whose runs name the
copies their own call sites need. Offsets that depend on a per-iteration loop are affine in the
loop's iteration index: the copy takes the index as an extra trailing ``i32`` parameter and
computes ``arg_plus`` from it (a ``buffer`` patch under such a loop becomes an integer patch,
which mlir-aie's resolver could not compute).

A copy already in the module under the name (an earlier fuse made it) is reused only when its
body is the IR this fuse builds for it now; otherwise the fuse refuses, located at the first op
that differs (the copy was edited, or its callee changed since it was made).
"""

from __future__ import annotations

import re
from typing import Any

from ..analysis import layout as L
from ..analysis.callgraph import Affine, IterSym
from ..ir import aieops, attributes, builders, fields, structure
from .plan import loop_bounds
from .records import I32_MAX, REBASED_FROM, Context, FusionError, Patch, Rebase, Spec

#: the ops a specialized copy may change
_COPY_EDITS = ("aiex.npu.address_patch", "scf.for", "aiex.run")


class Copies:
    """Makes the specialized copies, in order after their callee."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.names: set[str] = set()
        self._arity: dict[int, int] = {}
        self._positions: dict[int, dict[str, list[tuple]]] = {}
        self._copy_attrs: dict[int, list[tuple[str, Any]]] = {}
        self._attrs: dict[tuple[str, int], Any] = {}  # (property, value) -> attribute
        #: (REBASED_FROM, original, patch index) -> the provenance of the patches made from it
        self._origins: dict[tuple[str, int, int], Any] = {}
        self._last: dict[int, Any] = {}  # callee -> the copy made last

    def arity(self, k: int) -> int:
        """How many parameters an original sequence has once restructured."""
        if k not in self._arity:
            self._arity[k] = len(structure.seq_args(self.ctx.op(k)))
        return self._arity[k]

    def name(self, callee: int, root: int, path: str) -> str:
        """A fresh symbol ``<callee>.<root>.<path>`` (``.N`` added when taken)."""
        (dev, callee_name), root_name = self.ctx.names(callee), self.ctx.names(root)[1]
        base = f"{callee_name}.{root_name}.{re.sub(r'[^0-9A-Za-z_]', '_', path)}"
        name, n = base, 1
        while name in self.names or (
            (taken := self.ctx.symbol(dev, name)) is not None
            and self.ctx.key(self.ctx.orig(taken)) != callee
        ):
            n += 1
            name = f"{base}.{n}"
        self.names.add(name)
        return name

    def positions(self, k: int) -> dict[str, list[tuple]]:
        """Where the patches, loops and runs of an original sequence are, in walk order: the
        (region, block, op) indices from the sequence down, so that a clone finds its own ops
        without walking them. Read when the first copy is made (the sequence no longer changes).
        """
        if k not in self._positions:
            self._positions[k] = structure.positions(self.ctx.op(k), _COPY_EDITS)
        return self._positions[k]

    def copy_attrs(self, k: int) -> list[tuple[str, Any]]:
        """The attributes every copy of a callee gets (but its name), built once."""
        if k not in self._copy_attrs:
            self._copy_attrs[k] = [
                ("sym_visibility", attributes.string_attr("private")),
                (L.SPECIALIZED_FROM, attributes.symbol_ref([self.ctx.names(k)[1]])),
            ]
        return self._copy_attrs[k]

    def set_patch_attr(self, p: Any, name: str, value: int) -> None:
        """``builders.set_attr`` of an address patch's property: the attribute built for a value is
        reused for the next patch given that value (copies repeat the same few values).
        """
        attr = self._attrs.get((name, value))
        if attr is None:
            builders.set_attr(p, name, value, self.ctx.era)
            self._attrs[(name, value)] = structure.attr_or_none(p, name)
        else:
            structure.set_raw_attr(p, name, attr)

    def origin_attr(self, k: int, p: Patch) -> Any:
        """The ``aie_trace.rebased_from`` of every patch made from patch ``p`` of sequence ``k``
        (:class:`~aie_trace.analysis.layout.PatchOrigin`), built once."""
        key = (REBASED_FROM, k, p.index)
        attr = self._origins.get(key)
        if attr is None:
            addr = structure.required_attr(self.ctx.patch_op(k, p.index), "addr")
            origin = L.PatchOrigin(attributes.int_attr_value(addr), p.arg_idx, p.plus)
            attr = self._origins[key] = origin.attr(addr)
        return attr

    def make(
        self,
        callee: int,
        name: str,
        rewrites: list[Rebase | None],
        children: list[Spec],
        needs: list[IterSym],
    ) -> None:
        """Make copy ``name`` of ``callee`` (after the copies of it made before), or check that
        the copy of that name an earlier fuse made is the same IR and reuse it."""
        ctx = self.ctx
        dev = ctx.names(callee)[0]
        orig = ctx.op(callee)
        what = (callee, name, rewrites, children, needs)
        existing = ctx.symbol(dev, name)
        if existing is not None:
            fresh = self.build(what, orig)
            differs = structure.first_difference(existing, fresh)
            structure.erase(fresh)
            if differs is not None:
                whole = structure.op_id(differs) == structure.op_id(existing)
                raise FusionError(
                    f"{'' if whole else 'this op of '}the specialized copy "
                    f"{ctx.label(ctx.key(existing))} differs from the copy of "
                    f"{ctx.label(callee)} that aie-trace-fuse-buffers makes for it now (the "
                    "copy was edited, or its callee changed since it was made): a copy is "
                    "reused only when it is that IR; fuse the module as it was before its "
                    "first fuse",
                    differs,
                )
            return
        self._last[callee] = self.build(what, self._last.get(callee, orig))

    def build(self, what: tuple, after: Any) -> Any:
        """The copy :meth:`make` is given (``what``: its arguments), placed after ``after`` and
        registered in the run graph unless a sequence of its name is there already (then it is
        the copy to compare with)."""
        callee, name, rewrites, children, needs = what
        ctx = self.ctx
        dev = ctx.names(callee)[0]
        orig = ctx.op(callee)
        where = self.positions(callee)
        register = ctx.symbol(dev, name) is None
        copy = structure.clone(orig, structure.after(after))
        # The copy keeps the callee's layout attributes: readers skip specialized copies, and
        # deleting a property of an unregistered op corrupts it in these bindings.
        structure.set_raw_attrs(
            copy, [("sym_name", attributes.string_attr(name)), *self.copy_attrs(callee)]
        )
        body = structure.body(copy)
        i32 = attributes.int_type(32)
        params = {
            s: structure.add_block_argument(body, i32, structure.location(copy))
            for s in needs
        }
        if register:
            ctx.add_sequence(copy, dev, name)
        # the runs are found before the copy changes
        runs = [structure.op_at(copy, pos) for pos in where["aiex.run"]]
        patches = [
            structure.op_at(copy, pos) if rw is not None else None
            for pos, rw in zip(where["aiex.npu.address_patch"], rewrites, strict=True)
        ]
        loops = [structure.op_at(copy, pos) for pos in where["scf.for"]] if runs else []
        for p, orig_p, rw in zip(patches, ctx.patches(callee), rewrites, strict=True):
            if rw is not None:
                rebased = self.apply(p, callee, orig_p, rw, params)
                structure.set_raw_attr(
                    rebased, REBASED_FROM, self.origin_attr(callee, orig_p)
                )
        orig_loops = (
            [structure.op_at(orig, pos) for pos in where["scf.for"]] if loops else []
        )
        for run, spec, site in zip(runs, children, ctx.runs(callee), strict=True):
            structure.set_raw_attr(
                run, "runtime_sequence_symbol", attributes.symbol_ref([spec.name])
            )
            n = self.arity(ctx.callee(site))
            extra = []
            for s in spec.needs:
                if s in params:
                    extra.append(params[s])
                else:  # a loop of this callee: compute its iteration index in the copy
                    loop = loops[orig_loops.index(s.loop)]
                    ip = structure.before(run)
                    extra.append(
                        iteration_index(loop, ip, structure.location(run), i32)
                    )
            if extra or structure.num_operands(run) != n:
                self._set_run_operands(run, structure.operands(run)[:n] + extra)
        return copy

    def _set_run_operands(self, op: Any, operands: list[Any]) -> None:
        """Rebuild a run of a copy with other operands (nothing else holds the copy's runs), as
        the rewriter rebuilds a call site's (:meth:`aieops.Run.with_args`)."""
        aieops.Run(op, self.ctx.era).with_args(operands)
        structure.erase(op)

    def apply(
        self,
        p: Any,
        callee: int,
        orig_p: Patch,
        rw: Rebase,
        params: dict[IterSym, Any],
    ) -> Any:
        """Rewrite the copy's patch ``p`` (made from ``orig_p``) as ``rw`` says; the patch op after."""
        era = self.ctx.era
        ip, loc = structure.before(p), structure.location(p)
        if era == "E1":
            self.set_patch_attr(p, "arg_idx", rw.host)
            self.set_patch_attr(p, "arg_plus", (orig_p.plus or 0) + rw.delta)
            return p
        plus_index = self.ctx.plus_index(callee, orig_p)
        old = structure.operand(p, plus_index)
        base = orig_p.plus
        total = (base if base is not None else 0) + rw.delta
        type_ = structure.value_type(old)
        if isinstance(total, int) and base is not None:
            if self.ctx.wide and total > I32_MAX:
                type_ = attributes.int_type(64)
            value = builders.constant(total, type_, ip, loc)
        else:
            value = affine_value(Affine.of(rw.delta), params, type_, ip, loc)
            if base is None or base != 0:
                value = builders.binary("addi", old, value, ip, loc)
        if rw.kind == "buffer":
            addr_val = fields.get_operand(p, "addr_val", era)
            new = builders.create(
                "aiex.npu.address_patch",
                era,
                operands={"addr_val": addr_val, "arg_plus": value},
                attrs={"addr": structure.required_attr(p, "addr"), "arg_idx": rw.host},
                ip=ip,
                loc=loc,
            )
            structure.erase(p)
            _erase_if_dead_constant(old)
            return new
        self.set_patch_attr(p, "arg_idx", rw.host)
        structure.set_operand(p, plus_index, value)
        _erase_if_dead_constant(old)
        return p


def iteration_index(loop: Any, ip: Any, loc: Any, type_: Any) -> Any:
    """``(iv - lb) / step`` of a constant-bound loop, as ``type_`` (index or i32)."""
    iv = structure.induction_variable(loop)
    lb, _, step = loop_bounds(loop)
    index = attributes.index_type()
    v = iv
    if lb:
        v = builders.binary("subi", v, builders.constant(lb, index, ip, loc), ip, loc)
    if step != 1:
        v = builders.binary(
            "divui", v, builders.constant(step, index, ip, loc), ip, loc
        )
    if type_ != index:
        v = builders.cast_int("index_cast", v, type_, ip, loc)
    return v


def affine_value(
    a: Affine, params: dict[IterSym, Any], type_: Any, ip: Any, loc: Any
) -> Any:
    """``a`` as arith in ``type_``, its iteration symbols read from ``params``."""
    v = builders.constant(a.const, type_, ip, loc)
    for sym, coeff in a.terms:
        it = params[sym]
        if structure.value_type(it) != type_:
            it = builders.cast_int("extui", it, type_, ip, loc)
        term = builders.binary(
            "muli", it, builders.constant(coeff, type_, ip, loc), ip, loc
        )
        v = builders.binary("addi", v, term, ip, loc)
    return v


def _erase_if_dead_constant(value: Any) -> None:
    owner = structure.defining_op(value)
    if (
        owner is not None
        and owner.name == "arith.constant"
        and not structure.has_uses(value)
    ):
        structure.erase(owner)
