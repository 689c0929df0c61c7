# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Trace buffers as host flows save them: raw words, mlir-aie's ``trace.txt``, or a ``.npy`` array.

The form is told by the file's content, never its name:

* ``.npy``: starts with numpy's magic ``\\x93NUMPY``. An integer array; ``uint32``/``int32`` are
  the words, ``uint8``/``int8`` the bytes; wider integers must hold 32-bit words.
* ``trace.txt``: text made only of hex digits and line breaks, one word per line -- what
  mlir-aie's host helper ``write_out_trace`` (its Python utilities and programming examples)
  writes: each nonzero word as eight lowercase hex digits, lines joined by a newline, no trailing
  newline, **zero words left out**. Upper case, CRLF and blank lines are
  accepted; each line is one word of at most eight digits.
* raw: anything else that is not text -- little-endian 32-bit words, as the buffer sat in memory.

Any other text (a JSON or MLIR file given by mistake) is an :class:`InputError` that names the
first line that is not a hex word.

Because the writer drops zero words, a ``trace.txt`` is only the buffer when no data word was
zero: a zero data word inside a packet shifts every later packet by one word (mlir-aie's parser
reads it the same way). The decode then counts invalid headers; a raw or ``.npy`` dump keeps
every word.

Newer writers keep them: mlir-aie's C++ ``write_out_trace`` and ``TraceConfig.write_trace``
(``python/utils/trace/config.py``) write every word up to the last nonzero one, zeros included.
A ``trace.txt`` with a zero word is such a file (:attr:`TraceInput.zeros_kept`): the buffer's
first words, whose unwritten tail alone is left out, so its slices sit at their offsets.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass

import numpy as np

NPY_MAGIC = b"\x93NUMPY"
_HEX_TEXT = re.compile(rb"[0-9A-Fa-f\r\n]*")
_WORD = re.compile(rb"[0-9A-Fa-f]{1,8}")


#: what numpy's .npy reader raises on a damaged file (its header parser tokenizes and evaluates a
#: Python literal)
_NPY_ERRORS = (
    ValueError,
    OSError,
    EOFError,
    SyntaxError,
    TypeError,
    MemoryError,
    tokenize.TokenError,
)


class InputError(ValueError):
    """The file is none of the forms a trace buffer comes in."""


@dataclass
class TraceInput:
    data: bytes  # the buffer's bytes, little-endian words
    form: str  # "raw", "trace.txt" or "npy"
    #: a trace.txt whose writer kept zero words: the buffer up to its last nonzero word
    zeros_kept: bool = False


def _is_text(raw: bytes) -> bool:
    if b"\x00" in raw:
        return False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c.isprintable() or c in "\t\r\n" for c in text)


def read_hex_words(raw: bytes) -> np.ndarray:
    """The words of a ``trace.txt`` (one hex word per line; blank lines skipped). The writer's own
    form -- eight digits a line, ``\\n`` between lines -- is read in one conversion."""
    body = raw[:-1] if raw.endswith(b"\n") else raw
    lines = (len(body) + 1) // 9
    if (
        (len(body) + 1) % 9 == 0
        and body[8::9].count(b"\n") == body.count(b"\n") == lines - 1
        and b"\r" not in body
    ):
        try:
            return np.frombuffer(
                bytes.fromhex(body.replace(b"\n", b"").decode("ascii")), dtype=">u4"
            ).astype("<u4")
        except ValueError:
            pass  # a line that is not eight hex digits: read line by line, to name it
    words = []
    for n, line in enumerate(raw.split(b"\n"), 1):
        line = line.strip(b"\r")
        if not line:
            continue
        if not _WORD.fullmatch(line):
            raise InputError(
                f"line {n}: '{line[:40].decode('utf-8', 'replace')}' is not a 32-bit hex word"
            )
        words.append(int(line, 16))
    return np.array(words, dtype="<u4")


def read_npy(raw: bytes) -> np.ndarray:
    try:
        arr = np.load(io.BytesIO(raw), allow_pickle=False)
    except _NPY_ERRORS as e:
        raise InputError(f"not a readable .npy array: {e}") from None
    return array_bytes(arr)


def array_bytes(arr: np.ndarray) -> np.ndarray:
    """The bytes (uint8) or words (little-endian uint32) an integer array of a trace holds."""
    if arr.dtype.kind not in "iu":
        raise InputError(
            f"a trace array must hold integers, this one holds {arr.dtype}"
        )
    flat = np.ascontiguousarray(arr).reshape(-1)
    if flat.dtype.itemsize == 1:
        return flat.view(np.uint8)
    if flat.dtype.itemsize == 4:
        return flat.astype(flat.dtype.newbyteorder("<"), copy=False).view("<u4")
    wide = flat.astype(np.int64) if flat.dtype.kind == "i" else flat.astype(np.uint64)
    if len(wide) and (wide.min() < -(1 << 31) or wide.max() >= 1 << 32):
        raise InputError(
            f"a trace array of {flat.dtype} must hold 32-bit words; a value does not fit"
        )
    return (wide & 0xFFFFFFFF).astype("<u4")


def words_of(raw: bytes) -> TraceInput:
    """The buffer in ``raw`` (a file's bytes), whatever form it was saved in."""
    if raw.startswith(NPY_MAGIC):
        return TraceInput(read_npy(raw).tobytes(), "npy")
    if not raw:
        raise InputError("the file is empty")
    if _HEX_TEXT.fullmatch(raw) and re.search(rb"[0-9A-Fa-f]", raw):
        words = read_hex_words(raw)
        return TraceInput(words.tobytes(), "trace.txt", bool((words == 0).any()))
    if _is_text(raw):
        first = next(
            (
                i
                for i, ln in enumerate(raw.split(b"\n"), 1)
                if ln.strip(b"\r") and not _WORD.fullmatch(ln.strip(b"\r"))
            ),
            1,
        )
        raise InputError(
            f"text that is not a trace.txt of hex words (line {first} is not a hex word), "
            "a .npy array or a raw buffer"
        )
    return TraceInput(raw, "raw")


def read_trace_file(path: str) -> TraceInput:
    with open(path, "rb") as f:
        return words_of(f.read())
