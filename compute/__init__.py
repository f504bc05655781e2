"""compute: the 易冒 chart engine (standard library only)."""
