# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Write the fused trace buffer that fused-e4.mlir / fused-e1.mlir describe (16 KiB, two slices).

Usage: make_trace.py OUT [garbage] [design] [col=N] [txt|npy]

``garbage``: append stray bytes to dev_a's stream. ``design``: only dev_a's trace, as design-a.mlir
(an unfused design) writes it, in one 8 KiB buffer; ``col=N``: its packets carry column N, as on
hardware that started the design on another column. ``txt``: write it as mlir-aie's host helper
writes trace.txt (each nonzero word as eight hex digits, one per line); ``npy``: as a uint32 .npy.

Slice 0 (dev_a, call 0) core(0,2): three kernel runs of 100, 150 and 200 cycles (INSTR_EVENT_0 on
slot 7, INSTR_EVENT_1 on slot 1), each with 10 held cycles of INSTR_VECTOR (slot 2) and one
LOCK_STALL (slot 0). Slice 1 (dev_b, call 1) core(0,2): one run of 20 cycles (slots 3 and 2), one
Multiple frame of slots 4 and 5; mem(0,2): two DMA_S2MM_0_START_TASK (slot 0).
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "support"))

from decode_encoder import buffer_of, encode_frames  # noqa: E402


def dev_a_frames():
    frames = []
    for k, length in enumerate((100, 150, 200)):
        t0 = 1010 + 1000 * k
        frames.append((t0, 1 << 7))
        frames += [(t0 + 2 + i, 1 << 2) for i in range(10)]
        frames.append((t0 + 50, 1 << 0))
        frames.append((t0 + length, 1 << 1))
    return frames


def write(out, data, form="raw"):
    import numpy as np

    words = np.frombuffer(data, dtype="<u4")
    if form == "txt":
        Path(out).write_text("\n".join(f"{w:08x}" for w in words.tolist() if w != 0))
    elif form == "npy":
        with open(out, "wb") as f:
            np.save(f, words.astype(np.uint32))
    else:
        Path(out).write_bytes(data)


def main(out, garbage=False, design=False, col=0, form="raw"):
    a = encode_frames(dev_a_frames(), timer=1000).data
    if garbage:
        a += bytes([0xF1, 0xDC, 0, 0, 0])
    if design:
        write(out, buffer_of({(0, col, 2, 1): a}, size=8192), form)
        return
    b_core = encode_frames(
        [(510, 1 << 3), (515, 1 << 4 | 1 << 5), (530, 1 << 2)], timer=500
    ).data
    b_mem = encode_frames([(505, 1), (600, 1)], timer=500).data
    data = buffer_of({(0, 0, 2, 1): a}, size=8192)
    data += buffer_of(
        {(0, 0, 2, 3): b_core, (1, 0, 2, 2): b_mem}, random.Random(1), size=8192
    )
    Path(out).write_bytes(data)


if __name__ == "__main__":
    opts = sys.argv[2:]
    col = next((int(o[4:]) for o in opts if o.startswith("col=")), 0)
    form = "txt" if "txt" in opts else "npy" if "npy" in opts else "raw"
    main(
        sys.argv[1],
        garbage="garbage" in opts,
        design="design" in opts,
        col=col,
        form=form,
    )
