# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Which Ryzen AI NPU is present: prints lit feature names (``ryzen_ai_npu1``, ``ryzen_ai_npu2``).

An NPU counts as present when pyxrt imports and opens device 0. Its generation comes from the
device name XRT reports (``"NPU Phoenix"``, ``"NPU Strix"``, ``"NPU Gorgon Point"``, ...), read
against mlir-aie's own table (``NPU_MODELS`` in
``python/utils/hostruntime/xrtruntime/hostruntime.py`` @032d8b2c): the first generation one of
whose model strings occurs in the name. A device that opens but matches no model is reported on
stderr, so hardware tests are not skipped without a word.
"""

from __future__ import annotations

import sys

#: generation -> model strings that may occur in XRT's device name (mlir-aie's NPU_MODELS)
NPU_MODELS: dict[str, tuple[str, ...]] = {
    "npu1": ("npu1", "Phoenix"),
    "npu2": ("npu4", "Strix", "npu5", "Strix Halo", "npu6", "Krackan", "Gorgon Point"),
}


def npu_generation(device_name: str) -> str | None:
    """``"npu1"``, ``"npu2"`` or None for a device name XRT reports."""
    return next(
        (
            gen
            for gen, models in NPU_MODELS.items()
            if any(m in device_name for m in models)
        ),
        None,
    )


def detect() -> list[str]:
    try:
        import pyxrt  # type: ignore[import-not-found]
    except Exception:
        return []
    try:
        dev = pyxrt.device(0)
        name = str(dev.get_info(pyxrt.xrt_info_device.name))
    except Exception:
        return []
    gen = npu_generation(name)
    if gen is None:
        print(
            f"aie-trace hwdetect: warning: XRT device 0 is '{name}', which mlir-aie's NPU_MODELS does not map "
            "to npu1 or npu2; hardware tests are skipped",
            file=sys.stderr,
        )
        return []
    return [f"ryzen_ai_{gen}"]


if __name__ == "__main__":
    print(" ".join(detect()))
