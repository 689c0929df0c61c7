# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which runtime sequence a host dispatches, read from the IR's structure.

A module may hold several ``aie.runtime_sequence`` ops: the one the host dispatches (the entry),
the designs it runs (``aiex.configure @dev { aiex.run @seq(...) }``), and the per-call-site copies
``aie-trace-fuse-buffers`` makes of them (marked ``aie_trace.specialized_from = @seq``). After
materialization the runs are gone and the entry loads each design's device instead
(``aiex.npu.load_pdi {device_ref = @dev}``).

An entry is a sequence that

* is not a specialized copy,
* is named by no ``aiex.run`` and no specialized copy was made from it (its calls run the copies),
* lives in a device that no sequence of another device configures (``aiex.configure @dev`` or
  ``aiex.npu.load_pdi {device_ref = @dev}``): such a device is one of the entry's designs.

``aie-trace run`` and ``aie-trace decode`` take the entry when there is exactly one; otherwise
``--kernel DEVICE:SEQUENCE`` names it (any sequence may be named).
"""

from __future__ import annotations

from typing import Any

from ..ir import aieops, structure
from .layout import SPECIALIZED_FROM


def kernel_name(seq: Any) -> str:
    """``device:sequence`` (``main`` / ``sequence`` for unnamed ones, as mlir-aie defaults them)."""
    return ":".join(structure.kernel_name(seq))


def entries(module: Any) -> list[Any]:
    """The sequences a host dispatches, in module order."""
    seqs = [s for d in structure.devices(module) for s in aieops.Device(d).sequences()]
    callees: set[tuple[str, str]] = set()
    configured: set[str] = set()
    for seq in seqs:
        device = seq.device.name
        origin = seq.attr(SPECIALIZED_FROM)
        if origin is not None:
            callees.add((device, structure.symref_name(origin)))
        for op in seq.ops(
            [aieops.Configure.NAME, aieops.LoadPdi.NAME, aieops.Run.NAME]
        ):
            loaded = aieops.Op.of(op)
            if isinstance(loaded, aieops.Run):
                cfg = loaded.configure
                target = cfg.device_name if cfg is not None else None
                callee = loaded.callee_name
                if target is not None and callee is not None:
                    callees.add((target, callee))
                continue
            target = loaded.device_name
            if target is not None and target != device:
                configured.add(target)
    return [
        seq.op
        for seq in seqs
        if seq.attr(SPECIALIZED_FROM) is None
        and seq.kernel_name not in callees
        and seq.device.name not in configured
    ]
