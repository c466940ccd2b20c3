"""A decision's own check, written in its log entry or trailer (`forbid: PATTERN in GLOB`)."""

from __future__ import annotations

import re

from intentlint.ground.globs import GlobError, Globs
from intentlint.ground.patterns import PatternError, compile_pattern
from intentlint.reading.rulebook import CheckDef, fill_pattern

INLINE_CHECKS = {"forbid": "forbid-added", "forbid-added": "forbid-added",
                 "forbid-removed": "forbid-removed", "require": "require"}
_QUOTED = re.compile(r"""^\s*(?:'(?P<single>[^']*)'|"(?P<double>[^"]*)"|(?P<bare>\S+))""")


def parse_inline_check(field_name: str, spec: str, name: str, message: str) -> CheckDef:
    """A decision's own check, as written in its log entry or trailer:

        forbid: PATTERN [in GLOB, GLOB...]            an added line must not match
        forbid-removed: PATTERN [in GLOB...]          a removed line must not match
        require: PATTERN near TRIGGER [in GLOB...]    an added TRIGGER line needs PATTERN
                                                      added within 3 lines

    Patterns are quoted ('...' or "...") or one bare word; globs are gitignore-style, with
    `!GLOB` to exclude. Raises ValueError with a message that says what to write."""
    kind = INLINE_CHECKS[field_name]
    pattern, rest = _take_pattern(spec, field_name)
    trigger = None
    if kind == "require":
        head = re.match(r"\s*near\s+", rest)
        if head is None:
            raise ValueError("write `require: 'PATTERN' near 'TRIGGER' in GLOB`")
        trigger, rest = _take_pattern(rest[head.end():], field_name)
    include: list[str] = []
    exclude: list[str] = []
    where = re.match(r"\s*in\s+(?P<globs>.+)$", rest)
    if where is not None:
        for glob in (g.strip() for g in where.group("globs").split(",")):
            if glob:
                (exclude if glob.startswith("!") else include).append(glob.lstrip("!"))
    elif rest.strip():
        raise ValueError(f"unexpected {rest.strip()!r}; write `{field_name}: 'PATTERN' in GLOB`")
    for source in (pattern, trigger):
        if source is not None:
            try:
                compile_pattern(fill_pattern(source, "value"))
            except PatternError as exc:
                raise ValueError(f"bad pattern {source!r}: {exc}") from None
    try:
        globs = Globs(tuple(include), tuple(exclude))
    except GlobError as exc:
        raise ValueError(f"bad glob: {exc}") from None
    if kind == "require":
        return CheckDef(name, kind, message, pattern=pattern, trigger=trigger, paths=globs,
                        near=3)
    return CheckDef(name, kind, message, pattern=pattern, paths=globs)


def _take_pattern(text: str, field_name: str) -> tuple[str, str]:
    match = _QUOTED.match(text)
    if match is None:
        raise ValueError(f"write `{field_name}: 'PATTERN' in GLOB`")
    value = match.group("single") if match.group("single") is not None else \
        match.group("double") if match.group("double") is not None else match.group("bare")
    if not value:
        raise ValueError("the pattern is empty")
    return value, text[match.end():]
