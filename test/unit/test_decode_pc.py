# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""EVENT_PC mode (Trace_Control0 mode 1): a core unit whose design sets it is decoded as EVENT_PC
frames -- the program counter and the asserted slots per frame, in capture order -- and each PC
is named after its function when the core's ELF or lld map file is given.

The byte cases and what they decode to are mlir-aie's own
(``test/python/test_trace_mode1_decode.py@feb92118``, for ``decode_event_pc_stream``,
``convert_commands_to_json`` and ``parse_trace`` of ``python/utils/trace@feb92118``), restated
here because mlir-aie's package cannot be installed."""

from __future__ import annotations

import json
import random

import pytest
from decode_cli import run_cli
from decode_encoder import buffer_of, design_mlir, encode_frames
from decode_parsepy import event_pc_commands
from decode_pc_encoder import (
    elf32,
    encode,
    frame,
    lld_map,
    random_records,
    repeat,
    start,
)

from aie_trace.report import compat
from aie_trace.trace import decode
from aie_trace.trace import pc as trace_pc
from aie_trace.trace.stream import StreamKey

# -- mlir-aie's cases ------------------------------------------------------------------------------

#: (bytes, mlir-aie's command) from test_event_pc_fields
FIELD_CASES = [
    ([0xC4, 0x20, 0x01, 0x50], (336, (3,))),
    ([0xC6, 0x24, 0x01, 0x50], (336, (0, 3, 7))),
    ([0xC4, 0x23, 0xC1, 0x50], (336, (3,))),  # bits [17:14] set: not part of the PC
]


def records(
    data: bytes,
) -> tuple[list[tuple[int, tuple[int, ...], int]], tuple, dict, list]:
    r, timers, counts, anomalies = trace_pc.decode_pc_bytes(bytes(data))
    slots = [tuple(s for s in range(8) if m >> s & 1) for m in r["mask"].tolist()]
    return (
        list(zip(r["pc"].tolist(), slots, r["frames"].tolist(), strict=True)),
        timers,
        counts,
        anomalies,
    )


@pytest.mark.parametrize(("data", "expected"), FIELD_CASES)
def test_frame_fields_as_mlir_aie_decodes_them(data, expected):
    got, timers, _, anomalies = records(bytes(data))
    assert got == [(*expected, 1)] and timers == () and anomalies == []


def test_shared_framing_as_mlir_aie_decodes_it():
    """Start (mode 1: 0xF1), a skipped 0xDC frame, a frame, Repeat0 5, Repeat1 308, Event_Sync."""
    data = bytes(
        [0xF1, 0, 0, 0, 0, 0x04, 0xE5, 0xF7, 0xDC, 0, 0, 0, 0xC4, 0x20, 0x01, 0x50]
        + [0xE5, 0xD9, 0x34, 0xFF]
    )
    got, timers, counts, anomalies = records(data)
    assert timers == (321015,)
    assert got == [(336, (3,), 1 + 5 + 308)]
    assert counts["repeat0"] == counts["repeat1"] == counts["event_sync"] == 1
    assert [(a.kind, a.count) for a in anomalies] == [("reserved_frame", 1)]


def test_mlir_aie_distilled_hardware_capture():
    """mlir-aie's capture-derived sequence: every frame with its Repeats, as its decoder reads
    them (Repeat1 1023 and 720 after the first frame, Repeat0 7 after the second)."""
    data = bytes(
        [0xF1, 0, 0, 0, 0, 0x04, 0xE5, 0xF7, 0xC6, 0x00, 0x03, 0x30, 0xDB, 0xFF]
        + [0xDA, 0xD0, 0xC6, 0x20, 0x03, 0x30, 0xE7, 0xC4, 0x20, 0x01, 0x50]
    )
    got, timers, _, anomalies = records(data)
    assert timers == (321015,) and not anomalies
    assert got == [(816, (7,), 1 + 1023 + 720), (816, (3, 7), 1 + 7), (336, (3,), 1)]


def test_other_start_families_are_not_a_start():
    """mlir-aie: 0xF9 and 0xFD start no command in mode 1; nor does 0x00 (mode 0's Single0):
    each is one byte, counted here (mlir-aie skips them without a word)."""
    for b0 in (0xF9, 0xFD):
        got, timers, _, anomalies = records(bytes([b0] + [0] * 7))
        assert got == [] and timers == ()
        assert [(a.kind, a.count, a.offset) for a in anomalies] == [
            ("unknown_opcode", 8, 0)
        ]


# -- encoder round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_random_frames_round_trip(seed):
    rng = random.Random(seed)
    recs = random_records(rng, 60)
    data, frames = encode(recs, timer=rng.randrange(1 << 56))
    got, _, _, anomalies = records(data)
    assert not anomalies
    expanded = [
        (pc, m) for pc, slots, n in got for m in [sum(1 << s for s in slots)] * n
    ]
    assert expanded == frames


def records_of_commands(cmds: list[dict]) -> tuple[list, tuple]:
    """mlir-aie's commands folded into records: a Repeat adds frames to the last EventPC since
    the last Start (one with none is dropped; we count it)."""
    recs: list[list] = []
    timers: list[int] = []
    open_frame = False
    for c in cmds:
        if c["type"] == "Start":
            timers.append(c["timer_value"])
            open_frame = False
        elif c["type"] == "EventPC":
            recs.append(
                [c["pc"], tuple(v for k, v in c.items() if k.startswith("event")), 1]
            )
            open_frame = True
        elif c["type"].startswith("Repeat") and open_frame:
            recs[-1][2] += c["repeats"]
    return [tuple(r) for r in recs], tuple(timers)


def mixed_stream(rng: random.Random) -> bytes:
    """Frames, Repeats, Starts, fillers, syncs, skipped frames and random bytes."""
    parts = []
    for _ in range(400):
        pick = rng.random()
        if pick < 0.5:
            parts.append(frame(rng.randrange(0x4000), rng.randrange(1, 256)))
        elif pick < 0.7:
            parts.append(repeat(rng.choice((1, 5, 15, 16, 700, 1023))))
        elif pick < 0.75:
            parts.append(start(rng.randrange(1 << 56)))
        elif pick < 0.85:
            parts.append(bytes([rng.choice((0xFE, 0xFF, 0xDC, 0xDF))] + [0] * 3)[:1])
        else:
            parts.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9))))
    return b"".join(parts)


@pytest.mark.parametrize("seed", range(12))
def test_held_to_mlir_aie_on_random_streams(seed):
    """Our decode and mlir-aie's (restated: decode_parsepy.event_pc_commands) agree."""
    data = mixed_stream(random.Random(seed))
    got, timers, _, anomalies = records(data)
    want, want_timers = records_of_commands(event_pc_commands(data, zero=False))
    assert timers == want_timers
    assert got == want
    # a byte mlir-aie passes over is one counted anomaly here
    assert all(a.kind != "pulse_limit" for a in anomalies)


@pytest.mark.parametrize("block", [1, 7, 16, 61])
def test_blocks_decode_as_the_whole(monkeypatch, block):
    """Commands cut by a block's end, Repeats of the previous block's last frame, blocks with no
    command starting in them: a stream decoded a few bytes at a time decodes as in one piece.
    """
    data = mixed_stream(random.Random(block))
    whole = trace_pc.decode_pc_bytes(data, max_repeat_frames=20_000)
    monkeypatch.setattr(trace_pc, "BLOCK_BYTES", block)
    parts = trace_pc.decode_pc_bytes(data, max_repeat_frames=20_000)
    for field in ("pc", "mask", "frames", "run"):
        assert parts[0][field].tolist() == whole[0][field].tolist(), field
    assert parts[1:3] == whole[1:3]
    assert sorted((a.kind, a.count, a.offset) for a in parts[3]) == sorted(
        (a.kind, a.count, a.offset) for a in whole[3]
    )


def test_bad_bytes_are_counted_never_raise():
    data = frame(0x10, 1) + bytes([0xF9, 0xE3]) + frame(0x20, 2)[:3]
    got, _, _, anomalies = records(bytes([0xE2]) + data)
    assert got == [(0x10, (0,), 4)]
    assert {a.kind: a.count for a in anomalies} == {
        "repeat_without_frame": 1,
        "unknown_opcode": 1,
        "truncated_command": 1,
    }


@pytest.mark.parametrize("data", [b"\xc4\x20", b"\xf1\x00\x00", b"\xd9", b"\xdc\x00"])
def test_a_stream_of_one_cut_command(data):
    got, timers, _, anomalies = records(data)
    assert got == [] and timers == ()
    assert [(a.kind, a.count, a.offset) for a in anomalies] == [
        ("truncated_command", 1, 0)
    ]


def test_repeats_are_bounded():
    data = frame(0x10, 0xFF) + bytes([0xDB, 0xFF]) * 1000
    r, _, _, anomalies = trace_pc.decode_pc_bytes(data, max_repeat_frames=5000)
    assert r["frames"].tolist() == [5001]
    assert [(a.kind, a.count) for a in anomalies] == [
        ("pulse_limit", 1023 * 1000 - 5000)
    ]


# -- a design whose core is in EVENT_PC mode -------------------------------------------------------


def design(control0: int, events0: int = 0x21000000, col: int = 2) -> str:
    """npu1 design writing its core (col, 2)'s Trace_Control0, Trace_Control1 (packet id 2) and
    Trace_Event0 (mlir-aie's MODE1_CONFIG_MLIR: 5, slot 3 INSTR_EVENT_0), in generic form.
    """
    return design_mlir(((213200, control0), (213204, 2), (213216, events0)), col)


def instants(events: list[dict]) -> list[tuple[int, int, int]]:
    """(ts, slot, pc) of the instant events, in order."""
    return [(e["ts"], e["tid"], e["args"]["pc"]) for e in events if e["ph"] == "i"]


#: mlir-aie's test_parse_trace_aligns_mode_before_dispatch: header column 1, design column 2
PARSE_TRACE_BUFFER = [
    0x00220002,
    0xF1000000,
    0,
    0xC4200150,
    0xE2FEFEFE,
    0xC4200210,
    0xFEFEFEFE,
    0xFEFEFEFE,
]


def test_parse_trace_as_mlir_aie_on_its_buffer():
    """mlir-aie's parse_trace on its own buffer gives instants at ts 0..3 on slot 3 with PCs 336
    (and its two Repeats) then 528; so do we, aligning the column by ourselves."""
    import numpy as np

    events = compat.parse_trace(
        np.array(PARSE_TRACE_BUFFER, dtype=np.uint32), design(5)
    )
    assert instants(events) == [
        (0, 3, 336),
        (1, 3, 336),
        (2, 3, 336),
        (3, 3, 528),
    ]
    assert {(e["name"], e["s"]) for e in events if e["ph"] == "i"} == {
        ("INSTR_EVENT_0", "t")
    }
    assert not [e for e in events if e["ph"] in "BE"]


def test_json_capture_order_as_mlir_aie_writes_it():
    """mlir-aie's test_event_pc_json_uses_capture_order_and_expands_repeats: slots 3 and 7 at
    PC 336 with Repeat0 2, then slot 3 at PC 528."""
    import numpy as np

    stream = frame(336, 0x88) + bytes([0xE2]) + frame(528, 0x08)
    data = buffer_of({(0, 2, 2, 2): start(0) + stream})
    events = compat.parse_trace(
        np.frombuffer(data, dtype=np.uint32), design(5, events0=0x21000000, col=2)
    )
    assert instants(events) == [
        (0, 3, 336),
        (0, 7, 336),
        (1, 3, 336),
        (1, 7, 336),
        (2, 3, 336),
        (2, 7, 336),
        (3, 3, 528),
    ]


def pc_buffer(tmp_path, recs, control0=5):
    data, _ = encode(recs, timer=5000)
    (tmp_path / "d.mlir").write_text(design(control0, events0=0x00252221))
    (tmp_path / "t.bin").write_bytes(buffer_of({(0, 2, 2, 2): data}, size=4096))


RECS = [
    (0x40, 1 << 1, 1),
    (0x120, 1 << 0, 3),
    (0x130, 1 << 0, 1),
    (0x408, 1 << 2, 1),
    (0x10, 1 << 1, 2),
]


def decoded(tmp_path, *options) -> tuple[str, str, list[dict]]:
    """``aie-trace decode`` of :data:`RECS` on core (2, 2) with ``options``: (summary, stderr,
    Chrome trace events)."""
    pc_buffer(tmp_path, RECS)
    rc, out, err = run_cli(
        tmp_path / "t.bin",
        "--mlir",
        tmp_path / "d.mlir",
        "-o",
        tmp_path / "t.json",
        *options,
    )
    assert rc == 0, err
    return out, err, json.loads((tmp_path / "t.json").read_text())["traceEvents"]


def test_summary_and_perfetto_of_an_event_pc_unit(tmp_path):
    out, _, events = decoded(tmp_path, "--summary-json", tmp_path / "s.json")
    assert "core(2,2)  EVENT_PC: 8 frames, 5 distinct PCs" in out
    assert "kernel cycles" not in out and "warning" not in out, out
    s = json.loads((tmp_path / "s.json").read_text())["slices"][0]
    (u,) = s["pc_units"]
    # Trace_Event0 0x00252221: slot 0 INSTR_EVENT_0, slot 1 INSTR_EVENT_1, slot 2 INSTR_VECTOR
    assert u["events"] == {"INSTR_EVENT_0": 4, "INSTR_EVENT_1": 3, "INSTR_VECTOR": 1}
    assert u["frames"] == 8 and u["first_timer"] == 5000
    inst = [e for e in events if e["ph"] == "i"]
    assert [e["args"]["pc"] for e in inst] == [
        pc for pc, _, n in RECS for _ in range(n)
    ]
    assert [e["args"]["frame"] for e in inst] == list(range(8))
    assert all("function" not in e["args"] for e in inst)


def test_pcs_name_their_function_from_the_core_elf(tmp_path):
    (tmp_path / "core.elf").write_bytes(
        elf32([("main", 0, 0x100), ("scale_int32", 0x100, 0x300)], [("buf", 0x120, 64)])
    )
    out, _, events = decoded(tmp_path, "--core-elf", f"2,2={tmp_path / 'core.elf'}")
    assert "functions: scale_int32 4 (50.0%), main 3 (37.5%), ? 1 (12.5%)" in out
    inst = [e for e in events if e["ph"] == "i"]
    assert [e["args"].get("function") for e in inst] == (
        ["main"] + ["scale_int32"] * 4 + [None] + ["main"] * 2
    )
    spans = [(e["name"], e["args"]["frames"]) for e in events if e["ph"] == "X"]
    assert spans == [("main", 1), ("scale_int32", 4), ("?", 1), ("main", 2)]


def test_pcs_name_their_function_from_an_lld_map(tmp_path):
    text = [("main", 0, 0x100), ("scale_int32", 0x100, 0x300), ("tail", 0x400, 0x100)]
    (tmp_path / "core.map").write_text(
        lld_map(
            [
                (".text", 0, 0x500, text),
                (".bss", 0x70000, 0x40, [("buf", 0x70000, 0x40)]),
            ]
        )
    )
    out, _, _ = decoded(tmp_path, "--core-elf", f"d:2,2={tmp_path / 'core.map'}")
    assert "functions: scale_int32 4 (50.0%), main 3 (37.5%), tail 1 (12.5%)" in out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\x7fELF\x02\x01" + bytes(60), "not a 32-bit little-endian ELF file"),
        (elf32([])[:60], "its section headers lie outside the file"),
        (b"hello\n", "not an lld map file"),
        (b"\xff\xfe\x00", "neither an ELF file nor a linker map"),
    ],
)
def test_a_bad_core_program_is_one_located_error(tmp_path, content, words):
    pc_buffer(tmp_path, RECS)
    (tmp_path / "bad").write_bytes(content)
    rc, out, err = run_cli(
        tmp_path / "t.bin",
        "--mlir",
        tmp_path / "d.mlir",
        "--core-elf",
        f"2,2={tmp_path / 'bad'}",
    )
    assert rc == 1 and words in err and "Traceback" not in err, err


def test_symbols_for_a_core_no_event_pc_unit_traces_are_noted(tmp_path):
    pc_buffer(tmp_path, RECS)
    (tmp_path / "core.elf").write_bytes(elf32([("main", 0, 0x100)]))
    rc, out, err = run_cli(
        tmp_path / "t.bin",
        "--mlir",
        tmp_path / "d.mlir",
        "--core-elf",
        f"0,2={tmp_path / 'core.elf'}",
    )
    assert (
        rc == 0
        and "symbols for core (0,2) were given, but no EVENT_PC unit traces it" in err
    )


def test_event_time_units_beside_an_event_pc_unit_decode_as_before():
    """A slice with an EVENT_PC core and an event-time core: each read in its own mode."""
    pc_data, _ = encode(RECS)
    et = encode_frames([(1010, 2), (1110, 4)], timer=1000).data
    data = buffer_of({(0, 2, 2, 2): pc_data, (0, 1, 2, 1): et}, size=4096)
    from aie_trace.analysis.trace_events import design_events
    from aie_trace.ir.structure import make_context, parse_op

    two = design(5).replace(
        '    }) : () -> ()\n    "aie.end"',
        "\n".join(
            f'      "aiex.npu.write32"() {{address = {a} : ui32, column = 1 : i32, row = 2 : i32, '
            f"value = {v} : ui32}} : () -> ()"
            for a, v in ((213204, 1), (213216, 0x00222100))
        )
        + '\n    }) : () -> ()\n    "aie.end"',
    )
    with make_context():
        designs = {("d", "s"): design_events(parse_op(two), "d", "s")}
        slices = [
            {"device": "d", "sequence": "s", "call_path": "", "offset": 0, "size": 4096}
        ]
        (sd,) = decode.decode_fused(data, slices, designs)
    assert list(sd.result.streams) == [StreamKey(0, 1, 2)]
    assert list(sd.pc_streams) == [StreamKey(0, 2, 2)]
    assert len(sd.result.streams[StreamKey(0, 1, 2)]) == 2
    assert sd.pc_streams[StreamKey(0, 2, 2)].total_frames == 8
    assert not sd.result.anomalies
