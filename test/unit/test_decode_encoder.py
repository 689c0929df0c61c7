# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The decoder tests' encoder (test/support/decode_encoder.py) against hand-written bytes, so the
encoder cannot drift with the decoder."""

from __future__ import annotations

from decode_encoder import (
    header,
    multiple0,
    multiple1,
    multiple2,
    repeat0,
    repeat1,
    single0,
    single1,
    single2,
    start,
)

# -- the encoder against the format definition, by hand --------------------------------------------


def test_header_parity_and_fields_by_hand():
    # type 0, column 0, row 2, id 1: 0x00020001 has two ones, so bit 31 is set
    assert header(0, 0, 2, 1) == 0x80020001
    # type 1 (bit 12), column 1 (bit 21), row 2 (bit 17), id 3 (bits 0,1): five ones, parity bit clear
    assert header(1, 1, 2, 3) == 0x00221003


def test_command_bytes_by_hand():
    assert single0(3, 5) == bytes([0b0011_0101])
    assert single1(2, 810) == bytes([0b1000_1011, 0b0010_1010])  # 810 = 0b11_00101010
    assert single2(7, 0x2ABCD) == bytes([0b1011_1110, 0xAB, 0xCD])
    assert multiple0(0b1010_0101, 9) == bytes([0b1100_1010, 0b0101_1001])
    assert multiple1(0b1100_0011, 0x1FF) == bytes([0b1101_0011, 0b0000_1101, 0xFF])
    assert multiple2(0xFF, 0x30001) == bytes([0b1101_0111, 0b1111_1111, 0x00, 0x01])
    assert repeat0(12) == bytes([0b1110_1100])
    assert repeat1(0x2F0) == bytes([0b1101_1010, 0xF0])
    assert start(0x0102030405060708 & (2**56 - 1)) == bytes([0xF0, 2, 3, 4, 5, 6, 7, 8])
