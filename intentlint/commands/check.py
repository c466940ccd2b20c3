"""The `check` command's core: which change, which decisions, which findings.

A staged check (the hook) judges the change from the plan at HEAD (plan.py), which a warm
cache answers without mining or verifying; a patch or a range of commits is judged from a
snapshot mined for it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.enforcing.checks import check_changes
from intentlint.enforcing.code_view import docstring_lines
from intentlint.enforcing.dependencies import KIND as DEPENDENCY_CHECK
from intentlint.enforcing.dependencies import with_dependencies
from intentlint.enforcing.diff import (
    FileChange,
    commit_diff,
    generator_marked,
    generator_records,
    parse_diff,
    parse_unified,
    patch_diff,
    staged_diff,
    without_generated,
)
from intentlint.enforcing.finding import Finding
from intentlint.enforcing.merges import MergeChanges
from intentlint.enforcing.plan import Plan, build, from_snapshot, plan_for
from intentlint.ground.errors import GitError, UsageError
from intentlint.ground.gitio import EMPTY_TREE, parse_log, read_files, read_log, run_git
from intentlint.ground.manifests import added, manifest_kind, read_manifest
from intentlint.ground.records import Ledger, Verdict
from intentlint.holding.workspace import Workspace
from intentlint.reading.rulebook import Rulebook
from intentlint.sources.commits import may_decide, short_title


@dataclass(frozen=True, slots=True)
class CheckOptions:
    rev_range: str | None = None
    commit_msg_file: Path | None = None
    enforce_all: bool = False  # the benchmark's "no verification" condition
    patch: bytes | None = None  # a unified diff not staged yet, checked against HEAD


@dataclass(frozen=True, slots=True)
class CheckResult:
    findings: tuple[Finding, ...]
    ledger: Ledger  # the decisions the findings name (and those they superseded)
    rules: Rulebook  # the definitions findings are explained from
    checked_files: int
    commits: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    unreadable: tuple[str, ...] = ()  # commits of a range that could not be read (exit 2)
    active: int = 0  # active decisions at the point checked (the last commit of a range)

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
    changes = parse_diff(staged_diff(ws.repo))
    # The decisions are read in the names the staged manifests declare too: a plan holds
    # only for the staged contents of the manifests this change touches.
    manifests = [c.path for c in changes if manifest_kind(c.path) is not None]
    plan = build(ws, message, enforce_all=True) if options.enforce_all \
        else plan_for(ws, message, manifests)
    notes = plan.notes + _merging(ws) + _would_propose(ws, message, changes)
    head = (ws.repo.head,) if ws.repo.head else ()
    return _result(plan, _judge(ws, plan, changes, new="index", olds=head,
                                weigh=not options.enforce_all), len(changes), notes=notes)


def _would_propose(ws: Workspace, message: str | None, changes: list[FileChange],
                   ) -> tuple[str, ...]:
    """One line when the message being written would propose a decision from its prose,
    with the command that adopts it; no work unless the message may decide something."""
    if message is None or ws.config.commits != "heuristic" or ws.config.heuristic_binding \
            or not may_decide(message, "heuristic"):
        return ()
    from intentlint.holding.history import proposed_by

    found = proposed_by(message, ws.config, ws.rules, [c.path for c in changes])
    if not found:
        return ()
    effects = ", ".join(dict.fromkeys(str(r.effect) for r in found if r.effect))
    adopt = "`intentlint adopt HEAD`" if len(found) == 1 else \
        "`intentlint proposals` lists them to adopt"
    return (f"this message proposes {effects} (\"{short_title(found[0].text, 60)}\"), not "
            f"binding: to make it a decision, after committing run {adopt}",)


def _merging(ws: Workspace) -> tuple[str, ...]:
    """A note when the commit being made is a merge: `git commit` after a conflict
    (MERGE_HEAD) or git's pre-merge-commit hook (which runs before MERGE_HEAD is written)."""
    import os

    action = os.environ.get("GIT_REFLOG_ACTION", "")
    if not (ws.repo.git_dir / "MERGE_HEAD").exists() and not action.startswith("merge "):
        return ()
    side = action.removeprefix("merge ").strip() if action.startswith("merge ") else ""
    into = ws.repo.branch or "the detached HEAD"
    what = f"merging {side} into {into}" if side else f"a merge into {into}"
    return (f"{what}: checked all it brings (the staged change against the first parent) "
            f"under {into}'s decisions and scopes",)


def _result(plan: Plan, findings: list[Finding] | tuple[Finding, ...], checked: int,
            notes: tuple[str, ...]) -> CheckResult:
    return CheckResult(tuple(findings), plan.ledger, plan.rules, checked, notes=notes,
                       active=plan.active)


def _judge(ws: Workspace, plan: Plan, changes: list[FileChange], branch: str | None = None,
           *, new: str, olds: tuple[str, ...], blobs: dict[str, bytes] | None = None,
           weigh: bool = True, cache: bool = True) -> list[Finding]:
    """Findings of the checks in force; a dependency check in force reads the changed
    manifests at `new` against `olds` (dependencies.py). A finding of a decision read from
    prose stands only where the code at `olds[0]` follows that decision (evidence.py; not
    in the benchmark's unverified condition, `weigh` False)."""
    changes = without_generated(ws.repo, changes)
    if any(i.check.kind == DEPENDENCY_CHECK for i in plan.in_force):
        changes = with_dependencies(ws.repo, changes, new, olds, blobs)
    branch = branch or ws.repo.branch
    found = check_changes(changes, list(plan.in_force), ws.config, branch, plan.claims,
                          plan.rules)
    if found:  # the files the findings name, read once for the filters below
        texts = blobs if blobs is not None else read_files(ws.repo, new,
                                                           sorted({f.path for f in found}))
        found = _outside_docstrings(_outside_generated(ws, found, new, texts), texts)
        found = _declaring_anew(ws, found, changes, texts, olds)
    if not weigh or not found or not any(v.record.weighed for v in plan.ledger.verdicts):
        return found
    from intentlint.enforcing.evidence import weigh_findings

    return weigh_findings(ws, plan.ledger, found, olds[0] if olds else None, branch,
                          plan.claims, write=cache)


def cli_range(ws: Workspace, rev: str) -> str:
    """What `check --rev` names: a range as git reads one (`A..B`), or one commit, which
    means its own change (`SHA^!`), not every commit reachable from it."""
    if ".." in rev:
        return rev
    try:
        run_git(["rev-parse", "--verify", "-q", f"{rev}^{{commit}}"], ws.repo.root)
    except GitError:
        return rev  # not one commit: rev-list says what it is, or that it is nothing
    return f"{rev}^!"


def _outside_generated(ws: Workspace, found: list[Finding], new: str,
                       texts: dict[str, bytes]) -> list[Finding]:
    """Findings without those in files a generator marks as its own (a "Code generated …
    DO NOT EDIT." header, a folder an OpenAPI generator wrote): `texts` holds the files the
    findings name, at `new`, so a hook that finds nothing reads nothing more."""
    paths = sorted({f.path for f in found})
    if not paths:
        return found
    records = sorted({r for p in paths for r in generator_records(p)})
    present = read_files(ws.repo, new, records) if records else {}
    marked = {p for p in paths if generator_marked(p, texts.get(p, b""), present)}
    return [f for f in found if f.path not in marked] if marked else found


_ON_MANIFESTS = frozenset(("dependency-added", "lockfile-added"))  # dependencies.py's own


def _declaring_anew(ws: Workspace, found: list[Finding], changes: list[FileChange],
                    now: dict[str, bytes], olds: tuple[str, ...]) -> list[Finding]:
    """Findings of a pattern check on a manifest, without those on a line that declares a
    package the manifest declared before: a version bump (`PyJWT[crypto]==2.13.0` for
    2.12.1, boxtribute's Dependabot updates, round 21) brings nothing in. The manifests are
    read only when a finding names one (`now`: at the revision checked); a dependency check
    says what is new itself."""
    paths = sorted({f.path for f in found if not f.removed and f.check not in _ON_MANIFESTS
                    and manifest_kind(f.path) is not None})
    if not paths or not olds:
        return found
    renamed = {c.path: c.old_path or c.path for c in changes}
    before = [read_files(ws.repo, old, [renamed.get(p, p) for p in paths]) for old in olds]
    again: dict[str, set[int]] = {}
    for path in paths:
        if path not in now:
            continue
        text = now[path].decode("utf-8", "replace")
        fresh = {d.line for d in read_manifest(path, text)}
        every = set(fresh)
        for old in before:
            blob = old.get(renamed.get(path, path))
            fresh &= {d.line for d in added(path, blob.decode("utf-8", "replace")
                                            if blob is not None else None, text)}
        again[path] = every - fresh
    return [f for f in found if f.removed or f.line not in again.get(f.path, ())]


def _outside_docstrings(found: list[Finding], texts: dict[str, bytes]) -> list[Finding]:
    """Findings on added lines of Python files, without those inside a docstring: the diff
    shows one line around a change, so a line added mid-docstring ("(e.g. SQLite in unit
    tests)") looks like code to the checks. `texts` holds the files the findings name."""
    paths = sorted({f.path for f in found if not f.removed and f.snippet
                    and f.path.endswith((".py", ".pyi"))})
    if not paths:
        return found
    inside = {p: docstring_lines(texts[p].decode("utf-8", "replace")) for p in paths
              if p in texts}
    return [f for f in found if f.removed or not f.snippet or f.line not in inside.get(f.path, ())]


def _check_patch(ws: Workspace, options: CheckOptions, patch: bytes) -> CheckResult:
    """A patch (an agent's, a PR's) against what holds at HEAD: applied to HEAD in a
    throwaway index when it applies, read line by line (with a note) when it does not."""
    from intentlint.holding.ledger import snapshot
    from intentlint.holding.mining import Point

    at = ws.repo.head
    plan = from_snapshot(ws, snapshot(ws, Point(at, at) if at else Point("worktree", None)),
                         at, options.enforce_all)
    notes = list(plan.notes)
    applied = patch_diff(ws.repo, patch, keep=lambda p: manifest_kind(p) is not None) \
        if patch.strip() else (b"", {})
    head = (at,) if at else ()
    if applied is not None:
        changes = parse_diff(applied[0])
        found = _judge(ws, plan, changes, new="index", olds=head, blobs=applied[1],
                       weigh=not options.enforce_all)
    else:
        changes = parse_unified(patch.decode("utf-8", "replace"))
        notes.append("the patch does not apply cleanly to HEAD; its lines were checked as "
                     "written, without the surrounding file (dependency manifests unread)")
        found = _judge(ws, plan, changes, new="index", olds=head, blobs={},
                       weigh=not options.enforce_all)
    return _result(plan, found, len(changes), tuple(notes))


def _check_range(ws: Workspace, options: CheckOptions) -> CheckResult:
    """Each commit of A..B against what held at its parent, plus what it records itself; each
    merge commit for its conflict resolution, and for all it brings where a branch scope ends
    at it (merges.py).

    History is mined once, at the first commit's parent, and extended commit by commit in
    topological order, so a merge-heavy range costs one mining, not one per branch switch.
    A commit that cannot be read is reported and the range goes on."""
    from intentlint.enforcing.merges import merge_changes, parse_merge_message, sides
    from intentlint.holding.history import mine_commits, mine_history
    from intentlint.holding.ledger import snapshot
    from intentlint.holding.mining import Point
    from intentlint.sources.commits import CommitMining

    assert options.rev_range is not None
    try:
        out = run_git(["rev-list", "--reverse", "--topo-order", options.rev_range, "--"],
                      ws.repo.root)
    except GitError:
        raise UsageError(f"{options.rev_range!r} is not a revision range in this repository; "
                         "use A..B, or one commit") from None
    shas = out.decode().split()
    commits = {c.sha: c for c in parse_log(read_log(ws.repo, options.rev_range))}
    merges = [commits[sha] for sha in shas if sha in commits and len(commits[sha].parents) > 1]
    branches = sides(ws.repo, merges, set(shas), ws.repo.branch)
    findings: list[Finding] = []
    last: Plan | None = None
    named: dict[str, Verdict] = {}  # every decision a finding of the range may name
    checked = 0
    notes: set[str] = set()
    unreadable: list[str] = []
    history: CommitMining | None = None
    # The commits of the range each commit descends from: a commit is judged by what its own
    # history decided, not by a commit of another branch that topological order put first
    # (a maintenance branch merged in later never saw the main line's newer decisions).
    behind: dict[str, frozenset[str]] = {}
    in_range = set(shas)
    for sha in shas:
        commit = commits.get(sha)
        parent = commit.parents[0] if commit and commit.parents else None
        behind[sha] = frozenset().union(*(behind.get(p, frozenset()) | {p}
                                          for p in (commit.parents if commit else ())
                                          if p in in_range))
        try:
            if history is None:
                history = mine_history(ws.repo, ws.config, ws.rules, parent, use_cache=False)
            if commit is None:
                raise GitError(f"git log did not return commit {sha[:10]}")
            history = mine_commits([commit], ws.config, ws.rules, history, sha, repo=ws.repo)
            own = replace(history, records=tuple(
                r for r in history.records if r.source.commit not in in_range
                or r.source.commit == sha or r.source.commit in behind[sha]))
            snap = snapshot(ws, Point(sha, sha, evidence=parent or EMPTY_TREE), own,
                            use_cache=False)
            if len(commit.parents) > 1:
                into = branches.into.get(sha)
                parts = merge_changes(ws.repo, ws.config, commit, into,
                                      parse_merge_message(commit.message).side)
            else:
                into = branches.branch_of.get(sha)
                parts = [MergeChanges(parse_diff(commit_diff(ws.repo, sha, parent)), "",
                                      olds=(parent,) if parent else ())]
        except GitError as exc:
            unreadable.append(sha)
            notes.add(f"commit {sha[:10]} could not be read ({exc}); the range went on")
            continue
        last = from_snapshot(ws, snap, sha, options.enforce_all)
        named.update(last.ledger.by_id)
        for part in parts:
            checked += len(part.changes)
            findings.extend(replace(f, commit=sha, against=part.against)
                            for f in _judge(ws, last, part.changes, into, new=sha,
                                            olds=part.olds, weigh=not options.enforce_all,
                                            cache=False))
            if part.note:
                notes.add(part.note)
        notes.update(last.notes)
    return CheckResult(tuple(findings), Ledger(tuple(named.values())), ws.rules, checked,
                       tuple(shas), tuple(sorted(notes)), tuple(unreadable),
                       last.active if last else 0)

