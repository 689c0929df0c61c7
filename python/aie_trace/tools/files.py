# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Inputs and outputs of the ``aie-trace`` commands.

* An input named ``-`` is standard input, read as bytes (whatever the locale says): text must be
  UTF-8, checked here so that every command says the same of a file that is not. One command
  reads standard input once, so at most one of its inputs may be ``-`` (:func:`one_stdin`).
* An output is written whole or not at all: into a new file beside it, renamed over it once
  complete (:func:`replacing`), so a reader never sees half of one and a failure leaves the old
  file as it was. A destination that is not a regular file (``/dev/stdout``, a pipe) is written in
  place.
* :func:`replace_files` writes a set of files into a directory the same way and then removes the
  files of the same kinds that an earlier run left there and this one did not write.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from aie_trace.tools.errors import CommandError, UsageError

STDIN = "-"
STDIN_NAME = "<stdin>"


def display_name(path: str | os.PathLike) -> str:
    return STDIN_NAME if str(path) == STDIN else str(path)


def one_stdin(inputs: dict[str, str | os.PathLike | None]) -> None:
    """Refuse a command line that reads standard input for two of its inputs (option -> value)."""
    named = [k for k, v in inputs.items() if v is not None and str(v) == STDIN]
    if len(named) > 1:
        raise UsageError(
            f"only one input can be read from stdin ('-'), but {' and '.join(named)} both are"
        )


def read_bytes(path: str | os.PathLike, what: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input); an unreadable file is a CommandError."""
    try:
        if str(path) == STDIN:
            raw = getattr(
                sys.stdin, "buffer", None
            )  # None: a text stream put in its place
            return sys.stdin.read().encode() if raw is None else raw.read()
        return Path(path).read_bytes()
    except OSError as e:
        raise CommandError(
            f"cannot read the {what}: {e.strerror or e}", display_name(path)
        ) from None


def read_text(path: str | os.PathLike, what: str, kind: str) -> str:
    """:func:`read_bytes` as UTF-8 text; other bytes are a CommandError naming the first
    (``not <kind>: byte N is not UTF-8 text``; ``kind`` as "an MLIR module")."""
    data = read_bytes(path, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CommandError(
            f"not {kind}: byte {e.start} is not UTF-8 text", display_name(path)
        ) from None


def _in_place(path: Path) -> bool:
    try:
        return not stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False  # nothing there yet


@contextlib.contextmanager
def replacing(path: str | os.PathLike, mode: str = "w") -> Iterator[IO[Any]]:
    """A file to write ``path``'s new content into; it becomes ``path`` when the block ends
    without an exception, and is removed otherwise."""
    path = Path(path)
    encoding = None if "b" in mode else "utf-8"
    if _in_place(path):
        with open(path, mode, encoding=encoding) as f:
            yield f
        return
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    # O_EXCL: never another's file; 0o666: the umask gives the mode a new file would have
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with open(fd, mode, encoding=encoding) as f:
            yield f
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_whole(path: str | os.PathLike, data: bytes | str) -> None:
    with replacing(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def replace_files(out_dir: Path, files: dict[str, bytes], stale: re.Pattern) -> None:
    """Write ``files`` (name -> content) into ``out_dir``: every one to a new file first, then all
    renamed into place; then remove the files matching ``stale`` that this call did not write.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        for name, data in files.items():
            f = stack.enter_context(replacing(out_dir / name, "wb"))
            f.write(data)
    for old in out_dir.iterdir():
        if stale.fullmatch(old.name) and old.name not in files:
            with contextlib.suppress(FileNotFoundError):
                old.unlink()
