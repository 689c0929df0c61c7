# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fixtures shared by the unit tests."""

from __future__ import annotations

import pytest

from aie_trace import aieir


@pytest.fixture
def ctx():
    """A context ready for aie IR (the IR layer's) and an unknown location, entered for the test."""
    with aieir.make_context() as c, aieir.ir.Location.unknown():
        yield c
