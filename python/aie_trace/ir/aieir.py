# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The one layer through which passes touch aie/aiex IR.

* :func:`detect_era` reads the IR era from the IR itself (op shapes, never file names);
* readers (:func:`get_int`, :func:`get_attr`, :func:`get_operand`) find a field by its ODS name
  whether the era stores it as an attribute or as an SSA operand, folding ``arith.constant``;
* builders (:func:`create`) only produce ops that match :mod:`aie_trace.ir.schema`: attribute types are
  set from the schema, SSA integer fields get ``arith.constant`` operands of the right type, and
  ``operandSegmentSizes`` is computed;
* :func:`check_op` / :func:`check_module` verify every known aie/aiex op against the schema and
  report one located error per violation.

Works the same whether the aie dialects are registered (mlir-aie's bindings) or not (generic form).
"""

from __future__ import annotations

import ctypes
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import customform
from . import schema as S
from .diagnostics import LocatedError, split_location, unescape_string

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import AIE_REGISTERED
from .provider import arith as _arith
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
# attribute values


def int_attr_value(attr: Any) -> int | None:
    """The integer of an IntegerAttr, honouring unsigned types; None if not an integer attr."""
    if attr is None or not isinstance(attr, ir.Attribute):
        return None
    if isinstance(attr, ir.IntegerAttr) and isinstance(
        attr.type, ir.IntegerType
    ):  # the common case, fast
        t = attr.type
        return attr.value & ((1 << t.width) - 1) if t.is_unsigned else attr.value
    if isa(ir.BoolAttr, attr):
        return int(ir.BoolAttr(attr).value)
    if not isa(ir.IntegerAttr, attr):
        return None
    ia = ir.IntegerAttr(attr)
    t = ir.IntegerType(ia.type) if isa(ir.IntegerType, ia.type) else None
    if t is not None and t.is_unsigned:
        return ia.value & ((1 << t.width) - 1)
    return ia.value


def make_int_attr(tag: str, value: int) -> Any:
    width = int(tag.lstrip("ui"))
    if tag.startswith("ui"):
        if not 0 <= value < (1 << width):
            raise ValueError(f"{value} does not fit {tag}")
        return ir.IntegerAttr.get(ir.IntegerType.get_unsigned(width), value)
    lo, hi = (
        -(1 << (width - 1)),
        (1 << width) - 1,
    )  # signless: accept unsigned bit patterns too
    if not lo <= value <= hi:
        raise ValueError(f"{value} does not fit {tag}")
    if value >= (1 << (width - 1)):
        value -= 1 << width
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(width), value)


def make_attr(tag: str, value: Any) -> Any:
    """Python value -> attribute of the schema type ``tag``; attributes pass through."""
    if isinstance(value, ir.Attribute):
        return value
    if tag in S.INT_TAGS:
        return make_int_attr(tag, int(value))
    if tag == S.BOOL:
        return ir.BoolAttr.get(bool(value))
    if tag == S.STR:
        return ir.StringAttr.get(str(value))
    if tag in (S.FLAT_SYMREF, S.SYMREF):
        return ir.FlatSymbolRefAttr.get(str(value))
    if tag == S.DENSE_I64:
        return ir.DenseI64ArrayAttr.get(list(value))
    if tag == S.DENSE_I32:
        return ir.DenseI32ArrayAttr.get(list(value))
    return ir.Attribute.parse(str(value))


def attr_type_ok(tag: str, attr: Any) -> bool:
    """Does ``attr`` have exactly the attribute type the schema tag requires?"""
    return _attr_problem(tag, attr) is None


_SIMPLE_ATTR_CLASSES = {
    S.BOOL: "BoolAttr",
    S.STR: "StringAttr",
    S.UNIT: "UnitAttr",
    S.FLAT_SYMREF: "FlatSymbolRefAttr",
    S.DENSE_I64: "DenseI64ArrayAttr",
    S.DENSE_I32: "DenseI32ArrayAttr",
}
_ELEMENTS_CLASSES = (
    "DenseElementsAttr",
    "DenseResourceElementsAttr",
    "SparseElementsAttr",
)


def _attr_problem(tag: str, attr: Any) -> str | None:
    """None when ``attr`` is of the schema type ``tag``; otherwise why not: ``""`` for an attribute
    of another kind, or a detail (a bad ``#aie.trace_buffer`` parameter, say)."""
    if tag == S.ANY:
        return None
    if tag in S.INT_TAGS:
        return None if _int_attr_of(tag, attr) else ""
    if tag in _SIMPLE_ATTR_CLASSES:
        return None if isa(getattr(ir, _SIMPLE_ATTR_CLASSES[tag]), attr) else ""
    if tag == S.SYMREF:
        return (
            None if isa(ir.FlatSymbolRefAttr, attr) or str(attr).startswith("@") else ""
        )
    if tag == S.ELEMENTS:
        return (
            None
            if any(
                isa(getattr(ir, c), attr) for c in _ELEMENTS_CLASSES if hasattr(ir, c)
            )
            else ""
        )
    if tag == S.TRACE_BUFFER:
        return _params_problem(attr, "trace_buffer", S.TRACE_BUFFER_PARAMS)
    if tag == S.TRACE_SLICES:
        if not isa(ir.ArrayAttr, attr):
            return ""
        for i, element in enumerate(ir.ArrayAttr(attr)):
            detail = _params_problem(element, "trace_slice", S.TRACE_SLICE_PARAMS)
            if detail is not None:
                return (
                    f"element #{i} {detail or f'is not a #aie.trace_slice: {element}'}"
                )
        return None
    text = _aie_attr_text(attr)
    if text is None:
        return ""
    if tag.startswith(
        "#aie<"
    ):  # (the spelling of attributes whose body starts with '[')
        mnemonic = tag[len("#aie<") : -1]
        m = _BARE_KEY.match(text)
        return None if m is not None and m.group() == mnemonic else ""
    return None if text.startswith(tag[len("#aie.") :] + "<") else ""


def _aie_attr_text(attr: Any) -> str | None:
    """An aie attribute's text after its dialect prefix (``mnemonic<...>``, ``mnemonic[...]``);
    None for an attribute of another dialect. Unregistered, that is ``OpaqueAttr``'s data; with
    mlir-aie's bindings, the attribute's own printed form (see :func:`aie_attr_body`).
    """
    if isinstance(attr, ir.OpaqueAttr) or isa(ir.OpaqueAttr, attr):
        opaque = attr if isinstance(attr, ir.OpaqueAttr) else ir.OpaqueAttr(attr)
        if opaque.dialect_namespace != "aie":
            return None
        data = opaque.data
        return (
            data.decode("utf-8", "surrogateescape") if isinstance(data, bytes) else data
        )
    text = str(attr)
    for prefix in ("#aie.", "#aie<"):
        if text.startswith(prefix):
            return text[len(prefix) : -1] if prefix == "#aie<" else text[len(prefix) :]
    return None


def _int_attr_of(tag: str, attr: Any) -> bool:
    if not isa(ir.IntegerAttr, attr) or isa(ir.BoolAttr, attr):
        return False
    t = ir.IntegerAttr(attr).type
    if not isa(ir.IntegerType, t):
        return False
    it = ir.IntegerType(t)
    unsigned = tag.startswith("ui")
    return it.width == int(tag.lstrip("ui")) and (
        it.is_unsigned if unsigned else it.is_signless
    )


_PARAM_KINDS = {
    "uint32": "an unsigned 32-bit integer",
    "bool": "true or false",
    "string": "a quoted string",
}

# The body of an attribute the bindings do not know (``#aie.trace_buffer<...>`` without mlir-aie)
# exists only as text; this one tokenizer reads it for every reader (checker, layout, events).

_CLOSERS = {"<": ">", "[": "]", "{": "}", "(": ")"}
_BARE_KEY = re.compile(r"[A-Za-z_][\w$.]*", re.ASCII)


#: the characters :func:`split_top_level` acts on: a whole string literal (or an unterminated
#: one), ``->``, an opening or closing bracket, a comma
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|"|->|[<\[{(>\]})],?|,', re.S)
_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def split_top_level(text: str) -> list[str] | None:
    """``text`` split at the commas outside string literals and brackets (``<>``, ``[]``, ``{}``,
    ``()``; the ``>`` of ``->`` closes nothing); None when a literal or bracket is left open or a
    bracket closes what it did not open. A string literal ends at the first ``"`` not escaped by a
    backslash (a doubled backslash is one escaped backslash). No comma at all gives ``[text]``.
    """
    # one regular-expression scan visits only the characters that matter (the text between them
    # is skipped in C): a character loop in Python costs ~0.1 us per character
    items: list[str] = []
    stack: list[str] = []
    start = 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if len(tok) == 1:
                return None  # a literal left open
        elif c == ",":
            if not stack:
                items.append(text[start : m.start()])
                start = m.end()
        elif c == "-":
            pass  # the arrow of a function type
        else:
            closer = _CLOSERS.get(c)
            if closer is not None:
                stack.append(closer)
            elif not stack or stack.pop() != c:
                return None
            if len(tok) == 2 and not stack:  # a bracket then a comma
                items.append(text[start : m.start() + 1])
                start = m.end()
    if stack:
        return None
    items.append(text[start:])
    return items


def string_literal(text: str) -> str | None:
    """The value of an MLIR string literal as printed (``"d\\C3\\A9v"`` -> ``"dév"``), None when
    ``text`` is not exactly one literal."""
    text = text.strip()
    if not _LITERAL.fullmatch(text):
        return None
    return unescape_string(text[1:-1])


def parse_params(inner: str) -> list[tuple[str, str]] | None:
    """``k = v, ...`` -> ``[(k, v), ...]`` in order (values as written, stripped); None when it is
    not such a list (a key that is not an identifier, an item without ``=``, an open literal).
    """
    if not inner.strip():
        return []
    items = split_top_level(inner)
    if items is None:
        return None
    out = []
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not _BARE_KEY.fullmatch(key) or not value.strip():
            return None
        out.append((key, value.strip()))
    return out


def aie_attr_body(attr: Any, mnemonic: str) -> str | None:
    """The parameter text of the aie attribute ``#aie.<mnemonic><body>``: ``body``, or None when
    ``attr`` is not that attribute (or its brackets do not balance).

    Without mlir-aie the attribute is unregistered and the IR holds it as an ``OpaqueAttr``: its
    dialect namespace and its text (``mnemonic<body>``) are read through ``OpaqueAttr``'s
    accessors, the only text such an attribute has. With mlir-aie's bindings the attribute is of
    mlir-aie's own class, whose Python bindings expose no parameter accessors: its custom form,
    as printed, is the text read."""
    inner = _aie_attr_inner(attr, mnemonic)
    return inner if inner is not None and split_top_level(inner) is not None else None


def _aie_attr_inner(attr: Any, mnemonic: str) -> str | None:
    """:func:`aie_attr_body` before its brackets are checked."""
    text = _aie_attr_text(attr) if attr is not None else None
    head = f"{mnemonic}<"
    if text is None or not (text.startswith(head) and text.endswith(">")):
        return None
    return text[len(head) : -1]


def aie_attr_params(attr: Any, mnemonic: str) -> list[tuple[str, str]] | None:
    """:func:`aie_attr_body`'s ``k = v, ...`` as ``[(k, v), ...]`` in order; None when ``attr`` is
    not that attribute or its parameter list does not parse."""
    inner = _aie_attr_inner(attr, mnemonic)
    return None if inner is None else parse_params(inner)


def _params_problem(
    attr: Any, mnemonic: str, params: tuple[tuple[str, str], ...]
) -> str | None:
    if _aie_attr_inner(attr, mnemonic) is None:
        return ""
    items = aie_attr_params(attr, mnemonic)
    if items is None:
        return f"has a malformed parameter list: {attr}"
    names, expected = [k for k, _ in items], [n for n, _ in params]
    for k in names:
        if k not in expected:
            return f"has unexpected parameter '{k}'"
        if names.count(k) > 1:
            return f"repeats parameter '{k}'"
    for n in expected:
        if n not in names:
            return f"is missing parameter '{n}'"
    if names != expected:
        return f"must list its parameters in the order {', '.join(expected)}"
    for (key, value), (_, kind) in zip(items, params, strict=True):
        if not _param_value_ok(kind, value):
            return f"parameter '{key}' must be {_PARAM_KINDS[kind]}, got {value}"
    return None


def _param_value_ok(kind: str, value: str) -> bool:
    if kind == "bool":
        return value in ("true", "false")
    if kind == "string":
        return string_literal(value) is not None
    try:
        return 0 <= int(value, 0) < 2**32 and not value.startswith("-")
    except ValueError:
        return False


# ------------------------------------------------------------------------------------------------
# eras


class EraError(LocatedError):
    """The IR mixes op forms of different eras, or uses an unsupported era."""


def _e0_message(name: str) -> str:
    return (
        f"is the IR era E0 form (before mlir-aie PR #2708); era E0 is not supported: "
        f"use '{S.E0_OPS[name]}'"
    )


def _shape_fields(d: S.OpDef) -> tuple:
    """What of ``d`` decides whether an op has its shape: operands, segments, the properties
    that only some eras define."""
    restricted = tuple(
        a for a, eras in S.PROPERTY_ERAS.get(d.name, {}).items() if d.attr(a) is None
    )
    return d.segments, d.operands, restricted


def _era_specific(name: str) -> bool:
    """Can an op of this name tell eras apart by its shape? (Not when the schema does not know
    it, or every era defines its shape alike.)"""
    defs = [S.opdef(era, name) for era in S.ERAS]
    if all(d is None for d in defs):
        return False
    return any(d is None for d in defs) or len({_shape_fields(d) for d in defs}) > 1


#: the op names whose shape can be era evidence, and the E0 ops: all that era detection looks at
_ERA_SPECIFIC = frozenset(
    n for n in {n for era in S.ERAS for n in S.SCHEMAS[era]} if _era_specific(n)
)
_DETECTED = _ERA_SPECIFIC | frozenset(S.E0_OPS)
_ALL_ERAS = frozenset(S.ERAS)


def era_evidence(op: Any) -> set[str] | None:
    """The eras whose definition of ``op`` its shape fits: operand structure and types,
    ``operandSegmentSizes``, and properties that only some eras define. None when the shape fits
    every era, fits none (a malformed op is the checker's business, not evidence), or the op is
    not in the schema."""
    op = getattr(op, "operation", op)
    if (
        op.name not in _ERA_SPECIFIC
    ):  # unknown, or defined alike in every era: no evidence
        return None
    # The answer depends only on these; modules repeat few shapes, so it is worked out once each.
    seg = attr_or_none(op, "operandSegmentSizes")
    key = (
        op.name,
        tuple(str(v.type) for v in op.operands),
        None if seg is None else str(seg),
        tuple(
            attr_or_none(op, n) is not None for n in S.PROPERTY_ERAS.get(op.name, {})
        ),
    )
    if key not in _EVIDENCE:
        defs = {era: S.opdef(era, op.name) for era in S.ERAS}
        fits = {
            era
            for era, d in defs.items()
            if d is not None and not _shape_problems(op, d, era)
        }
        _EVIDENCE[key] = frozenset(fits) if fits and fits != set(S.ERAS) else None
    found = _EVIDENCE[key]
    return set(found) if found is not None else None


_EVIDENCE: dict[tuple, frozenset[str] | None] = {}


def _untyped_evidence(op: Any, name: str) -> frozenset[str] | None:
    """What ``op``'s evidence can be, read from its operand count and property names alone: the
    eras its evidence can only confirm (its shape fits all of them, or none and then gives no
    evidence), or None when the operand types or segment sizes decide more than that."""
    attrs = op.attributes
    key = (
        name,
        len(op.operands),
        "operandSegmentSizes" in attrs,
        *[a in attrs for a in _RESTRICTED[name]],
    )
    found = _UNTYPED.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        found = _UNTYPED[key] = _untyped_fits(name, key[1], key[2], key[3:])
    return found


#: per era-specific op name, the properties that only some eras define
_RESTRICTED = {
    name: tuple(
        a
        for a, eras in S.PROPERTY_ERAS.get(name, {}).items()
        if len(eras) < len(S.ERAS)
    )
    for name in _ERA_SPECIFIC
}
_UNKNOWN = object()


def _untyped_fits(
    name: str, n: int, segmented: bool, present: tuple[bool, ...]
) -> frozenset[str] | None:
    restricted = _RESTRICTED[name]
    candidates = {}
    for era in S.ERAS:
        d = S.opdef(era, name)
        if d is None or any(
            p and d.attr(a) is None for a, p in zip(restricted, present, strict=True)
        ):
            continue
        if d.segments and segmented:
            return None  # the segment sizes decide
        if (
            not d.segments
            and not segmented
            and _unsegmented_count_problem(d, n) is None
        ):
            candidates[era] = d.operands
    if len(set(candidates.values())) > 1:
        return None  # the operand types decide between them
    fits = frozenset(candidates)
    return fits if fits else _ALL_ERAS


_UNTYPED: dict[tuple, frozenset[str] | None] = {}


class _EraScan:
    """The eras the ops seen so far fit, narrowed op by op (see :func:`detect_era`)."""

    def __init__(self) -> None:
        self.possible, self.narrowed_by = (
            _ALL_ERAS,
            None,
        )  # the last op that narrowed ``possible``

    def see(self, name: str, op: Any) -> None:
        """Narrow by ``op`` (named ``name``, one of :data:`_DETECTED`)."""
        if name in S.E0_OPS:
            raise EraError(f"'{name}' op {_e0_message(name)}", op)
        settled = _untyped_evidence(op, name)
        if settled is not None and self.possible <= settled:
            return  # whatever its operand types, this op can neither narrow nor contradict
        ev = era_evidence(op)
        if ev is None:
            return
        if not self.possible & ev:
            raise EraError(
                f"'{name}' op has the IR era {_eras(ev)} form, but earlier ops have the "
                f"{_eras(self.possible)} form (set by {_where(self.narrowed_by)}); one module must use one "
                f"era's op forms",
                op,
            )
        if self.possible - ev:
            self.narrowed_by = op
        self.possible &= ev

    def era(self, default: str) -> str:
        if default in self.possible:
            return default
        return next(era for era in reversed(S.ERAS) if era in self.possible)


def detect_era(module: Any, default: str = "E4") -> str:
    """The era every aie/aiex op in ``module`` fits: ``default`` when it is among them (always the
    case for a module without era-distinguishing ops), else the newest one. Raises
    :class:`EraError` (carrying the op) at the first op that contradicts the ops before it, and at
    any op of the unsupported era E0."""
    return era_of_ops(((op.name, op) for op in walk(module)), default)


def era_of_ops(ops: Iterable[tuple[str, Any]], default: str = "E4") -> str:
    """:func:`detect_era` of a module given as its ``(name, operation)`` pairs in pre-order, for a
    caller that reads the module's ops anyway."""
    scan = _EraScan()
    for name, op in ops:
        if name in _DETECTED:  # the cheapest test first
            scan.see(name, op)
    return scan.era(default)


def shows_e4(module: Any) -> bool:
    """Whether the module itself is IR era E4: some ``address_patch`` has an i64 ``arg_plus``."""
    for op in walk(module, ["aiex.npu.address_patch"]):
        plus = (
            get_operand(op, "arg_plus", "E4")
            if has_attr(op, "operandSegmentSizes")
            else None
        )
        if plus is not None and integer_width(value_type(plus)) == 64:
            return True
    return False


def _eras(eras: Iterable[str]) -> str:
    return "/".join(e for e in S.ERAS if e in set(eras))


def _where(op: Any) -> str:
    file, line, col = split_location(op.location)
    at = f" at {file}:{line}:{col}" if line is not None else ""
    return f"'{op.name}'{at}"


# ------------------------------------------------------------------------------------------------
# operands by ODS name


def _segment_sizes(op: Any, d: S.OpDef) -> list[int] | None:
    n = len(op.operands)
    if d.segments:
        seg = attr_or_none(op, "operandSegmentSizes")
        if seg is None or not isa(ir.DenseI32ArrayAttr, seg):
            return None
        return list(ir.DenseI32ArrayAttr(seg))
    flexible = [i for i, o in enumerate(d.operands) if o.arity != "single"]
    fixed = sum(o.arity == "single" for o in d.operands)
    sizes = [1 if o.arity == "single" else 0 for o in d.operands]
    if len(flexible) > 1:
        return None
    if flexible:
        sizes[flexible[0]] = n - fixed
    return sizes


def _segment_values(op: Any, d: S.OpDef) -> dict[str, list[Any]]:
    sizes = _segment_sizes(op, d)
    if (
        sizes is None
        or len(sizes) != len(d.operands)
        or sum(sizes) != len(op.operands)
        or min(sizes, default=0) < 0
    ):
        return {}
    out, pos = {}, 0
    operands = list(op.operands)
    for o, k in zip(d.operands, sizes, strict=True):
        out[o.name] = operands[pos : pos + k]
        pos += k
    return out


def operand_index(op: Any, name: str, era: str) -> int:
    """The position of ODS operand ``name`` among ``op``'s operands (``KeyError`` if the
    definition has none of that name)."""
    d = S.opdef(era, op.name)
    if d.segments:
        sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    else:
        flexible = len(op.operands) - sum(o.arity == "single" for o in d.operands)
        sizes = [1 if o.arity == "single" else flexible for o in d.operands]
    pos = 0
    for o, k in zip(d.operands, sizes, strict=False):
        if o.name == name:
            return pos
        pos += k
    raise KeyError(name)


def get_operand(op: Any, name: str, era: str) -> Any:
    """The SSA operand named ``name`` (None when an optional operand is absent)."""
    d = S.opdef(era, op.name)
    if d is None:
        raise KeyError(f"{op.name} is not in the {era} schema")
    vals = _segment_values(op, d).get(name, [])
    return vals[0] if vals else None


def constant_int(value: Any) -> int | None:
    """Fold ``arith.constant`` (integer or index) -> int; None when not a constant."""
    if value is None:
        return None
    owner = value.owner
    if (
        not isinstance(owner, (ir.Operation, ir.OpView))
        or owner.name != "arith.constant"
    ):
        return None
    return int_attr_value(attr_or_none(owner, "value"))


def get_int(op: Any, name: str, era: str) -> int | None:
    """An integer field by ODS name: an attribute in one era, a constant operand in another. Read
    either way it is the same number: a field that some era types as an unsigned attribute
    (``write32.value: ui32``) reads an i32 constant operand as unsigned too."""
    is_operand, position, unsigned_bits = _field(era, op.name, name)
    if is_operand:
        operands = op.operands
        value = constant_int(
            operands[position]
            if position is not None and position < len(operands)
            else get_operand(op, name, era)
        )
        return (
            value & ((1 << unsigned_bits) - 1)
            if value is not None and unsigned_bits
            else value
        )
    return int_attr_value(attr_or_none(op, name))


_FIELDS: dict[tuple[str, str, str], tuple[bool, int | None, int]] = {}


def _field(era: str, op_name: str, name: str) -> tuple[bool, int | None, int]:
    """How ``get_int`` reads a field, worked out once: (an operand?, its fixed position when every
    operand before it is a single one, the width when some era types it as an unsigned attribute).
    """
    key = (era, op_name, name)
    if key not in _FIELDS:
        d = S.opdef(era, op_name)
        is_operand = d is not None and d.operand(name) is not None
        position = None
        if is_operand and not d.segments:
            before = [o for o in d.operands[: [o.name for o in d.operands].index(name)]]
            if all(o.arity == "single" for o in before):
                position = len(before)
        unsigned = [
            a.type
            for e in S.ERAS
            if (od := S.opdef(e, op_name))
            and (a := od.attr(name))
            and a.type.startswith("ui")
        ]
        _FIELDS[key] = (
            is_operand,
            position,
            int(unsigned[0][2:]) if is_operand and unsigned else 0,
        )
    return _FIELDS[key]


# ------------------------------------------------------------------------------------------------
# builders


def constant(value: int, type_: Any, ip: Any = None, loc: Any = None) -> Any:
    """An ``arith.constant`` of integer type ``type_`` (``i32``, ``i64`` or ``index`` text or type),
    built with the upstream typed builder."""
    if isinstance(type_, str):
        type_ = (
            ir.IndexType.get()
            if type_ == "index"
            else ir.IntegerType.get_signless(int(type_[1:]))
        )
    if isa(ir.IntegerType, type_):
        w = ir.IntegerType(type_).width
        if value >= (1 << (w - 1)):
            value -= 1 << w
    return _arith.ConstantOp(
        type_, ir.IntegerAttr.get(type_, value), loc=loc, ip=ip
    ).result


def binary(name: str, a: Any, b: Any, ip: Any = None, loc: Any = None) -> Any:
    """``arith.<name> a, b`` (``addi``, ``subi``, ``muli``, ``divui``) with the typed builder."""
    cls = {
        "addi": _arith.AddIOp,
        "subi": _arith.SubIOp,
        "muli": _arith.MulIOp,
        "divui": _arith.DivUIOp,
    }[name]
    return cls(a, b, loc=loc, ip=ip).result


def cast_int(kind: str, value: Any, type_: Any, ip: Any = None, loc: Any = None) -> Any:
    """``arith.index_cast`` or ``arith.extui`` of ``value`` to ``type_``, with the typed builder."""
    cls = {"index_cast": _arith.IndexCastOp, "extui": _arith.ExtUIOp}[kind]
    return cls(type_, value, loc=loc, ip=ip).result


def byte_view(
    buffer: Any,
    offset: int | Any,
    size: int,
    type_: Any,
    ip: Any = None,
    loc: Any = None,
) -> tuple[Any, Any]:
    """``size`` bytes of the 1-D ``i8`` memref ``buffer`` at ``offset`` (an int, or an index
    value), reinterpreted as ``type_``: a ``memref.subview`` and a ``memref.reinterpret_cast``
    (offset 0, unit stride), built with the upstream typed builders; both ops are returned.
    """
    from .provider import memref as _memref

    dynamic = not isinstance(offset, int)
    static = S.DYNAMIC if dynamic else offset
    i8 = ir.IntegerType.get_signless(8)
    sub_type = ir.MemRefType.get([size], i8, ir.StridedLayoutAttr.get(static, [1]))
    sub = _memref.SubViewOp(
        sub_type,
        buffer,
        [offset] if dynamic else [],
        [],
        [],
        [static],
        [size],
        [1],
        loc=loc,
        ip=ip,
    )
    cast = _memref.ReinterpretCastOp(
        type_, sub.result, [], [], [], [0], [size], [1], loc=loc, ip=ip
    )
    return sub.operation, cast.operation


def create(
    name: str,
    era: str,
    *,
    operands: dict[str, Any] | None = None,
    attrs: dict[str, Any] | None = None,
    results: list[Any] | None = None,
    ip: Any = None,
    loc: Any = None,
    regions: int | None = None,
) -> Any:
    """Build op ``name`` as era ``era`` defines it.

    ``operands`` maps ODS operand names to values; an int for an integer operand becomes an
    ``arith.constant`` of the operand's type (i32 unless given a value). ``attrs`` maps property
    names to Python values or attributes; integer values get the schema's exact type. Raises
    ``ValueError`` for anything the definition does not allow, so no malformed op is ever built;
    then nothing it built stays behind (neither the op nor the constants made for it).
    """
    made: list[Any] = []
    try:
        return _create(name, era, operands, attrs, results, ip, loc, regions, made)
    except BaseException:
        for value in reversed(made):
            value.owner.erase()
        raise


def _create(
    name, era, operands, attrs, results, ip, loc, regions, made: list[Any]
) -> Any:
    d = S.opdef(era, name)
    if d is None:
        raise ValueError(f"no {era} definition of '{name}'")
    operands = dict(operands or {})
    attrs = dict(attrs or {})
    loc = loc or ir.Location.unknown()
    flat: list[Any] = []
    sizes: list[int] = []
    for o in d.operands:
        v = operands.pop(o.name, None)
        vals = [] if v is None else (list(v) if isinstance(v, (list, tuple)) else [v])
        if o.arity == "single" and len(vals) != 1:
            raise ValueError(f"{name}: operand '{o.name}' is required")
        if o.arity == "optional" and len(vals) > 1:
            raise ValueError(f"{name}: operand '{o.name}' takes at most one value")
        flat.extend(vals)
        sizes.append(len(vals))
    if operands:
        raise ValueError(
            f"{name} ({era}) has no operand(s) {', '.join(sorted(operands))}"
        )
    built: dict[str, Any] = {}
    for key, value in attrs.items():
        a = d.attr(key)
        if a is None:
            raise ValueError(f"{name} ({era}) has no property '{key}'")
        built[key] = make_attr(a.type, value)
    missing = [a.name for a in d.attrs if a.required and a.name not in built]
    if missing:
        raise ValueError(
            f"{name} ({era}): missing required propert{'y' if len(missing) == 1 else 'ies'} "
            + ", ".join(missing)
        )
    if d.segments:
        built["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(sizes)
    group = [o for o, k in zip(d.operands, sizes, strict=True) for _ in range(k)]
    for i, (o, x) in enumerate(
        zip(group, flat, strict=True)
    ):  # constants last: nothing to undo before
        if isinstance(x, int):
            t = (
                "i64"
                if (
                    o.type == "i64"
                    or (o.type == "i32|i64" and not -(2**31) <= x < 2**31)
                )
                else ("index" if o.type == "index" else "i32")
            )
            flat[i] = constant(x, t, ip=ip, loc=loc)
            made.append(flat[i])
    op = ir.Operation.create(
        name,
        results=results or [],
        operands=flat,
        attributes=built,
        regions=d.regions if regions is None else regions,
        loc=loc,
        ip=ip,
    )
    problems = check_op(op, era)
    if problems:
        op.erase()
        raise ValueError(f"{name} ({era}): " + "; ".join(problems))
    return op


def set_attr(op: Any, name: str, value: Any, era: str) -> None:
    """Set a property by ODS name with the schema's exact type."""
    d = S.opdef(era, op.name)
    a = d.attr(name) if d else None
    if a is None:
        raise ValueError(f"{op.name} ({era}) has no property '{name}'")
    op.attributes[name] = make_attr(a.type, value)


def rebuild(op: Any, era: str, operands: list[Any]) -> Any:
    """``op`` with ``operands`` instead of its own, any number of them (MLIR's Python API cannot
    change an op's operand count): a new op of the same name, properties, discardable attributes,
    result types and location, inserted before ``op``, which the caller then erases. Only for ops
    whose definition is one variadic operand group (``aiex.run``): the new op then conforms to the
    schema exactly when ``op`` does, given operands of the group's type, which are checked.
    """
    d = S.opdef(era, op.name)
    if (
        d is None
        or d.segments
        or len(d.operands) != 1
        or d.operands[0].arity != "variadic"
    ):
        raise ValueError(
            f"{op.name} ({era}) does not take one variadic group of operands"
        )
    group = d.operands[0]
    for i, v in enumerate(operands):
        if group.type != "any" and not _type_ok(group.type, v.type):
            raise ValueError(
                f"{op.name}: operand #{i} ('{group.name}') must be "
                f"{_TYPE_DESCRIPTIONS[group.type]}, but got '{v.type}'"
            )
    attrs = {a.name: v for a in d.attrs if (v := attr_or_none(op, a.name)) is not None}
    attrs.update(listed_attrs(op))  # the discardable attributes
    return ir.Operation.create(
        op.name,
        results=[r.type for r in op.results],
        operands=operands,
        attributes=attrs,
        loc=op.location,
        ip=ir.InsertionPoint(op),
    )


# ------------------------------------------------------------------------------------------------
# checker


_TYPE_DESCRIPTIONS = {
    "i1": "1-bit signless integer",
    "i32": "32-bit signless integer",
    "i64": "64-bit signless integer",
    "i32|i64": "32-bit or 64-bit signless integer",
    "index": "index",
    "memref": "memref of any type values",
    "anymemref": "ranked or unranked memref of any type values",
    "any": "any type",
}


def _type_ok(constraint: str, t: Any) -> bool:
    if constraint == "any":
        return True
    if constraint == "index":
        return isa(ir.IndexType, t)
    if constraint == "memref":
        return isa(ir.MemRefType, t)
    if constraint == "anymemref":
        return is_host_buffer_type(t)
    if not isa(ir.IntegerType, t):
        return False
    it = ir.IntegerType(t)
    return it.is_signless and f"i{it.width}" in constraint.split("|")


def check_op(op: Any, era: str) -> list[str]:
    """Violations of ``op``'s definition in ``era``, one message each (empty: it conforms, or the
    schema does not know the op). An op in another era's form gets one message saying so.
    """
    op = getattr(op, "operation", op)
    if op.name in S.E0_OPS:
        return [_e0_message(op.name)]
    d = S.opdef(era, op.name)
    if d is None:
        return []
    shape = _shape_problems(op, d, era)
    if shape:  # the rest of the definition only applies to an op of its shape
        others = [
            e
            for e in S.ERAS
            if e != era and not _shape_problems(op, S.opdef(e, op.name), e)
        ]
        if others:
            return [
                f"has the IR era {_eras(others)} form, but the module is checked as {era}: {shape[0]}"
            ]
        return shape
    return [
        *_property_problems(op, d),
        *_exclusive_problems(op, d),
        *_result_problems(op, d),
        *_region_problems(op, d),
        *_placement_problems(op, d),
        *_trace_buffer_problems(op, d),
        *_verifier_problems(op, d),
    ]


def _shape_problems(op: Any, d: S.OpDef, era: str) -> list[str]:
    """What makes ``op`` not have ``d``'s shape: operand structure and types, segment sizes,
    properties that only other eras define."""
    problems = _operand_count_problems(op, d)
    if not problems:
        problems = _operand_type_problems(op, d)
    for name, eras in S.PROPERTY_ERAS.get(d.name, {}).items():
        if d.attr(name) is None and attr_or_none(op, name) is not None:
            problems.append(
                f"property '{name}' does not exist in IR era {era} (only in {_eras(eras)})"
            )
    return problems


def _operand_count_problems(op: Any, d: S.OpDef) -> list[str]:
    n = len(op.operands)
    seg = attr_or_none(op, "operandSegmentSizes")
    if not d.segments:
        if seg is not None:
            return [
                "has attribute 'operandSegmentSizes', but the op has no AttrSizedOperandSegments"
            ]
        problem = _unsegmented_count_problem(d, n)
        return [problem] if problem else []
    if seg is None:
        return ["requires attribute 'operandSegmentSizes'"]
    if not isa(ir.DenseI32ArrayAttr, seg):
        return [
            f"attribute 'operandSegmentSizes' failed to satisfy constraint: i32 dense array attribute "
            f"(got {seg})"
        ]
    sizes = list(ir.DenseI32ArrayAttr(seg))
    if len(sizes) != len(d.operands):
        return [
            f"'operandSegmentSizes' attribute for specifying operand segments must have "
            f"{len(d.operands)} elements, but got {len(sizes)}"
        ]
    if min(sizes, default=0) < 0:
        return ["'operandSegmentSizes' attribute cannot have negative elements"]
    if sum(sizes) != n:
        return [
            f"operand count ({n}) does not match with the total size ({sum(sizes)}) specified in "
            f"attribute 'operandSegmentSizes'"
        ]
    start = 0
    for o, k in zip(
        d.operands, sizes, strict=True
    ):  # the first misfit group, as MLIR reports it
        if o.arity == "single" and k != 1:
            return [
                f"operand group starting at #{start} ('{o.name}') requires 1 element, but found {k}"
            ]
        if o.arity == "optional" and k > 1:
            return [
                f"operand group starting at #{start} ('{o.name}') requires 0 or 1 element, but found {k}"
            ]
        start += k
    return []


def _unsegmented_count_problem(d: S.OpDef, n: int) -> str | None:
    fixed = sum(o.arity == "single" for o in d.operands)
    flexible = sum(o.arity == "optional" for o in d.operands)
    if any(o.arity == "variadic" for o in d.operands):
        return (
            f"expected {fixed} or more operands, but found {n}" if n < fixed else None
        )
    if not fixed <= n <= fixed + flexible:
        want = f"{fixed}" if not flexible else f"{fixed} to {fixed + flexible}"
        return f"expected {want} operands, but found {n}"
    return None


def _operand_type_problems(op: Any, d: S.OpDef) -> list[str]:
    problems, index = [], 0
    for o, values in zip(d.operands, _operand_groups(op, d), strict=True):
        for v in values:
            if not _type_ok(o.type, v.type):
                problems.append(
                    f"operand #{index} ('{o.name}') must be {_TYPE_DESCRIPTIONS[o.type]}, "
                    f"but got '{v.type}'"
                )
            index += 1
    return problems


def _operand_groups(op: Any, d: S.OpDef) -> list[list[Any]]:
    """Operands per ODS operand, in order (the op's operand structure must already check out)."""
    values = _segment_values(op, d)
    return [values.get(o.name, []) for o in d.operands]


#: the properties that hold a runtime sequence's layout record (IR eras E3/E4)
TRACE_RECORD_PROPERTIES = ("trace_buffer", "trace_slices")


def trace_record_problems(seq: Any, era: str) -> list[str]:
    """What ``aie-trace-check-ir`` reports about the parameters of the ``#aie.trace_buffer`` /
    ``#aie.trace_slice`` record properties of an ``aie.runtime_sequence`` in ``era``, in its
    words (empty outside E3/E4): readers of the record validate it with this, so that they accept
    exactly the parameter lists the checker accepts. (Whether ``arg_index`` names a memref
    argument, the layout reader checks itself.)"""
    seq = getattr(seq, "operation", seq)
    d = S.opdef(era, seq.name)
    if d is None:
        return []
    return [
        f"'{seq.name}' op {m}"
        for m in _property_problems(seq, d, TRACE_RECORD_PROPERTIES)
    ]


def _property_problems(
    op: Any, d: S.OpDef, only: tuple[str, ...] | None = None
) -> list[str]:
    problems = []
    for a in d.attrs:
        if only is not None and a.name not in only:
            continue
        v = attr_or_none(op, a.name)
        if v is None:
            if a.required:
                problems.append(f"requires attribute '{a.name}'")
            continue
        problem = _attr_value_problem(a, v)
        if problem:
            problems.append(
                f"attribute '{a.name}' failed to satisfy constraint: {problem}"
            )
    return problems


def _attr_value_problem(a: S.Attr, v: Any) -> str | None:
    desc = S.TAG_DESCRIPTIONS.get(a.type, a.type)
    detail = _attr_problem(a.type, v)
    if detail is not None:
        return f"{desc}: {detail}" if detail else f"{desc} (got {v})"
    if a.type in S.INT_TAGS:
        iv = int_attr_value(v)
        if a.values is not None and iv not in a.values:
            cases = (
                ", ".join(f"{k} ({n})" for k, n in S.ENUMS[a.enum].items())
                if a.enum
                else (", ".join(map(str, a.values)))
            )
            return f"{a.enum or desc} case, one of {cases}; got {iv}"
        if a.range is not None and not a.range[0] <= iv <= a.range[1]:
            return f"{desc} whose value is in [{a.range[0]}, {a.range[1]}]; got {iv}"
    if a.count is not None:
        n = (
            len(ir.DenseI64ArrayAttr(v))
            if a.type == S.DENSE_I64
            else len(ir.DenseI32ArrayAttr(v))
        )
        if n != a.count:
            return f"{desc} with exactly {a.count} elements; got {n}"
    return None


def _exclusive_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    groups = _operand_groups(op, d)
    for names in d.exclusive:
        present = [
            n
            for n in names
            if (
                attr_or_none(op, n) is not None
                if d.attr(n)
                else bool(groups[d.operands.index(d.operand(n))])
            )
        ]
        if len(present) != 1:
            what = " or ".join(
                f"{'attribute' if d.attr(n) else 'operand'} '{n}'" for n in names
            )
            problems.append(
                f"requires exactly one of {what}, but found {'none' if not present else 'both'}"
            )
    return problems


def _result_problems(op: Any, d: S.OpDef) -> list[str]:
    if len(op.results) != len(d.results):
        return [f"expected {len(d.results)} results, but found {len(op.results)}"]
    return [
        f"result #{i} must be {_TYPE_DESCRIPTIONS[c]}, but got '{r.type}'"
        for i, (c, r) in enumerate(zip(d.results, op.results, strict=True))
        if not _type_ok(c, r.type)
    ]


def _region_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    if len(op.successors) != d.successors:
        problems.append(
            f"expected {d.successors} successors, but found {len(op.successors)}"
        )
    if len(op.regions) != d.regions:
        return [*problems, f"expected {d.regions} regions, but found {len(op.regions)}"]
    for i, region in enumerate(op.regions):
        blocks = list(region.blocks)
        if d.single_block and len(blocks) > 1:
            problems.append(f"expects region #{i} to have 0 or 1 blocks")
            continue
        for block in blocks:
            ops = list(block.operations)
            last = ops[-1].name if ops else None
            found = f"'{last}'" if last else "an empty block"
            if d.terminator == S.END and last != S.END:
                problems.append(
                    f"expects region #{i} to end with 'aie.end', found {found}"
                )
            elif d.terminator == S.BD and last not in (S.END, "aie.next_bd"):
                problems.append(
                    f"expects each block of region #{i} to end with 'aie.end' or 'aie.next_bd', "
                    f"found {found}"
                )
            elif d.no_terminator and last == S.END:
                problems.append(
                    f"region #{i} has no terminator, but its block ends in 'aie.end'"
                )
    return problems


def _parent(op: Any) -> Any:
    try:
        return op.parent
    except ValueError:  # a detached (top-level) operation
        return None


def _placement_problems(op: Any, d: S.OpDef) -> list[str]:
    problems = []
    parent = _parent(op)
    if d.is_terminator and parent is not None and list(op.block.operations)[-1] != op:
        problems.append("must be the last operation in the parent block")
    if d.parents and (parent is None or parent.name not in d.parents):
        want = (
            f"'{d.parents[0]}'"
            if len(d.parents) == 1
            else f"to be one of '{', '.join(d.parents)}'"
        )
        problems.append(f"expects parent op {want}")
    if d.ancestors:
        p = parent
        while p is not None and p.name not in d.ancestors:
            p = _parent(p.operation)
        if p is None:
            problems.append(
                f"expects ancestor op {' or '.join(repr(a) for a in d.ancestors)}"
            )
    return problems


def _trace_buffer_problems(op: Any, d: S.OpDef) -> list[str]:
    """``trace_buffer.arg_index`` must name a memref argument of the sequence's block."""
    tb = attr_or_none(op, "trace_buffer")
    if (
        d.attr("trace_buffer") is None
        or tb is None
        or _attr_problem(S.TRACE_BUFFER, tb) is not None
    ):
        return []
    index = int(dict(aie_attr_params(tb, "trace_buffer"))["arg_index"], 0)
    blocks = list(op.regions[0].blocks)
    args = list(blocks[0].arguments) if blocks else []
    if index >= len(args):
        return [
            f"trace_buffer arg_index {index} names no argument of the sequence ({len(args)} arguments)"
        ]
    if not isa(ir.MemRefType, args[index].type):
        return [
            f"trace_buffer arg_index {index} names an argument of type '{args[index].type}', not a memref"
        ]
    return []


def _verifier_problems(op: Any, d: S.OpDef) -> list[str]:
    """The op verifiers' rules the schema states declaratively (``defined_by``,
    ``symbol_targets``, ``chain_args``, ``not_on_aie1``), in their words where they have any.
    """
    problems: list[str] = []
    device = parent_named(op, "aie.device")
    if d.not_on_aie1 and device is not None:
        kind = attr_or_none(device, "device")
        if (
            kind is not None and int_attr_value(kind) == 1
        ):  # xcvc1902, the only AIE1 device
            problems.append(d.not_on_aie1)
    groups = _segment_values(op, d)
    for name, owner in d.defined_by:
        for v in groups.get(name, []):
            if isinstance(v, ir.BlockArgument) or v.owner.name != owner:
                problems.append(f"operand '{name}' must be defined by '{owner}'")
    target = None
    for name, kinds, message in d.symbol_targets:
        ref = attr_or_none(op, name)
        if ref is None or not isa(ir.FlatSymbolRefAttr, ref) or device is None:
            continue
        wanted = ir.FlatSymbolRefAttr(ref).value
        target = next(
            (
                o.operation
                for o in body(device).operations
                if o.operation.name in kinds and symbol_name(o.operation) == wanted
            ),
            None,
        )
        if target is None:
            problems.append(message)
    if d.chain_args and target is not None:
        blocks = list(target.regions[0].blocks) if target.regions else []
        expected = [a.type for a in blocks[0].arguments] if blocks else []
        actual = [v.type for v in groups.get("args", [])]
        if len(actual) != len(expected):
            problems.append("Number of arguments mismatches.")
        else:
            for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
                if e != a:
                    problems.append(
                        f"Argument {i + 1} types mismatch: expected {e} but got {a}"
                    )
                    break
    return problems


@dataclass
class Violation:
    op: Any
    message: str


def check_module(module: Any, era: str) -> list[Violation]:
    """Every schema violation of every known aie/aiex op in ``module``, in walk order."""
    return [
        Violation(op, f"'{op.name}' op {msg}")
        for op in walk(module)
        for msg in check_op(op, era)
    ]


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
# types and attributes


def is_memref(value: Any) -> bool:
    """A value of ranked memref type."""
    return isa(ir.MemRefType, value.type)


def memref_shape(t: Any) -> list[int]:
    return list(ir.MemRefType(t).shape)


def memref_element_type(t: Any) -> Any:
    return ir.MemRefType(t).element_type


def memref_type(shape: list[int], element: Any, offset: int | None = None) -> Any:
    """``memref<shape x element>``; with ``offset``, the unit-stride strided layout at it."""
    layout = (
        None if offset is None else ir.StridedLayoutAttr.get(offset, [1] * len(shape))
    )
    return ir.MemRefType.get(shape, element, layout)


def memref_strides_and_offset(t: Any) -> tuple[list[int], int] | None:
    """Strides and offset of a memref type's layout; None when the layout is not strided."""
    try:
        strides, offset = ir.MemRefType(t).get_strides_and_offset()
    except Exception:  # a layout that is not strided: the bindings raise
        return None
    return list(strides), offset


def integer_width(t: Any) -> int | None:
    """The width of an integer type, None for any other type."""
    return ir.IntegerType(t).width if isa(ir.IntegerType, t) else None


def is_signless_integer(t: Any) -> bool:
    return isa(ir.IntegerType, t) and ir.IntegerType(t).is_signless


def is_index_type(t: Any) -> bool:
    return isa(ir.IndexType, t)


def int_type(width: int) -> Any:
    """The signless integer type ``i<width>``."""
    return ir.IntegerType.get_signless(width)


def index_type() -> Any:
    return ir.IndexType.get()


def is_attribute(x: Any) -> bool:
    return isinstance(x, ir.Attribute)


def dense_ints(attr: Any) -> list[int]:
    """The values of a ``DenseI64ArrayAttr`` or ``DenseI32ArrayAttr`` (empty for None)."""
    if attr is None:
        return []
    for cls in (ir.DenseI64ArrayAttr, ir.DenseI32ArrayAttr):
        if isinstance(attr, cls) or isa(cls, attr):  # (newer bindings downcast: fast)
            a = cls(attr)
            return [
                a[i] for i in range(len(a))
            ]  # indexed: iterating costs five times more
    raise TypeError("not a dense integer array attribute")


def dense_elements_ints(attr: Any) -> list[int]:
    """The integers of a ``DenseIntElementsAttr``."""
    return [int(x) for x in ir.DenseIntElementsAttr(attr)]


def string_attr(value: str) -> Any:
    return ir.StringAttr.get(value)


def string_value(attr: Any) -> str | None:
    """The string of a ``StringAttr``, None for any other attribute."""
    if isinstance(attr, ir.StringAttr):
        return attr.value
    return ir.StringAttr(attr).value if isa(ir.StringAttr, attr) else None


def symbol_ref(names: Iterable[str]) -> Any:
    """``@a`` for one name, ``@a::@b`` for a path."""
    names = list(names)
    if len(names) == 1:
        return ir.FlatSymbolRefAttr.get(names[0])
    return ir.SymbolRefAttr.get(names)


def symbol_ref_path(attr: Any) -> tuple[str, ...] | None:
    """The names of a (flat or nested) symbol reference; None for any other attribute."""
    if isa(ir.FlatSymbolRefAttr, attr):
        return (ir.FlatSymbolRefAttr(attr).value,)
    nested = getattr(ir, "SymbolRefAttr", None)
    if nested is not None and isa(nested, attr):
        return tuple(nested(attr).value)
    return None


def int_attr(type_: Any, value: int) -> Any:
    return ir.IntegerAttr.get(type_, value)


def array_items(attr: Any) -> list[Any] | None:
    """The elements of an ``ArrayAttr``; None for any other attribute."""
    return list(ir.ArrayAttr(attr)) if isa(ir.ArrayAttr, attr) else None


def array_attr(items: list[Any]) -> Any:
    return ir.ArrayAttr.get(items)


def dict_items(attr: Any) -> dict[str, Any] | None:
    """The entries of a ``DictAttr``; None for any other attribute."""
    if not isa(ir.DictAttr, attr):
        return None
    return {na.name: na.attr for na in ir.DictAttr(attr)}


def dict_attr(items: dict[str, Any]) -> Any:
    return ir.DictAttr.get(items)


def parse_attr(text: str) -> Any:
    """An attribute from its IR text (for writing one whose text this project composes)."""
    return ir.Attribute.parse(text)


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


def clone_byte_view(
    view: tuple[Any, Any],
    buffer: Any,
    offset: int | Any,
    size: int,
    ip: Any,
    loc: Any,
) -> tuple[Any, Any]:
    """A :func:`byte_view` made by cloning ``view`` (the two ops of a byte view of the same
    ``size``, type and static-or-not offset) at ``ip`` and giving the clones ``buffer``,
    ``offset`` and ``loc``, which costs less than building one; both ops are returned.
    """
    dynamic = not isinstance(offset, int)
    static = S.DYNAMIC if dynamic else offset
    i8 = ir.IntegerType.get_signless(8)
    sub, cast = view[0].clone(ip=ip), view[1].clone(ip=ip)
    sub.operands[0] = buffer
    if dynamic:
        sub.operands[1] = offset
    sub.attributes["static_offsets"] = ir.DenseI64ArrayAttr.get([static])
    sub.result.set_type(
        ir.MemRefType.get([size], i8, ir.StridedLayoutAttr.get(static, [1]))
    )
    cast.operands[0] = sub.result
    sub.location = cast.location = loc
    return sub, cast


# ------------------------------------------------------------------------------------------------
# host side: emulator, events, layout, runtime, command lines


def is_unsigned_integer(t: Any) -> bool:
    """An unsigned integer type (``ui8``)."""
    return isa(ir.IntegerType, t) and ir.IntegerType(t).is_unsigned


def dict_scalars(attr: Any) -> dict[str, str | int] | None:
    """A ``DictAttr``'s entries as Python strings and integers; None for any other attribute, or
    when an entry is neither a string nor a (non-boolean) integer."""
    items = dict_items(attr)
    if items is None:
        return None
    out: dict[str, str | int] = {}
    for key, v in items.items():
        text = string_value(v)
        if text is not None:
            out[key] = text
        elif isa(ir.IntegerAttr, v) and not isa(ir.BoolAttr, v):
            out[key] = int_attr_value(v)
        else:
            return None
    return out
