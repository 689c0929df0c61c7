# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The fuse engine: one fused trace buffer per dispatched sequence, a slice per call site.

Owns the engine's entry (``fusion``) and its four steps: plan (``plan``), the rewrite and its
specialized copies (``rewrite``, ``copies``), the layout record written (``recorder``), and the
records the steps hand each other (``records``).

May import: ``aie_trace.ir``, ``aie_trace.analysis``, ``aie_trace.trace``.
"""
