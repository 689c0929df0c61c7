"""The README's example commands keep working: each `aie-trace...` line of its code blocks runs."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    runs = []
    for block in blocks:
        lines = [ln.split("  #", 1)[0].strip() for ln in block.splitlines()]
        seq = [shlex.split(ln) for ln in lines if ln.startswith(("aie-trace-opt examples/", "aie-trace run",
                                                                 "aie-trace decode"))]
        if seq:
            runs.append(seq)
    return runs


COMMANDS = _commands()


def test_the_readme_has_example_commands():
    flat = [c[0] for seq in COMMANDS for c in seq]
    assert "aie-trace-opt" in flat and "aie-trace" in flat


@pytest.mark.parametrize("seq", COMMANDS, ids=lambda s: " && ".join(c[0] + " " + c[1] for c in s))
def test_readme_commands_run(seq, tmp_path):
    for cmd in seq:
        cmd = [str(ROOT / a) if a.startswith("examples/") else a for a in cmd]
        proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"{shlex.join(cmd)}\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    if any(c[:2] == ["aie-trace", "decode"] for c in seq):
        import json

        trace = json.loads((tmp_path / "trace.json").read_text())
        events = trace["traceEvents"] if isinstance(trace, dict) else trace
        assert any(e.get("ph") == "B" for e in events)
