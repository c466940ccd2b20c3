"""The seed suite: baseline, naive lexical retrieval and intent-aware retrieval, one agent,
one checker, all on records mined from the demo repository by the code users run."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from intentlint.bench.data import BenchData, Task
from intentlint.commands.context import compile_context, words
from intentlint.ground.gitio import parse_log, read_log
from intentlint.ground.records import Decision, Declared, Ledger, Status
from intentlint.holding.ledger import Snapshot
from intentlint.holding.verify import verify
from intentlint.holding.workspace import Workspace
from intentlint.reading.recognise import components_in


@dataclass(frozen=True, slots=True)
class TaskOutcome:
    task: str
    passed: bool
    handed: tuple[str, ...]  # what the condition handed the agent (R-ids, or "noise@N")
    recalled: int
    needed: int
    violations: tuple[str, ...]  # the dependencies the agent got wrong
    stale: tuple[str, ...]  # fields whose value came from a superseded or out-of-scope record
    chatter: int
    dropped: int
    extras: int
    words: int  # words of the decision records handed over (as the experiment counted)
    chatter_words: int = 0  # words of chatter lines handed over (naive retrieval only)


@dataclass(frozen=True, slots=True)
class Condition:
    name: str
    outcomes: tuple[TaskOutcome, ...]

    def total(self, field: str) -> int:
        return sum(len(v) if isinstance(v := getattr(o, field), tuple) else int(v)
                   for o in self.outcomes)

    @property
    def passed(self) -> int:
        return sum(o.passed for o in self.outcomes)

    @property
    def recall(self) -> float:
        needed = sum(o.needed for o in self.outcomes)
        return sum(o.recalled for o in self.outcomes) / needed if needed else 0.0


@dataclass(frozen=True, slots=True)
class Extraction:
    flagged_tp: int
    flagged_fp: int
    flagged_fn: int
    kept_tp: int
    kept_fp: int
    kept_fn: int
    traps_flagged: int
    traps_dropped: int
    effects_right: int  # planted decisions mined with the ground-truth effect and scope


@dataclass(frozen=True, slots=True)
class SeedResult:
    conditions: tuple[Condition, ...]
    ablations: tuple[Condition, ...]
    extraction: Extraction
    records: int
    schema: str  # where the domain schema came from: "packs" or "tasks file"
    components_found: int  # tasks whose labelled component `context` found in the request


def planted_ids(data: BenchData, shas: list[str],
                records: Iterable[Decision]) -> dict[str, str]:
    """Mined record id -> the planted decision (R-id) of the history step it came from."""
    step_of = {sha: i for i, sha in enumerate(shas)}
    out = {}
    for r in records:
        step = step_of.get(r.source.commit or "")
        if step is not None and data.steps[step].id:
            out[r.id] = str(data.steps[step].id)
    return out


class _Grader:
    """Maps mined records back to history steps; grades what an agent did with them."""

    def __init__(self, data: BenchData, shas: list[str], snap: Snapshot) -> None:
        self.data = data
        self.step_of = {sha: i for i, sha in enumerate(shas)}
        self.snap = snap
        self.rid_of = planted_ids(data, shas, snap.mined.records)
        self.planted = data.planted()

    def label(self, record: Decision) -> str:
        return self.rid_of.get(record.id, f"noise@{self.step_of.get(record.source.commit or '')}")

    def valid_for(self, record: Decision, task: Task) -> bool:
        verdict = self.snap.ledger.get(record.id)
        return verdict is not None and verdict.status is Status.ACTIVE and (
            record.scope is None or record.scope == task.scope)

    def grade(self, task: Task, handed: list[Decision], chatter: int, dropped: int,
              word_count: int, labels: tuple[str, ...] | None = None,
              chatter_words: int = 0, proposed: list[Decision] | None = None) -> TaskOutcome:
        """The agent starts from fixed defaults and applies what it was handed, the latest
        record winning each field; proposed records only fill fields nothing binding set."""
        state = dict(self.data.defaults)
        source: dict[str, Decision] = {}
        for record in sorted(handed, key=lambda r: self.step_of.get(r.source.commit or "", -1)):
            if record.effect is not None and record.effect.key in state:
                state[record.effect.key] = record.effect.value
                source[record.effect.key] = record
        for record in sorted(proposed or [], key=lambda r: self.step_of.get(
                r.source.commit or "", -1)):
            key = record.effect.key if record.effect else ""
            if key in state and (key not in source or (source[key].heuristic
                                 and source[key].declared is not Declared.BINDING)):
                state[key] = record.effect.value if record.effect else state[key]
                source[key] = record
        handed = [*handed, *(proposed or [])]
        handed_ids = {self.label(r) for r in handed}
        wrong = []
        for dep in task.depends:
            effect = self.planted[dep].effect
            assert effect is not None
            if state.get(effect.key) != effect.value:
                wrong.append(dep)
        stale = tuple(self.label(r) for r in source.values() if not self.valid_for(r, task))
        extras = len([i for i in handed_ids if i not in task.depends])
        return TaskOutcome(task.id, not wrong, labels or tuple(sorted(handed_ids)),
                           len(set(task.depends) & handed_ids), len(task.depends), tuple(wrong),
                           stale, chatter, dropped, extras, word_count, chatter_words)


def run_seed(data: BenchData, ws: Workspace, snap: Snapshot, shas: list[str]) -> SeedResult:
    grader = _Grader(data, shas, snap)
    commits = parse_log(read_log(ws.repo, ws.repo.head))
    by_commit: dict[str, list[Decision]] = {}
    for r in snap.mined.records:
        by_commit.setdefault(r.source.commit or "", []).append(r)

    def baseline(task: Task) -> TaskOutcome:
        return grader.grade(task, [], 0, 0, 0)

    def naive(task: Task) -> TaskOutcome:
        wanted = words(task.request)
        hits = [c for c in commits if wanted & words(c.message)]
        handed = [r for c in hits for r in by_commit.get(c.sha, [])]
        chatter = [c for c in hits if not by_commit.get(c.sha)]
        labels = tuple(sorted({grader.label(r) for r in handed}))
        return grader.grade(task, handed, len(chatter), 0,
                            sum(len(r.text.split()) for r in handed), labels,
                            sum(len(c.message.split()) for c in chatter))

    schema = data.schema or None  # None: the packs' related components, as `context` uses

    def intent(task: Task, related: Mapping[str, tuple[str, ...]] | None = None,
               use_schema: bool = True, ledger: Ledger = snap.ledger) -> TaskOutcome:
        ctx = compile_context(ledger, ws.rules, task.request, task.scope,
                              related=related if related is not None else schema,
                              use_schema=use_schema, proposals=True)
        handed = [i.verdict.record for i in ctx.items]
        proposed = [i.verdict.record for i in ctx.proposed]
        return grader.grade(task, handed, 0, len(ctx.dropped_in_verification),
                            ctx.decision_words(), proposed=proposed)

    def run(name: str, fn: Callable[[Task], TaskOutcome]) -> Condition:
        return Condition(name, tuple(fn(t) for t in data.tasks))

    default = verify(replace(r, declared=Declared.PROPOSED) if r.heuristic else r
                     for r in snap.mined.records)
    conditions = (run("baseline", baseline), run("naive", naive), run("intent-aware", intent),
                  run("intent-aware, product default", lambda t: intent(t, ledger=default)))
    ablations = (
        run("intent-aware, no schema", lambda t: intent(t, use_schema=False)),
        run("intent-aware, per-task hints",
            lambda t: intent(t, related={c: t.hints for c in ws.rules.components})),
    )
    found = sum(bool(components_in(t.request, ws.rules)[:1] == [t.component])
                for t in data.tasks)
    return SeedResult(conditions, ablations, _extraction(data, grader, snap),
                      len(snap.mined.records), "tasks file" if schema else "packs", found)


def _extraction(data: BenchData, grader: _Grader, snap: Snapshot) -> Extraction:
    flagged_steps = {grader.step_of[c.sha] for c in snap.mined.flagged if c.sha in grader.step_of}
    kept_steps = {grader.step_of[r.source.commit] for r in snap.mined.records
                  if r.source.commit in grader.step_of}
    decisions = {s.index for s in data.steps if s.label == "decision"}
    traps = {s.index for s in data.steps if s.label == "trap"}
    right = 0
    for r in snap.mined.records:
        step = grader.step_of.get(r.source.commit or "")
        truth = data.steps[step] if step is not None else None
        if truth and truth.label == "decision" and r.effect == truth.effect \
                and r.scope == truth.scope:
            right += 1
    return Extraction(
        flagged_tp=len(flagged_steps & decisions), flagged_fp=len(flagged_steps - decisions),
        flagged_fn=len(decisions - flagged_steps), kept_tp=len(kept_steps & decisions),
        kept_fp=len(kept_steps - decisions), kept_fn=len(decisions - kept_steps),
        traps_flagged=len(flagged_steps & traps), traps_dropped=len((flagged_steps & traps)
                                                                    - kept_steps),
        effects_right=right)
