# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CMake build: standalone check-aie-trace, use from a parent (mlir-aie-like) build, install."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2]
CMAKE = shutil.which("cmake")

pytestmark = pytest.mark.skipif(CMAKE is None, reason="cmake is not installed")


def _cmake(
    *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [CMAKE, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env=dict(os.environ, **(env or {})),
    )
    assert (
        proc.returncode == 0
    ), f"cmake {' '.join(args)}:\n{proc.stdout}\n{proc.stderr}"
    return proc


# one fast lit test is enough to show the target runs the suite
ONE_TEST = {"LIT_FILTER": "driver/version"}


def _one_passed(lit_output: str) -> bool:
    return (
        re.search(r"^\s*Passed\s*:\s*1\b", lit_output, re.MULTILINE) is not None
        and "Failed" not in lit_output
    )


def test_standalone_check_target_runs_lit_and_install_is_usable(tmp_path):
    build = tmp_path / "build"
    _cmake(
        "-S", str(SOURCE), "-B", str(build), f"-DPython3_EXECUTABLE={sys.executable}"
    )
    out = _cmake(
        "--build", str(build), "--target", "check-aie-trace", env=ONE_TEST
    ).stdout
    assert _one_passed(out)
    assert (
        build / "test" / "lit" / "driver" / "Output"
    ).is_dir()  # lit output stays in the build tree

    prefix = tmp_path / "prefix"
    _cmake("--install", str(build), "--prefix", str(prefix))
    pkg = prefix / "python" / "aie_trace"
    for f in ("opt/driver.py", "opt/pipeline.py", "passes/check_ir.py", "tools/opt.py"):
        assert (pkg / f).is_file(), f
    assert not list(prefix.rglob("__pycache__"))
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); import aie_trace.opt.driver as d; "
            "print(d.__file__)",
            str(prefix / "python"),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(prefix)
    launched = subprocess.run(
        [str(prefix / "bin" / "aie-trace-opt"), "--list-passes"],
        capture_output=True,
        text=True,
    )
    assert launched.returncode == 0, launched.stderr
    assert "--aie-trace-check-ir" in launched.stdout


PARENT = """
cmake_minimum_required(VERSION 3.20)
project(fake-mlir-aie LANGUAGES NONE)
set(Python3_EXECUTABLE "{python}")
set(LLVM_EXTERNAL_LIT "{lit}")
add_subdirectory("{source}" aie-trace)
# defined after add_subdirectory, as umbrella targets often are
add_custom_target(check-aie)
add_custom_target(check-all)
"""

FAKE_LIT = """
import pathlib, sys
pathlib.Path(sys.argv[0]).with_name("lit-was-used").write_text(" ".join(sys.argv[1:]))
from lit.main import main
main()
"""


def test_subdirectory_uses_the_parents_python_and_lit_and_joins_check_all(tmp_path):
    parent = tmp_path / "parent"
    parent.mkdir()
    lit = parent / "llvm-lit.py"
    lit.write_text(FAKE_LIT)
    (parent / "CMakeLists.txt").write_text(
        PARENT.format(
            python=Path(sys.executable).as_posix(),
            lit=lit.as_posix(),
            source=SOURCE.as_posix(),
        )
    )
    build = tmp_path / "build"
    _cmake("-S", str(parent), "-B", str(build))
    out = _cmake("--build", str(build), "--target", "check-all", env=ONE_TEST).stdout
    assert _one_passed(out)
    assert (parent / "lit-was-used").read_text().endswith(str(SOURCE / "test" / "lit"))
