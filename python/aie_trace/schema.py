"""Op definitions of the aie/aiex ops we read or emit, per IR era, mirroring mlir-aie's ODS.

Without mlir-aie the aie/aiex dialects are unregistered and MLIR verifies nothing about them, so
this table is what stands between our passes and IR that a real ``aie-opt`` would reject. Each
:class:`OpDef` lists operands in generic order (with their arity, for ``operandSegmentSizes``),
inherent attributes (properties) with their exact attribute types and whether they are required,
results, regions and terminators, and parent constraints.

IR eras (see README "IR eras"):

* ``E1`` attribute era: ``aie.runtime_sequence``; every ``aiex.npu.*`` scalar is an attribute.
* ``E2`` SSA era: ``write32``/``maskwrite32``/``sync`` take i32 operands; ``address_patch`` takes
  ``arg_plus`` (and an optional ``addr_val``) as operands; ``push_queue`` takes ``repeat_count``
  and ``bd_id`` as operands; trace ``arg_idx`` counts host (memref) buffers.
* ``E3`` mlir-aie PR #3652: ``address_patch`` gains a ``buffer`` operand and
  ``AttrSizedOperandSegments``, ``arg_idx`` becomes optional; ``aie.runtime_sequence`` gains
  ``trace_buffer``/``trace_slices``; ``aie.dma_bd`` and ``dma_configure_task`` use segment sizes.
* ``E4`` mlir-aie PR #3718: ``address_patch.arg_plus`` may be i32 or i64.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

ERAS = ("E1", "E2", "E3", "E4")

# Attribute type tags. Integer tags name the exact MLIR attribute type that ODS requires.
UI8, UI32, UI64, I8, I32, I64 = "ui8", "ui32", "ui64", "i8", "i32", "i64"
BOOL, STR, UNIT = "bool", "str", "unit"
FLAT_SYMREF, SYMREF = "flat_symref", "symref"
DENSE_I64, DENSE_I32 = "array<i64>", "array<i32>"
TRACE_BUFFER = "#aie.trace_buffer"
TRACE_SLICES = "[#aie.trace_slice]"
TRACE_EVENT = "#aie.trace_event"
PACKET_INFO = "#aie.packet_info"
BD_DIMS = "#aie<bd_dim_layout_array>"
BD_PADS = "#aie<bd_pad_layout_array>"
ANY = "any"

INT_TAGS = (UI8, UI32, UI64, I8, I32, I64)


@dataclass(frozen=True)
class Attr:
    name: str
    type: str
    required: bool = True
    #: allowed integer values (enums, confined attributes); None = any value of the type
    values: tuple[int, ...] | None = None
    #: inclusive (min, max) for confined integers
    range: tuple[int, int] | None = None


@dataclass(frozen=True)
class Operand:
    name: str
    #: type constraint: "i32", "i64", "i32|i64", "index", "memref", "any"
    type: str
    arity: str = "single"  # single | optional | variadic


@dataclass(frozen=True)
class OpDef:
    name: str
    operands: tuple[Operand, ...] = ()
    attrs: tuple[Attr, ...] = ()
    results: tuple[str, ...] = ()
    #: number of regions
    regions: int = 0
    #: "aie.end" (SingleBlockImplicitTerminator), None (NoTerminator or no regions),
    #: or "bd" (DMA task BD blocks: each ends in aie.end or aie.next_bd)
    terminator: str | None = None
    single_block: bool = True
    #: direct parent op names (HasParent); empty = unconstrained
    parents: tuple[str, ...] = ()
    #: some ancestor must be one of these (HasAncestor)
    ancestors: tuple[str, ...] = ()
    segments: bool = False  # AttrSizedOperandSegments
    #: attribute names that must appear together / exclusively: ("one_of", a, b)
    exclusive: tuple[tuple[str, ...], ...] = ()

    def attr(self, name: str) -> Attr | None:
        return next((a for a in self.attrs if a.name == name), None)

    def operand(self, name: str) -> Operand | None:
        return next((o for o in self.operands if o.name == name), None)


def _i32(*names: str, required: bool = True) -> tuple[Attr, ...]:
    return tuple(Attr(n, I32, required) for n in names)


SEQ = ("aie.runtime_sequence",)
DEVICE = ("aie.device",)

# -- definitions common to every era -------------------------------------------------------------
WIRE_BUNDLE = tuple(range(0, 11))
DMA_DIR = (0, 1)
DEVICE_ENUM = tuple(range(1, 16))

_COMMON: list[OpDef] = [
    OpDef("aie.device", attrs=(Attr("device", I32, values=DEVICE_ENUM), Attr("sym_name", STR, False)),
          regions=1, terminator="aie.end", parents=("builtin.module",)),
    OpDef("aie.end"),
    OpDef("aie.tile", attrs=(Attr("col", I32, range=(0, 2**31 - 1)), Attr("row", I32, range=(0, 2**31 - 1)),
                             Attr("allocation_scheme", STR, False)),
          results=("index",)),
    OpDef("aie.runtime_sequence",
          attrs=(Attr("sym_name", STR, False), Attr("emit_parameter_sync_preamble", BOOL, False)),
          regions=1, parents=DEVICE),
    OpDef("aiex.configure", attrs=(Attr("symbol", FLAT_SYMREF), Attr("expand_mode", I32, False, values=(0, 1, 2))),
          regions=1, parents=SEQ),
    OpDef("aiex.run", operands=(Operand("args", "any", "variadic"),),
          attrs=(Attr("runtime_sequence_symbol", FLAT_SYMREF),), parents=("aiex.configure",)),
    OpDef("aiex.npu.load_pdi",
          attrs=(Attr("device_ref", FLAT_SYMREF, False), Attr("id", I32, False), Attr("size", I32, False),
                 Attr("address", UI64, False), Attr("expand_mode", I32, False, values=(0, 1, 2)))),
    OpDef("aiex.npu.blockwrite", operands=(Operand("data", "memref"),),
          attrs=(Attr("address", UI32), Attr("buffer", FLAT_SYMREF, False), *_i32("column", "row", required=False))),
    OpDef("aiex.npu.writebd", attrs=(
        *_i32("column", "bd_id", "buffer_length", "buffer_offset", "enable_packet", "out_of_order_id",
              "packet_id", "packet_type", "d0_size", "d0_stride", "d1_size", "d1_stride", "d2_size",
              "d2_stride", "iteration_current", "iteration_size", "iteration_stride", "next_bd", "row",
              "use_next_bd", "valid_bd", "lock_rel_val", "lock_rel_id", "lock_acq_enable", "lock_acq_val",
              "lock_acq_id", "d0_zero_before", "d1_zero_before", "d2_zero_before", "d0_zero_after",
              "d1_zero_after", "d2_zero_after"),
        Attr("burst_length", I32, False))),
    OpDef("aiex.npu.dma_wait", attrs=(Attr("symbol", FLAT_SYMREF),)),
    OpDef("aiex.dma_start_task", operands=(Operand("task", "index"),), ancestors=SEQ),
    OpDef("aiex.dma_await_task", operands=(Operand("task", "index"),), ancestors=SEQ),
    OpDef("aiex.dma_free_task", operands=(Operand("task", "index"),), ancestors=SEQ),
    OpDef("aie.next_bd", ),
    OpDef("aie.packet_flow", attrs=(Attr("ID", I8), Attr("keep_pkt_header", BOOL, False),
                                    Attr("priority_route", BOOL, False)),
          regions=1, terminator="aie.end"),
    OpDef("aie.packet_source", operands=(Operand("tile", "index"),),
          attrs=(Attr("bundle", I32, values=WIRE_BUNDLE), Attr("channel", I32, range=(0, 2**31 - 1))),
          parents=("aie.packet_flow",)),
    OpDef("aie.packet_dest", operands=(Operand("tile", "index"),),
          attrs=(Attr("bundle", I32, values=WIRE_BUNDLE), Attr("channel", I32, range=(0, 2**31 - 1))),
          parents=("aie.packet_flow",)),
    OpDef("aie.shim_dma_allocation", attrs=(Attr("sym_name", STR), Attr("channel_dir", I32, values=DMA_DIR),
                                            Attr("channel_index", I64), Attr("col", I64),
                                            Attr("plio", BOOL, False), Attr("packet", PACKET_INFO, False)),
          parents=DEVICE),
    # trace ops (AIETraceOps.td)
    OpDef("aie.trace", operands=(Operand("tile", "index"),),
          attrs=(Attr("sym_name", STR), Attr("buffer_size", I32, False)),
          regions=1, terminator="aie.end", parents=DEVICE),
    OpDef("aie.trace.mode", attrs=(Attr("mode", I32, values=(0, 1, 2)),), parents=("aie.trace",)),
    OpDef("aie.trace.packet", attrs=(Attr("id", I32, False, range=(1, 31)), Attr("type", I32, values=(0, 1, 2, 3))),
          parents=("aie.trace",)),
    OpDef("aie.trace.event", attrs=(Attr("event", TRACE_EVENT), Attr("label", STR, False)), parents=("aie.trace",)),
    OpDef("aie.trace.start", attrs=(Attr("broadcast", I32, False), Attr("event", TRACE_EVENT, False)),
          parents=("aie.trace",)),
    OpDef("aie.trace.stop", attrs=(Attr("broadcast", I32, False), Attr("event", TRACE_EVENT, False)),
          parents=("aie.trace",)),
    OpDef("aie.trace.config", operands=(Operand("tile", "index"),),
          attrs=(Attr("sym_name", STR), Attr("packet_type", I32, False, values=(0, 1, 2, 3))),
          regions=1, terminator="aie.end", parents=DEVICE),
    OpDef("aie.trace.reg", attrs=(Attr("reg_name", STR), Attr("field", STR, False), Attr("value", ANY),
                                  Attr("mask", I32, False), Attr("comment", STR, False)),
          parents=("aie.trace.config",)),
    OpDef("aie.trace.start_config", attrs=(Attr("trace_config", FLAT_SYMREF),)),
    OpDef("aie.trace.host_config", attrs=(Attr("buffer_size", I32, range=(1, 2**31 - 1)),
                                          Attr("reuse_output_buffer", BOOL, False),
                                          Attr("routing", I32, False, values=(0,)),
                                          Attr("egress_shim_col", I32, False, range=(0, 2**31 - 1))),
          parents=SEQ),
]

# -- per-era definitions ------------------------------------------------------------------------
_ATTR_ERA: list[OpDef] = [  # E1
    OpDef("aiex.npu.address_patch", attrs=(Attr("addr", UI32), Attr("arg_idx", I32), Attr("arg_plus", I32))),
    OpDef("aiex.npu.write32", attrs=(Attr("address", UI32), Attr("value", UI32), Attr("buffer", FLAT_SYMREF, False),
                                     *_i32("column", "row", required=False))),
    OpDef("aiex.npu.maskwrite32", attrs=(Attr("address", UI32), Attr("value", UI32), Attr("mask", UI32),
                                         Attr("buffer", FLAT_SYMREF, False), *_i32("column", "row", required=False))),
    OpDef("aiex.npu.sync", attrs=_i32("column", "row", "direction", "channel", "column_num", "row_num")),
    OpDef("aiex.npu.push_queue", attrs=(*_i32("column", "row"), Attr("direction", I32, values=DMA_DIR),
                                        Attr("channel", I32), Attr("issue_token", BOOL),
                                        *_i32("repeat_count", "bd_id"))),
]

_SSA_ERA: list[OpDef] = [  # E2
    OpDef("aiex.npu.address_patch", operands=(Operand("addr_val", "i32", "optional"), Operand("arg_plus", "i32")),
          attrs=(Attr("addr", UI32), Attr("arg_idx", I32))),
    OpDef("aiex.npu.write32", operands=(Operand("address", "i32"), Operand("value", "i32")),
          attrs=(Attr("buffer", FLAT_SYMREF, False), *_i32("column", "row", required=False))),
    OpDef("aiex.npu.maskwrite32", operands=(Operand("address", "i32"), Operand("value", "i32"), Operand("mask", "i32")),
          attrs=(Attr("buffer", FLAT_SYMREF, False), *_i32("column", "row", required=False))),
    OpDef("aiex.npu.sync", operands=tuple(Operand(n, "i32") for n in
                                          ("column", "row", "direction", "channel", "column_num", "row_num"))),
    OpDef("aiex.npu.push_queue", operands=(Operand("repeat_count", "i32"), Operand("bd_id", "i32")),
          attrs=(*_i32("column", "row"), Attr("direction", I32, values=DMA_DIR), Attr("channel", I32),
                 Attr("issue_token", BOOL))),
]


def _e3_overrides() -> list[OpDef]:
    return [
        OpDef("aiex.npu.address_patch",
              operands=(Operand("addr_val", "i32", "optional"), Operand("arg_plus", "i32"),
                        Operand("buffer", "memref", "optional")),
              attrs=(Attr("addr", UI32), Attr("arg_idx", I32, False)), segments=True,
              exclusive=(("arg_idx", "buffer"),)),
        OpDef("aie.runtime_sequence",
              attrs=(Attr("sym_name", STR, False), Attr("emit_parameter_sync_preamble", BOOL, False),
                     Attr("trace_buffer", TRACE_BUFFER, False), Attr("trace_slices", TRACE_SLICES, False)),
              regions=1, parents=DEVICE),
    ]


def _build() -> dict[str, dict[str, OpDef]]:
    e1 = {d.name: d for d in _COMMON + _ATTR_ERA}
    e2 = {**e1, **{d.name: d for d in _SSA_ERA}}
    e3 = {**e2, **{d.name: d for d in _e3_overrides()}}
    patch = e3["aiex.npu.address_patch"]
    e4 = {**e3, patch.name: replace(patch, operands=(patch.operands[0], Operand("arg_plus", "i32|i64"),
                                                     patch.operands[2]))}
    return {"E1": e1, "E2": e2, "E3": e3, "E4": e4}


SCHEMAS: dict[str, dict[str, OpDef]] = _build()


def opdef(era: str, name: str) -> OpDef | None:
    return SCHEMAS[era].get(name)


__all__ = ["ERAS", "SCHEMAS", "Attr", "Operand", "OpDef", "opdef", "field"]
