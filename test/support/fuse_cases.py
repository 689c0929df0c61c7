# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Shared scenarios and helpers for the trace-pass tests (fuse, call graph, materialize)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis import layout as L
from aie_trace.ir import fields as ir_fields
from aie_trace.ir import provider, structure
from aie_trace.ir.diagnostics import DiagnosticEngine, PassFailure
from aie_trace.opt.registry import REGISTRY
from aie_trace.testing import synth as S

ir = provider.ir
ERAS = ("E1", "E2", "E3", "E4")
I64 = "memref<64xi32>"


def parse(text: str) -> Any:
    return ir.Module.parse(text)


def run_passes(module: Any, *passes: str, **options: Any) -> DiagnosticEngine:
    """Run registered passes (by name) on ``module``; options go to every pass that has them."""
    diag = DiagnosticEngine()
    for name in passes:
        cls = REGISTRY.get(name)
        fields = {o.field for o in cls.options()}
        p = cls(**{k: v for k, v in options.items() if k in fields})
        p.run(module.operation, diag)
    return diag


def try_passes(module: Any, *passes: str, **options: Any) -> DiagnosticEngine:
    """Like :func:`run_passes`, but a failing pass returns its diagnostics."""
    diag = DiagnosticEngine()
    for name in passes:
        cls = REGISTRY.get(name)
        fields = {o.field for o in cls.options()}
        try:
            cls(**{k: v for k, v in options.items() if k in fields}).run(
                module.operation, diag
            )
        except PassFailure:
            break
    return diag


def errors(diag: DiagnosticEngine) -> list[str]:
    return [d.message for d in diag.diagnostics if d.severity == "error"]


def warnings(diag: DiagnosticEngine) -> list[str]:
    return [d.message for d in diag.diagnostics if d.severity == "warning"]


def sequence(module: Any, device: str, name: str) -> Any:
    for dev in structure.devices(module.operation):
        if structure.symbol_name(dev) == device:
            for seq in structure.sequences(dev):
                if structure.symbol_name(seq) == name:
                    return seq
    raise KeyError(f"{device}:{name}")


def arg_types(seq: Any) -> list[str]:
    return [str(a.type) for a in structure.seq_args(seq)]


def int_patches(seq: Any, era: str) -> list[tuple[int, int]]:
    """(arg_idx, arg_plus) of every address patch directly in ``seq`` (after materialization)."""
    out = []
    for p in structure.walk(seq, ["aiex.npu.address_patch"]):
        assert (
            era in ("E1", "E2") or ir_fields.get_operand(p, "buffer", era) is None
        ), "a buffer patch"
        out.append(
            (
                ir_fields.get_int(p, "arg_idx", era),
                ir_fields.get_int(p, "arg_plus", era),
            )
        )
    return out


def landings(
    module: Any, device: str, name: str, era: str
) -> list[tuple[str, int, int]]:
    """(call path, host buffer index, byte offset) of every address patch reached from a dispatched
    sequence, the way the hardware resolves it (integer patches verbatim, buffer patches through
    their views)."""
    graph = cg.RunGraph(module.operation)
    root = sequence(module, device, name)
    out = []
    for op, frame in cg.inline_walk(graph, root):
        if op.name != "aiex.npu.address_patch":
            continue
        buf = ir_fields.get_operand(op, "buffer", era) if era in ("E3", "E4") else None
        plus = (
            ir_fields.get_int(op, "arg_plus", era)
            if era == "E1"
            else frame.int(ir_fields.get_operand(op, "arg_plus", era))
        )
        if buf is not None:
            ref = frame.buffer(buf)
            out.append(
                (
                    frame.path,
                    structure.host_buffer_index(root, ref.arg),
                    ref.offset + plus,
                )
            )
        else:
            out.append((frame.path, ir_fields.get_int(op, "arg_idx", era), plus))
    return out


def layout_of(module: Any, device: str, name: str) -> L.Layout | None:
    return L.read_layout(sequence(module, device, name))


def slices(
    module: Any, device: str, name: str
) -> list[tuple[str, str, str | None, int, int]]:
    lay = layout_of(module, device, name)
    return (
        [(s.device, s.sequence, s.call_path, s.offset, s.size) for s in lay.slices]
        if lay
        else []
    )


# ------------------------------------------------------------------------------------------------
# scenarios (upstream's and ours), each a function era -> module text


def run_line(seq: str, args: list[str], types: list[str]) -> str:
    return S.run(seq, args, types)


def two_calls_one_design(era: str) -> str:
    """Upstream: two calls of the same traced design get distinct regions."""
    a = S.Design("dev_a", "seq_a")
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64],
            S.configure(
                "dev_a",
                [
                    run_line("seq_a", ["%arg0"], [I64]),
                    run_line("seq_a", ["%arg0"], [I64]),
                ],
            ),
        ),
    )
    return S.module(main, a.text(era))


def caller_with_own_trace(era: str) -> str:
    """Upstream: the caller's own 4 KiB trace takes the front, the 8 KiB callee the tail."""
    a = S.Design("dev_a", "seq_a")
    main = S.Design(
        "main",
        "main_seq",
        trace_bytes=4096,
        pkt_id=5,
        data=(I64,),
        body=S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])]),
    )
    return S.module(main.text(era), a.text(era))


def untraced(era: str) -> str:
    """Upstream: an untraced caller of an untraced callee gains no trace argument."""
    a = S.Design("dev_a", "seq_a", trace_bytes=0)
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64],
            S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])]),
        ),
    )
    return S.module(main, a.text(era))


def two_designs_two_configures(era: str) -> str:
    """Upstream: two designs behind two configures, 8 KiB each, one 16 KiB buffer after the data."""
    a, b = S.Design("dev_a", "seq_a"), S.Design(
        "dev_b", "seq_b", pkt_id=2, events=(33, 34, 37)
    )
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64, I64],
            S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])])
            + S.configure("dev_b", [run_line("seq_b", ["%arg1"], [I64])]),
        ),
    )
    return S.module(main, a.text(era), b.text(era))


def nested(era: str) -> str:
    """Ours: A -> B -> C, B with its own 4 KiB trace, C with 8 KiB."""
    c = S.Design("dev_c", "seq_c", pkt_id=3)
    b = S.Design(
        "dev_b",
        "seq_b",
        trace_bytes=4096,
        pkt_id=2,
        body=S.configure("dev_c", [run_line("seq_c", ["%arg0"], [I64])]),
    )
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64],
            S.configure("dev_b", [run_line("seq_b", ["%arg0"], [I64])]),
        ),
    )
    # dev_b runs seq_c, so it comes before main: mlir-aie materializes devices in module order
    return S.module(b.text(era), main, c.text(era))


def scalar_arguments(era: str) -> str:
    """Ours: scalars make host-buffer indices differ from block-argument indices, on both sides."""
    a = S.Design("dev_a", "seq_a", data=(I64, "i32"))
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            ["i32", I64, "i32", I64],
            S.configure(
                "dev_a",
                [
                    run_line("seq_a", ["%arg3", "%arg2"], [I64, "i32"]),
                    run_line("seq_a", ["%arg1", "%arg0"], [I64, "i32"]),
                ],
            ),
        ),
    )
    return S.module(main, a.text(era))


def two_wrappers(era: str) -> str:
    """Ours: one callee run from two dispatched wrappers with different signatures."""
    a = S.Design("dev_a", "seq_a")
    w1 = S.sequence(
        "w1", [I64], S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])])
    )
    w2 = S.sequence(
        "w2",
        [I64, "i32", I64],
        S.configure("dev_a", [run_line("seq_a", ["%arg2"], [I64])])
        + S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])]),
    )
    return S.module(S.device("main", w1 + w2), a.text(era))


def data_patch(era: str) -> str:
    """Ours: a hand-written data address_patch in a callee, whose buffer is a view at byte 256."""
    b = S.Body(era, "dp")
    b.writebd(0, 3, 128)
    b.address_patch(tracedma_addr(0, 3), 16, arg_idx=0)
    a = S.Design("dev_a", "seq_a", body=b.lines)
    view = [
        '%v = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
        "array<i64: 64>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : (memref<128xi32>) "
        "-> memref<64xi32, strided<[1], offset: 64>>",
        '%r = "memref.reinterpret_cast"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
        "array<i64: 0>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : "
        "(memref<64xi32, strided<[1], offset: 64>>) -> memref<64xi32>",
    ]
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            ["i32", "memref<8xi32>", "memref<128xi32>"],
            S.configure("dev_a", view + [run_line("seq_a", ["%r"], [I64])]),
        ),
    )
    return S.module(main, a.text(era))


def tracedma_addr(col: int, bd: int) -> int:
    from aie_trace.analysis import tracedma

    return tracedma.bd_address_word(col, bd)


SCENARIOS = {
    "two_calls_one_design": two_calls_one_design,
    "caller_with_own_trace": caller_with_own_trace,
    "untraced": untraced,
    "two_designs_two_configures": two_designs_two_configures,
    "nested": nested,
    "scalar_arguments": scalar_arguments,
    "two_wrappers": two_wrappers,
    "data_patch": data_patch,
}


@dataclass
class Fused:
    module: Any
    diag: DiagnosticEngine


def fuse(text: str, **options: Any) -> Fused:
    m = parse(text)
    diag = run_passes(m, "aie-trace-fuse-buffers", **options)
    return Fused(m, diag)


def loop(
    body: list[str], trips: int = 3, lb: int = 0, step: int = 1, name: str = "i"
) -> list[str]:
    """An ``scf.for`` with constant bounds around ``body``."""
    return (
        [
            f"%{name}_lb = arith.constant {lb} : index",
            f"%{name}_ub = arith.constant {lb + trips * step} : index",
            f"%{name}_st = arith.constant {step} : index",
            f'"scf.for"(%{name}_lb, %{name}_ub, %{name}_st) ({{',
            f"^bb0(%{name}: index):",
        ]
        + [f"  {x}" for x in body]
        + ['  "scf.yield"() : () -> ()', "}) : (index, index, index) -> ()"]
    )


def run_in_loop(era: str) -> str:
    """Ours: a traced design run inside a loop of three iterations (lb 2, step 2), alternating with
    a second design so that iterations are not back-to-back."""
    a, b = S.Design("dev_a", "seq_a"), S.Design(
        "dev_b", "seq_b", trace_bytes=4096, pkt_id=2
    )
    body = S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])]) + S.configure(
        "dev_b", [run_line("seq_b", ["%arg0"], [I64])]
    )
    main = S.device(
        "main", S.sequence("main_seq", [I64], loop(body, trips=3, lb=2, step=2))
    )
    return S.module(main, a.text(era), b.text(era))


def nested_in_loop(era: str) -> str:
    """Ours: the loop is inside a callee B (which main runs twice, alternating with dev_a)."""
    c = S.Design("dev_c", "seq_c", pkt_id=3)
    a = S.Design("dev_a", "seq_a", trace_bytes=0)
    b = S.Design(
        "dev_b",
        "seq_b",
        trace_bytes=0,
        body=loop(
            S.configure("dev_c", [run_line("seq_c", ["%arg0"], [I64])])
            + S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])]),
            trips=2,
            name="j",
        ),
    )
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64],
            S.configure("dev_b", [run_line("seq_b", ["%arg0"], [I64])])
            + S.configure("dev_a", [run_line("seq_a", ["%arg0"], [I64])])
            + S.configure("dev_b", [run_line("seq_b", ["%arg0"], [I64])]),
        ),
    )
    # dev_b runs other sequences, so it comes before main (devices materialize in module order)
    return S.module(b.text(era), main, c.text(era), a.text(era))


def cycle(era: str) -> str:
    """Two sequences that run each other: @dev_x:@sx runs @dev_y:@sy, which runs @sx."""
    x = S.Design(
        "dev_x",
        "sx",
        trace_bytes=0,
        body=S.configure("dev_y", [S.run("sy", ["%arg0"], [I64])]),
    )
    y = S.Design(
        "dev_y",
        "sy",
        trace_bytes=0,
        body=S.configure("dev_x", [S.run("sx", ["%arg0"], [I64])]),
    )
    return S.module(x.text(era), y.text(era))


def prepared_example(name: str, out: Any) -> str:
    """``examples/<name>`` after ``aie-trace-prepare`` as the README runs it (through the
    driver), written to ``out``; its text. E3/E4 examples stay unfused (aiecc fuses them), and
    the host tools read them as aiecc builds them."""
    import io
    from pathlib import Path

    from aie_trace.opt import driver

    example = Path(__file__).resolve().parents[2] / "examples" / name
    err = io.StringIO()
    argv = [str(example), "--pass-pipeline=builtin.module(aie-trace-prepare)", "-o"]
    rc = driver.main([*argv, str(out)], io.StringIO(), err)
    assert rc == 0, err.getvalue()
    return Path(out).read_text()
