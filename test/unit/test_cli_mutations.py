# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every aie-trace command over seeded mutations of our own inputs, of standard input and of
option values, each case under a resource cap: 2 GB of address space and a time limit.

Each case ends with exit code 0, 1 or 2 (2: a usage error, argparse's), its messages in the one
format, no traceback, no internal error, no ``out of memory``; an output it was asked for is
written whole (strict JSON: no ``Infinity``) or not at all. The cases are found, not listed:

* inputs: mutated modules, layouts and trace buffers (line edits, bad bytes, truncation);
* standard input: the module re-encoded (Latin-1, UTF-16, ...) and piped to every command as ``-``;
* option values: every option of every command, read from the parsers themselves. An option that
  takes a value must refuse an empty string; a numeric one must carry a range
  (``aie_trace.tools.options``: a bare ``int`` or ``float`` is a failure) and is tried at both
  ends of it (runs), just past them, at huge integers, ``inf``, ``nan`` and ``1e-320`` (refused,
  the message naming the option);
* the resource cap itself: a module whose host buffer is 6 GiB runs within it, and a case that
  allocates past it is caught (so a broken cap fails the test too).

The cases run in worker processes (``python test_cli_mutations.py``), many cases to a worker, so
that one interpreter start is paid per batch: the worker's address space is capped with
``RLIMIT_AS`` (no cgroups needed) and each case is given :data:`CASE_SECONDS`; a worker that dies
or goes silent for longer fails its case and the rest of the batch runs in a new one.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import random
import re
import resource
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aie_trace.trace.stream import PULSE_EVENTS_BASE, PULSE_EVENTS_PER_BYTE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SEED = 20261001
MODULES, LAYOUTS, BUFFERS, OPT_MODULES = 250, 120, 100, 120
#: the resource cap of every case: address space of the worker, seconds per case
MEMORY_LIMIT = 2 << 30
CASE_SECONDS = 60
FORMAT = re.compile(
    r"^aie-trace( layout| run| decode| report)?: (error|warning|note|remark): "
)
#: aie-trace-opt's, as mlir-opt's: ``<where>: <severity>: <message>``
OPT_FORMAT = re.compile(r"^\S[^\n]*?: (error|warning|note|remark): ")
#: the encodings standard input is tried in (the module with a comment that needs them)
ENCODINGS = (
    "latin-1",
    "cp1252",
    "utf-16",
    "utf-16-le",
    "utf-32",
    "utf-8-sig",
    "shift_jis",
)
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


# -- the worker: runs cases in this process under the cap its parent set ------------------------


class Hang(BaseException):
    """A case ran past CASE_SECONDS (BaseException: no command may catch it)."""


def _alarm(signum, frame):
    raise Hang()


def _run_case(case: dict) -> tuple[int, str]:
    """One case in this interpreter: (exit code, stderr)."""
    from aie_trace.opt import driver
    from aie_trace.tools import cli

    data = bytes.fromhex(case["stdin"]) if case.get("stdin") is not None else b""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    err = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                if case["tool"] == "aie-trace-opt":
                    rc = driver.main(case["argv"], io.StringIO(), err)
                elif case["tool"] == "allocate":  # the cap's own check
                    rc = 0 if bytearray(int(case["argv"][0])) else 0
                else:
                    rc = cli.main(case["argv"])
            except SystemExit as e:  # argparse on an unusable option value
                rc = e.code if isinstance(e.code, int) else 1
            except MemoryError:
                err.write("out of memory (MemoryError)\n")
                rc = 1
    finally:
        sys.stdin = old_stdin
    return rc, err.getvalue()


def _worker() -> None:
    """Read cases (JSON lines) on stdin; answer each on the original stdout as it ends."""
    import aie_trace.tools.opt  # noqa: F401  (the driver registers the passes)

    cases = [json.loads(line) for line in sys.stdin]
    answer = os.fdopen(os.dup(1), "w")
    signal.signal(signal.SIGALRM, _alarm)
    for case in cases:
        begun = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
        try:
            rc, err = _run_case(case)
        except Hang:
            rc, err = None, f"ran past {CASE_SECONDS} s"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        answer.write(
            json.dumps({"rc": rc, "err": err[-3000:], "s": time.monotonic() - begun})
            + "\n"
        )
        answer.flush()


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cases(cases: list[dict]) -> list[dict]:
    """Each case's answer, in order, from capped workers; a case that kills or stalls its worker
    is answered ``{"rc": None, "err": why}`` and the rest run in a new one."""
    answers: list[dict] = []
    while len(answers) < len(cases):
        todo = cases[len(answers) :]
        proc = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=_cap,
            cwd=ROOT,
        )
        proc.stdin.write("".join(json.dumps(c) + "\n" for c in todo).encode())
        proc.stdin.close()
        startup = 60  # the first answer also waits for the interpreter and MLIR to load
        for _ in todo:
            ready, _, _ = select.select([proc.stdout], [], [], CASE_SECONDS + startup)
            line = proc.stdout.readline() if ready else b""
            startup = 10
            if not line:
                proc.kill()
                why = "stalled" if not ready else "died"
                rc = proc.wait()
                tail = proc.stderr.read().decode(errors="replace")[-1500:]
                answers.append({"rc": None, "err": f"worker {why} (exit {rc}): {tail}"})
                break
            answers.append(json.loads(line))
        else:
            proc.wait()
        proc.stderr.close()
        proc.stdout.close()
    return answers


# -- checking an answer -------------------------------------------------------------------------


def _strict_json(text: str) -> object:
    def refuse(name: str) -> object:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def check(case: dict, answer: dict, failures: list[str], codes: dict) -> None:
    rc, err = answer["rc"], answer["err"]
    what = f"{case['tool']} {case['argv']}" + (" <stdin>" if case.get("stdin") else "")
    lines = [ln for ln in err.splitlines() if ln.strip() and not ln.startswith(" ")]
    form = OPT_FORMAT if case["tool"] == "aie-trace-opt" else FORMAT
    bad = [
        ln
        for ln in lines
        if not form.match(ln) and not (rc == 2 and ln.startswith("usage:"))
    ]
    problems = []
    if rc is None:
        problems.append("no exit: " + err)
    elif rc not in (0, 1, 2) or bad:
        problems.append(f"exit {rc} or lines out of format: {bad[:3]}")
    for sign in ("Traceback", "internal error", "out of memory"):
        if sign in err:
            problems.append(sign)
    expect = case.get("expect")
    if expect == "usage" and not (rc == 2 and case["option"] in err):
        problems.append(f"expected a usage error (exit 2) naming {case['option']}")
    if expect == "runs" and rc == 2:
        problems.append(f"refused a value in the range of {case['option']}")
    if expect == "ok" and rc != 0:
        problems.append("expected to succeed")
    for out in case.get("outputs", []):
        path = Path(out)
        leftovers = list(path.parent.glob(f".{path.name}.*.tmp"))
        if leftovers:
            problems.append(f"temporary files left: {leftovers}")
        if rc != 0 or not path.exists():
            if rc == 0 and case.get("must_write"):
                problems.append(f"did not write {path.name}")
            continue
        try:
            doc = _strict_json(path.read_text())
        except ValueError as e:
            problems.append(f"{path.name} is not valid JSON: {e}")
            continue
        events = doc.get("traceEvents", []) if isinstance(doc, dict) else []
        ts = [e["ts"] for e in events if isinstance(e, dict) and "ts" in e]
        if not all(isinstance(t, (int, float)) and math.isfinite(t) for t in ts) or (
            len(ts) > 2 and len(set(ts)) == 1
        ):
            problems.append(f"{path.name}: timestamps not finite or all equal")
    if problems:
        failures.append(f"{what}: {'; '.join(problems)}\n{err[-1200:]}")
    codes.setdefault(
        case.get("group", case["argv"][0] if case["argv"] else ""), set()
    ).add(rc)


def run_and_check(cases: list[dict]) -> tuple[list[str], dict]:
    failures: list[str] = []
    codes: dict[str, set] = {}
    for case, answer in zip(cases, run_cases(cases), strict=True):
        check(case, answer, failures, codes)
    return failures, codes


def _report(failures: list[str], total: int) -> str:
    return f"{len(failures)} of {total} cases failed:\n\n" + "\n\n".join(failures[:8])


# -- the cases ----------------------------------------------------------------------------------


def _fixture_files(d: Path) -> None:
    """The unmutated inputs: the E4 example fused, its run, its layout (built in this process)."""
    import aie_trace.tools.opt  # noqa: F401  (the driver registers the passes)
    from aie_trace.opt import driver
    from aie_trace.tools import cli

    fused = d / "fused.mlir"
    src = str(EXAMPLES / "two_designs_e4.mlir")
    assert driver.main([src, "-aie-trace-fuse-buffers", "-o", str(fused)]) == 0
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(["run", str(fused), "-o", str(d / "out")]) == 0
        layout = ["layout", str(fused), "--kernel", "main:main_seq"]
        assert cli.main([*layout, "-o", str(d / "layout.json")]) == 0


def _case(*argv: str, **extra) -> dict:
    return {"tool": "aie-trace", "argv": [str(a) for a in argv], **extra}


def _opt_case(*argv: str, **extra) -> dict:
    return {"tool": "aie-trace-opt", "argv": [str(a) for a in argv], **extra}


def _through_stdin(command: str, d: Path, k: int, data: bytes) -> dict:
    """``command`` reading the module ``data`` from stdin."""
    trace = d / "out" / "trace.bin"
    argv = {
        "layout": ["layout", "-"],
        "run": ["run", "-", "-o", d / f"si{k}"],
        "decode": ["decode", trace, "--mlir", "-", "-o", d / f"si{k}.json"],
    }[command]
    return _case(*argv, stdin=data.hex(), outputs=[str(d / f"si{k}.json")])


def reencoded(text: str, encoding: str) -> bytes:
    """The module after a comment that is not ASCII, all in ``encoding``."""
    comment = (
        "// \u65e5\u672c\n" if encoding == "shift_jis" else "// caf\u00e9 \u00a9\n"
    )
    return (comment + text).encode(encoding)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("mutations")
    _fixture_files(d)
    return d


def test_every_command_survives_mutated_inputs(inputs):
    rng = random.Random(SEED)
    d = inputs
    module_text = (d / "fused.mlir").read_text()
    layout_doc = json.loads((d / "layout.json").read_text())
    trace = (d / "out" / "trace.bin").read_bytes()
    cases: list[dict] = []
    for k in range(MODULES):
        m = d / f"m{k}.mlir"
        data = mutate_text(module_text, rng)
        m.write_bytes(data)
        cases += [
            _case("layout", m),
            _case("run", m, "-o", d / f"o{k}"),
            _case("decode", d / "out" / "trace.bin", "--mlir", m),
        ]
        if rng.random() < 0.1:  # the same module through stdin
            cases.append(
                _through_stdin(rng.choice(["layout", "run", "decode"]), d, k, data)
            )
    for k in range(LAYOUTS):
        j = d / f"l{k}.json"
        j.write_bytes(mutate_layout(layout_doc, rng))
        cases.append(_case("decode", d / "out" / "trace.bin", "--layout", j))
    for k in range(BUFFERS):
        b = d / f"b{k}.bin"
        b.write_bytes(mutate_buffer(trace, rng))
        cases.append(_case("decode", b, "--mlir", d / "fused.mlir"))
        layout = ["--layout", d / "layout.json", "--allow-size-mismatch"]
        cases.append(_case("decode", b, *layout))
    failures, codes = run_and_check(cases)
    assert not failures, _report(failures, len(cases))
    # The mutations reach both outcomes of every command: some inputs still work, some are refused.
    assert codes == {c: {0, 1} for c in ("layout", "run", "decode")}, codes


@pytest.mark.parametrize("era", ["e2", "e3"])
def test_aie_trace_opt_survives_mutated_inputs(era, tmp_path):
    """The passes on mutated modules: a located error or a result, never a traceback or an
    internal error (a bug in a pass), and never a hang."""
    rng = random.Random(SEED)
    text = (EXAMPLES / f"two_designs_{era}.mlir").read_text()
    cases = []
    for k in range(OPT_MODULES):
        m = tmp_path / f"m{k}.mlir"
        m.write_bytes(mutate_text(text, rng))
        # (in E3/E4 prepare leaves the fuse to aiecc: fuse-buffers stands in for it)
        argv = [
            m,
            "-aie-trace-prepare",
            "-aie-trace-fuse-buffers",
            "-aie-trace-materialize",
        ]
        cases.append(_opt_case(*argv, group="opt"))
    failures, codes = run_and_check(cases)
    assert not failures, _report(failures, len(cases))
    assert codes == {"opt": {0, 1}}, codes


def test_stdin_in_any_encoding(inputs):
    """The module piped to every command in other encodings: UTF-8 runs, anything else is one
    clean error (the first byte that is not UTF-8), never an internal error."""
    d = inputs
    text = (d / "fused.mlir").read_text()
    cases = []
    for k, encoding in enumerate(("utf-8", *ENCODINGS)):
        data = reencoded(text, encoding)
        for command in ("layout", "run", "decode"):
            case = _through_stdin(command, d, 1000 + 10 * k + len(cases), data)
            cases.append(
                {
                    **case,
                    "group": encoding,
                    "expect": "ok" if encoding == "utf-8" else None,
                }
            )
        opt = _opt_case("-", "-aie-trace-check-ir", "-o", os.devnull, stdin=data.hex())
        cases.append(
            {**opt, "group": encoding, "expect": "ok" if encoding == "utf-8" else None}
        )
    failures, codes = run_and_check(cases)
    assert not failures, _report(failures, len(cases))
    assert codes["utf-8"] == {0} and codes["latin-1"] == {1}, codes


def _option_name(action: argparse.Action) -> str:
    return "/".join(action.option_strings) or action.metavar or action.dest


def _values(parse) -> tuple[list[str], list[str]]:
    """(values in range, values out of it) for an option whose type carries its range."""
    lo, hi = parse.bounds
    if parse.__name__ == "integer":
        inside = [str(v) for v in (lo, hi) if v is not None]
        outside = [str(lo - 1)] if lo is not None else []
        outside += [str(hi + 1)] if hi is not None else []
        return inside, [*outside, "9" * 25, "-" + "9" * 25, "1.5", "0x10", "", " "]
    inside = [repr(lo), repr(hi)] + (["0"] if parse.zero else [])
    outside = [repr(lo / 2) if lo > 0 else repr(lo - 1), repr(hi * 2)]
    return inside, [
        *outside,
        "inf",
        "-inf",
        "nan",
        "1e-320",
        "1e308",
        "9" * 25,
        "",
        "x",
    ]


def option_cases(d: Path) -> tuple[list[dict], list[str]]:
    """Cases for every value-taking option of every command (read from the parsers), and the
    options that carry no range although they take a number."""
    from aie_trace.tools import cli

    trace, fused = d / "out" / "trace.bin", d / "fused.mlir"
    cases, unranged = [], []
    subparsers = next(
        a
        for a in cli.build_parser()._actions
        if isinstance(a, argparse._SubParsersAction)
    )
    for command, parser in subparsers.choices.items():
        for action in parser._actions:
            if (
                action.nargs == 0
                or action.choices
                or isinstance(action, argparse._HelpAction)
            ):
                continue
            name, k = _option_name(action), len(cases)
            outs = [str(d / f"v{k}.json"), str(d / f"v{k}.sum.json")]
            base = {
                "layout": (["layout", fused], ["-o", outs[0]]),
                "run": (["run", fused], ["-o", d / f"v{k}"]),
                "decode": (
                    ["decode", trace],
                    ["--mlir", fused, "-o", outs[0], "--summary-json", outs[1]],
                ),
                "report": (  # the page is HTML: only its summary is checked as JSON
                    ["report", trace],
                    [
                        "--mlir",
                        fused,
                        "-o",
                        d / f"v{k}.html",
                        "--summary-json",
                        outs[0],
                    ],
                ),
            }[command]

            def case(
                value: str, expect: str, _a=action, _n=name, _b=base, _o=outs
            ) -> dict:
                pos, opts = list(_b[0]), list(_b[1])
                if _a.option_strings:
                    opts += [_a.option_strings[-1], value]
                else:
                    pos[1] = value
                return _case(
                    *pos, *opts, option=_n, expect=expect, outputs=_o, group="options"
                )

            if action.type in (int, float):
                unranged.append(f"{command} {name}")
            bounds = getattr(action.type, "bounds", None)
            if bounds is None:
                cases.append(case("", "usage"))
                continue
            inside, outside = _values(action.type)
            cases += [case(v, "runs") for v in inside]
            cases += [case(v, "usage") for v in outside]
    return cases, unranged


def test_option_values_at_and_past_their_ranges(inputs):
    cases, unranged = option_cases(inputs)
    assert not unranged, f"numeric options without a range: {unranged}"
    # the parsers are read, not listed: every numeric option of decode and run is among them
    ranged = {c["option"] for c in cases if c["expect"] == "runs"}
    assert {
        "--colshift",
        "--aie-clock-mhz",
        "--max-pulses",
        "--timeout",
    } <= ranged, ranged
    failures, _ = run_and_check(cases)
    assert not failures, _report(failures, len(cases))


def repeat_buffer(packets_of: Path, size: int) -> bytes:
    """``size`` bytes of packets of one stream (the header of the first packet in
    ``packets_of``): a Start, one event, then only Repeat1 commands of the largest count.
    """
    header = int.from_bytes(packets_of.read_bytes()[:4], "little")
    stream = bytes([0xF0, 0, 0, 0, 0, 0, 0, 0, 0x13]) + bytes([0xDB, 0xFF]) * (
        size // 2
    )
    out = bytearray()
    for k in range(size // 32):
        out += header.to_bytes(4, "little")
        chunk = stream[28 * k : 28 * (k + 1)]
        for w in range(7):  # data words carry their bytes most significant first
            out += int.from_bytes(chunk[4 * w : 4 * w + 4], "big").to_bytes(4, "little")
    return bytes(out)


def test_resource_cap(inputs, tmp_path):
    """A module whose host buffer is 6 GiB runs inside the cap (the emulator holds what it
    touches); a buffer it cannot hold whole is an error that names it; and the cap bites.
    """
    wide = ROOT / "test" / "lit" / "fuse" / "era-e4-wide.mlir"
    streaming = tmp_path / "streaming.mlir"  # every MM2S task reads a 6 GiB input whole
    streaming.write_text(
        (inputs / "fused.mlir")
        .read_text()
        .replace("memref<64xi32>", "memref<1610612736xi32>")
        .replace("buffer_length = 64 :", "buffer_length = 1610612736 :")
    )
    repeats = tmp_path / "repeats.bin"
    repeats.write_bytes(repeat_buffer(inputs / "out" / "slice0.bin", 900_000))
    cases = [
        _case("run", wide, "--no-verify", "-o", tmp_path / "w", expect="ok"),
        _case("layout", wide, expect="ok"),
        _case("run", wide, "--no-verify", "--save-buffers", "-o", tmp_path / "s"),
        # under 1 MB of Repeat commands: millions of pulses, bounded by --max-pulses' default
        _case("decode", repeats, "--summary-json", tmp_path / "r.json", expect="ok"),
        _case("run", streaming, "-o", tmp_path / "m"),
    ]
    answers = run_cases(cases)
    failures, _ = [], {}
    for case, answer in zip(cases, answers, strict=True):
        check(case, answer, failures, _)
    assert not failures, _report(failures, len(cases))
    assert answers[2]["rc"] == 1
    assert "host buffer 0 'arg0' (6442450944 bytes" in answers[2]["err"], answers[2]
    assert all(a["s"] < 20 for a in answers), answers
    [decoded] = json.loads((tmp_path / "r.json").read_text())["slices"]
    assert (
        decoded["events"] == PULSE_EVENTS_PER_BYTE * 900_000 + PULSE_EVENTS_BASE + 1
    )  # the default limit, reached: one event + pulses
    assert any("reached its limit of events" in w for w in decoded["warnings"])
    assert (
        answers[4]["rc"] == 1 and "more than the emulator streams" in answers[4]["err"]
    )
    # a case that allocates past the cap is reported, not survived
    probe = {"tool": "allocate", "argv": [str(MEMORY_LIMIT + (1 << 30))]}
    [answer] = run_cases([probe])
    failures = []
    check(probe, answer, failures, {})
    assert failures and "out of memory" in failures[0], answer


if __name__ == "__main__":
    _worker()
