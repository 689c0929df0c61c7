# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-resolve-patch-buffers: give buffer address patches their integer form, as
mlir-aie's -aie-resolve-address-patch-buffers does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from aie_trace.ir import eras, structure
from aie_trace.models.resolve import resolve

from ._era import EraPass


@dataclass(frozen=True)
class ResolvePatchBuffers(EraPass):
    """Replace every ``aiex.npu.address_patch`` with a ``buffer`` operand by its integer form.

    Expects: a module in IR era E3 or E4 (earlier eras have no ``buffer`` operand: nothing to
    do), typically after materialization. Guarantees after: no patch has a ``buffer`` operand;
    each has ``arg_idx`` = the host-buffer index (memref arguments only) of the argument of its
    enclosing runtime sequence that the buffer's view chain roots at, and ``arg_plus`` raised by
    the chain's byte offset, views followed with mlir-aie's rules (static, unit-stride,
    contiguous). E3 keeps i32 ``arg_plus``; E4 writes the narrowest of i32/i64 that holds the
    sum, and ``era=auto`` writes i64 only when the module itself shows E4 (an i64 ``arg_plus``).
    The first patch it cannot resolve is one located error in mlir-aie's words (``could not
    resolve its buffer operand to a host buffer index of the enclosing runtime sequence``) with
    the reason as a note, and the module is left as it was. Any integer or float element type
    of whole bytes is taken in views. An E3 sum past i32 is refused (upstream truncates it). With mlir-aie, run ``-aie-resolve-address-patch-buffers`` instead.
    """

    name: ClassVar[str] = "aie-trace-resolve-patch-buffers"
    summary: ClassVar[str] = (
        "Resolve address_patch buffer operands as -aie-resolve-address-patch-buffers does"
    )

    def run(self, module, diag) -> None:
        era = self.module_era(module, diag)
        e4 = self.era == "E4" or (era == "E4" and eras.shows_e4(module))
        with structure.in_context_of(module):
            resolve(
                module,
                era,
                wide_ok=e4,
                ambiguous=self.era == "auto" and era == "E4" and not e4,
            )
