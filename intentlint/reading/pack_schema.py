"""One pack file checked against the published pack schema, then read into records.

The shape of a pack — its tables, keys, types and choices — is `intentlint/schema/
pack.schema.json`, the file editors and CI validate packs with; `ground.schema` walks it
and words every departure with file and field. What the schema cannot say well is checked
here: patterns must compile (RE2), placeholders must be known, a value group must exist,
each check kind has what it needs, and an example names its effect's key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeGuard

from intentlint.ground.errors import Problem
from intentlint.ground.globs import GlobError, Globs, check_glob
from intentlint.ground.patterns import Pattern, PatternError, compile_pattern
from intentlint.ground.schema import Schema, validate
from intentlint.reading.pack_patterns import REFERENCE, RESERVED, expand
from intentlint.reading.rulebook import (
    LANGUAGES,
    CheckDef,
    Component,
    EffectDef,
    Environment,
    Example,
    Lexicon,
    PackInfo,
    fill_pattern,
)

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "pack.schema.json"


@lru_cache(maxsize=1)
def pack_schema() -> Schema:
    data: Schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return data


class _Compiled:
    """The schema's `regex` and `glob` formats, remembering what compiled so that reading
    the pack after validating it compiles nothing twice."""

    def __init__(self) -> None:
        self.patterns: dict[str, Pattern] = {}

    def regex(self, source: str) -> str | None:
        for name in REFERENCE.findall(source):
            if name not in RESERVED:  # a name [patterns] uses inside itself
                return (f"unknown placeholder {{{name}}}; use {{value}} or {{items}} (a named "
                        "pattern cannot use another; escape a literal brace as \\{)")
        try:
            self.patterns[source] = compile_pattern(fill_pattern(source, "value"))
        except PatternError as exc:
            return f"bad pattern: {exc}"
        return None

    @staticmethod
    def glob(source: str) -> str | None:
        try:
            check_glob(source)
        except GlobError as exc:
            return f"bad glob: {exc}"
        return None


def parse_pack(data: dict[str, Any], file: str, problems: list[Problem],
               shared: Mapping[str, Mapping[str, Any]] | None = None,
               ) -> tuple[PackInfo, list[Component], list[EffectDef]]:
    """The pack's records; every problem found is added to `problems` (the records keep
    what could be read, so that one run reports every mistake). `shared` is every loaded
    pack's `[patterns]` by pack name, for `{pack.name}`."""
    data, misnamed = expand(data, shared or {})
    problems.extend(Problem(file, message, field=where) for where, message in misnamed)
    compiled = _Compiled()
    problems.extend(Problem(file, message, field=where or None) for where, message in
                    validate(data, pack_schema(), {"regex": compiled.regex,
                                                   "glob": compiled.glob}))
    read = _Reader(file, problems, compiled.patterns)
    head = _table(data.get("pack"))
    name = _text(head.get("name")) or Path(file).stem
    components = [Component(comp_name, tuple(k.lower() for k in _strings(body.get("keywords"))),
                            _strings(body.get("related")), file,
                            read.pattern(body.get("not-about")))
                  for comp_name, body in _table(data.get("components")).items()
                  if isinstance(body, dict)]
    effects = [effect for index, body in enumerate(_list(data.get("effects")))
               if (effect := read.effect(body, f"effects[{index}]", name)) is not None]
    return (PackInfo(name, file, _text(head.get("description")) or "", len(effects),
                     _lexicon(_table(data.get("vocabulary")))),
            components, effects)


class _Reader:
    """Records from a validated pack: what the schema reported is skipped quietly here; the
    rules across fields are checked, each reported once."""

    def __init__(self, file: str, problems: list[Problem],
                 patterns: dict[str, Pattern]) -> None:
        self.file, self.problems, self.patterns = file, problems, patterns

    def bad(self, where: str, message: str) -> None:
        self.problems.append(Problem(self.file, message, field=where))

    def pattern(self, source: Any) -> Pattern | None:
        return self.patterns.get(source) if isinstance(source, str) else None

    def effect(self, body: Any, where: str, pack: str) -> EffectDef | None:
        if not isinstance(body, dict):
            return None
        value, raw_group = _text(body.get("value")), body.get("value-group")
        group = raw_group if _whole(raw_group) and raw_group >= 1 else None
        if ("value" in body) == ("value-group" in body):
            self.bad(where, "give exactly one of value or value-group")
        recognise = tuple(p for src in _strings(body.get("recognise"))
                          if (p := self.pattern(src)) is not None)
        for i, pattern in enumerate(recognise):
            groups = getattr(pattern, "groups", group or 0)
            if group is not None and group > groups:
                self.bad(f"{where}.value-group", f"group {group}, but recognise[{i}] has "
                         f"{groups} group(s); the value would never be read")
        component, key = _text(body.get("component")), _text(body.get("key"))
        checks = tuple(c for i, raw in enumerate(_list(body.get("checks")))
                       if (c := self.check(raw, f"{where}.checks[{i}]", f"{key}:{i}")))
        examples = self.examples(_list(body.get("examples")), f"{where}.examples", key)
        evidence = tuple(p for src in _strings(body.get("evidence"))
                         if (p := self.pattern(src)) is not None)
        where_to_look = _strings(body.get("evidence-paths"))
        if where_to_look and not evidence:
            self.bad(f"{where}.evidence-paths", "says where to look for evidence, but the "
                     "effect has no `evidence` patterns")
        if component is None or key is None:
            return None
        default_reading = "rule" if value in ("true", "false") else "value"
        return EffectDef(pack, self.file, component, key, value, group, recognise,
                         body.get("scoped") is True, _text(body.get("kind")),
                         _text(body.get("comply")) or "", checks,
                         _text(body.get("reading")) or default_reading,
                         self.pattern(body.get("about")), examples,
                         self.pattern(body.get("not-about")), evidence,
                         _globs(tuple(g for g in where_to_look if not g.startswith("!")),
                                tuple(g[1:] for g in where_to_look if g.startswith("!"))))

    def check(self, body: Any, where: str, name: str) -> CheckDef | None:
        if not isinstance(body, dict):
            return None
        kind = _text(body.get("kind"))
        pattern, trigger = _text(body.get("pattern")), _text(body.get("trigger"))
        touch = _strings(body.get("touch"))
        if kind in ("forbid-added", "forbid-removed") and pattern is None:
            self.bad(f"{where}.pattern", f"is required for {kind}")
        if kind == "require" and (trigger is None or (pattern is None and not touch)):
            self.bad(where, "require needs a trigger and a pattern or touch globs")
        if kind is None:
            return None
        near = body.get("near", 3)
        # (the schema lets an item name a list, for editors; what it names is checked here)
        languages = _strings(body.get("languages"))
        for language in languages:
            if language not in LANGUAGES:
                self.bad(f"{where}.languages", f"{language!r} is not a language intentlint "
                                               f"knows; use {', '.join(sorted(LANGUAGES))}")
        globs = _globs(_strings(body.get("paths")), _strings(body.get("exclude")))
        return CheckDef(_text(body.get("name")) or name, kind, _text(body.get("message")) or "",
                        pattern, _text(body.get("unless")), trigger, globs,
                        _globs(touch, ()) if touch else None,
                        near if _whole(near) and near >= 0 else 3,
                        body.get("readded") is True, body.get("tests") is not True,
                        languages, _text(body.get("fallback")),
                        _text(body.get("text-names")), _text(body.get("unless-file")))

    def examples(self, raw: list[Any], where: str, key: str | None) -> tuple[Example, ...]:
        out = []
        for i, body in enumerate(raw):
            if not isinstance(body, dict) or not isinstance(body.get("text"), str):
                continue
            expect = body.get("expect", "")
            said_key, equals, said_value = expect.partition("=") if isinstance(expect, str) \
                else ("", "", "")
            if not isinstance(expect, str) or (expect and (key is None or not equals or
                                                           said_key.strip() != key
                                                           or not said_value.strip())):
                self.bad(f"{where}[{i}].expect", f"expected '{key} = <value>', or '' for nothing")
                continue
            mode = body.get("mode") if body.get("mode") in ("log", "commit") else "log"
            out.append(Example(body["text"], expect.strip() or None,
                               _text(body.get("scope")), str(mode)))
        return tuple(out)


def _lexicon(words: dict[str, Any]) -> Lexicon:
    environments = tuple(Environment(name, _strings(_table(body).get("words")),
                                     _strings(_table(body).get("phrases")))
                         for name, body in _table(words.get("environments")).items())
    return Lexicon(_strings(words.get("parts")), _strings(words.get("features")),
                   _strings(words.get("instances")), _strings(words.get("hosts")),
                   _strings(words.get("rule-parts")), environments)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _strings(value: Any) -> tuple[str, ...]:
    """A list of strings (one string is a list of one); what is not a string is skipped."""
    if isinstance(value, str):
        return (value,)
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _table(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _globs(include: tuple[str, ...], exclude: tuple[str, ...]) -> Globs:
    try:
        return Globs(include, exclude)
    except GlobError:
        return Globs()  # reported by the schema's glob format
