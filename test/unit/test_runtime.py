# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Host runtime: calling conventions and fingerprints, refusal of mismatched artifacts, buffer
discipline, per-slice results, and the ``aie-trace run`` command (emulator backend)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from emu_designs import ERAS, multi_design_module, single_design
from txn_stream import ddr_patch, txn

from aie_trace.emu.dma import EmuFault
from aie_trace.host import runtime
from aie_trace.tools import run as run_cli
from aie_trace.trace import stream

SIZE, NBYTES = 8192, 256
CALLS = ("dev_a", "dev_b", "dev_a")


@pytest.fixture
def write(tmp_path):
    def _write(name: str, text: str):
        p = tmp_path / name
        p.write_text(text)
        return p

    return _write


def test_convention_of_a_fused_design(write):
    d = runtime.Design.open(write("f.mlir", multi_design_module("E4", CALLS)))
    cc = d.convention
    assert cc.kernel == "main:main_seq"
    assert [(a.index, a.role, a.dtype, a.shape, a.nbytes) for a in cc.args] == [
        (0, "data", "int32", (64,), 256),
        (1, "data", "int32", (64,), 256),
        (2, "trace", "int8", (SIZE * 3,), SIZE * 3),
    ]
    assert [(s.device, s.call_path, s.offset) for s in cc.layout.slices] == [
        ("dev_a", "0", 0),
        ("dev_b", "1", SIZE),
        ("dev_a", "2", 2 * SIZE),
    ]


def test_fingerprint_is_stable_and_tracks_the_convention(write):
    fp = {
        era: runtime.Design.open(
            write(f"{era}.mlir", multi_design_module(era, CALLS, form="materialized")),
            "main:main_seq",
        ).convention.fingerprint()
        for era in ERAS
    }
    assert len(set(fp.values())) == 1  # the same calling convention in every IR era
    assert fp["E4"].startswith("aie-trace-cc1:")
    again = runtime.Design.open(
        write("again.mlir", multi_design_module("E4", CALLS))
    ).convention.fingerprint()
    assert again == fp["E4"]
    other_size = runtime.Design.open(
        write("s.mlir", multi_design_module("E4", CALLS, size=4096))
    )
    untraced = runtime.Design.open(
        write("u.mlir", multi_design_module("E2", CALLS, form="unfused")), verify=False
    )
    assert (
        len(
            {
                fp["E4"],
                other_size.convention.fingerprint(),
                untraced.convention.fingerprint(),
            }
        )
        == 3
    )


def test_untraced_binary_with_a_traced_module_is_refused(write):
    traced = write("traced.mlir", multi_design_module("E4", CALLS))
    untraced = write("untraced.mlir", multi_design_module("E2", CALLS, form="unfused"))
    with pytest.raises(runtime.ConventionError) as e:
        runtime.Design.open(traced, artifacts=runtime.Artifacts(mlir=untraced))
    msg = str(e.value)
    assert (
        "the artifact is untraced but the module is traced" in msg
        and "2 host buffer(s) vs 3" in msg
    )
    with pytest.raises(
        runtime.ConventionError,
        match="the artifact is traced but the module is untraced",
    ):
        runtime.Design.open(untraced, artifacts=runtime.Artifacts(mlir=traced))


def test_manifests_pin_binaries_to_a_convention(write, tmp_path):
    traced = runtime.Design.open(write("traced.mlir", multi_design_module("E4", CALLS)))
    xclbin, insts, elf = (
        tmp_path / "final.xclbin",
        tmp_path / "insts.bin",
        tmp_path / "aie.elf",
    )
    for f in (xclbin, insts, elf):
        f.write_bytes(b"\0")
    untraced = runtime.Design.open(
        write("u.mlir", multi_design_module("E2", CALLS, form="unfused")), verify=False
    )
    runtime.write_manifest(elf, untraced.convention)
    with pytest.raises(runtime.ConventionError) as e:
        runtime.Design.open(traced.path, artifacts=runtime.Artifacts(elf=elf))
    assert (
        f"aie.elf was built for calling convention {untraced.convention.fingerprint()}"
        in str(e.value)
    )
    assert "the artifact is untraced but the module is traced" in str(e.value)
    runtime.write_manifest(elf, traced.convention)
    runtime.Design.open(
        traced.path, artifacts=runtime.Artifacts(elf=elf)
    )  # now accepted
    with pytest.raises(runtime.ConventionError, match="no calling-convention manifest"):
        runtime.Design.open(
            traced.path,
            artifacts=runtime.Artifacts(xclbin=xclbin, insts=insts),
            require_manifest=True,
        )
    with pytest.raises(
        runtime.ConventionError, match="is not the expected aie-trace-cc1:0"
    ):
        runtime.Design.open(traced.path, fingerprint="aie-trace-cc1:0")


WRITE32 = [0, 0, 0x1D20C, 0, 0x8000000F, 24]
TCT = [0x80, 16, 0, 0x01010001]


def test_instruction_stream_patches_are_checked_against_the_convention(write, tmp_path):
    traced = runtime.Design.open(write("t.mlir", single_design("E4")))
    untraced = write("u.mlir", single_design("E4").replace("trace_buffer", "x_buffer"))
    insts = tmp_path / "insts.bin"
    traced_stream = txn(
        WRITE32,
        ddr_patch(0, 0),
        ddr_patch(1, 0),
        ddr_patch(2, 0),
        [3, 0, 0x1D208, 0, 0, 0, 28],
        TCT,
    )
    insts.write_bytes(traced_stream)
    assert runtime.instruction_patches(insts) == [(0, 0), (1, 0), (2, 0)]
    runtime.Design.open(traced.path, artifacts=runtime.Artifacts(insts=insts))
    insts.write_bytes(txn(WRITE32, ddr_patch(0, 0), ddr_patch(1, 0), TCT))
    with pytest.raises(
        runtime.ConventionError, match="never patches a DMA into the trace buffer"
    ):
        runtime.Design.open(traced.path, artifacts=runtime.Artifacts(insts=insts))
    insts.write_bytes(txn(ddr_patch(0, 0), ddr_patch(3, 0)))
    with pytest.raises(
        runtime.ConventionError,
        match="patches a DMA address into host buffer 3, but dev_a:seq_a has 3",
    ):
        runtime.Design.open(traced.path, artifacts=runtime.Artifacts(insts=insts))
    insts.write_bytes(txn(ddr_patch(2, 8192)))
    with pytest.raises(
        runtime.ConventionError,
        match="patches offset 8192 of host buffer 2, which has 8192 bytes",
    ):
        runtime.Design.open(traced.path, artifacts=runtime.Artifacts(insts=insts))
    insts.write_bytes(traced_stream)
    runtime.Design.open(
        untraced, artifacts=runtime.Artifacts(insts=insts)
    )  # 3 buffers either way


@pytest.mark.parametrize(
    "stream",
    [
        b"\x06\x03\x01\x00" * 8,  # another format
        None,  # an op of unknown size (NOOP)
    ],
)
def test_instruction_streams_not_understood_are_not_judged(stream, tmp_path):
    insts = tmp_path / "insts.bin"
    insts.write_bytes(stream if stream is not None else txn([5], ddr_patch(9, 0)))
    assert runtime.instruction_patches(insts) is None


def test_kernel_choice(write):
    mat = write("m.mlir", multi_design_module("E2", CALLS, form="materialized"))
    # The entry loads the other two designs' devices (aiex.npu.load_pdi): it is the one dispatched.
    assert runtime.Design.open(mat).convention.kernel == "main:main_seq"
    two = write(
        "two.mlir",
        multi_design_module("E2", CALLS, form="materialized").replace(
            "device_ref = @dev_b", "device_ref = @main"
        ),
    )
    with pytest.raises(
        runtime.ConventionError, match="2 dispatchable runtime sequences .*choose one"
    ):
        runtime.Design.open(
            two
        )  # nothing configures @dev_b any more: its sequence is an entry too
    with pytest.raises(runtime.ConventionError, match="no runtime sequence main:nope"):
        runtime.Design.open(mat, "main:nope")
    assert runtime.Design.open(mat, "dev_b:seq").convention.kernel == "dev_b:seq"


def test_bad_mlir_is_a_located_error(write):
    with pytest.raises(runtime.ConventionError, match=r"bad.mlir:2:\d+: error: "):
        runtime.Design.open(write("bad.mlir", "module {\n  %x = foo\n}\n"))


class SpyBackend(runtime.EmuBackend):
    """The emulator, recording every host-side buffer operation in order."""

    def __init__(self):
        super().__init__()
        self.log: list[tuple] = []

    def allocate(self, design, arg):
        buf = super().allocate(design, arg)
        log, index = self.log, arg.index
        for name in ("write", "zero", "sync_to_device", "sync_from_device"):
            method = getattr(buf, name)
            setattr(
                buf,
                name,
                lambda *a, _m=method, _n=name: (log.append((_n, index)), _m(*a))[1],
            )
        return buf

    def run(self, design, buffers):
        self.log.append(("run",))
        return super().run(design, buffers)


def test_buffer_discipline_fill_sync_run_sync(write):
    design = runtime.Design.open(write("f.mlir", multi_design_module("E4", CALLS)))
    spy = SpyBackend()
    rt = runtime.Runtime(design, spy)
    rt.run({0: np.arange(64, dtype=np.int32)})
    run_at = spy.log.index(("run",))
    before, after = spy.log[:run_at], spy.log[run_at + 1 :]
    assert before == [
        op
        for i in range(3)
        for op in (("write" if i == 0 else "zero", i), ("sync_to_device", i))
    ]
    assert after == [("sync_from_device", i) for i in range(3)]
    trace_fill = rt.buffers[2].emu  # zero-filled trace never left a dirty line behind
    assert not trace_fill.dirty_lines().any()


def test_mismatched_inputs_are_refused_before_anything_runs(write):
    design = runtime.Design.open(write("f.mlir", multi_design_module("E4", CALLS)))
    spy = SpyBackend()
    rt = runtime.Runtime(design, spy)
    for inputs, match in [
        ({0: np.zeros(65, np.int32)}, "has 260 bytes; i32\\[64\\] takes 256"),
        ({2: bytes(SIZE * 3)}, "is the trace buffer"),
        ({3: b""}, "input for host buffer 3, but main:main_seq has 3"),
    ]:
        with pytest.raises(runtime.ConventionError, match=match):
            rt.run(inputs)
    assert spy.log == []


@pytest.mark.parametrize("era", ERAS)
def test_run_returns_each_slice_with_its_call(write, era):
    form = "fused" if era in ("E3", "E4") else "materialized"
    design = runtime.Design.open(
        write("f.mlir", multi_design_module(era, CALLS, form=form)), "main:main_seq"
    )
    result = runtime.Runtime(design, runtime.EmuBackend()).run(
        {0: np.arange(64, dtype=np.int32)}
    )
    assert [
        (s.slice.device, s.slice.sequence, s.slice.call_path) for s in result.slices
    ] == [("dev_a", "seq", "0"), ("dev_b", "seq", "1"), ("dev_a", "seq", "2")]
    assert result.trace == b"".join(s.data for s in result.slices)
    sessions = result.backend_result.sessions
    for s, session in zip(result.slices, sessions, strict=True):
        assert session.design == s.slice.device
        if form == "fused":
            assert session.path == s.slice.call_path
        streams = stream.decode_buffer(s.data).streams
        assert {tuple(k): sorted(v.intervals()) for k, v in streams.items()} == {
            k: sorted(v) for k, v in session.landed().items()
        }
        assert s.written == session.landed_bytes() > 0
    assert result.buffers[1].dtype == np.int32 and result.buffers[1].shape == (64,)


def test_untraced_design_runs_without_slices(write):
    design = runtime.Design.open(
        write(
            "u.mlir",
            multi_design_module("E4", ("dev_b",), form="materialized", size=SIZE)
            .replace("trace_slices", "x_slices")
            .replace("trace_buffer", "x_buffer"),
        ),
        "dev_b:seq",
    )
    result = runtime.Runtime(design, runtime.EmuBackend()).run()
    assert (
        design.convention.layout is None and result.slices == [] and result.trace == b""
    )


# -- the command ----------------------------------------------------------------------------------


def test_cli_runs_and_writes_trace_files(write, tmp_path, capsys):
    mlir = write("f.mlir", multi_design_module("E4", CALLS))
    np.save(tmp_path / "in.npy", np.arange(64, dtype=np.int32))
    out = tmp_path / "out"
    assert (
        run_cli.main(
            [
                str(mlir),
                "-o",
                str(out),
                "--input",
                f"0={tmp_path / 'in.npy'}",
                "--save-buffers",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "host buffer 0  arg0   i32[64]  256 bytes  (input)" in text
    assert "host buffer 2  trace  i8[24576]  24576 bytes  (trace, zero-filled)" in text
    assert "slice 1  dev_b:seq [call 1]" in text
    entries = json.loads((out / "slices.json").read_text())
    assert [(e["device"], e["call_path"], e["file"]) for e in entries] == [
        ("dev_a", "0", "slice0.bin"),
        ("dev_b", "1", "slice1.bin"),
        ("dev_a", "2", "slice2.bin"),
    ]
    raw = (out / "trace.bin").read_bytes()
    assert (
        len(raw) == 3 * SIZE
        and (out / "slice1.bin").read_bytes() == raw[SIZE : 2 * SIZE]
    )
    assert all(e["written"] > 0 for e in entries)
    assert (np.load(out / "buffer0.npy") == np.arange(64)).all() and np.load(
        out / "buffer1.npy"
    ).shape == (64,)
    assert not (
        out / "buffer2.npy"
    ).exists()  # the trace buffer is written as trace.bin and slices


def test_cli_ground_truth_matches_what_the_slices_decode_to(write, tmp_path):
    mlir = write("f.mlir", multi_design_module("E4", CALLS))
    out = tmp_path / "out"
    assert (
        run_cli.main(
            [str(mlir), "-o", str(out), "--ground-truth", str(out / "truth.json")]
        )
        == 0
    )
    truth = json.loads((out / "truth.json").read_text())
    assert truth["trace_buffer"] == 2
    assert [(s["design"], s["path"]) for s in truth["sessions"]] == [
        ("dev_a", "0"),
        ("dev_b", "1"),
        ("dev_a", "2"),
    ]
    for k, session in enumerate(truth["sessions"]):
        (unit,) = session["units"]
        assert all(
            b == 2 and k * SIZE <= off < (k + 1) * SIZE
            for b, off, _ in unit["placements"]
        )
        streams = stream.decode_buffer((out / f"slice{k}.bin").read_bytes()).streams
        assert sorted(
            streams[stream.StreamKey(0, 0, unit["row"])].intervals()
        ) == sorted(tuple(i) for i in unit["landed"])


def test_cli_reports_an_emulator_fault_with_its_location(write, capsys):
    mlir = write("u.mlir", multi_design_module("E2", CALLS, form="unfused"))
    assert run_cli.main([str(mlir), "--no-verify"]) == 1
    err = capsys.readouterr().err
    assert (
        "u.mlir:" in err
        and "address_patch names host buffer 2" in err
        and "Traceback" not in err
    )


def test_cli_refuses_a_design_that_fails_patch_verification(write, capsys):
    mlir = write("u.mlir", multi_design_module("E2", CALLS, form="unfused"))
    assert run_cli.main([str(mlir)]) == 1
    err = capsys.readouterr().err
    assert (
        err.startswith("aie-trace run: error: ")
        and "refusing to run" in err
        and "u.mlir:" in err
        and "one argument short" in err
    )
    assert (
        "emulator fault" not in err and "Traceback" not in err
    )  # refused before anything ran


def test_cli_refuses_a_mismatched_emulator_module(write, capsys):
    traced = write("t.mlir", multi_design_module("E4", CALLS))
    untraced = write("u.mlir", multi_design_module("E2", CALLS, form="unfused"))
    assert run_cli.main([str(traced), "--emu-module", str(untraced)]) == 1
    err = capsys.readouterr().err
    assert (
        err.startswith("aie-trace run: error: ")
        and "the artifact is untraced but the module is traced" in err
    )


def test_cli_fingerprint_and_manifest(write, tmp_path, capsys):
    mlir = write("t.mlir", multi_design_module("E4", CALLS))
    assert run_cli.main([str(mlir), "--print-fingerprint"]) == 0
    fp = json.loads(capsys.readouterr().out)["fingerprint"]
    elf = tmp_path / "aie.elf"
    elf.write_bytes(b"\0")
    assert run_cli.main([str(mlir), "--write-manifest", str(elf)]) == 0
    assert (
        json.loads((tmp_path / "aie.elf.aie-trace.json").read_text())["fingerprint"]
        == fp
    )
    assert (
        run_cli.main([str(mlir), "--fingerprint", fp, "-o", str(tmp_path / "o")]) == 0
    )


def test_cli_bad_input_spec(write, capsys):
    mlir = write("t.mlir", single_design("E4"))
    assert run_cli.main([str(mlir), "--input", "zero=x.bin"]) == 2  # a usage error
    assert "--input INDEX must be an integer from 0" in capsys.readouterr().err
    assert run_cli.main([str(mlir), "--input", "0"]) == 2
    assert "--input expects INDEX=FILE" in capsys.readouterr().err


def test_emulator_fault_reaches_the_library_caller(write):
    design = runtime.Design.open(
        write("u.mlir", multi_design_module("E2", CALLS, form="unfused")), verify=False
    )
    with pytest.raises(EmuFault):
        runtime.Runtime(design, runtime.EmuBackend()).run()
