"""The hostile-prose suite: committed prose built to make backtracking patterns crawl, timed
beside an ordinary source of the same size.

Each input is a 1 MB run (letters, spaces, dashes, brackets, backticks; dashes glued to a
decision sentence; a 1 MB line of words) written into one source — the decisions log, an
accepted ADR, or a commit message (subject, body and a `Decision:` trailer) — and each
command runs in its own process with no cache, as a user would run it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from intentlint.bench.demo import build_repo
from intentlint.ground.gitio import run_git

SIZE = 1_000_000
SENTENCE = "Production must use PostgreSQL"
TASK = "set up the production database"


def _run(char: str) -> Callable[[int], str]:
    return lambda size: char * size


# name -> the text that follows a decision sentence (with a space, unless said otherwise)
INPUTS: dict[str, Callable[[int], str]] = {
    "letters": _run("a"),
    "spaces": lambda size: " " * size + "x",
    "dashes": _run("-"),
    "glued dashes": _run("-"),  # "PostgreSQL-----…": the run is part of the sentence's word
    "parentheses": _run("("),
    "brackets": _run("["),
    "backticks": _run("`"),
    "long line": lambda size: ("and the service must use PostgreSQL " * (size // 36 + 1))[:size],
}
SOURCES = ("log", "adr", "commit")
CONFIG = ('commits = "heuristic"\n'
          '[scopes.production]\npaths = ["config/production/**"]\nwords = ["production"]\n')
STAGED = ("config/production/settings.py", 'ENGINE = "django.db.backends.sqlite3"\n')
NORMAL = [  # an ordinary entry's sentences, repeated to make an ordinary source of a size
    "Production must use PostgreSQL; the prototype may keep SQLite.",
    "Public endpoints must be rate limited.",
    "Never expose internal database ids in API responses.",
    "We prefer a dark theme as the default for the web app.",
]


def hostile(name: str, size: int = SIZE) -> str:
    """The decision sentence and the hostile run after it."""
    run = INPUTS[name](size)
    return SENTENCE + run if name == "glued dashes" else f"{SENTENCE} {run}"


def normal(size: int) -> str:
    """Ordinary decision prose of about `size` characters, a sentence a line."""
    out, total, i = [], 0, 0
    while total < size:
        line = NORMAL[i % len(NORMAL)]
        out.append(line)
        total += len(line) + 1
        i += 1
    return "\n".join(out)


def files_for(source: str, text: str, normal_log: bool = False) -> tuple[dict[str, str], str]:
    """The files of the first commit and the message of the second for `text` in `source`;
    the hostile text also stands in the log heading and the ADR title."""
    files = {".intentlint.toml": CONFIG, "app.py": "print('hello')\n"}
    message = "Add the application"
    if source == "log":
        if normal_log:
            entries = [f"## D{i}: Entry {i}\n\n{line}\n"
                       for i, line in enumerate(text.splitlines(), start=1)]
            files["DECISIONS.md"] = "# Decisions\n\n" + "\n".join(entries)
        else:
            files["DECISIONS.md"] = f"# Decisions\n\n## D1: Database {text}\n\n{text}\n"
    elif source == "adr":
        files["docs/adr/0002-x.md"] = (f"# 2. Database {text}\n\n## Status\n\nAccepted\n\n"
                                       f"## Context\n\n{text}\n\n## Decision\n\n{text}\n")
    else:
        message = f"Use PostgreSQL {text}\n\n{text}\n\nDecision: {text}\n"
    return files, message


@dataclass(frozen=True, slots=True)
class Row:
    name: str  # the input ("normal" for the ordinary source)
    source: str
    size: int
    seconds: dict[str, float]  # command -> wall time; -1.0 when it ran out of time


@dataclass(frozen=True, slots=True)
class HostileResult:
    size: int
    timeout: float
    rows: tuple[Row, ...]


COMMANDS = ("check", "decisions", "context", "mcp", "commit-msg")
_MCP = ("import sys; from pathlib import Path; from intentlint import mcp_server as m; "
        "r = Path(sys.argv[1]); m._decisions_for(r, sys.argv[2], [], None, None); "
        "m._check_patch(r, sys.argv[3]); m._list(r, 'all'); m._active_markdown(r)")
_PATCH = ("diff --git a/config/production/db.py b/config/production/db.py\nnew file mode 100644\n"
          "--- /dev/null\n+++ b/config/production/db.py\n@@ -0,0 +1 @@\n+import sqlite3\n")


def build(root: Path, source: str, text: str, normal_log: bool = False) -> Path:
    """A repository with `text` in `source`, a staged change, and the message file that
    `check --commit-msg` reads; returns that file."""
    files, message = files_for(source, text, normal_log)
    build_repo(root, ["Add the application", message] if source == "commit"
               else ["Add the application"], {0: files})
    (root / STAGED[0]).parent.mkdir(parents=True, exist_ok=True)
    (root / STAGED[0]).write_text(STAGED[1])
    run_git(["add", "--", STAGED[0]], root)
    msg = root.parent / f"{root.name}.msg"
    msg.write_text(message if source == "commit" else "Work on the database\n")
    return msg


def argv(command: str, root: Path, msg: Path) -> list[str]:
    """The process that runs `command` in the repository at `root`."""
    cli = [sys.executable, "-m", "intentlint"]
    if command == "mcp":
        return [sys.executable, "-c", _MCP, str(root), TASK, _PATCH]
    if command == "commit-msg":
        return [*cli, "check", "--commit-msg", str(msg)]
    if command == "context":
        return [*cli, "context", TASK]
    return [*cli, command]


def timed(cmd: list[str], root: Path, timeout: float) -> float:
    """Wall time of one cold run (the caches in `.git/intentlint` removed first)."""
    shutil.rmtree(root / ".git" / "intentlint", ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    try:
        subprocess.run(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return -1.0
    return time.perf_counter() - start


def run_hostile(size: int = SIZE, timeout: float = 120.0,
                progress: Callable[[str], None] | None = None) -> HostileResult:
    tell = progress or (lambda _label: None)
    rows = []
    with tempfile.TemporaryDirectory(prefix="intentlint-hostile-") as tmp:
        cases = [("normal", s, normal(size)) for s in SOURCES]
        cases += [(name, s, hostile(name, size)) for name in INPUTS for s in SOURCES]
        for i, (name, source, text) in enumerate(cases):
            tell(f"{name} in {source}")
            root = Path(tmp) / f"repo-{i}"
            msg = build(root, source, text, normal_log=name == "normal")
            rows.append(Row(name, source, len(text.encode()),
                            {c: timed(argv(c, root, msg), root, timeout) for c in COMMANDS}))
    return HostileResult(size, timeout, tuple(rows))
