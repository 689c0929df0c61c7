"""Decoder throughput and memory on synthetic trace buffers.

    python benchmarks/decode_bench.py                 # 1, 16 and 256 MiB
    python benchmarks/decode_bench.py --sizes 1 16    # MiB

The buffers are built from the tests' encoder (test/unit/test_decode_encoder.py): a few thousand
runs of random frames (held events, short and long gaps, single and multiple slots, repeats,
fillers, syncs) are encoded once and then stitched into several interleaved streams until the
buffer is full. Reported per size: decode time (best of the runs), MB/s (10^6 bytes), nanoseconds
per byte (flat when decoding is linear in size), events decoded, and the peak of memory allocated
during the decode (tracemalloc, which numpy reports to) as a multiple of the buffer size.
Goal: >= 40 MB/s on 2 cores, linear in size, peak below 4x the buffer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "unit"))

from test_decode_encoder import encode_frames, header, random_frames  # noqa: E402

from aie_trace.decode import decode_buffer  # noqa: E402

MiB = 1 << 20


def segments(rng: random.Random, count: int) -> list[np.ndarray]:
    out = []
    for _ in range(count):
        enc = encode_frames(random_frames(rng, rng.randint(20, 200)), rng, filler=0.05, widen=0.1)
        out.append(np.frombuffer(enc.data, dtype=np.uint8))
    return out


def synthetic_buffer(size: int, streams: int, seed: int = 0) -> np.ndarray:
    """``size`` bytes of interleaved packets from ``streams`` core trace units."""
    rng = random.Random(seed)
    segs = segments(rng, 2000)
    npk = size // 32
    per = -(-npk // streams)
    words = np.zeros((npk, 8), dtype="<u4")
    owner = np.sort(np.arange(npk) % streams)  # stream of each packet slot before shuffling
    nprng = np.random.default_rng(seed)
    order = nprng.permutation(npk)
    # one packet slot per packet, streams interleaved at random; each stream keeps its order
    slot_of = np.empty(npk, dtype=np.int64)
    slot_of[order] = np.arange(npk)
    for s in range(streams):
        mine = np.sort(slot_of[owner == s])
        need = len(mine) * 28
        picks, total = [], 0
        while total < need:
            seg = segs[rng.randrange(len(segs))]
            picks.append(seg)
            total += len(seg)
        data = np.concatenate(picks)[:need].reshape(-1, 7, 4)
        words[mine, 1:] = data.view(">u4").reshape(-1, 7)
        words[mine, 0] = header(0, s % 4, 2 + s // 4, s + 1)
    del per
    return words.reshape(-1).view(np.uint8)


def measure(buf: np.ndarray, runs: int) -> tuple[float, int, int]:
    best = float("inf")
    events = 0
    for _ in range(runs):
        t = time.perf_counter()
        r = decode_buffer(buf)
        best = min(best, time.perf_counter() - t)
        events = r.events
        del r
    tracemalloc.start()
    r = decode_buffer(buf)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del r
    return best, events, peak


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 16, 256], help="buffer sizes in MiB")
    ap.add_argument("--streams", type=int, default=4, help="interleaved trace units")
    args = ap.parse_args(argv)
    print(f"{'size':>8} {'time s':>8} {'MB/s':>8} {'ns/byte':>8} {'events':>11} {'peak/buffer':>11}")
    for mib in args.sizes:
        buf = synthetic_buffer(mib * MiB, args.streams)
        runs = 3 if mib <= 16 else 1
        best, events, peak = measure(buf, runs)
        print(f"{mib:>5}MiB {best:8.3f} {buf.nbytes / best / 1e6:8.1f} {best / buf.nbytes * 1e9:8.2f} "
              f"{events:>11,} {peak / buf.nbytes:10.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
