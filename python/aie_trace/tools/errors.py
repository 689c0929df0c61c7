# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One message format for every ``aie-trace`` command.

    aie-trace <command>: error: <file>: <message>
    aie-trace <command>: error: <file>:<line>:<col>: <message>     (a located diagnostic)
    aie-trace <command>: warning: <file>: <message>

A subcommand raises :class:`CommandError` (or a library error it translates into one);
:func:`run_command` prints it in this form and returns exit code 1, or 2 for a
:class:`UsageError` (a command line that cannot be run as given, as argparse exits for an option
it refuses). Nothing a user passes in ends in a Python traceback: an exception no command expected
is reported as an internal error in the same form (``AIE_TRACE_DEBUG=1`` prints its traceback as
well). A standard output closed early (``aie-trace run ... | head``) ends the command quietly.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Callable
from typing import Any, TextIO

#: ``<where>: <severity>: <message>`` as DiagnosticEngine and the tools format one diagnostic.
_DIAG = re.compile(
    r"^(?P<where>\S[^\n]*?): (?P<sev>error|warning|note|remark): (?P<msg>.*)$"
)
_BARE = re.compile(r"^(?P<sev>error|warning|note|remark): (?P<msg>.*)$")


#: exit codes: success, a failure, a usage error (argparse's)
EXIT_OK, EXIT_FAILURE, EXIT_USAGE = 0, 1, 2


class CommandError(Exception):
    """A reported failure: ``message`` about ``file`` (a path, ``path:line:col``, or None)."""

    exit_code = EXIT_FAILURE

    def __init__(self, message: str, file: str | None = None):
        super().__init__(message)
        self.message, self.file = message, file


class UsageError(CommandError):
    """The command line itself cannot be run (options that contradict each other, a value of
    the wrong shape): exit code 2."""

    exit_code = EXIT_USAGE


def line(
    command: str, message: str, file: str | None = None, severity: str = "error"
) -> str:
    """``aie-trace <command>: <severity>: <file>: <message>``."""
    return (
        f"aie-trace {command}: {severity}: " + (f"{file}: " if file else "") + message
    )


def _reformat(command: str, text: str, file: str | None) -> str:
    """Put ``text`` (one message, or diagnostics ``where: error: msg`` one per line) in the format.

    The first line carries the command and severity; an indented continuation line that quotes a
    diagnostic keeps its location and drops the severity, so ``error:`` appears once."""
    out = []
    for k, raw in enumerate(text.splitlines() or [""]):
        indent = raw[: len(raw) - len(raw.lstrip())]
        body = raw.strip()
        m = _DIAG.match(body) or _BARE.match(body)
        where = m.groupdict().get("where") if m else None
        if indent and k:
            out.append(
                indent
                + (f"{where}: {m['msg']}" if m and where else (m["msg"] if m else body))
            )
        elif m:
            out.append(line(command, m["msg"], where or file, m["sev"]))
        elif k == 0:
            out.append(line(command, body, file))
        else:  # a continuation of the message above: indented under it
            out.append("  " + body if body else "")
    return "\n".join(out)


def relabel(text: str, label: str) -> str:
    """A diagnostic ``where: error: msg`` as ``where: <label>: msg`` (``<label>: text`` otherwise),
    so a command can say what kind of failure a library diagnostic is without a second ``error:``.
    """
    m = _DIAG.match(text.splitlines()[0]) if text else None
    if m is None:
        return f"{label}: {text}"
    rest = text.split("\n", 1)[1:]
    return "\n".join([f"{m['where']}: {label}: {m['msg']}", *rest])


def format_error(command: str, e: CommandError) -> str:
    return _reformat(command, e.message, e.file)


def _is_provider_error(e: BaseException) -> bool:
    """No MLIR bindings for the forced or default provider (aie_trace.ir.provider.ProviderError;
    matched by its defining module, which a failed provider import leaves unimportable).
    """
    t = type(e)
    return t.__module__ == "aie_trace.ir.provider" and t.__qualname__ == "ProviderError"


def run_command(
    command: str, body: Callable[[], int | None], stderr: TextIO | None = None
) -> int:
    """Run one subcommand: its exit code, or 1 after one message in the format for any failure."""
    stderr = stderr or sys.stderr
    try:
        code = int(body() or 0)
        sys.stdout.flush()  # a closed stdout shows here, not at interpreter exit
        return code
    except CommandError as e:
        stderr.write(format_error(command, e) + "\n")
        return e.exit_code
    except KeyboardInterrupt:
        return 130
    except (
        BrokenPipeError
    ):  # the reader went away (`| head`): stop quietly, as a filter does
        _silence_stdout()
        return 1
    except RecursionError:
        stderr.write(line(command, "the input nests too deeply to process") + "\n")
    except MemoryError:
        stderr.write(line(command, "out of memory") + "\n")
    except (
        Exception
    ) as e:  # noqa: BLE001 -- the one place that turns a bug into a message
        if _is_provider_error(e):
            stderr.write(line(command, str(e)) + "\n")
            return 1
        if os.environ.get("AIE_TRACE_DEBUG"):
            traceback.print_exc(file=stderr)
        stderr.write(
            line(
                command,
                f"internal error: {type(e).__name__}: {e} "
                "(set AIE_TRACE_DEBUG=1 for the traceback)",
            )
            + "\n"
        )
    return 1


def _silence_stdout() -> None:
    """Point the process's stdout at /dev/null, so that what is left in its buffer is dropped
    at exit instead of failing on the closed pipe again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return  # not a real file (a test's StringIO)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def located(anchor: Any, message: str, fallback: str) -> str:
    """``message`` located at ``anchor`` (an op, value or location) as a diagnostic prints it
    (``file:line:col: error: message``); ``fallback: error: message`` when it has no file
    location."""
    from aie_trace.ir.diagnostics import DiagnosticEngine

    d = DiagnosticEngine().error(anchor, message) if anchor is not None else None
    return (
        d.format()
        if d is not None and d.line is not None
        else f"{fallback}: error: {message}"
    )
