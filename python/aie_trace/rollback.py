# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A pass that fails leaves the module exactly as it was: a snapshot of the module, put back on failure.

Every Python pass runs inside :func:`transaction` (the ``Pass`` base class wraps each subclass's
``run``; see :mod:`aie_trace.registry`), whether the driver's pass manager runs it or a caller
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
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_active = threading.local()


def _active_ids() -> set[int]:
    ids = getattr(_active, "ids", None)
    if ids is None:
        ids = _active.ids = set()
    return ids


class Snapshot:
    """A copy of ``op`` (an operation with one block per region, like ``builtin.module``) that
    can be put back in its place."""

    def __init__(self, op: Any) -> None:
        self.op = op
        self.copy = op.clone()
        self.attrs = _attributes(op)

    def restore(self) -> None:
        """Make ``op`` print exactly as it did when the snapshot was taken; consumes the copy."""
        op, copy = self.op, self.copy
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
    """name -> attribute (indexing by position gives a ``NamedAttribute`` in every binding
    version; iterating gives names in some and ``NamedAttribute`` in others)."""
    attrs = op.attributes
    named = [attrs[i] for i in range(len(attrs))]
    return {n.name: n.attr for n in named}


def _error_count(diag: Any) -> int:
    return getattr(diag, "error_count", 0)


@contextmanager
def transaction(module: Any, diag: Any = None) -> Iterator[None]:
    """Run the body on ``module`` (an ``ir.Module`` or its operation); when the body raises, or
    adds an error to ``diag``, put the module back as it was on entry."""
    op = module.operation
    ids = _active_ids()
    if id(op) in ids:  # an enclosing transaction on this module restores
        yield
        return
    snapshot = Snapshot(op)
    errors_before = _error_count(diag)
    ids.add(id(op))
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
        ids.discard(id(op))
        snapshot.discard()


def transactional(run: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a pass's ``run(self, module, diag)`` in :func:`transaction`."""
    if getattr(run, "__aie_trace_transactional__", False):
        return run

    @functools.wraps(run)
    def wrapped(self: Any, module: Any, diag: Any, *args: Any, **kwargs: Any) -> Any:
        with transaction(module, diag):
            return run(self, module, diag, *args, **kwargs)

    wrapped.__aie_trace_transactional__ = True  # type: ignore[attr-defined]
    return wrapped
