# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The model of mlir-aie's -aie-fuse-trace-buffers (test/support/upstream_fuse.py) as a pass, for
lit tests that stand in for aiecc's trace stage; loaded with --load-pass-plugin."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from aie_trace.opt.registry import Pass, register

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "support"))
from upstream_fuse import UpstreamFuseError, fuse_like_upstream  # noqa: E402


@register
@dataclass(frozen=True)
class UpstreamFuseTraceBuffers(Pass):
    """Fuses as mlir-aie's -aie-fuse-trace-buffers does (see test/support/upstream_fuse.py)."""

    name: ClassVar[str] = "test-upstream-fuse-trace-buffers"
    summary: ClassVar[str] = "mlir-aie's -aie-fuse-trace-buffers, modelled"

    def run(self, module, diag) -> None:
        try:
            fuse_like_upstream(module)
        except UpstreamFuseError as e:
            raise diag.fail(e.op, str(e)) from None
