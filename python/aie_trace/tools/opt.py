# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace-opt``: run pass pipelines mixing aie-trace's Python passes with MLIR's passes."""

from __future__ import annotations

import gc

from aie_trace.opt.driver import main as _driver_main


def main() -> int:
    # The application's choice (library and pass code leave the collector alone): a pipeline
    # reads a module into many small, long-lived Python objects (run graph, call frames, per-op
    # summaries), and the cyclic collector's full passes over them grow faster than the module
    # (benchmarks/fuse_bench.py --gc on). The process exits after one pipeline; reference
    # counting still frees what is not in a cycle.
    gc.disable()
    return _driver_main()


if __name__ == "__main__":
    raise SystemExit(main())
