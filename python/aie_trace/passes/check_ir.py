# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-check-ir: verify every known aie/aiex op against mlir-aie's op definitions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from aie_trace.analysis.layout import dangling_copies
from aie_trace.ir import checking
from aie_trace.ir.forms import IRForm, in_review_problems, tagged_problems, trace_forms
from aie_trace.passes.base import option

from ._era import EraPass


@dataclass(frozen=True)
class CheckIR(EraPass):
    """Check every aie/aiex op the schema knows against its definition in the module's IR era.

    Before: any module. After: unchanged. Fails with one located error per violation: operand
    count and types, ``operandSegmentSizes``, required properties and their exact attribute types,
    enum cases and value ranges, ``#aie.trace_buffer``/``#aie.trace_slice`` parameters, results,
    successors, regions and ``aie.end`` terminators, parent and ancestor constraints; an
    ``aie.trace_buffer_arg`` tag is an i32 naming a memref argument; a specialized copy's
    ``aie_trace.specialized_from`` names a runtime sequence of its device. What ``aiex.run`` passes is
    not checked against its callee here: mlir-aie moved that check out of the op's verifier into
    ``-aie-materialize-runtime-sequences`` (``verifyRunOpsInConfigureOp``; cross-device lookups in
    a verifier race), so aie-opt accepts such a module and materialize refuses it. An op written
    in another era's form gets one error naming that era. With ``era=auto`` the era is read from
    the op shapes (docs/ir-eras.md); a module mixing eras fails at the first op that contradicts
    the ones before it. Era E0 (``aiex.runtime_sequence``) is rejected. Unregistered aie/aiex ops
    are not verified by MLIR, so run this on every input and output. With ``show-form`` it first
    remarks on the module the IR form it checks: the era and the trace-buffer forms beside the
    eras its sequences carry (``IR form E1+tagged: ...``, :mod:`aie_trace.ir.forms`).
    """

    name: ClassVar[str] = "aie-trace-check-ir"
    #: it never changes IR: no copy is taken on entry (test_rollback.py holds it)
    read_only: ClassVar[bool] = True
    summary: ClassVar[str] = (
        "Verify aie/aiex ops against mlir-aie's op definitions (per IR era)"
    )

    show_form: bool = option(
        False,
        "Remark the IR form checked: the era and the trace-buffer forms beside it "
        "(e.g. E1+tagged)",
    )

    def run(self, module, diag) -> None:
        era = self.module_era(module, diag)
        if self.show_form:
            form = IRForm(era, trace_forms(module))
            diag.remark(module, f"IR form {form.label}: {form}")
        for v in checking.check_module(module, era):
            diag.error(v.op, v.message)
        for op, message in in_review_problems(module) + tagged_problems(module):
            diag.error(op, message)
        for op, message in dangling_copies(module):
            diag.error(op, message)
