# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The static proof behind ``aie-trace-verify-patches`` (see the pass for the contract): every
address patch checked as it executes after verbatim inlining, from every dispatched sequence.

:func:`check_patches` reports each violation on a diagnostic engine, located at its op;
:func:`verify_module` does the same for a whole module (its era read from its ops), for callers
outside a pass pipeline such as the runtime.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..ir import aieops, attributes, eras, fields, forms, structure, views
from ..ir import schema as S
from . import callgraph as cg
from . import layout as L
from . import tracedma

#: the ops the check reads (calls and loops are followed either way)
FOLLOWED = (
    "aiex.configure",
    "aiex.npu.load_pdi",
    "aiex.run",
    "aiex.npu.writebd",
    "aiex.npu.address_patch",
    "aiex.npu.dma_memcpy_nd",
    "aiex.npu.write32",
    "aiex.npu.push_queue",
)


# the kinds of step of a sequence's program (see _Facts.program)
_LOAD, _RUN, _FOR, _BD, _PATCH, _MEMCPY, _QUEUE = (
    "load",
    "run",
    "for",
    "bd",
    "patch",
    "memcpy",
    "queue",
)
_UNREAD = object()


@dataclass(eq=False)
class Region:
    """Bytes ``[start, end)`` of block argument ``arg`` of the dispatched sequence."""

    op: Any
    path: str
    arg: int
    start: int
    end: int
    device: str = ""
    trace: bool = False
    tag: TagBinding | None = (
        None  # the tagged trace argument the patch's call runs under
    )


def check_patches(graph: cg.RunGraph, era: str, diag: Any) -> None:
    """Check every dispatched sequence of ``graph`` (a module in IR era ``era``); each violation is
    an error on ``diag``. Raises :class:`cg.GraphError` for a cycle or an unresolvable callee met on
    the way (the graph's own ``errors`` are the caller's to report)."""
    facts = _Facts(graph, era)
    reported: set[tuple[int, str]] = set()
    for (
        seq
    ) in graph.sequences:  # a copy whose origin is gone: as fuse and check-ir say it
        try:
            L.specialized_origin(seq, graph.by_symbol)
        except L.DanglingCopy as e:
            diag.error(e.op, e.message)
    for root in graph.sequences:
        if not L.is_specialized(root):
            _Check(facts, root, diag, reported).run()


def verify_module(module: Any, diag: Any, era: str | None = None) -> None:
    """:func:`check_patches` for ``module`` (``era``: read from its ops when None), with the run
    graph's and era's problems reported on ``diag`` too. The module is not changed."""
    graph = cg.RunGraph(module)
    if era is None:
        try:
            era = eras.era_of_ops(graph.ops())
        except eras.EraError as e:
            diag.error(e.op, str(e))
            return
    for op, msg in graph.errors:
        diag.error(op, msg)
    if graph.errors:
        return
    try:
        check_patches(graph, era, diag)
    except cg.GraphError as e:
        diag.error(e.op, e.message)


@dataclass(frozen=True)
class _Patch:
    bd: tuple[int, int] | None
    addr: int | None
    arg_idx: int | None
    plus: (
        Any  # an int (attribute or constant) or the SSA value to evaluate in the frame
    )
    buffer: Any


#: a view whose resolution depends on the call (a dynamic offset): resolved in each frame
_PER_FRAME = object()


@dataclass(frozen=True)
class _PatchSite:
    """What an address patch does relative to the parameters of the sequence holding it, read once
    per op and composed at each call site with what that call binds the parameters to.

    ``view`` (``buffer`` form): ``(parameter, byte offset)`` when the buffer is a static view of a
    parameter, None when it resolves to no parameter whatever the call binds, :data:`_PER_FRAME`
    when its offset depends on the call."""

    facts: _Patch
    resolvable: bool
    view: Any


@dataclass(frozen=True)
class _Call:
    """What a run passes, read once per run op: its problems (:func:`_run_problems`) and, per
    parameter it passes, the operand and whether it binds a memref."""

    problems: list[str]
    bindings: tuple[tuple[Any, bool], ...]
    missing: int  # parameters it does not pass
    callee: int  # the callee's :func:`structure.op_id`


@dataclass(frozen=True)
class _Memcpy:
    """A ``dma_memcpy_nd``'s static part: its buffer's view (as :attr:`_PatchSite.view`) and the
    element range ``[lo, hi)`` it touches, in bytes of its element type."""

    operand: Any
    view: Any
    lo: int
    hi: int


class _Facts:
    """What each op says regardless of the call it runs in, read once per op.

    Its tables name ops by :func:`structure.op_id` (the C++ op, whichever Python object stands for
    it) and live as long as one check, which changes no IR: no op they name can be erased, so
    no other op can take its address while they live."""

    def __init__(self, graph: cg.RunGraph, era: str):
        self.g, self.era = graph, era
        self._cache: dict[tuple[str, int], Any] = {}
        self.channels: dict[str, set[tuple[int, int]]] = {}
        module = (
            structure.parent_named(graph.sequences[0], "builtin.module")
            if graph.sequences
            else None
        )
        self.devices = (
            {structure.device_name(d): d for d in structure.devices(module)}
            if module
            else {}
        )

    def _memo(self, kind: str, op: Any, make: Any, key: int | None = None) -> Any:
        """``make(op)``, read once per op; ``key``: the op's :func:`structure.op_id` when the
        caller has it (a program step carries its op's)."""
        k = (kind, structure.op_id(op) if key is None else key)
        found = self._cache.get(k, _UNREAD)
        if found is _UNREAD:
            found = self._cache[k] = make(op)
        return found

    def program(
        self, seq: Any, key: int | None = None
    ) -> list[tuple[str, Any, Any, int | None]]:
        """``seq``'s body as the steps the check takes, read once: ``(kind, op, what the op says
        regardless of the call, the op's :func:`structure.op_id`: 0 where no table reads it, None where
        it is read when needed)``, in program order, loops and runs as single steps."""
        return self._memo(
            "program",
            seq,
            lambda s: self._steps(self.g.followed_nodes(s, FOLLOWED)),
            key,
        )

    def _steps(self, nodes: list[Any]) -> list[tuple[str, Any, Any, int | None]]:
        steps: list[tuple[str, Any, Any, int | None]] = []
        for node in nodes:
            name, op = node.name, node.op
            if name == "aiex.run":
                steps.append((_RUN, op, self.g.run_of(op), structure.op_id(op)))
                continue
            if name == "scf.for":
                steps.append((_FOR, op, self._steps(node.children[0]), 0))
                continue
            if name in ("aiex.configure", "aiex.npu.load_pdi"):
                steps.append((_LOAD, op, aieops.Op.of(op).device_name, 0))
            elif name == "aiex.npu.writebd":
                # (each op is in one program, read once: its facts need no table)
                key = tracedma.writebd_key(op, self.era)
                nbytes = tracedma.writebd_bytes(op, self.era) or 0
                if key is not None:
                    steps.append((_BD, op, (key, nbytes), 0))
            elif name == "aiex.npu.address_patch":
                k = structure.op_id(op)
                steps.append((_PATCH, op, self.patch(op, k), k))
            elif name == "aiex.npu.dma_memcpy_nd":
                steps.append((_MEMCPY, op, None, structure.op_id(op)))
            elif name in FOLLOWED:
                # read only when a patched BD awaits its start (most are not: so is its key)
                steps.append((_QUEUE, op, None, None))
            for b in node.children:
                steps.extend(self._steps(b))
        return steps

    def queue(self, op: Any, key: int | None = None) -> tracedma.QueueStart | None:
        return self._memo("queue", op, lambda o: tracedma.queue_start(o, self.era), key)

    def patch(self, op: Any, key: int | None = None) -> _Patch:
        return self._memo("patch", op, self._read_patch, key)

    def _read_patch(self, op: Any) -> _Patch:
        patch = aieops.AddressPatch(op, self.era)
        plus = patch.arg_plus if self.era == "E1" else patch.arg_plus_value
        if self.era != "E1":
            constant = fields.constant_int(plus)
            plus = plus if constant is None else constant
        addr = patch.addr
        return _Patch(
            tracedma.decode_patch_addr(addr), addr, patch.arg_idx, plus, patch.buffer
        )

    def source_patch(
        self, op: Any, seq: Any, key: int | None = None, seq_key: int | None = None
    ) -> tuple[Any, int, _Patch] | str:
        """The sequence whose parameters a patch of ``seq`` names, and the patch as that sequence
        holds it: a patch fuse rebased in a specialized copy, by the provenance it records (the
        patch of the original it was made from); any other patch as written, against ``seq``'s own
        parameters (with the sequence's :func:`structure.op_id`). A provenance that names no patch of
        the original: what is wrong. (Patches of the original with the same recorded values are
        interchangeable: the first is taken.)
        """
        attr = structure.attr_or_none(op, L.REBASED_FROM)
        seq_key = structure.op_id(seq) if seq_key is None else seq_key
        original, okey = self.original(seq, seq_key)
        if attr is None or okey == seq_key:
            return seq, seq_key, self.patch(op, key)
        origin = L.PatchOrigin.read(attr)
        if origin is None:
            return (
                f"{L.REBASED_FROM} = {attr} is not the provenance aie-trace-fuse-buffers records "
                "({addr = A : ui32, arg_idx = K : i32, arg_plus = P : i64}: the values of the "
                f"patch of {cg.seq_label(original)} it was made from)"
            )
        for facts in self.patches(original, okey):
            arg_idx = facts.arg_idx if facts.buffer is None else None
            if origin.matches(facts.addr, arg_idx, facts.plus):
                return original, okey, facts
        return (
            f"{L.REBASED_FROM} names no address patch of {cg.seq_label(original)}, the sequence "
            f"{cg.seq_label(seq)} was specialized from ({origin})"
        )

    def patches(self, seq: Any, key: int | None = None) -> list[_Patch]:
        """The address patches of ``seq``'s body in pre-order (its calls' not included)."""
        return self._memo(
            "patches",
            seq,
            lambda s: [
                data
                for kind, _, data, _ in _flat(self.program(s, key))
                if kind is _PATCH
            ],
            key,
        )

    def original(self, seq: Any, key: int | None = None) -> tuple[Any, int]:
        """The sequence ``seq`` was specialized from (``seq`` itself when it is no copy), and
        its :func:`structure.op_id`."""
        return self._memo("original", seq, self._read_original, key)

    def _read_original(self, seq: Any) -> tuple[Any, int]:
        """The sequence ``seq`` was specialized from, and its :func:`structure.op_id`; ``seq`` itself
        when it is no copy, or a copy whose origin is gone (:func:`check_patches` reports that).
        """
        try:
            found = L.specialized_origin(seq, self.g.by_symbol)
        except L.DanglingCopy:
            found = None
        found = seq if found is None else found
        return found, structure.op_id(found)

    def host_buffers(self, seq: Any, key: int | None = None) -> list[int]:
        """Block index of each host buffer (memref argument) of ``seq``."""
        return self._memo(
            "hosts",
            seq,
            lambda s: [
                i
                for i, a in enumerate(structure.seq_args(s))
                if structure.is_host_buffer_type(structure.value_type(a))
            ],
            key,
        )

    def call(self, run: cg.Run, key: int | None = None) -> _Call:
        """What ``run`` passes and what is wrong with it, the same wherever it runs."""
        return self._memo("run", run.op, lambda _: self._read_call(run), key)

    def _read_call(self, run: cg.Run) -> _Call:
        callee = structure.op_id(run.callee)
        params = self.param_types(run.callee, callee)
        operands = structure.operands(run.op)
        types = [structure.value_type(v) for v in operands]
        same = [t == p for t, p in zip(types, params, strict=False)]
        memref = self.param_memrefs(run.callee, callee)
        bindings = tuple(
            # an operand of its parameter's type is a memref when the parameter is
            (v, memref[j] if same[j] else cg.is_memref(v))
            for j, v in enumerate(operands[: len(params)])
        )
        return _Call(
            _tag_hint(
                _run_problems(run, params, types, same),
                run,
                self.tag(run.callee, callee),
            ),
            bindings,
            max(0, len(params) - len(operands)),
            callee,
        )

    def param_types(self, seq: Any, key: int | None = None) -> list[Any]:
        return self._memo(
            "params", seq, lambda s: [a.type for a in structure.seq_args(s)], key
        )

    def tag(self, seq: Any, key: int | None = None) -> int | str | None:
        """The argument ``aie.trace_buffer_arg`` tags on ``seq``, what is wrong with the tag, or
        None (untagged)."""
        return self._memo("tag", seq, _read_tag, key)

    def param_memrefs(self, seq: Any, key: int | None = None) -> list[bool]:
        return self._memo(
            "memrefs",
            seq,
            lambda s: [cg.is_memref(a) for a in structure.seq_args(s)],
            key,
        )

    def patch_site(self, op: Any, seq: Any, key: int | None = None) -> _PatchSite:
        """The patch ``op`` of ``seq`` relative to ``seq``'s parameters (see :class:`_PatchSite`)."""
        return self._memo("site", op, lambda o: self._read_patch_site(o, seq, key), key)

    def _read_patch_site(self, op: Any, seq: Any, key: int | None) -> _PatchSite:
        facts = self.patch(op, key)
        if facts.buffer is None:
            return _PatchSite(facts, True, None)
        resolvable = views.resolvable_in_sequence(op, facts.buffer)
        view = _static_view(facts.buffer, seq) if resolvable else None
        return _PatchSite(facts, resolvable, view)

    def binding_source(
        self, op: Any, seq: Any, key: int | None = None, seq_key: int | None = None
    ) -> tuple[Any, _Patch, int | None] | str:
        """:meth:`source_patch` of integer patch ``op`` of ``seq``, with the parameter of the
        source's sequence that the source names (None: no such host buffer)."""
        return self._memo(
            "source", op, lambda o: self._read_source(o, seq, key, seq_key), key
        )

    def _read_source(
        self, op: Any, seq: Any, key: int | None, seq_key: int | None
    ) -> tuple[Any, _Patch, int | None] | str:
        found = self.source_patch(op, seq, key, seq_key)
        if isinstance(found, str):
            return found
        original, okey, src = found
        hosts = self.host_buffers(original, okey)
        return original, src, _host_arg(hosts, src.arg_idx)

    def memcpy(self, op: Any, seq: Any, key: int | None = None) -> _Memcpy | None:
        """The static part of a ``dma_memcpy_nd`` of ``seq``; None when it gives no region
        wherever it runs (dynamic or empty sizes, an element type of no known width)."""
        return self._memo("memcpy", op, lambda o: _read_memcpy(o, seq), key)

    def trace_channels(self, device: str) -> set[tuple[int, int]]:
        if device not in self.channels:
            dev = self.devices.get(device)
            self.channels[device] = (
                tracedma.trace_channels(
                    dev, self.g.device_ops(device, ("aie.packet_flow",))
                )
                if dev is not None
                else set()
            )
        return self.channels[device]


class _Check:
    def __init__(self, facts: _Facts, root: Any, diag: Any, reported: set):
        self.f, self.g, self.era = facts, facts.g, facts.era
        self.root, self.diag, self.reported = root, diag, reported
        self.label = cg.seq_label(root)
        self.args = structure.seq_args(root)
        self.sizes = [
            structure.memref_bytes(a.type) if cg.is_memref(a) else None
            for a in self.args
        ]
        self.root_key = structure.op_id(root)
        self.hosts = facts.host_buffers(root, self.root_key)
        self.bds: dict[tuple[int, int], int] = {}
        self.pending: dict[tuple[int, int], Region] = {}
        self.spans: list[Region] = []
        self.loaded = self.g.device_of(root)
        self._tag: tuple[cg.Frame | None, TagBinding | None] = (None, None)
        #: the op_id of each frame's sequence (a frame is a key while the check holds it)
        self.keys: dict[cg.Frame, int] = {}

    def error(self, op: Any, msg: str) -> None:
        key = (structure.op_id(op), msg)
        if key not in self.reported:
            self.reported.add(key)
            self.diag.error(op, msg)

    def where(self, path: str) -> str:
        return f"{self.label} (call path '{path}')" if path else self.label

    def host(self, arg: int) -> int | None:
        return self.hosts.index(arg) if arg in self.hosts else None

    def run(self) -> None:
        frame = cg.Frame.for_root(self.root)
        self.keys[frame] = self.root_key
        self.execute(self.f.program(self.root, self.root_key), frame, [self.root])
        self.spans.extend(self.pending.values())
        self.check_overlaps()
        flagged = self.check_layout()
        for i, r in enumerate(self.spans):
            # one diagnostic per misplaced trace: the layout's, when it has already said so
            if r.trace and r.tag is not None and i not in flagged:
                found = tag_problem(r, self.label, self.host)
                if found is not None:
                    self.error(*found)

    def execute(
        self,
        steps: list[tuple[str, Any, Any, int | None]],
        frame: cg.Frame,
        stack: list[Any],
    ) -> None:
        """Run ``steps`` in ``frame`` as verbatim inlining runs them (see :func:`cg.inline_walk`)."""
        for kind, op, data, key in steps:
            if kind is _QUEUE:
                if self.pending:  # else nothing to start: the write is not even read
                    self.queue(op, key)
            elif kind is _BD:
                self.bds[data[0]] = data[1]
            elif kind is _PATCH:
                self.patch(op, key, data, frame)
            elif kind is _RUN:
                inner = self.enter(op, key, data, frame, stack)
                callee = self.f.program(data.callee, self.keys[inner])
                self.execute(callee, inner, stack + [data.callee])
            elif kind is _FOR:
                for _ in cg.iterate(op, frame):
                    self.execute(data, frame, stack)
            elif kind is _LOAD:
                self.loaded = data if data is not None else self.loaded
            else:
                self.memcpy(op, key, frame)

    def enter(
        self, op: Any, key: int, run: cg.Run, frame: cg.Frame, stack: list[Any]
    ) -> cg.Frame:
        """:func:`cg.enter_run`, with what the run passes read once (:meth:`_Facts.call`) and
        bound in ``frame``; its problems reported."""
        if run.callee is None:
            cg.enter_run(run, frame, stack)  # raises the graph error
        call = self.f.call(run, key)
        for msg in call.problems:
            self.error(op, msg)
        if run.callee in stack:
            cg.enter_run(run, frame, stack)  # raises the graph error
        args = [frame.buffer(v) if mem else frame.int(v) for v, mem in call.bindings]
        args += [cg.MISSING] * call.missing
        inner = cg.Frame(
            frame.root,
            run.callee,
            frame.run_path(run),
            args,
            run,
            frame,
            views=frame.views,
        )
        self.keys[inner] = call.callee
        return inner

    def patch(self, op: Any, key: int, facts: _Patch, frame: cg.Frame) -> None:
        site = self.f.patch_site(op, frame.sequence, key)
        if facts.bd is None:
            self.error(op, f"addr {facts.addr} is not the address word of a shim BD")
            return
        nbytes = self.bds.get(facts.bd)
        if nbytes is None:
            self.error(
                op,
                f"no aiex.npu.writebd of shim column {facts.bd[0]} BD {facts.bd[1]} precedes this patch "
                f"(in {self.where(frame.path)}), so the bytes it lets the DMA write are unknown",
            )
            return
        plus = (
            facts.plus
            if isinstance(facts.plus, int) or facts.plus is None
            else frame.int(facts.plus)
        )
        if not isinstance(plus, int):
            self.error(
                op,
                f"arg_plus is not a constant in {self.where(frame.path)}; cannot check where this "
                "patch lands",
            )
            return
        if facts.buffer is not None:
            if not site.resolvable:
                self.error(
                    op,
                    views.UNRESOLVABLE,
                )
                return
            ref = _bind(site.view, facts.buffer, frame)
            if ref is None:
                self.error(
                    op,
                    f"the buffer operand does not resolve to a static view of a host buffer of "
                    f"{self.label} (in {self.where(frame.path)})",
                )
                return
            arg, start = ref.arg, ref.offset + plus
        else:
            k = facts.arg_idx
            arg = _host_arg(self.hosts, k)
            if arg is None:
                n = len(self.hosts)
                self.error(
                    op,
                    f"in {self.where(frame.path)} this patch names host buffer #{k}, but "
                    f"{self.label} has {n} host buffer(s): the DMA writes nowhere",
                )
                return
            start = plus
            self.check_binding(op, key, frame, arg, start)
        size = self.sizes[arg]
        if size is not None and not (0 <= start and start + nbytes <= size):
            self.error(
                op,
                f"in {self.where(frame.path)} the BD writes bytes [{start}, {start + nbytes}) of host buffer "
                f"#{self.host(arg)} ({self.args[arg].type}, {size} bytes) of {self.label}: outside the buffer",
            )
        self.pending[facts.bd] = Region(
            op,
            frame.path,
            arg,
            start,
            start + nbytes,
            self.loaded,
            tag=self.tag_binding(frame),
        )

    def tag_binding(self, frame: cg.Frame) -> TagBinding | None:
        """:func:`tag_binding` of ``frame``, read once for the patches of one call in a row (the
        frame's bindings do not change while it runs)."""
        if self._tag[0] is not frame:
            self._tag = (frame, tag_binding(self.f, frame, self.keys))
        return self._tag[1]

    def check_binding(
        self, op: Any, key: int, frame: cg.Frame, arg: int, start: int
    ) -> None:
        """An integer patch inside a callee must land where the call binds the buffer it names."""
        if frame.run is None:
            return
        source = self.f.binding_source(op, frame.sequence, key, self.keys.get(frame))
        if isinstance(source, str):
            self.error(op, source)
            return
        original, src, b = source
        k = src.arg_idx
        bound = frame.args[b] if b is not None and b < len(frame.args) else None
        plus = (
            src.plus
            if isinstance(src.plus, int) or src.plus is None
            else frame.int(src.plus)
        )
        if not isinstance(bound, cg.BufferRef) or not isinstance(plus, int):
            return
        want = (bound.arg, bound.offset + plus)
        if want != (arg, start):
            self.error(
                op,
                f"in {self.where(frame.path)} this patch lands at byte {start} of host buffer "
                f"#{self.host(arg)} of "
                f"{self.label}, but the call binds the buffer it names (host buffer #{k} of "
                f"{cg.seq_label(original)}) to byte {want[1]} of host buffer #{self.host(want[0])}: "
                "inlining copies arg_idx verbatim (run aie-trace-fuse-buffers before materialization)",
            )

    def queue(self, op: Any, key: int | None) -> None:
        start = self.f.queue(op, key)
        if start is None:
            return
        region = self.pending.pop((start.column, start.bd), None)
        if region is None:
            return
        region.trace = start.direction == tracedma.S2MM and (
            start.column,
            start.channel,
        ) in self.f.trace_channels(self.loaded)
        self.spans.append(region)

    def memcpy(self, op: Any, key: int, frame: cg.Frame) -> None:
        m = self.f.memcpy(op, frame.sequence, key)
        if m is None:
            return
        ref = _bind(m.view, m.operand, frame)
        if ref is None or not isinstance(ref.offset, int):
            return
        self.spans.append(
            Region(op, frame.path, ref.arg, ref.offset + m.lo, ref.offset + m.hi)
        )

    def check_overlaps(self) -> None:
        """Sweep the regions of each buffer in address order (n log n)."""
        by_arg: dict[int, list[Region]] = {}
        for r in self.spans:
            by_arg.setdefault(r.arg, []).append(r)
        for arg, regions in by_arg.items():
            order = {
                r: i for i, r in enumerate(regions)
            }  # (a Region is hashed by identity)
            unique = {
                (r.start, r.end, _strip_iterations(r.path), structure.op_id(r.op)): r
                for r in reversed(regions)
                if r.trace
            }
            traces = sorted(unique.values(), key=lambda r: (r.start, r.end, order[r]))
            data = sorted((r.start, r.end) for r in regions if not r.trace)
            data_max_end = _running_max([e for _, e in data])
            active: list[Region] = (
                []
            )  # earlier trace regions that reach past the current start
            for r in traces:
                active = [a for a in active if a.end > r.start]
                for other in active:
                    if not _one_patch_of_one_call(other, r):
                        first, later = sorted((other, r), key=lambda x: order[x])
                        self.error(
                            later.op,
                            f"the trace region [{later.start}, {later.end}){_of_call(later)} "
                            f"overlaps the trace region [{first.start}, {first.end}){_of_call(first)} "
                            f"in host buffer #{self.host(arg)} of {self.label}",
                        )
                active.append(r)
                j = (
                    bisect.bisect_left(data, (r.end, -1)) - 1
                )  # the data regions starting before r ends
                if j >= 0 and data_max_end[j] > r.start:
                    d = next(d for d in data[: j + 1][::-1] if d[1] > r.start)
                    self.error(
                        r.op,
                        f"the trace region [{r.start}, {r.end}) of call '{r.path}' overlaps data "
                        f"[{d[0]}, {d[1]}) in host buffer #{self.host(arg)} of {self.label}",
                    )

    def check_layout(self) -> set[int]:
        """Each trace region against the root's layout record; returns the indices (in
        ``spans``) of the regions it reported."""
        flagged: set[int] = set()
        try:
            lay = L.read_layout(self.root)
        except L.LayoutError as e:
            self.error(self.root, str(e))
            return flagged
        if lay is None:
            return flagged
        by_path = {
            p: s
            for s in lay.slices
            if s.call_path is not None
            for p in s.call_path.split("+")
        }
        starts = sorted((s.offset, i) for i, s in enumerate(lay.slices))
        # Materialized, call paths are gone but devices remain; mlir-aie's own record names no paths.
        by_device = not self.g.runs(self.root) or not by_path
        for i, r in enumerate(self.spans):
            if not r.trace:
                continue
            if by_device:
                k = bisect.bisect_right(starts, (r.start, len(lay.slices))) - 1
                s = lay.slices[starts[k][1]] if k >= 0 else None
                if (
                    s is None
                    or s.device != r.device
                    or r.end > s.end
                    or r.arg != lay.arg_index
                ):
                    flagged.add(i)
                    self.error(
                        r.op,
                        f"this trace of @{r.device} lands at [{r.start}, {r.end}) of host buffer "
                        f"#{self.host(r.arg)}, which no slice of @{r.device} in the layout of "
                        f"{self.label} covers",
                    )
                continue
            s = by_path.get(r.path) or by_path.get(_strip_iterations(r.path))
            if s is None:
                flagged.add(i)
                self.error(
                    r.op, f"the layout of {self.label} has no slice for call '{r.path}'"
                )
            elif r.arg != lay.arg_index or not (s.offset <= r.start and r.end <= s.end):
                flagged.add(i)
                self.error(
                    r.op,
                    f"the trace of call '{r.path}' lands at [{r.start}, {r.end}) of host buffer "
                    f"#{self.host(r.arg)}, but the layout puts it at [{s.offset}, {s.end}) of host "
                    f"buffer #{lay.host_buffer_index}",
                )
        return flagged


def _flat(
    steps: list[tuple[str, Any, Any, int | None]],
) -> Iterator[tuple[str, Any, Any, int | None]]:
    """The steps of a program and of its loop bodies, in program order."""
    for step in steps:
        yield step
        if step[0] is _FOR:
            yield from _flat(step[2])


def _run_problems(
    run: cg.Run, params: list[Any], types: list[Any], same: list[bool]
) -> list[str]:
    """A run must pass exactly its callee's parameters (of types ``params``; ``types``: those of
    the operands it passes, ``same``: whether each is its parameter's)."""
    operands = types
    if len(operands) < len(params):
        short = "one argument short: " if len(operands) + 1 == len(params) else ""
        return [
            f"{short}passes {len(operands)} operand(s) but {cg.seq_label(run.callee)} takes {len(params)}; "
            f"parameter #{len(operands)} ({params[len(operands)]}) is not passed"
        ]
    if len(operands) > len(params):
        twice = (
            ": its trace buffers were fused twice (each fuse appends a slice operand to every "
            "traced run; aiecc's -aie-fuse-trace-buffers fuses E3/E4 inputs again, so hand aiecc "
            "the module unfused)"
            if _has_trace_record(run.callee)
            else ""
        )
        return [
            f"passes {len(operands)} operand(s) but {cg.seq_label(run.callee)} takes "
            f"{len(params)}{twice}"
        ]
    return [
        f"operand #{i} is {v} but parameter #{i} of {cg.seq_label(run.callee)} is {t}"
        for i, (t, v) in enumerate(zip(params, types, strict=True))
        if not same[i]
    ]


def _has_trace_record(seq: Any) -> bool:
    try:
        return L.read_trace_buffer(seq) is not None
    except L.LayoutError:  # (reported where the layout is read)
        return False


def _static_view(value: Any, seq: Any) -> Any:
    """Memref ``value`` of ``seq`` relative to ``seq``'s parameters, as :class:`_PatchSite`'s
    ``view``: what :meth:`cg.Frame.buffer` finds in every frame of ``seq``, up to the binding.
    """
    dynamic: list[Any] = []
    r = views.trace_to_block_argument(value, lambda v: dynamic.append(v))
    if dynamic:
        return _PER_FRAME
    if r is None:
        return None
    arg, offset = r
    return (
        (structure.argument_number(arg), offset)
        if structure.argument_owner(arg) == seq
        else None
    )


def _bind(view: Any, value: Any, frame: cg.Frame) -> cg.BufferRef | None:
    """Where memref ``value`` (whose :func:`_static_view` is ``view``) points in ``frame``."""
    if view is _PER_FRAME:
        return frame.buffer(value)
    if view is None:
        return None
    param, offset = view
    bound = frame.args[param]
    return (
        cg.BufferRef(bound.arg, bound.offset + offset)
        if isinstance(bound, cg.BufferRef)
        else None
    )


def _read_memcpy(op: Any, seq: Any) -> _Memcpy | None:
    operand = structure.operand(op, 0)
    ebytes = structure.element_bytes(
        attributes.memref_element_type(structure.value_type(operand))
    )
    if ebytes is None:
        return None
    offs, sizes, strides = (
        list(structure.attr_or_none(op, f"static_{k}") or [])
        for k in ("offsets", "sizes", "strides")
    )
    if S.DYNAMIC in offs + sizes + strides or not sizes or min(sizes) <= 0:
        return None
    lo = sum(o * s for o, s in zip(offs, strides, strict=False))
    hi = lo + sum((n - 1) * s for n, s in zip(sizes, strides, strict=False)) + 1
    return _Memcpy(operand, _static_view(operand, seq), lo * ebytes, hi * ebytes)


_ITERATION = re.compile(r"\[\d+\]")


def _strip_iterations(path: str) -> str:
    return _ITERATION.sub("", path) if "[" in path else path


def _one_patch_of_one_call(a: Region, b: Region) -> bool:
    """The same patch in the same call, or in iterations of one run sharing one region
    (``loops=shared``). After materialization every call has the empty path, and the (inlined)
    patch ops tell the calls apart."""
    if a.op != b.op:  # (the bindings compare the C++ ops)
        return False
    return a.path == b.path or (
        (a.start, a.end) == (b.start, b.end)
        and _strip_iterations(a.path) == _strip_iterations(b.path)
    )


def _of_call(r: Region) -> str:
    return f" of call '{r.path}'" if r.path else ""


def _running_max(values: list[int]) -> list[int]:
    out, m = [], -1
    for v in values:
        m = max(m, v)
        out.append(m)
    return out


def _host_arg(hosts: list[int], k: int | None) -> int | None:
    """The block argument of host buffer #``k`` (``hosts``: the memref arguments' indices)."""
    return hosts[k] if k is not None and 0 <= k < len(hosts) else None


# The tagged trace argument (``aie.trace_buffer_arg = N : i32``, the full-ELF control-packet flow;
# docs/ir-eras.md): the trace buffer trace lowering appended to a configuration's sequence, named
# by the tag wherever it sits among the arguments. A trace BD started under a tagged sequence must
# write inside what that sequence's argument N is bound to; without the tag nothing names the trace
# argument, and a trace patch naming a data buffer of the right size would pass unseen.


@dataclass(frozen=True)
class TagBinding:
    """Argument ``index`` of ``sequence`` (tagged as its trace buffer), bound to bytes
    ``[start, end)`` of block argument ``arg`` of the dispatched sequence; ``problem``: what is
    wrong with the tag itself."""

    sequence: Any
    index: int | None
    arg: int | None = None
    start: int = 0
    end: int = 0
    problem: str | None = None


def _read_tag(seq: Any) -> int | str | None:
    try:
        return forms.tagged_trace_arg(seq)
    except forms.TaggedFormError as e:
        return e.message


def tag_binding(
    facts: _Facts, frame: cg.Frame, keys: dict[cg.Frame, int] | None = None
) -> TagBinding | None:
    """The nearest call of ``frame``'s chain whose sequence is tagged, and where its tagged
    argument points in the dispatched sequence (None: no tagged sequence, or the argument is not
    bound to a static view of a host buffer, which the run check reports). ``keys``: the
    :func:`structure.op_id` of frames' sequences, where known."""
    f: cg.Frame | None = frame
    while f is not None:
        n = facts.tag(f.sequence, keys.get(f) if keys else None)
        if isinstance(n, str):
            return TagBinding(f.sequence, None, problem=n)
        if n is not None:
            bound = f.args[n] if n < len(f.args) else None
            size = structure.memref_bytes(structure.seq_args(f.sequence)[n].type)
            if not isinstance(bound, cg.BufferRef) or not isinstance(bound.offset, int):
                return None
            end = bound.offset + size if size is not None else None
            return TagBinding(
                f.sequence, n, bound.arg, bound.offset, end if end is not None else -1
            )
        f = f.parent
    return None


def tag_problem(
    r: Region, label: str, host: Callable[[int], int | None]
) -> tuple[Any, str] | None:
    """``(op, message)`` when trace region ``r`` does not land in the tagged trace argument it
    runs under (or the tag itself is malformed: reported at its sequence)."""
    t = r.tag
    if t is None:
        return None
    if t.problem is not None:
        return t.sequence, t.problem
    inside = r.arg == t.arg and t.start <= r.start and (t.end < 0 or r.end <= t.end)
    if inside:
        return None
    span = f"[{t.start}, {t.end})" if t.end >= 0 else f"from byte {t.start}"
    return r.op, (
        f"this trace lands at [{r.start}, {r.end}) of host buffer #{host(r.arg)} of {label}, "
        f"but {cg.seq_label(t.sequence)} tags argument #{t.index} as its trace buffer "
        f"('{forms.TRACE_BUFFER_ARG}'), which lies at {span} of host buffer #{host(t.arg)}"
    )


def _tag_hint(problems: list[str], run: cg.Run, tag: int | str | None) -> list[str]:
    """A run that stops short at the trace buffer its callee tags: say which buffer it is and
    what passes it."""
    if (
        not problems
        or not isinstance(tag, int)
        or structure.num_operands(run.op) != tag
    ):
        return problems
    return [
        f"{problems[0]}: it is the trace buffer {cg.seq_label(run.callee)} tags "
        f"('{forms.TRACE_BUFFER_ARG}'), which aie-trace-materialize threads into the calling "
        "sequence (mlir-aie's conform step) and aie-trace-fuse-buffers passes as a slice"
    ] + problems[1:]
