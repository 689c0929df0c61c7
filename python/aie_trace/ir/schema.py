# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Definitions of the aie/aiex ops we read or emit, per IR era, mirroring mlir-aie's ODS.

Without mlir-aie the aie/aiex dialects are unregistered and MLIR verifies nothing about them, so
this table is what stands between our passes and IR that a real ``aie-opt`` would reject. Each
:class:`OpDef` lists operands in generic order (with their arity, for ``operandSegmentSizes``),
inherent attributes (properties) with their exact attribute types and whether they are required,
results, regions and terminators, successors, and parent/ancestor constraints.

The eras (``docs/ir-eras.md`` has the decision table and, per op, the mlir-aie commit each fact
was read from):

* ``E1`` attribute era: ``aie.runtime_sequence`` (mlir-aie PR #2708); every ``aiex.npu.*`` scalar
  is an attribute; classic ``aie.dma_bd``; ``aie.use_lock`` takes its value as an attribute.
* ``E2`` SSA era (``AIEX.td`` at 00d58b94): ``write32``/``maskwrite32``/``sync``/``push_queue``
  and ``address_patch.arg_plus`` are i32 operands; ``aie.use_lock`` takes an i32 ``value``
  operand; ``aie.dma_bd`` and ``aiex.dma_configure_task`` have ``AttrSizedOperandSegments``.
* ``E3`` mlir-aie PR #3652 (``AIEX.td`` at f8438d27): ``address_patch`` gains a ``buffer``
  operand and segment sizes, ``arg_idx`` becomes optional; ``aie.runtime_sequence`` gains
  ``trace_buffer``/``trace_slices``; ``axcache`` on ``writebd``/``dma_memcpy_nd``/``dma_bd``.
* ``E4`` mlir-aie PR #3718: ``address_patch.arg_plus`` may be i32 or i64.

Era ``E0`` (``aiex.runtime_sequence``, before PR #2708) is not supported: :data:`E0_OPS` names
the ops that only exist there, and the checker rejects them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

ERAS = ("E1", "E2", "E3", "E4")

#: ops that exist only in the unsupported era E0, with the op that replaced them
E0_OPS = {"aiex.runtime_sequence": "aie.runtime_sequence"}

# Attribute type tags. Integer tags name the exact MLIR attribute type that ODS requires.
UI8, UI32, UI64, I8, I32, I64 = "ui8", "ui32", "ui64", "i8", "i32", "i64"
BOOL, STR, UNIT = "bool", "str", "unit"
FLAT_SYMREF, SYMREF = "flat_symref", "symref"
DENSE_I64, DENSE_I32 = "array<i64>", "array<i32>"
ELEMENTS = "elements"
TRACE_BUFFER = "#aie.trace_buffer"
TRACE_SLICES = "[#aie.trace_slice]"
TRACE_EVENT = "#aie.trace_event"
PACKET_INFO = "#aie.packet_info"
BD_DIMS = "#aie<bd_dim_layout_array>"
BD_PADS = "#aie<bd_pad_layout_array>"
BD_ITERATION = "#aie.bd_iteration"
ANY = "any"

INT_TAGS = (UI8, UI32, UI64, I8, I32, I64)

#: how a tag reads in a diagnostic (the wording of MLIR's attribute constraints)
TAG_DESCRIPTIONS = {
    UI8: "8-bit unsigned integer attribute",
    UI32: "32-bit unsigned integer attribute",
    UI64: "64-bit unsigned integer attribute",
    I8: "8-bit signless integer attribute",
    I32: "32-bit signless integer attribute",
    I64: "64-bit signless integer attribute",
    BOOL: "bool attribute",
    STR: "string attribute",
    UNIT: "unit attribute",
    FLAT_SYMREF: "flat symbol reference attribute",
    SYMREF: "symbol reference attribute",
    DENSE_I64: "i64 dense array attribute",
    DENSE_I32: "i32 dense array attribute",
    ELEMENTS: "constant vector/tensor attribute",
    ANY: "any attribute",
    TRACE_BUFFER: "#aie.trace_buffer<arg_index, offset, size, dedicated>",
    TRACE_SLICES: "array of #aie.trace_slice<device, sequence, offset, size>",
    TRACE_EVENT: "#aie.trace_event<...>",
    PACKET_INFO: "#aie.packet_info<...>",
    BD_DIMS: "#aie<bd_dim_layout_array[...]>",
    BD_PADS: "#aie<bd_pad_layout_array[...]>",
    BD_ITERATION: "#aie.bd_iteration<...>",
}

#: ``#aie.trace_buffer`` / ``#aie.trace_slice`` parameters, in printed order, with their kinds
TRACE_BUFFER_PARAMS = (
    ("arg_index", "uint32"),
    ("offset", "uint32"),
    ("size", "uint32"),
    ("dedicated", "bool"),
)
TRACE_SLICE_PARAMS = (
    ("device", "string"),
    ("sequence", "string"),
    ("offset", "uint32"),
    ("size", "uint32"),
)

#: I32EnumAttr cases: enum name -> {value: printed name}
ENUMS: dict[str, dict[int, str]] = {
    "AIEDevice": {
        1: "xcvc1902",
        2: "xcve2302",
        3: "xcve2802",
        4: "npu1",
        5: "npu1_1col",
        6: "npu1_2col",
        7: "npu1_3col",
        8: "npu2",
        9: "npu2_1col",
        10: "npu2_2col",
        11: "npu2_3col",
        12: "npu2_4col",
        13: "npu2_5col",
        14: "npu2_6col",
        15: "npu2_7col",
    },
    "WireBundle": {
        0: "Core",
        1: "DMA",
        2: "FIFO",
        3: "South",
        4: "West",
        5: "North",
        6: "East",
        7: "PLIO",
        8: "NOC",
        9: "Trace",
        10: "TileControl",
    },
    "DMAChannelDir": {0: "S2MM", 1: "MM2S"},
    "LockAction": {0: "Acquire", 1: "Release", 2: "AcquireGreaterEqual"},
    "LockBlocking": {0: "NonBlocking", 1: "Blocking"},
    "ExpandMode": {0: "none", 1: "write32", 2: "ctrlpkt"},
    "TraceMode": {0: "Event-Time", 1: "Event-PC", 2: "Execution"},
    "TracePacketType": {0: "core", 1: "mem", 2: "shimtile", 3: "memtile"},
    "ComboLogic": {0: "AND", 1: "AND_NOT", 2: "OR", 3: "OR_NOT"},
    "EdgeTrigger": {1: "RISING", 2: "FALLING", 3: "BOTH"},
    "TraceShimRouting": {0: "single"},
}

NON_NEGATIVE = (0, 2**31 - 1)  # ConfinedAttr<AIEI32Attr, [IntMinValue<0>]>
POSITIVE = (1, 2**31 - 1)
AXCACHE = (0, 15)  # ConfinedAttr<..., [IntMinValue<0>, IntMaxValue<15>]>

#: MLIR's ``ShapedType::kDynamic``: what the static array of a ``custom<DynamicIndexList>``
#: (``static_offsets`` and the like) holds where an SSA value stands, and a strided layout where
#: it prints ``?``
DYNAMIC = -(1 << 63)


@dataclass(frozen=True)
class Attr:
    name: str
    type: str
    required: bool = True
    #: allowed integer values (enums); None = any value of the type
    values: tuple[int, ...] | None = None
    #: inclusive (min, max) for confined integers
    range: tuple[int, int] | None = None
    #: name of the I32EnumAttr (a key of :data:`ENUMS`); sets ``values``
    enum: str | None = None
    #: exact element count of a dense array (DenseArrayCount)
    count: int | None = None

    def __post_init__(self) -> None:
        if self.enum is not None and self.values is None:
            object.__setattr__(self, "values", tuple(ENUMS[self.enum]))


@dataclass(frozen=True)
class Operand:
    name: str
    #: type constraint: "i32", "i64", "i32|i64", "index", "memref" (ranked),
    #: "anymemref" (ranked or unranked), "any"
    type: str
    arity: str = "single"  # single | optional | variadic


@dataclass(frozen=True)
class OpDef:
    name: str
    operands: tuple[Operand, ...] = ()
    attrs: tuple[Attr, ...] = ()
    #: result type constraints, as for operands
    results: tuple[str, ...] = ()
    #: number of regions
    regions: int = 0
    #: "aie.end" (SingleBlockImplicitTerminator), "bd" (DMA task BD blocks: each ends in aie.end
    #: or aie.next_bd), or None (not checked, or NoTerminator when ``no_terminator``)
    terminator: str | None = None
    single_block: bool = True
    #: NoTerminator: the region's block must not end in aie.end
    no_terminator: bool = False
    #: the op is a Terminator: last op of its block
    is_terminator: bool = False
    successors: int = 0
    #: direct parent op names (HasParent / ParentOneOf); empty = unconstrained
    parents: tuple[str, ...] = ()
    #: some ancestor must be one of these (HasAncestor)
    ancestors: tuple[str, ...] = ()
    segments: bool = False  # AttrSizedOperandSegments
    #: names (attribute or operand) of which exactly one must be present
    exclusive: tuple[tuple[str, ...], ...] = ()
    #: (operand, op name): the operand must be the result of such an op (a verifier's cast,
    #: e.g. ``SetLockOp::getLockOp``)
    defined_by: tuple[tuple[str, str], ...] = ()
    #: (flat symbol attribute, op names, message): the symbol must name such an op of the
    #: enclosing ``aie.device`` (``device.lookupSymbol<T>``), else the verifier's message
    symbol_targets: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    #: the ``args`` operands must match the argument types of the ``aie.bd_chain`` ``symbol``
    #: names (``DMAStartBdChainOp::verify``)
    chain_args: bool = False
    #: the verifier refuses the op on an AIE1 device with this message (``SetLockOp::verify``)
    not_on_aie1: str | None = None

    def attr(self, name: str) -> Attr | None:
        return next((a for a in self.attrs if a.name == name), None)

    def operand(self, name: str) -> Operand | None:
        return next((o for o in self.operands if o.name == name), None)


def req(name: str, type_: str, **kw) -> Attr:
    return Attr(name, type_, True, **kw)


def opt(name: str, type_: str, **kw) -> Attr:
    return Attr(name, type_, False, **kw)


def enum(name: str, enum_name: str, required: bool = True) -> Attr:
    return Attr(name, I32, required, enum=enum_name)


def _i32s(*names: str, required: bool = True) -> tuple[Attr, ...]:
    return tuple(Attr(n, I32, required) for n in names)


DEVICE = ("aie.device",)
SEQ = ("aie.runtime_sequence",)
TRACE = ("aie.trace",)
TILE = Operand("tile", "index")
END, BD = "aie.end", "bd"
PLACEMENT = (opt("buffer", FLAT_SYMREF), *_i32s("column", "row", required=False))
SEGMENTED_DMA_BD = (
    Operand("buffer", "anymemref"),
    Operand("offset", "i32", "optional"),
    Operand("len", "i32", "optional"),
    Operand("sizes", "i64", "variadic"),
    Operand("strides", "i64", "variadic"),
)
WRITEBD_FIELDS = _i32s(
    "column",
    "bd_id",
    "buffer_length",
    "buffer_offset",
    "enable_packet",
    "out_of_order_id",
    "packet_id",
    "packet_type",
    "d0_size",
    "d0_stride",
    "d1_size",
    "d1_stride",
    "d2_size",
    "d2_stride",
    "iteration_current",
    "iteration_size",
    "iteration_stride",
    "next_bd",
    "row",
    "use_next_bd",
    "valid_bd",
    "lock_rel_val",
    "lock_rel_id",
    "lock_acq_enable",
    "lock_acq_val",
    "lock_acq_id",
    "d0_zero_before",
    "d1_zero_before",
    "d2_zero_before",
    "d0_zero_after",
    "d1_zero_after",
    "d2_zero_after",
)
MEMCPY_ND_ATTRS = (
    req("static_offsets", DENSE_I64, count=4),
    req("static_sizes", DENSE_I64, count=4),
    req("static_strides", DENSE_I64, count=4),
    opt("packet", PACKET_INFO),
    req("metadata", SYMREF),
    req("id", I64),
    opt("issue_token", BOOL),
    *(opt(f"d{d}_zero_{side}", I64) for side in ("before", "after") for d in range(3)),
    opt("burst_length", I64),
)
SCRATCHPAD_OFFSET = (
    opt("offset_parameter", FLAT_SYMREF),
    opt("offset_state_table_idx", UI8),
)

# -- era E1 --------------------------------------------------------------------------------------
_E1: list[OpDef] = [
    # aie structure
    OpDef(
        "aie.device",
        attrs=(enum("device", "AIEDevice"), opt("sym_name", STR)),
        regions=1,
        terminator=END,
        parents=("builtin.module",),
    ),
    OpDef("aie.end", is_terminator=True),
    OpDef(
        "aie.tile",
        attrs=(
            req("col", I32, range=NON_NEGATIVE),
            req("row", I32, range=NON_NEGATIVE),
            opt("allocation_scheme", STR),
        ),
        results=("index",),
    ),
    OpDef(
        "aie.runtime_sequence",
        attrs=(opt("sym_name", STR), opt("emit_parameter_sync_preamble", BOOL)),
        regions=1,
        no_terminator=True,
        parents=DEVICE,
    ),
    OpDef(
        "aie.core",
        operands=(TILE,),
        attrs=(
            opt("stack_size", I32),
            opt("link_with", STR),
            opt("elf_file", STR),
            opt("dynamic_objfifo_lowering", BOOL),
        ),
        results=("index",),
        regions=1,
        single_block=False,
    ),
    OpDef(
        "aie.buffer",
        operands=(TILE,),
        attrs=(
            opt("sym_name", STR),
            opt("address", I32),
            opt("initial_value", ELEMENTS),
            opt("mem_bank", I32),
            opt(
                "aligned", BOOL
            ),  # DefaultValuedAttr<BoolAttr, "true"> (AIEOps.td 93d0a7cc)
        ),
        results=("memref",),
    ),
    OpDef(
        "aie.external_buffer",
        attrs=(opt("sym_name", STR), opt("address", I64)),
        results=("memref",),
    ),
    OpDef(
        "aie.lock",
        operands=(TILE,),
        attrs=(
            opt("lockID", I32, range=NON_NEGATIVE),
            opt("init", I32),
            opt("sym_name", STR),
        ),
        results=("index",),
    ),
    OpDef(
        "aie.use_lock",
        operands=(Operand("lock", "index"),),
        attrs=(
            enum("action", "LockAction"),
            opt("value", I32),
            enum("blocking", "LockBlocking", False),
            opt("acq_en", BOOL),
        ),
    ),
    # aie DMA programs
    *(
        OpDef(n, operands=(TILE,), results=("index",), regions=1, single_block=False)
        for n in ("aie.mem", "aie.memtile_dma", "aie.shim_dma")
    ),
    OpDef(
        "aie.dma_start",
        attrs=(
            enum("channel_dir", "DMAChannelDir"),
            req("channel_index", I32, range=NON_NEGATIVE),
            opt("repeat_count", I32),
        ),
        results=("i1",),
        successors=2,
        is_terminator=True,
        parents=("aie.mem", "aie.memtile_dma", "func.func", "aie.shim_dma"),
    ),
    OpDef(
        "aie.dma_bd",
        operands=(Operand("buffer", "memref"),),
        attrs=(
            opt("offset", I32),
            opt("len", I32),
            opt("dimensions", BD_DIMS),
            opt("pad_dimensions", BD_PADS),
            opt("pad_value", I32),
            opt("bd_id", I32),
            opt("packet", PACKET_INFO),
            opt("burst_length", I32),
            opt("next_bd_id", I32),
        ),
    ),
    OpDef("aie.next_bd", successors=1, is_terminator=True),
    # aie routing
    OpDef(
        "aie.flow",
        operands=(Operand("source", "index"), Operand("dest", "index")),
        attrs=(
            enum("source_bundle", "WireBundle"),
            req("source_channel", I32, range=NON_NEGATIVE),
            enum("dest_bundle", "WireBundle"),
            req("dest_channel", I32, range=NON_NEGATIVE),
        ),
    ),
    OpDef(
        "aie.packet_flow",
        attrs=(
            req("ID", I8),
            opt("keep_pkt_header", BOOL),
            opt("priority_route", BOOL),
        ),
        regions=1,
        terminator=END,
    ),
    *(
        OpDef(
            n,
            operands=(TILE,),
            attrs=(
                enum("bundle", "WireBundle"),
                req("channel", I32, range=NON_NEGATIVE),
            ),
            parents=("aie.packet_flow",),
        )
        for n in ("aie.packet_source", "aie.packet_dest")
    ),
    OpDef(
        "aie.shim_dma_allocation",
        operands=(TILE,),
        attrs=(
            req("sym_name", STR),
            enum("channel_dir", "DMAChannelDir"),
            req("channel_index", I64),
            opt("plio", BOOL),
            opt("packet", PACKET_INFO),
        ),
        parents=DEVICE,
    ),
    # aie trace (AIETraceOps.td)
    OpDef(
        "aie.trace",
        operands=(TILE,),
        attrs=(req("sym_name", STR), opt("buffer_size", I32)),
        regions=1,
        terminator=END,
        parents=DEVICE,
    ),
    OpDef("aie.trace.mode", attrs=(enum("mode", "TraceMode"),), parents=TRACE),
    OpDef(
        "aie.trace.packet",
        attrs=(req("id", I32, range=(1, 31)), enum("type", "TracePacketType")),
        parents=TRACE,
    ),
    OpDef(
        "aie.trace.event",
        attrs=(req("event", TRACE_EVENT), opt("label", STR)),
        parents=TRACE,
    ),
    OpDef(
        "aie.trace.port",
        attrs=(
            req("slot", I32, range=(0, 7)),
            enum("port", "WireBundle"),
            req("channel", I32),
            enum("direction", "DMAChannelDir"),
        ),
        parents=TRACE,
    ),
    *(
        OpDef(
            n, attrs=(opt("broadcast", I32), opt("event", TRACE_EVENT)), parents=TRACE
        )
        for n in ("aie.trace.start", "aie.trace.stop")
    ),
    OpDef(
        "aie.trace.combo_event",
        attrs=(
            req("slot", I32),
            req("eventA", TRACE_EVENT),
            enum("logic", "ComboLogic"),
            req("eventB", TRACE_EVENT),
        ),
        parents=TRACE,
    ),
    OpDef(
        "aie.trace.edge_event",
        attrs=(
            req("slot", I32),
            req("event", TRACE_EVENT),
            enum("trigger", "EdgeTrigger"),
        ),
        parents=TRACE,
    ),
    OpDef(
        "aie.trace.config",
        operands=(TILE,),
        attrs=(req("sym_name", STR), enum("packet_type", "TracePacketType", False)),
        regions=1,
        terminator=END,
        parents=DEVICE,
    ),
    OpDef(
        "aie.trace.reg",
        attrs=(
            req("reg_name", STR),
            opt("field", STR),
            req("value", ANY),
            opt("mask", I32),
            opt("comment", STR),
        ),
        parents=("aie.trace.config",),
    ),
    OpDef("aie.trace.start_config", attrs=(req("trace_config", FLAT_SYMREF),)),
    OpDef(
        "aie.trace.host_config",
        attrs=(
            req("buffer_size", I32, range=POSITIVE),
            opt("arg_idx", I32),
            opt("trace_after_last_tensor", BOOL),
            opt("reuse_output_buffer", BOOL),
            enum("routing", "TraceShimRouting", False),
            opt("egress_shim_col", I32, range=NON_NEGATIVE),
        ),
    ),
    # aiex runtime-sequence ops
    OpDef(
        "aiex.configure",
        attrs=(req("symbol", FLAT_SYMREF), enum("expand_mode", "ExpandMode", False)),
        regions=1,
        no_terminator=True,
        parents=SEQ,
    ),
    OpDef(
        "aiex.run",
        operands=(Operand("args", "any", "variadic"),),
        attrs=(req("runtime_sequence_symbol", FLAT_SYMREF),),
        parents=("aiex.configure",),
    ),
    OpDef(
        "aiex.npu.load_pdi",
        attrs=(
            opt("device_ref", FLAT_SYMREF),
            opt("id", I32),
            opt("size", I32),
            opt("address", UI64),
            enum("expand_mode", "ExpandMode", False),
        ),
    ),
    OpDef(
        "aiex.npu.address_patch",
        attrs=(req("addr", UI32), req("arg_idx", I32), req("arg_plus", I32)),
    ),
    OpDef(
        "aiex.npu.write32", attrs=(req("address", UI32), req("value", UI32), *PLACEMENT)
    ),
    OpDef(
        "aiex.npu.maskwrite32",
        attrs=(req("address", UI32), req("value", UI32), req("mask", UI32), *PLACEMENT),
    ),
    OpDef(
        "aiex.npu.blockwrite",
        operands=(Operand("data", "memref"),),
        attrs=(req("address", UI32), *PLACEMENT),
    ),
    OpDef(
        "aiex.npu.sync",
        attrs=_i32s("column", "row", "direction", "channel", "column_num", "row_num"),
    ),
    OpDef(
        "aiex.npu.push_queue",
        attrs=(
            *_i32s("column", "row"),
            enum("direction", "DMAChannelDir"),
            req("channel", I32),
            req("issue_token", BOOL),
            *_i32s("repeat_count", "bd_id"),
        ),
    ),
    OpDef("aiex.npu.writebd", attrs=(*WRITEBD_FIELDS, opt("burst_length", I32))),
    OpDef("aiex.npu.dma_wait", attrs=(req("symbol", FLAT_SYMREF),)),
    OpDef(
        "aiex.npu.dma_memcpy_nd",
        segments=True,
        operands=(
            Operand("memref", "anymemref"),
            *(Operand(n, "i64", "variadic") for n in ("offsets", "sizes", "strides")),
        ),
        attrs=MEMCPY_ND_ATTRS,
    ),
    OpDef(
        "aiex.dma_configure_task",
        operands=(TILE,),
        attrs=(
            enum("direction", "DMAChannelDir"),
            req("channel", I32),
            opt("issue_token", BOOL),
            opt("repeat_count", I32),
        ),
        results=("index",),
        regions=1,
        terminator=BD,
        single_block=False,
        ancestors=SEQ,
    ),
    OpDef(
        "aiex.dma_configure_task_for",
        attrs=(
            req("alloc", SYMREF),
            opt("issue_token", BOOL),
            opt("repeat_count", I32),
        ),
        results=("index",),
        regions=1,
        terminator=BD,
        single_block=False,
        ancestors=SEQ,
    ),
    *(
        OpDef(n, operands=(Operand("task", "index"),), ancestors=SEQ)
        for n in ("aiex.dma_start_task", "aiex.dma_await_task", "aiex.dma_free_task")
    ),
    # X0 has HasParent<RuntimeSequenceOp> for these; X3 HasAncestor for set_lock (lenient, as
    # for the DMA-task ops)
    OpDef(
        "aiex.dma_start_bd_chain",
        operands=(Operand("args", "any", "variadic"), TILE),
        attrs=(
            req("symbol", FLAT_SYMREF),
            enum("direction", "DMAChannelDir"),
            req("channel", I32),
            opt("issue_token", BOOL),
            opt("repeat_count", I32),
        ),
        results=("index",),
        parents=SEQ,
        symbol_targets=(
            ("symbol", ("aie.bd_chain",), "symbol does not reference valid BD chain"),
        ),
        chain_args=True,
    ),
    OpDef(
        "aiex.dma_start_bd_chain_for",
        operands=(Operand("args", "any", "variadic"),),
        attrs=(
            req("symbol", FLAT_SYMREF),
            req("alloc", FLAT_SYMREF),
            opt("issue_token", BOOL),
            opt("repeat_count", I32),
        ),
        results=("index",),
        parents=SEQ,
    ),
    OpDef(
        "aiex.set_lock",
        operands=(Operand("lock", "index"),),
        attrs=(req("value", I32),),
        ancestors=SEQ,
        defined_by=(("lock", "aie.lock"),),
        not_on_aie1="SetLockOp is not supported on AIE1.",
    ),
    OpDef(
        "aiex.npu.rtp_write",
        attrs=(req("buffer", FLAT_SYMREF), req("index", UI32), req("value", I32)),
    ),
]

# -- ops of the main line that no era above names (AIEX.td and AIEOps.td at 93d0a7cc) ----------
# Every era gets them: where an op first appeared is not recorded here, and an op the schema does
# not know is not checked at all. ``any`` stands for enum attributes whose storage (I32EnumAttr or
# EnumAttr) was not read (StateTableFunc, AIETileType) and for FlatSymbolRefArrayAttr.
_MAIN_LINE: list[OpDef] = [
    OpDef(
        "aiex.npu.create_scratchpad",
        attrs=(req("size", UI32), opt("usage_type", UI8)),
    ),
    OpDef(
        "aiex.npu.update_from_scratchpad",
        attrs=(
            req("state_table_idx", UI8),
            opt("func", ANY),
            opt("func_arg", UI32),
            req("address", UI32),
            *PLACEMENT,
        ),
    ),
    OpDef(
        "aiex.npu.blockwrite_values",
        operands=(Operand("address", "i32"), Operand("values", "i32", "variadic")),
    ),
    OpDef("aiex.npu.preempt", attrs=(req("level", UI8),)),
    OpDef(
        "aiex.control_packet",
        attrs=(
            req("address", UI32),
            opt("length", I32),
            req("opcode", I32),
            req("stream_id", I32),
            opt("data", DENSE_I32),
        ),
    ),
    OpDef(
        "aiex.dma_bd_pool_pop",
        attrs=_i32s("column", "row"),
        results=("i32",),
        ancestors=SEQ,
    ),
    OpDef(
        "aiex.dma_bd_pool_push",
        operands=(Operand("bd_id", "i32"),),
        attrs=_i32s("column", "row"),
        ancestors=SEQ,
    ),
    OpDef(
        "aiex.dma_channel_reset",
        operands=(TILE,),
        attrs=(enum("direction", "DMAChannelDir"), req("channel", I32)),
        parents=SEQ,
    ),
    OpDef(
        "aiex.dma_channel_reset_for",
        attrs=(req("objfifo", FLAT_SYMREF),),
        parents=SEQ,
    ),
    OpDef("aiex.core_reset", operands=(TILE,), parents=SEQ),
    OpDef(
        "aie.logical_tile",
        attrs=(
            req("tile_type", ANY),
            opt("col", I32, range=NON_NEGATIVE),
            opt("row", I32, range=NON_NEGATIVE),
            opt("allocation_scheme", STR),
        ),
        results=("index",),
    ),
    OpDef(
        "aie.route_endpoint",
        operands=(TILE,),
        attrs=(
            req("sym_name", STR),
            enum("bundle", "WireBundle"),
            opt("channelIndex", I32),
            opt("packet", PACKET_INFO),
            opt("fifoName", STR),
        ),
        parents=DEVICE,
    ),
    OpDef(
        "aie.route",
        attrs=(
            req("source", FLAT_SYMREF),
            req("destinations", ANY),
            opt("packet", UNIT),
            opt("packet_id", I8, range=(0, 127)),
        ),
        parents=DEVICE,
    ),
    OpDef(
        "aie.objectfifo_rearm_binding",
        segments=True,
        operands=(
            Operand("channel_tiles", "index", "variadic"),
            Operand("locks", "index", "variadic"),
        ),
        attrs=(
            req("sym_name", STR),
            req("channel_dirs", DENSE_I32),
            req("channel_indices", DENSE_I32),
            req("lock_inits", DENSE_I32),
            opt("head_bd_ids", DENSE_I32),
            opt("repeat_counts", DENSE_I32),
        ),
        parents=DEVICE,
    ),
]


# -- the later eras, each as the era before it plus its changes ---------------------------------
# One function per change, so that a later era names what changed and nothing else; an op it does
# not name is the earlier era's definition itself. docs/ir-eras.md's op table lists the same
# changes (test_schema_eras.py holds the two together).


def _with_operands(d: OpDef, *operands: Operand) -> OpDef:
    """``d`` with ``operands`` added after its own."""
    return replace(d, operands=d.operands + operands)


def _with_attrs(d: OpDef, *attrs: Attr) -> OpDef:
    """``d`` with ``attrs`` added after its own."""
    return replace(d, attrs=d.attrs + attrs)


def _without_attrs(d: OpDef, *names: str) -> OpDef:
    """``d`` without the attributes ``names``."""
    assert all(d.attr(n) for n in names), (d.name, names)
    return replace(d, attrs=tuple(a for a in d.attrs if a.name not in names))


def _optional(d: OpDef, *names: str) -> OpDef:
    """``d`` with its attributes ``names`` optional."""
    assert all(d.attr(n) for n in names), (d.name, names)
    return replace(
        d,
        attrs=tuple(
            replace(a, required=False) if a.name in names else a for a in d.attrs
        ),
    )


def _as_operands(d: OpDef, *names: str) -> OpDef:
    """``d`` with its attributes ``names`` turned into i32 operands, added in that order after
    its own (the SSA era's change)."""
    return _with_operands(
        _without_attrs(d, *names), *(Operand(n, "i32") for n in names)
    )


def _e2(e1: dict[str, OpDef]) -> list[OpDef]:
    """The SSA era (``AIEX.td`` at 00d58b94; PR #3225 and #3308): npu scalars and lock values
    become i32 operands, ``aie.dma_bd`` and ``aiex.dma_configure_task`` gain operand segments.
    """
    task, task_for = e1["aiex.dma_configure_task"], e1["aiex.dma_configure_task_for"]
    sync = e1["aiex.npu.sync"]
    return [
        _as_operands(e1["aie.use_lock"], "value"),
        # the segmented BD: its operands and properties are a new definition (docs/ir-eras.md)
        replace(
            e1["aie.dma_bd"],
            segments=True,
            operands=SEGMENTED_DMA_BD,
            attrs=(
                opt("static_offset", I32),
                opt("static_len", I32),
                opt("static_sizes", DENSE_I64),
                opt("static_strides", DENSE_I64),
                opt("pad_dimensions", BD_PADS),
                opt("bd_id", I32),
                opt("packet", PACKET_INFO),
                opt("burst_length", I32),
                *SCRATCHPAD_OFFSET,
                opt("next_bd_id", I32),
            ),
        ),
        _optional(e1["aie.trace.packet"], "id"),
        _without_attrs(
            e1["aie.trace.host_config"], "arg_idx", "trace_after_last_tensor"
        ),
        _as_operands(
            _with_operands(
                e1["aiex.npu.address_patch"], Operand("addr_val", "i32", "optional")
            ),
            "arg_plus",
        ),
        _as_operands(e1["aiex.npu.write32"], "address", "value"),
        _as_operands(e1["aiex.npu.rtp_write"], "value"),
        _as_operands(e1["aiex.npu.maskwrite32"], "address", "value", "mask"),
        _as_operands(sync, *(a.name for a in sync.attrs)),  # all six
        _as_operands(e1["aiex.npu.push_queue"], "repeat_count", "bd_id"),
        _with_attrs(e1["aiex.npu.dma_memcpy_nd"], *SCRATCHPAD_OFFSET),
        replace(
            _with_attrs(
                _with_operands(
                    task,
                    Operand("repeat_count_val", "i32", "optional"),
                    Operand("bd_id_val", "i32", "optional"),
                ),
                opt("packet", PACKET_INFO),
            ),
            segments=True,
        ),
        _with_operands(task_for, Operand("repeat_count_val", "i32", "optional")),
    ]


def _e3(e2: dict[str, OpDef]) -> list[OpDef]:
    """PR #3652 plus the axcache attributes that arrived between the E2 and E3 snapshots."""
    return [
        replace(
            _with_operands(
                _optional(e2["aiex.npu.address_patch"], "arg_idx"),
                Operand("buffer", "memref", "optional"),
            ),
            segments=True,
            exclusive=(("arg_idx", "buffer"),),
        ),
        _with_attrs(
            e2["aie.runtime_sequence"],
            opt("trace_buffer", TRACE_BUFFER),
            opt("trace_slices", TRACE_SLICES),
        ),
        _with_attrs(e2["aiex.npu.writebd"], opt("axcache", I32, range=AXCACHE)),
        _with_attrs(e2["aiex.npu.dma_memcpy_nd"], opt("axcache", I64, range=AXCACHE)),
        _with_attrs(
            e2["aie.dma_bd"],
            opt("out_of_order_id", I32),
            opt("axcache", I32, range=AXCACHE),
            opt("iteration", BD_ITERATION),
        ),
    ]


def _e4(e3: dict[str, OpDef]) -> list[OpDef]:
    """PR #3718: a 64-bit ``arg_plus``."""
    patch = e3["aiex.npu.address_patch"]
    operands = tuple(
        replace(o, type="i32|i64") if o.name == "arg_plus" else o
        for o in patch.operands
    )
    return [replace(patch, operands=operands)]


#: each later era: the function that lists the ops it changes, given the era before it
CHANGES = {"E2": _e2, "E3": _e3, "E4": _e4}


def _build() -> dict[str, dict[str, OpDef]]:
    out = {"E1": {d.name: d for d in _E1 + _MAIN_LINE}}
    for before, era in pairwise(ERAS):
        prev = out[before]
        out[era] = {**prev, **{d.name: d for d in CHANGES[era](prev)}}
    return out


SCHEMAS: dict[str, dict[str, OpDef]] = _build()


def _property_eras() -> dict[str, dict[str, tuple[str, ...]]]:
    out: dict[str, dict[str, list[str]]] = {}
    for era in ERAS:
        for d in SCHEMAS[era].values():
            for a in d.attrs:
                out.setdefault(d.name, {}).setdefault(a.name, []).append(era)
    return {
        op: {a: tuple(eras) for a, eras in attrs.items()} for op, attrs in out.items()
    }


#: op name -> property name -> the eras whose definition of the op has that property
PROPERTY_ERAS: dict[str, dict[str, tuple[str, ...]]] = _property_eras()


def opdef(era: str, name: str) -> OpDef | None:
    return SCHEMAS[era].get(name)


# -- assembly formats ----------------------------------------------------------------------------
# The custom form each op reads and prints in, in ODS's declarative syntax (`literal`, $name,
# type($name), type(operands), attr-dict, attr-dict-with-keyword, regions, (...)? groups with an
# ^ anchor, custom<Directive>(...)). A ``$name`` is an operand, attribute, successor or result of
# the era's OpDef above, so one format serves every era where only an operand/attribute changed
# (``aie.use_lock``'s value, ``aiex.npu.rtp_write``'s value). An op whose syntax changed lists its
# formats by the era that introduced each. Sources (Xilinx/mlir-aie): ``assemblyFormat`` in
# include/aie/Dialect/AIE/IR/AIEOps.td@93d0a7ccc8e30595f64a92d1f24d59380dee2564,
# include/aie/Dialect/AIEX/IR/AIEX.td@f8438d271e39e2291d60564cd7f07a81bce1b888 (E2-E4) and
# @97737142e4c8a362fe3e7a7a92e9708c9e06aa91 (the attribute forms E1 keeps),
# include/aie/Dialect/AIE/IR/AIETraceOps.td@019b75a768ba796dde7c1b47d7a2c642a9dfef63; the
# hand-written parsers and printers (``RuntimeSequenceOp::parse/print``, ``parseTraceRegValue``,
# ``TraceStartEventOp``/``TraceEdgeEventOp``) in lib/Dialect/AIE/IR/AIEDialect.cpp.
_TILE_REGION = "`(` $tile `)` regions attr-dict"
_TRACE_START = "(`broadcast` `=` $broadcast^)? (`event` `=` $event^)? attr-dict"

ASSEMBLY: dict[str, tuple[tuple[str, str], ...]] = {
    name: ((("E1", fmt),) if isinstance(fmt, str) else fmt)
    for name, fmt in {
        "aie.device": "`(` $device `)` ($sym_name^)? regions attr-dict",
        "aie.end": "attr-dict",
        "aie.tile": "`(` $col `,` $row `)` attr-dict",
        "aie.runtime_sequence": "($sym_name^)? custom<EntryArguments>($body) "
        "attr-dict-with-keyword regions",
        "aie.core": _TILE_REGION,
        "aie.mem": _TILE_REGION,
        "aie.memtile_dma": _TILE_REGION,
        "aie.shim_dma": _TILE_REGION,
        "aie.buffer": "`(` $tile `)` attr-dict `:` type($buffer) (`=` $initial_value^)?",
        "aie.external_buffer": "attr-dict `:` type($buffer)",
        "aie.lock": "`(` $tile (`,` $lockID^)? `)` attr-dict",
        "aie.use_lock": "`(` $lock `,` $action `,` $value (`,` $blocking^)? `)` attr-dict",
        "aie.dma_start": "`(` $channel_dir `,` $channel_index `,` $dest `,` $chain "
        "(`,` `repeat_count` `=` $repeat_count^)? `)` attr-dict",
        "aie.dma_bd": (
            (
                "E1",
                "`(` $buffer `:` type($buffer) (`,` $offset^ (`,` $len^)?)? "
                "(`,` $dimensions^)? (`,` $pad_dimensions^)? "
                "(`,` `pad_value` `=` $pad_value^)? `)` attr-dict",
            ),
            (
                "E2",
                "`(` $buffer `:` type($buffer) "
                "(`offset` `=` custom<DynamicScalar>($offset, $static_offset)^)? "
                "(`len` `=` custom<DynamicScalar>($len, $static_len)^)? "
                "(`sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)^)? "
                "(`strides` `=` custom<DynamicIndexList>($strides, $static_strides)^)? "
                "(`pad` $pad_dimensions^)? `)` attr-dict",
            ),
        ),
        "aie.next_bd": "$dest attr-dict",
        "aie.flow": "`(` $source `,` $source_bundle `:` $source_channel `,` $dest `,` "
        "$dest_bundle `:` $dest_channel `)` attr-dict",
        "aie.packet_flow": "`(` $ID `)` regions attr-dict",
        "aie.packet_source": "`<` $tile `,` $bundle `:` $channel `>` attr-dict",
        "aie.packet_dest": "`<` $tile `,` $bundle `:` $channel `>` attr-dict",
        "aie.shim_dma_allocation": "$sym_name `(` $tile `,` $channel_dir `,` $channel_index "
        "(`,` $packet^)? `)` attr-dict",
        "aie.trace": "$sym_name `(` $tile `)` (`buffer_size` `=` $buffer_size^)? regions "
        "attr-dict",
        "aie.trace.mode": "$mode attr-dict",
        "aie.trace.packet": "(`id` `=` $id^)? `type` `=` $type attr-dict",
        "aie.trace.event": "$event (`label` `=` $label^)? attr-dict",
        "aie.trace.port": "`<` $slot `>` `port` `=` $port `channel` `=` $channel "
        "`direction` `=` $direction attr-dict",
        "aie.trace.start": _TRACE_START,
        "aie.trace.stop": _TRACE_START,
        "aie.trace.combo_event": "`<` $slot `>` $eventA $logic $eventB attr-dict",
        "aie.trace.edge_event": "`<` $slot `>` `event` `=` $event `trigger` `=` $trigger "
        "attr-dict",
        "aie.trace.config": "$sym_name `(` $tile `)` (`packet_type` `=` $packet_type^)? "
        "regions attr-dict",
        "aie.trace.reg": "`register` `=` $reg_name (`field` `=` $field^)? "
        "`value` `=` custom<TraceRegValue>($value) (`mask` `=` $mask^)? "
        "(`comment` `=` $comment^)? attr-dict",
        "aie.trace.start_config": "$trace_config attr-dict",
        "aie.trace.host_config": "attr-dict",
        "aiex.configure": "$symbol regions attr-dict",
        "aiex.run": "$runtime_sequence_symbol `(` $args `)` `:` `(` type($args) `)` attr-dict",
        "aiex.npu.load_pdi": "attr-dict",
        "aiex.npu.address_patch": (
            ("E1", "attr-dict"),
            (
                "E2",
                "`(` $arg_plus `:` type($arg_plus) `)` "
                "(`addr` $addr_val^ `:` type($addr_val))? "
                "(`buffer` $buffer^ `:` type($buffer))? attr-dict",
            ),
        ),
        "aiex.npu.write32": (
            ("E1", "attr-dict"),
            (
                "E2",
                "`(` $address `,` $value `)` attr-dict `:` type($address) `,` type($value)",
            ),
        ),
        "aiex.npu.maskwrite32": (
            ("E1", "attr-dict"),
            (
                "E2",
                "`(` $address `,` $value `,` $mask `)` attr-dict `:` type($address) `,` "
                "type($value) `,` type($mask)",
            ),
        ),
        "aiex.npu.blockwrite": "`(` $data `)` attr-dict `:` type($data)",
        "aiex.npu.sync": (
            ("E1", "attr-dict"),
            (
                "E2",
                "`(` $column `,` $row `,` $direction `,` $channel `,` $column_num `,` "
                "$row_num `)` attr-dict `:` type(operands)",
            ),
        ),
        "aiex.npu.push_queue": (
            ("E1", "`(` $column `,` $row `,` $direction `:` $channel `)` attr-dict"),
            (
                "E2",
                "`(` $column `,` $row `,` $direction `:` $channel `)` `bd_id` $bd_id "
                "`repeat` $repeat_count attr-dict `:` type($bd_id) `,` type($repeat_count)",
            ),
        ),
        "aiex.npu.writebd": "attr-dict",
        "aiex.npu.dma_wait": "attr-dict",
        "aiex.npu.dma_memcpy_nd": "`(` $memref `` custom<DynamicIndexList>($offsets, "
        "$static_offsets) `` custom<DynamicIndexList>($sizes, $static_sizes) `` "
        "custom<DynamicIndexList>($strides, $static_strides) `` "
        "(`,` `packet` `=` $packet^)? `)` attr-dict `:` type($memref)",
        "aiex.dma_configure_task": (
            ("E1", "`(` $tile `,` $direction `,` $channel `)` regions attr-dict"),
            (
                "E2",
                "`(` $tile `,` $direction `,` $channel (`,` $packet^)? `)` "
                "(`repeat` $repeat_count_val^ `:` type($repeat_count_val))? "
                "(`bd_id` $bd_id_val^ `:` type($bd_id_val))? regions attr-dict",
            ),
        ),
        "aiex.dma_configure_task_for": (
            ("E1", "$alloc regions attr-dict"),
            (
                "E2",
                "$alloc (`repeat` $repeat_count_val^ `:` type($repeat_count_val))? "
                "regions attr-dict",
            ),
        ),
        "aiex.dma_start_task": "`(` $task `)` attr-dict",
        "aiex.dma_await_task": "`(` $task `)` attr-dict",
        "aiex.dma_free_task": "`(` $task `)` attr-dict",
        "aiex.dma_start_bd_chain": "$symbol `(` $args `)` `:` `(` type($args) `)` `on` "
        "`(` $tile `,` $direction `,` $channel `)` attr-dict",
        "aiex.dma_start_bd_chain_for": "$symbol `(` $args `)` `:` `(` type($args) `)` `for` "
        "$alloc attr-dict",
        "aiex.set_lock": "`(` $lock `,` $value `)` attr-dict",
        "aiex.npu.rtp_write": (
            ("E1", "`(` $buffer `,` $index `,` $value `)` attr-dict"),
            ("E2", "`(` $buffer `,` $index `,` $value `)` attr-dict `:` type($value)"),
        ),
        # the main-line ops no era above names (AIEX.td@93d0a7cc)
        "aiex.npu.create_scratchpad": "attr-dict",
        "aiex.npu.blockwrite_values": "`(` $address `:` type($address) `)` `values` $values "
        "`:` type($values) attr-dict",
        "aiex.npu.preempt": "attr-dict",
        "aiex.control_packet": "attr-dict",
        "aiex.dma_bd_pool_pop": "`(` $column `,` $row `)` attr-dict `:` type($bd_id)",
        "aiex.dma_bd_pool_push": "`(` $column `,` $row `)` `bd_id` $bd_id attr-dict `:` "
        "type($bd_id)",
        "aiex.dma_channel_reset": "`(` $tile `,` $direction `,` $channel `)` attr-dict",
        "aiex.dma_channel_reset_for": "`(` $objfifo `)` attr-dict",
        "aiex.core_reset": "`(` $tile `)` attr-dict",
    }.items()
}


def assembly_format(era: str, name: str) -> str | None:
    """The custom-form format of op ``name`` in ``era`` (None: the op has none we know)."""
    formats = ASSEMBLY.get(name)
    if formats is None or name not in SCHEMAS[era]:
        return None
    chosen = None
    for since, fmt in formats:
        if ERAS.index(since) <= ERAS.index(era):
            chosen = fmt
    return chosen


__all__ = [
    "ERAS",
    "E0_OPS",
    "SCHEMAS",
    "PROPERTY_ERAS",
    "ENUMS",
    "Attr",
    "Operand",
    "OpDef",
    "opdef",
    "ASSEMBLY",
    "assembly_format",
    "field",
]
