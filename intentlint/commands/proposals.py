"""`proposals`: the review queue of what commit prose proposed, likely decisions first.

The ranking is a sum of a few signals, each a reason printed beside the proposal:
- +2 the log or an ADR decides the same key (the project already treats it as a choice);
- +1 the sentence is the commit's subject and the subject decides ("Use …", "Switch to …",
  "Always …") rather than describes the work ("Fix …", "Add support for …");
- +1 the commit touched configuration or a dependency manifest;
- -1 every file it touched lies in one folder two or more levels deep (one component's work:
  a choice for that part, which belongs in a scope of its paths).
Newest first within a score. A key that commit prose keeps flipping (`CONTESTED_AT` or more
open proposals, two or more values) is shown once, as contested, with its counts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from intentlint.ground.errors import GitError
from intentlint.ground.gitio import commit_count
from intentlint.ground.globs import Globs
from intentlint.ground.manifests import manifest_kind
from intentlint.ground.records import Ledger
from intentlint.holding.proposals import Proposal, gather, one_folder, suggested_scope
from intentlint.holding.workspace import Workspace
from intentlint.reading.recognise import states_decision
from intentlint.sources.commits import sentences

CONTESTED_AT = 4  # open proposals on one key, with several values, make it contested
# Files that configure the project rather than implement one part of it.
CONFIG_PATHS = Globs(("config/**", "**/config/**", "conf/**", "settings/**", "**/settings.py",
                      "*.toml", "*.ini", "*.cfg", ".env*", "Dockerfile",
                      "docker-compose*.yml", "docker-compose*.yaml", "Procfile"))
# A subject that opens with one of these decides; the rest describe the work they do.
_DECIDING_SUBJECT = re.compile(
    r"^\W*(?:\w+(?:\([^)]*\))?!?:\s*)?(?:use|switch|adopt|migrate|move to|replace|standardi[sz]e"
    r"|prefer|require|default to|always|never|only|drop|deprecate|stop using|go with)\b",
    re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Ranked:
    proposal: Proposal
    score: int
    signals: tuple[str, ...]  # why it ranks where it does
    scope: str | None  # a configured scope covering every file its commit touched
    folder: str | None  # the one folder its commit touched, when it is one


@dataclass(frozen=True, slots=True)
class Contested:
    key: str
    proposals: tuple[Ranked, ...]  # newest first
    values: tuple[tuple[str, int], ...]  # each value with its count, most first


@dataclass(frozen=True, slots=True)
class Queue:
    open: tuple[Ranked, ...]  # ranked, contested keys left out
    contested: tuple[Contested, ...]
    settled: tuple[Ranked, ...]  # adopted or dismissed (listed with --all)
    commits: int  # commits in history, for "proposals per 1,000 commits"
    show_all: bool


def build_queue(ws: Workspace, ledger: Ledger, show_all: bool = False) -> Queue:
    proposals = gather(ws, ledger)
    decided = {v.record.effect.key for v in ledger.verdicts if v.record.effect is not None
               and v.record.source.kind in ("log", "adr")}
    ranked = sorted((rank(ws, p, decided) for p in proposals), key=_order)
    open_ = [r for r in ranked if r.proposal.open]
    by_key: dict[str, list[Ranked]] = {}
    for r in open_:
        effect = r.proposal.record.effect
        if effect is not None:
            by_key.setdefault(effect.key, []).append(r)
    contested = tuple(
        Contested(key, tuple(sorted(rs, key=_newest)), _counted(rs))
        for key, rs in sorted(by_key.items())
        if len(rs) >= CONTESTED_AT
        and len({r.proposal.record.effect.value for r in rs}) > 1)  # type: ignore[union-attr]
    flipping = {c.key for c in contested}
    listed = tuple(r for r in open_ if r.proposal.record.effect is None
                   or r.proposal.record.effect.key not in flipping)
    try:
        commits = commit_count(ws.repo, ws.repo.head) if ws.repo.head else 0
    except GitError:
        commits = 0
    return Queue(listed, contested, tuple(r for r in ranked if not r.proposal.open), commits,
                 show_all)


def rank(ws: Workspace, p: Proposal, decided: set[str]) -> Ranked:
    record, signals, score = p.record, [], 0
    if record.effect is not None and record.effect.key in decided:
        score += 2
        signals.append("the log or an ADR decides this key")
    if record.text in sentences(p.subject) \
            and (_DECIDING_SUBJECT.search(p.subject) or states_decision(p.subject)):
        score += 1
        signals.append("its subject decides")
    if any(CONFIG_PATHS.match(f) or manifest_kind(f) for f in p.changed):
        score += 1
        signals.append("its commit touched configuration or a manifest")
    folder = one_folder(p.changed)
    if folder:
        score -= 1
        signals.append(f"its commit touched only {folder}")
    return Ranked(p, score, tuple(signals), suggested_scope(ws, p.changed), folder)


def _counted(ranked: list[Ranked]) -> tuple[tuple[str, int], ...]:
    """Each value with its count, most first, then alphabetically."""
    counts = Counter(r.proposal.record.effect.value for r in ranked
                     if r.proposal.record.effect is not None)
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _newest(r: Ranked) -> tuple[int, str]:
    return (-r.proposal.record.seq, r.proposal.record.id)


def _order(r: Ranked) -> tuple[int, int, str]:
    """Score first; newest first within a score (a commit's number orders history)."""
    return (-r.score, -r.proposal.record.seq, r.proposal.record.id)
