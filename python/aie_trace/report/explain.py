# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Why a slice is empty, cut short or full, in words.

Each slice of a decoded trace gets a status and the reasons behind it (:func:`explain`):

``empty``
    Nothing was written. Given the design's trace set-up as the module holds it
    (:func:`trace_setup`), each piece a trace needs is checked and named: **the patch** (an
    ``aiex.npu.address_patch`` of a shim BD that is then started on a channel a trace flow
    feeds, and the module's static proof that every patch lands in its slice), **the BD** (that
    ``aiex.npu.writebd``, its length against the slice), **the packet flow** (an
    ``aie.packet_flow`` from each traced unit's ``Trace`` port to that shim channel) and **the
    start event** (the unit's ``Trace_Control0`` start event, and for a broadcast event a tile of
    the sequence that generates what that broadcast carries).
``invalid``
    Packets were written, none with a valid header.
``short``
    The trace ends before the run did: a unit's stream ends in the middle of a command (the unit
    still held data when the run ended, and its last packet never reached memory), or a kernel run
    began (``INSTR_EVENT_0``) and its end (``INSTR_EVENT_1``) never came.
``full``
    The trace filled the slice and later events were lost. The observed rate (bytes per traced
    cycle) gives the size that would have held a run as long as the design's other call sites
    ran (:func:`compare_notes`), or per thousand cycles of run.
``unknown``
    A ``trace.txt`` leaves out zero words: whether the slice filled up cannot be told.
``ok``
    None of these.

Register facts (tile-local offsets, AM020 / AM025 register reference, as
:mod:`aie_trace.emu.trace_unit` models them): ``Trace_Control0`` at module base + 0xD0, its start
event in bits [22:16] ([23:16] on a memory tile); ``Event_Generate`` at base + 0x08;
``Event_Broadcast<n>`` at base + 0x10 + 4n; a broadcast channel ``n`` reaches every module as
its event ``BROADCAST_<n>`` (``broadcast0 + n``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..emu import trace_unit as T
from ..trace import format as F

STATUSES = ("ok", "empty", "invalid", "short", "full", "unknown")
#: the event of every module that holds in every cycle: a unit that starts on it starts when set
EVENT_NONE, EVENT_TRUE = 0, 1
_MODULES = {m.name: m for m in (T.CORE, T.MEM, T.MEMTILE, T.SHIM)}


@dataclass
class Check:
    """One piece of a design's trace set-up, checked against the module."""

    #: "patch", "bd", "flow" or "start"
    piece: str
    ok: bool
    text: str


@dataclass
class TraceSetup:
    """What the module sets up for one design's trace: the checks, in the order a trace needs
    them (patch, BD, flow, start event)."""

    design: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)


# ------------------------------------------------------------------------------------------------
# one slice


def explain(
    sd: Any, s: Any, size_known: bool = True, setup: Any = None
) -> tuple[str, list[str]]:
    """The status of a decoded slice (``sd``, a ``decode.SliceDecode``; ``s``, its summary so far)
    and why, in words."""
    r = sd.result
    if r.used_bytes == 0:
        return "empty", _empty(setup)
    if r.valid_packets == 0:
        return "invalid", [
            "packets were written but none has a valid header: not a trace a unit wrote, or "
            "the slice is read at the wrong offset"
        ]
    if not size_known:
        return "unknown", []
    if r.full:
        return "full", _full(s)
    short = _short(sd, s)
    return ("short", short) if short else ("ok", [])


def _empty(setup: TraceSetup | None) -> list[str]:
    if setup is None:
        return [
            "nothing was written; 'aie-trace report --mlir MODULE' checks the trace patch, BD, "
            "packet flow and start event against the module"
        ]
    why = [f"{c.piece}: {c.text}" for c in setup.checks]
    if setup.ok:
        why.append(
            "the module sets up every piece: the units never saw their start event during "
            "this call (it comes from the run), or the host did not sync the buffer from the "
            "device after the run (NPU buffers are not cache-coherent)"
        )
    return why


def _full(s: Any) -> list[str]:
    why = [
        f"the trace filled all {s.size} bytes of the slice; events after the last one decoded "
        "were lost"
    ]
    if s.traced_cycles:
        rate = s.used_bytes / s.traced_cycles
        why.append(
            f"it wrote {s.used_bytes} bytes in {s.traced_cycles} traced cycles "
            f"({rate * 1000:.1f} bytes per 1000 cycles): a run of N cycles needs about "
            f"{rate:.3f} x N bytes"
        )
    return why


def _short(sd: Any, s: Any) -> list[str]:
    why = []
    for a in sd.result.anomalies:
        if a.kind == "truncated_command" and a.stream is not None:
            why.append(
                f"the stream of {sd.unit_label(a.stream)} ends in the middle of a command: the "
                "unit still held data when the run ended, and its last packet never reached "
                "memory (stop the trace, e.g. with its stop event, before the run ends)"
            )
    for u in s.units:
        if u.unfinished_kernels:
            why.append(
                f"{u.unit}({u.col},{u.row}): {u.unfinished_kernels} kernel run(s) began "
                "(INSTR_EVENT_0) and never ended (INSTR_EVENT_1) in the trace"
            )
    return why


# ------------------------------------------------------------------------------------------------
# call sites of one design


def compare_notes(sites: list[Any]) -> list[str]:
    """What the call sites of one design say about each other: fewer kernel runs than the
    others, and for a full slice the size that would have held a run as long as the longest
    run of a call site that did not fill."""
    notes = []
    runs = [s.kernel.count if s.kernel is not None else 0 for s in sites]
    most = max(runs)
    for s, n in zip(sites, runs, strict=True):
        if n < most and s.status != "empty":
            notes.append(
                f"{s.label} has {n} kernel run(s), other call sites of {s.design} {most}"
                + (f" ({s.status})" if s.status != "ok" else "")
            )
    whole = [s.traced_cycles for s in sites if s.status == "ok" and s.traced_cycles]
    for s in sites:
        if s.status == "full" and whole and s.traced_cycles:
            need = s.used_bytes / s.traced_cycles * max(whole)
            notes.append(
                f"{s.label} is full: at its rate a run of {max(whole)} cycles (the longest "
                f"traced call site of {s.design} that did not fill) needs about "
                f"{_round_up(need)} bytes, {s.size} were given"
            )
    return notes


def _round_up(n: float) -> int:
    """``n`` bytes rounded up to whole trace packets, then to the next power of two (a slice size
    that is easy to set)."""
    packets = -(-int(n) // F.PACKET_BYTES)
    size = packets * F.PACKET_BYTES
    return 1 << max(size - 1, 1).bit_length()


# ------------------------------------------------------------------------------------------------
# the module's trace set-up for one design


def trace_setup(
    module: Any,
    device: str,
    sequence: str,
    size: int | None = None,
    verified: Any = None,
) -> TraceSetup:
    """The trace set-up of ``device:sequence`` in ``module``, each piece checked: the patch, the
    BD (against ``size``, the slice's bytes, when given), the packet flow of each traced unit, its
    start event. ``verified``: the static proof's findings for the module (:func:`patch_proof`),
    when the caller has them (they are the same for every design)."""
    from ..analysis import trace_events, tracedma
    from ..ir import eras

    dev, seq = trace_events.find_sequence(module, device, sequence)
    era = eras.detect_era(module)
    design = trace_events.design_events(module, device, sequence)
    ops = list(trace_events.own_ops(seq, device))
    channels = tracedma.trace_channels(dev)
    out = TraceSetup(f"{device}:{sequence}")
    patches = tracedma.trace_patches(ops, channels, era)
    started = _started_channels(ops, era, channels)
    if not patches:
        out.checks.append(
            Check(
                "patch",
                False,
                "no address patch of a shim BD that the sequence then starts on a trace "
                "channel: the trace has nowhere to go"
                + (
                    ""
                    if channels
                    else " (and no aie.packet_flow from a Trace port reaches a shim DMA channel)"
                ),
            )
        )
    else:
        problems = patch_proof(module) if verified is None else verified
        text = (
            f"{len(patches)} trace patch(es); the static proof holds: every patch lands in its "
            "slice"
            if not problems
            else f"{len(patches)} trace patch(es), but the static proof fails: {problems[0]}"
        )
        out.checks.append(Check("patch", not problems, text))
    out.checks += list(_bd_checks(ops, era, patches, size))
    out.checks += list(_flow_checks(dev, design, started))
    out.checks += list(_start_checks(ops, era, design))
    return out


def patch_proof(module: Any) -> list[str]:
    """The static proof's findings (``aie-trace-verify-patches``), as text, for what the toolchain
    builds from the module (an E3/E4 module that aiecc still fuses is proven fused, as
    ``aie-trace-prepare`` proves it: :func:`aie_trace.transforms.fusion.toolchain_view`).
    """
    from ..analysis import verify
    from ..ir.diagnostics import DiagnosticEngine
    from ..transforms.fusion import ToolchainBuildError, toolchain_view

    try:
        built = toolchain_view(module)
    except ToolchainBuildError as e:
        return [f"what aiecc builds would be wrong: {e}"]
    diag = DiagnosticEngine()
    verify.verify_module(built, diag)
    return [d.message for d in diag.diagnostics]


def _started_channels(
    ops: list[Any], era: str, channels: set[tuple[int, int]]
) -> set[tuple[int, int]]:
    from ..analysis import tracedma

    found = set()
    for op in ops:
        q = tracedma.queue_start(op, era)
        if (
            q is not None
            and q.direction == tracedma.S2MM
            and (q.column, q.channel) in channels
        ):
            found.add((q.column, q.channel))
    return found


def _bd_checks(
    ops: list[Any], era: str, patches: list[Any], size: int | None
) -> Iterator[Check]:
    from ..analysis import tracedma

    bds = {}
    for op in ops:
        if op.name == "aiex.npu.writebd":
            key = tracedma.writebd_key(op, era)
            if key is not None:
                bds[key] = tracedma.writebd_bytes(op, era)
    for patch in patches:
        key = tracedma.patch_bd(patch, era)
        if key is None:
            continue
        where = f"shim ({key[0]}, 0) BD {key[1]}"
        if key not in bds:
            yield Check(
                "bd", False, f"{where} is patched and started but never written"
            )
        elif not bds[key]:
            yield Check("bd", False, f"{where} transfers 0 bytes")
        elif size is not None and bds[key] > size:
            yield Check(
                "bd",
                False,
                f"{where} transfers {bds[key]} bytes, more than the slice's {size}",
            )
        else:
            yield Check("bd", True, f"{where} transfers {bds[key]} bytes")


def _flow_checks(
    dev: Any, design: Any, started: set[tuple[int, int]]
) -> Iterator[Check]:
    flows = list(trace_flows(dev))
    if not design.units:
        yield Check("flow", False, "the design configures no trace unit")
    for (_, col, row), unit in sorted(design.units.items()):
        mod = _module(unit.unit)
        name = f"{unit.unit}({col},{row})"
        dests = {d for src, d in flows if src == (col, row, mod.trace_port)}
        if not dests:
            yield Check(
                "flow",
                False,
                f"no aie.packet_flow from the Trace port of {name} (channel {mod.trace_port})",
            )
        elif not dests & started:
            yield Check(
                "flow",
                False,
                f"{name}'s trace flow reaches shim DMA channel(s) "
                f"{', '.join(f'({c}, 0) S2MM {ch}' for c, ch in sorted(dests))}, on which the "
                "sequence starts no trace BD",
            )
        else:
            c, ch = sorted(dests & started)[0]
            yield Check("flow", True, f"{name} -> shim ({c}, 0) S2MM channel {ch}")


def trace_flows(dev: Any) -> Iterator[tuple[tuple[int, int, int], tuple[int, int]]]:
    """``((col, row, trace channel), (shim column, S2MM channel))`` of every ``aie.packet_flow``
    from a ``Trace`` port to a shim DMA channel in the device."""
    from ..analysis import tracedma
    from ..ir import attributes, structure

    for flow in structure.walk(dev, ["aie.packet_flow"]):
        ports = structure.block_ops(structure.body(flow))
        srcs, dests = [], []
        for p in ports:
            bundle = attributes.int_attr_value(structure.attr_or_none(p, "bundle"))
            ch = attributes.int_attr_value(structure.attr_or_none(p, "channel"))
            tile = (
                tracedma._tile_coords(structure.operand(p, 0))
                if structure.num_operands(p)
                else None
            )
            if tile is None or ch is None:
                continue
            if p.name == "aie.packet_source" and bundle == tracedma.BUNDLE_TRACE:
                srcs.append((tile[0], tile[1], ch))
            elif (
                p.name == "aie.packet_dest"
                and bundle == tracedma.BUNDLE_DMA
                and tile[1] == 0
            ):
                dests.append((tile[0], ch))
        for s in srcs:
            for d in dests:
                yield s, d


def _start_checks(ops: list[Any], era: str, design: Any) -> Iterator[Check]:
    from ..trace import event_names

    regs: dict[tuple[int, int, int], int] = {}
    generated: set[tuple[int, int, str, int]] = set()  # (col, row, module, event)
    for col, row, offset, value, mask in register_writes(ops, era):
        old = regs.get((col, row, offset), 0)
        regs[(col, row, offset)] = (old & ~mask) | (value & mask)
        for mod in T.modules_of_row(row):
            if offset == mod.event_generate:
                generated.add((col, row, mod.name, value & ((1 << mod.event_bits) - 1)))
    for (_, col, row), unit in sorted(design.units.items()):
        mod = _module(unit.unit)
        name = f"{unit.unit}({col},{row})"
        control0 = regs.get((col, row, mod.trace_control0))
        if control0 is None:
            yield Check(
                "start",
                False,
                f"{name}: Trace_Control0 is never written: the unit never starts",
            )
            continue
        start = (control0 >> 16) & ((1 << mod.event_bits) - 1)
        table_unit = "shim" if mod is T.SHIM else mod.name
        ev = event_names.event_name(design.arch, table_unit, start)
        if start == EVENT_NONE:
            yield Check("start", False, f"{name} starts on NONE: it never starts")
        elif start == EVENT_TRUE:
            yield Check("start", True, f"{name} starts when configured (TRUE)")
        elif 0 <= start - mod.broadcast0 < T.NUM_BROADCASTS:
            n = start - mod.broadcast0
            sources = [
                (c, r, m)
                for (c, r, m, e) in generated
                if regs.get((c, r, _MODULES[m].broadcast_reg(n))) == e
            ]
            if sources:
                c, r, m = sorted(sources)[0]
                yield Check(
                    "start",
                    True,
                    f"{name} starts on {ev}, which the sequence raises from {m}({c},{r})",
                )
            else:
                yield Check(
                    "start",
                    False,
                    f"{name} starts on {ev}, but no tile of the sequence drives broadcast {n} "
                    "with an event it generates (Event_Broadcast + Event_Generate): it starts "
                    "only if the running design raises it",
                )
        else:
            yield Check(
                "start",
                True,
                f"{name} starts on {ev} (an event of the running design: not checked statically)",
            )


def register_writes(
    ops: Iterable[Any], era: str
) -> Iterator[tuple[int, int, int, int, int]]:
    """``(column, row, tile-local offset, value, mask)`` of each ``write32`` / ``maskwrite32`` of
    a tile register among ``ops``, in order (``write32`` has the full mask)."""
    from ..ir import attributes, fields, structure

    for op in ops:
        if op.name not in ("aiex.npu.write32", "aiex.npu.maskwrite32"):
            continue
        if structure.attr_or_none(op, "buffer") is not None:
            continue
        address, value = fields.get_int(op, "address", era), fields.get_int(
            op, "value", era
        )
        if address is None or value is None:
            continue
        address &= 0xFFFFFFFF
        col = attributes.int_attr_value(structure.attr_or_none(op, "column"))
        row = attributes.int_attr_value(structure.attr_or_none(op, "row"))
        if col is None or row is None:
            col, row = (
                address >> F.ADDR_COL_SHIFT,
                (address >> F.ADDR_ROW_SHIFT) & F.ADDR_ROW_MASK,
            )
        mask = 0xFFFFFFFF
        if op.name == "aiex.npu.maskwrite32":
            m = fields.get_int(op, "mask", era)
            if m is None:
                continue
            mask = m & 0xFFFFFFFF
        yield col, row, address & F.ADDR_OFFSET_MASK, value & 0xFFFFFFFF, mask


def _module(unit: str) -> T.Module:
    return _MODULES[unit]
