"""Is an ADR's vanished code a sign that it is stale? For every ADR the retrieval corpora
call stale (a later ADR replaced it without a link) and every ADR a task expects (still
valid): the names it quotes in code form that look like a path or an identifier, and how
many of them the repository's tree at the corpus commit no longer holds (`git grep`
outside the ADR folder; a path by its name anywhere in the tree).

    python bench/scripts/stale_refs.py MIRRORS_DIR

MIRRORS_DIR holds one git directory per repository, `OWNER+NAME/repo` or `OWNER+NAME`.
Prints, per label, how many ADRs quote three names or more with at least 30, 50 and 70 per
cent of them gone.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import tomllib

CORPORA = Path(__file__).resolve().parent.parent / "data" / "retrieval"
_QUOTED = re.compile(r"`([^`\n]{5,80})`")
_IDENTIFIER = re.compile(r"[A-Za-z_][\w.:-]{4,}")
_PATH_LIKE = re.compile(r"/|\.\w{1,5}$")


def git(git_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True,
                          text=True, check=False)


def _mirror(root: Path, name: str) -> Path | None:
    for candidate in (root / name.replace("/", "+") / "repo", root / name.replace("/", "+")):
        if (candidate / "HEAD").exists():
            return candidate
    return None


def gone_share(git_dir: Path, commit: str, adr_dir: str, text: str,
               tree: set[str], names: set[str]) -> tuple[int, int]:
    """(names quoted, names gone) for one ADR's text."""
    quoted = {m.group(1).strip() for m in _QUOTED.finditer(text) if " " not in m.group(1)}
    seen = gone = 0
    for name in sorted(quoted)[:40]:
        if _PATH_LIKE.search(name):
            path = name.strip("./")
            present = path in tree or PurePosixPath(path).name in names
        elif _IDENTIFIER.fullmatch(name):
            present = git(git_dir, "grep", "-q", "-F", name, commit, "--", ".",
                           f":!{adr_dir}").returncode == 0
        else:
            continue
        seen += 1
        gone += not present
    return seen, gone


def corpus_adrs(mirrors: Path) -> Iterator[tuple[Path, str, str, set[str], set[str]]]:
    """Per retrieval corpus that is mirrored: (git directory, commit, ADR folder, the ADRs
    its tasks call stale, the ADRs they expect and never call stale)."""
    for path in sorted(CORPORA.glob("**/*__*.toml")):
        corpus = tomllib.loads(path.read_text(encoding="utf-8"))
        meta = corpus["repository"]
        git_dir = _mirror(mirrors, meta["name"])
        if git_dir is None:
            print(f"{meta['name']}: not mirrored under {mirrors}")
            continue
        adr_dir = meta["adr_dir"] if isinstance(meta["adr_dir"], str) else meta["adr_dir"][0]
        stale = {p for task in corpus["task"] for p in task.get("stale", [])}
        valid = {p for task in corpus["task"] for p in task.get("expected", [])} - stale
        yield git_dir, meta["commit"], adr_dir, stale, valid


def main(mirrors: Path) -> int:
    shares: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for git_dir, commit, adr_dir, stale, valid in corpus_adrs(mirrors):
        tree = set(git(git_dir, "ls-tree", "-r", "--name-only", commit).stdout.splitlines())
        names = {PurePosixPath(p).name for p in tree}
        for label, paths in (("stale", stale), ("valid", valid)):
            for adr in sorted(paths):
                text = git(git_dir, "show", f"{commit}:{adr}").stdout
                shares[label].append(gone_share(git_dir, commit, adr_dir, text, tree, names))
    for label in ("stale", "valid"):
        found = shares[label]
        counts = [sum(1 for seen, gone in found if seen >= 3 and gone / seen >= share)
                  for share in (0.3, 0.5, 0.7)]
        print(f"{label}: {len(found)} ADRs; quoting 3+ names with 30/50/70% gone: "
              f"{counts[0]} / {counts[1]} / {counts[2]}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1])))
