# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated NPU: executes a dispatched runtime sequence over host buffers.

It runs both forms a dispatched sequence takes:

* un-materialized -- ``aiex.configure @dev { aiex.run @seq(args) }``: ops are reached through
  :func:`aie_trace.analysis.callgraph.inline_walk`, whose frames map a callee's block arguments to the
  run's operands (views of the dispatched sequence's buffers) while every attribute is read
  verbatim, which is what ``-aie-materialize-runtime-sequences`` produces; an integer
  ``arg_idx`` in a callee is therefore read against the *dispatched* sequence's host buffers, as
  on hardware;
* materialized -- ``aiex.npu.load_pdi {device_ref = @dev}`` followed by the inlined ops.

It models what tracing depends on: the loaded design (loading the design that is already loaded
reconfigures nothing), register writes (``write32``, ``maskwrite32``, ``blockwrite``,
``writebd``), ``aiex.set_lock`` (the lock keeps the value; no core waits on it), DMA tasks on
shim tiles (``dma_configure_task(_for)`` / ``start`` / ``await`` / ``free``, one BD each, as
``-aie-dma-tasks-to-npu`` lowers them to a BD write, an address patch, a queue push and a
sync), the event and broadcast network that starts and stops trace units and resets their
timers, trace units emitting real trace packets, ``aie.packet_flow`` routing to shim DMA
channels, and the shim DMAs (:mod:`aie_trace.emu.dma`) writing into host memory with its cache
(:mod:`aie_trace.emu.memory`).

Activity: every time a design's trace units start (a *session*) they record a deterministic event
stream keyed by (design, k) -- the k-th session of that design in the dispatch -- so the same
program gives the same bytes in both forms and every call's data is distinguishable. The result
carries this ground truth, with the call path of each session when the form shows it
(un-materialized: run ordinals from the dispatched sequence, ``"1/0"``, ``"2[3]"`` in a loop).

Data channels are modelled too: an MM2S task reads its bytes from device memory (they feed an
input digest); an S2MM channel that no trace flow feeds receives the design's output, a
deterministic function of the design, the session and the input digest, when the host waits for
it (``aiex.npu.sync``) or when the design's run ends.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..analysis.callgraph import Frame, GraphError, RunGraph, inline_walk
from ..ir import aieops, attributes, eras, structure, views
from ..ir import fields as ir_fields
from ..ir import schema as S
from . import trace_unit as T
from .dma import S2MM, EmuFault, Patch, ShimDma, Task, decode_queue_register
from .memory import HostMemory

TRACE_BUNDLE, DMA_BUNDLE = 9, 1
NPU1_DEVICES, NPU2_DEVICES = range(4, 8), range(8, 16)


@dataclass
class Session:
    """One run of a design's trace program: ground truth for a decoder."""

    design: str
    index: int  # k-th session of this design in the dispatch
    path: str | None  # call path ("" = the dispatched sequence itself); None if unknown
    iterations: tuple[int, ...]  # enclosing scf.for iteration numbers
    duration: int
    units: list[T.UnitTrace] = field(default_factory=list)
    #: per unit (index into ``units``): [(host buffer, byte offset, length)] where its packets landed
    placements: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.design}#{self.index}"

    def landed_bytes(self) -> int:
        return sum(n for places in self.placements.values() for _, _, n in places)

    def unit_landed(self, i: int) -> list[tuple[int, int, int]]:
        """Intervals ``(slot, begin, end)`` of unit ``i``'s events whose packets were written."""
        unit = self.units[i]
        return unit.intervals(
            unit.landed_events(sum(n for _, _, n in self.placements.get(i, [])))
        )

    def to_json(self) -> dict[str, Any]:
        """Ground truth as JSON: per unit its configuration, every event it recorded, the
        intervals of those whose packets reached memory, and where its packets landed.
        """
        return {
            "design": self.design,
            "index": self.index,
            "path": self.path,
            "iterations": list(self.iterations),
            "duration": self.duration,
            "units": [
                {
                    "pkt_type": u.pkt_type,
                    "col": u.col,
                    "row": u.row,
                    "module": u.module,
                    "pkt_id": u.pkt_id,
                    "slots": list(u.slots),
                    "start_timer": u.start_timer,
                    "events": [list(e) for e in u.events],
                    "landed": [list(iv) for iv in self.unit_landed(k)],
                    "placements": [list(p) for p in self.placements.get(k, [])],
                }
                for k, u in enumerate(self.units)
            ],
        }

    def landed(self) -> dict[tuple[int, int, int], list[tuple[int, int, int]]]:
        """Ground truth of what reached memory: per stream (pkt_type, col, row), the intervals
        ``(slot, begin, end)`` of the events whose packets were written."""
        out: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        for i, unit in enumerate(self.units):
            intervals = self.unit_landed(i)
            if intervals:
                out.setdefault(unit.stream_key, []).extend(intervals)
        return out


@dataclass
class EmuResult:
    sessions: list[Session]
    writes: list[Any]  # emu_dma.DmaWrite, in order
    warnings: list[str]
    evicted: dict[int, int]  # host buffer -> dirty lines written back at the end
    lost_bytes: dict[
        str, int
    ]  # channel -> stream bytes never written (short of a burst)


@dataclass
class Flow:
    pkt_id: int
    col: int
    channel: int
    keep_header: bool


@dataclass
class Design:
    symbol: str
    op: Any
    arch: str
    tiles: dict[Any, tuple[int, int]]
    flows: dict[tuple[int, int, int], list[Flow]]  # (col, row, trace port) -> flows

    @staticmethod
    def load(op: Any) -> Design:
        sym = structure.device_name(op)
        dev = attributes.int_attr_value(structure.attr_or_none(op, "device"))
        if dev in NPU1_DEVICES:
            arch = "aie2"
        elif dev in NPU2_DEVICES:
            arch = "aie2p"
        else:
            raise EmuFault(f"device @{sym} ({dev}) is not a Ryzen AI NPU device", op)
        tiles = {
            structure.result(t.op): (t.col, t.row)
            for t in map(aieops.Tile, structure.walk(op, [aieops.Tile.NAME]))
        }
        flows: dict[tuple[int, int, int], list[Flow]] = {}
        for pf in structure.walk(op, ["aie.packet_flow"]):
            ports = {o.name: o for o in structure.block_ops(structure.body(pf))}
            src, dst = ports.get("aie.packet_source"), ports.get("aie.packet_dest")
            if (
                src is None
                or dst is None
                or ir_fields.get_int(src, "bundle", "E4") != TRACE_BUNDLE
            ):
                continue
            scol, srow = tiles[structure.operand(src, 0)]
            dcol, drow = tiles[structure.operand(dst, 0)]
            if drow != 0 or ir_fields.get_int(dst, "bundle", "E4") != DMA_BUNDLE:
                raise EmuFault("trace packet flows must end at a shim DMA channel", pf)
            keep = structure.attr_or_none(pf, "keep_pkt_header")
            flows.setdefault(
                (scol, srow, ir_fields.get_int(src, "channel", "E4")), []
            ).append(
                Flow(
                    ir_fields.get_int(pf, "ID", "E4") & 0x1F,
                    dcol,
                    ir_fields.get_int(dst, "channel", "E4"),
                    bool(keep is not None and attributes.int_attr_value(keep)),
                )
            )
        return Design(sym, op, arch, tiles, flows)


class Npu:
    """One NPU partition running one dispatch."""

    def __init__(self, module: Any, memory: HostMemory) -> None:
        self.module = module
        self.memory = memory
        try:
            self.era = eras.detect_era(module)
        except eras.EraError as e:
            raise EmuFault(str(e), e.op) from None
        self.devices = {structure.device_name(d): d for d in structure.devices(module)}
        self.dma = ShimDma(self)
        self.design: Design | None = None
        self.regs: dict[tuple[int, int], dict[int, int]] = {}
        self.running: dict[tuple[int, int, str], tuple[Session, int]] = (
            {}
        )  # unit -> (session, start timer)
        self.timer_reset: dict[tuple[int, int, str], int] = {}
        self.now = 0
        self.sessions: list[Session] = []
        self.warnings: list[str] = []
        self.lost: dict[str, int] = {}
        self.digest = hashlib.sha256()
        self.outputs = 0
        self.frame: Frame | None = None
        self.op: Any = None
        self.root: Any = None
        self.root_device: Any = None
        #: (col, row, lockID) -> value, as aiex.set_lock left it
        self.locks: dict[tuple[int, int, int], int] = {}
        #: configured DMA tasks by their aiex.dma_configure_task op: (col, dir, channel, task)
        self.tasks: dict[int, tuple[int, int, int, Task]] = {}

    # -- state used by the DMA model ----------------------------------------------------------
    @property
    def arch(self) -> str:
        return self.design.arch if self.design else "aie2"

    def registers(self, col: int, row: int) -> dict[int, int]:
        return self.regs.setdefault((col, row), {})

    def trace_destinations(self) -> set[tuple[int, int]]:
        if self.design is None:
            return set()
        return {(f.col, f.channel) for fl in self.design.flows.values() for f in fl}

    def consume_input(self, data: Any) -> None:  # bytes-like: bytes, a numpy array
        self.digest.update(data)

    # -- dispatch -----------------------------------------------------------------------------
    def dispatch(self, seq: Any) -> EmuResult:
        self.root = seq
        self.root_device = structure.parent_named(seq, "aie.device")
        self._load(structure.device_name(self.root_device), seq)
        graph = RunGraph(self.module)
        try:
            for op, frame in inline_walk(graph, seq):
                handler = _HANDLERS.get(op.name)
                if handler is None:
                    raise EmuFault(
                        f"'{op.name}' is not modelled by the emulator (lower it first)",
                        op,
                    )
                self.frame, self.op = frame, op
                handler(self, op, frame)
        except GraphError as e:
            raise EmuFault(e.message, e.op) from None
        self._end_design()
        evicted = self.memory.end_of_run()
        return EmuResult(
            self.sessions, self.dma.writes, self.warnings, evicted, self.lost
        )

    # -- values -------------------------------------------------------------------------------
    def int_value(self, v: Any, frame: Frame) -> int:
        n = frame.int(v)
        if not isinstance(n, int):
            raise EmuFault(
                "this value is not known before the run (a run-time scalar?); the emulator "
                "needs it",
                self.op if structure.is_block_argument(v) else structure.defining_op(v),
            )
        return n

    def host_buffer(self, v: Any, frame: Frame) -> tuple[int, int]:
        """(host-buffer index, byte offset) a memref value of this call points at."""
        ref = frame.buffer(v)
        index = (
            structure.host_buffer_index(self.root, ref.arg) if ref is not None else None
        )
        if index is None:
            raise EmuFault(
                "memref operand does not resolve to a host buffer of the dispatched sequence "
                "(a static view chain of one of its arguments)",
                self.op,
            )
        return index, ref.offset

    def int_field(self, op: Any, name: str, frame: Frame) -> int | None:
        d = S.opdef(self.era, op.name)
        if d is not None and d.operand(name) is not None:
            v = ir_fields.get_operand(op, name, self.era)
            return None if v is None else self.int_value(v, frame)
        return attributes.int_attr_value(structure.attr_or_none(op, name))

    def required(self, op: Any, name: str, frame: Frame) -> int:
        v = self.int_field(op, name, frame)
        if v is None:
            raise EmuFault(f"'{op.name}' has no '{name}'", op)
        return v

    # -- designs ------------------------------------------------------------------------------
    def _load(self, symbol: str, op: Any) -> None:
        if self.design is not None and self.design.symbol == symbol:
            return  # the design is loaded already: the array keeps its configuration
        dev = self.devices.get(symbol)
        if dev is None:
            raise EmuFault(f"no aie.device named @{symbol} in the module", op)
        self._end_design()
        self.design = Design.load(dev)
        self.regs.clear()
        self.running.clear()
        self.timer_reset.clear()

    def _end_design(self) -> None:
        """The loaded design's run ends: outputs still owed are written, the rest is lost."""
        if self.design is None:
            return
        for ch in list(self.dma.channels.values()):
            if self.dma.is_data_output(ch):
                ch.complete_output(self._producer(ch))
        for (col, row, mod), (session, _) in sorted(
            self.running.items(), key=lambda kv: kv[0]
        ):
            self.warnings.append(
                f"trace unit {mod} ({col}, {row}) of @{session.design} was never stopped; "
                "its buffered events are not flushed"
            )
        for ch in self.dma.channels.values():
            lost = ch.reset()
            if lost:
                self.lost[ch.name] = self.lost.get(ch.name, 0) + lost
                self.warnings.append(
                    f"{ch.name}: {lost} bytes of stream data never reached memory "
                    f"(less than one burst, or no task to receive them) when @{self.design.symbol}'s "
                    "run ended"
                )

    def _producer(self, ch: Any):
        design = self.design.symbol if self.design else "?"
        key = f"{design}/{ch.col}/{ch.index}/{self.outputs}/{self.digest.hexdigest()}"
        self.outputs += 1
        state = {"block": 0, "buf": b""}

        def produce(n: int) -> bytes:
            while len(state["buf"]) < n:
                state["buf"] += hashlib.sha256(
                    f"{key}/{state['block']}".encode()
                ).digest()
                state["block"] += 1
            out, state["buf"] = state["buf"][:n], state["buf"][n:]
            return out

        return produce

    # -- registers, events, trace units -------------------------------------------------------
    def write(self, address: int, value: int, op: Any) -> None:
        col, row, off = (
            (address >> 25) & 0x7F,
            (address >> 20) & 0x1F,
            address & 0xFFFFF,
        )
        value &= 0xFFFFFFFF
        self.registers(col, row)[off] = value
        if row == 0:
            if 0x1D000 <= off < 0x1D200:
                self.dma.on_bd_write(col, off)
            queue = decode_queue_register(off)
            if queue is not None:
                self.dma.channel(col, *queue).push(
                    Task(value & 0xF, ((value >> 16) & 0xFF) + 1, bool(value >> 31), op)
                )
        for mod in T.modules_of_row(row):
            if off == mod.event_generate:
                self._generate(col, row, mod, value & ((1 << mod.event_bits) - 1))
            elif off in (
                mod.trace_control0,
                mod.trace_control1,
                mod.trace_event0,
                mod.trace_event1,
            ):
                self._observe(col, row, mod, T.EVENT_TRUE, [], {})

    def _unit_config(self, col: int, row: int, mod: T.Module) -> T.UnitConfig | None:
        regs = self.registers(col, row)
        if mod.trace_control0 not in regs:
            return None
        return T.UnitConfig.from_registers(
            mod,
            regs[mod.trace_control0],
            regs.get(mod.trace_control1, 0),
            regs.get(mod.trace_event0, 0),
            regs.get(mod.trace_event1, 0),
        )

    def _tiles(self) -> list[tuple[int, int]]:
        tiles = set(self.regs)
        if self.design:
            tiles.update(self.design.tiles.values())
        return sorted(tiles)

    def _generate(self, col: int, row: int, mod: T.Module, event: int) -> None:
        """``Event_Generate``: the event occurs in that module and on every broadcast channel
        its ``Event_Broadcast`` registers drive with it."""
        if not event:
            return
        stopped: list[tuple[int, int, T.Module]] = []
        new_session: dict[str, Session] = {}
        self._observe(col, row, mod, event, stopped, new_session)
        regs = self.registers(col, row)
        for n in range(T.NUM_BROADCASTS):
            if regs.get(mod.broadcast_reg(n)) == event:
                for c, r in self._tiles():
                    for m in T.modules_of_row(r):
                        self._observe(c, r, m, m.broadcast0 + n, stopped, new_session)
        self._stop(stopped)

    def _observe(
        self,
        col: int,
        row: int,
        mod: T.Module,
        event: int,
        stopped: list,
        new_session: dict[str, Session],
    ) -> None:
        key = (col, row, mod.name)
        tc = self.registers(col, row).get(mod.timer_control, 0)
        if event != T.EVENT_TRUE and (tc >> 8) & ((1 << mod.event_bits) - 1) == event:
            self.timer_reset[key] = self.now
        cfg = self._unit_config(col, row, mod)
        if cfg is None:
            return
        if key not in self.running and event == cfg.start_event:
            if cfg.mode != 0:
                raise EmuFault(
                    f"trace unit {mod.name} ({col}, {row}): trace mode {cfg.mode} is not modelled "
                    "(only event-time)",
                    self.op,
                )
            if "s" not in new_session:
                new_session["s"] = self._new_session()
            self.running[key] = (
                new_session["s"],
                self.now - self.timer_reset.get(key, 0),
            )
        elif key in self.running and event == cfg.stop_event and event != T.EVENT_TRUE:
            stopped.append((col, row, mod))

    def _new_session(self) -> Session:
        design = self.design.symbol if self.design else "?"
        index = sum(s.design == design for s in self.sessions)
        frame = self.frame
        path: str | None = frame.path if frame else ""
        if (
            frame is not None
            and frame.run is None
            and self.design is not None
            and self.design.op != self.root_device
        ):
            path = None  # inlined ops of another design: the call structure is gone
        s = Session(
            design,
            index,
            path,
            tuple(frame.iterations.values()) if frame else (),
            T.session_duration(f"{design}#{index}"),
        )
        self.sessions.append(s)
        return s

    def _stop(self, stopped: list[tuple[int, int, T.Module]]) -> None:
        if not stopped:
            return
        streams: list[tuple[Session, int, list[bytes], Flow | None]] = []
        advance = 0
        for col, row, mod in sorted(stopped, key=lambda u: (u[0], u[1], u[2].name)):
            session, start = self.running.pop((col, row, mod.name))
            cfg = self._unit_config(col, row, mod)
            trace = T.record_session(
                session.key, col, row, mod, cfg, start, session.duration
            )
            session.units.append(trace)
            advance = max(advance, session.duration)
            flow = next(
                (
                    f
                    for f in self.design.flows.get((col, row, mod.trace_port), [])
                    if f.pkt_id == cfg.pkt_id
                ),
                None,
            )
            if flow is None:
                self.warnings.append(
                    f"trace unit {mod.name} ({col}, {row}) sends packet id {cfg.pkt_id} but no "
                    f"packet flow of @{session.design} carries it: {len(trace.packets)} packets dropped"
                )
            streams.append((session, len(session.units) - 1, list(trace.packets), flow))
        self.now += advance
        # units that stop together interleave their packets
        while any(s[2] for s in streams):
            for session, unit, packets, flow in streams:
                if packets and flow is not None:
                    pkt = packets.pop(0)
                    self.dma.channel(flow.col, S2MM, flow.channel).feed(
                        pkt if flow.keep_header else pkt[4:], (session, unit)
                    )
                elif packets:
                    packets.clear()


def _placements(result: EmuResult) -> None:
    for w in result.writes:
        at = w.offset
        for origin, n in w.tags:
            if isinstance(origin, tuple):
                session, unit = origin
                session.placements.setdefault(unit, []).append((w.buffer, at, n))
            at += n


# -- op handlers ------------------------------------------------------------------------------


def _h_none(npu: Npu, op: Any, frame: Frame) -> None:
    """Ops the walker evaluates (SSA values, views) or expands (calls, loops)."""


def _h_configure(npu: Npu, op: Any, frame: Frame) -> None:
    device = aieops.Configure(op).device_name
    if device is None:
        raise EmuFault("aiex.configure without symbol names no device", op)
    npu._load(device, op)


def _h_load_pdi(npu: Npu, op: Any, frame: Frame) -> None:
    device = aieops.LoadPdi(op).device_name
    if device is None:
        raise EmuFault(
            "aiex.npu.load_pdi without device_ref is not modelled (PDI ids need the binary)",
            op,
        )
    npu._load(device, op)


def _address(npu: Npu, op: Any, frame: Frame) -> int:
    if structure.attr_or_none(op, "buffer") is not None:
        raise EmuFault(f"'{op.name}' relative to an aie.buffer is not modelled", op)
    address = npu.required(op, "address", frame) & 0xFFFFFFFF
    col, row = npu.int_field(op, "column", frame), npu.int_field(op, "row", frame)
    if col is not None and row is not None:
        return (col << 25) | (row << 20) | (address & 0xFFFFF)
    return address


def _h_write32(npu: Npu, op: Any, frame: Frame) -> None:
    npu.write(_address(npu, op, frame), npu.required(op, "value", frame), op)


def _h_maskwrite32(npu: Npu, op: Any, frame: Frame) -> None:
    address = _address(npu, op, frame)
    mask = npu.required(op, "mask", frame) & 0xFFFFFFFF
    old = npu.registers((address >> 25) & 0x7F, (address >> 20) & 0x1F).get(
        address & 0xFFFFF, 0
    )
    npu.write(address, (old & ~mask) | (npu.required(op, "value", frame) & mask), op)


def _global_words(npu: Npu, op: Any) -> list[int]:
    """The words of the ``memref.global`` a blockwrite's data comes from."""
    src = structure.defining_op(structure.operand(op, 0))
    if src is None or src.name != "memref.get_global":
        raise EmuFault("blockwrite data must come from memref.get_global", op)
    name = structure.symref_name(structure.attr_or_none(src, "name"))
    for scope in (structure.parent_named(op, "aie.device"), npu.module):
        for g in structure.block_ops(structure.body(scope)):
            if g.name == "memref.global" and structure.symbol_name(g) == name:
                return attributes.dense_elements_ints(
                    structure.attr_or_none(g, "initial_value")
                )
    raise EmuFault(f"no memref.global @{name}", src)


def _h_blockwrite(npu: Npu, op: Any, frame: Frame) -> None:
    address = _address(npu, op, frame)
    for i, w in enumerate(_global_words(npu, op)):
        npu.write(address + 4 * i, w, op)


#: the required fields of ``aiex.npu.writebd`` (the same in every era)
WRITEBD_FIELDS = tuple(
    a.name for a in S.opdef("E1", "aiex.npu.writebd").attrs if a.required
)


def writebd_words(f: dict[str, int], burst_encoding: int) -> list[int]:
    """The 8 shim BD words mlir-aie's lowering writes for an ``aiex.npu.writebd``."""
    return [
        f["buffer_length"],
        f["buffer_offset"],
        (f["enable_packet"] & 1) << 30
        | (f["out_of_order_id"] & 0x3F) << 24
        | (f["packet_id"] & 0x1F) << 19
        | (f["packet_type"] & 0x7) << 16,
        (f["d0_size"] & 0x3FF) << 20 | (f["d0_stride"] & 0xFFFFF),
        (burst_encoding & 0x3) << 30
        | (f["d1_size"] & 0x3FF) << 20
        | (f["d1_stride"] & 0xFFFFF),
        2 << 24 | (f["d2_stride"] & 0xFFFFF),
        (f["iteration_current"] & 0x3F) << 26
        | (f["iteration_size"] & 0x3F) << 20
        | (f["iteration_stride"] & 0xFFFFF),
        (f["next_bd"] & 0xF) << 27
        | (f["use_next_bd"] & 1) << 26
        | (f["valid_bd"] & 1) << 25
        | (f["lock_rel_val"] & 0x7F) << 18
        | (f["lock_rel_id"] & 0xF) << 13
        | (f["lock_acq_enable"] & 1) << 12
        | (f["lock_acq_val"] & 0x7F) << 5
        | (f["lock_acq_id"] & 0xF),
    ]


def _h_writebd(npu: Npu, op: Any, frame: Frame) -> None:
    fields = {name: npu.required(op, name, frame) for name in WRITEBD_FIELDS}
    if fields["row"] != 0:
        raise EmuFault("aiex.npu.writebd is modelled for shim tiles (row 0) only", op)
    bursts = (64, 128, 256) if npu.arch == "aie2" else (64, 128, 256, 512)
    burst = npu.int_field(op, "burst_length", frame) or bursts[-1]
    if burst not in bursts:
        raise EmuFault(f"burst_length {burst} is not one of {bursts} on {npu.arch}", op)
    base = (fields["column"] << 25) | (0x1D000 + 0x20 * fields["bd_id"])
    for i, w in enumerate(writebd_words(fields, bursts.index(burst))):
        npu.write(base + 4 * i, w, op)


def _h_address_patch(npu: Npu, op: Any, frame: Frame) -> None:
    if npu.era != "E1" and ir_fields.get_operand(op, "addr_val", npu.era) is not None:
        raise EmuFault(
            "address_patch with a run-time BD address (addr_val) is not modelled", op
        )
    arg_plus = npu.required(op, "arg_plus", frame)
    buffer_operand = (
        ir_fields.get_operand(op, "buffer", npu.era)
        if npu.era in ("E3", "E4")
        else None
    )
    if buffer_operand is not None:
        if not views.resolvable_in_sequence(op, buffer_operand):
            raise EmuFault(
                f"{views.UNRESOLVABLE}, so no NPU runs this patch",
                op,
            )
        arg_idx, offset = npu.host_buffer(buffer_operand, frame)
        arg_plus += offset
    else:
        arg_idx = npu.required(op, "arg_idx", frame)
    if not 0 <= arg_idx < len(npu.memory.buffers):
        raise EmuFault(
            f"address_patch names host buffer {arg_idx}, but the dispatch binds "
            f"{len(npu.memory.buffers)} host buffer(s): the DMA would write nowhere",
            op,
        )
    addr = attributes.int_attr_value(structure.attr_or_none(op, "addr")) & 0xFFFFFFFF
    col, row = (addr >> 25) & 0x7F, (addr >> 20) & 0x1F
    patch = Patch(op, arg_idx, arg_plus, npu.memory.buffers[arg_idx])
    if row != 0:
        raise EmuFault(
            f"{patch.describe()} targets tile ({col}, {row}); only shim BDs take host addresses",
            op,
        )
    npu.dma.patch(col, addr & 0xFFFFF, patch)


def _h_push_queue(npu: Npu, op: Any, frame: Frame) -> None:
    col, row = npu.required(op, "column", frame), npu.required(op, "row", frame)
    direction, channel = npu.required(op, "direction", frame), npu.required(
        op, "channel", frame
    )
    if row != 0:
        raise EmuFault("push_queue is modelled for shim tiles (row 0) only", op)
    npu.dma.channel(col, direction, channel).push(
        Task(
            npu.required(op, "bd_id", frame),
            npu.required(op, "repeat_count", frame) + 1,
            bool(npu.required(op, "issue_token", frame)),
            op,
        )
    )


def _await(npu: Npu, ch: Any, op: Any) -> None:
    """Block until ``ch`` hands in a task-complete token (``npu.sync``, ``dma_await_task``)."""
    if npu.dma.is_data_output(ch):
        ch.complete_output(npu._producer(ch))
    if ch.tokens == 0:
        state = (
            "its task is still running" if ch.busy else "no task on it issues a token"
        )
        raise EmuFault(f"'{op.name}' waits on {ch.name} forever: {state}", op)
    ch.tokens -= 1


def _h_sync(npu: Npu, op: Any, frame: Frame) -> None:
    f = {
        n: npu.required(op, n, frame)
        for n in ("column", "row", "direction", "channel", "column_num", "row_num")
    }
    if f["row"] != 0 or f["row_num"] != 1:
        raise EmuFault("aiex.npu.sync is modelled for shim tiles (row 0) only", op)
    for col in range(f["column"], f["column"] + f["column_num"]):
        _await(npu, npu.dma.channel(col, f["direction"], f["channel"]), op)


def _defining(v: Any, name: str, op: Any) -> Any:
    """The ``name`` op that defines ``v`` (a device-level value), else an :class:`EmuFault`."""
    owner = structure.defining_op(v)
    if owner is None or owner.name != name:
        raise EmuFault(f"'{op.name}' needs a value defined by '{name}'", op)
    return owner


def _tile_of(v: Any, op: Any) -> tuple[int, int]:
    tile = aieops.Tile(_defining(v, aieops.Tile.NAME, op))
    return tile.col, tile.row


def _h_set_lock(npu: Npu, op: Any, frame: Frame) -> None:
    """``aiex.set_lock``: the lock's value register takes ``value`` (non-blocking; what
    ``-aie-lower-set-lock`` writes). The emulator keeps the value; no core waits on it.
    """
    lock = _defining(structure.operand(op, 0), "aie.lock", op)
    lock_id = attributes.int_attr_value(structure.attr_or_none(lock, "lockID"))
    if lock_id is None:
        raise EmuFault(
            "aiex.set_lock on a lock without a lockID: assign lock IDs first", op
        )
    col, row = _tile_of(structure.operand(lock, 0), op)
    npu.locks[(col, row, lock_id)] = npu.required(op, "value", frame)


def _dma_bd_fields(npu: Npu, bd: Any, frame: Frame) -> tuple[int, int, int, Any]:
    """(bd_id, offset in bytes, length in bytes, buffer value) of an ``aie.dma_bd`` of a task."""
    d = S.opdef(npu.era, bd.name)
    segmented = d is not None and d.segments
    buffer = structure.operand(bd, 0)
    elem = (
        structure.element_bytes(
            attributes.memref_element_type(structure.value_type(buffer))
        )
        if attributes.is_memref(buffer)
        else None
    )
    if segmented:
        offset = (
            npu.int_field(bd, "offset", frame)
            if ir_fields.get_operand(bd, "offset", npu.era) is not None
            else attributes.int_attr_value(structure.attr_or_none(bd, "static_offset"))
        )
        length = (
            npu.int_field(bd, "len", frame)
            if ir_fields.get_operand(bd, "len", npu.era) is not None
            else attributes.int_attr_value(structure.attr_or_none(bd, "static_len"))
        )
        if structure.attr_or_none(bd, "static_sizes") is not None or list(
            ir_fields.get_operand(bd, "sizes", npu.era) or []
        ):
            raise EmuFault("multi-dimensional DMA task BDs are not modelled", bd)
    else:
        offset = npu.int_field(bd, "offset", frame)
        length = npu.int_field(bd, "len", frame)
        if structure.attr_or_none(bd, "dimensions") is not None:
            raise EmuFault("multi-dimensional DMA task BDs are not modelled", bd)
    bd_id = attributes.int_attr_value(structure.attr_or_none(bd, "bd_id"))
    if bd_id is None:
        raise EmuFault(
            "aie.dma_bd of a DMA task has no bd_id: run mlir-aie's "
            "-aie-assign-runtime-sequence-bd-ids first",
            bd,
        )
    if length is None or elem is None:
        raise EmuFault("aie.dma_bd of a DMA task needs a static length", bd)
    return bd_id, (offset or 0) * elem, length * elem, buffer


def _h_configure_task(npu: Npu, op: Any, frame: Frame) -> None:
    """``aiex.dma_configure_task(_for)`` on a shim tile (``_for``: the tile, direction and
    channel of the ``aie.shim_dma_allocation`` it names), as ``-aie-dma-tasks-to-npu`` lowers it: each
    BD is written (``npu.writebd``) and its host address patched (``address_patch``); the task is
    kept for ``dma_start_task`` / ``dma_await_task``. One BD per task (no ``aie.next_bd``).
    """
    if op.name == "aiex.dma_configure_task":
        col, row = _tile_of(ir_fields.get_operand(op, "tile", npu.era), op)
        direction = npu.required(op, "direction", frame)
        channel = npu.required(op, "channel", frame)
    else:  # _for: the endpoint of the aie.shim_dma_allocation it names, in the op's device
        ref = structure.attr_or_none(op, "alloc")
        if ref is None:
            raise EmuFault(f"'{op.name}' names no aie.shim_dma_allocation", op)
        name = structure.symref_name(ref)
        device = structure.parent_named(op, "aie.device")
        alloc = next(
            (
                o
                for o in structure.block_ops(structure.body(device))
                if o.name == "aie.shim_dma_allocation"
                and structure.symbol_name(o) == name
            ),
            None,
        )
        if alloc is None:
            raise EmuFault(f"no aie.shim_dma_allocation @{name} in this device", op)
        col, row = _tile_of(structure.operand(alloc, 0), op)
        direction = ir_fields.get_int(alloc, "channel_dir", "E4")
        channel = ir_fields.get_int(alloc, "channel_index", "E4")
    if row != 0:
        raise EmuFault("DMA tasks are modelled for shim tiles (row 0) only", op)
    for name in ("repeat_count_val", "bd_id_val"):
        if npu.era != "E1" and ir_fields.get_operand(op, name, npu.era) is not None:
            raise EmuFault(f"a run-time {name} is not modelled", op)
    blocks = structure.blocks(op)
    bds = [o for b in blocks for o in structure.block_ops(b) if o.name == "aie.dma_bd"]
    if len(blocks) != 1 or len(bds) != 1:
        raise EmuFault("DMA tasks of one BD (one block) are modelled only", op)
    for o in structure.block_ops(blocks[0]):
        if o.name not in ("aie.dma_bd", "aie.end", "arith.constant"):
            raise EmuFault(f"'{o.name}' in a DMA task's BD is not modelled", o)
    bd_id, offset, length, buffer = _dma_bd_fields(npu, bds[0], frame)
    if length % 4 or offset % 4:
        raise EmuFault("a shim BD moves whole 32-bit words", bds[0])
    fields = dict.fromkeys(WRITEBD_FIELDS, 0)
    fields.update(column=col, row=0, bd_id=bd_id, buffer_length=length // 4, valid_bd=1)
    bursts = (64, 128, 256) if npu.arch == "aie2" else (64, 128, 256, 512)
    base = (col << 25) | (0x1D000 + 0x20 * bd_id)
    for i, w in enumerate(writebd_words(fields, len(bursts) - 1)):
        npu.write(base + 4 * i, w, op)
    index, at = npu.host_buffer(buffer, frame)
    patch = Patch(op, index, at + offset, npu.memory.buffers[index])
    npu.dma.patch(col, 0x1D000 + 0x20 * bd_id + 4, patch)
    npu.tasks[structure.op_id(op)] = (
        col,
        direction,
        channel,
        Task(
            bd_id,
            (npu.int_field(op, "repeat_count", frame) or 0) + 1,
            bool(npu.int_field(op, "issue_token", frame)),
            op,
        ),
    )


def _task(npu: Npu, op: Any) -> tuple[int, int, int, Task]:
    owner = structure.defining_op(structure.operand(op, 0))
    task = npu.tasks.get(structure.op_id(owner)) if owner is not None else None
    if task is None:
        raise EmuFault(f"'{op.name}' names no configured DMA task", op)
    return task


def _h_start_task(npu: Npu, op: Any, frame: Frame) -> None:
    col, direction, channel, task = _task(npu, op)
    npu.dma.channel(col, direction, channel).push(task)


def _h_await_task(npu: Npu, op: Any, frame: Frame) -> None:
    col, direction, channel, task = _task(npu, op)
    if not task.token:
        raise EmuFault(
            "aiex.dma_await_task on a task without issue_token = true waits forever", op
        )
    _await(npu, npu.dma.channel(col, direction, channel), op)


_HANDLERS = {
    **{
        name: _h_none
        for name in (
            "arith.constant",
            "arith.addi",
            "arith.subi",
            "arith.muli",
            "arith.divui",
            "arith.divsi",
            "arith.remui",
            "arith.remsi",
            "arith.index_cast",
            "arith.index_castui",
            "arith.extsi",
            "arith.extui",
            "arith.trunci",
            "memref.subview",
            "memref.cast",
            "memref.reinterpret_cast",
            "memref.view",
            "memref.get_global",
            "scf.for",
            "scf.yield",
            "aiex.run",
        )
    },
    "aiex.configure": _h_configure,
    "aiex.npu.load_pdi": _h_load_pdi,
    "aiex.npu.write32": _h_write32,
    "aiex.npu.maskwrite32": _h_maskwrite32,
    "aiex.npu.blockwrite": _h_blockwrite,
    "aiex.npu.writebd": _h_writebd,
    "aiex.npu.address_patch": _h_address_patch,
    "aiex.npu.push_queue": _h_push_queue,
    "aiex.npu.sync": _h_sync,
    "aiex.set_lock": _h_set_lock,
    "aiex.dma_configure_task": _h_configure_task,
    "aiex.dma_configure_task_for": _h_configure_task,
    "aiex.dma_start_task": _h_start_task,
    "aiex.dma_await_task": _h_await_task,
    "aiex.dma_free_task": _h_none,
    # the BD region of a DMA task: read by _h_configure_task
    "aie.dma_bd": _h_none,
    "aie.end": _h_none,
}


def run(module: Any, sequence: Any, memory: HostMemory) -> EmuResult:
    """Dispatch ``sequence`` (an ``aie.runtime_sequence`` of ``module``) on a fresh emulated NPU."""
    result = Npu(module, memory).dispatch(sequence)
    _placements(result)
    return result


__all__ = ["EmuFault", "EmuResult", "Session", "run", "writebd_words", "WRITEBD_FIELDS"]
