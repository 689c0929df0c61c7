# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the IR says, read without changing it.

Owns the run graph and the verbatim-inlining walk with its integer folder (``callgraph``), the
dispatched sequence (``dispatch``), shim DMA arithmetic (``tracedma``), the layout record
(``layout``), the static proof that every patch lands in its slice (``verify``) and which event
each trace slot of a design carries (``trace_events``).

May import: ``aie_trace.ir``, ``aie_trace.trace``.
"""
