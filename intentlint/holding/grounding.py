"""The names a dependency decision can be grounded in: the packages the repository's own
manifests declare, and the bundled alias table's prose names.

Read when the decisions log or ADRs are read (when they change, not on every commit), from
the files being read and from the commit before them: a change that drops a package and
records the decision in one commit still grounds the name it drops. Commit trailers are
read with the alias table alone, so what history mined never depends on today's manifests.
"""

from __future__ import annotations

from contextlib import suppress
from functools import lru_cache

from intentlint.ground.errors import GitError
from intentlint.ground.gitio import Repo, list_files, read_files, run_git
from intentlint.ground.manifests import manifest_kind, normalise, read_manifest
from intentlint.ground.packages import ANY, Package
from intentlint.reading.aliases import bundled_aliases
from intentlint.reading.dependencies import Vocabulary

# Terraform files and workflow files name providers and actions, which decisions rarely
# write in prose; the alias table covers those (and reading every *.tf costs the most).
_SKIPPED = ("terraform", "github-actions")


def declared(repo: Repo, where: str) -> set[tuple[str, str]]:
    """(ecosystem, package) for every package the manifests at `where` declare."""
    return set(declared_in(repo, where))


def declared_in(repo: Repo, where: str, every: bool = False,
                ) -> dict[tuple[str, str], list[str]]:
    """(ecosystem, package) → the manifests at `where` that declare it; `every` reads
    workflow and Terraform files too."""
    skipped = () if every else _SKIPPED
    out: dict[tuple[str, str], list[str]] = {}
    if where in ("worktree", "index"):
        listed = list_files(repo, "index", ["."])
        paths = [p for p in listed if manifest_kind(p) not in (None, *skipped)]
        for path, blob in read_files(repo, where, paths).items():
            for ecosystem, name in _read(path, blob):
                out.setdefault((ecosystem, name), []).append(path)
        return out
    # A commit: manifests by blob, each read once per process (the trees of a history share
    # most of their manifests; grounding an ADR folder asks at every ADR's commit).
    blobs = _manifest_blobs(repo, where, skipped)
    unread = [(path, oid) for path, oid in blobs if (path, oid) not in _DECLARED]
    if unread:
        contents = read_files(repo, where, [path for path, _ in unread])
        for path, oid in unread:
            _DECLARED[path, oid] = _read(path, contents.get(path, b""))
    for path, oid in blobs:
        for ecosystem, name in _DECLARED[path, oid]:
            out.setdefault((ecosystem, name), []).append(path)
    return out


# (path, blob id) -> what that manifest declares (the path picks the reader)
_DECLARED: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}


def _read(path: str, blob: bytes) -> tuple[tuple[str, str], ...]:
    return tuple((d.ecosystem, d.name) for d in read_manifest(path, blob.decode("utf-8",
                                                                                "replace")))


def _manifest_blobs(repo: Repo, where: str, skipped: tuple[str, ...]) -> list[tuple[str, str]]:
    """(path, blob id) of every manifest in the tree at commit `where`."""
    out = run_git(["ls-tree", "-r", "-z", where], repo.root)
    found = []
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob" and manifest_kind(path) not in (None,
                                                                                *skipped):
            found.append((path, parts[2]))
    return found


def declaring(present: dict[tuple[str, str], list[str]], package: Package) -> list[str]:
    """The manifests of `present` (what `declared_in` read) that declare `package`."""
    want = normalise(package.ecosystem, package.name)
    return sorted({p for (ecosystem, name), found in present.items()
                   if package.ecosystem in (ecosystem, ANY)
                   and normalise(ecosystem, name) == want for p in found})


def vocabulary_at(repo: Repo, where: str, rev: str | None) -> Vocabulary:
    """Manifests at `where`, at `rev` and at the commit before `rev`."""
    return Vocabulary.build(bundled_aliases().prose_names(), sorted(_around(repo, where, rev)))


def _around(repo: Repo, where: str, rev: str | None) -> set[tuple[str, str]]:
    names = declared(repo, where)
    for before in ([rev, f"{rev}^"] if where != rev else [f"{rev}^"]) if rev else []:
        with suppress(GitError):  # a root commit has no parent: nothing more to ground
            names |= declared(repo, before)
    return names


class Grounding:
    """The vocabulary each record is read with: the manifests now, and for an ADR also the
    manifests when it was written (the commit that added it, and the one before), so "Use
    Skylight" grounds in the Gemfile of its day though Skylight was removed years later.
    Everything is read on first need and kept for the records that follow."""

    def __init__(self, repo: Repo, where: str, rev: str | None,
                 folders: tuple[str, ...] = ()) -> None:
        self._repo, self._where, self._rev, self._folders = repo, where, rev, folders
        self._now: set[tuple[str, str]] | None = None
        self._added: dict[str, str] | None = None
        self._by_commit: dict[str, Vocabulary] = {}
        self._plain: Vocabulary | None = None

    def for_record(self, path: str | None, is_adr: bool) -> Vocabulary:
        now = self._names_now()
        commit = self._adding_commit(path) if is_adr and path else None
        if commit is None:
            if self._plain is None:
                self._plain = Vocabulary.build(bundled_aliases().prose_names(), sorted(now))
            return self._plain
        if commit not in self._by_commit:
            then = _around(self._repo, commit, commit) | {("", "")}
            self._by_commit[commit] = Vocabulary.build(
                bundled_aliases().prose_names(), sorted((now | then) - {("", "")}))
        return self._by_commit[commit]

    def _names_now(self) -> set[tuple[str, str]]:
        if self._now is None:
            self._now = _around(self._repo, self._where, self._rev)
        return self._now

    def _adding_commit(self, path: str) -> str | None:
        if self._added is None:
            self._added = added_by(self._repo, self._rev, self._folders) if self._rev else {}
        return self._added.get(path)


def added_by(repo: Repo, rev: str, folders: tuple[str, ...] = ()) -> dict[str, str]:
    """For every file of the ADR `folders` (every markdown file when none are given) in
    history up to `rev`: the commit that added it, from one `git log --diff-filter=A` walk
    limited to those folders (on rails' 99k commits: 1.4 s, as long as a plain `git log`;
    paid when the log or ADRs change, not per commit)."""
    paths = [f"{f.rstrip('/')}/" for f in folders] or ["*.md", "*.rst", "*.markdown"]
    try:
        out = run_git(["log", "--diff-filter=A", "--no-renames", "--format=%x00%H",
                       "--name-only", "-z", rev, "--", *paths], repo.root)
    except GitError:
        return {}
    found: dict[str, str] = {}
    sha = ""
    for item in out.decode("utf-8", "surrogateescape").split("\0"):
        item = item.strip("\n")
        if len(item) == 40 and all(c in "0123456789abcdef" for c in item):
            sha = item
        elif item and sha:
            found.setdefault(item, sha)  # newest first: keep the last time it was added
    return found


@lru_cache(maxsize=1)
def alias_vocabulary() -> Vocabulary:
    return Vocabulary.build(bundled_aliases().prose_names(), ())
