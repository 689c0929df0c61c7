"""The XRT backend against a stand-in pyxrt that records what the backend asks of XRT.

The stand-in models buffer objects with a host mapping and device memory (``sync`` copies
between them) and a device that writes a marker into every bound buffer, so the tests check the
call shapes of both flows and that the runtime's syncs bracket the run. On a machine with an NPU,
test/lit/hw runs the real thing.
"""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from aie_trace import runtime
from aie_trace.tools import run as run_cli

from test_emu_designs import multi_design_module, single_design

MARK = 0x11


class FakeBO:
    host_only, cacheable = "host_only", "cacheable"

    def __init__(self, log, device, size, flags, group):
        self.log, self.size, self.flags, self.group = log, size, flags, group
        self.host = bytearray(size)
        self.device_mem = bytearray(size)
        log.append(("bo", size, flags, group))

    def map(self):
        return memoryview(self.host)

    def write(self, data, offset):
        self.host[offset:offset + len(data)] = data

    def sync(self, direction):
        self.log.append(("sync", direction, self.group if self.flags == "cacheable" else self.size))
        if direction == "to_device":
            self.device_mem[:] = self.host
        else:
            self.host[:] = self.device_mem


def fake_pyxrt(log: list) -> types.ModuleType:
    x = types.ModuleType("pyxrt")

    class Device:
        def __init__(self, index):
            log.append(("device", index))

        def register_xclbin(self, xclbin):
            log.append(("register_xclbin", xclbin.path))

    class Kernel:
        def __init__(self, ctx, name):
            self.name = name
            log.append(("kernel", name))

        def group_id(self, i):
            return 100 + i

        def __call__(self, opcode, instr, n, *bos):
            log.append(("call", opcode, instr.group, n, [b.group for b in bos]))
            for b in bos:
                b.device_mem[:] = bytes([MARK]) * b.size
            return Run(None)

    class Run:
        def __init__(self, kernel):
            self.args = {}

        def set_arg(self, i, bo):
            self.args[i] = bo
            log.append(("set_arg", i, bo.size))

        def start(self):
            log.append(("start",))
            for bo in self.args.values():
                bo.device_mem[:] = bytes([MARK]) * bo.size

        def wait2(self):
            return "completed"

        def wait(self):
            return "completed"

    class XclBin:
        def __init__(self, path):
            self.path = path

        def get_uuid(self):
            return "uuid"

        def get_kernels(self):
            return [types.SimpleNamespace(get_name=lambda: "MLIR_AIE")]

    class Ext:
        @staticmethod
        def kernel(ctx, name):
            return Kernel(ctx, name)

    def bo(*args):
        return FakeBO(log, *args)

    bo.host_only, bo.cacheable = FakeBO.host_only, FakeBO.cacheable
    x.device, x.kernel, x.run, x.xclbin, x.ext, x.bo = Device, Kernel, Run, XclBin, Ext, bo
    x.elf = lambda path: ("elf", path)
    x.hw_context = lambda dev, what: log.append(("hw_context", what)) or ("ctx", what)
    x.xclBOSyncDirection = types.SimpleNamespace(XCL_BO_SYNC_BO_TO_DEVICE="to_device",
                                                 XCL_BO_SYNC_BO_FROM_DEVICE="from_device")
    x.ert_cmd_state = types.SimpleNamespace(ERT_CMD_STATE_COMPLETED="completed")
    return x


@pytest.fixture
def xrt(monkeypatch):
    log: list = []
    monkeypatch.setitem(sys.modules, "pyxrt", fake_pyxrt(log))
    return log


def _design(tmp_path, text, kernel=None, **artifacts):
    mlir = tmp_path / "d.mlir"
    mlir.write_text(text)
    design = runtime.Design.open(mlir, kernel)
    for path in artifacts.values():
        path.write_bytes(np.arange(8, dtype=np.uint32).tobytes())
        runtime.write_manifest(path, design.convention)
    return runtime.Design.open(mlir, kernel, artifacts=runtime.Artifacts(**artifacts), require_manifest=True)


def test_without_pyxrt_the_xrt_backend_is_a_clear_error(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "pyxrt", None)
    with pytest.raises(runtime.BackendUnavailable, match="needs XRT's Python bindings"):
        runtime.get_backend("xrt")
    design = _design(tmp_path, single_design("E4"), elf=tmp_path / "aie.elf")
    assert run_cli.main([str(design.path), "--backend", "xrt", "--elf", str(tmp_path / "aie.elf")]) == 1
    err = capsys.readouterr().err
    assert "needs XRT's Python bindings (pyxrt)" in err and "Traceback" not in err


def test_without_a_device_the_xrt_backend_is_a_clear_error(xrt, monkeypatch):
    def no_device(index):
        raise RuntimeError("No devices found")
    monkeypatch.setattr(sys.modules["pyxrt"], "device", no_device)
    with pytest.raises(runtime.BackendUnavailable, match="no NPU: XRT cannot open device 0 \\(No devices found\\)"):
        runtime.get_backend("xrt")


def test_xclbin_flow(xrt, tmp_path):
    design = _design(tmp_path, single_design("E4"), xclbin=tmp_path / "final.xclbin", insts=tmp_path / "insts.bin")
    result = runtime.Runtime(design, runtime.get_backend("xrt")).run({0: np.arange(64, dtype=np.int32)})
    call = next(e for e in xrt if e[0] == "call")
    assert call == ("call", 3, 101, 8, [103, 104, 105])  # opcode 3, instr in group 1, n words, buffers from group 3
    assert [e for e in xrt if e[0] == "bo"][1:] == [("bo", 256, "host_only", 103), ("bo", 256, "host_only", 104),
                                                      ("bo", 8192, "host_only", 105)]
    at = xrt.index(call)
    assert [e for e in xrt[:at] if e[0] == "sync"][-3:] == [("sync", "to_device", 256), ("sync", "to_device", 256),
                                                            ("sync", "to_device", 8192)]
    assert [e for e in xrt[at:] if e[0] == "sync"] == [("sync", "from_device", n) for n in (256, 256, 8192)]
    assert (np.frombuffer(result.trace, dtype=np.uint8) == MARK).all()


def test_xclbin_flow_refuses_more_than_five_buffers(xrt, tmp_path):
    text = single_design("E4").replace("^bb0(%in: memref<64xi32>,", "^bb0(%e0: memref<4xi32>, %e1: memref<4xi32>, "
                                       "%e2: memref<4xi32>, %in: memref<64xi32>,").replace("arg_index = 2", "arg_index = 5")
    design = _design(tmp_path, text, xclbin=tmp_path / "final.xclbin", insts=tmp_path / "insts.bin")
    with pytest.raises(runtime.ConventionError, match="takes 6 host buffers; the xclbin flow translates only the first 5"):
        runtime.Runtime(design, runtime.get_backend("xrt"))


def test_full_elf_flow(xrt, tmp_path):
    design = _design(tmp_path, multi_design_module("E4"), elf=tmp_path / "aie.elf")
    result = runtime.Runtime(design, runtime.get_backend("xrt")).run()
    assert ("kernel", "main:main_seq") in xrt
    assert [e for e in xrt if e[0] == "set_arg"] == [("set_arg", 0, 256), ("set_arg", 1, 256), ("set_arg", 2, 24576)]
    assert all(e[3] == 0 for e in xrt if e[0] == "bo")
    start = xrt.index(("start",))
    assert all(e[1] == "to_device" for e in xrt[:start] if e[0] == "sync")
    assert [e[1] for e in xrt[start:] if e[0] == "sync"] == ["from_device"] * 3
    assert [s.slice.call_path for s in result.slices] == ["0", "1", "2"]


def test_xrt_backend_requires_a_manifest_by_default(xrt, tmp_path, capsys):
    mlir = tmp_path / "d.mlir"
    mlir.write_text(single_design("E4"))
    (tmp_path / "aie.elf").write_bytes(b"\0")
    assert run_cli.main([str(mlir), "--backend", "xrt", "--elf", str(tmp_path / "aie.elf")]) == 1
    assert "no calling-convention manifest (aie.elf.aie-trace.json)" in capsys.readouterr().err
