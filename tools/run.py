# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace run``: run a design on the emulated NPU or on Ryzen AI hardware, split its trace.

Prints what it allocated and a summary per slice; writes the raw trace buffer (``trace.bin``),
one file per slice (``slice<k>.bin``) and ``slices.json`` (the layout with file names) to the
output directory, and with ``--save-buffers`` the data buffers (``buffer<i>.npy``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from aie_trace.diagnostics import LocatedError
from aie_trace.tools.errors import CommandError, line, located, relabel, run_command


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "mlir",
        help="lowered MLIR of the design (the dispatched sequence and its trace layout)",
    )
    p.add_argument(
        "--kernel",
        metavar="DEVICE:SEQUENCE",
        help="the runtime sequence to dispatch "
        "(default: the module's one dispatched sequence, see aie_trace.dispatch)",
    )
    p.add_argument(
        "--backend",
        choices=("emu", "xrt"),
        default="emu",
        help="emu: the emulated NPU (default); xrt: Ryzen AI hardware through pyxrt",
    )
    p.add_argument(
        "--xclbin", type=Path, help="xrt, xclbin flow: the xclbin (with --insts)"
    )
    p.add_argument(
        "--insts", type=Path, help="xrt, xclbin flow: the instruction stream"
    )
    p.add_argument(
        "--elf",
        type=Path,
        help="xrt, full-ELF flow (NPU2, XRT 2.23 / 2.25 and later): the ELF",
    )
    p.add_argument(
        "--xclbin-kernel",
        metavar="NAME",
        help="xrt, xclbin flow: the xclbin kernel to call "
        "(default: MLIR_AIE if the xclbin has it, else its first)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="xrt: give up waiting for the NPU run after this long (default 30; 0: no limit)",
    )
    p.add_argument(
        "--emu-module",
        type=Path,
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
        type=Path,
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
        type=Path,
        metavar="JSON",
        help="emu: write what every trace unit recorded and where it landed (for decoder checks)",
    )
    p.add_argument(
        "--fingerprint",
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
        type=Path,
        metavar="ARTIFACT",
        help="record this module's calling convention next to a binary built from it, and exit",
    )


def _inputs(specs: list[str]) -> dict[int, bytes]:
    out = {}
    for spec in specs:
        index, sep, file = spec.partition("=")
        if not sep or not index.strip().isdigit():
            raise ValueError(f"--input expects INDEX=FILE, got '{spec}'")
        path = Path(file)
        try:
            out[int(index)] = (
                np.load(path).tobytes() if path.suffix == ".npy" else path.read_bytes()
            )
        except OSError as e:
            raise CommandError(
                f"cannot read --input {index}: {e.strerror or e}", file
            ) from None
        except ValueError as e:
            raise CommandError(
                f"--input {index} is not a NumPy array file: {e}", file
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


def _write_trace(result, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "trace.bin").write_bytes(result.trace)
    entries = []
    print("slices:")
    for k, s in enumerate(result.slices):
        name = f"slice{k}.bin"
        (out_dir / name).write_bytes(s.data)
        written = s.written
        print(
            f"  slice {k}  {s.label:<28} offset {s.slice.offset:#x}  size {s.slice.size}  "
            f"written {written} bytes ({written // 32} packets)  -> {name}"
        )
        entries.append({**s.slice.to_json(), "file": name, "written": written})
    (out_dir / "slices.json").write_text(json.dumps(entries, indent=2) + "\n")


def run(args: argparse.Namespace) -> int:
    return run_command("run", lambda: _run(args))


def _run(args: argparse.Namespace) -> int:
    from aie_trace import runtime
    from aie_trace.emu_dma import EmuFault

    try:
        artifacts = runtime.Artifacts(
            args.xclbin, args.insts, args.elf, args.emu_module
        )
        design = runtime.Design.open(
            args.mlir,
            args.kernel,
            artifacts=artifacts,
            fingerprint=args.fingerprint,
            require_manifest=args.require_manifest or args.backend == "xrt",
            verify=not args.no_verify,
        )
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
        _print_allocation(design, inputs)
        if args.timeout < 0:
            raise ValueError(
                f"--timeout must be 0 (no limit) or positive, got {args.timeout:g}"
            )
        options = (
            {
                "timeout_ms": round(args.timeout * 1000),
                "xclbin_kernel": args.xclbin_kernel,
            }
            if args.backend == "xrt"
            else {}
        )
        rt = runtime.Runtime(design, runtime.get_backend(args.backend, **options))
        if getattr(rt.backend, "description", ""):
            print(rt.backend.description)
        result = rt.run(inputs)
    except (
        LocatedError
    ) as e:  # a library error about an op: its location, as decode says it
        if e.op is None:
            raise CommandError(e.message, args.mlir) from None
        raise CommandError(located(e.op, e.message, args.mlir)) from None
    except ValueError as e:
        raise CommandError(str(e), args.mlir) from None
    except OSError as e:
        raise CommandError(
            e.strerror or str(e), e.filename and str(e.filename)
        ) from None
    except EmuFault as e:
        raise CommandError(relabel(str(e), "emulator fault"), args.mlir) from None
    for warning in getattr(result.backend_result, "warnings", []):
        print(
            line("run", f"emulator: {warning}", args.mlir, "warning"), file=sys.stderr
        )
    try:
        _write_outputs(args, design, result)
    except OSError as e:
        raise CommandError(
            f"cannot write: {e.strerror or e}", e.filename and str(e.filename)
        ) from None
    return 0


def _write_outputs(args: argparse.Namespace, design, result) -> None:
    if args.ground_truth is not None:
        sessions = getattr(result.backend_result, "sessions", None)
        if sessions is None:
            raise CommandError("--ground-truth needs the emu backend")
        args.ground_truth.parent.mkdir(parents=True, exist_ok=True)
        args.ground_truth.write_text(
            json.dumps(
                {
                    "trace_buffer": (
                        design.convention.trace_arg.index
                        if design.convention.trace_arg
                        else None
                    ),
                    "sessions": [s.to_json() for s in sessions],
                }
            )
            + "\n"
        )
    if args.save_buffers:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        for arg, data in zip(design.convention.args, result.buffers, strict=True):
            if arg.role == "data":
                np.save(args.out_dir / f"buffer{arg.index}.npy", data)
    if design.convention.layout is not None:
        _write_trace(result, args.out_dir)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="aie-trace run", description=__doc__.splitlines()[0].strip("`: ")
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
