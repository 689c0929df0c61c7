"""Which Ryzen AI NPU is present: prints lit feature names (``ryzen_ai_npu1``, ``ryzen_ai_npu2``).

An NPU counts as present when pyxrt imports and opens device 0. NPU1 (Phoenix/Hawk Point, AIE2)
and NPU2 (Strix/Krackan, AIE2P) are told apart by the device name XRT reports.
"""

from __future__ import annotations


def detect() -> list[str]:
    try:
        import pyxrt  # type: ignore[import-not-found]
    except Exception:
        return []
    try:
        dev = pyxrt.device(0)
        name = str(dev.get_info(pyxrt.xrt_info_device.name)).lower()
    except Exception:
        return []
    if any(k in name for k in ("strix", "krackan", "npu4", "npu5", "npu6", "aie2p")):
        return ["ryzen_ai_npu2"]
    if any(k in name for k in ("phoenix", "hawk", "npu1", "ryzen")):
        return ["ryzen_ai_npu1"]
    return []


if __name__ == "__main__":
    print(" ".join(detect()))
