# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the fuse engine's steps hand each other: plain records, and the one context that reads
the run graph for all of them.

The records (:class:`Own`, :class:`Site`, :class:`Plan`, :class:`Patch`, :class:`Rebase`,
:class:`Spec`) are frozen and hold no IR handles: a sequence is named by its op identity
(:func:`structure.op_id`), a run by its ordinal in its sequence, a patch by its index among the
sequence's address patches in pre-order. :class:`Context` maps those back to ops; its tables live
as long as one run of the pass, while no sequence is erased (fuse only adds sequences), so the
identities it holds stay valid. The ops the rewriter erases (a call site's run rebuilt with more
operands, a rebuilt patch, a dead constant) are never keys: a run is named by (sequence,
ordinal), a patch by (sequence, index).

The run graph the engine reads is immutable: the rewriter records what it changes in the
:class:`Context` (a run rebuilt or pointed at a copy, a copy added), which the steps read through,
and the engine reports it as :class:`Changes`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from ..analysis import callgraph as cg
from ..analysis import layout as L
from ..analysis.callgraph import Affine, IterSym
from ..ir import aieops, fields, structure
from ..ir.diagnostics import LocatedError

I32_MAX = 2**31 - 1
I64_MAX = 2**63 - 1
#: the largest ``size``/``offset`` of mlir-aie's ``#aie.trace_buffer``/``#aie.trace_slice``
#: records (E3/E4), unsigned 32-bit parameters (docs/ir-eras.md)
U32_MAX = 2**32 - 1
BUFFER_PATCH_ERAS = aieops.AddressPatch.BUFFER_ERAS
#: why a module read as E4 that fits E3 too gets no i64 ``arg_plus`` (as ``resolve`` says it)
NEEDS_E4 = (
    "an i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: "
    "pass era=E4 if its mlir-aie has PR #3718"
)
REBASED_FROM = L.REBASED_FROM


class LoopMode(str, Enum):
    PER_ITERATION = "per-iteration"
    SHARED = "shared"
    ERROR = "error"


class FusionError(LocatedError):
    """A refusal located at ``op`` (found while the IR changes: the pass runner then restores
    the module). A ``LocatedError``, so drivers report it like every library error; it never
    leaves the pass, which turns it into its diagnostic."""


@dataclass(frozen=True)
class Own:
    """A sequence's own trace: the argument it lands in, where, how many bytes, and whether the
    argument exists for trace alone (``dedicated``) or is an output it shares."""

    arg: int | None = None
    offset: int = 0
    size: int = 0
    dedicated: bool = True


@dataclass(frozen=True)
class Site:
    """A call site that runs a traced design: the run's ordinal in its sequence, the callee (op
    identity), the byte offset of its region, one call's claim and the trip counts of its
    per-iteration loops (outermost first)."""

    ordinal: int
    callee: int
    cursor: int
    per: int
    trips: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        n = 1
        for t in self.trips:
            n *= t
        return n


@dataclass(frozen=True)
class Plan:
    """A sequence's own trace, its claim, its traced call sites, and the argument that holds
    the fused buffer (a new last argument when ``trace_arg`` is its current argument count).
    """

    own: Own
    claim: int
    sites: tuple[Site, ...]
    trace_arg: int | None


@dataclass(frozen=True)
class Patch:
    """An address patch of an original sequence, read once: its index among the sequence's
    patches in pre-order, integer (``arg_idx``, and the block argument it names) or ``buffer``
    form, and its constant ``arg_plus`` (None if not constant)."""

    index: int
    arg_idx: int | None
    block: int | None
    plus: int | None
    is_int: bool


@dataclass(frozen=True)
class Rebase:
    """How one patch changes at one call site: it names host buffer ``host`` and ``arg_plus``
    grows by ``delta``; ``kind`` ``buffer`` turns a ``buffer`` patch into an integer one.
    """

    kind: str
    host: int | None
    delta: int | Affine


@dataclass(frozen=True)
class Spec:
    """What one callee must look like at one call site: a symbol and the iteration symbols its
    caller must pass."""

    name: str
    needs: tuple[IterSym, ...] = ()


@dataclass(frozen=True)
class Changes:
    """What one run of the engine changed, as the rewriter reports it: the runs it rebuilt or
    pointed at a specialized copy (``(device, sequence, ordinal)``) and the copies it added
    (``(device, symbol)``), in the order made. The run graph the engine read describes the module
    before these changes: read the module after them through a new graph."""

    runs: tuple[tuple[str, str, int], ...] = ()
    sequences: tuple[tuple[str, str], ...] = ()


class Context:
    """The run graph as the steps read it: sequences by op identity, their names, runs, callers,
    patches and plans. Each table is filled once per sequence (the sequences' bodies are read
    before the IR changes and only specialized copies are added after). The graph is not
    changed: the runs the rewriter rebuilds or re-points and the copies it adds are recorded
    here (:meth:`update_run`, :meth:`add_sequence`), and :meth:`runs` and :meth:`symbol` read
    them over the graph's."""

    def __init__(
        self,
        graph: cg.RunGraph,
        era: str,
        loops: LoopMode,
        diag: Any,
        wide: bool,
        ambiguous: bool,
    ):
        self.g, self.era, self.loops, self.diag = graph, era, loops, diag
        self.wide, self.ambiguous = wide, ambiguous
        self.plans: dict[int, Plan] = {}
        self._ops: dict[int, Any] = {}  # op identity -> the sequence
        self._names: dict[int, tuple[str, str]] = {}
        self._runs: dict[int, list[cg.Run]] = {}
        self._callee: dict[tuple[str, str], int] = {}  # (device, symbol) -> original
        self._patches: dict[int, tuple[list[Any], list[Patch]]] = {}
        self._plus_index: dict[tuple[int, int], int] = {}
        self._added: dict[tuple[str, str], Any] = (
            {}
        )  # copies made: (device, symbol) -> op
        self._changed: dict[tuple[int, int], None] = {}  # (sequence, ordinal), in order

    # -- sequences by identity ---------------------------------------------------------------
    def key(self, seq: Any) -> int:
        k = structure.op_id(seq)
        self._ops.setdefault(k, seq)
        return k

    def op(self, k: int) -> Any:
        return self._ops[k]

    def names(self, k: int) -> tuple[str, str]:
        """(device, sequence) symbols of a sequence."""
        if k not in self._names:
            self._names[k] = structure.kernel_name(self._ops[k])
        return self._names[k]

    def label(self, k: int) -> str:
        return "@{}:@{}".format(*self.names(k))

    def runs(self, k: int) -> list[cg.Run]:
        """The runs of a sequence by ordinal, as the rewriter has left them (read-only: change
        one through :meth:`update_run`)."""
        if k not in self._runs:
            self._runs[k] = list(self.g.runs(self._ops[k]))
        return self._runs[k]

    def update_run(self, k: int, run: cg.Run, **changes: Any) -> cg.Run:
        """Run ``run`` of sequence ``k`` after the rewriter changed it (another op, callee):
        the record the steps read from now on."""
        new = replace(run, **changes)
        self.runs(k)[run.ordinal] = new
        self._changed[(k, run.ordinal)] = None
        return new

    def callers(self, k: int) -> list[cg.Run]:
        """The runs of other originals that call a sequence, as the graph read them (the
        planner reads them, before the IR changes)."""
        return [
            r for r in self.g.callers(self._ops[k]) if not L.is_specialized(r.caller)
        ]

    def symbol(self, device: str, name: str) -> Any:
        """The sequence ``@device:@name``: one the graph read or a copy added since; or None."""
        found = self._added.get((device, name))
        return found if found is not None else self.g.by_symbol.get((device, name))

    def add_sequence(self, seq: Any, device: str, name: str) -> None:
        """A copy the rewriter made, named ``@device:@name``."""
        self._added[(device, name)] = seq

    def changes(self) -> Changes:
        """What the rewriter changed so far (:class:`Changes`)."""
        return Changes(
            tuple((*self.names(k), ordinal) for k, ordinal in self._changed),
            tuple(self._added),
        )

    def orig(self, seq: Any) -> Any:
        """A specialized copy stands for the sequence it was made from (a copy whose origin is
        not a sequence of its device: :class:`~aie_trace.analysis.layout.DanglingCopy`).
        """
        found = L.specialized_origin(seq, self.g.by_symbol)
        return seq if found is None else found

    def callee(self, run: cg.Run) -> int:
        """The original of the sequence a run calls, looked up by the run's symbol."""
        key = (run.device, run.callee_name)
        if key not in self._callee:
            self._callee[key] = self.key(self.orig(run.callee))
        return self._callee[key]

    # -- patches -------------------------------------------------------------------------------
    def _read_patches(self, k: int) -> tuple[list[Any], list[Patch]]:
        if k not in self._patches:
            seq, ops, out = self._ops[k], [], []
            for i, p in enumerate(structure.walk(seq, ["aiex.npu.address_patch"])):
                ops.append(p)
                out.append(self._read_patch(seq, i, p))
            self._patches[k] = (ops, out)
        return self._patches[k]

    def _read_patch(self, seq: Any, i: int, p: Any) -> Patch:
        patch = aieops.AddressPatch(p, self.era)
        buffer = patch.buffer
        arg = patch.arg_idx if buffer is None else None
        block = (
            structure.block_index_of_host_buffer(seq, arg) if arg is not None else None
        )
        return Patch(i, arg, block, patch.arg_plus, buffer is None)

    def patches(self, k: int) -> list[Patch]:
        """The address patches of an original sequence (its own body; runs are not followed)."""
        return self._read_patches(k)[1]

    def patch_op(self, k: int, i: int) -> Any:
        """The ``i``-th address patch op of an original sequence."""
        return self._read_patches(k)[0][i]

    def plus_index(self, k: int, p: Patch) -> int:
        """The operand position of a patch's SSA ``arg_plus`` (a copy's patch has it at the
        same place), read once per patch."""
        key = (k, p.index)
        if key not in self._plus_index:
            op = self.patch_op(k, p.index)
            self._plus_index[key] = fields.operand_index(op, "arg_plus", self.era)
        return self._plus_index[key]

    def patch_buffer(self, k: int, p: Patch) -> Any:
        return fields.get_operand(self.patch_op(k, p.index), "buffer", self.era)

    # -- widths --------------------------------------------------------------------------------
    def check_plus(self, p: Any, value: int | Affine, where: Callable[[], str]) -> None:
        """A rebased ``arg_plus`` must fit the era's (i32, or i64 where it may be written)."""
        hi = I64_MAX if self.wide else I32_MAX
        if isinstance(value, int) and not 0 <= value <= hi:
            what = f"rebased arg_plus {value} {where()}"
            if self.ambiguous and I32_MAX < value <= I64_MAX:
                raise FusionError(f"{what} needs {NEEDS_E4}", p)
            kind = "i64" if self.wide else f"i32 in IR era {self.era}"
            raise FusionError(f"{what} does not fit: arg_plus is {kind}", p)
