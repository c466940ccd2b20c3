"""Recognising what a decision's text sets: effects found by the packs, read with polarity.

A pack pattern finds a *mention* (a value such as "PostgreSQL", or a rule's subject such as
"rate limiting"); `polarity.py` says how its clause treats it. Per effect key, exactly one
affirmed value binds. Anything else — two values affirmed, a value both affirmed and
negated, a choice ruled out with nothing chosen, two scopes in one sentence — binds nothing
and is reported as *needs confirmation*, with the candidates and the line that settles it.
A wrong effect is the worst outcome a linter can have; an unrecognised one costs one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from intentlint.ground.bounds import MAX_SENTENCE, cut_note
from intentlint.ground.config import Scope
from intentlint.ground.errors import Problem
from intentlint.ground.patterns import search
from intentlint.ground.records import Effect
from intentlint.reading import cues
from intentlint.reading.polarity import (
    Polarity,
    acts_on,
    clause_of,
    clauses,
    judge_engine,
    judge_rule,
    rule_directive,
)
from intentlint.reading.rulebook import EffectDef, Rulebook
from intentlint.reading.scoping import REASON, scope_of

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"“(*A-Z-])|\n\s*\n|\n(?=\s*[-*+]\s)|\n(?=\s*\d+\.\s)")
MODES = ("log", "commit")  # a decision log or ADR says decisions; a commit must show one


@dataclass(frozen=True, slots=True)
class Recognised:
    component: str
    effect: Effect
    kind: str
    scope: str | None
    definition: EffectDef


@dataclass(frozen=True, slots=True)
class Mention:
    definition: EffectDef
    value: str
    words: str
    polarity: Polarity
    cue: str
    scope: str | None
    sentence: str
    environment: str | None = None  # decided for an environment no scope defines ("tests")

    def describe(self) -> str:
        cue = f" ({self.cue})" if self.cue else ""
        return f"{self.definition.key}: {self.words!r} {self.polarity.value}{cue}"


@dataclass(frozen=True, slots=True)
class Reading:
    """What a text sets: binding effects, or why it is unclear, and every mention judged."""

    found: tuple[Recognised, ...] = ()
    unclear: tuple[str, ...] = ()
    candidates: tuple[str, ...] = ()
    mentions: tuple[Mention, ...] = field(default=(), compare=False)
    cuts: tuple[str, ...] = ()  # sentences read only to MAX_SENTENCE, said as notes

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.unclear)

    def why(self) -> tuple[str, ...]:
        return tuple(m.describe() for m in self.mentions) + self.cuts


def has_trigger(sentence: str) -> bool:
    return cues.TRIGGER.search(sentence) is not None


def states_decision(sentence: str) -> bool:
    """Whether a sentence of a commit body says it decides (a modal, "we decided", "from now
    on"); the body's other prose is explanation and is not mined."""
    return cues.STATES_DECISION.search(sentence) is not None


def kind_from_text(sentence: str) -> str:
    if cues.CONSTRAINT.search(sentence):
        return "constraint"
    if cues.PREFERENCE.search(sentence):
        return "preference"
    return "decision"


_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_INTRODUCES_OPTIONS = re.compile(r"\b(?:options?|alternatives?|candidates|choices)\b[^.]*:$",
                                 re.IGNORECASE)
# A lead-in whose head is why ("Key considerations for choosing GraphQL:", "Benefits:"): its
# items give reasons, they decide nothing ("GraphQL's flexibility ensures that our API can
# evolve without breaking changes"). "For these reasons, we decide:" leads decisions in.
_INTRODUCES_REASONS = re.compile(
    r"^\W*(?:[\w'-]+\s+){0,3}?(?:considerations?|reasons?|benefits?|advantages?|pros|upsides?"
    r"|motivations?|rationale)\b(?:\s+(?:for|of|behind|to|are|include)\b[^.:]*)?:$"
    # ... or one that says what drove the decision ("This decision was driven by X's
    # alignment with our goals:"): its items are why, not what.
    r"|\b(?:driven|motivated|informed|guided)\s+by\b[^.:]*:$|\bbecause(?:\s+of)?\b[^.:]*:$",
    re.IGNORECASE)
OPTION_ITEM, REASON_ITEM = "one of the options listed", "one of the reasons listed"


def sentences(text: str) -> list[str]:
    """The sentences `read` reads in `text`, each on one line (cut to MAX_SENTENCE)."""
    return [sentence for sentence, _, _ in _sentences(_UNDERSCORE_EMPHASIS.sub("", text))]


def _sentences(text: str) -> list[tuple[str, str, int]]:
    """Sentences, each with what list it is an item of, if one that decides nothing
    (OPTION_ITEM: "We discussed three options:" then "1. ...", "2. ..."; REASON_ITEM:
    "Benefits:" then items): such items describe choices or why, they make none. A table
    is read cell by cell, and its cells too describe, never choose. Each is cut to
    MAX_SENTENCE characters, with its length before the cut."""
    out: list[tuple[str, str, int]] = []
    listed = ""
    for n, chunk in enumerate(_TABLE.split(text)):
        if n % 2:  # the split's captured group: a table's rows
            out.extend((cell[:MAX_SENTENCE], OPTION_ITEM, len(cell)) for cell in _cells(chunk))
            listed = ""
            continue
        for part in _SENTENCE.split(chunk):
            item = _LIST_ITEM.match(part) is not None
            part = " ".join(part.split())
            length = len(part)
            part = _LIST_ITEM.sub("", part[:MAX_SENTENCE]).strip()
            if not part:
                continue
            listed = listed if item else ""
            out.append((part, listed, length))
            if _INTRODUCES_OPTIONS.search(part):
                listed = OPTION_ITEM
            elif not item and _INTRODUCES_REASONS.search(part):
                listed = REASON_ITEM
    return out


# A markdown table: its rows are no sentences (read whole, a table was cut, and left the
# text before it needing confirmation); the rule under the header says nothing.
_TABLE = re.compile(r"((?:^[ \t]*\|.*(?:\n|$))+)", re.MULTILINE)


def _cells(rows: str) -> list[str]:
    return [cell for row in rows.splitlines() for cell in cues.table_cells(row)]


# Markdown bold or italics written with underscores ("__an OAuth client__"): underscores are
# word characters, so they would hide the word boundaries every pattern relies on.
_UNDERSCORE_EMPHASIS = re.compile(r"(?<!\w)__?(?=[^\s_])|(?<=[^\s_])__?(?!\w)")


def read(text: str, rulebook: Rulebook, scopes: tuple[Scope, ...], mode: str = "log",
         stated: str | None = None) -> Reading:
    """Read every sentence of `text`; per key, one clear value binds or nothing does.
    `stated` is the scope its record states: of a sentence that decides for several scopes,
    that scope's value is the record's.

    A sentence is read to its first MAX_SENTENCE characters (the cue patterns backtrack).
    What follows the cut could negate or move what was read, so a text with a cut sentence
    binds nothing: it needs confirmation, and says where it was cut."""
    mentions: list[Mention] = []
    cuts: list[str] = []
    text = cues.plain_apostrophes(text)  # "doesn’t" negates as "doesn't" does
    for sentence, listed, length in _sentences(_UNDERSCORE_EMPHASIS.sub("", text)):
        if length > MAX_SENTENCE:
            cuts.append(cut_note("sentence", length, MAX_SENTENCE))
        if rulebook.recognisers.matching(sentence):
            found = _mentions(sentence, rulebook, scopes, mode)
            if listed:
                found = [replace(m, polarity=Polarity.MENTIONED, cue=listed) for m in found]
            mentions.extend(found)
    reading = _decide(mentions, mode, stated)
    if not cuts:
        return reading
    if not reading.found and not reading.unclear:
        return replace(reading, cuts=tuple(cuts))
    candidates = reading.candidates or tuple(str(f.effect) for f in reading.found)
    return Reading((), (*reading.unclear, f"{cuts[0]}; what follows may change the reading"),
                   candidates, reading.mentions)


def _mentions(sentence: str, rulebook: Rulebook, scopes: tuple[Scope, ...], mode: str,
              ) -> list[Mention]:
    def any_mention(part: str) -> bool:
        return bool(rulebook.recognisers.matching(part))

    out: list[Mention] = []
    words = cues.of(rulebook.lexicon)
    hits = sorted({rulebook.recogniser_owner[i] for i in rulebook.recognisers.matching(sentence)})
    for offset, text in clauses(sentence, any_mention):
        clause = clause_of(text)
        found = _spans(text, hits, rulebook, sentence, offset)
        previous: tuple[int, Polarity, str] | None = None
        first = len(out)
        for start, end, definition, value in found:
            if definition.names_rule:
                judged = judge_rule(clause, start, words, end,
                                    safeguard=definition.reading == "safeguard")
            elif cues.EXAMPLE_BEFORE.search(sentence, 0, offset + start) \
                    or cues.EXAMPLES_AFTER.match(sentence[offset + end:]):
                # "a transactional store such as DynamoDB or MySQL", "(DynamoDB, MySQL, and
                # so on)": an example of a kind, not the value chosen (slatedb, round 21)
                out.append(Mention(definition, value, text[start:end], Polarity.MENTIONED,
                                   "an example", None, sentence, None))
                continue
            else:
                judged = judge_engine(clause, start, end, words, previous, value)
                previous = (end, judged.polarity, value)
            polarity, cue = judged.polarity, judged.cue
            if mode == "commit" and polarity is Polarity.AFFIRMED:
                if definition.names_rule or definition.value_group is not None:
                    cue = rule_directive(clause)  # the pattern itself holds the verb
                else:
                    left = any(m.polarity is Polarity.LEFT and m.definition.key == definition.key
                               for m in out[first:])
                    cue = acts_on(clause, start, end, left)
                if not cue:
                    polarity, cue = Polarity.MENTIONED, "a commit message that does not decide it"
            scope, environment = scope_of(sentence, offset + start, offset, text, scopes,
                                          words) \
                if definition.scoped else (None, None)
            out.append(Mention(definition, value, text[start:end], polarity, cue, scope,
                               sentence, environment))
    return out


def _spans(text: str, hits: list[tuple[int, int]], rulebook: Rulebook, sentence: str,
           offset: int = 0) -> list[tuple[int, int, EffectDef, str]]:
    """Every mention in a clause, left to right; overlapping mentions of one value count once."""
    spans: list[tuple[int, int, EffectDef, str]] = []
    for e, p in hits:
        definition = rulebook.effects[e]
        if definition.not_about is not None and search(definition.not_about, text):
            continue  # e.g. OIDC named for a pipeline's credentials, not the product's sign-in
        for match in definition.recognise[p].finditer(text):
            value = _value(definition, match)
            if value and not (definition.value_group is None and _in_code(text, match)) \
                    and _about(definition, sentence, offset, text, match.start()):
                spans.append((match.start(), match.end(), definition, value))
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int, EffectDef, str]] = []
    for span in spans:
        same = [k for k in kept if k[2].key == span[2].key and k[3] == span[3]
                and k[0] < span[1] and span[0] < k[1]]
        if not same:
            kept.append(span)
    return kept


_MODIFIER = re.compile(r"\b(new|every|each|all)\s+$", re.IGNORECASE)


def _about(definition: EffectDef, sentence: str, offset: int, clause: str, at: int) -> bool:
    """Does the sentence say what the effect must be about? Not in a reason given after the
    mention ("…because each handler gets its own database"), and not with a word that only
    modifies the mention ("new e2e tests must tag themselves": the tests are new). Other
    clauses count: "ids stay inside the service; responses use slugs"."""
    if definition.about is None:
        return True
    reason = REASON.search(sentence, offset + at)
    end = reason.start() if reason else len(sentence)
    attached = _MODIFIER.search(clause, 0, at)
    skip = offset + attached.start(1) if attached else -1
    return any(m.start() != skip for m in definition.about.finditer(sentence[:end]))


_JOINED_AFTER = re.compile(r"-(?!(?:only|based|backed|powered|first|compatible)\b)\w"
                           r"|\.[A-Za-z_]")  # ...or a dotted name: `sqlite3.Row`, `jwt.decode`


def _in_code(text: str, match: object) -> bool:
    """A path segment (`/sessions`), a hyphenated or dotted name (`app-mysql`,
    `sqlite3.Row`) or a `code span` names code, not a choice."""
    start, end = match.start(), match.end()  # type: ignore[attr-defined]
    if text[start - 1:start] == "/" or text[end:end + 1] == "/":
        return True
    if re.search(r"\w-$", text[max(0, start - 2):start]) or _JOINED_AFTER.match(text, end):
        return True
    if text[:start].count("`") % 2 == 0:
        return False
    opening, closing = text.rfind("`", 0, start), text.find("`", end)
    return closing == -1 or text[opening + 1:closing].strip() != text[start:end]


def _value(definition: EffectDef, match: object) -> str | None:
    if definition.value_group is None:
        return definition.value
    try:
        raw = match.group(definition.value_group)  # type: ignore[attr-defined]
    except (IndexError, ValueError):
        return None
    return _tidy(raw) if raw else None


def _tidy(value: str) -> str:
    items = [i.strip(" .;:'\"") for i in re.split(r",|/|\band\b", value)]
    return ", ".join(i[:1].upper() + i[1:] for i in items if i)


def _decide(mentions: list[Mention], mode: str, stated: str | None = None) -> Reading:
    unclear: list[str] = []
    candidates: list[str] = []
    found: list[Recognised] = []
    by_key: dict[str, list[Mention]] = {}
    for m in mentions:
        by_key.setdefault(m.definition.key, []).append(m)
    for key, group in by_key.items():
        outcome = _one_key(key, group, mode, stated)
        if isinstance(outcome, Recognised):
            found.append(outcome)
        elif outcome:
            unclear.append(outcome[0])
            candidates.extend(c for c in outcome[1] if c not in candidates)
    if unclear:
        return Reading((), tuple(unclear), tuple(candidates), tuple(mentions))
    return Reading(tuple(found), (), (), tuple(mentions))


def _one_key(key: str, group: list[Mention], mode: str, stated: str | None = None,
             ) -> Recognised | tuple[str, list[str]] | None:
    """One key's answer: a binding reading, (why unclear, candidates), or None (no decision)."""
    def values(polarity: Polarity) -> dict[str, Mention]:
        out: dict[str, Mention] = {}
        for m in group:
            if m.polarity is polarity:
                out.setdefault(m.value.lower(), m)
        return out

    affirmed, permitted = values(Polarity.AFFIRMED), values(Polarity.PERMITTED)
    ruled_out = {**values(Polarity.NEGATED), **values(Polarity.LEFT)}
    chosen, permission = (affirmed, False) if affirmed else (permitted, True)
    if not chosen:
        if ruled_out and mode == "log":
            names = ", ".join(m.words for m in ruled_out.values())
            return (f"{key}: {names} is ruled out, but nothing is chosen in its place",
                    [f"{key} = {m.value}" for m in group if m.polarity is Polarity.AFFIRMED])
        return None
    if len(chosen) > 1:
        names = " and ".join(m.words for m in chosen.values())
        verb = "permitted" if permission else "affirmed"
        also = [m.words for v, m in chosen.items() if v in ruled_out]
        # What the text also rules out is the least likely answer: offered last.
        order = sorted(chosen.items(), key=lambda item: item[0] in ruled_out)
        return (f"{key}: {names} are all {verb}" + (
                f" ({' and '.join(also)} also ruled out)" if also else ""),
                [f"{key} = {m.value}" for _, m in order])
    value, mention = next(iter(chosen.items()))
    if mention.environment is not None:
        name = mention.environment
        return (f"{key}: decided for {name} only, which the configuration does not define as a "
                f"scope; add [scopes.{name}] with its paths and words, or say `scope:` or "
                "`effect:`", [f"{key} = {mention.value}"])
    if value in ruled_out:
        other = ruled_out[value]
        if other.words.lower() == mention.words.lower():
            return (f"{key}: {mention.words!r} is both {mention.polarity.value} and "
                    f"{other.polarity.value}", [f"{key} = {mention.value}"])
        return (f"{key}: {mention.words!r} is {mention.polarity.value} but {other.words!r} is "
                f"{other.polarity.value}, and both name {mention.value}",
                [f"{key} = {mention.value}"])
    scopes = {m.scope for m in group if m.polarity is mention.polarity and m.value.lower() == value}
    others = {m.scope for m in permitted.values() if m.value.lower() != value} \
        if not permission else set()
    if len(scopes) > 1 or (others - scopes):
        if stated is not None and stated in scopes:
            mention = next(m for m in group if m.polarity is mention.polarity
                           and m.value.lower() == value and m.scope == stated)
        else:
            named = ", ".join(sorted(s or "everywhere" for s in scopes | others))
            return (f"{key}: the sentence decides for more than one scope ({named}); write "
                    "one entry per scope, each with its `scope:`", [f"{key} = {mention.value}"])
    kind = "permission" if permission else kind_from_text(" ".join(
        {m.sentence: None for m in group if m.polarity is mention.polarity}))
    definition = mention.definition
    return Recognised(definition.component, Effect(key, mention.value), kind, mention.scope,
                      definition)


# What may follow a component's keyword in a word that still says it: an inflection
# ("deploys", "deploying", "authentication" of "auth"), not another word that begins with
# it ("signing" is no "signin", "cipher" no "ci", "restrict" no "rest", "taxonomy" no "tax").
_KEYWORD_END = r"(?:s|es|d|ed|ing|ion|ions|ment|ments|er|ers|entication|enticat\w*)?\b"


def components_in(text: str, rulebook: Rulebook) -> list[str]:
    """Components whose keywords the text mentions, in order of first mention."""
    lowered = text.lower()
    hits = []
    for component in rulebook.components.values():
        positions = [m.start() for k in component.keywords
                     if (m := re.search(rf"\b{re.escape(k)}{_KEYWORD_END}", lowered))]
        if positions:
            hits.append((min(positions), component.name))
    return [name for _, name in sorted(hits)]


def example_failures(rulebook: Rulebook, scopes: tuple[Scope, ...]) -> list[Problem]:
    """Every pack example the reader gets wrong, one problem each (file, effect, sentence).

    Scopes an example names that the configuration does not define are taken by name."""
    known = {s.name for s in scopes}
    named = {x.scope for d in rulebook.effects for x in d.examples if x.scope} - known
    all_scopes = scopes + tuple(Scope(n, words=(n,)) for n in sorted(named))
    problems = []
    for definition in rulebook.effects:
        for i, example in enumerate(definition.examples):
            got = _example_result(read(example.text, rulebook, all_scopes, example.mode),
                                  definition.key)
            want = (_normal(example.expect), example.scope) if example.expect else None
            if got != want:
                shown = f"{got[0]}" + (f" (scope {got[1]})" if got and got[1] else "") \
                    if got else "nothing"
                expected = f"{want[0]}" + (f" (scope {want[1]})" if want and want[1] else "") \
                    if want else "nothing"
                problems.append(Problem(
                    definition.file, f"example {example.text!r} reads as {shown}, expected "
                                     f"{expected}",
                    field=f"effects[{definition.key} = {definition.value or 'group'}]"
                          f".examples[{i}]"))
    return problems


def _example_result(reading: Reading, key: str) -> tuple[str, str | None] | None:
    for found in reading.found:
        if found.effect.key == key:
            return _normal(str(found.effect)), found.scope
    return None


def _normal(effect: str) -> str:
    key, _, value = effect.partition("=")
    return f"{key.strip()} = {', '.join(i.strip().lower() for i in value.split(','))}"
