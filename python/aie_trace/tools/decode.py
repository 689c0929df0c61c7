# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace decode``: decode a trace buffer into Chrome trace JSON and a per-slice summary.

    aie-trace decode trace.bin --mlir lowered.mlir -o trace.json --summary-json summary.json
    aie-trace decode --input trace.txt --mlir aie.mlir --output trace.json    # parse.py's flags

The buffer may be raw words, a ``trace.txt`` of hex words or a ``.npy`` array, told apart by content.
With mlir-aie ``parse.py``'s own flag ``--input`` the Chrome trace is written as ``parse.py`` writes
it (a JSON array, ``ts`` in cycles: what its summary helpers read) unless ``--style`` says otherwise.

With ``--mlir`` the module gives the layout of the fused buffer (the trace layout of ``--kernel``,
or of its only traced kernel) and, per slice, the design whose trace-unit configuration names the
events. ``--layout`` takes the layout from ``aie-trace layout`` JSON instead. Without either, the
whole buffer is one slice and events are named by slot (``--mlir`` is needed for names).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np

from aie_trace.tools import files, options
from aie_trace.tools.errors import CommandError, UsageError, located, run_command

PROGRESS_MIN_BYTES = 8 << 20
#: the ranges of the numeric options: a packet header's column is 7 bits; the clock of any AIE
#: generation is well inside [1, 10000] MHz; repeated pulses are bounded so that a buffer of
#: Repeat commands still decodes, and its Chrome trace is written, within a minute
MAX_COLSHIFT, CLOCK_MHZ, MAX_PULSES = 127, (1.0, 10_000.0), 1 << 21


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "buffer",
        metavar="BUFFER",
        nargs="?",
        type=options.nonempty,
        help="'-' for stdin; trace buffer: raw little-endian 32-bit words, a trace.txt of hex words or a .npy array",
    )
    p.add_argument(
        "--input",
        metavar="BUFFER",
        type=options.nonempty,
        help="the trace buffer, as parse.py takes it (instead of BUFFER)",
    )
    p.add_argument(
        "--mlir",
        metavar="MODULE",
        type=options.nonempty,
        help="the module: the trace layout and each design's events (a design's MLIR, as parse.py takes it, "
        "is enough)",
    )
    p.add_argument(
        "--kernel",
        type=options.nonempty,
        metavar="DEVICE:SEQUENCE",
        help="the dispatched sequence whose trace buffer this is (default: the module's one "
        "dispatched sequence, or the only layout)",
    )
    p.add_argument(
        "--layout",
        metavar="JSON",
        type=options.nonempty,
        help="the layout as 'aie-trace layout' prints it (instead of the module's)",
    )
    p.add_argument(
        "--arch",
        choices=("aie2", "aie2p"),
        help="event table to use instead of the one the device kind implies (aie2: npu1, aie2p: npu2)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="TRACE_JSON",
        type=options.nonempty,
        help="write Chrome Trace Event JSON (Perfetto UI)",
    )
    p.add_argument(
        "--colshift",
        type=options.integer(-MAX_COLSHIFT, MAX_COLSHIFT),
        metavar="N",
        help="the packet headers' column minus the design's (parse.py's --colshift; "
        "default: found when unambiguous)",
    )
    p.add_argument(
        "--style",
        choices=("perfetto", "parse.py"),
        help="perfetto: a JSON object, ts in microseconds; parse.py: a JSON array, ts in cycles "
        "(default: parse.py with --input, else perfetto)",
    )
    p.add_argument(
        "--time-base",
        choices=("cycles", "us"),
        default="cycles",
        help="perfetto style: cycles draws one AIE cycle as one nanosecond (nothing lost; the file "
        "states the real scale), us writes real microseconds at the AIE clock (default: cycles)",
    )
    p.add_argument(
        "--aie-clock-mhz",
        type=options.real(*CLOCK_MHZ, "MHz"),
        metavar="MHZ",
        help="AIE clock that turns cycles into microseconds (default: 1600 on npu1, 1800 on npu2)",
    )
    p.add_argument(
        "--summary-json",
        metavar="FILE",
        type=options.nonempty,
        help="write the per-slice summary as JSON",
    )
    p.add_argument(
        "--allow-size-mismatch",
        action="store_true",
        help="decode a buffer whose size differs from the layout's (normally an error: its slices "
        "would be read at the wrong offsets)",
    )
    p.add_argument(
        "--max-pulses",
        type=options.integer(0, MAX_PULSES),
        metavar="N",
        help="most events pulsed Repeat commands may add, a pulse of k slots counting k "
        "(default: 1 per buffer byte + 2^18)",
    )
    p.add_argument(
        "--slice",
        type=options.integer(0, (1 << 31) - 1),
        metavar="N",
        help="the buffer is slice N of the layout alone (0: the first in buffer order), as written "
        "to a file of its own (slice1.bin); it decodes against that slice's design",
    )
    p.add_argument(
        "--core-elf",
        action="append",
        type=core_program,
        default=[],
        metavar="[DEVICE:]COL,ROW=FILE",
        help="the program of the core at (COL, ROW) (the design's columns; DEVICE: of that design "
        "only): its ELF, or the map file ld.lld wrote for it; EVENT_PC frames of that core name "
        "the function of their program counter (repeatable)",
    )
    p.add_argument(
        "--debug",
        action="store_true",
        help="print what the decoder found per stream on stderr (parse.py's flag)",
    )
    p.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help=f"progress bar on stderr (auto: on a terminal, buffers over {PROGRESS_MIN_BYTES >> 20} MiB)",
    )


def core_program(value: str) -> tuple[str | None, int, int, str]:
    """``[DEVICE:]COL,ROW=FILE`` of ``--core-elf``: (device or None, column, row, file)."""
    spec, sep, path = value.partition("=")
    device, _, tile = spec.rpartition(":")
    col, comma, row = tile.partition(",")
    if (
        not sep
        or not path
        or not comma
        or not col.strip().isdigit()
        or not row.strip().isdigit()
    ):
        raise argparse.ArgumentTypeError(
            f"must be [DEVICE:]COL,ROW=FILE (e.g. 0,2=core_0_2.elf), got '{value}'"
        )
    return device or None, int(col), int(row), path


def _core_symbols(specs: list[tuple[str | None, int, int, str]]) -> dict[Any, Any]:
    from aie_trace.trace import pc as trace_pc

    out = {}
    for device, col, row, path in specs:
        try:
            out[(device, col, row)] = trace_pc.symbols_from_file(
                files.display_name(path), files.read_bytes(path, "core program")
            )
        except trace_pc.SymbolsError as e:
            raise CommandError(str(e), files.display_name(path)) from None
    return out


class Progress:
    """A one-line progress bar on a text stream."""

    def __init__(
        self, total: int, out: TextIO, width: int = 30, what: str = "decoding"
    ) -> None:
        self.total, self.out, self.width, self.done, self.shown = (
            max(total, 1),
            out,
            width,
            0,
            -1,
        )
        self.what = what

    def __call__(self, n: int) -> None:
        self.done += n
        pct = min(100, self.done * 100 // self.total)
        if pct != self.shown:
            self.shown = pct
            bar = "#" * (pct * self.width // 100)
            amount = (
                f"{self.done >> 20}/{self.total >> 20} MiB"
                if self.what == "decoding"
                else f"{self.done:,}/{self.total:,} events"
            )
            self.out.write(f"\r{self.what} [{bar:<{self.width}}] {pct:3d}%  {amount}")
            self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()


def _parse_module(path: str) -> Any:
    from aie_trace.ir import eras, structure
    from aie_trace.ir.diagnostics import DiagnosticEngine

    text = _read_text(path, "module")
    try:
        module = structure.parse_op(text, source_name=files.display_name(path))
        eras.detect_era(
            module
        )  # E0 is named as such, not as a module without sequences
    except structure.ParseError as e:
        diag = DiagnosticEngine()
        diag.extend_from_mlir(e.diagnostics)
        raise CommandError(
            "\n".join(d.format() for d in diag.diagnostics) or str(e), path
        ) from None
    except eras.EraError as e:
        raise CommandError(located(e.op, e.message, path)) from None
    return module


def _read_text(path: str, what: str) -> str:
    return files.read_text(path, what, f"a {what}")


def _dispatched(module: Any, layouts: list[Any]) -> Any:
    """The layout of the module's one dispatched sequence, when it has exactly one that has a layout."""
    from aie_trace.report.compat import dispatched_layout

    return dispatched_layout(module, layouts)


def _pick(
    layouts: list[Any], kernel: str | None, where: str, module: Any = None
) -> Any:
    if kernel is not None:
        for lay in layouts:
            if lay.kernel == kernel:
                return lay
        known = ", ".join(lay.kernel for lay in layouts) or "none"
        raise CommandError(
            f"no trace layout for kernel '{kernel}' (layouts: {known})", where
        )
    if len(layouts) > 1:
        lay = _dispatched(module, layouts) if module is not None else None
        if lay is not None:
            return lay
        why = (
            "the module dispatches none of them or more than one"
            if module is not None
            else "the file does not say which one was dispatched"
        )
        raise CommandError(
            f"{len(layouts)} kernels have a trace layout ({', '.join(lay.kernel for lay in layouts)})"
            f" and {why}; choose one with --kernel",
            where,
        )
    return layouts[0] if layouts else None


def _split_kernel(kernel: str) -> tuple[str, str]:
    device, sep, sequence = kernel.partition(":")
    if not sep or not device or not sequence:
        raise UsageError(f"--kernel must be DEVICE:SEQUENCE, got '{kernel}'")
    return device, sequence


def _slices(
    args: argparse.Namespace, module: Any, size: int, exact: bool = True
) -> tuple[list[Any], str | None]:
    """The slices to decode and the kernel they belong to."""
    from aie_trace.analysis import layout

    if args.layout:
        text = _read_text(args.layout, "layout JSON file")
        try:
            lay = _pick(layout.loads(text), args.kernel, args.layout)
        except layout.LayoutError as e:
            raise CommandError(str(e), args.layout) from None
        if lay is None:
            raise CommandError("the file holds no layout", args.layout)
        if exact:
            _check_size(args, lay, size, args.layout)
        return list(lay.slices), lay.kernel
    if module is not None:
        from aie_trace.ir import structure
        from aie_trace.transforms.fusion import ToolchainBuildError, toolchain_layouts

        try:  # (an E3/E4 module that aiecc still fuses: the layout aiecc builds)
            layouts = toolchain_layouts(module)
        except layout.LayoutError as e:
            raise CommandError(str(e), args.mlir) from None
        except ToolchainBuildError as e:
            raise CommandError(
                f"what aiecc builds would be wrong:\n  {e}", args.mlir
            ) from None
        if args.kernel is None or any(lay.kernel == args.kernel for lay in layouts):
            lay = _pick(layouts, args.kernel, args.mlir, module)
            if lay is not None:
                if exact:
                    _check_size(args, lay, size, args.mlir)
                return list(lay.slices), lay.kernel
        if args.kernel:
            device, sequence = _split_kernel(args.kernel)
        else:
            seqs = structure.kernel_names(module)
            if len(seqs) != 1:
                raise CommandError(
                    f"the module records no trace layout and has {len(seqs)} runtime sequences; "
                    "name the one that wrote the buffer with --kernel",
                    args.mlir,
                )
            device, sequence = seqs[0]
        return [layout.Slice(device, sequence, "", 0, size)], f"{device}:{sequence}"
    name = Path(args.buffer or args.input).name
    device, sequence = _split_kernel(args.kernel) if args.kernel else ("buffer", name)
    return [layout.Slice(device, sequence, None, 0, size)], args.kernel


def _check_size(args: argparse.Namespace, lay: Any, size: int, where: str) -> None:
    """The buffer must be the trace argument the layout describes: slices are read at its offsets."""
    expected = lay.size if lay.dedicated else lay.offset + lay.size
    if (
        size == expected
        or (not lay.dedicated and size > expected)
        or args.allow_size_mismatch
    ):
        return
    need = f"{expected} bytes" if lay.dedicated else f"at least {expected} bytes"
    raise CommandError(
        f"the trace buffer has {size} bytes but the layout of {lay.kernel} in {where} describes "
        f"{need}; its slices would be read at the wrong offsets (--allow-size-mismatch decodes "
        "it anyway)",
        _buffer_arg(args),
    )


@dataclass(frozen=True)
class Inputs:
    """What ``decode`` and ``report`` read: the buffer, its form, the module, the slices to decode
    and the design of each (``None`` without ``--mlir``)."""

    buffer: str
    loaded: Any
    data: np.ndarray
    module: Any
    slices: list[Any]
    kernel: str | None
    designs: Any

    @property
    def size_known(self) -> bool:
        """A trace.txt that leaves out zero words says nothing of the buffer's size."""
        return self.loaded.form != "trace.txt" or self.loaded.zeros_kept


def read_inputs(args: argparse.Namespace) -> Inputs:
    """The buffer, the module and the slices, as every command that decodes reads them."""
    from aie_trace.analysis import trace_events
    from aie_trace.trace import inputs as trace_input

    buffer = _buffer_arg(args)
    files.one_stdin({"BUFFER": buffer, "--mlir": args.mlir, "--layout": args.layout})
    try:
        loaded = trace_input.words_of(files.read_bytes(buffer, "trace buffer"))
    except trace_input.InputError as e:
        raise CommandError(str(e), files.display_name(buffer)) from None
    data = np.frombuffer(loaded.data, dtype=np.uint8)
    module = _parse_module(args.mlir) if args.mlir else None
    # A trace.txt leaves out zero words (all of them, or the unwritten tail): its length says
    # nothing of the buffer's size.
    partial = loaded.form == "trace.txt" or args.slice is not None
    slices, kernel = _slices(args, module, len(data), exact=not partial)
    if args.slice is not None:
        slices = _one_slice(args, slices, len(data))
    if loaded.zeros_kept:  # the buffer up to its last nonzero word
        end = max(s.offset + s.size for s in slices)
        data = np.concatenate([data, np.zeros(max(end - len(data), 0), np.uint8)])
    elif loaded.form == "trace.txt" and len(slices) > 1:
        raise CommandError(
            f"a trace.txt that leaves out every zero word cannot be cut into the {len(slices)} "
            "slices of a fused buffer; decode the raw buffer, a .npy of it, or a trace.txt "
            "that keeps zero words (mlir-aie's TraceConfig.write_trace)",
            buffer,
        )
    designs = None
    if module is not None:
        try:
            designs = trace_events.designs_for(module, slices, args.arch)
        except trace_events.EventConfigError as e:
            raise CommandError(located(e.op, str(e), args.mlir)) from None
    return Inputs(buffer, loaded, data, module, slices, kernel, designs)


def _decode(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from aie_trace.report import summary
    from aie_trace.trace import decode, perfetto

    inputs = read_inputs(args)
    buffer, loaded, data = inputs.buffer, inputs.loaded, inputs.data
    slices, kernel, designs = inputs.slices, inputs.kernel, inputs.designs
    total = sum(min(s.size, max(len(data) - s.offset, 0)) for s in slices)
    show = args.progress == "always" or (
        args.progress == "auto" and total > PROGRESS_MIN_BYTES and stderr.isatty()
    )
    bar = Progress(total, stderr) if show else None
    decoded = decode.decode_fused(
        data,
        slices,
        designs,
        max_pulses=args.max_pulses,
        progress=bar,
        colshift=args.colshift,
    )
    if bar is not None:
        bar.close()
    if args.core_elf:
        from aie_trace.trace import pc as trace_pc

        for note in trace_pc.attach_symbols(decoded, _core_symbols(args.core_elf)):
            stderr.write(f"note: {note}\n")
    if args.debug:
        _debug(decoded, loaded, stderr)
    sums = summary.summarize_all(
        decoded, size_known=inputs.size_known, module=inputs.module
    )
    stdout.write(summary.format_table(sums) + "\n")
    meta = {
        "buffer": buffer,
        "form": loaded.form,
        "kernel": kernel,
        "size": len(data),
        "arch": args.arch,
    }
    if args.summary_json:
        _write(
            args.summary_json,
            lambda f: json.dump(summary.to_json(sums, **meta), f, indent=2),
        )
    if args.output:
        style = args.style or ("parse.py" if args.input else "perfetto")
        # the second half of the job: B and E of every event, a bar of its own
        writing = (
            Progress(
                2 * sum(sd.result.events for sd in decoded), stderr, what="writing"
            )
            if show
            else None
        )
        _write(
            args.output,
            lambda f: perfetto.write_chrome_trace(
                decoded,
                f,
                kernel,
                clock_mhz=args.aie_clock_mhz,
                style=style,
                time_base=args.time_base,
                progress=writing,
            ),
        )
        if writing is not None:
            writing.close()
    return 0


def _one_slice(args: argparse.Namespace, slices: list[Any], size: int) -> list[Any]:
    """``--slice N``: the file holds slice N alone, so it is read from offset 0."""
    from aie_trace.analysis import layout

    if not 0 <= args.slice < len(slices):
        raise CommandError(
            f"--slice {args.slice}: the layout has {len(slices)} slice(s) (0 to {len(slices) - 1})",
            args.layout or args.mlir,
        )
    s = slices[args.slice]
    if size > s.size:
        raise CommandError(
            f"--slice {args.slice}: the file has {size} bytes, more than the slice's {s.size}",
            _buffer_arg(args),
        )
    return [layout.Slice(s.device, s.sequence, s.call_path, 0, s.size)]


def _debug(decoded: list[Any], loaded: Any, err: TextIO) -> None:
    """What the decoder found per stream, for ``--debug``."""
    from aie_trace.trace.format import Cmd

    err.write(
        f"debug: input {loaded.form}{' (zero words kept)' if loaded.zeros_kept else ''}, "
        f"{len(loaded.data)} bytes\n"
    )
    for sd in decoded:
        r = sd.result
        err.write(
            f"debug: {sd.label} @{sd.offset:#x}+{sd.size:#x}: packets {r.packets} "
            f"(valid {r.valid_packets}, invalid {r.invalid_packets}, empty {r.empty_packets}), "
            f"colshift {sd.colshift} ({sd.colshift_source})\n"
        )
        for key, st in sorted(r.streams.items()):
            cmds = ", ".join(
                f"{Cmd(i).name.lower()} {int(n)}"
                for i, n in enumerate(st.commands)
                if n
            )
            err.write(
                f"debug:   {sd.unit_label(key)} header {tuple(key)} ids {list(st.pkt_ids)}: "
                f"{st.packets} packets, {len(st)} events, first timer {st.first_timer}; {cmds}\n"
            )
        for key, ps in sorted(sd.pc_streams.items()):
            err.write(
                f"debug:   {sd.unit_label(key)} header {tuple(key)} ids {list(ps.pkt_ids)}: "
                f"{ps.packets} packets, EVENT_PC, {ps.total_frames} frames; "
                + ", ".join(f"{k} {n}" for k, n in ps.commands.items() if n)
                + "\n"
            )
        for key, mode in sorted(sd.other_modes.items()):
            err.write(f"debug:   {sd.unit_label(key)} not decoded: trace mode {mode}\n")


def _buffer_arg(args: argparse.Namespace) -> str:
    """The trace buffer: BUFFER or parse.py's ``--input`` (one of them)."""
    if args.buffer and args.input and args.buffer != args.input:
        raise UsageError(
            f"two trace buffers given: '{args.buffer}' and --input '{args.input}'"
        )
    buffer = args.buffer or args.input
    if not buffer:
        raise UsageError("no trace buffer: give BUFFER or --input")
    return buffer


def _write(path: str, fill: Any) -> None:
    try:
        with files.replacing(path) as f:
            fill(f)
    except OSError as e:
        raise CommandError(f"cannot write: {e.strerror}", path) from None


def run(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr

    def body() -> int:
        if not args.mlir:  # a layout from JSON, or none: no MLIR bindings needed
            return _decode(args, stdout, stderr)
        from aie_trace.ir.diagnostics import LocatedError
        from aie_trace.ir.structure import make_context

        with make_context():
            try:
                return _decode(args, stdout, stderr)
            except (
                LocatedError
            ) as e:  # a fact of the module no reader above expected wrong
                raise CommandError(located(e.op, e.message, args.mlir)) from None

    return run_command("decode", body, stderr)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="aie-trace decode", description=__doc__.splitlines()[0].strip("`: ")
    )
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
