# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace: trace-buffer passes, host runtime and decoder for mlir-aie runtime sequences."""

__version__ = "0.1.0"

import types  # noqa: E402

# mlir-aie's aie.utils.trace.parse_trace, on this decoder
from . import events as _event_tables  # noqa: E402
from .compat import parse_trace  # noqa: E402
from .records import events as _events  # noqa: E402


class _EventsModule(types.ModuleType):
    """``aie_trace.events`` is the event-table module (``aie_trace.events.event_name``) and, called,
    the flat event records (:func:`aie_trace.records.events`): a submodule and a function cannot
    share the name otherwise, since importing the submodule sets the package attribute.
    """

    def __call__(self, *args, **kwargs):
        return _events(*args, **kwargs)


_event_tables.__class__ = _EventsModule

__all__ = ["__version__", "events", "parse_trace"]

# mlir-aie's helpers for fused trace buffers (PR #3652), on this decoder
from .compat import get_trace_buffer, get_trace_slices, parse_trace_slices  # noqa: E402

__all__ += ["get_trace_buffer", "get_trace_slices", "parse_trace_slices"]
