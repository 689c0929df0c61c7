# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The host side of a run: allocate, bind, sync, run and split the fused trace buffer.

Owns the design's calling convention and buffers (``runtime``), the XRT backend for Ryzen AI
hardware (``xrt_backend``) and NPU detection (``hwdetect``).

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``,
``aie_trace.transforms``, ``aie_trace.emu``.
"""
