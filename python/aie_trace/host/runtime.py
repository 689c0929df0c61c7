# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Host runtime: open a design, allocate and bind its buffers, run it, split its trace per call.

A :class:`Design` is the lowered MLIR of a dispatched runtime sequence (the *kernel*
``device:sequence``) plus the binary artifacts a backend runs: an xclbin and instruction stream or
a full ELF for XRT, a lowered MLIR module for the emulator. Its :class:`CallingConvention` -- the
host buffers (memref arguments in order, with shapes, dtypes and sizes), the scalar arguments, and
the fused trace layout -- has a stable :meth:`~CallingConvention.fingerprint`. Tracing changes the
calling convention (a trace argument is appended, callees pass windows of it), so a binary built
for another convention is refused when the design is opened, before anything runs: build caches
key artifacts on the fingerprint and record it next to them (:func:`write_manifest`).

:meth:`Runtime.run` is the one place that owns host-buffer discipline: every buffer the device
writes (outputs, trace) is zero-filled and synced to the device before the run, inputs are synced
after the host writes them, nothing touches the mappings while the run is in flight, and every
buffer is synced back before it is read. The trace bytes come back per slice of the layout, each
attributed to (device, sequence, call path).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from ..analysis import layout as L
from ..ir import attributes, eras, structure
from ..ir.diagnostics import DiagnosticEngine, LocatedError
from ..ir.structure import make_context

MANIFEST_SUFFIX = ".aie-trace.json"
FINGERPRINT_VERSION = "aie-trace-cc1"

_INT_DTYPES = {8: "int8", 16: "int16", 32: "int32", 64: "int64"}
_FLOAT_DTYPES = {"f16": "float16", "f32": "float32", "f64": "float64", "bf16": "uint16"}


class ConventionError(LocatedError):
    """The design cannot be run as asked: refused before anything runs."""


class BackendUnavailable(ConventionError):
    """The selected backend cannot run here (no XRT, no device)."""


# ------------------------------------------------------------------------------------------------
# calling convention


@dataclass(frozen=True)
class HostArg:
    """One host buffer: a memref argument of the dispatched sequence."""

    index: int  # host-buffer index (what XRT binds and address_patch's arg_idx counts)
    block_index: int  # block-argument number
    shape: tuple[int, ...]
    element: str  # MLIR element type
    dtype: str  # numpy dtype of the host view (bf16 is carried as uint16)
    nbytes: int
    role: str  # "trace" or "data"

    @property
    def name(self) -> str:
        return "trace" if self.role == "trace" else f"arg{self.block_index}"

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "block_index": self.block_index,
            "shape": list(self.shape),
            "element": self.element,
            "bytes": self.nbytes,
            "role": self.role,
        }


@dataclass(frozen=True)
class CallingConvention:
    kernel: str
    args: tuple[HostArg, ...]
    scalars: tuple[str, ...]
    layout: L.Layout | None

    @property
    def trace_arg(self) -> HostArg | None:
        return next((a for a in self.args if a.role == "trace"), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": FINGERPRINT_VERSION,
            "kernel": self.kernel,
            "buffers": [a.to_json() for a in self.args],
            "scalars": list(self.scalars),
            "trace": self.layout.to_json() if self.layout else None,
        }

    def fingerprint(self) -> str:
        """A stable hash of everything a binary's calling convention depends on."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return f"{FINGERPRINT_VERSION}:{hashlib.sha256(text.encode()).hexdigest()[:32]}"

    def summary(self) -> str:
        t = self.trace_arg
        trace = (
            f"traced: host buffer {t.index}, {self.layout.size} bytes, {len(self.layout.slices)} slice(s)"
            if t and self.layout
            else "untraced"
        )
        return f"{self.kernel}, {len(self.args)} host buffer(s), {trace}"

    def differences(self, other: CallingConvention) -> list[str]:
        """Why ``other`` (an artifact's convention) does not fit this one (the module's)."""
        out = []
        if self.kernel != other.kernel:
            out.append(f"kernel {other.kernel} vs {self.kernel}")
        if (self.trace_arg is None) != (other.trace_arg is None):
            out.append(
                "the artifact is "
                + ("traced" if other.trace_arg else "untraced")
                + " but the module is "
                + ("traced" if self.trace_arg else "untraced")
                + " (tracing adds a host buffer and changes every call's arguments)"
            )
        if len(self.args) != len(other.args):
            out.append(f"{len(other.args)} host buffer(s) vs {len(self.args)}")
        for a, b in zip(self.args, other.args, strict=False):
            if (a.nbytes, a.shape, a.element, a.role) != (
                b.nbytes,
                b.shape,
                b.element,
                b.role,
            ):
                out.append(
                    f"host buffer {a.index}: {b.role} {b.element}{list(b.shape)} ({b.nbytes} bytes) vs "
                    f"{a.role} {a.element}{list(a.shape)} ({a.nbytes} bytes)"
                )
        if self.scalars != other.scalars:
            out.append(
                f"scalar arguments ({', '.join(other.scalars)}) vs ({', '.join(self.scalars)})"
            )
        if (
            self.layout
            and other.layout
            and self.layout.to_json() != other.layout.to_json()
        ):
            out.append("the trace layouts differ (slice offsets, sizes or call paths)")
        return out or ["the fingerprints differ"]


def _dtype(element: Any) -> str:
    width = attributes.integer_width(element)
    if width is not None:
        base = _INT_DTYPES.get(width)
        if base is None:
            raise ConventionError(
                f"host buffers of element type {element} are not supported"
            )
        return ("u" + base) if attributes.is_unsigned_integer(element) else base
    name = _FLOAT_DTYPES.get(str(element))
    if name is None:
        raise ConventionError(
            f"host buffers of element type {element} are not supported"
        )
    return name


def dispatchable(module: Any) -> list[Any]:
    """Sequences a host dispatches (:func:`aie_trace.analysis.dispatch.entries`)."""
    from ..analysis.dispatch import entries

    return entries(module)


def kernel_name(seq: Any) -> str:
    return ":".join(structure.kernel_name(seq))


def find_kernel(module: Any, kernel: str | None) -> Any:
    candidates = dispatchable(module)
    if kernel is not None:
        match = [
            s
            for s in structure.devices(module)
            for s in structure.sequences(s)
            if kernel_name(s) == kernel
        ]
        if not match:
            raise ConventionError(
                f"no runtime sequence {kernel} in the module (dispatchable: "
                f"{', '.join(kernel_name(s) for s in candidates) or 'none'})"
            )
        return match[0]
    if len(candidates) != 1:
        raise ConventionError(
            "the module has "
            + (
                f"{len(candidates)} dispatchable runtime sequences ("
                + ", ".join(kernel_name(s) for s in candidates)
                + "); choose one with a kernel name"
                if candidates
                else "no dispatchable runtime sequence"
            )
        )
    return candidates[0]


def as_built(module: Any, path: str | Path) -> Any:
    """The module as its toolchain builds it: an E3/E4 module that aiecc still fuses (what
    ``aie-trace-prepare`` hands on there) is fused in memory as mlir-aie's
    ``-aie-fuse-trace-buffers`` fuses it (:func:`aie_trace.transforms.fusion.toolchain_view`), so the
    calling convention, the layout and the emulated run are those of aiecc's build."""
    from ..transforms.fusion import ToolchainBuildError, toolchain_view

    try:
        return toolchain_view(module)
    except ToolchainBuildError as e:
        raise ConventionError(
            f"{path}: what aiecc builds from this module would be wrong:\n  {e}"
        ) from None


def convention_of(seq: Any) -> CallingConvention:
    try:
        lay = L.read_layout(seq)
    except L.LayoutError as e:
        raise ConventionError(str(e)) from None
    args, scalars = [], []
    for i, arg in enumerate(structure.seq_args(seq)):
        t = structure.value_type(arg)
        if not structure.is_host_buffer_type(t):
            scalars.append(str(t))
            continue
        nbytes = structure.memref_bytes(t)
        if nbytes is None:
            raise ConventionError(
                f"{kernel_name(seq)}: argument {i} ({t}) has no static size"
            )
        element = attributes.memref_element_type(t)
        role = "trace" if lay is not None and lay.arg_index == i else "data"
        args.append(
            HostArg(
                len(args),
                i,
                tuple(attributes.memref_shape(t)),
                str(element),
                _dtype(element),
                nbytes,
                role,
            )
        )
    return CallingConvention(kernel_name(seq), tuple(args), tuple(scalars), lay)


# ------------------------------------------------------------------------------------------------
# artifacts and manifests


def manifest_path(artifact: str | Path) -> Path:
    return Path(str(artifact) + MANIFEST_SUFFIX)


def write_manifest(artifact: str | Path, cc: CallingConvention) -> Path:
    """Record next to a binary artifact which calling convention it was built for."""
    path = manifest_path(artifact)
    path.write_text(
        json.dumps(
            {"fingerprint": cc.fingerprint(), "calling_convention": cc.to_json()},
            indent=2,
        )
        + "\n"
    )
    return path


def read_manifest(artifact: str | Path) -> dict[str, Any] | None:
    path = manifest_path(artifact)
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text())
        str(data["fingerprint"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConventionError(
            f"{path}: not a calling-convention manifest ({e})"
        ) from None
    return data


#: TXN instruction-stream opcodes whose size is known (aie-rt XAie_TxnOpcode, mlir-aie's serializer)
TXN_WRITE, TXN_BLOCKWRITE, TXN_MASKWRITE, TXN_CUSTOM, TXN_DDR_PATCH = (
    0,
    1,
    3,
    0x80,
    0x81,
)


def instruction_patches(path: str | Path) -> list[tuple[int, int]] | None:
    """``(arg_idx, arg_plus)`` of every DDR_PATCH in a TXN instruction stream (the xclbin flow's
    ``insts.bin``), or None when the file is not a stream this reader understands (another
    format, or an op of unknown size), so that nothing is concluded from it."""
    words = np.fromfile(path, dtype="<u4").tolist()
    if len(words) < 4 or words[3] != 4 * len(words):
        return None
    patches, at, ops = [], 4, 0
    while at < len(words):
        op = words[at] & 0xFF
        if op == TXN_WRITE:
            size = 6
        elif op == TXN_MASKWRITE:
            size = 7
        elif op == TXN_BLOCKWRITE and at + 3 < len(words):
            size = words[at + 3] // 4
        elif op >= TXN_CUSTOM and at + 1 < len(words):
            size = words[at + 1] // 4
        else:
            return None
        if size < 1 or at + size > len(words):
            return None
        if op == TXN_DDR_PATCH:
            if size < 12:
                return None
            patches.append((words[at + 8], words[at + 10] | words[at + 11] << 32))
        at, ops = at + size, ops + 1
    return patches if ops == words[2] else None


#: the NPU firmware address-translates only the first five host buffers of an xclbin-flow stream;
#: from mlir-aie #3252 on, a DDR patch of a later buffer carries this AIE-aperture offset in its
#: ``arg_plus`` (AIETargetNPU appendAddressPatch; kept for the xclbin flow by mlir-aie #3345)
TXN_TRANSLATED_BUFFERS, TXN_APERTURE_OFFSET = 5, 0x80000000


def _unfold_aperture(arg_idx: int, arg_plus: int) -> int:
    if arg_idx >= TXN_TRANSLATED_BUFFERS and arg_plus >= TXN_APERTURE_OFFSET:
        return arg_plus - TXN_APERTURE_OFFSET
    return arg_plus


@dataclass
class Artifacts:
    """What a backend runs. ``xclbin`` + ``insts`` (xclbin flow) or ``elf`` (full-ELF flow) for
    XRT; ``mlir`` (a lowered module standing in for the binary) for the emulator."""

    xclbin: Path | None = None
    insts: Path | None = None
    elf: Path | None = None
    mlir: Path | None = None

    def files(self) -> list[Path]:
        return [
            p for p in (self.xclbin, self.insts, self.elf, self.mlir) if p is not None
        ]


def parse_module(path: str | Path, ctx: Any, data: bytes | None = None) -> Any:
    """The module in ``path`` (or in ``data``, read from where ``path`` names), in ``ctx``; a
    module of the unsupported era E0 is refused at its first E0 op."""
    try:
        text = (Path(path).read_bytes() if data is None else data).decode("utf-8")
    except OSError as e:
        raise ConventionError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise ConventionError(
            f"{path} is not an MLIR module: byte {e.start} is not UTF-8 text"
        ) from None
    with ctx:
        try:
            module = structure.parse_op(text, source_name=str(path))
        except structure.ParseError as e:
            engine = DiagnosticEngine()
            engine.extend_from_mlir(e.diagnostics)
            raise ConventionError(
                "\n".join(d.format() for d in engine.diagnostics) or f"{path}: {e}"
            ) from None
        try:
            eras.detect_era(module)
        except eras.EraError as e:
            raise ConventionError(e.message, e.op) from None
        return module


@dataclass
class Design:
    """A lowered module, its dispatched kernel, and the artifacts that run it."""

    path: Path
    #: the MLIR context that holds ``module`` (and ``binary_module``)
    mlir_context: Any
    module: Any
    sequence: Any
    convention: CallingConvention
    artifacts: Artifacts = field(default_factory=Artifacts)
    #: the module the emulator executes (the design itself unless ``artifacts.mlir`` names one)
    binary_module: Any = None
    binary_sequence: Any = None

    @classmethod
    def open(
        cls,
        path: str | Path,
        kernel: str | None = None,
        *,
        artifacts: Artifacts | None = None,
        fingerprint: str | None = None,
        require_manifest: bool = False,
        verify: bool = True,
        data: bytes | None = None,
    ) -> Design:
        """Open ``path`` and check every artifact against its calling convention.

        An artifact is checked against the manifest recorded next to it, or (an emulator module)
        against its own IR; ``fingerprint`` pins the expected value; ``require_manifest`` refuses
        binaries that carry none. With ``verify`` the module must also pass
        ``aie-trace-verify-patches``: a patch that would DMA outside its buffer or slice (an unfused
        multi-design module, IRON #154) is refused before anything runs. Refusals raise
        :class:`ConventionError`. ``data`` is the module's text when it was read from elsewhere
        (stdin), ``path`` then only names it."""
        ctx = make_context()
        module = parse_module(path, ctx, data)
        with ctx:
            module = as_built(module, path)
            seq = find_kernel(module, kernel)
            cc = convention_of(seq)
            design = cls(
                Path(path), ctx, module, seq, cc, artifacts or Artifacts(), module, seq
            )
            design._check(fingerprint, require_manifest)
            if verify:
                design._verify_patches()
        return design

    def _verify_patches(self) -> None:
        from ..analysis.verify import verify_module

        diag = DiagnosticEngine()
        with structure.unknown_location():
            verify_module(self.module, diag)
        errors = [d for d in diag.diagnostics if d.severity == "error"]
        if errors:
            raise ConventionError(
                f"refusing to run {self.path}: aie-trace-verify-patches reports {len(errors)} error(s), the "
                f"first:\n  {errors[0].format()}\nRunning it would DMA outside its buffers or slices; fuse its "
                "trace buffers with aie-trace-fuse-buffers before materialization (--no-verify runs it anyway)"
            )

    def _check(self, fingerprint: str | None, require_manifest: bool) -> None:
        cc = self.convention
        if fingerprint is not None and fingerprint != cc.fingerprint():
            raise ConventionError(
                f"{self.path}: calling convention {cc.fingerprint()} is not the expected "
                f"{fingerprint} ({cc.summary()})"
            )
        if self.artifacts.mlir is not None:
            self.binary_module = as_built(
                parse_module(self.artifacts.mlir, self.mlir_context),
                self.artifacts.mlir,
            )
            try:
                self.binary_sequence = find_kernel(self.binary_module, cc.kernel)
            except ConventionError as e:
                raise ConventionError(f"{self.artifacts.mlir}: {e}") from None
            self._compare(self.artifacts.mlir, convention_of(self.binary_sequence))
        if self.artifacts.insts is not None:
            self._check_instructions(self.artifacts.insts)
        for binary in (self.artifacts.xclbin, self.artifacts.insts, self.artifacts.elf):
            if binary is None:
                continue
            manifest = read_manifest(binary)
            if manifest is None:
                if require_manifest:
                    raise ConventionError(
                        f"{binary}: no calling-convention manifest ({manifest_path(binary).name}); "
                        "cannot tell whether it was built for this module"
                    )
                continue
            if manifest["fingerprint"] != cc.fingerprint():
                other = manifest.get("calling_convention") or {}
                why = (
                    "; ".join(_json_differences(cc, other))
                    if other
                    else "the fingerprints differ"
                )
                raise ConventionError(
                    f"{binary} was built for calling convention {manifest['fingerprint']}, but "
                    f"{self.path} ({cc.kernel}) has {cc.fingerprint()}: {why}. Rebuild it "
                    "from this module; running it would bind the wrong buffers"
                )

    def _check_instructions(self, insts: Path) -> None:
        """The instruction stream's address patches must name this convention's buffers, and a
        traced module's stream must patch a DMA into its trace region."""
        try:
            patches = instruction_patches(insts)
        except OSError as e:
            raise ConventionError(f"cannot read {insts}: {e.strerror}") from None
        if patches is None:
            return
        cc = self.convention
        patches = [(i, _unfold_aperture(i, p)) for i, p in patches]
        for arg_idx, arg_plus in patches:
            if arg_idx >= len(cc.args):
                raise ConventionError(
                    f"{insts} patches a DMA address into host buffer {arg_idx}, but {cc.kernel} has "
                    f"{len(cc.args)} host buffer(s) ({cc.summary()}): a traced build run with an untraced module?"
                )
            if arg_plus >= cc.args[arg_idx].nbytes:
                raise ConventionError(
                    f"{insts} patches offset {arg_plus} of host buffer {arg_idx}, which has "
                    f"{cc.args[arg_idx].nbytes} bytes"
                )
        trace, lay = cc.trace_arg, cc.layout
        if (
            trace is not None
            and lay is not None
            and not any(
                i == trace.index and lay.offset <= p < lay.offset + lay.size
                for i, p in patches
            )
        ):
            raise ConventionError(
                f"{insts} never patches a DMA into the trace buffer (host buffer {trace.index}) "
                f"of {cc.kernel}: an untraced build run with a traced module gives no trace"
            )

    def _compare(self, artifact: Path, other: CallingConvention) -> None:
        if other.fingerprint() != self.convention.fingerprint():
            raise ConventionError(
                f"{artifact} was lowered for calling convention {other.fingerprint()} "
                f"({other.summary()}), but {self.path} has {self.convention.fingerprint()} "
                f"({self.convention.summary()}): "
                + "; ".join(self.convention.differences(other))
            )


def _json_differences(cc: CallingConvention, other: dict[str, Any]) -> list[str]:
    try:
        lay = L.Layout.from_json(other["trace"]) if other.get("trace") else None
        args = tuple(
            HostArg(
                b["index"],
                b["block_index"],
                tuple(b["shape"]),
                b["element"],
                "",
                b["bytes"],
                b["role"],
            )
            for b in other["buffers"]
        )
        return cc.differences(
            CallingConvention(other["kernel"], args, tuple(other["scalars"]), lay)
        )
    except (KeyError, TypeError, L.LayoutError):
        return ["the fingerprints differ"]


# ------------------------------------------------------------------------------------------------
# backends


class DeviceBuffer(Protocol):
    def write(self, data: bytes) -> None: ...
    def zero(self) -> None: ...
    def read(self, offset: int, length: int) -> bytes: ...
    def host_bytes(self) -> np.ndarray: ...
    def sync_to_device(self) -> None: ...
    def sync_from_device(self) -> None: ...


class Backend(Protocol):
    name: str

    def allocate(self, design: Design, arg: HostArg) -> DeviceBuffer: ...
    def run(self, design: Design, buffers: list[DeviceBuffer]) -> Any: ...


class EmuBackend:
    """The emulated NPU (:mod:`aie_trace.emu.npu`): executes the lowered module. Its host memory is
    sparse (:mod:`aie_trace.emu.memory`): ``memory_limit`` bytes of touched pages at most, across
    every buffer it allocates; :attr:`budget` says how much a run touched."""

    name = "emu"

    def __init__(self, memory_limit: int | None = None) -> None:
        from ..emu.memory import DEFAULT_LIMIT, Budget

        self.budget = Budget(memory_limit or DEFAULT_LIMIT)

    def allocate(self, design: Design, arg: HostArg) -> DeviceBuffer:
        from ..emu.memory import EmuBuffer

        return _EmuHostBuffer(EmuBuffer(arg.index, arg.nbytes, arg.name, self.budget))

    def run(self, design: Design, buffers: list[DeviceBuffer]) -> Any:
        from ..emu import npu as emu
        from ..emu.memory import HostMemory

        with design.mlir_context:
            return emu.run(
                design.binary_module,
                design.binary_sequence,
                HostMemory([b.emu for b in buffers]),
            )  # type: ignore[attr-defined]


class _EmuHostBuffer:
    def __init__(self, emu_buffer: Any) -> None:
        self.emu = emu_buffer

    def write(self, data: bytes) -> None:
        self.emu.write(data)

    def zero(self) -> None:
        self.emu.zero()

    def read(self, offset: int, length: int) -> bytes:
        return self.emu.read(offset, length)

    def host_bytes(self) -> np.ndarray:
        return self.emu.host

    def sync_to_device(self) -> None:
        self.emu.sync_to_device()

    def sync_from_device(self) -> None:
        self.emu.sync_from_device()


def get_backend(name: str, **options: Any) -> Backend:
    """``options`` go to the backend: ``memory_limit`` to emu, ``timeout_ms`` and
    ``xclbin_kernel`` to xrt."""
    if name == "emu":
        return EmuBackend(**options)
    if name == "xrt":
        from .xrt_backend import XrtBackend

        return XrtBackend(**options)
    raise ConventionError(f"unknown backend '{name}' (emu, xrt)")


# ------------------------------------------------------------------------------------------------
# running


@dataclass
class SliceResult:
    """The bytes of one slice of the trace buffer and the call that wrote them."""

    slice: L.Slice
    data: bytes

    @property
    def written(self) -> int:
        """Bytes up to the end of the last 32-byte packet that is not all zero."""
        arr = np.frombuffer(
            self.data[: len(self.data) // 32 * 32], dtype=np.uint8
        ).reshape(-1, 32)
        nonzero = np.flatnonzero(arr.any(axis=1))
        return int(nonzero[-1] + 1) * 32 if nonzero.size else 0

    @property
    def label(self) -> str:
        path = self.slice.call_path
        where = "?" if path is None else ("own" if path == "" else f"call {path}")
        return f"{self.slice.device}:{self.slice.sequence} [{where}]"


class HostViews(Sequence):
    """Typed host views of every host buffer after a run, each read from its buffer when it is
    asked for (a buffer of gigabytes the run barely touched costs nothing until then); read them
    before the runtime runs again."""

    def __init__(self, args: tuple[HostArg, ...], buffers: list[DeviceBuffer]) -> None:
        self._args, self._buffers = args, buffers

    def __len__(self) -> int:
        return len(self._args)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        a = self._args[i]
        raw = self._buffers[i].read(0, a.nbytes)
        return np.frombuffer(raw, dtype=np.dtype(a.dtype)).reshape(a.shape).copy()


@dataclass
class RunResult:
    buffers: Sequence[
        np.ndarray
    ]  # typed host views of every host buffer, after the run
    trace: bytes  # the trace region of the trace buffer (empty when untraced)
    slices: list[SliceResult]
    backend_result: Any = None  # emu.EmuResult for the emulator


class Runtime:
    """Runs one design on one backend with correct buffer discipline."""

    def __init__(self, design: Design, backend: Backend) -> None:
        self.design = design
        self.backend = backend
        self.buffers = [backend.allocate(design, a) for a in design.convention.args]

    def _inputs(self, inputs: dict[int, Any] | None) -> dict[int, bytes]:
        """Validate host data against the calling convention; refuse any mismatch."""
        cc = self.design.convention
        out: dict[int, bytes] = {}
        for index, value in (inputs or {}).items():
            if not 0 <= index < len(cc.args):
                raise ConventionError(
                    f"input for host buffer {index}, but {cc.kernel} has {len(cc.args)}"
                )
            arg = cc.args[index]
            if arg.role == "trace":
                raise ConventionError(
                    f"host buffer {index} is the trace buffer; the runtime fills it"
                )
            data = (
                value
                if isinstance(value, (bytes, bytearray))
                else np.ascontiguousarray(value).tobytes()
            )
            if len(data) != arg.nbytes:
                raise ConventionError(
                    f"input for host buffer {index} has {len(data)} bytes; {arg.element}"
                    f"{list(arg.shape)} takes {arg.nbytes}"
                )
            out[index] = bytes(data)
        return out

    def run(self, inputs: dict[int, Any] | None = None) -> RunResult:
        data = self._inputs(inputs)
        # before the run: inputs written then synced; every device-written buffer zero-filled
        # and synced, so no dirty host line can later land on what the device wrote
        for arg, buf in zip(self.design.convention.args, self.buffers, strict=True):
            if arg.index in data:
                buf.write(data[arg.index])
            else:
                buf.zero()
            buf.sync_to_device()
        backend_result = self.backend.run(self.design, self.buffers)
        for buf in self.buffers:
            buf.sync_from_device()
        return self._result(backend_result)

    def _result(self, backend_result: Any) -> RunResult:
        cc = self.design.convention
        views = HostViews(cc.args, self.buffers)
        trace, slices = b"", []
        if cc.layout is not None and cc.trace_arg is not None:
            buf, n = self.buffers[cc.trace_arg.index], cc.trace_arg.nbytes

            def part(
                lo: int, hi: int
            ) -> bytes:  # bytes [lo, hi) of the buffer, as a slice
                lo, hi = min(lo, n), min(hi, n)
                return buf.read(lo, max(hi - lo, 0))

            trace = part(cc.layout.offset, cc.layout.offset + cc.layout.size)
            slices = [SliceResult(s, part(s.offset, s.end)) for s in cc.layout.slices]
        return RunResult(views, trace, slices, backend_result)
