# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fixtures shared by the unit tests, and the tests' helper modules (test/support/) on the import
path: test modules import helpers from there, never from one another."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from aie_trace.ir import structure

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))


@pytest.fixture
def ctx():
    """A context ready for aie IR (the IR layer's) and an unknown location, entered for the test."""
    with structure.make_context() as c, structure.ir.Location.unknown():
        yield c


@pytest.fixture(scope="session")
def make_trace():
    """The lit decode tests' trace maker (test/lit/decode/Inputs/make_trace.py), as a module."""
    path = Path(__file__).parent / "lit" / "decode" / "Inputs" / "make_trace.py"
    spec = importlib.util.spec_from_file_location("make_trace", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
