# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""An EVENT_PC (trace mode 1) encoder for the decoder's tests, written from the layout mlir-aie
decodes (``python/utils/trace/utils.py@feb92118``, ``decode_event_pc_stream``), not from our
decoder; and tiny core programs (an ELF32 symbol table, an lld map file) for the PC -> function
tests. The packets are event-time mode's (``decode_encoder.buffer_of``).
"""

from __future__ import annotations

import random
import struct

from decode_encoder import repeat0, repeat1


def frame(pc: int, mask: int) -> bytes:
    """``1100 01mm  mmmm mm00  00pp pppp  pppppppp``: slot mask [25:18], PC [13:0]."""
    assert 0 < mask <= 0xFF and 0 <= pc <= 0x3FFF
    return (0xC4 << 24 | mask << 18 | pc).to_bytes(4, "big")


def start(timer: int) -> bytes:
    """``1111 0001`` + 56-bit timer, big-endian (mode 0's Start is ``1111 0000``)."""
    return bytes([0xF1]) + timer.to_bytes(7, "big")


def repeat(n: int) -> bytes:
    """``n`` more of the last frame: Repeat0 up to 15, Repeat1 up to 1023, several beyond."""
    out = b""
    while n > 0:
        k = min(n, 0x3FF)
        out += repeat0(k) if k <= 0xF else repeat1(k)
        n -= k
    return out


def encode(
    records: list[tuple[int, int, int]], timer: int | None = 1000
) -> tuple[bytes, list[tuple[int, int]]]:
    """The stream of ``(pc, mask, frames)`` records (after a Start when ``timer`` is given), and
    the frames a decoder must find: one ``(pc, mask)`` per frame, in capture order."""
    data = start(timer) if timer is not None else b""
    frames: list[tuple[int, int]] = []
    for pc, mask, n in records:
        data += frame(pc, mask) + repeat(n - 1)
        frames += [(pc, mask)] * n
    return data, frames


def random_records(rng: random.Random, n: int) -> list[tuple[int, int, int]]:
    return [
        (
            rng.randrange(0, 0x4000, 2),
            rng.randrange(1, 256),
            rng.choice((1, 1, 2, 16, 300, 1500)),
        )
        for _ in range(n)
    ]


def elf32(
    functions: list[tuple[str, int, int]], objects: list[tuple[str, int, int]] = ()
) -> bytes:
    """A 32-bit little-endian ELF with sections ``.text``, ``.symtab`` and ``.strtab`` whose
    symbol table holds ``functions`` (``STT_FUNC``) and ``objects`` (``STT_OBJECT``), each
    ``(name, value, size)`` (System V gABI layouts: 52-byte header, 40-byte section headers,
    16-byte ``Elf32_Sym``; e_machine 264, EM_AIE)."""
    strtab = b"\0"
    syms = [bytes(16)]  # the null symbol
    for kind, entries in ((2, functions), (1, objects)):
        for name, value, size in entries:
            syms.append(
                struct.pack("<IIIBBH", len(strtab), value, size, 0x10 | kind, 0, 1)
            )
            strtab += name.encode() + b"\0"
    shstrtab = b"\0.text\0.symtab\0.strtab\0.shstrtab\0"
    symtab = b"".join(syms)
    off_sym = 52
    off_str = off_sym + len(symtab)
    off_shstr = off_str + len(strtab)
    shoff = off_shstr + len(shstrtab)
    shoff += -shoff % 4
    header = (
        b"\x7fELF\x01\x01\x01"
        + bytes(9)
        + struct.pack("<HHIIIIIHHHHHH", 2, 264, 1, 0, 0, shoff, 0, 52, 0, 0, 40, 5, 4)
    )
    sections = [
        bytes(40),
        struct.pack(
            "<IIIIIIIIII", 1, 1, 6, 0, 0, 0x4000, 0, 0, 16, 0
        ),  # .text (no bits here)
        struct.pack("<IIIIIIIIII", 7, 2, 0, 0, off_sym, len(symtab), 3, 1, 4, 16),
        struct.pack("<IIIIIIIIII", 15, 3, 0, 0, off_str, len(strtab), 0, 0, 1, 0),
        struct.pack("<IIIIIIIIII", 23, 3, 0, 0, off_shstr, len(shstrtab), 0, 0, 1, 0),
    ]
    body = header + symtab + strtab + shstrtab
    return body + bytes(shoff - len(body)) + b"".join(sections)


def lld_map(sections: list[tuple[str, int, int, list[tuple[str, int, int]]]]) -> str:
    """An lld map file (``lld/ELF/MapFile.cpp``: ``%8llx %8llx %8llx %5lld`` then the name,
    indented 8 for an input section and 16 for a symbol) of output sections
    ``(name, address, size, symbols)`` with ``symbols`` ``(name, address, size)``."""

    def line(vma: int, size: int, align: int, text: str) -> str:
        return f"{vma:8x} {vma:8x} {size:8x} {align:5d} {text}"

    out = ["     VMA      LMA     Size Align Out     In      Symbol"]
    for name, addr, size, symbols in sections:
        out.append(line(addr, size, 16, name))
        out.append(line(addr, size, 16, " " * 8 + f"main.o:({name})"))
        out += [line(a, s, 1, " " * 16 + sym) for sym, a, s in symbols]
    return "\n".join(out) + "\n"
