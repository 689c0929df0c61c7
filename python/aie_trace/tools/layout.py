# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace layout``: print the fused trace-buffer layout of a module as JSON.

    aie-trace layout fused.mlir                      # an array: every kernel that has a layout
    aie-trace layout fused.mlir --kernel main:main   # one object

An E3/E4 module that aiecc still fuses (what ``aie-trace-prepare`` hands on there) gives the
layout aiecc's ``-aie-fuse-trace-buffers`` builds: the module is fused in memory as that pass
fuses it (``aie_trace.transforms.fusion.toolchain_view``).

Each layout is ``{"kernel": "device:sequence", "arg_index", "host_buffer_index", "size", "offset",
"dedicated", "slices": [{"device", "sequence", "call_path", "offset", "size"}]}`` (see
``aie_trace.analysis.layout``). An unknown ``--kernel`` is an error that lists the known ones.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from aie_trace.analysis import layout as L
from aie_trace.ir.diagnostics import DiagnosticEngine, LocatedError
from aie_trace.tools import files, options
from aie_trace.tools.errors import CommandError, run_command


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "module",
        metavar="MODULE",
        type=options.nonempty,
        help="an MLIR module after aie-trace-fuse-buffers, after aiecc's fuse, or (E3/E4) as "
        "aie-trace-prepare hands it to aiecc: then the layout aiecc's fuse builds ('-' for stdin)",
    )
    p.add_argument(
        "--kernel",
        type=options.nonempty,
        metavar="DEVICE:SEQUENCE",
        help="print the layout of this dispatched sequence only",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=options.nonempty,
        default="-",
        help="write the JSON here (default: stdout)",
    )


def _layouts(text: str, name: str) -> list[L.Layout]:
    from aie_trace.ir import eras, structure
    from aie_trace.transforms.fusion import ToolchainBuildError, toolchain_layouts

    with structure.make_context():
        try:
            module = structure.parse_op(text, source_name=name)
        except structure.ParseError as e:
            diag = DiagnosticEngine()
            diag.extend_from_mlir(e.diagnostics)
            raise CommandError(
                "\n".join(d.format() for d in diag.diagnostics) or str(e), name
            ) from None
        try:
            eras.detect_era(module)
            return toolchain_layouts(module)
        except ToolchainBuildError as e:
            raise CommandError(
                f"what aiecc builds would be wrong:\n  {e}", name
            ) from None
        except LocatedError as e:  # an era, a layout or another fact the IR gets wrong
            if e.op is None:
                raise CommandError(str(e), name) from None
            raise CommandError(
                DiagnosticEngine().error(e.op, str(e)).format(), name
            ) from None


def _select(layouts: list[L.Layout], kernel: str | None, name: str) -> Any:
    if kernel is None:
        return [lay.to_json() for lay in layouts]
    for lay in layouts:
        if lay.kernel == kernel:
            return lay.to_json()
    known = (
        ", ".join(lay.kernel for lay in layouts)
        or "none: the module records no trace layout"
    )
    raise CommandError(
        f"no trace layout for kernel '{kernel}' (known kernels: {known})", name
    )


def run(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    import json

    stdout = stdout or sys.stdout

    def body() -> int:
        name = files.display_name(args.module)
        text = files.read_text(args.module, "module", "an MLIR module")
        doc = (
            json.dumps(_select(_layouts(text, name), args.kernel, name), indent=2)
            + "\n"
        )
        if args.output == files.STDIN:
            stdout.write(doc)
        else:
            try:
                files.write_whole(args.output, doc)
            except OSError as e:
                raise CommandError(f"cannot write: {e.strerror}", args.output) from None
        return 0

    return run_command("layout", body, stderr)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="aie-trace layout", description=__doc__.splitlines()[0].strip("`: ")
    )
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
