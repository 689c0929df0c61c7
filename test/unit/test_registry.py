# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pass registry: registration, typed options, entry-point plugins."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import sys
import textwrap
from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aie_trace.ir import attributes
from aie_trace.opt import registry as registry_mod
from aie_trace.opt.pipeline import parse_pipeline
from aie_trace.opt.registry import REGISTRY, OptionError, Pass, Registry, option


@dataclass(frozen=True)
class Kinds(Pass):
    """One option of every kind."""

    name: ClassVar[str] = "test-kinds"
    summary: ClassVar[str] = "all option kinds"
    flag: bool = option(False, "a bool")
    count: int = option(3, "an int")
    label: str = option("x", "a string")
    mode: Literal["fast", "slow"] = option("fast", "a choice")
    sizes: list[int] = option([1], "ints")
    names: list[str] = option([], "strings")

    def run(self, module, diag):
        pass


def _from_pipeline(text: str) -> Pass:
    (element,) = parse_pipeline(f"builtin.module(test-kinds{{{text}}})").elements
    return Kinds.from_options(list(element.options))


def test_option_introspection():
    infos = {o.name: o for o in Kinds.options()}
    assert [(o.kind, o.default) for o in infos.values()] == [
        ("bool", False),
        ("int", 3),
        ("str", "x"),
        ("choice", "fast"),
        ("list[int]", [1]),
        ("list[str]", []),
    ]
    assert infos["mode"].choices == ("fast", "slow")
    assert infos["count"].help == "an int"


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("flag", "flag", True),
        ("flag=true", "flag", True),
        ("flag=0", "flag", False),
        ("flag=OFF", "flag", False),
        ("count=-7", "count", -7),
        ("count=0x1f", "count", 31),
        ("label=plain", "label", "plain"),
        ("label='with space'", "label", "with space"),
        ('label="a,b"', "label", "a,b"),
        ("label={x y}", "label", "x y"),
        ("mode=slow", "mode", "slow"),
        ("mode='slow'", "mode", "slow"),
        ("sizes=4,5,6", "sizes", [4, 5, 6]),
        (
            "sizes=1 sizes=2,3",
            "sizes",
            [1, 2, 3],
        ),  # repeated list options append, as in MLIR
        ("names=a,'b c',\"d,e\"", "names", ["a", "b c", "d,e"]),
        ("names=", "names", []),
        ("label=", "label", ""),
    ],
)
def test_every_option_kind_parses(text, field, value):
    assert getattr(_from_pipeline(text), field) == value


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "flag=maybe",
            "pass 'test-kinds' option 'flag': 'maybe' is not a boolean (true/false)",
        ),
        ("count=many", "pass 'test-kinds' option 'count': 'many' is not an integer"),
        ("count", "pass 'test-kinds' option 'count': a value is required"),
        ("count=", "pass 'test-kinds' option 'count': '' is not an integer"),
        (
            "mode=medium",
            "pass 'test-kinds' option 'mode': 'medium' is not one of fast, slow",
        ),
        ("sizes=1,two", "pass 'test-kinds' option 'sizes': 'two' is not an integer"),
        (
            "size=1",
            "pass 'test-kinds' has no option 'size' (options: flag, count, label, mode, sizes, names)",
        ),
        ("count=1 count=2", "pass 'test-kinds' option 'count' is given more than once"),
    ],
)
def test_bad_options_say_which_and_why(text, message):
    with pytest.raises(OptionError) as e:
        _from_pipeline(text)
    assert str(e.value) == message


def test_option_quoting_is_the_pipeline_syntax_not_ir_string_literals():
    # backslashes are kept as written; single quotes quote too
    assert _from_pipeline(r'label="a\5C b"').label == r"a\5C b"
    assert _from_pipeline("label='say \"hi\"'").label == 'say "hi"'
    assert attributes.string_literal(r'"a\5C b"') == "a\\ b"  # an IR literal unescapes


# Printable text; a value holding both quote kinds has no spelling in MLIR's option syntax.
_plain = st.text(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=8
).filter(lambda s: not ("'" in s and '"' in s))


@settings(max_examples=150, deadline=None)
@given(
    flag=st.booleans(),
    count=st.integers(-(2**40), 2**40),
    label=_plain,
    mode=st.sampled_from(["fast", "slow"]),
    sizes=st.lists(st.integers(-99, 99), max_size=4),
    names=st.lists(
        _plain.filter(
            lambda s: s.strip() == s and s != "" and "{" not in s and "}" not in s
        ),
        max_size=3,
    ),
)
def test_pipeline_text_round_trips_through_the_parser(
    flag, count, label, mode, sizes, names
):
    p = Kinds(flag=flag, count=count, label=label, mode=mode, sizes=sizes, names=names)
    text = p.pipeline_text()
    (element,) = parse_pipeline(f"builtin.module({text})").elements
    assert Kinds.from_options(list(element.options)) == p


# ------------------------------------------------------------------------------------------------
# registration


def test_duplicate_names_are_an_error_but_re_adding_the_same_class_is_not():
    reg = Registry()
    reg._loaded = True
    reg.add(Kinds)
    reg.add(Kinds)

    @dataclass(frozen=True)
    class Other(Pass):
        name: ClassVar[str] = "test-kinds"

    with pytest.raises(ValueError, match="pass 'test-kinds' registered twice"):
        reg.add(Other)
    assert reg.get("test-kinds") is Kinds


def test_a_pass_needs_a_name_and_supported_option_types():
    reg = Registry()

    @dataclass(frozen=True)
    class Nameless(Pass):
        pass

    @dataclass(frozen=True)
    class BadOption(Pass):
        name: ClassVar[str] = "test-bad-option"
        ratio: float = option(0.5, "floats are not pass options")

    with pytest.raises(TypeError, match="needs a name"):
        reg.add(Nameless)
    with pytest.raises(TypeError, match="option 'ratio' has unsupported type"):
        reg.add(BadOption)


def test_builtin_passes_are_registered():
    assert "aie-trace-check-ir" in REGISTRY.names()
    assert REGISTRY.get("aie-trace-check-ir").summary


def test_the_builtin_table_lists_every_shipped_pass_and_importing_it_imports_none():
    import importlib
    import pkgutil
    import subprocess

    import aie_trace.passes as builtin

    shipped = {}
    for info in pkgutil.iter_modules(builtin.__path__):
        module = importlib.import_module(f"{builtin.__name__}.{info.name}")
        for obj in vars(module).values():
            if (
                isinstance(obj, type)
                and issubclass(obj, Pass)
                and obj.__module__ == module.__name__
                and obj.name
            ):
                shipped[obj.name] = f"{info.name}:{obj.__name__}"
    assert shipped == builtin.PASSES
    assert {n: REGISTRY.get(n).__module__ for n in shipped} == {
        n: f"{builtin.__name__}.{t.partition(':')[0]}" for n, t in shipped.items()
    }
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, aie_trace.passes; "
            "print(sorted(m for m in sys.modules if m.startswith('aie_trace.passes.')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert loaded.strip() == "[]"


PLUGIN = """
from dataclasses import dataclass
from typing import ClassVar
from aie_trace.opt.registry import Pass, option, register

@dataclass(frozen=True)
class ByClass(Pass):
    name: ClassVar[str] = "test-plugin-by-class"
    summary: ClassVar[str] = "named by its entry point"
    level: int = option(1, "a level")

@register
@dataclass(frozen=True)
class ByModule(Pass):
    name: ClassVar[str] = "test-plugin-by-module"
    summary: ClassVar[str] = "registers itself on import"
"""


@pytest.fixture
def plugin_env(tmp_path, monkeypatch):
    """A plugin module on sys.path and a fake ``aie_trace.passes`` entry-point group."""
    (tmp_path / "fake_aie_plugin.py").write_text(textwrap.dedent(PLUGIN))
    (tmp_path / "broken_aie_plugin.py").write_text(
        "raise RuntimeError('plugin is broken')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    group = registry_mod.ENTRY_POINT_GROUP
    eps = [
        importlib.metadata.EntryPoint("by-class", "fake_aie_plugin:ByClass", group),
        importlib.metadata.EntryPoint("by-module", "fake_aie_plugin", group),
        importlib.metadata.EntryPoint("broken", "broken_aie_plugin:Thing", group),
    ]

    def entry_points(**kw):
        return [ep for ep in eps if ep.group == kw.get("group")]

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    added_to_global: list[str] = []
    real_add = REGISTRY.add

    def tracking_add(cls):  # keep the global registry clean after the test
        added_to_global.append(cls.name)
        return real_add(cls)

    monkeypatch.setattr(registry_mod.REGISTRY, "add", tracking_add)
    yield
    for name in added_to_global:
        REGISTRY._passes.pop(name, None)
    sys.modules.pop("fake_aie_plugin", None)
    sys.modules.pop("broken_aie_plugin", None)


def test_entry_point_plugins_are_loaded(plugin_env):
    reg = Registry()
    assert reg.get("test-plugin-by-class").__name__ == "ByClass"
    assert [o.name for o in reg.get("test-plugin-by-class").options()] == ["level"]
    # a module entry point registers its passes itself, into the global registry
    assert "test-plugin-by-module" in REGISTRY._passes
    assert len(reg.load_errors) == 1
    assert reg.load_errors[0].startswith(
        "plugin 'broken' (broken_aie_plugin:Thing): plugin is broken"
    )


def test_no_library_or_pass_code_touches_the_garbage_collector():
    """The collector is the application's to tune; library and pass code leave it alone (the
    command-line entry points in tools/ are the application: aie-trace-opt pauses it).
    """
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    users = []
    for base in ("python/aie_trace",):
        for path in sorted((root / base).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module] if isinstance(node, ast.ImportFrom) else []
                )
                if "gc" in names:
                    users.append(str(path.relative_to(root)))
    assert users == ["python/aie_trace/tools/opt.py"]


def test_every_registered_pass_is_frozen():
    assert len(list(REGISTRY)) > 5
    for cls in REGISTRY:
        p = cls()
        field = next(iter(dataclasses.fields(cls)), None)
        if field is not None:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(p, field.name, getattr(p, field.name))
        assert cls.__dataclass_params__.frozen, cls.name


def test_a_mutable_pass_is_refused_at_registration():
    @dataclass
    class Mutable(Pass):
        name: ClassVar[str] = "test-mutable"
        level: int = option(1, "a level")

    with pytest.raises(
        TypeError,
        match=r"pass 'test-mutable': a pass is a frozen dataclass: decorate "
        r".*Mutable with @dataclass\(frozen=True\)",
    ):
        Registry().add(Mutable)


def test_frozen_passes_still_take_options_from_the_pipeline():
    p = _from_pipeline("count=9 sizes=4,5 mode=slow")
    assert (p.count, p.sizes, p.mode) == (9, [4, 5], "slow")
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.count = 1  # type: ignore[misc]
