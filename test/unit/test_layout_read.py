"""Reading layout records: the slices and call paths come from the printed arrays, so every name
reads back exactly (escapes, non-ASCII) and a record of another shape is a LayoutError."""

from __future__ import annotations

import pytest

import fuse_cases as F
from aie_trace import layout as L, provider

ir = provider.ir

SEQ = '''
"aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
  "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: memref<16384xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
'''

NAMES = ["dev_a", 'q"uote', "back\\slash", "caf\u00e9 \u6f22", "tab\there", "new\nline", "x = 1, y", "a>b}c", ""]


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


@pytest.mark.parametrize("era", ["E1", "E2", "E3", "E4"])
def test_every_name_reads_back(era):
    module = F.parse(SEQ)
    seq = F.sequence(module, "main", "main_seq")
    paths = ["", "0", "1+2", "3[4]/0", "5", "6", "7", "8", "9"]
    lay = L.Layout("main", "main_seq", 1, 1, 16384, 0, True,
                   [L.Slice(d, s, p, 100 * i, 100) for i, (d, s, p) in
                    enumerate(zip(NAMES, reversed(NAMES), paths))])
    L.write_layout(seq, lay, era)
    assert L.read_layout(seq) == lay


@pytest.mark.parametrize("records, msg", [
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64}]', "exactly device"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64, x = 1}]',
     "exactly device"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = [1]}]', "exactly device"),
    ('aie_trace.trace_slices = [1]', "exactly device"),
    ('aie_trace.trace_slices = {device = "d"}', "expected an array"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = -1 : i64, size = 1 : i64}]',
     "'offset' must be a non-negative integer"),
    ('aie_trace.trace_slices = [{device = 1, sequence = "s", offset = 0 : i64, size = 1 : i64}]',
     "'device' must be a string"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
     'aie_trace.slice_paths = [["0"]]', "one per trace slice"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
     'aie_trace.slice_paths = ["0", "1"]', "one per trace slice"),
    ('aie_trace.trace_slices = [{device = "d", sequence = "s", offset = 0 : i64, size = 1 : i64}], '
     'aie_trace.slice_paths = [0]', "one per trace slice"),
])
def test_records_of_another_shape_are_errors(records, msg):
    module = F.parse(SEQ)
    seq = F.sequence(module, "main", "main_seq")
    records = "aie_trace.trace_buffer = {arg_index = 1 : i64, size = 16384 : i64}, " + records
    for named in ir.DictAttr(ir.Attribute.parse("{" + records + "}")):
        seq.attributes[named.name] = named.attr
    with pytest.raises(L.LayoutError, match=msg):
        L.read_layout(seq)
