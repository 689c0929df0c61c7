# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Host memory of the emulated NPU: a host cache and device memory per buffer, held sparsely.

NPU host buffers are not cache-coherent. Each :class:`EmuBuffer` holds two copies:

* ``host`` -- what the CPU sees through the mapping;
* ``device`` -- DDR as the NPU's DMAs read and write it.

``sync_to_device`` writes the host copy to DDR; ``sync_from_device`` refreshes the host copy from
DDR. A 64-byte line the host wrote and never synced is *dirty*: when a run ends, every dirty line
is written back over DDR, clobbering whatever the NPU wrote there (the iree-amd-aie "XRT sync"
failure). The host writes through :meth:`EmuBuffer.write` and :meth:`EmuBuffer.zero`; what
:attr:`EmuBuffer.host` returns is a read-only snapshot, so a store into it fails instead of being
lost.

Fresh allocations hold stale bytes from an earlier user (the same in the cache and DDR, as the
driver flushes at allocation), so a buffer the host forgot to clear is recognisable.

Both copies are sparse: a :class:`Pages` store holds a :data:`PAGE`-byte page only once something
writes into it; every other byte reads as the copy's fill value (the stale byte, or zero once the
host zero-fills the buffer). A dispatch whose sequence takes a buffer of gigabytes costs what its
DMAs and the host touch, not what it declares. One :class:`Budget` per run counts the pages all
copies hold; a store that would pass its limit raises :class:`EmuMemoryError`, naming the buffer
and its size, instead of taking the machine's memory.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

LINE = 64
#: the unit in which emulated host memory is held (the host's page size)
PAGE = 4096
_LINES_PER_PAGE = PAGE // LINE
#: where buffer ``i`` lives in the NPU's host address space: far apart, so an overrun never lands
#: in a neighbour silently
ADDRESS_BASE = 1 << 36
STALE_BYTE = 0xA5
#: the default limit of one run's emulated host memory (touched pages of every copy)
DEFAULT_LIMIT = 512 << 20
#: the most bytes one run's MM2S DMAs may read (bounds the time a run takes, as the memory limit
#: bounds its memory: a task may read a buffer of gigabytes, repeatedly)
STREAM_LIMIT = 2 << 30
#: the piece in which a DMA read is handed on
CHUNK = 1 << 20


def _mib(n: int) -> str:
    return f"{n / (1 << 20):.1f} MiB" if n % (1 << 20) else f"{n >> 20} MiB"


class EmuMemoryError(Exception):
    """The run needs more emulated host memory than its :class:`Budget` allows (``held``), or
    its DMAs read more than it streams (not ``held``)."""

    def __init__(self, message: str, held: bool = True) -> None:
        super().__init__(message)
        self.held = held


class Budget:
    """The bytes of emulated host memory one run holds, against a limit (the run's to own)."""

    def __init__(
        self, limit: int = DEFAULT_LIMIT, stream_limit: int = STREAM_LIMIT
    ) -> None:
        if limit <= 0:
            raise ValueError(f"an emulated memory limit must be positive, got {limit}")
        self.limit, self.held, self.peak = limit, 0, 0
        self.stream_limit, self.streamed = stream_limit, 0

    def stream(self, nbytes: int, buffer: EmuBuffer) -> None:
        """Count ``nbytes`` a DMA reads from ``buffer``; past the stream limit is an error."""
        if self.streamed + nbytes > self.stream_limit:
            raise EmuMemoryError(
                f"{buffer.describe()}: a DMA read of {nbytes} bytes would take the run's DMA reads "
                f"past {_mib(self.stream_limit)} ({_mib(self.streamed)} read), more than the "
                "emulator streams in one run",
                held=False,
            )
        self.streamed += nbytes

    def take(self, nbytes: int, buffer: EmuBuffer, why: str) -> None:
        if self.held + nbytes > self.limit:
            raise EmuMemoryError(
                f"{buffer.describe()}: {why} would take emulated host memory past its limit of "
                f"{_mib(self.limit)} ({_mib(self.held)} held); the emulator holds only the pages "
                "a run touches, and this run touches more"
            )
        self.held += nbytes
        self.peak = max(self.peak, self.held)

    def give(self, nbytes: int) -> None:
        self.held -= nbytes

    def describe(self) -> str:
        return f"emulated host memory: {self.peak} bytes touched at most (limit {_mib(self.limit)})"


class Pages:
    """``size`` bytes, of which only written pages are held; the rest read as ``fill``."""

    def __init__(self, size: int, fill: int, buffer: EmuBuffer, budget: Budget) -> None:
        self.size, self.fill = size, fill
        self._buffer, self._budget = buffer, budget
        self._pages: dict[int, np.ndarray] = {}

    def _page(self, k: int) -> np.ndarray:
        page = self._pages.get(k)
        if page is None:
            self._budget.take(PAGE, self._buffer, "a store")
            page = self._pages[k] = np.full(PAGE, self.fill, dtype=np.uint8)
        return page

    def read(self, at: int, n: int) -> np.ndarray:
        """A fresh array of bytes ``[at, at + n)`` (refused past the budget's limit)."""
        if n > self._budget.limit:
            raise EmuMemoryError(
                f"{self._buffer.describe()}: the emulator cannot hold {n} bytes of it at once "
                f"(its limit is {_mib(self._budget.limit)})"
            )
        out = np.full(n, self.fill, dtype=np.uint8)
        for k in range(at // PAGE, (at + n + PAGE - 1) // PAGE):
            page = self._pages.get(k)
            if page is not None:
                lo, hi = max(at, k * PAGE), min(at + n, (k + 1) * PAGE)
                out[lo - at : hi - at] = page[lo - k * PAGE : hi - k * PAGE]
        return out

    def chunks(self, at: int, n: int) -> Iterator[np.ndarray]:
        """Bytes ``[at, at + n)`` in pieces of at most :data:`CHUNK` (a piece no page holds
        costs no copy)."""
        fill = None
        for lo in range(at, at + n, CHUNK):
            hi = min(lo + CHUNK, at + n)
            if any(
                k in self._pages for k in range(lo // PAGE, (hi + PAGE - 1) // PAGE)
            ):
                yield self.read(lo, hi - lo)
            else:
                if fill is None:
                    fill = np.full(CHUNK, self.fill, dtype=np.uint8)
                yield fill[: hi - lo]

    def write(self, at: int, data: np.ndarray) -> None:
        end = at + data.size
        for k in range(at // PAGE, (end + PAGE - 1) // PAGE):
            lo, hi = max(at, k * PAGE), min(end, (k + 1) * PAGE)
            self._page(k)[lo - k * PAGE : hi - k * PAGE] = data[lo - at : hi - at]

    def clear(self, fill: int) -> None:
        """Every byte reads as ``fill``; no page is held."""
        self._budget.give(PAGE * len(self._pages))
        self._pages, self.fill = {}, fill

    def assign(self, other: Pages) -> None:
        """Hold a copy of ``other``'s bytes."""
        self.clear(other.fill)
        for k, page in other._pages.items():
            self._budget.take(PAGE, self._buffer, "a sync")
            self._pages[k] = page.copy()

    @property
    def held(self) -> int:
        return PAGE * len(self._pages)


class EmuBuffer:
    """One host buffer: host copy, device copy, dirty-line tracking."""

    def __init__(
        self, index: int, nbytes: int, name: str = "", budget: Budget | None = None
    ) -> None:
        self.index = index
        self.name = name or f"arg{index}"
        self.nbytes = nbytes
        self.address = ADDRESS_BASE * (index + 1)
        self.budget = budget if budget is not None else Budget()
        self._host = Pages(nbytes, STALE_BYTE, self, self.budget)
        self._device = Pages(nbytes, STALE_BYTE, self, self.budget)
        # dirty lines: all of them, or those marked per page
        self._all_dirty = False
        self._dirty: dict[int, np.ndarray] = {}

    def _lines(self) -> int:
        return (self.nbytes + LINE - 1) // LINE

    def describe(self) -> str:
        return f"host buffer {self.index} '{self.name}' ({self.nbytes} bytes at {self.address:#x})"

    def _whole(self, pages: Pages) -> np.ndarray:
        out = pages.read(0, self.nbytes)
        out.flags.writeable = False
        return out

    @property
    def host(self) -> np.ndarray:
        """A read-only snapshot of the host copy (refused for a buffer past the limit)."""
        return self._whole(self._host)

    @property
    def device(self) -> np.ndarray:
        """A read-only snapshot of device memory (refused for a buffer past the limit)."""
        return self._whole(self._device)

    @property
    def held(self) -> int:
        """Bytes of both copies held in memory."""
        return self._host.held + self._device.held

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
        self._host.write(offset, raw)
        if raw.size:
            self._mark(offset // LINE, (offset + raw.size - 1) // LINE + 1)

    def zero(self) -> None:
        """A host store of zeros over the whole buffer (held as no page at all)."""
        self._host.clear(0)
        self._all_dirty, self._dirty = True, {}

    def read(self, offset: int, length: int) -> bytes:
        """Bytes ``[offset, offset + length)`` of the host copy."""
        if offset < 0 or length < 0 or offset + length > self.nbytes:
            raise ValueError(
                f"host read of {length} bytes at {offset} outside {self.describe()}"
            )
        return self._host.read(offset, length).tobytes()

    def _mark(self, first: int, end: int) -> None:
        if self._all_dirty:
            return
        for k in range(first // _LINES_PER_PAGE, (end - 1) // _LINES_PER_PAGE + 1):
            bits = self._dirty.setdefault(k, np.zeros(_LINES_PER_PAGE, dtype=bool))
            lo = max(first, k * _LINES_PER_PAGE) - k * _LINES_PER_PAGE
            hi = min(end, (k + 1) * _LINES_PER_PAGE) - k * _LINES_PER_PAGE
            bits[lo:hi] = True

    def dirty_count(self) -> int:
        if self._all_dirty:
            return self._lines()
        return int(sum(bits.sum() for bits in self._dirty.values()))

    def dirty_lines(self) -> np.ndarray:
        """One flag per line (materialized: for tests and small buffers)."""
        out = np.full(self._lines(), self._all_dirty, dtype=bool)
        for k, bits in self._dirty.items():
            lo = k * _LINES_PER_PAGE
            out[lo : lo + _LINES_PER_PAGE] = bits[: max(0, self._lines() - lo)]
        return out

    def sync_to_device(self) -> None:
        self._device.assign(self._host)
        self._clean()

    def sync_from_device(self) -> None:
        self._host.assign(self._device)
        self._clean()

    def _clean(self) -> None:
        self._all_dirty, self._dirty = False, {}

    def write_back_dirty(self) -> int:
        """Evict dirty lines over device memory (end of a run); returns how many."""
        count = self.dirty_count()
        if self._all_dirty:
            self._device.assign(self._host)
        else:
            for k, bits in sorted(self._dirty.items()):
                # each run of dirty lines in the page is one copy
                edges = np.flatnonzero(np.diff(np.concatenate(([0], bits, [0]))))
                for first, end in zip(edges[::2], edges[1::2], strict=True):
                    lo = (k * _LINES_PER_PAGE + first) * LINE
                    hi = min(self.nbytes, (k * _LINES_PER_PAGE + end) * LINE)
                    self._device.write(lo, self._host.read(lo, hi - lo))
        self._clean()
        return count

    # -- device side ------------------------------------------------------------------------
    def contains(self, address: int, length: int) -> bool:
        return (
            self.address <= address and address + length <= self.address + self.nbytes
        )

    def dma_write(self, address: int, data: bytes) -> None:
        self._device.write(address - self.address, np.frombuffer(data, dtype=np.uint8))

    def dma_read(self, address: int, length: int) -> bytes:
        self.budget.stream(length, self)
        return self._device.read(address - self.address, length).tobytes()

    def dma_stream(self, address: int, length: int) -> Iterator[np.ndarray]:
        """What :meth:`dma_read` reads, in pieces (for a reader that consumes them in order)."""
        self.budget.stream(length, self)
        return self._device.chunks(address - self.address, length)


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
