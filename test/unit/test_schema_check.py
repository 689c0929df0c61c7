# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""checking.check_op / check_module / detect_era against the schema.

Every op of every era is synthesized from its definition, checks clean, and then each way of
breaking it (a missing or mistyped property, a non-enum value, a wrong parent, an extra operand,
lost segment sizes, a missing terminator, a missing result) gives exactly one error. The clean
modules of test/lit/check-ir check clean in their era and read as that era."""

from __future__ import annotations

from pathlib import Path

import pytest

from aie_trace.ir import attributes, checking, eras
from aie_trace.ir import schema as S
from aie_trace.ir.structure import ir

LIT = Path(__file__).parent.parent / "lit" / "check-ir"
ALL_OPS = [(era, name) for era in S.ERAS for name in S.SCHEMAS[era]]
TYPES = {
    "i1": "i1",
    "i32": "i32",
    "i64": "i64",
    "i32|i64": "i64",
    "index": "index",
    "memref": "memref<64xi32>",
    "anymemref": "memref<64xi32>",
    "any": "i32",
}
SAMPLES = {
    S.BOOL: "true",
    S.STR: '"s"',
    S.UNIT: "unit",
    S.FLAT_SYMREF: "@s",
    S.SYMREF: "@s",
    S.ELEMENTS: "dense<0> : tensor<1xi32>",
    S.ANY: "0 : i32",
    S.TRACE_BUFFER: "#aie.trace_buffer<arg_index = 0, offset = 0, size = 64, dedicated = true>",
    S.TRACE_SLICES: '[#aie.trace_slice<device = "d", sequence = "s", offset = 0, size = 64>]',
    S.TRACE_EVENT: '#aie.trace_event<"TRUE">',
    S.PACKET_INFO: "#aie.packet_info<pkt_type = 0, pkt_id = 1>",
    S.BD_DIMS: "#aie<bd_dim_layout_array[<size = 1, stride = 1>]>",
    S.BD_PADS: "#aie<bd_pad_layout_array[<const_pad_before = 0, const_pad_after = 0>]>",
    S.BD_ITERATION: "#aie.bd_iteration<size = 1, stride = 1, current = 0>",
}
#: an attribute of another kind than the tag, for each tag
WRONG = {
    S.UI8: "1 : i8",
    S.UI32: "1 : i32",
    S.UI64: "1 : i64",
    S.I8: "1 : ui8",
    S.I32: "1 : ui32",
    S.I64: "1 : i32",
    S.BOOL: "1 : i32",
    S.STR: "1 : i32",
    S.UNIT: "1 : i32",
    S.FLAT_SYMREF: '"s"',
    S.SYMREF: '"s"',
    S.DENSE_I64: "array<i32: 0, 0, 0, 0>",
    S.DENSE_I32: "array<i64: 0>",
    S.ELEMENTS: '"s"',
    S.TRACE_SLICES: '"s"',
    S.TRACE_BUFFER: '#aie.trace_event<"TRUE">',
}


def sample(a: S.Attr):
    if a.type in S.INT_TAGS:
        return attributes.make_int_attr(
            a.type, a.values[0] if a.values else a.range[0] if a.range else 0
        )
    if a.type in (S.DENSE_I64, S.DENSE_I32):
        return ir.Attribute.parse(
            f"{a.type[:-1]}: {', '.join(['0'] * (a.count or 1))}>"
        )
    if a.type.startswith("#aie") and a.type not in SAMPLES:
        return ir.Attribute.parse(f"{a.type}<>")
    return ir.Attribute.parse(SAMPLES[a.type])


def build(
    era,
    name,
    *,
    attrs=None,
    drop=None,
    container=None,
    extra_operand=False,
    drop_segments=False,
    bare_region=False,
    no_results=False,
    plain_operands=False,
):
    """``(module, op)``: op ``name`` as ``era`` defines it, in a fresh module (which must outlive
    the op), inside the parent (or ancestor) it needs; keyword arguments break one thing about it.
    """
    d = S.opdef(era, name)
    module = ir.Module.create()
    container = container or (d.parents or d.ancestors or (None,))[0]
    block = module.body
    if container not in (None, "builtin.module") or d.successors:
        c = ir.Operation.create(
            container or "test.container", regions=1, ip=ir.InsertionPoint(block)
        )
        block = c.regions[0].blocks.append()
        c.regions[0].blocks.append()
    ip = ir.InsertionPoint(block)
    exclusive_first = {g[0] for g in d.exclusive}

    owners = {} if plain_operands else dict(d.defined_by)

    def value(type_, owner="test.value"):
        return ir.Operation.create(
            owner, results=[ir.Type.parse(TYPES[type_])], ip=ip
        ).result

    groups = [
        (
            [value(o.type, owners.get(o.name, "test.value"))]
            if o.arity == "single" or o.name in exclusive_first
            else []
        )
        for o in d.operands
    ]
    props = {
        a.name: sample(a) for a in d.attrs if a.required or a.name in exclusive_first
    }
    if d.segments and not drop_segments:
        props["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(
            [len(g) for g in groups]
        )
    props.update({k: ir.Attribute.parse(v) for k, v in (attrs or {}).items()})
    props.pop(drop, None)
    extra = 1 + sum(o.arity == "optional" for o in d.operands) if extra_operand else 0
    operands = [v for g in groups for v in g] + [
        value(d.operands[-1].type if d.operands else "i32") for _ in range(extra)
    ]
    op = ir.Operation.create(
        name,
        results=[] if no_results else [ir.Type.parse(TYPES[c]) for c in d.results],
        operands=operands,
        attributes=props,
        successors=[block.region.blocks[1]] * d.successors if d.successors else [],
        regions=d.regions,
        ip=ip,
    )
    for region in op.regions:
        inner = region.blocks.append()
        if bare_region:
            ir.Operation.create(
                "test.value",
                results=[ir.IntegerType.get_signless(32)],
                ip=ir.InsertionPoint(inner),
            )
        elif d.terminator:
            ir.Operation.create("aie.end", ip=ir.InsertionPoint(inner))
    return module, op


@pytest.mark.parametrize("era,name", ALL_OPS, ids=[f"{e}-{n}" for e, n in ALL_OPS])
def test_every_way_of_breaking_an_op_is_one_error(ctx, era, name):
    d = S.opdef(era, name)
    module, op = build(era, name)
    assert checking.check_op(op, era) == []

    def one(**breakage) -> str:
        module, op = build(era, name, **breakage)
        problems = checking.check_op(op, era)
        assert len(problems) == 1, (breakage, problems)
        return problems[0]

    for a in d.attrs:
        if a.required:
            assert one(drop=a.name) == f"requires attribute '{a.name}'"
        if a.type in WRONG:
            assert one(attrs={a.name: WRONG[a.type]}).startswith(
                f"attribute '{a.name}' failed to satisfy constraint: "
            )
        if a.enum:
            bad = max(a.values) + 1
            assert f"{a.enum} case, one of" in one(attrs={a.name: f"{bad} : i32"})
        elif a.range and a.range[1] < 2**31 - 1:
            assert "whose value is in" in one(
                attrs={a.name: f"{a.range[1] + 1} : {a.type}"}
            )
    if d.parents or d.ancestors:
        msg = one(container="test.container")
        assert msg.startswith(
            "expects parent op" if d.parents else "expects ancestor op"
        )
    if not d.segments and not any(o.arity == "variadic" for o in d.operands):
        assert "operands, but found" in one(extra_operand=True)
    if d.segments:
        assert "operandSegmentSizes" in one(drop_segments=True)
    if d.terminator:
        assert one(bare_region=True).endswith("found 'test.value'")
    if d.results:
        assert one(no_results=True) == f"expected {len(d.results)} results, but found 0"
    for operand, owner in d.defined_by:
        assert (
            one(plain_operands=True)
            == f"operand '{operand}' must be defined by '{owner}'"
        )


def chunks(path: Path) -> list[str]:
    return path.read_text().split("\n// -----\n")


@pytest.mark.parametrize("era", S.ERAS)
def test_clean_lit_modules_check_clean(ctx, era):
    for i, text in enumerate(chunks(LIT / f"clean-{era.lower()}.mlir")):
        module = ir.Operation.parse(text, source_name=f"clean-{era}-{i}")
        assert [v.message for v in checking.check_module(module, era)] == []
        # every chunk reads as its own era or is ambiguous (then the default, E4, is used)
        assert eras.detect_era(module, default=era) == era


@pytest.mark.parametrize(
    "era,detected", [("E1", "E1"), ("E2", "E2"), ("E3", "E4"), ("E4", "E4")]
)
def test_era_detection_of_the_lowered_modules(ctx, era, detected):
    lowered = chunks(LIT / f"clean-{era.lower()}.mlir")[-1]
    assert eras.detect_era(ir.Operation.parse(lowered)) == detected


def test_detect_era_prefers_the_default_among_the_possible(ctx):
    e3_or_e4 = ir.Operation.parse(chunks(LIT / "clean-e3.mlir")[1])
    assert eras.detect_era(e3_or_e4, default="E3") == "E3"
    assert (
        eras.detect_era(e3_or_e4, default="E1") == "E4"
    )  # not possible: the newest that is
    empty = ir.Module.create()
    assert eras.detect_era(empty.operation, default="E2") == "E2"


def test_mixed_eras_raise_at_the_contradicting_op(ctx):
    module = ir.Operation.parse(
        """
"builtin.module"() ({
  "aie.runtime_sequence"() ({
    %p = "arith.constant"() <{value = 0 : i32}> : () -> i32
    "aiex.npu.address_patch"(%p) <{addr = 1 : ui32, arg_idx = 0 : i32}> : (i32) -> ()
    "aiex.npu.write32"() <{address = 1 : ui32, value = 1 : ui32}> : () -> ()
  }) : () -> ()
}) : () -> ()""",
        source_name="mixed.mlir",
    )
    with pytest.raises(eras.EraError) as e:
        eras.detect_era(module)
    assert e.value.op.name == "aiex.npu.write32"
    assert str(e.value) == (
        "'aiex.npu.write32' op has the IR era E1 form, but earlier ops have the E2 form "
        "(set by 'aiex.npu.address_patch' at mixed.mlir:5:5); one module must use "
        "one era's op forms"
    )
    assert eras.era_evidence(e.value.op) == {"E1"}


def test_era_e0_is_rejected(ctx):
    module = ir.Operation.parse(
        '"builtin.module"() ({ "aiex.runtime_sequence"() ({}) : () -> () }) : () -> ()'
    )
    with pytest.raises(eras.EraError, match="era E0 is not supported"):
        eras.detect_era(module)
    for era in S.ERAS:
        [v] = checking.check_module(module, era)
        assert v.message.startswith("'aiex.runtime_sequence' op is the IR era E0 form")


def test_trace_attribute_parameters(ctx):
    ok = "#aie.trace_buffer<arg_index = 1, offset = 0, size = 4096, dedicated = false>"
    assert attributes.attr_type_ok(S.TRACE_BUFFER, ir.Attribute.parse(ok))
    assert attributes.aie_attr_params(ir.Attribute.parse(ok), "trace_buffer") == [
        ("arg_index", "1"),
        ("offset", "0"),
        ("size", "4096"),
        ("dedicated", "false"),
    ]
    slices = '[#aie.trace_slice<device = "a, b", sequence = "s", offset = 0, size = 8>]'
    assert attributes.attr_type_ok(S.TRACE_SLICES, ir.Attribute.parse(slices))
    for bad in (
        '[#aie.trace_slice<device = "a", sequence = "s", offset = 0, size = 8, extra = 1>]',
        '[#aie.trace_slice<sequence = "s", device = "a", offset = 0, size = 8>]',
        '[#aie.trace_slice<device = "a", sequence = "s", offset = -1, size = 8>]',
        '[#aie.trace_slice<device = "a", sequence = "s", offset = 0>]',
    ):
        assert not attributes.attr_type_ok(S.TRACE_SLICES, ir.Attribute.parse(bad)), bad
    assert (
        attributes.aie_attr_params(
            ir.Attribute.parse("#aie.trace_slice<device>"), "trace_slice"
        )
        is None
    )
