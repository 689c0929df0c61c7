# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace-buffer forms beside the IR eras (docs/ir-eras.md): how a sequence says which of its
arguments is its trace buffer when no op definition says it.

* **tagged** (``aie.trace_buffer_arg = N : i32``, a discardable attribute on a configuration's
  ``aie.runtime_sequence``): the full-ELF control-packet flow (``--reconfig-method=ctrlpkt``) of
  mlir-aie PR #3773 ("[WIP] Control packet reconfiguration"), open and unmerged: main-line
  mlir-aie has neither the attribute nor the conform step. There trace lowering appends the trace
  buffer after aiecc built the host sequence that wraps the configuration
  (``test/dialect/AIEX/conform_overlay_trace_buffer.mlir`` of that PR). Materialize conforms the
  wrapper, fuse and verify-patches read the tag as naming the trace argument.
* **in-review** (``aie.trace_buffer = {...}``, a discardable dictionary): the form trace lowering
  wrote while mlir-aie PR #3652 was in review. The merged form (IR era E3, ``AIEX.td`` at
  f8438d27 with the trace tests ``test_insert_trace_flows_multi_sequence.mlir`` at 039de4cb and
  ``test_trace_configure_run.mlir`` at a4ade150) is the inherent ``trace_buffer =
  #aie.trace_buffer<...>`` property. Nothing reads the in-review dictionary: a module that
  carries it gets one located error per sequence naming the form.

Neither is an IR era: both are discardable attributes that any era's sequence can carry, so they
give era detection no evidence. :func:`detect` reports them beside the era (``E1+tagged``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import attributes, eras, structure
from .diagnostics import LocatedError

#: the tagged form's attribute: the block-argument index of a sequence's trace buffer
TRACE_BUFFER_ARG = "aie.trace_buffer_arg"
IN_REVIEW = "aie.trace_buffer"

#: the labels of the trace-buffer forms beside the eras, in the order a label lists them
TAGGED_FORM = "tagged"
IN_REVIEW_FORM = "in-review"
TRACE_FORMS = (TAGGED_FORM, IN_REVIEW_FORM)

#: what each form is, as errors and docs name it
FORM_NAMES = {
    TAGGED_FORM: f"the tagged trace-argument form ('{TRACE_BUFFER_ARG}', from the full-ELF "
    "control-packet flow of the unmerged mlir-aie PR #3773)",
    IN_REVIEW_FORM: f"the in-review form ('{IN_REVIEW}' dictionary, mlir-aie PR #3652 in review)",
}


@dataclass(frozen=True)
class IRForm:
    """What a module is written in: its IR era and the trace-buffer forms beside the eras that
    its sequences carry (labels of :data:`TRACE_FORMS`, in that order)."""

    era: str
    trace_forms: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """``E4``, or with forms beside the era ``E4+tagged``."""
        return "+".join((self.era, *self.trace_forms))

    def __str__(self) -> str:
        if not self.trace_forms:
            return f"IR era {self.era}"
        forms = ", ".join(FORM_NAMES[f] for f in self.trace_forms)
        return f"IR era {self.era} with {forms}"


def sequence_form(seq: Any) -> str | None:
    """The trace-buffer form beside the eras that ``seq`` carries, or None. (A tag that is not an
    i32 naming a memref argument still is the tagged form: :func:`tagged_problems` reports it.)
    """
    if structure.attr_or_none(seq, TRACE_BUFFER_ARG) is not None:
        return TAGGED_FORM
    attr = structure.attr_or_none(seq, IN_REVIEW)
    if attr is not None and attributes.dict_items(attr) is not None:
        return IN_REVIEW_FORM
    return None


def trace_forms(module: Any) -> tuple[str, ...]:
    """The trace-buffer forms beside the eras that ``module``'s sequences carry, in
    :data:`TRACE_FORMS` order."""
    found = {
        sequence_form(seq)
        for dev in structure.devices(module)
        for seq in structure.sequences(dev)
    }
    return tuple(f for f in TRACE_FORMS if f in found)


def detect(module: Any, default: str = "E4") -> IRForm:
    """:func:`eras.detect_era` (the same era, or the same :class:`eras.EraError`) with the
    trace-buffer forms beside the eras that ``module`` carries."""
    return IRForm(eras.detect_era(module, default), trace_forms(module))


def in_review_problems(module: Any) -> list[tuple[Any, str]]:
    """``(sequence, message)`` for every runtime sequence carrying the in-review dictionary."""
    out = []
    for dev in structure.devices(module):
        for seq in structure.sequences(dev):
            if sequence_form(seq) == IN_REVIEW_FORM:
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


def tagged_problems(module: Any) -> list[tuple[Any, str]]:
    """``(sequence, message)`` for every sequence whose ``aie.trace_buffer_arg`` is not an i32
    naming a memref argument (materialize's words, :func:`tagged_trace_arg`)."""
    out = []
    for dev in structure.devices(module):
        for seq in structure.sequences(dev):
            try:
                tagged_trace_arg(seq)
            except TaggedFormError as e:
                out.append((e.op, e.message))
    return out


class TaggedFormError(LocatedError):
    """An ``aie.trace_buffer_arg`` that is not an i32 naming a memref argument, located at its
    sequence."""


def tagged_trace_arg(seq: Any) -> int | None:
    """The block-argument index ``aie.trace_buffer_arg = N : i32`` names on ``seq`` (the trace
    buffer mlir-aie's trace lowering appended in the full-ELF control-packet flow), or None.
    Raises :class:`TaggedFormError` when the tag is not an i32 naming a memref argument.
    """
    attr = structure.attr_or_none(seq, TRACE_BUFFER_ARG)
    if attr is None:
        return None
    n = (
        attributes.int_attr_value(attr)
        if attributes.attr_type_ok("i32", attr)
        else None
    )
    params = structure.seq_args(seq)
    if n is None or not 0 <= n < len(params) or not attributes.is_memref(params[n]):
        device, name = structure.kernel_name(seq)
        raise TaggedFormError(
            f"'{TRACE_BUFFER_ARG}' must be an i32 naming a memref argument of "
            f"@{device}:@{name} ({len(params)} arguments)",
            seq,
        )
    return n
