# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The emulated host memory: host cache vs device memory, syncs, dirty-line write-back."""

from __future__ import annotations

import numpy as np
import pytest

from aie_trace.emu_mem import LINE, STALE_BYTE, EmuBuffer, HostMemory


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


def test_direct_numpy_stores_are_dirty_too():
    b = EmuBuffer(0, 256)
    b.host[200] = 1
    assert list(np.flatnonzero(b.dirty_lines())) == [3]


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
