"""``aie-trace layout``: print the fused trace-buffer layout of a module as JSON.

    aie-trace layout fused.mlir                      # an array: every kernel that has a layout
    aie-trace layout fused.mlir --kernel main:main   # one object

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


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("module", metavar="MODULE", help="an MLIR module after aie-trace-fuse-buffers ('-' for stdin)")
    p.add_argument("--kernel", metavar="DEVICE:SEQUENCE", help="print the layout of this dispatched sequence only")
    p.add_argument("-o", "--output", metavar="FILE", default="-", help="write the JSON here (default: stdout)")


class _Failure(Exception):
    """A reported error (the message is formatted already)."""


def _read(path: str) -> tuple[str, str]:
    if path == "-":
        return sys.stdin.read(), "<stdin>"
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(), path
    except OSError as e:
        raise _Failure(f"error: cannot read '{path}': {e.strerror}") from None


def _layouts(text: str, name: str) -> list[L.Layout]:
    from aie_trace.aieir import ir, make_context

    with make_context():
        try:
            module = ir.Operation.parse(text, source_name=name)
        except ir.MLIRError as e:
            diag = DiagnosticEngine()
            diag.extend_from_mlir(e.error_diagnostics)
            raise _Failure("\n".join(d.format() for d in diag.diagnostics) or f"{name}: error: {e}") from None
        try:
            return L.read_layouts(module)
        except L.LayoutError as e:
            if e.op is None:
                raise _Failure(f"{name}: error: {e}") from None
            raise _Failure(DiagnosticEngine().error(e.op, str(e)).format()) from None


def _select(layouts: list[L.Layout], kernel: str | None) -> Any:
    if kernel is None:
        return [lay.to_json() for lay in layouts]
    for lay in layouts:
        if lay.kernel == kernel:
            return lay.to_json()
    known = ", ".join(lay.kernel for lay in layouts) or "none: the module records no trace layout"
    raise _Failure(f"error: no trace layout for kernel '{kernel}' (known kernels: {known})")


def run(args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    import json

    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    try:
        text, name = _read(args.module)
        doc = json.dumps(_select(_layouts(text, name), args.kernel), indent=2) + "\n"
        if args.output == "-":
            stdout.write(doc)
        else:
            try:
                with open(args.output, "w", encoding="utf-8") as f:
                    f.write(doc)
            except OSError as e:
                raise _Failure(f"error: cannot write '{args.output}': {e.strerror}") from None
    except _Failure as e:
        stderr.write(f"aie-trace layout: {e}\n")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="aie-trace layout", description=__doc__.splitlines()[0].strip("`: "))
    add_arguments(p)
    return run(p.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
