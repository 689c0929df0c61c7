# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Operations, values, blocks and regions of any dialect, and the aie/aiex structure on top.

Every module outside the IR layer reaches operations, values, blocks and regions through these
functions, so a difference between binding versions is handled here once: an op's identity
(``op_id``), walking, symbols, devices and runtime sequences and their host buffers, operands and
results, cloning and moving ops, parsing a module (generic or, without mlir-aie, custom form).
Also re-exported: the provider's ``ir``, ``arith`` and ``make_context``.
"""

from __future__ import annotations

import ctypes
import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import customform
from .diagnostics import LocatedError, unescape_string

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import AIE_REGISTERED
from .provider import arith as arith
from .provider import ir as ir
from .provider import make_context as make_context

# ------------------------------------------------------------------------------------------------
# small generic helpers

_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype, _capsule_pointer.argtypes = ctypes.c_void_p, [
    ctypes.py_object,
    ctypes.c_char_p,
]
_capsule_name = ctypes.pythonapi.PyCapsule_GetName
_capsule_name.restype, _capsule_name.argtypes = ctypes.c_char_p, [ctypes.py_object]


def op_id(op: Any) -> int:
    """The identity of an operation, usable as a dict key: the address of the C++ op. It is the
    same for every Python object that stands for the op, and it stays valid while the op exists;
    once the op is erased a later op may reuse it, so a table keyed by it must not outlive the ops
    it names (keep such tables to one pass run over ops it does not erase, or drop the entry of an
    op before erasing it). (The bindings' ``__hash__`` of an operation changes when its attributes
    change, and Python's ``id`` names the wrapper object, not the op.)
    """
    capsule = getattr(op, "operation", op)._CAPIPtr
    name_ = _OP_CAPSULE_NAME[0]
    if (
        name_ is None
    ):  # every operation capsule of a provider has one name: read it once
        name_ = _OP_CAPSULE_NAME[0] = _capsule_name(capsule)
    return _capsule_pointer(capsule, name_)


#: the name of an operation's ``_CAPIPtr`` capsule, once read
_OP_CAPSULE_NAME: list[bytes | None] = [None]


def isa(cls: Any, x: Any) -> bool:
    """``isinstance`` for MLIR attributes/types across binding versions (newer bindings downcast
    automatically; older ones offer ``cls.isinstance``)."""
    if isinstance(x, cls):
        return True
    static = getattr(cls, "static_typeid", None)
    if static is not None and hasattr(x, "typeid"):
        try:
            return x.typeid == static
        except Exception:
            return False
    legacy = getattr(cls, "isinstance", None)
    return bool(legacy(x)) if callable(legacy) else False


def attr_or_none(op: Any, name: str) -> Any:
    """An inherent or discardable attribute by name, or None. (Properties of unregistered ops are
    found by name although iteration does not list them.)"""
    attrs = op.attributes  # (an op view has them too)
    return (
        attrs[name] if name in attrs else None
    )  # (a failed lookup raising costs 15x more)


def walk(op: Any, names: Iterable[str] | None = None) -> list[Any]:
    """All operations nested in ``op`` (pre-order, op itself included) whose name is in ``names``."""
    wanted = set(names) if names is not None else None
    out: list[Any] = []

    def visit(o):
        if wanted is None or o.name in wanted:
            out.append(o.operation)
        return ir.WalkResult.ADVANCE

    getattr(op, "operation", op).walk(visit, ir.WalkOrder.PRE_ORDER)
    return out


def body(op: Any) -> Any:
    """The single block of a one-region op."""
    return getattr(op, "operation", op).regions[0].blocks[0]


def parent_named(op: Any, name: str) -> Any:
    p = getattr(op, "operation", op).parent
    while p is not None and p.name != name:
        p = p.parent
    return p


def symbol_name(op: Any) -> str | None:
    """The ``sym_name`` of ``op`` as its ``StringAttr`` holds it (any characters), or None."""
    a = attr_or_none(op, "sym_name")
    if a is None:
        return None
    if isinstance(a, ir.StringAttr):
        return a.value
    try:
        return ir.StringAttr(a).value
    except ValueError:  # unregistered ops hold whatever the text says
        raise LocatedError(
            f"'sym_name' must be a string attribute, got {a}", op
        ) from None


def symref_name(attr: Any) -> str:
    """``@a`` -> ``"a"``, ``@"café"`` -> ``"café"``: the referenced symbol as the attribute holds it
    (nested references give their leaf)."""
    if isinstance(attr, ir.FlatSymbolRefAttr):  # newer bindings downcast: the fast path
        return attr.value
    if isa(ir.FlatSymbolRefAttr, attr):
        return ir.FlatSymbolRefAttr(attr).value
    nested = getattr(ir, "SymbolRefAttr", None)
    if nested is not None and isa(nested, attr):
        return list(nested(attr).value)[-1]
    # bindings without SymbolRefAttr: the leaf as printed, unescaped
    leaf = str(attr).rsplit("::", 1)[-1].lstrip("@")
    return unescape_string(leaf[1:-1]) if leaf.startswith('"') else leaf


#: what an ``aie.device`` / ``aie.runtime_sequence`` without ``sym_name`` is called (mlir-aie's
#: default names)
DEFAULT_DEVICE_NAME = "main"
DEFAULT_SEQUENCE_NAME = "sequence"


def device_name(device: Any) -> str:
    """The name of an ``aie.device`` (mlir-aie's default when it has no ``sym_name``)."""
    name = symbol_name(device) if device is not None else None
    return DEFAULT_DEVICE_NAME if name is None else name


def sequence_name(seq: Any) -> str:
    """The name of an ``aie.runtime_sequence`` (mlir-aie's default when it has no ``sym_name``)."""
    name = symbol_name(seq)
    return DEFAULT_SEQUENCE_NAME if name is None else name


def device_of(seq: Any) -> Any:
    """The ``aie.device`` an op is nested in, or None."""
    return parent_named(seq, "aie.device")


def kernel_name(seq: Any) -> tuple[str, str]:
    """(device name, sequence name) of a runtime sequence."""
    return device_name(device_of(seq)), sequence_name(seq)


# ------------------------------------------------------------------------------------------------
# structure


def devices(module: Any) -> list[Any]:
    return [o.operation for o in body(module).operations if o.name == "aie.device"]


def sequences(device: Any) -> list[Any]:
    return [
        o.operation for o in body(device).operations if o.name == "aie.runtime_sequence"
    ]


def kernel_names(module: Any) -> list[tuple[str, str]]:
    """(device name, sequence name) of every runtime sequence of ``module``, in module order."""
    return [
        (device_name(d), sequence_name(s))
        for d in devices(module)
        for s in sequences(d)
    ]


def seq_args(seq: Any) -> list[Any]:
    blocks = getattr(seq, "operation", seq).regions[0].blocks
    return (
        list(blocks[0].arguments) if len(blocks) else []
    )  # `{}` parses to a region with no block


def is_host_buffer_type(t: Any) -> bool:
    """A ranked or unranked memref type (MLIR's ``BaseMemRefType``): what the host passes as a
    buffer, as mlir-aie's ``getHostBufferArgIndex`` (``lib/Dialect/AIEX/Utils/AIEUtils.cpp`` at
    c16ae7de) counts arguments; scalars travel in the instruction stream."""
    return isa(ir.MemRefType, t) or isa(ir.UnrankedMemRefType, t)


def host_buffer_index(seq: Any, block_index: int) -> int | None:
    """Host-buffer index (:func:`is_host_buffer_type` arguments only) of block argument
    ``block_index``, as mlir-aie's ``getHostBufferArgIndex`` counts it; None for a scalar
    argument. The one such count: resolve, fuse, verify and the emulator read it here.
    """
    args = seq_args(seq)
    if not is_host_buffer_type(args[block_index].type):
        return None
    return sum(is_host_buffer_type(a.type) for a in args[:block_index])


def block_index_of_host_buffer(seq: Any, host_index: int) -> int | None:
    """The block index of host buffer ``host_index`` (see :func:`host_buffer_index`)."""
    k = -1
    for i, a in enumerate(seq_args(seq)):
        if is_host_buffer_type(a.type):
            k += 1
            if k == host_index:
                return i
    return None


#: bit widths of the float types by their spelling, for bindings whose FloatType has no ``width``
_FLOAT_BITS = {
    "bf16": 16,
    "f16": 16,
    "tf32": 19,
    "f32": 32,
    "f64": 64,
    "f80": 80,
    "f128": 128,
}


def element_bits(t: Any) -> int | None:
    """The bit width of a scalar type (integers of any width, ``index`` as 64 bits, floats); None
    for anything else."""
    if isa(ir.IntegerType, t):
        return ir.IntegerType(t).width
    if isa(ir.IndexType, t):
        return 64
    float_type = getattr(ir, "FloatType", None)
    if float_type is not None and isa(float_type, t):
        width = getattr(float_type(t), "width", None)
        if width is not None:
            return int(width)
    text = str(t)
    return _FLOAT_BITS.get(text) or (
        8 if text.startswith("f8") else 4 if text.startswith("f4") else None
    )


def element_bytes(t: Any) -> int | None:
    """Bytes one element of scalar type ``t`` takes in a buffer; None when ``t`` is not a scalar.

    The rule is mlir-aie's (``BufferOp::getAllocationSize`` in lib/Dialect/AIE/IR/AIEDialect.cpp:
    element count times ``DataLayout::getTypeSize`` of the element type), with MLIR's default data
    layout: a type takes its bit width rounded up to whole bytes, so sub-byte types are not packed
    (``i1``, ``i4`` and ``f4`` take one byte each, ``memref<8xi4>`` is 8 bytes), and ``index`` is
    64 bits (8 bytes)."""
    bits = element_bits(t)
    return None if bits is None else -(-bits // 8)


def memref_bytes(t: Any) -> int | None:
    """Static byte size of a memref type (see :func:`element_bytes`); None if its shape is
    dynamic (an unranked memref included) or its element type is not a scalar."""
    if not isa(ir.MemRefType, t):
        return None
    mt = ir.MemRefType(t)
    if not mt.has_static_shape:
        return None
    size = element_bytes(mt.element_type)
    if size is None:
        return None
    for s in mt.shape:
        size *= s
    return size


# ------------------------------------------------------------------------------------------------
# generic structure: operations, values, blocks, regions
#
# Every module outside the IR layer reaches operations, values, blocks and regions through these
# functions (a test keeps the bindings' own attributes out of them), so a difference between
# binding versions (``OpView`` or ``Operation`` from ``owner``, ``walk``'s callback form, how
# attributes iterate) is handled here once. An *op* is an ``ir.Operation``; every function
# accepts an ``OpView`` too.


def operation(x: Any) -> Any:
    """The ``ir.Operation`` of an operation or op view (an operation is its own)."""
    return x.operation


def operands(op: Any) -> list[Any]:
    """The op's operands, in order."""
    return list(op.operation.operands)


def operand(op: Any, index: int) -> Any:
    return op.operation.operands[index]


def num_operands(op: Any) -> int:
    return len(op.operation.operands)


def set_operand(op: Any, index: int, value: Any) -> None:
    op.operation.operands[index] = value


def results(op: Any) -> list[Any]:
    return list(op.operation.results)


def result(op: Any) -> Any:
    """The op's single result."""
    return op.operation.result


def is_block_argument(value: Any) -> bool:
    return isinstance(value, ir.BlockArgument)


def defining_op(value: Any) -> Any:
    """The op that defines ``value``, or None for a block argument."""
    if isinstance(value, ir.BlockArgument):
        return None
    return value.owner.operation


def value_owner(value: Any) -> Any:
    """The op that owns ``value``: its defining op, or for a block argument the op whose region
    holds the block."""
    if isinstance(value, ir.BlockArgument):
        return argument_owner(value)
    return value.owner.operation


def argument_owner(arg: Any) -> Any:
    """The op whose region holds the block that ``arg`` is an argument of."""
    return arg.owner.owner.operation


def argument_number(arg: Any) -> int:
    return arg.arg_number


def op_name(op: Any) -> str:
    """The op's name (``aie.tile``)."""
    return op.operation.name


def value_name(value: Any) -> str:
    """The SSA name the printer gives ``value`` (``%arg0``, ``%c1_i64``)."""
    return value.get_name()


def value_type(value: Any) -> Any:
    return value.type


def set_value_type(value: Any, type_: Any) -> None:
    value.set_type(type_)


def regions(op: Any) -> list[Any]:
    return list(op.operation.regions)


def blocks(op: Any, region: int = 0) -> list[Any]:
    """The blocks of the op's region ``region`` (none for an empty body ``{}``)."""
    return list(op.operation.regions[region].blocks)


def region_blocks(region: Any) -> list[Any]:
    return list(region.blocks)


def block_ops(block: Any) -> list[Any]:
    """The ops of ``block``, in order."""
    return [o.operation for o in block.operations]


def block_arguments(block: Any) -> list[Any]:
    return list(block.arguments)


def add_block_argument(block: Any, type_: Any, loc: Any) -> Any:
    return block.add_argument(type_, loc)


def first_block(op: Any, region: int = 0) -> Any:
    """The first block of the op's region ``region``, appended when the region has none."""
    blocks_ = op.operation.regions[region].blocks
    if not len(blocks_):
        blocks_.append()
    return blocks_[0]


def body_ops(op: Any, region: int = 0) -> list[Any]:
    """The ops of every block of the op's region ``region``, in order."""
    return [
        o.operation for b in op.operation.regions[region].blocks for o in b.operations
    ]


def block_of(op: Any) -> Any:
    """The block that holds ``op``."""
    return op.operation.block


def parent_op(op: Any) -> Any:
    """The op whose region holds ``op``, or None at the top."""
    p = op.operation.parent
    return None if p is None else p.operation


def location(op: Any) -> Any:
    return op.operation.location


def unknown_location() -> Any:
    return ir.Location.unknown()


def erase(op: Any) -> None:
    op.operation.erase()


def clone(op: Any, ip: Any) -> Any:
    """A copy of ``op`` (with its regions) inserted at ``ip``."""
    return op.operation.clone(ip=ip)


def move_before(op: Any, anchor: Any) -> None:
    op.operation.move_before(operation(anchor))


def before(op: Any) -> Any:
    """The insertion point just before ``op``."""
    return ir.InsertionPoint(operation(op))


def after(op: Any) -> Any:
    """The insertion point just after ``op``."""
    return ir.InsertionPoint.after(operation(op))


def at_end(block: Any) -> Any:
    """The insertion point at the end of ``block``."""
    return ir.InsertionPoint(block)


def required_attr(op: Any, name_: str) -> Any:
    """Attribute ``name_`` of ``op``; a :class:`LocatedError` at ``op`` when it has none (a
    builder given None would write wrong IR)."""
    attr = attr_or_none(op, name_)
    if attr is None:
        raise LocatedError(f"'{op.name}' op requires attribute '{name_}'", op)
    return attr


def has_attr(op: Any, name_: str) -> bool:
    return name_ in op.operation.attributes


def set_raw_attr(op: Any, name_: str, attr: Any) -> None:
    """Set attribute ``name_`` to the attribute ``attr`` as it is (see :func:`set_attr` for a
    property by its schema type)."""
    op.operation.attributes[name_] = attr


def listed_attrs(op: Any) -> dict[str, Any]:
    """The attributes that iterating the op lists, by name (an unregistered op's properties are
    not listed; read those by name with :func:`attr_or_none`). Read by position, which gives a
    ``NamedAttribute`` in every binding version (iterating gives names in some)."""
    attrs = op.operation.attributes
    out: dict[str, Any] = {}
    for i in range(len(attrs)):
        na = attrs[i]
        out[na.name] = na.attr
    return out


def in_context_of(op: Any) -> Any:
    """A context manager: the op's context, with an unknown location, for building IR."""
    return ir.Location.unknown(op.operation.context)


class ParseError(Exception):
    """Text that does not parse; ``diagnostics`` are the parser's, located (for
    :meth:`aie_trace.ir.diagnostics.DiagnosticEngine.extend_from_mlir`)."""

    def __init__(self, error: Any):
        super().__init__(str(error))
        self.diagnostics = list(getattr(error, "error_diagnostics", None) or [])


@dataclass(frozen=True)
class _ReaderDiagnostic:
    """A custom-form reader's error, shaped like the bindings' diagnostics."""

    message: str
    location: Any
    severity: str = "error"
    notes: tuple = ()


def custom_to_generic(
    text: str, source_name: str = "<string>", era: str | None = None
) -> str:
    """``text`` as the bindings can parse it: without mlir-aie, its custom-form aie/aiex ops
    rewritten into generic form (:mod:`aie_trace.ir.customform`, read in ``era`` when it is given);
    with mlir-aie, unchanged. Raises :class:`ParseError` (one located diagnostic) for an op that
    does not read."""
    if AIE_REGISTERED:
        return text
    try:
        return customform.to_generic(text, source_name, era)
    except customform.CustomFormError as e:
        error = ParseError(e)
        error.diagnostics = [
            _ReaderDiagnostic(e.message, ir.Location.file(source_name, e.line, e.col))
        ]
        raise error from None


def parse_op(text: str, source_name: str = "<string>", era: str | None = None) -> Any:
    """Parse ``text`` (one top-level op, a module) in the current context, in custom or
    generic form (custom-form aie/aiex ops read in ``era`` when it is given); raises
    :class:`ParseError`."""
    text = custom_to_generic(text, source_name, era)
    try:
        return ir.Operation.parse(text, source_name=source_name)
    except ir.MLIRError as e:
        raise ParseError(e) from e


# ------------------------------------------------------------------------------------------------
# cloning and inlining (materialization, resolve)


def first_op(block: Any) -> Any:
    """The first op of ``block``, or None when it is empty."""
    first = next(iter(block.operations), None)
    return None if first is None else first.operation


def remap_operands(op: Any, mapping: dict[Any, Any]) -> None:
    """Replace every operand of ``op`` and of the ops nested in it that ``mapping`` (old value ->
    new value) holds by its new value."""
    for nested in walk(op):
        nested_operands = nested.operands
        for i, v in enumerate(nested_operands):
            repl = mapping.get(v)
            if repl is not None:
                nested_operands[i] = repl


def first_type_mismatch(
    params: list[Any], values: list[Any]
) -> tuple[int, Any, Any] | None:
    """The first position at which ``values`` and ``params`` (over the shorter of the two) differ
    in type, with the parameter's and the value's type; None when none does."""
    for i, (a, v) in enumerate(zip(params, values, strict=False)):
        if a.type != v.type:
            return i, a.type, v.type
    return None


# ------------------------------------------------------------------------------------------------
# run graph, loops and the static proof


def op_tree(block: Any, make: Any) -> tuple[Any, ...]:
    """The ops of ``block`` in order, each as ``make(op, name, children)``: ``children`` holds,
    per block of all the op's regions, its ops as :func:`op_tree` gives them (empty: no region).
    Reads every nested op once; tuples throughout (a tree read once is not changed)."""
    out = []
    for o in block.operations:
        op = o.operation
        regions_ = op.regions
        out.append(
            make(
                op,
                op.name,
                (
                    tuple(op_tree(b, make) for r in regions_ for b in r.blocks)
                    if len(regions_)
                    else ()
                ),
            )
        )
    return tuple(out)


def induction_variable(loop: Any) -> Any:
    """The induction variable of an ``scf.for`` (its body's first block argument)."""
    return body(loop).arguments[0]


# ------------------------------------------------------------------------------------------------
# rewriting runs and patches (fuse)


def positions(op: Any, names: Iterable[str]) -> dict[str, list[tuple]]:
    """Where the ops nested in ``op`` whose name is in ``names`` are, pre-order, by name: each a
    tuple of (region, block, op) indices from ``op`` down, for :func:`op_at`."""
    found: dict[str, list[tuple]] = {n: [] for n in names}
    _find_positions(operation(op), (), found)
    return found


def _find_positions(op: Any, at: tuple, found: dict[str, list[tuple]]) -> None:
    for r, region in enumerate(op.regions):
        for b, block in enumerate(region.blocks):
            for i, o in enumerate(block.operations):
                pos = at + ((r, b, i),)
                if o.name in found:
                    found[o.name].append(pos)
                _find_positions(o, pos, found)


def op_at(op: Any, pos: tuple) -> Any:
    """The op at a position :func:`positions` gave, in ``op`` or in an unchanged clone of it."""
    for r, b, i in pos:
        op = op.regions[r].blocks[b].operations[i]
    return op.operation


def first_difference(a: Any, b: Any) -> Any | None:
    """Where the body of ``a`` differs from the body of ``b`` (ops with regions, such as two
    runtime sequences); None when the bodies are the same IR. Compared: the regions' blocks, their
    arguments' types, and each op as printed with SSA names numbered from ``a`` and from ``b``
    respectively (so an op's attributes, properties, operands and types; never locations). The
    difference is the innermost op of ``a`` that prints otherwise, the first op of ``a`` that ``b``
    lacks, or ``a`` itself (other blocks or block arguments, or ``b`` has more ops). ``a``'s and
    ``b``'s own attributes are not compared. (The printing is compared, never read.)"""
    a, b = operation(a), operation(b)
    return _first_difference(a, b, ir.AsmState(a, True), ir.AsmState(b, True))


def _first_difference(a: Any, b: Any, in_a: Any, in_b: Any) -> Any | None:
    if len(a.regions) != len(b.regions):
        return a
    for ra, rb in zip(a.regions, b.regions, strict=True):
        blocks_a, blocks_b = list(ra.blocks), list(rb.blocks)
        if len(blocks_a) != len(blocks_b):
            return a
        for ba, bb in zip(blocks_a, blocks_b, strict=True):
            if [v.type for v in ba.arguments] != [v.type for v in bb.arguments]:
                return a
            ops_a = [o.operation for o in ba.operations]
            ops_b = [o.operation for o in bb.operations]
            for x, y in zip(ops_a, ops_b, strict=False):
                if _printed(x, in_a) != _printed(y, in_b):
                    inner = _first_difference(x, y, in_a, in_b)
                    return x if inner is None else inner
            if len(ops_a) != len(ops_b):
                return ops_a[len(ops_b)] if len(ops_a) > len(ops_b) else a
    return None


def _printed(op: Any, state: Any) -> str:
    out = io.StringIO()
    op.print(state=state, file=out)
    return out.getvalue()


def set_raw_attrs(op: Any, items: Iterable[tuple[str, Any]]) -> None:
    """Set each ``(name, attribute)`` of ``items``, in order, as :func:`set_raw_attr` does."""
    attrs = op.operation.attributes
    for name_, attr in items:
        attrs[name_] = attr


def has_uses(value: Any) -> bool:
    """Whether any op uses ``value``."""
    return any(True for _ in value.uses)
