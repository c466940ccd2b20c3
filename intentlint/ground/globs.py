"""gitignore-style path globs, translated to one regular expression per list.

pathspec implements the same rules and is what the tests compare against (a property test
checks the two agree); it is not imported here because its import alone costs ~11 ms, paid
on every commit by the hook (README, "Speed").
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class GlobError(ValueError):
    pass


def _translate(pattern: str) -> tuple[str, bool, bool] | None:
    """One gitignore pattern as a regex over a repository-relative path, whether it negates,
    and whether it matches directories only. None for blank lines and comments."""
    negate = pattern.startswith("!")
    if negate:
        pattern = pattern[1:]
    pattern = pattern.rstrip(" ") if not pattern.endswith("\\ ") else pattern
    if not pattern or pattern.startswith("#"):
        return None
    if pattern.startswith("\\") and pattern[1:2] in ("#", "!"):
        pattern = pattern[1:]
    anchored = "/" in pattern.rstrip("/")
    pattern = pattern.lstrip("/") if anchored else pattern
    directory_only = pattern.endswith("/")
    pattern = pattern.rstrip("/")
    if not pattern:
        raise GlobError("a pattern of slashes only matches nothing")
    parts = pattern.split("/")
    out = [] if anchored or parts[0] == "**" else ["(?:.*/)?"]
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if part == "**":
            out.append(".*" if last else "(?:.*/)?")
            continue
        out.append(_segment(part))
        if not last:
            out.append("/")
    return "".join(out), negate, directory_only


def _segment(part: str) -> str:
    out, i = [], 0
    while i < len(part):
        ch = part[i]
        if ch == "*":
            while i + 1 < len(part) and part[i + 1] == "*":
                i += 1
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            end = part.find("]", i + 2 if part[i + 1:i + 2] in ("!", "^", "]") else i + 1)
            if end < 0:
                raise GlobError(f"{part!r}: '[' is never closed; write \\[ for a bracket")
            else:
                inner = part[i + 1:end]
                if inner[:1] in ("!", "^"):
                    inner = "^" + inner[1:]
                out.append("[" + inner.replace("\\", "\\\\") + "]")
                i = end
        elif ch == "\\" and i + 1 < len(part):
            i += 1
            out.append(re.escape(part[i]))
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)


_Compiled = list[tuple[re.Pattern[str], bool, bool]]


def _compile(patterns: Iterable[str]) -> _Compiled | None:
    compiled = [c for pattern in patterns if (c := _compile_one(pattern)) is not None]
    return compiled or None


_COMPILED: dict[str, tuple[re.Pattern[str], bool, bool] | None] = {}


def _compile_one(pattern: str) -> tuple[re.Pattern[str], bool, bool] | None:
    """One glob, compiled once per process: the packs' checks share most of their globs."""
    if pattern not in _COMPILED:
        translated = _translate(pattern)
        if translated is None:
            _COMPILED[pattern] = None
        else:
            regex, negate, directory_only = translated
            try:
                _COMPILED[pattern] = (re.compile(f"^{regex}$", re.DOTALL), negate,
                                      directory_only)
            except re.error as exc:
                raise GlobError(f"{pattern!r}: {exc}") from None
    return _COMPILED[pattern]


def check_glob(pattern: str) -> None:
    """Raise GlobError when `pattern` is not a glob; what compiles is kept for Globs."""
    _compile_one(pattern)


def _last_match(compiled: _Compiled, path: str, is_directory: bool) -> bool:
    result = False
    for regex, negate, directory_only in compiled:
        if (is_directory or not directory_only) and regex.match(path):
            result = not negate
    return result


def _matches(compiled: _Compiled, path: str) -> bool:
    """git's rule: a path under a matched directory matches, and no later pattern can take
    it back; otherwise the last pattern matching the path itself decides."""
    start = 0
    while (slash := path.find("/", start)) > 0:
        if _last_match(compiled, path[:slash], True):
            return True
        start = slash + 1
    return _last_match(compiled, path, False)


_UNIONS: dict[tuple[str, ...], re.Pattern[str] | None] = {}


def _union(regexes: list[re.Pattern[str]]) -> re.Pattern[str] | None:
    """One regex that matches what any of `regexes` (each `^...$`) matches."""
    key = tuple(r.pattern for r in regexes)
    if key not in _UNIONS:
        _UNIONS[key] = re.compile("^(?:" + "|".join(f"(?:{p[1:-1]})" for p in key) + ")$",
                                  re.DOTALL) if key else None
    return _UNIONS[key]


class _List:
    """One list of patterns, compiled. Without a `!` in it, the last matching pattern is
    simply any matching pattern, so one union regex per path prefix does what one regex per
    pattern did (the hook tries every check's paths and the test globs on every file)."""

    __slots__ = ("compiled", "directories", "files")

    def __init__(self, compiled: _Compiled) -> None:
        self.compiled = compiled
        plain = not any(negate for _, negate, _ in compiled)
        self.directories = _union([r for r, _, _ in compiled]) if plain else None
        self.files = _union([r for r, _, only_dirs in compiled if not only_dirs]) \
            if plain else None

    def matches(self, path: str) -> bool:
        if self.directories is None:
            return _matches(self.compiled, path)
        start = 0
        while (slash := path.find("/", start)) > 0:
            if self.directories.match(path, 0, slash):
                return True
            start = slash + 1
        return self.files is not None and self.files.match(path) is not None


class Globs:
    """Paths matching any pattern of `include` and none of `exclude`; empty include = all.

    Within one list the last matching pattern decides, and `!pattern` re-includes, as in a
    .gitignore file.
    """

    __slots__ = ("_compiled", "_lists", "patterns")

    def __init__(self, include: Iterable[str] = (), exclude: Iterable[str] = ()) -> None:
        include, exclude = list(include), list(exclude)
        self.patterns = (tuple(include), tuple(exclude))
        self._compiled = _compile(include), _compile(exclude)  # each pattern checked now
        self._lists: tuple[_List | None, _List | None] | None = None

    def match(self, path: str) -> bool:
        lists = self._lists
        if lists is None:
            # The union regexes, built on first use: a command that never matches a path
            # against a pack's globs (a cold `decisions` of a history with no records)
            # skips them.
            included, excluded = self._compiled
            lists = self._lists = (_List(included) if included else None,
                                   _List(excluded) if excluded else None)
        include, exclude = lists
        if include is not None and not include.matches(path):
            return False
        return exclude is None or not exclude.matches(path)
