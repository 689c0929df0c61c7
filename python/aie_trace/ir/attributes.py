# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Attribute and type values read and made through the bindings' structured accessors.

Integers, strings, symbols, arrays, dictionaries, dense elements, memref and integer types; the
one tokenizer for the parameters of an ``#aie.*<...>`` attribute the bindings do not know (its
text comes from ``OpaqueAttr``'s data, never from printing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from . import schema as S
from .diagnostics import unescape_string

# Re-exported: the IR layer's context and the typed builders for builtin ops.
from .provider import ir
from .structure import isa

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
