"""Findings of chapters 1–12 (filled in below)."""
