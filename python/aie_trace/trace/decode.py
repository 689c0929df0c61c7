# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Per-slice attribution: each slice of a fused buffer decoded against the design that wrote it.

:func:`decode_fused` decodes each slice of a fused trace buffer (:mod:`aie_trace.trace.stream`)
and attributes every event to (device, sequence, call path, tile, unit); :func:`column_shift`
finds the physical column a design was placed at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import format as F
from .pc import decode_pc_stream
from .stream import (
    MODE_ANOMALY,
    Anomaly,
    DecodeResult,
    StreamKey,
    as_bytes,
    decode_buffer,
    unit_label,
)


@dataclass
class SliceDecode:
    """One slice of a fused buffer, decoded against the design that wrote it."""

    device: str
    sequence: str
    call_path: str | None
    offset: int
    size: int
    result: DecodeResult
    design: Any = None  # event_names.DesignEvents, when the module is known
    #: physical column in the packet headers minus the design's column (mlir-aie parse.py's
    #: ``--colshift``): the firmware may start a design on another column than it was placed at
    colshift: int = 0
    #: how ``colshift`` was set: "none" (0, nothing to align), "auto" (the one shift that puts
    #: every stream on a unit the design configures) or "forced" (given by the caller)
    colshift_source: str = "none"
    #: streams of units the design sets to a trace mode other than event-time and EVENT_PC ->
    #: that mode (``Trace_Control0``); not decoded, each counted as an anomaly
    other_modes: dict[StreamKey, int] = field(default_factory=dict)
    #: streams of units the design sets to EVENT_PC mode, decoded as such (trace.pc.PcStream)
    pc_streams: dict[StreamKey, Any] = field(default_factory=dict)

    @property
    def kernel(self) -> str:
        return f"{self.device}:{self.sequence}"

    @property
    def label(self) -> str:
        """``dev:seq`` plus its call path (``[call 1/0]``; ``[own]`` for a sequence's own trace)."""
        if self.call_path is None:
            return f"{self.kernel} @{self.offset:#x}"
        return f"{self.kernel} [{'own' if self.call_path == '' else 'call ' + self.call_path}]"

    def design_key(self, key: StreamKey) -> StreamKey:
        """The stream's unit in the design's columns (its header column less :attr:`colshift`)."""
        return (
            StreamKey(key.pkt_type, key.col - self.colshift, key.row)
            if self.colshift
            else key
        )

    def unit_label(self, key: StreamKey) -> str:
        """``core(col,row)`` in the design's columns; the module the design configures names the
        unit whatever packet type it stamps (``type5(0,2)`` only for a unit the design lacks).
        """
        k = self.design_key(key)
        unit = self._unit(k)
        return f"{unit.unit}({k.col},{k.row})" if unit is not None else unit_label(k)

    def _unit(self, design_key: StreamKey) -> Any:
        """The design's unit (``event_names.UnitConfig``) at a key in the design's columns, if any."""
        units = getattr(self.design, "units", None)
        return units.get(tuple(design_key)) if isinstance(units, Mapping) else None

    def slot_name(self, key: StreamKey, slot: int) -> str:
        if self.design is None:
            return f"slot{slot}"
        return self.design.slot_name(tuple(self.design_key(key)), slot)

    def unconfigured_streams(self) -> list[StreamKey]:
        """Streams with events from trace units the design does not configure."""
        if self.design is None:
            return []
        return [
            k
            for k in self.result.streams
            if tuple(self.design_key(k)) not in self.design.units
        ]

    def align_columns(self, colshift: int | None = None) -> None:
        """Set :attr:`colshift`: the given one, or the one shift that puts every stream of the
        slice on a trace unit the design configures when 0 does not and exactly one does (none
        found, or several: 0, and the streams off the design are reported as unconfigured).
        """
        if colshift is not None:
            self.colshift, self.colshift_source = int(colshift), "forced"
            return
        self.colshift, self.colshift_source = 0, "none"
        shift = column_shift(
            self.result.streams, self.design.units if self.design is not None else {}
        )
        if shift:
            self.colshift, self.colshift_source = shift, "auto"

    def set_aside_other_modes(self) -> None:
        """Take the streams of units the design sets to a trace mode other than event-time out of
        the result, with what reading them as event-time found wrong: EVENT_PC streams are decoded
        as such (into :attr:`pc_streams`, :mod:`aie_trace.trace.pc`), the others set aside (into
        :attr:`other_modes`), each counted as one anomaly naming the mode.
        """
        if self.design is None:
            return
        for key in list(self.result.streams):
            mode = getattr(self._unit(self.design_key(key)), "mode", F.EVENT_TIME)
            if mode == F.EVENT_TIME:
                continue
            stream = self.result.streams.pop(key)
            self.result.anomalies = [
                a for a in self.result.anomalies if a.stream != key
            ]
            if mode == F.EVENT_PC:
                self.pc_streams[key] = decode_pc_stream(stream)
                self.result.anomalies.extend(self.pc_streams[key].anomalies)
                continue
            self.other_modes[key] = mode
            self.result.anomalies.append(
                Anomaly(MODE_ANOMALY[mode], stream.packets, None, key)
            )


def column_shift(
    streams: Iterable[tuple[int, int, int]], units: Mapping[tuple[int, int, int], Any]
) -> int:
    """The column shift (header column minus design column) that puts every stream on a unit of
    ``units``: 0 when 0 does or when not exactly one shift does. Only shifts that map some stream
    onto some unit of the same type and row are tried, so the answer never rests on a guess.
    """
    keys = [tuple(k) for k in streams]
    if not keys or not units or all(k in units for k in keys):
        return 0
    candidates = {
        k[1] - u[1] for k in keys for u in units if k[0] == u[0] and k[2] == u[2]
    }
    fits = [
        s
        for s in sorted(candidates)
        if all((k[0], k[1] - s, k[2]) in units for k in keys)
    ]
    return fits[0] if len(fits) == 1 else 0


def slice_field(s: Any, name: str) -> Any:
    """A slice's field, from a record (``layout.Slice``) or a mapping (a JSON layout)."""
    return s[name] if isinstance(s, Mapping) else getattr(s, name)


def decode_slices(
    data: Any,
    slices: Iterable[Any],
    *,
    max_pulses: int | None = None,
    progress: Callable[[int], None] | None = None,
    packet_types: Mapping[tuple[str, str], Iterable[int]] | None = None,
) -> list[SliceDecode]:
    """Decode each slice (dicts of the layout JSON shape -- ``device``, ``sequence``, ``call_path``,
    ``offset``, ``size`` -- or ``layout.Slice`` objects) of a fused buffer on its own.
    ``packet_types`` gives, per ``(device, sequence)``, the packet types its slices are read with
    (:func:`decode_buffer`; default 0-3).
    """
    b = as_bytes(data)
    out = []
    for s in slices:
        offset, size = int(slice_field(s, "offset")), int(slice_field(s, "size"))
        part = b[min(offset, len(b)) : min(offset + size, len(b))]
        kernel = (str(slice_field(s, "device")), str(slice_field(s, "sequence")))
        result = decode_buffer(
            part,
            max_pulses=max_pulses,
            progress=progress,
            packet_types=(packet_types or {}).get(kernel),
        )
        result.size = size
        if offset + size > len(b):
            result.anomalies.append(
                Anomaly(
                    "slice_out_of_range",
                    offset + size - max(offset, len(b)),
                    max(offset, len(b)) - offset,
                )
            )
        path = slice_field(s, "call_path")
        out.append(
            SliceDecode(
                str(slice_field(s, "device")),
                str(slice_field(s, "sequence")),
                None if path is None else str(path),
                offset,
                size,
                result,
            )
        )
    return out


def decode_fused(
    data: Any,
    slices: Iterable[Any],
    designs: Mapping[tuple[str, str], Any] | None = None,
    *,
    max_pulses: int | None = None,
    progress: Callable[[int], None] | None = None,
    colshift: int | None = None,
) -> list[SliceDecode]:
    """Decode every slice of a fused buffer and attach the design (``event_names.DesignEvents``) that
    wrote it, looked up by ``(device, sequence)`` in ``designs``, so each event is attributed to
    (device, sequence, call path, tile, unit) with its name. ``colshift`` (header column minus
    design column) forces a column shift; by default each slice is aligned when the shift is
    unambiguous (:meth:`SliceDecode.align_columns`).

    A design's ``Trace_Control1`` may stamp packet types 4-7: its slices read them too. A unit
    the design sets to another trace mode than event-time (``Trace_Control0``) is never read as
    event-time: its stream is taken out of the result and counted as an anomaly that names the
    mode."""
    designs = designs or {}
    types = {
        kernel: F.DEFAULT_PACKET_TYPES | {u.pkt_type for u in d.units.values()}
        for kernel, d in designs.items()
        if d is not None
    }
    out = decode_slices(
        data, slices, max_pulses=max_pulses, progress=progress, packet_types=types
    )
    for sd in out:
        sd.design = designs.get((sd.device, sd.sequence))
        sd.align_columns(colshift)
        sd.set_aside_other_modes()
    return out
