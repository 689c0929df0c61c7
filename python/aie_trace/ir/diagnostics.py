# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Located diagnostics, shaped like MLIR's: ``file:line:col: error: message``.

Python passes report through a :class:`DiagnosticEngine` instead of raising: the driver prints the
diagnostics (or matches them against ``expected-*`` comments under ``--verify-diagnostics``) and
exits non-zero when any error was emitted. MLIR's own diagnostics (parse errors, C++ pass
failures) are converted to the same :class:`Diagnostic` so both kinds are handled alike.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

SEVERITIES = ("error", "warning", "remark", "note")
_FILE_LOC = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)')


@dataclass
class Diagnostic:
    severity: str
    message: str
    file: str | None = None
    line: int | None = None
    col: int | None = None
    notes: list[Diagnostic] = field(default_factory=list)

    def format(self) -> str:
        where = (
            f"{self.file}:{self.line}:{self.col}: "
            if self.line is not None
            else (f"{self.file}: " if self.file else "")
        )
        text = f"{where}{self.severity}: {self.message}"
        return "\n".join([text] + [n.format() for n in self.notes])


def split_location(loc: Any) -> tuple[str | None, int | None, int | None]:
    """(file, line, col) of an ``ir.Location``: a file location itself; the callee of a call-site
    location (where MLIR reports it); the first file location among a fused location's parts; the
    child of a name location; ``(None, None, None)`` for an unknown location or one with no file.

    Read through the bindings' accessors, which exist in two shapes: newer bindings hand out
    ``FileLineColLoc``/``CallSiteLoc``/``FusedLoc``/``NameLoc`` objects with ``filename``,
    ``start_line``, ``start_col``, ``callee``, ``locations``, ``child_loc``; older ones (mlir-aie's
    LLVM) one ``Location`` class with ``is_a_file()``, ``is_a_callsite()``, ``is_a_fused()``,
    ``is_a_name()`` and the same properties. Bindings with neither fall back to the printed form,
    whose string literal is unescaped as MLIR escapes it (``\\XX`` is a byte of UTF-8).
    """
    if loc is None:
        return None, None, None
    return _file_of(loc, 0)


def _printed_file(loc: Any) -> tuple[str | None, int | None, int | None]:
    m = _FILE_LOC.search(str(loc))
    if not m:
        return None, None, None
    return unescape_string(m.group(1)), int(m.group(2)), int(m.group(3))


_NOWHERE: tuple[None, None, None] = (None, None, None)


def _kind(loc: Any) -> str | None:
    """``file``, ``callsite``, ``fused``, ``name``, ``other``; None when the bindings cannot tell."""
    cls = type(loc).__name__
    by_class = {
        "FileLineColLoc": "file",
        "CallSiteLoc": "callsite",
        "FusedLoc": "fused",
        "NameLoc": "name",
        "UnknownLoc": "other",
        "OpaqueLoc": "other",
    }
    if cls in by_class:
        return by_class[cls]
    tests = (
        ("is_a_file", "file"),
        ("is_a_callsite", "callsite"),
        ("is_a_fused", "fused"),
        ("is_a_name", "name"),
    )
    if not all(hasattr(loc, t) for t, _ in tests):
        return None
    return next((kind for t, kind in tests if getattr(loc, t)()), "other")


def _file_of(loc: Any, depth: int) -> Any:
    kind = _kind(loc)
    if kind is None:
        return _printed_file(loc)
    if depth > 64:
        return _NOWHERE
    if kind == "file":
        return str(loc.filename), int(loc.start_line), int(loc.start_col)
    if kind == "callsite":
        return _file_of(loc.callee, depth + 1)
    if kind == "name":
        return _file_of(loc.child_loc, depth + 1)
    if kind == "fused":
        for part in loc.locations:
            found = _file_of(part, depth + 1)
            if found[1] is not None:
                return found
    return _NOWHERE


_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{2})|(.))", re.S)
_UNESCAPE = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t"}


def unescape_string(body: str) -> str:
    """The text of the body of an MLIR string literal as MLIR prints it: ``\\XX`` is a byte,
    ``\\n``/``\\t`` as in C, any other escaped character stands for itself; the bytes are UTF-8.
    """
    if "\\" not in body:
        return body
    out, pos = bytearray(), 0
    for m in _ESCAPE.finditer(body):
        out += body[pos : m.start()].encode()
        out += (
            bytes([int(m.group(1), 16)])
            if m.group(1)
            else _UNESCAPE.get(m.group(2), m.group(2).encode())
        )
        pos = m.end()
    out += body[pos:].encode()
    return out.decode("utf-8", "replace")


class LocatedError(ValueError):
    """An error about one op (or none): ``op`` anchors its diagnostic, ``notes`` are ``(anchor,
    text)`` pairs said after it. Every library error that carries an op is this type or a
    subclass (a subclass only where some caller catches it apart from the others), so a driver or
    command line reports all of them the same way: one located diagnostic. Engines raise it;
    passes let it escape, and the pass runner makes it the failing pass's diagnostic
    (:mod:`aie_trace.ir.rollback`)."""

    def __init__(self, message: str = "", op: Any = None, notes: Any = ()) -> None:
        if not isinstance(
            message, str
        ):  # (message, op): an anchor first is a swapped call
            raise TypeError(
                f"{type(self).__name__}(message, op): the message must be a str, got "
                f"{type(message).__name__}"
            )
        super().__init__(message)
        self.op = op
        self.message = message
        self.notes: list[tuple[Any, str]] = list(notes)


def anchor_location(anchor: Any) -> Any:
    """The location of a diagnostic's anchor: an operation, an OpView, a value, or a location
    itself (None: none)."""
    for attr in ("location",):
        if hasattr(anchor, attr) and not isinstance(anchor, str):
            try:
                return getattr(anchor, attr)
            except Exception:  # a block argument without location, say
                return None
    return anchor


class PassFailure(Exception):
    """Raised by :meth:`DiagnosticEngine.fail` to stop a pass after its errors were emitted."""


class DiagnosticEngine:
    """Collects diagnostics in emission order."""

    #: where this engine's own count starts in ``diagnostics`` (see :meth:`scoped`)
    _start: int = 0

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def scoped(self) -> DiagnosticEngine:
        """An engine for one pass run: it adds to the same ``diagnostics``, and its
        :attr:`error_count` counts only the errors added from now on. A pass judges its success
        by what it emitted itself, never by an error an earlier pass left in the engine.
        """
        own = copy.copy(self)
        own._start = len(self.diagnostics)
        return own

    def emit(
        self,
        severity: str,
        anchor: Any,
        message: str,
        notes: list[tuple[Any, str]] | None = None,
    ) -> Diagnostic:
        assert severity in SEVERITIES, severity
        file, line, col = split_location(anchor_location(anchor))
        d = Diagnostic(severity, message, file, line, col)
        for n_anchor, n_msg in notes or []:
            nf, nl, nc = split_location(anchor_location(n_anchor))
            d.notes.append(Diagnostic("note", n_msg, nf, nl, nc))
        self.diagnostics.append(d)
        return d

    def error(
        self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None
    ) -> Diagnostic:
        return self.emit("error", anchor, message, notes)

    def warning(
        self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None
    ) -> Diagnostic:
        return self.emit("warning", anchor, message, notes)

    def remark(
        self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None
    ) -> Diagnostic:
        return self.emit("remark", anchor, message, notes)

    def fail(self, anchor: Any = None, message: str | None = None) -> PassFailure:
        """Emit an error (if a message is given) and return the exception that aborts the pass:
        ``raise diag.fail(op, "...")``."""
        if message is not None:
            self.error(anchor, message)
        return PassFailure(message or "pass failed")

    @property
    def error_count(self) -> int:
        """The errors emitted through this engine (a :meth:`scoped` one: since it was made)."""
        return sum(d.severity == "error" for d in self.diagnostics[self._start :])

    def extend_from_mlir(self, mlir_diagnostics: Any) -> None:
        """Add diagnostics carried by an ``ir.MLIRError`` (``error_diagnostics``)."""
        sev_names = {0: "error", 1: "warning", 2: "note", 3: "remark"}
        for d in mlir_diagnostics:
            sev = getattr(d, "severity", None)
            severity = (
                sev_names.get(int(sev), "error")
                if isinstance(sev, int)
                else (
                    str(sev).rsplit(".", 1)[-1].lower() if sev is not None else "error"
                )
            )
            if severity not in SEVERITIES:
                severity = "error"
            file, line, col = split_location(getattr(d, "location", None))
            diag = Diagnostic(severity, d.message, file, line, col)
            for n in getattr(d, "notes", []) or []:
                nf, nl, nc = split_location(getattr(n, "location", None))
                diag.notes.append(Diagnostic("note", n.message, nf, nl, nc))
            self.diagnostics.append(diag)
