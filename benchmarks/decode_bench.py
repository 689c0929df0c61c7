# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Decoder throughput and memory on synthetic trace buffers.

    python benchmarks/decode_bench.py --table              # 1, 16 and 256 MiB, best of 3
    python benchmarks/decode_bench.py --table --sizes 1 16 --runs 5
    python benchmarks/decode_bench.py --table --workers 1  # one thread

The buffers are built from the tests' encoder (test/support/decode_encoder.py): 2000 runs of
random frames are encoded once and stitched into four interleaved core streams until the buffer
is full. The frames are dense: a third of them one cycle after the previous one (held events,
folded into Repeats), a third 2-17 cycles apart, a quarter 18-1100, and 5% long gaps (up to
900000 cycles: Single2/Multiple2 frames and Event_Syncs); 60% change the slot mask, half of those
to a random multi-slot mask; 5% of frames follow a filler byte, 10% use a wider command than
needed. That is about 0.55 commands and 0.86 events per byte -- more events per byte than a
trace of a few mostly single-slot events, so a conservative case for throughput and result size.

Reported per size (times are the best of ``--runs``; MB is 10^6 bytes):

* ``decode``: wall time of ``decode_buffer``, MB/s of the best and of the slowest run, and ns
  per byte (flat when linear in size);
* ``events``: intervals decoded;
* ``steps``: wall time to produce every event again on demand, a step at a time
  (``Stream.steps``, what the Chrome-trace writer does; best of two);
* ``arrays``: wall time to make every stream's int64 slot/begin/end arrays
  (``Stream.slot``/``begin``/``end``, 17 bytes per event; one run);
* ``peak``: the most memory allocated during ``decode_buffer``, result included, as a multiple
  of the buffer size (tracemalloc, which numpy reports to; the buffer itself is the caller's);
* ``fused``: the same for ``decode_fused`` of the buffer cut into four slices by a layout;
* ``result``: the memory the returned result holds;
* ``steps pk``: the most memory allocated while producing every event step by step.

Goals: decode >= 40 MB/s on the 2-core development machine, linear in size, peak memory below
4x the buffer.

Without ``--table`` or ``--io`` the script measures where users run the decoder and prints each
figure beside its goal, single thread (``--workers 1``), each job in a child process of its own
so its peak resident memory is its own:

    python benchmarks/decode_bench.py                      # the goals table (fits 8 GB)

* end to end: ``aie-trace decode`` of a 16 MiB buffer file to a Perfetto file and a summary;
* ``aie_trace.parse_trace`` of a 1 MiB buffer (mlir-aie's entry point);
* memory at 256 MiB: ``aie-trace decode`` of a 256 MiB file to its summary (the decode streams:
  the Perfetto file of that buffer would be about 45 GB of JSON, so it is not written);
* output in proportion to the events: bytes of Perfetto JSON per event;
* a 1 MB buffer of pulsed ``Repeat`` commands (each ``Repeat1`` of 1023 pulses of all eight
  slots), end to end.

The figures come from a shared machine: other work on its two cores slows them down, so the load
average is printed beside them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "support"))

from decode_encoder import encode_frames, header, random_frames  # noqa: E402

from aie_trace.trace import decode, stream

MiB = 1 << 20


def segments(rng: random.Random, count: int) -> list[np.ndarray]:
    out = []
    for _ in range(count):
        enc = encode_frames(
            random_frames(rng, rng.randint(20, 200)), rng, filler=0.05, widen=0.1
        )
        out.append(np.frombuffer(enc.data, dtype=np.uint8))
    return out


def synthetic_buffer(size: int, streams: int, seed: int = 0) -> np.ndarray:
    """``size`` bytes of interleaved packets from ``streams`` core trace units."""
    rng = random.Random(seed)
    segs = segments(rng, 2000)
    npk = size // 32
    words = np.zeros((npk, 8), dtype="<u4")
    owner = np.sort(
        np.arange(npk) % streams
    )  # stream of each packet slot before shuffling
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


def traced(fn):
    """``fn()``, the most memory allocated while it ran and what its result still holds."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    out = fn()
    now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return out, peak - before, now - before


def replay_all(r: stream.DecodeResult) -> int:
    n = 0
    for s in r.streams.values():
        for begins, _ in s.steps():
            n += sum(len(b) for b in begins)
    return n


def timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def measure(buf: np.ndarray, runs: int) -> dict[str, float]:
    out: dict[str, float] = {}
    times = timed(lambda: stream.decode_buffer(buf), runs)
    out["best"], out["worst"] = min(times), max(times)
    r, out["peak"], out["result"] = traced(lambda: stream.decode_buffer(buf))
    out["events"] = r.events
    out["steps"] = min(timed(lambda: replay_all(r), 2))
    n, out["steps_peak"], _ = traced(lambda: replay_all(r))
    assert n == r.events
    t = time.perf_counter()
    for s in r.streams.values():
        _ = s.slot, s.begin, s.end
    out["arrays"] = time.perf_counter() - t
    r = None  # drop the result before the next measurement
    quarter = len(buf) // 4
    slices = [
        {
            "device": "d",
            "sequence": "s",
            "call_path": str(i),
            "offset": i * quarter,
            "size": quarter,
        }
        for i in range(4)
    ]
    _, out["fused"], _ = traced(lambda: decode.decode_fused(buf, slices))
    return out


class _Sink:
    """A text stream that keeps only how much was written."""

    def __init__(self) -> None:
        self.chars = 0

    def write(self, text: str) -> int:
        self.chars += len(text)
        return len(text)


def measure_io(buf: np.ndarray) -> dict[str, float]:
    """Reading the buffer as mlir-aie's trace.txt (one hex word per line, zero words left out) and
    writing the Chrome trace of its decode (perfetto and parse.py styles) to a sink."""
    from aie_trace.trace import inputs as trace_input
    from aie_trace.trace import perfetto

    out: dict[str, float] = {}
    text = "\n".join(f"{w:08x}" for w in buf.view("<u4").tolist() if w).encode()
    out["txt_mb"] = len(text) / 1e6
    out["txt"] = min(timed(lambda: trace_input.words_of(text), 1))
    sites = decode.decode_fused(
        buf,
        [
            {
                "device": "d",
                "sequence": "s",
                "call_path": "",
                "offset": 0,
                "size": buf.nbytes,
            }
        ],
    )
    for style in perfetto.STYLES:
        sink = _Sink()
        out[style] = min(
            timed(
                lambda sink=sink, style=style: perfetto.write_chrome_trace(
                    sites, sink, style=style
                ),
                1,
            )
        )
        out[style + "_mb"] = sink.chars / 1e6
    return out


# -- goals, each measured in a child process -------------------------------------------------------

DESIGN = Path(__file__).resolve().parents[1] / "test" / "lit" / "decode" / "Inputs"
DESIGN = DESIGN / "design-a.mlir"


def _child(kind: str, path: str) -> dict[str, float]:
    """One measured job (run in a child process); returns its figures and its own peak RSS."""
    import io
    import resource

    from aie_trace.report import compat
    from aie_trace.tools import decode as cli

    stream.WORKERS = 1
    out: dict[str, float] = {}
    t = time.perf_counter()
    if kind == "parse_trace":
        words = np.fromfile(path, dtype="<u4")
        events = compat.parse_trace(words, DESIGN.read_text())
        out["events"] = sum(e["ph"] == "B" for e in events)
    else:
        argv = [path, "--mlir", str(DESIGN), "--progress", "never", "--summary-json"]
        argv += [path + ".summary.json"]
        if kind == "end_to_end":
            argv += ["-o", path + ".json"]
        p = cli.argparse.ArgumentParser()
        cli.add_arguments(p)
        rc = cli.run(p.parse_args(argv), io.StringIO(), io.StringIO())
        assert rc == 0, rc
    out["seconds"] = time.perf_counter() - t
    if kind == "end_to_end":
        out["output"] = Path(path + ".json").stat().st_size
        Path(path + ".json").unlink()
    out["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return out


def _run_child(kind: str, path: Path) -> dict[str, float]:
    import json
    import subprocess

    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import decode_bench as b; "
        "print(json.dumps(b._child(sys.argv[2], sys.argv[3])))"
    )
    here = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [sys.executable, "-c", code, here, kind, str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def repeat_bomb(size: int) -> np.ndarray:
    """``size`` bytes of one core stream: a frame of all eight slots, then pulsed Repeat1s."""
    stream = bytes([0xF0] + [0] * 7) + bytes([0xCF, 0xF1]) + bytes([0xDB, 0xFF]) * size
    words = []
    for i in range(0, size // 32 * 28, 28):
        chunk = stream[i : i + 28]
        words.append(header(0, 0, 2, 1))
        words += [int.from_bytes(chunk[j : j + 4], "big") for j in range(0, 28, 4)]
    return np.array(words, dtype="<u4").view(np.uint8)


def _line(what: str, figure: str, goal: str, met: bool | None) -> None:
    verdict = {True: "met", False: "NOT MET", None: "-"}[met]
    print(f"{what:<44} {figure:>22}   goal {goal:<24} {verdict}", flush=True)


def goals(tmp: Path, big_mib: int = 256) -> None:
    import os

    print(
        f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on "
        f"{os.cpu_count()} cores (shared machine: figures vary with other work), single thread"
    )
    path = tmp / "e2e.bin"
    synthetic_buffer(16 * MiB, 4).tofile(path)
    m = _run_child("end_to_end", path)
    events = stream.decode_buffer(np.fromfile(path, dtype=np.uint8)).events
    mbps = 16 * MiB / m["seconds"] / 1e6
    _line(
        "end to end, 16 MiB (file -> Perfetto + summary)",
        f"{mbps:.1f} MB/s",
        ">= 30 MB/s",
        mbps >= 30,
    )
    _line("  its peak resident memory", f"{m['rss'] / 1e6:.0f} MB", "-", None)
    per = m["output"] / events
    _line(
        "  Perfetto output per event",
        f"{per:.0f} B ({m['output'] / 1e9:.2f} GB)",
        "in proportion",
        None,
    )
    path.unlink()

    path = tmp / "parse.bin"
    synthetic_buffer(MiB, 4).tofile(path)
    m = _run_child("parse_trace", path)
    mbps = MiB / m["seconds"] / 1e6
    _line("parse_trace, 1 MiB", f"{mbps:.2f} MB/s", ">= 10 MB/s", mbps >= 10)
    _line("  its peak resident memory", f"{m['rss'] / 1e6:.0f} MB", "-", None)
    path.unlink()

    path = tmp / "big.bin"
    synthetic_buffer(big_mib * MiB, 4).tofile(path)
    m = _run_child("summary", path)
    _line(
        f"decode + summary, {big_mib} MiB: peak resident memory",
        f"{m['rss'] / 1e6:.0f} MB",
        "< 1000 MB",
        m["rss"] < 1e9,
    )
    _line("  its speed", f"{big_mib * MiB / m['seconds'] / 1e6:.1f} MB/s", "-", None)
    path.unlink()

    path = tmp / "bomb.bin"
    repeat_bomb(1_000_000).tofile(path)
    m = _run_child("end_to_end", path)
    _line(
        "1 MB of pulsed Repeats, end to end",
        f"{m['seconds']:.1f} s",
        "<= 10 s",
        m["seconds"] <= 10,
    )
    _line(
        "  its peak resident memory",
        f"{m['rss'] / 1e6:.0f} MB",
        "<= 1000 MB",
        m["rss"] <= 1e9,
    )
    _line("  its Perfetto output", f"{m['output'] / 1e6:.0f} MB", "-", None)
    path.unlink()
    _line("progress bar", "decoding, then writing", "over the whole job", True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--sizes", type=int, nargs="+", default=[1, 16, 256], help="buffer sizes in MiB"
    )
    ap.add_argument("--streams", type=int, default=4, help="interleaved trace units")
    ap.add_argument(
        "--runs", type=int, default=3, help="decodes per size; the best time counts"
    )
    ap.add_argument(
        "--workers",
        type=int,
        help="threads that decode streams in parallel (default: the cores)",
    )
    ap.add_argument(
        "--io",
        action="store_true",
        help="instead: time reading a trace.txt of each buffer and writing its Chrome trace",
    )
    ap.add_argument(
        "--table",
        action="store_true",
        help="instead of the goals: the decode's throughput and memory per size",
    )
    ap.add_argument(
        "--big",
        type=int,
        default=256,
        metavar="MIB",
        help="goals: the size of the memory measurement (default 256)",
    )
    args = ap.parse_args(argv)
    if args.workers:
        stream.WORKERS = args.workers
    if not (args.table or args.io):
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            goals(Path(tmp), args.big)
        return 0
    if args.io:
        print(
            f"{'size':>7} {'trace.txt MB':>12} {'read s':>7} {'MB/s':>6} {'perfetto s':>10} {'MB':>7} "
            f"{'parse.py s':>10} {'MB':>7}"
        )
        for mib in args.sizes:
            buf = synthetic_buffer(mib * MiB, args.streams)
            m = measure_io(buf)
            print(
                f"{mib:>4}MiB {m['txt_mb']:12.1f} {m['txt']:7.2f} {m['txt_mb'] / m['txt']:6.1f} "
                f"{m['perfetto']:10.2f} {m['perfetto_mb']:7.1f} {m['parse.py']:10.2f} {m['parse.py_mb']:7.1f}",
                flush=True,
            )
        return 0
    print(
        f"{'size':>7} {'decode s':>9} {'MB/s':>6} {'slowest':>7} {'ns/B':>6} {'events':>11} {'steps s':>8}"
        f" {'arrays s':>8} {'peak':>6} {'fused':>6} {'result':>6} {'steps pk':>8}   (memory: x buffer)"
    )
    for mib in args.sizes:
        buf = synthetic_buffer(mib * MiB, args.streams)
        m = measure(buf, args.runs)
        n = buf.nbytes
        print(
            f"{mib:>4}MiB {m['best']:9.3f} {n / m['best'] / 1e6:6.1f} {n / m['worst'] / 1e6:7.1f} "
            f"{m['best'] / n * 1e9:6.1f} {m['events']:>11,} {m['steps']:8.3f} {m['arrays']:8.3f} "
            f"{m['peak'] / n:6.2f} {m['fused'] / n:6.2f} {m['result'] / n:6.3f} {m['steps_peak'] / n:8.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
