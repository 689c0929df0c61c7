# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The XRT backend and `aie-trace run --backend xrt` against a strict pyxrt double (pyxrt_double.py).

The double binds what the real bindings bind and fails on what an NPU would not survive; its
device program writes known bytes, so each flow is checked byte for byte: what the command writes
out is what the device wrote. Each rule of the double is shown catching the mistake it names,
mostly by making our backend commit it. On a machine with an NPU, test/lit/hw runs the real thing.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
import pyxrt_double as D
from emu_designs import multi_design_module, single_design
from txn_stream import ddr_patch, txn

from aie_trace.host import hwdetect, runtime, xrt_backend
from aie_trace.tools import run as run_cli


@pytest.fixture
def machine(monkeypatch):
    """Install a double (NPU Strix, XRT 2.25 unless re-installed with other settings)."""

    def install(**cfg):
        m = D.Machine(**cfg)
        monkeypatch.setitem(sys.modules, "pyxrt", m.module)
        return m

    install.current = install()
    return install


def _open(tmp_path, text, kernel=None, **artifacts):
    mlir = tmp_path / "d.mlir"
    mlir.write_text(text)
    design = runtime.Design.open(mlir, kernel)
    for path in artifacts.values():
        runtime.write_manifest(path, design.convention)
    return runtime.Design.open(
        mlir, kernel, artifacts=runtime.Artifacts(**artifacts), require_manifest=True
    )


def _xclbin_design(tmp_path, program, kernels=None, text=None):
    xclbin = D.write_xclbin(tmp_path / "final.xclbin", program, kernels)
    insts = tmp_path / "insts.bin"
    insts.write_bytes(np.arange(8, dtype=np.uint32).tobytes())
    return _open(tmp_path, text or single_design("E4"), xclbin=xclbin, insts=insts)


def _elf_design(tmp_path, program, text=None, kernel="main:main_seq"):
    elf = D.write_elf(tmp_path / "aie.elf", [kernel], program)
    return _open(tmp_path, text or multi_design_module("E4"), elf=elf)


def _cli(design, *extra):
    art = design.artifacts
    files = (
        ["--elf", str(art.elf)]
        if art.elf
        else ["--xclbin", str(art.xclbin), "--insts", str(art.insts)]
    )
    return run_cli.main([str(design.path), "--backend", "xrt", *files, *extra])


def _run(design, **options):
    return runtime.Runtime(design, runtime.get_backend("xrt", **options)).run()


SINGLE = [
    {"op": "copy", "src": 0, "dst": 1, "size": 256, "xor": 0x5A},
    {"op": "fill", "arg": 2, "offset": 0, "size": 96, "seed": 3},
]


# ------------------------------------------------------------------------------------------------
# both flows, byte for byte


def test_xclbin_flow_writes_out_exactly_what_the_device_wrote(
    machine, tmp_path, capsys
):
    design = _xclbin_design(tmp_path, SINGLE)
    data = np.arange(64, dtype=np.int32) * 977
    np.save(tmp_path / "in.npy", data)
    out = tmp_path / "out"
    assert (
        _cli(
            design,
            "--input",
            f"0={tmp_path / 'in.npy'}",
            "-o",
            str(out),
            "--save-buffers",
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert (
        f"xrt: xclbin flow on NPU Strix: {design.artifacts.xclbin} kernel MLIR_AIE (5 host-buffer argument(s))"
        in printed
    )
    m = machine.current
    (r,) = m.runs
    assert r.ints == {0: 3, 2: 8} and r.args[1].group == r.kernel.group_id(1)
    dev = {i - 3: b.device_mem for i, b in r.args.items() if i >= 3}
    assert np.load(out / "buffer1.npy").tobytes() == bytes(dev[1])
    assert bytes(dev[1]) == bytes(b ^ 0x5A for b in data.tobytes())
    lay = design.convention.layout
    assert (out / "trace.bin").read_bytes() == bytes(
        dev[2][lay.offset : lay.offset + lay.size]
    )
    assert (out / "trace.bin").read_bytes()[:96] == D.pattern(3, 96)
    assert "written 96 bytes (3 packets)" in printed


def test_full_elf_flow_writes_out_exactly_what_the_device_wrote(
    machine, tmp_path, capsys
):
    program = [
        {
            "op": "fill",
            "arg": 2,
            "offset": 0x2000 * k,
            "size": 64 * (k + 1),
            "seed": 10 + k,
        }
        for k in range(3)
    ]
    program.append({"op": "fill", "arg": 1, "size": 256, "seed": 9})
    design = _elf_design(tmp_path, program)
    out = tmp_path / "out"
    assert _cli(design, "-o", str(out), "--save-buffers") == 0
    printed = capsys.readouterr().out
    assert (
        f"xrt: full-ELF flow on NPU Strix: {design.artifacts.elf} kernel main:main_seq"
        in printed
    )
    (r,) = machine.current.runs
    assert sorted(r.args) == [0, 1, 2] and r.ints == {}
    assert (
        np.load(out / "buffer1.npy").tobytes()
        == bytes(r.args[1].device_mem)
        == D.pattern(9, 256)
    )
    for k in range(3):
        data = (out / f"slice{k}.bin").read_bytes()
        assert data == bytes(r.args[2].device_mem[0x2000 * k : 0x2000 * (k + 1)])
        assert data[: 64 * (k + 1)] == D.pattern(10 + k, 64 * (k + 1)) and not any(
            data[64 * (k + 1) :]
        )
        assert f"written {64 * (k + 1)} bytes" in printed


def test_the_xclbin_kernel_is_an_option(machine, tmp_path, capsys):
    program = [
        {"op": "fill", "arg": 1, "size": 256, "seed": 1, "kernel": "MLIR_AIE"},
        {"op": "fill", "arg": 1, "size": 256, "seed": 2, "kernel": "OTHER"},
    ]
    design = _xclbin_design(tmp_path, program, {"MLIR_AIE": 5, "OTHER": 3})
    out = tmp_path / "out"
    assert (
        _cli(design, "--xclbin-kernel", "OTHER", "-o", str(out), "--save-buffers") == 0
    )
    assert "kernel OTHER (3 host-buffer argument(s))" in capsys.readouterr().out
    assert np.load(out / "buffer1.npy").tobytes() == D.pattern(2, 256)
    assert _cli(design, "--xclbin-kernel", "NOPE") == 1
    assert (
        f"{design.artifacts.xclbin} has no kernel NOPE (it has MLIR_AIE, OTHER)"
        in capsys.readouterr().err
    )


# ------------------------------------------------------------------------------------------------
# what a real machine does: one message, exit 1, no traceback


def _fails(capsys, design, *extra, match):
    assert _cli(design, *extra) == 1
    err = capsys.readouterr().err
    assert (
        err.startswith(f"aie-trace run: error: {design.path}: ")
        and match in err
        and "Traceback" not in err
    )
    assert err.count("\n") == 1, err
    return err


def test_an_xclbin_xrt_refuses_is_one_message(machine, tmp_path, capsys):
    design = _xclbin_design(tmp_path, SINGLE)
    design.artifacts.xclbin.write_bytes(b"not an xclbin")
    _fails(
        capsys,
        design,
        match=f"XRT: pyxrt.xclbin({design.artifacts.xclbin}) failed: Invalid xclbin",
    )


def test_a_file_that_is_not_an_elf_is_one_message(machine, tmp_path, capsys):
    design = _elf_design(tmp_path, [])
    design.artifacts.elf.write_bytes(b"\0" * 64)
    _fails(capsys, design, match="is not found or is not a valid ELF file")


def test_a_run_that_ends_in_an_error_state_is_one_message(machine, tmp_path, capsys):
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    for design in (
        _xclbin_design(tmp_path / "a", [{"op": "error"}]),
        _elf_design(tmp_path / "b", [{"op": "error"}]),
    ):
        _fails(capsys, design, match="ended in state ert_cmd_state.ERT_CMD_STATE_ERROR")


def test_a_hung_run_times_out_with_a_message(machine, tmp_path, capsys):
    design = _elf_design(tmp_path, [{"op": "hang"}])
    _fails(
        capsys,
        design,
        "--timeout",
        "0.5",
        match="did not finish within 0.5 s (ert_cmd_state.ERT_CMD_STATE_TIMEOUT)",
    )
    # without a limit the backend would block forever: the double says so (rule B4)
    with pytest.raises(D.NpuFault, match="B4"):
        _run(design, timeout_ms=0)
    with pytest.raises(SystemExit) as e:  # argparse: a usage error
        _cli(design, "--timeout", "-1")
    assert e.value.code == 2
    assert (
        "argument --timeout: must be a number from 0.001 to 86400 seconds (or 0), got '-1'"
        in (capsys.readouterr().err)
    )


def test_the_default_timeout_is_passed_to_run_wait(machine, tmp_path, monkeypatch):
    design = _xclbin_design(tmp_path, SINGLE)
    seen = []
    monkeypatch.setattr(
        D.run, "_wait", lambda self, t=None: seen.append(t) or self.state_
    )
    assert (
        run_cli.main(
            [
                str(design.path),
                "--backend",
                "xrt",
                "--xclbin",
                str(design.artifacts.xclbin),
                "--insts",
                str(design.artifacts.insts),
                "-o",
                str(tmp_path / "o"),
            ]
        )
        == 0
    )
    assert seen == [xrt_backend.DEFAULT_TIMEOUT_MS] == [30_000]


def test_scalar_sequence_arguments_are_refused(machine, tmp_path, capsys):
    text = single_design("E4").replace(
        "%tr: memref<8192xi8>):", "%tr: memref<8192xi8>, %n: i32):"
    )
    design = _xclbin_design(tmp_path, SINGLE, text=text)
    assert design.convention.scalars == ("i32",)
    _fails(
        capsys,
        design,
        match="takes scalar argument(s) (i32); the xrt backend binds host buffers only",
    )
    assert machine.current.runs == []


# ------------------------------------------------------------------------------------------------
# the full-ELF flow's requirements, checked before anything runs


def test_full_elf_needs_hw_context_from_an_elf(machine, tmp_path, capsys):
    machine(xrt="2.20")
    with pytest.raises(
        TypeError, match=r"__init__\(\): incompatible constructor arguments"
    ):
        sys.modules["pyxrt"].hw_context(
            sys.modules["pyxrt"].device(0), sys.modules["pyxrt"].elf.__new__(D.elf)
        )
    design = _elf_design(tmp_path, [])
    _fails(
        capsys,
        design,
        match="no hw_context(device, elf) constructor (XRT 2.23 / 2.25 and later have it)",
    )


@pytest.mark.parametrize(
    "name,says",
    [
        ("NPU Phoenix", "an NPU1 (NPU Phoenix)"),
        ("NPU Mystery", "'NPU Mystery', a device mlir-aie's NPU_MODELS does not name"),
    ],
)
def test_full_elf_needs_an_npu2(machine, tmp_path, capsys, name, says):
    m = machine(device_name=name)
    design = _elf_design(tmp_path, [])
    err = _fails(capsys, design, match="the full-ELF flow needs an NPU2-class device")
    assert says in err and "--xclbin --insts" in err and m.events == []
    # what the backend spares the device (rule N6)
    x = m.module
    with pytest.raises(D.NpuFault, match="N6"):
        x.hw_context(x.device(0), x.elf(str(design.artifacts.elf)))


# ------------------------------------------------------------------------------------------------
# host-buffer count against the xclbin kernel


def _six_buffers():
    return (
        single_design("E4")
        .replace(
            "^bb0(%in: memref<64xi32>,",
            "^bb0(%e0: memref<4xi32>, %e1: memref<4xi32>, %e2: memref<4xi32>, "
            "%in: memref<64xi32>,",
        )
        .replace("arg_index = 2", "arg_index = 5")
    )


def test_host_buffers_beyond_the_kernels_declared_count_are_refused(
    machine, tmp_path, capsys
):
    design = _xclbin_design(tmp_path, [], {"MLIR_AIE": 5}, text=_six_buffers())
    _fails(
        capsys,
        design,
        match="kernel MLIR_AIE declares 5 host buffer(s) (get_num_args() - 3) but "
        f"{design.convention.kernel} binds 6: binding more crashes XRT",
    )
    assert machine.current.runs == []


def test_six_host_buffers_run_when_the_xclbin_declares_them(machine, tmp_path):
    design = _xclbin_design(
        tmp_path,
        [{"op": "fill", "arg": 5, "size": 64, "seed": 4}],
        {"MLIR_AIE": 6},
        text=_six_buffers(),
    )
    result = _run(design)
    assert result.trace[:64] == D.pattern(4, 64)


def test_an_aperture_folded_patch_of_a_sixth_buffer_is_in_range(tmp_path):
    """From mlir-aie #3252 on, an xclbin-flow patch of host buffer 5 or later carries 0x80000000
    in arg_plus; the instruction-stream check reads it as the offset it stands for."""
    mlir = tmp_path / "d.mlir"
    mlir.write_text(_six_buffers())
    insts = tmp_path / "insts.bin"
    insts.write_bytes(txn(ddr_patch(3, 0), ddr_patch(5, 0x80000000 + 64)))
    design = runtime.Design.open(mlir, artifacts=runtime.Artifacts(insts=insts))
    assert design.convention.trace_arg.index == 5
    insts.write_bytes(
        txn(ddr_patch(5, 0), ddr_patch(4, 0x80000000))
    )  # buffers 0-4 are not folded
    with pytest.raises(
        runtime.ConventionError,
        match="patches offset 2147483648 of host buffer 4, which has 256",
    ):
        runtime.Design.open(mlir, artifacts=runtime.Artifacts(insts=insts))


# ------------------------------------------------------------------------------------------------
# each rule of the double catches the mistake it names


def test_B1_unknown_overloads_raise_type_error_as_pybind11_does(machine):
    x = machine.current.module
    d = x.device(0)
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        x.bo(d, 64, "host_only", 0)  # flags are an enum, not a string
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        x.xclbin(__import__("pathlib").Path("a.xclbin"))  # std::string, not a Path
    with pytest.raises(TypeError, match="incompatible function arguments"):
        x.bo(d, 64, x.bo.host_only, 0).sync(0)  # a direction enum, not an int
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        x.bo(d, -1, x.bo.host_only, 0)  # size_t


def test_D1_D2_driver_errors_are_runtime_errors(machine):
    x = machine.current.module
    d = x.device(0)
    with pytest.raises(RuntimeError, match="Invalid BO flags"):
        x.bo(d, 64, x.bo.normal, 0)
    b = x.bo(d, 64, x.bo.host_only, 0)
    with pytest.raises(RuntimeError, match="Invalid BO offset and size"):
        b.sync(x.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE, 64, 8)


def test_N1_instruction_buffer_in_the_wrong_group(machine, tmp_path, monkeypatch):
    monkeypatch.setattr(xrt_backend, "XCLBIN_INSTR_GROUP", 3)
    with pytest.raises(D.NpuFault, match="N1: the instruction buffer"):
        _run(_xclbin_design(tmp_path, SINGLE))


def test_N1_instruction_buffer_with_the_wrong_flags(machine, tmp_path, monkeypatch):
    design = _xclbin_design(tmp_path, SINGLE)
    backend = runtime.get_backend("xrt")
    rt = runtime.Runtime(design, backend)
    x = machine.current.module
    backend._instr = x.bo(
        backend.device, 32, x.bo.host_only, backend._kernel.group_id(1)
    )
    with pytest.raises(
        D.NpuFault, match="N1: the instruction buffer must be a cacheable BO"
    ):
        rt.run()


def test_N1_host_buffer_in_the_wrong_group(machine, tmp_path, monkeypatch):
    monkeypatch.setattr(xrt_backend, "XCLBIN_FIRST_BUFFER_GROUP", 0)
    with pytest.raises(
        D.NpuFault, match=r"N1: host buffer 0 not in kernel.group_id\(3\)"
    ):
        _run(_xclbin_design(tmp_path, SINGLE))


def test_N2_opcode_other_than_3(machine, tmp_path, monkeypatch):
    monkeypatch.setattr(xrt_backend, "XCLBIN_OPCODE", 2)
    with pytest.raises(D.NpuFault, match="N2: opcode 2"):
        _run(_xclbin_design(tmp_path, SINGLE))


def test_N3_instruction_count_in_bytes(machine, tmp_path):
    design = _xclbin_design(tmp_path, SINGLE)
    backend = runtime.get_backend("xrt")
    rt = runtime.Runtime(design, backend)
    backend._instr_words *= 4
    with pytest.raises(
        D.NpuFault,
        match=r"N3: instruction count 32; the stream has 8 words \(a count in bytes\)",
    ):
        rt.run()


def test_N4_buffers_not_synced_before_the_run(machine, tmp_path, monkeypatch):
    monkeypatch.setattr(xrt_backend.XrtBuffer, "sync_to_device", lambda self: None)
    with pytest.raises(D.NpuFault, match="N4: host buffer 0 was not synced"):
        _run(_xclbin_design(tmp_path, SINGLE))


def test_N4_data_read_before_the_sync_from_the_device(machine, tmp_path, monkeypatch):
    design = _elf_design(tmp_path, [{"op": "fill", "arg": 1, "size": 256, "seed": 9}])
    monkeypatch.setattr(xrt_backend.XrtBuffer, "sync_from_device", lambda self: None)
    result = _run(design)
    assert not result.buffers[
        1
    ].any()  # the host still sees what it wrote: zeros, not the device's bytes
    (r,) = machine.current.runs
    with pytest.raises(D.NpuFault, match="N4: bo.read before sync"):
        r.args[1].read(256, 0)


def test_N5_more_host_buffers_than_declared(machine, tmp_path, monkeypatch):
    design = _xclbin_design(tmp_path, [], {"MLIR_AIE": 2})
    monkeypatch.setattr(
        xrt_backend, "XCLBIN_FIXED_ARGS", 2
    )  # a backend that miscounts the ABI
    with pytest.raises(
        D.NpuFault, match="N5: argument 5 beyond the 5 the xclbin kernel declares"
    ):
        _run(design)


# ------------------------------------------------------------------------------------------------
# no pyxrt, no device, no manifest


def test_without_pyxrt_the_xrt_backend_is_a_clear_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "pyxrt", None)
    with pytest.raises(runtime.BackendUnavailable, match="needs XRT's Python bindings"):
        runtime.get_backend("xrt")
    design = _open(
        tmp_path, single_design("E4"), elf=D.write_elf(tmp_path / "aie.elf", [], [])
    )
    assert (
        run_cli.main(
            [str(design.path), "--backend", "xrt", "--elf", str(tmp_path / "aie.elf")]
        )
        == 1
    )
    err = capsys.readouterr().err
    assert "needs XRT's Python bindings (pyxrt)" in err and "Traceback" not in err


def test_without_a_device_the_xrt_backend_is_a_clear_error(machine):
    machine(devices=0)
    with pytest.raises(
        runtime.BackendUnavailable, match="no NPU: XRT cannot open device 0"
    ):
        runtime.get_backend("xrt")


def test_xrt_backend_requires_a_manifest_by_default(machine, tmp_path, capsys):
    mlir = tmp_path / "d.mlir"
    mlir.write_text(single_design("E4"))
    D.write_elf(tmp_path / "aie.elf", [], [])
    assert (
        run_cli.main(
            [str(mlir), "--backend", "xrt", "--elf", str(tmp_path / "aie.elf")]
        )
        == 1
    )
    assert (
        "no calling-convention manifest (aie.elf.aie-trace.json)"
        in capsys.readouterr().err
    )


# ------------------------------------------------------------------------------------------------
# device names (mlir-aie's NPU_MODELS)


@pytest.mark.parametrize(
    "name,features",
    [
        ("NPU Phoenix", ["ryzen_ai_npu1"]),
        ("NPU Strix", ["ryzen_ai_npu2"]),
        ("NPU Strix Halo", ["ryzen_ai_npu2"]),
        ("NPU Krackan 1", ["ryzen_ai_npu2"]),
        ("NPU Gorgon Point", ["ryzen_ai_npu2"]),
        ("RyzenAI-npu1", ["ryzen_ai_npu1"]),
        ("RyzenAI-npu4", ["ryzen_ai_npu2"]),
    ],
)
def test_hwdetect_maps_device_names_as_mlir_aie_does(machine, name, features):
    machine(device_name=name)
    assert hwdetect.detect() == features


def test_hwdetect_says_when_it_does_not_know_a_device(machine, capsys):
    machine(device_name="NPU Unheard Of")
    assert hwdetect.detect() == []
    assert (
        "'NPU Unheard Of', which mlir-aie's NPU_MODELS does not map"
        in capsys.readouterr().err
    )


def test_N4_instruction_buffer_written_after_its_sync(machine, tmp_path):
    design = _xclbin_design(tmp_path, SINGLE)
    backend = runtime.get_backend("xrt")
    rt = runtime.Runtime(design, backend)
    backend._instr.write(b"\1\0\0\0", 0)  # a host write the device never sees
    with pytest.raises(D.NpuFault, match="N4: the instruction buffer was not synced"):
        rt.run()
