"""Everything intentlint asks git, as plumbing commands with machine-readable output.

The hot path (the hook) runs git directly: GitPython costs ~0.17 s to import, more than the
whole check. Each runner sits beside the pure parser of its output, which the tests hit.
"""

from __future__ import annotations

import io
import os
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from intentlint.ground.errors import GitError

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_ENV = {"GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C", "GIT_PAGER": "cat"}


def _git(args: list[str], cwd: Path | str, input: bytes | None = None,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", "-c", "core.quotepath=false", *args], cwd=cwd,
                              input=input, capture_output=True,
                              env={**os.environ, **_ENV, **(env or {})}, check=False)
    except FileNotFoundError:
        raise GitError("git is not installed or not on PATH") from None


def _failure(args: list[str], returncode: int, stderr: bytes) -> GitError:
    reason = stderr.decode("utf-8", "replace").strip().splitlines()
    command = next((a for a in args if not a.startswith("-") and "=" not in a), "")
    return GitError(f"git {command} failed: {reason[0] if reason else returncode}")


def run_git(args: list[str], cwd: Path | str, *, input: bytes | None = None,
            ok_codes: tuple[int, ...] = (0,), env: dict[str, str] | None = None) -> bytes:
    """Run git; raise GitError with git's own first line of complaint."""
    proc = _git(args, cwd, input, env)
    if proc.returncode not in ok_codes:
        raise _failure(args, proc.returncode, proc.stderr)
    return proc.stdout


def _log_args(grep: tuple[str, ...]) -> list[str]:
    """`git log` arguments for LOG_FORMAT records, keeping only messages that contain one of
    `grep` (case-insensitive fixed strings) when given."""
    filters = ["-i", "-F", *(f"--grep={word}" for word in grep)] if grep else []
    return ["log", "-z", *filters, f"--format={LOG_FORMAT}"]


@dataclass(frozen=True, slots=True)
class Repo:
    root: Path
    git_dir: Path
    head: str | None  # None in a repository without commits
    branch: str | None  # None on a detached HEAD
    shallow: bool


def open_repo(cwd: Path | str) -> Repo:
    """Locate the repository around `cwd`: one git call, two before the first commit."""
    proc = _git(["rev-parse", "--show-toplevel", "--absolute-git-dir", "--is-shallow-repository",
                 "HEAD", "--symbolic-full-name", "HEAD"], cwd)
    lines = proc.stdout.decode("utf-8", "surrogateescape").splitlines()
    if proc.returncode == 0 and len(lines) == 5:
        top, git_dir, shallow, head, ref = lines
        branch = ref.removeprefix("refs/heads/") if ref.startswith("refs/heads/") else None
        return Repo(Path(top), Path(git_dir), head, branch, shallow == "true")
    try:  # an unborn HEAD (or a file named HEAD) makes the one-call form fail
        out = run_git(["rev-parse", "--show-toplevel", "--absolute-git-dir",
                       "--is-shallow-repository"], cwd)
    except GitError:
        raise GitError(f"{cwd} is not inside a git work tree; run intentlint from a repository"
                       ) from None
    top, git_dir, shallow = out.decode("utf-8", "surrogateescape").splitlines()[:3]
    head_out = run_git(["rev-parse", "-q", "--verify", "HEAD^{commit}"], cwd, ok_codes=(0, 1))
    ref_out = run_git(["symbolic-ref", "-q", "--short", "HEAD"], cwd, ok_codes=(0, 1))
    return Repo(Path(top), Path(git_dir), head_out.decode().strip() or None,
                ref_out.decode("utf-8", "replace").strip() or None, shallow.strip() == "true")


def resolve(repo: Repo, rev: str) -> str:
    try:
        return run_git(["rev-parse", "--verify", "-q", "--end-of-options", f"{rev}^{{commit}}"],
                       repo.root).decode().strip()
    except GitError:
        raise GitError(f"{rev!r} is not a commit in this repository") from None


# --- commits ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Commit:
    sha: str
    parents: tuple[str, ...]
    author: str
    date: str  # ISO 8601 committer date
    message: str


LOG_FORMAT = "%H%x1f%P%x1f%an%x1f%cI%x1f%B"


def read_log(repo: Repo, rev: str | None, grep: tuple[str, ...] = ()) -> bytes:
    """Raw log output up to `rev` (or a `base..head` range), oldest first, for `parse_log`.

    `grep` keeps only messages containing one of these strings (case-insensitive): git
    reads every message once in C and Python parses only the candidates.
    """
    if rev is None:
        return b""
    # History order is commit-date order, git log's own, everywhere intentlint reads it.
    return run_git([*_log_args(grep), "--reverse", rev, "--"], repo.root)


def recent_log(repo: Repo, rev: str, count: int) -> bytes:
    """The newest `count` commits from `rev`, newest first: a walk git can stop early (a range
    or --topo-order would make it parse every commit of the repository)."""
    return run_git([*_log_args(()), f"-n{count}", rev, "--"], repo.root)


def diverged(repo: Repo, old: str, new: str, window: int = 64,
             ) -> tuple[list[Commit], list[Commit]] | None:
    """What moving from `old` to `new` took away and added: the commits reachable from only
    one of them, each side oldest first. A commit, an amend, a rebase or a reset of a few
    commits; None when either side reaches past the newest `window` commits of its tip
    without meeting the other (then the caller reads history the slow way).

    Two short `git log -n` walks and a parent walk in Python, never git's own merge-base
    search, which walks all of history when commit dates are skewed. A commit common to
    both but beyond the other tip's window counts as one-sided: the caller looks at a
    commit too many, never one too few."""
    near_new = {c.sha: c for c in parse_log(recent_log(repo, new, window))}
    if old in near_new:  # moved forward (the usual case): one walk is enough
        added = _one_side(new, near_new, _reachable(old, near_new))
        if added is not None:
            return [], [c for c in reversed(near_new.values()) if c.sha in added]
    try:
        near_old = {c.sha: c for c in parse_log(recent_log(repo, old, window))}
    except GitError:
        return None  # `old` is gone from the repository (a rewrite, then gc)
    gone = _one_side(old, near_old, near_new)
    added = _one_side(new, near_new, near_old)
    if gone is None or added is None:
        return None
    return ([c for c in reversed(near_old.values()) if c.sha in gone],
            [c for c in reversed(near_new.values()) if c.sha in added])


def _reachable(tip: str, near: dict[str, Commit]) -> dict[str, Commit]:
    """The commits of `near` reachable from `tip` through `near`."""
    found: dict[str, Commit] = {}
    todo = [tip]
    while todo:
        sha = todo.pop()
        if sha in found or sha not in near:
            continue
        found[sha] = near[sha]
        todo.extend(near[sha].parents)
    return found


def _one_side(tip: str, mine: dict[str, Commit], other: dict[str, Commit],
              ) -> set[str] | None:
    found: set[str] = set()
    todo = [tip]
    while todo:
        sha = todo.pop()
        if sha in other or sha in found:
            continue  # reachable from the other tip too
        commit = mine.get(sha)
        if commit is None:
            return None  # beyond the window
        found.add(sha)
        todo.extend(commit.parents)
    return found


def changed_paths(repo: Repo, shas: list[str]) -> dict[str, list[str]]:
    """The files each commit changed against its first parent (all its files for a root
    commit): one `git diff-tree` for all of them."""
    if not shas:
        return {}
    out = run_git(["diff-tree", "--stdin", "-r", "--root", "--always", "--name-only", "-z",
                   "--no-renames"], repo.root, input="\n".join(shas).encode() + b"\n")
    wanted = set(shas)
    paths: dict[str, list[str]] = {}
    current: list[str] | None = None
    for item in out.decode("utf-8", "surrogateescape").split("\0"):
        if item in wanted and item not in paths:
            current = paths[item] = []
        elif item and current is not None:
            current.append(item)
    return paths


def subjects(repo: Repo, shas: list[str]) -> dict[str, str]:
    """Each commit's subject line: one `git log --no-walk` for all of them."""
    if not shas:
        return {}
    out = run_git(["log", "--no-walk=unsorted", "--stdin", "--format=%H%x1f%s%x1e"],
                  repo.root, input="\n".join(shas).encode() + b"\n")
    found = (item.strip("\n").split("\x1f", 1)
             for item in out.decode("utf-8", "replace").split("\x1e"))
    return {parts[0]: parts[1] for parts in found if len(parts) == 2}


def commit_count(repo: Repo, rev: str) -> int:
    return int(run_git(["rev-list", "--count", rev, "--"], repo.root).decode().strip() or 0)


def changed_between(repo: Repo, old: str, new: str) -> list[str]:
    """The files that differ between two commits."""
    out = run_git(["diff", "--name-only", "-z", "--no-renames", old, new, "--"], repo.root)
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


def merge_base(repo: Repo, one: str, other: str) -> str | None:
    """The best common ancestor; None for unrelated histories."""
    out = run_git(["merge-base", one, other], repo.root, ok_codes=(0, 1))
    return out.decode().strip() or None


_VERSION: list[tuple[int, ...]] = []


def git_version() -> tuple[int, ...]:
    """git's version as numbers (asked once per process)."""
    if not _VERSION:
        words = run_git(["--version"], ".").decode().split()
        digits = words[2].split(".") if len(words) > 2 else []
        _VERSION.append(tuple(int(d) for d in digits[:3] if d.isdigit()))
    return _VERSION[0]


def is_ancestor(repo: Repo, ancestor: str, descendant: str) -> bool:
    """False also when `ancestor` is no longer in the repository (rewritten history)."""
    return _git(["merge-base", "--is-ancestor", ancestor, descendant], repo.root).returncode == 0


def parse_log(data: bytes) -> list[Commit]:
    return [c for chunk in data.decode("utf-8", "replace").split("\0")
            if (c := _commit(chunk)) is not None]


def _commit(chunk: str) -> Commit | None:
    parts = chunk.split("\x1f", 4)
    if len(parts) != 5 or len(parts[0].strip()) < 40:
        return None
    sha, parents, author, date, message = parts
    return Commit(sha.strip(), tuple(parents.split()), author, date, message)


def stream_log(repo: Repo, rev: str, grep: tuple[str, ...] = ()) -> Iterator[Commit]:
    """Commits up to `rev`, newest first in git's default (commit date) order, yielded while
    git is still walking, one 64 KiB block at a time.

    Asking for oldest first (`--reverse`, or `--topo-order`) would make git walk the whole
    history before writing a byte; newest first lets the caller's parsing run beside git's
    walk on the other core, and the whole log is never held in memory.
    """
    args = [*_log_args(grep), rev, "--"]
    cmd = ["git", "-c", "core.quotepath=false", *args]
    try:
        proc = subprocess.Popen(cmd, cwd=repo.root, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={**os.environ, **_ENV})
    except FileNotFoundError:
        raise GitError("git is not installed or not on PATH") from None
    assert proc.stdout is not None and proc.stderr is not None
    stdout = cast(io.BufferedReader, proc.stdout)
    rest = b""
    with proc:
        while block := stdout.read1(1 << 16):
            *whole, rest = (rest + block).split(b"\0")
            for chunk in whole:
                commit = _commit(chunk.decode("utf-8", "replace"))
                if commit is not None:
                    yield commit
        error = proc.stderr.read()
    if rest:
        commit = _commit(rest.decode("utf-8", "replace"))
        if commit is not None:
            yield commit
    if proc.returncode:
        raise _failure(args, proc.returncode, error)


# --- file contents at a revision, in the index, or in the work tree ------------------------

def list_files(repo: Repo, where: str, paths: list[str]) -> list[str]:
    """Files under `paths` in `where`: "worktree", "index" or a commit sha."""
    if not paths:
        return []
    if where == "worktree":
        found = []
        for rel in paths:
            full = repo.root / rel
            if full.is_file():
                found.append(rel)
            elif full.is_dir():
                found.extend(p.relative_to(repo.root).as_posix() for p in sorted(full.rglob("*"))
                             if p.is_file() and not p.is_symlink())
        return found
    if where == "index":
        out = run_git(["ls-files", "-z", "--cached", "--", *paths], repo.root)
    else:
        out = run_git(["ls-tree", "-r", "-z", "--name-only", where, "--", *paths], repo.root)
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


def read_files(repo: Repo, where: str, paths: list[str]) -> dict[str, bytes]:
    """Contents of `paths` in `where`, in one `git cat-file --batch` for index and revisions."""
    if not paths:
        return {}
    if where == "worktree":
        out = {}
        for rel in paths:
            full = repo.root / rel
            if full.is_file() and not full.is_symlink():
                out[rel] = full.read_bytes()
        return out
    prefix = ":" if where == "index" else f"{where}:"
    request = b"".join(f"{prefix}{p}\n".encode("utf-8", "surrogateescape") for p in paths)
    data = run_git(["cat-file", "--batch"], repo.root, input=request)
    return parse_cat_file_batch(data, paths)


def read_blobs(repo: Repo, oids: list[str]) -> dict[str, bytes]:
    """Blob contents by id, in one `git cat-file --batch`."""
    if not oids:
        return {}
    data = run_git(["cat-file", "--batch"], repo.root,
                   input="".join(f"{oid}\n" for oid in oids).encode())
    return parse_cat_file_batch(data, oids)


def trees(repo: Repo, revs: list[str]) -> dict[str, str | None]:
    """The tree of each of `revs`, in one `git cat-file --batch-check` (None: a commit this
    clone does not have, as in a shallow one)."""
    if not revs:
        return {}
    data = run_git(["cat-file", "--batch-check=%(objectname) %(objecttype)"], repo.root,
                   input="".join(f"{rev}^{{tree}}\n" for rev in revs).encode())
    out: dict[str, str | None] = {}
    for rev, line in zip(revs, data.decode().splitlines(), strict=False):
        oid, _, kind = line.partition(" ")
        out[rev] = oid if kind == "tree" else None
    return out


def parse_cat_file_batch(data: bytes, paths: list[str]) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    pos = 0
    for path in paths:
        end = data.find(b"\n", pos)
        if end < 0:
            break
        header = data[pos:end].split()
        pos = end + 1
        if len(header) != 3 or header[1] != b"blob":
            continue
        size = int(header[2])
        out[path] = data[pos:pos + size]
        pos += size + 1
    return out
