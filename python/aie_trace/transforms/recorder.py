# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Step 4 of the fuse engine, the recorder: the layout record (flattened slices with call paths)
on every traced sequence, and the back-to-back check (a warning, or merged slices)."""

from __future__ import annotations

from typing import Any

from ..analysis import layout as L
from ..ir import structure
from ..ir.structure import op_id
from .records import Context, Site


class Recorder:
    def __init__(self, ctx: Context, event_items: dict[int, list[tuple]], merge: bool):
        self.ctx, self.items, self.merge = ctx, event_items, merge
        self._slices: dict[int, list[L.Slice]] = (
            {}
        )  # read by every caller of a sequence
        self._events: dict[int, list[tuple]] = {}  # likewise
        self.warned: set[int] = set()

    def slices(self, k: int) -> list[L.Slice]:
        """The sequence's slices before back-to-back merging (read-only: it is shared)."""
        if k in self._slices:
            return self._slices[k]
        plan = self.ctx.plans[k]
        out = []
        if plan.own.size:
            offset = 0 if plan.sites else plan.own.offset
            out.append(L.Slice(*self.ctx.names(k), "", offset, plan.own.size))
        for site in plan.sites:
            inner = self.slices(site.callee)
            for i, idx in enumerate(_iterations(site.trips)):
                step = str(site.ordinal) + "".join(f"[{n}]" for n in idx)
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
        self._slices[k] = out
        return out

    def record(self, k: int) -> None:
        ctx = self.ctx
        plan = ctx.plans[k]
        if plan.claim == 0:
            return
        seq = ctx.op(k)
        slices = self.back_to_back(k, list(self.slices(k)))
        ta = plan.trace_arg
        fused = bool(plan.sites)
        lay = L.Layout(
            *ctx.names(k),
            ta,
            structure.host_buffer_index(seq, ta),
            plan.claim if fused else plan.own.size,
            0 if fused else plan.own.offset,
            True if fused else plan.own.dedicated,
            slices,
        )
        if L.read_layout(seq) != lay:
            L.write_layout(seq, lay, ctx.era)

    def events(self, k: int, path: str, at: Any) -> list[tuple]:
        """Trace starts ``("trace", call path, device, op to warn at)`` and device loads
        ``("load", device, None, None)`` in execution order (loops expanded)."""
        own = (
            [("trace", path, self.ctx.names(k)[0], at)]
            if self.ctx.plans[k].own.size
            else []
        )
        return own + [
            (kind, (f"{path}/{p}" if path else p) if kind == "trace" else p, dev, op)
            for kind, p, dev, op in self.body_events(k)
        ]

    def body_events(self, k: int) -> list[tuple]:
        """The events of a sequence's body, call paths relative to it (read once per sequence)."""
        if k not in self._events:
            sites = {s.ordinal: s for s in self.ctx.plans[k].sites}
            out: list[tuple] = []
            self._block_events(k, self.items[k], sites, {}, out)
            self._events[k] = out
        return self._events[k]

    def _block_events(
        self,
        k: int,
        items: list[tuple],
        sites: dict[int, Site],
        its: dict[int, int],
        out: list,
    ) -> None:
        for item in items:
            if item[0] == "load":
                out.append(("load", item[1], None, None))
            elif item[0] == "run":
                site = sites.get(item[1])
                if site is not None:
                    run = self.ctx.runs(k)[site.ordinal]
                    step = str(site.ordinal) + "".join(
                        f"[{its[op_id(lp)]}]" for lp in run.loops if site.trips
                    )
                    out.extend(self.events(site.callee, step, run.op))
            else:  # a loop: ("for", key, trip count, items)
                for i in range(item[2]):
                    its[item[1]] = i
                    self._block_events(k, item[3], sites, its, out)

    def back_to_back(self, k: int, slices: list[L.Slice]) -> list[L.Slice]:
        loaded, last, pairs = self.ctx.names(k)[0], None, []
        for kind, path, dev, op in self.events(k, "", self.ctx.op(k)):
            if kind == "load":
                if path != loaded:
                    loaded, last = path, None
                continue
            if last is not None and last[1] == dev and last[0] != path:
                pairs.append((last[0], path, dev, op))
            last = (path, dev)
        for a, b, dev, op in pairs:
            # The own trace ("") is not a call: merged, its bytes could not be told from the call's.
            if self.merge and a and _merge(slices, a, b):
                continue
            if op_id(op) in self.warned:
                continue
            self.warned.add(op_id(op))
            self.warn(a, b, dev, op)
        return slices

    def warn(self, a: str, b: str, dev: str, op: Any) -> None:
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
        self.ctx.diag.warning(
            op,
            f"back-to-back runs of @{dev} share its trace BD: nothing reconfigures the device "
            f"between {first} and call '{b}', so the trace of call '{b}' continues in the "
            f"region of {first}; {why}",
        )


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


def _join(step: str, path: str | None) -> str:
    if not path:
        return step
    return "+".join(f"{step}/{p}" if p else step for p in path.split("+"))


def _iterations(trips: tuple[int, ...]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for t in trips:
        out = [idx + (n,) for idx in out for n in range(t)]
    return out
