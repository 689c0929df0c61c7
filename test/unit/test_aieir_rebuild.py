# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""builders.rebuild (an op with another number of operands) and symref_name's direct read of flat
symbol references: what fuse relies on per call site."""

from __future__ import annotations

import pytest

from aie_trace.ir import attributes, builders, checking, provider, structure
from aie_trace.ir.provider import ir

TEXT = """
"aie.device"() <{device = 5 : i32, sym_name = "d"}> ({
  "aie.runtime_sequence"() <{sym_name = "s"}> ({
  ^bb0(%a: memref<64xi32>, %t: memref<64xi8>):
    "aiex.configure"() <{symbol = @d}> ({
      "aiex.run"(%a) <{runtime_sequence_symbol = @callee}> {tag = 7 : i32} : (memref<64xi32>) -> () loc("f.mlir":5:7)
    }) : () -> ()
    %p = arith.constant 0 : i32
    "aiex.npu.address_patch"(%p) <{addr = 4 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()"""


@pytest.fixture
def module():
    with provider.make_context(), ir.Location.unknown():
        yield ir.Module.parse(TEXT)


def test_rebuild_keeps_all_but_the_operands(module):
    run = structure.walk(module.operation, ["aiex.run"])[0]
    a, t = structure.seq_args(
        structure.walk(module.operation, ["aie.runtime_sequence"])[0]
    )
    new = builders.rebuild(run, "E2", [a, t])
    run.erase()
    assert list(new.operands) == [a, t]
    assert structure.symref_name(new.attributes["runtime_sequence_symbol"]) == "callee"
    assert attributes.int_attr_value(new.attributes["tag"]) == 7
    assert '"f.mlir":5:7' in str(new.location)
    assert checking.check_op(new, "E2") == []
    assert structure.walk(module.operation, ["aiex.run"]) == [
        new
    ]  # in the old one's place


def test_rebuild_refuses_ops_with_fixed_operands(module):
    patch = structure.walk(module.operation, ["aiex.npu.address_patch"])[0]
    with pytest.raises(ValueError, match="one variadic group"):
        builders.rebuild(patch, "E2", [])


@pytest.mark.parametrize(
    "name", ["seq0", "a.b$1", "_x", "a b", "a::b", "1abc", 'q"x', "\u00e9"]
)
def test_symref_name_reads_the_symbol_itself(module, name):
    """The name the attribute holds, whatever its printed form (quoted, escaped, with ``::``)."""
    attr = ir.FlatSymbolRefAttr.get(name)
    assert structure.symref_name(attr) == name
    assert structure.symref_name(ir.Attribute.parse(str(attr))) == name


def test_symref_name_of_a_nested_reference_is_its_leaf(module):
    assert (
        structure.symref_name(ir.Attribute.parse('@outer::@"caf\\C3\\A9"'))
        == "caf\u00e9"
    )
