# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace decode`` run in-process, as the tests call it."""

from __future__ import annotations

import argparse
import io

from aie_trace.tools import decode as cli


def run_cli(*argv) -> tuple[int, str, str]:
    """``aie-trace decode ARGV...`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    p = argparse.ArgumentParser()
    cli.add_arguments(p)
    rc = cli.run(p.parse_args([str(a) for a in argv]), out, err)
    return rc, out.getvalue(), err.getvalue()
