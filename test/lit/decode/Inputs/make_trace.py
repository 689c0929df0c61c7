"""Write the fused trace buffer that fused-e4.mlir / fused-e1.mlir describe (16 KiB, two slices).

Usage: make_trace.py OUT.bin [garbage]   (``garbage``: append stray bytes to dev_a's stream)

Slice 0 (dev_a, call 0) core(0,2): three kernel runs of 100, 150 and 200 cycles (INSTR_EVENT_0 on
slot 7, INSTR_EVENT_1 on slot 1), each with 10 held cycles of INSTR_VECTOR (slot 2) and one
LOCK_STALL (slot 0). Slice 1 (dev_b, call 1) core(0,2): one run of 20 cycles (slots 3 and 2), one
Multiple frame of slots 4 and 5; mem(0,2): two DMA_S2MM_0_START_TASK (slot 0).
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "unit"))

from test_decode_encoder import buffer_of, encode_frames  # noqa: E402


def dev_a_frames():
    frames = []
    for k, length in enumerate((100, 150, 200)):
        t0 = 1010 + 1000 * k
        frames.append((t0, 1 << 7))
        frames += [(t0 + 2 + i, 1 << 2) for i in range(10)]
        frames.append((t0 + 50, 1 << 0))
        frames.append((t0 + length, 1 << 1))
    return frames


def main(out, garbage=False):
    a = encode_frames(dev_a_frames(), timer=1000).data
    if garbage:
        a += bytes([0xF1, 0xDC, 0, 0, 0])
    b_core = encode_frames([(510, 1 << 3), (515, 1 << 4 | 1 << 5), (530, 1 << 2)], timer=500).data
    b_mem = encode_frames([(505, 1), (600, 1)], timer=500).data
    data = buffer_of({(0, 0, 2, 1): a}, size=8192)
    data += buffer_of({(0, 0, 2, 3): b_core, (1, 0, 2, 2): b_mem}, random.Random(1), size=8192)
    Path(out).write_bytes(data)


if __name__ == "__main__":
    main(sys.argv[1], garbage="garbage" in sys.argv[2:])
