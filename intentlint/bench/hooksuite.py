"""The hook suite: staged changes for every task, run through the real `check` under three
conditions (no decisions, every extracted record enforced unverified, intent-aware)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.bench.data import BenchData, Case
from intentlint.check import CheckOptions, run_check
from intentlint.gitio import open_repo, run_git
from intentlint.ledger import Workspace

CONDITIONS = ("no decisions", "unverified", "intent-aware")


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    task: str
    name: str
    expect: str
    outcome: str  # "block", "warn" or "pass"
    fired: tuple[str, ...]  # decision ids (R-ids where known) behind the findings

    @property
    def verdict(self) -> str:
        if self.expect == "pass":
            return {"pass": "ok", "warn": "noisy", "block": "false block"}[self.outcome]
        if self.outcome == self.expect:
            return "caught"
        if self.outcome == "block":
            return "false block"  # a preference must warn, not block
        return "missed" if self.outcome == "pass" else "caught"


@dataclass(frozen=True, slots=True)
class HookCondition:
    name: str
    cases: tuple[CaseOutcome, ...]

    def count(self, verdict: str) -> int:
        return sum(c.verdict == verdict for c in self.cases)

    @property
    def violations(self) -> int:
        return sum(c.expect != "pass" for c in self.cases)


@dataclass(frozen=True, slots=True)
class HookResult:
    conditions: tuple[HookCondition, ...]


def _stage(root: Path, case: Case) -> None:
    run_git(["checkout", "-q", "-f", "main"], root)
    run_git(["clean", "-q", "-fdx"], root)
    if case.branch:
        run_git(["checkout", "-q", "-B", case.branch, "main"], root)
    for path, content in case.files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")
    run_git(["add", "-A", "--", *case.files], root)


def run_hook_suite(data: BenchData, ws: Workspace, rid_of: dict[str, str]) -> HookResult:
    """Stage each case once and check it under every condition."""
    root = ws.repo.root
    outcomes: dict[str, list[CaseOutcome]] = {name: [] for name in CONDITIONS}
    silent = replace(ws.config, commits="off", decisions=(), adr=())
    for case in data.cases:
        _stage(root, case)
        staged = replace(ws, repo=open_repo(root))
        for name in CONDITIONS:
            here = replace(staged, config=silent) if name == "no decisions" else staged
            result = run_check(here, CheckOptions(enforce_all=name == "unverified"))
            outcome = "block" if result.blocking else ("warn" if result.findings else "pass")
            fired = tuple(sorted({rid_of.get(f.decision_id, f.decision_id)
                                  for f in result.findings if f.decision_id}))
            outcomes[name].append(CaseOutcome(case.task, case.name, case.expect, outcome, fired))
    run_git(["checkout", "-q", "-f", "main"], root)
    run_git(["clean", "-q", "-fdx"], root)
    conditions = [HookCondition(name, tuple(outcomes[name])) for name in CONDITIONS]
    return HookResult(tuple(conditions))
