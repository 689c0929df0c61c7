# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A pass that fails, for any reason, leaves the module exactly as it was.

Every registered pass is failed on purpose in the middle of a run, after the IR has changed (a
read-only pass: at the first call of its hook): by an exception (a bug), by a refusal (``raise
diag.fail(...)``) and by an error reported without raising. The module must print, with locations and in generic form, exactly as the input did:
through a direct ``run(module, diag)``, through the pipeline runner, and through ``aie-trace-opt``
(whose ``--mlir-print-ir-after-failure`` dump shows the module the failed pass left).
"""

from __future__ import annotations

import dataclasses
import io
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

from aie_trace.analysis import layout as L
from aie_trace.ir import checking, rollback, structure
from aie_trace.ir.diagnostics import DiagnosticEngine, LocatedError, PassFailure
from aie_trace.ir.provider import ir, make_context
from aie_trace.models import materialize as materialize_mod
from aie_trace.models import resolve as resolve_mod
from aie_trace.opt import driver
from aie_trace.opt.pipeline import (
    InternalPassError,
    PipelineRunner,
    parse_pipeline,
    plan,
)
from aie_trace.opt.registry import REGISTRY, Pass, Registry, option
from aie_trace.testing import synth

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FAILED = "IR Dump After "

#: per pass: the function it calls mid-run that the test makes fail (owner, name), and whether
#: the pass changes the IR before that call (if not, it is read-only: failed at the first call)
HOOKS: dict[str, tuple[Any, str, bool]] = {
    "aie-trace-check-ir": (checking, "check_module", False),
    "aie-trace-verify-patches": (L, "is_specialized", False),
    "aie-trace-fuse-buffers": (
        L,
        "write_layout",
        True,
    ),  # recording comes after the rewrite
    "aie-trace-materialize": (
        materialize_mod,
        "inline_run",
        True,
    ),  # after a load_pdi and a run
    "aie-trace-drop-specialized": (
        L,
        "is_specialized",
        True,
    ),  # asked again after the first erase
    "aie-trace-prepare": (
        L,
        "write_layout",
        True,
    ),  # its fuse step records after the rewrite
    "aie-trace-resolve-patch-buffers": (
        resolve_mod,
        "_new_plus",
        True,
    ),  # per patch, after the first
}
#: passes with nothing to do in an era (no buffer patches before E3): they are not failed there
IDLE = {"aie-trace-resolve-patch-buffers": {"E2"}}
#: what each pass runs on: the example as written, fused, or fused and materialized
STAGE = {
    "aie-trace-check-ir": 0,
    "aie-trace-fuse-buffers": 0,
    "aie-trace-verify-patches": 1,
    "aie-trace-materialize": 1,
    "aie-trace-drop-specialized": 2,
    "aie-trace-prepare": 0,
    "aie-trace-resolve-patch-buffers": 2,
}
KINDS = ("raise", "refuse", "error")


def test_every_registered_builtin_pass_is_covered():
    builtin = [
        cls.name for cls in REGISTRY if cls.__module__.startswith("aie_trace.passes.")
    ]
    assert sorted(builtin) == sorted(HOOKS)
    # a pass the hooks treat as changing nothing is one declared read-only, and the reverse
    read_only = {cls.name for cls in REGISTRY if cls.__dict__.get("read_only")}
    assert read_only == {n for n, (_, _, modifies) in HOOKS.items() if not modifies}


def exact(op: Any) -> str:
    return op.operation.get_asm(print_generic_op_form=True, enable_debug_info=True)


@pytest.fixture(scope="module", params=["E2", "E3"])
def inputs(request, tmp_path_factory) -> list[Path]:
    """The era's example at stage 0 (as written), 1 (fused) and 2 (fused and materialized)."""
    era = request.param.lower()
    d = tmp_path_factory.mktemp(f"rollback_{era}")
    # (E3 with integer data patches, so that the fuse makes callee copies to drop)
    paths = [EXAMPLES / f"two_designs_{era}.mlir"]
    if era == "e3":
        paths = [d / "two_designs_e3.mlir"]
        paths[0].write_text(synth.two_designs("E3", data_io="bd-arg-idx"))
    for stage, flag in ((1, "-aie-trace-fuse-buffers"), (2, "-aie-trace-materialize")):
        out = io.StringIO()
        assert driver.main([str(paths[-1]), flag], out, io.StringIO()) == 0
        paths.append(d / f"stage{stage}.mlir")
        paths[-1].write_text(out.getvalue())
    return paths


def _module_of(args: tuple) -> Any:
    for a in args:
        op = getattr(getattr(a, "op", a), "operation", None)
        if op is None:
            continue
        while op.name != "builtin.module":
            op = op.parent.operation
        return op
    raise AssertionError("the hooked function got no operation")


@dataclass
class Injection:
    """Makes the pass fail, the first time its hook returns with the IR already changed (a
    read-only pass, ``modifies`` False: the first time it returns)."""

    kind: str
    before: str
    modifies: bool
    diags: list[DiagnosticEngine] = dataclasses.field(default_factory=list)
    fired: bool = False

    def install(self, monkeypatch, owner: Any, attr: str) -> None:
        original = getattr(owner, attr)

        def hook(*args: Any, **kwargs: Any) -> Any:
            module = _module_of(
                args
            )  # before the call, which may erase the op it was given
            result = original(*args, **kwargs)
            if self.fired:
                return result
            if self.modifies and exact(module) == self.before:
                return result  # the pass has changed nothing yet: fail at a later call
            self.fired = True
            if self.kind == "raise":
                raise RuntimeError("injected bug")
            if self.kind == "refuse":
                raise self.diags[-1].fail(module, "injected refusal")
            self.diags[-1].error(module, "injected error")
            return result

        monkeypatch.setattr(owner, attr, hook)


def _skip_idle(name: str, inputs: list[Path]) -> None:
    era = (
        inputs[0].stem.rsplit("_", 1)[-1].upper()
    )  # the example the stages were made from
    if era in IDLE.get(name, ()):
        pytest.skip(f"{name} has nothing to do in {era}")


def _inject(monkeypatch, name: str, kind: str, before: str) -> Injection:
    owner, attr, modifies = HOOKS[name]
    inj = Injection(kind, before, modifies)
    inj.install(monkeypatch, owner, attr)
    return inj


def _parse(path: Path) -> Any:
    return ir.Operation.parse(path.read_text(), source_name=str(path))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", sorted(HOOKS))
def test_run_from_python_leaves_the_module_unchanged(name, kind, inputs, monkeypatch):
    _skip_idle(name, inputs)
    with make_context():
        module = _parse(inputs[STAGE[name]])
        before = exact(module)
        inj = _inject(monkeypatch, name, kind, before)
        diag = DiagnosticEngine()
        inj.diags.append(diag)
        if kind == "raise":
            with pytest.raises(RuntimeError, match="injected bug"):
                REGISTRY.get(name)().run(module, diag)
        elif kind == "refuse":
            with pytest.raises(PassFailure):
                REGISTRY.get(name)().run(module, diag)
        else:  # the pass goes on after the error; it may then stop itself (fuse does)
            try:
                REGISTRY.get(name)().run(module, diag)
            except PassFailure:
                pass
        assert inj.fired
        assert exact(module) == before
        if kind != "raise":
            assert f"injected {'refusal' if kind == 'refuse' else 'error'}" in [
                d.message for d in diag.diagnostics
            ]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", sorted(HOOKS))
def test_pipeline_runner_leaves_the_module_unchanged(name, kind, inputs, monkeypatch):
    _skip_idle(name, inputs)
    diag = DiagnosticEngine()
    with make_context():
        module = _parse(inputs[STAGE[name]])
        before = exact(module)
        inj = _inject(monkeypatch, name, kind, before)
        inj.diags.append(diag)
        runner = PipelineRunner(plan(parse_pipeline(f"builtin.module({name})")), diag)
        if kind == "raise":
            with pytest.raises(
                InternalPassError,
                match=f"internal error in pass '{name}': injected bug",
            ):
                runner.run(module)
        else:
            assert runner.run(module) is False
        assert inj.fired
        assert exact(module) == before


class _RecordingEngine(DiagnosticEngine):
    made: ClassVar[list[DiagnosticEngine]] = []

    def __init__(self) -> None:
        super().__init__()
        self.made.append(self)


def _dumped_after_failure(err: str, name: str) -> str:
    """The module of the one ``IR Dump After <Pass> Failed: <name>`` section of ``err``."""
    header = next(
        line for line in err.splitlines() if line.startswith("// -----// " + FAILED)
    )
    assert header.endswith(f" Failed: {name} //----- //")
    return err.split(header + "\n", 1)[1].strip()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", sorted(HOOKS))
def test_driver_leaves_the_module_unchanged(name, kind, inputs, monkeypatch, capfd):
    _skip_idle(name, inputs)
    path = inputs[STAGE[name]]
    printed = io.StringIO()
    assert (
        driver.main([str(path)], printed, io.StringIO()) == 0
    )  # the input, as the driver prints it
    with make_context():
        before = exact(_parse(path))
    inj = _inject(monkeypatch, name, kind, before)
    _RecordingEngine.made = inj.diags
    monkeypatch.setattr(driver, "DiagnosticEngine", _RecordingEngine)
    capfd.readouterr()
    out, err = io.StringIO(), io.StringIO()
    assert (
        driver.main([str(path), f"--{name}", "--mlir-print-ir-after-failure"], out, err)
        == 1
    )
    assert inj.fired
    assert out.getvalue() == ""
    assert (
        _dumped_after_failure(capfd.readouterr().err, name)
        == printed.getvalue().strip()
    )
    if kind == "raise":
        assert (
            err.getvalue()
            == f"aie-trace-opt: error: internal error in pass '{name}': injected bug\n"
        )
    else:
        message = "injected refusal" if kind == "refuse" else "injected error"
        assert re.fullmatch(
            f"{re.escape(str(path))}:[0-9]+:[0-9]+: error: {message}\n", err.getvalue()
        )


# ------------------------------------------------------------------------------------------------
# a real failure after a change: materializing a module whose trace arguments were never fused
# (every run is one argument short) inserts a load_pdi before it finds out


@pytest.mark.parametrize("era", ["e1", "e2", "e3", "e4"])
def test_materialize_of_an_unfused_module_leaves_it_unchanged(era):
    with make_context():
        module = _parse(EXAMPLES / f"two_designs_{era}.mlir")
        before = exact(module)
        diag = DiagnosticEngine()
        with pytest.raises(PassFailure):
            REGISTRY.get("aie-trace-materialize")().run(module, diag)
        assert "'aiex.run' op argument count mismatch: expected 2 but got 1" in (
            diag.diagnostics[0].message
        )
        assert exact(module) == before


def test_materialize_of_an_unfused_module_through_the_driver(capfd):
    path = EXAMPLES / "two_designs_e2.mlir"
    printed = io.StringIO()
    assert driver.main([str(path)], printed, io.StringIO()) == 0
    capfd.readouterr()
    out, err = io.StringIO(), io.StringIO()
    assert (
        driver.main(
            [str(path), "-aie-trace-materialize", "--mlir-print-ir-after-failure"],
            out,
            err,
        )
        == 1
    )
    dumped = _dumped_after_failure(capfd.readouterr().err, "aie-trace-materialize")
    assert "load_pdi" not in dumped
    assert dumped == printed.getvalue().strip()
    assert out.getvalue() == ""
    assert err.getvalue().startswith(
        f"{path}:11:9: error: 'aiex.run' op argument count mismatch: expected 2 but got 1"
    )


# ------------------------------------------------------------------------------------------------
# the transaction itself


@dataclass(frozen=True)
class Edit(Pass):
    """Sets ``test.edited`` on the module, then fails as ``how`` says."""

    name: ClassVar[str] = "test-edit"
    summary: ClassVar[str] = "edit, then maybe fail"
    how: str = option("ok", "ok | raise | refuse | error | interrupt | nested")

    def run(self, module, diag):
        module.attributes["test.edited"] = ir.UnitAttr.get()
        module.regions[0].blocks[0].operations[0].erase()
        if self.how == "raise":
            raise KeyError("bug")
        if self.how == "refuse":
            raise diag.fail(module, "refused")
        if self.how == "error":
            diag.error(module, "reported")
        if self.how == "interrupt":
            raise KeyboardInterrupt
        if (
            self.how == "nested"
        ):  # a pass that runs another one, which fails and is caught
            try:
                Edit("raise").run(module, diag)
            except KeyError:
                pass


TWO_FUNCS = """module attributes {test.keep = 1 : i32} {
  func.func @a() {
    return
  }
  func.func @b() {
    return
  }
}"""


@pytest.mark.parametrize(
    "how, raised",
    [
        ("raise", KeyError),
        ("refuse", PassFailure),
        ("error", None),
        ("interrupt", KeyboardInterrupt),
    ],
)
def test_a_failed_run_restores_attributes_and_body(how, raised):
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        diag = DiagnosticEngine()
        if raised is None:
            Edit(how).run(module.operation, diag)
        else:
            with pytest.raises(raised):
                Edit(how).run(module.operation, diag)
        assert exact(module) == before
        module.operation.verify()


def test_a_successful_run_keeps_its_changes():
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        Edit("ok").run(module.operation, DiagnosticEngine())
        assert "test.edited" in module.operation.attributes
        assert [o.operation.name for o in module.body.operations] == ["func.func"]


def test_a_nested_run_that_fails_is_put_back_before_the_outer_pass_goes_on():
    """The inner run's failure is caught by the outer pass, which succeeds: the inner run's
    changes are gone (it failed), the outer one's stay (it did not)."""
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        Edit("nested").run(module.operation, DiagnosticEngine())
        assert "test.edited" in module.operation.attributes
        assert [structure.symbol_name(o) for o in structure.body_ops(module)] == ["b"]


def test_a_snapshot_is_cheap_relative_to_the_module():
    """The copy lives only while the pass runs: afterwards no clone is left anywhere."""
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        snap = rollback.Snapshot(module.operation)  # taken when made
        assert exact(snap.copy) == exact(module)
        snap.discard()
        assert snap.copy is None
        snap.discard()  # idempotent


# ------------------------------------------------------------------------------------------------
# exceptions never cross MLIR's C++ pass manager


@dataclass(frozen=True)
class After(Pass):
    name: ClassVar[str] = "test-after"
    summary: ClassVar[str] = "must not run after a failure"
    ran: ClassVar[list] = []

    def run(self, module, diag):
        After.ran.append(True)


def _runner(text: str, diag: DiagnosticEngine) -> PipelineRunner:
    reg = Registry()
    reg._loaded = True
    reg.add(Edit)
    reg.add(After)
    return PipelineRunner(plan(parse_pipeline(text), reg), diag)


def test_an_exception_in_a_pass_is_re_raised_after_the_pass_manager_stopped(capfd):
    After.ran.clear()
    diag = DiagnosticEngine()
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        runner = _runner("builtin.module(test-edit{how=raise},test-after)", diag)
        runner.enable_ir_printing(
            before_all=False, after_all=False, generic=False, after_failure=True
        )
        with pytest.raises(InternalPassError) as e:
            runner.run(module.operation)
        assert isinstance(e.value.exc, KeyError) and e.value.__cause__ is e.value.exc
        assert str(e.value) == "internal error in pass 'test-edit': 'bug'"
        assert not After.ran and exact(module) == before
        # MLIR finished the run and reported the failure itself: the pass manager saw a failed
        # pass, not an exception unwinding through it
        assert "IR Dump After Edit Failed: test-edit" in capfd.readouterr().err
        assert diag.diagnostics == []
        # the same runner runs again
        runner2 = _runner("builtin.module(test-edit)", diag)
        assert (
            runner2.run(module.operation)
            and "test.edited" in module.operation.attributes
        )


def test_an_interrupt_in_a_pass_is_re_raised_as_it_was():
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        with pytest.raises(KeyboardInterrupt):
            _runner("builtin.module(test-edit{how=interrupt})", DiagnosticEngine()).run(
                module.operation
            )
        assert exact(module) == before


# ------------------------------------------------------------------------------------------------
# a copy on entry for every pass that may change IR, none for a read-only one, nothing global


def _counting_copies(monkeypatch) -> list[int]:
    copies: list[int] = []
    original = rollback.Snapshot.__init__

    def init(self, op):
        copies.append(1)
        original(self, op)

    monkeypatch.setattr(rollback.Snapshot, "__init__", init)
    return copies


@pytest.mark.parametrize("how, expected", [("ok", 1), ("error", 1), ("nested", 2)])
def test_every_run_that_may_change_ir_is_copied_on_entry(how, expected, monkeypatch):
    copies = _counting_copies(monkeypatch)
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        Edit(how).run(module.operation, DiagnosticEngine())
    assert len(copies) == expected


@pytest.mark.parametrize("name", ["aie-trace-check-ir", "aie-trace-verify-patches"])
def test_a_read_only_pass_takes_no_copy(name, monkeypatch):
    copies = _counting_copies(monkeypatch)
    with make_context():
        module = _parse(EXAMPLES / "two_designs_e2.mlir")
        try:  # (verify refuses the unfused example: a failing run takes none either)
            REGISTRY.get(name)().run(module, DiagnosticEngine())
        except PassFailure:
            pass
    assert copies == []


def test_the_read_only_passes_change_nothing_on_any_example_and_stage(tmp_path):
    """What ``read_only`` promises, held for the built-in passes that declare it, on every
    example as written, fused, and fused and materialized (passing or failing)."""
    read_only = [cls for cls in REGISTRY if cls.__dict__.get("read_only")]
    assert {cls.name for cls in read_only} == {
        "aie-trace-check-ir",
        "aie-trace-verify-patches",
    }
    stages = []
    for example in sorted(EXAMPLES.glob("*.mlir")):
        stages.append(example)
        for flag in ("-aie-trace-fuse-buffers", "-aie-trace-materialize"):
            out = io.StringIO()
            if driver.main([str(stages[-1]), flag], out, io.StringIO()):
                break
            stages.append(tmp_path / f"{example.stem}{flag}.mlir")
            stages[-1].write_text(out.getvalue())
    assert len(stages) > len(list(EXAMPLES.glob("*.mlir")))
    for path in stages:
        with make_context():
            module = _parse(path)
            before = exact(module)
            for cls in read_only:
                try:
                    cls().run(module, DiagnosticEngine())
                except PassFailure:
                    pass
                assert exact(module) == before, (path.name, cls.name)


def test_the_transaction_keeps_no_state_outside_the_call():
    """No list, set, table or thread-local in the module: a transaction is one copy held by one
    call, so nothing one run (or thread) does can reach another's copy."""
    shared = {
        k: type(v).__name__
        for k, v in vars(rollback).items()
        if not k.startswith("__")
        and isinstance(v, (list, dict, set, bytearray, threading.local))
    }
    assert shared == {}


# ------------------------------------------------------------------------------------------------
# the constructions that leaked partial IR before copy on entry: each leaves the module exactly
# as it was


@dataclass(frozen=True)
class Bypass(Pass):
    """Says it changes IR only through the IR layer (the declaration lazy copies trusted), then
    edits through the bindings and refuses."""

    name: ClassVar[str] = "test-bypass"
    summary: ClassVar[str] = "edit behind the layer, then refuse"
    through_layer: ClassVar[bool] = True

    def run(self, module, diag):
        module.attributes["test.raw"] = ir.UnitAttr.get()
        module.regions[0].blocks[0].operations[0].erase()
        raise diag.fail(module, "refused")


def test_a_plugin_that_edits_through_the_bindings_is_put_back():
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        with pytest.raises(PassFailure):
            Bypass().run(module.operation, DiagnosticEngine())
        assert exact(module) == before


def test_a_plugin_deriving_from_a_read_only_pass_is_copied_on_entry():
    """``read_only`` is not inherited: a subclass that defines its own run says it or is copied
    on entry."""
    from aie_trace.passes.check_ir import CheckIR

    @dataclass(frozen=True)
    class Derived(CheckIR):
        name: ClassVar[str] = "test-derived"

        def run(self, module, diag):
            module.attributes["test.raw"] = ir.UnitAttr.get()  # behind the layer
            raise diag.fail(module, "refused")

    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        with pytest.raises(PassFailure):
            Derived().run(module.operation, DiagnosticEngine())
        assert exact(module) == before


@dataclass(frozen=True)
class Interleaved(Pass):
    """Changes the module in two steps, meeting the other thread's run before, between and after
    them, then fails or not."""

    name: ClassVar[str] = "test-interleaved"
    summary: ClassVar[str] = "edit in step with another thread"
    barrier: ClassVar[threading.Barrier] = threading.Barrier(2, timeout=60)
    fail: bool = option(False, "refuse after the edits")

    def run(self, module, diag):
        Interleaved.barrier.wait()  # both runs have begun
        structure.set_raw_attr(module, "test.edited", ir.UnitAttr.get())
        Interleaved.barrier.wait()  # both have changed their module once
        structure.erase(structure.body_ops(module)[0])
        Interleaved.barrier.wait()
        if self.fail:
            raise diag.fail(module, "refused")


def test_two_threads_each_get_their_own_module_back():
    """Two runs at once, each on its own module (and context), changing IR in step: the one that
    fails finds its module as it was, the one that succeeds keeps its changes."""
    results: dict[bool, tuple[str, str]] = {}
    errors: list[BaseException] = []

    def worker(fail: bool) -> None:
        try:
            with make_context():
                module = ir.Module.parse(TWO_FUNCS)
                before = exact(module)
                try:
                    Interleaved(fail).run(module.operation, DiagnosticEngine())
                except PassFailure:
                    pass
                results[fail] = (before, exact(module))
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)
            Interleaved.barrier.abort()

    threads = [threading.Thread(target=worker, args=(f,)) for f in (True, False)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors and not any(t.is_alive() for t in threads)
    before, after = results[True]
    assert after == before
    before, after = results[False]
    assert after != before and "test.edited" in after


@dataclass(frozen=True)
class Catcher(Pass):
    """Runs a pass that changes the module and fails, catches the failure, and succeeds."""

    name: ClassVar[str] = "test-catcher"
    summary: ClassVar[str] = "run a failing pass and go on"

    def run(self, module, diag):
        try:
            Edit("raise").run(module, diag)
        except KeyError:
            pass


def test_a_nested_pass_whose_failure_the_outer_pass_catches_is_put_back():
    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        diag = DiagnosticEngine()
        Catcher().run(module.operation, diag)
        assert exact(module) == before
        assert diag.diagnostics == []


# ------------------------------------------------------------------------------------------------
# errors in one layer: a LocatedError escaping a pass is its one located diagnostic


def test_a_located_error_after_a_change_is_reported_before_the_restore():
    """A library error about an op that escapes a pass is its located diagnostic (with its
    notes), read while the op exists (restoring erases it), and the run fails as a refusal does.
    """

    @dataclass(frozen=True)
    class Locate(Pass):
        name: ClassVar[str] = "test-locate"
        summary: ClassVar[str] = "change, then meet bad input"

        def run(self, module, diag):
            first, second = structure.body_ops(module)
            structure.set_raw_attr(second, "test.edited", ir.UnitAttr.get())
            raise LocatedError("bad input here", second, [(first, "because of this")])

    with make_context():
        module = ir.Module.parse(TWO_FUNCS)
        before = exact(module)
        diag = DiagnosticEngine()
        with pytest.raises(PassFailure):
            Locate().run(module.operation, diag)
        assert exact(module) == before
        (error,) = diag.diagnostics
        assert (error.severity, error.message, error.line) == (
            "error",
            "bad input here",
            5,
        )
        assert [(n.message, n.line) for n in error.notes] == [("because of this", 2)]
