# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The IR layer: the only code that touches the MLIR bindings' objects.

Owns where the bindings come from (``provider``), the functions that read and build aie/aiex IR
in every era, split by concern (``structure``: operations, values, blocks, regions and the op
identity; ``attributes``: attribute and type values; ``fields``: fields by ODS name; ``eras``:
era detection; ``checking``: the op checker; ``builders``: schema-checked builders), the typed op
wrappers (``aieops``), the op definitions per era and their
assembly formats (``schema``), the custom-form reader and printer (``customform``,
``custom_print``), view chains (``views``), the trace-buffer forms (``forms``), located
diagnostics (``diagnostics``) and rollback of a failed pass (``rollback``).

May import: the bindings and ``aie_trace.trace`` (nothing else of aie_trace).
"""
