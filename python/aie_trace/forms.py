# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace-buffer forms mlir-aie no longer produces, found so that no pass passes over them.

While mlir-aie PR #3652 was in review, trace lowering recorded a sequence's trace buffer as a
discardable dictionary attribute ``aie.trace_buffer = {...}`` on the ``aie.runtime_sequence``. The
merged form (IR era E3, ``AIEX.td`` at f8438d27 with the trace tests
``test_insert_trace_flows_multi_sequence.mlir`` at 039de4cb and ``test_trace_configure_run.mlir``
at a4ade150) is the inherent ``trace_buffer = #aie.trace_buffer<...>`` property. Nothing reads the
in-review dictionary: a module that carries it gets one located error per sequence naming the form.
"""

from __future__ import annotations

from typing import Any

from . import aieir
from .aieir import ir

IN_REVIEW = "aie.trace_buffer"


def in_review_problems(module: Any) -> list[tuple[Any, str]]:
    """``(sequence, message)`` for every runtime sequence carrying the in-review dictionary."""
    out = []
    for dev in aieir.devices(module):
        for seq in aieir.sequences(dev):
            attr = aieir.attr_or_none(seq, IN_REVIEW)
            if attr is not None and aieir.isa(ir.DictAttr, attr):
                out.append(
                    (
                        seq,
                        f"carries '{IN_REVIEW}' as a discardable dictionary, the form of mlir-aie PR "
                        "#3652 while it was in review; the merged form is the inherent 'trace_buffer' "
                        "property (#aie.trace_buffer<...>): re-run trace lowering with a current "
                        "mlir-aie",
                    )
                )
    return out
