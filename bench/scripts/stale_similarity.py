"""Does a later ADR on the same subject show that an earlier one is stale? For every ADR the
retrieval corpora call stale (a later ADR replaced it without a link) and every ADR a task
expects (still valid): its highest TF-IDF cosine similarity to any ADR of the same folder
added after it (by the commit that added each file; files added together by their number),
at the corpus commit.

    python bench/scripts/stale_similarity.py MIRRORS_DIR

MIRRORS_DIR holds one git directory per repository, `OWNER+NAME/repo` or `OWNER+NAME`.
Prints, per label, how many ADRs reach a similarity of 0.2 to 0.6 with a later one: a
warning "a later record covers the same subject" would reach those.
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stale_refs import corpus_adrs, git

_WORD = re.compile(r"[a-z][a-z0-9]{2,}")
_NUMBER = re.compile(r"\d+")
_COMMON = frozenset(
    "the and for with this that are will use used using can not from have has was were our "
    "which should been being about when where while also but all any these those than then "
    "there more most other such only may must each how what who why new one two into their "
    "they them its it's".split())
THRESHOLDS = (0.2, 0.3, 0.4, 0.5, 0.6)


def _vectors(texts: dict[str, str]) -> dict[str, dict[str, float]]:
    counts = {p: Counter(w for w in _WORD.findall(t.lower()) if w not in _COMMON)
              for p, t in texts.items()}
    df = Counter(w for c in counts.values() for w in c)
    out = {}
    for path, c in counts.items():
        v = {w: (1 + math.log(n)) * math.log(len(counts) / df[w]) for w, n in c.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        out[path] = {w: x / norm for w, x in v.items()}
    return out


def _cosine(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(w, 0.0) for w, x in a.items())


def _order(git_dir: Path, commit: str, folder: str) -> dict[str, tuple[int, int]]:
    """Each file's (time it was added, number in its name)."""
    added: dict[str, int] = {}
    when = 0
    for line in git(git_dir, "log", "--diff-filter=A", "--format=%x00%ct", "--name-only",
                    commit, "--", folder).stdout.splitlines():
        if line.startswith("\0"):
            when = int(line[1:])
        elif line.strip() and line.strip() not in added:
            added[line.strip()] = when
    return {p: (t, int(m.group(0)) if (m := _NUMBER.search(Path(p).name)) else 0)
            for p, t in added.items()}


def main(mirrors: Path) -> int:
    best: dict[str, list[float]] = defaultdict(list)
    for git_dir, commit, folder, stale, valid in corpus_adrs(mirrors):
        files = [p for p in git(git_dir, "ls-tree", "-r", "--name-only", commit, "--",
                                folder).stdout.splitlines()
                 if p.lower().endswith((".md", ".rst"))]
        vectors = _vectors({p: git(git_dir, "show", f"{commit}:{p}").stdout for p in files})
        order = _order(git_dir, commit, folder)
        for label, paths in (("stale", stale), ("valid", valid)):
            for adr in sorted(p for p in paths if p in vectors):
                later = [q for q in files if q != adr
                         and order.get(q, (0, 0)) > order.get(adr, (0, 0))]
                best[label].append(max((_cosine(vectors[adr], vectors[q]) for q in later),
                                       default=0.0))
    for label in ("stale", "valid"):
        found = best[label]
        counts = " / ".join(str(sum(1 for s in found if s >= t)) for t in THRESHOLDS)
        print(f"{label}: {len(found)} ADRs; a later ADR at similarity "
              f"{' / '.join(str(t) for t in THRESHOLDS)}: {counts}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(Path(sys.argv[1])))
