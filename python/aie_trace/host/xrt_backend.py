# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The XRT backend: runs a design on Ryzen AI hardware through pyxrt.

Two flows, chosen by the artifacts the design was opened with:

* xclbin flow (``xclbin`` + ``insts``), NPU1 and NPU2: the xclbin is registered, a
  ``hw_context`` opened on its UUID, one of its kernels (``--xclbin-kernel``; else ``MLIR_AIE``
  if present, else the first) called as ``kernel(3, instr_bo, n_words, bo0, bo1, ...)`` with the
  instruction buffer ``cacheable`` in ``kernel.group_id(1)`` and host buffer ``i`` ``host_only``
  in ``group_id(3 + i)``. The kernel declares how many host buffers it takes:
  ``get_num_args() - 3`` (opcode, instructions and count come first); a design with more is
  refused, as mlir-aie's runtime does (binding more crashes XRT's argument setup, mlir-aie #3248).
* full-ELF flow (``elf``), NPU2-class devices only (an ELF is for AIE2P): ``pyxrt.elf`` ->
  ``hw_context(device, elf)`` (XRT 2.23 / 2.25 and later) -> ``ext.kernel(ctx, "device:sequence")``;
  host buffers are bound positionally with ``run.set_arg(i, bo)``.

Both flows wait with ``run.wait(timeout_ms)``. Every failure XRT reports (an artifact it refuses,
a binding this XRT lacks, a run that ends in an error state or does not finish) is an
:class:`XrtError` carrying what XRT said; the runtime's discipline drives the buffers' ``sync``.

Sources: Xilinx/XRT ``src/python/pybind11/src/pyxrt.cpp`` @963c58ee2244 (bindings; ``hw_context``
from an ELF since XRT #9560), ``xrt_kernel.h`` (``wait`` returns ``ERT_CMD_STATE_TIMEOUT``);
amd/xdna-driver ``src/shim/kmq/bo.cpp`` @a3966eaa (BO types); mlir-aie ``python/utils/xrt.py``
@0213f87e and ``python/utils/hostruntime/xrtruntime/hostruntime.py`` @032d8b2c (call shapes,
``get_num_args() - 3``, ``NPU_MODELS``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import hwdetect
from .runtime import BackendUnavailable, ConventionError, Design, HostArg

XCLBIN_OPCODE = 3
XCLBIN_INSTR_GROUP = 1
XCLBIN_FIRST_BUFFER_GROUP = 3
XCLBIN_FIXED_ARGS = 3  # opcode, instruction buffer, instruction count
DEFAULT_XCLBIN_KERNEL = "MLIR_AIE"
DEFAULT_TIMEOUT_MS = 30_000
_XRT_ERRORS = (RuntimeError, TypeError, ValueError, IndexError, AttributeError)


class XrtError(ConventionError):
    """XRT refused something or a run failed: the message says what XRT said."""


def load_pyxrt() -> Any:
    try:
        import pyxrt  # type: ignore[import-not-found]
    except ImportError as e:
        raise BackendUnavailable(
            f"the xrt backend needs XRT's Python bindings (pyxrt), which do not import here ({e}); "
            "install XRT and source its setup.sh, or use --backend emu"
        ) from None
    return pyxrt


def _xrt(what: str, fn: Callable[..., Any], *args: Any) -> Any:
    """Call into pyxrt; what the C++ layer throws becomes one message."""
    try:
        return fn(*args)
    except _XRT_ERRORS as e:
        text = " ".join(str(e).split("\n")[0].split())
        raise XrtError(f"XRT: {what} failed: {text}") from None


class XrtBuffer:
    """A ``host_only`` buffer object and its mapping."""

    def __init__(self, pyxrt: Any, bo: Any, nbytes: int) -> None:
        self.pyxrt, self.bo, self.nbytes = pyxrt, bo, nbytes
        self.view = np.frombuffer(
            _xrt("bo.map()", bo.map), dtype=np.uint8, count=nbytes
        )

    def write(self, data: bytes) -> None:
        self.view[:] = np.frombuffer(data, dtype=np.uint8)

    def zero(self) -> None:
        self.view[:] = 0

    def read(self, offset: int, length: int) -> bytes:
        return self.view[offset : offset + length].tobytes()

    def host_bytes(self) -> np.ndarray:
        return self.view

    def sync_to_device(self) -> None:
        _xrt(
            "bo.sync(to device)",
            self.bo.sync,
            self.pyxrt.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE,
        )

    def sync_from_device(self) -> None:
        _xrt(
            "bo.sync(from device)",
            self.bo.sync,
            self.pyxrt.xclBOSyncDirection.XCL_BO_SYNC_BO_FROM_DEVICE,
        )


class XrtBackend:
    """Ryzen AI NPU through pyxrt."""

    name = "xrt"

    def __init__(
        self,
        device_index: int = 0,
        *,
        timeout_ms: int = DEFAULT_TIMEOUT_MS,
        xclbin_kernel: str | None = None,
    ) -> None:
        self.pyxrt = load_pyxrt()
        self.timeout_ms, self.xclbin_kernel = int(timeout_ms), xclbin_kernel
        try:
            self.device = self.pyxrt.device(device_index)
        except (
            Exception
        ) as e:  # pyxrt raises RuntimeError subclasses without a common base
            raise BackendUnavailable(
                f"no NPU: XRT cannot open device {device_index} ({e})"
            ) from None
        try:
            self.device_name = str(
                self.device.get_info(self.pyxrt.xrt_info_device.name)
            )
        except _XRT_ERRORS:
            self.device_name = "?"
        self.generation = hwdetect.npu_generation(self.device_name)
        self._kernel: Any = None
        self._flow: str | None = None
        self._instr: Any = None
        self._instr_words = 0
        self.description = ""

    # -- setup ----------------------------------------------------------------------------------
    def _prepare(self, design: Design) -> None:
        if self._kernel is not None:
            return
        cc = design.convention
        if cc.scalars:
            raise XrtError(
                f"{cc.kernel} takes scalar argument(s) ({', '.join(cc.scalars)}); the xrt backend binds "
                "host buffers only: the xclbin kernel ABI is opcode, instructions, count and host "
                "buffers, and XRT refuses scalar arguments of ELF kernels. Pass run-time values in a "
                "host buffer"
            )
        art = design.artifacts
        if art.elf is not None:
            self._prepare_elf(design)
        elif art.xclbin is not None and art.insts is not None:
            self._prepare_xclbin(design)
        else:
            raise ConventionError(
                "the xrt backend needs --elf, or --xclbin with --insts"
            )

    def _prepare_elf(self, design: Design) -> None:
        x, art, cc = self.pyxrt, design.artifacts, design.convention
        if self.generation != "npu2":
            which = (
                f"an {self.generation.upper()} ({self.device_name})"
                if self.generation
                else f"'{self.device_name}', a device mlir-aie's NPU_MODELS does not name"
            )
            raise XrtError(
                f"the full-ELF flow needs an NPU2-class device (AIE2P: Strix, Krackan, Gorgon Point); "
                f"XRT reports {which}: build an xclbin and instructions and run them with "
                "--xclbin --insts"
            )
        if not hasattr(x, "elf") or not hasattr(getattr(x, "ext", None), "kernel"):
            raise XrtError(
                "this XRT's pyxrt has no pyxrt.elf / pyxrt.ext.kernel: the full-ELF flow needs XRT "
                "2.23 / 2.25 or later; upgrade XRT or use the xclbin flow (--xclbin --insts)"
            )
        elf = _xrt(f"pyxrt.elf({art.elf})", x.elf, str(art.elf))
        try:
            ctx = x.hw_context(self.device, elf)
        except TypeError:
            raise XrtError(
                "this XRT's pyxrt has no hw_context(device, elf) constructor (XRT 2.23 / 2.25 and "
                "later have it): upgrade XRT, or use the xclbin flow (--xclbin --insts)"
            ) from None
        except _XRT_ERRORS as e:
            raise XrtError(f"XRT: hw_context(device, {art.elf}) failed: {e}") from None
        self._context = ctx
        self._kernel = _xrt(
            f"ext.kernel(ctx, '{cc.kernel}') on {art.elf}", x.ext.kernel, ctx, cc.kernel
        )
        self._flow = "elf"
        self.description = (
            f"xrt: full-ELF flow on {self.device_name}: {art.elf} kernel {cc.kernel}"
        )

    def _prepare_xclbin(self, design: Design) -> None:
        x, art, cc = self.pyxrt, design.artifacts, design.convention
        xclbin = _xrt(f"pyxrt.xclbin({art.xclbin})", x.xclbin, str(art.xclbin))
        _xrt(f"register_xclbin({art.xclbin})", self.device.register_xclbin, xclbin)
        self._context = _xrt(
            f"hw_context(device, uuid of {art.xclbin})",
            x.hw_context,
            self.device,
            xclbin.get_uuid(),
        )
        kernels = {k.get_name(): k for k in xclbin.get_kernels()}
        if not kernels:
            raise XrtError(f"{art.xclbin} holds no kernel")
        if self.xclbin_kernel is not None:
            if self.xclbin_kernel not in kernels:
                raise XrtError(
                    f"{art.xclbin} has no kernel {self.xclbin_kernel} (it has {', '.join(kernels)})"
                )
            name = self.xclbin_kernel
        else:
            name = (
                DEFAULT_XCLBIN_KERNEL
                if DEFAULT_XCLBIN_KERNEL in kernels
                else next(iter(kernels))
            )
        declared = kernels[name].get_num_args() - XCLBIN_FIXED_ARGS
        if len(cc.args) > declared:
            raise XrtError(
                f"{art.xclbin} kernel {name} declares {declared} host buffer(s) (get_num_args() - 3) but "
                f"{cc.kernel} binds {len(cc.args)}: binding more crashes XRT. Rebuild it with an aiecc "
                "that declares every host buffer (mlir-aie #3252), or build a full ELF"
            )
        self._kernel = _xrt(
            f"kernel(ctx, '{name}') on {art.xclbin}", x.kernel, self._context, name
        )
        self._flow = "xclbin"
        raw = np.fromfile(art.insts, dtype=np.uint8)
        if raw.size == 0 or raw.size % 4:
            raise XrtError(
                f"{art.insts} holds {raw.size} bytes, not a whole number of 32-bit instruction words"
            )
        words = raw.view(np.uint32)
        self._instr_words = int(words.size)
        group = _xrt("kernel.group_id(1)", self._kernel.group_id, XCLBIN_INSTR_GROUP)
        self._instr = _xrt(
            "bo(instructions)",
            x.bo,
            self.device,
            int(words.nbytes),
            x.bo.cacheable,
            group,
        )
        _xrt("bo.write(instructions)", self._instr.write, words, 0)
        _xrt(
            "bo.sync(instructions)",
            self._instr.sync,
            x.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE,
        )
        self.description = (
            f"xrt: xclbin flow on {self.device_name}: {art.xclbin} kernel {name} "
            f"({declared} host-buffer argument(s)), {self._instr_words} instruction words"
        )

    def allocate(self, design: Design, arg: HostArg) -> XrtBuffer:
        self._prepare(design)
        x = self.pyxrt
        group = (
            0
            if self._flow == "elf"
            else _xrt(
                f"kernel.group_id({XCLBIN_FIRST_BUFFER_GROUP + arg.index})",
                self._kernel.group_id,
                XCLBIN_FIRST_BUFFER_GROUP + arg.index,
            )
        )
        bo = _xrt(
            f"bo(host buffer {arg.index}, {arg.nbytes} bytes)",
            x.bo,
            self.device,
            arg.nbytes,
            x.bo.host_only,
            group,
        )
        return XrtBuffer(x, bo, arg.nbytes)

    # -- running --------------------------------------------------------------------------------
    def run(self, design: Design, buffers: list[Any]) -> Any:
        self._prepare(design)
        x, cc = self.pyxrt, design.convention
        if self._flow == "elf":
            run = _xrt("pyxrt.run(kernel)", x.run, self._kernel)
            for i, b in enumerate(buffers):
                _xrt(f"run.set_arg({i}, bo)", run.set_arg, i, b.bo)
            _xrt(f"run.start() of {cc.kernel}", run.start)
        else:
            run = _xrt(
                f"kernel(3, instructions, {self._instr_words}, ...) of {cc.kernel}",
                self._kernel,
                XCLBIN_OPCODE,
                self._instr,
                self._instr_words,
                *[b.bo for b in buffers],
            )
        if self.timeout_ms > 0:
            state = _xrt(f"run.wait({self.timeout_ms})", run.wait, self.timeout_ms)
        else:
            state = _xrt("run.wait()", run.wait)
        states = x.ert_cmd_state
        if state == states.ERT_CMD_STATE_TIMEOUT:
            raise XrtError(
                f"the NPU run of {cc.kernel} did not finish within {self.timeout_ms / 1000:g} s "
                f"({state}); it may be hung (pyxrt cannot abort it; the process exit releases it). "
                "A longer run needs a larger --timeout (0: no limit)"
            )
        if state != states.ERT_CMD_STATE_COMPLETED:
            raise XrtError(
                f"the NPU run of {cc.kernel} ended in state {state}, not ERT_CMD_STATE_COMPLETED; "
                "its buffers hold no result"
            )
        return state
