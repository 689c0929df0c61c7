# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The ``aiex.run`` call graph of a module, and a walker that inlines it verbatim.

:class:`RunGraph` resolves every ``aiex.run`` (the callee is the ``aie.runtime_sequence`` named by
the run inside the ``aie.device`` named by its enclosing ``aiex.configure``), numbers runs by their
*ordinal* (index among the runs of their sequence in pre-order walk order, the unit of call paths),
records the ``scf.for`` loops around each run, and reports unresolvable callees and cycles as
located errors. :meth:`RunGraph.bottom_up` orders sequences callees first.

:func:`inline_walk` executes the graph the way ``-aie-materialize-runtime-sequences`` lays it out:
from a dispatched sequence it yields every op reached, in program order, each with the
:class:`Frame` of the call it belongs to. Calls are entered where their ``aiex.run`` is (the run
itself is yielded first); ``scf.for`` loops with constant bounds are expanded iteration by
iteration. A frame maps the current sequence's block arguments to what verbatim inlining binds
them to: memrefs to a :class:`BufferRef` (block argument of the dispatched sequence + byte offset),
scalars to their integer value when it is known. SSA operands are thus remapped, while attributes
are read as written (verbatim), exactly as after inlining.

View chains (``memref.subview`` / ``memref.view`` / ``memref.cast`` / ``memref.reinterpret_cast``)
are followed by the one rule, mlir-aie's ``traceSubviewToBlockArgument``
(:func:`aie_trace.ir.views.trace_to_block_argument`), given the frame's bindings as its ``fold``
hook: a subview offset or view shift that is a scalar of the call or a loop induction variable
counts as the constant that inlining and unrolling make it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from ..ir import aieops, attributes, structure, views
from ..ir.diagnostics import LocatedError


class GraphError(LocatedError):
    """A structural problem located at ``op``: unresolvable callee, cycle, unsupported loop."""


@dataclass(frozen=True, eq=False)
class Run:
    """One ``aiex.run`` call site, as the graph read it (frozen: a rewriter that changes the run
    records the change itself, see :class:`RunGraph`)."""

    op: Any
    caller: Any
    ordinal: int
    device: str
    callee_name: str
    callee: Any | None
    loops: tuple[Any, ...] = ()  # enclosing scf.for ops, outermost first


def seq_label(seq: Any) -> str:
    device, name = structure.kernel_name(seq)
    return f"@{device}:@{name}"


class RunGraph:
    """Sequences, their runs and callers. ``errors`` lists (op, message) for unresolvable runs.

    Immutable once built: a snapshot of the module as it was read (its records are frozen, its
    collections tuples and read-only mappings, and assigning an attribute raises). It names ops by
    :func:`structure.op_id`, which is valid while the ops it read exist: after a rewrite that erases
    ops, build a new graph. A rewriter does not update the graph; it reports what it changed
    (the fuse engine's :class:`~aie_trace.transforms.records.Changes`). The one table filled after
    the build, :meth:`followed_nodes`, is a memo of a function of the frozen op tree.
    """

    sequences: tuple[Any, ...]
    by_symbol: Mapping[tuple[str, str], Any]
    errors: tuple[tuple[Any, str], ...]
    device_names: frozenset[str]

    def __init__(self, module: Any):
        sequences: list[Any] = []
        by_symbol: dict[tuple[str, str], Any] = {}
        self._device: dict[int, str] = {}
        self._runs: dict[int, tuple[Run, ...]] = {}
        callers: dict[int, list[Run]] = {}
        self._run_of: dict[int, Run] = {}
        self._nodes: dict[int, Sequence[_Node]] = {}
        self._followed: dict[tuple[int, frozenset[str] | None], Sequence[_Node]] = {}
        self._device_nodes: dict[str, _Node] = {}
        errors: list[tuple[Any, str]] = []
        device_names: set[str] = set()
        module = structure.operation(module)
        self._module = _Node(
            module,
            module.name,
            tuple(
                _nodes(b)
                for r in structure.regions(module)
                for b in structure.region_blocks(r)
            ),
        )
        bodies: list[tuple[Any, int]] = []
        for dev in _body(self._module, "aie.device"):
            dname = structure.device_name(dev.op)
            device_names.add(dname)
            self._device_nodes[dname] = dev
            for seq in _body(dev, "aie.runtime_sequence"):
                sequences.append(seq.op)
                by_symbol[(dname, structure.sequence_name(seq.op))] = seq.op
                key = structure.op_id(seq.op)
                self._device[key] = dname
                callers[key] = []
                self._nodes[key] = tuple(n for b in seq.children for n in b)
                bodies.append((seq.op, key))
        for seq, key in bodies:
            self._runs[key] = tuple(
                self._resolve(seq, k, *found, by_symbol, device_names, callers, errors)
                for k, found in enumerate(
                    _find_runs(self._nodes[key], "aie.runtime_sequence", None, ())
                )
            )
        self._callers = {k: tuple(v) for k, v in callers.items()}
        self.sequences = tuple(sequences)
        self.by_symbol = MappingProxyType(by_symbol)
        self.errors = tuple(errors)
        self.device_names = frozenset(device_names)
        self._built = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_built", False):
            raise AttributeError(
                f"a RunGraph is immutable once built (set {name!r}): build a new graph of "
                "the changed module"
            )
        object.__setattr__(self, name, value)

    def _resolve(
        self,
        seq: Any,
        ordinal: int,
        op: Any,
        parent: str,
        cfg: Any,
        loops: tuple[Any, ...],
        by_symbol: dict[tuple[str, str], Any],
        device_names: set[str],
        callers: dict[int, list[Run]],
        errors: list[tuple[Any, str]],
    ) -> Run:
        callee_name = aieops.Run(op).callee_name or ""
        device = (aieops.Configure(cfg).device_name if cfg is not None else None) or ""
        callee = by_symbol.get((device, callee_name))
        run = Run(op, seq, ordinal, device, callee_name, callee, loops)
        if cfg is not None and parent != "aiex.configure":
            hint = "; put the loop around the configure" if parent == "scf.for" else ""
            errors.append(
                (
                    op,
                    f"'aiex.run' is inside '{parent}', not directly inside its "
                    f"'aiex.configure' (mlir-aie requires the configure as its parent){hint}",
                )
            )
        if callee is None:
            if cfg is None:
                msg = "'aiex.run' is not inside an 'aiex.configure', so it names no device"
            elif device not in device_names:
                msg = f"cannot resolve callee: no aie.device @{device} (named by the enclosing aiex.configure)"
            else:
                known = sorted(n for d, n in by_symbol if d == device)
                msg = (
                    f"cannot resolve callee: aie.device @{device} has no aie.runtime_sequence "
                    f"@{callee_name} (it has: {', '.join('@' + k for k in known) or 'none'})"
                )
            errors.append((op, msg))
        else:
            callers[structure.op_id(callee)].append(run)
        self._run_of[structure.op_id(op)] = run
        return run

    # -- queries ---------------------------------------------------------------------------------
    def device_of(self, seq: Any) -> str:
        return self._device[structure.op_id(seq)]

    def runs(self, seq: Any) -> tuple[Run, ...]:
        """The runs of ``seq`` by ordinal."""
        return self._runs[structure.op_id(seq)]

    def callers(self, seq: Any) -> tuple[Run, ...]:
        return self._callers.get(structure.op_id(seq), ())

    def run_of(self, op: Any) -> Run:
        return self._run_of[structure.op_id(op)]

    def body_nodes(self, seq: Any) -> Sequence[_Node]:
        """The ops of ``seq``'s body as a tree, as the graph read them."""
        return self._nodes[structure.op_id(seq)]

    def followed_nodes(self, seq: Any, names: frozenset[str] | None) -> Sequence[_Node]:
        """``seq``'s body with only the ops :func:`inline_walk` visits for ``names``: those named,
        runs, loops, and ops whose regions hold any of them."""
        key = (structure.op_id(seq), names)
        if key not in self._followed:
            self._followed[key] = _prune(self.body_nodes(seq), names)
        return self._followed[key]

    def ops(self) -> Iterator[tuple[str, Any]]:
        """Every operation of the module as the graph read it, ``(name, operation)`` in pre-order
        (the module included), for :func:`eras.era_of_ops`."""
        return _preorder([self._module])

    def device_ops(self, device: str, names: Any) -> list[Any]:
        """The ops named in ``names`` inside ``aie.device`` @``device``, in pre-order."""
        dev = self._device_nodes.get(device)
        return (
            [op for b in dev.children for name, op in _preorder(b) if name in names]
            if dev
            else []
        )

    def name(self, seq: Any) -> str:
        return structure.sequence_name(seq)

    def bottom_up(self) -> list[Any]:
        """All sequences, every callee before its callers. Raises :class:`GraphError` at the run
        that closes a cycle."""
        order: list[Any] = []
        state: dict[int, int] = {}  # 1 = on the stack, 2 = done

        def visit(seq: Any, stack: list[Run]) -> None:
            state[structure.op_id(seq)] = 1
            for run in self.runs(seq):
                if run.callee is None:
                    continue
                if state.get(structure.op_id(run.callee)) == 1:
                    chain = stack + [run]
                    start = next(
                        i for i, r in enumerate(chain) if r.caller == run.callee
                    )
                    names = [seq_label(r.caller) for r in chain[start:]] + [
                        seq_label(run.callee)
                    ]
                    raise GraphError(
                        "aiex.run calls form a cycle: "
                        + " -> ".join(names)
                        + "; a runtime sequence cannot run itself, directly or through others",
                        run.op,
                    )
                if state.get(structure.op_id(run.callee)) is None:
                    visit(run.callee, stack + [run])
            state[structure.op_id(seq)] = 2
            order.append(seq)

        for seq in self.sequences:
            if structure.op_id(seq) not in state:
                visit(seq, [])
        return order


# ------------------------------------------------------------------------------------------------
# SSA evaluation


#: whether an SSA value is of memref type (:func:`attributes.is_memref`)
is_memref = attributes.is_memref


@dataclass(frozen=True, eq=False)
class IterSym:
    """The iteration index (0, 1, ...) of one ``scf.for`` on one call path, as a symbol."""

    order: int
    loop: Any
    path: str


@dataclass(frozen=True)
class Affine:
    """``const + sum(coeff * symbol)``: an offset that depends on loop iterations."""

    const: int
    terms: tuple[tuple[IterSym, int], ...] = ()

    @staticmethod
    def of(v: int | Affine) -> Affine:
        return v if isinstance(v, Affine) else Affine(v)

    def _norm(self, terms: dict[IterSym, int]) -> tuple[tuple[IterSym, int], ...]:
        return tuple(
            sorted(((s, c) for s, c in terms.items() if c), key=lambda t: t[0].order)
        )

    def __add__(self, other: int | Affine) -> int | Affine:
        o = Affine.of(other)
        terms = dict(self.terms)
        for s, c in o.terms:
            terms[s] = terms.get(s, 0) + c
        return Affine(self.const + o.const, self._norm(terms)).simplify()

    __radd__ = __add__

    def __neg__(self) -> Affine:
        return Affine(-self.const, tuple((s, -c) for s, c in self.terms))

    def __sub__(self, other: int | Affine) -> int | Affine:
        return self + (-Affine.of(other))

    def __rsub__(self, other: int) -> int | Affine:
        return (-self) + other

    def __mul__(self, other: int | Affine) -> int | Affine:
        if isinstance(other, Affine):
            if other.terms:
                raise TypeError("a product of two loop-dependent values is not affine")
            other = other.const
        return Affine(
            self.const * other, self._norm({s: c * other for s, c in self.terms})
        ).simplify()

    __rmul__ = __mul__

    def __floordiv__(self, other: int | Affine) -> int | Affine:
        d = other.const if isinstance(other, Affine) and not other.terms else other
        if (
            not isinstance(d, int)
            or d == 0
            or self.const % d
            or any(c % d for _, c in self.terms)
        ):
            raise TypeError("inexact division of a loop-dependent value")
        return Affine(
            self.const // d, tuple((s, c // d) for s, c in self.terms)
        ).simplify()

    def simplify(self) -> int | Affine:
        return self.const if not self.terms else self

    def symbols(self) -> list[IterSym]:
        return [s for s, _ in self.terms]


def symbols_of(v: Any) -> list[IterSym]:
    return v.symbols() if isinstance(v, Affine) else []


_AFFINE: dict[str, Callable[[Any, Any], Any]] = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.divui": lambda a, b: a // b,
    "arith.divsi": lambda a, b: a // b,
}
_DIVISIONS = ("arith.divui", "arith.divsi", "arith.remui", "arith.remsi")
_CASTS = (
    "arith.index_cast",
    "arith.index_castui",
    "arith.extui",
    "arith.extsi",
    "arith.trunci",
)
_ZERO_EXTENDING = ("arith.extui", "arith.index_castui")
INDEX_WIDTH = 64  # what MLIR's arith folders compute index values in


def int_width(t: Any) -> int | None:
    """The bit width an integer or index value is folded in (None: not an integer type)."""
    width = attributes.integer_width(t)
    if width is not None:
        return width
    return INDEX_WIDTH if attributes.is_index_type(t) else None


def _signed(v: int, width: int) -> int:
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v


def fold_binary(name: str, a: int, b: int, width: int) -> int | None:
    """``name`` (an arith integer op) of ``a`` and ``b`` as ``iwidth`` values, as MLIR's arith folders
    compute it: wrapped to the width; ``*si`` ops on the signed and ``*ui`` ops on the unsigned
    reading of the bits; truncating division. None where MLIR does not fold (division by zero,
    signed division overflow). Results are read signed, as a signless constant is."""
    mask = (1 << width) - 1
    ua, ub = a & mask, b & mask
    sa, sb = _signed(a, width), _signed(b, width)
    if name == "arith.addi":
        r = ua + ub
    elif name == "arith.subi":
        r = ua - ub
    elif name == "arith.muli":
        r = ua * ub
    elif name in ("arith.divui", "arith.remui"):
        if ub == 0:
            return None
        r = ua // ub if name == "arith.divui" else ua % ub
    elif name in ("arith.divsi", "arith.remsi"):
        if sb == 0 or (
            name == "arith.divsi" and sa == -(1 << (width - 1)) and sb == -1
        ):
            return None
        q = abs(sa) // abs(sb)
        q = q if (sa < 0) == (sb < 0) else -q  # toward zero
        r = q if name == "arith.divsi" else sa - sb * q
    else:
        return None
    return _signed(r, width)


def eval_int(value: Any, leaf: Callable[[Any], Any]) -> Any:
    """Fold an integer/index SSA value: constants and simple arith ops, in the value's bit width and
    each op's signedness (:func:`fold_binary`); ``leaf`` answers for block arguments (sequence
    scalars, loop induction variables). Values are ints, or :class:`Affine` when a leaf is symbolic
    (then only ``addi``/``subi``/``muli`` and exact divisions fold); None when unknown.
    """
    op = structure.defining_op(value)
    if op is None:
        return leaf(value)
    name = op.name
    if name == "arith.constant":
        return attributes.int_attr_value(structure.attr_or_none(op, "value"))
    if name in _AFFINE or name in _DIVISIONS:
        a, b = (eval_int(v, leaf) for v in structure.operands(op))
        if a is None or b is None:
            return None
        if isinstance(a, int) and isinstance(b, int):
            width = int_width(structure.value_type(value))
            return fold_binary(name, a, b, width) if width else None
        if name not in _AFFINE or (name in _DIVISIONS and b == 0):
            return None
        try:
            return _AFFINE[name](a, b)
        except TypeError:  # not expressible as an Affine
            return None
    if name in _CASTS:
        source = structure.operand(op, 0)
        v = eval_int(source, leaf)
        if not isinstance(v, int):
            return v
        src = int_width(structure.value_type(source))
        dst = int_width(structure.value_type(value))
        if src is None or dst is None:
            return None
        v = v & ((1 << src) - 1) if name in _ZERO_EXTENDING else _signed(v, src)
        return _signed(v, dst)
    return None


# ------------------------------------------------------------------------------------------------
# frames and the inlining walker


@dataclass(frozen=True)
class BufferRef:
    """A byte offset into a block argument (host buffer) of the dispatched sequence."""

    arg: int
    offset: int


MISSING = object()  #: a parameter the run does not pass


@dataclass(eq=False)
class Frame:
    """The call an op belongs to during :func:`inline_walk`.

    ``args[i]`` is what the current sequence's block argument ``i`` is bound to: a
    :class:`BufferRef` (memrefs), an int (known scalars), None (unknown: a runtime scalar, or a
    value that does not resolve) or :data:`MISSING` (the run passes no such operand). The frame is
    mutated while a loop runs (``iterations``, ``env``): read it when the op is yielded.
    """

    root: Any
    sequence: Any
    path: str
    args: list[Any]
    run: Run | None = None
    parent: Frame | None = None
    env: dict[Any, Any] = field(default_factory=dict)  # loop ivs -> int or Affine
    iterations: dict[int, int] = field(
        default_factory=dict
    )  # structure.op_id(scf.for) -> iteration
    views: dict[Any, Any] = field(
        default_factory=dict
    )  # static view chains, shared by the frames of a walk

    @classmethod
    def for_root(cls, root: Any) -> Frame:
        args = [
            BufferRef(i, 0) if is_memref(a) else None
            for i, a in enumerate(structure.seq_args(root))
        ]
        return cls(root, root, "", args)

    def _leaf(self, arg: Any) -> int | None:
        if arg in self.env:
            return self.env[arg]
        if structure.argument_owner(arg) == self.sequence:
            v = self.args[structure.argument_number(arg)]
            return v if isinstance(v, (int, Affine)) else None
        return None

    def int(self, value: Any) -> int | None:
        """The integer an SSA value holds in this call, if it is known statically."""
        return eval_int(value, self._leaf)

    def buffer(self, value: Any) -> BufferRef | None:
        """Where a memref SSA value of this call points into the dispatched sequence's buffers."""
        r = self.views.get(value)
        if r is None:
            dynamic: list[Any] = []
            r = views.trace_to_block_argument(
                value, lambda v: dynamic.append(v) or self.int(v)
            )
            if not dynamic:  # the chain does not depend on the call: remember it
                self.views[value] = r
        if r is None:
            return None
        arg, offset = r
        if structure.argument_owner(arg) != self.sequence:
            return None
        bound = self.args[structure.argument_number(arg)]
        return (
            BufferRef(bound.arg, bound.offset + offset)
            if isinstance(bound, BufferRef)
            else None
        )

    def run_path(self, run: Run) -> str:
        its = [self.iterations.get(structure.op_id(lp)) for lp in run.loops]
        step = str(run.ordinal) + "".join(f"[{i}]" for i in its if i is not None)
        return step if not self.path else f"{self.path}/{step}"

    def enter(self, run: Run, callee: Any = None) -> Frame:
        """The frame of the call ``run`` makes (of ``callee``, when given, instead of the run's
        resolved callee: a sequence with the same parameters)."""
        callee = run.callee if callee is None else callee
        operands = structure.operands(run.op)
        params = structure.seq_args(callee)
        args = [
            self.bound(operands[j]) if j < len(operands) else MISSING
            for j in range(len(params))
        ]
        return Frame(
            self.root, callee, self.run_path(run), args, run, self, views=self.views
        )

    def bound(self, operand: Any) -> Any:
        """What a call made in this frame binds a parameter to when it passes ``operand`` (an entry
        of ``args`` of the call's frame)."""
        return self.buffer(operand) if is_memref(operand) else self.int(operand)


def loop_bounds(loop: Any, frame: Frame) -> range | None:
    lb, ub, step = (frame.int(v) for v in structure.operands(loop)[:3])
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return range(lb, ub, step)


class _Node(NamedTuple):
    """An op of a sequence body as the walker visits it (read from the IR once per graph)."""

    op: Any
    name: str
    children: Sequence[Sequence[_Node]]  # the ops of each block of all its regions


def _nodes(block: Any) -> Sequence[_Node]:
    """The ops of ``block`` as a tree of :class:`_Node`."""
    return structure.op_tree(block, _Node)


def _body(node: _Node, name: str) -> Sequence[_Node]:
    """The ops named ``name`` in the first block of ``node`` (as :func:`structure.body` reads it)."""
    return [n for n in node.children[0] if n.name == name] if node.children else []


def _preorder(nodes: Sequence[_Node]) -> Iterator[tuple[str, Any]]:
    stack = [iter(nodes)]
    while stack:
        for n in stack[-1]:
            yield n.name, n.op
            if n.children:
                stack.extend(iter(b) for b in reversed(n.children))
                break
        else:
            stack.pop()


def _find_runs(
    nodes: Sequence[_Node], parent: str, cfg: Any, loops: tuple[Any, ...]
) -> Iterator[tuple[Any, str, Any, tuple[Any, ...]]]:
    """Every ``aiex.run`` under ``nodes`` in pre-order, with its parent's name, its nearest
    enclosing ``aiex.configure`` and its enclosing ``scf.for`` loops (outermost first).
    """
    for n in nodes:
        if n.name == "aiex.run":
            yield n.op, parent, cfg, loops
        for b in n.children:
            yield from _find_runs(
                b,
                n.name,
                n.op if n.name == "aiex.configure" else cfg,
                loops + (n.op,) if n.name == "scf.for" else loops,
            )


def _prune(nodes: Sequence[_Node], names: frozenset[str] | None) -> Sequence[_Node]:
    if names is None:
        return nodes
    out = []
    for n in nodes:
        if not n.children:
            if n.name in names or n.name in _WALKED:
                out.append(n)
            continue
        children = [_prune(b, names) for b in n.children]
        if n.name in names or n.name in _WALKED or any(children):
            out.append(_Node(n.op, n.name, tuple(children)))
    return tuple(out)


_WALKED = ("aiex.run", "scf.for")  # what inline_walk follows whatever it is asked for


def inline_walk(
    graph: RunGraph, root: Any, names: Any = None
) -> Iterator[tuple[Any, Frame]]:
    """Every op reached from ``root`` through verbatim inlining, in program order, with its frame
    (only ops named in ``names``, when given; calls and loops are followed either way).

    Raises :class:`GraphError` for an unresolvable callee, a cycle, or an ``scf.for`` whose bounds
    are not constant (the walker expands loops). The graph caches each sequence's ops: build a new
    graph after changing the IR."""
    wanted = frozenset(names) if names is not None else None
    yield from _walk_nodes(
        graph, graph.followed_nodes(root, wanted), Frame.for_root(root), [root], wanted
    )


def _walk_nodes(
    graph: RunGraph,
    nodes: list[_Node],
    frame: Frame,
    stack: list[Any],
    wanted: frozenset[str] | None,
) -> Iterator[tuple[Any, Frame]]:
    for node in nodes:
        op = node.op
        if wanted is None or node.name in wanted:
            yield op, frame
        if node.name == "aiex.run":
            run = graph.run_of(op)
            inner = enter_run(run, frame, stack)
            yield from _walk_nodes(
                graph,
                graph.followed_nodes(run.callee, wanted),
                inner,
                stack + [run.callee],
                wanted,
            )
        elif node.name == "scf.for":
            for _ in iterate(op, frame):
                yield from _walk_nodes(graph, node.children[0], frame, stack, wanted)
        else:
            for b in node.children:
                yield from _walk_nodes(graph, b, frame, stack, wanted)


def enter_run(run: Run, frame: Frame, stack: list[Any]) -> Frame:
    """The frame of the call ``run`` makes from ``frame``, while the sequences in ``stack`` run.
    Raises :class:`GraphError` for an unresolvable callee or a cycle."""
    if run.callee is None:
        raise GraphError(
            f"cannot resolve callee @{run.callee_name} in @{run.device}", run.op
        )
    if run.callee in stack:
        raise GraphError(
            f"aiex.run calls form a cycle through {seq_label(run.callee)}", run.op
        )
    return frame.enter(run)


def iterate(loop: Any, frame: Frame) -> Iterator[int]:
    """Run an ``scf.for`` in ``frame``: its induction variable and iteration are bound in the
    frame while each iteration (yielded) runs. Raises :class:`GraphError` when its bounds are not
    constant."""
    bounds = loop_bounds(loop, frame)
    if bounds is None:
        raise GraphError(
            "scf.for bounds are not constant; the trace passes follow loops "
            "with a static trip count only",
            loop,
        )
    iv, key = structure.induction_variable(loop), structure.op_id(loop)
    for i, v in enumerate(bounds):
        frame.env[iv], frame.iterations[key] = v, i
        yield i
    frame.env.pop(iv, None)
    frame.iterations.pop(key, None)


def run_type_mismatches(graph: RunGraph) -> list[tuple[Any, str]]:
    """The runs whose operands differ in type from their callee's parameters (over the shorter
    of the two: a run may be one short of the appended trace buffer, the business of the passes
    that thread it), one ``(run, message)`` each: what ``verifyRunOpsInConfigureOp`` refuses when
    materialize runs. (mlir-aie moved this check out of ``aiex.run``'s verifier: a module with such
    a run parses and verifies, so check-ir does not report it.)"""
    out = []
    for seq in graph.sequences:
        for op in structure.walk(seq, [aieops.Run.NAME]):
            try:
                callee = graph.run_of(op).callee
            except KeyError:  # a run outside a configure
                continue
            if callee is None:
                continue
            mismatch = structure.first_type_mismatch(
                structure.seq_args(callee), structure.operands(op)
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
