# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every design the emulator tests build (test/support/emu_designs.py) passes the schema check in
its era, so the emulator tests run on IR a real ``aie-opt`` would accept."""

from __future__ import annotations

import pytest
from emu_designs import ERAS, multi_design_module, parse, single_design

from aie_trace.ir import checking, eras


@pytest.mark.parametrize("era", ERAS)
def test_built_designs_pass_the_schema_check(era):
    ctx, module = parse(single_design(era))
    with ctx:
        # E3 and E4 differ only in i64 patch offsets, which these designs do not need
        assert eras.detect_era(module.operation) == ("E4" if era == "E3" else era)
        assert [v.message for v in checking.check_module(module.operation, era)] == []


@pytest.mark.parametrize("era", ERAS)
@pytest.mark.parametrize("form", ["fused", "unfused", "materialized"])
def test_multi_design_modules_pass_the_schema_check(era, form):
    ctx, module = parse(multi_design_module(era, form=form))
    with ctx:
        assert [
            v.message
            for v in checking.check_module(
                module.operation, eras.detect_era(module.operation)
            )
        ] == []
