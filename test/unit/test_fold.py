# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""callgraph.eval_int folds arith ops in the value's bit width and the op's signedness, as MLIR's
arith folders do (the values below are what ``mlir-opt --canonicalize`` folds them to).
"""

from __future__ import annotations

import pytest

from aie_trace.analysis import callgraph as cg
from aie_trace.ir import provider

ir = provider.ir


@pytest.fixture(autouse=True)
def context():
    with provider.make_context():
        yield


def fold(op: str, a: int, b: int, t: str) -> int | None:
    m = ir.Module.parse(
        f"%a = arith.constant {a} : {t}\n%b = arith.constant {b} : {t}\n%r = {op} %a, %b : {t}"
    )
    *_, r = m.body.operations
    return cg.eval_int(r.result, lambda _: None)


def cast(op: str, a: int, src: str, dst: str) -> int | None:
    m = ir.Module.parse(
        f"%a = arith.constant {a} : {src}\n%r = {op} %a : {src} to {dst}"
    )
    *_, r = m.body.operations
    return cg.eval_int(r.result, lambda _: None)


def test_divsi_is_exact_beyond_2_to_the_53():
    assert fold("arith.divsi", 9007199254740993, 1, "i64") == 9007199254740993
    assert fold("arith.remsi", 9007199254740993, 2, "i64") == 1


def test_i32_addition_and_multiplication_wrap():
    assert fold("arith.addi", 2147483647, 1, "i32") == -2147483648
    assert fold("arith.muli", 65536, 65536, "i32") == 0
    assert fold("arith.subi", -2147483648, 1, "i32") == 2147483647
    assert fold("arith.addi", 2147483647, 1, "i64") == 2147483648


def test_signed_division_truncates_toward_zero():
    assert fold("arith.divsi", -7, 2, "i32") == -3
    assert fold("arith.remsi", -7, 2, "i32") == -1
    assert fold("arith.remsi", 7, -2, "i32") == 1


def test_unsigned_division_reads_the_bits_unsigned():
    assert fold("arith.divui", -1, 2, "i32") == 2147483647  # 0xFFFFFFFF / 2
    assert fold("arith.remui", -1, 10, "i32") == 5  # 4294967295 % 10
    assert fold("arith.divui", -2, -1, "i32") == 0


def test_what_mlir_does_not_fold():
    assert fold("arith.divsi", 1, 0, "i32") is None
    assert fold("arith.divui", 1, 0, "i32") is None
    assert fold("arith.remui", 1, 0, "i32") is None
    assert fold("arith.divsi", -2147483648, -1, "i32") is None  # signed overflow


def test_index_folds_in_64_bits():
    assert fold("arith.addi", 9223372036854775807, 1, "index") == -9223372036854775808


def test_casts_extend_and_truncate_by_their_signedness():
    assert cast("arith.extui", -1, "i32", "i64") == 4294967295
    assert cast("arith.extsi", -1, "i32", "i64") == -1
    assert cast("arith.trunci", 4294967297, "i64", "i32") == 1
    assert cast("arith.index_castui", -1, "i32", "index") == 4294967295
    assert cast("arith.index_cast", -1, "i32", "index") == -1
