"""The `check` command's core: which change, which decisions, which findings."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.checking import Finding, check_changes, enforced
from intentlint.commits import CommitMining
from intentlint.diff import (
    FileChange,
    commit_diff,
    parse_diff,
    parse_unified,
    patch_diff,
    staged_diff,
)
from intentlint.errors import GitError, UsageError
from intentlint.gitio import parse_log, read_log, run_git
from intentlint.ledger import Snapshot, Workspace, snapshot
from intentlint.mine import Point, mine_commits, mine_history
from intentlint.records import Ledger, Status


@dataclass(frozen=True, slots=True)
class CheckOptions:
    rev_range: str | None = None
    commit_msg_file: Path | None = None
    enforce_all: bool = False  # the benchmark's "no verification" condition
    patch: bytes | None = None  # a unified diff not staged yet, checked against HEAD


@dataclass(frozen=True, slots=True)
class CheckResult:
    findings: tuple[Finding, ...]
    ledger: Ledger
    checked_files: int
    commits: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()  # commits of a range that could not be read (exit 2)

    @property
    def blocking(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def run_check(ws: Workspace, options: CheckOptions) -> CheckResult:
    if options.rev_range is not None:
        return _check_range(ws, options)
    if options.patch is not None:
        return _check_patch(ws, options, options.patch)
    message = None
    if options.commit_msg_file is not None:
        try:
            message = options.commit_msg_file.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise UsageError(f"{options.commit_msg_file}: cannot read the commit message "
                             f"({exc.strerror})") from None
    snap = snapshot(ws, Point("index", ws.repo.head, pending_message=message))
    if (ws.repo.git_dir / "MERGE_HEAD").exists():
        return CheckResult((), snap.ledger, 0, notes=(
            "merge commit: not checked; the merged commits are checked on their own branch "
            "(use `check --rev` in CI to cover them)",))
    changes = parse_diff(staged_diff(ws.repo))
    findings = _findings(ws, snap, changes, options)
    return CheckResult(tuple(findings), snap.ledger, len(changes), notes=_notes(ws, snap))


def _check_patch(ws: Workspace, options: CheckOptions, patch: bytes) -> CheckResult:
    """A patch (an agent's, a PR's) against what holds at HEAD: applied to HEAD in a
    throwaway index when it applies, read line by line (with a note) when it does not."""
    at = ws.repo.head
    snap = snapshot(ws, Point(at, at) if at else Point("worktree", None))
    notes = list(_notes(ws, snap))
    staged = patch_diff(ws.repo, patch) if patch.strip() else b""
    if staged is not None:
        changes = parse_diff(staged)
    else:
        changes = parse_unified(patch.decode("utf-8", "replace"))
        notes.append("the patch does not apply cleanly to HEAD; its lines were checked as "
                     "written, without the surrounding file")
    findings = _findings(ws, snap, changes, options)
    return CheckResult(tuple(findings), snap.ledger, len(changes), notes=tuple(notes))


def _findings(ws: Workspace, snap: Snapshot, changes: list[FileChange], options: CheckOptions,
              ) -> list[Finding]:
    verdicts = snap.ledger.verdicts
    if options.enforce_all:
        # No verification at all: every extracted record binds, everywhere.
        verdicts = tuple(replace(v, status=Status.ACTIVE, record=replace(v.record, scope=None))
                         for v in verdicts)
    in_force = enforced(verdicts, ws.rules, ws.config)
    active = [v.record for v in verdicts if v.status is Status.ACTIVE]
    return check_changes(changes, in_force, ws.config, ws.repo.branch, active, ws.rules)


def _notes(ws: Workspace, snap: Snapshot) -> tuple[str, ...]:
    notes = list(snap.ledger.problems)
    notes += [f"{v.record.id} needs confirmation ({v.record.unclear[0]}); nothing of it is "
              f"enforced until you {v.record.settle_hint()}"
              for v in snap.ledger.verdicts if v.record.needs_confirmation
              and v.status in (Status.ACTIVE, Status.PROPOSED)]
    if snap.mined.shallow:
        notes.append("shallow clone: history before the graft is not mined; "
                     "`git fetch --unshallow` to see every decision")
    return tuple(notes)


def _check_range(ws: Workspace, options: CheckOptions) -> CheckResult:
    """Each commit of A..B against what held at its parent, plus what it records itself.

    History is mined once, at the first commit's parent, and extended commit by commit in
    topological order, so a merge-heavy range costs one mining, not one per branch switch.
    A commit that cannot be read is reported and the range goes on."""
    assert options.rev_range is not None
    try:
        out = run_git(["rev-list", "--reverse", "--topo-order", "--no-merges",
                       options.rev_range, "--"], ws.repo.root)
    except GitError:
        raise UsageError(f"{options.rev_range!r} is not a revision range in this repository; "
                         "use A..B") from None
    shas = out.decode().split()
    commits = {c.sha: c for c in parse_log(read_log(ws.repo, options.rev_range))}
    findings: list[Finding] = []
    ledger = Ledger(())
    checked = 0
    notes: set[str] = set()
    unreadable: list[str] = []
    history: CommitMining | None = None
    for sha in shas:
        commit = commits.get(sha)
        parent = commit.parents[0] if commit and commit.parents else None
        try:
            if history is None:
                history = mine_history(ws.repo, ws.config, ws.rules, parent, use_cache=False)
            if commit is None:
                raise GitError(f"git log did not return commit {sha[:10]}")
            history = mine_commits([commit], ws.config, ws.rules, history, sha)
            snap = snapshot(ws, Point(sha, sha), history, use_cache=False)
            changes = parse_diff(commit_diff(ws.repo, sha, parent))
        except GitError as exc:
            unreadable.append(sha)
            notes.add(f"commit {sha[:10]} could not be read ({exc}); the range went on")
            continue
        ledger = snap.ledger
        checked += len(changes)
        findings.extend(replace(f, commit=sha) for f in _findings(ws, snap, changes, options))
        notes.update(_notes(ws, snap))
    return CheckResult(tuple(findings), ledger, checked, tuple(shas), tuple(sorted(notes)),
                       tuple(unreadable))
