"""The review queue of commit prose: `proposals`, `adopt`, `dismiss`, in real repositories."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.ground.errors import ConfigError
from intentlint.holding.proposals import one_folder
from intentlint.sources.decisions_log import format_entry, next_id, parse_log
from intentlint.sources.dismissals import Dismissal, format_dismissal, parse_dismissals
from tests.conftest import Repo, hook_probe

runner = CliRunner()
SWITCH = "Switch the app database to PostgreSQL"
POSTGRES = ("config/database.yml", "database:\n  url: postgres://db/app\n")
SQLITE = {"config/database.yml": "database:\n  url: sqlite:///app.db\n"}


def run(repo: Repo, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "-C", str(repo.root)])
    return result.exit_code, result.stdout, result.stderr


def queue(repo: Repo, *args: str) -> dict[str, object]:
    code, out, err = run(repo, "proposals", "--format", "json", *args)
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    assert data["schema"] == "intentlint/proposals/v1"
    return data


def ids(data: dict[str, object], key: str = "proposals") -> list[str]:
    return [p["id"] for p in data[key]]  # type: ignore[attr-defined,index]


def git_commit(repo: Repo, message: str, files: dict[str, str]) -> subprocess.CompletedProcess[str]:
    for path, content in files.items():
        repo.write(path, content)
    repo.git("add", "-A")
    return subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo.root,
                          capture_output=True, text=True, check=False)


@pytest.fixture
def proposing(repo: Repo) -> tuple[Repo, str]:
    """A repository whose one commit proposes PostgreSQL from its prose."""
    repo.commit("Start", ("README.md", "app\n"))
    return repo, repo.commit(SWITCH, POSTGRES)


def test_the_queue_ranks_and_shows_a_flipping_key_once(repo: Repo) -> None:
    repo.commit("Start", ("README.md", "app\n"))
    for n, engine in enumerate(["PostgreSQL", "MySQL", "PostgreSQL", "SQLite"]):
        repo.commit(f"Switch the app database to {engine}",
                    (f"lib/db/db{n}.rb", "x\n"))
    oauth = repo.commit("Use OAuth2 for login", ("config/auth.yml", "provider: corp\n"))
    described = repo.commit("Fix the login form\n\nWe should always use JWT tokens here.",
                            ("app/views/login.html", "x\n"))
    data = queue(repo)
    assert ids(data) == [f"C-{oauth[:8]}", f"C-{described[:8]}"]  # a deciding subject first
    first = data["proposals"][0]  # type: ignore[index]
    assert first["ranked_by"] == ["its subject decides",
                                  "its commit touched configuration or a manifest"]
    assert first["touched"] == ["config/auth.yml"] and first["author"] == "Ada Tester"
    [contested] = data["contested"]  # type: ignore[misc]
    assert contested["key"] == "database_engine" and contested["count"] == 4
    assert contested["values"] == {"postgresql": 2, "mysql": 1, "sqlite": 1}
    assert data["commits"] == 7
    _, text, _ = run(repo, "proposals")
    assert "database_engine  contested: 4 proposals" in text and "(postgresql 2, mysql 1" in text
    assert "touched  config/\n" in text and "Switch the app database" not in text
    _, text, _ = run(repo, "proposals", "--all")
    assert text.count("Switch the app database") == 4
    code, out, _ = run(repo, "decisions")
    assert code == 0 and "6 proposals from commit messages: intentlint proposals" in out
    assert "C-" not in out  # no proposal rows


def test_adopted_proposal_binds_from_the_next_commit_through_the_hook(
        proposing: tuple[Repo, str]) -> None:
    repo, sha = proposing
    assert run(repo, "hook", "install")[0] == 0
    proc = git_commit(repo, "Try SQLite locally", SQLITE)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # a proposal blocks nothing
    repo.git("reset", "-q", "--hard", "HEAD~1")
    log_before = "# Decisions\n\n## D1: Keep ids internal\n\nNever expose internal ids.\n"
    git_commit(repo, "Start the log", {"DECISIONS.md": log_before})
    code, out, _ = run(repo, "adopt", f"C-{sha[:8]}")
    assert code == 0, out
    assert f"adopted C-{sha[:8]} as D2" in out
    text = (repo.root / "DECISIONS.md").read_text()
    assert text.startswith(log_before)  # the other entries are never rewritten
    entry = text[len(log_before):]
    assert entry.startswith("\n## D2: Switch the app database to PostgreSQL\n")
    assert f"effect: database_engine = postgresql\nsource: commit {sha}\n\n{SWITCH}\n" in entry
    assert entry.strip() in out
    assert repo.git("status", "--porcelain") == " M DECISIONS.md\n"  # nothing else written
    assert f'git commit -m "Adopt C-{sha[:8]} as D2" -- DECISIONS.md' in out
    proc = git_commit(repo, f"Adopt C-{sha[:8]} as D2", {})
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = git_commit(repo, "Try SQLite locally", SQLITE)
    assert proc.returncode != 0 and "[D2]" in proc.stdout + proc.stderr
    data = queue(repo, "--all")
    assert ids(data) == [], data
    assert data["settled"][0]["adopted_as"] == "D2"  # type: ignore[index]


def test_adopt_head_and_a_scope(proposing: tuple[Repo, str], tmp_path: Path) -> None:
    repo, sha = proposing
    repo.write(".intentlint.toml", '[scopes.web]\npaths = ["config/**"]\n')
    code, out, _ = run(repo, "adopt", "HEAD", "--as", "constraint")
    assert code == 0 and "(created it)" in out
    assert "scope web: every file its commit touched is in it" in out
    text = (repo.root / "DECISIONS.md").read_text()
    assert text.startswith("# Decisions\n\n## D1: ")
    assert "kind: constraint\ncomponent: database\nscope: web\n" in text
    [record] = parse_log(text, "DECISIONS.md")
    assert record.source.commit == sha and record.scope == "web"


@pytest.mark.parametrize(("args", "log", "error"), [
    (["C-00000000"], None, "no proposal 'C-00000000'"),
    (["HEAD", "--scope", "nowhere"], None, "'nowhere' is not a scope the configuration"),
    (["HEAD"], "## D1: A\nscpoe: x\n", "DECISIONS.md does not parse (DECISIONS.md:2: unknown"),
])
def test_adopt_refuses_bad_input_in_one_line_and_writes_nothing(
        proposing: tuple[Repo, str], args: list[str], log: str | None, error: str) -> None:
    repo, _ = proposing
    if log is not None:
        repo.write("DECISIONS.md", log)
    before = repo.state()
    code, _, err = run(repo, "adopt", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and error in err, err
    assert repo.state() == before


def test_dismissed_stays_gone_across_cache_rebuilds_and_clones(
        proposing: tuple[Repo, str], tmp_path: Path) -> None:
    repo, sha = proposing
    code, out, _ = run(repo, "dismiss", "HEAD", "--reason", 'the "demo" app only')
    assert code == 0 and "recorded in .intentlint/dismissed.toml" in out
    [dismissal] = parse_dismissals((repo.root / ".intentlint/dismissed.toml").read_text())
    assert (dismissal.id, dismissal.commit, dismissal.sentence, dismissal.reason) == (
        f"C-{sha[:8]}", sha, SWITCH, 'the "demo" app only')
    assert ids(queue(repo)) == []
    repo.commit("Dismiss a proposal", (".intentlint/dismissed.toml",
                                       (repo.root / ".intentlint/dismissed.toml").read_text()))
    shutil.rmtree(repo.root / ".git" / "intentlint")
    assert ids(queue(repo)) == []
    repo.git("clone", "-q", str(repo.root), str(tmp_path / "clone"))
    clone = Repo(tmp_path / "clone")
    assert ids(queue(clone)) == []
    code, text, _ = run(clone, "proposals", "--all")
    assert 'dismissed 20' in text and 'the "demo" app only' in text
    code, _, err = run(clone, "dismiss", f"C-{sha[:8]}")
    assert code == 2 and "was dismissed on" in err
    code, out, _ = run(clone, "decisions")
    assert "proposal" not in out  # a settled proposal is not counted


def test_the_commit_msg_hook_says_when_a_message_proposes(repo: Repo) -> None:
    repo.commit("Start", ("README.md", "app\n"))
    assert run(repo, "hook", "install")[0] == 0
    proc = git_commit(repo, SWITCH, dict([POSTGRES]))
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0
    [line] = [x for x in out.splitlines() if "proposes" in x]
    assert "database_engine = postgresql" in line and "`intentlint adopt HEAD`" in line
    proc = git_commit(repo, "Fix a typo", {"README.md": "app.\n"})
    assert "proposes" not in proc.stdout + proc.stderr
    proc = git_commit(repo, "Decide the database\n\nDecision: Production runs PostgreSQL.",
                      {"README.md": "app!\n"})
    assert "proposes" not in proc.stdout + proc.stderr  # trailers decide; prose explains
    message = repo.write(".git/MSG", SWITCH + "\n")
    setup = f"sys.argv = ['intentlint', 'check', '--commit-msg', {str(message)!r}]\n"
    assert hook_probe(repo.root, "'typer' in sys.modules", setup) == "False"


@pytest.mark.parametrize(("changed", "folder"), [
    (("lib/tasks/a.rake", "lib/tasks/b.rake"), "lib/tasks/"),
    (("activerecord/lib/x.rb", "activerecord/test/y.rb"), "activerecord/"),
    (("app/models/a.rb", "app/views/b.html"), None),  # the application, not one component
    (("lib/a/b.rb", "lib/ab/c.rb"), None),
    (("README.md", "lib/tasks/a.rake"), None),
    ((), None),
])
def test_one_folder(changed: tuple[str, ...], folder: str | None) -> None:
    assert one_folder(changed) == folder


def test_next_id_and_the_entry_read_back() -> None:
    assert next_id({"D1", "D7", "ADR-0002"}) == "D8" and next_id(set()) == "D1"
    assert next_id({"D2", "D3", "C-1"} | {"D1"}) == "D4"
    entry = format_entry("D8", "Use X", [("date", "2026-01-01"), ("source", "commit abcdef1")],
                         "We use X.")
    [record] = parse_log(entry, "DECISIONS.md")
    assert (record.id, record.source.commit, record.text) == ("D8", "abcdef1", "We use X.")
    with pytest.raises(ConfigError, match="'a pull request' is not 'commit <sha>'"):
        parse_log("## D1: X\nsource: a pull request\n\nX.\n", "DECISIONS.md")


@given(st.text(max_size=40), st.text(max_size=40))
def test_a_dismissal_reads_back_whatever_its_text(sentence: str, reason: str) -> None:
    d = Dismissal("C-1a2b3c4d", "1a2b3c4d" * 5, sentence, "k = v", reason, "2026-01-05")
    assert parse_dismissals(format_dismissal(d)) == (d,)


@pytest.mark.parametrize(("text", "error"), [
    ("[[dismissed]]\nid = 'C-1'\n", "dismissed[0].commit: missing"),
    ("[[dismissed]]\nid = 'C-1'\ncommit = 'ab'\nwhy = 'x'\n", "dismissed[0].why: unknown key"),
    ("dismissed = 3\n", "expected [[dismissed]] tables"),
    ("[[dismissed]\n", "not valid TOML"),
])
def test_a_bad_dismissals_file_is_a_config_error(text: str, error: str) -> None:
    with pytest.raises(ConfigError, match=error.replace("[", r"\[").replace("]", r"\]")):
        parse_dismissals(text)


@pytest.mark.parametrize(("taken", "expected"), [
    (set(), "D1"), ({"D1", "D2"}, "D3"), ({"1", "2", "10"}, "11"),
    ({"DEC-003", "DEC-004", "D9"}, "DEC-005"), ({"ADR-0001"}, "ADR-0002")])
def test_adopt_numbers_in_the_logs_own_scheme(taken: set[str], expected: str) -> None:
    """A new user's log numbered `1`…`10` got an adopted `D1`."""
    from intentlint.sources.decisions_log import next_id

    assert next_id(taken) == expected
