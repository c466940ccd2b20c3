"""A cold `intentlint decisions` on a real history beside `git log` of the same messages.

    python bench/scripts/cold_history.py REPO NAME [--runs N]

Runs the two side by side, alternating, N times each (5 by default), with intentlint's cache
under `.git/intentlint/` removed before every `decisions`, and prints a `[[history]]` table
for bench/data/speed/real-histories.toml (`tables.py speed-histories` prints them). The
scale suite measures the same ratio on a synthetic history where a tenth of the commits
record a decision; a real history has far fewer, and this is what a user waits for.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _timed(cmd: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path)
    parser.add_argument("name", help="owner/name, as shown in the table")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    root = args.repo.resolve()

    def git(*a: str) -> str:
        return subprocess.run(["git", *a], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()

    log, cold = [], []
    for _ in range(args.runs):
        log.append(_timed(["git", "log", "--format=%H%x00%B"], root))
        shutil.rmtree(root / ".git" / "intentlint", ignore_errors=True)
        cold.append(_timed([sys.executable, "-m", "intentlint", "decisions", "--format",
                            "json"], root))
    intentlint = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                cwd=Path(__file__).resolve().parent, capture_output=True,
                                text=True, check=False).stdout.strip()
    ratios = [c / g for c, g in zip(cold, log, strict=True)]
    print("[[history]]")
    print(f'name = "{args.name}"')
    print(f'head = "{git("rev-parse", "HEAD")}"')
    print(f"commits = {git('rev-list', '--count', 'HEAD')}")
    print(f'intentlint = "{intentlint}"')
    print(f"runs = {args.runs}")
    print(f"git_log_s = {statistics.median(log):.3f}")
    print(f"decisions_cold_s = {statistics.median(cold):.3f}")
    print(f"ratio = {statistics.median(ratios):.2f}  # median of the per-run ratios")


if __name__ == "__main__":
    main()
