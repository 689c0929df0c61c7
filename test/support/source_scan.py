# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The project's own Python sources, for the tests that hold the IR layer's rules."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: where the library, the passes and the command lines live
SCANNED = [ROOT / "python" / "aie_trace"]


def sources(exempt: dict[str, str]) -> list[str]:
    """Every scanned ``.py`` file but those in ``exempt``, as paths relative to the root."""
    return sorted(
        rel
        for base in SCANNED
        for p in base.rglob("*.py")
        if (rel := p.relative_to(ROOT).as_posix()) not in exempt
    )


def misjudged(tmp_path: Path, scan, cases: dict[str, bool]) -> list[str]:
    """The lines of ``cases`` (source line -> whether ``scan`` must flag it) that ``scan``, given
    a file holding the line, judges otherwise."""
    wrong = []
    for text, flagged in cases.items():
        f = tmp_path / "m.py"
        f.write_text(text + "\n")
        if bool(scan(f)) != flagged:
            wrong.append(text)
    return wrong
