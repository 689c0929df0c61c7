# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A strict test double of XRT's Python bindings (``pyxrt``) in front of a Ryzen AI NPU.

Installed into ``sys.modules["pyxrt"]`` by the ``pyxrt`` fixture (test_runtime_xrt.py), it has the
module, class, enum and method names, the overloads and the arities of the real bindings; what it
models beyond them is listed here with the source of each rule.

Binding layer (Xilinx/XRT ``src/python/pybind11/src/pyxrt.cpp`` @963c58ee2244):

* B1 Every function and constructor resolves its overload like pybind11: positional arguments
  matched by count and type (``str`` for ``std::string`` -- not a ``Path``; an enum only by its own
  type; ``int`` for integers, unsigned ones non-negative); no match raises ``TypeError`` with
  pybind11's "incompatible function/constructor arguments" text.
* B2 ``hw_context(device, elf)`` exists from XRT 2.23 on (XRT #9560, 2026-01; first in the
  202610.2.23 and 2.25.0 tags): ``Machine(xrt="2.20")`` binds the older set, where it is an
  incompatible-constructor ``TypeError``. ``kernel.__call__`` tries each argument as a ``bo``,
  then as an ``int``, and silently skips what is neither (its try/catch).
* B3 Errors the C++ layer throws surface as ``RuntimeError``: an xclbin without the ``xclbin2``
  magic is "Invalid xclbin" (``core/common/api/xrt_xclbin.cpp``); a file that is not an ELF is
  "<file> is not found or is not a valid ELF file" (``core/common/api/xrt_elf.cpp``); a kernel
  name the context does not hold (the double's wording); ``wait2`` on a run that did not complete raises
  "Command failed to complete successfully (<state>)" (``xrt_kernel.cpp`` throw_command_error).
* B4 ``run.wait(timeout_ms)`` returns ``ERT_CMD_STATE_TIMEOUT`` when the run has not finished
  (``xrt_kernel.h``); ``wait()`` blocks forever on a hung run -- the double fails instead.

Driver layer (amd/xdna-driver ``src/shim/kmq/bo.cpp`` @a3966eaa):

* D1 Only ``host_only`` (a shared BO) and ``cacheable`` (a device BO) are BO types on an NPU;
  other flags are "Invalid BO flags" (``RuntimeError``).
* D2 ``sync(dir, size, offset)`` beyond the BO is "Invalid BO offset and size" (``RuntimeError``).

What XRT accepts but an NPU does not survive (the double's own failure, :class:`NpuFault`, which
no backend code catches):

* N1 The instruction buffer is ``cacheable`` in ``kernel.group_id(1)``; host buffer ``i`` is in
  ``group_id(3 + i)`` (mlir-aie ``python/utils/xrt.py`` @0213f87e; XRT's validate_bo_at_index
  only warns and substitutes a clone for a BO in the wrong bank).
* N2 Opcode 3 (transaction) is the first kernel argument (mlir-aie ``python/utils/xrt.py``).
* N3 The instruction count is in 32-bit words (mlir-aie PR #1609, "PyXRT takes the instruction
  sequence length as number of instructions not number of bytes").
* N4 Host buffers are not coherent with the device: every BO the run reads or writes, and the
  instruction BO, must be synced to the device after the host's last write (a device copy that
  differs from the host's is a run on stale data); device writes reach the host mapping only after
  ``sync(XCL_BO_SYNC_BO_FROM_DEVICE)``, and ``bo.read`` before that sync is refused.
* N5 More host BOs than the xclbin kernel declares (``get_num_args() - 3``) crash XRT's argument
  setup (mlir-aie #3248; the check mlir-aie #3252 added to its runtime). Fewer is fine.
* N6 An ELF is for an NPU2-class (AIE2P) device, whose firmware runs ``LOAD_PDI`` from one
  instruction stream (ROCm/rocm-systems PR #11668); an NPU1 has no such flow.

Artifacts. The double reads its own containers behind the real magics: ``xclbin2\\0`` then JSON
(kernels with their argument counts), ``\\x7fELF`` then JSON (kernels named ``device:sequence``);
both carry the *device program*: ops that write deterministic bytes into host buffers
(:func:`pattern`), copy one buffer into another, end the run in an error state, or hang.
"""

from __future__ import annotations

import datetime
import json
import types
import uuid as _uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

XCLBIN_MAGIC = b"xclbin2\0"
ELF_MAGIC = b"\x7fELF"
NO_MEMIDX = 0xFFFF
INSTR_BANK, HOST_BANK = 1, 0


class NpuFault(AssertionError):
    """What XRT would accept and the NPU would not survive (rules N1-N6)."""


def pattern(seed: int, size: int) -> bytes:
    """The bytes a ``fill`` op writes: never all zero in any 32-byte packet."""
    return bytes(((seed * 131 + 7 * j) % 251) + 1 for j in range(size))


def write_xclbin(
    path: Path, program: list[dict], kernels: dict[str, int] | None = None
) -> Path:
    """An xclbin for the double: ``kernels`` maps name -> host-buffer count (MLIR_AIE: 5)."""
    meta = {
        "kernels": kernels or {"MLIR_AIE": 5},
        "program": program,
        "uuid": str(_uuid.uuid4()),
    }
    Path(path).write_bytes(XCLBIN_MAGIC + json.dumps(meta).encode())
    return Path(path)


def write_elf(path: Path, kernels: list[str], program: list[dict]) -> Path:
    Path(path).write_bytes(
        ELF_MAGIC + json.dumps({"kernels": kernels, "program": program}).encode()
    )
    return Path(path)


# ------------------------------------------------------------------------------------------------
# pybind11-like overloads and enums


def _uint(a: Any) -> bool:
    return _int(a) and int(a) >= 0


def _int(a: Any) -> bool:
    return not isinstance(a, float) and hasattr(a, "__index__")


def _buffer(a: Any) -> bool:
    try:
        memoryview(a)
        return True
    except TypeError:
        return False


_SPEC = {
    int: ("int", _int),
    "uint": ("int", _uint),
    str: ("str", lambda a: isinstance(a, str)),
    "buffer": ("Buffer", _buffer),
    "timedelta": ("datetime.timedelta", lambda a: isinstance(a, datetime.timedelta)),
}


def _accepts(t: Any, a: Any) -> bool:
    return _SPEC[t][1](a) if t in _SPEC else isinstance(a, t)


def _tname(t: Any) -> str:
    return _SPEC[t][0] if t in _SPEC else f"pyxrt.{t.__qualname__}"


def _dispatch(
    name: str,
    kind: str,
    overloads: list[tuple[tuple, Callable]],
    args: tuple,
    kwargs: dict,
    owner: str = "",
) -> Any:
    if not kwargs:
        for sig, impl in overloads:
            if len(sig) == len(args) and all(
                _accepts(t, a) for t, a in zip(sig, args, strict=True)
            ):
                return impl(*args)
    lines = [
        f"    {k}. {owner or ''}({', '.join(f'arg{i}: {_tname(t)}' for i, t in enumerate(sig))})"
        for k, (sig, _) in enumerate(overloads, 1)
    ]
    raise TypeError(
        f"{name}(): incompatible {kind} arguments. The following argument types are supported:\n"
        + "\n".join(lines)
        + "\n\nInvoked with: "
        + ", ".join(map(repr, args))
    )


class _Enum:
    _members: dict[str, int] = {}

    def __init__(self, name: str, value: int) -> None:
        self.name, self.value = name, value

    def __int__(self) -> int:
        return self.value

    __index__ = __int__

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.value == self.value  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.value))

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self.name}: {self.value}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


def _enum(name: str, members: dict[str, int], export_to: Any = None) -> type:
    cls = type(name, (_Enum,), {})
    for k, v in members.items():
        setattr(cls, k, cls(k, v))
        if export_to is not None:
            setattr(export_to, k, getattr(cls, k))
    return cls


xclBOSyncDirection = _enum(
    "xclBOSyncDirection",
    {
        "XCL_BO_SYNC_BO_TO_DEVICE": 0,
        "XCL_BO_SYNC_BO_FROM_DEVICE": 1,
        "XCL_BO_SYNC_BO_GMIO_TO_AIE": 2,
        "XCL_BO_SYNC_BO_AIE_TO_GMIO": 3,
    },
)
ert_cmd_state = _enum(
    "ert_cmd_state",
    {
        "ERT_CMD_STATE_NEW": 1,
        "ERT_CMD_STATE_QUEUED": 2,
        "ERT_CMD_STATE_COMPLETED": 4,
        "ERT_CMD_STATE_ERROR": 5,
        "ERT_CMD_STATE_ABORT": 6,
        "ERT_CMD_STATE_SUBMITTED": 7,
        "ERT_CMD_STATE_TIMEOUT": 8,
        "ERT_CMD_STATE_NORESPONSE": 9,
        "ERT_CMD_STATE_SKERROR": 10,
        "ERT_CMD_STATE_SKCRASHED": 11,
    },
)
xrt_info_device = _enum(
    "xrt_info_device",
    {
        k: i
        for i, k in enumerate(
            (
                "bdf",
                "interface_uuid",
                "kdma",
                "max_clock_frequency_mhz",
                "m2m",
                "name",
                "nodma",
                "offline",
                "electrical",
                "thermal",
                "mechanical",
                "memory",
                "platform",
                "pcie_info",
                "host",
                "dynamic_regions",
                "vmr",
            )
        )
    },
)
TO_DEVICE = xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE
FROM_DEVICE = xclBOSyncDirection.XCL_BO_SYNC_BO_FROM_DEVICE


class _Bound:
    """Base of the double's classes: ``__init__`` resolves overloads like pybind11."""

    _overloads: list[tuple[tuple, str]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        impls = [(sig, getattr(self, m)) for sig, m in self._ctor_overloads()]
        _dispatch(
            "__init__",
            "constructor",
            impls,
            args,
            kwargs,
            f"pyxrt.{type(self).__qualname__}",
        )

    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        return self._overloads


def _method(name: str, overloads: list[tuple[tuple, str]]) -> Callable:
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        return _dispatch(
            name,
            "function",
            [(sig, getattr(self, m)) for sig, m in overloads],
            args,
            kwargs,
        )

    call.__name__ = name
    return call


# ------------------------------------------------------------------------------------------------
# the machine


class Machine:
    """One host with one NPU: what XRT version binds it and what the device is called."""

    def __init__(
        self, device_name: str = "NPU Strix", xrt: str = "2.25", devices: int = 1
    ) -> None:
        self.device_name, self.xrt, self.devices = (
            device_name,
            tuple(int(p) for p in xrt.split(".")),
            devices,
        )
        self.npu2 = any(
            k in device_name
            for k in ("npu4", "Strix", "npu5", "npu6", "Krackan", "Gorgon Point")
        )
        self.events: list[tuple] = []
        self.runs: list[run] = []
        self.bos: list[bo] = []
        self.module = self._module()

    def _module(self) -> types.ModuleType:
        m = types.ModuleType("pyxrt")
        m.__doc__ = "Pybind11 module for XRT (strict test double)"
        global _MACHINE
        _MACHINE = self
        for name in (
            "device",
            "uuid",
            "xclbin",
            "elf",
            "hw_context",
            "kernel",
            "run",
            "bo",
            "module",
        ):
            setattr(m, name, globals()[name])
        m.xclBOSyncDirection, m.ert_cmd_state, m.xrt_info_device = (
            xclBOSyncDirection,
            ert_cmd_state,
            xrt_info_device,
        )
        m.XCL_BO_FLAGS_NONE = 0
        m.enumerate_devices = lambda: self.devices
        ext = types.ModuleType("pyxrt.ext")
        ext.kernel = ext_kernel
        m.ext = ext
        return m


_MACHINE: Machine


class uuid(_Bound):
    _overloads = [((str,), "_from")]

    def _from(self, s: str) -> None:
        self.value = s

    def to_string(self) -> str:
        return self.value


class device(_Bound):
    _overloads = [((), "_none"), (("uint",), "_index"), ((str,), "_bdf")]

    def _none(self) -> None:
        self.index = None

    def _index(self, i: int) -> None:
        if int(i) >= _MACHINE.devices:
            raise RuntimeError(f"Could not open device with index '{int(i)}'")
        self.index, self.registered = int(i), []

    def _bdf(self, bdf: str) -> None:
        raise RuntimeError(f"No such device '{bdf}'")

    def _register(self, x: xclbin) -> uuid:
        self.registered.append(x)
        _MACHINE.events.append(("register_xclbin", x.path))
        return x.get_uuid()

    def _get_info(self, key: Any) -> str:
        return _MACHINE.device_name if key == xrt_info_device.name else "NA"


class xclbinkernel:
    def __init__(self, name: str, nargs: int) -> None:
        self._name, self._nargs = name, nargs

    def get_name(self) -> str:
        return self._name

    def get_num_args(self) -> int:
        return self._nargs


class xclbin(_Bound):
    _overloads = [((), "_none"), ((str,), "_file")]

    def _none(self) -> None:
        raise RuntimeError("empty xclbin")

    def _file(self, path: str) -> None:
        try:
            data = Path(path).read_bytes()
        except OSError:
            raise RuntimeError(f"Could not open {path} for reading") from None
        if not data.startswith(XCLBIN_MAGIC):
            raise RuntimeError("Invalid xclbin")
        meta = json.loads(data[len(XCLBIN_MAGIC) :])
        self.path, self.program = path, meta["program"]
        # the DPU kernel ABI: opcode, instr, ninstr, then the host BOs (mlir-aie #3248)
        self.kernels = {k: 3 + n for k, n in meta["kernels"].items()}
        self._uuid = uuid(meta["uuid"])

    def get_kernels(self) -> list[xclbinkernel]:
        return [xclbinkernel(k, n) for k, n in self.kernels.items()]

    def get_uuid(self) -> uuid:
        return self._uuid


class elf(_Bound):
    _overloads = [((str,), "_file")]

    def _file(self, path: str) -> None:
        try:
            data = Path(path).read_bytes()
        except OSError:
            data = b""
        if not data.startswith(ELF_MAGIC):
            raise RuntimeError(f"{path} is not found or is not a valid ELF file")
        meta = json.loads(data[len(ELF_MAGIC) :])
        self.path, self.kernels, self.program = path, meta["kernels"], meta["program"]


class module(_Bound):
    _overloads = [((elf,), "_elf")]

    def _elf(self, e: elf) -> None:
        self.elf = e


class hw_context(_Bound):
    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        sigs = [((), "_none"), ((device, uuid), "_uuid")]
        if _MACHINE.xrt >= (2, 23):
            sigs += [
                ((device, xclbin), "_xclbin"),
                ((device, str), "_path"),
                ((device, elf), "_elf"),
            ]
        return sigs

    def _none(self) -> None:
        self.source = None

    def _uuid(self, d: device, u: uuid) -> None:
        match = [x for x in d.registered if x.get_uuid().value == u.value]
        if not match:
            raise RuntimeError("No xclbin registered with this uuid")
        self.device, self.source, self.flow = d, match[-1], "xclbin"
        _MACHINE.events.append(("hw_context", "xclbin"))

    def _xclbin(self, d: device, x: xclbin) -> None:
        self._uuid(d, d._register(x))

    def _path(self, d: device, p: str) -> None:
        self._xclbin(d, xclbin(p))

    def _elf(self, d: device, e: elf) -> None:
        if not _MACHINE.npu2:
            raise NpuFault(
                f"N6: a full ELF needs an NPU2-class (AIE2P) device, not {_MACHINE.device_name}"
            )
        self.device, self.source, self.flow = d, e, "elf"
        _MACHINE.events.append(("hw_context", "elf"))


class kernel(_Bound):
    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        return [((hw_context, str), "_ctx")]

    def _ctx(self, ctx: hw_context, name: str) -> None:
        if ctx.source is None or name not in ctx.source.kernels:
            raise RuntimeError(f"No compute units matching '{name}'")
        self.ctx, self.name, self.slot = ctx, name, 0
        self.nargs = ctx.source.kernels[name] if ctx.flow == "xclbin" else None
        _MACHINE.events.append(("kernel", name))

    def _group_id(self, argno: int) -> int:
        argno = int(argno)
        bank = (
            NO_MEMIDX
            if argno in (0, 2) or argno >= (self.nargs or 0)
            else (INSTR_BANK if argno == 1 else HOST_BANK)
        )
        return bank | self.slot << 16

    def __call__(self, *args: Any) -> run:
        r = run(self)
        for i, a in enumerate(args):
            if isinstance(a, bo):
                r._set(i, a)
            elif _int(a):
                r._set_int(i, int(a))
        r.start()
        return r


kernel.group_id = _method("group_id", [((int,), "_group_id")])


class ext_kernel(kernel):
    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        return [((hw_context, str), "_ctx"), ((hw_context, module, str), "_mod")]

    def _mod(self, ctx: hw_context, m: module, name: str) -> None:
        self._ctx(ctx, name)


ext_kernel.__qualname__ = "ext.kernel"


class bo(_Bound):
    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        return [
            ((device, "uint", bo.flags, "uint"), "_dev"),
            ((hw_context, "uint", bo.flags, "uint"), "_ctx"),
        ]

    def _ctx(self, ctx: hw_context, size: int, flags: Any, group: int) -> None:
        self._dev(ctx.device, size, flags, group)

    def _dev(self, d: device, size: int, flags: Any, group: int) -> None:
        if flags not in (bo.host_only, bo.cacheable):  # D1
            raise RuntimeError(f"Invalid BO flags: {flags.value:#x}")
        self.nbytes, self.flags, self.group = int(size), flags, int(group)
        self.host = bytearray(self.nbytes)  # what the host mapping shows
        self.device_mem = bytearray(
            b"\xa5" * self.nbytes
        )  # what the device sees: stale until synced
        self.device_written = False
        _MACHINE.bos.append(self)
        _MACHINE.events.append(("bo", self.nbytes, flags.name, self.group))

    def _map(self) -> memoryview:
        return memoryview(self.host)

    def _size(self) -> int:
        return self.nbytes

    def _write(self, data: Any, seek: int) -> None:
        raw = memoryview(data).cast("B")
        self.host[int(seek) : int(seek) + len(raw)] = raw

    def _read(self, size: int, skip: int) -> bytes:
        if self.device_written:
            raise NpuFault(
                "N4: bo.read before sync(XCL_BO_SYNC_BO_FROM_DEVICE) reads stale host data"
            )
        return bytes(self.host[int(skip) : int(skip) + int(size)])

    def _sync_all(self, direction: Any) -> None:
        self._sync(direction, self.nbytes, 0)

    def _sync(self, direction: Any, size: int, offset: int) -> None:
        size, offset = int(size), int(offset)
        if offset + size > self.nbytes:  # D2
            raise RuntimeError(
                f"Invalid BO offset and size for sync'ing: {offset}, {size}"
            )
        if direction == TO_DEVICE:
            self.device_mem[offset : offset + size] = self.host[offset : offset + size]
        elif direction == FROM_DEVICE:
            self.host[offset : offset + size] = self.device_mem[offset : offset + size]
            self.device_written = False
        _MACHINE.events.append(("sync", direction.name, self.nbytes))


bo.flags = _enum(
    "flags",
    {
        "normal": 0,
        "cacheable": 1 << 24,
        "device_only": 1 << 28,
        "host_only": 1 << 29,
        "p2p": 1 << 30,
        "svm": 1 << 27,
    },
    export_to=bo,
)
bo.flags.__qualname__ = "bo.flags"
bo.map = _method("map", [((), "_map")])
bo.size = _method("size", [((), "_size")])
bo.write = _method("write", [(("buffer", "uint"), "_write")])
bo.read = _method("read", [(("uint", "uint"), "_read")])
bo.sync = _method(
    "sync",
    [
        ((xclBOSyncDirection, "uint", "uint"), "_sync"),
        ((xclBOSyncDirection,), "_sync_all"),
    ],
)
device.register_xclbin = _method("register_xclbin", [((xclbin,), "_register")])
device.get_info = _method("get_info", [((xrt_info_device,), "_get_info")])


class run(_Bound):
    _overloads = [((), "_none")]

    def _ctor_overloads(self) -> list[tuple[tuple, str]]:
        return [((), "_none"), ((kernel,), "_kernel")]

    def _none(self) -> None:
        self.kernel = None

    def _kernel(self, k: kernel) -> None:
        self.kernel, self.args, self.ints, self.state_ = (
            k,
            {},
            {},
            ert_cmd_state.ERT_CMD_STATE_NEW,
        )
        self.hung = False

    def _set(self, i: int, b: bo) -> None:
        self.args[int(i)] = b

    def _set_int(self, i: int, v: int) -> None:
        self.ints[int(i)] = int(v)

    def _start(self) -> None:
        k = self.kernel
        _MACHINE.runs.append(self)
        _MACHINE.events.append(("start", k.name))
        if k.ctx.flow == "xclbin":
            host = self._check_xclbin()
        else:
            host = dict(self.args)
        self._check_synced(host)
        self.state_ = ert_cmd_state.ERT_CMD_STATE_COMPLETED
        for op in k.ctx.source.program:
            if op.get("kernel", k.name) != k.name:
                continue
            if op["op"] == "hang":
                self.hung, self.state_ = True, ert_cmd_state.ERT_CMD_STATE_SUBMITTED
                return
            if op["op"] == "error":
                self.state_ = ert_cmd_state.ERT_CMD_STATE_ERROR
                return
            dst = host[op["dst"] if op["op"] == "copy" else op["arg"]]
            at = op.get("offset", 0)
            if op["op"] == "fill":
                data = pattern(op["seed"], op["size"])
            else:  # copy: what the device reads is its own copy of the source buffer
                data = bytes(
                    b ^ op.get("xor", 0)
                    for b in host[op["src"]].device_mem[: op["size"]]
                )
            dst.device_mem[at : at + len(data)] = data
            dst.device_written = True

    def _check_xclbin(self) -> dict[int, bo]:
        k, ints = self.kernel, self.ints
        if ints.get(0) != 3:
            raise NpuFault(
                f"N2: opcode {ints.get(0)}; the NPU runs transaction streams with opcode 3"
            )
        instr = self.args.get(1)
        if (
            instr is None
            or instr.flags != bo.cacheable
            or instr.group != k._group_id(1)
        ):
            raise NpuFault(
                "N1: the instruction buffer must be a cacheable BO in kernel.group_id(1)"
            )
        words = instr.nbytes // 4
        if ints.get(2) != words:
            raise NpuFault(
                f"N3: instruction count {ints.get(2)}; the stream has {words} words"
                + (" (a count in bytes)" if ints.get(2) == instr.nbytes else "")
            )
        host = {i - 3: b for i, b in self.args.items() if i >= 3}
        if any(i >= k.nargs for i in self.args) or any(i >= k.nargs for i in ints):
            raise NpuFault(
                f"N5: argument {max([*self.args, *ints])} beyond the {k.nargs} the xclbin kernel "
                "declares (XRT's argument setup crashes)"
            )
        for i in range(k.nargs - 3):
            if i in host and host[i].group != k._group_id(3 + i):
                raise NpuFault(f"N1: host buffer {i} not in kernel.group_id({3 + i})")
        self._check_synced({-1: instr})
        return host

    @staticmethod
    def _check_synced(bos: dict[int, bo]) -> None:
        for i, b in bos.items():
            if b.host != b.device_mem:
                raise NpuFault(
                    f"N4: {'the instruction buffer' if i < 0 else f'host buffer {i}'} was not synced "
                    "to the device after the host wrote it"
                )

    def _wait(self, timeout_ms: int | None = None) -> Any:
        if self.hung:
            if not timeout_ms:
                raise NpuFault("B4: run.wait() on a hung NPU run never returns")
            return ert_cmd_state.ERT_CMD_STATE_TIMEOUT
        return self.state_

    def _wait0(self) -> Any:
        return self._wait(None)

    def _wait2(self, timeout: Any = None) -> None:
        state = self._wait(int(timeout.total_seconds() * 1000) if timeout else None)
        if state == ert_cmd_state.ERT_CMD_STATE_TIMEOUT:
            return None
        if state != ert_cmd_state.ERT_CMD_STATE_COMPLETED:
            raise RuntimeError(
                f"Command failed to complete successfully ({state.name})"
            )

    def _state(self) -> Any:
        return self.state_


run.start = _method("start", [((), "_start")])
run.set_arg = _method("set_arg", [((int, bo), "_set"), ((int, int), "_set_int")])
run.wait = _method("wait", [((), "_wait0"), (("uint",), "_wait")])
run.wait2 = _method("wait2", [((), "_wait2"), (("timedelta",), "_wait2")])
run.state = _method("state", [((), "_state")])
