# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The bundled examples: in sync with their generator, and fused, inlined and verified clean."""

from __future__ import annotations

from pathlib import Path

import fuse_cases as F
import pytest

from aie_trace.ir import provider
from aie_trace.testing import synth

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


@pytest.mark.parametrize("era", F.ERAS)
def test_example_matches_its_generator(era):
    assert (
        EXAMPLES / f"two_designs_{era.lower()}.mlir"
    ).read_text() == synth.two_designs(era)


@pytest.mark.parametrize("era", F.ERAS)
def test_example_fuses_and_lands(era):
    m = F.parse((EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text())
    diag = F.run_passes(
        m,
        "aie-trace-check-ir",
        "aie-trace-fuse-buffers",
        "aie-trace-check-ir",
        "aie-trace-verify-patches",
    )
    assert diag.diagnostics == []
    assert F.slices(m, "main", "main_seq") == [
        ("dev_a", "seq_a", "0", 0, 8192),
        ("dev_b", "seq_b", "1", 8192, 4096),
        ("dev_a", "seq_a", "2", 12288, 8192),
    ]
    trace = [x for x in F.landings(m, "main", "main_seq", era) if x[1] == 2]
    assert trace == [("0", 2, 0), ("1", 2, 8192), ("2", 2, 12288)]
    data = [x for x in F.landings(m, "main", "main_seq", era) if x[1] != 2]
    assert data == [("0", 0, 0), ("1", 1, 0), ("2", 0, 0)]
    F.run_passes(
        m,
        "aie-trace-materialize",
        "aie-trace-verify-patches",
        "aie-trace-drop-specialized",
        "aie-trace-check-ir",
    )
    assert sorted(F.landings(m, "main", "main_seq", era)) == sorted(
        (("", h, o) for _, h, o in trace + data)
    )
