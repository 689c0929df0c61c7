# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Option values with a range: argparse ``type=`` callables for every ``aie-trace`` command.

Each one refuses what is not in its range with a message that states the range; argparse prints
it with the option's name, ``aie-trace <command>: error: argument --colshift: must be an integer
from -127 to 127, got '200'``, after the usage line and exits 2 (a usage error), before anything
is read or run::

    p.add_argument("--colshift", type=options.integer(-127, 127))
    p.add_argument("--aie-clock-mhz", type=options.real(1.0, 10_000.0, "MHz"))

Each parser carries its range (``bounds``, and ``zero`` for a number) for the tests that try
values at and past it. A number is written in decimal (``int()``/``float()``); ``nan`` and infinities are never in range,
nor is a value past the bounds however it is spelled (``1e-320``, twenty nines).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

#: the longest number this parser reads (a range bounds the value; this bounds the work)
MAX_DIGITS = 64


def _text(value: str) -> str:
    text = value.strip()
    if not text:
        raise argparse.ArgumentTypeError("needs a value, got an empty string")
    if len(text) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"'{text[:20]}...' ({len(text)} characters) is not a number in range"
        )
    return text


def _num(v: float) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def _range(lo: float | None, hi: float | None, unit: str) -> str:
    what = (
        f"from {_num(lo)} to {_num(hi)}"
        if lo is not None and hi is not None
        else (f"at least {_num(lo)}" if lo is not None else f"at most {_num(hi)}")
    )
    return what + (f" {unit}" if unit else "")


def integer(
    lo: int | None = None, hi: int | None = None, unit: str = ""
) -> Callable[[str], int]:
    """An integer in ``[lo, hi]`` (either bound may be open)."""

    def parse(value: str) -> int:
        text = _text(value)
        try:
            n = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be an integer {_range(lo, hi, unit)}, got '{text}'"
            ) from None
        if (lo is not None and n < lo) or (hi is not None and n > hi):
            raise argparse.ArgumentTypeError(
                f"must be {_range(lo, hi, unit)}, got {text}"
            )
        return n

    parse.__name__, parse.bounds = "integer", (lo, hi)
    return parse


def real(
    lo: float, hi: float, unit: str = "", zero: bool = False
) -> Callable[[str], float]:
    """A finite number in ``[lo, hi]``, or exactly 0 when ``zero`` (an option's "no limit")."""

    def parse(value: str) -> float:
        text = _text(value)
        try:
            x = float(text)
        except ValueError:
            x = math.nan
        if zero and x == 0:
            return 0.0
        if not (math.isfinite(x) and lo <= x <= hi):
            also = " (or 0)" if zero else ""
            raise argparse.ArgumentTypeError(
                f"must be a number {_range(lo, hi, unit)}{also}, got '{text}'"
            )
        return x

    parse.__name__, parse.bounds, parse.zero = "number", (lo, hi), zero
    return parse


def nonempty(value: str) -> str:
    """A file name or other word that may not be empty (``''`` would name the current
    directory, or nothing)."""
    if not value:
        raise argparse.ArgumentTypeError("needs a value, got an empty string")
    return value
