# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Per-slice assertions on the output directory of ``aie-trace run`` (hardware and emulator alike).

    check_slices.py OUT_DIR --expect DEVICE=PKT_ID ... [--events DEVICE:SLOT=LO..HI ...] [--empty PATH ...]
                    [--ground-truth JSON]

For every slice in OUT_DIR/slices.json: it was written, it decodes without anomalies (a command cut
off at the end of the written bytes excepted), every packet in it comes from a trace unit with its
design's packet id (``--expect``) and from no other design, and, with ``--events``, the number of
events of that slot lies in ``[LO, HI]``. Slices named with ``--empty`` (by call path) must hold
nothing. With the emulator's ``--ground-truth``, every session whose packets landed in a slice must
be a call of that slice (its design and call path), and the slice must decode to exactly the events
of those sessions that reached memory. Prints one line per slice and ``PASS`` or the failures;
exits non-zero on failure.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from aie_trace.trace.stream import decode_buffer


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out_dir", type=Path)
    p.add_argument("--expect", action="append", default=[], metavar="DEVICE=PKT_ID")
    p.add_argument(
        "--events", action="append", default=[], metavar="DEVICE:SLOT=LO..HI"
    )
    p.add_argument("--empty", action="append", default=[], metavar="CALL_PATH")
    p.add_argument("--ground-truth", type=Path, metavar="JSON")
    return p.parse_args(argv)


def ground_truth_failures(entry: dict, result, truth: dict, label: str) -> list[str]:
    """Sessions landing in this slice belong to it, and it decodes to exactly their events."""
    lo, hi = entry["offset"], entry["offset"] + entry["size"]
    paths = (
        (entry["call_path"] or "").split("+")
        if entry["call_path"] is not None
        else None
    )
    expected: dict[tuple, list] = {}
    failures = []
    for s in truth["sessions"]:
        for u in s["units"]:
            inside = [
                p
                for p in u["placements"]
                if p[0] == truth["trace_buffer"] and lo <= p[1] < hi
            ]
            if not inside:
                continue
            if s["design"] != entry["device"] or (
                paths is not None and s["path"] not in paths
            ):
                failures.append(
                    f"{label} holds packets of @{s['design']} call {s['path']!r}"
                )
            expected.setdefault((u["pkt_type"], u["col"], u["row"]), []).extend(
                tuple(i) for i in u["landed"]
            )
    got = {tuple(k): sorted(s.intervals()) for k, s in result.streams.items()}
    if got != {k: sorted(v) for k, v in expected.items() if v}:
        failures.append(
            f"{label} does not decode to the events the emulator recorded for it"
        )
    return failures


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    expect = {d: int(i) for d, i in (e.split("=") for e in args.expect)}
    ranges: dict[tuple[str, int], tuple[int, int]] = {}
    for spec in args.events:
        key, bounds = spec.split("=")
        device, slot = key.split(":")
        lo, hi = bounds.split("..")
        ranges[(device, int(slot))] = (int(lo), int(hi))
    truth = json.loads(args.ground_truth.read_text()) if args.ground_truth else None
    failures = []
    for entry in json.loads((args.out_dir / "slices.json").read_text()):
        label = f"{entry['device']}:{entry['sequence']} [{entry['call_path']}]"
        data = (args.out_dir / entry["file"]).read_bytes()
        result = decode_buffer(data)
        if entry["call_path"] in args.empty:
            print(f"{label}: {result.events} events (expected none)")
            if result.events or entry["written"]:
                failures.append(
                    f"{label} should be empty but holds {result.events} events"
                )
            continue
        anomalies = [
            a.describe() for a in result.anomalies if a.kind != "truncated_command"
        ]
        ids = sorted({i for s in result.streams.values() for i in s.pkt_ids})
        counts = {}
        for stream in result.streams.values():
            for slot in stream.slot.tolist():
                counts[slot] = counts.get(slot, 0) + 1
        print(
            f"{label}: {result.events} events, packet ids {ids}, per slot {dict(sorted(counts.items()))}"
        )
        if not entry["written"] or not result.events:
            failures.append(f"{label} holds no trace events")
        if anomalies:
            failures.append(f"{label}: {'; '.join(anomalies)}")
        want = expect.get(entry["device"])
        if want is not None and ids != [want]:
            failures.append(
                f"{label} holds packets of ids {ids}; its design traces with id {want} only"
            )
        if truth is not None:
            failures += ground_truth_failures(entry, result, truth, label)
        for (device, slot), (lo, hi) in ranges.items():
            if device == entry["device"] and not lo <= counts.get(slot, 0) <= hi:
                failures.append(
                    f"{label}: {counts.get(slot, 0)} events in slot {slot}, expected {lo}..{hi}"
                )
    for f in failures:
        print(f"FAIL: {f}")
    if not failures:
        print("PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
