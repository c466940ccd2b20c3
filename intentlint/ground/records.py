"""The record types every stage passes on; all frozen, so no stage can edit another's output."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

KINDS = ("constraint", "decision", "preference", "permission")
DEPENDENCY = "dependency:"  # the key prefix of a dependency effect: dependency:ECOSYSTEM:NAME


class Status(str, Enum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    PROPOSED = "proposed"
    INACTIVE = "inactive"


# What `decisions --status` and the MCP server's list_decisions may ask for: a status, the
# records that need confirmation (of any status), or all of them.
STATUS_FILTERS = (*(s.value for s in Status), "needs-confirmation", "all")


class Declared(str, Enum):
    """What the source itself says about a record, before verification."""

    BINDING = "binding"
    PROPOSED = "proposed"
    INACTIVE = "inactive"
    SUPERSEDED = "superseded"


@dataclass(frozen=True, slots=True)
class Source:
    kind: str  # "log", "adr" or "commit"
    path: str | None = None
    line: int | None = None
    commit: str | None = None
    author: str | None = None

    def describe(self) -> str:
        if self.kind == "commit" and self.commit:
            who = f" by {self.author}" if self.author else ""
            return f"commit {self.commit[:10]}{who}"
        where = self.path or "?"
        where = f"{where}:{self.line}" if self.line else where
        return f"{where} (from commit {self.commit[:10]})" if self.commit else where


@dataclass(frozen=True, slots=True)
class Effect:
    key: str
    value: str

    def __str__(self) -> str:
        if self.key.startswith(DEPENDENCY):  # `uses pypi:pydantic`, `avoids npm:moment`
            ecosystem, _, name = self.key[len(DEPENDENCY):].partition(":")
            verb = {"used": "uses", "avoided": "avoids"}.get(self.value, self.value)
            return f"{verb} {name if ecosystem == 'any' else f'{ecosystem}:{name}'}"
        return f"{self.key} = {self.value}"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision as its source states it; `seq` orders records from the same source."""

    id: str
    title: str
    text: str
    kind: str
    source: Source
    date: str | None
    seq: int
    component: str | None = None
    scope: str | None = None
    effect: Effect | None = None
    declared: Declared = Declared.BINDING
    heuristic: bool = False
    supersedes: tuple[str, ...] = ()
    superseded_by: tuple[str, ...] = ()
    revokes: tuple[str, ...] = ()
    effect_given: bool = False  # the source states the effect (or `effect: none`): not read
    unclear: tuple[str, ...] = ()  # why the text could not be read with confidence
    candidates: tuple[str, ...] = ()  # the readings it might mean, `key = value`
    reading: tuple[str, ...] = ()  # every mention with its polarity and cue, for `explain`
    checks: tuple[str, ...] = ()  # inline checks, as written (`forbid: PATTERN in GLOB`)
    part_of: str | None = None  # a text that sets several effects becomes one record each
    stated: str = ""  # the status word as its source wrote it ("rejected", "deprecated")
    options: tuple[str, ...] = ()  # the options an ADR considered, as listed
    packages: tuple[str, ...] = ()  # dependency fields as written (`uses: pydantic`)
    instead: tuple[str, ...] = ()  # for a package a decision avoids: the packages it chose
    about: str = ""  # the rest of an ADR (context, consequences): what it is about, for relevance
    noted: tuple[str, ...] = ()  # what its source adds, for `explain`: partial supersession
    # ("partly superseded by ADR-0020"), a date as written when it was normalised
    confirmed: bool = False  # `confirmed: yes` in the log: binds whatever the code shows

    @property
    def weighed(self) -> bool:
        """Its effect was read from prose, so the repository is asked before it binds
        (evidence.py); what the team wrote down (an effect, an inline check, a trailer,
        `confirmed:`) binds as written."""
        return self.effect is not None and not self.effect_given and not self.checks \
            and not self.confirmed

    @property
    def proposal(self) -> bool:
        """Read from a commit's prose and not made binding: a person adopts or dismisses it."""
        return self.heuristic and self.declared is Declared.PROPOSED

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.unclear) and self.effect is None

    def settle_hint(self) -> str:
        """The line that settles an unclear reading, for the source it came from."""
        effect = self.candidates[0] if self.candidates else "<key> = <value>"
        if self.source.kind == "commit":
            return f"add the trailer `Effect: {effect}` (or confirm it in the decisions log)"
        return f"add `effect: {effect}` under its heading (or `effect: none`)"

    def made(self) -> str:
        """Where and when it was decided, as people read it: `commit 1a2b3c by Ada, 2026-01-05`."""
        return self.source.describe() + (f", {self.date}" if self.date else "")


class Trend(str, Enum):
    """How the code stands to a decision: see DESIGN.md "Evidence"."""

    FOLLOWED = "followed"
    NOT_YET = "not yet in the code"
    MIGRATING = "migrating"
    DRIFTING = "drifting"
    SEVERAL = "several values"
    # Its checks read files of languages the production code has none of (a route rule for
    # Flask and Express in a Go repository): nothing here can show it followed or broken.
    UNREAD = "other languages"
    # The chosen value is nowhere, and long after the decision: not a decision before its
    # code, but one this code does not follow (or a reading the code never bore out).
    NEVER = "never in the code"

    @property
    def binds(self) -> bool:
        return self in (Trend.FOLLOWED, Trend.NOT_YET, Trend.MIGRATING)


@dataclass(frozen=True, slots=True)
class Evidence:
    """A record held against the repository: its checks over the whole production tree
    when it was decided and now, and which values of its key the code carries now."""

    trend: Trend
    since: str | None  # the commit it was decided in, when known
    then: int | None  # violations of its checks at that commit
    now: int  # ... at the tree weighed
    paths: tuple[str, ...] = ()  # a few files behind the figures (violations, other values)
    values: tuple[str, ...] = ()  # values of its key the production code carries now
    detail: str = ""  # one sentence: what differs since when
    weighed: bool = True  # False: stated by the team, binds whatever the code shows
    names_gone: tuple[str, ...] = ()  # code an ADR's decision names, there then, gone now

    @property
    def binds(self) -> bool:
        return self.trend.binds or not self.weighed


@dataclass(frozen=True, slots=True)
class Verdict:
    """A record with its status at one revision, and why."""

    record: Decision
    status: Status
    superseded_by: str | None = None
    supersedes: tuple[str, ...] = ()
    reaffirms: tuple[str, ...] = ()
    reason: str = ""
    held_back: str = ""  # why an active record is not enforced (two accepted ADRs disagree)
    evidence: Evidence | None = None  # what the repository shows, where it was asked


@dataclass(frozen=True, slots=True)
class Ledger:
    """The verified decisions at one revision plus what could not be resolved."""

    verdicts: tuple[Verdict, ...]
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    by_id: dict[str, Verdict] = field(default_factory=dict, init=False, compare=False,
                                      repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {v.record.id: v for v in self.verdicts})

    def get(self, decision_id: str) -> Verdict | None:
        return self.by_id.get(decision_id)

    def active(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if v.status is Status.ACTIVE)


_SPLIT_IDS = re.compile(r"[,\s]+")


def parse_effect(value: str) -> Effect | None:
    """`key = value` as written in a log field or trailer; None when it is not that shape."""
    key, sep, val = value.partition("=")
    key, val = key.strip(), val.strip().strip("\"'")
    if not sep or not val or not (re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", key) or re.fullmatch(
            re.escape(DEPENDENCY) + r"[a-z]+:[^\s=]+", key)):
        return None
    return Effect(key, val)


def split_ids(value: str) -> tuple[str, ...]:
    return tuple(i.strip("[]()#") for i in _SPLIT_IDS.split(value) if i.strip("[]()#"))
