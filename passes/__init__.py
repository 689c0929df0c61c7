"""Pass plugins shipped with aie-trace. Every module here registers its passes on import."""
