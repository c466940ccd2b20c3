"""Polarity: how a sentence treats a term it mentions — affirmed, negated, left behind,
permitted, or merely mentioned.

This is pure text logic with no pack in sight: `recognise.py` finds the mentions (where a
pack's pattern matched) and asks this module how each one is meant. Every answer carries the
cue that decided it, so `intentlint explain` can say why. The cue lists are the product's
grammar of decisions; when none fits, the answer is "mentioned", never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum


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


class _Lazy:
    """A pattern compiled on first use: the hook imports this module on every commit, but
    reads prose only when there is new prose to read."""

    __slots__ = ("_compiled", "_source")

    def __init__(self, source: str) -> None:
        self._source = source
        self._compiled: re.Pattern[str] | None = None

    def _get(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, re.IGNORECASE)
        return self._compiled

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self._get().search(text, pos)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self._get().match(text, pos)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self._get().finditer(text)

    def sub(self, repl: str, text: str, count: int = 0) -> str:
        return self._get().sub(repl, text, count=count)


def _rx(pattern: str) -> _Lazy:
    return _Lazy(pattern)


# Words that may stand between a cue and the term: "replace *the old* MySQL".
_FILLER = r"(?:(?:the|our|an?|any|its|their|old|legacy|current|existing|custom|hand-rolled|" \
          r"homemade|in-house|self-hosted|managed|local|plain|own|\w+-based)\s+)*"
_LEFT_BEFORE = _rx(
    r"(?:\bfrom|\breplac(?:e|es|ing)|\breplaced(?!\s+by\b)"
    r"|\b(?:swap|trade|exchange)(?:s|d|ped|ping|ing)?"
    r"|\binstead of|\brather than"
    r"|\baway from|\bmigrat\w* off|\bmov\w* off|\bdrop(?:s|ped|ping)?|\bretir(?:e|es|ed|ing)"
    r"|\bstop(?:s|ped)?\s+(?:using|issuing|running|minting|writing)|\bover|\bno more"
    r"|\bpreferred to|\bin preference to"
    r"|\bphas(?:e|ing) out)\s+" + _FILLER + r"(?:[\w-]+\s+)?$")
# Movement away only: what a rule-like effect can be "left" by (a comparison is not enough).
_AWAY_BEFORE = _rx(r"(?:\bfrom|\baway from|\bmov\w* off|\bdrop(?:s|ped|ping)?"
                   r"|\bretir(?:e|es|ed|ing)|\bstop(?:s|ped)?\s+\w+ing)\s+" + _FILLER + r"$")
# "from" leaves a term behind only in a clause that moves: "served from Postgres" does not.
_MOVEMENT = _rx(r"\b(?:switch\w*|mov(?:e|es|ed|ing)|migrat\w*|port(?:s|ed|ing)?|convert\w*"
                r"|transition\w*|chang\w*|go(?:es|ing)?|went)\b|\bfrom\b.*\bto\b|→|->")
_LEFT_AFTER = _rx(
    r"^\W*(?:→|->|=>|⇒)|^\s*(?:is\s+)?out\b|^\s*(?:\w+\s+){0,2}(?:is|are|was|were|gets|get)"
    r"\s+(?:being\s+)?replaced\b")
_NEGATORS = _rx(r"\b(?:no|not|never|without|avoid(?:ing)?|neither|nor|against|forbid\w*"
                r"|don't|doesn't|won't|cannot|can't|mustn't|shouldn't)\b")
_RESET = _rx(r"\b(?:but|instead|however|rather|only|so|then|except)\b|[;:(]")
_NEG_AFTER = _rx(
    r"^\W*(?:[\w.-]+\s+){0,2}(?:is|are|was|were|has been|have been)\s+(?:now\s+|also\s+)?"
    r"(?:not|no longer|never|forbidden|banned|prohibited|disallowed|deprecated|retired"
    r"|rejected|dropped|removed|discarded|abandoned|gone|phased out|being retired"
    r"|being phased out|being removed|out of scope|unsupported)\b"
    r"|^\W*(?:[\w.-]+\s+){0,2}(?:must not|may not|cannot|can't|should not|shouldn't|isn't"
    r"|aren't|won't|mustn't)\b"
    r"|^\W*(?:[\w.-]+\s+){0,2}(?:was|were)\s+(?:\w+\s+){0,3}(?:and\s+)?(?:rejected|discarded"
    r"|dropped|abandoned|ruled out)\b"
    r"|^\W*(?:[\w.-]+\s+){0,6}(?:but|and)\s+(?:then\s+)?(?:rejected|dropped|discarded"
    r"|abandoned|ruled out|decided against)\s+(?:it|them)\b")
_PERMIT_BEFORE = _rx(
    r"\b(?:may|can)\s+(?:still\s+|also\s+|keep\s+|continue\s+to\s+)?(?:use|using|keep|stay"
    r"|remain|run|store|go)\b|\b(?:is|are)\s+(?:also\s+)?(?:allowed|permitted)\s+to\b"
    r"|\b(?:fine|ok|okay|acceptable)\s+(?:for|to)\b")
_PERMIT_AFTER = _rx(
    r"^\W*(?:[\w.-]+\s+){0,2}(?:is|are)\s+(?:also\s+|still\s+)?(?:allowed|permitted|fine"
    r"|acceptable|ok|okay|tolerated)\b|^\W*(?:[\w.-]+\s+){0,2}(?:may|can)\s+(?:still\s+)?be"
    r"\s+used\b|^\W*(?:[\w.-]+\s+){0,4}(?:stays|remains)\s+(?:available\b|an?\s+(?:setting"
    r"|option|choice)\b)")
# A term used as a modifier of the thing worked on: "the JWT endpoints", "SQLite fixtures".
_OBJECT_AFTER = _rx(
    r"^[\s-]*(?:tests?|fixtures?|adapters?|clients?|drivers?|backups?|docs|documentation"
    r"|dumps?|dumper|endpoints?|middleware|migrations?|connections?|connection pool\w*"
    r"|pooling|instances|services?|versions?|support|bugs?|timeouts?|errors?|config\w*"
    r"|settings?|secrets?|expiry|callbacks?|scopes?|claims?|helpers?|libraries|library"
    r"|packages?|images?|containers?|credentials?|logs?|metrics|exporter|busy|locks?"
    r"|suite|job|plugin|extension|dialect|schema dumper|collation|charset|refresh|databases"
    r"|servers|clusters|replicas|hosts|nodes|scripts?|data|generators?|tooling|tools?"
    r"|quer(?:y|ies)|tables?|rows?|indexes|testcontainers?|dbfixtures?|dsn|urls?"
    # "a light grey background", "dark text": the colour of a thing, not a theme
    r"|grey|gray|backgrounds?|text|borders?|colou?rs?|shades?|fonts?|icons?|cards?|outlines?)\b")
# "the Postgres `COPY` command", "MySQL's JSON functions", "Postgres advisory locks": a
# feature of the engine, used where the engine already is; choosing it chooses nothing.
_FEATURE_AFTER = _rx(r"^\s*(?:'s\s+)?(?:`[^`]*`"
                     r"|(?:(?!(?:for|as|in|on|to|with|and|or|by|over|instead)\b)[\w-]+\s+){0,2}"
                     r"(?:commands?|functions?|features?|types?|syntax|operators?|locks?|triggers?"
                     r"|procedures?|sequences?|views?|enums?|arrays?|modules?|flags?)\b)")
# "instances running PostgreSQL 13", "databases using MySQL 5.7": other things described by
# what they run, not a choice of it.
_DESCRIBED_BEFORE = _rx(r"\b(?:instances?|clusters?|databases?|dbs|servers?|hosts?|nodes?"
                        r"|replicas?|apps?|applications?|services?|projects?|sites?|accounts?)"
                        r"\s+(?:(?:still|currently|already|that|which|are|is)\s+)*"
                        r"(?:running|using)\s+" + _FILLER + r"$")
# "sessions are stored in Redis", "sessions time out after an hour": data the system keeps,
# said of the term, not a choice of it.
_DATA_AFTER = _rx(r"^\s*(?:are|is)\s+(?:stored|kept|cached|read|written|persisted|saved"
                  r"|encrypted|shared|replicated)\b|^\s*(?:time out|expire|last|persist)\b")
# "the reporting Postgres replica", "a local instance of MySQL": one running instance named by
# its engine. Moving data to it or reading from it chooses nothing, unless the clause
# restricts or requires ("…must stay in the EU PostgreSQL cluster", "…the Aurora cluster
# only", "one cluster").
_INSTANCE_AFTER = _rx(r"^[\s-]*(?:cluster|server|replica|instance|host|box|node|primary)\b")
_INSTANCE_BEFORE = _rx(r"\b(?:cluster|server|replica|instance|host|box|node)s?\s+of\s+"
                       + _FILLER + r"$")
_RESTRICTS = _rx(r"\b(?:must|shall|only|always|never|required|single|one)\b")
# "unless their system asks for dark", "with a toggle for dark", "when using JWT cookies": an
# exception, an option offered beside the choice, or the condition of a rule about something
# else — not the choice.
_ASIDE_BEFORE = _rx(r"\b(?:unless|except (?:when|where|if))\b"
                    r"|\b(?:when|while|whenever|once)\s+(?:[\w'-]+\s+){0,3}$"
                    r"|\b(?:toggle|opt-in|setting)\s+for\s+" + _FILLER + r"$")
# "more work is needed to make the admin app use OIDC", "…required before the worker can use
# Postgres": the aim of work still to do, not a decision.
_AIM_BEFORE = _rx(r"\b(?:needed|required|necessary)\s+(?:to\s+(?:make|let|allow|enable|get)"
                  r"|before|so(?:\s+that)?)\b")
# "one admin instance per MySQL database": a unit of counting, not a choice.
_UNIT_BEFORE = _rx(r"\b(?:per|for each|for every)\s+" + _FILLER + r"$")
# The clause describes work done, not a rule: the leading verb after any commit prefix.
_PREFIX = re.compile(r"^\s*(?:\[[^\]]*\]\s*|[a-z]+(?:\([^)]*\))?!?:\s+|[\w.+ -]{1,30}:\s+"
                     r"(?=[a-z]))", re.IGNORECASE)
# Conventional-commit types that describe work by definition ("feat" may still decide).
_CONVENTIONAL = re.compile(r"^\s*(?:fix|chore|docs|test|tests|refactor|perf|ci|build|style"
                           r"|revert|deps)(?:\([^)]*\))?!?:", re.IGNORECASE)
_WORK = _rx(
    r"^\W*(?:fix(?:es|ed|ing)?|bump(?:s|ed)?|add(?:s|ed|ing)?|document(?:s|ed)?"
    r"|handle[sd]?|update[sd]?|upgrade[sd]?|remove[sd]?|delet(?:e|es|ed|ing)|test(?:s|ed)?"
    r"|cover(?:s|ed)?|refactor(?:s|ed)?|compare[sd]?|benchmark(?:s|ed)?|rename[sd]?|log(?:s|ged)?"
    r"|skip(?:s|ped)?|explain(?:s|ed)?|raise[sd]?|lower(?:s|ed)?|increase[sd]?|decrease[sd]?"
    r"|restore[sd]?|merge[sd]?|revert(?:s|ed)?|improve[sd]?|tweak(?:s|ed)?|clean(?:s|ed)?"
    r"|tidy|debug|investigate[sd]?|make[s]?(?!\s+(?:[\w-]+\s+){1,3}the\s+default\b)"
    r"|disable[sd]?|enable[sd]?|implement(?:s|ed)?"
    r"|deploy(?:s|ed)?|install(?:s|ed)?|configure[sd]?|mention(?:s|ed)?|reword|wip"
    r"|initial|create[sd]?|extract(?:s|ed)?|split|cleanup|toggle|bugfix|hotfix|refresh(?:es|ed)?)\b")
# Verbs that work *on* a rule's subject rather than set it ("move the integration tests",
# "pass the required keys to the e2e tests").
_OPERATE = _rx(r"^\W*(?:move[sd]?|run[s]?|rerun|split|mark|tag|retry|quarantine|pass(?:es|ed)?"
               r"|feed(?:s)?)\b")
# "required by the e2e tests", "needed by the integration suite": the rule's subject is what
# requires something, not what is required.
_AGENT_BEFORE = _rx(r"\b(?:required|needed|used|expected)\s+by\s+(?:the\s+|our\s+)?"
                    r"(?:[\w-]+\s+){0,2}$")
# "used in the integration tests", "at the e2e test level", "as part of the e2e suite": the
# rule's term names where something happens, not what is required.
_PLACE_BEFORE = _rx(r"\b(?:in|inside|within|at|during|as part of|from|into)\s+"
                    r"(?:(?!(?:with|without|for|of|to|by|and|or|every|all|each|any|new)\b)"
                    r"[\w./-]+\s+){0,3}$")
# The same work reported as done to it: "the e2e suite was split", "tests were added".
_OPERATED = _rx(r"\b(?:was|were|has been|have been)\s+(?:\w+ly\s+)?(?:moved|split|added|rewritten"
                r"|regenerated|folded|merged|renamed|fixed|refactored|updated|upgraded|marked"
                r"|tagged|rerun|retried|quarantined|skipped|reorganised|reorganized|restructured"
                r"|extracted|sharded|parallelised|parallelized|reworked|cleaned up|sped up)\b"
                # ...and where or when it runs: "integration tests run in CI on every PR"
                r"|\b(?:run|runs|are run|is run)\s+(?:in|on|against|before|after|nightly"
                r"|in parallel)\b")
_PAST = _rx(r"\b(?:used to|until (?:19|20)\d\d|in (?:19|20)\d\d|previously|originally"
            r"|earlier|formerly|the first version|at first|back then|last (?:year|month)"
            r"|was using|were using|we used|had used)\b")
_HYPOTHETICAL = _rx(r"\?|\b(?:if|maybe|perhaps|might|could|would|whether|either"
                    r"|plan(?:s|ned|ning)? to|the plan is"
                    r"|to be decided|not decided|undecided|open question|tbd|some day"
                    r"|at some point|wondering|let's discuss|nice to)\b")
_OPTIONS = _rx(r"(?<!chosen )\b(?:options?|alternatives?|considered|evaluated|compared?"
               r"|candidates|both|as well as|trade-?offs?|pros and cons|versus|vs\.?"
               r"|looked at|tried|trialled|piloted)\b")
# An explicit decision outweighs the options it was chosen from.
_DECIDED = _rx(r"\b(?:decided|chose|chosen|settled on|selected|picked|went with|agreed)\b")
_CANCEL = _rx(r"\b(?:no longer|not required|not needed|no need|optional|rejected|discarded"
              r"|postponed|deferred|dropped|abandoned|reverted|lifted|not a goal|tried"
              r"|were removed|was removed|bypass\w*|exempt\w*|exceptions?)\b")
# What makes free text in a commit message a decision rather than a note about work.
_DIRECTIVE = _rx(
    r"\b(?:must|shall|never|always|only|required|requires?|needs?|should|prefer(?:s|red)?"
    r"|favou?r(?:s|ed)?|default(?:s)? to|by default|use|uses|using|adopt\w*|choose|chose"
    r"|chosen|switch\w*|mov(?:e|es|ed|ing)\b.{0,40}\bto|migrat\w*|standardi[sz]\w*|go with"
    r"|replac\w*|swap\w*|trad(?:e|es|ed|ing)|instead of|rather than|in favou?r of|retir\w*"
    r"|drop\w*|stop\w*|no more|from now on|going forward|henceforth|let'?s|gate\w*|apply"
    r"|throttle|serve|load|expose|return|keep|may|can|allowed|permitted|fine for|chang\w*)\b"
    r"|\bfrom\b.{0,60}\bto\b|→|->")


# In a commit message a value counts only where the sentence acts on it: the cue governs
# the term itself ("switch to X", "X only"), not merely stands somewhere in the sentence.
_ACTS_BEFORE = _rx(
    r"(?:\b(?:use|uses|using|adopt\w*|standardi[sz]e\w* on|go(?:es|ing)? with|go(?:es)? (?:in)?to"
    r"|in favou?r of"
    r"|prefer\w*|require[sd]?|choose|chose|runs? on|must be|should be"
    r"|(?:switch|mov|migrat|chang|convert|port|default)\w*(?:\s+[\w-]+){0,3}\s+(?:to|onto))"
    r"|→|->|=>)\s+" + _FILLER + r"$")
_ACTS_AFTER = _rx(r"^[\s,]*(?:only|everywhere|instead of|rather than|over|in favou?r of"
                  r"|the default"
                  r"|by default|as (?:the )?default|is (?:now )?(?:required|mandatory|the default)"
                  r"|from now on|going forward)\b")
# After a term left behind, the replacement: "swap A for B", "replace A with B", "A out, B in".
_REPLACEMENT_BEFORE = _rx(r"\b(?:for|with|to|by)\s+" + _FILLER + r"$|,\s*$")
# Strong modals only: "all", "each", "only" and "need" are everyday words in a commit body.
_RULE_MODAL = _rx(
    r"\b(?:must|never|always|required|requires?|mandatory|enforc(?:e|es|ed|ing)"
    r"|prefer(?:s|red|ably)?|going forward|from now on|henceforth)\b")
_RULE_IMPERATIVE = _rx(r"^\W*(?:use|load|serve|apply|adopt|require|gate|throttle|enforce|keep)\b")


# "we authenticate with X", "log in via X" — a means named under a rule-making modal.
_MEANS_BEFORE = _rx(r"\b(?:with|via|through|using|on)\s+" + _FILLER + r"$")
_MODAL = _rx(r"\b(?:must|should|always|never|for now|from now on|going forward|required"
             r"|henceforth|by default)\b")


# "an image for postgres", "the driver of MySQL": the term is what something else is for.
_PURPOSE_BEFORE = _rx(r"\b(?:for|of)\s+" + _FILLER + r"$")


# A commit line that describes the thing the commit adds: no subject ("Uses Postgres 9.6.")
# or a pronoun, perhaps after an opening phrase ("To keep setup simple, it uses SQLite"),
# then a verb in the third person.
_DESCRIBES = _rx(r"^\W*(?:[^,;]{1,60},\s*(?=it|this|that|they))?"
                 r"(?:(?:it|this|that|they)\s+(?:(?:now|also|still|only|already|\w+ly)\s+)?)?"
                 r"(?:uses|runs|stores|talks|relies|needs|works|connects|reads|writes|keeps"
                 r"|supports|depends|speaks|authenticates|sits|lives)\b")


def acts_on(clause: Clause, start: int, end: int, left_before: bool) -> str:
    """The cue by which a commit message's clause acts on the term at [start, end), or ""."""
    if _DESCRIBES.match(_PREFIX.sub("", clause.text, count=1)):
        return ""
    before, after = clause.text[:start], clause.text[end:]
    if not left_before and _PURPOSE_BEFORE.search(before):
        return ""
    for found in (_ACTS_BEFORE.search(before), _ACTS_AFTER.match(after)):
        if found is not None:
            return found.group(0).strip()
    modal = _MODAL.search(clause.text)
    if modal is not None and (found := _MEANS_BEFORE.search(before)) is not None:
        return f"{modal.group(0)} … {found.group(0).strip()}"
    if left_before and (found := _REPLACEMENT_BEFORE.search(before)) is not None:
        return f"replacement ({found.group(0).strip() or ','})"
    if left_before and re.match(r"^[\s,]*in\b", after):
        return "replacement (out ... in)"
    return ""


def rule_directive(clause: Clause) -> str:
    """The modal or leading imperative by which a commit message sets a rule, or ""."""
    found = _RULE_MODAL.search(clause.text) or _RULE_IMPERATIVE.search(
        _PREFIX.sub("", clause.text, count=1))
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
    lead = re.match(r"^\W*(?:merge|revert)\b", body, re.IGNORECASE) or _CONVENTIONAL.match(body)
    work = lead or _WORK.search(_PREFIX.sub("", body, count=1))
    options = _OPTIONS.search(body) if not _DECIDED.search(body) else None
    for name, found in (("work", work),
                        ("past", _PAST.search(body)), ("hypothetical", _HYPOTHETICAL.search(body)),
                        ("options", options)):
        if found:
            mode, cue = name, found.group(0).strip()
            break
    directive = _DIRECTIVE.search(body)
    cancel = _CANCEL.search(body)
    return Clause(body, mode, cue, directive.group(0) if directive else "",
                  cancel.group(0) if cancel else "")


def operates_on_rule(clause: Clause) -> str:
    """The verb when a clause works on a rule's subject ("move the integration tests", "the
    e2e suite was split in two")."""
    found = _OPERATE.search(_PREFIX.sub("", clause.text, count=1)) or _OPERATED.search(clause.text)
    return found.group(0).strip() if found else ""


def judge_value(clause: Clause, start: int, end: int,
                previous: tuple[int, Polarity, str] | None = None, value: str = "") -> Judged:
    """How the clause treats the value mentioned at [start, end).

    `previous` is where the value mentioned before it in the same clause ends, and how that
    one was judged: a negator covers the first term after it, and a list that goes on
    from a negated term ("no MySQL or SQLite") stays negated. "Over" leaves a term behind
    only after another value ("Postgres over MySQL", not "Keycloak over OpenID Connect").
    """
    if clause.mode:
        return Judged(Polarity.MENTIONED, f"{clause.mode}: {clause.mode_cue}")
    before, after = clause.text[:start], clause.text[end:]
    if (found := _OBJECT_AFTER.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"names the {found.group(0).strip()}, not a choice")
    if (found := _DATA_AFTER.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"data the system keeps ({found.group(0).strip()})")
    if (found := _FEATURE_AFTER.match(after)) is not None:
        return Judged(Polarity.MENTIONED, f"a feature of it ({found.group(0).strip()}), not a "
                      "choice")
    if (found := _DESCRIBED_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"describes other things ({found.group(0).strip()})")
    instance = _INSTANCE_AFTER.match(after) or _INSTANCE_BEFORE.search(before)
    if instance is not None and not _RESTRICTS.search(clause.text):
        return Judged(Polarity.MENTIONED,
                      f"names one instance ({instance.group(0).strip(' -')}), not an engine")
    if (found := _ASIDE_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"an aside, not the choice ({found.group(0).strip()})")
    if (found := _AIM_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"the aim of work still needed ({found.group(0)})")
    if (found := _UNIT_BEFORE.search(before)) is not None:
        return Judged(Polarity.MENTIONED, f"counts by it ({found.group(0).strip()})")
    if (found := _LEFT_BEFORE.search(before)) is not None and _leaves(
            found.group(0).lower(), clause, previous, value):
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := _LEFT_AFTER.match(after)) is not None:
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := _NEG_AFTER.match(after)) is not None:
        return Judged(Polarity.NEGATED, found.group(0).strip())
    negator = _last_negator(before, previous[0] if previous else -1)
    if negator:
        return Judged(Polarity.NEGATED, negator)
    if previous and previous[1] is Polarity.NEGATED and re.fullmatch(
            r"[\s,]*(?:or|nor|and|/|,)?[\s,]*" + _FILLER, before[previous[0]:]):
        return Judged(Polarity.NEGATED, "a list after a negation")
    if (found := _PERMIT_AFTER.match(after)) is not None:
        return Judged(Polarity.PERMITTED, found.group(0).strip())
    permit = list(_PERMIT_BEFORE.finditer(before))
    if permit:
        return Judged(Polarity.PERMITTED, permit[-1].group(0).strip())
    return Judged(Polarity.AFFIRMED, clause.directive)


def _leaves(cue: str, clause: Clause, previous: tuple[int, Polarity, str] | None,
            value: str) -> bool:
    if cue.startswith("from"):
        return _MOVEMENT.search(clause.text) is not None
    if cue.startswith("over"):
        return previous is not None and previous[2].lower() != value.lower()
    return True


def judge_rule(clause: Clause, start: int) -> Judged:
    """How the clause treats a rule-like subject ("rate limiting", "internal ids").

    Negation is part of such rules ("never expose internal ids"), so it does not flip them;
    what lifts them is an explicit cancel ("no longer required"), movement away from them,
    or a clause that only works on them.
    """
    if clause.mode:
        return Judged(Polarity.MENTIONED, f"{clause.mode}: {clause.mode_cue}")
    if verb := operates_on_rule(clause):
        return Judged(Polarity.MENTIONED, f"work: {verb}")
    if clause.cancel:
        return Judged(Polarity.NEGATED, clause.cancel)
    if (found := _AWAY_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.LEFT, found.group(0).strip())
    if (found := _AGENT_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.MENTIONED, f"it is what requires ({found.group(0).strip()})")
    if (found := _PLACE_BEFORE.search(clause.text[:start])) is not None:
        return Judged(Polarity.MENTIONED, f"names where, not the rule ({found.group(0).strip()})")
    return Judged(Polarity.AFFIRMED, clause.directive)


def _last_negator(before: str, previous_end: int) -> str:
    """The nearest negator before a term within six words, unless something resets it or
    another term stands between (the negator is that term's)."""
    found = list(_NEGATORS.finditer(before))
    if not found or found[-1].start() < previous_end:
        return ""
    last = found[-1]
    between = before[last.end():]
    if _RESET.search(between) or len(between.split()) > 6:
        return ""
    return last.group(0)


_CLAUSE_SPLIT = re.compile(r";|\s[—–]\s|\s--\s|,\s+but\s|\.\s+(?=[A-Z])")


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
