# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which event each trace slot of a design carries, read from the design itself.

:func:`design_events` reads the trace-unit register writes its runtime sequence makes
(``Trace_Event0/1``: one byte per slot; ``Trace_Control1``: the packet type and id the unit stamps
on its packets), or, for a design whose trace is not lowered yet, its ``aie.trace`` ops, into the
records of ``aie_trace.trace.event_names`` (which holds the event tables and reads no IR).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from ..ir import lazy
from ..ir.diagnostics import LocatedError
from ..trace import format as F
from ..trace.decode import slice_field
from ..trace.event_names import (
    DesignEvents,
    UnitConfig,
    arch_of_device,
    event_number,
)

# Imported at first use: importing this module needs no MLIR bindings.
structure = lazy.module("aie_trace.ir.structure")
attributes = lazy.module("aie_trace.ir.attributes")
fields = lazy.module("aie_trace.ir.fields")
eras = lazy.module("aie_trace.ir.eras")


class EventConfigError(LocatedError):
    """The design a slice names is missing or its trace configuration cannot be read."""


def _find(ops: list[Any], name: str) -> Any:
    named = {
        "aie.device": structure.device_name,
        "aie.runtime_sequence": structure.sequence_name,
    }
    return next((o for o in ops if named[o.name](o) == name), None)


def find_sequence(module: Any, device: str, sequence: str) -> tuple[Any, Any]:
    """(``aie.device @device``, its ``aie.runtime_sequence @sequence``); raises EventConfigError."""
    dev = _find(structure.devices(module), device)
    if dev is None:
        raise EventConfigError(f"the module has no 'aie.device @{device}'")
    seq = _find(structure.sequences(dev), sequence)
    if seq is None:
        raise EventConfigError(
            f"'aie.device @{device}' has no 'aie.runtime_sequence @{sequence}'", dev
        )
    return dev, seq


def own_ops(seq: Any, device: str) -> Iterator[Any]:
    """The ops a sequence runs for its own design, in order: nested regions (loops) included,
    ``aiex.configure`` bodies (other designs) and, after materialization, the stretches that follow
    an ``aiex.npu.load_pdi`` of another device excluded."""
    loaded = [device]

    def visit(block: Any) -> Iterator[Any]:
        for op in structure.block_ops(block):
            if op.name == "aiex.configure":
                continue
            if op.name == "aiex.npu.load_pdi":
                ref = structure.attr_or_none(op, "device_ref")
                loaded[0] = structure.symref_name(ref) if ref is not None else device
                continue
            if loaded[0] == device:
                yield op
            for region in structure.regions(op):
                for b in structure.region_blocks(region):
                    yield from visit(b)

    for block in structure.blocks(seq):
        yield from visit(block)


def _module_of(offset: int) -> str | None:
    for unit, (ctl1, ev0, ev1) in F.TRACE_REGS.items():
        if offset in (ev0, ev1, ctl1, F.TRACE_CONTROL0[unit]):
            return unit
    return None


def _register_writes(
    seq: Any, device: str, era: str
) -> Iterator[tuple[Any, int, int, int, int, int]]:
    """(op, column, row, tile-local offset, value, mask) of each trace-unit register write, in
    sequence order (``write32`` has the full mask)."""
    for op in own_ops(seq, device):
        if op.name not in ("aiex.npu.write32", "aiex.npu.maskwrite32"):
            continue
        address, value = fields.get_int(op, "address", era), fields.get_int(
            op, "value", era
        )
        if address is None or value is None:
            continue
        col = attributes.int_attr_value(structure.attr_or_none(op, "column"))
        row = attributes.int_attr_value(structure.attr_or_none(op, "row"))
        address &= 0xFFFFFFFF
        if col is None or row is None:
            col, row = (
                address >> F.ADDR_COL_SHIFT,
                (address >> F.ADDR_ROW_SHIFT) & F.ADDR_ROW_MASK,
            )
        offset = address & F.ADDR_OFFSET_MASK
        if _module_of(offset) is None:
            continue
        value &= 0xFFFFFFFF
        if op.name == "aiex.npu.maskwrite32":
            mask = fields.get_int(op, "mask", era)
            if mask is None:
                continue
            yield op, col, row, offset, value, mask & 0xFFFFFFFF
        else:
            yield op, col, row, offset, value, 0xFFFFFFFF


def _units_from_registers(
    seq: Any, device: str, era: str
) -> dict[tuple[int, int, int], UnitConfig]:
    regs: dict[tuple[int, int, int], int] = {}  # (col, row, offset) -> value
    for _, col, row, offset, value, mask in _register_writes(seq, device, era):
        old = regs.get((col, row, offset), 0)
        regs[(col, row, offset)] = (old & ~mask) | (value & mask)
    units: dict[tuple[int, int, int], UnitConfig] = {}
    tiles = sorted({(c, r, _module_of(o)) for (c, r, o) in regs})
    for col, row, module in tiles:
        ctl1, ev0, ev1 = F.TRACE_REGS[module]
        if (col, row, ev0) not in regs and (col, row, ev1) not in regs:
            continue
        default = {
            "core": F.PacketType.SHIM if row == 0 else F.PacketType.CORE,
            "mem": F.PacketType.MEM,
            "memtile": F.PacketType.MEMTILE,
        }[module]
        control1 = regs.get((col, row, ctl1))
        pkt_type = (
            default
            if control1 is None
            else (
                (control1 >> F.TRACE_CONTROL1_TYPE_SHIFT) & F.TRACE_CONTROL1_TYPE_MASK
            )
        )
        control0 = regs.get((col, row, F.TRACE_CONTROL0[module]))
        unit = UnitConfig(
            int(pkt_type),
            col,
            row,
            pkt_id=None if control1 is None else control1 & F.TRACE_CONTROL1_ID_MASK,
            module=module,
            # only the core module has a mode field (AM025 Trace_Control0)
            mode=(
                control0 & F.TRACE_MODE_MASK
                if control0 is not None and module == "core" and row != 0
                else F.EVENT_TIME
            ),
        )
        for base, reg in ((0, ev0), (F.SLOTS_PER_REGISTER, ev1)):
            if (col, row, reg) in regs:
                v = regs[(col, row, reg)]
                for i in range(F.SLOTS_PER_REGISTER):
                    unit.numbers[base + i] = (v >> (8 * i)) & 0xFF
        units[(unit.pkt_type, col, row)] = unit
    return units


_EVENT_ENUM = re.compile(r"(?:[\w:]*::)?(\w+)")


def trace_event_name(attr: Any) -> str | None:
    """``#aie.trace_event<"NAME">`` (or a typed ``Enum::NAME``) -> ``NAME``."""
    inner = attributes.aie_attr_body(attr, "trace_event")
    if inner is None:
        return None
    name = attributes.string_literal(inner)
    if name is not None:
        return name
    m = _EVENT_ENUM.fullmatch(inner.strip())
    return m.group(1) if m else None


def _units_from_trace_ops(
    dev: Any, arch: str | None
) -> dict[tuple[int, int, int], UnitConfig]:
    units: dict[tuple[int, int, int], UnitConfig] = {}
    for trace in structure.walk(dev, ["aie.trace"]):
        tile = (
            structure.defining_op(structure.operand(trace, 0))
            if structure.num_operands(trace)
            else None
        )
        col = (
            attributes.int_attr_value(structure.attr_or_none(tile, "col"))
            if tile is not None
            else None
        )
        row = (
            attributes.int_attr_value(structure.attr_or_none(tile, "row"))
            if tile is not None
            else None
        )
        if col is None or row is None:
            raise EventConfigError(
                "'aie.trace' whose tile operand is not an 'aie.tile'", trace
            )
        body = structure.body_ops(trace)
        packet = next((o for o in body if o.name == "aie.trace.packet"), None)
        ptype = (
            attributes.int_attr_value(structure.attr_or_none(packet, "type"))
            if packet is not None
            else None
        )
        if (
            ptype is None
        ):  # mlir-aie's default: the tile's kind (row 0 shim, row 1 memtile on NPUs)
            ptype = (
                F.PacketType.SHIM
                if row == 0
                else F.PacketType.MEMTILE if row == 1 else F.PacketType.CORE
            )
        unit = UnitConfig(
            int(ptype),
            col,
            row,
            pkt_id=(
                attributes.int_attr_value(structure.attr_or_none(packet, "id"))
                if packet
                else None
            ),
        )
        events = [o for o in body if o.name == "aie.trace.event"]
        if len(events) > F.SLOTS:
            raise EventConfigError(
                f"'aie.trace' traces {len(events)} events; a trace unit has {F.SLOTS} slots",
                trace,
            )
        for slot, ev in enumerate(events):
            name = trace_event_name(structure.attr_or_none(ev, "event"))
            unit.names[slot] = name
            if name is not None and arch is not None:
                unit.numbers[slot] = event_number(arch, unit.unit, name)
        units[(unit.pkt_type, col, row)] = unit
    return units


def design_events(
    module: Any, device: str, sequence: str, arch: str | None = None
) -> DesignEvents:
    """The trace configuration of ``device:sequence`` in ``module``: from its trace-unit register
    writes when it makes any, else from the device's ``aie.trace`` ops. ``arch`` overrides the
    architecture the device kind implies."""
    dev, seq = find_sequence(module, device, sequence)
    kind = attributes.int_attr_value(structure.attr_or_none(dev, "device"))
    arch = arch or (arch_of_device(kind) if kind is not None else None)
    try:
        era = eras.detect_era(module)
    except eras.EraError as e:
        raise EventConfigError(str(e), e.op) from None
    out = DesignEvents(device, sequence, arch, kind)
    out.units = _units_from_registers(seq, device, era)
    if out.units:
        out.source = "registers"
        return out
    out.units = _units_from_trace_ops(dev, arch)
    out.source = "trace-ops" if out.units else "none"
    return out


def designs_for(
    module: Any, slices: Iterable[Any], arch: str | None = None
) -> dict[tuple[str, str], DesignEvents]:
    """The trace configuration of every design the slices name, read from ``module``; raises
    :class:`EventConfigError` for a slice naming a design the module lacks."""
    out: dict[tuple[str, str], DesignEvents] = {}
    for s in slices:
        key = (str(slice_field(s, "device")), str(slice_field(s, "sequence")))
        if key not in out:
            out[key] = design_events(module, key[0], key[1], arch)
    return out
