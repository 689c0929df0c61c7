# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""End to end on the emulated NPU: designs lowered as mlir-aie's trace lowering leaves them go
through our passes (``aie-trace-opt``), run through the host runtime, and their trace slices are
decoded and compared with the emulator's ground truth, in every IR era.

The unfused module is what IRON emitted before the fix (callees take a trace argument their call
sites do not pass); the same module fused by ``aie-trace-fuse-buffers``, and then materialized
by ``aie-trace-materialize``, must give each call its own slice."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from emu_designs import ERAS, multi_design_module

from aie_trace.emu.dma import EmuFault
from aie_trace.host import runtime
from aie_trace.opt import driver
from aie_trace.trace import stream

CALLS = ("dev_a", "dev_b", "dev_a")  # two designs, one of them run twice
SIZE = 8192


def opt(src, dst, *flags) -> str:
    """Run aie-trace-opt in-process; returns its diagnostics, asserts success."""
    err = io.StringIO()
    assert (
        driver.main([str(src), *flags, "-o", str(dst)], io.StringIO(), err) == 0
    ), err.getvalue()
    return err.getvalue()


def streams(data: bytes) -> dict:
    r = stream.decode_buffer(data)
    assert [a.kind for a in r.anomalies if a.kind != "truncated_command"] == []
    return {tuple(k): sorted(s.intervals()) for k, s in r.streams.items()}


def truth(sessions) -> dict:
    out: dict = {}
    for s in sessions:
        for k, v in s.landed().items():
            out.setdefault(k, []).extend(v)
    return {k: sorted(v) for k, v in out.items()}


@pytest.fixture
def unfused(tmp_path):
    def make(era: str, calls=CALLS):
        p = tmp_path / f"unfused_{era}.mlir"
        p.write_text(multi_design_module(era, calls, form="unfused"))
        return p

    return make


def run(path, kernel="main:main_seq", inputs=None, verify=True):
    design = runtime.Design.open(path, kernel, verify=verify)
    return runtime.Runtime(design, runtime.EmuBackend()).run(inputs)


@pytest.mark.parametrize("era", ERAS)
def test_fused_example_each_slice_decodes_to_its_own_call(era, unfused, tmp_path):
    fused, mat = tmp_path / "fused.mlir", tmp_path / "mat.mlir"
    opt(unfused(era), fused, "--aie-trace-fuse-buffers", "--aie-trace-verify-patches")
    opt(fused, mat, "--aie-trace-materialize", "--aie-trace-verify-patches")
    x = np.arange(64, dtype=np.int32)
    a, b = run(fused, inputs={0: x}), run(mat, inputs={0: x})
    by_path = {s.path: s for s in a.backend_result.sessions}
    assert [s.slice.call_path for s in a.slices] == ["0", "1", "2"]
    for s in a.slices:
        session = by_path[s.slice.call_path]
        assert session.design == s.slice.device
        assert streams(s.data) == truth([session]) != {}
    # materialization changes nothing the NPU does: same trace, same outputs
    assert a.trace == b.trace
    assert all((x1 == x2).all() for x1, x2 in zip(a.buffers, b.buffers, strict=True))
    assert [s.key for s in b.backend_result.sessions] == [
        "dev_a#0",
        "dev_b#0",
        "dev_a#1",
    ]


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_unfused_e3_e4_module_runs_as_aiecc_builds_it(era, unfused):
    """aiecc of E3/E4 fuses the module itself: the host runs what it builds (fused in memory as
    mlir-aie's -aie-fuse-trace-buffers fuses it), each slice its own call's trace."""
    a = run(unfused(era))
    by_path = {s.path: s for s in a.backend_result.sessions}
    assert [s.slice.call_path for s in a.slices] == ["0", "1", "2"]
    for s in a.slices:
        assert streams(s.data) == truth([by_path[s.slice.call_path]]) != {}


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_unfused_module_reproduces_iron_154(era, unfused):
    src = unfused(era)
    err = io.StringIO()
    assert (
        driver.main(
            [str(src), "--aie-trace-verify-patches", "-o", "-"], io.StringIO(), err
        )
        == 1
    )
    assert "one argument short" in err.getvalue()  # flagged statically
    with pytest.raises(
        runtime.ConventionError, match="(?s)refusing to run .*one argument short"
    ):
        run(src)  # and the host refuses to dispatch it
    with pytest.raises(EmuFault) as e:
        run(src, verify=False)
    patch_line = e.value.diagnostic.line
    assert e.value.diagnostic.file == str(src)
    assert (
        f"{src}:{patch_line}:" in err.getvalue()
    )  # the emulator faults at the patch the verifier flags


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_unfused_module_with_a_scratch_buffer_traces_into_the_wrong_buffer(
    era, tmp_path
):
    src = tmp_path / "u.mlir"
    src.write_text(multi_design_module(era, CALLS, form="unfused", scratch=True))
    err = io.StringIO()
    assert (
        driver.main(
            [str(src), "--aie-trace-verify-patches", "-o", "-"], io.StringIO(), err
        )
        == 1
    )
    result = run(src, verify=False)
    assert result.slices == []  # no trace buffer the host knows of
    scratch = result.buffers[2].view(np.uint8).tobytes()
    assert streams(scratch) != {}  # the trace went into the scratch data


def skipping_runner(design, skip_trace_sync: bool):
    """A host runner written by hand, optionally forgetting the pre-run sync of the trace buffer."""
    backend = runtime.EmuBackend()
    bufs = [backend.allocate(design, a) for a in design.convention.args]
    for a, b in zip(design.convention.args, bufs, strict=True):
        b.write(bytes(a.nbytes))
        if not (skip_trace_sync and a.role == "trace"):
            b.sync_to_device()
    result = backend.run(design, bufs)
    for b in bufs:
        b.sync_from_device()
    return result, bufs[design.convention.trace_arg.index].host_bytes().tobytes()


@pytest.mark.parametrize("era", ["E2", "E4"])
def test_runner_that_skips_the_pre_run_trace_sync_gets_corrupted_data(
    era, unfused, tmp_path
):
    fused = tmp_path / "fused.mlir"
    opt(unfused(era), fused, "--aie-trace-fuse-buffers")
    design = runtime.Design.open(fused, "main:main_seq")
    good, good_trace = skipping_runner(design, False)
    bad, bad_trace = skipping_runner(design, True)
    assert good.evicted == {}
    assert bad.evicted == {design.convention.trace_arg.index: 3 * SIZE // 64}
    assert streams(good_trace[:SIZE]) == truth(good.sessions[:1])
    assert (
        streams(bad_trace) == {}
    )  # the dirty zero-fill was written back over the trace
    # the runtime's own runner is the good one
    assert run(fused).trace == good_trace


@pytest.mark.parametrize("era", ERAS)
def test_back_to_back_runs_land_where_the_pass_warning_says(era, unfused, tmp_path):
    fused, merged = tmp_path / "fused.mlir", tmp_path / "merged.mlir"
    warning = opt(unfused(era, ("dev_a", "dev_a")), fused, "--aie-trace-fuse-buffers")
    assert "the trace of call '1' continues in the region of call '0'" in warning
    result = run(fused)
    first, second = result.slices
    assert (first.slice.call_path, second.slice.call_path) == ("0", "1")
    assert streams(first.data) == truth(
        result.backend_result.sessions
    )  # both calls' events
    assert second.written == 0
    opt(
        unfused(era, ("dev_a", "dev_a")),
        merged,
        "--aie-trace-fuse-buffers=merge-back-to-back",
    )
    m = run(merged)
    (one,) = m.slices
    assert one.slice.call_path == "0+1"
    assert streams(one.data) == truth(m.backend_result.sessions)
    assert sorted(s.path for s in m.backend_result.sessions) == ["0", "1"]


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("era", ["e1", "e2", "e3", "e4"])
def test_bundled_example(era, tmp_path):
    src = EXAMPLES / f"two_designs_{era}.mlir"
    fused, mat = tmp_path / "fused.mlir", tmp_path / "mat.mlir"
    opt(src, fused, "-aie-trace-fuse-buffers", "-aie-trace-verify-patches")
    opt(fused, mat, "-aie-trace-materialize")
    a, b = run(fused), run(mat)
    by_path = {s.path: s for s in a.backend_result.sessions}
    assert [(s.slice.device, s.slice.call_path) for s in a.slices] == [
        ("dev_a", "0"),
        ("dev_b", "1"),
        ("dev_a", "2"),
    ]
    for s in a.slices:
        assert streams(s.data) == truth([by_path[s.slice.call_path]]) != {}
    assert a.trace == b.trace
    # unfused, the trace never reaches a buffer the host reads as trace (E1/E2); E3/E4, whose
    # aiecc fuses by itself, run as aiecc builds them: the same trace as fused here
    if era in ("e1", "e2"):
        u = run(src, verify=False)
        assert (
            u.slices == []
            and stream.decode_buffer(u.buffers[1].view(np.uint8)).valid_packets > 0
        )
    else:
        assert run(src).trace == a.trace
