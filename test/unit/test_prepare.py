# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-prepare: the steps between trace lowering and aiecc, per toolchain (E1/E2: fuse,
verify, check-ir; E3/E4: check-ir and the proof of aiecc's own fuse on a copy)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import fuse_cases as F
import pytest

from aie_trace.ir import provider

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_prepare_is_fuse_verify_check_where_aiecc_does_not_fuse(era):
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
    text = (EXAMPLES / "two_designs_e2.mlir").read_text()
    one, two = F.parse(text), F.parse(text)
    F.run_passes(one, "aie-trace-prepare", loops="shared", era="E2")
    F.run_passes(two, "aie-trace-fuse-buffers", loops="shared", era="E2")
    assert str(one) == str(two)


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_prepare_leaves_the_fuse_to_aiecc_and_says_so(era):
    """aiecc fuses E3/E4 modules itself: prepare hands the module on unchanged and remarks what
    it proved on a copy and what it left to aiecc."""
    text = (EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text()
    module = F.parse(text)
    before = str(module)
    diag = F.run_passes(module, "aie-trace-prepare", era=era)
    assert str(module) == before
    assert F.errors(diag) == [] and F.warnings(diag) == []
    [remark] = [d.message for d in diag.diagnostics if d.severity == "remark"]
    assert remark == (
        f"IR era {era}: left unfused for aiecc, which runs -aie-fuse-trace-buffers, "
        "-aie-materialize-runtime-sequences, -aie-resolve-address-patch-buffers; proven on a "
        "copy run through them: @main:@main_seq gets a 20480-byte trace buffer (argument #2) "
        "with 3 slice(s), every patch in its slice"
    )


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_prepare_refuses_a_fused_module_aiecc_would_fuse_again(era):
    text = (EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text()
    module = F.parse(text)
    F.run_passes(module, "aie-trace-fuse-buffers", era=era)
    before = str(module)
    diag = F.try_passes(module, "aie-trace-prepare", era=era)
    [error] = F.errors(diag)
    assert error.startswith("@main:@main_seq is already fused")
    assert "fuses a fused module again" in error
    assert str(module) == before


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_prepare_proves_what_aiecc_builds_and_refuses_what_it_gets_wrong(era):
    """An integer data patch in a callee whose run binds another buffer: our fuse would rebase it
    (a callee copy), mlir-aie's does not, so what aiecc builds would read the wrong buffer.
    """
    text = (EXAMPLES / f"two_designs_{era.lower()}.mlir").read_text()
    patched = text.replace(
        '"aiex.npu.address_patch"(%seq_b_22, %arg0) <{addr = 118788 : ui32, '
        "operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, memref<64xi32>) -> ()",
        '"aiex.npu.address_patch"(%seq_b_22) <{addr = 118788 : ui32, arg_idx = 0 : i32, '
        "operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()",
    )
    assert patched != text
    module = F.parse(patched)
    before = str(module)
    diag = F.try_passes(module, "aie-trace-prepare", era=era)
    [error] = F.errors(diag)
    assert "mlir-aie's -aie-fuse-trace-buffers (aiecc's trace stage) does not" in error
    assert str(module) == before


def test_a_failing_step_leaves_the_module_as_it_was():
    # aie-trace-fuse-buffers{era=E2} succeeds; aie-trace-check-ir then rejects the operand-less sync.
    text = (
        (EXAMPLES / "two_designs_e2.mlir")
        .read_text()
        .replace(
            '      "aiex.configure"() <{symbol = @dev_a}> ({',
            '      "aiex.npu.sync"() : () -> ()\n      "aiex.configure"() <{symbol = @dev_a}> ({',
            1,
        )
    )
    module = F.parse(text)
    before = str(module)
    diag = F.try_passes(module, "aie-trace-prepare", era="E2")
    assert any("'aiex.npu.sync' op" in m for m in F.errors(diag))
    assert str(module) == before
    fused = F.parse(text)
    F.try_passes(fused, "aie-trace-fuse-buffers", era="E2")
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
