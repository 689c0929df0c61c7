# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Event names: per-architecture event tables, and the records of which event each trace slot of a
design carries.

The tables (``data/aie_events.csv``) list every event of the aie-rt event headers for AIE2 (npu1,
``xaie_events_aieml.h``) and AIE2P (npu2, ``xaie_events_aie2p.h``), per module: ``core``, ``mem``
(core tile memory module), ``memtile``, ``shim/pl`` (shim tile). Reserved numbers are absent and
show as ``UNKNOWN_EVENT_<n>``: a code is never dropped.

Which event a slot carries is read from the design itself (``aie_trace.analysis.trace_events``)
into the records here (:class:`DesignEvents`, :class:`UnitConfig`); this module reads no IR.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from . import format as F

ARCHS = ("aie2", "aie2p")
_CSV_MODULE = {"core": "core", "mem": "mem", "memtile": "memtile", "shim/pl": "shim"}
_DATA = Path(__file__).with_name("data") / "aie_events.csv"


@cache
def _table() -> dict[tuple[str, str], dict[int, str]]:
    out: dict[tuple[str, str], dict[int, str]] = {}
    with _DATA.open(newline="") as f:
        for row in csv.DictReader(f):
            key = (row["arch"], _CSV_MODULE[row["module"]])
            out.setdefault(key, {})[int(row["event_number"])] = row["event_name"]
    return out


def events_of(arch: str, unit: str) -> dict[int, str]:
    """Event number -> name for one module (``core``, ``mem``, ``memtile``, ``shim``)."""
    if arch not in ARCHS:
        raise ValueError(
            f"unknown architecture '{arch}' (expected {' or '.join(ARCHS)})"
        )
    return _table()[(arch, unit)]


def unknown_name(number: int) -> str:
    return f"UNKNOWN_EVENT_{number}"


def event_name(arch: str | None, unit: str, number: int) -> str:
    """The event's name, or ``UNKNOWN_EVENT_<n>`` for a number the table does not define (or no
    architecture)."""
    if arch is None:
        return unknown_name(number)
    return events_of(arch, unit).get(number, unknown_name(number))


def event_number(arch: str, unit: str, name: str) -> int | None:
    for number, n in events_of(arch, unit).items():
        if n == name:
            return number
    return None


def arch_of_device(kind: int) -> str | None:
    """``aie.device``'s ``device`` enum value -> architecture (current numbering, aie-ir.md §2):
    2..7 are AIE-ML / npu1 (``aie2``), 8..15 npu2 (``aie2p``); 1 (AIE1) has no table here.
    """
    if 2 <= kind <= 7:
        return "aie2"
    if 8 <= kind <= 15:
        return "aie2p"
    return None


def unit_of(pkt_type: int) -> str:
    try:
        return F.UNIT_NAMES[F.PacketType(pkt_type)]
    except ValueError:
        return f"type{pkt_type}"


# ------------------------------------------------------------------------------------------------
# trace units of a design


@dataclass
class UnitConfig:
    """One trace unit of a design: where its packets come from and what each slot traces."""

    pkt_type: int
    col: int
    row: int
    #: event number per slot (None: the design never writes that slot)
    numbers: list[int | None] = field(default_factory=lambda: [None] * F.SLOTS)
    #: event name per slot when the design names it directly (``aie.trace.event``)
    names: list[str | None] = field(default_factory=lambda: [None] * F.SLOTS)
    pkt_id: int | None = None
    #: the module whose registers configure the unit (``core``, ``mem``, ``memtile``; a shim's
    #: is ``core`` at row 0), when read from registers: names its events whatever packet type
    #: its Trace_Control1 stamps
    module: str | None = None
    #: Trace_Control0's trace mode (``trace_format.EVENT_TIME`` unless the design sets another)
    mode: int = F.EVENT_TIME

    @property
    def unit(self) -> str:
        if self.module is not None:
            return "shim" if self.module == "core" and self.row == 0 else self.module
        return unit_of(self.pkt_type)

    def slot_name(self, slot: int, arch: str | None) -> str:
        if self.names[slot] is not None:
            return self.names[slot]
        number = self.numbers[slot]
        return f"slot{slot}" if number is None else event_name(arch, self.unit, number)


@dataclass
class DesignEvents:
    """The trace configuration of one design (``device:sequence``)."""

    device: str
    sequence: str
    arch: str | None
    device_kind: int | None = None
    #: (packet type, column, row) -> unit
    units: dict[tuple[int, int, int], UnitConfig] = field(default_factory=dict)
    #: "registers" (trace-unit writes), "trace-ops" (aie.trace ops) or "none"
    source: str = "none"

    @property
    def kernel(self) -> str:
        return f"{self.device}:{self.sequence}"

    def slot_name(self, key: tuple[int, int, int], slot: int) -> str:
        unit = self.units.get(key)
        return unit.slot_name(slot, self.arch) if unit is not None else f"slot{slot}"
