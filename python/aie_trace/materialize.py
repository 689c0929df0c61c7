# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What ``-aie-materialize-runtime-sequences`` does, without mlir-aie (tests and the emulator).

Read from mlir-aie's ``lib/Dialect/AIEX/Transforms/AIEMaterializeRuntimeSequences.cpp`` (at
ef38c7ba, and a later revision with ``verifyRunOpsInConfigureOp`` and the load_pdi
canonicalization, whose commit is not cited here) and its tests in
``test/dialect/AIEX``. The pass works **device by device, in module order**: for each device it
inlines every ``aiex.run`` of its sequences, then starts every top-level ``aiex.configure`` with
an ``aiex.npu.load_pdi {device_ref = @dev}``, drops a load_pdi directly followed by an identical
one (``NpuLoadPdiOp::canonicalize``), and hoists the top-level configure bodies into their
sequence (a configure nested in an ``scf.for`` keeps its body and gets no load_pdi). A callee
that still runs other sequences when it is inlined (its device comes after its caller's) is
refused: upstream's clone of its runs names sequences that no symbol table of the caller's
reach holds, its symbol step fails and the run is left in place.

Inlining a run clones the callee's body in place of the run, its block arguments mapped
positionally to the run's operands, each of the same type (else ``argument N type mismatch:
expected T but got U`` at the run); SSA operands are remapped, **attributes are copied
verbatim**. Values the body uses that its device defines are copied into the caller's device,
at its start, in first-use order: an ``aie.tile`` is the caller's tile of the same column and
row when it has one (an error when its other attributes differ), else a clone; an ``aie.lock``
is cloned, after its tile is found or cloned the same way; anything else is an error. Then every
symbol reference in every attribute of every cloned op (nested ops too, inside arrays and
dictionaries, flat or nested references) is resolved from the callee's device, else from the
module: a device stays referenced; any other definition is cloned into the caller's device under
the reference's root name, or ``name_0``, ``name_1``, ... when the caller has that name, once per
reference per inlined run, and the reference becomes a flat ``@unique``. Callee sequences stay in
the module. With mlir-aie installed, run the real ``aie-materialize-runtime-sequences`` in the
same place of the pipeline.
"""

from __future__ import annotations

from typing import Any

from . import aieir, aieops
from . import callgraph as cg
from . import schema as S
from .diagnostics import LocatedError


class MaterializeError(LocatedError):
    """An ``aiex.run`` that cannot be inlined, located at the culprit op."""


def clone_body(block: Any, mapping: dict[Any, Any], ip: Any) -> list[Any]:
    """Clone every op of ``block`` at ``ip``; operands found in ``mapping`` (old value -> new
    value) are replaced, and each clone's results join the mapping. Returns the clones.
    """
    clones = []
    for old in aieir.block_ops(block):
        new = aieir.clone(old, ip)
        aieir.remap_operands(new, mapping)
        for a, b in zip(aieir.results(old), aieir.results(new), strict=False):
            mapping[a] = b
        clones.append(new)
    return clones


def check_run_operands(op: Any, params: list[Any]) -> None:
    """mlir-aie's check of a run against its callee's parameters, in its words."""
    operands = aieir.operands(op)
    if len(operands) != len(params):
        raise MaterializeError(
            f"passes {len(operands)} operands to the {len(params)} parameters of "
            f"'{aieops.Run(op).callee_name}'",
            op,
        )
    # (counts are checked on their own)
    mismatch = aieir.first_type_mismatch(params, operands)
    if mismatch is not None:
        i, expected, got = mismatch
        raise MaterializeError(
            f"argument {i} type mismatch: expected {expected} but got {got}", op
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
            mismatch = aieir.first_type_mismatch(
                aieir.seq_args(callee), aieir.operands(op)
            )
            if mismatch is not None:
                i, expected, got = mismatch
                out.append(
                    (
                        op,
                        f"argument {i} type mismatch: expected {expected} but got {got}",
                    )
                )
    return out


def _outside_values(block: Any) -> list[Any]:
    """The values ``block``'s ops use that neither the block's arguments nor its ops define, in
    first-use order."""
    return _used_from_outside(aieir.block_ops(block), aieir.block_arguments(block))


def _outside_operands(op: Any) -> list[Any]:
    """The values ``op`` and the ops nested in it use that none of them defines (first-use
    order)."""
    return _used_from_outside([op], [])


def _used_from_outside(tops: list[Any], own_args: list[Any]) -> list[Any]:
    """The values ``tops`` and the ops nested in them use that are none of ``own_args`` and that
    no op among them defines (as a result, or as an argument of a block it holds), in first-use
    order."""
    inside = {cg.op_key(o) for top in tops for o in aieir.walk(top)}
    out: list[Any] = []
    for top in tops:
        for o in aieir.walk(top):
            for v in aieir.operands(o):
                if any(v == a for a in own_args):
                    continue
                if cg.op_key(aieir.value_owner(v)) in inside:
                    continue
                if not any(v == w for w in out):
                    out.append(v)
    return out


def _tile_attrs(tile: Any, era: str) -> dict[str, Any]:
    """A tile's attributes but ``col``/``row``: the properties the schema defines (an unregistered
    op's properties are read by name) and its discardable attributes."""
    d = S.opdef(era, "aie.tile")
    names = {a.name for a in d.attrs} if d else set()
    names |= set(aieir.listed_attrs(tile))
    return {
        n: v
        for n in sorted(names - {"col", "row"})
        if (v := aieir.attr_or_none(tile, n)) is not None
    }


def _next(op: Any) -> Any:
    """The op after ``op`` in its block (a device body always ends in ``aie.end``)."""
    ops = aieir.block_ops(aieir.block_of(op))
    for i, o in enumerate(ops):
        if o == op:
            return ops[i + 1]
    raise ValueError("op not in its parent's first block")


def _before(a: Any, b: Any) -> bool:
    """Whether op ``a`` precedes op ``b`` in ``b``'s block."""
    for o in aieir.block_ops(aieir.block_of(b)):
        if o == a:
            return True
        if o == b:
            return False
    return False


class _DeviceCopier:
    """Copies the tiles, locks and symbol definitions one inlined run uses into the caller's
    device, as mlir-aie does: from the start of the device on, in first-use order."""

    def __init__(self, device: Any, era: str):
        self.device, self.era = device, era
        self.anchor = aieir.first_op(aieir.body(device))  # clones go before it

    def _insert(self, op: Any) -> Any:
        return aieir.clone(op, aieir.before(self.anchor))

    def tile(self, tile: Any, at: Any) -> Any:
        wanted = aieops.Tile(tile)
        col, row = wanted.col, wanted.row
        for t in aieir.block_ops(aieir.body(self.device)):
            if t.name != aieops.Tile.NAME:
                continue
            there = aieops.Tile(t)
            if (there.col, there.row) != (col, row):
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
                aieir.move_before(t, self.anchor)
            return aieir.result(t)
        return aieir.result(self._insert(tile))

    def copy(self, value: Any, mapping: dict[Any, Any], at: Any) -> None:
        op = aieir.defining_op(value)
        if op is None:
            raise MaterializeError(
                "Referenced value is not defined by an operation", at
            )
        if op.name == "aie.tile":
            mapping[value] = self.tile(op, at)
        elif op.name == "aie.lock":
            t = aieir.operand(op, 0)
            if t not in mapping:
                tile = aieir.defining_op(t)
                if tile is None or tile.name != "aie.tile":
                    raise MaterializeError(
                        "Lock references a tile that is not defined by aie.tile operation",
                        at,
                    )
                mapping[t] = self.tile(tile, at)
            lock = self._insert(op)
            aieir.set_operand(lock, 0, mapping[t])
            mapping[value] = aieir.result(lock)
        else:
            raise MaterializeError(
                f"Referenced SSA value defined by unsupported operation type: {op.name}. "
                "Currently only aie.tile operations are supported.",
                at,
            )


def _symbol_defs(block_owner: Any) -> dict[str, Any]:
    """The symbol definitions directly in the first block of ``block_owner``'s first region (a
    device, a module, or a symbol-table op), by name."""
    out = {}
    blocks = aieir.blocks(block_owner) if aieir.regions(block_owner) else []
    for o in aieir.block_ops(blocks[0]) if blocks else ():
        name = aieir.symbol_name(o)
        if name is not None:
            out[name] = o
    return out


def _replace_refs(attr: Any, fn: Any) -> Any:
    """``attr`` with every symbol reference in it (itself, or an element of an array or a
    dictionary, at any depth) replaced by ``fn(names)``; the same object when nothing changed.
    (MLIR's ``Attribute::replace``, over the attribute kinds the bindings can take apart.)
    """
    names = aieir.symbol_ref_path(attr)
    if names is not None:
        return fn(names)
    items = aieir.array_items(attr)
    if items is not None:
        new = [_replace_refs(a, fn) for a in items]
        changed = any(a is not b for a, b in zip(items, new, strict=True))
        return aieir.array_attr(new) if changed else attr
    entries = aieir.dict_items(attr)
    if entries is not None:
        new_entries = {k: _replace_refs(v, fn) for k, v in entries.items()}
        changed = any(new_entries[k] is not entries[k] for k in entries)
        return aieir.dict_attr(new_entries) if changed else attr
    return attr


def _attr_names(op: Any) -> list[str]:
    """The attributes of ``op`` to look into: the properties any era's schema defines for it (an
    unregistered op's properties are found by name only) and its discardable attributes.
    """
    names = set(S.PROPERTY_ERAS.get(op.name, {}))
    names |= set(aieir.listed_attrs(op))
    return sorted(n for n in names if aieir.attr_or_none(op, n) is not None)


def _resolve(names: tuple[str, ...], scope: Any) -> Any:
    """The op ``names`` (root first) names from the symbol table of ``scope``, or None."""
    found = scope
    for n in names:
        found = _symbol_defs(found).get(n)
        if found is None:
            return None
    return found


class _SymbolInliner:
    """mlir-aie's symbol step for one inlined run (``inlineReferencedSymbolDefinitions``): every
    symbol reference in every attribute of every op cloned from the callee's body, nested ops
    included, at any depth inside array and dictionary attributes, flat or nested. The reference
    is resolved from the callee's device (``SymbolTable::lookupNearestSymbolFrom``), else from the
    module (cross-device references). A device stays referenced as it is; any other definition is
    cloned into the caller's device once per reference per inlined run, its SSA operands copied as
    the body's are, under the reference's root name when the caller's device has no symbol of that
    name, else ``name_0``, ``name_1``, ...; the reference becomes ``@unique`` (a flat reference,
    as upstream builds it). A reference that resolves to nothing is refused: mlir-aie's pattern
    fails there and leaves the run in place, which no later pass accepts."""

    def __init__(self, callee: Any, copier: _DeviceCopier, at: Any):
        self.callee_device = aieir.parent_named(callee, "aie.device")
        self.module = aieir.parent_op(self.callee_device)
        self.callee = callee
        self.copier, self.at = copier, at
        self.done: dict[tuple[str, ...], Any] = {}

    def _rewrite(self, names: tuple[str, ...], user: Any) -> Any:
        if names in self.done:
            return self.done[names]
        definition = _resolve(names, self.callee_device)
        if definition is None:
            definition = _resolve(names, self.module)
        if definition is None:
            shown = "::".join(f"@{n}" for n in names)
            raise MaterializeError(
                f"'{user.name}' in {cg.seq_label(self.callee)} names {shown}, which is "
                f"defined neither in @{aieir.device_name(self.callee_device)} nor in the "
                "module, so mlir-aie's -aie-materialize-runtime-sequences cannot inline "
                "this run",
                self.at,
            )
        if definition.name == "aie.device":
            new = aieir.symbol_ref(names)
        else:
            mine = _symbol_defs(self.copier.device)
            unique, k = names[0], 0
            while unique in mine:
                unique, k = f"{names[0]}_{k}", k + 1
            mapping: dict[Any, Any] = {}
            for v in _outside_operands(definition):
                if v not in mapping:
                    self.copier.copy(v, mapping, self.at)
            clone = self.copier._insert(definition)
            aieir.remap_operands(clone, mapping)
            aieir.set_raw_attr(clone, "sym_name", aieir.string_attr(unique))
            new = aieir.symbol_ref([unique])
        self.done[names] = new
        return new

    def run(self, new_ops: list[Any]) -> None:
        for top in new_ops:
            for op in aieir.walk(top):
                for name in _attr_names(op):
                    old = aieir.attr_or_none(op, name)
                    new = _replace_refs(old, lambda n, op=op: self._rewrite(n, op))
                    if new is not old:
                        aieir.set_raw_attr(op, name, new)


def inline_run(run: cg.Run, era: str) -> None:
    """Replace ``run`` by a clone of its callee's body."""
    callee, op = run.callee, run.op
    params = aieir.seq_args(callee)
    check_run_operands(op, params)
    inner = aieir.walk(callee, ["aiex.run"])
    if inner:
        raise MaterializeError(
            f"{cg.seq_label(callee)} still runs "
            f"'{aieops.Run(inner[0]).callee_name}' when "
            "this run is inlined: mlir-aie's -aie-materialize-runtime-sequences materializes "
            "the devices in module order, so a callee that runs other sequences must be in a "
            "device before its caller's (else the runs it clones name sequences the caller "
            "cannot resolve, and upstream leaves this run in place)",
            op,
        )
    device = aieir.parent_named(op, "aie.device")
    copier = _DeviceCopier(
        device, era
    )  # mlir-aie starts each inlined run at the device's start
    for block in aieir.blocks(callee):  # none for an empty body `{}`
        mapping = dict(zip(params, aieir.operands(op), strict=False))
        for v in _outside_values(block):
            copier.copy(v, mapping, op)
        new_ops = clone_body(block, mapping, aieir.before(op))
        _SymbolInliner(callee, copier, op).run(new_ops)
    aieir.erase(op)


_LOAD_PDI_FIELDS = ("device_ref", "id", "size", "address")


def _same_load_pdi(a: Any, b: Any) -> bool:
    """``NpuLoadPdiOp::canonicalize``'s test: the same device_ref, id, size and address."""
    return all(
        aieir.attr_or_none(a, n) == aieir.attr_or_none(b, n) for n in _LOAD_PDI_FIELDS
    )


def _drop_repeated_load_pdi(device: Any) -> None:
    """mlir-aie's load_pdi canonicalization over ``device``: a load_pdi directly followed, in its
    block, by an identical one is erased (the second is kept)."""
    for op in aieir.walk(device, ["aiex.npu.load_pdi"]):
        ops = aieir.block_ops(aieir.block_of(op))
        i = next(k for k, o in enumerate(ops) if o == op)
        if (
            i + 1 < len(ops)
            and ops[i + 1].name == "aiex.npu.load_pdi"
            and _same_load_pdi(op, ops[i + 1])
        ):
            aieir.erase(op)


def materialize_device(graph: cg.RunGraph, device: Any, era: str) -> None:
    """One device as mlir-aie's pass does it: every run of its sequences inlined (callees in the
    device before their callers), a load_pdi at the start of every top-level configure, repeated
    load_pdi dropped, then the configure bodies hoisted into their sequences."""
    seqs = {cg.op_key(s) for s in aieir.sequences(device)}
    for seq in (s for s in graph.bottom_up() if cg.op_key(s) in seqs):
        for op in aieir.walk(seq, ["aiex.run"]):
            inline_run(graph.run_of(op), era)
    configures = [
        o
        for seq in aieir.sequences(device)
        for o in aieir.body_ops(seq)
        if o.name == "aiex.configure"
    ]
    for cfg in configures:
        block = aieir.first_block(cfg)  # appended for an empty configure `{}`
        first = aieir.first_op(block)
        aieir.create(
            "aiex.npu.load_pdi",
            era,
            attrs={"device_ref": aieir.required_attr(cfg, "symbol")},
            ip=aieir.before(first) if first is not None else aieir.at_end(block),
            loc=aieir.location(cfg),
        )
    _drop_repeated_load_pdi(device)
    for cfg in configures:
        for o in aieir.block_ops(aieir.first_block(cfg)):
            aieir.move_before(o, cfg)
        aieir.erase(cfg)


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
    if n is None or not 0 <= n < len(params) or not aieir.is_memref(params[n]):
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
    and runs that already pass the buffer, are left alone.

    Wrappers nest (leaves first): a wrapper that gained trailing trace arguments this way (one per
    traced run it makes) is run by its callers without them, and each such run is conformed the
    same way, gaining as many new last arguments. (Upstream's test shows one level; that a gained
    argument is threaded through every level follows from the rule, not from an upstream test.)
    Returns how many runs were conformed."""
    graph, order = _graph(module)
    threaded: dict[int, int] = (
        {}
    )  # wrapper -> how many trailing arguments conform gave it
    count = 0
    for seq in order:
        blocks = aieir.blocks(seq)
        if not blocks:
            continue  # an empty sequence runs nothing
        block = blocks[0]
        before = len(aieir.block_arguments(block))
        for op in aieir.walk(seq, ["aiex.run"]):
            callee = graph.run_of(op).callee
            params = aieir.seq_args(callee)
            n = tagged_trace_arg(callee)
            missing = (
                1 if n is not None and n == len(params) - 1 else 0
            ) or threaded.get(cg.op_key(callee), 0)
            if not missing or aieir.num_operands(op) != len(params) - missing:
                continue  # untraced, already passed, or not trailing: left to the checks
            loc = aieir.location(op)
            args = [
                aieir.add_block_argument(block, aieir.value_type(params[i]), loc)
                for i in range(len(params) - missing, len(params))
            ]
            run = aieops.Run(op, era)
            run.with_args(run.args + args)
            aieir.erase(op)
            count += 1
        after = len(aieir.block_arguments(block))
        if after > before:
            threaded[cg.op_key(seq)] = after - before
    return count


def materialize(module: Any, era: str) -> None:
    """Conform, then materialize device by device in module order, as mlir-aie's pass does."""
    _graph(module)  # unresolvable callees and cycles before anything changes
    conform(module, era)
    graph, order = _graph(module)
    for seq in order:  # every run checked before anything changes
        for op in aieir.walk(seq, ["aiex.run"]):
            check_run_operands(op, aieir.seq_args(graph.run_of(op).callee))
    for device in aieir.devices(module):
        materialize_device(graph, device, era)
