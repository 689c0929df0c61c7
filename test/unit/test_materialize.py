# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-materialize mimics -aie-materialize-runtime-sequences: clone, remap SSA, copy
attributes verbatim, load_pdi per configure, hoist, erase, leaf callees first, constants at the
device's start once per value."""

from __future__ import annotations

import fuse_cases as F
import pytest

from aie_trace.ir import provider, structure
from aie_trace.models import materialize
from aie_trace.testing import synth as S

I64 = F.I64


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def ops(seq):
    return [o.operation for o in structure.body(seq).operations]


def non_constant(seq):
    return [o for o in ops(seq) if o.name != "arith.constant"]


def untraced_two_designs(era: str) -> str:
    a, b = S.Design("dev_a", "seq_a", trace_bytes=0), S.Design(
        "dev_b", "seq_b", trace_bytes=0, data_io="bd-arg-idx"
    )
    main = S.device(
        "main",
        S.sequence(
            "main_seq",
            [I64, I64],
            S.configure("dev_a", [S.run("seq_a", ["%arg0"], [I64])])
            + S.configure("dev_b", [S.run("seq_b", ["%arg1"], [I64])]),
        ),
    )
    return S.module(main, a.text(era), b.text(era))


@pytest.mark.parametrize("era", F.ERAS)
def test_configures_become_load_pdi_and_inlined_bodies(era):
    m = F.parse(untraced_two_designs(era))
    callee_ops = len(non_constant(F.sequence(m, "dev_a", "seq_a"))) + len(
        non_constant(F.sequence(m, "dev_b", "seq_b"))
    )
    assert F.errors(F.run_passes(m, "aie-trace-materialize")) == []
    main = F.sequence(m, "main", "main_seq")
    names = [o.name for o in ops(main)]
    assert "aiex.configure" not in names and "aiex.run" not in names
    assert (
        "arith.constant" not in names
    )  # at the device's start, as the greedy driver puts them
    assert len(names) == callee_ops + 2
    pdis = [o for o in ops(main) if o.name == "aiex.npu.load_pdi"]
    assert [str(p.attributes["device_ref"]) for p in pdis] == ["@dev_a", "@dev_b"]
    assert names[0] == "aiex.npu.load_pdi" and names.index(
        "aiex.npu.load_pdi", 1
    ) == 1 + len(non_constant(F.sequence(m, "dev_a", "seq_a")))
    F.sequence(m, "dev_a", "seq_a")  # callees stay


@pytest.mark.parametrize("era", ["E2", "E4"])
def test_constants_are_hoisted_to_the_device_once_per_value(era):
    m = F.parse(untraced_two_designs(era))
    F.run_passes(m, "aie-trace-materialize")
    main = F.sequence(m, "main", "main_seq")
    device = main.parent
    constants = [o for o in structure.walk(device, ["arith.constant"])]
    assert constants and all(c.parent == device for c in constants)
    values = [str(c.attributes["value"]) for c in constants]
    assert len(values) == len(set(values))
    # every use of a constant in the sequence names one of the device's
    for o in structure.walk(main):
        for v in o.operands:
            owner = structure.defining_op(v)
            if owner is not None and owner.name == "arith.constant":
                assert owner.parent == device


@pytest.mark.parametrize("era", F.ERAS)
def test_attributes_are_copied_verbatim(era):
    m = F.parse(untraced_two_designs(era))
    F.run_passes(m, "aie-trace-materialize")
    # seq_b's data patch names its own host buffer #0; inlined verbatim it names main's #0, not #1
    assert F.int_patches(F.sequence(m, "main", "main_seq"), era) == [(0, 0)]


def test_ssa_operands_are_remapped_to_the_run_operands():
    m = F.parse(F.data_patch("E3"))
    F.run_passes(m, "aie-trace-fuse-buffers", "aie-trace-materialize")
    main = F.sequence(m, "main", "main_seq")
    [memcpy] = [o for o in ops(main) if o.name == "aiex.npu.dma_memcpy_nd"]
    assert (
        memcpy.operands[0].owner.name == "memref.reinterpret_cast"
    )  # the view main passed
    [trace] = [
        p
        for p in ops(main)
        if p.name == "aiex.npu.address_patch" and len(p.operands) == 2
    ]
    assert trace.operands[1].owner.name == "memref.reinterpret_cast"
    arg_plus = [o for o in ops(main) if o.name == "aiex.npu.address_patch"][0].operands[
        0
    ]
    assert (
        arg_plus.owner.name == "arith.constant"
    )  # cloned with the body, not the callee's own value
    assert arg_plus.owner.operation.parent == main.parent  # hoisted to main's device


def test_nested_calls_are_inlined_leaf_first():
    m = F.parse(F.nested("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers", "aie-trace-materialize")
    main = F.sequence(m, "main", "main_seq")
    assert [
        str(o.attributes["device_ref"])
        for o in ops(main)
        if o.name == "aiex.npu.load_pdi"
    ] == ["@dev_b", "@dev_c"]
    assert F.int_patches(main, "E2") == [(1, 0), (1, 4096)]
    assert "aiex.run" not in str(m)


def test_run_whose_operands_do_not_match_is_refused():
    d = F.try_passes(F.parse(F.two_calls_one_design("E2")), "aie-trace-materialize")
    [e] = F.errors(d)
    assert e == "'aiex.run' op argument count mismatch: expected 2 but got 1"
    assert d.diagnostics[0].line == 6


def test_materialize_then_drop_specialized_leaves_only_kernels():
    m = F.parse(F.scalar_arguments("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    assert "seq_a.main_seq.1" in str(m)
    F.run_passes(m, "aie-trace-drop-specialized")  # still referenced: kept
    assert "seq_a.main_seq.1" in str(m)
    F.run_passes(m, "aie-trace-materialize", "aie-trace-drop-specialized")
    assert "seq_a.main_seq" not in str(m)
    assert [
        structure.symbol_name(s)
        for s in structure.walk(m.operation, ["aie.runtime_sequence"])
    ] == ["main_seq", "seq_a"]


def test_drop_specialized_removes_chains_of_unreferenced_copies():
    m = F.parse(F.nested_in_loop("E2"))
    F.run_passes(m, "aie-trace-fuse-buffers")
    main = F.sequence(m, "main", "main_seq")
    for op in structure.walk(main, ["aiex.configure"]):
        op.erase()  # nothing runs seq_b's copies now; they in turn ran seq_c's copies
    F.run_passes(m, "aie-trace-drop-specialized")
    left = [
        structure.symbol_name(s)
        for s in structure.walk(m.operation, ["aie.runtime_sequence"])
    ]
    # in module order: dev_b comes before main (it runs other sequences)
    assert left == ["seq_b", "main_seq", "seq_c", "seq_c.seq_b.0", "seq_a"]


def test_names_are_made_unique_per_device_with_one_counter_per_name():
    m = F.parse("""
module {
  "aie.device"() <{device = 8 : i32, sym_name = "host"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %b = "aie.buffer"(%t) <{sym_name = "b"}> : (index) -> memref<4xi32>
    %b0 = "aie.buffer"(%t) <{sym_name = "b_0"}> : (index) -> memref<4xi32>
    "aie.runtime_sequence"() ({
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}""")
    device = structure.devices(m.operation)[0]
    caller = materialize._CallerDevice(device, "E4")
    # b and b_0 are taken: b_1, then b_2; c is free once
    assert [caller.unique(n) for n in ("b", "b", "c", "c")] == [
        "b_1",
        "b_2",
        "c",
        "c_0",
    ]


def test_a_device_run_twice_gets_one_copy_of_each_lock():
    text = """
module {
  "aie.device"() <{device = 8 : i32}> ({
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<4xi32>):
      "aiex.configure"() <{symbol = @d}> ({
        "aiex.run"(%a) <{runtime_sequence_symbol = @sequence}> : (memref<4xi32>) -> ()
        "aiex.run"(%a) <{runtime_sequence_symbol = @sequence}> : (memref<4xi32>) -> ()
      }) : () -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
  "aie.device"() <{device = 8 : i32, sym_name = "d"}> ({
    %t = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
    %l = "aie.lock"(%t) <{lockID = 3 : i32, sym_name = "l"}> : (index) -> index
    "aie.runtime_sequence"() ({
    ^bb0(%a: memref<4xi32>):
      "aiex.set_lock"(%l) <{value = 1 : i32}> : (index) -> ()
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}"""
    m = F.parse(text)
    assert F.errors(F.run_passes(m, "aie-trace-materialize")) == []
    host = structure.devices(m.operation)[0]
    locks = [o for o in structure.body_ops(host) if o.name == "aie.lock"]
    assert [structure.symbol_name(lk) for lk in locks] == ["l"]
    sets = structure.walk(host, ["aiex.set_lock"])
    assert len(sets) == 2 and all(s.operands[0] == locks[0].result for s in sets)


def test_errors_carry_upstream_words_and_our_facts_as_notes():
    d = F.try_passes(F.parse(F.cycle("E2")), "aie-trace-materialize")
    [e] = d.diagnostics
    assert e.message == "Runtime sequence call graph contains a cycle"
    assert len(e.notes) == 1 and e.notes[0].message.startswith(
        "the runs form the cycle"
    )
