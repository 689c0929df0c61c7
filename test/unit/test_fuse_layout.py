# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Layout records (per era), their JSON form, and the `aie-trace layout` command."""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import fuse_cases as F
import pytest

from aie_trace.analysis import layout as L
from aie_trace.ir import provider
from aie_trace.tools import layout as tool


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


UPSTREAM_E3 = """
"aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
  "aie.runtime_sequence"() <{sym_name = "main_seq", trace_buffer = #aie.trace_buffer<arg_index = 2, offset = 0, size = 16384, dedicated = true>, trace_slices = [#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 8192>, #aie.trace_slice<device = "dev_b", sequence = "seq_b", offset = 8192, size = 8192>]}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: i32, %arg2: memref<16384xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"""


PLAIN = """
"aie.device"() <{device = 5 : i32, sym_name = "main"}> ({
  "aie.runtime_sequence"() <{sym_name = "main_seq"}> ({
  ^bb0(%arg0: memref<64xi32>, %arg1: i32, %arg2: memref<16384xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()
"""


def test_reads_mlir_aie_own_records_without_call_paths():
    [lay] = L.read_layouts(F.parse(UPSTREAM_E3).operation)
    assert (lay.kernel, lay.arg_index, lay.host_buffer_index, lay.size) == (
        "main:main_seq",
        2,
        1,
        16384,
    )
    assert [(s.device, s.call_path, s.offset) for s in lay.slices] == [
        ("dev_a", None, 0),
        ("dev_b", None, 8192),
    ]


@pytest.mark.parametrize("era", F.ERAS)
def test_write_then_read_in_each_era(era):
    m = F.parse(UPSTREAM_E3 if era in ("E3", "E4") else PLAIN)
    seq = F.sequence(m, "main", "main_seq")
    lay = L.Layout(
        "main",
        "main_seq",
        2,
        1,
        16384,
        0,
        True,
        [
            L.Slice("dev_a", "seq_a", "0+1", 0, 12288),
            L.Slice("dev_b", "seq_b", "2[3]/0", 12288, 4096),
        ],
    )
    L.write_layout(seq, lay, era)
    assert L.read_layout(seq) == lay
    text = str(seq)
    if era in ("E3", "E4"):
        assert (
            '#aie.trace_slice<device = "dev_a", sequence = "seq_a", offset = 0, size = 12288>'
            in text
        )
    else:
        assert (
            'aie_trace.trace_slices = [{device = "dev_a", offset = 0 : i64, sequence = "seq_a", size = 12288 : i64}'
            in text
        )
    assert 'aie_trace.slice_paths = ["0+1", "2[3]/0"]' in text


def test_json_round_trip_and_lookup():
    lay = L.Layout(
        "main",
        "s",
        3,
        2,
        100,
        0,
        True,
        [L.Slice("d", "q", "0+1", 0, 60), L.Slice("d", "q", "2", 60, 40)],
    )
    assert L.loads(L.dumps(lay)) == [lay] and L.loads(L.dumps([lay, lay])) == [lay, lay]
    assert (
        lay.slice_for("1") is lay.slices[0]
        and lay.slice_for("2") is lay.slices[1]
        and lay.slice_for("3") is None
    )
    assert set(lay.to_json()) >= {
        "kernel",
        "arg_index",
        "host_buffer_index",
        "size",
        "slices",
    }
    assert set(lay.to_json()["slices"][0]) == {
        "device",
        "sequence",
        "call_path",
        "offset",
        "size",
    }


@pytest.mark.parametrize(
    "doc,msg",
    [
        (
            '{"kernel": "nocolon", "arg_index": 0, "host_buffer_index": 0, "size": 1, "slices": []}',
            "device:sequence",
        ),
        (
            '{"kernel": "a:b", "arg_index": -1, "host_buffer_index": 0, "size": 1, "slices": []}',
            "arg_index",
        ),
        (
            '{"kernel": "a:b", "arg_index": 0, "host_buffer_index": 0, "size": 1}',
            "slices",
        ),
        ("[1]", "layout object"),
        ("{", "not JSON"),
    ],
)
def test_bad_json_is_a_layout_error(doc, msg):
    with pytest.raises(L.LayoutError, match=msg):
        L.loads(doc)


def layout_cmd(tmp_path, text, kernel=None):
    path = tmp_path / "m.mlir"
    path.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    rc = tool.run(
        SimpleNamespace(module=str(path), kernel=kernel, output="-"), out, err
    )
    return rc, out.getvalue(), err.getvalue()


def test_command_prints_every_kernel_or_one(tmp_path):
    m = F.parse(F.nested("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    rc, out, _ = layout_cmd(tmp_path, str(m))
    assert rc == 0 and [d["kernel"] for d in json.loads(out)] == [
        "dev_b:seq_b",  # module order: dev_b runs seq_c, so it comes before main
        "main:main_seq",
        "dev_c:seq_c",
    ]
    rc, out, _ = layout_cmd(tmp_path, str(m), "main:main_seq")
    doc = json.loads(out)
    assert (
        rc == 0
        and doc["host_buffer_index"] == 1
        and [s["call_path"] for s in doc["slices"]] == ["0", "0/0"]
    )


def test_command_unknown_kernel_lists_known_ones(tmp_path):
    m = F.parse(F.two_calls_one_design("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    rc, out, err = layout_cmd(tmp_path, str(m), "main:nope")
    assert rc == 1 and out == ""
    assert (
        "no trace layout for kernel 'main:nope' (known kernels: main:main_seq, dev_a:seq_a)"
        in err
    )


def test_command_reports_parse_errors_located(tmp_path):
    rc, _, err = layout_cmd(tmp_path, '"aie.device"() ({\n  %0 = \n')
    assert (
        rc == 1
        and "aie-trace layout: error: " in err
        and "m.mlir:2:7: expected operation name in quotes" in err
    )


def test_command_main_writes_a_file(tmp_path):
    m = F.parse(F.two_calls_one_design("E3"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    src, dst = tmp_path / "f.mlir", tmp_path / "l.json"
    src.write_text(str(m))
    assert tool.main([str(src), "--kernel", "main:main_seq", "-o", str(dst)]) == 0
    assert L.loads(dst.read_text())[0].slices[1] == L.Slice(
        "dev_a", "seq_a", "1", 8192, 8192
    )
