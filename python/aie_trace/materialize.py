# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What ``-aie-materialize-runtime-sequences`` does, without mlir-aie (tests and the emulator).

mlir-aie's pass (``lib/Dialect/AIEX/Transforms/AIEMaterializeRuntimeSequences.cpp`` at
ef38c7ba) inlines every ``aiex.run``, leaf callees first: the callee's body is cloned in place of
the run with its block arguments mapped positionally to the run's operands, each of the same type
(else ``argument N type mismatch: expected T but got U`` at the run); SSA operands are remapped,
**attributes are copied verbatim**. Values the body uses that its device defines are copied into
the caller's device, at its start, in first-use order: an ``aie.tile`` is the caller's tile of the
same column and row when it has one (an error when its other attributes differ), else a clone; an
``aie.lock`` is cloned, after its tile is found or cloned the same way; anything else is an error.
Symbol definitions of the callee's device that an inlined op names are cloned there too, under
unique names (one clone per inlined run), and the references renamed.
Then an ``aiex.npu.load_pdi {device_ref = @dev}`` starts each top-level ``aiex.configure`` whose
body does not already start with one, the configure bodies are hoisted into the sequence and the
configure ops erased. Callee sequences stay in the module. With mlir-aie installed, run the real
``aie-materialize-runtime-sequences`` in the same place of the pipeline.
"""

from __future__ import annotations

from typing import Any

from . import aieir
from . import callgraph as cg
from . import schema as S
from .aieir import ir
from .diagnostics import LocatedError


class MaterializeError(LocatedError):
    """An ``aiex.run`` that cannot be inlined, located at the culprit op."""


def clone_body(block: Any, mapping: dict[Any, Any], ip: Any) -> list[Any]:
    """Clone every op of ``block`` at ``ip``; operands found in ``mapping`` (old value -> new
    value) are replaced, and each clone's results join the mapping. Returns the clones.
    """
    clones = []
    for o in block.operations:
        old = o.operation
        new = old.clone(ip=ip)
        for nested in aieir.walk(new):
            for i, v in enumerate(nested.operands):
                repl = mapping.get(v)
                if repl is not None:
                    nested.operands[i] = repl
        for a, b in zip(old.results, new.results, strict=False):
            mapping[a] = b
        clones.append(new)
    return clones


def check_run_operands(op: Any, params: list[Any]) -> None:
    """mlir-aie's check of a run against its callee's parameters, in its words."""
    operands = list(op.operands)
    if len(operands) != len(params):
        raise MaterializeError(
            f"passes {len(operands)} operands to the {len(params)} parameters of "
            f"'{aieir.symref_name(op.attributes['runtime_sequence_symbol'])}'",
            op,
        )
    for i, (a, v) in enumerate(
        zip(params, operands, strict=False)
    ):  # counts are checked on their own
        if a.type != v.type:
            raise MaterializeError(
                f"argument {i} type mismatch: expected {a.type} but got {v.type}", op
            )


def run_type_mismatches(graph: cg.RunGraph) -> list[tuple[Any, str]]:
    """mlir-aie's ``aiex.run`` verifier: each operand a run passes has the type of its callee's
    parameter at that position (a run may be one short of the appended trace buffer: that is the
    business of the passes that thread it). One ``(run, message)`` per mismatching run.
    """
    out = []
    for seq in graph.sequences:
        for op in aieir.walk(seq, ["aiex.run"]):
            try:
                callee = graph.run_of(op).callee
            except KeyError:  # a run outside a configure: the schema reports it
                continue
            if callee is None:
                continue
            for i, (a, v) in enumerate(
                zip(aieir.seq_args(callee), op.operands, strict=False)
            ):
                if a.type != v.type:
                    out.append(
                        (
                            op,
                            f"argument {i} type mismatch: expected {a.type} but got {v.type}",
                        )
                    )
                    break
    return out


def _outside_values(block: Any) -> list[Any]:
    """The values ``block``'s ops use that neither the block's arguments nor its ops define, in
    first-use order."""
    inside = {
        cg.op_key(o) for top in block.operations for o in aieir.walk(top.operation)
    }
    args = list(block.arguments)
    out: list[Any] = []
    for top in block.operations:
        for o in aieir.walk(top.operation):
            for v in o.operands:
                if isinstance(v, ir.BlockArgument):
                    if (
                        any(v == a for a in args)
                        or cg.op_key(v.owner.owner.operation) in inside
                    ):
                        continue
                elif cg.op_key(v.owner.operation) in inside:
                    continue
                if not any(v == w for w in out):
                    out.append(v)
    return out


def _tile_attrs(tile: Any, era: str) -> dict[str, Any]:
    """A tile's attributes but ``col``/``row``: the properties the schema defines (an unregistered
    op's properties are read by name) and its discardable attributes."""
    d = S.opdef(era, "aie.tile")
    names = {a.name for a in d.attrs} if d else set()
    names |= {a.name for a in tile.attributes}
    return {
        n: v
        for n in sorted(names - {"col", "row"})
        if (v := aieir.attr_or_none(tile, n)) is not None
    }


def _next(op: Any) -> Any:
    """The op after ``op`` in its block (a device body always ends in ``aie.end``)."""
    ops = [o.operation for o in op.parent.regions[0].blocks[0].operations]
    for i, o in enumerate(ops):
        if o == op:
            return ops[i + 1]
    raise ValueError("op not in its parent's first block")


def _before(a: Any, b: Any) -> bool:
    """Whether op ``a`` precedes op ``b`` in ``b``'s block."""
    for o in b.parent.regions[0].blocks[0].operations:
        if o.operation == a:
            return True
        if o.operation == b:
            return False
    return False


class _DeviceCopier:
    """Copies the tiles, locks and symbol definitions one inlined run uses into the caller's
    device, as mlir-aie does: from the start of the device on, in first-use order."""

    def __init__(self, device: Any, era: str):
        self.device, self.era = device, era
        first = next(iter(device.regions[0].blocks[0].operations), None)
        self.anchor = (
            first.operation if first is not None else None
        )  # clones go before it

    def _insert(self, op: Any) -> Any:
        return op.clone(ip=ir.InsertionPoint(self.anchor))

    def tile(self, tile: Any, at: Any) -> Any:
        col, row = (aieir.int_attr_value(tile.attributes[n]) for n in ("col", "row"))
        for o in self.device.regions[0].blocks[0].operations:
            t = o.operation
            if t.name != "aie.tile" or (
                aieir.int_attr_value(t.attributes["col"]),
                aieir.int_attr_value(t.attributes["row"]),
            ) != (col, row):
                continue
            if _tile_attrs(t, self.era) != _tile_attrs(tile, self.era):
                raise MaterializeError(
                    f"aie.tile({col}, {row}) already exists in the device with "
                    "different attributes",
                    at,
                )
            if t == self.anchor:  # at the insertion point: it moves past it
                self.anchor = _next(t)
            elif not _before(t, self.anchor):
                t.move_before(self.anchor)
            return t.result
        return self._insert(tile).result

    def copy(self, value: Any, mapping: dict[Any, Any], at: Any) -> None:
        if isinstance(value, ir.BlockArgument):
            raise MaterializeError(
                "Referenced value is not defined by an operation", at
            )
        op = value.owner.operation
        if op.name == "aie.tile":
            mapping[value] = self.tile(op, at)
        elif op.name == "aie.lock":
            t = op.operands[0]
            if t not in mapping:
                if (
                    isinstance(t, ir.BlockArgument)
                    or t.owner.operation.name != "aie.tile"
                ):
                    raise MaterializeError(
                        "Lock references a tile that is not defined by aie.tile operation",
                        at,
                    )
                mapping[t] = self.tile(t.owner.operation, at)
            lock = self._insert(op)
            lock.operands[0] = mapping[t]
            mapping[value] = lock.result
        else:
            raise MaterializeError(
                f"Referenced SSA value defined by unsupported operation type: {op.name}. "
                "Currently only aie.tile operations are supported.",
                at,
            )


def _symbol_defs(device: Any) -> dict[str, Any]:
    """The symbol definitions directly in ``device``, by name."""
    out = {}
    for o in device.regions[0].blocks[0].operations:
        name = aieir.symbol_name(o.operation)
        if name is not None:
            out[name] = o.operation
    return out


def _inline_symbols(
    new_ops: list[Any], callee_device: Any, copier: _DeviceCopier, era: str, at: Any
) -> None:
    """mlir-aie's symbol step: a symbol reference in an inlined op that names a definition of the
    callee's device (``aie.shim_dma_allocation``, ``aie.objectfifo``, ...) is cloned into the
    caller's device under a unique name (the name, else ``name_0``, ``name_1``, ...), its SSA
    operands copied as above, and the reference renamed; one clone per name per inlined run.
    References to anything else (devices, module-level symbols) stay verbatim."""
    theirs = _symbol_defs(callee_device)
    renamed: dict[str, str] = {}
    for top in new_ops:
        for op in aieir.walk(top):
            d = S.opdef(era, op.name)
            for a in (d.attrs if d else ()):
                if a.type not in (S.FLAT_SYMREF, S.SYMREF):
                    continue
                ref = aieir.attr_or_none(op, a.name)
                if ref is None or not aieir.isa(ir.FlatSymbolRefAttr, ref):
                    continue
                name = ir.FlatSymbolRefAttr(ref).value
                if name not in renamed:
                    definition = theirs.get(name)
                    if definition is None:
                        continue
                    mine = _symbol_defs(copier.device)
                    unique, k = name, 0
                    while unique in mine:
                        unique, k = f"{name}_{k}", k + 1
                    mapping: dict[Any, Any] = {}
                    for v in definition.operands:
                        if v not in mapping:
                            copier.copy(v, mapping, at)
                    clone = copier._insert(definition)
                    for i, v in enumerate(clone.operands):
                        if v in mapping:
                            clone.operands[i] = mapping[v]
                    clone.attributes["sym_name"] = ir.StringAttr.get(unique)
                    renamed[name] = unique
                aieir.set_attr(op, a.name, ir.FlatSymbolRefAttr.get(renamed[name]), era)


def inline_run(run: cg.Run, era: str) -> None:
    """Replace ``run`` by a clone of its callee's body."""
    callee, op = run.callee, run.op
    params = aieir.seq_args(callee)
    check_run_operands(op, params)
    device = aieir.parent_named(op, "aie.device")
    copier = _DeviceCopier(
        device, era
    )  # mlir-aie starts each inlined run at the device's start
    for block in callee.regions[0].blocks:  # none for an empty body `{}`
        mapping = dict(zip(params, list(op.operands), strict=False))
        for v in _outside_values(block):
            copier.copy(v, mapping, op)
        new_ops = clone_body(block, mapping, ir.InsertionPoint(op))
        _inline_symbols(
            new_ops, aieir.parent_named(callee, "aie.device"), copier, era, op
        )
    op.erase()


def materialize_sequence(graph: cg.RunGraph, seq: Any, era: str) -> None:
    for cfg in aieir.walk(seq, ["aiex.configure"]):
        for op in aieir.walk(cfg, ["aiex.run"]):
            inline_run(graph.run_of(op), era)
        blocks = list(cfg.regions[0].blocks)  # none for an empty configure `{}`
        first = next(iter(blocks[0].operations), None) if blocks else None
        if first is None or first.operation.name != "aiex.npu.load_pdi":
            aieir.create(
                "aiex.npu.load_pdi",
                era,
                attrs={"device_ref": cfg.attributes["symbol"]},
                ip=ir.InsertionPoint(cfg),
                loc=cfg.location,
            )
        for blk in blocks:
            for o in list(blk.operations):
                o.operation.move_before(cfg)
        cfg.erase()


TRACE_BUFFER_ARG = "aie.trace_buffer_arg"


def tagged_trace_arg(seq: Any) -> int | None:
    """The block-argument index ``aie.trace_buffer_arg = N : i32`` names on ``seq`` (the trace
    buffer mlir-aie's trace lowering appended in the full-ELF control-packet flow), or None.
    Raises :class:`MaterializeError` when the tag is not an i32 naming a memref argument.
    """
    attr = aieir.attr_or_none(seq, TRACE_BUFFER_ARG)
    if attr is None:
        return None
    n = aieir.int_attr_value(attr) if aieir.attr_type_ok("i32", attr) else None
    params = aieir.seq_args(seq)
    if (
        n is None
        or not 0 <= n < len(params)
        or not aieir.isa(ir.MemRefType, params[n].type)
    ):
        raise MaterializeError(
            f"'{TRACE_BUFFER_ARG}' must be an i32 naming a memref argument of "
            f"{cg.seq_label(seq)} ({len(params)} arguments)",
            seq,
        )
    return n


def _graph(module: Any) -> tuple[cg.RunGraph, list[Any]]:
    graph = cg.RunGraph(module)
    if graph.errors:
        op, message = graph.errors[0]
        raise MaterializeError(message, op)
    try:
        return graph, graph.bottom_up()
    except cg.GraphError as e:
        raise MaterializeError(e.message, e.op) from None


def conform(module: Any, era: str) -> int:
    """mlir-aie's conform step (its test ``conform_overlay_trace_buffer.mlir``): a run that passes
    every parameter of its callee but the trailing trace buffer ``aie.trace_buffer_arg`` names gets
    that buffer from a new last argument of the wrapping sequence. Wrappers of untagged callees,
    and runs that already pass the buffer, are left alone. A wrapper given the buffer this way is
    conformed in turn where it is itself run one operand short (nested wrappers, leaves first).
    Returns how many runs were conformed."""
    graph, order = _graph(module)
    threaded: dict[int, int] = (
        {}
    )  # wrapper -> the argument conform gave it (only when exactly one)
    count = 0
    for seq in order:
        gained = []
        for op in aieir.walk(seq, ["aiex.run"]):
            callee = graph.run_of(op).callee
            n = tagged_trace_arg(callee)
            if n is None:
                n = threaded.get(cg.op_key(callee))
            params = aieir.seq_args(callee)
            if n is None or len(op.operands) != n or n != len(params) - 1:
                continue  # untraced, already passed, or not the trailing argument: left to the checks
            block = seq.regions[0].blocks[0]
            arg = block.add_argument(params[n].type, op.location)
            new = aieir.rebuild(op, era, list(op.operands) + [arg])
            op.erase()
            gained.append(len(block.arguments) - 1)
            count += 1
            del new
        if len(gained) == 1:
            threaded[cg.op_key(seq)] = gained[0]
    return count


def materialize(module: Any, era: str) -> None:
    """Conform, then inline every run of every sequence, leaf callees first."""
    _graph(module)  # unresolvable callees and cycles before anything changes
    conform(module, era)
    graph, order = _graph(module)
    for seq in order:  # every run checked before anything changes
        for op in aieir.walk(seq, ["aiex.run"]):
            check_run_operands(op, aieir.seq_args(graph.run_of(op).callee))
    for seq in order:
        materialize_sequence(graph, seq, era)
