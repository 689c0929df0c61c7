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
its own design) or a single design (the whole buffer is its trace), lowered or not.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _buffer_bytes(trace_buffer: Any) -> bytes:
    from .trace_input import array_bytes

    if isinstance(trace_buffer, np.ndarray):
        return array_bytes(trace_buffer).tobytes()
    if isinstance(trace_buffer, (bytes, bytearray, memoryview)):
        return bytes(trace_buffer)
    return array_bytes(np.asarray(trace_buffer)).tobytes()


def select_slices(module: Any, kernel: str | None, size: int) -> tuple[list[Any], str]:
    """The slices of the buffer and the kernel they belong to: the trace layout of ``kernel`` (or
    of the only sequence with one); without a layout, the whole buffer as the trace of ``kernel``
    or of the module's only runtime sequence."""
    from . import aieir, layout

    layouts = layout.read_layouts(module)
    chosen = [lay for lay in layouts if kernel is None or lay.kernel == kernel]
    if len(chosen) == 1:
        return list(chosen[0].slices), chosen[0].kernel
    if len(chosen) > 1:
        raise ValueError(
            f"{len(chosen)} kernels have a trace layout ({', '.join(x.kernel for x in chosen)}); "
            "name one with kernel='device:sequence'"
        )
    if kernel is not None:
        device, _, sequence = kernel.partition(":")
        if not device or not sequence:
            raise ValueError(f"kernel must be 'device:sequence', got '{kernel}'")
    else:
        seqs = aieir.kernel_names(module)
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
    Raises ``ValueError`` for a buffer or module that cannot be used."""
    from . import decode, events, layout, perfetto
    from .aieir import ParseError, make_context, parse_op
    from .diagnostics import DiagnosticEngine
    from .trace_input import InputError

    try:
        data = _buffer_bytes(trace_buffer)
    except InputError as e:
        raise ValueError(str(e)) from None
    with make_context():
        try:
            module = parse_op(mlir_module_str, source_name="<mlir_module_str>")
        except ParseError as e:
            diag = DiagnosticEngine()
            diag.extend_from_mlir(e.diagnostics)
            raise ValueError(
                "\n".join(d.format() for d in diag.diagnostics) or str(e)
            ) from None
        try:
            slices, kernel = select_slices(module, kernel, len(data))
            designs = decode.designs_for(module, slices, arch)
        except (layout.LayoutError, events.EventConfigError) as e:
            raise ValueError(str(e)) from None
    decoded = decode.decode_fused(data, slices, designs, colshift=colshift)
    return perfetto.chrome_trace(decoded, kernel, style="parse.py")
