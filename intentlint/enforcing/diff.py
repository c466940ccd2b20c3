"""The change under check, from git's machine-readable output.

One `git diff --raw -p -z` call: the NUL-separated raw part gives exact paths, modes and
statuses (no quoting, renames paired); the patch part, in the same file order, gives the
lines. Hunks are walked by their header counts, so no content line is mistaken for a header.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from intentlint.ground.errors import GitError
from intentlint.ground.gitio import EMPTY_TREE, Repo, parse_cat_file_batch, run_git

_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
DIFF_ARGS = ["-z", "-M", "--raw", "-p", "-U1", "--no-color", "--no-ext-diff", "--no-textconv",
             "--submodule=short", "--ignore-submodules=none"]


@dataclass(frozen=True, slots=True)
class FileChange:
    path: str
    old_path: str | None
    status: str  # A, M, D, R, C, T (git's letters)
    old_mode: str
    new_mode: str
    binary: bool
    added: tuple[tuple[int, str], ...]  # (line in the new file, text)
    removed: tuple[tuple[int, str], ...]  # (line in the new file where it was, text)
    context: tuple[tuple[int, str], ...]  # new-file lines git showed around the hunks
    # For a dependency manifest: the packages it declares that it did not before, as
    # (line, ecosystem, name); filled only when a dependency check is in force.
    dependencies: tuple[tuple[int, str, str], ...] = ()


# Files above this size are diffed as binary by git itself, so a 100 MB data file costs the
# hook nothing; they are not checked (like any binary file).
BIG_FILE_BYTES = 8 * 1024 * 1024
BIG_FILE = ["-c", f"core.bigFileThreshold={BIG_FILE_BYTES}"]


def staged_diff(repo: Repo) -> bytes:
    """Index against HEAD (the empty tree before the first commit): exactly what a commit takes."""
    base = repo.head or EMPTY_TREE
    return run_git([*BIG_FILE, "diff", "--cached", *DIFF_ARGS, base, "--"], repo.root)


def commit_diff(repo: Repo, sha: str, parent: str | None,
                paths: list[str] | None = None) -> bytes:
    return run_git([*BIG_FILE, "diff", *DIFF_ARGS, parent or EMPTY_TREE, sha, "--",
                    *(paths or [])], repo.root)


def remerge_diff(repo: Repo, sha: str) -> bytes:
    """What a two-parent merge commit changed beyond git's own automatic merge of its parents
    (its conflict resolution, and any edit made while merging): empty for a clean merge.
    Needs git 2.36; git writes the re-merge's objects to a temporary store only."""
    return run_git([*BIG_FILE, "show", "--remerge-diff", "--format=", *DIFF_ARGS, sha, "--"],
                   repo.root)


def patch_diff(repo: Repo, patch: bytes, keep: Callable[[str], bool] | None = None,
               ) -> tuple[bytes, dict[str, bytes]] | None:
    """A patch that is not staged (an agent's, a PR's) applied to HEAD in a throwaway index,
    read back exactly as the hook reads the staged change; None when it does not apply.

    Only a temporary index file is written (git stores the patched blobs as loose objects,
    as `git apply --cached` does); the repository's index, work tree and refs stay as they
    are. `keep` names the files whose patched contents are wanted too (manifests)."""
    import tempfile  # only on this path

    base = repo.head or EMPTY_TREE
    with tempfile.TemporaryDirectory(prefix="intentlint-patch-") as tmp:
        env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
        try:
            run_git(["read-tree", base], repo.root, env=env)
            run_git(["apply", "--cached", "--whitespace=nowarn", "-"], repo.root, input=patch,
                    env=env)
            diff = run_git([*BIG_FILE, "diff", "--cached", *DIFF_ARGS, base, "--"], repo.root,
                           env=env)
            wanted = [c.path for c in parse_diff(diff) if keep is not None and keep(c.path)]
            blobs = {}
            if wanted:
                request = b"".join(f":{p}\n".encode("utf-8", "surrogateescape") for p in wanted)
                blobs = parse_cat_file_batch(run_git(["cat-file", "--batch"], repo.root,
                                                     input=request, env=env), wanted)
            return diff, blobs
        except GitError:
            return None


_FILE_OLD = re.compile(r"^--- (?:a/)?(?P<path>.+?)(?:\t.*)?$")
_FILE_NEW = re.compile(r"^\+\+\+ (?:b/)?(?P<path>.+?)(?:\t.*)?$")
_TEXT_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def parse_unified(text: str) -> list[FileChange]:
    """A unified diff read line by line (for a patch that does not apply to HEAD): file
    headers (`--- a/x`, `+++ b/x`, `/dev/null` for added or deleted files) and hunks; paths
    are taken as repository-relative. Never raises on odd content."""
    changes: list[FileChange] = []
    old_path: str | None = None
    current: dict[str, list[tuple[int, str]]] | None = None
    path = status = ""
    new_line = old_left = new_left = 0

    def close() -> None:
        if current is not None and path:
            changes.append(FileChange(path, old_path if old_path != path else None, status,
                                      "100644", "100644", False, tuple(current["+"]),
                                      tuple(current["-"]), tuple(current[" "])))

    for line in text.splitlines():
        if (old := _FILE_OLD.match(line)) and old_left == new_left == 0:
            close()
            current, old_path = None, old.group("path").strip()
            continue
        if (new := _FILE_NEW.match(line)) and old_left == new_left == 0 and old_path is not None:
            target = new.group("path").strip()
            status = "A" if old_path == "/dev/null" else "D" if target == "/dev/null" else "M"
            path = old_path if target == "/dev/null" else target
            current = {"+": [], "-": [], " ": []}
            continue
        hunk = _TEXT_HUNK.match(line)
        if hunk and current is not None and old_left == new_left == 0:
            old_left = int(hunk.group(2)) if hunk.group(2) is not None else 1
            new_line = int(hunk.group(3))
            new_left = int(hunk.group(4)) if hunk.group(4) is not None else 1
            continue
        if current is None or (old_left == new_left == 0) or line.startswith("\\"):
            continue
        mark, body = line[:1], line[1:]
        if mark == "+":
            current["+"].append((new_line, body))
            new_line, new_left = new_line + 1, new_left - 1
        elif mark == "-":
            current["-"].append((new_line, body))
            old_left -= 1
        else:
            current[" "].append((new_line, body))
            new_line, new_left, old_left = new_line + 1, new_left - 1, old_left - 1
    close()
    return changes


@dataclass(slots=True)
class _Raw:
    old_mode: str
    new_mode: str
    status: str
    path: str
    old_path: str | None


def parse_diff(data: bytes) -> list[FileChange]:
    """Parse `git diff -z --raw -p` output; never raises on odd content."""
    raws, pos = _parse_raw(data)
    sections = _parse_patch(data[pos:], len(raws))
    sections += [_Section() for _ in range(len(raws) - len(sections))]
    changes = []
    for raw, section in zip(raws, sections, strict=False):
        if {raw.new_mode, raw.old_mode} & {"160000", "120000"}:
            # A submodule pointer or a symlink target is not file content to check.
            section = _Section(binary=True)
        changes.append(FileChange(raw.path, raw.old_path, raw.status, raw.old_mode, raw.new_mode,
                                  section.binary, tuple(section.added), tuple(section.removed),
                                  tuple(section.context)))
    return changes


def _parse_raw(data: bytes) -> tuple[list[_Raw], int]:
    raws: list[_Raw] = []
    pos = 0
    while pos < len(data) and data[pos:pos + 1] == b":":
        end = data.find(b"\0", pos)
        if end < 0:
            break
        meta = data[pos + 1:end].decode("ascii", "replace").split()
        pos = end + 1
        if len(meta) < 5:
            break
        status = meta[4][:1]
        names = []
        for _ in range(2 if status in ("R", "C") else 1):
            end = data.find(b"\0", pos)
            if end < 0:
                end = len(data)
            names.append(data[pos:end].decode("utf-8", "surrogateescape"))
            pos = end + 1
        old_path = names[0] if len(names) == 2 else None
        raws.append(_Raw(meta[0], meta[1], status, names[-1], old_path))
    if data[pos:pos + 1] == b"\0":
        pos += 1
    return raws, pos


@dataclass(slots=True)
class _Section:
    binary: bool = False
    added: list[tuple[int, str]] = field(default_factory=list)
    removed: list[tuple[int, str]] = field(default_factory=list)
    context: list[tuple[int, str]] = field(default_factory=list)


def _parse_patch(patch: bytes, expected: int) -> list[_Section]:
    """One pass over the patch: a `diff --git` header outside a hunk starts the next file;
    inside a hunk, the header's counts say how many lines belong to it."""
    sections: list[_Section] = []
    current: _Section | None = None
    old_left = new_left = new_line = 0
    for line in patch.split(b"\n"):
        if old_left > 0 or new_left > 0:
            marker = line[:1]
            if marker == b"\\":
                continue  # "\ No newline at end of file"
            if marker in (b"+", b"-", b" "):
                text = line[1:].decode("utf-8", "replace").rstrip("\r")
                if marker != b"+":
                    old_left -= 1
                if marker != b"-":
                    new_left -= 1
                if current is not None:
                    kind = {b"+": current.added, b"-": current.removed, b" ": current.context}
                    kind[marker].append((new_line, text))
                if marker != b"-":
                    new_line += 1
                continue
            old_left = new_left = 0  # a line no hunk has: the hunk was shorter than it said
        if line.startswith((b"diff --git ", b"diff --cc ")):
            current = _Section()
            sections.append(current)
            continue
        hunk = _HUNK.match(line)
        if hunk:
            old_left = int(hunk.group(2)) if hunk.group(2) is not None else 1
            new_left = int(hunk.group(4)) if hunk.group(4) is not None else 1
            start = int(hunk.group(3))
            new_line = start + 1 if hunk.group(4) == b"0" else (start or 1)
        elif current is not None and line.startswith((b"Binary files ", b"GIT binary patch")):
            current.binary = True
    return sections[:expected]


def without_generated(repo: Repo, changes: list[FileChange]) -> list[FileChange]:
    """The changes less the files `.gitattributes` marks `linguist-generated` (one `git
    check-attr` call, made only when the repository has a top-level .gitattributes). Files a
    generator marks as its own are left out where a finding names one (`generator_marked`)."""
    if not changes or not (repo.root / ".gitattributes").is_file():
        return changes
    request = b"".join(c.path.encode("utf-8", "surrogateescape") + b"\0" for c in changes)
    try:
        out = run_git(["check-attr", "-z", "--stdin", "linguist-generated"], repo.root,
                      input=request)
    except GitError:
        return changes
    fields = out.decode("utf-8", "surrogateescape").split("\0")
    generated = {fields[i] for i in range(0, len(fields) - 2, 3)
                 if fields[i + 2] in ("set", "true")}
    return [c for c in changes if c.path not in generated]


# The first lines of a file a generator wrote: Go's convention (`// Code generated by X. DO
# NOT EDIT.`), `@generated`, "This file was automatically generated" and the like.
_GENERATED_HEADER = re.compile(
    rb"(?im)^\W{0,6}(?:code generated\b.{0,120}\bdo not edit|@generated\b"
    rb"|(?:this|the) (?:file|code) (?:is|was|has been) (?:auto(?:matically)?[- ]?)?generated\b"
    rb"|auto-?generated (?:file|code)\b|generated by (?:the )?openapi[- ]generator\b)")
# What a generator leaves in the folder it wrote (OpenAPI Generator, Swagger Codegen).
GENERATOR_RECORDS = (".openapi-generator/FILES", ".openapi-generator/VERSION",
                     ".openapi-generator-ignore", ".swagger-codegen-ignore",
                     ".swagger-codegen/VERSION")


def generator_records(path: str) -> list[str]:
    """Where a generator's record of the folders above `path` would be (not the top level:
    a repository a generator wrote whole is still its team's code)."""
    parts = path.split("/")[:-1]
    return [f"{'/'.join(parts[:n])}/{record}" for n in range(len(parts), 0, -1)
            for record in GENERATOR_RECORDS]


def generator_marked(path: str, text: bytes, present: dict[str, bytes]) -> bool:
    """A generator wrote `path`: its first lines say so, or a folder above it holds a
    generator's record (`present`: the records of `generator_records` that exist, with their
    contents). Where the record lists the files the generator wrote (OpenAPI Generator's
    `.openapi-generator/FILES`), only those are its own: the team's manifests and modules
    beside them are not (davideme/lamp-control-api-reference, round 21: a `requirements.txt`
    in a generated server's folder was never checked)."""
    if _GENERATED_HEADER.search(text[:600]) is not None:
        return True
    parts = path.split("/")[:-1]
    for n in range(len(parts), 0, -1):
        folder = "/".join(parts[:n]) + "/"
        files = present.get(folder + _FILES)
        if files is not None:
            listed = {line.strip() for line in files.decode("utf-8", "replace").splitlines()}
            if path[len(folder):] in listed:
                return True
        elif any(folder + record in present for record in GENERATOR_RECORDS):
            return True
    return False


_FILES = ".openapi-generator/FILES"
