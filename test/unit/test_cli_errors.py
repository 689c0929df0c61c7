# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The aie-trace commands: one message format, no traceback for any input, the dispatched
sequence found by themselves, and trace buffers checked against their layout."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from aie_trace.analysis import dispatch
from aie_trace.ir import provider

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "two_designs_e4.mlir"
FORMAT = re.compile(r"^aie-trace (layout|run|decode|--version): (error|warning): ")


def cli(*args, cwd=None, env=None, timeout=120):
    """``aie-trace ARGS`` in a fresh interpreter (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from aie_trace.tools.cli import main; raise SystemExit(main())",
            *map(str, args),
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )
    return proc.returncode, proc.stdout, proc.stderr


def opt(*args):
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from aie_trace.tools.opt import main; raise SystemExit(main())",
            *map(str, args),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The README's demo: the E4 example fused, run on the emulator, its layout as JSON."""
    d = tmp_path_factory.mktemp("demo")
    opt(EXAMPLE, "-aie-trace-fuse-buffers", "-o", d / "fused.mlir")
    rc, out, err = cli("run", d / "fused.mlir", "-o", d / "out", cwd=d)
    assert rc == 0, err
    rc, out, err = cli(
        "layout", d / "fused.mlir", "--kernel", "main:main_seq", "-o", d / "layout.json"
    )
    assert rc == 0, err
    (d / "binary.bin").write_bytes(bytes(range(256)) * 4)
    return d


def assert_one_clean_error(rc, err, command):
    assert rc == 1, err
    assert "Traceback" not in err and "[Errno" not in err
    lines = [ln for ln in err.splitlines() if ln and not ln.startswith(" ")]
    assert lines and all(FORMAT.match(ln) for ln in lines), err
    assert all(ln.count("error:") <= 1 for ln in err.splitlines()), err
    assert lines[-1].startswith(f"aie-trace {command}: error: ")


def test_run_and_decode_pick_the_dispatched_sequence(demo):
    # No --kernel: main:main_seq is the one sequence nothing runs or configures.
    rc, out, err = cli(
        "decode",
        demo / "out" / "trace.bin",
        "--mlir",
        demo / "fused.mlir",
        "-o",
        demo / "t.json",
        cwd=demo,
    )
    assert rc == 0, err
    assert (
        "dev_a:seq_a [call 0]" in out
        and "dev_b:seq_b [call 1]" in out
        and "dev_a:seq_a [call 2]" in out
    )
    assert any(
        e.get("ph") == "B"
        for e in json.loads((demo / "t.json").read_text())["traceEvents"]
    )


def test_dispatch_entries_follow_the_ir():
    with provider.make_context():
        m = provider.ir.Module.parse(EXAMPLE.read_text())
        assert [dispatch.kernel_name(s) for s in dispatch.entries(m.operation)] == [
            "main:main_seq"
        ]
        # Without the configure of @dev_b, its sequence is dispatchable on its own too.
        text = EXAMPLE.read_text().replace("<{symbol = @dev_b}>", "<{symbol = @dev_a}>")
        m = provider.ir.Module.parse(
            text.replace(
                "runtime_sequence_symbol = @seq_b", "runtime_sequence_symbol = @seq_a"
            )
        )
        assert [dispatch.kernel_name(s) for s in dispatch.entries(m.operation)] == [
            "main:main_seq",
            "dev_b:seq_b",
        ]


def test_a_buffer_of_another_size_is_an_error_unless_accepted(demo):
    rc, _, err = cli(
        "decode", demo / "out" / "slice0.bin", "--mlir", demo / "fused.mlir"
    )
    assert_one_clean_error(rc, err, "decode")
    assert (
        "has 8192 bytes" in err
        and "describes 20480 bytes" in err
        and "slice0.bin" in err
    )
    rc, _, err = cli(
        "decode", demo / "out" / "slice0.bin", "--layout", demo / "layout.json"
    )
    assert rc == 1 and "has 8192 bytes" in err and "20480" in err
    rc, out, err = cli(
        "decode",
        demo / "out" / "slice0.bin",
        "--layout",
        demo / "layout.json",
        "--allow-size-mismatch",
    )
    assert rc == 0, err


def test_decode_with_a_layout_needs_no_mlir_bindings(demo):
    # A provider that is not installed: any import of the MLIR bindings fails.
    env = (
        {provider.ENV_VAR: "aie"}
        if provider.NAME != "aie"
        else {provider.ENV_VAR: "mlir"}
    )
    rc, out, err = cli(
        "decode",
        demo / "out" / "trace.bin",
        "--layout",
        demo / "layout.json",
        "-o",
        demo / "nomlir.json",
        env=env,
    )
    assert rc == 0, err
    assert "dev_b:seq_b [call 1]" in out and (demo / "nomlir.json").exists()
    for args in (
        ["layout", demo / "fused.mlir"],
        ["run", demo / "fused.mlir", "-o", demo / "o2"],
        ["decode", demo / "out" / "trace.bin", "--mlir", demo / "fused.mlir"],
        ["--version"],
    ):
        rc, _, err = cli(*args, env=env)
        command = "--version" if args == ["--version"] else args[0]
        assert_one_clean_error(rc, err, command)
        assert provider.ENV_VAR in err and "cannot import its MLIR bindings" in err


@pytest.mark.parametrize(
    "args, says",
    [
        (["layout", "{binary}"], "not an MLIR module"),
        (["decode", "{trace}", "--layout", "{binary}"], "not a layout JSON file"),
        (["decode", "{trace}", "--mlir", "{binary}"], "not a module"),
        (["run", "{binary}"], "not an MLIR module"),
        (["run", "{fused}", "-o", "{fused}"], "-o names a file, not a directory"),
        (["layout", "{missing}"], "cannot read the module: No such file or directory"),
        (
            ["decode", "{missing}"],
            "cannot read the trace buffer: No such file or directory",
        ),
        (["run", "{missing}"], "No such file or directory"),
        (
            ["layout", "{fused}", "--kernel", "main:nope"],
            "no trace layout for kernel 'main:nope'",
        ),
        (
            ["decode", "{trace}", "--layout", "{layout}", "--kernel", "x"],
            "no trace layout for kernel 'x'",
        ),
    ],
)
def test_bad_input_is_one_located_message(demo, args, says):
    names = {
        "binary": demo / "binary.bin",
        "trace": demo / "out" / "trace.bin",
        "fused": demo / "fused.mlir",
        "missing": demo / "missing.mlir",
        "layout": demo / "layout.json",
    }
    argv = [a.format(**names) for a in args]
    rc, _, err = cli(*argv, cwd=demo)
    assert_one_clean_error(rc, err, args[0])
    assert says in err
    named = [a for a in argv[1:] if a.startswith(str(demo))]
    assert any(f"error: {n}" in err for n in named), err  # the file comes first


def test_warnings_share_the_format(demo):
    rc, _, err = cli("run", demo / "fused.mlir", "-o", demo / "o3")
    assert rc == 0
    assert all(FORMAT.match(ln) for ln in err.splitlines() if ln), err


def test_a_library_error_about_an_op_is_reported_at_the_op(ctx, monkeypatch, tmp_path):
    """``aie-trace run`` reports a LocatedError that carries an op at that op's location, as
    decode does, not only with the module's file name."""
    import argparse

    from aie_trace.host import runtime
    from aie_trace.ir import structure
    from aie_trace.ir.diagnostics import LocatedError
    from aie_trace.tools import run as run_tool
    from aie_trace.tools.errors import CommandError, located

    src = tmp_path / "désign.mlir"
    src.write_text("module {}\n")
    anchor = structure.ir.Location.file(str(src), 2, 3)
    assert located(anchor, "bad", "fallback") == f"{src}:2:3: error: bad"
    assert located(None, "bad", "fallback") == "fallback: error: bad"

    def refuse(*_args, **_kwargs):
        raise LocatedError("this op is wrong", anchor)

    monkeypatch.setattr(runtime.Design, "open", refuse)
    parser = argparse.ArgumentParser()
    run_tool.add_arguments(parser)
    with pytest.raises(CommandError) as e:
        run_tool._run(parser.parse_args([str(src)]))
    assert f"{src}:2:3: error: this op is wrong" in e.value.message


# -- the edges of the command line: stdin, exit codes, outputs written whole -------------------

E0_MODULE = """"builtin.module"() ({
  "aie.device"() <{device = 5 : i32}> ({
    "aiex.runtime_sequence"() <{sym_name = "seq"}> ({
    ^bb0(%a: memref<16xi32>):
    }) : () -> ()
    "aie.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_usage_errors_exit_2_and_failures_exit_1(demo):
    rc, _, err = cli()
    assert rc == 2 and "a command is required" in err
    rc, _, err = cli("decode", demo / "out" / "trace.bin", "--aie-clock-mhz", "inf")
    assert (
        rc == 2 and "argument --aie-clock-mhz: must be a number from 1 to 10000" in err
    )
    rc, _, err = cli("decode", "-", "--mlir", "-")
    assert rc == 2 and "only one input can be read from stdin" in err
    rc, _, err = cli("decode", demo / "missing.bin")
    assert_one_clean_error(rc, err, "decode")


def test_e0_is_named_by_run_layout_and_decode(tmp_path):
    m = tmp_path / "e0.mlir"
    m.write_text(E0_MODULE)
    (tmp_path / "t.bin").write_bytes(bytes(64))
    for argv in (
        ["run", m],
        ["layout", m],
        ["decode", tmp_path / "t.bin", "--mlir", m],
    ):
        rc, _, err = cli(*argv)
        assert_one_clean_error(rc, err, argv[0])
        assert f"{m}:3:5: 'aiex.runtime_sequence' op is the IR era E0 form" in err, err


def test_every_command_reads_stdin_as_bytes(demo):
    fused = (demo / "fused.mlir").read_bytes()
    rc, out, err = _piped(["layout", "-", "--kernel", "main:main_seq"], fused)
    assert rc == 0 and json.loads(out) == json.loads((demo / "layout.json").read_text())
    trace = (demo / "out" / "trace.bin").read_bytes()
    rc, out, err = _piped(["decode", "-", "--mlir", demo / "fused.mlir"], trace)
    assert (
        rc == 0
        and out
        == cli("decode", demo / "out" / "trace.bin", "--mlir", demo / "fused.mlir")[1]
    )
    latin1 = b"// caf\xe9\n" + fused
    for argv in (["layout", "-"], ["run", "-", "-o", demo / "never"]):
        rc, out, err = _piped(argv, latin1, env={"LC_ALL": "C"})
        assert_one_clean_error(rc, err, argv[0])
        assert "<stdin>" in err and "byte 6 is not UTF-8 text" in err
    assert not (demo / "never").exists()
    for env in ({}, {"LC_ALL": "C"}):  # the locale decides nothing
        rc, _, err = _piped([], latin1, env=env, tool="opt")
        assert rc == 1 and err.startswith(
            "aie-trace-opt: error: input file '<stdin>' is not UTF-8"
        )


def _piped(argv, data, env=None, tool="cli"):
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from aie_trace.tools.{tool} import main; raise SystemExit(main())",
            *map(str, argv or ["-"]),
        ],
        input=data,
        capture_output=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    return proc.returncode, proc.stdout.decode(), proc.stderr.decode()


def test_run_replaces_its_outputs_whole(demo, tmp_path):
    out = tmp_path / "o"
    out.mkdir()
    for stale in ("slice7.bin", "slice0.bin", "buffer3.npy"):
        (out / stale).write_bytes(b"an earlier run")
    rc, stdout, err = cli("run", demo / "fused.mlir", "-o", out)
    assert rc == 0, err
    names = sorted(p.name for p in out.iterdir())
    # slice7 is gone, slice0 is this run's; buffer3.npy is left alone without --save-buffers
    assert names == [
        "buffer3.npy",
        "slice0.bin",
        "slice1.bin",
        "slice2.bin",
        "slices.json",
        "trace.bin",
    ]
    assert (out / "slice0.bin").read_bytes() != b"an earlier run"
    assert "emulated host memory: " in stdout and "touched" in stdout
    # a failed run (no such kernel) leaves the directory as it was
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    rc, _, _ = cli("run", demo / "fused.mlir", "--kernel", "main:nope", "-o", out)
    assert rc == 1 and {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_a_closed_stdout_ends_the_command_quietly(demo, tmp_path):
    for argv in (
        ["run", demo / "fused.mlir", "-o", tmp_path / "o"],
        ["decode", demo / "out" / "trace.bin", "--mlir", demo / "fused.mlir"],
    ):
        proc = subprocess.Popen(
            [sys.executable, "-m", "aie_trace.tools.cli", *map(str, argv)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        proc.stdout.close()  # the reader is gone before the first line
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 1
        assert (
            "Broken pipe" not in err
            and "Traceback" not in err
            and "Exception" not in err
        ), err
    # and nothing half-written: no trace files, no temporary names
    assert not (tmp_path / "o").exists() or not list((tmp_path / "o").glob(".*"))


def test_xrt_without_pyxrt_says_so_before_reporting_anything(demo, tmp_path):
    elf = tmp_path / "d.elf"
    elf.write_bytes(b"\x7fELF")
    assert cli("run", demo / "fused.mlir", "--write-manifest", elf)[0] == 0
    code = (
        "import sys; sys.modules['pyxrt'] = None\n"
        "from aie_trace.tools.cli import main; raise SystemExit(main())"
    )
    argv = [
        "run",
        demo / "fused.mlir",
        "--backend",
        "xrt",
        "--elf",
        elf,
        "-o",
        tmp_path / "o",
    ]
    proc = subprocess.run(
        [sys.executable, "-c", code, *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "needs XRT's Python bindings (pyxrt)" in proc.stderr
    assert proc.stdout == ""  # no "allocated:" lines for a run that never happens
