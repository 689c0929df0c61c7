# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Run `aie-trace run` with the strict pyxrt double of test/unit/pyxrt_double.py as `pyxrt`.

pyxrt_double_run.py xclbin PATH PROGRAM_JSON          write a double xclbin (MLIR_AIE, 5 buffers)
pyxrt_double_run.py elf PATH KERNEL PROGRAM_JSON      write a double ELF for KERNEL
pyxrt_double_run.py run DEVICE_DIR [--device NAME] -- ARGS...
    run `aie-trace run ARGS...` on the double (an NPU Strix unless --device names another)
    and write what the device holds in each host buffer bound by the run to
    DEVICE_DIR/device<i>.bin, so a test can compare it with what the command wrote out.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "unit"))

import pyxrt_double as D  # noqa: E402


def main(argv):
    if argv[0] == "xclbin":
        D.write_xclbin(Path(argv[1]), json.loads(argv[2]))
        return 0
    if argv[0] == "elf":
        D.write_elf(Path(argv[1]), [argv[2]], json.loads(argv[3]))
        return 0
    out, rest = Path(argv[1]), argv[2:]
    cfg = {}
    if rest[0] == "--device":
        cfg["device_name"], rest = rest[1], rest[2:]
    machine = D.Machine(**cfg)
    sys.modules["pyxrt"] = machine.module
    from aie_trace.tools import run as run_cli

    code = run_cli.main(rest[1:] if rest[0] == "--" else rest)
    out.mkdir(parents=True, exist_ok=True)
    for r in machine.runs:
        first = 3 if r.kernel.ctx.flow == "xclbin" else 0
        for i, b in r.args.items():
            if i >= first:
                (out / f"device{i - first}.bin").write_bytes(bytes(b.device_mem))
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
