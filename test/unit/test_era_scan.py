# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Era detection read two ways, and its shortcut, agree on every module of the lit suite.

verify-patches reads the module once into the run graph's op trees and detects the era from them
(``eras.era_of_ops(graph.ops())``); every other pass walks the module (``eras.detect_era``).
Both must see the same ops in the same order and give the same era or the same error. Era
detection skips reading an op's operand types when its operand count and properties already
confine its evidence; that shortcut must never disagree with the op's full evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.analysis import callgraph
from aie_trace.ir import eras, structure

LIT = Path(__file__).parent.parent / "lit"


def modules() -> list[tuple[str, str]]:
    out = []
    for path in sorted(LIT.rglob("*.mlir")):
        if "Output" in path.parts:
            continue
        for i, chunk in enumerate(path.read_text().split("\n// -----\n")):
            out.append((f"{path.relative_to(LIT)}#{i}", chunk))
    return out


MODULES = modules()


def parse(text: str, name: str):
    try:
        return structure.parse_op(text, source_name=name)
    except (
        structure.ParseError
    ) as e:  # nothing to compare: say why, rather than pass vacuously
        pytest.skip(f"{name} does not parse (a parse-error case): {e}")


def era_or_error(read):
    try:
        return read()
    except eras.EraError as e:
        return (str(e), e.op)


def test_the_lit_suite_has_modules():
    assert len(MODULES) > 50


@pytest.mark.parametrize("name,text", MODULES, ids=[n for n, _ in MODULES])
def test_graph_ops_are_the_walk_and_give_the_same_era(name, text):
    with structure.make_context():
        module = parse(text, name)
        walked = structure.walk(module)
        graph = callgraph.RunGraph(module)
        read = list(graph.ops())
        assert [n for n, _ in read] == [op.name for op in walked]
        assert all(a == b for (_, a), b in zip(read, walked, strict=True))
        assert era_or_error(lambda: eras.era_of_ops(graph.ops())) == era_or_error(
            lambda: eras.detect_era(module)
        )
        for op in walked:  # the shortcut never contradicts the full evidence
            if op.name in eras._ERA_SPECIFIC:
                settled = eras._untyped_evidence(op, op.name)
                evidence = eras.era_evidence(op)
                assert (
                    settled is None or evidence is None or evidence == set(settled)
                ), op
