# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A drop-in where mlir-aie users stand: ``parse_trace`` on a fused module finds the dispatched
sequence as the command line does; an empty or all-zero buffer is refused in mlir-aie's words;
mlir-aie's helpers for fused buffers (``get_trace_buffer``, ``get_trace_slices``,
``parse_trace_slices``, PR #3652) give their results; a trace.txt whose writer kept zero words
decodes per slice; one slice written to a file of its own decodes with ``--slice``; parse.py's
``--debug`` is accepted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from decode_cli import run_cli
from decode_encoder import buffer_of, encode_frames
from fuse_cases import prepared_example

import aie_trace

ROOT = Path(__file__).resolve().parents[2]
INPUTS = ROOT / "test" / "lit" / "decode" / "Inputs"


@pytest.fixture(scope="module")
def readme_fused(tmp_path_factory) -> str:
    """The README's prepared module: examples/two_designs_e4.mlir after aie-trace-prepare, left
    unfused for aiecc; read as aiecc builds it, three sequences have a trace layout (main's, and
    each callee's own)."""
    out = tmp_path_factory.mktemp("fused") / "fused.mlir"
    return prepared_example("two_designs_e4.mlir", out)


def core_stream(t0: int) -> bytes:
    frames = [
        (t0, 1 << 0),
        (t0 + 100, 1 << 1),
        (t0 + 1000, 1 << 0),
        (t0 + 1150, 1 << 1),
    ]
    return buffer_of({(0, 0, 2, 1): encode_frames(frames, timer=t0 - 10).data})


def test_parse_trace_finds_the_dispatched_sequence_of_the_readme_module(readme_fused):
    assert aie_trace.get_trace_buffer(readme_fused) == {
        "arg_index": 2,
        "offset": 0,
        "size": 20480,
        "dedicated": True,
    }
    slices = aie_trace.get_trace_slices(readme_fused)
    assert [(s["device"], s["sequence"], s["offset"], s["size"]) for s in slices] == [
        ("dev_a", "seq_a", 0, 8192),
        ("dev_b", "seq_b", 8192, 4096),
        ("dev_a", "seq_a", 12288, 8192),
    ]
    buf = bytearray(20480)
    for lo, t0 in ((0, 1000), (12288, 5000)):
        data = core_stream(t0)
        buf[lo : lo + len(data)] = data
    words = np.frombuffer(bytes(buf), dtype=np.uint32)
    events = aie_trace.parse_trace(words, readme_fused)
    assert sum(e["ph"] == "B" for e in events) == 8
    parsed = aie_trace.parse_trace_slices(words, readme_fused)
    assert [entry["offset"] for entry, _ in parsed] == [0, 12288]  # slices holding data
    assert all(sum(e["ph"] == "B" for e in ev) == 4 for _, ev in parsed)
    assert aie_trace.get_trace_slices(readme_fused, "dev_b:seq_b") == [
        {"device": "dev_b", "sequence": "seq_b", "offset": 0, "size": 4096}
    ]
    with pytest.raises(ValueError, match="no runtime sequence named 'main:nosuch'"):
        aie_trace.get_trace_slices(readme_fused, "main:nosuch")


def test_design_without_a_layout_is_one_slice():
    design = (INPUTS / "design-a.mlir").read_text()
    words = np.frombuffer(core_stream(1000), dtype=np.uint32)
    ((entry, events),) = aie_trace.parse_trace_slices(words, design)
    assert entry is None and events == aie_trace.parse_trace(words, design)
    assert aie_trace.get_trace_slices(design) == []
    assert aie_trace.get_trace_buffer(design) is None


@pytest.mark.parametrize("words", [np.zeros(0, np.uint32), np.zeros(2048, np.uint32)])
def test_empty_or_all_zero_buffer_is_refused_in_mlir_aies_words(words):
    design = (INPUTS / "design-a.mlir").read_text()
    with pytest.raises(ValueError, match="^Invalid trace data: empty or all zeros$"):
        aie_trace.parse_trace(words, design)


def test_debug_flag_is_accepted_and_says_what_the_decoder_found(tmp_path):
    (tmp_path / "t.bin").write_bytes(core_stream(1000) + bytes(4096))
    rc, out, err = run_cli(
        "--input", tmp_path / "t.bin", "--mlir", INPUTS / "design-a.mlir", "--debug"
    )
    assert rc == 0, err
    assert "debug: input raw, 4128 bytes" in err
    assert (
        "core(0,2) header (0, 0, 2) ids [1]: 1 packets, 4 events, first timer 990"
        in err
    )


def write_trace_keeping_zeros(words: np.ndarray, path: Path) -> None:
    """As mlir-aie's TraceConfig.write_trace (config.py): every word up to the last nonzero."""
    end = int(np.flatnonzero(words)[-1]) + 1
    path.write_text("\n".join(f"{w:08x}" for w in words[:end].tolist()))


def test_trace_txt_with_zero_words_kept_decodes_per_slice(tmp_path, make_trace):
    make_trace.main(tmp_path / "fused.bin")
    raw = (tmp_path / "fused.bin").read_bytes()
    write_trace_keeping_zeros(np.frombuffer(raw, "<u4"), tmp_path / "trace.txt")
    mlir = INPUTS / "fused-e4.mlir"
    rc, from_raw, err = run_cli(tmp_path / "fused.bin", "--mlir", mlir)
    assert rc == 0, err
    rc, from_txt, err = run_cli(tmp_path / "trace.txt", "--mlir", mlir)
    assert rc == 0, err
    assert from_txt == from_raw and "warning" not in from_txt


def test_one_slice_written_alone_decodes_with_slice(tmp_path, make_trace):
    make_trace.main(tmp_path / "fused.bin")
    raw = (tmp_path / "fused.bin").read_bytes()
    (tmp_path / "slice1.bin").write_bytes(raw[8192:])
    mlir = INPUTS / "fused-e4.mlir"
    rc, whole, _ = run_cli(tmp_path / "fused.bin", "--mlir", mlir)
    rc, alone, err = run_cli(tmp_path / "slice1.bin", "--mlir", mlir, "--slice", 1)
    assert rc == 0, err
    second = whole[whole.index("dev_b:seq [call 1]") :]
    assert alone.replace("0x0+0x2000", "0x2000+0x2000") == second
    rc, _, err = run_cli(tmp_path / "slice1.bin", "--mlir", mlir, "--slice", 2)
    assert rc == 1 and "--slice 2: the layout has 2 slice(s) (0 to 1)" in err


def test_progress_bar_covers_decoding_and_writing(tmp_path):
    (tmp_path / "t.bin").write_bytes(core_stream(1000) + bytes(4096))
    rc, _, err = run_cli(
        tmp_path / "t.bin", "-o", tmp_path / "t.json", "--progress", "always"
    )
    assert rc == 0
    assert "decoding [" in err and "100%" in err
    assert err.rstrip().endswith("writing [" + "#" * 30 + "] 100%  8/8 events")
