"""One pack file checked field by field: every mistake becomes a Problem with file and field.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from intentlint.ground.errors import Problem
from intentlint.ground.globs import GlobError, Globs
from intentlint.ground.patterns import Pattern, PatternError, compile_pattern
from intentlint.ground.records import KINDS
from intentlint.reading.rulebook import (
    CHECK_KINDS,
    LANGUAGES,
    READINGS,
    CheckDef,
    Component,
    EffectDef,
    Example,
    PackInfo,
    fill_pattern,
)

_PLACEHOLDER = re.compile(r"(?<!\\)\{([A-Za-z_][A-Za-z0-9_]*)\}")


class _Reader:
    """Typed field access that records a Problem instead of raising."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.file, self.problems = file, problems

    def bad(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, message, field=where))

    def text(self, table: dict[str, Any], key: str, where: str, *, required: bool = False,
             default: str | None = None) -> str | None:
        value = table.get(key, default)
        if value is None:
            if required:
                self.bad(f"{where}.{key}", "is required")
            return None
        if not isinstance(value, str):
            self.bad(f"{where}.{key}", "expected a string")
            return None
        return value

    def strings(self, table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
        value = table.get(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.bad(f"{where}.{key}", "expected a list of strings")
            return ()
        return tuple(value)

    def pattern(self, source: str | None, where: str) -> Pattern | None:
        if source is None:
            return None
        for name in _PLACEHOLDER.findall(source):
            if name not in ("value", "items"):
                self.bad(where, f"unknown placeholder {{{name}}}; use {{value}} or {{items}} "
                                "(escape a literal brace as \\{)")
                return None
        try:
            return compile_pattern(fill_pattern(source, "value"))
        except PatternError as exc:
            self.bad(where, f"bad pattern: {exc}")
            return None

    def globs(self, include: tuple[str, ...], exclude: tuple[str, ...], where: str) -> Globs:
        try:
            return Globs(include, exclude)
        except GlobError as exc:
            self.bad(where, f"bad glob: {exc}")
            return Globs()


def parse_pack(data: dict[str, Any], file: str,
               problems: list[Problem]) -> tuple[PackInfo, list[Component], list[EffectDef]]:
    read = _Reader(file, problems)
    for key in data:
        if key not in ("pack", "components", "effects"):
            read.bad(key, "unknown table; expected pack, components or effects")
    head = data.get("pack", {})
    if not isinstance(head, dict):
        read.bad("pack", "expected a table")
        head = {}
    for key in head:
        if key not in ("name", "description", "replaces"):
            read.bad(f"pack.{key}", "unknown key; expected name, description or replaces")
    name = read.text(head, "name", "pack", required=True) or Path(file).stem
    description = read.text(head, "description", "pack") or ""
    components = []
    raw_components = data.get("components", {})
    if not isinstance(raw_components, dict):
        read.bad("components", "expected a table of components")
        raw_components = {}
    for comp_name, body in raw_components.items():
        where = f"components.{comp_name}"
        if not isinstance(body, dict):
            read.bad(where, "expected a table")
            continue
        components.append(Component(comp_name, tuple(k.lower() for k in
                                                     read.strings(body, "keywords", where)),
                                    read.strings(body, "related", where), file))
    effects = []
    raw_effects = data.get("effects", [])
    if not isinstance(raw_effects, list):
        read.bad("effects", "expected an array of tables ([[effects]])")
        raw_effects = []
    for index, body in enumerate(raw_effects):
        effect = _parse_effect(body, f"effects[{index}]", name, read)
        if effect is not None:
            effects.append(effect)
    return PackInfo(name, file, description, len(effects)), components, effects


def _parse_effect(body: Any, where: str, pack: str, read: _Reader) -> EffectDef | None:
    if not isinstance(body, dict):
        read.bad(where, "expected a table")
        return None
    allowed = {"component", "key", "value", "value-group", "recognise", "scoped", "kind",
               "comply", "checks", "reading", "about", "not-about", "examples", "evidence",
               "evidence-paths"}
    for key in body:
        if key not in allowed:
            read.bad(f"{where}.{key}", f"unknown key; expected one of {', '.join(sorted(allowed))}")
    component = read.text(body, "component", where, required=True)
    key = read.text(body, "key", where, required=True)
    value = read.text(body, "value", where)
    group = body.get("value-group")
    if group is not None and (not isinstance(group, int) or isinstance(group, bool) or group < 1):
        read.bad(f"{where}.value-group", "expected a group number (1 or more)")
        group = None
    if (value is None) == (group is None):
        read.bad(where, "give exactly one of value or value-group")
    recognise = tuple(p for i, src in enumerate(read.strings(body, "recognise", where))
                      if (p := read.pattern(src, f"{where}.recognise[{i}]")) is not None)
    if isinstance(group, int) and not isinstance(group, bool):
        for i, pattern in enumerate(recognise):
            groups = getattr(pattern, "groups", group)
            if group > groups:
                read.bad(f"{where}.value-group",
                         f"group {group}, but recognise[{i}] has {groups} group(s); the "
                         "value would never be read")
    kind = read.text(body, "kind", where)
    if kind is not None and kind not in KINDS:
        read.bad(f"{where}.kind", f"expected one of {', '.join(KINDS)}")
    scoped = body.get("scoped", False)
    if not isinstance(scoped, bool):
        read.bad(f"{where}.scoped", "expected true or false")
    comply = read.text(body, "comply", where) or ""
    raw_checks = body.get("checks", [])
    if not isinstance(raw_checks, list):
        read.bad(f"{where}.checks", "expected an array of tables ([[effects.checks]])")
        raw_checks = []
    checks = tuple(c for i, raw in enumerate(raw_checks)
                   if (c := _parse_check(raw, f"{where}.checks[{i}]", f"{key}:{i}", read)))
    default_reading = "rule" if value in ("true", "false") else "value"
    reading = read.text(body, "reading", where, default=default_reading) or default_reading
    if reading not in READINGS:
        read.bad(f"{where}.reading", f"expected one of {', '.join(READINGS)}")
    about = read.pattern(read.text(body, "about", where), f"{where}.about")
    not_about = read.pattern(read.text(body, "not-about", where), f"{where}.not-about")
    examples = _parse_examples(body.get("examples", []), f"{where}.examples", key, read)
    evidence = tuple(p for i, src in enumerate(read.strings(body, "evidence", where))
                     if (p := read.pattern(src, f"{where}.evidence[{i}]")) is not None)
    include = read.strings(body, "evidence-paths", where)
    if include and not evidence:
        read.bad(f"{where}.evidence-paths", "says where to look for evidence, but the effect "
                 "has no `evidence` patterns")
    evidence_paths = read.globs(tuple(g for g in include if not g.startswith("!")),
                                tuple(g[1:] for g in include if g.startswith("!")),
                                f"{where}.evidence-paths")
    if component is None or key is None:
        return None
    return EffectDef(pack, read.file, component, key, value, group, recognise, bool(scoped), kind,
                     comply, checks, reading, about, examples, not_about, evidence,
                     evidence_paths)


def _parse_examples(raw: Any, where: str, key: str | None, read: _Reader) -> tuple[Example, ...]:
    if not isinstance(raw, list):
        read.bad(where, "expected an array of {text, expect} tables")
        return ()
    out = []
    for i, body in enumerate(raw):
        here = f"{where}[{i}]"
        if not isinstance(body, dict) or not isinstance(body.get("text"), str):
            read.bad(here, "expected a table with text and expect")
            continue
        for name in body:
            if name not in ("text", "expect", "scope", "mode"):
                read.bad(f"{here}.{name}", "unknown key; expected text, expect, scope or mode")
        expect = body.get("expect", "")
        said_key, equals, said_value = expect.partition("=") if isinstance(expect, str) \
            else ("", "", "")
        if not isinstance(expect, str) or (expect and (key is None or not equals or
                                                       said_key.strip() != key
                                                       or not said_value.strip())):
            read.bad(f"{here}.expect", f"expected '{key} = <value>', or '' for nothing")
            continue
        mode = body.get("mode", "log")
        if mode not in ("log", "commit"):
            read.bad(f"{here}.mode", "expected log or commit")
            mode = "log"
        scope = body.get("scope")
        out.append(Example(body["text"], expect.strip() or None,
                           scope if isinstance(scope, str) else None, str(mode)))
    return tuple(out)


def _parse_check(body: Any, where: str, name: str, read: _Reader) -> CheckDef | None:
    if not isinstance(body, dict):
        read.bad(where, "expected a table")
        return None
    allowed = {"kind", "pattern", "unless", "trigger", "paths", "exclude", "touch", "near",
               "readded", "message", "name", "tests", "languages"}
    for key in body:
        if key not in allowed:
            read.bad(f"{where}.{key}", f"unknown key; expected one of {', '.join(sorted(allowed))}")
    kind = read.text(body, "kind", where, required=True)
    if kind is not None and kind not in CHECK_KINDS:
        read.bad(f"{where}.kind", f"expected one of {', '.join(CHECK_KINDS)}")
    pattern = read.text(body, "pattern", where)
    trigger = read.text(body, "trigger", where)
    unless = read.text(body, "unless", where)
    for field_name, source in (("pattern", pattern), ("trigger", trigger), ("unless", unless)):
        read.pattern(source, f"{where}.{field_name}")
    touch = read.strings(body, "touch", where)
    if kind in ("forbid-added", "forbid-removed") and pattern is None:
        read.bad(f"{where}.pattern", f"is required for {kind}")
    if kind == "require" and (trigger is None or (pattern is None and not touch)):
        read.bad(where, "require needs a trigger and a pattern or touch globs")
    near = body.get("near", 3)
    if not isinstance(near, int) or isinstance(near, bool) or near < 0:
        read.bad(f"{where}.near", "expected a whole number of lines")
        near = 3
    readded = body.get("readded", False)
    if not isinstance(readded, bool):
        read.bad(f"{where}.readded", "expected true or false")
    message = read.text(body, "message", where, required=True) or ""
    tests = body.get("tests", False)
    if not isinstance(tests, bool):
        read.bad(f"{where}.tests", "expected true or false")
    paths = read.globs(read.strings(body, "paths", where), read.strings(body, "exclude", where),
                       f"{where}.paths")
    touch_globs = read.globs(touch, (), f"{where}.touch") if touch else None
    if kind is None:
        return None
    languages = read.strings(body, "languages", where)
    for language in languages:
        if language not in LANGUAGES:
            read.bad(f"{where}.languages", f"{language!r} is not a language intentlint knows; "
                     f"use {', '.join(sorted(LANGUAGES))}")
    return CheckDef(read.text(body, "name", where) or name, kind, message, pattern, unless,
                    trigger, paths, touch_globs, near, bool(readded), tests is not True,
                    languages)
