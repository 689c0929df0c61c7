# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace``: the host-side command line (layout, run, decode, report).

Each subcommand lives in its own module under ``aie_trace.tools`` with ``add_arguments(parser)`` and
``run(args) -> int``; this file only dispatches.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from aie_trace.tools.errors import run_command

SUBCOMMANDS = {
    "layout": (
        "layout",
        "Print the fused trace-buffer layout of a lowered module as JSON",
    ),
    "run": (
        "run",
        "Run a design on the emulated NPU or on Ryzen AI hardware and split its trace per call site",
    ),
    "decode": (
        "decode",
        "Decode a raw trace buffer into Chrome trace JSON and a per-slice summary",
    ),
    "report": (
        "report",
        "Write one self-contained HTML page for a run: per-call-site summary and kernel time",
    ),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="aie-trace",
        description=f"The host-side command line of aie-trace: {', '.join(SUBCOMMANDS)}.",
    )
    parser.add_argument(
        "--version", action="store_true", help="print the version and the MLIR provider"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        mod = importlib.import_module(f"aie_trace.tools.{module}")
        mod.add_arguments(p)
        p.set_defaults(_module=mod)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:

        def version() -> int:
            from aie_trace import __version__
            from aie_trace.ir import provider

            print(f"aie-trace {__version__}\n{provider.describe()}")
            return 0

        return run_command("--version", version)
    if args.command is None:  # a usage error, as argparse's own
        parser.print_usage(sys.stderr)
        sys.stderr.write(
            f"{parser.prog}: error: a command is required ({', '.join(SUBCOMMANDS)})\n"
        )
        return 2
    return run_command(args.command, lambda: args._module.run(args))


if __name__ == "__main__":
    sys.exit(main())
