# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -*- Python -*-
# lit configuration for aie-trace. Run with `lit test/lit` (or `pytest`, which runs lit once and
# reports each lit test as its own pytest item), or `cmake --build build --target check-aie-trace`.

import importlib.util
import os
import shutil
import subprocess
import sys

import lit.formats

config.name = "aie-trace"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.environ.get("AIE_TRACE_LIT_OUT", config.test_source_root), ""
)

python = sys.executable
bindir = os.path.dirname(python)


def tool(name):
    """A console script of this environment (the one lit runs under) or on PATH."""
    here = os.path.join(bindir, name)
    return here if os.path.exists(here) else (shutil.which(name) or name)


filecheck = tool("filecheck")
config.substitutions.append(("%python", python))
config.substitutions.append(("%aie-trace-opt", tool("aie-trace-opt")))
config.substitutions.append(("%aie-trace", tool("aie-trace")))
config.substitutions.append(
    ("%inputs", os.path.join(config.test_source_root, "Inputs"))
)
config.substitutions.append(
    ("%examples", os.path.join(config.test_source_root, "..", "..", "examples"))
)
# FileCheck is the `filecheck` package (a Python port of LLVM's FileCheck).
config.substitutions.append((r"\bFileCheck\b", filecheck))
# Bare tool name only: not inside a path (such as what %aie-trace-opt expanded to) or a flag.
config.substitutions.append((r"(?<![\w/.%-])aie-trace-opt\b", tool("aie-trace-opt")))

# Pass the environment through: the MLIR provider selection and PYTHONPATH matter.
for var in (
    "AIE_TRACE_MLIR_PROVIDER",
    "PYTHONPATH",
    "HOME",
    "XILINX_XRT",
    "LD_LIBRARY_PATH",
):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Features ----------------------------------------------------------------------------------------
if (
    importlib.util.find_spec("aie") is not None
    and os.environ.get("AIE_TRACE_MLIR_PROVIDER", "aie") == "aie"
):
    config.available_features.add("aie")

try:
    probe = subprocess.run(
        [python, "-m", "aie_trace.host.hwdetect"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    for feature in probe.stdout.split():
        config.available_features.add(feature)
    if (
        probe.stderr.strip()
    ):  # a device the NPU table does not name: say why test/lit/hw is skipped
        lit_config.warning(probe.stderr.strip())
except (OSError, subprocess.SubprocessError):
    pass
