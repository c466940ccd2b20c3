"""The recognition suite: the labelled corpus of decision sentences, read by the code users
run, scored for right, wrong and unclear readings — the held-back part apart."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from intentlint.ground.config import Scope
from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.tomlfile import TOMLDecodeError, loads
from intentlint.reading.recognise import Reading, read
from intentlint.reading.rulebook import Rulebook


@dataclass(frozen=True, slots=True)
class Sentence:
    index: int
    text: str
    style: str
    expect: frozenset[tuple[str, str | None, bool]]  # (key = value, scope, permission)
    held: bool


@dataclass(frozen=True, slots=True)
class Scored:
    sentence: Sentence
    got: frozenset[tuple[str, str | None, bool]]
    unclear: bool

    @property
    def right(self) -> int:
        return len(self.got & self.sentence.expect)

    @property
    def wrong(self) -> int:
        return len(self.got - self.sentence.expect)


@dataclass(frozen=True, slots=True)
class Part:
    name: str
    sentences: int
    expected: int
    right: int
    wrong: int
    unclear: int
    silent: int  # sentences that must set nothing and set nothing

    @property
    def recall(self) -> float:
        return self.right / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        produced = self.right + self.wrong
        return self.right / produced if produced else 1.0


@dataclass(frozen=True, slots=True)
class RecognitionResult:
    corpus: str
    parts: tuple[Part, ...]  # whole corpus, development part, held-back part
    failures: tuple[Scored, ...]  # wrong or missed readings outside the held-back part


def normalise(effect: str) -> str:
    key, _, value = effect.partition("=")
    items = sorted(i.strip().lower() for i in value.split(","))
    return f"{key.strip()} = {', '.join(items)}"


def load_corpus(path: Path) -> tuple[tuple[Sentence, ...], tuple[Scope, ...]]:
    try:
        data: dict[str, Any] = loads(path.read_text(encoding="utf-8"))
    except (OSError, TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError([Problem(str(path), f"cannot read the corpus: {exc}")]) from None
    scopes = tuple(Scope(name, paths=(f"{name}/**",), words=tuple(words))
                   for name, words in data.get("scopes", {}).items())
    sentences = []
    for i, case in enumerate(data.get("cases", [])):
        if not isinstance(case, dict) or not isinstance(case.get("text"), str):
            raise ConfigError([Problem(str(path), "each case needs a text", field=f"cases[{i}]")])
        scope, permission = case.get("scope"), bool(case.get("permission", False))
        expect = frozenset((normalise(e), scope, permission) for e in case.get("expect", []))
        sentences.append(Sentence(i, case["text"], str(case.get("style", "log")), expect,
                                  bool(case.get("held", False))))
    return tuple(sentences), scopes


def reading_set(reading: Reading) -> frozenset[tuple[str, str | None, bool]]:
    return frozenset((normalise(str(r.effect)), r.scope, r.kind == "permission")
                     for r in reading.found)


def run_recognition(path: Path, rules: Rulebook) -> RecognitionResult:
    sentences, scopes = load_corpus(path)
    scored = []
    for s in sentences:
        reading = read(s.text, rules, scopes, "commit" if s.style == "commit" else "log")
        scored.append(Scored(s, reading_set(reading), reading.needs_confirmation))
    parts = (_part("whole corpus", scored),
             _part("development part", [c for c in scored if not c.sentence.held]),
             _part("held-back part", [c for c in scored if c.sentence.held]))
    failures = tuple(c for c in scored if not c.sentence.held
                     and (c.wrong or c.right < len(c.sentence.expect)))
    return RecognitionResult(str(path.name), parts, failures)


def _part(name: str, scored: list[Scored]) -> Part:
    return Part(name, len(scored), sum(len(c.sentence.expect) for c in scored),
                sum(c.right for c in scored), sum(c.wrong for c in scored),
                sum(c.unclear for c in scored),
                sum(1 for c in scored if not c.sentence.expect and not c.got))
