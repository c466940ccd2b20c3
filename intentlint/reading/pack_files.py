"""Where packs are: intentlint's own (in the wheel, or `rules/` in a checkout) and a
repository's; their files in load order, and a fingerprint of them that needs no parsing."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

STOPWORDS_FILE = "data/stopwords.txt"


def bundled_rules_dir() -> Path:
    """The packs shipped in the wheel, or the repository's `rules/` in a source checkout."""
    here = Path(__file__).resolve().parent.parent  # the package folder
    installed = here / "_data" / "rules"
    return installed if installed.is_dir() else here.parent / "rules"


@lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """English function words and the verbs every task uses (`rules/data/stopwords.txt`):
    `context` does not rank by them, and no prose name that is one of them is a package."""
    text = (bundled_rules_dir() / STOPWORDS_FILE).read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() if not line.startswith("#")
                     for w in line.split())


def pack_files(dirs: list[Path], root: Path | None) -> Iterator[tuple[int, str, bytes]]:
    """Every pack file of `dirs` in load order: (directory index, name shown, content)."""
    for index, directory in enumerate(dirs):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                yield index, shown_name(path, root), path.read_bytes()


def rules_fingerprint(dirs: list[Path], root: Path | None = None) -> str:
    """What `load_rulebook(dirs, root).fingerprint` will be, without parsing a pack: the
    hook's cache is keyed by it, and a warm hook never needs the packs themselves."""
    digest = hashlib.sha256()
    for _, shown, raw in pack_files(dirs, root):
        digest.update(shown.encode() + b"\0" + raw + b"\0")
    return digest.hexdigest()


def shown_name(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return path.as_posix()
