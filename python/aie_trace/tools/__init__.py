# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Thin command-line entry points: ``aie-trace`` (``cli``: ``run``, ``decode``, ``report``,
``layout``) and ``aie-trace-opt`` (``opt``), with their shared files, options and error reports.

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``,
``aie_trace.transforms``, ``aie_trace.emu``, ``aie_trace.host``, ``aie_trace.report``,
``aie_trace.passes``, ``aie_trace.opt`` (not the models).
"""
