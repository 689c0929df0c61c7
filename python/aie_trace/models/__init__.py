# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Models of mlir-aie's own passes, as its main line does them.

Owns ``materialize`` (``-aie-materialize-runtime-sequences``) and ``resolve``
(``-aie-resolve-address-patch-buffers``), for tests, the emulator's inputs and the passes that
stand in for mlir-aie's where it is absent. Nothing outside ``aie_trace.passes`` and the tests
imports them.

May import: ``aie_trace.ir``, ``aie_trace.analysis``, ``aie_trace.trace``.
"""
