"""`explain`: one decision found by its id in any case; for a decision mined from a commit's
prose, also the files that commit changed, so a reader can tell a project's choice from one
made for the part the commit touched."""

from __future__ import annotations

from dataclasses import dataclass

from intentlint.ground.errors import GitError, UsageError
from intentlint.ground.gitio import changed_paths
from intentlint.ground.records import Ledger, Verdict
from intentlint.holding.workspace import Workspace


@dataclass(frozen=True, slots=True)
class Story:
    verdict: Verdict
    changed: list[str] | None  # the files of the commit a free-text record came from


def story(ws: Workspace, ledger: Ledger, decision_id: str, listing: str) -> Story:
    """The record `decision_id` names; `listing` says where the ids are listed."""
    verdict = ledger.get(decision_id) or next(
        (v for v in ledger.verdicts if v.record.id.lower() == decision_id.lower()), None)
    if verdict is None:
        known = ", ".join(v.record.id for v in ledger.verdicts[:12])
        raise UsageError(f"no decision {decision_id!r}; known ids include: {known or 'none'}"
                         f" ({listing})")
    commit = verdict.record.source.commit
    changed = None
    if verdict.record.heuristic and commit:
        try:
            changed = changed_paths(ws.repo, [commit]).get(commit)
        except GitError:
            changed = None  # a shallow or pruned history: the story is told without it
    return Story(verdict, changed)
