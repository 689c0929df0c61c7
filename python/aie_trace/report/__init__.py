# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a user reads from a run: decoded slices joined with the module that wrote them.

Owns per-slice summaries (``summary``), why a slice is empty, cut short or full (``explain``),
every event as a typed record (``records``), mlir-aie's ``parse_trace`` and fused-buffer helpers
on this decoder (``compat``) and the HTML page (``html``).

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``,
``aie_trace.transforms``, ``aie_trace.emu``, ``aie_trace.host`` (not the models).
"""
