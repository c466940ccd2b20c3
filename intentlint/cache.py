"""The mined-commits cache under `.git/intentlint/`: versioned, keyed, written atomically.

The key covers everything commit mining depends on besides the commits themselves (mining
configuration, pack contents, the shallow boundary); the stored head must be an ancestor of
the current one or the cache is rebuilt, so rewritten history is never trusted. A cache that
cannot be read, parsed or written is ignored: the check still runs, only slower.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from intentlint import __version__
from intentlint.commits import Candidate, CommitMining
from intentlint.records import Decision, Declared, Effect, Source

FORMAT = 1
FILE = "mined-commits.json"


def cache_path(git_dir: Path) -> Path:
    return git_dir / "intentlint" / FILE


def cache_key(parts: list[str]) -> str:
    digest = hashlib.sha256()
    for part in [f"format={FORMAT}", f"version={__version__}", *parts]:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


def load(path: Path, key: str) -> CommitMining | None:
    try:
        data = json.loads(path.read_bytes())
        if data.get("format") != FORMAT or data.get("key") != key:
            return None
        return CommitMining(
            head=data["head"], count=int(data["count"]),
            records=tuple(_record(r) for r in data["records"]),
            flagged=tuple(Candidate(sha, text) for sha, text in data["flagged"]),
            dropped=tuple(Candidate(sha, text) for sha, text in data["dropped"]),
            by_sha={sha: tuple(ids) for sha, ids in data["by_sha"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing, truncated, corrupt or foreign: rebuilt by the caller


def save(path: Path, key: str, mining: CommitMining) -> bool:
    """Write atomically (temp file + rename); False when the repository is read-only."""
    data = {"format": FORMAT, "key": key, "head": mining.head, "count": mining.count,
            "records": [_plain(r) for r in mining.records],
            "flagged": [[c.sha, c.text] for c in mining.flagged],
            "dropped": [[c.sha, c.text] for c in mining.dropped],
            "by_sha": {sha: list(ids) for sha, ids in mining.by_sha.items()}}
    import tempfile  # only when writing: the warm hook path never needs it

    try:
        path.parent.mkdir(exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(data, separators=(",", ":")))  # C encoder: 10x dump()
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def _plain(r: Decision) -> list[Any]:
    s = r.source
    return [r.id, r.title, r.text, r.kind, [s.kind, s.path, s.line, s.commit, s.author], r.date,
            r.seq, r.component, r.scope, [r.effect.key, r.effect.value] if r.effect else None,
            r.declared.value, r.heuristic, list(r.supersedes), list(r.superseded_by),
            list(r.revokes)]


def _record(row: list[Any]) -> Decision:
    (id_, title, text, kind, source, date, seq, component, scope, effect, declared, heuristic,
     supersedes, superseded_by, revokes) = row
    return Decision(str(id_), str(title), str(text), str(kind), Source(*source), date, int(seq),
                    component, scope, Effect(*effect) if effect else None, Declared(declared),
                    bool(heuristic), tuple(supersedes), tuple(superseded_by), tuple(revokes))
