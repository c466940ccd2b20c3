from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "index: needs a Python package index (pip installs or downloads packages); "
        "skipped when none answers, deselect with -m 'not index'")


def _index_answers(where: Path) -> None:
    """Records whether pip can fetch a package here: the index pip is configured with, any
    find-links, or its cache. Quick to fail: no retries, a short timeout."""
    proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                           "--retries", "0", "--timeout", "5", "--dest", str(where),
                           "--only-binary=:all:", "smmap"], capture_output=True, text=True,
                          check=False)
    (where / "answer").write_text("yes" if proc.returncode == 0 else proc.stderr[-500:])


@pytest.fixture(scope="session")
def package_index(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Skips the test unless pip can fetch packages here (asked once per run)."""
    answer = (built_once(tmp_path_factory, "index-probe", _index_answers) / "answer").read_text()
    if answer != "yes":
        reason = answer.strip().splitlines()[-1] if answer.strip() else "no answer"
        pytest.skip(f"no package index answers pip here (CI runs this test): {reason}")


@pytest.fixture(autouse=True)
def _index_or_skip(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("index") is not None:
        request.getfixturevalue("package_index")


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



def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """A directory `build` fills once per test run, shared by every pytest-xdist worker.

    Under xdist each worker has its own base temporary directory inside one the run shares;
    the first worker to get here builds under a file lock, the others wait and reuse it.
    """
    base = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    target = base / name
    try:
        import fcntl
    except ImportError:  # no POSIX locks: each worker builds its own
        target = factory.mktemp(name)
        build(target)
        return target
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (target / ".built").exists():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir()
            build(target)
            (target / ".built").touch()
    return target


class HookSource(NamedTuple):
    """This project committed as a pre-commit hook repository, and the PRE_COMMIT_HOME whose
    hook environments every test of the run shares (pre-commit locks its own store)."""

    repo: Path
    sha: str
    home: Path


def _commit_this_project(where: Path) -> None:
    here = Path(__file__).resolve().parent.parent
    source = where / "hook-source"
    env = {**os.environ, **GIT_ENV}
    subprocess.run(["git", "init", "-q", "-b", "main", str(source)], check=True, env=env)
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=here,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = here / rel
        if src.is_file():
            dst = source / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    subprocess.run(["git", "add", "-A"], cwd=source, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", "hook source"], cwd=source, check=True, env=env)


@pytest.fixture(scope="session")
def hook_source(tmp_path_factory: pytest.TempPathFactory) -> HookSource:
    """This project as a hook repository (branch `main`), committed as it is on disk now."""
    where = built_once(tmp_path_factory, "hook-source", _commit_this_project)
    source = where / "hook-source"
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=source, capture_output=True,
                         text=True, check=True).stdout.strip()
    return HookSource(source, sha, where / "pre-commit-home")
