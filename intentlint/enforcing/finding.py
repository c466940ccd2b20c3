"""A finding: one changed line that breaks (or a waiver that mishandles) a decision."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    path: str
    line: int
    severity: str  # "error" or "warning"
    decision_id: str | None  # None for findings about waivers themselves
    check: str
    message: str
    snippet: str
    removed: bool = False
    commit: str | None = None
    also: tuple[str, ...] = ()  # restatements of the same decision enforcing the same check
    against: str = ""  # for a merge commit: the parent (or resolution) the line is judged against
    fallback: bool = False  # the line only sets a default for a setting left unset
