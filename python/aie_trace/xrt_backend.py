"""The XRT backend: runs a design on Ryzen AI hardware through pyxrt.

Two flows, chosen by the artifacts the design was opened with:

* xclbin flow (``xclbin`` + ``insts``): the xclbin is registered, a ``hw_context`` opened on its
  UUID, its kernel (``MLIR_AIE`` unless the xclbin names another) called as
  ``kernel(3, instr_bo, n_words, bo0, bo1, ...)``; the instruction buffer lives in group 1 and host
  buffer ``i`` in ``kernel.group_id(3 + i)``. The firmware address-translates only the first
  :data:`XCLBIN_MAX_BUFFERS` host buffers, so a design with more is refused (it would fail silently).
* full-ELF flow (``elf``): ``pyxrt.elf`` -> ``hw_context(device, elf)`` ->
  ``ext.kernel(ctx, "device:sequence")``; host buffers are bound positionally with
  ``run.set_arg(i, bo)``; any number of them.

Buffers are ``host_only`` BOs; the runtime's discipline drives their ``sync`` calls.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .runtime import BackendUnavailable, ConventionError, Design, HostArg

XCLBIN_OPCODE = 3
XCLBIN_INSTR_GROUP = 1
XCLBIN_FIRST_BUFFER_GROUP = 3
XCLBIN_MAX_BUFFERS = 5
DEFAULT_XCLBIN_KERNEL = "MLIR_AIE"


def load_pyxrt() -> Any:
    try:
        import pyxrt  # type: ignore[import-not-found]
    except ImportError as e:
        raise BackendUnavailable(
            f"the xrt backend needs XRT's Python bindings (pyxrt), which do not import here ({e}); "
            "install XRT and source its setup.sh, or use --backend emu") from None
    return pyxrt


class XrtBuffer:
    """A ``host_only`` buffer object and its mapping."""

    def __init__(self, pyxrt: Any, bo: Any, nbytes: int) -> None:
        self.pyxrt, self.bo, self.nbytes = pyxrt, bo, nbytes
        self.view = np.frombuffer(bo.map(), dtype=np.uint8, count=nbytes)

    def write(self, data: bytes) -> None:
        self.view[:] = np.frombuffer(data, dtype=np.uint8)

    def host_bytes(self) -> np.ndarray:
        return self.view

    def sync_to_device(self) -> None:
        self.bo.sync(self.pyxrt.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE)

    def sync_from_device(self) -> None:
        self.bo.sync(self.pyxrt.xclBOSyncDirection.XCL_BO_SYNC_BO_FROM_DEVICE)


class XrtBackend:
    """Ryzen AI NPU through pyxrt (device 0)."""

    name = "xrt"

    def __init__(self, device_index: int = 0) -> None:
        self.pyxrt = load_pyxrt()
        try:
            self.device = self.pyxrt.device(device_index)
        except Exception as e:  # pyxrt raises RuntimeError subclasses without a common base
            raise BackendUnavailable(f"no NPU: XRT cannot open device {device_index} ({e})") from None
        self._kernel: Any = None
        self._flow: str | None = None
        self._instr: Any = None
        self._instr_words = 0

    # -- setup ----------------------------------------------------------------------------------
    def _prepare(self, design: Design) -> None:
        if self._kernel is not None:
            return
        art = design.artifacts
        x = self.pyxrt
        if art.elf is not None:
            elf = x.elf(str(art.elf))
            ctx = x.hw_context(self.device, elf)
            self._kernel, self._flow = x.ext.kernel(ctx, design.convention.kernel), "elf"
            self._context = ctx
            return
        if art.xclbin is None or art.insts is None:
            raise ConventionError("the xrt backend needs --elf, or --xclbin with --insts")
        nbuf = len(design.convention.args)
        if nbuf > XCLBIN_MAX_BUFFERS:
            raise ConventionError(f"{design.convention.kernel} takes {nbuf} host buffers; the xclbin flow "
                                  f"translates only the first {XCLBIN_MAX_BUFFERS} (more fail silently): "
                                  "build a full ELF instead")
        xclbin = x.xclbin(str(art.xclbin))
        self.device.register_xclbin(xclbin)
        self._context = x.hw_context(self.device, xclbin.get_uuid())
        names = [k.get_name() for k in xclbin.get_kernels()]
        name = DEFAULT_XCLBIN_KERNEL if DEFAULT_XCLBIN_KERNEL in names else (names[0] if names else None)
        if name is None:
            raise ConventionError(f"{art.xclbin} holds no kernel")
        self._kernel, self._flow = x.kernel(self._context, name), "xclbin"
        words = np.fromfile(art.insts, dtype=np.uint32)
        self._instr_words = int(words.size)
        self._instr = x.bo(self.device, words.nbytes, x.bo.cacheable, self._kernel.group_id(XCLBIN_INSTR_GROUP))
        self._instr.write(words.tobytes(), 0)
        self._instr.sync(x.xclBOSyncDirection.XCL_BO_SYNC_BO_TO_DEVICE)

    def allocate(self, design: Design, arg: HostArg) -> XrtBuffer:
        self._prepare(design)
        group = 0 if self._flow == "elf" else self._kernel.group_id(XCLBIN_FIRST_BUFFER_GROUP + arg.index)
        bo = self.pyxrt.bo(self.device, arg.nbytes, self.pyxrt.bo.host_only, group)
        return XrtBuffer(self.pyxrt, bo, arg.nbytes)

    # -- running --------------------------------------------------------------------------------
    def run(self, design: Design, buffers: list[Any]) -> Any:
        self._prepare(design)
        x = self.pyxrt
        if self._flow == "elf":
            run = x.run(self._kernel)
            for i, b in enumerate(buffers):
                run.set_arg(i, b.bo)
            run.start()
            state = run.wait2() if hasattr(run, "wait2") else run.wait()
        else:
            run = self._kernel(XCLBIN_OPCODE, self._instr, self._instr_words, *[b.bo for b in buffers])
            state = run.wait()
        completed = getattr(getattr(x, "ert_cmd_state", None), "ERT_CMD_STATE_COMPLETED", None)
        if state is not None and completed is not None and state != completed:
            raise RuntimeError(f"the NPU run of {design.convention.kernel} ended in state {state}")
        return state
