# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Hand-made NPU instruction streams (TXN) for the runtime tests."""

from __future__ import annotations

import numpy as np


def txn(*ops: list[int]) -> bytes:
    """A TXN instruction stream: header (version, columns), then ``ops``."""
    words = [op for o in ops for op in o]
    return np.array(
        [0x03000001, 1, len(ops), 4 * (4 + len(words))] + words, dtype="<u4"
    ).tobytes()


def ddr_patch(arg_idx: int, arg_plus: int) -> list[int]:
    return [0x81, 48, 0, 0, 0, 0, 0x1D1E4, 0, arg_idx, 0, arg_plus, 0]
