"""The one entry to decision records: open the repository, mine at a point, verify."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.commits import CommitMining
from intentlint.config import Config, load_config
from intentlint.gitio import Repo, open_repo, resolve
from intentlint.mine import Mined, Point, load_rules, mine
from intentlint.packs import Rulebook
from intentlint.records import Ledger
from intentlint.verify import verify


@dataclass(frozen=True, slots=True)
class Workspace:
    repo: Repo
    config: Config
    rules: Rulebook


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What was mined at one point of history, and what still holds there."""

    mined: Mined
    ledger: Ledger


def open_workspace(cwd: Path | str) -> Workspace:
    repo = open_repo(cwd)
    config = load_config(repo.root)
    return Workspace(repo, config, load_rules(repo.root, config))


def point_at(ws: Workspace, at: str | None) -> Point:
    """`--at REV` reads files and history at REV; otherwise the work tree and HEAD."""
    if at is None:
        return Point("worktree", ws.repo.head)
    sha = resolve(ws.repo, at)
    return Point(sha, sha)


def snapshot(ws: Workspace, point: Point, history: CommitMining | None = None,
             candidates: bool = False) -> Snapshot:
    mined = mine(ws.repo, ws.config, ws.rules, point, history=history, candidates=candidates)
    ledger = verify(mined.records)
    unscoped = tuple(
        f"{r.source.describe()}: {r.id} has scope {r.scope!r}, which the configuration does "
        "not define; it applies to no file until [scopes] names it"
        for r in mined.records if r.scope and ws.config.scope(r.scope) is None)
    return Snapshot(mined, replace(ledger, problems=mined.problems + unscoped + ledger.problems))
