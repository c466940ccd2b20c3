"""The mined-commits cache: reused, extended, invalidated and rebuilt on real repositories."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from intentlint.holding import caches as cache
from intentlint.holding.history import mine_history
from intentlint.holding.workspace import open_workspace
from tests.conftest import Repo

DECISION = "Adopt OAuth2\n\nDecision: We are migrating authentication from JWT to OAuth2."


def mined(repo: Repo, use_cache: bool = True):  # type: ignore[no-untyped-def]
    ws = open_workspace(repo.root)
    return mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache)


def same_history(a, b) -> bool:  # type: ignore[no-untyped-def]
    """Equal minings, but for how records are numbered: only their order must agree (a cold
    mining numbers down from the newest commit, an extended cache numbers on upwards)."""
    def plain(mining):  # type: ignore[no-untyped-def]
        ranked = sorted(mining.records, key=lambda r: r.seq)
        return [dataclasses.replace(r, seq=0) for r in ranked], mining.head, mining.by_sha

    return bool(plain(a) == plain(b))


def cache_file(repo: Repo) -> Path:
    return repo.root / ".git" / "intentlint" / cache.FILE


@pytest.fixture
def history(repo: Repo) -> Repo:
    repo.commit("Start", ("README.md", "x\n"))
    repo.commit("Use JWT\n\nDecision: For now we authenticate API users with JWT tokens.")
    repo.commit("Chatter: you should always drink water")
    return repo


def test_cache_is_written_and_reused(history: Repo) -> None:
    first = mined(history)
    assert cache_file(history).exists()
    stamp = cache_file(history).stat().st_mtime_ns
    again = mined(history)
    assert again == first and cache_file(history).stat().st_mtime_ns == stamp


def test_one_new_commit_extends_the_cache(history: Repo) -> None:
    before = mined(history)
    history.commit(DECISION)
    after = mined(history)
    assert after.records[: len(before.records)] == before.records
    assert len(after.records) == len(before.records) + 1
    assert same_history(after, mined(history, use_cache=False))


def test_rewritten_history_is_not_trusted(history: Repo) -> None:
    mined(history)
    history.git("reset", "-q", "--hard", "HEAD~2")
    history.commit("Use sessions\n\nDecision: We use server sessions with cookies.")
    after = mined(history)
    assert same_history(after, mined(history, use_cache=False))
    assert all("JWT" not in r.text for r in after.records)


def test_changed_pack_or_config_invalidates(history: Repo) -> None:
    mined(history)
    key_before = json.loads(cache_file(history).read_text())["key"]
    history.write(".intentlint.toml", 'commits = "trailers"\n')
    mined(history)
    key_after = json.loads(cache_file(history).read_text())["key"]
    assert key_before != key_after
    history.write(".intentlint/rules/extra.toml", '[pack]\nname = "extra"\n')
    mined(history)
    assert json.loads(cache_file(history).read_text())["key"] != key_after


@pytest.mark.parametrize("damage", [
    b"", b"{not json", b'{"format": 999}', b"[]", b'{"format": 1, "key": 3}', b"\x00\xff" * 50,
])
def test_corrupt_or_foreign_cache_is_rebuilt(history: Repo, damage: bytes) -> None:
    good = mined(history)
    cache_file(history).write_bytes(damage)
    assert mined(history) == good
    assert json.loads(cache_file(history).read_text())["format"] == cache.FORMAT


def test_tampered_records_with_the_right_key_are_caught_by_head(history: Repo) -> None:
    good = mined(history)
    data = json.loads(cache_file(history).read_text())
    data["head"] = "0" * 40  # a head that is not an ancestor: rebuilt, never trusted
    data["records"] = []
    cache_file(history).write_text(json.dumps(data))
    assert mined(history) == good


def test_read_only_git_dir_still_checks(history: Repo) -> None:
    """Run the hook as a user who cannot write .git (as root, `nobody` through setpriv)."""
    import shutil
    import subprocess
    import sys
    import tempfile

    if os.geteuid() != 0:
        (history.root / ".git").chmod(0o555)
        as_user: list[str] = []
        root = history.root
    else:
        setpriv = shutil.which("setpriv")
        as_user = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"] \
            if setpriv else []
        # The unprivileged user must be able to import intentlint itself (a checkout or venv
        # under a private 0700 directory is out of its reach).
        probe = subprocess.run([*as_user, sys.executable, "-c", "import intentlint.entry"],
                               capture_output=True, check=False) if setpriv else None
        if probe is None or probe.returncode != 0:
            pytest.skip("cannot run intentlint as an unprivileged user here")
        root = Path(tempfile.mkdtemp(dir="/tmp"))
        shutil.copytree(history.root, root / "repo", symlinks=True)
        root = root / "repo"
        for path in [root.parent, *root.rglob("*"), root]:
            path.chmod(0o755 if path.is_dir() else 0o644)
    env = {**os.environ, "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "safe.directory",
           "GIT_CONFIG_VALUE_0": "*", "HOME": str(root)}
    (root / "app.py").write_text("from authlib.integrations import oauth2\n")
    subprocess.run(["git", "add", "app.py"], cwd=root, check=True)
    if os.geteuid() == 0:
        (root / ".git" / "index").chmod(0o644)
    try:
        proc = subprocess.run([*as_user, sys.executable, "-m", "intentlint", "check"], cwd=root,
                              env=env, capture_output=True, text=True, check=False)
        assert proc.returncode == 1, proc.stderr  # OAuth code while the JWT decision holds
        assert "app.py:1: error" in proc.stdout
        assert not (root / ".git" / "intentlint").exists()
    finally:
        (root / ".git").chmod(0o755)
        if os.geteuid() == 0:
            shutil.rmtree(root.parent)


def test_unwritable_cache_location_is_ignored(history: Repo) -> None:
    (history.root / ".git" / "intentlint").write_text("a file where the folder should be")
    assert same_history(mined(history), mined(history, use_cache=False))


def test_deepening_a_shallow_clone_invalidates(history: Repo, tmp_path: Path) -> None:
    shallow = history.shallow_clone(tmp_path / "shallow", depth=2)
    cut = mined(shallow)
    assert not cut.records
    shallow.git("fetch", "-q", "--unshallow")
    full = mined(shallow)
    assert len(full.records) == 1 and same_history(full, mined(shallow, use_cache=False))


def test_skipping_chatter_changes_no_record(tmp_path: Path) -> None:
    """The hook skips messages no pack could recognise; the benchmark parses them all."""
    from intentlint.bench.demo import build_repo
    from intentlint.bench.scale import history, project_files

    multi_line = ("Multi\n\nWe must keep the\n  dashboard: it shows the Overview, Performance "
                  "and Errors sections.")
    messages = [*history(400, 40), multi_line]
    build_repo(tmp_path / "r", messages, {0: project_files(3)})
    ws = open_workspace(tmp_path / "r")
    fast = mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache=False)
    full = mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache=False,
                        candidates=True)
    assert fast.records == full.records and len(full.records) == 40  # 39 planted + 1
    assert full.flagged and not fast.flagged


def test_extended_cache_file_equals_a_freshly_written_one(history: Repo, tmp_path: Path) -> None:
    mined(history)
    history.commit(DECISION)
    history.commit("Chatter")
    history.commit("Use sessions\n\nDecision: We use server sessions with cookies.")
    extended = mined(history)
    fresh = tmp_path / "fresh.json"
    key = json.loads(cache_file(history).read_text())["key"]
    assert cache.save(fresh, key, extended)
    assert json.loads(cache_file(history).read_text()) == json.loads(fresh.read_text())
    loaded = cache.load(cache_file(history), key)
    assert loaded is not None and loaded.mining == extended


def test_the_log_is_read_once_per_change_to_it(repo: Repo) -> None:
    """Reading prose costs time: the log's readings are kept until the log (or anything
    reading depends on) changes; a corrupt copy is read again, never trusted."""
    from intentlint.holding.caches import sources_path

    repo.commit("Log", ("DECISIONS.md", "## D1: Database\n\nWe use PostgreSQL.\n"))
    first = mined_sources(repo)
    stored = sources_path(repo.root / ".git")
    assert stored.exists()
    stamp = stored.stat().st_mtime_ns
    assert mined_sources(repo) == first and stored.stat().st_mtime_ns == stamp
    repo.commit("Log", ("DECISIONS.md", "## D1: Database\n\nWe use MySQL.\n"))
    changed = mined_sources(repo)
    assert [str(r.effect) for r in changed] == ["database_engine = mysql"]
    stored.write_text("{not json")
    assert mined_sources(repo) == changed


def mined_sources(repo: Repo):  # type: ignore[no-untyped-def]
    from intentlint.holding.mining import _READ, Point, mine

    _READ.clear()  # a new process, as every hook is
    ws = open_workspace(repo.root)
    return [r for r in mine(ws.repo, ws.config, ws.rules, Point("worktree", ws.repo.head)).records
            if r.source.kind == "log"]


def no_full_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("history was mined again from the start")

    monkeypatch.setattr("intentlint.holding.history.stream_log", refuse)


def amend(repo: Repo, message: str) -> str:
    """`git commit --amend` of HEAD's message, leaving the index alone."""
    sha = repo.git("commit-tree", "HEAD^{tree}", "-p", "HEAD^", "-m", message).strip()
    repo.git("update-ref", "HEAD", sha)
    return sha


@pytest.mark.parametrize("message", [DECISION, "Chatter, reworded"])
def test_an_amend_reuses_the_cache(history: Repo, monkeypatch: pytest.MonkeyPatch,
                                   message: str) -> None:
    mined(history)
    amend(history, message)
    cold = mined(history, use_cache=False)
    no_full_walk(monkeypatch)
    assert same_history(mined(history), cold)


def test_a_reset_drops_what_the_lost_commits_recorded(history: Repo,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    history.commit(DECISION)
    history.commit("Chatter")
    assert len(mined(history).records) == 2
    history.git("reset", "-q", "--hard", "HEAD~2")
    cold = mined(history, use_cache=False)
    no_full_walk(monkeypatch)
    warm = mined(history)
    assert same_history(warm, cold) and len(warm.records) == 1


def test_what_a_move_took_away_and_added_agrees_with_git(repo: Repo) -> None:
    """`diverged` against `git rev-list A ^B` on a history with a side branch, a merge, an
    amend and a reset, for every pair of tips."""
    from intentlint.ground.gitio import diverged, open_repo

    tips = [repo.commit(f"c{i}") for i in range(3)]
    repo.git("checkout", "-q", "-b", "side", tips[1])
    tips += [repo.commit("s1"), repo.commit("s2")]
    repo.git("checkout", "-q", "main")
    repo.commit("c3")
    repo.git("merge", "-q", "--no-ff", "-m", "Merge side", "side")
    tips.append(repo.git("rev-parse", "HEAD").strip())
    tips.append(amend(repo, "Merge side, reworded"))
    repo.git("reset", "-q", "--hard", tips[0])
    opened = open_repo(repo.root)
    for old in tips:
        for new in tips:
            sides = diverged(opened, old, new)
            assert sides is not None
            for found, a, b in ((sides[0], old, new), (sides[1], new, old)):
                truth = repo.git("rev-list", a, f"^{b}").split()
                assert [c.sha for c in found] == list(reversed(truth)), (old, new)


def test_a_process_builds_a_rulebook_once_per_set_of_pack_files(tmp_path: Path) -> None:
    from intentlint.reading.pack_files import bundled_rules_dir
    from intentlint.reading.packs import load_rulebook

    own = tmp_path / "rules"
    own.mkdir()
    (own / "team.toml").write_text('[pack]\nname = "team"\n')
    dirs = [bundled_rules_dir(), own]
    first = load_rulebook(dirs, tmp_path, 1)
    assert load_rulebook(dirs, tmp_path, 1) is first
    (own / "team.toml").write_text('[pack]\nname = "team"\ndescription = "changed"\n')
    changed = load_rulebook(dirs, tmp_path, 1)
    assert changed is not first and changed.fingerprint != first.fingerprint
    # the configuration's additions are part of what a rulebook is built from
    added = load_rulebook(dirs, tmp_path, 1, {"team": (("src/**",), ())})
    assert added is not changed
