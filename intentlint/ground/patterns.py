"""Regular expressions from packs, compiled with RE2 so matching time is linear in the input.

Python's `re` backtracks: `(a+)+$` against a long line of `a`s never returns, and a pack in
a repository is written by whoever last touched that repository. RE2 has no backtracking;
the price is no look-around and no back-references, which packs express with `unless`.
"""

from __future__ import annotations

from typing import Any, Protocol

import re2

from intentlint.ground.bounds import MAX_PACK_LINE as MAX_LINE

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False
_OPTIONS.case_sensitive = False
_CASE_OPTIONS = re2.Options()
_CASE_OPTIONS.log_errors = False


class Pattern(Protocol):
    pattern: str

    def search(self, text: str) -> Any: ...

    def finditer(self, text: str) -> Any: ...


class PatternError(ValueError):
    pass


def compile_pattern(source: str, *, case_sensitive: bool = False) -> Pattern:
    """Compile `source` with RE2; raise PatternError with RE2's reason on bad syntax."""
    try:
        compiled: Pattern = re2.compile(source, _CASE_OPTIONS if case_sensitive else _OPTIONS)
    except Exception as exc:  # re2 raises its own error type, and TypeError on odd input
        reason = exc.args[0] if exc.args else exc
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise PatternError(str(reason)) from None
    return compiled


class PatternSet:
    """Many patterns matched in one RE2 pass: which of them occur in a text.

    Recognition tries every pack's patterns on every candidate sentence; one pass over the
    set replaces dozens of separate calls (RE2's Python binding costs microseconds a call).
    """

    def __init__(self, sources: list[str]) -> None:
        self._sources = sources
        self._set: Any = None  # compiled on first use: a warm hook never reads prose
        self.size = len(sources)

    def matching(self, text: str) -> list[int]:
        if not self.size:
            return []
        if self._set is None:
            compiled = re2.Set.SearchSet(_OPTIONS)
            for source in self._sources:
                compiled.Add(source)
            compiled.Compile()
            self._set = compiled
        found: list[int] | None = self._set.Match(text[:MAX_LINE] if len(text) > MAX_LINE
                                                  else text)
        return found or []


def search(pattern: Pattern, line: str) -> Any:
    return pattern.search(line[:MAX_LINE] if len(line) > MAX_LINE else line)
