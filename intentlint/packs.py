"""Rule packs: TOML data that says how decisions are recognised and what changes break them.

Packs are data, never code. Every problem in every pack is collected, with file and field,
before anything is reported (import-linter's contract errors are the model).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from intentlint.errors import ConfigError, Problem
from intentlint.globs import GlobError, Globs
from intentlint.patterns import Pattern, PatternError, PatternSet, compile_pattern
from intentlint.records import KINDS
from intentlint.tomlfile import TOMLDecodeError, loads

CHECK_KINDS = ("forbid-added", "forbid-removed", "require")
# Tests are not production code: a pack's checks skip them unless the check says
# `tests = true` (a `touch` glob that asks for a test is not affected).
TEST_PATHS = ("test/**", "tests/**", "spec/**", "**/test/**", "**/tests/**", "**/spec/**",
              "**/__tests__/**", "Tests/**", "**/Tests/**", "*_test.go", "test_*.py",
              "*_test.py", "conftest.py", "*.spec.ts", "*.spec.js", "*.spec.tsx", "*.spec.jsx",
              "*.test.ts", "*.test.js", "*.test.tsx", "*.test.jsx", "*Test.java", "*Test.kt",
              "*Tests.cs", "*_spec.rb", "*_test.rb")
TEST_GLOBS = Globs(TEST_PATHS)
# What a check's `languages` may name: by file suffix, or by file name for the rest.
LANGUAGES = {
    "python": (".py", ".pyi"), "javascript": (".js", ".jsx", ".mjs", ".cjs"),
    "typescript": (".ts", ".tsx", ".mts", ".cts"), "go": (".go",), "ruby": (".rb",),
    "java": (".java",), "kotlin": (".kt", ".kts"), "csharp": (".cs",), "php": (".php",),
    "yaml": (".yml", ".yaml"), "toml": (".toml",), "json": (".json",),
    "ini": (".ini", ".cfg", ".conf"), "shell": (".sh", ".bash"), "css": (".css", ".scss"),
    "html": (".html", ".htm"), "vue": (".vue",), "svelte": (".svelte",),
    "env": (), "requirements": (), "dockerfile": (), "makefile": (),
    "jenkinsfile": (),
}
_BY_NAME = (("docker-compose", "yaml"), ("dockerfile", "dockerfile"), ("makefile", "makefile"),
            ("jenkinsfile", "jenkinsfile"), (".env", "env"))


def language_of(path: str) -> str:
    """A file's language for `languages`, by name first, then by suffix; "" when unknown."""
    name = path.rsplit("/", 1)[-1].lower()
    for prefix, language in _BY_NAME:
        if name.startswith(prefix):
            return language
    if name.startswith("requirements") and name.endswith(".txt"):
        return "requirements"
    suffix = "." + name.rsplit(".", 1)[-1] if "." in name else ""
    return next((lang for lang, suffixes in LANGUAGES.items() if suffix in suffixes), "")
_PLACEHOLDER = re.compile(r"(?<!\\)\{([A-Za-z_][A-Za-z0-9_]*)\}")
READINGS = ("value", "rule")


@dataclass(frozen=True, slots=True)
class CheckDef:
    name: str
    kind: str
    message: str
    pattern: str | None = None  # forbid-*: the offending line; require: the line required
    unless: str | None = None
    trigger: str | None = None  # require: an added line that creates the obligation
    paths: Globs = field(default_factory=Globs)
    touch: Globs | None = None  # require: a file the change must also touch
    near: int = 0
    readded: bool = False  # forbid-removed: fine when group 1 comes back in an added line
    skip_tests: bool = False  # a pack's checks leave test folders and files alone
    languages: tuple[str, ...] = ()  # the languages its patterns understand; () = any file

    def applies_to(self, path: str) -> bool:
        return (self.paths.match(path) and not (self.skip_tests and TEST_GLOBS.match(path))
                and (not self.languages or language_of(path) in self.languages))


@dataclass(frozen=True, slots=True)
class Example:
    """A sentence a pack promises to read a certain way: `expect` is `key = value`, or None
    for a sentence that must set nothing on this effect's key."""

    text: str
    expect: str | None
    scope: str | None = None
    mode: str = "log"


@dataclass(frozen=True, slots=True)
class EffectDef:
    pack: str
    file: str
    component: str
    key: str
    value: str | None
    value_group: int | None
    recognise: tuple[Pattern, ...]
    scoped: bool
    kind: str | None
    comply: str
    checks: tuple[CheckDef, ...]
    reading: str = "value"  # "value": a pattern names a value; "rule": it names the rule itself
    about: Pattern | None = None  # the sentence must also mention this (a theme, an API)
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True, slots=True)
class Component:
    name: str
    keywords: tuple[str, ...]
    related: tuple[str, ...]
    file: str


@dataclass(frozen=True, slots=True)
class PackInfo:
    name: str
    file: str
    description: str
    effects: int


@dataclass(frozen=True, slots=True)
class Rulebook:
    packs: tuple[PackInfo, ...]
    components: dict[str, Component]
    effects: tuple[EffectDef, ...]
    fingerprint: str  # a hash of every pack file read, for the mining cache key
    recognisers: PatternSet  # every `recognise` pattern, for one-pass matching
    recogniser_owner: tuple[tuple[int, int], ...]  # set index -> (effect, pattern) index

    def effects_for(self, key: str, value: str) -> tuple[EffectDef, ...]:
        """Effect definitions whose checks apply to `key = value` (exact value or templated)."""
        exact = tuple(e for e in self.effects if e.key == key and e.value == value)
        if exact:
            return exact
        return tuple(e for e in self.effects if e.key == key and e.value_group is not None)

    def known_keys(self) -> set[str]:
        return {e.key for e in self.effects}


def bundled_rules_dir() -> Path:
    """The packs shipped in the wheel, or the repository's `rules/` in a source checkout."""
    here = Path(__file__).resolve().parent
    installed = here / "_data" / "rules"
    return installed if installed.is_dir() else here.parent / "rules"


def load_rulebook(dirs: list[Path], root: Path | None = None, bundled: int = 0,
                  additions: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
                  ) -> Rulebook:
    """Every pack in `dirs` (the first `bundled` of them are intentlint's own).

    A repository pack with a bundled pack's name is an error unless it says `replaces =
    "<name>"`; `additions` (the configuration's `[packs.<name>]`) add paths to, or exclude
    paths from, every check of a pack without copying it."""
    problems: list[Problem] = []
    loaded: list[tuple[PackInfo, list[Component], list[EffectDef], bool, str | None]] = []
    digest = hashlib.sha256()
    for index, shown, raw in pack_files(dirs, root):
        digest.update(shown.encode() + b"\0" + raw + b"\0")
        try:
            data = loads(raw.decode("utf-8"))
        except (TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(Problem(shown, f"not valid TOML: {exc}"))
            continue
        info, comps, effs = parse_pack(data, shown, problems)
        head = data.get("pack", {})
        replaces = head.get("replaces") if isinstance(head, dict) else None
        if replaces is not None and not isinstance(replaces, str):
            problems.append(Problem(shown, "expected a pack name", field="pack.replaces"))
            replaces = None
        loaded.append((info, comps, effs, index < bundled, replaces))
    kept = _resolve_names(loaded, problems)
    packs = [info for info, *_ in kept]
    components: dict[str, Component] = {}
    effects: list[EffectDef] = []
    for info, comps, effs, *_ in kept:
        components.update((c.name, c) for c in comps)
        effects.extend(_with_paths(e, (additions or {}).get(info.name)) for e in effs)
    names = {info.name for info in packs}
    for name in additions or {}:
        if name not in names:
            problems.append(Problem("configuration", f"no pack is named {name!r} (packs: "
                                    f"{', '.join(sorted(names))})", field=f"packs.{name}"))
    for effect in effects:
        if effect.component not in components:
            problems.append(Problem(effect.file, f"component {effect.component!r} is not defined"
                                    " by any pack", field=f"effects.{effect.key}.component"))
    if problems:
        raise ConfigError(problems)
    owners = tuple((e, p) for e, effect in enumerate(effects)
                   for p in range(len(effect.recognise)))
    recognisers = PatternSet([effects[e].recognise[p].pattern for e, p in owners])
    return Rulebook(tuple(packs), components, tuple(effects), digest.hexdigest(), recognisers,
                    owners)


def pack_files(dirs: list[Path], root: Path | None) -> Iterator[tuple[int, str, bytes]]:
    """Every pack file of `dirs` in load order: (directory index, name shown, content)."""
    for index, directory in enumerate(dirs):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                yield index, _shown(path, root), path.read_bytes()


def rules_fingerprint(dirs: list[Path], root: Path | None = None) -> str:
    """What `load_rulebook(dirs, root).fingerprint` will be, without parsing a pack: the
    hook's cache is keyed by it, and a warm hook never needs the packs themselves."""
    digest = hashlib.sha256()
    for _, shown, raw in pack_files(dirs, root):
        digest.update(shown.encode() + b"\0" + raw + b"\0")
    return digest.hexdigest()


def _resolve_names(loaded: list[tuple[PackInfo, list[Component], list[EffectDef], bool,
                                     str | None]],
                   problems: list[Problem]) -> list[tuple[PackInfo, list[Component],
                                                           list[EffectDef], bool, str | None]]:
    """Two packs with one name are an error, never an accident of naming: a repository pack
    takes a bundled pack's place only when it says `replaces = "<name>"`."""
    replaced = {r for _, _, _, bundled, r in loaded if r and not bundled}
    seen: dict[str, str] = {}
    kept = []
    for entry in loaded:
        info, _, _, bundled, replaces = entry
        if bundled and info.name in replaced:
            continue
        if replaces and replaces not in {i.name for i, *_ in loaded if i is not info}:
            problems.append(Problem(info.file, f"there is no pack named {replaces!r} to replace",
                                    field="pack.replaces"))
        if info.name in seen:
            what = "a bundled pack" if seen[info.name] == "bundled" else seen[info.name]
            problems.append(Problem(info.file, f"pack name {info.name!r} is taken by {what}; "
                                    f"rename it, or write replaces = {info.name!r} under [pack] "
                                    f"to use it instead (or add paths with [packs.{info.name}] "
                                    "in the configuration)", field="pack.name"))
            continue
        seen[info.name] = "bundled" if bundled else info.file
        kept.append(entry)
    return kept


def _with_paths(effect: EffectDef,
                added: tuple[tuple[str, ...], tuple[str, ...]] | None) -> EffectDef:
    if not added:
        return effect
    paths, exclude = added
    checks = []
    for check in effect.checks:
        include, excluded = check.paths.patterns
        # An empty include list means every file: adding paths must not narrow it.
        globs = Globs(include + paths if include else (), excluded + exclude)
        checks.append(replace(check, paths=globs))
    return replace(effect, checks=tuple(checks))


def _shown(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()


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


def fill_pattern(source: str, value: str) -> str:
    """Put a decision's value into a check pattern: {value} literally, {items} as alternatives."""
    items = [i.strip() for i in re.split(r",|\band\b|;", value) if i.strip()]
    alternatives = "|".join(re.escape(i) for i in items) or re.escape(value)
    return source.replace("{value}", re.escape(value)).replace("{items}", f"(?:{alternatives})")


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
               "comply", "checks", "reading", "about", "examples"}
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
    examples = _parse_examples(body.get("examples", []), f"{where}.examples", key, read)
    if component is None or key is None:
        return None
    return EffectDef(pack, read.file, component, key, value, group, recognise, bool(scoped), kind,
                     comply, checks, reading, about, examples)


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
