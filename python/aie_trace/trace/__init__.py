# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace streams as the hardware writes them, decoded: needs no MLIR.

Owns the trace packet and command format (``format``), the decoder in three layers (``kernel``:
the bytes of one stream to records, times and intervals; ``stream``: a buffer's packets split
into streams; ``decode``: each slice of a fused buffer attributed to its call site), EVENT_PC
mode (``pc``), the trace-buffer files host flows save (``inputs``), the event tables
(``event_names``) and the Perfetto writer (``perfetto``).

May import: the standard library and numpy only (nothing of aie_trace). Nothing here reads a
module: which events a design's trace units carry is read by ``aie_trace.analysis.trace_events``.
"""
