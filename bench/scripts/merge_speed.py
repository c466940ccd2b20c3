"""How much a large merge costs the hook, side by side with what git must do anyway.

Builds a repository with the decisions of the README's quick start, a side branch that
changes FILES files (LINES lines each), and stops a `git merge --no-ff --no-commit` where a
hook would run. Then, in interleaved runs: `git diff --cached` (the floor), `intentlint
check` on the merge, and `intentlint check` on an ordinary commit of the same size.

    python bench/scripts/merge_speed.py [FILES] [LINES] [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CONFIG = """[scopes.production]
paths = ["config/production/**"]
branches = ["main"]
[scopes.prototype]
paths = ["prototype/**"]
branches = ["prototype/*"]
"""
LOG = """# Decisions

## D1: Production runs PostgreSQL
scope: production

Production must run on PostgreSQL.

## D2: Authentication moves to OAuth2

We are migrating authentication from JWT to OAuth2.
"""
ENV = {**os.environ, "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.invalid",
       "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.invalid",
       "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env=ENV)


def timed(cmd: list[str], root: Path) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=root, capture_output=True, env=ENV, check=False)
    return time.perf_counter() - start


def write_side(root: Path, files: int, lines: int) -> None:
    for i in range(files):
        path = root / "app" / f"module_{i // 100}" / f"part_{i}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(f"value_{j} = compute({i}, {j})\n" for j in range(lines)))


def main() -> None:
    try:
        files, lines, runs = (int(a) for a in [*sys.argv[1:], "2000", "10", "7"][:3])
    except ValueError:
        sys.exit("usage: python bench/scripts/merge_speed.py [FILES] [LINES] [RUNS], each a number")
    hook = [sys.executable, "-m", "intentlint", "check"]
    with tempfile.TemporaryDirectory(prefix="intentlint-merge-speed-") as tmp:
        root = Path(tmp)
        git(root, "init", "-q", "-b", "main")
        (root / ".intentlint.toml").write_text(CONFIG)
        (root / "DECISIONS.md").write_text(LOG)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "Start")
        git(root, "checkout", "-q", "-b", "feature/big")
        write_side(root, files, lines)
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "Big feature")
        git(root, "checkout", "-q", "main")
        (root / "NOTES.md").write_text("main moved on\n")
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", "Main work")
        subprocess.run(hook, cwd=root, capture_output=True, env=ENV, check=False)  # warm plan
        git(root, "merge", "-q", "--no-ff", "--no-commit", "feature/big")
        floor, merge_hook = [], []
        for _ in range(runs):
            floor.append(timed(["git", "diff", "--cached", "--raw", "-p"], root))
            merge_hook.append(timed(hook, root))
        git(root, "merge", "--abort")
        git(root, "checkout", "-q", "feature/big")
        git(root, "reset", "-q", "--soft", "HEAD~1")  # the same change as an ordinary commit
        plain_hook = [timed(hook, root) for _ in range(runs)]
    f, m, p = (statistics.median(x) * 1000 for x in (floor, merge_hook, plain_hook))
    print(f"merge of {files} files x {lines} lines, medians of {runs} runs")
    print(f"git diff --cached: {f:.0f} ms | hook on the merge: {m:.0f} ms ({m / f:.1f}x) | "
          f"hook on an ordinary commit of the same change: {p:.0f} ms ({m / p:.2f}x of it)")


if __name__ == "__main__":
    main()
