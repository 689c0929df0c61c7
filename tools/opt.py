# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace-opt``: run pass pipelines mixing aie-trace's Python passes with MLIR's passes."""

from __future__ import annotations

from aie_trace.driver import main as _driver_main


def main() -> int:
    return _driver_main()


if __name__ == "__main__":
    raise SystemExit(main())
