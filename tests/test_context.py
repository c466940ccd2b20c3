from __future__ import annotations

import json

from typer.testing import CliRunner

from intentlint.cli import app
from tests import scenario
from tests.conftest import Repo

runner = CliRunner()


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
