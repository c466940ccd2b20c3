"""The one entry to decision records: open the repository, mine at a point, verify."""

from __future__ import annotations

from dataclasses import dataclass, replace
from difflib import get_close_matches

from intentlint.ground.config import ENVIRONMENTS, Config
from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.gitio import Repo, list_files, resolve
from intentlint.ground.globs import Globs
from intentlint.ground.manifests import manager_lockfile
from intentlint.ground.packages import AVOIDED, REJECTED, USED, package_of
from intentlint.ground.records import KINDS, Decision, Ledger, Status, Verdict
from intentlint.holding.grounding import declared_in, declaring
from intentlint.holding.mining import PENDING, Mined, Point, mine
from intentlint.holding.validation import unknown_names
from intentlint.holding.verify import verify
from intentlint.holding.workspace import Workspace
from intentlint.sources.commits import CommitMining


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What was mined at one point of history, and what still holds there."""

    mined: Mined
    ledger: Ledger
    # Problems for `decisions` and `rules`, not for every commit: a scope glob that matches no
    # file yet (the starter configuration's folders may not exist in a new repository).
    quiet: tuple[str, ...] = ()


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
    history_names: list[str] = []
    for r in mined.records:
        for name, message in unknown_names(r, ws.rules) if not r.heuristic else ():
            if r.source.kind == "log" or r.source.commit == PENDING:
                errors.append(Problem(r.source.path or "commit message", message,
                                      line=r.source.line, field=name))
            else:  # history cannot be edited: said, not refused
                history_names.append(f"{r.source.describe()}: {r.id}: {name}: {message}; "
                                     f"it is not enforced")
    if errors:
        raise ConfigError(errors)
    ledger = followed(ws.repo, point.evidence or point.rev, verify(mined.records))
    unscoped = tuple(
        f"{r.source.describe()}: {r.id} has scope {r.scope!r}, which the configuration does "
        "not define; it applies to no file until [scopes] names it"
        for r in mined.records if r.scope and ws.config.scope(r.scope) is None)
    empty = tuple(_empty_scopes(ws, point, mined.records))
    problems = (*mined.problems, *unscoped, *history_names, *empty, *ledger.problems)
    return Snapshot(mined, replace(ledger, problems=problems), empty)


def _empty_scopes(ws: Workspace, point: Point, records: tuple[Decision, ...]) -> list[str]:
    """A scope that decisions name, whose paths match no tracked file: a typo, or folders not
    created yet; until they exist its decisions apply by branch or word only. A scope no
    decision names misleads no one (the starter configuration names folders a new
    repository may not have yet), nor does one glob of several that matches nothing."""
    used: dict[str, list[str]] = {}
    for r in records:
        if r.scope:
            used.setdefault(r.scope, []).append(r.id)
    scopes = [s for s in ws.config.scopes if s.name in used
              and any(not g.startswith("!") for g in s.paths)]
    if not scopes:
        return []
    files = list_files(ws.repo, "index" if point.where == "worktree" else point.where, ["."])
    out = []
    for scope in scopes:
        globs = [g for g in scope.paths if not g.startswith("!")]
        if any(map(Globs(tuple(globs)).match, files)):
            continue
        ids = used[scope.name]
        named = ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
        listed = ", ".join(repr(g) for g in globs)
        out.append(f"{ws.config.file or 'configuration'}: scopes.{scope.name}.paths: {listed} "
                   f"{'matches' if len(globs) == 1 else 'match'} no tracked file, so {named} "
                   "applies by branch or word only; fix the glob, or ignore this until the "
                   "files exist")
    return out


def _dangling(config: Config, records: tuple[Decision, ...]) -> list[Problem]:
    """What the log and the configuration name that does not exist: a log entry's scope the
    configuration does not define, a [severity] id no decision has. (A commit's scope stays
    a reported problem: history cannot be edited.)"""
    problems = [Problem(r.source.path or "DECISIONS.md", f"{r.scope!r} is not a scope the "
                        f"configuration defines; {_nearest_scope(config, r.scope)}add [scopes."
                        + r.scope + "] with its paths or branches", line=r.source.line,
                        field="scope")
                for r in records if r.source.kind == "log" and r.scope
                and config.scope(r.scope) is None]
    ids = {r.id for r in records} | {r.part_of for r in records if r.part_of}
    problems += [Problem(config.file or "configuration", "no decision has this id (ids are "
                         "listed by `intentlint decisions`)", field=f"severity.{key}")
                 for key in config.severity if key not in KINDS and key not in ids]
    return problems


def _nearest_scope(config: Config, name: str) -> str:
    near = get_close_matches(name, [*(s.name for s in config.scopes), *ENVIRONMENTS], n=1,
                             cutoff=0.7)
    return f"did you mean {near[0]!r}? " if near else ""


def followed(repo: Repo, where: str | None, ledger: Ledger) -> Ledger:
    """Dependency decisions held against the manifests at `where` (dependencies are the one
    effect whose following the repository shows directly):
    - a package a decision avoids, read from its prose, that the manifests still declare:
      the code does not follow that reading, so it is held back (listed, with how to settle
      it) rather than enforced; a stated `avoid:` binds regardless;
    - two accepted ADRs that disagree on a package (held back by verification, since ADR
      links alone say which replaced which): the one the manifests agree with binds, the
      other is listed as not followed."""
    groups: dict[str, list[Verdict]] = {}
    for v in ledger.verdicts:
        if v.status is Status.ACTIVE and v.record.effect is not None \
                and package_of(v.record.effect.key) is not None:
            groups.setdefault(v.record.effect.key, []).append(v)
    if where is None or not any(_weighed(v) or _disputed(group)
                                for group in groups.values() for v in group):
        return ledger
    present = declared_in(repo, where, every=True)
    held: dict[str, str] = {}
    for key, group in groups.items():
        package = package_of(key)
        assert package is not None
        paths = declaring(present, package)
        if _disputed(group):
            kept = [v for v in group if (v.record.effect.value == USED) == bool(paths)]  # type: ignore[union-attr]
            winner = kept[0].record.id if kept else "none"
            for v in group:
                held[v.record.id] = "" if v in kept else (
                    f"{winner} is what the code follows ({package} is "
                    + (f"declared in {', '.join(paths[:3])}" if paths else "declared nowhere")
                    + f"); mark {v.record.id} superseded by {winner} to say so")
        for v in group:
            if _weighed(v) and not held.get(v.record.id) and paths:
                shown = ', '.join(paths[:3])
                said = (f"its lockfile is in {shown}"
                        if manager_lockfile(package.ecosystem, package.name) else
                        f"{shown} still declare{'s' if len(paths) == 1 else ''} it")
                held[v.record.id] = (
                    f"it avoids {package}, but {said}: the code does not follow this "
                    f"reading; write `avoid: {package}` under it to enforce it anyway, or "
                    "supersede it")
    if not held:
        return ledger
    return replace(ledger, verdicts=tuple(
        replace(v, held_back=held[v.record.id]) if v.record.id in held else v
        for v in ledger.verdicts))


def _weighed(v: Verdict) -> bool:
    """A dependency a record avoids by its prose reading alone."""
    effect = v.record.effect
    return effect is not None and not v.record.effect_given and not v.held_back \
        and effect.value in (AVOIDED, REJECTED)


def _disputed(group: list[Verdict]) -> bool:
    values = {(v.record.effect.value == USED) for v in group if v.record.effect is not None}
    return len(values) > 1 and any(v.held_back for v in group)
