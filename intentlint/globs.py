"""gitignore-style path globs (pathspec), compiled once per list."""

from __future__ import annotations

from collections.abc import Iterable

import pathspec


class GlobError(ValueError):
    pass


class Globs:
    """Paths matching any pattern of `include` and none of `exclude`; empty include = all."""

    __slots__ = ("_exclude", "_include", "patterns")

    def __init__(self, include: Iterable[str] = (), exclude: Iterable[str] = ()) -> None:
        include, exclude = list(include), list(exclude)
        self.patterns = (tuple(include), tuple(exclude))
        try:
            self._include = pathspec.GitIgnoreSpec.from_lines(include) if include else None
            self._exclude = pathspec.GitIgnoreSpec.from_lines(exclude) if exclude else None
        except Exception as exc:  # pathspec raises several types for bad patterns
            raise GlobError(str(exc)) from None

    def match(self, path: str) -> bool:
        if self._include is not None and not self._include.match_file(path):
            return False
        return self._exclude is None or not self._exclude.match_file(path)
