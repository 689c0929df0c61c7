# SPDX-FileCopyrightText: Copyright (C) 2026 The aie-trace authors
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""IR generators for tests, examples and benchmarks.

Owns ``synth``: generic-form modules per era, of any size.

May import: ``aie_trace.trace``, ``aie_trace.ir``, ``aie_trace.analysis``. Nothing in the
package imports it.
"""
