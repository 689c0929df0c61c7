# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Pass plugins shipped with aie-trace, and the ``Pass`` base class with its options (``base``).

Owns one module per pass and :data:`PASSES`, the table of their names that the registry
(:mod:`aie_trace.opt.registry`) reads at first use: importing this package imports no pass.

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``,
``aie_trace.transforms``, ``aie_trace.models``, ``aie_trace.emu``, ``aie_trace.host``,
``aie_trace.report`` (nothing of ``aie_trace.opt`` or ``aie_trace.tools``).
"""

#: every pass shipped here: its name -> ``module:Class`` in this package
PASSES = {
    "aie-trace-check-ir": "check_ir:CheckIR",
    "aie-trace-drop-specialized": "drop_specialized:DropSpecialized",
    "aie-trace-fuse-buffers": "fuse_buffers:FuseTraceBuffers",
    "aie-trace-materialize": "materialize:Materialize",
    "aie-trace-prepare": "prepare:Prepare",
    "aie-trace-resolve-patch-buffers": "resolve_patch_buffers:ResolvePatchBuffers",
    "aie-trace-verify-patches": "verify_patches:VerifyPatches",
}
