# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What ``-aie-materialize-runtime-sequences`` does, without mlir-aie (tests and the emulator).

Modelled on mlir-aie's ``lib/Dialect/AIEX/Transforms/AIEMaterializeRuntimeSequences.cpp`` as its
main line has it after ef38c7ba and 04f1db22 (the revision with ``getOrClone`` / ``clonedDefs``,
``verifyRunOpsInConfigureOp`` and scratchpad hoisting; the search index that holds it records no
commit, docs/ir-eras.md says how it is identified) and on the tests in ``test/dialect/AIEX``
(``inline_buffers.mlir``, ``inline_locks.mlir``, ``inline_multiple_ssa.mlir``,
``inline_and_load_pdi.mlir``, ``error_run_op.mlir``, ``error_cyclic.mlir``). The pass works
**device by device, in module order**:

1. *Checks* (each device before it is changed). ``verifyBeforeMaterialization``: a symbol
   reference in a sequence names a shim DMA allocation, a device, a runtime sequence or (as the
   newest tests require) an ``aie.buffer``. ``verifyRunOpsInConfigureOp`` for every configure
   directly in a sequence: each run directly in it names a runtime sequence of the configured
   device (``No such runtime sequence for device 'D': 'S'``, with a note at the device; ``'S' is
   not a runtime sequence``) and passes exactly its parameters (``argument count mismatch:
   expected N but got M``, ``argument I type mismatch: expected T but got U``). Then a sequence
   from which a cycle of runs is reachable is refused at the sequence (``Runtime sequence call
   graph contains a cycle``).
2. *Inlining.* Every run of the device's sequences is replaced by a clone of its callee's body
   (leaf callees first), block arguments mapped to the run's operands. What the body uses from
   its own device is cloned into the caller's device **once per caller device** (``getOrClone``
   over ``clonedDefs``, shared by all the device's runs): an ``aie.tile`` is the caller's tile of
   the same coordinates when it has one (an error when its other attributes differ); ``aie.lock``
   and ``aie.buffer`` are cloned with their attributes (a buffer keeps its ``address``). Within
   one run every tile comes before the locks and buffers. The clones go to an insertion point
   that starts at the first op of the caller's device and advances across runs. Every symbol
   reference in every attribute of every cloned op is resolved from the callee's device, else the
   module: a device stays referenced; any other definition is cloned (once per run) to a second
   insertion point that starts before the caller's first runtime sequence and advances likewise,
   and the reference becomes a flat ``@name``. A clone whose ``sym_name`` the caller's device
   already holds is renamed ``name_0``, ``name_1``, ... (one counter per name and device).
   ``aiex.npu.create_scratchpad`` ops of a callee body are hoisted to the start of the calling
   sequence; afterwards a sequence keeps only its first one (``create_scratchpad size mismatch
   after inlining: A != B`` when two disagree).
3. *Load PDI.* Every configure directly in a sequence starts with an ``aiex.npu.load_pdi
   {device_ref = @dev}`` carrying the configure's ``expand_mode``; a load_pdi directly followed by
   an identical one is dropped (``NpuLoadPdiOp::canonicalize``); the configure bodies are hoisted
   into their sequences.
4. *Constants.* Upstream runs steps 2 and 3 with MLIR's greedy pattern driver, whose folder moves
   every ``arith.constant`` of the device's sequences to the start of the device body (the nearest
   region whose op is ``IsolatedFromAbove``) and keeps one constant per value and type. We do the
   same; the order among the hoisted constants is the driver's business and not modelled.

Where we say more than upstream (an unresolvable symbol, which upstream leaves as a run in place;
a callee that still runs others when it is inlined), the message is ours; where upstream has
words, we use them and add what we know as notes. With mlir-aie installed, run the real
``aie-materialize-runtime-sequences`` in the same place of the pipeline.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..analysis import callgraph as cg
from ..ir import aieops, attributes, builders, forms, structure
from ..ir import schema as S
from ..ir.diagnostics import LocatedError

SCRATCHPAD = "aiex.npu.create_scratchpad"
LOAD_PDI = "aiex.npu.load_pdi"

#: what ``verifyBeforeMaterialization`` lets a sequence name by symbol (the buffer: see the
#: module docstring and docs/ir-eras.md)
SYMBOL_TARGETS = (
    "aie.shim_dma_allocation",
    "aie.device",
    "aie.runtime_sequence",
    "aie.buffer",
)


class MaterializeError(LocatedError):
    """An ``aiex.run`` (or sequence) that cannot be materialized, located at the culprit op;
    ``notes`` are ``(anchor, text)`` pairs said after the error."""

    def __init__(
        self, message: str = "", op: Any = None, notes: Iterable[Any] = ()
    ) -> None:
        super().__init__(message, op)
        self.notes: list[tuple[Any, str]] = list(notes)


def clone_body(block: Any, mapping: dict[Any, Any], ip: Any) -> list[Any]:
    """Clone every op of ``block`` at ``ip``; operands found in ``mapping`` (old value -> new
    value) are replaced, and each clone's results join the mapping. Returns the clones.
    """
    return [_clone_mapped(old, mapping, ip) for old in structure.block_ops(block)]


def _clone_mapped(old: Any, mapping: dict[Any, Any], ip: Any) -> Any:
    new = structure.clone(old, ip)
    structure.remap_operands(new, mapping)
    for a, b in zip(structure.results(old), structure.results(new), strict=False):
        mapping[a] = b
    return new


# -- checks ---------------------------------------------------------------------------------------


def _module_symbol(module: Any, name: str) -> Any:
    """The op directly in ``module`` whose symbol is ``name`` (an ``aie.device`` without
    ``sym_name`` is mlir-aie's default ``main``), or None."""
    for o in structure.block_ops(structure.body(module)):
        own = (
            structure.device_name(o)
            if o.name == "aie.device"
            else structure.symbol_name(o)
        )
        if own == name:
            return o
    return None


def _symbol_in(table: Any, name: str) -> Any:
    """``SymbolTable::lookupSymbolIn``: the op directly in ``table``'s body named ``name``."""
    blocks = structure.blocks(table) if structure.regions(table) else []
    for o in structure.block_ops(blocks[0]) if blocks else ():
        own = (
            structure.sequence_name(o)
            if o.name == "aie.runtime_sequence"
            else structure.symbol_name(o)
        )
        if own == name:
            return o
    return None


def _configured_device(cfg: Any) -> Any:
    """The ``aie.device`` an ``aiex.configure`` names, or None."""
    name = aieops.Configure(cfg).device_name
    module = structure.parent_op(structure.parent_named(cfg, "aie.device"))
    found = _module_symbol(module, name) if name is not None else None
    return found if found is not None and found.name == "aie.device" else None


def _all_attrs(op: Any) -> list[tuple[str, Any]]:
    """Every attribute of ``op`` (MLIR's ``op->getAttrs()``), by name: its discardable attributes
    and its properties. An unregistered op's properties can only be read by name, so they are
    looked up under every property name that any op of any era of the schema has."""
    names = set(_PROPERTY_NAMES) | set(structure.listed_attrs(op))
    return [
        (n, a)
        for n in sorted(names)
        if (a := structure.attr_or_none(op, n)) is not None
    ]


_PROPERTY_NAMES = frozenset(n for attrs in S.PROPERTY_ERAS.values() for n in attrs)


def _refs_in(attr: Any) -> Iterable[tuple[str, ...]]:
    """Every symbol reference inside ``attr`` (itself, or in arrays and dictionaries)."""
    names = attributes.symbol_ref_path(attr)
    if names is not None:
        yield names
        return
    for item in attributes.array_items(attr) or ():
        yield from _refs_in(item)
    for item in (attributes.dict_items(attr) or {}).values():
        yield from _refs_in(item)


def _resolve(names: tuple[str, ...], scope: Any) -> Any:
    """The op ``names`` (root first) names from the symbol table of ``scope``, or None."""
    found = scope
    for n in names:
        found = _symbol_in(found, n)
        if found is None:
            return None
    return found


def verify_before_materialization(seq: Any) -> None:
    """``RuntimeSequenceOp::verifyBeforeMaterialization``: every symbol reference in ``seq``
    (resolved from its device) names one of :data:`SYMBOL_TARGETS`."""
    device = structure.parent_named(seq, "aie.device")
    for op in structure.walk(seq):
        for _, attr in _all_attrs(op):
            for names in _refs_in(attr):
                found = _resolve(names, device)
                if found is not None and found.name not in SYMBOL_TARGETS:
                    raise MaterializeError(
                        f"'{op.name}' op references symbol '{names[0]}' which must be either "
                        "a ShimDMAAllocationOp, DeviceOp or RuntimeSequenceOp, but got: "
                        f"{found.name}",
                        op,
                    )


def verify_runs_in_configure(cfg: Any, device: Any) -> None:
    """``verifyRunOpsInConfigureOp``: each run directly in ``cfg`` names a runtime sequence of
    ``device`` and passes exactly its parameters, in mlir-aie's words."""
    blocks = structure.blocks(cfg)
    dev = structure.device_name(device)
    for op in structure.block_ops(blocks[0]) if blocks else ():
        if op.name != aieops.Run.NAME:
            continue
        name = aieops.Run(op).callee_name or ""
        callee = _symbol_in(device, name)
        if callee is None:
            raise MaterializeError(
                f"No such runtime sequence for device '{dev}': '{name}'",
                op,
                [(device, f"This device does not have a '{name}' runtime sequence")],
            )
        if callee.name != "aie.runtime_sequence":
            raise MaterializeError(f"'{name}' is not a runtime sequence", op)
        check_run_operands(op, structure.seq_args(callee))


def check_run_operands(op: Any, params: list[Any]) -> None:
    """The operand checks of ``verifyRunOpsInConfigureOp``, in its words."""
    operands = structure.operands(op)
    if len(operands) != len(params):
        raise MaterializeError(
            f"'aiex.run' op argument count mismatch: expected {len(params)} but got "
            f"{len(operands)}",
            op,
        )
    mismatch = structure.first_type_mismatch(params, operands)
    if mismatch is not None:
        i, expected, got = mismatch
        raise MaterializeError(
            f"'aiex.run' op argument {i} type mismatch: expected {expected} but got {got}",
            op,
        )


def _callee(run: Any) -> Any:
    """The runtime sequence an ``aiex.run`` runs (through its enclosing configure), or None."""
    cfg = structure.parent_named(run, aieops.Configure.NAME)
    device = _configured_device(cfg) if cfg is not None else None
    if device is None:
        return None
    found = _symbol_in(device, aieops.Run(run).callee_name or "")
    return found if found is not None and found.name == "aie.runtime_sequence" else None


def _cycle_from(seq: Any) -> list[Any] | None:
    """The first cycle of runs reachable from ``seq`` (``RuntimeCallGraphCyclicityAnalysis``),
    as the sequences on it, or None."""
    done: set[int] = set()

    def visit(s: Any, path: list[Any]) -> list[Any] | None:
        keys = [structure.op_id(p) for p in path]
        if structure.op_id(s) in keys:
            return path[keys.index(structure.op_id(s)) :] + [s]
        if structure.op_id(s) in done:
            return None
        done.add(structure.op_id(s))
        for run in structure.walk(s, [aieops.Run.NAME]):
            callee = _callee(run)
            if callee is not None:
                found = visit(callee, path + [s])
                if found is not None:
                    return found
        return None

    return visit(seq, [])


def verify_device(device: Any) -> None:
    """The checks upstream makes on ``device`` before materializing it (module docstring, 1)."""
    for seq in structure.sequences(device):
        verify_before_materialization(seq)
        for cfg in structure.body_ops(seq):
            if cfg.name != aieops.Configure.NAME:
                continue
            if structure.attr_or_none(cfg, "symbol") is None:
                raise MaterializeError(
                    "'aiex.configure' op requires attribute 'symbol'", cfg
                )
            referenced = _configured_device(cfg)
            if referenced is None:
                raise MaterializeError(
                    f"No such device: '@{aieops.Configure(cfg).device_name}'", cfg
                )
            verify_runs_in_configure(cfg, referenced)
    for seq in structure.sequences(device):
        cycle = _cycle_from(seq)
        if cycle is not None:
            raise MaterializeError(
                "Runtime sequence call graph contains a cycle",
                seq,
                [
                    (
                        seq,
                        "the runs form the cycle "
                        + " -> ".join(cg.seq_label(s) for s in cycle)
                        + "; a runtime sequence cannot run itself, directly or through "
                        "others",
                    )
                ],
            )


# -- inlining -------------------------------------------------------------------------------------


def _outside_values(block: Any) -> list[Any]:
    """The values ``block``'s ops use that neither the block's arguments nor its ops define, in
    first-use order."""
    return _used_from_outside(
        structure.block_ops(block), structure.block_arguments(block)
    )


def _outside_operands(op: Any) -> list[Any]:
    """The values ``op`` and the ops nested in it use that none of them defines (first-use
    order)."""
    return _used_from_outside([op], [])


def _used_from_outside(tops: list[Any], own_args: list[Any]) -> list[Any]:
    """The values ``tops`` and the ops nested in them use that are none of ``own_args`` and that
    no op among them defines (as a result, or as an argument of a block it holds), in first-use
    order."""
    inside = {structure.op_id(o) for top in tops for o in structure.walk(top)}
    out: list[Any] = []
    for top in tops:
        for o in structure.walk(top):
            for v in structure.operands(o):
                if any(v == a for a in own_args):
                    continue
                if structure.op_id(structure.value_owner(v)) in inside:
                    continue
                if not any(v == w for w in out):
                    out.append(v)
    return out


def _tile_attrs(tile: Any, era: str) -> dict[str, Any]:
    """A tile's attributes but ``col``/``row``: the properties the schema defines (an unregistered
    op's properties are read by name) and its discardable attributes."""
    d = S.opdef(era, "aie.tile")
    names = {a.name for a in d.attrs} if d else set()
    names |= set(structure.listed_attrs(tile))
    return {
        n: v
        for n in sorted(names - {"col", "row"})
        if (v := structure.attr_or_none(tile, n)) is not None
    }


#: what the SSA step copies besides tiles (each with its tile operand first)
_ON_TILE = ("aie.lock", "aie.buffer")


def _hoisted_constant(op: Any) -> bool:
    """An ``arith.constant`` directly in a device body: where the greedy driver put a sequence's
    constant when it materialized that device. Upstream's SSA step refuses it (``unsupported
    operation type: arith.constant``), which makes a callee device that was materialized before
    its caller (as nested runs require) impossible to inline; we copy it like a tile (the caller's
    constant of that value, else a clone), a documented difference (docs/ir-eras.md)."""
    parent = structure.parent_op(op)
    return (
        op.name == "arith.constant"
        and parent is not None
        and parent.name == "aie.device"
    )


class _CallerDevice:
    """What mlir-aie's pass keeps per caller device while it inlines the device's runs: the
    definitions cloned so far (``clonedDefs``, by the callee op), the symbol names taken
    (``allSymbolNames``) and their suffix counters, and the two insertion points, each an anchor
    op the clones go before (so each advances past what it inserted)."""

    def __init__(self, device: Any, era: str):
        self.device, self.era = device, era
        ops = structure.block_ops(structure.body(device))
        self.ssa_anchor = ops[0]  # the device's first op
        self.symbol_anchor = next(o for o in ops if o.name == "aie.runtime_sequence")
        self.cloned: dict[int, Any] = {}
        self.names = {n for o in ops if (n := structure.symbol_name(o)) is not None}
        self.suffix: dict[str, int] = {}

    def unique(self, name: str) -> str:
        """``name``, or ``name_K`` for the next K whose name is free; taken from now on."""
        unique = name
        if unique in self.names:
            k = self.suffix.get(name, 0)
            while f"{name}_{k}" in self.names:
                k += 1
            unique, self.suffix[name] = f"{name}_{k}", k + 1
        self.names.add(unique)
        return unique

    def _renamed(self, clone: Any) -> Any:
        name = structure.symbol_name(clone)
        if name is not None:
            new = self.unique(name)
            if new != name:
                structure.set_raw_attr(clone, "sym_name", attributes.string_attr(new))
        return clone

    def _existing_tile(self, tile: Any, at: Any) -> Any:
        wanted = aieops.Tile(tile)
        for t in structure.block_ops(structure.body(self.device)):
            if t.name != aieops.Tile.NAME:
                continue
            there = aieops.Tile(t)
            if (there.col, there.row) != (wanted.col, wanted.row):
                continue
            if _tile_attrs(t, self.era) != _tile_attrs(tile, self.era):
                raise MaterializeError(
                    f"aie.tile({wanted.col}, {wanted.row}) already exists in the device "
                    "with different attributes",
                    at,
                )
            return t
        return None

    def _ahead_of_clones(self, op: Any) -> None:
        """Keep a caller tile that a lock or buffer clone will name ahead of the clones: at the
        insertion point, the point moves past it; after it, it moves up to it. (Upstream inserts before the device's
        first op whatever it is, so a lock of a tile the caller declares first would precede its
        tile: IR that does not verify; docs/ir-eras.md.)"""
        ops = structure.block_ops(structure.body(self.device))
        at = next(i for i, o in enumerate(ops) if o == self.ssa_anchor)
        here = next(i for i, o in enumerate(ops) if o == op)
        if here == at:
            self.ssa_anchor = ops[at + 1]
            if self.symbol_anchor == op:
                self.symbol_anchor = self.ssa_anchor
        elif here > at:
            structure.move_before(op, self.ssa_anchor)

    def _existing_constant(self, const: Any) -> Any:
        value = structure.attr_or_none(const, "value")
        return next(
            (
                o
                for o in structure.block_ops(structure.body(self.device))
                if o.name == "arith.constant"
                and structure.attr_or_none(o, "value") == value
            ),
            None,
        )

    def copy_values(self, values: list[Any], mapping: dict[Any, Any], at: Any) -> None:
        """``copyReferencedSSAValues``: the defining ops of ``values`` (and the tiles of their
        locks and buffers) in the caller's device, tiles first, each cloned once per device;
        ``mapping`` maps every old value to its stand-in."""
        to_visit = list(values)
        order: list[Any] = []
        while to_visit:
            value = to_visit.pop()
            op = structure.defining_op(value)
            if op is None:
                raise MaterializeError(
                    "Referenced value is not defined by an operation", at
                )
            if any(op == o for o in order):
                continue
            if op.name == aieops.Tile.NAME or _hoisted_constant(op):
                order[:0] = [op]
            elif op.name in _ON_TILE:
                tile = structure.operand(op, 0)
                if not any(tile == v for v in to_visit):
                    to_visit.append(tile)
                order.append(op)
            else:
                raise MaterializeError(
                    "Referenced SSA value defined by unsupported operation type: "
                    f"{op.name}. Currently only aie.tile, aie.lock and aie.buffer "
                    "operations are supported.",
                    at,
                )
        tiles_used = {
            structure.op_id(structure.defining_op(structure.operand(o, 0)))
            for o in order
            if o.name in _ON_TILE
        }
        for op in order:
            existing = (
                self._existing_tile(op, at)
                if op.name == aieops.Tile.NAME
                else self._existing_constant(op) if _hoisted_constant(op) else None
            )
            if existing is not None:
                if structure.op_id(op) in tiles_used:
                    self._ahead_of_clones(existing)
                self.cloned[structure.op_id(op)] = existing
            mapping[structure.result(op)] = structure.result(
                self.get_or_clone(op, mapping)
            )

    def get_or_clone(self, op: Any, mapping: dict[Any, Any]) -> Any:
        """``getOrClone``: the caller's stand-in for ``op``, cloned at the SSA insertion point on
        first use (renamed when its symbol name is taken)."""
        found = self.cloned.get(structure.op_id(op))
        if found is None:
            new = structure.clone(op, structure.before(self.ssa_anchor))
            structure.remap_operands(new, mapping)
            found = self.cloned[structure.op_id(op)] = self._renamed(new)
        return found

    def clone_symbol(self, definition: Any, mapping: dict[Any, Any], name: str) -> Any:
        """A clone of ``definition`` named ``name`` at the symbol insertion point."""
        new = structure.clone(definition, structure.before(self.symbol_anchor))
        structure.remap_operands(new, mapping)
        structure.set_raw_attr(new, "sym_name", attributes.string_attr(name))
        return new


def _replace_refs(attr: Any, fn: Any) -> Any:
    """``attr`` with every symbol reference in it (itself, or an element of an array or a
    dictionary, at any depth) replaced by ``fn(names)``; the same object when nothing changed.
    (MLIR's ``Attribute::replace``, over the attribute kinds the bindings can take apart.)
    """
    names = attributes.symbol_ref_path(attr)
    if names is not None:
        return fn(names)
    items = attributes.array_items(attr)
    if items is not None:
        new = [_replace_refs(a, fn) for a in items]
        changed = any(a is not b for a, b in zip(items, new, strict=True))
        return attributes.array_attr(new) if changed else attr
    entries = attributes.dict_items(attr)
    if entries is not None:
        new_entries = {k: _replace_refs(v, fn) for k, v in entries.items()}
        changed = any(new_entries[k] is not entries[k] for k in entries)
        return attributes.dict_attr(new_entries) if changed else attr
    return attr


class _SymbolInliner:
    """mlir-aie's symbol step for one inlined run (``inlineReferencedSymbolDefinitions``): every
    symbol reference in every attribute of every op cloned from the callee's body, nested ops
    included, at any depth inside array and dictionary attributes, flat or nested. The reference
    is resolved from the callee's device, else from the module. A device stays referenced as it
    is; any other definition is cloned into the caller's device once per reference per inlined
    run (its SSA operands through the per-device SSA step), under a name unique in the caller's
    device, and the reference becomes that flat ``@name``. A reference that resolves to nothing
    is refused: mlir-aie's pattern fails there and leaves the run in place, which no later pass
    accepts."""

    def __init__(self, callee: Any, caller: _CallerDevice, mapping: dict, at: Any):
        self.callee_device = structure.parent_named(callee, "aie.device")
        self.module = structure.parent_op(self.callee_device)
        self.callee, self.caller, self.mapping, self.at = callee, caller, mapping, at
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
                f"defined neither in @{structure.device_name(self.callee_device)} nor in the "
                "module, so mlir-aie's -aie-materialize-runtime-sequences cannot inline "
                "this run",
                self.at,
            )
        if definition.name == "aie.device":
            new = attributes.symbol_ref(names)
        else:
            unique = self.caller.unique(names[0])
            self.caller.copy_values(
                [v for v in _outside_operands(definition) if v not in self.mapping],
                self.mapping,
                self.at,
            )
            self.caller.clone_symbol(definition, self.mapping, unique)
            new = attributes.symbol_ref([unique])
        self.done[names] = new
        return new

    def run(self, top: Any) -> None:
        for op in structure.walk(top):
            for name, old in _all_attrs(op):
                new = _replace_refs(old, lambda n, op=op: self._rewrite(n, op))
                if new is not old:
                    structure.set_raw_attr(op, name, new)


def inline_run(run: cg.Run, caller: _CallerDevice) -> None:
    """Replace ``run`` by a clone of its callee's body (module docstring, 2)."""
    callee, op = run.callee, run.op
    params = structure.seq_args(callee)
    check_run_operands(op, params)
    inner = structure.walk(callee, [aieops.Run.NAME])
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
    seq = structure.parent_named(op, "aie.runtime_sequence")
    for block in structure.blocks(callee):  # none for an empty body `{}`
        mapping = dict(zip(params, structure.operands(op), strict=False))
        caller.copy_values(_outside_values(block), mapping, op)
        hoist = structure.first_op(
            structure.first_block(seq)
        )  # the caller sequence's start
        symbols = _SymbolInliner(callee, caller, mapping, op)
        for old in structure.block_ops(block):
            if old.name == SCRATCHPAD:
                _clone_mapped(old, mapping, structure.before(hoist))
                continue
            symbols.run(_clone_mapped(old, mapping, structure.before(op)))
    structure.erase(op)


def _drop_duplicate_scratchpads(seq: Any) -> None:
    """``deduplicateCreateScratchpadOps``: a sequence keeps its first create_scratchpad; every
    later one must have its size."""
    pads = [o for o in structure.body_ops(seq) if o.name == SCRATCHPAD]
    for dup in pads[1:]:
        a, b = (structure.attr_or_none(p, "size") for p in (dup, pads[0]))
        if a != b:
            shown = [
                attributes.int_attr_value(x) if x is not None else None for x in (a, b)
            ]
            raise MaterializeError(
                "create_scratchpad size mismatch after inlining: "
                f"{shown[0]} != {shown[1]}",
                dup,
                [(pads[0], "the sequence's first create_scratchpad, which is kept")],
            )
    for dup in pads[1:]:
        structure.erase(dup)


_LOAD_PDI_FIELDS = ("device_ref", "id", "size", "address")


def _same_load_pdi(a: Any, b: Any) -> bool:
    """``NpuLoadPdiOp::canonicalize``'s test: the same device_ref, id, size and address."""
    return all(
        structure.attr_or_none(a, n) == structure.attr_or_none(b, n)
        for n in _LOAD_PDI_FIELDS
    )


def _drop_repeated_load_pdi(device: Any) -> None:
    """mlir-aie's load_pdi canonicalization over ``device``: a load_pdi directly followed, in its
    block, by an identical one is erased (the second is kept)."""
    for op in structure.walk(device, [LOAD_PDI]):
        ops = structure.block_ops(structure.block_of(op))
        i = next(k for k, o in enumerate(ops) if o == op)
        if (
            i + 1 < len(ops)
            and ops[i + 1].name == LOAD_PDI
            and _same_load_pdi(op, ops[i + 1])
        ):
            structure.erase(op)


def _hoist_constants(device: Any) -> None:
    """The greedy driver's constant folding over ``device`` (module docstring, 4): every
    ``arith.constant`` of its sequences moves to the device's start, one per value and type.
    """
    start = structure.first_op(structure.body(device))
    kept: list[Any] = [
        o
        for o in structure.block_ops(structure.body(device))
        if o.name == "arith.constant"
    ]
    replaced: dict[Any, Any] = {}
    for seq in structure.sequences(device):
        for c in structure.walk(seq, ["arith.constant"]):
            value = structure.attr_or_none(c, "value")
            same = next(
                (k for k in kept if structure.attr_or_none(k, "value") == value), None
            )
            if same is not None:
                replaced[structure.result(c)] = structure.result(same)
                continue
            structure.move_before(c, start)
            kept.append(c)
    if replaced:
        structure.remap_operands(device, replaced)
        for old in replaced:
            if not structure.has_uses(
                old
            ):  # (a use from outside the device, in invalid IR, stays)
                structure.erase(structure.defining_op(old))


def materialize_device(graph: cg.RunGraph, device: Any, era: str) -> None:
    """One device as mlir-aie's pass does it (module docstring, 2-4). ``graph`` was read before
    any device was materialized; only the runs it read are looked up in it (inlining clones no
    run: a callee that still runs others is refused), and those exist until they are inlined.
    """
    seqs = structure.sequences(device)
    if not seqs:
        return
    caller = _CallerDevice(device, era)
    keys = {structure.op_id(s) for s in seqs}
    for seq in (s for s in graph.bottom_up() if structure.op_id(s) in keys):
        for op in structure.walk(seq, [aieops.Run.NAME]):
            inline_run(graph.run_of(op), caller)
    for seq in seqs:
        _drop_duplicate_scratchpads(seq)
    configures = [
        o
        for seq in seqs
        for o in (structure.body_ops(seq) if structure.blocks(seq) else ())
        if o.name == aieops.Configure.NAME
    ]
    for cfg in configures:
        block = structure.first_block(cfg)  # appended for an empty configure `{}`
        first = structure.first_op(block)
        attrs = {"device_ref": structure.required_attr(cfg, "symbol")}
        expand = structure.attr_or_none(cfg, "expand_mode")
        if expand is not None:
            attrs["expand_mode"] = expand
        builders.create(
            LOAD_PDI,
            era,
            attrs=attrs,
            ip=(
                structure.before(first)
                if first is not None
                else structure.at_end(block)
            ),
            loc=structure.location(cfg),
        )
    _drop_repeated_load_pdi(device)
    for cfg in configures:
        for o in structure.block_ops(structure.first_block(cfg)):
            structure.move_before(o, cfg)
        structure.erase(cfg)
    _hoist_constants(device)


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
        blocks = structure.blocks(seq)
        if not blocks:
            continue  # an empty sequence runs nothing
        block = blocks[0]
        before = len(structure.block_arguments(block))
        for op in structure.walk(seq, ["aiex.run"]):
            callee = graph.run_of(op).callee
            params = structure.seq_args(callee)
            try:
                n = forms.tagged_trace_arg(callee)
            except forms.TaggedFormError as e:
                raise MaterializeError(e.message, e.op) from None
            missing = (
                1 if n is not None and n == len(params) - 1 else 0
            ) or threaded.get(structure.op_id(callee), 0)
            if not missing or structure.num_operands(op) != len(params) - missing:
                continue  # untraced, already passed, or not trailing: left to the checks
            loc = structure.location(op)
            args = [
                structure.add_block_argument(
                    block, structure.value_type(params[i]), loc
                )
                for i in range(len(params) - missing, len(params))
            ]
            run = aieops.Run(op, era)
            run.with_args(run.args + args)
            structure.erase(op)
            count += 1
        after = len(structure.block_arguments(block))
        if after > before:
            threaded[structure.op_id(seq)] = after - before
    return count


def _acyclic(graph: cg.RunGraph) -> bool:
    try:
        graph.bottom_up()
    except cg.GraphError:
        return False
    return True


def materialize(module: Any, era: str) -> None:
    """Conform, check, then materialize device by device in module order, as mlir-aie's pass
    does. Raises :class:`MaterializeError` (the module may have changed: the pass runner puts it
    back)."""
    graph = cg.RunGraph(module)
    if not graph.errors and _acyclic(graph):
        conform(
            module, era
        )  # before the operand checks: it completes what they would refuse
        graph = cg.RunGraph(module)
    for device in structure.devices(module):
        verify_device(device)
    if (
        graph.errors
    ):  # what upstream's checks do not cover (a run outside its configure, ...)
        op, message = graph.errors[0]
        raise MaterializeError(message, op)
    for device in structure.devices(module):
        materialize_device(graph, device, era)
