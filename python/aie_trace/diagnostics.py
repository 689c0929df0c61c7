"""Located diagnostics, shaped like MLIR's: ``file:line:col: error: message``.

Python passes report through a :class:`DiagnosticEngine` instead of raising: the driver prints the
diagnostics (or matches them against ``expected-*`` comments under ``--verify-diagnostics``) and
exits non-zero when any error was emitted. MLIR's own diagnostics (parse errors, C++ pass
failures) are converted to the same :class:`Diagnostic` so both kinds are handled alike.
"""

from __future__ import annotations

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
    notes: list["Diagnostic"] = field(default_factory=list)

    def format(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}: " if self.line is not None else (
            f"{self.file}: " if self.file else "")
        text = f"{where}{self.severity}: {self.message}"
        return "\n".join([text] + [n.format() for n in self.notes])


def split_location(loc: Any) -> tuple[str | None, int | None, int | None]:
    """(file, line, col) of an ``ir.Location`` (the first file location inside call-site/fused
    locations), or ``(None, None, None)`` for an unknown location."""
    if loc is None:
        return None, None, None
    m = _FILE_LOC.search(str(loc))
    if not m:
        return None, None, None
    return m.group(1).encode().decode("unicode_escape"), int(m.group(2)), int(m.group(3))


def _where(anchor: Any) -> Any:
    """Accept an operation, an OpView, a value, or a location."""
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

    def __init__(self) -> None:
        self.diagnostics: list[Diagnostic] = []

    def emit(self, severity: str, anchor: Any, message: str,
             notes: list[tuple[Any, str]] | None = None) -> Diagnostic:
        assert severity in SEVERITIES, severity
        file, line, col = split_location(_where(anchor))
        d = Diagnostic(severity, message, file, line, col)
        for n_anchor, n_msg in notes or []:
            nf, nl, nc = split_location(_where(n_anchor))
            d.notes.append(Diagnostic("note", n_msg, nf, nl, nc))
        self.diagnostics.append(d)
        return d

    def error(self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None) -> Diagnostic:
        return self.emit("error", anchor, message, notes)

    def warning(self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None) -> Diagnostic:
        return self.emit("warning", anchor, message, notes)

    def remark(self, anchor: Any, message: str, notes: list[tuple[Any, str]] | None = None) -> Diagnostic:
        return self.emit("remark", anchor, message, notes)

    def fail(self, anchor: Any = None, message: str | None = None) -> "PassFailure":
        """Emit an error (if a message is given) and return the exception that aborts the pass:
        ``raise diag.fail(op, "...")``."""
        if message is not None:
            self.error(anchor, message)
        return PassFailure(message or "pass failed")

    @property
    def error_count(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    def extend_from_mlir(self, mlir_diagnostics: Any) -> None:
        """Add diagnostics carried by an ``ir.MLIRError`` (``error_diagnostics``)."""
        sev_names = {0: "error", 1: "warning", 2: "note", 3: "remark"}
        for d in mlir_diagnostics:
            sev = getattr(d, "severity", None)
            severity = sev_names.get(int(sev), "error") if isinstance(sev, int) else (
                str(sev).rsplit(".", 1)[-1].lower() if sev is not None else "error")
            if severity not in SEVERITIES:
                severity = "error"
            file, line, col = split_location(getattr(d, "location", None))
            diag = Diagnostic(severity, d.message, file, line, col)
            for n in getattr(d, "notes", []) or []:
                nf, nl, nc = split_location(getattr(n, "location", None))
                diag.notes.append(Diagnostic("note", n.message, nf, nl, nc))
            self.diagnostics.append(diag)
