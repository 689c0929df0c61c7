# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A module printed in mlir-aie's custom form without mlir-aie, so it can go back to ``aie-opt``
and aiecc and reads like upstream's IR.

The bindings print every registered op (``arith``, ``func``, ``scf`` ...) in its custom form
and the unregistered aie/aiex ops in generic form. :func:`print_custom` prints the module that
way, then writes each aie/aiex op over its generic text by the op's assembly format
(:data:`aie_trace.ir.schema.ASSEMBLY`), the same table the reader (:mod:`aie_trace.ir.customform`)
reads with. Every value comes from the op through the bindings' accessors (attributes, operand
and result types); the printed text gives only what printing decides, the SSA and block names
and where each op's text lies. For each op the newest era whose definition and format hold all
of the op is chosen; an op no era holds whole (an attribute the schema does not know among its
properties, an operand the definition has no place for) stays in generic form, as the bindings
printed it, so nothing is lost. Nor does an era hold an op whose custom text would read back as
another op: a type or an attribute type other than the one its format implies, segment sizes the
format cannot express, a region shape the implicit-terminator syntax cannot express (checked by
``_Printer._check_types``, ``_check_regions`` and at each attribute and segment; see
docs/custom-form.md). The implicit ``aie.end`` of a ``SingleBlockImplicitTerminator`` region, the
last op of its one block, is left out as upstream's printer leaves it out.
"""

from __future__ import annotations

from typing import Any

from . import customform as CF
from . import schema as S
from .attributes import dense_ints, int_attr_value, string_value, symbol_ref_path
from .structure import (
    attr_or_none,
    block_arguments,
    block_ops,
    listed_attrs,
    operands,
    region_blocks,
    results,
    value_name,
    value_type,
    walk,
)
from .structure import op_name as _op_name
from .structure import regions as _regions

_AIE = ("aie.", "aiex.")
_PUNCT = frozenset("<>(){}[],")
_NO_SPACE_AFTER = frozenset("([<")


class _Unfit(Exception):
    """This era's format cannot print the op."""


def print_custom(module: Any) -> str:
    """``module`` in custom form, as mlir-aie's printer writes it."""
    text = module.operation.get_asm()
    ops = [
        o
        for o in walk(module)
        if _op_name(o).startswith(_AIE) or _op_name(o) == CF.HELD_CALL
    ]
    return _Splicer(text, ops).run()


def release_held_calls(text: str) -> str:
    """Printed generic text with each held call (:data:`aie_trace.ir.customform.HELD_CALL`) written
    back as the ``func.call`` it stands for."""
    held = f'"{CF.HELD_CALL}"'
    if held not in text:
        return text
    toks = CF.tokenize(text)
    out: list[str] = []
    copied = 0
    for k, t in enumerate(toks):
        if t.text != held:
            continue
        close = k + 1
        depth = 0
        while True:  # the operand list
            depth += {"(": 1, ")": -1}.get(toks[close].text, 0)
            if depth == 0:
                break
            close += 1
        out.append(
            text[copied : t.start]
            + '"func.call"'
            + text[toks[k + 1].start : toks[close].end]
        )
        copied = toks[close].end
        if (
            close + 1 < len(toks) and toks[close + 1].text == "{"
        ):  # {callee = @f} -> <{...}>
            end = close + 1
            while toks[end].text != "}":
                end += 1
            out.append(" <" + text[toks[close + 1].start : toks[end].end] + ">")
            copied = toks[end].end
    out.append(text[copied:])
    return "".join(out)


class _Splicer:
    def __init__(self, text: str, ops: list[Any]):
        self.text = text
        self.toks = CF.tokenize(text)
        self.ops = iter(ops)

    def run(self) -> str:
        out: list[str] = []
        copied = self._range(0, len(self.toks), out, 0, None)
        out.append(self.text[copied:])
        return "".join(out)

    # -- token helpers
    def _balanced(self, pos: int) -> int:
        end = CF.closing_index(self.toks, pos)
        if end is None:
            raise ValueError("unbalanced printed text")
        return end

    def _is(self, pos: int, text: str) -> bool:
        return pos < len(self.toks) and self.toks[pos].text == text

    def _range(self, i: int, end: int, out: list[str], copied: int, parent: Any) -> int:
        toks = self.toks
        while i < end:
            t = toks[i]
            if (
                t.kind == "str"
                and self._is(i + 1, "(")
                and (t.text[1:].startswith(_AIE) or t.text == f'"{CF.HELD_CALL}"')
            ):
                op = next(self.ops)
                assert '"' + _op_name(op) + '"' == t.text, (t.text, _op_name(op))
                out.append(self.text[copied : t.start])
                i, copied = self._op(i, op, out, parent)
                continue
            i += 1
        return copied

    def _op(self, i: int, op: Any, out: list[str], parent: Any) -> tuple[int, int]:
        """Write the op whose generic text starts at token ``i``; returns (next token, offset
        copied up to)."""
        toks = self.toks
        close = self._balanced(i + 1)
        names = [toks[k].text for k in range(i + 2, close) if toks[k].kind == "ssa"]
        j = close + 1
        successors: list[str] = []
        if self._is(j, "["):
            c = self._balanced(j)
            successors = [
                toks[k].text for k in range(j + 1, c) if toks[k].kind == "blk"
            ]
            j = c + 1
        prop_keys: list[str] = []
        if self._is(j, "<") and self._is(j + 1, "{"):
            c = self._balanced(j + 1)
            prop_keys = self._dict_keys(j + 1, c)
            j = c + 2
        region_open = None
        if self._is(j, "(") and self._is(j + 1, "{"):
            region_open = j
            j = self._balanced(j) + 1
        if self._is(j, "{"):
            j = self._balanced(j) + 1
        j += 1  # ':'
        j = self._balanced(j) + 1  # operand types
        j += 1  # '->'
        j = self._balanced(j) + 1 if self._is(j, "(") else self._type_end(j)
        if self._is(j, "loc"):
            j = self._balanced(j + 1) + 1
        end_tok = j
        name = _op_name(op)
        if name == "aie.end" and parent is not None and _implicit_end(parent, op):
            # left out, with its line
            start = self.text.rfind("\n", 0, toks[i].start)
            out[-1] = (
                out[-1][: len(out[-1]) - (toks[i].start - start - 1) - 1]
                if start >= 0 and out[-1].endswith(self.text[start : toks[i].start])
                else out[-1]
            )
            return end_tok, toks[end_tok - 1].end
        printed = _printed(op, names, successors, prop_keys)
        if printed is None:  # generic, as printed
            return self._generic_copy(i, end_tok, region_open, op, out)
        head, tail, entry_in_head = printed
        out.append(head)
        if region_open is None:
            out.append(tail)
            return end_tok, toks[end_tok - 1].end
        # the regions, each with its nested ops written over; the entry block's header moves
        # into the op's own text when the format says so (runtime_sequence)
        rclose = self._balanced(region_open)
        k = region_open + 1
        first = True
        while k < rclose and self._is(k, "{"):
            c = self._balanced(k)
            inner: list[str] = []
            start = toks[k].end
            if first and entry_in_head is not None and self._is(k + 1, "^bb0"):
                colon = k + 2 if not self._is(k + 2, "(") else self._balanced(k + 2) + 1
                start = toks[colon].end
            copied = self._range(k + 1, c, inner, start, op)
            inner.append(self.text[copied : toks[c].start])
            out.append(("" if first else ", ") + "{" + "".join(inner) + "}")
            first = False
            k = c + 1
            if self._is(k, ","):
                k += 1
        out.append(tail)
        return end_tok, toks[end_tok - 1].end

    def _generic_copy(
        self, i: int, end_tok: int, region_open: int | None, op: Any, out: list[str]
    ) -> tuple[int, int]:
        toks = self.toks
        if region_open is None:
            out.append(self.text[toks[i].start : toks[end_tok - 1].end])
            return end_tok, toks[end_tok - 1].end
        out.append(self.text[toks[i].start : toks[region_open].end])
        rclose = self._balanced(region_open)
        # parent None: inside an op printed generic every aie.end is printed, as it is there
        copied = self._range(region_open + 1, rclose, out, toks[region_open].end, None)
        out.append(self.text[copied : toks[end_tok - 1].end])
        return end_tok, toks[end_tok - 1].end

    def _type_end(self, j: int) -> int:
        """The token after the type starting at ``j`` (``index``, ``memref<...>``, ``!x<...>``)."""
        if self._is(j + 1, "<") and self.toks[j + 1].start == self.toks[j].end:
            return self._balanced(j + 1) + 1
        return j + 1

    def _dict_keys(self, open_: int, close: int) -> list[str]:
        keys = []
        depth = 0
        expect_key = True
        for k in range(open_ + 1, close):
            t = self.toks[k]
            if t.text in ("(", "[", "{", "<"):
                depth += 1
            elif t.text in (")", "]", "}", ">"):
                depth -= 1
            elif depth == 0 and t.text == ",":
                expect_key = True
                continue
            if expect_key and depth == 0 and t.kind in ("id", "str"):
                keys.append(t.text.strip('"'))
                expect_key = False
        return keys


def _implicit_end(parent: Any, end: Any) -> bool:
    name = _op_name(parent)
    d = next(
        (S.SCHEMAS[e][name] for e in reversed(S.ERAS) if name in S.SCHEMAS[e]), None
    )
    return d is not None and d.terminator == S.END and not listed_attrs(end)


def _printed(
    op: Any, names: list[str], successors: list[str], prop_keys: list[str]
) -> tuple[str, str, str | None] | None:
    """(text before the regions, text after them, the entry-block header the head holds) of the
    op in custom form; None when no era's format holds the op whole."""
    name = _op_name(op)
    if name == CF.HELD_CALL:
        return _held_call(op, names), "", None
    for _era, d, fmt in CF.readings(name):
        props = S.PROPERTY_ERAS.get(name, {})
        if any(k not in props and k != "operandSegmentSizes" for k in prop_keys):
            return None
        try:
            return _Printer(op, d, names, successors, prop_keys).run(fmt)
        except _Unfit:
            continue
    return None


def _held_call(op: Any, names: list[str]) -> str:
    callee = attr_or_none(op, "callee")
    ins = ", ".join(str(value_type(v)) for v in operands(op))
    outs = [str(value_type(r)) for r in results(op)]
    result = outs[0] if len(outs) == 1 else "(" + ", ".join(outs) + ")"
    return f"func.call {callee}({', '.join(names)}) : ({ins}) -> {result}"


class _Printer:
    """One op through one era's definition and format."""

    def __init__(
        self, op: Any, d: S.OpDef, names: list[str], successors: list[str], prop_keys
    ):
        self.op = op
        self.d = d
        self.successors = list(successors)
        self.used: set[str] = {"operandSegmentSizes"}
        self.values = self._groups(names)
        self.types = self._groups([str(value_type(v)) for v in operands(op)])
        self.prop_keys = prop_keys
        #: operands whose types the format printed, and whether it printed the result type
        self.typed: set[str] = set()
        self.result_typed = False

    def _groups(self, items: list[str]) -> dict[str, list[str]]:
        d = self.d
        sizes = None
        if d.segments:
            seg = attr_or_none(self.op, "operandSegmentSizes")
            if seg is None:
                raise _Unfit()
            sizes = dense_ints(seg)
            if len(sizes) != len(d.operands) or sum(sizes) != len(items):
                raise _Unfit()
            # the reader counts each operand's values where the format puts them: a size the
            # operand's arity does not allow would read back as other sizes
            if any(
                (o.arity == "single" and n != 1) or (o.arity == "optional" and n > 1)
                for o, n in zip(d.operands, sizes, strict=True)
            ):
                raise _Unfit()
        else:
            if attr_or_none(self.op, "operandSegmentSizes") is not None:
                raise _Unfit()  # a definition without segments reads none back
            fixed = sum(1 for o in d.operands if o.arity == "single")
            variadic = [o for o in d.operands if o.arity != "single"]
            extra = len(items) - fixed
            if extra < 0 or (not variadic and extra) or len(variadic) > 1:
                raise _Unfit()
            sizes = [1 if o.arity == "single" else extra for o in d.operands]
            if any(o.arity == "optional" and extra > 1 for o in variadic):
                raise _Unfit()
        out: dict[str, list[str]] = {}
        k = 0
        for o, n in zip(d.operands, sizes, strict=True):
            out[o.name] = items[k : k + n]
            k += n
        return out

    # -- the text
    def run(self, fmt: tuple) -> tuple[str, str, str | None]:
        self.named = _names(fmt)
        self.parts: list = [_op_name(self.op)]
        self.head: str | None = None
        self.entry: str | None = None
        self._check_regions()
        self._elements(fmt)
        if self.head is None:
            self.head = self._joined()
            tail = ""
        else:
            tail = self._joined()
            tail = " " + tail if tail else ""
        # every operand and every property must have been printed
        if any(v and n not in self.used for n, v in self.values.items()):
            raise _Unfit()
        self._check_types()
        return self.head, tail, self.entry

    def _check_types(self) -> None:
        """Unfit unless every operand and result type the format leaves out is the one the reader
        gives back (the definition's buildable type)."""
        d = self.d
        for o in d.operands:
            if o.name in self.typed:
                continue
            want = CF._BUILDABLE.get(o.type)
            if any(t != want for t in self.types[o.name]):
                raise _Unfit()
        res = [str(value_type(r)) for r in results(self.op)]
        if len(res) != len(d.results):
            raise _Unfit()
        stated = [r for r in d.results if r not in CF._BUILDABLE]
        if len(stated) > 1 or (stated and not self.result_typed):
            raise _Unfit()
        if any(
            t != r for r, t in zip(d.results, res, strict=True) if r in CF._BUILDABLE
        ):
            raise _Unfit()

    def _check_regions(self) -> None:
        """Unfit unless each region has the shape the custom form states: at least one block (an
        empty region reads back with one), one block where the definition allows one, and for an
        implicit terminator exactly one aie.end, last (the reader adds a missing one).
        """
        d = self.d
        regs = _regions(self.op)
        if len(regs) != d.regions:
            raise _Unfit()
        for r in regs:
            bs = region_blocks(r)
            if not bs or (d.single_block and len(bs) != 1):
                raise _Unfit()
            if d.terminator == S.END:
                if len(bs) != 1:
                    raise _Unfit()
                names = [_op_name(o) for o in block_ops(bs[0])]
                if not names or names[-1] != "aie.end" or names.count("aie.end") != 1:
                    raise _Unfit()

    def _joined(self) -> str:
        """The parts with ODS's spacing: no space before a punctuation literal, none after an
        opening one or an empty literal, one space elsewhere."""
        out = ""
        glue = True
        after_punct = (
            False  # the last part was a punctuation literal (`:`, `=`, `)` ...)
        )
        for p in self.parts:
            literal = isinstance(p, CF.Lit)
            text = p.text if literal else p
            if text == "":
                glue = True
                continue
            if literal and text in _PUNCT:
                space = after_punct and text not in ">)}],"
            else:
                space = True
            if space and not glue:
                out += " "
            out += text
            glue = literal and text in _NO_SPACE_AFTER
            after_punct = literal and not text[0].isalpha() and text[0] != "_"
        self.parts = []
        return out

    def _elements(self, elements: tuple) -> None:
        for el in elements:
            if isinstance(el, CF.Lit):
                self.parts.append(el)
            elif isinstance(el, CF.Var):
                self._var(el.name)
            elif isinstance(el, CF.TypeOf):
                self._type_of(el.name)
            elif isinstance(el, CF.Custom):
                self._custom(el)
            elif isinstance(el, CF.Keyword):
                self._keyword(el.name)
            elif isinstance(el, CF.Group):
                if self._present(el):
                    self._elements(el.elements)

    def _present(self, g: CF.Group) -> bool:
        anchor = g.anchor
        if anchor is None:
            return False
        for e in g.elements:  # custom<DynamicScalar>($offset, $static_offset)^
            if isinstance(e, CF.Custom) and e.args[0] == anchor:
                return bool(self.values.get(anchor)) or any(
                    attr_or_none(self.op, a) is not None for a in e.args[1:]
                )
        if not CF._known(self.d, anchor):
            return False
        if self.d.operand(anchor) is not None:
            return bool(self.values.get(anchor))
        if self.d.attr(anchor) is not None:
            return attr_or_none(self.op, anchor) is not None
        return False

    def _var(self, name: str) -> None:
        d = self.d
        if d.operand(name) is not None:
            vals = self.values.get(name, [])
            if d.operand(name).arity == "single" and len(vals) != 1:
                raise _Unfit()
            self.used.add(name)
            self.parts.append(", ".join(vals) if vals else "")
            return
        a = d.attr(name)
        if a is not None:
            attr = attr_or_none(self.op, name)
            if attr is None:
                raise _Unfit()
            self.used.add(name)
            text = _attr_text(a, attr, symbol_name=name == "sym_name")
            if a.enum is not None or a.type in S.INT_TAGS or a.type == S.BOOL:
                # the reader gives the definition's type back: any other type is lost
                try:
                    back = CF._attr_text(a, text)
                except (CF._Slow, ValueError):
                    raise _Unfit() from None
                if back != str(attr):
                    raise _Unfit()
            self.parts.append(text)
            return
        if name in ("dest", "chain") and d.successors:
            if not self.successors:
                raise _Unfit()
            self.parts.append(self.successors.pop(0))
            return
        if name == "body":
            self._keyword("regions")
            return
        raise _Unfit()

    def _type_of(self, name: str) -> None:
        if name == "operands":
            self.typed.update(o.name for o in self.d.operands)
            self.parts.append(
                ", ".join(t for o in self.d.operands for t in self.types[o.name])
            )
            return
        if self.d.operand(name) is not None:
            self.typed.add(name)
            self.parts.append(", ".join(self.types.get(name, [])))
            return
        self.result_typed = True
        res = results(self.op)
        if len(res) != 1:
            raise _Unfit()
        self.parts.append(str(value_type(res[0])))

    def _custom(self, c: CF.Custom) -> None:
        if c.directive == "DynamicIndexList":
            operand, static = c.args
            statics = attr_or_none(self.op, static)
            if statics is None:
                raise _Unfit()
            vals = list(self.values.get(operand, []))
            items = []
            for v in dense_ints(statics):
                if v == S.DYNAMIC:
                    if not vals:
                        raise _Unfit()
                    items.append(vals.pop(0))
                else:
                    items.append(str(v))
            if vals:
                raise _Unfit()
            self.used.update((operand, static))
            self.parts.append("[" + ", ".join(items) + "]")
            return
        if c.directive == "DynamicScalar":
            operand, static = c.args
            vals = self.values.get(operand, [])
            self.used.update((operand, static))
            if vals:
                self.parts.append(vals[0])
            else:
                attr = attr_or_none(self.op, static)
                if attr is None:
                    raise _Unfit()
                self.parts.append(str(int_attr_value(attr)))
            return
        if c.directive == "EntryArguments":
            # printing reads, never appends a block (first_block would)
            bs = region_blocks(_regions(self.op)[0]) if _regions(self.op) else []
            args = block_arguments(bs[0]) if bs else []
            self.entry = "entry"
            self.parts += [
                "",
                "("
                + ", ".join(f"{value_name(a)}: {value_type(a)}" for a in args)
                + ")",
            ]
            return
        if c.directive == "TraceRegValue":
            attr = attr_or_none(self.op, c.args[0])
            if attr is None:
                raise _Unfit()
            self.used.add(c.args[0])
            value = int_attr_value(attr)
            text = str(attr)
            if value is not None and text.endswith(": i32"):
                self.parts.append(str(value))
            elif text.startswith("#aie.trace_event"):
                self.parts.append(text[len("#aie.trace_event") :])
            else:
                self.parts.append(text)
            return
        raise _Unfit()

    def _keyword(self, kw: str) -> None:
        if kw == "regions":
            self.head = self._joined() + " "
            return
        entries = []
        for key in sorted(S.PROPERTY_ERAS.get(_op_name(self.op), {})):
            if key in self.used or key in self.named:
                continue
            attr = attr_or_none(self.op, key)
            if attr is not None:
                entries.append(f"{key} = {attr}" if str(attr) != "unit" else key)
        for key, attr in listed_attrs(self.op).items():
            if key not in self.used and key not in S.PROPERTY_ERAS.get(
                _op_name(self.op), {}
            ):
                entries.append(f"{key} = {attr}" if str(attr) != "unit" else key)
        self.used.update(k for k in S.PROPERTY_ERAS.get(_op_name(self.op), {}))
        if entries:
            if kw == "attr-dict-with-keyword":
                self.parts.append("attributes")
            self.parts.append("{" + ", ".join(entries) + "}")


def _names(elements: tuple) -> set[str]:
    """The fields an assembly format names (attr-dict leaves them out)."""
    out: set[str] = set()
    for e in elements:
        if isinstance(e, CF.Var):
            out.add(e.name)
        elif isinstance(e, CF.Custom):
            out.update(e.args)
        elif isinstance(e, CF.Group):
            out |= _names(e.elements)
    return out


def _attr_text(a: S.Attr, attr: Any, symbol_name: bool = False) -> str:
    """An attribute as the custom form spells it at its place in the op."""
    if a.enum is not None:
        value = int_attr_value(attr)
        name = S.ENUMS[a.enum].get(value) if value is not None else None
        if name is None:
            raise _Unfit()
        return name if name.replace("_", "a").isalnum() else f'"{name}"'  # "Event-Time"
    if a.type in S.INT_TAGS:
        value = int_attr_value(attr)
        if value is None:
            raise _Unfit()
        return str(value)
    if a.type == S.BOOL:
        return "true" if int_attr_value(attr) else "false"
    if a.type == S.STR:
        s = string_value(attr)
        if s is None:
            raise _Unfit()
        if symbol_name:
            plain = (
                s and all(c.isalnum() or c in "_$.-" for c in s) and not s[0].isdigit()
            )
            return "@" + (s if plain else str(attr))
        return str(attr)
    if a.type in (S.FLAT_SYMREF, S.SYMREF):
        if symbol_ref_path(attr) is None:
            raise _Unfit()
        return str(attr)
    if (
        a.type == S.ELEMENTS
    ):  # custom<BufferInitialValue>: the buffer's type gives the type
        return str(attr).rsplit(" : ", 1)[0]
    prefix = CF._STRIPPED.get(a.type)
    text = str(attr)
    if prefix is not None and text.startswith(prefix):
        inner = text[len(prefix) :]
        return inner[:-1] if prefix.endswith("_array") else inner
    return text
