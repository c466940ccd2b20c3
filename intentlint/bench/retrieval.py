"""The retrieval suite: is an agent handed the decisions its task needs, on a real ADR folder?

A corpus file (the format of bench/data/retrieval/*.toml) names a repository, the commit and
ADR folder it was written against, and tasks in other words than the ADR titles, each with
the still-valid ADRs a careful engineer would want (`expected`) and superseded ones that
would mislead (`stale`). Each task goes through `context`, the code path agents use; the
suite reports recall@5 (expected ADRs among the first five handed over), recall over
everything handed over, stale ADRs handed over as holding, stale ADRs handed over with
evidence's warning that the code does not follow them, expected ADRs handed over with that
warning (its false alarms), and words handed over.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from intentlint.commands.context import compile_context
from intentlint.enforcing.evidence import weigh_ledger
from intentlint.ground.errors import UsageError
from intentlint.ground.tomlfile import TOMLDecodeError, loads
from intentlint.holding.ledger import point_at, snapshot
from intentlint.holding.workspace import open_workspace

TOP = 5


@dataclass(frozen=True, slots=True)
class TaskResult:
    id: str
    held_back: bool
    expected: tuple[str, ...]
    handed: tuple[str, ...]  # ADR paths handed over as holding, in rank order
    stale_handed: tuple[str, ...]  # ... as holding, with no warning
    words: int
    stale_warned: tuple[str, ...] = ()  # handed over with evidence's "the code does not
    # follow it" (drifting, several values): an agent is told not to take it as law
    expected_warned: tuple[str, ...] = ()  # expected (still holding) but handed over with
    # that warning: the warning's false alarms

    @property
    def found_in_top(self) -> int:
        return sum(p in self.handed[:TOP] for p in self.expected)


@dataclass(frozen=True, slots=True)
class RetrievalResult:
    repo: str
    corpus: str
    tasks: tuple[TaskResult, ...]

    def part(self, held_back: bool) -> dict[str, Any]:
        tasks = [t for t in self.tasks if t.held_back is held_back]
        expected = sum(len(t.expected) for t in tasks)
        return {"tasks": len(tasks), "expected": expected,
                "recall_at_5": round(sum(t.found_in_top for t in tasks) / expected, 3)
                if expected else None,
                "recall": round(sum(sum(p in t.handed for p in t.expected) for t in tasks)
                                / expected, 3) if expected else None,
                "stale_handed": sum(len(t.stale_handed) for t in tasks),
                "stale_warned": sum(len(t.stale_warned) for t in tasks),
                "expected_warned": sum(len(t.expected_warned) for t in tasks),
                "words": round(sum(t.words for t in tasks) / len(tasks)) if tasks else 0}


def run_retrieval(repo: Path, corpus: Path) -> RetrievalResult:
    try:
        data = loads(corpus.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{corpus}: cannot read the corpus ({exc})") from None
    except TOMLDecodeError as exc:
        raise UsageError(f"{corpus}: not TOML ({exc})") from None
    meta = data.get("repository", {})
    tasks = data.get("task", [])
    if not isinstance(tasks, list) or not tasks:
        raise UsageError(f"{corpus}: no [[task]] tables; see bench/data/retrieval/*.toml")
    ws = open_workspace(repo)
    if isinstance(meta.get("adr_dir"), str):
        ws = ws.but(config=replace(ws.config, adr=(meta["adr_dir"],)))
    point = point_at(ws, None)
    # As `context` hands it over: each record with an effect held against the code at HEAD.
    ledger = weigh_ledger(ws, snapshot(ws, point, use_cache=False).ledger, point.rev,
                          write=False)
    results = []
    for n, task in enumerate(tasks, start=1):
        text, expected = task.get("text"), task.get("expected", [])
        if not isinstance(text, str) or not isinstance(expected, list):
            raise UsageError(f"{corpus}: task {n} needs text = '…' and expected = [paths]")
        ctx = compile_context(ledger, ws.rules, text, proposals=True)
        # As an agent reads them (a proposed record among the binding ones by relevance).
        handed = tuple(dict.fromkeys(i.verdict.record.source.path or ""
                                     for i in ctx.in_order()))
        holding = {i.verdict.record.source.path for i in ctx.items if not i.verdict.held_back}
        warned = {i.verdict.record.source.path for i in ctx.items if i.verdict.held_back}
        stale = tuple(p for p in task.get("stale", []) if p in holding)
        doubted = tuple(p for p in task.get("stale", []) if p in warned - holding)
        alarmed = tuple(p for p in expected if p in warned - holding)
        results.append(TaskResult(str(task.get("id", n)), bool(task.get("held_back")),
                                  tuple(expected), handed, stale, ctx.decision_words(),
                                  doubted, alarmed))
    return RetrievalResult(str(meta.get("name", repo)), corpus.name, tuple(results))
