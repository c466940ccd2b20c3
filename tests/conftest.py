from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Ada Tester", "GIT_AUTHOR_EMAIL": "ada@example.invalid",
    "GIT_COMMITTER_NAME": "Ada Tester", "GIT_COMMITTER_EMAIL": "ada@example.invalid",
    "GIT_AUTHOR_DATE": "2026-01-05T10:00:00+00:00",
    "GIT_COMMITTER_DATE": "2026-01-05T10:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/* from the current output (then read the diff)")


@pytest.fixture(autouse=True)
def _pinned_git(monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("GIT_DIR", raising=False)
    monkeypatch.delenv("GIT_INDEX_FILE", raising=False)


class Repo:
    """A real git repository in a temporary directory, driven like a user would."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._day = 5

    def git(self, *args: str, check: bool = True, env: dict[str, str] | None = None) -> str:
        proc = subprocess.run(["git", *args], cwd=self.root, capture_output=True, text=True,
                              env={**os.environ, **(env or {})}, check=False)
        if check and proc.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {proc.stderr}")
        return proc.stdout

    def write(self, path: str, content: str | bytes) -> Path:
        full = self.root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            full.write_bytes(content)
        else:
            full.write_text(content, encoding="utf-8")
        return full

    def commit(self, message: str, *files: tuple[str, str], allow_empty: bool = True) -> str:
        for path, content in files:
            self.write(path, content)
            self.git("add", "--", path)
        self._day += 1
        stamp = f"2026-01-{self._day:02d}T10:00:00+00:00" if self._day <= 31 else \
            f"2026-02-{self._day - 31:02d}T10:00:00+00:00"
        env = {"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
        self.git("commit", "-q", "--allow-empty", "-m", message, env=env)
        return self.git("rev-parse", "HEAD").strip()

    def shallow_clone(self, dest: Path, depth: int, extra_commits: int = 3) -> Repo:
        """Add `extra_commits` commits, then clone this repository `depth` commits deep."""
        for i in range(extra_commits):
            self.commit(f"Work {i}")
        self.git("clone", "-q", "--depth", str(depth), f"file://{self.root}", str(dest))
        return Repo(dest)

    def state(self, strict: bool = True) -> str:
        """A hash of index, work tree and refs: equal before and after a read-only command.

        `strict` hashes the index file byte for byte; otherwise its staged entries only (git
        itself refreshes stat data in the index when a hook blocks `git commit`).
        """
        h = hashlib.sha256()
        git_dir = Path(self.git("rev-parse", "--absolute-git-dir").strip())
        index = git_dir / "index"
        if strict:
            h.update(index.read_bytes() if index.exists() else b"")
        h.update(self.git("ls-files", "-s", "-z").encode())
        h.update(self.git("for-each-ref", "--format=%(refname) %(objectname)").encode())
        h.update(self.git("status", "--porcelain=v1", "-z", "--untracked-files=all").encode())
        for path in sorted(self.root.rglob("*")):
            if ".git" in path.relative_to(self.root).parts or not path.is_file():
                continue
            h.update(str(path.relative_to(self.root)).encode())
            h.update(path.read_bytes())
        head = git_dir / "HEAD"
        h.update(head.read_bytes())
        return h.hexdigest()


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[Repo]:
    root = tmp_path / "repo"
    root.mkdir()
    r = Repo(root)
    r.git("init", "-q", "-b", "main")
    yield r


def money_pack(body: str) -> str:
    """A one-effect repository pack (money_type = decimal) with `body` under its effect."""
    return ('[pack]\nname = "team"\n[components.money]\nkeywords = ["money"]\n'
            '[[effects]]\ncomponent = "money"\nkey = "money_type"\nvalue = "decimal"\n' + body)


def hook_probe(cwd: Path, report: str, setup: str = "") -> str:
    """Run the hook (`intentlint check`) in a fresh interpreter in `cwd`, then print
    `report`, an expression over `sys.modules` and whatever `setup` defined; returns the
    last line printed (stderr when nothing was)."""
    code = ("import sys; sys.argv = ['intentlint', 'check']\n" + setup +
            "from intentlint.entry import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print({report})")
    proc = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True,
                          text=True, check=False)
    return (proc.stdout.strip().splitlines() or [proc.stderr])[-1]

