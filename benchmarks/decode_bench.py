"""Decoder throughput and memory on synthetic trace buffers.

    python benchmarks/decode_bench.py                      # 1, 16 and 256 MiB, best of 3
    python benchmarks/decode_bench.py --sizes 1 16 --runs 5
    python benchmarks/decode_bench.py --workers 1          # one thread

The buffers are built from the tests' encoder (test/unit/test_decode_encoder.py): 2000 runs of
random frames are encoded once and stitched into four interleaved core streams until the buffer
is full. The frames are dense: a third of them one cycle after the previous one (held events,
folded into Repeats), a third 2-17 cycles apart, a quarter 18-1100, and 5% long gaps (up to
900000 cycles: Single2/Multiple2 frames and Event_Syncs); 60% change the slot mask, half of those
to a random multi-slot mask; 5% of frames follow a filler byte, 10% use a wider command than
needed. That is about 0.55 commands and 0.86 events per byte -- more events per byte than a
trace of a few mostly single-slot events, so a conservative case for throughput and result size.

Reported per size (times are the best of ``--runs``; MB is 10^6 bytes):

* ``decode``: wall time of ``decode_buffer``, MB/s and ns per byte (flat when linear in size);
* ``events``: intervals decoded;
* ``+arrays``: wall time to then make every stream's int64 slot/begin/end arrays (the first use
  of ``Stream.begin``/``end``/``slot``), and MB/s of decode plus that;
* ``peak``: the most memory allocated during the decode (tracemalloc, which numpy reports to),
  as a multiple of the buffer size, including the result;
* ``result``: the returned events as the decode keeps them (32-bit parts, 8 bytes per event);
* ``work``: the most memory allocated beyond the result found so far, sampled at every step of
  the decode (an upper bound of the decoder's own working memory);
* ``arrays``: the int64 arrays, once made (17 bytes per event).

Goals: decode >= 40 MB/s on the 2-core development machine, linear in size, working memory
below 4x the buffer.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "unit"))

from test_decode_encoder import encode_frames, header, random_frames  # noqa: E402

from aie_trace import decode  # noqa: E402

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
    words = np.zeros((npk, 8), dtype="<u4")
    owner = np.sort(np.arange(npk) % streams)  # stream of each packet slot before shuffling
    order = np.random.default_rng(seed).permutation(npk)
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
    return words.reshape(-1).view(np.uint8)


class WorkingMemory:
    """Samples tracemalloc at every step of a decode: the peak since the last sample minus the
    result found before it."""

    def __init__(self) -> None:
        self.result = 0
        self.peak = 0
        self.lock = threading.Lock()
        self.original = decode._intervals

    def __enter__(self) -> WorkingMemory:
        def sampled(*args, **kwargs):
            parts = self.original(*args, **kwargs)
            with self.lock:
                self.peak = max(self.peak, tracemalloc.get_traced_memory()[1] - self.result)
                tracemalloc.reset_peak()
                self.result += sum(v.nbytes for part in parts for v in part.values)
            return parts
        decode._intervals = sampled
        return self

    def __exit__(self, *exc) -> None:
        decode._intervals = self.original
        self.peak = max(self.peak, tracemalloc.get_traced_memory()[1] - self.result)


def result_bytes(r: decode.DecodeResult) -> int:
    return sum(v.nbytes for s in r.streams.values() for part in s.begins + s.ends for v in part.values)


def measure(buf: np.ndarray, runs: int) -> dict[str, float]:
    out = {"decode": float("inf"), "arrays": float("inf")}
    for _ in range(runs):
        t = time.perf_counter()
        r = decode.decode_buffer(buf)
        t1 = time.perf_counter()
        for s in r.streams.values():
            _ = s.begin, s.end, s.slot
        t2 = time.perf_counter()
        out["decode"], out["arrays"] = min(out["decode"], t1 - t), min(out["arrays"], t2 - t1)
        out["events"] = r.events
        del r
    tracemalloc.start()
    with WorkingMemory() as work:
        r = decode.decode_buffer(buf)
    out["peak"] = tracemalloc.get_traced_memory()[1]
    out["work"] = work.peak
    out["result"] = result_bytes(r)
    for s in r.streams.values():
        _ = s.begin
    out["int64"] = sum(s.slot.nbytes + s.begin.nbytes + s.end.nbytes for s in r.streams.values())
    tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 16, 256], help="buffer sizes in MiB")
    ap.add_argument("--streams", type=int, default=4, help="interleaved trace units")
    ap.add_argument("--runs", type=int, default=3, help="decodes per size; the best time counts")
    ap.add_argument("--workers", type=int, help="threads that decode streams in parallel (default: the cores)")
    args = ap.parse_args(argv)
    if args.workers:
        decode.WORKERS = args.workers
    print(f"{'size':>7} {'decode s':>9} {'MB/s':>6} {'ns/B':>6} {'events':>11} {'+arrays s':>9} {'MB/s':>6}"
          f" {'peak':>6} {'result':>6} {'work':>6} {'arrays':>6}   (memory: x buffer)")
    for mib in args.sizes:
        buf = synthetic_buffer(mib * MiB, args.streams)
        m = measure(buf, args.runs)
        n = buf.nbytes
        print(f"{mib:>4}MiB {m['decode']:9.3f} {n / m['decode'] / 1e6:6.1f} {m['decode'] / n * 1e9:6.1f} "
              f"{m['events']:>11,} {m['arrays']:9.3f} {n / (m['decode'] + m['arrays']) / 1e6:6.1f} "
              f"{m['peak'] / n:6.2f} {m['result'] / n:6.2f} {m['work'] / n:6.2f} {m['int64'] / n:6.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
