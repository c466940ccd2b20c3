"""The scale suite: synthetic repositories of growing size, timed against the git commands
intentlint cannot avoid, in the same run (ratios, not absolute thresholds)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from intentlint.bench.demo import build_repo
from intentlint.ground.gitio import run_git
from intentlint.ground.records import Decision, Declared, Effect, Source
from intentlint.holding.history import mine_history
from intentlint.holding.verify import verify
from intentlint.holding.workspace import open_workspace

Progress = Callable[[str], None]

# (commits, decisions) per size, as the issue asks: 1k/10, 10k/1k, 100k/10k.
SIZES = {1000: 10, 10_000: 1000, 100_000: 10_000}
CHAINS = [  # effect sentences that supersede each other as the history goes on
    ("For now we authenticate API users with JWT bearer tokens.",
     "We are migrating authentication from JWT to OAuth2 with the identity provider."),
    ("The production environment must run on PostgreSQL.",
     "The production environment must run on MySQL."),
    ("We prefer a dark theme as the default for the web app.",
     "We prefer a light theme as the default for the web app."),
]
STEADY = ["Public endpoints must be rate limited.",
          "New endpoints require integration tests before they are merged.",
          "Never expose internal database user ids in API responses."]
CHATTER = ["Standup: the team reviewed the sprint board", "Fix flaky test in the scheduler",
           "I must run to the dentist, back at two", "Bump dependencies", "Review notes: tidy up"]


@dataclass(frozen=True, slots=True)
class Timing:
    median: float
    runs: int


@dataclass(frozen=True, slots=True)
class SizeResult:
    commits: int
    decisions: int
    records: int
    git_log: Timing
    mine_cold: Timing
    peak_mib: float
    diff_cached: Timing
    floor: Timing  # python -c pass + git diff --cached
    hook_warm: Timing
    hook_after_commit: Timing
    hook_after_word: Timing  # after a commit with a trigger word that decides nothing
    hook_after_decision: Timing  # after a commit that records a decision: the plan rebuilt
    hook_after_amend: Timing  # after amending that decision away: history rewound, rebuilt
    detect_secrets: Timing | None
    verify_seconds: float
    # `intentlint decisions` with no cache: every source mined, verified, and each active
    # record held against the code (evidence.py), as a process, beside `git log`
    decisions_cold: Timing | None = None


@dataclass(frozen=True, slots=True)
class ScaleResult:
    sizes: tuple[SizeResult, ...]
    staged_files: int
    staged_lines: int


def history(commits: int, decisions: int) -> list[str]:
    every = max(commits // max(decisions, 1), 1)
    messages = []
    made = 0
    for i in range(commits):
        if i and i % every == 0 and made < decisions:
            chain = CHAINS[made % len(CHAINS)]
            text = chain[(made // len(CHAINS)) % 2] if made % 4 else STEADY[made % len(STEADY)]
            messages.append(f"Decision {made}\n\nDecision: {text}" if made % 2 else text)
            made += 1
        else:
            messages.append(f"{CHATTER[i % len(CHATTER)]} ({i})")
    return messages


def project_files(count: int = 60) -> dict[str, str]:
    files = {}
    for i in range(count):
        body = "\n".join(f"def handler_{i}_{j}(request):\n    return {{'value': {j}}}\n"
                         for j in range(15))
        files[f"app/module_{i}/views.py"] = body
    files[".intentlint.toml"] = ('commits = "heuristic"\nheuristic-binding = true\n'
                                 '[scopes.production]\npaths = ["config/production/**"]\n')
    return files


STAGED_FILES, STAGED_LINES = 50, 42  # a 50-file, ~2,200-line staged change


def stage_change(root: Path) -> None:
    """Append a function to each of 50 files and stage them."""
    for i in range(STAGED_FILES):
        path = root / f"app/module_{i}/views.py"
        extra = "\n".join(f"    total_{j} = compute(request, {j})  # step {j}"
                          for j in range(STAGED_LINES))
        path.write_text(path.read_text() + f"\n\ndef added_{i}(request):\n{extra}\n")
    run_git(["add", "-A"], root)


def _median(fn: Callable[[], object], runs: int) -> Timing:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return Timing(statistics.median(samples), runs)


# Measured programs run as on a user's machine: with bytecode caching on (an installed wheel
# has its .pyc files; PYTHONDONTWRITEBYTECODE in a developer's shell would otherwise make
# every run recompile intentlint from source and measure that instead).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(cmd: list[str], cwd: Path) -> None:
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=_ENV, check=False)


def _peak_mib(root: Path) -> float:
    code = ("import sys; from intentlint.holding.workspace import open_workspace; "
            "from intentlint.holding.history import mine_history; "
            "ws = open_workspace(sys.argv[1]); "
            "mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache=False)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(root)])
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_maxrss / 1024


def _detect_secrets() -> list[str] | None:
    if importlib.util.find_spec("detect_secrets") is None:
        return None
    return [sys.executable, "-m", "detect_secrets.pre_commit_hook"]


def verify_curve(sizes: list[int]) -> list[tuple[int, float]]:
    """verify() on n records in supersession chains of growing length."""
    out = []
    for n in sizes:
        records = [Decision(f"C{i}", "t", "t", "decision", Source("commit", commit=f"{i:040x}"),
                            "2026-01-01", i, "auth", None, Effect("auth_method", f"v{i % 7}"),
                            Declared.BINDING) for i in range(n)]
        start = time.perf_counter()
        verify(records)
        out.append((n, time.perf_counter() - start))
    return out


def run_scale(sizes: list[int], runs: int = 5, progress: Progress | None = None,
              workdir: Path | None = None) -> ScaleResult:
    tell = progress or (lambda _label: None)
    with tempfile.TemporaryDirectory(prefix="intentlint-scale-") as tmp:
        base = workdir or Path(tmp)
        results = tuple(_measure(commits, base / f"repo-{commits}", runs, tell)
                        for commits in sizes)
    return ScaleResult(results, STAGED_FILES, STAGED_FILES * (STAGED_LINES + 3))


def _measure(commits: int, root: Path, runs: int, tell: Progress) -> SizeResult:
    decisions = SIZES.get(commits, max(commits // 10, 1))
    tell(f"{commits} commits: building")
    build_repo(root, history(commits, decisions), {0: project_files()})
    ws = open_workspace(root)

    def cold() -> object:
        return mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache=False)

    def run(*cmd: str) -> Callable[[], None]:
        return lambda: _run(list(cmd), root)

    tell(f"{commits} commits: mining")
    git_log = _median(run("git", "log", "--format=%H%x00%B"), runs)
    mined = mine_history(ws.repo, ws.config, ws.rules, ws.repo.head, use_cache=False)
    mine_cold = _median(cold, runs)
    peak = _peak_mib(root)
    cache_dir = root / ".git" / "intentlint"

    def decisions_cold() -> None:
        shutil.rmtree(cache_dir, ignore_errors=True)
        _run([sys.executable, "-m", "intentlint", "decisions", "--format", "json"], root)

    tell(f"{commits} commits: decisions, cold")
    listed = _median(decisions_cold, runs)
    stage_change(root)
    hook = [sys.executable, "-m", "intentlint", "check"]
    tell(f"{commits} commits: hook")
    _run(hook, root)  # warms the cache
    diff = _median(run("git", "diff", "--cached"), runs)
    python, git_diff = run(sys.executable, "-c", "pass"), run("git", "diff", "--cached")
    floor = _median(lambda: (python(), git_diff()), runs)
    secrets_cmd = _detect_secrets()
    secrets = None
    if secrets_cmd:
        staged = run_git(["diff", "--cached", "--name-only", "-z"], root).decode().split("\0")
        secrets = _median(run(*secrets_cmd, *filter(None, staged)), runs)
    tell(f"{commits} commits: hook after one new commit")
    samples: dict[str, list[float]] = {"after": [], "warm": [], "word": [], "decision": [],
                                       "amend": []}
    for i in range(runs):
        # New commits on top of HEAD that leave the staged change staged (`git commit
        # --allow-empty` would commit the index), each followed by the hook; the warm hook
        # is measured right after the first, so the pairs are side by side.
        for name, message in (("after", f"Later work {i}"),
                              ("word", f"Tidy the changelog: only one entry per line ({i})"),
                              ("decision", f"Limits\n\nDecision: {STEADY[0]}")):
            sha = run_git(["commit-tree", "HEAD^{tree}", "-p", "HEAD", "-m", message],
                          root).decode().strip()
            run_git(["update-ref", "HEAD", sha], root)
            samples[name].append(_median(run(*hook), 1).median)
            if name == "after":
                samples["warm"].append(_median(run(*hook), 1).median)
        # `git commit --amend` of that decision commit, its decision reworded away.
        sha = run_git(["commit-tree", "HEAD^{tree}", "-p", "HEAD^", "-m", f"Limits ({i})"],
                      root).decode().strip()
        run_git(["update-ref", "HEAD", sha], root)
        samples["amend"].append(_median(run(*hook), 1).median)
    verify_seconds = verify_curve([len(mined.records)])[0][1]
    medians = {k: Timing(statistics.median(v), runs) for k, v in samples.items()}
    return SizeResult(commits, decisions, len(mined.records), git_log, mine_cold, peak, diff,
                      floor, medians["warm"], medians["after"], medians["word"],
                      medians["decision"], medians["amend"], secrets, verify_seconds, listed)
