# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every refusal of aie-trace-fuse-buffers: one located error, the pass fails, nothing half-done."""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import provider
from aie_trace.testing import synth as S

I64 = F.I64


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def main_running(*runs: tuple[str, str], args: tuple[str, ...] = (I64,)) -> str:
    body = []
    for dev, seq in runs:
        body += S.configure(dev, [S.run(seq, ["%arg0"], [I64])])
    return S.device("main", S.sequence("main_seq", list(args), body))


def refuse(text: str, **options) -> list[tuple[int, str]]:
    d = F.try_passes(F.parse(text), "aie-trace-fuse-buffers", **options)
    return [(x.line, x.message) for x in d.diagnostics if x.severity == "error"]


@pytest.mark.parametrize("era", F.ERAS)
def test_callee_with_reuse_output_buffer(era):
    [(line, msg)] = refuse(
        S.module(
            main_running(("dev_a", "seq_a")),
            S.Design("dev_a", "seq_a", trace_arg="reuse").text(era),
        )
    )
    assert line == 6 and msg.startswith(
        "calls a design that sets trace.host_config reuse_output_buffer=true. That design writes its trace data"
    )
    assert "Use a separate trace buffer instead" in msg


@pytest.mark.parametrize("era", F.ERAS)
def test_caller_with_reuse_output_buffer(era):
    main = S.Design(
        "main",
        "main_seq",
        trace_bytes=4096,
        trace_arg="reuse",
        body=S.configure("dev_a", [S.run("seq_a", ["%arg0"], [I64])]),
    )
    [(_, msg)] = refuse(S.module(main.text(era), S.Design("dev_a", "seq_a").text(era)))
    assert msg.startswith(
        "runs traced designs and sets trace.host_config reuse_output_buffer=true. Growing the output buffer"
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_run_that_omits_a_data_parameter(era):
    [(line, msg)] = refuse(
        S.module(
            main_running(("dev_a", "seq_a")),
            S.Design("dev_a", "seq_a", data=(I64, I64)).text(era),
        )
    )
    assert line == 6
    assert msg.startswith(
        "passes 1 operand(s) but @dev_a:@seq_a takes 3: parameter #1 (memref<64xi32>) is missing"
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_unresolvable_callee(era):
    [(line, msg)] = refuse(
        S.module(main_running(("dev_a", "nope")), S.Design("dev_a", "seq_a").text(era))
    )
    assert (line, msg) == (
        6,
        "cannot resolve callee: aie.device @dev_a has no aie.runtime_sequence @nope (it has: @seq_a)",
    )
    [(_, msg)] = refuse(S.module(main_running(("dev_x", "seq_a"))))
    assert (
        msg
        == "cannot resolve callee: no aie.device @dev_x (named by the enclosing aiex.configure)"
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_cycle(era):
    [(_, msg)] = refuse(F.cycle(era))
    assert msg.startswith(
        "aiex.run calls form a cycle: @dev_x:@sx -> @dev_y:@sy -> @dev_x:@sx"
    )


def test_fixed_slot_trace_in_a_callee():
    [(line, msg)] = refuse(
        S.module(
            main_running(("dev_a", "seq_a")),
            S.Design("dev_a", "seq_a", trace_arg="fixed").text("E1"),
        )
    )
    assert line == 28
    assert msg.startswith(
        "this trace patch names host buffer #4, which @dev_a:@seq_a does not declare"
    )


@pytest.mark.parametrize("era", ("E1", "E2", "E3"))
def test_offsets_beyond_i32(era):
    runs = [("dev_a", "seq_a")] * 3
    text = S.module(
        main_running(*runs), S.Design("dev_a", "seq_a", trace_bytes=1 << 30).text(era)
    )
    [(line, msg)] = refuse(
        text, era=era
    )  # auto reads an E3 module as E4 (its ops fit both)
    assert line == 3 and f"arg_plus is i32 in IR era {era}" in msg


def test_e4_widens_arg_plus_but_stops_at_4_gib():
    two = S.module(
        main_running(*[("dev_a", "seq_a")] * 2),
        S.Design("dev_a", "seq_a", trace_bytes=3 << 29).text("E4"),
    )
    ok = F.parse(two)
    F.run_passes(ok, "aie-trace-fuse-buffers", "aie-trace-verify-patches", era="E4")
    assert F.landings(ok, "main", "main_seq", "E4") == [
        ("0", 1, 0),
        ("1", 1, 1610612736),
    ]
    # era=auto: nothing in the module needs i64, so it fits E3 as well and gets no i64 arg_plus
    [(line, msg)] = refuse(two)
    assert line == 3 and msg == (
        "the fused trace buffer would be 3221225472 bytes: offsets above 2147483647 need an "
        "i64 arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 "
        "if its mlir-aie has PR #3718"
    )
    # the record bounds a fused trace buffer: #aie.trace_buffer's size is an unsigned 32-bit
    [(_, msg)] = refuse(
        S.module(
            main_running(*[("dev_a", "seq_a")] * 3),
            S.Design("dev_a", "seq_a", trace_bytes=3 << 29).text("E4"),
        ),
        era="E4",
    )
    assert msg == (
        "the fused trace buffer would be 4831838208 bytes; trace buffers cannot exceed 4 GiB "
        "(#aie.trace_buffer records its size as an unsigned 32-bit integer)"
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_data_patch_naming_an_undeclared_buffer(era):
    b = S.Body(era, "dp")
    b.writebd(0, 3, 64)
    b.address_patch(F.tracedma_addr(0, 3), 0, arg_idx=7)
    text = S.module(
        main_running(("dev_a", "seq_a")),
        S.Design("dev_a", "seq_a", body=b.lines).text(era),
    )
    [(_, msg)] = refuse(text)
    assert msg.startswith(
        "this address_patch names host buffer #7, which @dev_a:@seq_a does not declare"
    )


@pytest.mark.parametrize("era", ("E2", "E3"))
def test_run_already_passing_a_foreign_trace_buffer(era):
    a = S.Design("dev_a", "seq_a")
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64, "memref<8192xi8>"],
            S.configure(
                "dev_a",
                [
                    S.run("seq_a", ["%arg0", "%arg1"], [I64, "memref<8192xi8>"]),
                    S.run("seq_a", ["%arg0"], [I64]),
                ],
            ),
        ),
    )
    [(line, msg)] = refuse(S.module(main, a.text(era)))
    assert line == 6 and msg.startswith(
        "already passes a buffer for the trace argument #1 of @dev_a:@seq_a"
    )


def test_mixed_eras():
    text = S.module(
        main_running(("dev_a", "seq_a")),
        S.Design("dev_a", "seq_a").text("E1"),
        S.Design("dev_b", "seq_b").text("E2"),
    )
    [(_, msg)] = refuse(text)
    assert "one module must use one era's op forms" in msg or "era" in msg


@pytest.mark.parametrize("era", F.ERAS)
def test_refusal_leaves_the_module_unchanged(era):
    text = S.module(
        main_running(("dev_a", "seq_a"), ("dev_b", "seq_b")),
        S.Design("dev_a", "seq_a").text(era),
        S.Design("dev_b", "seq_b", trace_arg="reuse").text(era),
    )
    m = F.parse(text)
    before = str(m)
    assert F.errors(F.try_passes(m, "aie-trace-fuse-buffers"))
    assert str(m) == before


@pytest.mark.parametrize("era", F.ERAS)
def test_undeclared_buffer_refusal_leaves_the_module_unchanged(era):
    b = S.Body(era, "dp")
    b.writebd(0, 3, 64)
    b.address_patch(F.tracedma_addr(0, 3), 0, arg_idx=7)
    m = F.parse(
        S.module(
            main_running(("dev_a", "seq_a")),
            S.Design("dev_a", "seq_a", body=b.lines).text(era),
        )
    )
    before = str(m)
    assert len(F.errors(F.try_passes(m, "aie-trace-fuse-buffers"))) == 1
    assert str(m) == before


def test_e4_rebases_a_data_patch_past_2_gib_with_an_i64_arg_plus():
    big = "memref<805306368xi32>"  # 3 GiB
    b = S.Body("E4", "dp")
    b.writebd(0, 3, 64)
    b.address_patch(F.tracedma_addr(0, 3), 16, arg_idx=0)
    view = [
        '%v = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
        "array<i64: 671088640>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : "
        f"({big}) -> memref<64xi32, strided<[1], offset: 671088640>>",
        '%r = "memref.reinterpret_cast"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
        "array<i64: 0>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : "
        "(memref<64xi32, strided<[1], offset: 671088640>>) -> memref<64xi32>",
    ]
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [big],
            S.configure("dev_a", view + [S.run("seq_a", ["%r"], [I64])]),
        ),
    )
    text = S.module(
        main, S.Design("dev_a", "seq_a", trace_bytes=0, body=b.lines).text("E4")
    )
    # era=auto: the module fits E3 as well (no i64 arg_plus in it), so no i64 is written
    [(_, msg)] = refuse(text)
    assert msg == (
        "rebased arg_plus 2684354576 at call path '0' of @main:@main_seq needs an i64 "
        "arg_plus, which only IR era E4 has; the module fits both E3 and E4: pass era=E4 if "
        "its mlir-aie has PR #3718"
    )
    m = F.parse(text)
    assert (
        F.errors(
            F.run_passes(
                m,
                "aie-trace-fuse-buffers",
                "aie-trace-materialize",
                "aie-trace-check-ir",
                era="E4",
            )
        )
        == []
    )
    assert F.int_patches(F.sequence(m, "main", "main_seq"), "E4") == [
        (0, 2684354560 + 16)
    ]
    assert "arith.constant 2684354576 : i64" in str(m)
    d = F.try_passes(
        F.parse(
            S.module(
                main, S.Design("dev_a", "seq_a", trace_bytes=0, body=b.lines).text("E3")
            )
        ),
        "aie-trace-fuse-buffers",
        era="E3",
    )
    assert (
        "rebased arg_plus 2684354576 at call path '0' of @main:@main_seq does not fit: arg_plus is i32"
        in F.errors(d)[0]
    )


@pytest.mark.parametrize("era", F.ERAS)
def test_rebase_refusal_after_restructuring_leaves_the_module_unchanged(era):
    """A data patch bound to a view at a runtime offset is refused only while rebasing, after the
    traced call was already given its slice: the pass must still leave the module as it was.
    """
    b = S.Body(era, "dp")
    b.writebd(0, 3, 64)
    b.address_patch(F.tracedma_addr(0, 3), 0, arg_idx=0)
    view = [
        '%v = "memref.subview"(%arg1, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = '
        "array<i64: -9223372036854775808>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : "
        "(memref<256xi32>, index) -> memref<64xi32, strided<[1], offset: ?>>",
        '%r = "memref.reinterpret_cast"(%v) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = '
        "array<i64: 0>, static_sizes = array<i64: 64>, static_strides = array<i64: 1>}> : "
        "(memref<64xi32, strided<[1], offset: ?>>) -> memref<64xi32>",
    ]
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            ["index", "memref<256xi32>"],
            S.configure("dev_a", view + [S.run("seq_a", ["%r"], [I64])]),
        ),
    )
    m = F.parse(S.module(main, S.Design("dev_a", "seq_a", body=b.lines).text(era)))
    before = str(m)
    [msg] = F.errors(F.try_passes(m, "aie-trace-fuse-buffers"))
    assert "is not bound to a static view of a buffer of the dispatched sequence" in msg
    assert str(m) == before


@pytest.mark.parametrize("era", ["E1", "E2"])
def test_fixed_slot_trace_of_a_caller_that_would_collide_with_its_fused_buffer(era):
    """A dispatched sequence with four host buffers whose own trace uses the fixed XRT slot #4: the
    fused buffer it would gain for the design it runs is host buffer #4 too, and both traces would
    land at its start."""
    main = S.Design(
        "main",
        "main_seq",
        trace_bytes=4096,
        pkt_id=5,
        trace_arg="fixed",
        data=(I64,) * 4,
        body=S.configure("dev_a", [S.run("seq_a", ["%arg0"], [I64])]),
    )
    m = F.parse(S.module(main.text(era), S.Design("dev_a", "seq_a").text(era)))
    before = str(m)
    [msg] = F.errors(F.try_passes(m, "aie-trace-fuse-buffers"))
    assert msg.startswith(
        "this trace patch names host buffer #4, which @main:@main_seq does not declare"
    )
    assert (
        "the fused trace buffer of the traced designs it runs would be host buffer #4 too"
        in msg
    )
    assert str(m) == before
