# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One tokenizer reads the bodies of unregistered ``#aie.x<k = v, ...>`` attributes: the checker
(aie-trace-check-ir) and the layout reader accept and reject the same texts."""

from __future__ import annotations

import pytest

from aie_trace.analysis import layout as L
from aie_trace.ir import attributes, structure
from aie_trace.ir import schema as S

ir = structure.ir


def test_split_top_level():
    assert attributes.split_top_level('a = "x,y", b = [1, 2], c = <3, 4>') == [
        'a = "x,y"',
        " b = [1, 2]",
        " c = <3, 4>",
    ]
    assert attributes.split_top_level(r'a = "back\\", b = 1') == [
        r'a = "back\\"',
        " b = 1",
    ]
    assert attributes.split_top_level(r'a = "q\"", b = 1') == [r'a = "q\""', " b = 1"]
    assert attributes.split_top_level('a = "open') is None
    assert attributes.split_top_level("a = [1, 2") is None
    assert attributes.split_top_level("a = (i32) -> i32, b = 1") == [
        "a = (i32) -> i32",
        " b = 1",
    ]


@pytest.mark.parametrize(
    "literal, value",
    [
        ('"plain"', "plain"),
        (r'"d\C3\A9v"', "dév"),
        (r'"b\\"', "b\\"),
        (r'"q\""', 'q"'),
        (r'"a\"b\\c"', 'a"b\\c'),
    ],
)
def test_string_literal(literal, value):
    assert attributes.string_literal(literal) == value


@pytest.mark.parametrize("text", ['"a" "b"', '"a"b', "a", '"open', '"a\\"'])
def test_not_a_string_literal(text):
    assert attributes.string_literal(text) is None


SLICES = [
    r'#aie.trace_slice<device = "dev\\", sequence = "s", offset = 0, size = 64>',  # a trailing backslash
    r'#aie.trace_slice<device = "d\22v", sequence = "s", offset = 0, size = 64>',
    r'#aie.trace_slice<device = "dév", sequence = "s,t", offset = 0, size = 64>',
    r'#aie.trace_slice<device = "dev", sequence = "s", offset = 0, size = 64, size = 64>',  # repeated
    r'#aie.trace_slice<device = dev, sequence = "s", offset = 0, size = 64>',  # not a string
    r'#aie.trace_slice<device = "dev", sequence = "s" "t", offset = 0, size = 64>',
    r'#aie.trace_slice<device = "dev", sequence = "s", offset = 0>',  # missing
]


@pytest.mark.parametrize("entry", SLICES)
def test_checker_and_layout_reader_agree(entry):
    with structure.make_context():
        m = ir.Module.parse(
            '"aie.device"() <{device = 5 : i32, sym_name = "d"}> ({\n'
            f'  "aie.runtime_sequence"() <{{sym_name = "q", trace_slices = [{entry}], '
            "trace_buffer = #aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = true>}> ({\n"
            "  ^bb0(%arg0: memref<16xi32>):\n  }) : () -> ()\n"
            '  "aie.end"() : () -> ()\n}) : () -> ()'
        )
        seq = structure.sequences(structure.devices(m.operation)[0])[0]
        checked = attributes.attr_type_ok(
            S.TRACE_SLICES, structure.attr_or_none(seq, "trace_slices")
        )
        try:
            slices = L.read_slices(seq)
        except L.LayoutError:
            slices = None
        assert checked == (slices is not None), (checked, slices)
        if entry is SLICES[0]:
            assert checked and slices[0].device == "dev\\"


def test_trace_event_names_through_the_tokenizer():
    from aie_trace.analysis import trace_events

    with structure.make_context():

        def read(t):
            return trace_events.trace_event_name(ir.Attribute.parse(t))

        assert read('#aie.trace_event<"INSTR_EVENT_0">') == "INSTR_EVENT_0"
        assert read(r'#aie.trace_event<"A\22B">') == 'A"B'
        assert read('#aie.trace_event<"A,B">') == "A,B"
        assert read("#aie.trace_event<CoreEvent::LOCK_STALL>") == "LOCK_STALL"
        assert read("#aie.packet_info<pkt_type = 0, pkt_id = 1>") is None


@pytest.mark.parametrize(
    "text, mnemonic, body",
    [
        (
            "#aie.trace_buffer<arg_index = 2, offset = 0, size = 8, dedicated = true>",
            "trace_buffer",
            "arg_index = 2, offset = 0, size = 8, dedicated = true",
        ),
        (
            '#aie.trace_slice<device = "d\\C3\\A9v", sequence = "s">',
            "trace_slice",
            'device = "d\\C3\\A9v", sequence = "s"',
        ),
        ("#aie.trace_slice<>", "trace_slice", ""),
        ("#other.trace_buffer<arg_index = 2>", "trace_buffer", None),  # other dialect
        ("#aie.trace_slice<arg_index = 2>", "trace_buffer", None),  # other mnemonic
        ("42 : i32", "trace_buffer", None),
        ('"#aie.trace_buffer<arg_index = 2>"', "trace_buffer", None),  # a string
    ],
)
def test_aie_attribute_body_is_read_from_the_opaque_attribute(
    ctx, text, mnemonic, body
):
    assert attributes.aie_attr_body(ir.Attribute.parse(text), mnemonic) == body
