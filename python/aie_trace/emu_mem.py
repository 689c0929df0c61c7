# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Host memory of the emulated NPU: a host cache and device memory per buffer.

NPU host buffers are not cache-coherent. Each :class:`EmuBuffer` holds two copies:

* ``host`` -- what the CPU sees through the mapping (numpy, writable);
* ``device`` -- DDR as the NPU's DMAs read and write it.

``sync_to_device`` writes the host copy to DDR; ``sync_from_device`` refreshes the host copy from
DDR. A 64-byte line the host wrote and never synced is *dirty*: when a run ends, every dirty line
is written back over DDR, clobbering whatever the NPU wrote there (the iree-amd-aie "XRT sync"
failure). Dirty lines are the ones written through :meth:`EmuBuffer.write` plus any whose content
differs from the last synced copy (direct writes into the numpy view).

Fresh allocations hold stale bytes from an earlier user (the same in the cache and DDR, as the
driver flushes at allocation), so a buffer the host forgot to clear is recognisable.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LINE = 64
#: where buffer ``i`` lives in the NPU's host address space: far apart, so an overrun never lands
#: in a neighbour silently
ADDRESS_BASE = 1 << 36
STALE_BYTE = 0xA5


class EmuBuffer:
    """One host buffer: host view, device memory, dirty-line tracking."""

    def __init__(self, index: int, nbytes: int, name: str = "") -> None:
        self.index = index
        self.name = name or f"arg{index}"
        self.nbytes = nbytes
        self.address = ADDRESS_BASE * (index + 1)
        self.host = np.full(nbytes, STALE_BYTE, dtype=np.uint8)
        self.device = np.full(nbytes, STALE_BYTE, dtype=np.uint8)
        self._synced = self.host.copy()
        self._written = np.zeros(self._lines(), dtype=bool)

    def _lines(self) -> int:
        return (self.nbytes + LINE - 1) // LINE

    def describe(self) -> str:
        return f"host buffer {self.index} '{self.name}' ({self.nbytes} bytes at {self.address:#x})"

    # -- host side --------------------------------------------------------------------------
    def write(self, data: bytes | np.ndarray, offset: int = 0) -> None:
        """A host store through the mapping: lands in the cache, marks its lines dirty."""
        raw = np.frombuffer(
            bytes(data) if not isinstance(data, np.ndarray) else data.tobytes(),
            dtype=np.uint8,
        )
        if offset < 0 or offset + raw.size > self.nbytes:
            raise ValueError(
                f"host write of {raw.size} bytes at {offset} outside {self.describe()}"
            )
        self.host[offset : offset + raw.size] = raw
        if raw.size:
            self._written[offset // LINE : (offset + raw.size - 1) // LINE + 1] = True

    def dirty_lines(self) -> np.ndarray:
        padded = self._lines() * LINE
        diff = np.zeros(padded, dtype=bool)
        diff[: self.nbytes] = self.host != self._synced
        return self._written | diff.reshape(-1, LINE).any(axis=1)

    def sync_to_device(self) -> None:
        self.device[:] = self.host
        self._clean()

    def sync_from_device(self) -> None:
        self.host[:] = self.device
        self._clean()

    def _clean(self) -> None:
        self._synced[:] = self.host
        self._written[:] = False

    def write_back_dirty(self) -> int:
        """Evict dirty lines over device memory (end of a run); returns how many."""
        lines = np.flatnonzero(self.dirty_lines())
        for line in lines:
            lo, hi = line * LINE, min(self.nbytes, (line + 1) * LINE)
            self.device[lo:hi] = self.host[lo:hi]
        self._clean_lines(lines)
        return len(lines)

    def _clean_lines(self, lines: np.ndarray) -> None:
        for line in lines:
            lo, hi = line * LINE, min(self.nbytes, (line + 1) * LINE)
            self._synced[lo:hi] = self.host[lo:hi]
            self._written[line] = False

    # -- device side ------------------------------------------------------------------------
    def contains(self, address: int, length: int) -> bool:
        return (
            self.address <= address and address + length <= self.address + self.nbytes
        )

    def dma_write(self, address: int, data: bytes) -> None:
        at = address - self.address
        self.device[at : at + len(data)] = np.frombuffer(data, dtype=np.uint8)

    def dma_read(self, address: int, length: int) -> bytes:
        at = address - self.address
        return self.device[at : at + length].tobytes()


@dataclass
class HostMemory:
    """The host buffers bound to one dispatch, by host-buffer index."""

    buffers: list[EmuBuffer]

    def buffer_at(self, address: int) -> EmuBuffer | None:
        """The buffer whose address range holds ``address``."""
        for b in self.buffers:
            if b.address <= address < b.address + max(b.nbytes, 1):
                return b
        return None

    def end_of_run(self) -> dict[int, int]:
        """Write back every dirty line; returns {buffer index: lines written back}."""
        evicted = {b.index: b.write_back_dirty() for b in self.buffers}
        return {i: n for i, n in evicted.items() if n}
