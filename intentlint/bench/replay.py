"""The replay suite: mine a real repository as it is, then replay a range of its real,
merged commits through `check --rev` — once as configured (free text proposed by default)
and once with free text binding — and report what was mined, what would have been blocked,
and what it cost per commit. Nothing in the repository is written."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from intentlint.commands.check import CheckOptions, run_check
from intentlint.enforcing.checks import enforced
from intentlint.enforcing.evidence import weigh_ledger
from intentlint.ground.errors import UsageError
from intentlint.ground.gitio import run_git
from intentlint.ground.records import Status, Verdict
from intentlint.holding.ledger import point_at, snapshot
from intentlint.holding.workspace import Workspace, open_workspace

WINDOW = 300


@dataclass(frozen=True, slots=True)
class Replayed:
    condition: str
    commits: int
    blocked: tuple[str, ...]  # commits with at least one blocking finding
    findings: int
    seconds: float
    unreadable: tuple[str, ...] = ()  # commits git could not read (missing blobs): not judged
    # every finding, so that a warning can be judged as well as a block:
    # (commit, severity, decision id or "", path, line)
    flagged: tuple[tuple[str, str, str, str, int], ...] = ()

    @property
    def per_commit(self) -> float:
        return self.seconds / self.commits if self.commits else 0.0


@dataclass(frozen=True, slots=True)
class ReplayResult:
    repo: str
    head: str
    commits_in_history: int
    rev_range: str
    records: dict[str, int]  # by status
    by_key: dict[str, int]  # records that set an effect, by key
    by_source: dict[str, int]
    mine_seconds: float
    conditions: tuple[Replayed, ...]
    # (id, status, effect, text, evidence) for judging; evidence: the trend, "binds" or not
    samples: tuple[tuple[str, str, str, str, str], ...]
    notes: tuple[str, ...]
    evidence: dict[str, int] = field(default_factory=dict)  # active records with an effect,
    # by how the code at HEAD stands to them (followed, migrating, drifting, several values)


def run_replay(repo: Path, rev_range: str | None = None, window: int = WINDOW) -> ReplayResult:
    ws = open_workspace(repo)
    if ws.repo.head is None:
        raise UsageError(f"{repo}: the repository has no commits to replay")
    total = int(run_git(["rev-list", "--count", "HEAD"], ws.repo.root).decode())
    if rev_range is None:
        rev_range = _last_window(ws.repo.root, window)
    start = time.perf_counter()
    snap = snapshot(ws, point_at(ws, None), use_cache=False)  # writes nothing
    mine_seconds = time.perf_counter() - start
    records = weigh_ledger(ws, snap.ledger, ws.repo.head, write=False).verdicts
    evidence = Counter(v.evidence.trend.value for v in records if v.evidence is not None)
    statuses = Counter(v.status.value for v in records)
    statuses["needs confirmation"] = sum(v.record.needs_confirmation for v in records)
    statuses["held back"] = sum(bool(v.held_back) for v in records)
    by_key = Counter(v.record.effect.key for v in records if v.record.effect)
    by_source = Counter(v.record.source.kind + (" (free text)" if v.record.heuristic else "")
                        for v in records)
    conditions = []
    for name, binding in (("as configured", ws.config.heuristic_binding),
                          ("free text binding", True)):
        here = ws.but(config=replace(ws.config, heuristic_binding=binding))
        begin = time.perf_counter()
        result = run_check(here, CheckOptions(rev_range=rev_range))
        seconds = time.perf_counter() - begin
        blocked = tuple(sorted({f.commit for f in result.findings
                                if f.severity == "error" and f.commit}))
        flagged = tuple((f.commit or "", f.severity, f.decision_id or "", f.path, f.line)
                        for f in result.findings)
        conditions.append(Replayed(name, len(result.commits), blocked, len(result.findings),
                                   seconds, result.unreadable, flagged))
    samples = tuple((v.record.id, v.status.value, str(v.record.effect or "-"),
                     " ".join(v.record.text.split())[:160], _weighed(v, ws))
                    for v in records if v.record.effect or v.record.needs_confirmation)
    return ReplayResult(str(repo), ws.repo.head, total, rev_range, dict(statuses), dict(by_key),
                        dict(by_source), mine_seconds, tuple(conditions), samples,
                        tuple(snap.ledger.notes + snap.ledger.problems)[:50], dict(evidence))


def _weighed(v: Verdict, ws: Workspace) -> str:
    """What evidence says, and whether anything would enforce it: a record that binds but
    that no check enforces (`decisions`: not enforced) blocks nothing either."""
    checks = "" if enforced([replace(v, held_back="")], ws.rules, ws.config) \
        else " (no checks: not enforced)"
    if v.evidence is None:  # a record needing confirmation has no effect: nothing binds
        return "binds" + checks if v.status is Status.ACTIVE and not v.held_back \
            and v.record.effect is not None else "-"
    if not v.evidence.binds:
        return f"{v.evidence.trend.value}, does not bind"
    return f"{v.evidence.trend.value}, binds{checks}"


def _last_window(root: Path, window: int) -> str:
    shas = run_git(["rev-list", "--first-parent", f"--max-count={window + 1}", "HEAD"],
                   root).decode().split()
    return "HEAD" if len(shas) <= window else f"{shas[-1]}..HEAD"  # a short history: all
