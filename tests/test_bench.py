"""The benchmark's figures, asserted from the real pipeline (nothing here is hard-coded into
the code under test: the demo repository is built and mined on every run)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intentlint.bench import BenchOptions, BenchResult, run_bench
from intentlint.cli import app


@pytest.fixture(scope="module")
def result() -> BenchResult:
    return run_bench(BenchOptions("all"))


def by_name(result: BenchResult, name: str):  # type: ignore[no-untyped-def]
    assert result.seed is not None
    return next(c for c in result.seed.conditions + result.seed.ablations if c.name == name)


def test_intent_aware_passes_every_task(result: BenchResult) -> None:
    ia = by_name(result, "intent-aware")
    assert (ia.passed, ia.recall, ia.total("stale"), ia.total("violations")) == (8, 1.0, 0, 0)


def test_baseline_fails_every_task(result: BenchResult) -> None:
    base = by_name(result, "baseline")
    assert (base.passed, base.recall, base.total("violations")) == (0, 0.0, 14)


def test_naive_sits_between_and_applies_the_prototype_database_to_production(
        result: BenchResult) -> None:
    naive = by_name(result, "naive")
    assert 0 < naive.passed < 8
    t3 = next(o for o in naive.outcomes if o.task == "T3")
    assert not t3.passed and "R5" in t3.stale
    assert naive.total("chatter") > 0


def test_extraction_flags_everything_then_drops_the_traps(result: BenchResult) -> None:
    assert result.seed is not None
    e = result.seed.extraction
    assert (e.flagged_tp, e.flagged_fp, e.flagged_fn) == (12, 3, 0)
    assert (e.kept_tp, e.kept_fp, e.kept_fn) == (12, 0, 0)
    assert e.traps_flagged == 3 and e.traps_dropped == 3 and e.effects_right == 12


def test_ablation_without_schema(result: BenchResult) -> None:
    ablated = by_name(result, "intent-aware, no schema")
    assert ablated.passed == 6
    assert sorted(o.task for o in ablated.outcomes if not o.passed) == ["T1", "T4"]
    assert by_name(result, "intent-aware, per-task hints").passed == 8


def test_hook_suite(result: BenchResult) -> None:
    assert result.hook is not None
    conditions = {c.name: c for c in result.hook.conditions}
    ia = conditions["intent-aware"]
    assert ia.count("caught") == ia.violations and ia.count("false block") == 0
    assert conditions["unverified"].count("false block") >= 1
    assert conditions["no decisions"].count("caught") == 0
    tasks = {c.task for c in ia.cases}
    assert tasks == {f"T{i}" for i in range(1, 9)}
    for task in tasks:
        expects = {c.expect for c in ia.cases if c.task == task}
        assert "pass" in expects and expects & {"block", "warn"}


def test_cli_json_and_text() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "--suite", "seed", "--format", "json"])
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert data["schema"] == "intentlint/bench/v1" and "hook" not in data
    out = runner.invoke(app, ["bench", "--suite", "hook"])
    assert out.exit_code == 0 and "intent-aware      12/12" in out.stdout


def test_users_own_history_and_tasks(tmp_path: Path) -> None:
    history = tmp_path / "history.toml"
    history.write_text(
        '[[step]]\nlabel = "noise"\ntext = "Set up the repository"\n\n'
        '[[step]]\nlabel = "decision"\nid = "A1"\neffect = "auth_method = jwt"\n'
        'text = "For now we use JWT for login."\n\n'
        '[[step]]\nlabel = "decision"\nid = "A2"\neffect = "auth_method = oauth2"\n'
        'text = "We are migrating login from JWT to OAuth2."\n')
    tasks = tmp_path / "tasks.toml"
    tasks.write_text('[[task]]\nid = "X1"\nrequest = "rework the login page"\n'
                     'component = "auth"\ndepends = ["A2"]\n\n'
                     '[agent.defaults]\nauth_method = "session"\n')
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "--history", str(history), "--tasks", str(tasks),
                              "--format", "json"])
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    ia = next(c for c in data["seed"]["conditions"] if c["name"] == "intent-aware")
    assert ia["tasks_passed"] == 1 and "hook suite skipped" in data["notes"][0]


def test_bad_user_data_is_a_clean_error(tmp_path: Path) -> None:
    history = tmp_path / "history.toml"
    history.write_text('[[step]]\nlabel = "decsion"\ntext = "x"\n')
    out = CliRunner().invoke(app, ["bench", "--history", str(history)])
    assert out.exit_code == 2
    assert f"{history}: step[0].label: label must be one of" in out.stderr


def test_scale_suite_mechanics(tmp_path: Path) -> None:
    """Small sizes only: this checks the suite runs and reports, not how fast anything is."""
    from intentlint.bench.scale import run_scale
    from intentlint.report.bench import scale_json, scale_text

    seen: list[str] = []
    result = run_scale([30], runs=1, progress=seen.append)  # one size: each costs ~20 hooks
    assert [s.commits for s in result.sizes] == [30]
    assert all(s.records > 0 and s.hook_warm.median > 0 for s in result.sizes)
    assert len(seen) == 5 and "decisions, cold" in seen[2] and "hook" in seen[3]
    assert all(s.decisions_cold is not None and s.decisions_cold.median > 0
               for s in result.sizes)
    assert "hook warm" in scale_text(result) and "decisions cold" in scale_text(result)
    assert json.loads(scale_json(result))["sizes"][0]["commits"] == 30


def test_published_experiment_converted() -> None:
    """The original experiment's own 70 lines and 8 tasks, through the same bench code."""
    from intentlint.bench.data import data_dir

    published = run_bench(BenchOptions("seed", data_dir() / "published-history.toml",
                                       data_dir() / "published-tasks.toml"))
    assert published.seed is not None
    names = {c.name: c for c in published.seed.conditions}
    ia, naive = names["intent-aware"], names["naive"]
    assert (ia.passed, ia.recall, ia.total("stale"), ia.total("violations")) == (8, 1.0, 0, 0)
    assert naive.passed < 8 and naive.total("stale") >= 1
    x = published.seed.extraction
    assert (x.flagged_tp, x.flagged_fp, x.kept_tp, x.kept_fp, x.traps_dropped) == (12, 3, 12, 0, 3)


def test_recognition_suite_from_the_cli() -> None:
    result = CliRunner().invoke(app, ["bench", "--suite", "recognition", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["schema"] == "intentlint/bench-recognition/v1"
    assert [p["name"] for p in data["parts"]] == ["whole corpus", "development part",
                                                  "held-back part"]


def test_hook_grading_is_by_decision() -> None:
    """A case that blocks with the wrong decision is not caught: it is missed, and the
    decision that fired is a false block."""
    from intentlint.bench.hooksuite import CaseOutcome, HookCondition

    right = CaseOutcome("T8", "prototype-on-postgres", "block", "R5", "block", ("R5",), ())
    wrong = CaseOutcome("T8", "prototype-on-postgres", "block", "R5", "block", ("R4",), ())
    extra = CaseOutcome("T1", "leak", "block", "R3", "block", ("R2", "R3"), ())
    as_error = CaseOutcome("T2", "light-theme", "warn", "R11", "block", ("R11",), ())
    assert right.verdict == "caught" and not right.false_block
    assert wrong.verdict == "wrong decision" and wrong.false_block and not wrong.caught
    assert extra.verdict == "caught" and extra.false_block
    assert not as_error.caught and as_error.false_block  # a preference must warn, not block
    condition = HookCondition("x", (right, wrong, extra, as_error))
    assert (condition.count("caught"), condition.count("missed"),
            condition.count("false block")) == (2, 2, 3)


def test_bench_readme_shows_the_bench_output_exactly(result: BenchResult) -> None:
    """The benchmark page's output blocks are the command's own output, not a retelling."""
    import re

    from intentlint.report.bench import text

    page = Path(__file__).resolve().parent.parent / "bench" / "README.md"
    readme = page.read_text(encoding="utf-8")
    output = text(result)
    blocks = re.findall(r"as it prints:\n\n```text\n(.*?)```", readme, re.DOTALL)
    blocks += re.findall(r"graded by\s+decision\*\*.*?```text\n(.*?)```", readme, re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        assert block in output, block
