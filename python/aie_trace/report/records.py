# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every decoded event as one flat, typed record: ``aie_trace.events(...)``.

:func:`events` returns a numpy structured array with one record per event (an interval
``[start, end)`` of one traced event at one trace unit) and the fields of :data:`FIELDS`::

    import aie_trace, pandas as pd
    ev = aie_trace.events(words, mlir_text)          # or aie_trace.events(decoded_slices)
    df = pd.DataFrame(ev)
    df[df.event == "INSTR_VECTOR"].groupby("call_site").duration.sum()

Records come per slice (call site), then per trace unit, in the order the unit wrote them: time
order within a run of the design (``run`` counts the unit's ``Start`` commands before the event:
each run has its own timer). Text fields are fixed-width unicode as wide as their longest value;
``names`` and ``call_sites`` keep only the events and slices asked for, so a large trace's table
can be made in parts.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

#: (field, dtype, meaning); ``U`` widths are set per table
FIELDS: tuple[tuple[str, str, str], ...] = (
    ("call_site", "U", "the slice's label: device:sequence [call <path>]"),
    ("design", "U", "device:sequence that wrote the slice"),
    (
        "call_path",
        "U",
        "run ordinals from the dispatched sequence ('' own trace; '?' unknown)",
    ),
    ("col", "i2", "tile column, the design's (header column less the column shift)"),
    ("row", "i2", "tile row"),
    ("unit", "U", "trace unit: core, mem, memtile or shim"),
    ("slot", "u1", "trace slot 0-7"),
    ("event", "U", "event name (slot<n> without the design)"),
    ("run", "i4", "Start commands of the unit before the event: the run of the design"),
    ("start", "i8", "first cycle the event is asserted"),
    ("end", "i8", "one past its last cycle"),
    ("duration", "i8", "end - start, cycles"),
)


def events(
    trace: Any,
    mlir: str | os.PathLike[str] | None = None,
    *,
    kernel: str | None = None,
    arch: str | None = None,
    colshift: int | None = None,
    names: Iterable[str] | None = None,
    call_sites: Iterable[str] | None = None,
) -> np.ndarray:
    """One record per decoded event, as a numpy structured array (fields: :data:`FIELDS`).

    ``trace``: decoded slices (``decode.SliceDecode``, e.g. from ``decode.decode_fused``), or a
    trace buffer -- ``bytes``, a numpy array of words or bytes, or a path (``pathlib.Path``) to
    a raw, ``trace.txt`` or ``.npy`` file. ``mlir``: the module that wrote the buffer, as text
    (``str``) or a path (``pathlib.Path``); its trace layout gives the slices and its designs
    the event names (without it the whole buffer is one slice and events are ``slot<n>``).
    ``kernel``, ``arch``, ``colshift``: as for :func:`aie_trace.parse_trace`. ``names``: keep only
    these events; ``call_sites``: only the slices with these labels.

    Raises ``ValueError`` for a buffer or module that cannot be used."""
    slices = _decoded(trace, mlir, kernel, arch, colshift)
    keep_names = None if names is None else set(names)
    keep_sites = None if call_sites is None else set(call_sites)
    parts: list[dict[str, Any]] = []
    for sd in slices:
        if keep_sites is not None and sd.label not in keep_sites:
            continue
        for key, stream in sorted(sd.result.streams.items()):
            part = _stream_records(sd, key, stream, keep_names)
            if part is not None:
                parts.append(part)
    return _table(parts)


def dtype(widths: dict[str, int] | None = None) -> np.dtype:
    """The records' dtype, text fields ``widths`` wide (default 1)."""
    widths = widths or {}
    return np.dtype(
        [
            (name, f"U{max(widths.get(name, 1), 1)}" if kind == "U" else kind)
            for name, kind, _ in FIELDS
        ]
    )


def _stream_records(
    sd: Any, key: Any, stream: Any, keep: set[str] | None
) -> dict[str, Any] | None:
    slots = [
        s
        for s in range(len(stream.counts))
        if stream.counts[s] and (keep is None or sd.slot_name(key, s) in keep)
    ]
    if not slots:
        return None
    got = list(stream.begins_in_order(slots))
    start = np.concatenate([t for t, _, _ in got]) if got else np.zeros(0, np.int64)
    which = np.concatenate([w for _, w, _ in got]) if got else np.zeros(0, np.int64)
    run = np.concatenate([e for _, _, e in got]) if got else np.zeros(0, np.int64)
    end = np.empty(len(start), dtype=np.int64)
    for i, s in enumerate(
        slots
    ):  # a slot's k-th begin (in write order) has its k-th end
        end[which == i] = stream.slot_times(s)[1]
    slot = np.array(slots, dtype=np.uint8)[which]
    dkey = sd.design_key(key)
    names = [sd.slot_name(key, s) for s in slots]
    return {
        "call_site": sd.label,
        "design": sd.kernel,
        "call_path": "?" if sd.call_path is None else sd.call_path,
        "col": dkey.col,
        "row": dkey.row,
        "unit": sd.unit_label(key).split("(")[0],
        "slot": slot,
        "event": np.array(names)[which] if len(which) else np.zeros(0, "U1"),
        "run": run,
        "start": start,
        "end": end,
    }


def _table(parts: list[dict[str, Any]]) -> np.ndarray:
    widths: dict[str, int] = {}
    for p in parts:
        for name, kind, _ in FIELDS:
            if kind == "U" and name in p:
                v = p[name]
                n = v.dtype.itemsize // 4 if isinstance(v, np.ndarray) else len(v)
                widths[name] = max(widths.get(name, 1), n)
    dt = dtype(widths)
    total = sum(len(p["start"]) for p in parts)
    out = np.empty(total, dtype=dt)
    at = 0
    for p in parts:
        n = len(p["start"])
        rows = out[at : at + n]
        for name, _, _ in FIELDS:
            if name != "duration":
                rows[name] = p[name]
        rows["duration"] = p["end"] - p["start"]
        at += n
    return out


def _decoded(
    trace: Any,
    mlir: str | os.PathLike[str] | None,
    kernel: str | None,
    arch: str | None,
    colshift: int | None,
) -> list[Any]:
    from ..trace import decode

    if isinstance(trace, list) and all(
        isinstance(x, decode.SliceDecode) for x in trace
    ):
        if mlir is not None:
            raise ValueError(
                "the slices are decoded already: their designs name the events, not 'mlir'"
            )
        return trace
    data = _buffer(trace)
    if mlir is None:
        name = Path(trace).name if isinstance(trace, os.PathLike) else "buffer"
        device, _, sequence = (kernel or f"buffer:{name}").partition(":")
        whole = [
            {
                "device": device,
                "sequence": sequence,
                "call_path": None,
                "offset": 0,
                "size": len(data),
            }
        ]
        return decode.decode_fused(data, whole, colshift=colshift)
    text = Path(mlir).read_text() if isinstance(mlir, os.PathLike) else mlir
    return decode_module_trace(data, text, kernel=kernel, arch=arch, colshift=colshift)


def decode_module_trace(
    data: bytes,
    mlir_text: str,
    *,
    kernel: str | None = None,
    arch: str | None = None,
    colshift: int | None = None,
) -> list[Any]:
    """Decode ``data`` against the module in ``mlir_text`` (its trace layout and designs), as
    :func:`aie_trace.parse_trace` does; raises ``ValueError`` for a module that cannot be used.
    """
    from ..analysis import layout, trace_events
    from ..ir.structure import make_context
    from ..trace import decode
    from . import compat

    with make_context():
        module = compat.parsed_module(mlir_text, "<mlir>")
        try:
            slices, _ = compat.select_slices(module, kernel, len(data))
            designs = trace_events.designs_for(module, slices, arch)
        except (layout.LayoutError, trace_events.EventConfigError) as e:
            raise ValueError(str(e)) from None
    return decode.decode_fused(data, slices, designs, colshift=colshift)


def _buffer(trace: Any) -> bytes:
    from ..trace import inputs as trace_input

    try:
        if isinstance(trace, os.PathLike):
            return trace_input.read_trace_file(os.fspath(trace)).data
        if isinstance(trace, np.ndarray):
            return trace_input.array_bytes(trace).tobytes()
        if isinstance(trace, (bytes, bytearray, memoryview)):
            return bytes(trace)
    except trace_input.InputError as e:
        raise ValueError(str(e)) from None
    except OSError as e:
        raise ValueError(f"cannot read the trace buffer: {e.strerror or e}") from None
    raise ValueError(
        f"a trace is decoded slices, bytes, a numpy array or a path, not {type(trace).__name__}"
    )
