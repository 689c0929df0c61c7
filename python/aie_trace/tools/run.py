# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace run``: run a design on the emulated NPU or on Ryzen AI hardware, split its trace.

Prints what it allocated and a summary per slice; writes the raw trace buffer (``trace.bin``),
one file per slice (``slice<k>.bin``) and ``slices.json`` (the layout with file names) to the
output directory, and with ``--save-buffers`` the data buffers (``buffer<i>.npy``). Every file is
written whole or not at all; ``slice<k>.bin`` (``buffer<i>.npy``) files an earlier run left there
are removed. The module may come from stdin (``-``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from aie_trace.ir.diagnostics import LocatedError
from aie_trace.tools import files, options
from aie_trace.tools.errors import (
    CommandError,
    UsageError,
    line,
    located,
    relabel,
    run_command,
)

#: limits of the numeric options
MAX_TIMEOUT_S = 24 * 3600.0
MAX_EMU_MEMORY_MIB = 1 << 20
MAX_BUFFER_INDEX = (1 << 31) - 1
#: the files a run writes into its output directory, by kind
STALE_SLICES, STALE_BUFFERS = re.compile(r"slice\d+\.bin"), re.compile(
    r"buffer\d+\.npy"
)
DEFAULT_EMU_MIB = 512


def _path(value: str) -> Path:
    """A path option: not empty (``''`` would be the current directory)."""
    return Path(options.nonempty(value))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "mlir",
        type=options.nonempty,
        help="lowered MLIR of the design (the dispatched sequence and its trace layout; "
        "'-' for stdin)",
    )
    p.add_argument(
        "--kernel",
        type=options.nonempty,
        metavar="DEVICE:SEQUENCE",
        help="the runtime sequence to dispatch "
        "(default: the module's one dispatched sequence, see aie_trace.analysis.dispatch)",
    )
    p.add_argument(
        "--backend",
        choices=("emu", "xrt"),
        default="emu",
        help="emu: the emulated NPU (default); xrt: Ryzen AI hardware through pyxrt",
    )
    p.add_argument(
        "--xclbin",
        type=_path,
        help="xrt, xclbin flow: the xclbin (with --insts)",
    )
    p.add_argument(
        "--insts",
        type=_path,
        help="xrt, xclbin flow: the instruction stream",
    )
    p.add_argument(
        "--elf",
        type=_path,
        help="xrt, full-ELF flow (NPU2, XRT 2.23 / 2.25 and later): the ELF",
    )
    p.add_argument(
        "--xclbin-kernel",
        type=options.nonempty,
        metavar="NAME",
        help="xrt, xclbin flow: the xclbin kernel to call "
        "(default: MLIR_AIE if the xclbin has it, else its first)",
    )
    p.add_argument(
        "--timeout",
        type=options.real(0.001, MAX_TIMEOUT_S, "seconds", zero=True),
        default=30.0,
        metavar="SECONDS",
        help="xrt: give up waiting for the NPU run after this long (default 30, at most a day; "
        "0: no limit)",
    )
    p.add_argument(
        "--emu-max-memory",
        type=options.integer(1, MAX_EMU_MEMORY_MIB, "MiB"),
        default=None,
        metavar="MIB",
        help="emu: the most emulated host memory a run may touch (default "
        f"{DEFAULT_EMU_MIB}); host buffers are held sparsely, by page",
    )
    p.add_argument(
        "--emu-module",
        type=_path,
        metavar="MLIR",
        help="emu: the lowered module to execute when it is not MLIR itself (a cached build)",
    )
    p.add_argument(
        "--input",
        action="append",
        default=[],
        metavar="INDEX=FILE",
        help="data for host buffer INDEX (.npy or raw bytes); other buffers are zero-filled",
    )
    p.add_argument(
        "-o",
        "--out-dir",
        type=_path,
        default=Path("."),
        help="where to write the trace files",
    )
    p.add_argument(
        "--save-buffers",
        action="store_true",
        help="also write every data buffer after the run as buffer<INDEX>.npy",
    )
    p.add_argument(
        "--ground-truth",
        type=_path,
        metavar="JSON",
        help="emu: write what every trace unit recorded and where it landed (for decoder checks)",
    )
    p.add_argument(
        "--fingerprint",
        type=options.nonempty,
        metavar="FP",
        help="refuse to run unless the calling convention is FP",
    )
    p.add_argument(
        "--require-manifest",
        action="store_true",
        help="refuse binaries without a calling-convention manifest next to them",
    )
    p.add_argument(
        "--print-fingerprint",
        action="store_true",
        help="print the calling convention and its fingerprint, and exit",
    )
    p.add_argument(
        "--no-verify",
        action="store_true",
        help="run even if the module fails aie-trace-verify-patches (to reproduce a mis-wired design)",
    )
    p.add_argument(
        "--write-manifest",
        action="append",
        default=[],
        type=_path,
        metavar="ARTIFACT",
        help="record this module's calling convention next to a binary built from it, and exit",
    )


_INDEX = options.integer(0, MAX_BUFFER_INDEX)


def _inputs(specs: list[str]) -> dict[int, bytes]:
    out = {}
    for spec in specs:
        index, sep, file = spec.partition("=")
        if not sep or not file:
            raise UsageError(f"--input expects INDEX=FILE, got '{spec}'")
        try:
            i = _INDEX(index)
        except argparse.ArgumentTypeError as e:
            raise UsageError(f"--input INDEX {e}") from None
        if file == files.STDIN:
            raise UsageError("--input reads files only; stdin is for the module")
        path = Path(file)
        try:
            out[i] = (
                np.load(path, allow_pickle=False).tobytes()
                if path.suffix == ".npy"
                else path.read_bytes()
            )
        except OSError as e:
            raise CommandError(
                f"cannot read --input {i}: {e.strerror or e}", file
            ) from None
        except ValueError as e:
            raise CommandError(
                f"--input {i} is not a NumPy array file: {e}", file
            ) from None
    return out


def _check_out_dir(out_dir: Path) -> None:
    """Refuse an output directory that cannot be one before anything runs."""
    probe = out_dir
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise CommandError(
            "-o names a file, not a directory: the trace files go into a directory",
            str(probe),
        )


def _print_allocation(design, inputs: dict[int, bytes]) -> None:
    cc = design.convention
    print(f"design: {design.path} ({cc.kernel})")
    print(f"calling convention: {cc.fingerprint()}")
    print("allocated:")
    for a in cc.args:
        how = (
            "trace, zero-filled"
            if a.role == "trace"
            else ("input" if a.index in inputs else "zero-filled")
        )
        print(
            f"  host buffer {a.index}  {a.name:<6} {a.element}{list(a.shape)}  {a.nbytes} bytes  ({how})"
        )
    if cc.layout is None:
        print("  no trace buffer (untraced design)")


def _trace_files(result) -> tuple[dict[str, bytes], list[str]]:
    """The trace files of a run and the lines that report them."""
    out, entries, report = {"trace.bin": result.trace}, [], ["slices:"]
    for k, s in enumerate(result.slices):
        name = f"slice{k}.bin"
        out[name] = s.data
        written = s.written
        report.append(
            f"  slice {k}  {s.label:<28} offset {s.slice.offset:#x}  size {s.slice.size}  "
            f"written {written} bytes ({written // 32} packets)  -> {name}"
        )
        entries.append({**s.slice.to_json(), "file": name, "written": written})
    out["slices.json"] = (json.dumps(entries, indent=2) + "\n").encode()
    return out, report


def run(args: argparse.Namespace) -> int:
    return run_command("run", lambda: _run(args))


def _open(args: argparse.Namespace):
    from aie_trace.host import runtime

    data = files.read_bytes(args.mlir, "module") if args.mlir == files.STDIN else None
    return runtime.Design.open(
        files.display_name(args.mlir) if data is not None else args.mlir,
        args.kernel,
        artifacts=runtime.Artifacts(args.xclbin, args.insts, args.elf, args.emu_module),
        fingerprint=args.fingerprint,
        require_manifest=args.require_manifest or args.backend == "xrt",
        verify=not args.no_verify,
        data=data,
    )


def _backend(args: argparse.Namespace):
    from aie_trace.host import runtime

    if args.backend == "xrt":
        return runtime.get_backend(
            "xrt",
            timeout_ms=round(args.timeout * 1000),
            xclbin_kernel=args.xclbin_kernel,
        )
    return runtime.get_backend(
        "emu", memory_limit=(args.emu_max_memory or DEFAULT_EMU_MIB) << 20
    )


@contextlib.contextmanager
def _reported(where: str) -> Iterator[None]:
    """Library errors as one command message about ``where`` (the module)."""
    from aie_trace.emu.dma import EmuFault
    from aie_trace.emu.memory import EmuMemoryError

    try:
        yield
    except (
        LocatedError
    ) as e:  # a library error about an op: its location, as decode says it
        if e.op is None:
            raise CommandError(e.message, where) from None
        raise CommandError(located(e.op, e.message, where)) from None
    except EmuMemoryError as e:
        hint = " (--emu-max-memory raises the limit)" if e.held else ""
        raise CommandError(f"{e}{hint}", where) from None
    except ValueError as e:
        raise CommandError(str(e), where) from None
    except BrokenPipeError:
        raise  # stdout closed: run_command ends quietly
    except OSError as e:
        raise CommandError(
            e.strerror or str(e), e.filename and str(e.filename)
        ) from None
    except EmuFault as e:
        raise CommandError(relabel(str(e), "emulator fault"), where) from None


def _run(args: argparse.Namespace) -> int:
    from aie_trace.host import runtime

    where = files.display_name(args.mlir)
    with _reported(where):
        design = _open(args)
        if args.print_fingerprint:
            print(
                json.dumps(
                    {
                        "fingerprint": design.convention.fingerprint(),
                        "calling_convention": design.convention.to_json(),
                    },
                    indent=2,
                )
            )
            return 0
        if args.write_manifest:
            for artifact in args.write_manifest:
                print(f"wrote {runtime.write_manifest(artifact, design.convention)}")
            return 0
        inputs = _inputs(args.input)
        if design.convention.layout is not None or args.save_buffers:
            _check_out_dir(args.out_dir)
        # the backend first: one that cannot run here (no pyxrt, no NPU) says so before any
        # line reports an allocation
        rt = runtime.Runtime(design, _backend(args))
        _print_allocation(design, inputs)
        if getattr(rt.backend, "description", ""):
            print(rt.backend.description)
        result = rt.run(inputs)
        outputs = _outputs(args, design, result)
    for warning in getattr(result.backend_result, "warnings", []):
        print(line("run", f"emulator: {warning}", where, "warning"), file=sys.stderr)
    report = _write_outputs(args, design, outputs)
    if hasattr(rt.backend, "budget"):
        print(rt.backend.budget.describe())
    for text in report:
        print(text)
    return 0


def _outputs(args: argparse.Namespace, design, result) -> dict:
    """Every output of the run, in memory: what ``_write_outputs`` writes."""
    out: dict = {"ground_truth": None, "buffers": {}, "trace": ({}, [])}
    if args.ground_truth is not None:
        sessions = getattr(result.backend_result, "sessions", None)
        if sessions is None:
            raise UsageError("--ground-truth needs the emu backend")
        trace_arg = design.convention.trace_arg
        out["ground_truth"] = (
            json.dumps(
                {
                    "trace_buffer": trace_arg.index if trace_arg else None,
                    "sessions": [s.to_json() for s in sessions],
                }
            )
            + "\n"
        )
    if args.save_buffers:
        for k, arg in enumerate(design.convention.args):
            if arg.role == "data":
                npy = io.BytesIO()
                np.save(npy, result.buffers[k])
                out["buffers"][f"buffer{arg.index}.npy"] = npy.getvalue()
    if design.convention.layout is not None:
        out["trace"] = _trace_files(result)
    return out


def _write_outputs(args: argparse.Namespace, design, outputs: dict) -> list[str]:
    """Write the outputs, each whole or not at all; the lines that report them."""
    try:
        if outputs["ground_truth"] is not None:
            args.ground_truth.parent.mkdir(parents=True, exist_ok=True)
            files.write_whole(args.ground_truth, outputs["ground_truth"])
        if args.save_buffers:
            files.replace_files(args.out_dir, outputs["buffers"], STALE_BUFFERS)
        trace, report = outputs["trace"]
        if design.convention.layout is not None:
            files.replace_files(args.out_dir, trace, STALE_SLICES)
    except OSError as e:
        raise CommandError(
            f"cannot write: {e.strerror or e}", e.filename and str(e.filename)
        ) from None
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="aie-trace run", description=__doc__.splitlines()[0].strip("`: ")
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
