"""The cue words polarity reads: the product's grammar of decisions, as patterns.

Each constant is a family of cues with the examples it was written for; `polarity.py`
decides with them. The trigger vocabulary (the words that make a rule) is spelled once, at
the top; the cues that place a domain's nouns ("the Postgres replica") take them from the
packs (`Cues`, at the end). Patterns are compiled on first use (see `Lazy`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from intentlint.reading.rulebook import Lexicon


class Lazy:
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

    def split(self, text: str) -> list[str]:
        return self._get().split(text)


def rx(pattern: str) -> Lazy:
    return Lazy(pattern)


def words(*families: str) -> str:
    """`\\b(?:a|b|...)\\b` of word families: how each cue below takes the trigger vocabulary.
    A word inside a hyphenated compound is not the cue: "a drop-down menu" drops nothing,
    "a must-have" obliges no one, a "use-case" uses nothing, `vite-env-only` restricts
    nothing."""
    return r"\b(?<!\w-)(?:" + "|".join(families) + r")\b(?!-\w)"


# --- The trigger vocabulary ----------------------------------------------------------------
# The words by which a text makes a rule, each spelled once. The cues below (and the kinds
# and triggers of `recognise`) take the families they need; git's prefilter of commit
# messages (`sources.commits.GREP_TRIGGERS`, plain strings) lets every trigger through.
OBLIGES = "must|never|always"
REQUIRED = "required"
REQUIRES = "requires?"
SHALL = "shall"
MANDATORY = "mandatory"
PREFERS = "prefer(?:s|red)?"
PREFERABLY = "preferably"
SHOULD = "should"
FAVOURS = "favou?r(?:s|ed)?"
HENCEFORTH = "going forward|from now on|henceforth"
FOR_NOW = "for now"
BY_DEFAULT = "by default"
# The trigger phrases of the published experiment: a sentence with one is a candidate.
TRIGGER = rx(words(OBLIGES, REQUIRED, REQUIRES, PREFERS, SHOULD, "migrating|migrate",
                   "let'?s use|let us use|default", FOR_NOW))
# What makes a decision a constraint (it blocks), or a preference (it warns).
CONSTRAINT = rx(words(OBLIGES, REQUIRED, REQUIRES, "only|not allowed|forbidden"))
PREFERENCE = rx(words(PREFERS, PREFERABLY, SHOULD, FAVOURS, "ideally"))
# A commit's subject line says what the change does ("Use MySQL in production"); its body
# explains it. A decision in the body says so. Not "required": in a body it explains a need
# ("this is required so the e2e tests can run"); six replayed bodies said so and none decided.
STATES_DECISION = rx(words(
    OBLIGES, SHALL, SHOULD, MANDATORY, PREFERS, HENCEFORTH, "decided|decision|agreed",
    "we will|we'll|we are (?:switching|moving|migrating|adopting|standardi[sz]ing)",
    "we're (?:switching|moving|migrating|adopting|standardi[sz]ing)|standardi[sz]e\\w*",
    "let's|let us"))


# Words that may stand between a cue and the term: "replace *the old* MySQL".
FILLER = r"(?:(?:the|our|an?|any|both|its|their|old|legacy|current|existing|custom|hand-rolled|" \
          r"homemade|in-house|self-hosted|managed|local|plain|own|\w+-based)\s+)*"
LEFT_BEFORE = rx(
    r"(?:\bfrom|\breplac(?:e|es|ing)|\breplaced(?!\s+by\b)"
    r"|\b(?:swap|trade|exchange)(?:s|d|ped|ping|ing)?"
    r"|\binstead of|\brather than"
    # "Instead of relying on remix-auth …, we'll manage it ourselves" (epicweb-dev/epic-stack)
    r"|\b(?:instead of|rather than)\s+(?:relying|depending)\s+(?:up)?on"
    r"|\baway from|\bmigrat\w* off|\bmov\w* off|\bdrop(?:s|ped|ping)?|\bretir(?:e|es|ed|ing)"
    r"|\bstop(?:s|ped)?\s+(?:using|issuing|running|minting|writing)|\bover|\bno more"
    r"|\bpreferred to|\bin preference to"
    r"|\bphas(?:e|ing) out)\s+" + FILLER
    # ... and a name in brackets glossing what is left: "Move from static builds (Gatsby)"
    # (openedx/frontend-app-learner-portal-enterprise's ADR 3, round 31)
    + r"(?:[\w-]+\s+|(?:[\w-]+\s+){0,2}[\w-]+\s*\(\s*[`'\"*_]*)?$")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'"})  # ’ and ʼ, written for '


def plain_apostrophes(text: str) -> str:
    """`text` with typographic apostrophes written plainly ("doesn’t" → "doesn't"), as the
    cues spell contractions; the same length, so offsets hold."""
    return text.translate(_APOSTROPHES)


# Movement away only: what a rule-like effect can be "left" by (a comparison is not enough).
AWAY_BEFORE = rx(r"(?:\bfrom|\baway from|\bmov\w* off|\bdrop(?:s|ped|ping)?"
                   r"|\bretir(?:e|es|ed|ing)|\bstop(?:s|ped)?\s+\w+ing)\s+" + FILLER + r"$")
# "from" leaves a term behind only in a clause that moves: "served from Postgres" does not.
MOVEMENT = rx(r"\b(?:switch\w*|mov(?:e|es|ed|ing)|migrat\w*|port(?:s|ed|ing)?|convert\w*"
                r"|transition\w*|chang\w*|go(?:es|ing)?|went)\b|\bfrom\b[^.;:]{1,60}?\bto\b|→|->")
# Two arrows or more draw a flow ("REST API -> Kafka -> worker -> Kafka"), not one value
# replacing another ("MySQL -> PostgreSQL").
FLOW = rx(r"(?:→|->|=>|⇒)[^→>⇒]{1,80}(?:→|->|=>|⇒)")
# A markdown table's row is read cell by cell, never as one sentence.
TABLE_ROW = rx(r"^[ \t]*\|")
_CELL_BORDER = rx(r"(?<!\\)\|")


def table_cells(row: str) -> list[str]:
    """The cells of a markdown table row, spaces folded; none for the rule under the
    header ("|---|:-:|")."""
    return [" ".join(cell.split()) for cell in _CELL_BORDER.split(row.strip().strip("|"))
            if cell.strip(" \t:-")]


# The object of a swap verb whatever describes it, up to the replacement's preposition:
# "replace *self hosted Jenkins* with Concourse" (FILLER cannot list every description); a
# preposition between makes the term a place, not the object ("replace the jobs in Django").
SWAP_OBJECT_BEFORE = rx(r"\b(?:replac(?:e|es|ing)|replaced(?!\s+by\b)|swap(?:s|ped|ping)?"
                        r"|substitut(?:e|es|ed|ing))\s+(?:(?!(?:with|by|for|in|of|on|at|from|to|into|inside"
                        r"|within|under|across|between|and|or)\b)[\w-]+\s+){0,4}$")
SWAP_PLACE_BEFORE = rx(r"\b(?:replac\w*|swap\w*|substitut\w*)\s+(?:(?!(?:with|by|for)\b)[\w-]+\s+)"
                       r"{0,4}?(?:in|of|on|at|inside|within|across)\s+" + FILLER + r"$")
REPLACEMENT_AFTER = rx(r"^[\w\s-]{0,40}?\b(?:with|by|for)\s")
LEFT_AFTER = rx(
    # an arrow that ends its line introduces what follows, as a colon does ("can be made to
    # work using the `dyn-clone` crate ->" over a code block; cosmos/ibc-rs's ADR 004)
    r"^\W*(?:→|->|=>|⇒)(?![ \t]*(?:\n|$))|^\s*(?:is\s+)?out\b"
    r"|^\s*(?:\w+\s+){0,2}(?:is|are|was|were|gets|get)"
    r"\s+(?:being\s+)?replaced\b"
    # "Redux replacement" (a title): what replaces it. Not "the Angular deprecation", "the
    # X removal", which another project may do (jaegertracing/jaeger's ADR 7: Grafana's)
    r"|^[`'\"*_]*\s+replacement\b")
# "Against" rules out only after a verb of choosing or arguing ("decided against JWT", "we
# are against MySQL"); "OIDC against our Okta tenant", "tested against PostgreSQL" name
# where a means leads.
# A word of an identifier is no negation: the `import/no-default-export` rule (farmhand's ADR
# 0003, dependency held-back set 12) negates no ESLint.
NEGATORS = rx(r"\b(?<![-/])(?:no|not|never|without|avoid(?:ing)?|neither|nor|forbid\w*"
              r"|(?:decid\w*|vot\w*|argu\w*|recommend\w*|advis\w*|cho(?:se|ose|sing)|spoke|speak\w*"
              r"|is|are|was|were|'re|am)\s+against"
              r"|don't|doesn't|didn't|won't|wouldn't|cannot|can't|couldn't|mustn't|shouldn't"
              r"|needn't)\b(?![-/]\w)")
RESET = rx(r"\b(?:but|instead|however|rather|only|so|then|except"
           # a clause of its own: "the risk of something not working when we switch to X"
           r"|when|whenever|while|once|until|unless|because|since|if)\b|[;:(]")
# A negation right after a name, a word or two of its own between ("Moment.js library is not");
# a noun phrase opened by a determiner is another subject ("For S3, GCS and Azure the sub-type
# is not a Jackson path segment", camunda/connectors, round 39).
_OWN_WORDS = r"(?:(?!(?:the|a|an|this|that|these|those|its|their|our)\s)[\w.-]+\s+){0,2}"
NEG_AFTER = rx(
    r"^\W*" + _OWN_WORDS + r"(?:is|are|was|were|has been|have been)\s+(?:now\s+|also\s+)?"
    r"(?:not|no longer|never|forbidden|banned|prohibited|disallowed|deprecated|retired"
    r"|rejected|dropped|removed|discarded|abandoned|gone|phased out|being retired"
    r"|being phased out|being removed|out of scope|unsupported)\b"
    r"|^\W*" + _OWN_WORDS + r"(?:isn't|aren't)\b"
    # a modal negation bans where it is of being, using or holding it ("MySQL must not be
    # used", "SQLite cannot store customer data"), not where it tells what the thing does
    # ("Contentful won't send a CSRF token", DFE-Digital/early-years-foundation-recovery,
    # round 23)
    r"|^\W*" + _OWN_WORDS + r"(?:must not|may not|cannot|can't|should not|shouldn't|won't"
    r"|mustn't)(?=\s*(?:$|[.;,:)])|\s+(?:\w+ly\s+|ever\s+|again\s+|yet\s+)?(?:be|been|use"
    r"|used|run|store|hold|serve|stay|remain|appear|return|come|ship|reach|handle|talk)\b)"
    r"|^\W*" + _OWN_WORDS + r"(?:was|were)\s+(?:\w+\s+){0,3}(?:and\s+)?(?:rejected|discarded"
    r"|dropped|abandoned|ruled out)\b"
    r"|^\W*(?:[\w.-]+\s+){0,6}(?:but|and)\s+(?:then\s+)?(?:rejected|dropped|discarded"
    r"|abandoned|ruled out|decided against)\s+(?:it|them)\b")
PERMIT_BEFORE = rx(
    r"\b(?:may|can)\s+(?:still\s+|also\s+|keep\s+|continue\s+to\s+)?(?:use|using|keep|stay"
    r"|remain|run|store|go)\b|\b(?:is|are)\s+(?:also\s+)?(?:allowed|permitted)\s+to\b"
    r"|\b(?:fine|ok|okay|acceptable)\s+(?:for|to)\b")
PERMIT_AFTER = rx(
    r"^\W*(?:[\w.-]+\s+){0,2}(?:is|are)\s+(?:also\s+|still\s+)?(?:allowed|permitted|fine"
    r"|acceptable|ok|okay|tolerated)\b|^\W*(?:[\w.-]+\s+){0,2}(?:may|can)\s+(?:still\s+)?be"
    r"\s+used\b|^\W*(?:[\w.-]+\s+){0,4}(?:stays|remains)\s+(?:available\b|an?\s+(?:setting"
    r"|option|choice)\b)")
# "sessions are stored in Redis", "sessions time out after an hour": data the system keeps,
# said of the term, not a choice of it.
DATA_AFTER = rx(r"^\s*(?:are|is)\s+(?:stored|kept|cached|read|written|persisted|saved"
                  r"|encrypted|shared|replicated)\b|^\s*(?:time out|expire|last|persist)\b")
RESTRICTS = rx(r"\b(?:must|shall|only|always|never|required|single|one)\b")
# A value in code form or quotes after "named"/"called" is the name given to a part of the
# code ("add another module named `sqlite`", zorigami's design note, round 31), not a choice.
NAMED_BEFORE = rx(r"\b(?:named|called)\s+[`'\"]+$")
# A value supported is one more the project works with, not the one it chooses: "Support
# SQLite", "add support for MySQL" (nlfiedler/zorigami's design note keeps RocksDB as the
# default beside it and bound "SQLite only", round 31). "Only" still restricts.
SUPPORTED_BEFORE = rx(r"\b(?:add(?:s|ed|ing)?\s+)?support(?:s|ed|ing)?(?:\s+for)?\s+"
                      + FILLER + r"[`'\"*_]*$")
# "Use SeaORM to interact with the SQLite database" (prose-im/prose-pod-api, round 34): a
# value in what the chosen thing is for, after it, is where the choice works, not a choice.
PURPOSE_OF_CHOICE_BEFORE = rx(
    r"\b(?:use|using|adopt\w*|introduc\w*|choos\w*|chose|pick\w*)\s+(?:(?:the|an?|our)\s+)?"
    r"[^\s,;:]+(?:\s+[^\s,;:]+)?\s+to\s+\w+\s+(?:\w+\s+){0,3}$")
# "In PostgreSQL, use `timestamptz` columns", "For MySQL databases, set utf8mb4": a value in a
# phrase fronted before the comma says where the rule that follows applies, not what is
# chosen (croz-ltd/klokwrk-project's UTC-timestamp ADR bound "PostgreSQL only"; round 24).
FRONTED_PLACE_BEFORE = rx(r"^\W*(?:in|for|on|with|under)\s+(?:the\s+|a\s+|an\s+|our\s+)?$")
FRONTED_PLACE_AFTER = rx(r"^(?:\s+[\w-]+){0,2}\s*,\s+(?![\w\s]{0,12}\b(?:and|or)\b)")
# "unless their system asks for dark", "with a toggle for dark", "when using JWT cookies": an
# exception, an option offered beside the choice, or the condition of a rule about something
# else — not the choice.
ASIDE_BEFORE = rx(r"\b(?:unless|except (?:when|where|if))\b"
                    r"|\b(?:when|while|whenever|once)\s+(?:[\w'-]+\s+){0,3}$"
                    r"|\b(?:toggle|opt-in|setting)\s+for\s+" + FILLER + r"$")
# "more work is needed to make the admin app use OIDC", "…required before the worker can use
# Postgres": the aim of work still to do, not a decision.
AIM_BEFORE = rx(r"\b(?:needed|required|necessary)\s+(?:to\s+(?:make|let|allow|enable|get)"
                  r"|before|so(?:\s+that)?)\b")
# "Change the way log in SSO in web", "improve how we deploy to Heroku": a procedure changed,
# whose subject is already there, not a value chosen (linagora/twake-on-matrix, round 22).
PROCEDURE_BEFORE = rx(r"\b(?:chang|modif|updat|improv|fix|adjust|rework|revis|simplif|streamlin)"
                      r"\w*\s+(?:the\s+|our\s+)?(?:way|ways|how|flow|process|steps)\b[^.;:]*$")
# "one admin instance per MySQL database": a unit of counting, not a choice.
UNIT_BEFORE = rx(r"\b(?:per|for each|for every)\s+" + FILLER + r"$")
# The clause describes work done, not a rule: the leading verb after any commit prefix.
PREFIX = re.compile(r"^\s*(?:\[[^\]]*\]\s*|[a-z]+(?:\([^)]*\))?!?:\s+|[\w.+ -]{1,30}:\s+"
                     r"(?=[a-z]))", re.IGNORECASE)
# Conventional-commit types that describe work by definition ("feat" may still decide).
CONVENTIONAL = re.compile(r"^\s*(?:fix|chore|docs|test|tests|refactor|perf|ci|build|style"
                           r"|revert|deps)(?:\([^)]*\))?!?:", re.IGNORECASE)
WORK = rx(
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
OPERATE = rx(r"^\W*(?:move[sd]?|run[s]?|rerun|split|mark|tag|retry|quarantine|pass(?:es|ed)?"
               r"|feed(?:s)?)\b")
# "required by the e2e tests", "needed by the integration suite": the rule's subject is what
# requires something, not what is required.
AGENT_BEFORE = rx(r"\b(?:required|needed|used|expected)\s+by\s+(?:the\s+|our\s+)?"
                    r"(?:[\w-]+\s+){0,2}$")
# "Replace Jest due to a breaking change in the client", "because of the MySQL licence":
# what a cause phrase names is why something was decided, not what was decided.
CAUSE_BEFORE = rx(r"\b(?:due to|because of|owing to|as a result of|thanks to|caused by"
                  r"|in (?:response|reaction) to)\s+[^,;:.]{0,80}$")
# "used in the integration tests", "at the e2e test level", "as part of the e2e suite": the
# rule's term names where something happens, not what is required.
PLACE_BEFORE = rx(r"\b(?:in|inside|within|at|during|as part of|from|into)\s+"
                    r"(?:(?!(?:with|without|for|of|to|by|and|or|every|all|each|any|new)\b)"
                    r"[\w./-]+\s+){0,3}$")
# The same work reported as done to it: "the e2e suite was split", "tests were added".
OPERATED = rx(r"\b(?:was|were|has been|have been)\s+(?:\w+ly\s+)?(?:moved|split|added|rewritten"
                r"|regenerated|folded|merged|renamed|fixed|refactored|updated|upgraded|marked"
                r"|tagged|rerun|retried|quarantined|skipped|reorganised|reorganized|restructured"
                r"|extracted|sharded|parallelised|parallelized|reworked|cleaned up|sped up)\b"
                # ...and where or when it runs: "integration tests run in CI on every PR"
                r"|\b(?:run|runs|are run|is run)\s+(?:in|on|against|before|after|nightly"
                r"|in parallel)\b")
PAST = rx(r"\b(?:used to|until (?:19|20)\d\d|in (?:19|20)\d\d|previously|originally"
            # "for the first version" is what a choice is made for, not the past
            r"|earlier|formerly|(?<!for )the first version|at first|back then"
            r"|last (?:year|month)"
            r"|was using|were using|we used|had used)\b")
HYPOTHETICAL = rx(r"\?|\b(?:if|maybe|perhaps|likely|possibly|probably|might|could|would"
                    r"|whether|either"
                    r"|plan(?:s|ned|ning)? to|the plan is"
                    r"|to be decided|not decided|undecided|open question|tbd|some day"
                    r"|at some point|wondering|let's discuss|nice to"
                    # "future efforts will be directed toward exploring … using GitHub
                    # Actions" (envoyproxy/gateway's fuzzing design, round 28)
                    r"|future (?:work|efforts?)|explor(?:e|es|ed|ing) (?:the |how |whether )"
                    r"|investigat(?:e|es|ed|ing) (?:the |how |whether ))\b")
# "an alternative to X" says what a choice stands beside; "alternatives" are options.
OPTIONS = rx(r"(?<!chosen )\b(?:options?|alternative(?!\s+to\b)|alternatives|considered"
               r"|evaluated|compared?|candidates|both|as well as|trade-?offs?|pros and cons"
               r"|versus|vs\.?|looked at|tried|trialled|piloted)\b")
# An explicit decision outweighs the options it was chosen from.
# ... and "the decision has been made to transition from bun to pnpm" (Sergih28/groc's ADR 7,
# round 40), after "evaluating the compatibility challenges".
DECIDED = rx(r"\b(?:decided|chose|chosen|settled (?:on|upon)|selected|picked|went with"
              r"|agreed|decision (?:has been|was|is|had been) (?:made|taken))\b")
CANCEL = rx(r"\b(?:no longer|not required|not needed|no need|optional|rejected|discarded"
              r"|postponed|deferred|dropped|abandoned|reverted|lifted|not a goal|tried"
              r"|were removed|was removed|bypass\w*|exempt\w*|exceptions?)\b")
# "needs" is a noun after a possessive or an article: "aligns with our project's needs and
# recommendations for … the Astro framework" (Sergih28/groc's ADR 9, round 40) needs nothing.
NEEDS = r"(?<!'s )(?<!\bour )(?<!\bits )(?<!\bthe )(?<!\bmy )(?<!\byour )(?<!\btheir )needs?"
# What makes free text in a commit message a decision rather than a note about work.
DIRECTIVE = rx(words(
    OBLIGES, SHALL, "only", REQUIRED, REQUIRES, NEEDS, SHOULD, PREFERS, FAVOURS,
    "default(?:s)? to", BY_DEFAULT,
    r"use|uses|using|utili[sz](?:e|es|ed|ing)|adopt\w*|choose|chose|chosen|switch\w*"
    r"|mov(?:e|es|ed|ing)\b.{0,40}\bto"
    r"|migrat\w*|standardi[sz]\w*|go with|start(?:s|ing)? with|replac\w*|swap\w*"
    r"|trad(?:e|es|ed|ing)|instead of"
    r"|rather than|in favou?r of|retir\w*|drop\w*|stop\w*|no more"
    r"|settled? (?:on|upon)|decided on|went with|opt(?:s|ed|ing)? for|go(?:ing)? for"
    r"|stick(?:s|ing)? (?:to|with)|stay(?:s|ing)? with"
    r"|went for|pick(?:s|ed)?(?!\s+up\b)", HENCEFORTH,  # not "pick up" (learn) nor "the same
    # goes for X" (applies to)
    r"let'?s|gate\w*|apply|throttle|serve|load|expose|return|keep|may|can|allowed|permitted"
    r"|fine for|chang\w*") + r"|\bfrom\b.{0,60}\bto\b|→|->")


# In a commit message a value counts only where the sentence acts on it: the cue governs
# the term itself ("switch to X", "X only"), not merely stands somewhere in the sentence.
ACTS_BEFORE = rx(
    r"(?:\b(?:use|uses|using|utili[sz](?:e|es|ed|ing)|adopt\w*|standardi[sz]e\w* on"
    r"|go(?:es|ing)? with|go(?:es)? (?:in)?to"
    r"|start(?:s|ing)? with"
    r"|in favou?r of"
    r"|prefer\w*|require[sd]?|choose|chose|runs? on|must be|should be"
    r"|(?:switch|mov|migrat|chang|convert|port|default)\w*(?:\s+[\w-]+){0,3}\s+(?:to|onto))"
    r"|→|->|=>)\s+" + FILLER + r"$")
ACTS_AFTER = rx(r"^[\s,]*(?:only|everywhere|instead of|rather than|over|in favou?r of"
                  r"|the default"
                  r"|by default|as (?:the )?default|is (?:now )?(?:required|mandatory|the default)"
                  r"|from now on|going forward)\b")
# After a term left behind, the replacement: "swap A for B", "replace A with B", "A out, B in".
REPLACEMENT_BEFORE = rx(r"\b(?:for|with|to|by)\s+" + FILLER + r"$|,\s*$")
# Strong modals only: "all", "each", "only" and "need" are everyday words in a commit body.
RULE_MODAL = rx(words(OBLIGES, REQUIRED, REQUIRES, MANDATORY, "enforc(?:e|es|ed|ing)", PREFERS,
                      PREFERABLY, HENCEFORTH))
RULE_IMPERATIVE = rx(r"^\W*(?:use|load|serve|apply|adopt|require|gate|throttle|enforce|keep)\b")


# "we authenticate with X", "log in via X" — a means named under a rule-making modal.
MEANS_BEFORE = rx(r"\b(?:with|via|through|using|on)\s+" + FILLER + r"$")
MODAL = rx(words(OBLIGES, SHOULD, FOR_NOW, HENCEFORTH, REQUIRED, BY_DEFAULT))


# "an image for postgres", "the driver of MySQL": the term is what something else is for.
PURPOSE_BEFORE = rx(r"\b(?:for|of)\s+" + FILLER + r"$")


# A commit line that describes the thing the commit adds: no subject ("Uses Postgres 9.6.")
# or a pronoun, perhaps after an opening phrase ("To keep setup simple, it uses SQLite"),
# then a verb in the third person.
DESCRIBES = rx(r"^\W*(?:[^,;]{1,60},\s*(?=it|this|that|they))?"
                 r"(?:(?:it|this|that|they)\s+(?:(?:now|also|still|only|already|\w+ly)\s+)?)?"
                 r"(?:uses|runs|stores|talks|relies|needs|works|connects|reads|writes|keeps"
                 r"|supports|depends|speaks|authenticates|sits|lives)\b")


# --- Cues whose nouns the packs name -------------------------------------------------------
# The grammar below says what a noun in a certain place does to a term ("the Postgres
# replica" names one instance); which nouns are an engine's parts, a theme's colours or a
# pipeline's credentials is each pack's `[vocabulary]` (`rulebook.Lexicon`). The generic
# nouns of software stay here.


def _words(generic: str, packs: tuple[str, ...]) -> str:
    """An alternation of the generic nouns (a regex) and the packs' words (literal; a space
    stands for any run of spaces)."""
    literal = [re.escape(w).replace(r"\ ", r"\s+") for w in packs]
    return "|".join([generic, *literal] if generic else literal) or r"(?!)"


# A term used as a modifier of the thing worked on: "the JWT endpoints", "SQLite fixtures".
_PARTS = (r"adapters?|clients?|drivers?|docs|documentation|services?|versions?|support|bugs?"
          r"|timeouts?|errors?|config\w*|settings?|helpers?|libraries|library|packages?|logs?"
          r"|metrics|exporter|job|plugin|extension|scripts?|data|generators?|tooling|tools?"
          r"|urls?|models?|templates?|forms?|components?|hooks?|definitions|typings|files"
          r"|changesets|stylesheets")
# "the Postgres `COPY` command", "MySQL's JSON functions", "Postgres advisory locks": a
# feature of the engine, used where the engine already is; choosing it chooses nothing.
_FEATURES = r"commands?|functions?|features?|types?|syntax|modules?|flags?"
# "instances running PostgreSQL 13", "databases using MySQL 5.7": other things described by
# what they run, not a choice of it.
_HOSTS = r"apps?|applications?|services?|projects?|sites?|accounts?"
# "the e2e api parameter", "the integration-test environment", "end-to-end test config": the
# rule's term modifying another thing names that thing, not the rule.
_RULE_PARTS = (r"params?|parameters?|helpers?|config\w*|settings?|environments?|envs?"
               r"|accounts?|runners?|data|jobs?|levels?|clients?|tooling|tools?|frameworks?"
               r"|librar(?:y|ies)|dependencies|deps|reports?|results?|logs?|timeouts?|buckets?"
               r"|users?|shims?")
# Where a clause names the environment it decides for: "in the tests", "for local
# development", or the environment opening the clause ("CI runs ...").
_ENVIRONMENT_BEFORE = (r"(?:\b(?:in|on|for|under|during|inside)\s+(?:(?:the|our|a|their|its"
                       r"|local)\s+)*|^\W*(?:(?:the|our|local)\s+)*)")


class Cues:
    """The cue patterns a lexicon fills in, compiled on first use (a warm hook reads no
    prose)."""

    __slots__ = ("described_before", "environment", "environment_names", "feature_after",
                 "instance_after", "instance_before", "object_after", "phrases",
                 "rule_object_after")

    def __init__(self, lexicon: Lexicon) -> None:
        self.object_after = rx(r"^[\s-]*(?:" + _words(_PARTS, lexicon.parts) + r")\b")
        self.feature_after = rx(
            r"^\s*(?:'s\s+)?(?:`[^`]*`"
            r"|(?:(?!(?:for|as|in|on|to|with|and|or|by|over|instead)\b)[\w-]+\s+){0,2}"
            r"(?:" + _words(_FEATURES, lexicon.features) + r")\b)")
        self.described_before = rx(
            r"\b(?:" + _words(_HOSTS, lexicon.hosts) + r")"
            r"\s+(?:(?:still|currently|already|that|which|are|is)\s+)*"
            r"(?:running|using)\s+" + FILLER + r"$")
        # "the reporting Postgres replica", "a local instance of MySQL": one running instance
        # named by its engine. Moving data to it or reading from it chooses nothing, unless
        # the clause restricts or requires ("…must stay in the EU PostgreSQL cluster", "…the
        # Aurora cluster only", "one cluster").
        instances = _words("", lexicon.instances)
        self.instance_after = rx(r"^[\s-]*(?:" + instances + r")\b")
        self.instance_before = rx(r"\b(?:" + instances + r")s?\s+of\s+" + FILLER + r"$")
        self.rule_object_after = rx(
            r"^[\s-]*(?:(?!(?:for|with|in|on|to|of|and|or|before|after|by|per|at"
            r"|from|into|across|via|through|without|within|under|over|than|as|when"
            r"|if|are|is|be|must|should|the|a|an|every|each|all|any|that|which|who"
            r"|we|they|it|our|their|its)\b)[\w-]+\s+)?"
            r"(?:" + _words(_RULE_PARTS, lexicon.rule_parts) + r")\b")
        # One group per environment, in the order the packs named them: `e0`, `e1`, ...
        self.environment_names = tuple(e.name for e in lexicon.environments)
        self.environment = rx(_ENVIRONMENT_BEFORE + "(?:" + "|".join(
            f"(?P<e{i}>{_words('', e.words)})" for i, e in enumerate(lexicon.environments))
            + r")\b" if lexicon.environments else r"(?!)")
        self.phrases = tuple((e.name, rx(r"\b(?:" + _words("", e.phrases) + r")\b"))
                             for e in lexicon.environments if e.phrases)


@lru_cache(maxsize=4)
def of(lexicon: Lexicon) -> Cues:
    """The cues of the packs' pooled words (`Rulebook.lexicon`), built once per lexicon."""
    return Cues(lexicon)


# A code span of one line (not a fence's triple backticks): its text is group 1.
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# The marks prose puts around a name (code, emphasis, a link's brackets, a closing
# parenthesis) and a name written as one word, for the patterns that read lists of names.
NAME_OPEN = r"[`'\"*_\[]*"
NAME_CLOSE = r"[`'\"*_\]]*"
NAME_CLOSE_PAREN = r"[`'\"*_\])]*"
NAME_WORD = r"[\w@./+#-]+"
# An example of a kind, not a choice of it (read by packages and pack values alike).
# "Examples could be using CRDs, gRPC …", "CI systems like GitHub Actions" (a plural noun before
# "like": the kind the name is an instance of, not "we would like").
EXAMPLE_BEFORE = re.compile(r"(?:\be\.g\.|\bfor example|\bsuch as|\bfor instance"
                            r"|\bexamples?\s+(?:could|would|might|may|are|include)\b"
                            # a comparison: "a `Push` trait (similar to the one in X)"
                            r"|\b(?:similar|akin|analogous|comparable)\s+to\b|\binspired\s+by\b"
                            r"|\b[a-z]{3,}s\s+like\b"
                            # "a transactional store like DynamoDB": an instance of a kind
                            r"|\b(?:a|an|any)\s+(?:[a-z-]+\s+){0,2}[a-z]{3,}\s+like\b"
                            # "to serve WSGI app like Flask" (change-metrics/monocle, round 35)
                            r"|\b(?:app|application|service|framework|library|tool|"
                            r"platform|language|runtime)\s+like\b)"
                            r"[^.;:]{0,40}$", re.IGNORECASE)
# ... and a list that ends in "etc." gives examples: "Babel, webpack, eslint, Jest, etc., all
# accept configuration via JavaScript files".
EXAMPLES_AFTER = re.compile(rf"^{NAME_CLOSE_PAREN}(?:\s*(?:,|\band\b|\bor\b|&)\s*{NAME_OPEN}"
                            rf"{NAME_WORD}{NAME_CLOSE_PAREN})*\s*,?\s*(?:etc\b|and so on\b)",
                            re.IGNORECASE)
