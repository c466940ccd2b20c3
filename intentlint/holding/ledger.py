"""The one entry to decision records: open the repository, mine at a point, verify."""

from __future__ import annotations

from dataclasses import dataclass, replace

from intentlint.ground.config import Config
from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.gitio import resolve
from intentlint.ground.records import KINDS, Decision, Ledger
from intentlint.holding.mining import Mined, Point, mine
from intentlint.holding.verify import verify
from intentlint.holding.workspace import Workspace
from intentlint.sources.commits import CommitMining


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What was mined at one point of history, and what still holds there."""

    mined: Mined
    ledger: Ledger


def point_at(ws: Workspace, at: str | None) -> Point:
    """`--at REV` reads files and history at REV; otherwise the work tree and HEAD."""
    if at is None:
        return Point("worktree", ws.repo.head)
    sha = resolve(ws.repo, at)
    return Point(sha, sha)


def snapshot(ws: Workspace, point: Point, history: CommitMining | None = None,
             candidates: bool = False, use_cache: bool = True) -> Snapshot:
    mined = mine(ws.repo, ws.config, ws.rules, point, use_cache=use_cache, history=history,
                 candidates=candidates)
    errors = _dangling(ws.config, mined.records)
    if errors:
        raise ConfigError(errors)
    ledger = verify(mined.records)
    unscoped = tuple(
        f"{r.source.describe()}: {r.id} has scope {r.scope!r}, which the configuration does "
        "not define; it applies to no file until [scopes] names it"
        for r in mined.records if r.scope and ws.config.scope(r.scope) is None)
    return Snapshot(mined, replace(ledger, problems=mined.problems + unscoped + ledger.problems))


def _dangling(config: Config, records: tuple[Decision, ...]) -> list[Problem]:
    """What the log and the configuration name that does not exist: a log entry's scope the
    configuration does not define, a [severity] id no decision has. (A commit's scope stays
    a reported problem: history cannot be edited.)"""
    problems = [Problem(r.source.path or "DECISIONS.md", f"{r.scope!r} is not a scope the "
                        "configuration defines; add [scopes." + r.scope + "] with its paths or "
                        "branches", line=r.source.line, field="scope")
                for r in records if r.source.kind == "log" and r.scope
                and config.scope(r.scope) is None]
    ids = {r.id for r in records} | {r.part_of for r in records if r.part_of}
    problems += [Problem(config.file or "configuration", "no decision has this id (ids are "
                         "listed by `intentlint decisions`)", field=f"severity.{key}")
                 for key in config.severity if key not in KINDS and key not in ids]
    return problems
