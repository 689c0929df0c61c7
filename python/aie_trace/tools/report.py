# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace report``: one self-contained HTML page for a run, and its summary.

    aie-trace report out/trace.bin --mlir fused.mlir -o report.html [--summary-json summary.json]

The buffer and the module are read as ``aie-trace decode`` reads them (same options, same
errors). The page (``aie_trace.report.html``) holds the per-call-site summary table and a kernel-time
chart, with no script and no URL. The summary is printed as ``aie-trace decode`` prints it; with
``--mlir``, an empty slice is explained against the module (its design's trace patch, BD, packet
flow and start event, each checked: ``aie_trace.report.explain``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from aie_trace.tools import decode as D
from aie_trace.tools import options
from aie_trace.tools.errors import run_command


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "buffer",
        type=options.nonempty,
        metavar="BUFFER",
        help="trace buffer: raw little-endian 32-bit words, a trace.txt of hex words or a .npy array",
    )
    p.add_argument(
        "--mlir",
        type=options.nonempty,
        metavar="MODULE",
        help="the module (as for 'aie-trace decode')",
    )
    p.add_argument(
        "--kernel",
        type=options.nonempty,
        metavar="DEVICE:SEQUENCE",
        help="the dispatched sequence",
    )
    p.add_argument(
        "--layout",
        type=options.nonempty,
        metavar="JSON",
        help="the layout as 'aie-trace layout' prints it",
    )
    p.add_argument("--arch", choices=("aie2", "aie2p"), help="event table to use")
    p.add_argument(
        "--colshift",
        type=options.integer(-D.MAX_COLSHIFT, D.MAX_COLSHIFT),
        metavar="N",
        help="header column minus design column",
    )
    p.add_argument(
        "--aie-clock-mhz",
        type=options.real(*D.CLOCK_MHZ, "MHz"),
        metavar="MHZ",
        help="AIE clock for the microseconds shown (default: 1600 on npu1, 1800 on npu2)",
    )
    p.add_argument(
        "-o",
        "--output",
        type=options.nonempty,
        metavar="HTML",
        default="report.html",
        help="the page to write (default: report.html)",
    )
    p.add_argument(
        "--summary-json",
        type=options.nonempty,
        metavar="FILE",
        help="also write the summary as JSON",
    )
    p.add_argument(
        "--allow-size-mismatch",
        action="store_true",
        help="decode a buffer whose size differs from the layout's",
    )


def _report(args: argparse.Namespace, stdout: TextIO) -> int:
    from aie_trace.report import html as report
    from aie_trace.report import summary
    from aie_trace.trace import decode, perfetto

    # the decode command's reader also takes parse.py's --input and a slice written alone
    args.input, args.slice = None, None
    inputs = D.read_inputs(args)
    decoded = decode.decode_fused(
        inputs.data, inputs.slices, inputs.designs, colshift=args.colshift
    )
    sums = summary.summarize_all(
        decoded, size_known=inputs.size_known, module=inputs.module
    )
    stdout.write(summary.format_table(sums) + "\n")
    clocks = {sd.label: perfetto.clock_of(sd, args.aie_clock_mhz) for sd in decoded}
    meta: dict[str, Any] = {
        "buffer": inputs.buffer,
        "form": inputs.loaded.form,
        "kernel": inputs.kernel,
        "size": len(inputs.data),
    }
    page = report.html(
        sums,
        title=f"aie-trace report: {inputs.kernel or inputs.buffer}",
        meta=meta,
        clock_mhz=clocks,
    )
    D._write(args.output, lambda f: f.write(page))
    if args.summary_json:
        D._write(
            args.summary_json,
            lambda f: json.dump(summary.to_json(sums, **meta), f, indent=2),
        )
    return 0


def run(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr

    def body() -> int:
        if not args.mlir:
            return _report(args, stdout)
        from aie_trace.ir.structure import make_context

        with make_context():
            return _report(args, stdout)

    return run_command("report", body, stderr)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="aie-trace report", description=__doc__.splitlines()[0].strip("`: ")
    )
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
