# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A pass that fails leaves the module exactly as it was: a snapshot of the module, put back on failure.

Every Python pass runs inside :func:`transaction` (the ``Pass`` base class wraps each subclass's
``run``; see :mod:`aie_trace.opt.registry`), whether the driver's pass manager runs it or a caller
does (``SomePass().run(module, diag)``). A run fails when it raises (a refusal ``PassFailure``, or
any other exception: a bug) or when it emits an error into ``diag`` without raising. Then the
module's attributes and the operations of its body are replaced by the snapshot's, and the
exception, if any, goes on to the caller.

The snapshot is a clone of the module op (``Operation.clone``): a deep copy in C++, linear in the
module and about 30x cheaper than printing and parsing it again (``benchmarks/snapshot_bench.py``).
On failure the clone's body operations are moved into the module and the current ones erased, so
the module op itself (the handle the caller holds) stays valid; handles to operations *inside* the
module taken before the failed run are stale afterwards (the bindings invalidate them). On success
the clone is dropped.

A pass run nested inside another run on the same module (a pass that calls another pass's ``run``)
takes no snapshot of its own: the outermost run restores.

A pass that changes IR only through the IR layer (every built-in pass: no other module may touch
the bindings' objects) declares ``through_layer``; its snapshot is then taken *lazily*, by the
layer itself, just before the first change (:func:`will_change`, which every layer function that
changes IR calls first). A run that changes nothing, an analysis or a refusal found before any
rewrite, then costs no copy, and one that fails after a change is put back as before. A pass
that may change IR by other means (a plugin using the bindings directly) keeps the snapshot taken
on entry.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .diagnostics import LocatedError

_active = threading.local()


def _active_ids() -> set[int]:
    ids = getattr(_active, "ids", None)
    if ids is None:
        ids = _active.ids = set()
    return ids


class Snapshot:
    """A copy of ``op`` (an operation with one block per region, like ``builtin.module``) that
    can be put back in its place; with ``lazy``, taken only when :meth:`take` is first called.
    """

    def __init__(self, op: Any, lazy: bool = False) -> None:
        self.op = op
        self.copy: Any = None
        self.attrs: dict[str, Any] = {}
        if not lazy:
            self.take()

    def take(self) -> None:
        """Copy ``op`` as it is now (once)."""
        if self.copy is None:  # (the copy last: a snapshot with a copy is whole)
            self.attrs = _attributes(self.op)
            self.copy = self.op.clone()

    def restore(self) -> None:
        """Make ``op`` print exactly as it did when the snapshot was taken; consumes the copy.
        (A lazy snapshot never taken: nothing changed, nothing to do.)"""
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
    from .aieir import listed_attrs

    return listed_attrs(op)


def _error_count(diag: Any) -> int:
    return getattr(diag, "error_count", 0)


#: the lazy snapshots not taken yet, of every transaction under way (one list for all threads:
#: a change made by one thread takes another's too, a copy more and never one less)
_PENDING: list[Snapshot] = []


def will_change() -> None:
    """The IR is about to change: take every lazy snapshot not taken yet. The IR layer calls it
    first in each of its functions that changes IR (it costs a list test when none is pending).
    """
    while _PENDING:
        _PENDING.pop().take()


@contextmanager
def transaction(module: Any, diag: Any = None, lazy: bool = False) -> Iterator[None]:
    """Run the body on ``module`` (an ``ir.Module`` or its operation); when the body raises, or
    adds an error to ``diag``, put the module back as it was on entry. ``lazy``: the body changes
    IR only through the IR layer, so the copy is taken at its first change (:func:`will_change`).
    """
    from .aieir import op_id

    op = module.operation
    if not lazy:  # the body may change IR behind the layer: any copy pending is due now
        will_change()
    ids = _active_ids()
    # the op's identity: a module's or op view's ``operation`` is a new object at each access
    key = op_id(op)
    if key in ids:  # an enclosing transaction on this module restores
        yield
        return
    snapshot = Snapshot(op, lazy=lazy)
    if lazy:
        _PENDING.append(snapshot)
    errors_before = _error_count(diag)
    ids.add(key)
    try:
        yield
    except BaseException:
        snapshot.restore()
        raise
    else:
        if _error_count(diag) > errors_before:
            snapshot.restore()
        else:
            snapshot.discard()
    finally:
        ids.discard(key)
        if snapshot in _PENDING:
            _PENDING.remove(snapshot)
        snapshot.discard()


def transactional(run: Callable[..., Any], lazy: bool = False) -> Callable[..., Any]:
    """Wrap a pass's ``run(self, module, diag)`` in :func:`transaction` (``lazy``: see there)."""
    if getattr(run, "__aie_trace_transactional__", False):
        return run

    @functools.wraps(run)
    def wrapped(self: Any, module: Any, diag: Any, *args: Any, **kwargs: Any) -> Any:
        with transaction(module, diag, lazy=lazy):
            try:
                return run(self, module, diag, *args, **kwargs)
            except LocatedError as e:
                # reported now, while its op exists: restoring the module erases the op
                if diag is None:
                    raise
                raise diag.fail(e.op, e.message) from None

    wrapped.__aie_trace_transactional__ = True  # type: ignore[attr-defined]
    return wrapped
