"""``aie-trace decode``: decode a raw trace buffer into Chrome trace JSON and a per-slice summary.

    aie-trace decode trace.bin --mlir lowered.mlir -o trace.json --summary-json summary.json

With ``--mlir`` the module gives the layout of the fused buffer (the trace layout of ``--kernel``,
or of its only traced kernel) and, per slice, the design whose trace-unit configuration names the
events. ``--layout`` takes the layout from ``aie-trace layout`` JSON instead. Without either, the
whole buffer is one slice and events are named by slot (``--mlir`` is needed for names).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

import numpy as np

PROGRESS_MIN_BYTES = 8 << 20


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("buffer", metavar="BUFFER", help="raw trace buffer: little-endian 32-bit words")
    p.add_argument("--mlir", metavar="MODULE", help="lowered module: the trace layout and each design's events")
    p.add_argument("--kernel", metavar="DEVICE:SEQUENCE",
                   help="the dispatched sequence whose trace buffer this is (default: the only one with a layout)")
    p.add_argument("--layout", metavar="JSON",
                   help="the layout as 'aie-trace layout' prints it (instead of the module's)")
    p.add_argument("--arch", choices=("aie2", "aie2p"),
                   help="event table to use instead of the one the device kind implies (aie2: npu1, aie2p: npu2)")
    p.add_argument("-o", "--output", metavar="TRACE_JSON", help="write Chrome Trace Event JSON (Perfetto UI)")
    p.add_argument("--summary-json", metavar="FILE", help="write the per-slice summary as JSON")
    p.add_argument("--max-pulses", type=int, metavar="N",
                   help="most pulses Repeat commands may add (default: 16 per buffer byte + 2^20)")
    p.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                   help=f"progress bar on stderr (auto: on a terminal, buffers over {PROGRESS_MIN_BYTES >> 20} MiB)")


class _Failure(Exception):
    """A reported error: the message is already formatted."""


class Progress:
    """A one-line progress bar on a text stream."""

    def __init__(self, total: int, out: TextIO, width: int = 30) -> None:
        self.total, self.out, self.width, self.done, self.shown = max(total, 1), out, width, 0, -1

    def __call__(self, nbytes: int) -> None:
        self.done += nbytes
        pct = min(100, self.done * 100 // self.total)
        if pct != self.shown:
            self.shown = pct
            bar = "#" * (pct * self.width // 100)
            self.out.write(f"\rdecoding [{bar:<{self.width}}] {pct:3d}%  {self.done >> 20}/{self.total >> 20} MiB")
            self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()


def _parse_module(path: str) -> Any:
    from aie_trace.diagnostics import DiagnosticEngine
    from aie_trace.aieir import ir

    try:
        text = Path(path).read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise _Failure(f"{path}: error: cannot read the module: {e}") from None
    try:
        return ir.Operation.parse(text, source_name=path)
    except ir.MLIRError as e:
        diag = DiagnosticEngine()
        diag.extend_from_mlir(e.error_diagnostics)
        raise _Failure("\n".join(d.format() for d in diag.diagnostics) or f"{path}: error: {e}") from None


def _located(anchor: Any, message: str, fallback: str) -> str:
    from aie_trace.diagnostics import DiagnosticEngine

    diag = DiagnosticEngine()
    d = diag.error(anchor, message) if anchor is not None else None
    return d.format() if d is not None and d.line is not None else f"{fallback}: error: {message}"


def _pick(layouts: list[Any], kernel: str | None, where: str) -> Any:
    if kernel is not None:
        for lay in layouts:
            if lay.kernel == kernel:
                return lay
        known = ", ".join(lay.kernel for lay in layouts) or "none"
        raise _Failure(f"{where}: error: no trace layout for kernel '{kernel}' (layouts: {known})")
    if len(layouts) > 1:
        raise _Failure(f"{where}: error: {len(layouts)} kernels have a trace layout "
                       f"({', '.join(lay.kernel for lay in layouts)}); choose one with --kernel")
    return layouts[0] if layouts else None


def _split_kernel(kernel: str) -> tuple[str, str]:
    device, sep, sequence = kernel.partition(":")
    if not sep or not device or not sequence:
        raise _Failure(f"error: --kernel must be DEVICE:SEQUENCE, got '{kernel}'")
    return device, sequence


def _slices(args: argparse.Namespace, module: Any, size: int) -> tuple[list[Any], str | None]:
    """The slices to decode and the kernel they belong to."""
    from aie_trace import aieir, layout

    if args.layout:
        try:
            lay = _pick(layout.loads(Path(args.layout).read_text()), args.kernel, args.layout)
        except OSError as e:
            raise _Failure(f"{args.layout}: error: cannot read: {e}") from None
        except layout.LayoutError as e:
            raise _Failure(f"{args.layout}: error: {e}") from None
        if lay is None:
            raise _Failure(f"{args.layout}: error: the file holds no layout")
        return list(lay.slices), lay.kernel
    if module is not None:
        try:
            layouts = layout.read_layouts(module)
        except layout.LayoutError as e:
            raise _Failure(f"{args.mlir}: error: {e}") from None
        if args.kernel is None or any(lay.kernel == args.kernel for lay in layouts):
            lay = _pick(layouts, args.kernel, args.mlir)
            if lay is not None:
                return list(lay.slices), lay.kernel
        if args.kernel:
            device, sequence = _split_kernel(args.kernel)
        else:
            seqs = [(aieir.symbol_name(d) or "main", aieir.symbol_name(s) or "sequence")
                    for d in aieir.devices(module) for s in aieir.sequences(d)]
            if len(seqs) != 1:
                raise _Failure(f"{args.mlir}: error: the module records no trace layout and has {len(seqs)} "
                               "runtime sequences; name the one that wrote the buffer with --kernel")
            device, sequence = seqs[0]
        return [layout.Slice(device, sequence, "", 0, size)], f"{device}:{sequence}"
    device, sequence = _split_kernel(args.kernel) if args.kernel else ("buffer", Path(args.buffer).name)
    return [layout.Slice(device, sequence, None, 0, size)], args.kernel


def _decode(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from aie_trace import decode, events, perfetto, summary

    try:
        data = np.fromfile(args.buffer, dtype=np.uint8)
    except OSError as e:
        raise _Failure(f"{args.buffer}: error: cannot read the trace buffer: {e}") from None
    module = _parse_module(args.mlir) if args.mlir else None
    slices, kernel = _slices(args, module, len(data))
    designs = None
    if module is not None:
        try:
            designs = decode.designs_for(module, slices, args.arch)
        except events.EventConfigError as e:
            raise _Failure(_located(e.op, str(e), args.mlir)) from None
    total = sum(min(s.size, max(len(data) - s.offset, 0)) for s in slices)
    show = args.progress == "always" or (args.progress == "auto" and total > PROGRESS_MIN_BYTES
                                         and stderr.isatty())
    bar = Progress(total, stderr) if show else None
    decoded = decode.decode_fused(data, slices, designs, max_pulses=args.max_pulses, progress=bar)
    if bar is not None:
        bar.close()
    sums = [summary.summarize(sd) for sd in decoded]
    stdout.write(summary.format_table(sums) + "\n")
    meta = {"buffer": args.buffer, "kernel": kernel, "size": len(data), "arch": args.arch}
    if args.summary_json:
        _write(args.summary_json, lambda f: json.dump(summary.to_json(sums, **meta), f, indent=2))
    if args.output:
        _write(args.output, lambda f: perfetto.write_chrome_trace(decoded, f, kernel))
    return 0


def _write(path: str, fill: Any) -> None:
    try:
        with open(path, "w") as f:
            fill(f)
    except OSError as e:
        raise _Failure(f"{path}: error: cannot write: {e}") from None


def run(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    from aie_trace.aieir import make_context

    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    try:
        with make_context():
            return _decode(args, stdout, stderr)
    except _Failure as e:
        stderr.write(f"{e}\n")
        return 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="aie-trace decode", description=__doc__.splitlines()[0].strip("`: "))
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
