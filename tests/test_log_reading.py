"""What reading does to a repository's decisions: needs confirmation, one record per effect,
permissions that never block, and decisions that carry their own check — through the CLI
and the real git hook."""

from __future__ import annotations

import json
import subprocess

from typer.testing import CliRunner

from intentlint.cli import app
from tests.conftest import Repo, money_pack

runner = CliRunner()
CONFIG = """
[scopes.production]
paths = ["config/production/**"]
[scopes.prototype]
paths = ["config/prototype/**"]
"""


def decisions_json(repo: Repo, *args: str) -> dict[str, dict[str, object]]:
    result = runner.invoke(app, ["decisions", "-C", str(repo.root), "--format", "json", *args])
    assert result.exit_code == 0, result.output
    return {d["id"]: d for d in json.loads(result.stdout)["decisions"]}


def test_unclear_decision_binds_nothing_and_says_how_to_settle(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: Databases\n\nWe use MySQL and PostgreSQL.\n"),
                (".intentlint.toml", CONFIG))
    d1 = decisions_json(repo)["D1"]
    assert d1["effect"] is None and d1["needs_confirmation"] is True
    assert set(d1["candidates"]) == {"database_engine = mysql", "database_engine = postgresql"}
    assert list(decisions_json(repo, "--status", "needs-confirmation")) == ["D1"]
    explained = runner.invoke(app, ["explain", "D1", "-C", str(repo.root)]).stdout
    assert "needs confirmation" in explained and "add `effect: database_engine = " in explained
    assert "'MySQL' affirmed" in explained
    repo.write("config/production/db.yml", "url: sqlite:///x.db\n")
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root)])
    assert result.exit_code == 0, result.stdout
    assert "D1 needs confirmation" in result.stdout


def test_effect_line_settles_it(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: Databases\neffect: database_engine = postgresql"
                                        "\n\nWe use MySQL and PostgreSQL.\n"))
    d1 = decisions_json(repo)["D1"]
    assert d1["effect"] == {"key": "database_engine", "value": "postgresql"}
    assert d1["needs_confirmation"] is False
    repo.commit("Log", ("DECISIONS.md", "## D1: Databases\neffect: none\n\nWe use MySQL and "
                                        "PostgreSQL.\n"))
    d1 = decisions_json(repo)["D1"]
    assert d1["effect"] is None and d1["needs_confirmation"] is False


def test_text_with_two_effects_becomes_two_records_and_supersession_reaches_both(
        repo: Repo) -> None:
    log = ("## D1: Stack\n\nNew services use PostgreSQL and sign users in through OIDC.\n\n"
           "## D2: Back to basics\nsupersedes: D1\n\nEverything is on hold.\n")
    repo.commit("Log", ("DECISIONS.md", log))
    records = decisions_json(repo)
    assert records["D1"]["effect"] == {"key": "database_engine", "value": "postgresql"}
    assert records["D1.2"]["effect"] == {"key": "auth_method", "value": "oauth2"}
    assert records["D1"]["part_of"] == records["D1.2"]["part_of"] == "D1"
    assert records["D1"]["status"] == records["D1.2"]["status"] == "superseded"


def test_permission_never_blocks(repo: Repo) -> None:
    log = "## D1: Prototype database\n\nThe prototype may keep SQLite.\n"
    repo.commit("Log", ("DECISIONS.md", log), (".intentlint.toml", CONFIG))
    d1 = decisions_json(repo)["D1"]
    assert d1["kind"] == "permission" and d1["scope"] == "prototype"
    assert d1["enforced_by"] == []
    repo.write("config/prototype/db.yml", "url: postgresql://db/app\n")
    repo.git("add", "-A")
    assert runner.invoke(app, ["check", "-C", str(repo.root)]).exit_code == 0


INLINE = """## D9: Money is Decimal
forbid: '\\bfloat\\(' in src/payments/**, !src/payments/legacy/**

Amounts are Decimal end to end; floats round.
"""


def test_inline_check_through_the_real_hook(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", INLINE), ("src/payments/total.py", "x = 1\n"))
    assert runner.invoke(app, ["hook", "install", "-C", str(repo.root)]).exit_code == 0
    repo.write("src/payments/total.py", "x = 1\namount = float(raw)\n")
    repo.write("src/payments/legacy/old.py", "amount = float(raw)\n")
    repo.git("add", "-A")
    before = repo.state(strict=False)
    proc = subprocess.run(["git", "commit", "-q", "-m", "Totals"], cwd=repo.root,
                          capture_output=True, text=True, check=False)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1 and repo.state(strict=False) == before
    assert "src/payments/total.py:2: error [D9] breaks decision D9: Money is Decimal" in out
    assert "src/payments/legacy/old.py" not in out
    assert "to waive: add `intentlint: allow D9 -- <reason>`" in out
    repo.write("src/payments/total.py",
               "x = 1\namount = float(raw)  # intentlint: allow D9 -- parsing a CSV export\n")
    repo.git("add", "-A")
    proc = subprocess.run(["git", "commit", "-q", "-m", "Totals"], cwd=repo.root,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    repo.write("src/payments/total.py", "x = 1\namount = Decimal(raw)\n")
    repo.git("add", "-A")
    proc = subprocess.run(["git", "commit", "-q", "-m", "Decimal"], cwd=repo.root,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_inline_require_and_trailer_checks(repo: Repo) -> None:
    repo.commit("Audit\n\nDecision: Every new handler logs an audit event.\n"
                "Require: 'audit\\.log' near '^def handle_' in app/**")
    repo.write("app/orders.py", "def handle_order(req):\n    return 1\n")
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root)])
    assert result.exit_code == 1 and "app/orders.py:1: error" in result.stdout
    repo.write("app/orders.py", "def handle_order(req):\n    audit.log(req)\n    return 1\n")
    repo.git("add", "-A")
    assert runner.invoke(app, ["check", "-C", str(repo.root)]).exit_code == 0


def test_bad_inline_check_is_a_one_line_error(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: Money\nforbid: '(unclosed' in src/**\n\nNo.\n"))
    result = runner.invoke(app, ["decisions", "-C", str(repo.root)])
    assert result.exit_code == 2
    assert "DECISIONS.md:2: forbid: bad pattern '(unclosed'" in result.stderr


def test_rules_exits_2_on_a_misread_example(repo: Repo) -> None:
    repo.write(".intentlint/rules/team.toml", money_pack(
        "recognise = ['\\bdecimal\\b']\n"
        'examples = [{ text = "We never use Decimal.", expect = "money_type = decimal" }]\n'))
    repo.commit("Pack")
    result = runner.invoke(app, ["rules", "-C", str(repo.root)])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if "team.toml" in line]
    assert len(lines) == 1 and "examples[0]" in lines[0] and "We never use Decimal." in lines[0]
