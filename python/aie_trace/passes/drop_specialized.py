# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aie-trace-drop-specialized: erase the specialized callee copies nothing runs any more."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from aie_trace.analysis import layout as L
from aie_trace.ir import aieops, structure
from aie_trace.passes.base import Pass


@dataclass(frozen=True)
class DropSpecialized(Pass):
    """Erase every runtime sequence marked ``aie_trace.specialized_from`` that no ``aiex.run`` names.

    Expects: typically a module after materialization (``aie-materialize-runtime-sequences`` or
    ``aie-trace-materialize``), where the copies made by ``aie-trace-fuse-buffers`` have been
    inlined and nothing references them. Guarantees after: no unreferenced specialized copy is left
    (a copy referenced only by another unreferenced copy goes too), so none becomes an extra kernel
    in the final binary; every other op is unchanged. A copy that some run still names is kept.
    mlir-aie's ``symbol-dce`` does the same where the aie dialect is registered; this pass works on
    generic IR too.
    """

    name: ClassVar[str] = "aie-trace-drop-specialized"
    summary: ClassVar[str] = (
        "Erase specialized callee copies that no aiex.run references"
    )

    def run(self, module, diag) -> None:
        while True:
            named = set()
            for dev in structure.devices(module):
                for seq in structure.sequences(dev):
                    for run in structure.walk(seq, ["aiex.run"]):
                        cfg = structure.parent_named(run, "aiex.configure")
                        device = (
                            aieops.Configure(cfg).device_name
                            if cfg is not None
                            else None
                        )
                        named.add(
                            (
                                device,
                                aieops.Run(run).callee_name,
                            )
                        )
            dead = [
                seq
                for dev in structure.devices(module)
                for seq in structure.sequences(dev)
                if L.is_specialized(seq)
                and (structure.device_name(dev), structure.sequence_name(seq))
                not in named
            ]
            if not dead:
                return
            for seq in dead:
                structure.erase(seq)
