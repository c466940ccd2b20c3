"""`preflight NAME…`: before a package is added, what the repository decided about it.

An agent (or a person) asks before editing a manifest, not after the hook blocks the
commit: *decided against* (by which decision, and what it chose instead), *rejected* (an
option an accepted ADR considered and did not choose), *chosen*, or *no decision*. A name
is matched the way decisions ground theirs: as a package name (`pydantic`,
`npm:moment`), or as a prose name the alias table knows ("React Testing Library").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from intentlint.ground.manifests import ECOSYSTEMS, module_line, normalise
from intentlint.ground.packages import (
    ANY,
    AVOIDED,
    REJECTED,
    USED,
    Package,
    package_of,
)
from intentlint.ground.records import Ledger, Status, Verdict
from intentlint.reading.dependencies import Vocabulary, names_package

# What a decision's value means for someone about to add the package, strongest first.
ANSWERS = {AVOIDED: "decided against", REJECTED: "rejected", USED: "chosen"}
NO_DECISION = "no decision"


@dataclass(frozen=True, slots=True)
class Answer:
    asked: str
    answer: str  # one of ANSWERS' values, or NO_DECISION
    verdicts: tuple[Verdict, ...]  # the active decisions behind the answer, newest first
    instead: tuple[str, ...]  # for a package decided against: what was chosen
    # for no decision: active records whose text names it all the same (read as deciding
    # nothing about it), newest first: worth reading before adding it
    mentioned: tuple[Verdict, ...] = ()

    @property
    def blocked(self) -> bool:
        """Whether adding it would be blocked: decided against by a decision that is
        enforced (one whose prose reading the code does not follow is held back)."""
        return self.answer == ANSWERS[AVOIDED] and any(not v.held_back for v in self.verdicts)


MAX_MENTIONED = 3


def preflight(ledger: Ledger, names: list[str], vocabulary: Vocabulary) -> list[Answer]:
    decided = [(package, v) for v in ledger.verdicts if v.status is Status.ACTIVE
               and v.record.effect is not None
               and (package := package_of(v.record.effect.key)) is not None]
    answers = []
    for name in names:
        asked = _asked(name, vocabulary)
        answer = _answer(name, asked, decided)
        answers.append(answer if answer.verdicts else _with_mentions(answer, asked, ledger))
    return answers


def _with_mentions(answer: Answer, asked: list[Package], ledger: Ledger) -> Answer:
    """A package no decision grounds may still be what an ADR is about ("Process each
    RabbitMQ message in a Sidekiq Job", which chooses with no verb the reader knows): the
    active records whose title or text names it, so the one asking reads them first."""
    words = {answer.asked.strip().partition(":")[2] or answer.asked.strip()}
    words |= {w for p in asked for w in _product_words(p)}
    found = re.compile("|".join(_written(w) for w in sorted(words) if len(w) > 1))
    seen: set[str] = set()
    mentioned = []
    for v in sorted(ledger.verdicts, key=lambda v: (v.record.date or "", v.record.seq),
                    reverse=True):
        record = v.record
        key = record.part_of or record.id
        if v.status is not Status.ACTIVE or key in seen:
            continue
        if found.search(f"{record.title}\n{record.text}\n{record.about}"):
            seen.add(key)
            mentioned.append(v)
    return Answer(answer.asked, answer.answer, (), (), tuple(mentioned[:MAX_MENTIONED]))


def _product_words(package: Package) -> tuple[str, ...]:
    """The words prose names a package by besides its own name: a Maven artifact, an npm
    scope (`@docusaurus/core` is Docusaurus), a module path's last element at any major
    version (`github.com/gruntwork-io/terratest` is Terratest; zarf, round 30)."""
    name = package.name.rpartition(":")[2] if package.ecosystem == "maven" else package.name
    words = [name]
    if name.startswith("@") and "/" in name:
        words.append(name[1:].split("/", 1)[0])
    elif "/" in name:
        words.append(module_line(package.ecosystem, name).rstrip("/").rsplit("/", 1)[-1])
    return tuple(w for w in words if len(w) >= 3)


def _written(word: str) -> str:
    """A pattern for `word` written as a name. A plain word ("express") counts in code form
    or capitalised ("`express`", "Express"), not as the verb of "users to express things"
    (opentelemetry-collector's RFC, round 25); a name no prose spells ("fast-xml-parser",
    "Newtonsoft.Json") counts however it is written."""
    bounded = r"(?<![\w@/.-]){}(?![\w/-])"
    if not re.fullmatch(r"[a-z]+", word.lower()):
        return bounded.format(f"(?i:{re.escape(word)})")
    lower = word.lower()
    return "|".join((f"`(?i:{re.escape(lower)})`", bounded.format(re.escape(lower.capitalize())),
                     bounded.format(re.escape(lower.upper()))))


def _asked(name: str, vocabulary: Vocabulary) -> list[Package]:
    ecosystem, sep, bare = name.strip().partition(":")
    if sep and ecosystem.lower() in ECOSYSTEMS:
        return [Package(ecosystem.lower(), normalise(ecosystem.lower(), bare))]
    return [*vocabulary.lookup(name), Package(ANY, name.strip().lower())]


def _answer(name: str, asked: list[Package], decided: list[tuple[Package, Verdict]]) -> Answer:
    found = [v for package, v in decided if any(_same(package, a) for a in asked)]
    for value in (AVOIDED, REJECTED, USED):
        matching = [v for v in found if v.record.effect and v.record.effect.value == value]
        if matching:
            matching.sort(key=lambda v: (v.record.date or "", v.record.seq), reverse=True)
            instead = tuple(dict.fromkeys(i for v in matching for i in v.record.instead))
            return Answer(name, ANSWERS[value], tuple(matching), instead)
    return Answer(name, NO_DECISION, (), ())


def _same(decided: Package, asked: Package) -> bool:
    if ANY not in (decided.ecosystem, asked.ecosystem) and decided.ecosystem != asked.ecosystem:
        return False
    ecosystem = asked.ecosystem if asked.ecosystem != ANY else decided.ecosystem
    name = decided.name
    if ecosystem == "maven" and ":" not in asked.name:
        name = name.rpartition(":")[2]  # `flyway-core` asks for org.flywaydb:flyway-core
    return names_package(ecosystem, name, asked.name)  # `@storybook/*`: any of the scope
