"""Scope: which configured scope a mention is decided for, or which environment no scope
defines ("for the tests", "in CI"), from the words around it in its sentence."""

from __future__ import annotations

import re

from intentlint.ground.config import Scope
from intentlint.reading.cues import Cues

# A reason given for a choice ("…because the team knows it") is not the choice's subject.
REASON = re.compile(r"\b(?:because|since|so that)\b|,\s+as\b", re.IGNORECASE)

_VERB_BEFORE = re.compile(r"\b(?:must|should|shall|will|would|can|could|may|might|to|does|do|did)"
                          r"\s+(?:(?:only|not|never|always|also|still)\s+)?$")


# Environments a team names without configuring them as scopes: a value decided "for the
# tests", "in CI" or "for local development" is decided for that environment only, and the
# reading is unclear until the configuration defines a scope for it. Their words are the
# packs' (`[vocabulary.environments]`); `cues.Cues` puts them in place.
_ALL_ENVIRONMENTS = re.compile(r"\b(?:all|every)\s+(?:\w+\s+)?environments?\b|\beverywhere\b"
                               r"|\bincluded\b", re.IGNORECASE)
# A reason after the value ("…so they match production") names no scope for it.
_SCOPE_REASON = re.compile(REASON.pattern + r"|\bso (?:they|it|we)\b", re.IGNORECASE)


def _environment(clause: str, sentence: str, words: Cues) -> tuple[str, int] | None:
    """The environment a clause decides for, and where its word starts in the clause."""
    if _ALL_ENVIRONMENTS.search(sentence):
        return None
    match = words.environment.search(clause)
    if match is None or match.lastgroup is None:
        said = [(found.start(), name) for name, phrase in words.phrases
                if (found := phrase.search(clause)) is not None]
        if not said:
            return None
        start, name = min(said)
        return name, start
    return words.environment_names[int(match.lastgroup[1:])], match.start(match.lastgroup)


def scope_of(sentence: str, at: int, clause_start: int, clause: str,
             scopes: tuple[Scope, ...], words: Cues) -> tuple[str | None, str | None]:
    """The scope a mention is decided for: a scope word in its clause, the nearest before it
    first; otherwise the one scope the whole sentence names, if it names only one. A scope
    word in a reason given after the mention ("…so they match production") does not count.
    Second, the environment no scope defines that the clause decides for ("for the tests")."""
    lowered = sentence.lower()
    reason = _SCOPE_REASON.search(lowered, at)
    cut = reason.start() if reason else len(lowered)
    spans: list[tuple[int, int, str]] = []
    for scope in scopes:
        for word in scope.words or (scope.name,):
            spans.extend((m.start(), m.end(), scope.name)
                         for m in re.finditer(rf"\b{re.escape(word)}\b", lowered[:cut]))
    # "pre-prod" is one word: a shorter scope word inside a longer one ("prod") does not count;
    # nor does a scope word used as a verb ("data must only live in the EU")
    hits = [(s, n) for s, e, n in spans
            if not any(o[0] <= s and e <= o[1] and (o[0], o[1]) != (s, e) for o in spans)
            and not _VERB_BEFORE.search(lowered, 0, s)]
    inside = [(p, n) for p, n in hits if clause_start <= p < clause_start + len(clause)]
    environment = _environment(clause[:max(0, cut - clause_start)], sentence, words)
    # a configured scope of that name, or whose words include the word, is a scope like any
    if environment is not None and environment[0] not in {scope.name for scope in scopes} \
            and all(p != clause_start + environment[1] for p, _ in inside):
        return None, environment[0]
    before = [h for h in inside if h[0] < at]
    if before:
        return max(before)[1], None
    if inside:
        return min(inside)[1], None
    names = {n for _, n in hits}
    return (names.pop() if len(names) == 1 else None), None
