"""aie-trace-check-ir: verify every known aie/aiex op against mlir-aie's op definitions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from aie_trace import aieir
from aie_trace.registry import Pass, option, register


@register
@dataclass
class CheckIR(Pass):
    """Check every aie/aiex op the schema knows against its definition in the module's IR era.

    Before: any module. After: unchanged. Fails with one located error per violation: operand
    count and types, ``operandSegmentSizes``, required properties and their exact attribute types,
    enum values, results, regions and ``aie.end`` terminators, parent constraints. With
    ``era=auto`` the era is read from the IR (op shapes); a module mixing eras is an error.
    Unregistered aie/aiex ops are not verified by MLIR, so run this on every input and output.
    """

    name: ClassVar[str] = "aie-trace-check-ir"
    summary: ClassVar[str] = "Verify aie/aiex ops against mlir-aie's op definitions (per IR era)"

    era: Literal["auto", "E1", "E2", "E3", "E4"] = option("auto", "IR era to check against")

    def run(self, module, diag) -> None:
        era = self.era
        if era == "auto":
            try:
                era = aieir.detect_era(module)
            except aieir.EraError as e:
                diag.error(e.op, str(e))
                return
        for v in aieir.check_module(module, era):
            diag.error(v.op, v.message)
