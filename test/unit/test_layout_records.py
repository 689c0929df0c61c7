# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Layout records in the IR: each record write_layout writes as text and parses once equals the
record built attribute by attribute, in every era, whatever the names and call paths hold; the
reader gives every name back exactly; a record of another shape is a LayoutError."""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.analysis import layout as L
from aie_trace.ir import provider

ir = provider.ir

SEQ = """
"aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
  "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: memref<16384xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"""

NAMES = [
    "dev_a",
    'q"uote',
    "back\\slash",
    "caf\u00e9 \u6f22",
    "tab\there",
    "new\nline",
    "x = 1, y",
    "a>b}c",
    "",
]


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


@pytest.fixture
def seq(context):
    module = F.parse(SEQ)
    yield F.sequence(module, "main", "main_seq")


@pytest.mark.parametrize("text", NAMES + ["0+1", "2[3]/0"])
def test_string_literal_parses_to_the_same_string_attribute(text):
    assert ir.Attribute.parse(L._q(text)) == ir.StringAttr.get(text)


def _layout(names: list[str]) -> L.Layout:
    return L.Layout(
        "main",
        "main_seq",
        1,
        1,
        16384,
        0,
        False,
        [
            L.Slice(d, s, p, 100 * i, 100)
            for i, (d, s, p) in enumerate(
                zip(
                    names,
                    reversed(names),
                    ["", "0", "1+2", "3[4]/0", "5", "6", "7", "8", "9"],
                    strict=True,
                )
            )
        ],
    )


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_our_records_equal_the_attributes_built_one_by_one(seq, era):
    lay = _layout(NAMES)
    L.write_layout(seq, lay, era)
    i64 = ir.IntegerType.get_signless(64)
    assert seq.attributes[L.OUR_TRACE_SLICES] == ir.ArrayAttr.get(
        [
            ir.DictAttr.get(
                {
                    "device": ir.StringAttr.get(s.device),
                    "sequence": ir.StringAttr.get(s.sequence),
                    "offset": ir.IntegerAttr.get(i64, s.offset),
                    "size": ir.IntegerAttr.get(i64, s.size),
                }
            )
            for s in lay.slices
        ]
    )
    assert seq.attributes[L.OUR_TRACE_BUFFER] == ir.DictAttr.get(
        {
            "arg_index": ir.IntegerAttr.get(i64, 1),
            "offset": ir.IntegerAttr.get(i64, 0),
            "size": ir.IntegerAttr.get(i64, 16384),
            "dedicated": ir.BoolAttr.get(False),
        }
    )
    assert seq.attributes[L.SLICE_PATHS] == ir.ArrayAttr.get(
        [ir.StringAttr.get(s.call_path) for s in lay.slices]
    )
    assert L.read_layout(seq) == lay


@pytest.mark.parametrize("era", ["E3", "E4"])
def test_upstream_records_read_back(seq, era):
    lay = _layout(NAMES)
    L.write_layout(seq, lay, era)
    assert L.read_layout(seq) == lay
    assert str(seq.attributes[L.TRACE_BUFFER]) == (
        "#aie.trace_buffer<arg_index = 1, offset = 0, size = 16384, dedicated = false>"
    )


@pytest.mark.parametrize("era", ["E1", "E3"])
def test_no_slices(seq, era):
    L.write_layout(seq, L.Layout("main", "main_seq", 1, 1, 16384, 0, True, []), era)
    assert L.read_slices(seq) == []


@pytest.mark.parametrize(
    "records, msg",
    [
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64}]',
            "exactly device",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64, x = 1}]',
            "exactly device",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = [1]}]',
            "exactly device",
        ),
        ("aie_trace.trace_slices = [1]", "exactly device"),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0.0 : f64, size = 1 : i64}]',
            "exactly device",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = {size = 1 : i64}}]',
            "exactly device",
        ),
        (
            'aie_trace.trace_slices = [[{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}]]',
            "exactly device",
        ),
        (
            'trace_slices = [#aie.trace_slice<device = "d", sequence = "s", offset = 0>, '
            '#aie.trace_slice<size = 1, device = "d", sequence = "s", offset = 1, size = 2>]',
            "exactly device",
        ),
        ('aie_trace.trace_slices = {device = "d"}', "expected an array"),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = -1 : i64, size = 1 : i64}]',
            "'offset' must be a non-negative integer",
        ),
        (
            'aie_trace.trace_slices = [{device = 1, sequence = "s", offset = 0 : i64, size = 1 : i64}]',
            "'device' must be a string",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
            'aie_trace.slice_paths = [["0"]]',
            "one per trace slice",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
            'aie_trace.slice_paths = ["0", "1"]',
            "one per trace slice",
        ),
        (
            'aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
            "aie_trace.slice_paths = [0]",
            "one per trace slice",
        ),
    ],
)
def test_records_of_another_shape_are_errors(seq, records, msg):
    records = (
        "aie_trace.trace_buffer = {arg_index = 1 : i64, size = 16384 : i64}, " + records
    )
    for named in ir.DictAttr(ir.Attribute.parse("{" + records + "}")):
        seq.attributes[named.name] = named.attr
    with pytest.raises(L.LayoutError, match=msg):
        L.read_layout(seq)
