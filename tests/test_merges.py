"""Merges cannot go around the hook: what a merge brings is checked under the branch it lands
on, at commit time (native hooks, pre-commit) and in CI (`check --rev`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.enforcing import merges
from intentlint.enforcing.merges import MergeBranches, parse_merge_message
from tests.conftest import HookSource, Repo

runner = CliRunner()

CONFIG = """\
[scopes.production]
paths = ["config/production/**"]
branches = ["main", "release/*"]

[scopes.prototype]
paths = ["prototype/**"]
branches = ["prototype/*"]
"""
LOG = """\
# Decisions

## D1: Production runs PostgreSQL
scope: production

Production must run on PostgreSQL.

## D2: The prototype uses SQLite
scope: prototype

The prototype uses SQLite instead of PostgreSQL, so it runs without a database server.
"""
SQLITE = "DATABASE_URL = 'sqlite:///search.db'\n"


@pytest.fixture
def project(tmp_path: Path) -> Repo:
    root = tmp_path / "project"
    root.mkdir()
    repo = Repo(root)
    repo.git("init", "-q", "-b", "main")
    repo.commit("Start", (".intentlint.toml", CONFIG), ("DECISIONS.md", LOG),
                ("app/settings.py", "DATABASE_URL = 'postgresql://db/app'\n"))
    return repo


def merge(repo: Repo, branch: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "merge", "--no-ff", *extra, "-m", f"Merge branch '{branch}'",
                           branch], cwd=repo.root, capture_output=True, text=True, check=False,
                          env={**os.environ, "PRE_COMMIT_COLOR": "never"})


def prototype_work(repo: Repo) -> str:
    """A commit that the prototype's branch scope allows, made through the hook."""
    repo.git("checkout", "-q", "-b", "prototype/search")
    repo.write("app/search_db.py", SQLITE)
    repo.git("add", "app/search_db.py")
    proc = subprocess.run(["git", "commit", "-q", "-m", "Search prototype on SQLite"],
                          cwd=repo.root, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr  # allowed on the prototype branch
    repo.git("checkout", "-q", "main")
    return repo.git("rev-parse", "HEAD").strip()


def check_range(repo: Repo, rev: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["check", "-C", str(repo.root), "--rev", rev, "-f", "json"])
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize("stage", ["commit-msg", "pre-commit"])
def test_prototype_work_merged_into_main_is_blocked_by_the_native_hook(
        project: Repo, stage: str) -> None:
    result = runner.invoke(app, ["hook", "install", "--stage", stage, "-C", str(project.root)])
    assert result.exit_code == 0, result.output
    before = prototype_work(project)
    proc = merge(project, "prototype/search")
    assert proc.returncode != 0
    out = proc.stdout + proc.stderr
    assert "app/search_db.py:1: error [D1]" in out and "merging prototype/search into main" in out
    assert project.git("rev-parse", "HEAD").strip() == before  # no merge commit was made


def test_a_clean_merge_passes_the_native_hook_and_ci(project: Repo) -> None:
    assert runner.invoke(app, ["hook", "install", "-C", str(project.root)]).exit_code == 0
    start = project.git("rev-parse", "HEAD").strip()
    project.git("checkout", "-q", "-b", "feature/readme")
    project.commit("Docs", ("README.md", "# Project\n"))
    project.git("checkout", "-q", "main")
    proc = merge(project, "feature/readme")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    code, data = check_range(project, f"{start}..main")
    assert code == 0 and data["findings"] == []
    assert len(data["commits"]) == 2  # the merge commit is in the range, not skipped


def test_a_merge_made_without_the_hook_fails_ci_on_the_merge_commit(project: Repo) -> None:
    start = project.git("rev-parse", "HEAD").strip()
    side = prototype_work(project)
    assert merge(project, "prototype/search", "--no-verify").returncode == 0
    merged = project.git("rev-parse", "HEAD").strip()
    code, data = check_range(project, f"{start}..main")
    assert code == 1
    [finding] = data["findings"]
    assert finding["commit"] == merged and finding["commit"] != side
    assert finding["path"] == "app/search_db.py" and finding["decision"]["id"] == "D1"
    assert finding["against"].startswith(f"first parent {start[:10]} (main)")
    text = runner.invoke(app, ["check", "-C", str(project.root), "--rev", f"{start}..main"])
    assert f"(commit {merged[:10]}), against first parent {start[:10]} (main)" in text.stdout


def _conflict(repo: Repo, resolution: str) -> None:
    """main and release/1 change the same line; the merge stops for a hand resolution."""
    repo.git("checkout", "-q", "-b", "release/1")
    repo.commit("Release database", ("app/settings.py", "DATABASE_URL = 'postgresql://rel'\n"))
    repo.git("checkout", "-q", "main")
    repo.commit("Main database", ("app/settings.py", "DATABASE_URL = 'postgresql://main'\n"))
    assert merge(repo, "release/1").returncode != 0  # conflicted
    repo.write("app/settings.py", resolution)
    repo.git("add", "app/settings.py")


@pytest.mark.parametrize(("resolution", "blocked"), [
    (SQLITE, True),
    ("DATABASE_URL = 'postgresql://both'\n", False),
])
def test_a_conflict_resolution_is_checked_at_commit_time(project: Repo, resolution: str,
                                                        blocked: bool) -> None:
    assert runner.invoke(app, ["hook", "install", "-C", str(project.root)]).exit_code == 0
    _conflict(project, resolution)
    proc = subprocess.run(["git", "commit", "-q", "--no-edit"], cwd=project.root,
                          capture_output=True, text=True, check=False)
    assert (proc.returncode != 0) == blocked, proc.stdout + proc.stderr
    if blocked:
        assert "app/settings.py:1: error [D1]" in proc.stdout + proc.stderr


@pytest.mark.parametrize(("resolution", "blocked"), [
    (SQLITE, True),
    ("DATABASE_URL = 'postgresql://both'\n", False),
])
def test_a_conflict_resolution_is_checked_in_ci(project: Repo, resolution: str,
                                               blocked: bool) -> None:
    start = project.git("rev-parse", "HEAD").strip()
    _conflict(project, resolution)
    project.git("commit", "-q", "--no-edit", "--no-verify")
    code, data = check_range(project, f"{start}..main")
    assert code == (1 if blocked else 0), data
    if blocked:
        [finding] = data["findings"]
        assert finding["against"].startswith("the conflict resolution")
        assert finding["commit"] == project.git("rev-parse", "HEAD").strip()


def test_without_remerge_diff_the_files_both_sides_changed_are_checked(
        project: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    """git before 2.36: no silent skip, a note says what was checked instead."""
    start = project.git("rev-parse", "HEAD").strip()
    _conflict(project, SQLITE)
    project.git("commit", "-q", "--no-edit", "--no-verify")
    monkeypatch.setattr(merges, "git_version", lambda: (2, 30, 0))
    code, data = check_range(project, f"{start}..main")
    assert code == 1 and data["findings"][0]["path"] == "app/settings.py"
    assert any("no --remerge-diff" in n for n in data["notes"])


@pytest.mark.index  # pre-commit pip-installs the hook repository
def test_the_pre_commit_framework_checks_merges(project: Repo, hook_source: HookSource,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    source, _, home = hook_source  # `rev: main`, as the README's snippet: one hook environment
    monkeypatch.setenv("PRE_COMMIT_HOME", str(home))
    pre_commit = [sys.executable, "-m", "pre_commit"]
    side = prototype_work(project)
    for hook_id, hook_type in (("intentlint", "pre-merge-commit"),
                               ("intentlint-commit-msg", "commit-msg")):
        project.write(".pre-commit-config.yaml", f"repos:\n  - repo: {source}\n    rev: main\n"
                      f"    hooks:\n      - id: {hook_id}\n")
        project.git("add", ".pre-commit-config.yaml")
        project.git("commit", "-q", "--no-verify", "-m", f"Use {hook_id}")
        subprocess.run([*pre_commit, "install", "--hook-type", hook_type], cwd=project.root,
                       check=True, capture_output=True)
        head = project.git("rev-parse", "HEAD").strip()
        proc = merge(project, "prototype/search")
        assert proc.returncode != 0, f"{hook_id}: {proc.stdout}{proc.stderr}"
        assert "[D1]" in proc.stdout + proc.stderr
        project.git("merge", "--abort")
        assert project.git("rev-parse", "HEAD").strip() == head != side
        subprocess.run([*pre_commit, "uninstall", "--hook-type", hook_type], cwd=project.root,
                       check=True, capture_output=True)


def test_hook_install_at_pre_commit_covers_merges_too(project: Repo) -> None:
    result = runner.invoke(app, ["hook", "install", "--stage", "pre-commit", "-C",
                                 str(project.root)])
    assert result.exit_code == 0
    hooks = project.root / ".git" / "hooks"
    assert (hooks / "pre-commit").exists() and (hooks / "pre-merge-commit").exists()
    result = runner.invoke(app, ["hook", "uninstall", "--stage", "pre-commit", "-C",
                                 str(project.root)])
    assert result.exit_code == 0 and result.stdout.count("removed") == 2
    assert not (hooks / "pre-commit").exists() and not (hooks / "pre-merge-commit").exists()


@pytest.mark.parametrize(("message", "expected"), [
    ("Merge branch 'prototype/search'", MergeBranches("prototype/search", None)),
    ("Merge branch 'prototype/search' into develop\n\n# Conflicts:\n#\tx.py\n",
     MergeBranches("prototype/search", "develop")),
    ("Merge branch 'feature' into 'main'\n\nSee merge request team/app!12",
     MergeBranches("feature", "main")),
    ("Merge remote-tracking branch 'origin/prototype/x'", MergeBranches("prototype/x", None)),
    ("Merge branch 'main' of github.com:team/app into main", MergeBranches("main", "main")),
    ("Merge pull request #42 from team/prototype/search\n\nSearch prototype",
     MergeBranches("prototype/search", None)),
    ("Sync with upstream", MergeBranches(None, None)),
    ("Merge tag 'v1.2'", MergeBranches(None, None)),
])
def test_merge_messages_name_their_branches(message: str, expected: MergeBranches) -> None:
    assert parse_merge_message(message) == expected


@given(st.text(max_size=300))
def test_any_merge_message_is_read_without_error(message: str) -> None:
    found = parse_merge_message(message)
    assert found.side is None or found.side.strip()


def test_a_range_judges_each_commit_by_its_own_history(repo: Repo) -> None:
    """A maintenance branch forked before the main line decided something, merged in later:
    `check --rev` walks the range in topological order, but judges the branch's commits by
    what their own history decided, as their hook did."""
    start = repo.commit("App", ("app/main.py", "x = 1\n"))
    repo.git("checkout", "-q", "-b", "maint")
    repo.git("checkout", "-q", "main")
    repo.commit("Adopt OAuth2\n\nDecision: We are migrating authentication from JWT to OAuth2.")
    repo.git("checkout", "-q", "maint")
    repo.commit("Sign tokens", ("app/tokens.py", "import jwt\n"))
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "--no-edit", "maint")
    code, data = check_range(repo, f"{start}..main")
    assert not [f for f in data["findings"] if f["path"] == "app/tokens.py"
                and f.get("commit", "")[:7] != data["commits"][-1][:7]], data["findings"]
    repo.commit("Sign more tokens", ("app/more.py", "import jwt\n"))
    code, data = check_range(repo, "HEAD~1..HEAD")
    assert code == 1 and data["findings"][0]["path"] == "app/more.py"
