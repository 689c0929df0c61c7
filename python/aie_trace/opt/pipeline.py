# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""MLIR textual pass pipelines: parse, print, and run them with Python and native passes mixed.

The syntax is MLIR's (``mlir-opt --pass-pipeline=...``)::

    pipeline := anchor '(' [element (',' element)*] ')'
    element  := pipeline | pass-name ['{' option* '}']
    option   := key ['=' value]      value: bare text up to whitespace, with '...', "..." and
                                     {...} protecting spaces, commas and braces (``list=1,2``)

:func:`parse_pipeline` returns an AST (:class:`OpPipeline` of :class:`PassElement` and nested
:class:`OpPipeline`) that prints back to the same text (``str(ast)``); equality ignores columns.

:class:`PipelineRunner` puts a parsed pipeline into ONE provider ``PassManager``, in order: passes
of :data:`aie_trace.opt.registry.REGISTRY` become Python passes (``pm.add(callable, ...)``, module level
only, since MLIR's Python API cannot nest them); every other element (``canonicalize``,
``aie.device(cse)``, mlir-aie's C++ passes) is handed to the PassManager as text. Nothing a Python
pass raises unwinds through the PassManager's C++: the callback fails the pass and keeps the
exception, which :meth:`PipelineRunner.run` raises once the PassManager has returned (a bug as
:class:`InternalPassError`). A failed Python pass has put the module back as it was
(:mod:`aie_trace.ir.rollback`).
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..ir.diagnostics import DiagnosticEngine, PassFailure
from .registry import REGISTRY, OptionError, Pass, Registry

ROOT_ANCHOR = "builtin.module"
_NAME_CHARS = re.compile(r"[A-Za-z0-9_.$\-]+")
_KEY_CHARS = re.compile(r"[A-Za-z0-9_.\-]+")


class PipelineError(ValueError):
    """A pipeline that does not parse or cannot be built. ``col`` is 1-based in the pipeline
    text (None when no position applies)."""

    def __init__(
        self, message: str, col: int | None = None, element: Any = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.col = col
        self.element = element  # the culprit element of the AST, when one is to blame

    def format(self, source: str = "<pass-pipeline>") -> str:
        where = f"{source}:1:{self.col}" if self.col is not None else source
        return f"{where}: error: {self.message}"


# ------------------------------------------------------------------------------------------------
# AST


@dataclass(frozen=True)
class PassElement:
    """One pass with its options as written: ``(key, raw value or None)``."""

    name: str
    options: tuple[tuple[str, str | None], ...] = ()
    col: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        opts = " ".join(k if v is None else f"{k}={v}" for k, v in self.options)
        return f"{self.name}{{{opts}}}"


@dataclass(frozen=True)
class OpPipeline:
    """``anchor(element, ...)``: elements run on every ``anchor`` op nested in the parent."""

    anchor: str
    elements: tuple[Element, ...] = ()
    col: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return f"{self.anchor}({','.join(str(e) for e in self.elements)})"

    def passes(self) -> Iterator[PassElement]:
        """Every pass element, nested ones included, in order."""
        for e in self.elements:
            if isinstance(e, OpPipeline):
                yield from e.passes()
            else:
                yield e


Element = PassElement | OpPipeline


# ------------------------------------------------------------------------------------------------
# parser


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: int | None = None) -> PipelineError:
        return PipelineError(message, (self.pos if pos is None else pos) + 1)

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def elements(self, closing: str, open_pos: int = 0) -> tuple[Element, ...]:
        """``element (',' element)*`` up to ``closing`` (')' opened at ``open_pos``, or '' for
        the end of the text)."""
        out: list[Element] = []
        self.skip_ws()
        if self.peek() == closing:
            return ()
        while True:
            out.append(self.element())
            self.skip_ws()
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            if c == closing:
                return tuple(out)
            if c == "":
                raise self.error("unbalanced '(': missing ')'", open_pos)
            if c == ")":
                raise self.error("unbalanced ')'")
            expected = f"'{closing}'" if closing else "the end of the pipeline"
            raise self.error(f"expected ',' or {expected} but found '{c}'")

    def element(self) -> Element:
        self.skip_ws()
        start = self.pos
        m = _NAME_CHARS.match(self.text, self.pos)
        if not m:
            c = self.peek()
            raise self.error(
                "expected a pass or operation name" + (f" but found '{c}'" if c else "")
            )
        name = m.group(0)
        self.pos = m.end()
        self.skip_ws()
        if self.peek() == "(":
            open_pos = self.pos
            self.pos += 1
            elements = self.elements(")", open_pos)
            self.pos += 1
            return OpPipeline(name, elements, start + 1)
        options: tuple[tuple[str, str | None], ...] = ()
        if self.peek() == "{":
            options = self.options_block()
        return PassElement(name, options, start + 1)

    def options_block(self) -> tuple[tuple[str, str | None], ...]:
        open_pos = self.pos
        end = _scan_balanced(self.text, open_pos + 1, "}", self.error)
        if end is None:
            raise self.error("missing '}' to close the pass options", open_pos)
        inner = self.text[open_pos + 1 : end]
        self.pos = end + 1
        return _parse_options(inner, open_pos + 1, self.error)


def _scan_balanced(
    text: str, pos: int, closing: str, error: Callable[..., PipelineError]
) -> int | None:
    """Scan from ``pos`` to ``closing`` at brace depth 0, skipping quoted text and nested braces:
    ``'}'`` ends a pass's options, ``' '`` (any whitespace) ends an option value. Returns its
    index, or None when the text ends first."""
    depth = 0
    while pos < len(text):
        c = text[pos]
        if c in "\"'":
            end = text.find(c, pos + 1)
            if end < 0:
                raise error(f"unterminated {c} quote", pos)
            pos = end
        elif c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                if closing == "}":
                    return pos
                raise error("unbalanced '}'", pos)
            depth -= 1
        elif c.isspace() and depth == 0 and closing == " ":
            return pos
        pos += 1
    return None


def _parse_options(
    inner: str, offset: int, error: Callable[..., PipelineError]
) -> tuple[tuple[str, str | None], ...]:
    """``key[=value]`` items separated by whitespace; ``offset`` maps ``inner`` into the text."""

    def err(message: str, pos: int) -> PipelineError:
        return error(message, offset + pos)

    out: list[tuple[str, str | None]] = []
    pos = 0
    while True:
        while pos < len(inner) and inner[pos].isspace():
            pos += 1
        if pos >= len(inner):
            return tuple(out)
        m = _KEY_CHARS.match(inner, pos)
        if not m:
            raise err(f"expected an option name but found '{inner[pos]}'", pos)
        key, pos = m.group(0), m.end()
        if pos < len(inner) and inner[pos] == "=":
            end = _scan_balanced(inner, pos + 1, " ", err)
            end = len(inner) if end is None else end
            out.append(
                (key, inner[pos + 1 : end])
            )  # may be empty, as in MLIR ('string=')
            pos = end
        elif pos < len(inner) and not inner[pos].isspace():
            raise err(
                f"expected '=' or whitespace after option '{key}' but found '{inner[pos]}'",
                pos,
            )
        else:
            out.append((key, None))


def parse_pipeline(
    text: str, *, require_anchor: bool = True, default_anchor: str = ROOT_ANCHOR
) -> OpPipeline:
    """Parse ``anchor(elements)``. With ``require_anchor=False`` a bare list ``a,b{x=1}`` is
    accepted too and anchored on ``default_anchor``."""
    p = _Parser(text)
    elements = p.elements("")
    if len(elements) == 1 and isinstance(elements[0], OpPipeline):
        return elements[0]
    if require_anchor:
        listed = ",".join(str(e) for e in elements)
        raise PipelineError(
            f"the pipeline needs an operation anchor: write '{default_anchor}({listed})'",
            elements[0].col if elements else 1,
        )
    return OpPipeline(default_anchor, elements, 1)


def parse_pass_options(name: str, text: str) -> PassElement:
    """A pass element from a per-pass flag: ``name`` plus its option text (``'a=1 b'``)."""
    p = _Parser(text)
    return PassElement(name, _parse_options(text, 0, p.error))


# ------------------------------------------------------------------------------------------------
# building and running


@dataclass(frozen=True)
class PythonStep:
    cls: type[Pass]
    element: PassElement


@dataclass(frozen=True)
class NativeStep:
    element: Element

    @property
    def text(self) -> str:
        return str(self.element)


Step = PythonStep | NativeStep


def plan(root: OpPipeline, registry: Registry = REGISTRY) -> list[Step]:
    """Check a pipeline against the registry: root anchor, Python pass placement and options.
    Native elements are checked when they are added to a PassManager."""
    if root.anchor != ROOT_ANCHOR:
        raise PipelineError(
            f"the pipeline must be anchored on '{ROOT_ANCHOR}' (the input's top-level "
            f"op), not '{root.anchor}'",
            root.col,
        )
    steps: list[Step] = []
    for e in root.elements:
        if isinstance(e, OpPipeline):
            _reject_nested_python(e, registry)
            steps.append(NativeStep(e))
            continue
        cls = registry.get(e.name)
        if cls is None:
            steps.append(NativeStep(e))
            continue
        try:
            cls.from_options(list(e.options))
        except OptionError as exc:
            raise PipelineError(str(exc), e.col, e) from None
        steps.append(PythonStep(cls, e))
    return steps


def _reject_nested_python(nested: OpPipeline, registry: Registry) -> None:
    for e in nested.elements:
        if isinstance(e, OpPipeline):
            _reject_nested_python(e, registry)
        elif e.name in registry:
            raise PipelineError(
                f"'{e.name}' is a module-level Python pass and cannot run nested inside "
                f"'{nested.anchor}(...)': move it to the top level of the pipeline",
                e.col,
                e,
            )


class InternalPassError(Exception):
    """An exception other than :class:`PassFailure` escaped a Python pass: a bug in the pass."""

    def __init__(self, pass_name: str, exc: BaseException) -> None:
        super().__init__(f"internal error in pass '{pass_name}': {exc}")
        self.pass_name = pass_name
        self.exc = exc


@contextmanager
def _captured_stderr() -> Iterator[list[str]]:
    """Collect what native code writes to file descriptor 2 (LLVM's option parser does)."""
    out: list[str] = []
    with tempfile.TemporaryFile() as tmp:
        saved = os.dup(2)
        os.dup2(tmp.fileno(), 2)
        try:
            yield out
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            out.append(tmp.read().decode(errors="replace"))


_MLIR_PARSER_ERROR = re.compile(r"error: (.*)")
_UNKNOWN_NATIVE = re.compile(
    r"'([^']+)' does not refer to a registered pass or pass pipeline"
)
_NATIVE_OPTIONS = re.compile(r"failed to add `([^`]+)` with options")


def _native_error(step: NativeStep, message: str, captured: str) -> PipelineError:
    """Rephrase the PassManager's multi-line ValueError as one line located at the culprit."""
    culprit: PassElement | None = None
    detail = ""
    m = _UNKNOWN_NATIVE.search(message)
    if m:
        culprit = _find_pass(step.element, m.group(1))
        detail = f"'{m.group(1)}' does not refer to a registered pass or pass pipeline"
    m = _NATIVE_OPTIONS.search(message)
    if m:
        culprit = _find_pass(step.element, m.group(1))
        why = " ".join((captured + " " + message[: m.start()]).split()).lstrip(": ")
        why = why.replace("<Pass-Options-Parser>: ", "")
        detail = f"invalid options for pass '{m.group(1)}'" + (
            f": {why}" if why else ""
        )
    if not detail:
        first = _MLIR_PARSER_ERROR.search(message)
        detail = first.group(1) if first else " ".join(message.split())
    where = culprit or step.element
    return PipelineError(detail, where.col, where)


def _find_pass(element: Element, name: str) -> PassElement | None:
    candidates = (
        element.passes() if isinstance(element, OpPipeline) else iter([element])
    )
    return next((e for e in candidates if e.name == name), None)


class PipelineRunner:
    """One provider ``PassManager`` for a planned pipeline, with Python passes reporting into
    ``diag``. Build it inside the context the module lives in. Raises :class:`PipelineError` for
    a native element the PassManager rejects."""

    def __init__(
        self,
        steps: list[Step],
        diag: DiagnosticEngine,
        *,
        after_python_pass: Callable[[], None] | None = None,
    ) -> None:
        from ..ir.provider import passmanager

        self.diag = diag
        self.after_python_pass = after_python_pass
        self._raised: BaseException | None = (
            None  # what a Python pass raised, for after the run
        )
        self.pm = passmanager.PassManager(ROOT_ANCHOR)
        for step in steps:
            if isinstance(step, PythonStep):
                self.pm.add(
                    self._python_pass(step),
                    name=step.cls.__name__,
                    argument=step.cls.name,
                    description=step.cls.summary,
                )
            else:
                self._add_native(step)

    def _add_native(self, step: NativeStep) -> None:
        with _captured_stderr() as captured:
            try:
                self.pm.add(step.text)
                return
            except ValueError as e:
                message = str(e)
        raise _native_error(step, message, "".join(captured))

    def _python_pass(self, step: PythonStep) -> Callable[[Any, Any], None]:
        cls, options = step.cls, list(step.element.options)

        def run(op: Any, ext_pass: Any) -> None:
            # Nothing may propagate out of here: this is called from MLIR's C++ pass manager.
            # The pass itself restores the module when it fails (aie_trace.ir.rollback).
            errors_before = self.diag.error_count
            failed = False
            try:
                cls.from_options(options).run(op, self.diag)
            except PassFailure:
                failed = True
            except Exception as exc:  # a bug in the pass: re-raised after the run
                self._raised = InternalPassError(cls.name, exc)
                self._raised.__cause__ = exc
                ext_pass.signal_pass_failure()
                return
            except (
                BaseException
            ) as exc:  # KeyboardInterrupt and the like: re-raised after the run
                self._raised = exc
                ext_pass.signal_pass_failure()
                return
            if failed and self.diag.error_count == errors_before:
                self.diag.error(op, f"pass '{cls.name}' failed")
            if self.after_python_pass is not None:
                self.after_python_pass()
            if self.diag.error_count > errors_before:
                ext_pass.signal_pass_failure()

        return run

    def enable_ir_printing(
        self,
        *,
        before_all: bool,
        after_all: bool,
        generic: bool,
        after_failure: bool = False,
    ) -> None:
        """MLIR's IR dumps (to stderr): before/after every pass, or only after a pass that
        failed (the module as the failed pass left it, which for a Python pass is as it was).
        As in mlir-opt, ``after_failure`` restricts the after-pass dumps to failed passes.
        """
        if before_all or after_all or after_failure:
            self.pm.enable_ir_printing(
                print_before_all=before_all,
                print_after_all=after_all or after_failure,
                print_after_failure=after_failure,
                print_generic_op_form=generic,
            )

    def run(self, module: Any) -> bool:
        """Run on ``module``; False when a pass failed (its errors are in ``diag``).
        Raises :class:`InternalPassError` for a bug in a Python pass, after the pass manager has
        stopped and the module is back as it was before that pass."""
        from ..ir.provider import ir

        errors_before = self.diag.error_count
        self._raised = None
        try:
            self.pm.run(module)
        except ir.MLIRError as e:
            self._reraise()
            self.diag.extend_from_mlir(e.error_diagnostics)
            if self.diag.error_count == errors_before:
                self.diag.error(module, "pass pipeline failed")
            return False
        self._reraise()
        return True

    def _reraise(self) -> None:
        raised, self._raised = self._raised, None
        if raised is not None:
            raise raised
