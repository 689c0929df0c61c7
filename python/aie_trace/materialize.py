"""What ``-aie-materialize-runtime-sequences`` does, without mlir-aie (tests and the emulator).

mlir-aie's pass inlines every ``aiex.run``, leaf callees first: the callee's body is cloned in
place of the run with its block arguments mapped positionally to the run's operands (SSA operands
are remapped; **attributes are copied verbatim**), an ``aiex.npu.load_pdi {device_ref = @dev}`` is
inserted at the start of each top-level ``aiex.configure``, the configure bodies are hoisted into
the sequence and the configure ops erased. Callee sequences stay in the module. With mlir-aie
installed, run the real ``aie-materialize-runtime-sequences`` in the same place of the pipeline.
"""

from __future__ import annotations

from typing import Any

from . import aieir, callgraph as cg
from .aieir import ir


class MaterializeError(Exception):
    def __init__(self, op: Any, message: str):
        super().__init__(message)
        self.op = op
        self.message = message


def clone_body(block: Any, mapping: dict[Any, Any], ip: Any) -> None:
    """Clone every op of ``block`` at ``ip``; operands found in ``mapping`` (old value -> new
    value) are replaced, and each clone's results join the mapping."""
    for o in block.operations:
        old = o.operation
        new = old.clone(ip=ip)
        for nested in aieir.walk(new):
            for i, v in enumerate(nested.operands):
                repl = mapping.get(v)
                if repl is not None:
                    nested.operands[i] = repl
        for a, b in zip(old.results, new.results):
            mapping[a] = b


def inline_run(run: cg.Run) -> None:
    """Replace ``run`` by a clone of its callee's body."""
    callee, op = run.callee, run.op
    params = aieir.seq_args(callee)
    operands = list(op.operands)
    if len(operands) != len(params) or any(a.type != v.type for a, v in zip(params, operands)):
        raise MaterializeError(op, f"'aiex.run' operands ({', '.join(str(v.type) for v in operands)}) do not match "
                                   f"the parameters of {cg.seq_label(callee)} "
                                   f"({', '.join(str(a.type) for a in params)})")
    for block in callee.regions[0].blocks:  # none for an empty body `{}`
        clone_body(block, dict(zip(params, operands)), ir.InsertionPoint(op))
    op.erase()


def materialize_sequence(graph: cg.RunGraph, seq: Any, era: str) -> None:
    for cfg in aieir.walk(seq, ["aiex.configure"]):
        aieir.create("aiex.npu.load_pdi", era, attrs={"device_ref": cfg.attributes["symbol"]},
                     ip=ir.InsertionPoint(cfg), loc=cfg.location)
        for op in aieir.walk(cfg, ["aiex.run"]):
            inline_run(graph.run_of(op))
        for blk in cfg.regions[0].blocks:  # none for an empty configure `{}`
            for o in list(blk.operations):
                o.operation.move_before(cfg)
        cfg.erase()


def materialize(module: Any, era: str) -> None:
    """Inline every run of every sequence, leaf callees first."""
    graph = cg.RunGraph(module)
    if graph.errors:
        raise MaterializeError(*graph.errors[0])
    try:
        order = graph.bottom_up()
    except cg.GraphError as e:
        raise MaterializeError(e.op, e.message) from None
    for seq in order:
        materialize_sequence(graph, seq, era)
