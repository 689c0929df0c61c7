# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated NPU: runs a dispatched runtime sequence over non-coherent host memory.

Owns the sequence interpreter (``npu``), the shim DMA (``dma``), paged host memory
(``memory``) and the trace units that encode real trace packets (``trace_unit``).

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``, ``aie_trace.transforms``.
"""
