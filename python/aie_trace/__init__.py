# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace: trace-buffer passes, host runtime and decoder for mlir-aie runtime sequences."""

__version__ = "0.1.0"

# mlir-aie's aie.utils.trace.parse_trace, on this decoder
from .report.compat import parse_trace

# every decoded event as one typed record (the event tables are aie_trace.trace.event_names)
from .report.records import events

__all__ = ["__version__", "events", "parse_trace"]

# mlir-aie's helpers for fused trace buffers (PR #3652), on this decoder
from .report.compat import get_trace_buffer, get_trace_slices, parse_trace_slices

__all__ += ["get_trace_buffer", "get_trace_slices", "parse_trace_slices"]
