# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated host memory: host cache vs device memory, syncs, dirty-line write-back."""

from __future__ import annotations

import numpy as np
import pytest

from aie_trace.emu.memory import (
    CHUNK,
    LINE,
    PAGE,
    STALE_BYTE,
    Budget,
    EmuBuffer,
    EmuMemoryError,
    HostMemory,
)


def test_fresh_buffer_holds_stale_bytes_in_cache_and_ddr():
    b = EmuBuffer(0, 100)
    assert (b.host == STALE_BYTE).all() and (b.device == STALE_BYTE).all()
    assert not b.dirty_lines().any()


def test_host_writes_stay_in_the_cache_until_synced():
    b = EmuBuffer(0, 256)
    b.write(bytes(256))
    assert (b.device == STALE_BYTE).all()
    assert b.dirty_lines().all()
    b.sync_to_device()
    assert (b.device == 0).all() and not b.dirty_lines().any()


def test_writing_the_same_value_still_dirties_the_line():
    b = EmuBuffer(0, 256)
    b.write(bytes([STALE_BYTE]) * 10, offset=70)
    assert list(np.flatnonzero(b.dirty_lines())) == [1]


def test_the_host_view_is_a_snapshot_that_refuses_stores():
    b = EmuBuffer(0, 256)
    with pytest.raises(ValueError, match="read-only"):
        b.host[200] = (
            1  # a store the buffer would never see is an error, not a lost write
        )
    assert not b.dirty_lines().any()


def test_a_zero_fill_dirties_every_line_and_holds_no_page():
    b = EmuBuffer(0, 3 * PAGE + 10)
    b.zero()
    assert b.dirty_count() == (3 * PAGE + 10 + LINE - 1) // LINE and b.held == 0
    assert (b.host == 0).all() and (b.device == STALE_BYTE).all()
    b.sync_to_device()
    assert (b.device == 0).all() and b.held == 0 and b.dirty_count() == 0


def test_a_huge_buffer_holds_only_the_pages_a_run_touches():
    budget = Budget(1 << 20)
    b = EmuBuffer(0, 6 << 30, "big", budget)  # 6 GiB declared
    b.zero()
    b.sync_to_device()
    b.dma_write(b.address + (4 << 30), b"\x07" * 100)  # one page, 4 GiB in
    b.write(b"\x01" * 10, offset=5 << 30)  # one page, dirty, never synced
    assert b.dma_read(b.address + (4 << 30) - 2, 4) == b"\x00\x00\x07\x07"
    assert budget.held == 2 * PAGE
    assert HostMemory([b]).end_of_run() == {0: 1}
    b.sync_from_device()
    assert b.read(5 << 30, 12) == b"\x01" * 10 + bytes(2)
    assert b.read((4 << 30) + 98, 4) == b"\x07\x07\x00\x00"
    assert budget.peak <= 6 * PAGE


def test_a_run_past_its_memory_limit_is_an_error_that_names_the_buffer():
    b = EmuBuffer(2, 1 << 30, "weights", Budget(4 * PAGE))
    b.zero()
    b.dma_write(b.address, bytes(4 * PAGE))
    with pytest.raises(
        EmuMemoryError, match=r"host buffer 2 'weights' \(1073741824 bytes"
    ):
        b.dma_write(b.address + 8 * PAGE, b"\x01")
    with pytest.raises(EmuMemoryError, match="cannot hold 1073741824 bytes of it"):
        b.host  # noqa: B018 -- the whole buffer is more than the limit


def test_dma_data_is_visible_only_after_sync_from_device():
    b = EmuBuffer(0, 128)
    b.write(bytes(128))
    b.sync_to_device()
    b.dma_write(b.address + 64, b"\x07" * 64)
    assert (b.host[64:] == 0).all()
    b.sync_from_device()
    assert (b.host[64:] == 7).all()


def test_dirty_lines_are_written_back_over_dma_data_at_the_end_of_a_run():
    mem = HostMemory([EmuBuffer(0, 4 * LINE), EmuBuffer(1, LINE)])
    trace = mem.buffers[0]
    trace.write(bytes(4 * LINE))  # zero-filled but never synced
    trace.dma_write(trace.address, b"\x55" * (4 * LINE))
    assert mem.end_of_run() == {0: 4}
    trace.sync_from_device()
    assert (trace.host == 0).all()  # the NPU's data is gone


def test_synced_buffers_keep_dma_data():
    mem = HostMemory([EmuBuffer(0, 2 * LINE)])
    b = mem.buffers[0]
    b.write(bytes(2 * LINE))
    b.sync_to_device()
    b.dma_write(b.address, b"\x55" * LINE)
    assert mem.end_of_run() == {}
    b.sync_from_device()
    assert (b.host[:LINE] == 0x55).all() and (b.host[LINE:] == 0).all()


def test_buffers_live_far_apart_and_resolve_by_address():
    mem = HostMemory([EmuBuffer(i, 4096) for i in range(3)])
    assert mem.buffer_at(mem.buffers[1].address + 4095) is mem.buffers[1]
    assert mem.buffer_at(mem.buffers[1].address + 4096) is None
    assert not mem.buffers[2].contains(mem.buffers[2].address + 4000, 200)


def test_host_write_outside_the_buffer_is_refused():
    with pytest.raises(ValueError, match="outside host buffer 0"):
        EmuBuffer(0, 16).write(bytes(8), offset=12)


def test_dma_reads_stream_in_pieces_and_are_bounded_per_run():
    budget = Budget(1 << 20, stream_limit=3 * CHUNK)
    b = EmuBuffer(0, 1 << 30, "weights", budget)
    b.zero()
    b.sync_to_device()
    b.dma_write(b.address + CHUNK + 5, b"\x09")
    pieces = list(b.dma_stream(b.address, 2 * CHUNK))
    assert [p.size for p in pieces] == [CHUNK, CHUNK] and budget.held == PAGE
    assert pieces[1][5] == 9 and int(pieces[0].sum()) == 0  # the rest reads as zero
    with pytest.raises(
        EmuMemoryError, match=r"host buffer 0 'weights'.*past 3 MiB"
    ) as e:
        b.dma_read(b.address, CHUNK + 1)
    assert not e.value.held
