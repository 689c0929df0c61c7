# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Running passes: the registry, pipelines and the ``aie-trace-opt`` driver.

Owns the ``Pass`` base class and its options (``registry``), pipeline text and the pass manager
that runs Python and C++ passes with verification and rollback between them (``pipeline``), and
the driver (``driver``).

May import: ``aie_trace.ir``, ``aie_trace.analysis``, ``aie_trace.trace``, and
``aie_trace.passes`` through its lazy name table.
"""
