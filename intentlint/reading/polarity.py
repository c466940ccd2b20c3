"""Polarity: how a sentence treats a term it mentions — affirmed, negated, left behind,
permitted, or merely mentioned.

This is text logic: `recognise.py` finds the mentions (where a pack's pattern matched) and
asks this module how each one is meant. Every answer carries the cue that decided it, so
`intentlint explain` can say why. The cues are the product's grammar of decisions; the nouns
some of them place are the packs' vocabulary, handed in as `words`. When no cue fits, the
answer is "mentioned", never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from intentlint.reading import cues


class Polarity(str, Enum):
    AFFIRMED = "affirmed"
    NEGATED = "negated"
    LEFT = "left behind"
    PERMITTED = "permitted"
    MENTIONED = "mentioned"


@dataclass(frozen=True, slots=True)
class Judged:
    polarity: Polarity
    cue: str  # the words that decided it ("" for a bare statement in a decision log)


def acts_on(clause: Clause, start: int, end: int, left_before: bool) -> str:
    """The cue by which a commit message's clause acts on the term at [start, end), or ""."""
    if cues.DESCRIBES.match(cues.PREFIX.sub("", clause.text, count=1)):
        return ""
    before, after = clause.text[:start], clause.text[end:]
    if not left_before and cues.PURPOSE_BEFORE.search(before):
        return ""
    for found in (cues.ACTS_BEFORE.search(before), cues.ACTS_AFTER.match(after)):
        if found is not None:
            return found.group(0).strip()
    modal = cues.MODAL.search(clause.text)
    if modal is not None and (found := cues.MEANS_BEFORE.search(before)) is not None:
        return f"{modal.group(0)} … {found.group(0).strip()}"
    if left_before and (found := cues.REPLACEMENT_BEFORE.search(before)) is not None:
        return f"replacement ({found.group(0).strip() or ','})"
    if left_before and re.match(r"^[\s,]*in\b", after):
        return "replacement (out ... in)"
    return ""


def rule_directive(clause: Clause) -> str:
    """The modal or leading imperative by which a commit message sets a rule, or ""."""
    found = cues.RULE_MODAL.search(clause.text) or cues.RULE_IMPERATIVE.search(
        cues.PREFIX.sub("", clause.text, count=1))
    return found.group(0).strip() if found else ""


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a sentence and what it is doing as a whole."""

    text: str
    mode: str  # "" (may decide), or why nothing in it decides: work/past/hypothetical/options
    mode_cue: str
    directive: str  # the first directive cue, or ""
    cancel: str  # a cue that lifts a rule ("no longer required"), or ""


def clause_of(text: str) -> Clause:
    body = text.strip()
    mode, cue = "", ""
    lead = re.match(r"^\W*(?:merge|revert)\b", body, re.IGNORECASE) or cues.CONVENTIONAL.match(body)
    work = lead or cues.WORK.search(cues.PREFIX.sub("", body, count=1))
    options = cues.OPTIONS.search(body) if not cues.DECIDED.search(body) else None
    for name, found in (("work", work), ("past", cues.PAST.search(body)),
                        ("hypothetical", cues.HYPOTHETICAL.search(body)), ("options", options),
                        ("a flow, not a swap", cues.FLOW.search(body))):
        if found:
            mode, cue = name, found.group(0).strip()
            break
    directive = cues.DIRECTIVE.search(body)
    cancel = cues.CANCEL.search(body)
    return Clause(body, mode, cue, directive.group(0) if directive else "",
                  cancel.group(0) if cancel else "")


def operates_on_rule(clause: Clause) -> str:
    """The verb when a clause works on a rule's subject ("move the integration tests", "the
    e2e suite was split in two")."""
    found = cues.OPERATE.search(cues.PREFIX.sub("", clause.text, count=1)) \
        or cues.OPERATED.search(clause.text)
    return found.group(0).strip() if found else ""


def judge_value(clause: Clause, start: int, end: int, words: cues.Cues,
                previous: tuple[int, Polarity, str] | None = None, value: str = "") -> Judged:
    """How the clause treats the value mentioned at [start, end); `words` are the cues the
    packs' vocabulary fills in (`cues.of(rulebook.lexicon)`).

    `previous` is where the value mentioned before it in the same clause ends, and how that
    one was judged: a negator covers the first term after it, and a list that goes on
    from a negated term ("no MySQL or SQLite") stays negated. "Over" leaves a term behind
    only after another value ("Postgres over MySQL", not "Keycloak over OpenID Connect").
    """
    if clause.mode:
        return Judged(Polarity.MENTIONED, f"{clause.mode}: {clause.mode_cue}")
    before, after = clause.text[:start], clause.text[end:]
    if (found := words.object_after.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"names the {found.group(0).strip()}, not a choice")
    if (found := cues.DATA_AFTER.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"data the system keeps ({found.group(0).strip()})")
    if (found := words.feature_after.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"a feature of it ({found.group(0).strip()}), not a "
                      "choice")
    if (found := words.described_before.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"describes other things ({found.group(0).strip()})")
    instance = words.instance_after.match(after) or words.instance_before.search(before)
    if instance is not None and not cues.RESTRICTS.search(clause.text):
        return Judged(Polarity.MENTIONED,
                      f"names one instance ({instance.group(0).strip(' -')}), not an engine")
    if cues.FRONTED_PLACE_BEFORE.match(before) is not None \
            and cues.FRONTED_PLACE_AFTER.match(after) is not None:
        return Judged(Polarity.MENTIONED, "where the rule that follows applies, not a choice")
    if (found := cues.ASIDE_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"an aside, not the choice ({found.group(0).strip()})")
    if (found := cues.CAUSE_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"the cause, not the choice ({_cause(found)})")
    if (found := cues.AIM_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"the aim of work still needed ({found.group(0)})")
    if (found := cues.PROCEDURE_BEFORE.search(before)) is not None:
        changed = " ".join(found.group(0).split()[:3])
        return Judged(Polarity.MENTIONED, f"how it is done, changed ({changed}), not a choice")
    if (found := cues.UNIT_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"counts by it ({found.group(0).strip()})")
    if (found := cues.LEFT_BEFORE.search(before)) is not None and _leaves(
            found.group(0).lower(), clause, previous, value):
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := cues.SWAP_OBJECT_BEFORE.search(before)) is not None \
            and cues.REPLACEMENT_AFTER.match(after) is not None:
        return Judged(Polarity.LEFT, found.group(0).split()[0])
    if (found := cues.SWAP_PLACE_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"where a swap happens ({found.group(0).strip()})")
    if (found := cues.LEFT_AFTER.match(after)) is not None:
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := cues.NEG_AFTER.match(after)) is not None:
        return Judged(Polarity.NEGATED, found.group(0).strip())
    negator, served = _last_negator(before, previous[0] if previous else -1)
    if negator and _EXCLUSION.match(before[before.rfind(negator) + len(negator):]):
        # "it doesn't exclude being able to use `ts-loader`", "does not rule out X" (TerriaJS,
        # round 26): a negated exclusion leaves the term open, neither chosen nor dropped
        return Judged(Polarity.MENTIONED, f"left open ({negator} excluded)")
    if served:
        return Judged(Polarity.MENTIONED, "what a negated phrase is for, not what it negates")
    if negator:
        return Judged(Polarity.NEGATED, negator)
    if previous and previous[1] is Polarity.NEGATED and re.fullmatch(
            r"[\s,]*(?:or|nor|and|/|,)?[\s,]*" + cues.FILLER, before[previous[0]:]):
        return Judged(Polarity.NEGATED, "a list after a negation")
    if previous and previous[1] is Polarity.LEFT and re.fullmatch(
            r"[\s,]*(?:or|and|&|/|,)[\s,]*" + cues.FILLER, before[previous[0]:]) \
            and _ITEM_ENDS.match(after):
        # "from Create React App & Craco to Vite": the list a move leaves goes on, up to
        # what it moves to ("…, and Lodash stays" opens a clause of its own)
        return Judged(Polarity.LEFT, "a list after a term left behind")
    if (found := cues.PERMIT_AFTER.match(after)) is not None:
        return Judged(Polarity.PERMITTED, found.group(0).strip())
    permit = list(cues.PERMIT_BEFORE.finditer(before))
    if permit:
        return Judged(Polarity.PERMITTED, permit[-1].group(0).strip())
    return Judged(Polarity.AFFIRMED, clause.directive)


# What follows an item of a list a move leaves: the list's end, its next item, or its target.
_ITEM_ENDS = re.compile(
    r"[\s*_`'\")]*(?:$|[,;:.)&/]|(?:and|or|to|with|for|by|in favou?r of)\b)", re.IGNORECASE)


def _cause(found: re.Match[str]) -> str:
    return " ".join(found.group(0).split()[:3])


def _leaves(cue: str, clause: Clause, previous: tuple[int, Polarity, str] | None,
            value: str) -> bool:
    if cue.startswith("from"):
        return cues.MOVEMENT.search(clause.text) is not None
    if cue.startswith("over"):
        return previous is not None and previous[2].lower() != value.lower()
    return True


def judge_engine(clause: Clause, start: int, end: int, words: cues.Cues,
                 previous: tuple[int, Polarity, str] | None = None, value: str = "") -> Judged:
    """`judge_value` for a value of a pack's key (a database engine, an auth method), which
    a project may work with beside others: a value it supports ("Support SQLite", "add
    support for MySQL") or a part of the code named after it ("a module named `sqlite`") is
    not chosen (nlfiedler/zorigami's design note keeps RocksDB as the default and bound
    "SQLite only", round 31). A package supported is still used, so the dependency reader
    asks `judge_value` alone."""
    judged = judge_value(clause, start, end, words, previous, value)
    if judged.polarity is not Polarity.AFFIRMED:
        return judged
    before = clause.text[:start]
    if cues.NAMED_BEFORE.search(before) is not None:
        return Judged(Polarity.MENTIONED, "the name given to a part of the code")
    if cues.PURPOSE_OF_CHOICE_BEFORE.search(before) is not None \
            and not cues.RESTRICTS.search(clause.text):
        return Judged(Polarity.MENTIONED, "what the choice is for, not a choice")
    if (found := cues.SUPPORTED_BEFORE.search(before)) is not None \
            and not cues.RESTRICTS.search(clause.text):
        return Judged(Polarity.MENTIONED, f"one more it supports ({found.group(0).strip()}), "
                      "not a choice")
    return judged


def judge_rule(clause: Clause, start: int, words: cues.Cues, end: int | None = None,
               safeguard: bool = False) -> Judged:
    """How the clause treats a rule-like subject ("rate limiting", "internal ids").

    Negation is part of such rules ("never expose internal ids"), so it does not flip them;
    what lifts them is an explicit cancel ("no longer required"), movement away from them,
    or a clause that only works on them. A `safeguard` names what the rule requires: a
    negator right before it rules it out ("No bespoke rate limiting on the endpoint this
    iteration", opengovsg/isomer's ADR 6, round 40), unless another negator before that one
    makes the two a rule ("No public route without a rate limit").
    """
    if safeguard and (negated := _SAFEGUARD_NEGATED.search(clause.text[:start])) is not None \
            and not cues.NEGATORS.search(clause.text[:negated.start()]) \
            and not cues.NEGATORS.search(clause.text[negated.end("negator"):start]):
        return Judged(Polarity.NEGATED, negated.group("negator"))
    if clause.mode:
        return Judged(Polarity.MENTIONED, f"{clause.mode}: {clause.mode_cue}")
    if verb := operates_on_rule(clause):
        return Judged(Polarity.MENTIONED, f"work: {verb}")
    if clause.cancel:
        return Judged(Polarity.NEGATED, clause.cancel)
    if (found := cues.AWAY_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := cues.AGENT_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.MENTIONED, f"it is what requires ({found.group(0).strip()})")
    if (found := cues.PLACE_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.MENTIONED, f"names where, not the rule ({found.group(0).strip()})")
    if (found := cues.CAUSE_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.MENTIONED, f"the cause, not the rule ({_cause(found)})")
    if end is not None and (found := words.rule_object_after.match(clause.text[end:])):
        # (the thing alone: the term may end inside a word, "backwards compatib|ility shims")
        return Judged(Polarity.MENTIONED, f"names the {found.group(0).split()[-1]}, not the rule")
    return Judged(Polarity.AFFIRMED, clause.directive)


# A term that a negated phrase is for is what it serves, not what is negated ("not having
# adequate docs, supporting tools for Typescript in Avro"; managed-care-review's ADR 009);
# "for" right after the negated noun ("no need for OAuth2") or after a verb of choosing ("we
# did not opt for MySQL") still takes it.
_FOR_WHOM = re.compile(r"\b(?P<word>\w+)\s+for\s+(?:the\s+|our\s+|its\s+|an?\s+)?$",
                       re.IGNORECASE)
_CHOOSING_FOR = frozenset(("opt", "opted", "go", "went", "going", "vote", "voted", "settle",
                           "settled", "decide", "decided"))


_EXCLUSION = re.compile(r"\s+(?:\w+ly\s+)?(?:exclud\w*|rul(?:e|es|ed|ing)\s+out|preclud\w*"
                        r"|prevent\w*|prohibit\w*|forbid\w*|ban|bans|banned|block\w*)\b",
                        re.IGNORECASE)


# A negator right before a safeguard's words, an article or two adjectives between.
# ("without" is not one: "routes without a rate limit are rejected" states the rule.)
_SAFEGUARD_NEGATED = re.compile(r"\b(?P<negator>no|not)\s+(?:(?:a|an|the|any)\s+)?"
                                r"(?:[a-z]+\s+){0,2}$", re.IGNORECASE)


def _last_negator(before: str, previous_end: int) -> tuple[str, bool]:
    """The nearest negator before a term within six words, unless something resets it or
    another term stands between (the negator is that term's); and whether the term is only
    what the negated phrase is for ("Not having adequate tools for Typescript")."""
    found = list(cues.NEGATORS.finditer(before))
    if not found or found[-1].start() < previous_end:
        return "", False
    last = found[-1]
    between = before[last.end():]
    if cues.RESET.search(between) or len(between.split()) > 6:
        return "", False
    if len(between.split()) > 2 and (whom := _FOR_WHOM.search(between)) is not None \
            and whom.group("word").lower() not in _CHOOSING_FOR:
        return "", True
    if before.count('"', 0, last.start()) % 2 == 1 and '"' in between:
        return "", False  # inside a quotation that closes before the term: a 'do not cache' flag
    return last.group(0), False


# ", this also supports changing provider if deemed necessary": a comma before a pronoun
# that opens a clause of its own (a comma splice), whose "if" hedges only that clause.
_CLAUSE_SPLIT = re.compile(r";|\s[—–]\s|\s--\s|,\s+but\s|\.\s+(?=[A-Z])"
                           r"|,\s+(?=(?:this|it|these|they)\s+(?:also\s+)?[a-z]+s?\b)")


def clauses(sentence: str, mentions: Callable[[str], bool]) -> list[tuple[int, str]]:
    """The clauses of a sentence with their offsets: split at ';', dashes, ', but' and
    sentence ends. A colon splits only where a term is mentioned before it: "No MySQL:
    Postgres only" is two clauses, "Chosen option: MySQL" is one."""
    out: list[tuple[int, str]] = []
    start = 0
    for match in _CLAUSE_SPLIT.finditer(sentence):
        out.append((start, sentence[start:match.start()]))
        start = match.end()
    out.append((start, sentence[start:]))
    split: list[tuple[int, str]] = []
    for offset, text in out:
        colon = text.find(": ")
        while colon != -1 and mentions(text[:colon]):
            split.append((offset, text[:colon]))
            offset, text = offset + colon + 2, text[colon + 2:]
            colon = text.find(": ")
        split.append((offset, text))
    return [(s, t) for s, t in split if t.strip()]
