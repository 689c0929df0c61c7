# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running passes: the registry, pipelines and the ``aie-trace-opt`` driver.

Owns the one registry of passes (``registry``: the built-in passes through
``aie_trace.passes.PASSES``, plugins through entry points; it re-exports ``Pass`` and ``option``
for plugin authors), pipeline text and the pass manager that runs Python and C++ passes with
verification and rollback between them (``pipeline``), and the driver (``driver``).

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``,
``aie_trace.transforms``, ``aie_trace.emu``, ``aie_trace.host``, ``aie_trace.report``,
``aie_trace.passes`` (not the models: the passes wrap them).
"""
