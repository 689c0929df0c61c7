# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace layout``: print the fused trace-buffer layout of a module as JSON.

    aie-trace layout fused.mlir                      # an array: every kernel that has a layout
    aie-trace layout fused.mlir --kernel main:main   # one object

An E3/E4 module that aiecc still fuses (what ``aie-trace-prepare`` hands on there) gives the
layout aiecc's ``-aie-fuse-trace-buffers`` builds: the module is fused in memory as that pass
fuses it (``aie_trace.fusion.toolchain_view``).

Each layout is ``{"kernel": "device:sequence", "arg_index", "host_buffer_index", "size", "offset",
"dedicated", "slices": [{"device", "sequence", "call_path", "offset", "size"}]}`` (see
``aie_trace.layout``). An unknown ``--kernel`` is an error that lists the known ones.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from aie_trace import layout as L
from aie_trace.diagnostics import DiagnosticEngine
from aie_trace.tools.errors import CommandError, run_command


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "module",
        metavar="MODULE",
        help="an MLIR module after aie-trace-fuse-buffers, after aiecc's fuse, or (E3/E4) as "
        "aie-trace-prepare hands it to aiecc: then the layout aiecc's fuse builds ('-' for stdin)",
    )
    p.add_argument(
        "--kernel",
        metavar="DEVICE:SEQUENCE",
        help="print the layout of this dispatched sequence only",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        default="-",
        help="write the JSON here (default: stdout)",
    )


def _read(path: str) -> tuple[str, str]:
    name = "<stdin>" if path == "-" else path
    try:
        data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    except OSError as e:
        raise CommandError(f"cannot read the module: {e.strerror}", name) from None
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as e:
        raise CommandError(
            f"not an MLIR module: byte {e.start} is not UTF-8 text", name
        ) from None


def _layouts(text: str, name: str) -> list[L.Layout]:
    from aie_trace.aieir import ParseError, make_context, parse_op
    from aie_trace.fusion import ToolchainBuildError, toolchain_view

    with make_context():
        try:
            module = parse_op(text, source_name=name)
        except ParseError as e:
            diag = DiagnosticEngine()
            diag.extend_from_mlir(e.diagnostics)
            raise CommandError(
                "\n".join(d.format() for d in diag.diagnostics) or str(e), name
            ) from None
        try:
            return L.read_layouts(toolchain_view(module))
        except ToolchainBuildError as e:
            raise CommandError(
                f"what aiecc builds would be wrong:\n  {e}", name
            ) from None
        except L.LayoutError as e:
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
        text, name = _read(args.module)
        doc = (
            json.dumps(_select(_layouts(text, name), args.kernel, name), indent=2)
            + "\n"
        )
        if args.output == "-":
            stdout.write(doc)
        else:
            try:
                with open(args.output, "w", encoding="utf-8") as f:
                    f.write(doc)
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
