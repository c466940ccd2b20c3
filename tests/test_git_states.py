"""Odd git states on real repositories: never a traceback, never a change to the repository."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.enforcing.diff import BIG_FILE_BYTES
from intentlint.entry import main as entry_main
from tests.conftest import Repo

runner = CliRunner()
CONFIG = ('[scopes.production]\npaths = ["config/production/**"]\nbranches = ["main"]\n'
          'words = ["production"]\n')
JWT_RULE = "Adopt OAuth2\n\nDecision: We are migrating authentication from JWT to OAuth2."


def check(repo: Repo, *args: str, cwd: Path | None = None) -> tuple[int, dict]:  # type: ignore[type-arg]
    before = repo.state()
    result = runner.invoke(app, ["check", "-C", str(cwd or repo.root), "--format", "json", *args])
    assert repo.state() == before, "check changed the repository"
    assert result.exit_code in (0, 1), result.stderr
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def base(repo: Repo) -> Repo:
    repo.commit("Setup", (".intentlint.toml", CONFIG), ("app/main.py", "print('hi')\n"))
    repo.commit(JWT_RULE)
    return repo


def test_empty_repository_every_command(repo: Repo) -> None:
    before = repo.state()
    for args in (["decisions"], ["rules"], ["context", "add a login page"], ["check"]):
        result = runner.invoke(app, [*args, "-C", str(repo.root)])
        assert result.exit_code == 0, (args, result.stderr)
    result = runner.invoke(app, ["decisions", "--at", "HEAD", "-C", str(repo.root)])
    assert result.exit_code == 2 and "'HEAD' is not a commit" in result.stderr
    assert repo.state() == before


def test_detached_head(base: Repo) -> None:
    base.git("checkout", "-q", "--detach")
    base.write("app/auth.py", "import jwt\n")
    base.git("add", "app/auth.py")
    code, data = check(base)
    assert code == 1 and data["findings"][0]["path"] == "app/auth.py"


def test_invoked_from_a_subdirectory(base: Repo) -> None:
    base.write("app/deep/er/auth.py", "import jwt\n")
    base.git("add", "-A")
    code, data = check(base, cwd=base.root / "app" / "deep")
    assert code == 1 and data["findings"][0]["path"] == "app/deep/er/auth.py"


def test_quote_path_crlf_spaces_and_non_ascii(base: Repo) -> None:
    base.git("config", "core.quotePath", "true")
    base.write("app/sp ace/ünïcode auth.py", "x = 1\r\nimport jwt\r\n")
    base.git("add", "-A")
    code, data = check(base)
    assert code == 1 and data["findings"][0]["path"] == "app/sp ace/ünïcode auth.py"
    assert data["findings"][0]["line"] == 2


def test_path_with_a_newline(base: Repo) -> None:
    base.write("app/odd\nname.py", "import jwt\n")
    base.git("add", "-A")
    code, data = check(base)
    assert code == 1 and data["findings"][0]["path"] == "app/odd\nname.py"


def test_symlink_and_mode_only_changes(base: Repo) -> None:
    (base.root / "app" / "jwt_link.py").symlink_to("jwt_target_that_mentions_jwt.py")
    (base.root / "app" / "main.py").chmod(0o755)
    base.git("add", "-A")
    assert check(base)[0] == 0


def test_non_utf8_content_and_message(base: Repo) -> None:
    base.write("app/legacy.py", "# caf\xe9\nimport jwt\n".encode("latin-1"))
    base.git("add", "-A")
    assert check(base)[0] == 1
    base.git("reset", "-q", "--hard")
    base.git("-c", "i18n.commitEncoding=latin1", "commit", "-q", "--allow-empty", "-m",
             "Caf\xe9 notes")
    message = "Decision: For now we use JWT tokens, \xe9t\xe9 edition\n".encode("latin-1")
    (base.root / ".git" / "MSG").write_bytes(message)
    base.git("commit", "-q", "--allow-empty", "--cleanup=verbatim", "-F", ".git/MSG")
    result = runner.invoke(app, ["decisions", "-C", str(base.root), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert any("JWT" in d["text"] for d in json.loads(result.stdout)["decisions"])


def test_big_staged_file_is_not_read_line_by_line(base: Repo) -> None:
    big = base.root / "data" / "dump.sql"
    big.parent.mkdir()
    line = b"INSERT INTO t VALUES ('jwt', 1);\n"
    # just over the size above which git diffs a file as binary: as a 100 MB dump would be
    big.write_bytes(line * (BIG_FILE_BYTES // len(line) + 1))
    base.git("add", "-A")
    code, data = check(base)
    # Its lines say 'jwt' after the OAuth2 decision: a clean result means they were not read.
    assert code == 0 and data["checked_files"] == 1 and data["findings"] == []


def test_ten_thousand_staged_files(base: Repo) -> None:
    for i in range(10_000):
        path = base.root / "gen" / f"d{i % 100}" / f"f{i}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"value = {i}\n")
    base.write("gen/d0/auth.py", "import jwt\n")
    base.git("add", "-A")
    code, data = check(base)
    assert code == 1 and data["checked_files"] == 10_001
    assert [f["path"] for f in data["findings"]] == ["gen/d0/auth.py"]


def test_shallow_clone_says_history_is_cut(base: Repo, tmp_path: Path) -> None:
    shallow = base.shallow_clone(tmp_path / "shallow", depth=1)
    shallow.write("app/auth.py", "import jwt\n")
    shallow.git("add", "-A")
    code, data = check(shallow)
    assert code == 0  # the OAuth2 decision is beyond the cut: not known, not enforced
    assert any("shallow clone" in n for n in data["notes"])


def test_trees_of_many_commits_at_once_and_one_a_shallow_clone_lacks(base: Repo,
                                                                    tmp_path: Path) -> None:
    from intentlint.ground.gitio import open_repo, trees

    first = base.git("rev-list", "--max-parents=0", "HEAD").strip()
    shallow = base.shallow_clone(tmp_path / "shallow", depth=1)
    head = base.git("rev-parse", "HEAD").strip()
    found = trees(open_repo(shallow.root), [head, first, "0" * 40])
    assert found[head] == base.git("rev-parse", "HEAD^{tree}").strip()
    assert found[first] is None and found["0" * 40] is None


def test_merge_in_progress_with_conflict_markers(base: Repo) -> None:
    base.git("checkout", "-q", "-b", "side")
    base.commit("Side", ("app/main.py", "print('side')\n"))
    base.git("checkout", "-q", "main")
    base.commit("Main", ("app/main.py", "print('main')\n"))
    proc = subprocess.run(["git", "merge", "side"], cwd=base.root, capture_output=True,
                          check=False)
    assert proc.returncode != 0  # conflicted
    code, data = check(base)
    assert code == 0 and any("a merge into main: checked all it brings" in n
                             for n in data["notes"])
    before = base.state()
    result = runner.invoke(app, ["decisions", "-C", str(base.root)])
    assert result.exit_code == 0 and base.state() == before


def test_conflict_markers_in_the_log_are_one_clear_error(base: Repo) -> None:
    base.write("DECISIONS.md", "## D1: A\n\ntext\n<<<<<<< HEAD\nmine\n=======\ntheirs\n"
               ">>>>>>> side\n")
    result = runner.invoke(app, ["decisions", "-C", str(base.root)])
    assert result.exit_code == 2
    assert "DECISIONS.md:4: unresolved merge conflict marker" in result.stderr


@pytest.mark.parametrize("operation", ["cherry-pick", "rebase"])
def test_cherry_pick_and_rebase_in_progress(base: Repo, operation: str) -> None:
    base.git("checkout", "-q", "-b", "side")
    base.commit("Side", ("app/main.py", "print('side')\nimport jwt\n"))
    base.git("checkout", "-q", "main")
    base.commit("Main", ("app/main.py", "print('main')\n"))
    args = ["cherry-pick", "side"] if operation == "cherry-pick" else ["rebase", "side"]
    subprocess.run(["git", *args], cwd=base.root, capture_output=True, check=False)
    assert (base.root / ".git" / ("CHERRY_PICK_HEAD" if operation == "cherry-pick"
                                  else "rebase-merge")).exists()
    base.write("app/main.py", "print('resolved')\nimport jwt\ntoken = jwt.encode({})\n")
    base.git("add", "app/main.py")
    code, data = check(base)
    assert code == 1 and data["findings"][-1]["path"] == "app/main.py"
    assert data["findings"][-1]["snippet"] == "token = jwt.encode({})"


def test_linked_worktrees_and_parallel_hooks(base: Repo, tmp_path: Path) -> None:
    trees = []
    for i in range(2):
        path = tmp_path / f"wt{i}"
        base.git("worktree", "add", "-q", "-b", f"wt{i}", str(path))
        Repo(path).write(f"app/w{i}.py", "import jwt\n")
        Repo(path).git("add", "-A")
        trees.append(path)
    results: list[subprocess.CompletedProcess[str]] = []

    def hook(path: Path) -> None:
        results.append(subprocess.run([sys.executable, "-m", "intentlint", "check"], cwd=path,
                                      capture_output=True, text=True, check=False))

    threads = [threading.Thread(target=hook, args=(p,)) for p in trees * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.returncode for r in results] == [1] * 6, [r.stderr for r in results]
    for path in trees:
        git_dir = Path(Repo(path).git("rev-parse", "--absolute-git-dir").strip())
        cache = json.loads((git_dir / "intentlint" / "mined-commits.json").read_text())
        assert cache["head"] == Repo(path).git("rev-parse", "HEAD").strip()
        plan = (git_dir / "intentlint" / "in-force.json").read_text().partition("\n")[0]
        assert json.loads(plan)["head"] == cache["head"]  # each worktree has its own plan


def test_parallel_hooks_share_one_cache(base: Repo) -> None:
    base.write("app/auth.py", "import jwt\n")
    base.git("add", "-A")
    procs = [subprocess.Popen([sys.executable, "-m", "intentlint", "check"], cwd=base.root,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for _ in range(6)]
    assert [p.wait() for p in procs] == [1] * 6
    cache = json.loads((base.root / ".git" / "intentlint" / "mined-commits.json").read_text())
    assert cache["head"] == base.git("rev-parse", "HEAD").strip()
    assert not list((base.root / ".git" / "intentlint").glob(".tmp-*"))


def test_submodule_pointer_is_not_checked(base: Repo, tmp_path: Path) -> None:
    sub = Repo(tmp_path / "lib")
    sub.root.mkdir()
    sub.git("init", "-q")
    sub.commit("lib", ("jwt.py", "import jwt\n"))
    base.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.root), "lib")
    code, data = check(base)
    assert code == 0 and data["checked_files"] == 2  # .gitmodules and the pointer


def test_hostile_pattern_in_a_repository_pack_cannot_hang(base: Repo) -> None:
    base.write(".intentlint/rules/evil.toml", '''[pack]
name = "evil"
[[effects]]
component = "auth"
key = "auth_method"
value = "oauth2"
[[effects.checks]]
kind = "forbid-added"
pattern = '(a+)+$|(x|x|xx)*y|(.*){1,1000}z'
message = "catastrophic in a backtracking engine"
''')
    base.write("app/blob.py", "a" * 200_000 + "!\n" + "x" * 100_000 + "\n")
    base.git("add", "app/blob.py")
    # A hang detector, not a speed claim: a backtracking engine would not finish at all.
    proc = subprocess.run([sys.executable, "-c", "from intentlint.entry import main; main()",
                           "check"], cwd=base.root, capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr


def test_pattern_re2_cannot_run_is_a_clean_error(base: Repo) -> None:
    base.write(".intentlint/rules/bad.toml", '[pack]\nname = "bad"\n[[effects]]\n'
               'component = "auth"\nkey = "k"\nvalue = "v"\n[[effects.checks]]\n'
               'kind = "forbid-added"\npattern = "(a)\\\\1"\nmessage = "m"\n')
    result = runner.invoke(app, ["check", "-C", str(base.root)])
    assert result.exit_code == 2
    assert result.stderr.startswith("intentlint: .intentlint/rules/bad.toml: "
                                    "effects[0].checks[0].pattern: bad pattern")


def test_console_entry_fast_path_and_fallback(base: Repo, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(base.root)
    for argv, code in ((["intentlint", "check"], 0), (["intentlint", "check", "--bogus"], 2),
                       (["intentlint", "check", "--format", "yaml"], 2)):
        monkeypatch.setattr("sys.argv", argv)
        with pytest.raises(SystemExit) as info:
            entry_main()
        assert info.value.code == code, (argv, capsys.readouterr())


def test_a_symlinked_log_cannot_read_outside_the_repository(base: Repo, tmp_path: Path) -> None:
    outside = tmp_path / "secret.md"
    outside.write_text("## S1: Secret\n\nNever read this file.\n")
    (base.root / "DECISIONS.md").symlink_to(outside)
    (base.root / "docs" / "adr").mkdir(parents=True)
    (base.root / "docs" / "adr" / "0001-link.md").symlink_to(outside)
    result = runner.invoke(app, ["decisions", "-C", str(base.root), "--format", "json"])
    assert result.exit_code == 0
    assert "S1" not in result.stdout and "Never read" not in result.stdout


def test_repository_is_located_the_same_in_every_head_state(base: Repo, tmp_path: Path) -> None:
    from intentlint.ground.gitio import open_repo

    on_branch = open_repo(base.root / "app")
    assert on_branch.root == base.root and on_branch.branch == "main" and on_branch.head
    base.git("checkout", "-q", "--detach")
    assert open_repo(base.root).branch is None
    base.write("HEAD", "a file that makes the name ambiguous\n")
    assert open_repo(base.root).head == on_branch.head
    empty = Repo(tmp_path / "empty")
    empty.root.mkdir()
    empty.git("init", "-q", "-b", "trunk")
    unborn = open_repo(empty.root)
    assert (unborn.head, unborn.branch) == (None, "trunk")
