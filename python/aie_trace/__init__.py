"""aie-trace: trace-buffer passes, host runtime and decoder for mlir-aie runtime sequences."""

__version__ = "0.1.0"
