# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Benchmark aie-trace-fuse-buffers + aie-trace-verify-patches on generated fused pipelines.

    python benchmarks/fuse_bench.py                     # 10, 100, 1000, 10000 call sites, era E2 and E3
    python benchmarks/fuse_bench.py --sizes 10 100 --eras E2 --devices 4

Each module has one dispatched sequence that runs ``N`` traced call sites round-robin over
``--devices`` designs (one ``aiex.configure`` + ``aiex.run`` each, so no two runs of a device are
back-to-back). Per size the script prints: parse time, fuse time and fuse time per call site, verify
time, print time, output size, and the ratio of the passes' own time to the time it takes to parse
and print the module they produce (goals at 1,000 and 10,000 call sites: <= 0.5 in E1/E2, <= 1.0
in E3/E4), and the growth
of the pass time against the previous size (goal: 10x call sites <= 12x time). Each time is its
best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from dataclasses import dataclass

from aie_trace.ir import provider
from aie_trace.ir.diagnostics import DiagnosticEngine
from aie_trace.passes.fuse_buffers import FuseTraceBuffers
from aie_trace.passes.verify_patches import VerifyPatches
from aie_trace.testing import synth

ir = provider.ir
I64 = "memref<64xi32>"


def pipeline(calls: int, devices: int, era: str) -> str:
    """A dispatched sequence with ``calls`` traced call sites over ``devices`` designs."""
    designs = [
        synth.Design(f"dev{d}", f"seq{d}", pkt_id=1 + d % 30, data_io="bd")
        for d in range(devices)
    ]
    body: list[str] = []
    for k in range(calls):
        d = k % devices
        body += synth.configure(f"dev{d}", [synth.run(f"seq{d}", ["%arg0"], [I64])])
    main = synth.device("main", synth.sequence("main_seq", [I64], body))
    return synth.module(main, *(d.text(era) for d in designs))


@dataclass
class Row:
    calls: int
    parse: float
    fuse: float
    verify: float
    printed: float
    reparse: float
    size: int

    @property
    def passes(self) -> float:
        return self.fuse + self.verify

    @property
    def ratio(self) -> float:
        return self.passes / (self.reparse + self.printed)


def measure(text: str, repeat: int, clock=time.perf_counter) -> Row:
    """Each column is its best (least) over ``repeat`` runs, timed by ``clock``."""
    rows: list[Row] = []
    for _ in range(repeat):
        with provider.make_context():
            t0 = clock()
            module = ir.Module.parse(text)
            t1 = clock()
            diag = DiagnosticEngine()
            FuseTraceBuffers().run(module.operation, diag)
            t_fused = clock()
            VerifyPatches().run(module.operation, diag)
            t2 = clock()
            out = module.operation.get_asm(print_generic_op_form=True)
            t3 = clock()
            ir.Module.parse(out)
            t4 = clock()
        errors = [d for d in diag.diagnostics if d.severity == "error"]
        if errors:
            raise SystemExit(f"the passes failed: {errors[0].format()}")
        rows.append(
            Row(0, t1 - t0, t_fused - t1, t2 - t_fused, t3 - t2, t4 - t3, len(out))
        )
    return Row(
        0,
        *(
            min(getattr(r, f) for r in rows)
            for f in ("parse", "fuse", "verify", "printed", "reparse")
        ),
        rows[0].size,
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000, 10000])
    p.add_argument(
        "--eras", nargs="+", default=["E2", "E3"], choices=["E1", "E2", "E3", "E4"]
    )
    p.add_argument("--devices", type=int, default=4)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="wall: time.perf_counter; cpu: time.process_time (steadier on a shared machine)",
    )
    p.add_argument(
        "--gc",
        choices=["off", "on"],
        default="off",
        help="off: the cyclic garbage collector paused, as aie-trace-opt runs its pipeline; "
        "on: running, as a library caller that leaves it on sees the passes",
    )
    args = p.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    if args.gc == "off":
        gc.disable()
    print(
        f"MLIR provider: {provider.NAME}; {args.devices} designs; best of {args.repeat}; "
        f"{args.clock} clock; garbage collector {args.gc}"
    )
    header = (
        f"{'era':4} {'calls':>6} {'parse s':>8} {'fuse s':>8} {'us/call':>8} {'verify s':>8} {'print s':>8} "
        f"{'output MB':>10} {'ratio':>6} {'growth':>7}"
    )
    print(header)
    for era in args.eras:
        prev: Row | None = None
        for n in args.sizes:
            row = measure(pipeline(n, args.devices, era), args.repeat, clock)
            row.calls = n
            growth = (
                f"{row.passes / prev.passes * prev.calls / n * 10:6.1f}x"
                if prev
                else "      -"
            )
            print(
                f"{era:4} {n:6d} {row.parse:8.3f} {row.fuse:8.3f} {row.fuse / n * 1e6:8.1f} {row.verify:8.3f} "
                f"{row.printed:8.3f} {row.size / 1e6:10.2f} {row.ratio:6.2f} {growth}",
                flush=True,
            )
            prev = row
    return 0


if __name__ == "__main__":
    sys.exit(main())
