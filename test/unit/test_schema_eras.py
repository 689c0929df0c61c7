# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Each later IR era is the era before it plus its changes, and those changes are the ones
docs/ir-eras.md's op table lists."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from aie_trace.ir import schema as S

DOC = Path(__file__).resolve().parents[2] / "docs" / "ir-eras.md"


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells (a ``|`` inside backticks, as in ``i32|i64``, is text)."""
    line = re.sub(r"`[^`]*`", lambda m: m.group(0).replace("|", "/"), line)
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _documented_changes() -> dict[str, set[str]]:
    """Era -> the ops whose cell in the op table is not ``=`` (unchanged from the era before)."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    header = next(_cells(line) for line in lines if line.startswith("| Op | E1 |"))
    rows = [_cells(line) for line in lines if line.startswith("| `")]
    out: dict[str, set[str]] = {era: set() for era in S.ERAS[1:]}
    for row in rows:
        if len(row) != len(header):
            continue  # another table
        names = re.findall(r"`([\w.]+)`", row[0])
        # `aie.mem` / `memtile_dma`: a later name without a dialect takes the first one's
        prefix = names[0].rpartition(".")[0]
        ops = {n if "." in n else f"{prefix}.{n}" for n in names}
        for era in S.ERAS[1:]:
            if row[header.index(era)] != "=":
                out[era] |= ops
    return out


def _changed(era: str, before: str) -> set[str]:
    return {n for n, d in S.SCHEMAS[era].items() if S.SCHEMAS[before].get(n) != d}


def test_the_table_is_read():
    documented = _documented_changes()
    assert "aiex.npu.write32" in documented["E2"]
    assert "aie.runtime_sequence" in documented["E3"]


def test_each_era_changes_exactly_the_ops_the_table_says():
    documented = _documented_changes()
    for before, era in pairwise(S.ERAS):
        assert _changed(era, before) == documented[era], era


def test_each_later_era_is_the_era_before_plus_what_its_changes_list():
    for before, era in pairwise(S.ERAS):
        listed = S.CHANGES[era](S.SCHEMAS[before])
        names = [d.name for d in listed]
        assert len(names) == len(set(names)), era  # each op changed once
        # every listed op is one of the era before, and the change changes it
        assert all(S.SCHEMAS[before][d.name] != d for d in listed), era
        assert set(names) == _changed(era, before)
        # the rest is the era before's definition itself, not a restatement
        for name, d in S.SCHEMAS[era].items():
            if name not in names:
                assert d is S.SCHEMAS[before][name], (era, name)
        assert list(S.SCHEMAS[era]) == list(S.SCHEMAS[before])  # no op comes or goes


def test_an_attribute_turned_operand_keeps_its_name_and_becomes_i32():
    # the SSA era's change, on the ops the table says it applies to
    for name, fields in {
        "aiex.npu.write32": ("address", "value"),
        "aiex.npu.maskwrite32": ("address", "value", "mask"),
        "aiex.npu.push_queue": ("repeat_count", "bd_id"),
        "aie.use_lock": ("value",),
    }.items():
        e1, e2 = S.opdef("E1", name), S.opdef("E2", name)
        for f in fields:
            assert e1.attr(f) is not None and e2.attr(f) is None, (name, f)
            assert e2.operand(f).type == "i32" and e2.operand(f).arity == "single"
        kept = [a for a in e1.attrs if a.name not in fields]
        assert list(e2.attrs) == kept, name
