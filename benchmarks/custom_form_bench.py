# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Benchmark the custom-form reader and printer against the bindings' own generic parse.

    python benchmarks/custom_form_bench.py                 # 100, 1000, 10000 call sites, E1 and E4
    python benchmarks/custom_form_bench.py --sizes 10000 --eras E2 --repeat 5

Each module is a dispatched sequence running ``N`` traced call sites round-robin over four designs
(as in ``fuse_bench.py``), printed in custom form by ``aie_trace.ir.custom_print``. Per size the
script prints: the bindings' parse of the module's generic form, the reader's time on its custom
form (rewrite into generic text, then the same bindings parse), their ratio (goal at 10,000 call
sites: <= 2.0), and the custom printer's time. Each time is its best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time

from fuse_bench import (
    pipeline,  # the same modules fuse_bench measures (a sibling script)
)

from aie_trace.ir import custom_print, customform, provider, structure

ir = provider.ir


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    p.add_argument("--eras", nargs="+", default=["E1", "E4"])
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    if provider.AIE_REGISTERED:
        print("mlir-aie's bindings read the custom form themselves: nothing to measure")
        return 0
    print(
        f"{'era':>4} {'calls':>6} {'generic parse':>14} {'custom read':>12} {'ratio':>6} "
        f"{'custom print':>13} {'custom bytes':>13}"
    )
    for era in args.eras:
        for n in args.sizes:
            generic = pipeline(n, 4, era)
            with provider.make_context():
                module = structure.parse_op(generic, "bench")
                custom = custom_print.print_custom(module)
                assert customform.may_hold_custom_ops(custom)
                t_generic = best(lambda g=generic: ir.Operation.parse(g), args.repeat)
                t_custom = best(
                    lambda c=custom: structure.parse_op(c, "bench"), args.repeat
                )
                t_print = best(
                    lambda m=module: custom_print.print_custom(m), args.repeat
                )
            print(
                f"{era:>4} {n:>6} {t_generic:>13.3f}s {t_custom:>11.3f}s "
                f"{t_custom / t_generic:>6.2f} {t_print:>12.3f}s {len(custom):>13}"
            )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
