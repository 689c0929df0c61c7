# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A pass that fails leaves the module exactly as it was: a copy taken on entry, put back on failure.

Every Python pass runs inside :func:`transaction` (the ``Pass`` base class wraps each subclass's
``run``; see :mod:`aie_trace.opt.registry`), whether the driver's pass manager runs it, another
pass does, or a caller does (``SomePass().run(module, diag)``). A run fails when it raises (a
refusal ``PassFailure``, a ``LocatedError`` about bad input, or any other exception: a bug) or
when it emits an error into ``diag`` without raising. Then the module's attributes and the
operations of its body are replaced by the copy's, and the exception, if any, goes on to the
caller.

**Copy on entry.** Every run of a pass that may change IR takes its copy when it starts, however
it changes IR (the IR layer or a binding object's own methods) and however it is nested: a pass
run inside another pass's run takes its own copy and puts it back on its own failure, so an outer
pass that catches the inner failure and goes on finds the module as the inner run found it. A
pass declared read-only (``read_only``: it never changes IR, as ``aie-trace-check-ir`` and
``aie-trace-verify-patches``) takes none. The copy is a clone of the module op
(``Operation.clone``): a deep copy in C++, linear in the module; at 10,000 call sites it costs
a few percent of fuse + verify (docs/driver.md has the figures, ``benchmarks/snapshot_bench.py``
measures them). On failure the clone's body operations are moved into the module and the current
ones erased, so the module op itself (the handle the caller holds) stays valid; handles to
operations *inside* the module taken before the failed run are stale afterwards (the bindings
invalidate them). On success the clone is dropped.

**No state outside the call.** A transaction is one copy held by one call frame: nothing is
registered anywhere, so runs on different threads (each module in its own context) cannot see or
take each other's copies.

**Errors in one place.** Engines raise :class:`~aie_trace.ir.diagnostics.LocatedError` about the
op they refuse; a ``LocatedError`` escaping a pass's ``run`` becomes that run's one located
diagnostic (with its notes) here, read while its op still exists (restoring erases it), and the
run fails as a refusal does. A run is judged by the errors it emitted itself: it is handed
``diag.scoped()``, whose ``error_count`` counts only the errors added since the run began, so an
error an earlier pass left in the same engine neither fails it nor stops it early.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .diagnostics import LocatedError, PassFailure


class Snapshot:
    """A copy of ``op`` (an operation with one block per region, like ``builtin.module``), taken
    now, that can be put back in its place."""

    def __init__(self, op: Any) -> None:
        self.op = op
        self.attrs = _attributes(op)
        self.copy: Any = op.clone()

    def restore(self) -> None:
        """Make ``op`` print exactly as it did when the snapshot was taken; consumes the copy."""
        op, copy = self.op, self.copy
        if copy is None:
            return
        current = _attributes(op)
        for name in current.keys() - self.attrs.keys():
            del op.attributes[name]
        for name, attr in self.attrs.items():
            if current.get(name) != attr:
                op.attributes[name] = attr
        for region, saved_region in zip(op.regions, copy.regions, strict=True):
            for block, saved in zip(region.blocks, saved_region.blocks, strict=True):
                current = [o.operation for o in block.operations]
                for o in reversed(current):  # users before the values they use
                    o.erase()
                for o in list(saved.operations):
                    block.append(o.operation)
        self.discard()

    def discard(self) -> None:
        if self.copy is not None:
            self.copy.erase()
            self.copy = None


def _attributes(op: Any) -> dict[str, Any]:
    from .structure import listed_attrs

    return listed_attrs(op)


def _error_count(diag: Any) -> int:
    return 0 if diag is None else diag.error_count


@contextmanager
def transaction(
    module: Any, diag: Any = None, read_only: bool = False
) -> Iterator[None]:
    """Run the body on ``module`` (an ``ir.Module`` or its operation); when the body raises, or
    adds an error to ``diag``, put the module back as it was on entry. ``read_only``: the body
    never changes IR, so no copy is taken (and none is needed)."""
    if read_only:
        yield
        return
    snapshot = Snapshot(module.operation)
    errors_before = _error_count(diag)
    try:
        yield
    except BaseException:
        snapshot.restore()
        raise
    else:
        if _error_count(diag) > errors_before:
            snapshot.restore()
    finally:
        snapshot.discard()


def transactional(
    run: Callable[..., Any], read_only: bool = False
) -> Callable[..., Any]:
    """Wrap a pass's ``run(self, module, diag)`` in :func:`transaction` (``read_only``: see
    there), handing it ``diag.scoped()`` and turning an escaping ``LocatedError`` into its
    located diagnostic."""
    if getattr(run, "__aie_trace_transactional__", False):
        return run

    @functools.wraps(run)
    def wrapped(self: Any, module: Any, diag: Any, *args: Any, **kwargs: Any) -> Any:
        own = None if diag is None else diag.scoped()
        with transaction(module, own, read_only=read_only):
            try:
                return run(self, module, own, *args, **kwargs)
            except LocatedError as e:
                # reported now, while its op exists: restoring the module erases the op
                if own is None:
                    raise
                own.error(e.op, e.message, e.notes)
                raise PassFailure(e.message) from None

    wrapped.__aie_trace_transactional__ = True  # type: ignore[attr-defined]
    return wrapped
