"""The hook's plan (`.git/intentlint/in-force.json`): a warm hook judges exactly as a fresh
one, carries the plan over commits that decide nothing, and rebuilds it whenever anything it
was built from changes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intentlint.bench import data as bench_data
from intentlint.bench.demo import build_repo
from intentlint.cli import app
from intentlint.enforcing import plan
from intentlint.holding import caches as cache
from tests.conftest import Repo, hook_probe

runner = CliRunner()
OAUTH_CODE = "from authlib.integrations import oauth2\n"


def plan_file(repo: Repo) -> Path:
    return repo.root / ".git" / "intentlint" / plan.FILE


def mined_file(repo: Repo) -> Path:
    return repo.root / ".git" / "intentlint" / cache.FILE


def check(repo: Repo, *args: str, fmt: str = "json") -> tuple[int, str]:
    result = runner.invoke(app, ["check", "-C", str(repo.root), "--format", fmt, *args])
    assert result.exit_code in (0, 1), result.stderr
    return result.exit_code, result.stdout


def later_commit(repo: Repo, message: str) -> str:
    """A commit on top of HEAD that leaves the staged change staged (`git commit` would
    commit it), as happens when work goes on beside a change not yet committed."""
    stamp = "2026-03-01T10:00:00+00:00"  # after every `repo.commit` of the fixtures
    sha = repo.git("commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", message,
                   env={"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}).strip()
    repo.git("update-ref", "HEAD", sha)
    return sha


def stored_head(repo: Repo) -> str:
    return str(json.loads(plan_file(repo).read_text().partition("\n")[0])["head"])


@pytest.fixture
def history(repo: Repo) -> Repo:
    repo.commit("Start", ("README.md", "x\n"))
    repo.commit("Use JWT\n\nDecision: For now we authenticate API users with JWT tokens.")
    repo.commit("Chatter: you should always drink water")
    repo.write("app.py", OAUTH_CODE)
    repo.git("add", "app.py")
    return repo


def test_a_warm_plan_judges_every_benchmark_case_as_a_fresh_one(tmp_path: Path) -> None:
    """Cold (mined, verified, judged from memory) and warm (judged from the stored plan)
    agree on every hook case of the benchmark, in every output format."""
    data = bench_data.load()
    files = {".intentlint.toml": data.demo_config.lstrip("\n"), **data.demo_files}
    build_repo(tmp_path / "demo", [s.text for s in data.steps], {0: files})
    demo = Repo(tmp_path / "demo")
    # JSON carries every field of a result, so every case is compared in it; the text and
    # SARIF renderings of one case of each outcome show that formatting reads the same plan.
    rendered = {case.expect: case for case in data.cases}
    blocked = 0
    for case in data.cases:
        demo.git("checkout", "-q", "-f", "main")
        demo.git("clean", "-q", "-fdx")
        if case.branch:
            demo.git("checkout", "-q", "-B", case.branch)
        for path, content in case.files.items():
            demo.write(path, content)
        demo.git("add", "-A")
        formats = ("json", "text", "sarif") if rendered[case.expect] is case else ("json",)
        for fmt in formats:
            plan_file(demo).unlink(missing_ok=True)
            cold = check(demo, fmt=fmt)
            assert plan_file(demo).exists()
            assert check(demo, fmt=fmt) == cold, f"{case.task}-{case.name} ({fmt})"
        blocked += cold[0] == 1
    assert blocked >= 8  # the comparison covered blocking cases, not only clean ones


def test_the_plan_is_carried_over_commits_that_decide_nothing(history: Repo) -> None:
    assert check(history)[0] == 1
    mined_before = mined_file(history).read_bytes()
    # No trigger word at all; then a trigger word ("only") in a sentence no pack reads.
    for message in ("Fix a typo in the README", "Tidy up: only one blank line at the end"):
        head = later_commit(history, message)
        code, out = check(history)
        assert code == 1 and "JWT" in out
        assert stored_head(history) == head
    assert mined_file(history).read_bytes() == mined_before  # history was not mined again


def test_a_commit_that_decides_rebuilds_the_plan(history: Repo) -> None:
    assert check(history)[0] == 1
    later_commit(history, "Adopt OAuth2\n\nDecision: We are migrating authentication from "
                 "JWT to OAuth2.")
    result = check(history)
    assert result[0] == 0, result[1]  # the OAuth code is now what the decision asks for
    history.write("app.py", "import jwt\ntoken = jwt.encode(payload, key)\n")
    history.git("add", "app.py")
    assert check(history)[0] == 1


def test_a_staged_log_entry_rebuilds_the_plan(repo: Repo) -> None:
    repo.commit("Start", ("README.md", "x\n"))
    repo.write("app.py", OAUTH_CODE)
    repo.git("add", "app.py")
    assert check(repo)[0] == 0
    repo.write("DECISIONS.md", "## D1: Authentication\n\nWe authenticate API users with JWT "
                               "bearer tokens.\n")
    repo.git("add", "DECISIONS.md")
    code, out = check(repo)
    assert code == 1 and '"id": "D1"' in out


def test_configuration_and_packs_rebuild_the_plan(history: Repo) -> None:
    assert check(history)[0] == 1
    history.write(".intentlint.toml", '[severity]\nconstraint = "warning"\ndecision = '
                                      '"warning"\n')
    assert check(history)[0] == 0
    history.write(".intentlint.toml", "")
    assert check(history)[0] == 1
    history.write(".intentlint.toml", 'bundled-rules = false\n')
    assert check(history)[0] == 0  # no pack, no check


@pytest.mark.parametrize("damage", ["truncate", "garbage", "checksum", "format", "empty"])
def test_a_damaged_plan_is_never_trusted(history: Repo, damage: str) -> None:
    fresh = check(history)
    raw = plan_file(history).read_text()
    header, _, body = raw.partition("\n")
    meta = json.loads(header)
    if damage == "truncate":
        text = raw[: len(raw) // 2]
    elif damage == "garbage":
        text = "\x00not json\n{"
    elif damage == "checksum":  # valid JSON, right key: the checks in force removed
        data = json.loads(body)
        data["in_force"] = []
        text = header + "\n" + json.dumps(data)
    elif damage == "format":
        text = json.dumps({**meta, "format": cache.FORMAT + 100}) + "\n" + body
    else:
        text = ""
    plan_file(history).write_text(text)
    assert check(history) == fresh
    assert plan_file(history).read_text() == raw  # rebuilt as it was


def test_rewritten_history_is_not_trusted(history: Repo) -> None:
    assert check(history)[0] == 1
    history.git("reset", "-q", "--soft", "HEAD~2")  # before the JWT decision; app.py staged
    assert check(history)[0] == 0


def test_a_commit_message_with_a_decision_is_judged_but_not_cached(history: Repo) -> None:
    check(history)
    stored = plan_file(history).read_bytes()
    message = history.write(".git/COMMIT_EDITMSG", "Move to OAuth2\n\nDecision: We are "
                            "migrating authentication from JWT to OAuth2.\n")
    assert check(history, "--commit-msg", str(message))[0] == 0
    assert plan_file(history).read_bytes() == stored
    assert check(history)[0] == 1  # without that message, the JWT decision still holds


def test_hooks_started_together_agree(history: Repo) -> None:
    """Four hooks at once on a cold cache: each judges alike; the plan left is whole."""
    cmd = [sys.executable, "-m", "intentlint", "check", "--format", "json"]
    procs = [subprocess.Popen(cmd, cwd=history.root, stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    outputs = {p.communicate()[0] for p in procs}
    assert len(outputs) == 1 and all(p.returncode == 1 for p in procs)
    assert check(history) == (1, outputs.pop())
    ws_head = history.git("rev-parse", "HEAD").strip()
    assert stored_head(history) == ws_head


def test_a_warm_hook_reads_no_prose_and_verifies_nothing(history: Repo) -> None:
    """With the plan warm, none of mining, reading or verification is even imported, and
    the packs are not parsed."""
    setup = ("import intentlint.ground.tomlfile as t\n"
             "loads, parsed = t.loads, []\n"
             "t.loads = lambda text: parsed.append(text) or loads(text)\n")
    report = ("sorted(m for m in sys.modules if m.split('.')[-1] in ('mining', 'history', "
              "'verify', 'ledger', 'adr', 'decisions_log') or m.startswith('intentlint.reading.')"
              " and m.split('.')[-1] not in ('rulebook', 'pack_files', 'inline_checks')), "
              "len(parsed)")
    modules, parsed = hook_probe(history.root, report, setup).rsplit(" ", 1)
    assert "intentlint.holding.mining" in modules and int(parsed) >= 8  # builds the plan
    assert hook_probe(history.root, report, setup) == "[] 0"


def amend(repo: Repo, message: str) -> str:
    """`git commit --amend` of HEAD's message, leaving the staged change staged."""
    stamp = "2026-03-01T10:00:00+00:00"
    sha = repo.git("commit-tree", "HEAD^{tree}", "-p", "HEAD^", "-m", message,
                   env={"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}).strip()
    repo.git("update-ref", "HEAD", sha)
    return sha


def test_an_amend_that_decides_nothing_keeps_the_plan(history: Repo) -> None:
    assert check(history)[0] == 1
    mined_before = mined_file(history).read_bytes()
    head = amend(history, "Chatter, reworded: drink more water")
    assert check(history)[0] == 1
    assert stored_head(history) == head
    assert mined_file(history).read_bytes() == mined_before


def test_amending_a_decision_away_rebuilds_the_plan(history: Repo) -> None:
    later_commit(history, "Adopt OAuth2\n\nDecision: We are migrating authentication from "
                 "JWT to OAuth2.")
    assert check(history)[0] == 0
    amend(history, "Adopt OAuth2 later, maybe")  # the decision is no longer in history
    assert check(history)[0] == 1
