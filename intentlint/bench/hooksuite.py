"""The hook suite: staged changes for every task, run through the real `check` under three
conditions (no decisions, every extracted record enforced unverified, intent-aware)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from intentlint.bench.data import BenchData, Case
from intentlint.commands.check import CheckOptions, CheckResult, run_check
from intentlint.ground.gitio import open_repo, run_git
from intentlint.holding.workspace import Workspace

CONDITIONS = ("no decisions", "unverified", "intent-aware")


@dataclass(frozen=True, slots=True)
class CaseOutcome:
    """One staged case under one condition, graded by decision: a violation is caught only
    when the decision it breaks fires at the expected severity (error for a constraint or
    decision, warning for a preference); any other decision that fires is a false block
    (at error) or noise (at warning)."""

    task: str
    name: str
    expect: str  # "block", "warn" or "pass"
    breaks: str | None
    outcome: str  # "block", "warn" or "pass": what the hook did
    fired_errors: tuple[str, ...]  # decision ids (R-ids where known) behind error findings
    fired_warnings: tuple[str, ...]

    @property
    def fired(self) -> tuple[str, ...]:
        return tuple(sorted({*self.fired_errors, *self.fired_warnings}))

    @property
    def caught(self) -> bool:
        expected = {"block": self.fired_errors, "warn": self.fired_warnings}.get(self.expect, ())
        return self.breaks is not None and self.breaks in expected

    @property
    def false_block(self) -> bool:
        return bool(set(self.fired_errors) - {self.breaks if self.caught else ""}) or (
            self.expect == "warn" and self.outcome == "block")

    @property
    def noisy(self) -> bool:
        return bool(set(self.fired_warnings) - {self.breaks if self.caught else ""})

    @property
    def verdict(self) -> str:
        if self.expect == "pass":
            return "false block" if self.false_block else "noisy" if self.noisy else "ok"
        if not self.caught:
            return "wrong decision" if self.fired else "missed"
        return "caught"


@dataclass(frozen=True, slots=True)
class HookCondition:
    name: str
    cases: tuple[CaseOutcome, ...]

    def count(self, verdict: str) -> int:
        """Cases by verdict; "false block" and "noisy" count every case that has one."""
        if verdict == "false block":
            return sum(c.false_block for c in self.cases)
        if verdict == "noisy":
            return sum(c.noisy and not c.false_block for c in self.cases)
        if verdict == "missed":
            return sum(c.expect != "pass" and not c.caught for c in self.cases)
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
        staged = ws.but(repo=open_repo(root))
        for name in CONDITIONS:
            here = staged.but(config=silent) if name == "no decisions" else staged
            result = run_check(here, CheckOptions(enforce_all=name == "unverified"))
            outcome = "block" if result.blocking else ("warn" if result.findings else "pass")

            def fired(severity: str, result: CheckResult = result) -> tuple[str, ...]:
                return tuple(sorted({rid_of.get(f.decision_id, f.decision_id)
                                     for f in result.findings
                                     if f.decision_id and f.severity == severity}))

            outcomes[name].append(CaseOutcome(case.task, case.name, case.expect, case.breaks,
                                              outcome, fired("error"), fired("warning")))
    run_git(["checkout", "-q", "-f", "main"], root)
    run_git(["clean", "-q", "-fdx"], root)
    conditions = [HookCondition(name, tuple(outcomes[name])) for name in CONDITIONS]
    return HookResult(tuple(conditions))
