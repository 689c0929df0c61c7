# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace streams as the hardware writes them, decoded: needs no MLIR.

Owns the trace packet and command format (``format``), the decoder (``decode``: bytes to events
per slice), the trace-buffer files host flows save (``inputs``), the event tables
(``event_names``) and the Perfetto writer (``perfetto``).

May import: the standard library and numpy only, and ``aie_trace.ir.diagnostics`` for the
located-error type. Nothing here reads a module.
"""
