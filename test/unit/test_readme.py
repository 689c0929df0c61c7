# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The README's and docs' commands keep working, and they tell one story.

Each README code block that starts from a bundled example runs as written; the blocks that need
mlir-aie or a board (aie-opt, aiecc, XRT) use the same steps as the hardware tests in test/lit/hw.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
PREPARE = "--pass-pipeline='builtin.module(aie-trace-prepare)'"


def _blocks(text: str) -> list[list[str]]:
    """Shell code blocks as lists of commands (comments dropped, ``\\`` continuations joined)."""
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        joined = re.sub(r"\s*\\\n\s*", " ", block)
        out.append(
            [
                ln.split("  #", 1)[0].strip()
                for ln in joined.splitlines()
                if ln.strip() and not ln.lstrip().startswith("#")
            ]
        )
    return out


def _commands() -> list[list[list[str]]]:
    runs = []
    for block in _blocks(README):
        if not any(ln.startswith("aie-trace-opt examples/") for ln in block):
            continue  # needs mlir-aie or a board: checked against test/lit/hw below
        seq = [
            shlex.split(ln)
            for ln in block
            if ln.startswith(("aie-trace-opt ", "aie-trace "))
        ]
        runs.append(seq)
    return runs


COMMANDS = _commands()


def test_the_readme_has_example_commands():
    flat = [c[0] for seq in COMMANDS for c in seq]
    assert "aie-trace-opt" in flat and "aie-trace" in flat
    assert any(c[:2] == ["aie-trace", "decode"] for seq in COMMANDS for c in seq)


@pytest.mark.parametrize(
    "seq", COMMANDS, ids=lambda s: " && ".join(c[0] + " " + c[1] for c in s)
)
def test_readme_commands_run(seq, tmp_path):
    for cmd in seq:
        cmd = [str(ROOT / a) if a.startswith("examples/") else a for a in cmd]
        proc = subprocess.run(
            cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
        assert (
            proc.returncode == 0
        ), f"{shlex.join(cmd)}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
        assert "Traceback" not in proc.stderr
    if any(c[:2] == ["aie-trace", "decode"] for c in seq):
        trace = json.loads((tmp_path / "trace.json").read_text())
        events = trace["traceEvents"] if isinstance(trace, dict) else trace
        assert any(e.get("ph") == "B" for e in events)


def _hw(name: str) -> str:
    return (ROOT / "test" / "lit" / "hw" / name).read_text()


def test_readme_docs_and_hardware_tests_prepare_the_same_way():
    """One name for the steps between trace lowering and aiecc, everywhere."""
    flow = next(b for b in _blocks(README) if any(ln.startswith("aiecc ") for ln in b))
    assert f"aie-trace-opt lowered.mlir {PREPARE} -o prepared.mlir" in flow
    passes = (ROOT / "docs" / "passes.md").read_text()
    assert f"aie-trace-opt lowered.mlir {PREPARE} -o prepared.mlir" in passes
    for test in (
        "fused-full-elf-npu2.test",
        "single-xclbin-npu1.test",
        "fused-full-elf-emu-twin.test",
        "single-xclbin-emu-twin.test",
    ):
        text = _hw(test)
        assert PREPARE in text, test
        assert (
            "-aie-materialize-runtime-sequences" not in text
            and "aie-trace-materialize" not in text
        )
    # The aiecc steps: nothing materialized by hand, only the dispatched sequence built.
    elf = [ln for ln in flow if ln.startswith("aiecc ") and "--get-full-elf" in ln]
    xclbin = [
        ln for ln in flow if ln.startswith("aiecc ") and "--aie-generate-xclbin" in ln
    ]
    assert elf and "--sequence-name=main_seq" in elf[0]
    assert (
        xclbin
        and "--sequence-name=main_seq" in xclbin[0]
        and "--aie-generate-npu-insts" in xclbin[0]
    )
    assert "--get-full-elf --sequence-name=main_seq fused.mlir" in _hw(
        "fused-full-elf-npu2.test"
    )
    assert "--sequence-name=seq " in _hw("single-xclbin-npu1.test")
    # The trace lowering is mlir-aie's four passes, written the same in README and hardware tests.
    lowering = "-aie-insert-trace-flows -aie-trace-to-config -aie-trace-pack-reg-writes -aie-inline-trace-config"
    assert any(lowering in ln for ln in flow)
    assert lowering in _hw("fused-full-elf-npu2.test") and lowering in _hw(
        "single-xclbin-npu1.test"
    )


def test_readme_says_what_has_not_run():
    assert "## What has and has not been run" in README
    section = README.split("## What has and has not been run", 1)[1].split("\n## ", 1)[
        0
    ]
    assert "test/lit/hw" in section and "emulator twin" in section
    assert "AIE_TRACE_MLIR_PROVIDER=aie" in section and "Not run" in section


def test_the_demo_warnings_are_explained():
    assert "32 bytes of stream data never reached memory" in README
    assert "command(s) cut off where the stream ends" in README


def test_the_mlir_bindings_are_a_dependency():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "torch-mlir==20261001" in project["dependencies"]
    assert all(
        "torch-mlir" not in d
        for extra in project.get("optional-dependencies", {}).values()
        for d in extra
    )


def test_the_help_example_pipeline_runs():
    opt = [
        sys.executable,
        "-c",
        "from aie_trace.tools.opt import main; raise SystemExit(main())",
    ]
    help_text = subprocess.run(
        [*opt, "--help"], capture_output=True, text=True, timeout=60
    ).stdout
    pipeline = re.search(r"e\.g\. '(builtin\.module\(.*?\))'", help_text).group(1)
    proc = subprocess.run(
        [
            *opt,
            str(ROOT / "examples" / "two_designs_e2.mlir"),
            f"--pass-pipeline={pipeline}",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


def test_the_verify_patches_excerpt_is_what_the_tool_prints():
    passes = (ROOT / "docs" / "passes.md").read_text()
    block = passes.split("its first lines):\n\n```\n", 1)[1].split("```", 1)[0]
    excerpt = [ln for ln in block.splitlines() if ln != "..."]
    opt = [
        sys.executable,
        "-c",
        "from aie_trace.tools.opt import main; raise SystemExit(main())",
    ]
    proc = subprocess.run(
        [
            *opt,
            "examples/two_designs_e2.mlir",
            "-aie-trace-verify-patches",
            "-o",
            "/dev/null",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert len(excerpt) >= 3 and proc.stderr.splitlines()[: len(excerpt)] == excerpt


def test_the_decoding_docs_example_works_as_written(tmp_path):
    """docs/decoding.md's command, with its lowered.mlir a fused bundled example."""
    line = next(
        ln
        for ln in (ROOT / "docs" / "decoding.md").read_text().splitlines()
        if ln.startswith("aie-trace decode ")
    )
    opt = [
        sys.executable,
        "-c",
        "from aie_trace.tools.opt import main; raise SystemExit(main())",
    ]
    cli = [
        sys.executable,
        "-c",
        "from aie_trace.tools.cli import main; raise SystemExit(main())",
    ]
    subprocess.run(
        [
            *opt,
            str(ROOT / "examples" / "two_designs_e3.mlir"),
            "-aie-trace-prepare",
            "-o",
            str(tmp_path / "lowered.mlir"),
        ],
        check=True,
        timeout=120,
    )
    subprocess.run(
        [*cli, "run", "lowered.mlir", "-o", "."],
        cwd=tmp_path,
        check=True,
        timeout=120,
        capture_output=True,
    )
    proc = subprocess.run(
        [*cli, *shlex.split(line)[1:]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert (
        json.loads((tmp_path / "summary.json").read_text())
        and (tmp_path / "trace.json").exists()
    )


OWN_DOCS = [
    "README.md",
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")),
]


@pytest.mark.parametrize("doc", OWN_DOCS)
def test_docs_cite_only_public_sources(doc):
    text = (ROOT / doc).read_text()
    for pattern in (
        r"shared/reference",
        r"(?<![\w.])/(work|home|root|tmp)/",
        r"\bissue \d+",
        r"trace-plumbing",
        r"the issue's",
    ):
        assert not re.search(pattern, text), f"{doc}: {pattern}"
