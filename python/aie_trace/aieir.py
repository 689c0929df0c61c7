"""The one layer through which passes touch aie/aiex IR.

* :func:`detect_era` reads the IR era from the IR itself (op shapes, never file names);
* readers (:func:`get_int`, :func:`get_attr`, :func:`get_operand`) find a field by its ODS name
  whether the era stores it as an attribute or as an SSA operand, folding ``arith.constant``;
* builders (:func:`create`) only produce ops that match :mod:`aie_trace.schema`: attribute types are
  set from the schema, SSA integer fields get ``arith.constant`` operands of the right type, and
  ``operandSegmentSizes`` is computed;
* :func:`check_op` / :func:`check_module` verify every known aie/aiex op against the schema and
  report one located error per violation.

Works the same whether the aie dialects are registered (mlir-aie's bindings) or not (generic form).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .provider import ir
from . import schema as S

# ------------------------------------------------------------------------------------------------
# small generic helpers


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
    op = getattr(op, "operation", op)
    try:
        return op.attributes[name]
    except (KeyError, IndexError):
        return None


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
    a = attr_or_none(op, "sym_name")
    return ir.StringAttr(a).value if a is not None else None


def symref_name(attr: Any) -> str:
    """``@a`` -> ``"a"`` (flat symbol references; nested refs give their leaf)."""
    s = str(attr)
    return s.rsplit("::", 1)[-1].lstrip("@").strip('"')


# ------------------------------------------------------------------------------------------------
# attribute values


def int_attr_value(attr: Any) -> int | None:
    """The integer of an IntegerAttr, honouring unsigned types; None if not an integer attr."""
    if attr is None or not isinstance(attr, ir.Attribute):
        return None
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
    lo, hi = -(1 << (width - 1)), (1 << width) - 1  # signless: accept unsigned bit patterns too
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
    if tag == S.ANY:
        return True
    if tag in S.INT_TAGS:
        if not isa(ir.IntegerAttr, attr) or isa(ir.BoolAttr, attr):
            return False
        t = ir.IntegerAttr(attr).type
        if not isa(ir.IntegerType, t):
            return False
        it = ir.IntegerType(t)
        want_unsigned = tag.startswith("ui")
        return it.width == int(tag.lstrip("ui")) and (it.is_unsigned if want_unsigned else it.is_signless)
    if tag == S.BOOL:
        return isa(ir.BoolAttr, attr)
    if tag == S.STR:
        return isa(ir.StringAttr, attr)
    if tag == S.FLAT_SYMREF:
        return isa(ir.FlatSymbolRefAttr, attr)
    if tag == S.SYMREF:
        return isa(ir.FlatSymbolRefAttr, attr) or str(attr).startswith("@")
    if tag == S.DENSE_I64:
        return isa(ir.DenseI64ArrayAttr, attr)
    if tag == S.DENSE_I32:
        return isa(ir.DenseI32ArrayAttr, attr)
    if tag == S.TRACE_SLICES:
        return isa(ir.ArrayAttr, attr) and all(
            str(a).startswith("#aie.trace_slice<") for a in ir.ArrayAttr(attr))
    if tag.startswith("#aie"):
        text = str(attr)
        if tag.startswith("#aie<"):
            return text.startswith(tag[:-1].rstrip(">")) or text.startswith(tag.rstrip(">"))
        return text.startswith(tag + "<")
    return False


# ------------------------------------------------------------------------------------------------
# eras


class EraError(ValueError):
    """The IR mixes op forms of different eras."""

    def __init__(self, message: str, op: Any = None):
        super().__init__(message)
        self.op = op


def era_evidence(op: Any) -> set[str] | None:
    """The eras whose definition of ``op`` its shape fits, or None when every era accepts it."""
    name = op.name
    if name == "aiex.npu.address_patch":
        ops = list(op.operands)
        has_seg = attr_or_none(op, "operandSegmentSizes") is not None
        if not ops and not has_seg:
            return {"E1"}
        if has_seg:
            plus = _segment_values(op, S.SCHEMAS["E3"][name]).get("arg_plus")
            if plus and isa(ir.IntegerType, plus[0].type) and ir.IntegerType(plus[0].type).width == 64:
                return {"E4"}
            return {"E3", "E4"}
        return {"E2"}
    if name in ("aiex.npu.write32", "aiex.npu.maskwrite32", "aiex.npu.sync", "aiex.npu.push_queue"):
        return {"E1"} if len(op.operands) == 0 else {"E2", "E3", "E4"}
    if name == "aie.runtime_sequence":
        if attr_or_none(op, "trace_buffer") is not None or attr_or_none(op, "trace_slices") is not None:
            return {"E3", "E4"}
    return None


def detect_era(module: Any, default: str = "E4") -> str:
    """The newest era every aie/aiex op in ``module`` fits. Raises :class:`EraError` (carrying the
    first op that contradicts the others) when the module mixes eras."""
    possible = set(S.ERAS)
    for op in walk(module):
        ev = era_evidence(op)
        if ev is None:
            continue
        if not (possible & ev):
            raise EraError(
                f"'{op.name}' is in the form of IR era {'/'.join(sorted(ev))}, but earlier ops are "
                f"{'/'.join(sorted(possible))}; one module must use one era's op forms", op)
        possible &= ev
    for era in reversed(S.ERAS):
        if era in possible and (era == default or default not in possible):
            return era
    return default


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
    if sizes is None or len(sizes) != len(d.operands) or sum(sizes) != len(op.operands) or min(sizes, default=0) < 0:
        return {}
    out, pos = {}, 0
    operands = list(op.operands)
    for o, k in zip(d.operands, sizes):
        out[o.name] = operands[pos:pos + k]
        pos += k
    return out


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
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != "arith.constant":
        return None
    return int_attr_value(attr_or_none(owner, "value"))


def get_int(op: Any, name: str, era: str) -> int | None:
    """An integer field by ODS name: an attribute in one era, a constant operand in another."""
    d = S.opdef(era, op.name)
    if d is not None and d.operand(name) is not None:
        return constant_int(get_operand(op, name, era))
    return int_attr_value(attr_or_none(op, name))


# ------------------------------------------------------------------------------------------------
# builders


def constant(value: int, type_: Any, ip: Any = None, loc: Any = None) -> Any:
    """An ``arith.constant`` of integer type ``type_`` (``i32``, ``i64`` or ``index`` text or type)."""
    if isinstance(type_, str):
        type_ = ir.IndexType.get() if type_ == "index" else ir.IntegerType.get_signless(int(type_[1:]))
    if isa(ir.IntegerType, type_):
        w = ir.IntegerType(type_).width
        if value >= (1 << (w - 1)):
            value -= 1 << w
    op = ir.Operation.create("arith.constant", results=[type_],
                             attributes={"value": ir.IntegerAttr.get(type_, value)}, loc=loc, ip=ip)
    return op.result


def create(name: str, era: str, *, operands: dict[str, Any] | None = None,
           attrs: dict[str, Any] | None = None, results: list[Any] | None = None,
           ip: Any = None, loc: Any = None, regions: int | None = None) -> Any:
    """Build op ``name`` as era ``era`` defines it.

    ``operands`` maps ODS operand names to values; an int for an integer operand becomes an
    ``arith.constant`` of the operand's type (i32 unless given a value). ``attrs`` maps property
    names to Python values or attributes; integer values get the schema's exact type. Raises
    ``ValueError`` for anything the definition does not allow, so no malformed op is ever built.
    """
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
        for i, x in enumerate(vals):
            if isinstance(x, int):
                t = "i64" if (o.type == "i64" or (o.type == "i32|i64" and not -2**31 <= x < 2**32)) else (
                    "index" if o.type == "index" else "i32")
                vals[i] = constant(x, t, ip=ip, loc=loc)
        flat.extend(vals)
        sizes.append(len(vals))
    if operands:
        raise ValueError(f"{name} ({era}) has no operand(s) {', '.join(sorted(operands))}")
    built: dict[str, Any] = {}
    for key, value in attrs.items():
        a = d.attr(key)
        if a is None:
            raise ValueError(f"{name} ({era}) has no property '{key}'")
        built[key] = make_attr(a.type, value)
    missing = [a.name for a in d.attrs if a.required and a.name not in built]
    if missing:
        raise ValueError(f"{name} ({era}): missing required propert{'y' if len(missing) == 1 else 'ies'} "
                         + ", ".join(missing))
    if d.segments:
        built["operandSegmentSizes"] = ir.DenseI32ArrayAttr.get(sizes)
    op = ir.Operation.create(name, results=results or [], operands=flat, attributes=built,
                             regions=d.regions if regions is None else regions, loc=loc, ip=ip)
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


# ------------------------------------------------------------------------------------------------
# checker


def _type_ok(constraint: str, t: Any) -> bool:
    if constraint == "any":
        return True
    if constraint == "index":
        return isa(ir.IndexType, t)
    if constraint == "memref":
        return isa(ir.MemRefType, t) or isa(ir.UnrankedMemRefType, t)
    for c in constraint.split("|"):
        if isa(ir.IntegerType, t):
            it = ir.IntegerType(t)
            if it.is_signless and f"i{it.width}" == c:
                return True
    return False


def check_op(op: Any, era: str) -> list[str]:
    """Violations of ``op``'s era definition, one message each (empty: conforms or not ours)."""
    op = getattr(op, "operation", op)
    d = S.opdef(era, op.name)
    if d is None:
        return []
    problems: list[str] = []
    # operands and segment sizes
    if d.segments:
        seg = attr_or_none(op, "operandSegmentSizes")
        if seg is None:
            problems.append(f"missing 'operandSegmentSizes' (the op has AttrSizedOperandSegments in {era})")
        elif not isa(ir.DenseI32ArrayAttr, seg):
            problems.append(f"'operandSegmentSizes' must be array<i32: ...>, got {seg}")
        else:
            sizes = list(ir.DenseI32ArrayAttr(seg))
            if len(sizes) != len(d.operands):
                problems.append(f"'operandSegmentSizes' has {len(sizes)} entries, expected {len(d.operands)}")
            elif sum(sizes) != len(op.operands):
                problems.append(f"operand count ({len(op.operands)}) does not match 'operandSegmentSizes' "
                                f"total ({sum(sizes)})")
            else:
                for o, k in zip(d.operands, sizes):
                    if (o.arity == "single" and k != 1) or (o.arity == "optional" and k not in (0, 1)) or k < 0:
                        problems.append(f"operand segment '{o.name}' has size {k}")
    elif attr_or_none(op, "operandSegmentSizes") is not None:
        problems.append(f"unexpected 'operandSegmentSizes' ({op.name} has no AttrSizedOperandSegments in {era})")
    if not problems:
        fixed = sum(o.arity == "single" for o in d.operands)
        optional = sum(o.arity == "optional" for o in d.operands)
        variadic = any(o.arity == "variadic" for o in d.operands)
        n = len(op.operands)
        if not d.segments and (n < fixed or (not variadic and n > fixed + optional)):
            want = f"{fixed}" if not optional and not variadic else (
                f"at least {fixed}" if variadic else f"{fixed} to {fixed + optional}")
            problems.append(f"expected {want} operand(s), got {n}")
        else:
            for oname, vals in _segment_values(op, d).items():
                o = d.operand(oname)
                for v in vals:
                    if not _type_ok(o.type, v.type):
                        problems.append(f"operand '{oname}' must be {o.type}, got {v.type}")
    # properties
    for a in d.attrs:
        v = attr_or_none(op, a.name)
        if v is None:
            if a.required:
                problems.append(f"missing required property '{a.name}' ({a.type})")
            continue
        if not attr_type_ok(a.type, v):
            problems.append(f"property '{a.name}' must be {a.type}, got {v}")
            continue
        iv = int_attr_value(v) if a.type in S.INT_TAGS else None
        if iv is not None and a.values is not None and iv not in a.values:
            problems.append(f"property '{a.name}' = {iv} is not a valid enumerant")
        if iv is not None and a.range is not None and not a.range[0] <= iv <= a.range[1]:
            problems.append(f"property '{a.name}' = {iv} is outside [{a.range[0]}, {a.range[1]}]")
    for group in d.exclusive:
        present = [g for g in group if attr_or_none(op, g) is not None or
                   (d.operand(g) is not None and _segment_values(op, d).get(g))]
        if len(present) != 1:
            problems.append(f"exactly one of {' / '.join(repr(g) for g in group)} must be present")
    # results
    if len(op.results) != len(d.results) or any(
            not _type_ok(c, r.type) for c, r in zip(d.results, op.results)):
        problems.append(f"expected result types ({', '.join(d.results)}), got "
                        f"({', '.join(str(r.type) for r in op.results)})")
    # regions and terminators
    if len(op.regions) != d.regions:
        problems.append(f"expected {d.regions} region(s), got {len(op.regions)}")
    else:
        for region in op.regions:
            blocks = list(region.blocks)
            if d.single_block and len(blocks) != 1 and d.terminator != "bd":
                problems.append(f"expected a single block, got {len(blocks)}")
                continue
            for b in blocks:
                ops = list(b.operations)
                last = ops[-1].name if ops else None
                if d.terminator == "aie.end" and last != "aie.end":
                    problems.append("missing 'aie.end' terminator at the end of its region")
                elif d.terminator == "bd" and last not in ("aie.end", "aie.next_bd"):
                    problems.append("each BD block must end in 'aie.end' or 'aie.next_bd'")
                elif d.terminator is None and last == "aie.end" and d.regions:
                    problems.append("unexpected 'aie.end' (the region has no terminator)")
    # parents
    parent = op.parent
    if d.parents and (parent is None or parent.name not in d.parents):
        problems.append(f"expects parent op {' or '.join(repr(p) for p in d.parents)}, "
                        f"got {repr(parent.name) if parent is not None else 'none'}")
    if d.ancestors:
        p = parent
        while p is not None and p.name not in d.ancestors:
            p = p.parent
        if p is None:
            problems.append(f"expects an ancestor {' or '.join(repr(a) for a in d.ancestors)}")
    return problems


@dataclass
class Violation:
    op: Any
    message: str


def check_module(module: Any, era: str) -> list[Violation]:
    """Every schema violation of every known aie/aiex op in ``module``."""
    out = []
    for op in walk(module):
        for msg in check_op(op, era):
            out.append(Violation(op, f"'{op.name}' op {msg}"))
    return out


# ------------------------------------------------------------------------------------------------
# structure


def devices(module: Any) -> list[Any]:
    return [o.operation for o in body(module).operations if o.name == "aie.device"]


def sequences(device: Any) -> list[Any]:
    return [o.operation for o in body(device).operations if o.name == "aie.runtime_sequence"]


def seq_args(seq: Any) -> list[Any]:
    return list(body(seq).arguments)


def host_buffer_index(seq: Any, block_index: int) -> int | None:
    """Host-buffer index (memref arguments only) of block argument ``block_index``; None for a
    scalar argument."""
    args = seq_args(seq)
    if not isa(ir.MemRefType, args[block_index].type):
        return None
    return sum(isa(ir.MemRefType, a.type) for a in args[:block_index])


def block_index_of_host_buffer(seq: Any, host_index: int) -> int | None:
    k = -1
    for i, a in enumerate(seq_args(seq)):
        if isa(ir.MemRefType, a.type):
            k += 1
            if k == host_index:
                return i
    return None


def memref_bytes(t: Any) -> int | None:
    """Static byte size of a memref type, None if dynamic."""
    mt = ir.MemRefType(t)
    if not mt.has_static_shape:
        return None
    n = 1
    for s in mt.shape:
        n *= s
    et = mt.element_type
    width = ir.IntegerType(et).width if isa(ir.IntegerType, et) else (
        getattr(ir.FloatType(et), "width", None) if hasattr(ir, "FloatType") and isa(ir.FloatType, et) else None)
    if width is None:
        text = str(et)
        width = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64, "index": 64}.get(text)
    if width is None:
        return None
    return n * max(1, width // 8)


def iter_seq_ops(seq: Any) -> Iterator[Any]:
    yield from walk(seq)[1:]
