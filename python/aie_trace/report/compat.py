# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""mlir-aie's trace-parser entry point, on this decoder: ``parse_trace(trace_buffer, mlir_module_str)``.

mlir-aie's ``aie.utils.trace.parse_trace`` (``python/utils/trace/parse.py``) takes the trace buffer
as a numpy array of 32-bit words and the design's MLIR as a string, with an optional ``colshift``,
and returns the trace events as a list in Chrome's Trace Event Format: ``process_name`` /
``thread_name`` metadata, then ``B``/``E`` events with ``name``, ``ph``, ``pid``, ``tid``, ``ts``
(cycles) and ``args``. :func:`parse_trace` takes the same parameters and returns the same shape,
so mlir-aie's summary helpers read it as they read theirs. What it decodes differently, on
purpose, is listed in docs/decoding.md.

The module may be a fused one (its trace layout gives a slice per call site, each decoded against
its own design) or a single design (the whole buffer is its trace), lowered or not. Of several
sequences with a layout, the one the module dispatches is chosen, as ``aie-trace decode`` does.

mlir-aie's helpers for fused buffers (PR #3652, ``python/utils/trace/parse.py`` and ``config.py``)
have their counterparts here, same names and results: :func:`get_trace_buffer` (the layout of the
dispatched sequence's trace argument), :func:`get_trace_slices` (its slices, in buffer order) and
:func:`parse_trace_slices` (``(slice, events)`` for each slice that holds trace data;
``(None, events)`` for a buffer without a layout).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _buffer_bytes(trace_buffer: Any) -> bytes:
    from ..trace.inputs import array_bytes

    if isinstance(trace_buffer, np.ndarray):
        return array_bytes(trace_buffer).tobytes()
    if isinstance(trace_buffer, (bytes, bytearray, memoryview)):
        return bytes(trace_buffer)
    return array_bytes(np.asarray(trace_buffer)).tobytes()


def dispatched_layout(module: Any, layouts: list[Any]) -> Any:
    """The layout of the module's one dispatched sequence (``dispatch.entries``), when exactly one
    layout belongs to a dispatched sequence; else None."""
    from ..analysis import dispatch

    names = {dispatch.kernel_name(s) for s in dispatch.entries(module)}
    found = [lay for lay in layouts if lay.kernel in names]
    return found[0] if len(found) == 1 else None


def choose_layout(module: Any, kernel: str | None) -> Any:
    """The trace layout of ``kernel``, or of the only sequence with one, or of the one the module
    dispatches; None when no sequence (or not ``kernel``) has one. Raises ``ValueError`` when
    several have one and the module dispatches none of them or several."""
    from ..transforms.fusion import ToolchainBuildError, toolchain_layouts

    try:  # (an E3/E4 module that aiecc still fuses: the layout aiecc builds)
        layouts = toolchain_layouts(module)
    except ToolchainBuildError as e:
        raise ValueError(f"what aiecc builds would be wrong:\n  {e}") from None
    chosen = [lay for lay in layouts if kernel is None or lay.kernel == kernel]
    if len(chosen) > 1:
        lay = dispatched_layout(module, chosen)
        if lay is None:
            raise ValueError(
                f"{len(chosen)} kernels have a trace layout "
                f"({', '.join(x.kernel for x in chosen)}) and the module dispatches none of "
                "them or more than one; name one with kernel='device:sequence'"
            )
        return lay
    return chosen[0] if chosen else None


def select_slices(module: Any, kernel: str | None, size: int) -> tuple[list[Any], str]:
    """The slices of the buffer and the kernel they belong to: the trace layout of ``kernel`` (or
    of the only sequence with one, or of the dispatched one); without a layout, the whole buffer
    as the trace of ``kernel`` or of the module's only runtime sequence."""
    from ..analysis import layout
    from ..ir import structure

    chosen = choose_layout(module, kernel)
    if chosen is not None:
        return list(chosen.slices), chosen.kernel
    if kernel is not None:
        device, _, sequence = kernel.partition(":")
        if not device or not sequence:
            raise ValueError(f"kernel must be 'device:sequence', got '{kernel}'")
    else:
        seqs = structure.kernel_names(module)
        if len(seqs) != 1:
            raise ValueError(
                f"the module records no trace layout and has {len(seqs)} runtime sequences; "
                "name the one that wrote the buffer with kernel='device:sequence'"
            )
        device, sequence = seqs[0]
    return [layout.Slice(device, sequence, "", 0, size)], f"{device}:{sequence}"


def parse_trace(
    trace_buffer: Any,
    mlir_module_str: str,
    colshift: int | None = None,
    *,
    kernel: str | None = None,
    arch: str | None = None,
) -> list[dict[str, Any]]:
    """Decode ``trace_buffer`` (a numpy array of 32-bit words as mlir-aie passes it, or of bytes,
    or ``bytes``) against the design in ``mlir_module_str``; returns the trace events as a list in
    Trace Event Format, ``ts`` in cycles, as mlir-aie's ``parse_trace`` does. ``colshift``: the
    packet headers' column minus the design's (None: found when unambiguous). ``kernel``
    (``device:sequence``) and ``arch`` (``aie2``/``aie2p``) choose what the module leaves open.
    Raises ``ValueError`` for a buffer or module that cannot be used; an empty or all-zero buffer
    raises it with mlir-aie's words (``Invalid trace data: empty or all zeros``)."""
    from ..trace import perfetto

    data, decoded, kernel = _decode(
        trace_buffer, mlir_module_str, colshift, kernel, arch
    )
    return perfetto.chrome_trace(decoded, kernel, style="parse.py")


def parsed_module(mlir_text: str, source_name: str = "<mlir_module_str>") -> Any:
    """The module in ``mlir_text`` (generic or custom form), in the context entered; a text that
    does not parse raises ``ValueError`` with the located diagnostics."""
    from ..ir.diagnostics import DiagnosticEngine
    from ..ir.structure import ParseError, parse_op

    try:
        return parse_op(mlir_text, source_name=source_name)
    except ParseError as e:
        diag = DiagnosticEngine()
        diag.extend_from_mlir(e.diagnostics)
        raise ValueError(
            "\n".join(d.format() for d in diag.diagnostics) or str(e)
        ) from None


def _decode(
    trace_buffer: Any,
    mlir_module_str: str,
    colshift: int | None,
    kernel: str | None,
    arch: str | None,
) -> tuple[bytes, list[Any], str]:
    from ..analysis import layout, trace_events
    from ..ir.structure import make_context
    from ..trace import decode
    from ..trace.inputs import InputError

    try:
        data = _buffer_bytes(trace_buffer)
    except InputError as e:
        raise ValueError(str(e)) from None
    with make_context():
        module = parsed_module(mlir_module_str)
        if not np.frombuffer(data[: len(data) // 4 * 4], dtype="<u4").any():
            raise ValueError("Invalid trace data: empty or all zeros")
        try:
            slices, kernel = select_slices(module, kernel, len(data))
            designs = trace_events.designs_for(module, slices, arch)
        except (layout.LayoutError, trace_events.EventConfigError) as e:
            raise ValueError(str(e)) from None
    decoded = decode.decode_fused(data, slices, designs, colshift=colshift)
    return data, decoded, kernel


def _layout_of(mlir_module_str: str, kernel: str | None) -> Any:
    from ..analysis import layout
    from ..ir.structure import make_context

    with make_context():
        module = parsed_module(mlir_module_str)
        try:
            lay = choose_layout(module, kernel)
        except layout.LayoutError as e:
            raise ValueError(str(e)) from None
    if lay is None and kernel is not None:
        raise ValueError(f"no runtime sequence named '{kernel}' has a trace layout")
    return lay


def get_trace_buffer(
    mlir_module_str: str, kernel: str | None = None
) -> dict[str, Any] | None:
    """The trace argument of ``kernel`` (default: the dispatched sequence) as mlir-aie's
    ``get_trace_buffer`` gives it: ``{'arg_index', 'offset', 'size', 'dedicated'}``; None when
    the module records no trace layout."""
    lay = _layout_of(mlir_module_str, kernel)
    if lay is None:
        return None
    return {
        "arg_index": lay.arg_index,
        "offset": lay.offset,
        "size": lay.size,
        "dedicated": lay.dedicated,
    }


def get_trace_slices(
    mlir_module_str: str, kernel: str | None = None
) -> list[dict[str, Any]]:
    """The slices of ``kernel``'s trace buffer (default: the dispatched sequence), in buffer
    order, as mlir-aie's ``get_trace_slices`` gives them: ``{'device', 'sequence', 'offset',
    'size'}`` each; ``[]`` without a layout."""
    lay = _layout_of(mlir_module_str, kernel)
    return [
        {"device": s.device, "sequence": s.sequence, "offset": s.offset, "size": s.size}
        for s in (lay.slices if lay is not None else [])
    ]


def parse_trace_slices(
    trace_buffer: Any,
    mlir_module_str: str,
    colshift: int | None = None,
    kernel: str | None = None,
) -> list[tuple[dict[str, Any] | None, list[dict[str, Any]]]]:
    """mlir-aie's ``parse_trace_slices``: ``(slice, events)`` for each slice of the fused buffer
    that holds trace data, in buffer order, each decoded against the design that wrote it
    (events as :func:`parse_trace` gives them); ``[(None, events)]`` for a module without a
    layout, the whole buffer being one trace."""
    from ..trace import perfetto

    layout_known = _layout_of(mlir_module_str, kernel) is not None
    data, decoded, kernel = _decode(
        trace_buffer, mlir_module_str, colshift, kernel, None
    )
    out: list[tuple[dict[str, Any] | None, list[dict[str, Any]]]] = []
    for sd in decoded:
        if layout_known and not sd.result.used_bytes:
            continue
        entry = (
            {
                "device": sd.device,
                "sequence": sd.sequence,
                "offset": sd.offset,
                "size": sd.size,
            }
            if layout_known
            else None
        )
        out.append((entry, perfetto.chrome_trace([sd], kernel, style="parse.py")))
    return out
