# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Typed wrappers for the aie/aiex ops the engines read: part of the IR layer.

A wrapper is a small object over one operation and the IR era it is read in. Its properties read
fields by their ODS names through :mod:`aie_trace.ir.fields` (``get_int``, ``get_operand``,
``attr_or_none``), so a field that one era keeps as an attribute and another as an SSA operand
(``arg_plus`` of ``aiex.npu.address_patch``: an attribute in E1, an operand from E2 on) reads the
same, and a field the era does not define reads None. Wrappers hold no state beyond the op: make
one where a field is read, keep the op in records.

The era is required where the op's form differs between eras (``AddressPatch``, ``WriteBD``);
an op defined alike in every era (device, sequence, configure, run, tile) is read without one.
``Op.of(op, era)`` wraps ``op`` in the class for its name (None for an op no class here names).
Every op class checks the name it is given, so a wrapper never stands for another op.
"""

from __future__ import annotations

from typing import Any, ClassVar

from . import attributes, builders, fields, structure
from . import schema as S


class Op:
    """An aie/aiex op read in era ``era``."""

    __slots__ = ("op", "era")
    NAME: ClassVar[str] = ""
    #: whether every era defines the op alike (then it is read without an era)
    ERA_FREE: ClassVar[bool] = False
    _BY_NAME: ClassVar[dict[str, type[Op]]] = {}

    def __init__(self, op: Any, era: str | None = None):
        op = op.operation
        if self.NAME and op.name != self.NAME:
            raise TypeError(
                f"{type(self).__name__} wraps '{self.NAME}', not '{op.name}'"
            )
        if era is None:
            if not self.ERA_FREE:
                raise TypeError(f"'{self.NAME}' is read in an IR era: give the era")
            era = "E4"  # any: the op is the same in every era
        self.op = op
        self.era = era

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.NAME:
            Op._BY_NAME[cls.NAME] = cls

    @staticmethod
    def of(op: Any, era: str | None = None) -> Op | None:
        """``op`` wrapped in the class for its name, or None."""
        cls = Op._BY_NAME.get(op.name)
        return None if cls is None else cls(op, era)

    def int(self, field: str) -> int | None:
        """Integer field ``field`` (attribute, or a constant SSA operand), None when absent."""
        return fields.get_int(self.op, field, self.era)

    def value(self, field: str) -> Any:
        """The SSA operand ``field`` (None when the era keeps it as an attribute or it is absent)."""
        return fields.get_operand(self.op, field, self.era)

    def attr(self, field: str) -> Any:
        return structure.attr_or_none(self.op, field)


def _eras_with_operand(op_name: str, operand: str) -> frozenset[str]:
    """The eras whose definition of ``op_name`` has an SSA operand ``operand``."""
    return frozenset(
        era
        for era in S.ERAS
        if (d := S.opdef(era, op_name)) is not None
        and any(o.name == operand for o in d.operands)
    )


def _symbol(op: Any, field: str) -> str | None:
    ref = structure.attr_or_none(op, field)
    return structure.symref_name(ref) if ref is not None else None


class Device(Op):
    """``aie.device``."""

    __slots__ = ()
    ERA_FREE = True
    NAME = "aie.device"

    @property
    def name(self) -> str:
        return structure.device_name(self.op)

    @property
    def kind(self) -> int | None:
        """The ``device`` enum value (``AIEDevice``)."""
        return attributes.int_attr_value(self.attr("device"))

    def sequences(self) -> list[RuntimeSequence]:
        return [RuntimeSequence(s, self.era) for s in structure.sequences(self.op)]

    def ops(self) -> list[Any]:
        """The ops of the device's body, in order."""
        return structure.body_ops(self.op)


class RuntimeSequence(Op):
    """``aie.runtime_sequence``."""

    __slots__ = ()
    ERA_FREE = True
    NAME = "aie.runtime_sequence"

    @property
    def name(self) -> str:
        return structure.sequence_name(self.op)

    @property
    def device(self) -> Device | None:
        d = structure.device_of(self.op)
        return None if d is None else Device(d, self.era)

    @property
    def kernel_name(self) -> tuple[str, str]:
        """(device name, sequence name)."""
        return structure.kernel_name(self.op)

    @property
    def args(self) -> list[Any]:
        """The block arguments (none for an empty body ``{}``)."""
        return structure.seq_args(self.op)

    def host_buffer_index(self, block_index: int) -> int | None:
        return structure.host_buffer_index(self.op, block_index)

    def block_index_of_host_buffer(self, host_index: int) -> int | None:
        return structure.block_index_of_host_buffer(self.op, host_index)

    def ops(self, names: Any = None) -> list[Any]:
        """The ops nested in the body, pre-order (only those named in ``names`` if given)."""
        found = structure.walk(self.op, names)
        return found if names is not None and self.NAME not in names else found[1:]


class _LoadsDevice(Op):
    """An op that loads the device its ``DEVICE_FIELD`` symbol names."""

    __slots__ = ()
    ERA_FREE = True
    DEVICE_FIELD: ClassVar[str] = ""

    @property
    def device_name(self) -> str | None:
        return _symbol(self.op, self.DEVICE_FIELD)


class Configure(_LoadsDevice):
    """``aiex.configure``: runs in the device named by ``symbol``."""

    __slots__ = ()
    NAME = "aiex.configure"
    DEVICE_FIELD = "symbol"


class LoadPdi(_LoadsDevice):
    """``aiex.npu.load_pdi``: loads the device named by ``device_ref``."""

    __slots__ = ()
    NAME = "aiex.npu.load_pdi"
    DEVICE_FIELD = "device_ref"


class Run(Op):
    """``aiex.run``: calls ``runtime_sequence_symbol`` in its configure's device."""

    __slots__ = ()
    ERA_FREE = True
    NAME = "aiex.run"

    @property
    def callee_name(self) -> str | None:
        return _symbol(self.op, "runtime_sequence_symbol")

    @property
    def args(self) -> list[Any]:
        return structure.operands(self.op)

    @property
    def configure(self) -> Configure | None:
        cfg = structure.parent_named(self.op, Configure.NAME)
        return None if cfg is None else Configure(cfg, self.era)

    def with_args(self, args: list[Any]) -> Any:
        """A new run with ``args``, before this one (which the caller then erases), as its
        operation: see :func:`builders.rebuild`."""
        return builders.rebuild(self.op, self.era, args)


class AddressPatch(Op):
    """``aiex.npu.address_patch``: the host address of a buffer, written into a BD word."""

    __slots__ = ()
    NAME = "aiex.npu.address_patch"
    #: the eras whose patch may name its buffer by an SSA operand (E3/E4 in the schema)
    BUFFER_ERAS: ClassVar[frozenset[str]] = _eras_with_operand(NAME, "buffer")
    #: the eras whose patch takes ``arg_plus`` as an SSA operand (E2 on)
    PLUS_OPERAND_ERAS: ClassVar[frozenset[str]] = _eras_with_operand(NAME, "arg_plus")

    @property
    def addr(self) -> int | None:
        return self.int("addr")

    @property
    def arg_idx(self) -> int | None:
        """The host-buffer index (None where the patch names a ``buffer`` instead)."""
        return self.int("arg_idx")

    @property
    def arg_plus(self) -> int | None:
        """The byte offset, when it is known (an attribute, or a constant operand)."""
        return self.int("arg_plus")

    @property
    def arg_plus_value(self) -> Any:
        """The ``arg_plus`` SSA operand (E2 on), or None."""
        return self.value("arg_plus") if self.era in self.PLUS_OPERAND_ERAS else None

    @property
    def buffer(self) -> Any:
        """The ``buffer`` operand (E3/E4), or None."""
        return self.value("buffer") if self.era in self.BUFFER_ERAS else None


class WriteBD(Op):
    """``aiex.npu.writebd``: one shim or tile BD."""

    __slots__ = ()
    NAME = "aiex.npu.writebd"

    @property
    def column(self) -> int | None:
        return self.int("column")

    @property
    def row(self) -> int | None:
        return self.int("row")

    @property
    def bd_id(self) -> int | None:
        return self.int("bd_id")

    @property
    def buffer_length(self) -> int | None:
        return self.int("buffer_length")


class Tile(Op):
    """``aie.tile``."""

    __slots__ = ()
    ERA_FREE = True
    NAME = "aie.tile"

    @property
    def col(self) -> int | None:
        return self.int("col")

    @property
    def row(self) -> int | None:
        return self.int("row")
