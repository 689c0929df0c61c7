# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One element-size rule (mlir-aie's allocation size: bit width rounded up to bytes, index 64 bits)."""

from __future__ import annotations

import pytest

from aie_trace.ir import attributes, structure
from aie_trace.testing import synth

ir = structure.ir

CASES = [
    ("memref<8xi4>", 8),
    ("memref<8xi1>", 8),
    ("memref<4xindex>", 32),
    ("memref<3xi12>", 6),
    ("memref<2x3xbf16>", 12),
    ("memref<64xi32>", 256),
    ("memref<5xf64>", 40),
    ("memref<7xi8>", 7),
    ("memref<2xui16>", 4),
    ("memref<2xsi8>", 2),
]


@pytest.mark.parametrize("text, nbytes", CASES)
def test_every_reader_agrees(text, nbytes):
    with structure.make_context():
        t = ir.Type.parse(text)
        assert structure.memref_bytes(t) == nbytes
        assert (
            structure.element_bytes(attributes.memref_element_type(t))
            * ir.MemRefType(t).shape[0]
            * (ir.MemRefType(t).shape[1] if ir.MemRefType(t).rank > 1 else 1)
            == nbytes
        )
    assert synth.memref_bytes(text) == nbytes


def test_dynamic_and_non_scalar():
    with structure.make_context():
        assert structure.memref_bytes(ir.Type.parse("memref<?xi32>")) is None
        assert structure.memref_bytes(ir.Type.parse("memref<4xcomplex<f32>>")) is None
        assert structure.element_bytes(ir.Type.parse("i4")) == 1
        assert structure.element_bytes(ir.Type.parse("index")) == 8
