from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from intentlint.cli import app
from tests import scenario
from tests.conftest import Repo

runner = CliRunner()


def run(repo: Repo, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "-C", str(repo.root)])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def built(repo: Repo) -> tuple[Repo, dict[str, str]]:
    return repo, scenario.build(repo)


def test_lists_exactly_the_right_records(built: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = built
    before = repo.state()
    code, out, _ = run(repo, "decisions", "--format", "json")
    assert code == 0 and repo.state() == before
    data = json.loads(out)
    assert data["schema"] == "intentlint/decisions/v1"
    got = {d["id"]: (d["status"], d["superseded_by"]) for d in data["decisions"]}
    trailer, free = f"C-{shas['trailer'][:8]}", f"C-{shas['free_text'][:8]}"
    assert got == {
        "D1": ("superseded", "D4"), "D2": ("active", None), "D3": ("active", None),
        "D4": ("active", None), "ADR-0001": ("active", None),
        "ADR-0002": ("superseded", "ADR-0003"), "ADR-0003": ("active", None),
        trailer: ("active", None),
    }
    assert data["proposals_not_listed"] == 1  # commit prose waits in the queue
    _, out, _ = run(repo, "decisions", "--status", "proposed", "--format", "json")
    assert {d["id"]: d["status"] for d in json.loads(out)["decisions"]} == {free: "proposed"}
    by_id = {d["id"]: d for d in data["decisions"]}
    assert by_id["D2"]["scope"] == "production" and by_id["D3"]["scope"] == "prototype"
    assert by_id["D2"]["effect"] == {"key": "database_engine", "value": "postgresql"}
    assert by_id[trailer]["source"]["commit"] == shas["trailer"]
    assert by_id["ADR-0002"]["source"]["path"] == "docs/adr/0002-use-rest.md"
    assert by_id["D1"]["source"] == {"kind": "log", "path": "DECISIONS.md", "line": 3,
                                     "commit": None, "author": None}
    texts = " ".join(d["text"] for d in data["decisions"])
    for chatter in scenario.CHATTER:
        assert chatter not in texts


def test_heuristic_binding_makes_free_text_active(built: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = built
    repo.write(".intentlint.toml", scenario.CONFIG + "heuristic-binding = true\n".join(["", ""]))
    repo.write(".intentlint.toml", "heuristic-binding = true\n" + scenario.CONFIG)
    _, out, _ = run(repo, "decisions", "--status", "active", "--format", "json")
    assert f"C-{shas['free_text'][:8]}" in {d["id"] for d in json.loads(out)["decisions"]}


@pytest.mark.parametrize("fmt", ["table", "markdown", "mermaid"])
def test_other_formats(built: tuple[Repo, dict[str, str]], fmt: str) -> None:
    repo, _ = built
    code, out, _ = run(repo, "decisions", "--format", fmt)
    assert code == 0 and "D4" in out
    if fmt == "mermaid":
        assert out.startswith("flowchart LR") and "n_D1 -->|superseded by| n_D4" in out
    if fmt == "table":
        assert "superseded by D4" in out and "superseded by ADR-0003" in out
    if fmt in ("table", "markdown"):
        assert "1 proposal from commit messages: intentlint proposals" in out
        assert "proposed" not in out


def test_status_filter_and_at(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _shas = built
    _, out, _ = run(repo, "decisions", "--status", "superseded", "--format", "json")
    assert {d["id"] for d in json.loads(out)["decisions"]} == {"D1", "ADR-0002"}
    _, out, _ = run(repo, "decisions", "--at", "HEAD~8", "--format", "json")
    assert {d["id"] for d in json.loads(out)["decisions"]} == {"D1", "D2", "D3", "D4"}


def test_explain_tells_the_story(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    code, out, _ = run(repo, "explain", "D4")
    assert code == 0
    assert "supersedes D1" in out and "auth:no-jwt-after-oauth2" in out
    assert "DECISIONS.md:20" in out
    code, out, _ = run(repo, "explain", "D1")
    assert "superseded by D4" in out
    code, _, err = run(repo, "explain", "NOPE")
    assert code == 2 and "no decision 'NOPE'" in err


def test_malformed_log_is_one_line_and_exit_2(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    repo.write("DECISIONS.md", scenario.LOG + "\n## D9: Broken\ndate: someday\n\ntext\n")
    code, out, err = run(repo, "decisions")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "intentlint: DECISIONS.md:26: date: 'someday' is not a date; write YYYY-MM-DD"]


def test_malformed_config_lists_all_keys(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    repo.write(".intentlint.toml", 'commits = "always"\nbogus = 1\n')
    code, _, err = run(repo, "decisions")
    assert code == 2
    assert err.count("intentlint: .intentlint.toml:") == 2


def test_malformed_repository_pack(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    repo.write(".intentlint/rules/local.toml", '[pack]\nname = "local"\n[[effects]]\n'
               'component = "api"\nkey = "k"\nvalue = "v"\nrecognise = ["(a"]\n')
    code, _, err = run(repo, "rules")
    assert code == 2
    assert err.startswith("intentlint: .intentlint/rules/local.toml: effects[0].recognise[0]: "
                          "bad pattern")


def test_malformed_adr_is_reported_not_fatal(built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    repo.write("docs/adr/0004-broken.md", "# 4. Broken\n\n## Status\n\nSuperseded by "
               "[9. Missing](0009-missing.md)\n")
    code, out, _ = run(repo, "decisions")
    assert code == 0
    assert "problem: docs/adr/0004-broken.md:5: cannot resolve superseded-by link" in out


def test_rules_lists_packs(repo: Repo) -> None:
    code, out, _ = run(repo, "rules")
    assert code == 0 and "auth_method = oauth2" in out and "all valid" in out
    code, out, _ = run(repo, "rules", "--format", "json")
    assert code == 0 and json.loads(out)["schema"] == "intentlint/rules/v1"


def test_init_writes_once(repo: Repo) -> None:
    code, out, _ = run(repo, "init")
    assert code == 0 and "wrote .intentlint.toml" in out and "wrote DECISIONS.md" in out
    assert (repo.root / "DECISIONS.md").read_text().startswith("# Decisions")
    (repo.root / "DECISIONS.md").write_text("# mine\n")
    code, out, _ = run(repo, "init")
    assert "kept DECISIONS.md" in out and (repo.root / "DECISIONS.md").read_text() == "# mine\n"
    code, out, _ = run(repo, "decisions")
    assert code == 0


def test_outside_a_repository(tmp_path) -> None:  # type: ignore[no-untyped-def]
    result = runner.invoke(app, ["decisions", "-C", str(tmp_path)])
    assert result.exit_code == 2 and "not inside a git work tree" in result.stderr


def test_every_command_leaves_the_repository_as_it_was(built: tuple[Repo, dict[str, str]]
                                                       ) -> None:
    repo, _ = built
    repo.write("app/auth.py", "import jwt\n")
    repo.git("add", "app/auth.py")
    repo.write("scratch.txt", "unstaged, untracked\n")
    before = repo.state()
    for args in (["decisions"], ["decisions", "--at", "HEAD~1", "-f", "mermaid"],
                 ["explain", "D4"], ["context", "add a login page", "-f", "json"], ["rules"],
                 ["check"], ["check", "--rev", "HEAD~3..HEAD"], ["check", "-f", "sarif"]):
        result = runner.invoke(app, [*args, "-C", str(repo.root)])
        assert result.exit_code in (0, 1), (args, result.stderr)
        assert repo.state() == before, args


def test_a_scope_the_configuration_does_not_define_is_reported(
        built: tuple[Repo, dict[str, str]]) -> None:
    repo, _ = built
    # (`staging` would be the environment a path names: a scope without configuration)
    repo.commit("EU DB\n\nDecision: The EU region runs on SQLite for now.\nScope: eu-region")
    code, out, _ = run(repo, "decisions")
    assert code == 0
    assert "has scope 'eu-region', which the configuration does not define" in out


@pytest.mark.parametrize(("content", "message"), [
    (b"---\nstatus: accepted\n# 4. Never closed\n",
     "intentlint: docs/adr/0004-broken.md:1: front matter opened with '---' is never closed"),
    (b"# 4. Latin-1\n\n## Status\n\nAccept\xe9\n",
     "intentlint: docs/adr/0004-broken.md: not UTF-8 (byte 31); save it as UTF-8"),
])
def test_broken_adr_syntax_is_one_line_and_exit_2(built: tuple[Repo, dict[str, str]],
                                                  content: bytes, message: str) -> None:
    repo, _ = built
    repo.write("docs/adr/0004-broken.md", content)
    code, out, err = run(repo, "decisions")
    assert code == 2 and out == ""
    assert err.strip().splitlines()[0].startswith(message)


def test_a_broken_adr_committed_long_ago_is_skipped_not_a_refusal_of_every_commit(
        built: tuple[Repo, dict[str, str]]) -> None:
    """betagouv/rdv-service-public (round 18, judged blind): a 2021 ADR closes its front
    matter with `--`; every command exited 2, so the hook refused every commit, and a replay
    of history could not run. Committed as it is, it is skipped and said; being edited (it
    differs from HEAD), it still stops the command."""
    repo, _ = built
    broken = b"---\nstatus: accepted\n--\n# 4. Never closed\n\n## Decision\n\nUse it.\n"
    repo.commit("Old ADR", ("docs/adr/0004-broken.md", broken))
    code, out, err = run(repo, "decisions")
    assert code == 0, err
    assert "docs/adr/0004-broken.md:1: front matter opened with '---' is never closed; add " \
           "the closing '---' line; this committed ADR is skipped until it is fixed" in out + err
    repo.write("app.py", "x = 1\n")
    repo.git("add", "-A")
    assert run(repo, "check")[0] == 0
    repo.write("docs/adr/0004-broken.md", broken + b"\nMore.\n")
    repo.git("add", "-A")
    code, _, err = run(repo, "check")
    assert code == 2 and "never closed" in err


def test_history_order_is_commit_date_order_across_branches(repo: Repo) -> None:
    repo.commit("Start", ("README.md", "x\n"))
    repo.git("checkout", "-q", "-b", "side")
    repo.git("checkout", "-q", "main")
    repo.commit("Use JWT\n\nDecision: For now we authenticate API users with JWT tokens.")
    repo.git("checkout", "-q", "side")
    later = repo.commit("Use OAuth2\n\nDecision: We are migrating authentication to OAuth2.")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "-m", "Merge side", "side")
    _, out, _ = run(repo, "decisions", "--status", "active", "--format", "json")
    assert [d["id"] for d in json.loads(out)["decisions"]] == [f"C-{later[:8]}"]


def test_small_things_a_user_notices(repo: Repo) -> None:
    long = ("Switch the app database to PostgreSQL because the reporting queries need window "
            "functions and JSONB")
    repo.commit(long)
    repo.commit("Log", ("DECISIONS.md", "## D3: Keep ids internal\n\nNever expose internal ids\n"
                                        "in API responses.\n"))
    code, out, _ = run(repo, "explain", "d3")  # ids are found whatever their case
    assert code == 0 and out.startswith("D3: Keep ids internal")
    data = json.loads(run(repo, "decisions", "--status", "proposed", "--format", "json")[1])
    title = next(d["title"] for d in data["decisions"] if d["id"] != "D3")
    assert title.endswith("…") and long.startswith(title[:-1]) and title[-2] != " "
    assert long[len(title) - 1] == " "  # cut between words
    context = runner.invoke(app, ["context", "add an API endpoint", "-C", str(repo.root)]).stdout
    assert "Never expose internal ids in API responses." in context  # no hard line break
    assert "[FILES]" in runner.invoke(app, ["check", "--help"]).stdout


def test_every_status_filter_is_offered_and_read(built: tuple[Repo, dict[str, str]]) -> None:
    """One list of statuses: the CLI offers each filter the core reads, and the core refuses
    any other (the MCP server's list_decisions asks the core)."""
    from intentlint.ground.errors import UsageError
    from intentlint.ground.records import STATUS_FILTERS, Status
    from intentlint.holding.ledger import point_at, snapshot
    from intentlint.holding.proposals import listed
    from intentlint.holding.workspace import open_workspace

    repo, _ = built
    assert {s.value for s in Status} < set(STATUS_FILTERS)
    for status in STATUS_FILTERS:
        code, out, err = run(repo, "decisions", "--status", status, "--format", "json")
        assert code == 0, err
        listed_statuses = {d["status"] for d in json.loads(out)["decisions"]}
        assert status in ("all", "needs-confirmation") or listed_statuses <= {status}
    ws = open_workspace(repo.root)
    with pytest.raises(UsageError, match="is not one of active, superseded"):
        listed(ws, snapshot(ws, point_at(ws, None)).ledger, "stale")
