# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-prepare: the three passes between trace lowering and aiecc, as one registered name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import fuse_cases as F
import pytest

from aie_trace import provider

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


@pytest.mark.parametrize("era", F.ERAS)
def test_prepare_is_fuse_verify_check(era):
    text = (EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text()
    one, three = F.parse(text), F.parse(text)
    assert F.run_passes(one, "aie-trace-prepare").diagnostics == []
    assert (
        F.run_passes(
            three,
            "aie-trace-fuse-buffers",
            "aie-trace-verify-patches",
            "aie-trace-check-ir",
        ).diagnostics
        == []
    )
    assert str(one) == str(three)
    assert F.slices(one, "main", "main_seq")[1] == ("dev_b", "seq_b", "1", 8192, 4096)


def test_prepare_forwards_fuse_options():
    text = (EXAMPLES / "two_designs_e4.mlir").read_text()
    one, two = F.parse(text), F.parse(text)
    F.run_passes(one, "aie-trace-prepare", loops="shared", era="E4")
    F.run_passes(two, "aie-trace-fuse-buffers", loops="shared", era="E4")
    assert str(one) == str(two)


def test_a_failing_step_leaves_the_module_as_it_was():
    # aie-trace-fuse-buffers{era=E4} succeeds; aie-trace-check-ir then rejects the operand-less sync.
    text = (
        (EXAMPLES / "two_designs_e4.mlir")
        .read_text()
        .replace(
            '      "aiex.configure"() <{symbol = @dev_a}> ({',
            '      "aiex.npu.sync"() : () -> ()\n      "aiex.configure"() <{symbol = @dev_a}> ({',
            1,
        )
    )
    module = F.parse(text)
    before = str(module)
    diag = F.try_passes(module, "aie-trace-prepare", era="E4")
    assert any("'aiex.npu.sync' op" in m for m in F.errors(diag))
    assert str(module) == before
    fused = F.parse(text)
    F.try_passes(fused, "aie-trace-fuse-buffers", era="E4")
    assert str(fused) != before  # the fuse step did change it before the check failed


def test_prepare_runs_as_a_pipeline_element_and_a_flag(tmp_path):
    src = str(EXAMPLES / "two_designs_e2.mlir")
    opt = [
        sys.executable,
        "-c",
        "from aie_trace.tools.opt import main; raise SystemExit(main())",
    ]
    outs = []
    for args in (
        ["--pass-pipeline=builtin.module(aie-trace-prepare)"],
        ["-aie-trace-prepare"],
        ["-aie-trace-fuse-buffers", "-aie-trace-verify-patches", "-aie-trace-check-ir"],
    ):
        proc = subprocess.run(
            [*opt, src, *args], capture_output=True, text=True, timeout=120
        )
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1] == outs[2]
