# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The IR layer is the only way into IR: outside it, no module touches the bindings' objects by
their own attributes (``op.operands``, ``value.owner``, ``block.arguments``...) or names a
bindings class (``ir.MemRefType``); they call :mod:`aie_trace.ir.structure` and the typed wrappers of
:mod:`aie_trace.ir.aieops`. (That no other module imports the bindings is
``test_import_rule.py``.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from source_scan import ROOT, misjudged, sources

#: the IR layer, and the code that runs pass managers, with why
LAYER = {
    "python/aie_trace/ir/provider.py": "the provider: where the bindings come from",
    "python/aie_trace/ir/structure.py": "the IR layer: operations, values, blocks, regions, the op identity, parsing",
    "python/aie_trace/ir/attributes.py": "the IR layer: attribute and type values through the structured accessors",
    "python/aie_trace/ir/fields.py": "the IR layer: fields by ODS name in every era",
    "python/aie_trace/ir/eras.py": "the IR layer: era detection from op shapes",
    "python/aie_trace/ir/checking.py": "the IR layer: the op checker",
    "python/aie_trace/ir/builders.py": "the IR layer: schema-checked builders",
    "python/aie_trace/ir/aieops.py": "the IR layer: typed wrappers for the aie/aiex ops",
    "python/aie_trace/ir/views.py": "the IR layer: view chains read by mlir-aie's resolve rules",
    "python/aie_trace/ir/rollback.py": "the IR layer: a module put back as it was",
    "python/aie_trace/ir/schema.py": "the IR layer's data: the aie/aiex op definitions per era",
    "python/aie_trace/ir/custom_print.py": "the IR layer's printer of the custom form (reads "
    "each op through the bindings' accessors)",
    "python/aie_trace/ir/customform.py": "the IR layer's reader of the custom form (text to "
    "generic text, read against the schema's op definitions)",
    "python/aie_trace/ir/diagnostics.py": "the IR layer's diagnostics: an anchor's location read "
    "through the bindings' Location accessors",
    "python/aie_trace/opt/driver.py": "runs pass managers",
    "python/aie_trace/opt/pipeline.py": "runs pass managers",
}

#: attributes of the bindings' operations, values, blocks and regions (none is a field name of a
#: record of ours; ``parent``, ``name``, ``type``, ``result`` and ``add_argument`` are too common
#: elsewhere, paths and argument parsers, to tell apart, and the layer offers functions for them)
BINDING_ATTRIBUTES = frozenset(
    {
        "operands",
        "attributes",
        "regions",
        "results",
        "owner",
        "arguments",
        "blocks",
        "operation",
        "opview",
        "operations",
        "_CAPIPtr",
        "get_asm",
        "move_before",
        "move_after",
        "erase",
        "clone",
        "replace_all_uses_with",
        "location",
        "detach_from_parent",
        "set_type",
        "arg_number",
        "InsertionPoint",
        "walk",
        "context",
        "uses",
        "insert",
        "erase_argument",
        "replace_all_uses_except",
        "replace_uses_of_with",
        "set_name",
        "error_diagnostics",
        "get_strides_and_offset",
        "dialect_namespace",
    }
)

#: the IR layer's modules that read and build IR, split by concern
_IR_MODULES = frozenset(
    {
        "structure",
        "attributes",
        "fields",
        "eras",
        "checking",
        "builders",
        "aieops",
        "views",
    }
)
#: the names under which the layer's modules are imported: their attributes are the layer's API
_LAYER_NAMES = _IR_MODULES | {"rollback", "layer"}
#: the layer's modules, by the last part of their import path
_LAYER_MODULES = _IR_MODULES | {"rollback", "provider"}
#: the bindings' modules (and the layer's private names for them), for the layer's use only
_BINDING_MODULES = frozenset(
    {"ir", "arith", "memref", "scf", "func", "passmanager", "_arith", "_memref"}
)


def _by_name(func: ast.expr) -> bool:
    """A call that reaches an attribute by its name: ``getattr(x, "operands")``,
    ``lazy.attribute("aie_trace.ir.structure", "ir")``."""
    if isinstance(func, ast.Name):
        return func.id in ("getattr", "hasattr", "setattr")
    return isinstance(func, ast.Attribute) and func.attr == "attribute"


def _offences(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            if (node.module or "").rsplit(".", 1)[-1] in _LAYER_MODULES:
                found += [
                    f"line {node.lineno}: imports {a.name} from the IR layer"
                    for a in node.names
                    if a.name in _BINDING_MODULES
                ]
        elif isinstance(node, ast.Attribute):
            if (
                node.attr in _BINDING_MODULES
            ):  # structure.ir, layer._arith, views.ir ...
                found.append(f"line {node.lineno}: .{node.attr}")
            elif node.attr in BINDING_ATTRIBUTES and not (
                isinstance(node.value, ast.Name) and node.value.id in _LAYER_NAMES
            ):
                found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call) and _by_name(node.func):
            found += [
                f"line {node.lineno}: {a.value!r} by name"
                for a in node.args
                if isinstance(a, ast.Constant)
                and isinstance(a.value, str)
                and (a.value in BINDING_ATTRIBUTES or a.value in _BINDING_MODULES)
            ]
    return found


def test_the_scan_covers_the_engines():
    files = sources(LAYER)
    assert "python/aie_trace/analysis/verify.py" in files
    assert "python/aie_trace/passes/fuse_buffers.py" in files
    assert all((ROOT / f).exists() for f in LAYER)


@pytest.mark.parametrize("rel", sources(LAYER))
def test_no_module_outside_the_layer_touches_binding_objects(rel):
    assert _offences(ROOT / rel) == []


def test_the_scan_sees_each_spelling(tmp_path):
    cases = {
        "x = op.operands[0]": True,
        "v.owner.operation": True,
        "ir.InsertionPoint(op)": True,
        "from .structure import ir": True,
        "from aie_trace.ir.structure import arith, make_context": True,
        "t = structure.ir.MemRefType": True,
        "ops = structure.operands(op)": False,
        "w = structure.walk(seq)": False,
        "from .structure import make_context, op_id": False,
        "from .views import ir": True,
        "t = layer.ir.MemRefType": True,
        "c = structure._arith.ConstantOp": True,
        "m = getattr(structure, 'ir')": True,
        "n = getattr(op, 'operands')": True,
        "lazy.attribute('aie_trace.ir.structure', 'ir')": True,
        "u = list(value.uses)": True,
        "ops.operands": True,
        "p = path.parent": False,
        "r = record.callee_name": False,
        "v = getattr(args, 'era', None)": False,
        "t.startswith('memref')": False,
    }
    assert misjudged(tmp_path, _offences, cases) == []
