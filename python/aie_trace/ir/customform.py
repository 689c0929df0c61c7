# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The custom assembly form of the aie/aiex ops, as ``aie-opt`` and aiecc print it, read without
mlir-aie.

Without mlir-aie's bindings the aie/aiex dialects are unregistered and MLIR parses only their
generic form. The bindings parse every *registered* dialect's custom form themselves (``arith``,
``func``, ``cf``, ``memref``, ``scf`` ...), so only the aie/aiex ops need rewriting, and each
one locally: :func:`to_generic` turns every custom-form aie/aiex op of a module's text into its
generic form, with ``loc("file":line:col)`` of the op as the user wrote it, and leaves the rest of
the text as it was (line numbers included), for the bindings to parse.

Each op is read by its assembly format (:data:`aie_trace.ir.schema.ASSEMBLY`, ODS's declarative
syntax) against the era's op definition (:data:`aie_trace.ir.schema.SCHEMAS`): a ``$name`` is an
operand, an attribute, a successor or a result of that definition, and an operand's type comes
from the format (``type($x)``) or from its buildable ODS type (``index``, ``i32``, ``i64``), so no
module-wide type table is needed. The eras are tried newest first; the first whose definition
and format read the op whole is taken (only the given era's, when the caller gives one). Enum keywords become the integers the generic form holds
(``DMA`` -> ``1 : i32``), stripped dialect attributes get their mnemonic back
(``<pkt_type = 0, pkt_id = 1>`` -> ``#aie.packet_info<...>``), inherent attributes go into the
properties (``<{...}>``), the rest stay discardable, and the implicit ``aie.end`` of a
``SingleBlockImplicitTerminator`` region is written out. An op the schema does not know, or one
that does not read in any era, is a :class:`CustomFormError` at the op.

Two paths read the text and give the same module: a fast path (one compiled expression per
reading of an op, the text between aie/aiex ops skipped wholesale) and the token reader, which
reads whatever the fast path does not vouch for. This module is text only: it never touches the
bindings' objects. The IR layer
(:func:`aie_trace.ir.structure.parse_op`) calls it and parses the result.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property

from . import schema

#: a token: its kind, its text, its start and end offsets in the source
_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*)
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<ssa>%[\w$.\-]+(?:\#\d+)?)
  | (?P<blk>\^[\w$.\-]+)
  | (?P<sym>@(?:[\w$.\-]+|"(?:[^"\\\n]|\\.)*"))
  | (?P<hash>\#[\w$.\-]*)
  | (?P<bang>![\w$.\-]*)
  | (?P<num>-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?))
  | (?P<id>[A-Za-z_][\w$.]*)
  | (?P<arrow>->)
  | (?P<dcolon>::)
  | (?P<punct>[()\[\]{}<>,:=?*+\-])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)

#: a quick test for text that may hold a custom-form aie/aiex op (a generic op name is quoted,
#: an attribute or a type is prefixed)
_MAYBE_CUSTOM = re.compile(r'(?<![\w"#!.$%@^])aiex?\.[A-Za-z_]')

#: the name a ``func.call`` inside an aie/aiex op's region is held under. Its callee lives in
#: the enclosing ``aie.device``, a symbol table only when mlir-aie registers it; MLIR's verifier
#: looks the callee up from the call and stops at the first unregistered op with one region, so
#: the bindings refuse such a call whatever its form. Held under an unregistered name it keeps its
#: operands, callee and types; the printers write it back as ``func.call``.
HELD_CALL = "aie_trace.func_call"

#: the stripped spelling of a dialect attribute -> its full spelling
_STRIPPED = {
    schema.TRACE_EVENT: "#aie.trace_event",
    schema.PACKET_INFO: "#aie.packet_info",
    schema.BD_ITERATION: "#aie.bd_iteration",
    schema.BD_DIMS: "#aie<bd_dim_layout_array",
    schema.BD_PADS: "#aie<bd_pad_layout_array",
}
_BUILDABLE = {"index": "index", "i32": "i32", "i64": "i64", "i1": "i1"}


class CustomFormError(ValueError):
    """Custom-form text that does not read: ``line``/``col`` (1-based) locate it."""

    def __init__(self, message: str, line: int, col: int):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col


class Token:
    """A token: its kind, its text, its start and end offsets in the source."""

    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind: str, text: str, start: int, end: int):
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end


class _Fail(Exception):
    """One reading of an op failed at token ``pos`` (another era may read it)."""

    def __init__(self, pos: int, message: str):
        super().__init__(message)
        self.pos = pos
        self.message = message


def tokenize(text: str) -> list[Token]:
    out = []
    append = out.append
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "ws" or kind == "comment":
            continue
        append(Token(kind, m.group(), m.start(), m.end()))
    return out


def closing_index(toks: list[Token], pos: int) -> int | None:
    """The index of the token that closes the bracket ``toks[pos]`` (one of ``( [ { <``), or None
    when it is never closed."""
    opening = toks[pos].text
    closing = {"(": ")", "[": "]", "{": "}", "<": ">"}[opening]
    depth = 0
    for j in range(pos, len(toks)):
        tx = toks[j].text
        if tx == opening:
            depth += 1
        elif tx == closing:
            depth -= 1
            if depth == 0:
                return j
    return None


def may_hold_custom_ops(text: str) -> bool:
    """Whether ``text`` may hold a custom-form aie/aiex op (cheap; False means it holds none)."""
    return _MAYBE_CUSTOM.search(text) is not None


def mlir_string(text: str) -> str:
    """``text`` as an MLIR string literal."""
    out = []
    for b in text.encode():
        c = chr(b)
        out.append(c if 0x20 <= b < 0x7F and c not in '"\\' else f"\\{b:02X}")
    return '"' + "".join(out) + '"'


# ------------------------------------------------------------------------------------------------
# formats


@dataclass(frozen=True)
class Lit:
    text: str


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class TypeOf:
    name: str  # "operands" for type(operands)


@dataclass(frozen=True)
class Custom:
    directive: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class Group:
    elements: tuple
    anchor: str | None


@dataclass(frozen=True)
class Keyword:
    name: str  # attr-dict, attr-dict-with-keyword, regions


_FORMAT_TOKEN = re.compile(
    r"`([^`]*)`|\$(\w+)\^?|type\((\$\w+|operands)\)|custom<(\w+)>\(([^)]*(?:\([^)]*\))?[^)]*)\)"
    r"|(attr-dict-with-keyword|attr-dict|regions)|(\()|(\)\?)|(\^)|\s+"
)


def parse_format(fmt: str) -> tuple:
    """An ODS assembly format as a tuple of elements."""
    stack: list[list] = [[]]
    anchors: list[str | None] = [None]
    pos = 0
    while pos < len(fmt):
        m = _FORMAT_TOKEN.match(fmt, pos)
        if m is None:
            raise ValueError(f"bad assembly format at {pos}: {fmt!r}")
        pos = m.end()
        lit, var, typ, cname, cargs, kw, open_, close, _caret = m.groups()
        if lit is not None:
            stack[-1].append(Lit(lit.strip()))  # `` (empty): no space in print
        elif var is not None:
            stack[-1].append(Var(var))
            if m.group().endswith("^"):
                anchors[-1] = var
        elif typ is not None:
            stack[-1].append(TypeOf(typ.lstrip("$")))
        elif cname is not None:
            args = tuple(
                a.strip().lstrip("$")
                for a in re.sub(r"ref\(type\((\$\w+)\)\)", r"\1", cargs).split(",")
            )
            stack[-1].append(Custom(cname, args))
            if fmt[m.end() : m.end() + 1] == "^":
                anchors[-1] = args[0]
                pos += 1
        elif kw is not None:
            stack[-1].append(Keyword(kw))
        elif open_ is not None:
            stack.append([])
            anchors.append(None)
        elif close is not None:
            elements = tuple(stack.pop())
            stack[-1].append(Group(elements, anchors.pop()))
    if len(stack) != 1:
        raise ValueError(f"unbalanced assembly format: {fmt!r}")
    return tuple(stack[0])


_FORMATS: dict[str, tuple] = {}


def _format(fmt: str) -> tuple:
    parsed = _FORMATS.get(fmt)
    if parsed is None:
        parsed = _FORMATS[fmt] = parse_format(fmt)
    return parsed


_READINGS: dict[str, list[tuple[frozenset[str], schema.OpDef, tuple]]] = {}


def readings(
    name: str, era: str | None = None
) -> list[tuple[frozenset[str], schema.OpDef, tuple]]:
    """The (eras, definition, parsed format) triples op ``name`` may be read with, newest first,
    one per distinct definition and format, with the eras that share them (only ``era``'s, when
    it is given)."""
    if era is not None:
        return [r for r in readings(name) if era in r[0]]
    cached = _READINGS.get(name)
    if cached is not None:
        return cached
    found: dict[tuple, tuple[schema.OpDef, str, list[str]]] = {}
    for era in reversed(schema.ERAS):
        fmt = schema.assembly_format(era, name)
        if fmt is not None:
            d = schema.SCHEMAS[era][name]
            # definitions that differ only in attributes the format does not name read the same
            # text into the same generic op: one reading serves their eras
            named = frozenset(re.findall(r"\$(\w+)", fmt))
            key = (
                fmt,
                d.operands,
                d.segments,
                d.results,
                d.terminator,
                frozenset(a.name for a in d.attrs if a.name in named),
            )
            found.setdefault(key, (d, fmt, []))[2].append(era)
    out = [(frozenset(eras), d, _format(fmt)) for d, fmt, eras in found.values()]
    _READINGS[name] = out
    return out


def _properties(name: str) -> frozenset[str]:
    return frozenset(schema.PROPERTY_ERAS.get(name, {}))


# ------------------------------------------------------------------------------------------------
# the reader


@dataclass
class _Op:
    """What reading one op collects, in generic terms."""

    values: dict[str, list[str]] = field(default_factory=dict)
    types: dict[str, list[str]] = field(default_factory=dict)
    props: dict[str, str] = field(default_factory=dict)
    attrs: list[tuple[str, str]] = field(default_factory=list)
    successors: list[str] = field(default_factory=list)
    bodies: list[str] = field(default_factory=list)
    entry_args: str | None = None
    result_types: dict[str, str] = field(default_factory=dict)
    newlines: int = 0
    #: the (open, close) tokens of each region read
    spans: list[tuple[int, int]] = field(default_factory=list)

    def copy(self) -> _Op:
        return _Op(
            {k: list(v) for k, v in self.values.items()},
            {k: list(v) for k, v in self.types.items()},
            dict(self.props),
            list(self.attrs),
            list(self.successors),
            list(self.bodies),
            self.entry_args,
            dict(self.result_types),
            self.newlines,
            list(self.spans),
        )


class Reader:
    """Rewrites the custom-form aie/aiex ops of one text into generic form."""

    def __init__(self, text: str, source_name: str, era: str | None = None):
        self.text = text
        self.source = mlir_string(source_name)
        #: the era the text is read in, when it is given (else the module's ops decide)
        self.era = era
        self.op_pos = 0
        #: the converted text of each region read, by its opening token
        self.bodies: dict[int, str] = {}
        #: the eras every op read so far reads in
        self.eras: frozenset[str] = frozenset(schema.ERAS if era is None else (era,))
        #: per op whose text reads differently in different eras: (eras, generic text) choices
        self.alternatives: list[list[tuple[frozenset[str], str]]] = []
        #: the failure furthest into the text among the optional groups tried (a better message
        #: than the one where reading stopped)
        self.furthest: _Fail | None = None

    @cached_property
    def toks(self) -> list[Token]:
        return tokenize(self.text)

    @cached_property
    def line_starts(self) -> list[int]:
        return [0] + [m.end() for m in re.finditer("\n", self.text)]

    # -- positions
    def where(self, pos: int) -> tuple[int, int]:
        offset = self.toks[pos].start if pos < len(self.toks) else len(self.text)
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def error(self, pos: int, message: str) -> CustomFormError:
        line, col = self.where(pos)
        return CustomFormError(message, line, col)

    # -- the text
    def convert(self) -> str:
        out: list[str] = []
        copied = self._convert_range(0, len(self.toks), out, 0)
        out.append(self.text[copied:])
        return self.resolve("".join(out))

    def resolve(self, text: str) -> str:
        """``text`` with each op that reads differently in different eras written in the
        newest era all of the module's ops allow."""
        if not self.alternatives:
            return text
        era = max(self.eras, key=schema.ERAS.index) if self.eras else None
        if self.era is not None:
            era = self.era

        def chosen(m: re.Match) -> str:
            alternatives = self.alternatives[int(m.group(1))]
            return next(
                (t for eras, t in alternatives if era in eras), alternatives[0][1]
            )

        while "\x00" in text:  # (a chosen text may hold nested choices)
            text = re.sub("\x00(\\d+)\x00", chosen, text)
        return text

    def _convert_range(
        self, i: int, end: int, out: list[str], copied: int, in_aie: bool = False
    ) -> int:
        """Copy text from offset ``copied`` while rewriting the aie/aiex ops among tokens
        ``i``..``end`` (``in_aie``: inside an aie/aiex op's region); returns the offset copied
        up to."""
        toks = self.toks
        while i < end:
            t = toks[i]
            if in_aie and t.text == '"func.call"':
                out.append(self.text[copied : t.start] + f'"{HELD_CALL}"')
                copied = t.end
            elif in_aie and t.text == "func.call":
                out.append(self.text[copied : t.start])
                i, text = self._read_call(i)
                out.append(text)
                copied = toks[i - 1].end
                continue
            if (
                t.kind == "id"
                and (t.text.startswith("aie.") or t.text.startswith("aiex."))
                and not self._attribute_name(i)
            ):
                start = self._op_start(i)
                out.append(self.text[copied : t.start])
                i, text = self._read_op(i, start)
                out.append(text)
                copied = toks[i - 1].end
                continue
            i += 1
        return copied

    def _attribute_name(self, i: int) -> bool:
        """Whether the dialect-prefixed word at token ``i`` names an attribute of a dictionary
        (``{aie.trace_buffer_arg}``, ``{aie.x = 1}``), not an op."""
        toks = self.toks
        after = toks[i + 1].text if i + 1 < len(toks) else ""
        before = toks[i - 1].text if i > 0 else ""
        if after == "=" or before == ",":
            return True
        return before == "{" and after in (",", "}") and not readings(toks[i].text)

    def _read_call(self, i: int) -> tuple[int, str]:
        """A custom-form ``func.call`` at name token ``i``, as a held call (:data:`HELD_CALL`)."""
        toks = self.toks
        start = self._op_start(i)
        try:
            pos = i + 1
            if pos >= len(toks) or toks[pos].kind != "sym":
                raise _Fail(pos, "expected the callee")
            callee = toks[pos].text
            close = self._balanced(self._expect(pos + 1, "(") - 1)
            args = [
                toks[k].text for k in range(pos + 2, close) if toks[k].kind == "ssa"
            ]
            pos = close + 1
            op = _Op()
            if self._peek(pos, "{"):
                pos = self._attr_dict(pos, op, "func.call")
            pos = self._expect(pos, ":")
            fn, pos = self._type(pos)
        except _Fail as f:
            raise self.error(f.pos, f"'func.call': {f.message}") from None
        attrs = ", ".join(
            [f"callee = {callee}"]
            + [_entry(k, v) for k, v in op.attrs + list(op.props.items())]
        )
        if self._peek(pos, "loc") and self._peek(pos + 1, "("):
            close = self._balanced(pos + 1)
            loc = self._span(pos, close)
            pos = close + 1
        else:
            line, col = self.where(start)
            loc = f"loc({self.source}:{line}:{col})"
        newlines = self.text.count("\n", toks[i].start, toks[pos - 1].end)
        text = (
            f'"{HELD_CALL}"({", ".join(args)}) {{{attrs}}} : {fn} {loc}'
            + "\n" * newlines
        )
        return pos, text

    def _op_start(self, i: int) -> int:
        """The token where the op at name token ``i`` starts (its result list, if any)."""
        toks = self.toks
        if i == 0 or toks[i - 1].text != "=":
            return i
        start = i
        j = i - 2
        while j >= 0 and (toks[j].kind in ("ssa", "num") or toks[j].text in (",", ":")):
            if toks[j].kind == "ssa":
                start = j
            j -= 1
        return start

    def _read_op(self, i: int, start: int) -> tuple[int, str]:
        name = self.toks[i].text
        choices = readings(name, self.era)
        if not choices and self.era is not None and readings(name):
            raise self.error(
                start, f"'{name}' has no custom form in era {self.era} (the era given)"
            )
        if not choices:
            raise self.error(
                start,
                f"custom form of '{name}' is not known to aie-trace (write the op in generic "
                "form, or use mlir-aie's bindings, which read every op of its dialects)",
            )
        best: _Fail | None = None
        read: list[tuple[frozenset[str], int, str]] = []
        for eras, d, fmt in choices:
            self.furthest = None
            try:
                pos, text = self._read_with(i, start, name, d, fmt)
            except _Fail as f:
                for failure in (f, self.furthest):
                    if failure is not None and (best is None or failure.pos > best.pos):
                        best = failure
                continue
            if not read or pos == read[0][1]:
                read.append((eras, pos, text))
        if not read:
            assert best is not None
            raise self.error(best.pos, f"'{name}': {best.message}")
        self.eras &= frozenset().union(*(eras for eras, _, _ in read))
        if len({text for _, _, text in read}) == 1:
            return read[0][1], read[0][2]
        # the text reads in eras whose generic forms differ (an E2 address_patch has no operand
        # segments, an E3 one has): the module's other ops decide (resolve)
        self.alternatives.append([(eras, text) for eras, _, text in read])
        return read[0][1], f"\x00{len(self.alternatives) - 1}\x00"

    def _read_with(
        self, i: int, start: int, name: str, d: schema.OpDef, fmt: tuple
    ) -> tuple[int, str]:
        op = _Op()
        self.op_pos = start
        pos = self._elements(fmt, i + 1, op, d, name)
        # a location the user wrote stays theirs
        loc = None
        if (
            pos < len(self.toks)
            and self.toks[pos].text == "loc"
            and self._peek(pos + 1, "(")
        ):
            close = self._balanced(pos + 1)
            loc = self.text[self.toks[pos].start : self.toks[close].end]
            pos = close + 1
        if loc is None:
            line, col = self.where(start)
            loc = f"loc({self.source}:{line}:{col})"
        newlines = self.text.count("\n", self.toks[i].start, self.toks[pos - 1].end)
        op.newlines = newlines - sum(
            self.text.count("\n", self.toks[a].start, self.toks[b].end)
            for a, b in op.spans
        )
        return pos, self._generic(name, d, op, loc)

    # -- token helpers
    def _peek(self, pos: int, text: str) -> bool:
        return pos < len(self.toks) and self.toks[pos].text == text

    def _expect(self, pos: int, text: str) -> int:
        if not self._peek(pos, text):
            raise _Fail(pos, f"expected '{text}'")
        return pos + 1

    def _balanced(self, pos: int) -> int:
        """The index of the token closing the bracket at ``pos``."""
        end = closing_index(self.toks, pos)
        if end is None:
            raise _Fail(pos, f"'{self.toks[pos].text}' is never closed")
        return end

    def _span(self, a: int, b: int) -> str:
        """Source text of tokens ``a``..``b`` inclusive."""
        return self.text[self.toks[a].start : self.toks[b].end]

    # -- elements
    def _elements(
        self, elements: tuple, pos: int, op: _Op, d: schema.OpDef, name: str
    ) -> int:
        for el in elements:
            if isinstance(el, Lit):
                if el.text:
                    pos = self._expect(pos, el.text)
            elif isinstance(el, Var):
                pos = self._var(el.name, pos, op, d, name)
            elif isinstance(el, TypeOf):
                pos = self._type_of(el.name, pos, op, d)
            elif isinstance(el, Custom):
                pos = self._custom(el, pos, op, d, name)
            elif isinstance(el, Keyword):
                pos = self._keyword(el.name, pos, op, d, name)
            elif isinstance(el, Group):
                pos = self._group(el, pos, op, d, name)
        return pos

    def _group(self, g: Group, pos: int, op: _Op, d: schema.OpDef, name: str) -> int:
        first = g.elements[0]
        if isinstance(first, Lit) and not self._peek(pos, first.text):
            return pos
        if any(
            isinstance(e, Var) and not _known(d, e.name) for e in g.elements
        ):  # the group names what this era's op does not have
            return pos
        saved = op.copy()
        try:
            return self._elements(g.elements, pos, op, d, name)
        except _Fail as f:
            self.furthest = (
                max(self.furthest, f, key=lambda x: x.pos) if self.furthest else f
            )
            op.__dict__.update(saved.__dict__)
            return pos

    def _var(self, var: str, pos: int, op: _Op, d: schema.OpDef, name: str) -> int:
        toks = self.toks
        operand = d.operand(var)
        if operand is not None:
            if operand.arity == "variadic":
                values = []
                while pos < len(toks) and toks[pos].kind == "ssa":
                    values.append(toks[pos].text)
                    pos += 1
                    if (
                        not self._peek(pos, ",")
                        or pos + 1 >= len(toks)
                        or toks[pos + 1].kind != "ssa"
                    ):
                        break
                    pos += 1
                op.values[var] = values
                return pos
            if pos >= len(toks) or toks[pos].kind != "ssa":
                raise _Fail(pos, f"expected an SSA value for '{var}'")
            op.values[var] = [toks[pos].text]
            return pos + 1
        attr = d.attr(var)
        if attr is not None:
            start = pos
            text, pos = self._attr_value(attr, pos)
            if attr.type == schema.ELEMENTS and not self._peek(pos - 2, ":"):
                # custom<BufferInitialValue>: the elements take the buffer's type
                given = list(op.result_types.values())
                if not given or self.toks[pos - 1].text not in (">",):
                    raise _Fail(start, "expected an elements attribute")
                text = f"{text} : {given[0].replace('memref', 'tensor', 1)}"
            op.props[var] = text
            return pos
        if var in ("dest", "chain") and d.successors:
            if pos >= len(toks) or toks[pos].kind != "blk":
                raise _Fail(pos, "expected a block successor")
            op.successors.append(toks[pos].text)
            return pos + 1
        if var == "body":
            return self._keyword("regions", pos, op, d, name)
        raise _Fail(pos, f"'{var}' is not a field of this op in this era")

    def _attr_value(self, attr: schema.Attr, pos: int) -> tuple[str, int]:
        toks = self.toks
        if pos >= len(toks):
            raise _Fail(pos, f"expected a value for '{attr.name}'")
        t = toks[pos]
        kind = attr.type
        if attr.enum is not None:
            return self._enum_value(attr, pos)
        if kind in schema.INT_TAGS:
            if t.kind != "num" or "." in t.text:
                raise _Fail(pos, f"expected an integer for '{attr.name}'")
            return f"{_int(t.text)} : {kind}", pos + 1
        if kind == schema.BOOL:
            if t.text not in ("true", "false"):
                raise _Fail(pos, f"expected true or false for '{attr.name}'")
            return t.text, pos + 1
        if kind == schema.STR:
            if t.kind == "str":
                return t.text, pos + 1
            if t.kind == "sym":  # a SymbolNameAttr prints as @name
                body = t.text[1:]
                return (body if body.startswith('"') else f'"{body}"'), pos + 1
            raise _Fail(pos, f"expected a string for '{attr.name}'")
        if kind in (schema.FLAT_SYMREF, schema.SYMREF):
            return self._symbol_ref(attr, pos)
        prefix = _STRIPPED.get(kind)
        if prefix is not None and t.text in ("<", "["):
            close = self._balanced(pos)
            inner = self._span(pos, close)
            if prefix.endswith("_array"):
                return f"{prefix}{inner}>", close + 1
            return f"{prefix}{inner}", close + 1
        return self._raw_attr(pos)

    def _symbol_ref(self, attr: schema.Attr, pos: int) -> tuple[str, int]:
        toks = self.toks
        if toks[pos].kind != "sym":
            raise _Fail(pos, f"expected a symbol reference for '{attr.name}'")
        end = pos
        while (
            self._peek(end + 1, "::")
            and end + 2 < len(toks)
            and toks[end + 2].kind == "sym"
        ):
            end += 2
        return self._span(pos, end), end + 1

    def _enum_value(self, attr: schema.Attr, pos: int) -> tuple[str, int]:
        """An enum keyword (or its quoted spelling) as the integer the generic form holds."""
        t = self.toks[pos]
        assert attr.enum is not None
        names = {v: k for k, v in schema.ENUMS[attr.enum].items()}
        word = t.text[1:-1] if t.kind == "str" else t.text
        if t.kind in ("id", "str") and word in names:
            return f"{names[word]} : i32", pos + 1
        if t.kind == "num":
            return f"{_int(t.text)} : i32", pos + 1
        raise _Fail(
            pos, f"expected {attr.enum} for '{attr.name}', one of {', '.join(names)}"
        )

    def _raw_attr(self, pos: int) -> tuple[str, int]:
        """An attribute as written, up to a top-level ',' / '}' / ')' / keyword that follows it."""
        toks = self.toks
        end = pos
        if toks[pos].text in "([{<":
            end = self._balanced(pos)
        elif toks[pos].kind == "id" and self._peek(pos + 1, "<"):
            end = self._balanced(pos + 1)
        if self._peek(end + 1, ":") and end + 2 < len(toks):  # a typed value: 5 : i32
            j = end + 2
            end = self._balanced(j + 1) if self._peek(j + 1, "<") else j
        return self._span(pos, end), end + 1

    def _type(self, pos: int) -> tuple[str, int]:
        toks = self.toks
        if (
            pos >= len(toks)
            or toks[pos].kind not in ("id", "bang")
            and toks[pos].text != "("
        ):
            raise _Fail(pos, "expected a type")
        end = pos
        if toks[pos].text == "(":
            end = self._balanced(pos)
            if self._peek(end + 1, "->"):
                return self._type_after_arrow(pos, end + 2)
        elif (
            self._peek(pos + 1, "<") and toks[pos + 1].start == toks[pos].end
        ):  # memref<...>
            end = self._balanced(pos + 1)
        return self._span(pos, end), end + 1

    def _type_after_arrow(self, start: int, pos: int) -> tuple[str, int]:
        _, end = self._type(pos)
        return self._span(start, end - 1), end

    def _types(self, pos: int, count: int) -> tuple[list[str], int]:
        out: list[str] = []
        while len(out) < count:
            if out:
                pos = self._expect(pos, ",")
            t, pos = self._type(pos)
            out.append(t)
        return out, pos

    def _type_of(self, var: str, pos: int, op: _Op, d: schema.OpDef) -> int:
        if var == "operands":
            names = [o.name for o in d.operands]
            count = sum(len(op.values.get(n, [])) for n in names)
            types, pos = self._types(pos, count)
            for n in names:
                k = len(op.values.get(n, []))
                op.types[n], types = types[:k], types[k:]
            return pos
        operand = d.operand(var)
        if operand is not None:
            count = len(op.values.get(var, [])) if operand.arity == "variadic" else 1
            op.types[var], pos = self._types(pos, count)
            return pos
        t, pos = self._type(pos)
        op.result_types[var] = t
        return pos

    def _custom(self, c: Custom, pos: int, op: _Op, d: schema.OpDef, name: str) -> int:
        read = getattr(self, f"_custom_{c.directive}", None)
        if read is None:
            raise _Fail(pos, f"custom<{c.directive}> is not read")
        return read(c.args, pos, op)

    def _tok(self, pos: int) -> Token | None:
        return self.toks[pos] if pos < len(self.toks) else None

    def _custom_DynamicIndexList(
        self, args: tuple[str, ...], pos: int, op: _Op
    ) -> int:  # noqa: N802
        """``[%a, 0, %b]``: the SSA values as operands, the static array with kDynamic where an
        SSA value stands."""
        operand, static = args
        pos = self._expect(pos, "[")
        values: list[str] = []
        statics: list[int] = []
        while not self._peek(pos, "]"):
            t = self._tok(pos)
            if t is not None and t.kind == "ssa":
                values.append(t.text)
                statics.append(schema.DYNAMIC)
            elif t is not None and t.kind == "num":
                statics.append(_int(t.text))
            else:
                raise _Fail(
                    pos, "expected an SSA value or an integer in the index list"
                )
            pos += 1
            if self._peek(pos, ","):
                pos += 1
            elif not self._peek(pos, "]"):
                raise _Fail(pos, "expected ',' or ']'")
        op.values[operand] = values
        op.props[static] = (
            "array<i64" + (": " if statics else "") + ", ".join(map(str, statics)) + ">"
        )
        return pos + 1

    def _custom_DynamicScalar(
        self, args: tuple[str, ...], pos: int, op: _Op
    ) -> int:  # noqa: N802
        operand, static = args
        t = self._tok(pos)
        if t is not None and t.kind == "ssa":
            op.values[operand] = [t.text]
            return pos + 1
        if t is not None and t.kind == "num":
            op.props[static] = f"{_int(t.text)} : i32"
            return pos + 1
        raise _Fail(pos, f"expected an SSA value or an integer for '{operand}'")

    def _custom_EntryArguments(
        self, args: tuple[str, ...], pos: int, op: _Op
    ) -> int:  # noqa: N802
        """``(%a: T loc(...), ...)``: the region's entry block header."""
        toks = self.toks
        pos = self._expect(pos, "(")
        entries = []
        while not self._peek(pos, ")"):
            if pos >= len(toks) or toks[pos].kind != "ssa":
                raise _Fail(pos, "expected a region argument")
            arg = toks[pos].text
            pos = self._expect(pos + 1, ":")
            t, pos = self._type(pos)
            if self._peek(pos, "loc"):
                close = self._balanced(pos + 1)
                t = f"{t} {self._span(pos, close)}"
                pos = close + 1
            entries.append(f"{arg}: {t}")
            if self._peek(pos, ","):
                pos += 1
        op.entry_args = "^bb0(" + ", ".join(entries) + "):"
        return pos + 1

    def _custom_TraceRegValue(
        self, args: tuple[str, ...], pos: int, op: _Op
    ) -> int:  # noqa: N802
        """An integer (an i32 attribute, as ``parseTraceRegValue`` builds it) or an event."""
        t = self._tok(pos)
        if t is not None and t.kind == "num":
            op.props[args[0]] = f"{_int(t.text)} : i32"
            return pos + 1
        if t is not None and t.kind == "str":
            op.props[args[0]] = t.text
            return pos + 1
        if t is not None and t.text == "<":
            close = self._balanced(pos)
            op.props[args[0]] = "#aie.trace_event" + self._span(pos, close)
            return close + 1
        raise _Fail(pos, "expected an integer or an event for 'value'")

    def _keyword(self, kw: str, pos: int, op: _Op, d: schema.OpDef, name: str) -> int:
        if kw == "regions":
            if not self._peek(pos, "{"):
                raise _Fail(pos, "expected a region")
            while self._peek(pos, "{"):
                close = self._balanced(pos)
                op.bodies.append(self._region(pos, close, op, d))
                op.spans.append((pos, close))
                pos = close + 1
                if not (
                    d.regions > len(op.bodies)
                    and self._peek(pos, ",")
                    and self._peek(pos + 1, "{")
                ):
                    break
                pos += 1
            return pos
        if kw == "attr-dict-with-keyword":
            if not self._peek(pos, "attributes"):
                return pos
            pos += 1
        elif not self._peek(pos, "{"):
            return pos
        return self._attr_dict(pos, op, name)

    def _attr_dict(self, pos: int, op: _Op, name: str) -> int:
        toks = self.toks
        close = self._balanced(pos)
        props = _properties(name)
        j = pos + 1
        while j < close:
            t = toks[j]
            if t.kind not in ("id", "str"):
                raise _Fail(j, "expected an attribute name")
            key = t.text[1:-1] if t.kind == "str" else t.text
            j += 1
            if self._peek(j, "="):
                value_start = j + 1
                depth = 0
                k = value_start
                while k < close:
                    tx = toks[k].text
                    if tx in ("(", "[", "{", "<"):
                        depth += 1
                    elif tx in (")", "]", "}", ">"):
                        depth -= 1
                    elif tx == "," and depth == 0:
                        break
                    k += 1
                value = self._span(value_start, k - 1)
                j = k
            else:
                value = "unit"
            if key in props or key == "operandSegmentSizes":
                op.props[key] = value
            else:
                op.attrs.append((t.text, value))
            if self._peek(j, ","):
                j += 1
        return close + 1

    def _region(self, open_: int, close: int, op: _Op, d: schema.OpDef) -> str:
        body = self.bodies.get(open_)
        if body is None:  # (read once, whichever readings of the op are tried)
            out: list[str] = []
            copied = self._convert_range(
                open_ + 1, close, out, self.toks[open_].end, True
            )
            out.append(self.text[copied : self.toks[close].start])
            body = self.bodies[open_] = "".join(out)
        head = op.entry_args or ""
        if d.terminator == schema.END and not self._ends_in_end(open_, close):
            body = body.rstrip(" ") + ' "aie.end"() : () -> () '
        return "{" + head + body + "}"

    def _ends_in_end(self, open_: int, close: int) -> bool:
        """Whether the region between tokens ``open_`` and ``close`` ends in an ``aie.end``."""
        toks = self.toks
        j = close - 1
        if j > open_ and toks[j].text == ")":  # a trailing loc(...)
            depth = 0
            k = j
            while k > open_:
                if toks[k].text == ")":
                    depth += 1
                elif toks[k].text == "(":
                    depth -= 1
                    if depth == 0:
                        break
                k -= 1
            if k - 1 > open_ and toks[k - 1].text == "loc":
                j = k - 2
        if j > open_ and toks[j].text == "aie.end":
            return True
        return self._generic_end(open_, j)

    def _generic_end(self, open_: int, j: int) -> bool:
        want = ['"aie.end"', "(", ")", ":", "(", ")", "->", "(", ")"]
        if j - len(want) + 1 <= open_:
            return False
        return [t.text for t in self.toks[j - len(want) + 1 : j + 1]] == want

    # -- the generic op
    def _generic(self, name: str, d: schema.OpDef, op: _Op, loc: str) -> str:
        operands: list[str] = []
        types: list[str] = []
        segments: list[int] = []
        for o in d.operands:
            values = op.values.get(o.name, [])
            if o.arity == "single" and not values:
                raise _Fail(self.op_pos, f"missing operand '{o.name}'")
            operands += values
            segments.append(len(values))
            given = op.types.get(o.name)
            if given is not None and len(given) == len(values):
                types += given
            elif o.type in _BUILDABLE:
                types += [_BUILDABLE[o.type]] * len(values)
            elif values:
                raise _Fail(self.op_pos, f"the type of operand '{o.name}' is not given")
        props = dict(op.props)
        if d.segments:
            props["operandSegmentSizes"] = (
                "array<i32: " + ", ".join(map(str, segments)) + ">"
            )
        results = []
        for r in d.results:
            if r in _BUILDABLE:
                results.append(r)
            else:
                given = list(op.result_types.values())
                if not given:
                    raise _Fail(self.op_pos, "the result type is not given")
                results.append(given[0])
        parts = [f'"{name}"(' + ", ".join(operands) + ")"]
        if op.successors:
            parts.append("[" + ", ".join(op.successors) + "]")
        if props:
            parts.append(
                " <{" + ", ".join(_entry(k, v) for k, v in sorted(props.items())) + "}>"
            )
        if op.bodies:
            parts.append(" (" + ", ".join(op.bodies) + ")")
        if op.attrs:
            parts.append(" {" + ", ".join(_entry(k, v) for k, v in op.attrs) + "}")
        result = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
        parts.append(" : (" + ", ".join(types) + ") -> " + result + " " + loc)
        parts.append("\n" * op.newlines)
        return "".join(parts)


# ------------------------------------------------------------------------------------------------
# the fast path
#
# Each reading of an op is compiled once into one regular expression over the text (a *plan*),
# and the text between the aie/aiex ops is skipped wholesale by one scanning expression: the
# work per op is a few matches in C and, for an op text not seen before, building its generic
# form. Every element is an atomic group, so the expression reads as the token reader does (no
# backtracking into an element once read). The fast path vouches only for what it reads whole;
# anything else (a comment inside an op, an op or an attribute kind it has no plan for, an op
# that does not read) raises :class:`_Slow` and the token reader reads the text instead, giving
# the same module or the same located error.


class _Slow(Exception):
    """The fast path does not vouch for this text: the token reader reads it."""


_RSTR = r'"(?:[^"\\\n]|\\.)*"'
_RSSA = r"%[\w$.\-]+(?:\#\d+)?"
_RSYM = rf"@(?:[\w$.\-]+|{_RSTR})"
_RINT = r"-?(?:0x[0-9a-fA-F]+|\d+)(?![\w$.])"
_RWORD = r"[A-Za-z_][\w$.]*"
_NESTING = (
    4  # bracket depth the expressions follow (deeper text goes to the token reader)
)


def _bracketed(opening: str, closing: str) -> str:
    """A bracketed span as the token reader's :func:`closing_index` finds it (only brackets of
    its own kind count; strings are opaque; ``->`` is no ``>``), nested up to :data:`_NESTING`.
    A ``/`` (maybe a comment) does not match."""
    o, c = re.escape(opening), re.escape(closing)
    pattern = ""
    for _ in range(_NESTING):
        nested = f"|{pattern}" if pattern else ""
        pattern = rf'{o}(?:{_RSTR}|[^{o}{c}"/\-]+|->|-{nested})*+{c}'
    return pattern


_RPAREN = _bracketed("(", ")")
_RANGLE = _bracketed("<", ">")
_RSQUARE = _bracketed("[", "]")
_RBRACE = _bracketed("{", "}")
_RTYPE0 = rf"(?:{_RWORD}|![\w$.\-]*)(?:{_RANGLE})?"
_RTYPE = rf"(?>{_RTYPE0}|{_RPAREN}(?:\s*->\s*(?:{_RTYPE0}|{_RPAREN}))?)"
_RTYPES = rf"(?:{_RTYPE}(?:\s*,\s*{_RTYPE})*+)?"
_RLOC = rf"(?>\s*(?P<loc>loc\s*{_RPAREN})|(?!\s*loc\s*\())"
_SSA_RE = re.compile(_RSSA)
_TYPE_ITEM = re.compile(rf"\s*,?\s*({_RTYPE})")
_INDEX_ITEM = re.compile(rf"{_RSSA}|{_RINT}")
_ENTRY = re.compile(rf"({_RSSA})\s*:\s*({_RTYPE})(?:\s*(loc\s*{_RPAREN}))?")

#: a dialect word: an aie/aiex op (or attribute) name, or a ``func`` op name
_WORD = re.compile(r"(?:aiex?|func)\.[\w$.]*")
_BRACE = re.compile(r"[{}]")
NL = "\n"
#: where a new line starts with something no op's text goes on with
_OP_BOUNDARY = re.compile(r"\s*(?:\}|[A-Za-z_][\w$]*\.[A-Za-z_]|%|\Z)")
#: what the fast path stops at in a stretch that may hold strings or comments
_SCAN = re.compile(rf"//[^\n]*|{_RSTR}|[{{}}]|{_WORD.pattern}")
_COMMENT_OR_STRING = re.compile(rf"{_RSTR}|(//)")
_RESULTS = re.compile(rf"(?:(?:{_RSSA}|{_RINT}|[,:])\s*)+\Z")
_WORD_TAIL = re.compile(r"[\w$.\-]+\Z")


@dataclass
class _Plan:
    """One reading of an op compiled: ``head`` matches from the end of the op's name (to the
    ``{`` of its region, for an op with a region), ``tail`` from the region's ``}``; ``steps``
    (one list per expression) turn the groups of a match into an :class:`_Op`."""

    eras: frozenset[str]
    d: schema.OpDef
    head: re.Pattern
    tail: re.Pattern | None
    steps: tuple[list, ...]
    #: the format's first element alone, where it cannot be empty (a reading it does not
    #: match fails for certain)
    first: re.Pattern | None
    #: the built generic text (without location) per op text, for ops seen before
    built: dict = field(default_factory=dict)


class _Compiler:
    """An assembly format as a regular expression and the steps that read its groups."""

    def __init__(self, d: schema.OpDef, name: str):
        self.d = d
        self.name = name
        self.count = 0

    def group(self) -> str:
        self.count += 1
        return f"g{self.count}"

    def elements(self, elements: tuple) -> tuple[str, list]:
        parts, steps = [], []
        for el in elements:
            part, step = self.element(el)
            parts.append(part)
            if step is not None:
                steps.append(step)
        return "".join(parts), steps

    def element(self, el) -> tuple[str, tuple | None]:  # noqa: C901
        d = self.d
        if isinstance(el, Lit):
            if not el.text:
                return "", None
            word = re.escape(el.text)
            if re.fullmatch(r"[A-Za-z_][\w$.]*", el.text):
                return rf"\s*{word}(?![\w$.])", None
            if el.text == ":":
                return r"\s*:(?!:)", None
            if el.text == "-":
                return r"\s*-(?!>)", None
            return rf"\s*{word}", None
        if isinstance(el, Group):
            first = el.elements[0]
            if isinstance(first, Lit) and not first.text:
                return "", None  # (the token reader never takes such a group)
            if any(isinstance(e, Var) and not _known(d, e.name) for e in el.elements):
                return "", None
            g = self.group()
            try:
                inner, steps = self.elements(el.elements)
            except _Slow:
                if not isinstance(first, Lit):
                    raise
                # a group the fast path does not read: present, the token reader reads it
                inner, steps = self.element(first)[0], [("unread", g)]
            return f"(?>(?:{inner}(?P<{g}>))?)", ("group", g, steps)
        if isinstance(el, Keyword):
            g = self.group()
            if el.name == "attr-dict":
                return rf"(?>\s*(?P<{g}>{_RBRACE})|(?!\s*\{{))", ("dict", g)
            if el.name == "attr-dict-with-keyword":
                kw = r"\s*attributes(?![\w$.])"
                return rf"(?>{kw}\s*(?P<{g}>{_RBRACE})|(?!{kw}))", ("dict", g)
            raise _Slow  # regions: split off by the caller
        if isinstance(el, TypeOf):
            g = self.group()
            if el.name == "operands":
                return rf"\s*(?P<{g}>{_RTYPES})", ("types", g, None)
            operand = d.operand(el.name)
            if operand is not None and operand.arity == "variadic":
                return rf"\s*(?P<{g}>{_RTYPES})", ("types", g, el.name)
            return rf"\s*(?P<{g}>{_RTYPE})", ("type", g, el.name)
        if isinstance(el, Custom):
            return self.custom(el)
        assert isinstance(el, Var)
        return self.var(el.name)

    def var(self, var: str) -> tuple[str, tuple]:
        d = self.d
        g = self.group()
        operand = d.operand(var)
        if operand is not None:
            if operand.arity == "variadic":
                values = rf"(?:{_RSSA}(?:\s*,\s*{_RSSA})*+)?"
                return rf"\s*(?P<{g}>{values})", ("values", g, var)
            return rf"\s*(?P<{g}>{_RSSA})", ("value", g, var)
        attr = d.attr(var)
        if attr is not None:
            kind = attr.type
            if attr.enum is not None:
                pattern = rf"{_RWORD}|{_RSTR}|-?(?:0x[0-9a-fA-F]+|\d+)(?![\w$.])"
            elif kind in schema.INT_TAGS:
                pattern = _RINT
            elif kind == schema.BOOL:
                pattern = r"(?:true|false)(?![\w$.])"
            elif kind == schema.STR:
                pattern = rf"{_RSTR}|{_RSYM}"
            elif kind in (schema.FLAT_SYMREF, schema.SYMREF):
                pattern = rf"{_RSYM}(?:\s*::\s*{_RSYM})*+"
            elif kind in _STRIPPED:
                pattern = rf"{_RANGLE}|{_RSQUARE}"
            else:
                raise _Slow  # read as written by the token reader
            return rf"\s*(?P<{g}>{pattern})", ("attr", g, attr)
        if var in ("dest", "chain") and d.successors:
            return rf"\s*(?P<{g}>\^[\w$.\-]+)", ("successor", g)
        raise _Slow

    def custom(self, c: Custom) -> tuple[str, tuple]:
        g = self.group()
        if c.directive == "DynamicIndexList":
            item = rf"(?:{_RSSA}|{_RINT})"
            pattern = rf"\[\s*(?:{item}(?:\s*,\s*{item})*+)?\s*\]"
        elif c.directive == "DynamicScalar":
            pattern = rf"{_RSSA}|{_RINT}"
        elif c.directive == "TraceRegValue":
            pattern = rf"{_RINT}|{_RSTR}|{_RANGLE}"
        elif c.directive == "EntryArguments":
            entry = _ENTRY.pattern
            pattern = rf"\(\s*(?:{entry}\s*,?\s*)*+\)"
        else:
            raise _Slow
        return rf"\s*(?P<{g}>{pattern})", (c.directive, g, c.args)


def _compile(eras: frozenset[str], d: schema.OpDef, fmt: tuple, name: str) -> _Plan:
    """Raises :class:`_Slow` for a format the fast path does not read."""
    region = [
        k
        for k, el in enumerate(fmt)
        if el == Keyword("regions") or (el == Var("body") and d.operand("body") is None)
    ]
    nested = any(
        isinstance(el, Group)
        and any(e == Keyword("regions") or e == Var("body") for e in el.elements)
        for el in fmt
    )
    if nested or len(region) > 1 or (region and d.regions != 1):
        raise _Slow
    compiler = _Compiler(d, name)
    first = None
    if fmt and (
        isinstance(fmt[0], Lit)
        and fmt[0].text
        or isinstance(fmt[0], Var)
        and getattr(d.operand(fmt[0].name), "arity", None) == "single"
    ):
        first = re.compile(_Compiler(d, name).element(fmt[0])[0])
    if not region:
        head, steps = compiler.elements(fmt)
        return _Plan(eras, d, re.compile(head + _RLOC), None, (steps,), first)
    k = region[0]
    head, steps = compiler.elements(fmt[:k])
    tail, more = compiler.elements(fmt[k + 1 :])
    return _Plan(
        eras,
        d,
        re.compile(head + r"\s*\{"),
        re.compile(tail + _RLOC),
        (steps, more),
        first,
    )


_PLANS: dict[str, list[_Plan] | None] = {}


def plans(name: str, era: str | None = None) -> list[_Plan] | None:
    """The compiled readings of op ``name``, as :func:`readings` (None: one is not compiled)."""
    if era is not None:
        found = plans(name)
        return None if found is None else [p for p in found if era in p.eras] or None
    if name in _PLANS:
        return _PLANS[name]
    try:
        out = [_compile(eras, d, fmt, name) for eras, d, fmt in readings(name)] or None
    except _Slow:
        out = None
    _PLANS[name] = out
    return out


def _apply(  # noqa: C901
    steps: list, m: re.Match, op: _Op, d: schema.OpDef, name: str
) -> None:
    """The groups of match ``m`` into ``op``, as the token reader reads them."""
    for step in steps:
        kind, g = step[0], step[1]
        text = m.group(g)
        if kind == "group":
            if text is not None:
                _apply(step[2], m, op, d, name)
        elif kind == "unread":
            raise _Slow
        elif kind == "value":
            op.values[step[2]] = [text]
        elif kind == "values":
            op.values[step[2]] = _SSA_RE.findall(text)
        elif kind == "attr":
            op.props[step[2].name] = _attr_text(step[2], text)
        elif kind == "successor":
            op.successors.append(text)
        elif kind == "type":
            var = step[2]
            if d.operand(var) is not None:
                op.types[var] = [text]
            else:
                op.result_types[var] = text
        elif kind == "types":
            types = _TYPE_ITEM.findall(text)
            names = [o.name for o in d.operands] if step[2] is None else [step[2]]
            if len(types) != sum(len(op.values.get(n, [])) for n in names):
                raise _Slow
            for n in names:
                k = len(op.values.get(n, []))
                op.types[n], types = types[:k], types[k:]
        elif kind == "dict":
            if text is not None:
                reader = Reader(text, "")
                try:
                    reader._attr_dict(0, op, name)
                except _Fail:
                    raise _Slow from None
        elif kind == "DynamicIndexList":
            operand, static = step[2]
            values, statics = [], []
            for item in _INDEX_ITEM.findall(text):
                if item.startswith("%"):
                    values.append(item)
                    statics.append(schema.DYNAMIC)
                else:
                    statics.append(_int(item))
            op.values[operand] = values
            op.props[static] = (
                "array<i64"
                + (": " if statics else "")
                + ", ".join(map(str, statics))
                + ">"
            )
        elif kind == "DynamicScalar":
            operand, static = step[2]
            if text.startswith("%"):
                op.values[operand] = [text]
            else:
                op.props[static] = f"{_int(text)} : i32"
        elif kind == "TraceRegValue":
            if text.startswith("<"):
                op.props[step[2][0]] = "#aie.trace_event" + text
            elif text.startswith('"'):
                op.props[step[2][0]] = text
            else:
                op.props[step[2][0]] = f"{_int(text)} : i32"
        elif kind == "EntryArguments":
            entries = []
            for arg, t, loc in _ENTRY.findall(text):
                entries.append(f"{arg}: {t} {loc}" if loc else f"{arg}: {t}")
            op.entry_args = "^bb0(" + ", ".join(entries) + "):"


def _attr_text(attr: schema.Attr, text: str) -> str:
    """An attribute's value as the token reader's ``_attr_value`` writes it."""
    kind = attr.type
    if attr.enum is not None:
        if text[0] == "-" or text[0].isdigit():
            return f"{_int(text)} : i32"
        word = text[1:-1] if text[0] == '"' else text
        names = {v: k for k, v in schema.ENUMS[attr.enum].items()}
        if word not in names:
            raise _Slow
        return f"{names[word]} : i32"
    if kind in schema.INT_TAGS:
        return f"{_int(text)} : {kind}"
    if kind == schema.BOOL:
        return text
    if kind == schema.STR:
        if text[0] == "@":
            body = text[1:]
            return body if body.startswith('"') else f'"{body}"'
        return text
    if kind in (schema.FLAT_SYMREF, schema.SYMREF):
        return text
    prefix = _STRIPPED[kind]
    return f"{prefix}{text}>" if prefix.endswith("_array") else f"{prefix}{text}"


@dataclass
class _Open:
    """An aie/aiex op whose region is being read."""

    name: str
    loc: str  # its location, where its text starts
    brace: int  # offset of its region's '{'
    slot: int  # its place in the output
    depth: int  # the brace depth inside its region
    read: list  # (plan, head match) of each reading that read its head


class _FastReader:
    """Rewrites the custom-form aie/aiex ops of one text into generic form, or raises
    :class:`_Slow`."""

    def __init__(self, reader: Reader):
        self.reader = reader
        self.text = reader.text
        self.source = reader.source
        self.line = 1
        self.line_offset = 0
        #: where the last aie/aiex op read ends, and its name (does a region end in aie.end?)
        self.last_end = -1
        self.last_name = ""
        self.out: list[str] = []
        self.copied = 0  # the text before this offset is in ``out``
        self.depth = 0  # of braces
        self.opened: list[_Open] = []

    def convert(self) -> str:
        """Between two dialect words, a stretch of text without quotes or slashes holds no
        string or comment: its braces are found at once and the rest is skipped; any other
        stretch is scanned token by token for strings, comments and braces."""
        text = self.text
        n = len(text)
        pos = 0
        find_word = _WORD.search
        scan = _SCAN.search
        while True:
            m = find_word(text, pos)
            s = m.start() if m is not None else n
            stretch = text[pos:s]
            if '"' in stretch or "/" in stretch:
                hit = scan(text, pos)
                if hit is None:
                    break
                pos = self._hit(hit)
                continue
            if "{" in stretch or "}" in stretch:
                pos = self._braces(pos, s)
                if pos > s:  # (an op's text went past the word)
                    continue
            if m is None:
                break
            pos = self._word(s, m.end(), m.group())
        if self.opened:
            raise _Slow
        self.out.append(text[self.copied :])
        return self.reader.resolve("".join(self.out))

    def _braces(self, pos: int, end: int) -> int:
        """Follows the braces from ``pos`` to ``end`` (no string nor comment among them);
        returns where to go on."""
        text = self.text
        while True:
            b = _BRACE.search(text, pos, end)
            if b is None:
                return end
            pos = self._brace(b.start())
            if pos > end:
                return pos

    def _brace(self, s: int) -> int:
        if self.text[s] == "{":
            self.depth += 1
            return s + 1
        opened = self.opened
        if opened and opened[-1].depth == self.depth:
            self.out.append(self.text[self.copied : s])
            self.copied = end = self._close(opened.pop(), s)
            self.depth -= 1
            return end
        self.depth -= 1
        return s + 1

    def _hit(self, hit: re.Match) -> int:
        """One hit of :data:`_SCAN`; returns where to go on."""
        s = hit.start()
        c = self.text[s]
        if c in "{}":
            return self._brace(s)
        if c == "/":
            return hit.end()
        if c == '"':
            if self.opened and hit.group() == '"func.call"':
                self.out.append(self.text[self.copied : s] + f'"{HELD_CALL}"')
                self.copied = hit.end()
            return hit.end()
        return self._word(s, hit.end(), hit.group())

    def _word(self, s: int, end: int, name: str) -> int:
        """A dialect word at ``s``..``end`` (not in a string or a comment); returns where to go
        on."""
        text = self.text
        prev = text[s - 1] if s else " "
        if prev in "#!%@^":
            return end  # the word belongs to an attribute, a type, a value, a symbol
        if prev.isalnum() or prev in '_$.-"':
            raise _Slow  # (which token holds the word?)
        if name[0] == "f":
            if name != "func.call" or not self.opened:
                return end
            raise _Slow
        # the character before the word, as the token before it (no comment in the way)
        low = s - 64 if s > 64 else 0
        kept = text[low:s].rstrip()
        newline = kept.rfind("\n")
        if newline < 0 or "/" in kept[newline:]:
            before = self._prev(s)
        else:
            before = low + len(kept) - 1
        c = text[before] if before >= 0 else ""
        after = text[end] if end < len(text) else ""
        if after in " \n\t\r" and after:
            after = text[end : end + 64].lstrip()[:1]
            if not after and end + 64 < len(text):
                raise _Slow
        if after == "/":
            raise _Slow
        if after == "=" or c == ",":
            return end  # an attribute's name (as Reader._attribute_name)
        if c == "{" and after in (",", "}") and not readings(name):
            return end
        if c != "=" and text.rfind(NL, 0, s) >= self.copied - 1:
            # the op has no results and its line is as written up to it: the bindings locate
            # it where it is (they locate an op at its name)
            loc = ""
        else:
            start = s if c != "=" else self._op_start(s, before)
            if start < self.line_offset:
                raise _Slow  # (never: ops are read in order)
            line = self.line = self.line + text.count(NL, self.line_offset, start)
            self.line_offset = start
            loc = f"loc({self.source}:{line}:{start - text.rfind(NL, 0, start)})"
        self.out.append(text[self.copied : s])
        op_end = self._read(name, loc, end)
        if op_end is None:  # a region opened
            self.depth += 1
            op_end = self.opened[-1].brace + 1
        self.copied = op_end
        return op_end

    # -- around an op
    def _prev(self, s: int) -> int:
        """The offset of the last character before ``s`` that is no space and in no comment
        (-1: none)."""
        text = self.text
        j = s
        while True:
            low = j - 64 if j > 64 else 0
            kept = text[low:j].rstrip()
            if not kept:
                if low == 0:
                    return -1
                j = low
                continue
            j = low + len(kept) - 1
            line = text.rfind("\n", 0, j) + 1
            if "//" not in text[line : j + 1]:
                return j
            comment = next(
                (
                    m.start(1)
                    for m in _COMMENT_OR_STRING.finditer(text, line, j + 1)
                    if m.group(1)
                ),
                None,
            )
            if comment is None:
                return j
            j = comment

    def _op_start(self, s: int, j: int) -> int:
        """As :meth:`Reader._op_start`: where a result list before ``=`` (``j``: the offset of
        the character before the word) starts."""
        text = self.text
        line = text.rfind("\n", 0, j) + 1
        bound = max(line, j - 512)
        m = _RESULTS.search(text, bound, j)
        if m is not None and m.start() == bound and bound > line:
            raise _Slow
        first = j if m is None else m.start()
        if not text[line:first].strip():  # the walk may go on before this line
            k = self._prev(line)
            if k >= 0 and text[k] in ",:":
                raise _Slow
            word = _WORD_TAIL.search(text, max(0, k - 512), k + 1) if k >= 0 else None
            if word is not None and (
                word.start() == k - 512
                or text[word.start() - 1 : word.start()] == "%"
                or word.group()[0] in "-0123456789"
            ):
                raise _Slow
        if m is None:
            return s
        ssa = text.find("%", m.start(), j)
        return s if ssa < 0 else ssa

    # -- an op
    def _read(self, name: str, loc: str, pos: int) -> int | None:
        """Reads the op whose name ends at ``pos``; returns where it ends, or None when its
        region opened (then it is on ``opened``)."""
        choices = (
            _PLANS.get(name) or plans(name)
            if self.reader.era is None
            else plans(name, self.reader.era)
        )
        if choices is None:
            raise _Slow
        text = self.text
        if len(choices) == 1 and choices[0].tail is None:  # (the most common case)
            plan = choices[0]
            m = plan.head.match(text, pos)
            if m is None:
                raise _Slow
            key = m.group()
            built = plan.built.get(key)
            if built is None:
                built = plan.built[key] = self._build(name, plan, (m,))
            head, middle, given, after = built
            self.out.append(head + middle + (given or loc) + after)
            reader = self.reader
            if not plan.eras >= reader.eras:
                reader.eras &= plan.eras
            self.last_end = end = m.end()
            self.last_name = name
            return end
        read = []
        for plan in choices:
            m = plan.head.match(text, pos)
            if m is None:
                if (
                    plan.first is None or plan.first.match(text, pos) is not None
                ) and not self._fails_for_certain(pos):
                    raise _Slow  # (the token reader knows why, or reads it otherwise)
                continue  # the token reader fails this reading too: another era reads it
            if not read or m.end() == read[0][1].end():
                read.append((plan, m))
        if not read:
            raise _Slow
        end = read[0][1].end()
        out = self.out
        if read[0][0].tail is not None:
            if any(plan.tail is None for plan, _ in read):
                raise _Slow
            out.append("")
            self.opened.append(
                _Open(name, loc, end - 1, len(out) - 1, self.depth + 1, read)
            )
            return None
        texts = []
        for plan, m in read:
            key = m.group()
            built = plan.built.get(key)
            if built is None:
                built = plan.built[key] = self._build(name, plan, (m,))
            head, middle, given, after = built
            texts.append((plan.eras, head + middle + (given or loc) + after))
        self._choose(texts)
        self.last_end, self.last_name = end, name
        return end

    def _fails_for_certain(self, pos: int) -> bool:
        """Whether a reading whose expression failed from ``pos`` fails in the token reader
        too: the rest of the line holds no comment, no bracket deeper than the expressions
        follow, none left open, and the next line starts with nothing an op's text could go
        on with (a '}', a dialect op's name, a result)."""
        text = self.text
        end = text.find(NL, pos)
        end = len(text) if end < 0 else end
        line = text[pos:end]
        if "/" in line or '"' in line:
            return False
        for opening, closing in ("()", "[]", "{}", "<>"):
            k = line.count(opening)
            if k >= _NESTING or k != line.count(closing):
                return False
        return _OP_BOUNDARY.match(text, end) is not None

    def _build(
        self, name: str, plan: _Plan, matches: tuple[re.Match, ...]
    ) -> tuple[str, str, str | None, str]:
        """The generic text of an op read by ``matches`` of ``plan``, in pieces: before its
        region's body, from there to its location, the location its text gives (or None), and
        after (with the newlines that keep the lines after it where they were)."""
        op = _Op()
        for steps, m in zip(plan.steps, matches, strict=True):
            _apply(steps, m, op, plan.d, name)
        if len(matches) > 1:
            op.bodies.append("{" + (op.entry_args or "") + "\x01}")
        try:
            generic = self.reader._generic(name, plan.d, op, "\x02")
        except _Fail:
            raise _Slow from None
        newlines = sum(m.group().count("\n") for m in matches)
        head, _, rest = generic.rpartition("\x01")
        middle, _, after = rest.partition("\x02")
        return head, middle, matches[-1].group("loc"), after + "\n" * newlines

    def _choose(self, texts: list[tuple[frozenset[str], str]]) -> None:
        """The op's text, or (when its readings' texts differ) a choice left to the end."""
        reader = self.reader
        if len(texts) == 1:
            eras = texts[0][0]
            if not eras >= reader.eras:
                reader.eras &= eras
            self.out.append(texts[0][1])
            return
        reader.eras &= frozenset().union(*(eras for eras, _ in texts))
        if len({t for _, t in texts}) == 1:
            self.out.append(texts[0][1])
            return
        reader.alternatives.append(texts)
        self.out.append(f"\x00{len(reader.alternatives) - 1}\x00")

    def _close(self, o: _Open, close: int) -> int:
        """Ends the region of ``o`` at the '}' at ``close``; returns where the op ends."""
        text = self.text
        out = self.out
        if len(o.read) == 1:
            plan, m = o.read[0]
            tail = plan.tail.match(text, close + 1)
            if tail is None:
                raise _Slow
            end = tail.end()
            if plan.d.terminator != schema.END or self._ends_in_end(o, close):
                key = (m.group(), tail.group())
                built = plan.built.get(key)
                if built is None:
                    built = plan.built[key] = self._build(o.name, plan, (m, tail))
                head, middle, given, after = built
                out[o.slot] = head
                out.append(middle + (given or o.loc) + after)
                reader = self.reader
                if not plan.eras >= reader.eras:
                    reader.eras &= plan.eras
                self.last_end, self.last_name = end, o.name
                return end
        body = "".join(out[o.slot + 1 :])
        del out[o.slot :]
        read = []
        for plan, m in o.read:
            tail = plan.tail.match(text, close + 1)
            if tail is None or (read and tail.end() != read[0][2].end()):
                raise _Slow
            read.append((plan, m, tail))
        end = read[0][2].end()
        if read[0][0].d.terminator == schema.END and not self._ends_in_end(o, close):
            body = body.rstrip(" ") + ' "aie.end"() : () -> () '
        texts = []
        for plan, m, tail in read:
            key = (m.group(), tail.group())
            built = plan.built.get(key)
            if built is None:
                built = plan.built[key] = self._build(o.name, plan, (m, tail))
            head, middle, given, after = built
            texts.append((plan.eras, head + body + middle + (given or o.loc) + after))
        self._choose(texts)
        self.last_end, self.last_name = end, o.name
        return end

    def _ends_in_end(self, o: _Open, close: int) -> bool:
        """As :meth:`Reader._ends_in_end`, from the text."""
        text = self.text
        if self.last_end > o.brace and not text[self.last_end : close].strip():
            return self.last_name == "aie.end"
        rest = text[max(self.last_end, o.brace + 1) : close]
        if "aie.end" in rest or "//" in rest:
            raise _Slow
        return False


def read_fast(
    text: str, source_name: str = "<string>", era: str | None = None
) -> str | None:
    """``text`` with every custom-form aie/aiex op in generic form, read by the fast path, or
    None where the fast path does not vouch for the text (:func:`to_generic` then reads it
    with the token reader)."""
    if "\x00" in text or "\x01" in text or "\x02" in text:
        return None
    try:
        return _FastReader(Reader(text, source_name, era)).convert()
    except _Slow:
        return None


def _int(text: str) -> int:
    return int(text, 16) if text.lstrip("-").startswith("0x") else int(text)


def _known(d: schema.OpDef, name: str) -> bool:
    return (
        d.operand(name) is not None
        or d.attr(name) is not None
        or (name in ("dest", "chain") and d.successors > 0)
        or name == "body"
    )


def _entry(key: str, value: str) -> str:
    return key if value == "unit" else f"{key} = {value}"


def to_generic(text: str, source_name: str = "<string>", era: str | None = None) -> str:
    """``text`` with every custom-form aie/aiex op in generic form (located where it was
    written); raises :class:`CustomFormError` for an op that does not read.

    ``era`` (one of :data:`aie_trace.ir.schema.ERAS`), when the caller knows it (a pass's ``era``
    option), is the era every op is read in; without it the module's ops decide: each narrows
    the eras the module may be in, and an op whose text reads differently in the eras left is
    written in the newest of them."""
    if era is not None and era not in schema.ERAS:
        raise ValueError(f"unknown era {era!r}")
    if not may_hold_custom_ops(text):
        return text
    fast = read_fast(text, source_name, era)
    if fast is not None:
        return fast
    reader = Reader(text, source_name, era)
    try:
        return reader.convert()
    except _Fail as f:
        raise reader.error(f.pos, f.message) from None
