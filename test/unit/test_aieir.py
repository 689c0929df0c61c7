# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The IR layer around the checker: builders refuse non-conforming ops, readers fold constants
and attributes alike across eras, integer attributes keep their exact type, isa() works whichever
way a binding version exposes attribute classes."""

from __future__ import annotations

import re

import pytest

from aie_trace.ir import attributes, builders, checking, fields, structure
from aie_trace.ir.structure import ir


@pytest.fixture
def seq(ctx):
    """An insertion point in a runtime sequence with a memref argument; keeps its module alive."""
    module = ir.Module.parse("""
"aie.device"() <{device = 5 : i32}> ({
  "aie.runtime_sequence"() ({
  ^bb0(%arg0: memref<64xi32>, %trace: memref<4096xi8>):
  }) : () -> ()
  "aie.end"() : () -> ()
}) : () -> ()""")
    block = (
        structure.walk(module.operation, ["aie.runtime_sequence"])[0]
        .regions[0]
        .blocks[0]
    )
    yield module, block


def ops_in(block) -> list[str]:
    return [op.name for op in block.operations]


# -- builders ---------------------------------------------------------------------------------


def test_create_builds_each_era_form(seq):
    module, block = seq
    ip = ir.InsertionPoint(block)
    w1 = builders.create(
        "aiex.npu.write32",
        "E1",
        attrs={"address": 119308, "value": 0x8000000F, "column": 0, "row": 0},
        ip=ip,
    )
    assert str(w1.attributes["value"]) == "2147483663 : ui32"
    w2 = builders.create(
        "aiex.npu.write32",
        "E2",
        operands={"address": 119308, "value": 0x8000000F},
        attrs={"column": 0, "row": 0},
        ip=ip,
    )
    assert [str(o.type) for o in w2.operands] == ["i32", "i32"]
    patch = builders.create(
        "aiex.npu.address_patch",
        "E3",
        operands={"arg_plus": 0, "buffer": block.arguments[1]},
        attrs={"addr": 119268},
        ip=ip,
    )
    assert str(patch.attributes["operandSegmentSizes"]) == "array<i32: 0, 1, 1>"
    wide = builders.create(
        "aiex.npu.address_patch",
        "E4",
        operands={"arg_plus": 2**33},
        attrs={"addr": 119268, "arg_idx": 1},
        ip=ip,
    )
    assert (
        str(wide.operands[0].type) == "i64"
        and fields.get_int(wide, "arg_plus", "E4") == 2**33
    )
    # 2^31 no longer fits a signed i32 offset: E4 widens it rather than wrapping it negative
    edge = builders.create(
        "aiex.npu.address_patch",
        "E4",
        operands={"arg_plus": 2**31},
        attrs={"addr": 119268, "arg_idx": 1},
        ip=ip,
    )
    assert (
        str(edge.operands[0].type) == "i64"
        and fields.get_int(edge, "arg_plus", "E4") == 2**31
    )
    assert [
        v.message
        for v in checking.check_module(module.operation, "E4")
        if v.op.name != "aiex.npu.write32"
    ] == []


@pytest.mark.parametrize(
    "kwargs,error",
    [
        (
            dict(attrs={"addr": "1 : i32", "arg_idx": 0, "arg_plus": 0}),
            "attribute 'addr' failed to satisfy constraint: 32-bit unsigned integer attribute",
        ),
        (dict(attrs={"addr": 1, "arg_idx": 0}), "missing required property arg_plus"),
        (
            dict(attrs={"addr": 1, "arg_idx": 0, "arg_plus": 0, "buffer": 2}),
            "has no property 'buffer'",
        ),
        (dict(attrs={"addr": 2**32, "arg_idx": 0, "arg_plus": 0}), "does not fit ui32"),
        (
            dict(
                operands={"arg_plus": 0}, attrs={"addr": 1, "arg_idx": 0, "arg_plus": 0}
            ),
            "has no operand(s) arg_plus",
        ),
    ],
)
def test_create_refuses_a_non_conforming_e1_patch(seq, kwargs, error):
    _, block = seq
    attrs = {
        k: ir.Attribute.parse(v) if isinstance(v, str) else v
        for k, v in kwargs.pop("attrs").items()
    }
    with pytest.raises(ValueError, match=re.escape(error)):
        builders.create(
            "aiex.npu.address_patch",
            "E1",
            attrs=attrs,
            ip=ir.InsertionPoint(block),
            **kwargs,
        )
    assert ops_in(block) == []


def test_create_leaves_nothing_behind_when_the_checker_refuses(seq):
    _, block = seq
    ip = ir.InsertionPoint(block)
    with pytest.raises(
        ValueError, match="DMAChannelDir case, one of 0 \\(S2MM\\), 1 \\(MM2S\\); got 5"
    ):
        builders.create(
            "aiex.npu.push_queue",
            "E1",
            attrs=dict(
                column=0,
                row=0,
                direction=5,
                channel=1,
                issue_token=True,
                repeat_count=0,
                bd_id=15,
            ),
            ip=ip,
        )
    with pytest.raises(
        ValueError,
        match="exactly one of attribute 'arg_idx' or operand 'buffer', but found both",
    ):
        builders.create(
            "aiex.npu.address_patch",
            "E3",
            operands={"arg_plus": 0, "buffer": block.arguments[1]},
            attrs={"addr": 1, "arg_idx": 1},
            ip=ip,
        )
    with pytest.raises(ValueError, match="operand 'arg_plus' is required"):
        builders.create(
            "aiex.npu.address_patch", "E2", attrs={"addr": 1, "arg_idx": 1}, ip=ip
        )
    with pytest.raises(ValueError, match="expected 1 results, but found 0"):
        builders.create("aie.tile", "E2", attrs={"col": 0, "row": 2}, ip=ip)
    # nothing at all stays: neither the op nor the constants built for its int operands
    assert ops_in(block) == []


def test_create_leaves_no_constant_behind_when_a_property_is_refused(seq):
    _, block = seq
    before = str(block.owner)
    with pytest.raises(ValueError, match="does not fit"):
        builders.create(
            "aiex.npu.write32",
            "E2",
            operands={"address": 1, "value": 2},
            attrs={"column": 2**40, "row": 0},
            ip=ir.InsertionPoint(block),
        )
    assert ops_in(block) == [] and str(block.owner) == before


def test_create_a_region_op_with_an_empty_region(ctx):
    module = ir.Module.create()
    device = builders.create(
        "aie.device",
        "E3",
        attrs={"device": 5, "sym_name": "main"},
        ip=ir.InsertionPoint(module.body),
    )
    assert len(device.regions) == 1 and len(device.regions[0].blocks) == 0
    assert checking.check_op(device, "E3") == []


# -- readers ----------------------------------------------------------------------------------

READERS = """
"aie.runtime_sequence"() ({
  "aiex.npu.write32"() <{address = 119308 : ui32, column = 0 : i32, row = 0 : i32, value = 2147483663 : ui32}> : () -> ()
  %a = "arith.constant"() <{value = 119308 : i32}> : () -> i32
  %v = "arith.constant"() <{value = -2147483633 : i32}> : () -> i32
  "aiex.npu.write32"(%a, %v) <{column = 0 : i32, row = 0 : i32}> : (i32, i32) -> ()
  "aiex.npu.address_patch"() <{addr = 119268 : ui32, arg_idx = 2 : i32, arg_plus = -4 : i32}> : () -> ()
  %p = "arith.constant"() <{value = -4 : i32}> : () -> i32
  "aiex.npu.address_patch"(%p) <{addr = 119268 : ui32, arg_idx = 2 : i32, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
  "aiex.npu.push_queue"() <{bd_id = 15 : i32, channel = 1 : i32, column = 0 : i32, direction = 0 : i32, issue_token = true, repeat_count = 3 : i32, row = 0 : i32}> : () -> ()
  %r = "arith.constant"() <{value = 3 : i32}> : () -> i32
  %b = "arith.constant"() <{value = 15 : i32}> : () -> i32
  "aiex.npu.push_queue"(%r, %b) <{channel = 1 : i32, column = 0 : i32, direction = 0 : i32, issue_token = true, row = 0 : i32}> : (i32, i32) -> ()
}) : () -> ()"""


def test_get_int_reads_attribute_and_constant_operand_alike(ctx):
    module = ir.Module.parse(READERS)
    w1, w2 = structure.walk(module.operation, ["aiex.npu.write32"])
    for field in ("address", "value", "column", "row"):
        assert fields.get_int(w1, field, "E1") == fields.get_int(w2, field, "E2"), field
    assert (
        fields.get_int(w2, "value", "E2") == 0x8000000F
    )  # a ui32 field in E1: unsigned in every era
    p1, p3 = structure.walk(module.operation, ["aiex.npu.address_patch"])
    assert (
        fields.get_int(p1, "arg_plus", "E1")
        == fields.get_int(p3, "arg_plus", "E3")
        == -4
    )  # i32 in every era
    assert (
        fields.get_int(p1, "arg_idx", "E1") == fields.get_int(p3, "arg_idx", "E3") == 2
    )
    q1, q2 = structure.walk(module.operation, ["aiex.npu.push_queue"])
    assert [
        fields.get_int(q1, f, "E1") for f in ("repeat_count", "bd_id", "direction")
    ] == [3, 15, 0]
    assert [
        fields.get_int(q2, f, "E2") for f in ("repeat_count", "bd_id", "direction")
    ] == [3, 15, 0]
    assert fields.get_operand(q2, "bd_id", "E2").owner.attributes["value"].value == 15


def test_get_int_of_a_non_constant_operand_is_none(ctx):
    module = ir.Module.parse("""
"aie.runtime_sequence"() ({
^bb0(%n: i32):
  "aiex.npu.write32"(%n, %n) : (i32, i32) -> ()
}) : () -> ()""")
    [w] = structure.walk(module.operation, ["aiex.npu.write32"])
    assert fields.get_int(w, "value", "E2") is None


# -- integer attributes -------------------------------------------------------------------------


def test_make_int_attr_keeps_the_exact_type(ctx):
    assert str(attributes.make_int_attr("ui32", 0x8000000F)) == "2147483663 : ui32"
    assert str(attributes.make_int_attr("ui32", 2**32 - 1)) == "4294967295 : ui32"
    assert (
        str(attributes.make_int_attr("i32", 0x8000000F)) == "-2147483633 : i32"
    )  # same bits, signless
    assert str(attributes.make_int_attr("i32", -1)) == "-1 : i32"
    assert str(attributes.make_int_attr("i32", 2**32 - 1)) == "-1 : i32"
    assert str(attributes.make_int_attr("ui8", 255)) == "255 : ui8"
    assert (
        str(attributes.make_int_attr("i64", -(2**63))) == "-9223372036854775808 : i64"
    )
    for tag, value in (
        ("ui32", -1),
        ("ui32", 2**32),
        ("i32", 2**32),
        ("i32", -(2**31) - 1),
        ("ui8", 256),
    ):
        with pytest.raises(ValueError, match=f"does not fit {tag}"):
            attributes.make_int_attr(tag, value)
    assert (
        attributes.int_attr_value(attributes.make_int_attr("ui32", 0x8000000F))
        == 0x8000000F
    )
    assert (
        attributes.int_attr_value(attributes.make_int_attr("i32", 0x8000000F))
        == -2147483633
    )
    assert attributes.attr_type_ok("ui32", attributes.make_int_attr("ui32", 0x8000000F))
    assert not attributes.attr_type_ok("i32", attributes.make_int_attr("ui32", 1))
    assert not attributes.attr_type_ok("i32", ir.BoolAttr.get(True))


# -- isa across binding versions ----------------------------------------------------------------


def test_isa_with_downcasting_bindings(ctx):
    attr = ir.Attribute.parse("1 : i32")
    assert structure.isa(ir.IntegerAttr, attr) and not structure.isa(
        ir.StringAttr, attr
    )
    assert structure.isa(ir.IntegerType, ir.Type.parse("i32")) and not structure.isa(
        ir.IndexType, ir.Type.parse("i32")
    )


def test_isa_by_typeid_when_objects_are_not_downcast(ctx):
    class PlainAttribute:  # what an older binding hands out: no subclass, but a typeid
        def __init__(self, attr):
            self.typeid = attr.typeid

    plain = PlainAttribute(ir.Attribute.parse('"s"'))
    assert structure.isa(ir.StringAttr, plain)
    assert not structure.isa(ir.IntegerAttr, plain)


def test_isa_with_a_legacy_isinstance_static_method():
    class LegacyAttr:  # oldest bindings: no static_typeid, a static isinstance(x)
        @staticmethod
        def isinstance(x):
            return getattr(x, "kind", None) == "legacy"

    class Thing:
        def __init__(self, kind):
            self.kind = kind

    assert structure.isa(LegacyAttr, Thing("legacy"))
    assert not structure.isa(LegacyAttr, Thing("other"))
    assert not structure.isa(type("NoWayToTell", (), {}), Thing("legacy"))
