# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the rollback snapshot costs: a pass that fails leaves the module as it was (aie_trace.ir.rollback).

    python benchmarks/snapshot_bench.py                 # 1000 and 10000 call sites, era E2 and E3
    python benchmarks/snapshot_bench.py --sizes 100 --eras E3 --repeat 5

On the modules of ``fuse_bench.py`` (after fusing, the bigger form), per size: the time to take a
snapshot and drop it (what every successful run of a pass that may change IR pays: it is copied
on entry), to take one and put it back (a failed run), and, for comparison, to print the module
and parse it again (the other way to keep a copy); then fuse + verify as the passes run (fuse
copied on entry; verify, read-only, not copied) and undecorated (``run.__wrapped__``), and the
difference. Each figure is its best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuse_bench import pipeline  # noqa: E402

from aie_trace.ir import provider, rollback
from aie_trace.ir.diagnostics import DiagnosticEngine  # noqa: E402
from aie_trace.passes.fuse_buffers import FuseTraceBuffers  # noqa: E402
from aie_trace.passes.verify_patches import VerifyPatches  # noqa: E402

ir = provider.ir


def _best(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def _passes(text: str, wrapped: bool) -> float:
    with provider.make_context():
        module = ir.Module.parse(text)
        diag = DiagnosticEngine()
        fuse, verify = FuseTraceBuffers.run, VerifyPatches.run
        if not wrapped:
            fuse, verify = fuse.__wrapped__, verify.__wrapped__
        t0 = time.perf_counter()
        fuse(FuseTraceBuffers(), module.operation, diag)
        verify(VerifyPatches(), module.operation, diag)
        elapsed = time.perf_counter() - t0
    if diag.error_count:
        raise SystemExit(f"the passes failed: {diag.diagnostics[0].format()}")
    return elapsed


def measure(text: str, repeat: int) -> dict[str, float]:
    row: dict[str, float] = {}
    with provider.make_context():
        module = ir.Module.parse(text)
        FuseTraceBuffers().run(module.operation, DiagnosticEngine())
        op = module.operation
        row["keep"] = _best(repeat, lambda: rollback.Snapshot(op).discard())
        row["restore"] = _best(repeat, lambda: rollback.Snapshot(op).restore())
        row["reparse"] = _best(
            repeat,
            lambda: ir.Module.parse(
                op.get_asm(print_generic_op_form=True, enable_debug_info=True)
            ),
        )
        row["size"] = len(str(op)) / 1e6
    row["with"] = min(_passes(text, True) for _ in range(repeat))
    row["without"] = min(_passes(text, False) for _ in range(repeat))
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    p.add_argument(
        "--eras", nargs="+", default=["E2", "E3"], choices=["E1", "E2", "E3", "E4"]
    )
    p.add_argument("--devices", type=int, default=4)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    print(
        f"MLIR provider: {provider.NAME}; {args.devices} designs; best of {args.repeat}"
    )
    print(
        f"{'era':4} {'calls':>6} {'MB':>6} {'snap+drop ms':>12} {'snap+restore ms':>15} {'print+parse ms':>14} "
        f"{'passes s':>9} {'unwrapped s':>11} {'diff ms':>8}"
    )
    for era in args.eras:
        for n in args.sizes:
            r = measure(pipeline(n, args.devices, era), args.repeat)
            print(
                f"{era:4} {n:6d} {r['size']:6.2f} {r['keep'] * 1e3:12.1f} {r['restore'] * 1e3:15.1f} "
                f"{r['reparse'] * 1e3:14.1f} {r['with']:9.3f} {r['without']:11.3f} "
                f"{(r['with'] - r['without']) * 1e3:8.1f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
