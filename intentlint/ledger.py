"""The one entry to decision records: open the repository, mine at a point, verify."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.commits import CommitMining
from intentlint.config import Config, load_config
from intentlint.errors import ConfigError, Problem
from intentlint.gitio import Repo, open_repo, resolve
from intentlint.mine import Mined, Point, load_rules, mine
from intentlint.packs import Rulebook
from intentlint.records import KINDS, Decision, Ledger
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
    config = with_adr_dir(repo.root, load_config(repo.root))
    missing = missing_paths(repo.root, config)
    try:
        rules = load_rules(repo.root, config)
    except ConfigError as exc:
        raise ConfigError([*missing, *exc.problems]) from None
    if missing:
        raise ConfigError(missing)
    return Workspace(repo, config, rules)


def with_adr_dir(root: Path, config: Config) -> Config:
    """adr-tools records its folder in `.adr-dir`; read it unless `adr` is configured."""
    marker = root / ".adr-dir"
    if "adr" in config.explicit or not marker.is_file():
        return config
    try:
        folder = marker.read_text(encoding="utf-8").strip().strip("/")
    except (OSError, UnicodeDecodeError):
        return config
    if not folder or folder.startswith("/") or ".." in folder.split("/") or \
            folder in config.adr:
        return config
    return replace(config, adr=(*config.adr, folder))


def missing_paths(root: Path, config: Config) -> list[Problem]:
    """A log, ADR folder or rules folder the configuration names and the work tree lacks:
    an error, so that a typo never silently turns decisions off (the defaults may be absent).
    """
    problems = []
    for key, values, want_dir in (("decisions", config.decisions, False),
                                  ("adr", config.adr, True), ("rules", config.rules, True)):
        if key not in config.explicit:
            continue
        for value in values:
            path = root / value
            if not (path.is_dir() if want_dir else path.is_file()):
                kind = "folder" if want_dir else "file"
                problems.append(Problem(config.file or "configuration",
                                        f"{value!r}: no such {kind} in the repository; create "
                                        "it or fix the path", field=key))
    return problems


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
