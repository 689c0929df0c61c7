# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The fused trace-buffer layout: what it is, where the IR records it, and its JSON form.

A *layout* belongs to one runtime sequence that can be dispatched (a kernel ``device:sequence``):
which argument receives trace data (``arg_index``, a block-argument number, and
``host_buffer_index``, its index among the memref arguments, which is what XRT binds), how many
bytes it holds, and one :class:`Slice` per traced region: the design that writes it
(``device``, ``sequence``), the call that runs it (``call_path``), and its byte range.

Where the IR records it (written by ``aie-trace-fuse-buffers``, read by :func:`read_layouts`):

* E3/E4, mlir-aie's own inherent attributes of ``aie.runtime_sequence``, so mlir-aie's tools read
  them: ``trace_buffer = #aie.trace_buffer<arg_index = A, offset = O, size = S, dedicated = B>`` and
  ``trace_slices = [#aie.trace_slice<device = "d", sequence = "s", offset = O, size = S>, ...]``;
* E1/E2, whose mlir-aie has no such attributes, discardable attributes carrying the same data:
  ``aie_trace.trace_buffer = {arg_index = A : i64, offset = O : i64, size = S : i64, dedicated = B}``
  and ``aie_trace.trace_slices = [{device = "d", sequence = "s", offset = O : i64, size = S : i64}]``;
* every era, parallel to the slices: ``aie_trace.slice_paths = ["", "0", "1/0", "2[3]", "0+1"]``.

A call path is the text of run ordinals from the dispatched sequence down, ``/``-separated. A run's
ordinal is its index among the ``aiex.run`` ops of its sequence in pre-order walk order; ``k[i]``
is iteration ``i`` of run ``k`` inside an ``scf.for``; ``""`` is the sequence's own trace; ``a+b``
is one slice that two back-to-back calls share (they write one continuous trace).

Slice offsets are byte offsets from the start of the trace argument. A module fused by mlir-aie's
own ``-aie-fuse-trace-buffers`` has no ``aie_trace.slice_paths``: the call paths are then derived
from the IR's structure the way that pass lays slices out (the sequence's own slices first, then
each ``aiex.run`` in pre-order with its callee's slices, runs of untraced callees taking none),
and kept only where the record agrees, device, sequence and size, slice by slice; otherwise its
slices have ``call_path = None``. Specialized callee copies (``aie_trace.specialized_from``) are not kernels
and have no layout of their own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..ir import lazy
from ..ir.diagnostics import LocatedError

# Imported at first use: layouts read from JSON (aie-trace decode --layout) need no MLIR bindings.
structure = lazy.module("aie_trace.ir.structure")
attributes = lazy.module("aie_trace.ir.attributes")

TRACE_BUFFER = "trace_buffer"
TRACE_SLICES = "trace_slices"
OUR_TRACE_BUFFER = "aie_trace.trace_buffer"
OUR_TRACE_SLICES = "aie_trace.trace_slices"
SLICE_PATHS = "aie_trace.slice_paths"
SPECIALIZED_FROM = "aie_trace.specialized_from"
#: on a patch of a specialized copy that fuse rebased: the index of the address patch of the
#: original (in pre-order) it was made from, so that readers pair them by provenance, not position
REBASED_FROM = "aie_trace.rebased_from"
ERAS_WITH_UPSTREAM_LAYOUT = ("E3", "E4")

#: an integer field as a dictionary prints it (``8192 : i64``) or an attribute parameter (``8192``)
_TYPED_INT = re.compile(r"(-?(?:0x[0-9a-fA-F]+|\d+))(?:\s*:\s*(?:[su]?i\d+|index))?")
_SLICE_FIELDS = {"device", "sequence", "offset", "size"}
_PLAIN = re.compile(r"[ !#-\[\]-~]*")  # printable ASCII but '"' and '\\'
#: the escapes written as in C, byte -> escape (read back by ``attributes.string_literal``)
_ESCAPES = {ord('"'): '\\"', ord("\\"): "\\\\", ord("\n"): "\\n", ord("\t"): "\\t"}


class LayoutError(LocatedError):
    """A layout record or JSON document that does not have the documented shape. ``op`` is the
    sequence holding the record, when :func:`read_layouts` found it."""


@dataclass(frozen=True)
class Slice:
    """One region of a trace buffer, written by one design (``device:sequence``) in one call."""

    device: str
    sequence: str
    call_path: str | None
    offset: int
    size: int

    @property
    def end(self) -> int:
        return self.offset + self.size

    def to_json(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "sequence": self.sequence,
            "call_path": self.call_path,
            "offset": self.offset,
            "size": self.size,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Slice:
        if not isinstance(d, dict):
            raise LayoutError(f"a slice must be an object, got {d!r}")
        try:
            path = d.get("call_path")
            return cls(
                str(d["device"]),
                str(d["sequence"]),
                None if path is None else str(path),
                _nonneg(d["offset"], "offset"),
                _nonneg(d["size"], "size"),
            )
        except (KeyError, TypeError) as e:
            raise LayoutError(
                f"a slice needs device, sequence, call_path, offset and size: {e}"
            ) from None


@dataclass
class Layout:
    """The trace buffer of one dispatched sequence (a kernel)."""

    device: str
    sequence: str
    arg_index: int
    host_buffer_index: int
    size: int
    offset: int = 0
    dedicated: bool = True
    slices: list[Slice] = field(default_factory=list)

    @property
    def kernel(self) -> str:
        return f"{self.device}:{self.sequence}"

    def slice_for(self, call_path: str) -> Slice | None:
        """The slice a call writes (a merged slice ``a+b`` answers for ``a`` and for ``b``)."""
        for s in self.slices:
            if s.call_path is not None and call_path in s.call_path.split("+"):
                return s
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "arg_index": self.arg_index,
            "host_buffer_index": self.host_buffer_index,
            "size": self.size,
            "offset": self.offset,
            "dedicated": self.dedicated,
            "slices": [s.to_json() for s in self.slices],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Layout:
        try:
            device, sep, sequence = str(d["kernel"]).partition(":")
            if not sep or not device or not sequence:
                raise LayoutError(
                    f"'kernel' must be 'device:sequence', got {d['kernel']!r}"
                )
            return cls(
                device,
                sequence,
                _nonneg(d["arg_index"], "arg_index"),
                _nonneg(d["host_buffer_index"], "host_buffer_index"),
                _nonneg(d["size"], "size"),
                _nonneg(d.get("offset", 0), "offset"),
                bool(d.get("dedicated", True)),
                [Slice.from_json(s) for s in d["slices"]],
            )
        except (KeyError, TypeError) as e:
            raise LayoutError(
                f"a layout needs kernel, arg_index, host_buffer_index, size and slices: {e}"
            ) from None


def _nonneg(v: Any, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise LayoutError(f"'{name}' must be a non-negative integer, got {v!r}")
    return v


def dumps(layouts: list[Layout] | Layout) -> str:
    obj = (
        layouts.to_json()
        if isinstance(layouts, Layout)
        else [lay.to_json() for lay in layouts]
    )
    return json.dumps(obj, indent=2)


def loads(text: str) -> list[Layout]:
    """A layout JSON document (one object or an array of them)."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise LayoutError(f"not JSON: {e}") from None
    items = obj if isinstance(obj, list) else [obj]
    if not all(isinstance(i, dict) for i in items):
        raise LayoutError("expected a layout object or an array of layout objects")
    return [Layout.from_json(i) for i in items]


# ------------------------------------------------------------------------------------------------
# IR records


def _typed_int(text: str) -> int | None:
    """An integer as a dictionary or an attribute parameter prints it (``_TYPED_INT``)."""
    m = _TYPED_INT.fullmatch(text)
    if m is None:
        return None
    digits = m.group(1)
    return int(digits, 0) if "x" in digits else int(digits)


def _int_field(d: dict[str, Any], key: str, where: str) -> int:
    v = d.get(key)
    if isinstance(v, str):  # (a str is no attribute: the lazy IR layer is not asked)
        iv = _typed_int(v)
    else:
        iv = attributes.int_attr_value(v) if attributes.is_attribute(v) else None
    if iv is None or iv < 0:
        raise LayoutError(f"{where}: '{key}' must be a non-negative integer, got {v}")
    return iv


def _bool_field(d: dict[str, Any], key: str, default: bool) -> bool:
    v = d.get(key)
    if v is None:
        return default
    if isinstance(v, str):
        return v == "true"
    return bool(attributes.int_attr_value(v))


def _dict(attr: Any) -> dict[str, Any]:
    items = attributes.dict_items(attr)
    if items is not None:
        return items
    return dict(attributes.aie_attr_params(attr, "trace_buffer") or [])


def _first(seq: Any, *names: str) -> Any:
    for n in names:
        a = structure.attr_or_none(seq, n)
        if a is not None:
            return a
    return None


@dataclass(frozen=True)
class TraceBuffer:
    """A sequence's ``trace_buffer`` record (either era's spelling)."""

    arg_index: int
    offset: int
    size: int
    dedicated: bool


def read_trace_buffer(seq: Any) -> TraceBuffer | None:
    """The sequence's trace-buffer record, mlir-aie's (E3/E4) or ours (E1/E2); None if absent."""
    attr = _first(seq, TRACE_BUFFER, OUR_TRACE_BUFFER)
    if attr is None:
        return None
    where = f"@{structure.sequence_name(seq)} trace_buffer"
    d = _dict(attr)
    return TraceBuffer(
        _int_field(d, "arg_index", where),
        _int_field(d, "offset", where) if "offset" in d else 0,
        _int_field(d, "size", where),
        _bool_field(d, "dedicated", True),
    )


def read_slices(seq: Any) -> list[Slice] | None:
    """The recorded slices with their call paths; None when the sequence records none."""
    attr = _first(seq, TRACE_SLICES, OUR_TRACE_SLICES)
    if attr is None:
        return None
    where = f"@{structure.sequence_name(seq)} trace_slices"
    array = attributes.array_items(attr)
    if array is None:
        raise LayoutError(f"{where}: expected an array")
    # The entries are read with the IR layer module itself in hand (its lazy stand-in costs a
    # Python call per name per entry).
    from ..ir import attributes as layer

    entries = [_entry(layer, a) for a in array]
    if any(e is None or e.keys() != _SLICE_FIELDS for e in entries):
        raise LayoutError(
            f"{where}: expected entries of exactly device, sequence, offset and size "
            "(strings and integers)"
        )
    paths: list[str | None] = [None] * len(entries)
    pattr = structure.attr_or_none(seq, SLICE_PATHS)
    if pattr is not None:
        found = [
            attributes.string_value(p) for p in attributes.array_items(pattr) or []
        ]
        paths = found if None not in found else []
        if len(paths) != len(entries):
            raise LayoutError(
                f"@{structure.sequence_name(seq)} {SLICE_PATHS}: expected {len(entries)} strings, "
                "one per trace slice"
            )
    return [
        Slice(
            _literal(e, "device", where),
            _literal(e, "sequence", where),
            p,
            _count(e, "offset", where),
            _count(e, "size", where),
        )
        for e, p in zip(entries, paths, strict=True)
    ]


def _entry(layer: Any, attr: Any) -> dict[str, str | int] | None:
    """One trace_slices entry's fields as Python strings and integers (``layer``: the IR layer): a
    dictionary's (E1/E2) as the IR layer reads its entries, an ``#aie.trace_slice``'s (E3/E4)
    from the parameter text the IR layer reads; None when it is neither, repeats a key, or holds
    a value that is no string or integer."""
    out = layer.dict_scalars(attr)
    if out is not None:
        return out
    items = layer.aie_attr_params(attr, "trace_slice")  # (None for a dictionary)
    if items is None:
        return None
    out = {}
    for key, text in items:
        value = _typed_int(text)
        if value is None:
            value = layer.string_literal(text)
        if value is None:
            return None
        out[key] = value
    return out if len(out) == len(items) else None


def _literal(d: dict[str, str | int], key: str, where: str) -> str:
    """A string field of a trace_slices entry."""
    value = d[key]
    if not isinstance(value, str):
        raise LayoutError(f"{where}: '{key}' must be a string")
    return value


def _count(d: dict[str, str | int], key: str, where: str) -> int:
    """A non-negative integer field of a trace_slices entry."""
    value = d[key]
    if isinstance(value, str) or value < 0:
        raise LayoutError(
            f"{where}: '{key}' must be a non-negative integer, got {value!r}"
        )
    return value


def read_layout(seq: Any) -> Layout | None:
    """The layout of one sequence, or None when it records no trace buffer."""
    tb = read_trace_buffer(seq)
    if tb is None:
        return None
    device, name = structure.kernel_name(seq)
    host = trace_host_buffer(seq, tb)
    slices = read_slices(seq)
    if slices is None:
        slices = [Slice(device, name, "", tb.offset, tb.size)]
    elif structure.attr_or_none(seq, SLICE_PATHS) is None:
        slices = _with_derived_paths(seq, slices)
    return Layout(
        device, name, tb.arg_index, host, tb.size, tb.offset, tb.dedicated, slices
    )


def _with_derived_paths(seq: Any, slices: list[Slice]) -> list[Slice]:
    """``slices`` (a record without call paths) with the paths :func:`_derived` finds, or as
    they are when the record does not agree with the IR's structure."""
    try:
        derived = _derived(seq, {}, set())
    except (
        LayoutError
    ):  # a callee's malformed record: reported where that record is read
        return slices
    if derived is None or len(derived) != len(slices):
        return slices
    if any(
        (d.device, d.sequence, d.size) != (s.device, s.sequence, s.size)
        for d, s in zip(derived, slices, strict=True)
    ):
        return slices
    return [
        Slice(s.device, s.sequence, d.call_path, s.offset, s.size)
        for d, s in zip(derived, slices, strict=True)
    ]


def _derived(seq: Any, memo: dict[int, Any], active: set[int]) -> list[Slice] | None:
    """The slices mlir-aie's fuse gives ``seq`` (offsets not computed), with call paths; None
    where the IR does not say (an unresolved callee, a cycle, a record that does not fit).
    """
    key = structure.op_id(seq)
    if key in memo:
        return memo[key]
    if key in active:
        return None
    active.add(key)
    from ..ir import aieops

    inner: list[Slice] = []
    for ordinal, run in enumerate(structure.walk(seq, ["aiex.run"])):
        wrapped = aieops.Run(run)
        cfg = wrapped.configure
        callee = _sequence_named(
            seq, cfg.device_name if cfg else None, wrapped.callee_name
        )
        sub = None if callee is None else _derived(callee, memo, active)
        if sub is None:
            active.discard(key)
            return None
        inner += [
            Slice(s.device, s.sequence, _path(ordinal, s.call_path), 0, s.size)
            for s in sub
        ]
    active.discard(key)
    tb = read_trace_buffer(seq)
    recorded = read_slices(seq)
    if recorded is None:
        device, name = structure.kernel_name(seq)
        recorded = [] if tb is None else [Slice(device, name, "", 0, tb.size)]
        own = recorded
    else:
        n_own = len(recorded) - len(inner)
        if n_own not in (0, 1):
            memo[key] = None
            return None
        own = [Slice(s.device, s.sequence, "", 0, s.size) for s in recorded[:n_own]]
    memo[key] = own + inner
    return memo[key]


def _path(ordinal: int, inner: str | None) -> str | None:
    if inner is None:
        return None
    return f"{ordinal}/{inner}" if inner else str(ordinal)


def _sequence_named(seq: Any, device: str | None, name: str | None) -> Any:
    module = structure.parent_op(structure.device_of(seq))
    for d in structure.devices(module):
        if structure.device_name(d) == device:
            for s in structure.sequences(d):
                if structure.sequence_name(s) == name:
                    return s
    return None


def trace_host_buffer(seq: Any, tb: TraceBuffer) -> int:
    """The host-buffer index of the argument ``tb`` names; a LayoutError unless it names a memref
    argument of ``seq``."""
    name = structure.sequence_name(seq)
    args = structure.seq_args(seq)
    if tb.arg_index >= len(args):
        raise LayoutError(
            f"@{name} trace_buffer: arg_index {tb.arg_index} but the sequence has "
            f"{len(args)} argument(s)"
        )
    host = structure.host_buffer_index(seq, tb.arg_index)
    if host is None:
        raise LayoutError(
            f"@{name} trace_buffer: argument {tb.arg_index} is not a memref"
        )
    return host


def is_specialized(seq: Any) -> bool:
    return structure.attr_or_none(seq, SPECIALIZED_FROM) is not None


class DanglingCopy(LocatedError):
    """A specialized copy whose ``aie_trace.specialized_from`` names no runtime sequence of its
    device (located at the copy)."""


def specialized_origin(seq: Any, by_symbol: Mapping[tuple[str, str], Any]) -> Any:
    """The sequence the specialized copy ``seq`` was made from (``aie_trace.specialized_from``,
    looked up in ``by_symbol``: (device, sequence) symbols -> sequence); None when ``seq`` is not a
    copy. The one reader of the attribute: fuse, verify-patches and check-ir each refuse a copy
    whose origin is not a runtime sequence of the copy's own device with this
    :class:`DanglingCopy`."""
    src = structure.attr_or_none(seq, SPECIALIZED_FROM)
    if src is None:
        return None
    name = structure.symref_name(src)
    found = by_symbol.get((structure.device_name(structure.device_of(seq)), name))
    if found is None:
        raise DanglingCopy(
            f"'{SPECIALIZED_FROM}' names @{name}, which is not a runtime sequence of this "
            "copy's device",
            seq,
        )
    return found


def sequences_by_symbol(module: Any) -> dict[tuple[str, str], Any]:
    """Every runtime sequence of ``module`` by its (device, sequence) symbols."""
    return {
        (structure.device_name(dev), structure.sequence_name(seq)): seq
        for dev in structure.devices(module)
        for seq in structure.sequences(dev)
    }


def dangling_copies(module: Any) -> list[tuple[Any, str]]:
    """``(copy, message)`` for every specialized copy of ``module`` whose origin
    :func:`specialized_origin` refuses."""
    by_symbol = sequences_by_symbol(module)
    out = []
    for seq in by_symbol.values():
        try:
            specialized_origin(seq, by_symbol)
        except DanglingCopy as e:
            out.append((e.op, e.message))
    return out


@dataclass(frozen=True)
class PatchOrigin:
    """What a patch that fuse rebased in a specialized copy records of the address patch of the
    original it was made from (``aie_trace.rebased_from = {addr = A : ui32, arg_idx = K : i32,
    arg_plus = P : i64}``): the BD address word it patches, and the ``arg_idx`` and constant
    ``arg_plus`` it had before rebasing (absent: a ``buffer`` patch, an SSA ``arg_plus``). A patch
    of the original with the same three values is the one it was made from; patches the original
    gains later do not move it (an ordinal would), and two patches with the same three values are
    interchangeable for every reader."""

    addr: int
    arg_idx: int | None
    arg_plus: int | None

    def attr(self, addr: Any) -> Any:
        """The attribute, given the original's ``addr`` attribute (its type kept)."""
        items = {"addr": addr}
        if self.arg_idx is not None:
            items["arg_idx"] = attributes.int_attr(
                attributes.int_type(32), self.arg_idx
            )
        if self.arg_plus is not None:
            items["arg_plus"] = attributes.int_attr(
                attributes.int_type(64), self.arg_plus
            )
        return attributes.dict_attr(items)

    @classmethod
    def read(cls, attr: Any) -> PatchOrigin | None:
        """The record an attribute holds; None when it is not one (an ordinal, a wrong field)."""
        items = attributes.dict_items(attr)
        if items is None or "addr" not in items or set(items) - set(_ORIGIN_FIELDS):
            return None
        values = {k: attributes.int_attr_value(v) for k, v in items.items()}
        if any(v is None for v in values.values()):
            return None
        return cls(values["addr"], values.get("arg_idx"), values.get("arg_plus"))

    def matches(self, addr: int | None, arg_idx: int | None, arg_plus: Any) -> bool:
        """Whether a patch of the original (its ``addr``, its ``arg_idx`` or None for a ``buffer``
        patch, its ``arg_plus`` as an int or anything else for an SSA one) is this one.
        """
        plus = arg_plus if isinstance(arg_plus, int) else None
        return (addr, arg_idx, plus) == (self.addr, self.arg_idx, self.arg_plus)

    def __str__(self) -> str:
        fields = [f"addr {self.addr}"]
        if self.arg_idx is not None:
            fields.append(f"arg_idx {self.arg_idx}")
        if self.arg_plus is not None:
            fields.append(f"arg_plus {self.arg_plus}")
        return ", ".join(fields)


_ORIGIN_FIELDS = ("addr", "arg_idx", "arg_plus")


def read_layouts(module: Any) -> list[Layout]:
    """Every kernel's layout, in module order (specialized callee copies are skipped)."""
    out = []
    for dev in structure.devices(module):
        for seq in structure.sequences(dev):
            if not is_specialized(seq):
                try:
                    lay = read_layout(seq)
                except LayoutError as e:
                    e.op = seq
                    raise
                if lay is not None:
                    out.append(lay)
    return out


def write_layout(seq: Any, layout: Layout, era: str) -> None:
    """Record ``layout`` on ``seq`` in the spelling of ``era``. Each record is written as text and
    parsed once (one parse of a long array costs about what one small attribute costs to build).
    """
    if era in ERAS_WITH_UPSTREAM_LAYOUT:
        names = (TRACE_BUFFER, TRACE_SLICES)
        buffer = (
            "#aie.trace_buffer<arg_index = {}, offset = {}, size = {}, dedicated = {}>"
        )
        entry = "#aie.trace_slice<device = {}, sequence = {}, offset = {}, size = {}>"
    else:
        names = (OUR_TRACE_BUFFER, OUR_TRACE_SLICES)
        buffer = "{{arg_index = {} : i64, offset = {} : i64, size = {} : i64, dedicated = {}}}"
        entry = "{{device = {}, sequence = {}, offset = {} : i64, size = {} : i64}}"
    buffer_text = buffer.format(
        layout.arg_index,
        layout.offset,
        layout.size,
        "true" if layout.dedicated else "false",
    )
    slices_text = (
        "["
        + ", ".join(
            entry.format(_q(s.device), _q(s.sequence), s.offset, s.size)
            for s in layout.slices
        )
        + "]"
    )
    paths_text = "[" + ", ".join(_q(s.call_path or "") for s in layout.slices) + "]"
    structure.set_raw_attr(seq, names[0], attributes.parse_attr(buffer_text))
    structure.set_raw_attr(seq, names[1], attributes.parse_attr(slices_text))
    structure.set_raw_attr(seq, SLICE_PATHS, attributes.parse_attr(paths_text))


def _q(s: str) -> str:
    """``s`` as an MLIR string literal of its UTF-8 bytes: ``"``, ``\\``, newline and tab escaped
    as in C, any other byte but printable ASCII as ``\\XX`` (``attributes.string_literal`` reads all of them).
    """
    if _PLAIN.fullmatch(s):
        return f'"{s}"'
    return (
        '"'
        + "".join(
            _ESCAPES.get(b) or (chr(b) if 32 <= b < 127 else f"\\{b:02X}")
            for b in s.encode()
        )
        + '"'
    )
