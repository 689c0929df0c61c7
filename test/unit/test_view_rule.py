# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One view rule for every reader: a view of a host buffer that mlir-aie's
``traceSubviewToBlockArgument`` refuses (a stride-2 subview, a non-contiguous 2-D subview, a
reinterpret_cast of a strided view) is refused by fuse, verify-patches, resolve and the emulator
alike, each with one error located at the patch that reads it; the views it accepts give every
reader the same byte offset.

The view is made in the dispatched sequence and passed to a traced callee, whose data patch names
the parameter: integer ``arg_idx`` in E1/E2 (fuse rebases it, following the view through the
call), ``buffer`` operand in E3/E4 (fuse leaves it to resolve; verify-patches and the emulator
follow the view through the call, resolve follows it after materialization inlined the call).
"""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.analysis import callgraph as cg
from aie_trace.analysis import tracedma
from aie_trace.emu import dma
from aie_trace.emu import npu as emu
from aie_trace.emu.dma import EmuFault
from aie_trace.emu.memory import EmuBuffer, HostMemory
from aie_trace.ir import provider, structure, views
from aie_trace.testing import synth as S

ir = provider.ir

#: name -> (the dispatched sequence's buffer, the ops that make ``%v`` from it, ``%v``'s type)
REFUSED = {
    "stride-2 subview": (
        "memref<256xi8>",
        [
            "%v = memref.subview %arg0[0] [64] [2] : memref<256xi8> to "
            "memref<64xi8, strided<[2]>>"
        ],
        "memref<64xi8, strided<[2]>>",
    ),
    "non-contiguous 2-D subview": (
        "memref<16x16xi8>",
        [
            "%v = memref.subview %arg0[0, 0] [8, 8] [1, 1] : memref<16x16xi8> to "
            "memref<8x8xi8, strided<[16, 1]>>"
        ],
        "memref<8x8xi8, strided<[16, 1]>>",
    ),
    "reinterpret_cast of a strided view": (
        "memref<16x16xi8>",
        [
            # the subview is contiguous (whole rows) and accepted; its layout's row stride 16 is
            # what the reinterpret_cast refuses
            "%s = memref.subview %arg0[1, 0] [4, 16] [1, 1] : memref<16x16xi8> to "
            "memref<4x16xi8, strided<[16, 1], offset: 16>>",
            "%v = memref.reinterpret_cast %s to offset: [0], sizes: [64], strides: [1] : "
            "memref<4x16xi8, strided<[16, 1], offset: 16>> to memref<64xi8>",
        ],
        "memref<64xi8>",
    ),
}

#: name -> (buffer, ops, type, the byte offset of ``%v`` in the buffer)
ACCEPTED = {
    "contiguous 2-D subview": (
        "memref<16x16xi8>",
        [
            "%v = memref.subview %arg0[1, 0] [4, 16] [1, 1] : memref<16x16xi8> to "
            "memref<4x16xi8, strided<[16, 1], offset: 16>>"
        ],
        "memref<4x16xi8, strided<[16, 1], offset: 16>>",
        16,
    ),
    "reinterpret_cast of a unit-stride view": (
        "memref<256xi8>",
        [
            "%s = memref.subview %arg0[32] [64] [1] : memref<256xi8> to "
            "memref<64xi8, strided<[1], offset: 32>>",
            "%v = memref.reinterpret_cast %s to offset: [0], sizes: [64], strides: [1] : "
            "memref<64xi8, strided<[1], offset: 32>> to memref<64xi8>",
        ],
        "memref<64xi8>",
        32,
    ),
}

TRACE_BYTES = 8192
DATA_ADDR = tracedma.bd_address_word(0, 0)  # the callee's data BD (column 0, BD 0)


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def module(era: str, buffer: str, view: list[str], vtype: str) -> str:
    """@main:@main_seq makes ``%v`` of its ``buffer`` and runs traced @dev:@seq on it; @seq's data
    BD reads its 64-byte parameter through one address patch."""
    callee = S.Design("dev", "seq", data=("memref<64xi8>",), data_io="bd").text(era)
    callee = callee.replace("%arg0: memref<64xi8>", f"%arg0: {vtype}").replace(
        "(i32, memref<64xi8>)", f"(i32, {vtype})"
    )
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [buffer],
            S.configure("dev", view + [S.run("seq", ["%v"], [vtype])]),
        ),
    )
    return S.module(main, callee)


def data_patch_line(text: str) -> int:
    [line] = [
        i
        for i, x in enumerate(text.splitlines(), 1)
        if "aiex.npu.address_patch" in x and f"addr = {DATA_ADDR} " in x
    ]
    return line


def errors(d) -> list[tuple[int, str]]:
    return [(x.line, x.message) for x in d.diagnostics if x.severity == "error"]


def emulate(m):
    """Run @main:@main_seq of ``m`` on the emulator, as a host would (its buffers zeroed and
    synced to the device)."""
    seq = F.sequence(m, "main", "main_seq")
    sizes = [
        structure.memref_bytes(structure.value_type(a)) for a in structure.seq_args(seq)
    ]
    bufs = [EmuBuffer(i, n) for i, n in enumerate(sizes)]
    for b in bufs:
        b.write(bytes(b.nbytes))
        b.sync_to_device()
    return emu.run(m.operation, seq, HostMemory(bufs))


# ------------------------------------------------------------------------------------------------
# the rule itself


def chain(buffer: str, view: list[str], vtype: str):
    text = S.module(
        S.device(
            "main",
            S.sequence(
                "main_seq",
                [buffer, "index"],
                view + [f'"test.use"(%v) : ({vtype}) -> ()'],
            ),
        )
    )
    m = F.parse(text)
    seq = F.sequence(m, "main", "main_seq")
    use = structure.walk(seq, ["test.use"])[0]
    return m, structure.seq_args(seq)[0], structure.operand(use, 0)


@pytest.mark.parametrize("name", REFUSED)
def test_the_rule_refuses_with_or_without_bindings(name):
    """What a frame binds (the fold hook) does not make a refused view acceptable."""
    _m, _, v = chain(*REFUSED[name])
    assert views.trace_to_block_argument(v) is None
    assert views.trace_to_block_argument(v, lambda _: 0) is None


@pytest.mark.parametrize("name", ACCEPTED)
def test_the_rule_gives_one_offset_with_or_without_bindings(name):
    buffer, view, vtype, offset = ACCEPTED[name]
    _m, root, v = chain(buffer, view, vtype)
    assert views.trace_to_block_argument(v) == (root, offset)
    assert views.trace_to_block_argument(v, lambda _: None) == (root, offset)


def test_a_dynamic_offset_needs_the_callers_bindings():
    """Upstream reads the IR as written and refuses a dynamic subview offset; the inlining walk
    binds it (a scalar of the call, a loop iteration), as inlining and unrolling make it constant,
    through the fold hook: ``offset * source stride * element bytes``, symbolic values included.
    """
    _m, root, v = chain(
        "memref<16x16xi32>",
        [
            "%v = memref.subview %arg0[%arg1, 0] [1, 16] [1, 1] : memref<16x16xi32> to "
            "memref<1x16xi32, strided<[16, 1], offset: ?>>"
        ],
        "memref<1x16xi32, strided<[16, 1], offset: ?>>",
    )
    assert views.trace_to_block_argument(v) is None
    assert views.trace_to_block_argument(v, lambda _: None) is None
    assert views.trace_to_block_argument(v, lambda _: 3) == (root, 3 * 16 * 4)
    sym = cg.IterSym(0, None, "")
    got = views.trace_to_block_argument(v, lambda _: cg.Affine(1, ((sym, 2),)))
    assert got == (root, cg.Affine(64, ((sym, 128),)))


# ------------------------------------------------------------------------------------------------
# every reader


@pytest.mark.parametrize("era", ["E1", "E2"])
@pytest.mark.parametrize("name", REFUSED)
def test_fuse_refuses_to_rebase_a_patch_through_a_refused_view(era, name):
    text = module(era, *REFUSED[name])
    m = F.parse(text)
    before = str(m)
    assert errors(F.try_passes(m, "aie-trace-fuse-buffers")) == [
        (
            data_patch_line(text),
            "this address_patch names host buffer #0 of @dev:@seq, which at call path '0' of "
            "@main:@main_seq is not bound to a static view of a buffer of the dispatched "
            "sequence",
        )
    ]
    assert str(m) == before


@pytest.mark.parametrize("era", ["E3", "E4"])
@pytest.mark.parametrize("name", REFUSED)
def test_verify_resolve_and_the_emulator_refuse_a_patch_through_a_refused_view(
    era, name
):
    text = module(era, *REFUSED[name])
    line = data_patch_line(text)
    # fuse leaves buffer patches to resolve; what it makes is what the others read
    assert errors(F.try_passes(F.parse(text), "aie-trace-fuse-buffers")) == []
    d = F.try_passes(
        F.parse(text), "aie-trace-fuse-buffers", "aie-trace-verify-patches"
    )
    assert errors(d) == [
        (
            line,
            "the buffer operand does not resolve to a static view of a host buffer of "
            "@main:@main_seq (in @main:@main_seq (call path '0'))",
        )
    ]
    d = F.try_passes(
        F.parse(text),
        "aie-trace-fuse-buffers",
        "aie-trace-materialize",
        "aie-trace-resolve-patch-buffers",
    )
    assert errors(d) == [
        (
            line,
            "'aiex.npu.address_patch' op could not resolve its buffer operand to a host "
            "buffer index of the enclosing runtime sequence",
        )
    ]
    m = F.parse(text)
    F.run_passes(m, "aie-trace-fuse-buffers")
    with pytest.raises(EmuFault) as e:
        emulate(m)
    assert (e.value.diagnostic.line, e.value.diagnostic.message) == (
        line,
        "memref operand does not resolve to a host buffer of the dispatched sequence (a "
        "static view chain of one of its arguments)",
    )


@pytest.mark.parametrize("era", F.ERAS)
@pytest.mark.parametrize("name", ACCEPTED)
def test_every_reader_finds_an_accepted_view_at_one_offset(era, name, monkeypatch):
    buffer, view, vtype, offset = ACCEPTED[name]
    text = module(era, buffer, view, vtype)
    m = F.parse(text)
    d = F.run_passes(m, "aie-trace-fuse-buffers", "aie-trace-verify-patches")
    assert errors(d) == []
    # the inlining walk
    data = [x for x in F.landings(m, "main", "main_seq", era) if x[1] == 0]
    assert [(path, off) for path, _, off in data] == [("0", offset)]
    # the emulator
    applied: list[tuple[int, int]] = []
    patch = dma.ShimDma.patch

    def record(self, col, addr, p):
        applied.append((p.arg_idx, p.arg_plus))
        return patch(self, col, addr, p)

    monkeypatch.setattr(dma.ShimDma, "patch", record)
    emulate(m)
    assert (0, offset) in applied
    # resolve (E3/E4) or the rebased integer patch (E1/E2), after materialization
    F.run_passes(m, "aie-trace-materialize", "aie-trace-resolve-patch-buffers", era=era)
    assert (0, offset) in F.int_patches(F.sequence(m, "main", "main_seq"), era)
