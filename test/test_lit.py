# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs the lit suite once and reports every lit test as its own pytest item.

lit's own summary is not what CI reads; this bridge makes each lit test pass, fail or skip
(UNSUPPORTED: a missing feature such as ``ryzen_ai_npu1``) in pytest's summary line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

LIT_ROOT = Path(__file__).parent / "lit"
SUFFIXES = (".mlir", ".test")


def _discover() -> list[str]:
    tests = []
    for p in sorted(LIT_ROOT.rglob("*")):
        rel = p.relative_to(LIT_ROOT)
        if (
            p.suffix in SUFFIXES
            and p.is_file()
            and "Inputs" not in rel.parts
            and "Output" not in rel.parts
        ):
            tests.append(rel.as_posix())
    return tests


TESTS = _discover()


@pytest.fixture(scope="session")
def lit_results(tmp_path_factory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("lit")
    report = out / "lit.json"
    env = dict(os.environ, AIE_TRACE_LIT_OUT=str(out))
    jobs = os.environ.get("LIT_JOBS", str(os.cpu_count() or 2))
    # The lit package has no __main__ module: call its entry point.
    lit = [sys.executable, "-c", "from lit.main import main; main()"]
    proc = subprocess.run(
        [*lit, "-q", "-j", jobs, "-o", str(report), str(LIT_ROOT)],
        capture_output=True,
        text=True,
        env=env,
    )
    if not report.exists():
        pytest.fail(f"lit did not run:\n{proc.stdout}\n{proc.stderr}")
    data = json.loads(report.read_text())
    results = {}
    for t in data["tests"]:
        name = t["name"].split(" :: ", 1)[1]
        results[name] = t
    return results


def test_lit_found_what_pytest_found(lit_results):
    assert sorted(lit_results) == TESTS


@pytest.mark.parametrize("name", TESTS)
def test_lit(lit_results, name):
    r = lit_results.get(name)
    assert r is not None, f"lit did not run {name}"
    if r["code"] == "UNSUPPORTED":
        pytest.skip("lit: UNSUPPORTED (missing feature)")
    assert r["code"] in ("PASS", "XFAIL"), f"{r['code']}\n{r.get('output', '')}"
