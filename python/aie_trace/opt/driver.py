# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""``aie-trace-opt``: an ``mlir-opt``-like driver for aie-trace's Python passes.

Reads MLIR (a file or ``-`` for stdin), runs one pass pipeline that mixes Python passes from
:data:`aie_trace.opt.registry.REGISTRY` with MLIR's built-in passes (and mlir-aie's C++ passes when its
bindings are the provider), and prints the result. Flags follow ``mlir-opt``: single- or
double-dash long options, ``--pass-pipeline='builtin.module(...)'`` or one flag per pass in
command-line order, ``--split-input-file``, ``--verify-diagnostics``, ``--mlir-print-*``.

Bad input (missing file, unparsable IR, bad flags, a failing pass) gives located one-line
diagnostics and exit code 1, never a traceback; an exception escaping a Python pass is reported as
an internal error (with its traceback when ``AIE_TRACE_DEBUG=1``). A Python pass that fails, for
any reason, leaves the module as it was (``--mlir-print-ir-after-failure`` shows it).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
import traceback
from dataclasses import dataclass, field
from typing import Any, TextIO

from .. import __version__
from ..ir.customform import mlir_string
from ..ir.diagnostics import Diagnostic, DiagnosticEngine
from .pipeline import (
    ROOT_ANCHOR,
    InternalPassError,
    OpPipeline,
    PassElement,
    PipelineError,
    PipelineRunner,
    PythonStep,
    Step,
    parse_pass_options,
    parse_pipeline,
    plan,
)
from .registry import REGISTRY

TOOL = "aie-trace-opt"
STDIN_NAME = "<stdin>"
SPLIT_MARKER = "// -----"
_SPLIT_LINE = re.compile(r"^[ \t]*// -----[ \t]*$", re.MULTILINE)


class UsageError(Exception):
    """A bad command line."""


# ------------------------------------------------------------------------------------------------
# command line


@dataclass
class Options:
    input: str = "-"
    output: str = "-"
    pass_pipeline: str | None = None
    #: Python files or modules whose passes register themselves (``--load-pass-plugin``)
    plugins: list[str] = field(default_factory=list)
    #: per-pass flags in command-line order: (pass name, option text or None, the argument)
    pass_flags: list[tuple[str, str | None, str]] = field(default_factory=list)
    split_input_file: bool = False
    verify_diagnostics: bool = False
    allow_unregistered_dialect: bool = False
    print_op_generic: bool = False
    print_custom_form: bool = False
    print_debuginfo: bool = False
    print_ir_before_all: bool = False
    print_ir_after_all: bool = False
    print_ir_after_failure: bool = False
    dump_pass_pipeline: bool = False
    list_passes: bool = False
    help: bool = False
    version: bool = False


#: boolean flags: spelling -> (Options field, help)
BOOL_FLAGS: dict[str, tuple[str, str]] = {
    "split-input-file": (
        "split_input_file",
        f"Split the input into chunks at '{SPLIT_MARKER}' lines and process each "
        "separately; output chunks are joined by the same marker",
    ),
    "verify-diagnostics": (
        "verify_diagnostics",
        "Check that the emitted diagnostics match the expected-error/warning/"
        "remark/note {{...}} comments of the input",
    ),
    "allow-unregistered-dialect": (
        "allow_unregistered_dialect",
        "Accepted for mlir-opt compatibility (always on without mlir-aie)",
    ),
    "mlir-print-op-generic": (
        "print_op_generic",
        "Print the output (and IR dumps) in generic op form",
    ),
    "mlir-print-debuginfo": ("print_debuginfo", "Print locations in the output"),
    "print-custom-form": (
        "print_custom_form",
        "Print the aie/aiex ops in mlir-aie's custom form, as aie-opt does (the default "
        "when the input was custom form; --mlir-print-op-generic overrides it)",
    ),
    "mlir-print-ir-before-all": (
        "print_ir_before_all",
        "Print the IR before every pass (to stderr)",
    ),
    "mlir-print-ir-after-all": (
        "print_ir_after_all",
        "Print the IR after every pass (to stderr)",
    ),
    "mlir-print-ir-after-failure": (
        "print_ir_after_failure",
        "Print the IR after a pass that failed (to stderr): a failed "
        "Python pass leaves its input unchanged",
    ),
    "dump-pass-pipeline": (
        "dump_pass_pipeline",
        "Print the parsed pass pipeline (to stderr)",
    ),
    "list-passes": (
        "list_passes",
        "List the registered Python passes with their options and exit",
    ),
    "help": ("help", "Print this help and exit"),
    "version": ("version", "Print the version and the MLIR provider and exit"),
}
BOOL_ALIASES = {"h": "help"}
VALUE_FLAGS: dict[str, tuple[str, str, str]] = {
    "o": ("output", "<file>", "Output file (default: '-', stdout)"),
    "pass-pipeline": (
        "pass_pipeline",
        "<pipeline>",
        "A pass pipeline in MLIR syntax, e.g. 'builtin.module(canonicalize,"
        "aie-trace-prepare{era=E2},cse)'",
    ),
    "load-pass-plugin": (
        "plugins",
        "<file.py|module>",
        "Load Python passes from a file or an importable module (repeatable)",
    ),
}
_PASS_FLAG = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*")


def parse_args(argv: list[str]) -> Options:
    opts = Options()
    positional: list[str] = []
    it = iter(argv)
    for arg in it:
        if arg == "--":
            positional.extend(it)
            break
        if arg == "-" or not arg.startswith("-"):
            positional.append(arg)
            continue
        key, eq, value = arg.lstrip("-").partition("=")
        key = BOOL_ALIASES.get(key, key)
        if key in BOOL_FLAGS:
            setattr(opts, BOOL_FLAGS[key][0], _bool_value(arg, value if eq else None))
        elif key in VALUE_FLAGS:
            if not eq:
                value = next(it, None)
                if value is None:
                    raise UsageError(f"option '{arg}' requires a value")
            current = getattr(opts, VALUE_FLAGS[key][0])
            if isinstance(current, list):  # repeatable
                current.append(value)
            else:
                setattr(opts, VALUE_FLAGS[key][0], value)
        elif _PASS_FLAG.fullmatch(key):
            opts.pass_flags.append((key, value if eq else None, arg))
        else:
            raise UsageError(
                f"unknown command line argument '{arg}'; try '{TOOL} --help'"
            )
    if len(positional) > 1:
        raise UsageError(
            f"too many positional arguments: {' '.join(positional)} (one input file)"
        )
    if positional:
        opts.input = positional[0]
    if opts.pass_pipeline is not None and opts.pass_flags:
        raise UsageError(
            "'--pass-pipeline' cannot be used with individual pass flags "
            f"({opts.pass_flags[0][2]})"
        )
    return opts


def _bool_value(arg: str, value: str | None) -> bool:
    if value is None or value.lower() in ("true", "1"):
        return True
    if value.lower() in ("false", "0"):
        return False
    raise UsageError(f"option '{arg}': '{value}' is not a boolean (true/false)")


def load_plugin(spec: str) -> None:
    """Import a plugin (a ``.py`` file or a module name); its passes register themselves."""
    if not spec.endswith(".py"):
        importlib.import_module(spec)
        return
    if not os.path.isfile(spec):
        raise FileNotFoundError(f"no such file '{spec}'")
    name = "aie_trace_plugin_" + re.sub(r"\W", "_", os.path.abspath(spec))
    if name in sys.modules:
        return
    module_spec = importlib.util.spec_from_file_location(name, spec)
    assert module_spec is not None and module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = (
        module  # dataclasses look their module up while the file executes
    )
    module_spec.loader.exec_module(module)


# ------------------------------------------------------------------------------------------------
# help


def help_text() -> str:
    from ..ir import provider

    lines = [
        f"OVERVIEW: {TOOL}: run an MLIR pass pipeline mixing aie-trace's Python passes with MLIR's "
        "built-in passes (and mlir-aie's C++ passes when its Python bindings are installed).",
        "",
        f"USAGE: {TOOL} [options] [<input file>|-]",
        "",
        "OPTIONS:",
    ]
    for name, (_field, meta, help_) in VALUE_FLAGS.items():
        spelled = f"-{name} {meta}" if len(name) == 1 else f"--{name}={meta}"
        lines.append(_row(spelled, help_))
    for name, (_field, help_) in BOOL_FLAGS.items():
        lines.append(_row(f"--{name}", help_))
    lines += [
        "",
        "Options take one or two dashes (-split-input-file, --split-input-file). Without",
        "--pass-pipeline, every pass flag (--<pass>[='opt=value ...']) appends that pass to the",
        "pipeline in command-line order; flags that name no registered Python pass are handed to",
        "MLIR's pass registry (-canonicalize, -cse, mlir-aie's passes).",
        "Python passes run at module level only: write them at the top level of builtin.module(...).",
    ]
    if not provider.AIE_REGISTERED:
        lines += [
            "The aie/aiex dialects are not registered (MLIR provider: "
            f"{provider.NAME}): their ops are always read and printed in generic form."
        ]
    lines += ["", "PASSES (Python; each is also a flag):"]
    lines += pass_listing()
    return "\n".join(lines) + "\n"


def pass_listing() -> list[str]:
    lines = []
    for cls in REGISTRY:
        lines.append(_row(f"--{cls.name}", cls.summary))
        for o in cls.options():
            kind = "|".join(o.choices) if o.kind == "choice" else o.kind
            default = o.format(o.default) or '""'
            lines.append(
                _row(f"    {o.name}=<{kind}>", f"{o.help} (default: {default})")
            )
    return lines


def _row(left: str, right: str) -> str:
    return (
        f"  {left:<38} {right}" if len(left) < 38 else f"  {left}\n  {'':<38} {right}"
    )


# ------------------------------------------------------------------------------------------------
# input


@dataclass
class Chunk:
    text: str
    first_line: int  # 1-based line of the chunk's first line in the whole input


def read_input(path: str) -> tuple[str, str]:
    """(text, name used in locations)."""
    name = STDIN_NAME if path == "-" else path
    try:
        if path == "-":  # bytes, whatever the locale's encoding: MLIR is UTF-8
            raw = getattr(
                sys.stdin, "buffer", None
            )  # None: a text stream put in its place
            return (
                sys.stdin.read() if raw is None else raw.read().decode("utf-8")
            ), name
        with open(path, encoding="utf-8") as f:
            return f.read(), name
    except OSError as e:
        raise UsageError(
            f"could not open input file '{path}': {e.strerror or e}"
        ) from None
    except UnicodeDecodeError as e:
        raise UsageError(f"input file '{name}' is not UTF-8 text: {e}") from None


def split_chunks(text: str, split: bool) -> list[Chunk]:
    if not split:
        return [Chunk(text, 1)]
    chunks, start, line = [], 0, 1
    for m in _SPLIT_LINE.finditer(text):
        chunks.append(Chunk(text[start : m.start()], line))
        line += text.count("\n", start, m.end()) + 1
        start = m.end() + 1
    chunks.append(Chunk(text[start:], line))
    return chunks


# ------------------------------------------------------------------------------------------------
# --verify-diagnostics

_EXPECTED = re.compile(
    r"expected-(error|warning|remark|note)(-re)?\s*(?:@([+-][0-9]+|above|below|unknown))?\s*\{\{(.*)\}\}"
)


@dataclass
class Expected:
    severity: str
    message: str
    line: int | None  # None: @unknown
    where: Diagnostic  # the comment itself, for "was not produced"
    pattern: re.Pattern[str] | None = None
    matched: bool = False

    def matches(self, text: str) -> bool:
        return bool(self.pattern.search(text)) if self.pattern else self.message in text


def collect_expected(chunk: Chunk, file: str, diag: DiagnosticEngine) -> list[Expected]:
    """The ``expected-*`` comments of a chunk, with the absolute line each refers to."""
    out: list[Expected] = []
    below: list[Expected] = []
    last_plain: int | None = None
    for i, text in enumerate(chunk.text.split("\n")):
        lineno = chunk.first_line + i
        m = _EXPECTED.search(text)
        if not m:
            if text.strip():
                for e in below:
                    e.line = lineno
                below.clear()
                last_plain = lineno
            continue
        severity, is_re, at, message = m.groups()
        where = Diagnostic("error", "", file, lineno, m.start() + 1)
        e = Expected(severity, message, lineno, where)
        if is_re:
            e.pattern = _regex_of(message, where, diag)
            if e.pattern is None:
                continue
        if at == "unknown":
            e.line = None
        elif at == "above":
            if last_plain is None:
                diag.diagnostics.append(
                    _at(where, "expected-*@above has no line above it")
                )
                continue
            e.line = last_plain
        elif at == "below":
            below.append(e)
        elif at:
            e.line = lineno + int(at)
        out.append(e)
    for e in below:
        diag.diagnostics.append(_at(e.where, "expected-*@below has no line below it"))
        out.remove(e)
    return out


def _regex_of(
    message: str, where: Diagnostic, diag: DiagnosticEngine
) -> re.Pattern[str] | None:
    """``-re`` messages: literal text with ``{{regex}}`` parts."""
    parts = re.split(r"\{\{(.*?)\}\}", message)
    source = "".join(
        re.escape(p) if i % 2 == 0 else f"(?:{p})" for i, p in enumerate(parts)
    )
    try:
        return re.compile(source)
    except re.error as exc:
        diag.diagnostics.append(_at(where, f"invalid regex '{message}': {exc}"))
        return None


def _at(where: Diagnostic, message: str) -> Diagnostic:
    return Diagnostic("error", message, where.file, where.line, where.col)


def verify(
    emitted: list[Diagnostic], expected: list[Expected], file: str
) -> list[Diagnostic]:
    """mlir-opt's -verify-diagnostics: the mismatches, as error diagnostics (empty: all match)."""
    problems: list[Diagnostic] = []
    flat = [d for top in emitted for d in [top, *top.notes] if not _is_op_dump_note(d)]
    for d in flat:
        line = d.line if d.file == file else None
        candidates = [
            e
            for e in expected
            if not e.matched and e.line == line and e.matches(d.message)
        ]
        exact = next((e for e in candidates if e.severity == d.severity), None)
        if exact is not None:
            exact.matched = True
        elif candidates:
            candidates[0].matched = True
            problems.append(
                Diagnostic(
                    "error",
                    f"'{d.severity}' diagnostic emitted when expecting a "
                    f"'{candidates[0].severity}'",
                    d.file,
                    d.line,
                    d.col,
                )
            )
        else:
            problems.append(
                Diagnostic(
                    "error",
                    f"unexpected {d.severity}: {d.message}",
                    d.file,
                    d.line,
                    d.col,
                )
            )
    for e in expected:
        if not e.matched:
            problems.append(
                _at(e.where, f'expected {e.severity} "{e.message}" was not produced')
            )
    return problems


def _is_op_dump_note(d: Diagnostic) -> bool:
    """MLIR's "see current operation" note (mlir-opt omits it under -verify-diagnostics)."""
    return d.severity == "note" and d.message.startswith("see current operation:")


# ------------------------------------------------------------------------------------------------
# running


class Driver:
    """One invocation: options in, exit code out; output and diagnostics to the given streams."""

    def __init__(self, opts: Options, stdout: TextIO, stderr: TextIO) -> None:
        self.opts = opts
        self.stdout = stdout
        self.stderr = stderr
        self.flag_elements: list[tuple[PassElement, str]] = []  # per-pass flags, parsed

    def error(self, message: str) -> int:
        self.stderr.write(f"{TOOL}: error: {message}\n")
        self.stderr.flush()
        return 1

    def run(self) -> int:
        opts = self.opts
        try:
            REGISTRY.names()
            for plugin in opts.plugins:
                load_plugin(plugin)
        except (
            Exception
        ) as e:  # importing passes runs their modules' code: report, do not crash
            return self.error(f"cannot load passes: {type(e).__name__}: {e}")
        for problem in REGISTRY.load_errors:
            self.stderr.write(f"{TOOL}: warning: {problem}\n")
        informational = [
            (opts.help, help_text),
            (opts.list_passes, list_passes_text),
            (opts.version, version_text),
        ]
        for wanted, text in informational:
            if wanted:
                self.stdout.write(text())
                return 0
        try:
            root = self.pipeline()
            steps = plan(root)
        except PipelineError as e:
            return self.report_pipeline_error(e)
        if opts.dump_pass_pipeline:
            self.stderr.write(f"{root}\n")
        try:
            text, name = read_input(opts.input)
        except UsageError as e:
            return self.error(str(e))
        outputs: list[str] = []
        ok = True
        for chunk in split_chunks(text, opts.split_input_file):
            try:
                chunk_ok, output = self.process(chunk, name, steps)
            except PipelineError as e:
                return self.report_pipeline_error(e)
            except InternalPassError as e:
                return self.internal_error(e)
            ok = ok and chunk_ok
            if output is not None:
                outputs.append(output)
        return self.write_output(f"{SPLIT_MARKER}\n".join(outputs), ok)

    def pipeline(self) -> OpPipeline:
        if self.opts.pass_pipeline is not None:
            return parse_pipeline(self.opts.pass_pipeline)
        for name, text, arg in self.opts.pass_flags:
            try:
                element = parse_pass_options(name, text or "")
            except PipelineError as e:
                raise PipelineError(
                    f"{arg}: {e.message} (column {e.col} of the options)"
                ) from None
            self.flag_elements.append((element, arg))
        return OpPipeline(ROOT_ANCHOR, tuple(e for e, _ in self.flag_elements), 1)

    def report_pipeline_error(self, e: PipelineError) -> int:
        if self.opts.pass_pipeline is not None:
            self.stderr.write(e.format() + "\n")
            return 1
        flag = next(
            (arg for element, arg in self.flag_elements if element is e.element), None
        )
        if flag is None:
            return self.error(e.message)
        if "does not refer to a registered pass" in e.message:
            return self.error(
                f"unknown command line argument '{flag}'; try '{TOOL} --help'"
            )
        return self.error(f"{flag}: {e.message}")

    def internal_error(self, e: InternalPassError) -> int:
        self.error(str(e))
        if os.environ.get("AIE_TRACE_DEBUG") == "1":
            traceback.print_exception(
                type(e.exc), e.exc, e.exc.__traceback__, file=self.stderr
            )
        return 1

    def process(
        self, chunk: Chunk, name: str, steps: list[Step]
    ) -> tuple[bool, str | None]:
        """Parse and run one chunk: (succeeded, or verified; the printed module or None)."""
        from ..ir import provider

        diag = DiagnosticEngine()
        printer = _DiagnosticPrinter(
            diag, self.stderr, quiet=self.opts.verify_diagnostics
        )
        output: str | None = None
        with provider.make_context() as ctx:
            ctx.enable_multithreading(False)  # diagnostics in a deterministic order
            ctx.attach_diagnostic_handler(lambda d: diag.extend_from_mlir([d]) or True)
            runner = PipelineRunner(steps, diag, after_python_pass=printer.flush)
            runner.enable_ir_printing(
                before_all=self.opts.print_ir_before_all,
                after_all=self.opts.print_ir_after_all,
                after_failure=self.opts.print_ir_after_failure,
                generic=self.opts.print_op_generic,
            )
            module, was_custom = parse_module(
                provider.ir, chunk, name, diag, given_era(steps)
            )
            try:
                ok = module is not None and runner.run(module)
            finally:
                printer.flush()
            if ok:
                output = self.print_module(module, was_custom)
        if not self.opts.verify_diagnostics:
            return ok, output
        problems = verify(diag.diagnostics, collect_expected(chunk, name, diag), name)
        for p in problems:
            self.stderr.write(p.format() + "\n")
        return not problems, output

    def print_module(self, module: Any, was_custom: bool) -> str:
        """The module as the options ask: generic on request, custom form when the input was
        custom (or on request; not with locations), else as the bindings print it."""
        from ..ir import custom_print

        opts = self.opts
        if not opts.print_op_generic and not opts.print_debuginfo:
            if opts.print_custom_form or was_custom:
                return custom_print.print_custom(module)
        return custom_print.release_held_calls(
            module.operation.get_asm(
                print_generic_op_form=opts.print_op_generic,
                enable_debug_info=opts.print_debuginfo,
            )
        )

    def write_output(self, text: str, ok: bool) -> int:
        if self.opts.output == "-":
            self.stdout.write(text)
            self.stdout.flush()
        elif ok:
            try:
                with open(self.opts.output, "w", encoding="utf-8") as f:
                    f.write(text)
            except OSError as e:
                return self.error(
                    f"could not open output file '{self.opts.output}': {e.strerror or e}"
                )
        return 0 if ok else 1


class _DiagnosticPrinter:
    """Prints a chunk's diagnostics as they come (after each Python pass, and at the end), so
    they interleave with MLIR's IR dumps; prints nothing when they are to be verified instead.
    """

    def __init__(self, diag: DiagnosticEngine, stream: TextIO, quiet: bool) -> None:
        self.diag = diag
        self.stream = stream
        self.quiet = quiet
        self.printed = 0

    def flush(self) -> None:
        if self.quiet:
            return
        for d in self.diag.diagnostics[self.printed :]:
            self.stream.write(d.format() + "\n")
        self.printed = len(self.diag.diagnostics)
        self.stream.flush()


def list_passes_text() -> str:
    return "\n".join(["Passes:", *pass_listing()]) + "\n"


def version_text() -> str:
    from ..ir import provider

    return f"{TOOL} (aie-trace {__version__})\n{provider.describe()}\n"


_SINGLE_OP = re.compile(
    r"source must contain a single top-level operation, found: (\d+)"
)
_UNNAMED_LOC = re.compile(r'loc\("-":')


def given_era(steps: list[Step]) -> str | None:
    """The IR era the pipeline's passes are told (their ``era`` option), when they agree on
    one: custom-form aie/aiex ops are read in it. None when no pass names one (the module's
    ops then decide) or passes name different ones (each pass then meets the module as read).
    """
    eras = set()
    for step in steps:
        if isinstance(step, PythonStep):
            era = getattr(
                step.cls.from_options(list(step.element.options)), "era", None
            )
            if era not in (None, "auto"):
                eras.add(era)
    return eras.pop() if len(eras) == 1 else None


def parse_module(
    ir: Any, chunk: Chunk, name: str, diag: DiagnosticEngine, era: str | None = None
) -> tuple[Any, bool]:
    """The chunk as a ``builtin.module`` (other top-level ops are wrapped in one, as mlir-opt
    does), or None after reporting the parse errors, and whether it held custom-form aie/aiex
    ops (read in ``era`` when it is given). Lines keep their absolute numbers.
    """
    padded = "\n" * (chunk.first_line - 1) + chunk.text
    from ..ir.structure import ParseError, custom_to_generic

    try:
        generic = custom_to_generic(padded, name, era)
    except ParseError as e:
        diag.extend_from_mlir(e.diagnostics)
        return None, False
    return _parse_generic(ir, generic, name, chunk.first_line, diag), generic != padded


def _parse_generic(
    ir: Any, padded: str, name: str, first_line: int, diag: DiagnosticEngine
) -> Any:
    try:
        op = ir.Operation.parse(padded, source_name=name)
    except ir.MLIRError as e:
        found = _SINGLE_OP.search(str(e))
        if found is None:
            diag.extend_from_mlir(e.error_diagnostics)
            return None
        if found.group(1) == "0":
            return ir.Module.create(loc=ir.Location.file(name, first_line, 1)).operation
        return _wrap_several(ir, padded, name)
    if op.operation.name == "builtin.module":
        return op
    module = ir.Module.create(loc=op.operation.location)
    module.body.append(op.operation)
    return module.operation


def _wrap_several(ir: Any, text: str, name: str) -> Any:
    """Several top-level ops (the text parsed and verified already): ``Module.parse`` wraps them
    but names the buffer "-"; print with locations, rename the buffer, parse again. A quote inside
    a printed string attribute is escaped, so ``loc("-":`` only ever starts a location.
    """
    printed = ir.Module.parse(text).operation.get_asm(
        enable_debug_info=True, print_generic_op_form=True
    )
    renamed = _UNNAMED_LOC.sub(lambda _: f"loc({mlir_string(name)}:", printed)
    return ir.Operation.parse(renamed, source_name=name)


def main(
    argv: list[str] | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        opts = parse_args(sys.argv[1:] if argv is None else argv)
    except UsageError as e:
        stderr.write(f"{TOOL}: error: {e}\n")
        return 1
    try:
        return Driver(opts, stdout, stderr).run()
    except KeyboardInterrupt:
        return 130
    except (
        BrokenPipeError
    ):  # the reader went away (`| head`): stop quietly, as a filter does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as e:  # a bug in the driver itself, never bad input
        stderr.write(f"{TOOL}: error: internal error: {type(e).__name__}: {e}\n")
        if os.environ.get("AIE_TRACE_DEBUG") == "1":
            traceback.print_exc(file=stderr)
        return 1
