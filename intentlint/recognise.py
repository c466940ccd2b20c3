"""Recognising what a sentence decides: trigger phrase, component, effect, scope and kind."""

from __future__ import annotations

import re
from dataclasses import dataclass

from intentlint.config import Scope
from intentlint.packs import EffectDef, Rulebook
from intentlint.patterns import search
from intentlint.records import Effect

TRIGGER = re.compile(
    r"\b(must|never|required|requires?|prefer(?:s|red)?|should|always|migrating|migrate"
    r"|let'?s use|let us use|default|for now)\b",
    re.IGNORECASE,
)
GREP_TRIGGERS = ("must", "never", "requir", "prefer", "should", "always", "migrat", "let's use",
                 "lets use", "let us use", "default", "for now")
_CONSTRAINT = re.compile(r"\b(must|never|required|requires?|always)\b", re.IGNORECASE)
_PREFERENCE = re.compile(r"\b(prefer(?:s|red)?|should)\b", re.IGNORECASE)
# A value named right after one of these is the value being left behind.
_LEAVING = re.compile(
    r"\b(from|replac(?:e|es|ed|ing)|instead of|away from|drop(?:s|ped|ping)?|over"
    r"|retir(?:e|es|ed|ing))"
    r"\s+(?:the\s+|our\s+|old\s+|legacy\s+)*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Recognised:
    component: str
    effect: Effect
    kind: str
    scope: str | None
    definition: EffectDef


def has_trigger(sentence: str) -> bool:
    return TRIGGER.search(sentence) is not None


def kind_from_text(sentence: str) -> str:
    if _CONSTRAINT.search(sentence):
        return "constraint"
    if _PREFERENCE.search(sentence):
        return "preference"
    return "decision"


def find_scope(sentence: str, scopes: tuple[Scope, ...]) -> str | None:
    lowered = sentence.lower()
    hits = []
    for scope in scopes:
        for word in scope.words or (scope.name,):
            match = re.search(rf"\b{re.escape(word)}\b", lowered)
            if match:
                hits.append((match.start(), scope.name))
    return min(hits)[1] if hits else None


def recognise(sentence: str, rulebook: Rulebook, scopes: tuple[Scope, ...]) -> Recognised | None:
    """The effect a sentence sets, or None when no pack recognises it.

    When several effects match, the earliest mention wins, except that a value named after
    "from"/"replacing"/"instead of" is the one being left ("moves from JWT to OAuth2").
    """
    best: tuple[int, int, EffectDef, str] | None = None
    hits = sorted(rulebook.recogniser_owner[i] for i in rulebook.recognisers.matching(sentence))
    for e, p in hits:  # only the patterns the one-pass set says occur somewhere
        definition = rulebook.effects[e]
        match = search(definition.recognise[p], sentence)
        if match is None or _LEAVING.search(sentence[: match.start()]):
            continue
        value = definition.value
        if definition.value_group is not None:
            try:
                value = match.group(definition.value_group)
            except (IndexError, ValueError):
                value = None
            value = _tidy(value) if value else None
        if not value:
            continue
        candidate = (match.start(), -(match.end() - match.start()), definition, value)
        if best is None or candidate[:2] < best[:2]:
            best = candidate
    if best is None:
        return None
    _, _, definition, value = best
    scope = find_scope(sentence, scopes) if definition.scoped else None
    return Recognised(definition.component, Effect(definition.key, value),
                      kind_from_text(sentence), scope, definition)


def _tidy(value: str) -> str:
    items = [i.strip(" .;:'\"") for i in re.split(r",|\band\b", value)]
    return ", ".join(i[:1].upper() + i[1:] for i in items if i)


def components_in(text: str, rulebook: Rulebook) -> list[str]:
    """Components whose keywords the text mentions, in order of first mention."""
    lowered = text.lower()
    hits = []
    for component in rulebook.components.values():
        positions = [m.start() for k in component.keywords
                     if (m := re.search(rf"\b{re.escape(k)}", lowered))]
        if positions:
            hits.append((min(positions), component.name))
    return [name for _, name in sorted(hits)]
