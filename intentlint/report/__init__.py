"""Renderers: plain data in, a string out, so tests compare text (pre-commit's habit)."""
