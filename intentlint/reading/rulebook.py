"""What a rule pack says, as data: effects, how they are recognised, and their checks.

The types every stage after reading shares (checks run them, the hook's plan stores them),
apart from how packs are found (packs.py) and validated (pack_schema.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from intentlint.ground.globs import Globs
from intentlint.ground.patterns import Pattern, PatternSet

CHECK_KINDS = ("forbid-added", "forbid-removed", "require")
# Tests are not production code: a pack's checks skip them unless the check says
# `tests = true` (a `touch` glob that asks for a test is not affected).
TEST_PATHS = ("test/**", "tests/**", "spec/**", "**/test/**", "**/tests/**", "**/spec/**",
              "**/__tests__/**", "Tests/**", "**/Tests/**", "*_test.go", "test_*.py",
              "*_test.py", "conftest.py", "*.spec.ts", "*.spec.js", "*.spec.tsx", "*.spec.jsx",
              "*.test.ts", "*.test.js", "*.test.tsx", "*.test.jsx", "*Test.java", "*Test.kt",
              "*Tests.cs", "*_spec.rb", "*_test.rb")
TEST_GLOBS = Globs(TEST_PATHS)
# Continuous integration configuration: a commit that changes only these (and tests) is
# working on CI, and what its message decides is decided for CI.
CI_PATHS = (".github/workflows/**", ".github/actions/**", ".gitlab-ci.yml", ".gitlab/ci/**",
            ".circleci/**", ".travis.yml", "Jenkinsfile", "**/Jenkinsfile", "Jenkinsfile.*",
            "azure-pipelines.yml", ".azure-pipelines/**", ".buildkite/**", ".drone.yml",
            "bitbucket-pipelines.yml", "appveyor.yml", ".appveyor.yml", ".woodpecker.yml",
            ".woodpecker/**")
CI_GLOBS = Globs(CI_PATHS)
# What a check's `languages` may name: by file suffix, or by file name for the rest.
LANGUAGES = {
    "python": (".py", ".pyi"), "javascript": (".js", ".jsx", ".mjs", ".cjs"),
    "typescript": (".ts", ".tsx", ".mts", ".cts"), "go": (".go",), "ruby": (".rb",),
    "java": (".java",), "kotlin": (".kt", ".kts"), "csharp": (".cs",), "php": (".php",),
    "yaml": (".yml", ".yaml"), "toml": (".toml",), "json": (".json",),
    "ini": (".ini", ".cfg", ".conf"), "shell": (".sh", ".bash"), "css": (".css", ".scss"),
    "html": (".html", ".htm"), "vue": (".vue",), "svelte": (".svelte",),
    "env": (), "requirements": (), "dockerfile": (), "makefile": (),
    "jenkinsfile": (), "xml": (".xml",), "gradle": (".gradle",),
    "properties": (".properties",), "scala": (".scala",), "rust": (".rs",),
    "dart": (".dart",), "perl": (".pl", ".pm"),
    "terraform": (".tf", ".tfvars"), "prisma": (".prisma",),
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

READINGS = ("value", "rule", "safeguard")


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
    # forbid-added: a matching line that also matches this is a default for a setting left
    # unset (a development fallback), and warns rather than blocks
    fallback: str | None = None
    # for a decision read from prose: in force only where its title or text also says this
    # (a ban on JWTs where a decision for OAuth2 moves away from something or names JWTs)
    text_names: str | None = None
    # a matching line is fine when the file's added text also matches this anywhere (a JWT
    # library in a file that validates an OAuth2 provider's tokens)
    unless_file: str | None = None

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
    # "value": a pattern names a value; "rule": it names the rule itself; "safeguard": it
    # names what the rule requires ("rate limiting"), which "no" right before it rules out
    reading: str = "value"
    about: Pattern | None = None  # the sentence must also mention this (a theme, an API)
    examples: tuple[Example, ...] = ()
    not_about: Pattern | None = None  # a sentence that mentions this is about something else
    # What in the code shows this value is in use (a driver, a URL scheme), and where to look:
    # the evidence a decision read from prose is held against (enforcing/evidence.py).
    evidence: tuple[Pattern, ...] = ()
    evidence_paths: Globs = field(default_factory=Globs)

    @property
    def names_rule(self) -> bool:
        """A mention names the rule itself (a `rule` or a `safeguard`), not a value."""
        return self.reading != "value"


@dataclass(frozen=True, slots=True)
class Component:
    name: str
    keywords: tuple[str, ...]
    related: tuple[str, ...]
    file: str
    not_about: Pattern | None = None  # no effect of the component is read from such a clause


class Environment(NamedTuple):
    """An environment a team names without configuring it as a scope ("for the tests")."""

    name: str
    words: tuple[str, ...]  # after in/on/for/under/during/inside (the), or opening a clause
    phrases: tuple[str, ...] = ()  # anywhere in a clause: "the test database"


class Lexicon(NamedTuple):
    """The words the loaded packs give the grammar (`[vocabulary]`), pooled in load order:
    like component keywords, a pack's words read every mention, not only its own.
    (NamedTuples: the hook imports this module on every commit, and a dataclass takes ~0.4
    ms to create, a NamedTuple ~0.05 ms.)"""

    parts: tuple[str, ...] = ()  # after a term: a thing of it ("SQLite fixtures")
    features: tuple[str, ...] = ()  # after a term: a feature of it ("Postgres advisory locks")
    instances: tuple[str, ...] = ()  # one running instance ("the Postgres replica")
    hosts: tuple[str, ...] = ()  # things described by what they run ("databases running X")
    rule_parts: tuple[str, ...] = ()  # after a rule's term: a thing of it ("the e2e image")
    environments: tuple[Environment, ...] = ()

    @classmethod
    def pooled(cls, lexicons: Iterable[Lexicon]) -> Lexicon:
        every = list(lexicons)

        def words(name: str) -> tuple[str, ...]:
            return tuple(dict.fromkeys(w for lex in every for w in getattr(lex, name)))

        names = list(dict.fromkeys(e.name for lex in every for e in lex.environments))
        environments = tuple(Environment(
            name, tuple(dict.fromkeys(w for lex in every for e in lex.environments
                                      if e.name == name for w in e.words)),
            tuple(dict.fromkeys(w for lex in every for e in lex.environments
                                if e.name == name for w in e.phrases))) for name in names)
        return cls(words("parts"), words("features"), words("instances"), words("hosts"),
                   words("rule_parts"), environments)


@dataclass(frozen=True, slots=True)
class PackInfo:
    name: str
    file: str
    description: str
    effects: int
    lexicon: Lexicon = field(default_factory=Lexicon)  # the words it gives the reader


@dataclass(frozen=True, slots=True)
class Rulebook:
    packs: tuple[PackInfo, ...]
    components: dict[str, Component]
    effects: tuple[EffectDef, ...]
    fingerprint: str  # a hash of every pack file read, for the mining cache key
    # The packs' words pooled (`cues.of` puts them in the grammar): a rulebook rebuilt from
    # the hook's plan reads no prose and has none.
    lexicon: Lexicon = field(default_factory=Lexicon)
    # Every `recognise` pattern, for one-pass matching (compiled on first use), and which
    # (effect, pattern) each entry of the set is.
    recognisers: PatternSet = field(init=False, repr=False, compare=False)
    recogniser_owner: tuple[tuple[int, int], ...] = field(init=False, repr=False,
                                                          compare=False)

    def __post_init__(self) -> None:
        owners = tuple((e, p) for e, effect in enumerate(self.effects)
                       for p in range(len(effect.recognise)))
        object.__setattr__(self, "recogniser_owner", owners)
        object.__setattr__(self, "recognisers", PatternSet(
            [self.effects[e].recognise[p].pattern for e, p in owners]))

    def effects_for(self, key: str, value: str) -> tuple[EffectDef, ...]:
        """Effect definitions whose checks apply to `key = value` (exact value or templated)."""
        exact = tuple(e for e in self.effects if e.key == key and e.value == value)
        if exact:
            return exact
        return tuple(e for e in self.effects if e.key == key and e.value_group is not None)

    def known_keys(self) -> set[str]:
        return {e.key for e in self.effects}

    def values_of(self, key: str) -> tuple[str, ...]:
        return tuple(sorted({e.value for e in self.effects if e.key == key and e.value}))

    def owner(self, key: str) -> str | None:
        """The component of the pack that defines `key`: what an explicit effect is about."""
        return next((e.component for e in self.effects if e.key == key), None)

    def canonical(self, key: str, value: str) -> str | None:
        """`value` as the packs name it: itself, or the one value whose own `recognise`
        patterns read it (`postgres` is how the pack recognises `postgresql`); a key whose
        value is templated takes any value. None when no value of the key fits."""
        defs = [e for e in self.effects if e.key == key]
        if any(e.value_group is not None for e in defs):
            return value
        exact = {e.value for e in defs if e.value and e.value.lower() == value.lower()}
        if exact:
            return exact.pop()
        read = {e.value for e in defs if e.value and e.reading == "value"
                and any(p.search(value) is not None for p in e.recognise)}
        return read.pop() if len(read) == 1 else None


def fill_pattern(source: str, value: str) -> str:
    """Put a decision's value into a check pattern: {value} literally, {items} as alternatives."""
    items = [i.strip() for i in re.split(r",|\band\b|;", value) if i.strip()]
    alternatives = "|".join(re.escape(i) for i in items) or re.escape(value)
    return source.replace("{value}", re.escape(value)).replace("{items}", f"(?:{alternatives})")
