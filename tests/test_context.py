from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.commands.context import compile_context
from intentlint.ground.records import Decision, Effect, Ledger, Source, Status, Verdict
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.packs import load_rulebook
from intentlint.report.context import as_json, markdown
from tests import scenario
from tests.conftest import Repo

runner = CliRunner()
RULES = load_rulebook([bundled_rules_dir()])


def test_context_hands_only_what_still_holds(repo: Repo) -> None:
    scenario.build(repo)
    out = runner.invoke(app, ["context", "implement the new login flow", "-C", str(repo.root),
                              "--format", "json"])
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    ids = [d["id"] for d in data["decisions"]]
    assert "D4" in ids and "D1" not in ids
    assert {"id": "D1", "why": "superseded by D4"} in data["not_applicable"]
    assert data["components"][0] == "auth"


def test_scope_selects_the_right_database(repo: Repo) -> None:
    scenario.build(repo)
    for scope, wanted, unwanted in (("production", "D2", "D3"), ("prototype", "D3", "D2")):
        out = runner.invoke(app, ["context", "set up the database", "--scope", scope,
                                  "-C", str(repo.root), "--format", "json"])
        ids = [d["id"] for d in json.loads(out.stdout)["decisions"]]
        assert wanted in ids and unwanted not in ids


def test_budget_drops_lowest_ranked_and_names_them(repo: Repo) -> None:
    scenario.build(repo)
    out = runner.invoke(app, ["context", "implement the new login flow", "--budget", "16",
                              "-C", str(repo.root)])
    assert out.exit_code == 0
    assert "**D4**" in out.stdout
    assert "Left out to stay within 16 words (lowest ranked):" in out.stdout


def test_proposed_decisions_are_shown_apart(repo: Repo) -> None:
    scenario.build(repo)
    out = runner.invoke(app, ["context", "add a public endpoint", "-C", str(repo.root)])
    assert "Proposed, not binding yet:" in out.stdout


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(Status)), st.sampled_from([None, "production"]),
                          st.integers(1, 30)), max_size=12),
       st.integers(1, 60))
def test_budget_caps_everything_handed_over(entries: list[tuple[Status, str | None, int]],
                                            budget: int) -> None:
    """Binding, proposed, left-out and not-applicable: never more words than the budget,
    binding decisions before proposed ones, and the JSON word count is what was handed."""
    verdicts = tuple(
        Verdict(Decision(f"D{i}", "database", " ".join(["word"] * size), "constraint",
                         Source("log", "DECISIONS.md", i), None, i, "database", scope,
                         Effect("database_engine", "postgresql")), status)
        for i, (status, scope, size) in enumerate(entries))
    ctx = compile_context(Ledger(verdicts), RULES, "set up the database", None, budget)
    assert ctx.word_count() <= budget
    assert json.loads(as_json(ctx))["words"] == ctx.word_count()
    binding_left_out = [i for i in ctx.over_budget if i.verdict.status is Status.ACTIVE]
    if ctx.proposed:
        assert not binding_left_out or all(
            len(i.verdict.record.text.split()) > budget - ctx.word_count()
            for i in binding_left_out)


def test_a_rejected_record_shows_its_real_status() -> None:
    rejected = Verdict(Decision("ADR-0003", "Use SQLite", "Use SQLite.", "decision",
                                Source("adr", "docs/adr/0003.md"), None, 0, "database",
                                "production", Effect("database_engine", "sqlite"),
                                stated="rejected"), Status.INACTIVE)
    ctx = compile_context(Ledger((rejected,)), RULES, "set up the database", "production")
    assert "ADR-0003 (rejected)" in markdown(ctx)
