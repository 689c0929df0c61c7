# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every aie-trace command over a few hundred seeded mutations of our own inputs: each ends with
exit code 0 or 1 and, on failure, messages in the one format; none raises, prints a traceback or
hangs. The commands run in this process (one interpreter for all of them) so the test stays fast.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import signal
from pathlib import Path

import pytest

from aie_trace.tools import cli

ROOT = Path(__file__).resolve().parents[2]
SEED = 20261001
MODULES, LAYOUTS, BUFFERS = 250, 120, 100
SECONDS = (
    20  # one command on one mutated input; the unmutated ones take well under a second
)
FORMAT = re.compile(r"^aie-trace (layout|run|decode): (error|warning|note|remark): ")
INTS = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "7",
    "31",
    "64",
    "255",
    "4096",
    "8191",
    "65536",
    "-1",
    "-8192",
    "2147483647",
]


class Hang(BaseException):
    """A command ran past SECONDS (BaseException: no command may catch it)."""


def _alarm(signum, frame):
    raise Hang()


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                rc = cli.main(argv)
            except SystemExit as e:  # argparse on an unusable option value
                rc = e.code if isinstance(e.code, int) else 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return rc, err.getvalue()


def mutate_text(text: str, rng: random.Random) -> bytes:
    lines = text.splitlines(keepends=True)
    for _ in range(rng.choice([1, 1, 2, 3])):
        kind = rng.randrange(8)
        k = rng.randrange(len(lines))
        if kind == 0 and len(lines) > 1:
            del lines[k]
        elif kind == 1:
            lines.insert(k, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif kind == 3:
            nums = list(re.finditer(r"-?\b\d+\b", lines[k]))
            if nums:
                m = rng.choice(nums)
                lines[k] = (
                    lines[k][: m.start()] + rng.choice(INTS) + lines[k][m.end() :]
                )
        elif kind == 4:
            names = list(re.finditer(r"[@%][\w.]+|\"[\w.]+\"", lines[k]))
            if names:
                m = rng.choice(names)
                lines[k] = (
                    lines[k][: m.start()]
                    + rng.choice(["@seq_a", "@dev_b", "@nope", "%arg1", "%0", '"x"'])
                    + lines[k][m.end() :]
                )
        elif kind == 5:
            cut = rng.randrange(len(lines[k]) + 1)
            lines[k] = (
                lines[k][:cut]
                + rng.choice(
                    ["{", "}", "(", ")", "<", ">", ",", ":", '"', "[", "]", "\\"]
                )
                + lines[k][cut:]
            )
        elif kind == 6:
            lines = lines[:k] or lines[:1]
        else:
            lines[k] = lines[k].replace(
                rng.choice(
                    [
                        "i32",
                        "i8",
                        "i64",
                        "memref",
                        "aiex.run",
                        "aie.device",
                        "trace_buffer",
                        "arg_idx",
                        "offset",
                    ]
                ),
                rng.choice(["i1", "f32", "index", "tensor", "x.y", ""]),
                1,
            )
    data = "".join(lines).encode()
    if rng.random() < 0.05:  # a byte that is not UTF-8
        i = rng.randrange(len(data) + 1)
        data = data[:i] + bytes([rng.randrange(128, 256)]) + data[i:]
    return data


def mutate_layout(doc: object, rng: random.Random) -> bytes:
    if rng.random() < 0.3:
        return mutate_text(json.dumps(doc, indent=1), rng)
    doc = json.loads(json.dumps(doc))
    values = [None, True, -1, 0, 1.5, 10**12, "x", [], {}, [1], {"a": 1}, "0+1", 2**31]
    for _ in range(rng.choice([1, 2, 3])):
        target = rng.choice(doc) if isinstance(doc, list) and doc else doc
        if not isinstance(target, dict):
            continue
        if (
            "slices" in target
            and isinstance(target["slices"], list)
            and target["slices"]
            and rng.random() < 0.6
        ):
            target = rng.choice(target["slices"])
            if not isinstance(target, dict):
                continue
        key = rng.choice(sorted(target) or ["kernel"])
        if rng.random() < 0.2:
            target.pop(key, None)
        else:
            target[key] = rng.choice(values)
    return json.dumps(doc).encode()


def mutate_buffer(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    kind = rng.randrange(4)
    if kind == 0:
        for _ in range(rng.randrange(1, 64)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    elif kind == 1:
        i = rng.randrange(len(b))
        b[i : i + 32] = bytes(rng.randrange(256) for _ in range(32))
    elif kind == 2:
        b = b[: rng.randrange(len(b))]
    else:
        b += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096)))
    return bytes(b)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("mutations")
    import aie_trace.tools.opt  # noqa: F401  (the driver registers the passes)
    from aie_trace import driver

    fused = d / "fused.mlir"
    assert (
        driver.main(
            [
                str(ROOT / "examples" / "two_designs_e4.mlir"),
                "-aie-trace-fuse-buffers",
                "-o",
                str(fused),
            ]
        )
        == 0
    )
    rc, err = run(["run", str(fused), "-o", str(d / "out")])
    assert rc == 0, err
    rc, err = run(
        [
            "layout",
            str(fused),
            "--kernel",
            "main:main_seq",
            "-o",
            str(d / "layout.json"),
        ]
    )
    assert rc == 0, err
    return d


def check(argv: list[str], failures: list[str], codes: dict) -> None:
    try:
        rc, err = run(argv)
    except Hang:
        failures.append(f"hang: {argv}")
        return
    # The one format; continuation lines of a message are indented under it.
    bad = [
        ln
        for ln in err.splitlines()
        if ln.strip() and not ln.startswith(" ") and not FORMAT.match(ln)
    ]
    if rc not in (0, 1) or "Traceback" in err or "internal error" in err or bad:
        failures.append(f"rc {rc}: {argv}\n{err[-1500:]}")
    codes.setdefault(argv[0], set()).add(rc)


def test_every_command_survives_mutated_inputs(inputs):
    rng = random.Random(SEED)
    d = inputs
    module_text = (d / "fused.mlir").read_text()
    layout_doc = json.loads((d / "layout.json").read_text())
    trace = (d / "out" / "trace.bin").read_bytes()
    failures: list[str] = []
    codes: dict[str, set[int]] = {}
    for k in range(MODULES):
        m = d / f"m{k}.mlir"
        m.write_bytes(mutate_text(module_text, rng))
        check(["layout", str(m)], failures, codes)
        check(["run", str(m), "-o", str(d / f"o{k}")], failures, codes)
        check(
            ["decode", str(d / "out" / "trace.bin"), "--mlir", str(m)], failures, codes
        )
    for k in range(LAYOUTS):
        j = d / f"l{k}.json"
        j.write_bytes(mutate_layout(layout_doc, rng))
        check(
            ["decode", str(d / "out" / "trace.bin"), "--layout", str(j)],
            failures,
            codes,
        )
    for k in range(BUFFERS):
        b = d / f"b{k}.bin"
        b.write_bytes(mutate_buffer(trace, rng))
        check(["decode", str(b), "--mlir", str(d / "fused.mlir")], failures, codes)
        check(
            [
                "decode",
                str(b),
                "--layout",
                str(d / "layout.json"),
                "--allow-size-mismatch",
            ],
            failures,
            codes,
        )
    assert not failures, (
        f"{len(failures)} of {3 * MODULES + LAYOUTS + 2 * BUFFERS} runs failed:\n\n"
        + "\n\n".join(failures[:8])
    )
    # The mutations reach both outcomes of every command: some inputs still work, some are refused.
    assert codes == {c: {0, 1} for c in ("layout", "run", "decode")}, codes


OPT_MODULES = 120
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run_opt(argv: list[str]) -> tuple[int, str]:
    """``aie-trace-opt`` in process, bounded by the same alarm as the other commands."""
    from aie_trace import driver

    err = io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, SECONDS)
    try:
        rc = driver.main(argv, io.StringIO(), err)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return rc, err.getvalue()


@pytest.mark.parametrize("era", ["e2", "e3"])
def test_aie_trace_opt_survives_mutated_inputs(era, tmp_path):
    """The passes on mutated modules: a located error or a result, never a traceback or an
    internal error (a bug in a pass), and never a hang."""
    rng = random.Random(SEED)
    text = (EXAMPLES / f"two_designs_{era}.mlir").read_text()
    failures: list[str] = []
    codes: set[int] = set()
    for k in range(OPT_MODULES):
        m = tmp_path / f"m{k}.mlir"
        m.write_bytes(mutate_text(text, rng))
        # (in E3/E4 prepare leaves the fuse to aiecc: fuse-buffers stands in for it)
        argv = [
            str(m),
            "-aie-trace-prepare",
            "-aie-trace-fuse-buffers",
            "-aie-trace-materialize",
        ]
        try:
            rc, err = run_opt(argv)
        except Hang:
            failures.append(f"hang: {argv}")
            continue
        codes.add(rc)
        if rc not in (0, 1) or "Traceback" in err or "internal error" in err:
            failures.append(f"rc {rc}: {argv}\n{err[-1500:]}")
    assert (
        not failures
    ), f"{len(failures)} of {OPT_MODULES} runs failed:\n\n" + "\n\n".join(failures[:8])
    assert codes == {0, 1}, codes
