"""aie-trace-verify-patches: prove statically that trace data lands where the layout says."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from aie_trace import aieir, callgraph as cg, layout as L, tracedma
from aie_trace.registry import Pass, option, register


@dataclass
class Region:
    """Bytes ``[start, end)`` of block argument ``arg`` of the dispatched sequence."""

    op: Any
    path: str
    arg: int
    start: int
    end: int
    device: str = ""
    trace: bool = False

    def overlaps(self, other: "Region") -> bool:
        return self.arg == other.arg and self.start < other.end and other.start < self.end


@register
@dataclass
class VerifyPatches(Pass):
    """Check every address patch as it executes after verbatim inlining.

    Expects: any module, before or after materialization. From every dispatched sequence (every
    ``aie.runtime_sequence`` that is not a specialized copy), the pass simulates verbatim inlining
    through the run graph (SSA operands remapped, attributes read as written) and checks: every run
    passes exactly its callee's parameters ("one argument short" names the missing parameter); each
    ``address_patch`` names a host buffer the dispatched sequence has (an integer ``arg_idx`` is
    read verbatim; a ``buffer`` operand is followed through its views); the bytes its BD writes
    (``buffer_length`` of the preceding ``writebd`` of the same shim column and BD, the ``addr``
    decoded with the shim BD address arithmetic) lie inside that buffer; trace regions (BDs started
    on a shim S2MM channel that a trace packet flow feeds) of different call sites are disjoint, and
    disjoint from the data regions (patches and ``dma_memcpy_nd``) sharing their buffer; and when
    the sequence records a layout, each call's trace lands in the layout's buffer, inside the slice
    of its call path. Guarantees after: the IR is unchanged; every violation is a located error.
    """

    name: ClassVar[str] = "aie-trace-verify-patches"
    summary: ClassVar[str] = "Check that every address patch lands inside its buffer and its layout slice"

    era: Literal["auto", "E1", "E2", "E3", "E4"] = option("auto", "IR era (auto: read from the op shapes)")

    def run(self, module, diag) -> None:
        era = self.era
        if era == "auto":
            try:
                era = aieir.detect_era(module)
            except aieir.EraError as e:
                raise diag.fail(e.op, str(e))
        graph = cg.RunGraph(module)
        for op, msg in graph.errors:
            diag.error(op, msg)
        if graph.errors:
            raise diag.fail()
        reported: set[tuple[int, str]] = set()
        for root in graph.sequences:
            if not L.is_specialized(root):
                try:
                    _Check(graph, era, root, diag, reported).run()
                except cg.GraphError as e:
                    raise diag.fail(e.op, e.message)
        if diag.error_count:
            raise diag.fail()


class _Check:
    def __init__(self, graph: cg.RunGraph, era: str, root: Any, diag: Any, reported: set):
        self.g, self.era, self.root, self.diag, self.reported = graph, era, root, diag, reported
        self.label = cg.seq_label(root)
        self.args = aieir.seq_args(root)
        self.bds: dict[tuple[int, int], int] = {}
        self.pending: dict[tuple[int, int], Region] = {}
        self.regions: list[Region] = []
        self.channels: dict[str, set[tuple[int, int]]] = {}
        self.devices = {aieir.symbol_name(d) or "main": d for d in aieir.devices(
            aieir.parent_named(root, "builtin.module"))}
        self.loaded = graph.device_of(root)

    def error(self, op: Any, msg: str) -> None:
        key = (cg.op_key(op), msg)
        if key not in self.reported:
            self.reported.add(key)
            self.diag.error(op, msg)

    def where(self, path: str) -> str:
        return f"{self.label} (call path '{path}')" if path else self.label

    def run(self) -> None:
        for op, frame in cg.inline_walk(self.g, self.root):
            name = op.name
            if name in ("aiex.configure", "aiex.npu.load_pdi"):
                ref = aieir.attr_or_none(op, "symbol" if name == "aiex.configure" else "device_ref")
                self.loaded = aieir.symref_name(ref) if ref is not None else self.loaded
            elif name == "aiex.run":
                self.check_run(op, frame)
            elif name == "aiex.npu.writebd":
                key = tracedma.writebd_key(op, self.era)
                if key is not None:
                    self.bds[key] = tracedma.writebd_bytes(op, self.era) or 0
            elif name == "aiex.npu.address_patch":
                self.patch(op, frame)
            elif name == "aiex.npu.dma_memcpy_nd":
                self.memcpy(op, frame)
            else:
                self.queue(op)
        self.regions.extend(self.pending.values())
        self.check_overlaps()
        self.check_layout()

    def check_run(self, op: Any, frame: cg.Frame) -> None:
        run = self.g.run_of(op)
        params, operands = aieir.seq_args(run.callee), list(op.operands)
        callee = cg.seq_label(run.callee)
        if len(operands) < len(params):
            p = params[len(operands)]
            short = "one argument short: " if len(operands) + 1 == len(params) else ""
            self.error(op, f"{short}passes {len(operands)} operand(s) but {callee} takes {len(params)}; parameter "
                           f"#{len(operands)} ({p.type}) is not passed")
        elif len(operands) > len(params):
            self.error(op, f"passes {len(operands)} operand(s) but {callee} takes {len(params)}")
        else:
            for i, (p, v) in enumerate(zip(params, operands)):
                if p.type != v.type:
                    self.error(op, f"operand #{i} is {v.type} but parameter #{i} of {callee} is {p.type}")

    def patch(self, op: Any, frame: cg.Frame) -> None:
        key = tracedma.patch_bd(op, self.era)
        where = self.where(frame.path)
        if key is None:
            self.error(op, f"addr {aieir.get_int(op, 'addr', self.era)} is not the address word of a shim BD")
            return
        nbytes = self.bds.get(key)
        if nbytes is None:
            self.error(op, f"no aiex.npu.writebd of shim column {key[0]} BD {key[1]} precedes this patch "
                           f"(in {where}), so the bytes it lets the DMA write are unknown")
            return
        buf = aieir.get_operand(op, "buffer", self.era) if self.era in ("E3", "E4") else None
        plus = frame.int(aieir.get_operand(op, "arg_plus", self.era)) if self.era != "E1" else aieir.get_int(
            op, "arg_plus", self.era)
        if not isinstance(plus, int):
            self.error(op, f"arg_plus is not a constant in {where}; cannot check where this patch lands")
            return
        if buf is not None:
            ref = frame.buffer(buf)
            if ref is None:
                self.error(op, f"the buffer operand does not resolve to a static view of a host buffer of "
                               f"{self.label} (in {where})")
                return
            arg, start = ref.arg, ref.offset + plus
        else:
            k = aieir.get_int(op, "arg_idx", self.era)
            arg = aieir.block_index_of_host_buffer(self.root, k) if k is not None else None
            if arg is None:
                n = sum(cg.is_memref(a) for a in self.args)
                self.error(op, f"in {where} this patch names host buffer #{k}, but {self.label} has {n} host "
                               "buffer(s): the DMA writes nowhere")
                return
            start = plus
            self.check_binding(op, frame, arg, start, where)
        size = aieir.memref_bytes(self.args[arg].type)
        host = aieir.host_buffer_index(self.root, arg)
        if size is not None and not (0 <= start and start + nbytes <= size):
            self.error(op, f"in {where} the BD writes bytes [{start}, {start + nbytes}) of host buffer #{host} "
                           f"({self.args[arg].type}, {size} bytes) of {self.label}: outside the buffer")
        self.pending[key] = Region(op, frame.path, arg, start, start + nbytes, self.loaded)

    def check_binding(self, op: Any, frame: cg.Frame, arg: int, start: int, where: str) -> None:
        """An integer patch inside a callee must land where the call binds the buffer it names."""
        if frame.run is None:
            return
        seq = frame.sequence
        original = self.original(seq)
        mine = aieir.walk(seq, ["aiex.npu.address_patch"])
        at = next(i for i, p in enumerate(mine) if p == op)
        src = aieir.walk(original, ["aiex.npu.address_patch"])[at] if original is not seq else op
        k = aieir.get_int(src, "arg_idx", self.era)
        b = aieir.block_index_of_host_buffer(original, k) if k is not None else None
        bound = frame.args[b] if b is not None and b < len(frame.args) else None
        plus = aieir.get_int(src, "arg_plus", self.era) if self.era == "E1" else frame.int(
            aieir.get_operand(src, "arg_plus", self.era))
        if not isinstance(bound, cg.BufferRef) or not isinstance(plus, int):
            return
        want = (bound.arg, bound.offset + plus)
        if want != (arg, start):
            host = aieir.host_buffer_index
            self.error(op, f"in {where} this patch lands at byte {start} of host buffer #{host(self.root, arg)} of "
                           f"{self.label}, but the call binds the buffer it names (host buffer #{k} of "
                           f"{cg.seq_label(original)}) to byte {want[1]} of host buffer #{host(self.root, want[0])}: "
                           "inlining copies arg_idx verbatim (run aie-trace-fuse-buffers before materialization)")

    def original(self, seq: Any) -> Any:
        src = aieir.attr_or_none(seq, L.SPECIALIZED_FROM)
        if src is None:
            return seq
        return self.g.by_symbol.get((self.g.device_of(seq), aieir.symref_name(src)), seq)

    def queue(self, op: Any) -> None:
        start = tracedma.queue_start(op, self.era)
        if start is None:
            return
        region = self.pending.pop((start.column, start.bd), None)
        if region is None:
            return
        dev = self.devices.get(self.loaded)
        if self.loaded not in self.channels:
            self.channels[self.loaded] = tracedma.trace_channels(dev) if dev is not None else set()
        region.trace = start.direction == tracedma.S2MM and (start.column, start.channel) in self.channels[self.loaded]
        self.regions.append(region)

    def memcpy(self, op: Any, frame: cg.Frame) -> None:
        ref = frame.buffer(op.operands[0])
        ebytes = cg.elem_bytes(op.operands[0].type)
        if ref is None or ebytes is None or not isinstance(ref.offset, int):
            return
        offs, sizes, strides = (list(aieir.attr_or_none(op, f"static_{k}") or []) for k in ("offsets", "sizes", "strides"))
        if any(v == cg.DYNAMIC for v in offs + sizes + strides) or not sizes or min(sizes) <= 0:
            return
        lo = sum(o * s for o, s in zip(offs, strides))
        hi = lo + sum((n - 1) * s for n, s in zip(sizes, strides)) + 1
        self.regions.append(Region(op, frame.path, ref.arg, ref.offset + lo * ebytes, ref.offset + hi * ebytes))

    def check_overlaps(self) -> None:
        traces = [r for r in self.regions if r.trace]
        for i, r in enumerate(traces):
            for other in traces[:i]:
                shared_loop = (_strip_iterations(other.path) == _strip_iterations(r.path)
                               and (other.start, other.end) == (r.start, r.end))
                if other.path != r.path and not shared_loop and r.overlaps(other):
                    self.error(r.op, f"the trace region [{r.start}, {r.end}) of call '{r.path}' overlaps the trace "
                                     f"region [{other.start}, {other.end}) of call '{other.path}' in host buffer "
                                     f"#{aieir.host_buffer_index(self.root, r.arg)} of {self.label}")
            for d in (x for x in self.regions if not x.trace):
                if r.overlaps(d):
                    self.error(r.op, f"the trace region [{r.start}, {r.end}) of call '{r.path}' overlaps data "
                                     f"[{d.start}, {d.end}) in host buffer "
                                     f"#{aieir.host_buffer_index(self.root, r.arg)} of {self.label}")

    def check_layout(self) -> None:
        try:
            lay = L.read_layout(self.root)
        except L.LayoutError as e:
            self.error(self.root, str(e))
            return
        if lay is None:
            return
        inlined = not self.g.runs(self.root)  # materialized: call paths are gone, devices remain
        for r in (x for x in self.regions if x.trace):
            if inlined:
                s = next((s for s in lay.slices if s.device == r.device and s.offset <= r.start and r.end <= s.end
                          and r.arg == lay.arg_index), None)
                if s is None:
                    self.error(r.op, f"this trace of @{r.device} lands at [{r.start}, {r.end}) of host buffer "
                                     f"#{aieir.host_buffer_index(self.root, r.arg)}, which no slice of @{r.device} "
                                     f"in the layout of {self.label} covers")
                continue
            s = lay.slice_for(r.path) or lay.slice_for(_strip_iterations(r.path))
            if s is None:
                self.error(r.op, f"the layout of {self.label} has no slice for call '{r.path}'")
            elif r.arg != lay.arg_index or not (s.offset <= r.start and r.end <= s.end):
                self.error(r.op, f"the trace of call '{r.path}' lands at [{r.start}, {r.end}) of host buffer "
                                 f"#{aieir.host_buffer_index(self.root, r.arg)}, but the layout puts it at "
                                 f"[{s.offset}, {s.end}) of host buffer #{lay.host_buffer_index}")


def _strip_iterations(path: str) -> str:
    return re.sub(r"\[\d+\]", "", path)
