# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The ``Pass`` base class and its typed options.

A pass is a small frozen dataclass whose fields are its options (``bool``, ``int``, ``str``,
``Literal[...]`` choices, ``list[int]`` / ``list[str]``), parsed from MLIR's pipeline option
syntax (``{mode=b limit=8 flag}``); see :mod:`aie_trace.opt.registry` for an example and for how
passes are found.

A pass that fails leaves the module as it was: every subclass's ``run`` is wrapped so that when it
raises (``PassFailure`` or a bug) or reports an error into ``diag``, the module is restored from a
snapshot taken before it started (:mod:`aie_trace.ir.rollback`). This holds for ``p.run(module,
diag)`` called from Python and for the driver's pass manager alike.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from ..ir.rollback import transactional


class OptionError(ValueError):
    """A pass option that does not exist or whose value does not parse."""


def option(default: Any, help: str) -> Any:  # noqa: A002 - mirrors cl::opt's `help`
    """A pass option: a dataclass field with a default and a help text."""
    if isinstance(default, list):
        return dataclasses.field(
            default_factory=lambda d=default: list(d), metadata={"help": help}
        )
    return dataclasses.field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class OptionInfo:
    name: str  # as spelled on the command line (dashes)
    field: str  # the dataclass field (underscores)
    kind: str  # bool | int | str | choice | list[int] | list[str]
    default: Any
    help: str
    choices: tuple[str, ...] = ()

    def parse(self, text: str | None, pass_name: str) -> Any:
        where = f"pass '{pass_name}' option '{self.name}'"
        if self.kind == "bool":
            if text is None or text.lower() in ("true", "1", "on", "yes"):
                return True
            if text.lower() in ("false", "0", "off", "no"):
                return False
            raise OptionError(f"{where}: '{text}' is not a boolean (true/false)")
        if text is None:
            raise OptionError(f"{where}: a value is required")
        if self.kind == "int":
            return _parse_int(text, where)
        if self.kind == "str":
            return _unquote(text)
        if self.kind == "choice":
            value = _unquote(text)
            if value not in self.choices:
                raise OptionError(
                    f"{where}: '{value}' is not one of {', '.join(self.choices)}"
                )
            return value
        items = [t for t in _split_list(text)] if text.strip() else []
        if self.kind == "list[int]":
            return [_parse_int(t, where) for t in items]
        return [_unquote(t) for t in items]

    def format(self, value: Any) -> str:
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind.startswith("list"):
            return ",".join(_quote_if_needed(str(v)) for v in value)
        return _quote_if_needed(str(value))


def _parse_int(text: str, where: str) -> int:
    try:
        return int(text.strip(), 0)
    except ValueError:
        raise OptionError(f"{where}: '{text}' is not an integer") from None


def _unquote(text: str) -> str:
    """An option value as MLIR's pass-pipeline syntax quotes it: one pair of ``"``, ``'`` or
    braces around it is dropped, and nothing inside is an escape. Not ``attributes.string_literal``:
    that reads IR string literals (double quotes only, ``\\XX`` escapes), which option text is not.
    """
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "\"'":
        return t[1:-1]
    if len(t) >= 2 and t[0] == "{" and t[-1] == "}":
        return t[1:-1]
    return t


def _quote_if_needed(s: str) -> str:
    if s == "" or any(c in s for c in " ,{}()=\"'"):
        return '"' + s + '"' if '"' not in s else "'" + s + "'"
    return s


def _split_list(text: str) -> list[str]:
    """Split on top-level commas (quotes and braces protect commas)."""
    out, depth, quote, cur = [], 0, None, []
    for c in text:
        if quote:
            cur.append(c)
            if c == quote:
                quote = None
            continue
        if c in "\"'":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        cur.append(c)
    out.append("".join(cur).strip())
    return out


class Pass:
    """Base class of every Python pass. Subclasses are dataclasses; see the module docstring."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: whether the pass never changes IR: then no copy is taken to restore a failed run (every
    #: other pass is copied on entry). Not inherited: each class that defines ``run`` says so.
    read_only: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        run = cls.__dict__.get("run")
        if run is not None:  # a failing run restores the module (aie_trace.ir.rollback)
            read_only = bool(cls.__dict__.get("read_only", False))
            cls.run = transactional(run, read_only=read_only)  # type: ignore[method-assign]

    def run(self, module: Any, diag: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- introspection used by the driver, --help and the docs --------------------------------
    @classmethod
    def description(cls) -> str:
        import inspect

        return inspect.cleandoc(cls.__doc__ or cls.summary)

    @classmethod
    def options(cls) -> list[OptionInfo]:
        hints = typing.get_type_hints(cls)
        infos = []
        for f in dataclasses.fields(cls):
            kind, choices = _kind_of(hints[f.name], cls.name, f.name)
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
            infos.append(
                OptionInfo(
                    f.name.replace("_", "-"),
                    f.name,
                    kind,
                    default,
                    f.metadata.get("help", ""),
                    choices,
                )
            )
        return infos

    @classmethod
    def from_options(cls, raw: list[tuple[str, str | None]]) -> Pass:
        """Build an instance from ``[(name, text-or-None), ...]`` as the pipeline parser gives."""
        by_name = {o.name: o for o in cls.options()}
        by_name.update({o.field: o for o in cls.options()})
        values: dict[str, Any] = {}
        for key, text in raw:
            info = by_name.get(key)
            if info is None:
                known = ", ".join(o.name for o in cls.options()) or "none"
                raise OptionError(
                    f"pass '{cls.name}' has no option '{key}' (options: {known})"
                )
            value = info.parse(text, cls.name)
            if info.field not in values:
                values[info.field] = value
            elif info.kind.startswith(
                "list"
            ):  # as in MLIR, a repeated list option appends
                values[info.field] = values[info.field] + value
            else:
                raise OptionError(
                    f"pass '{cls.name}' option '{info.name}' is given more than once"
                )
        return cls(**values)

    def pipeline_text(self) -> str:
        """This pass and its non-default options, in pipeline syntax."""
        parts = []
        for o in self.options():
            value = getattr(self, o.field)
            if value != o.default:
                parts.append(f"{o.name}={o.format(value)}")
        return self.name + ("{" + " ".join(parts) + "}" if parts else "")


def _kind_of(hint: Any, pass_name: str, field: str) -> tuple[str, tuple[str, ...]]:
    origin = typing.get_origin(hint)
    if hint is bool:
        return "bool", ()
    if hint is int:
        return "int", ()
    if hint is str:
        return "str", ()
    if origin is typing.Literal:
        return "choice", tuple(str(a) for a in typing.get_args(hint))
    if origin is list and typing.get_args(hint) in ((int,), (str,)):
        return f"list[{typing.get_args(hint)[0].__name__}]", ()
    raise TypeError(f"pass {pass_name}: option '{field}' has unsupported type {hint!r}")
