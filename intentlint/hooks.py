"""`hook install` / `hook uninstall`: native git hooks for repositories without pre-commit."""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from intentlint.errors import UsageError
from intentlint.gitio import Repo, run_git

MARKER = "# installed by intentlint"
STAGES = ("pre-commit", "commit-msg")


@dataclass(frozen=True, slots=True)
class HookResult:
    path: Path
    action: str  # "installed", "replaced", "removed", "absent", "restored"


def hook_path(repo: Repo, stage: str) -> Path:
    out = run_git(["rev-parse", "--git-path", f"hooks/{stage}"], repo.root)
    path = Path(out.decode("utf-8", "surrogateescape").strip())
    return path if path.is_absolute() else repo.root / path


def script(stage: str) -> str:
    python = shlex.quote(sys.executable)
    args = 'check --commit-msg "$1"' if stage == "commit-msg" else "check"
    return f"#!/bin/sh\n{MARKER}\nexec {python} -m intentlint {args}\n"


def install(repo: Repo, stage: str, force: bool) -> HookResult:
    path = hook_path(repo, stage)
    action = "installed"
    if path.exists():
        current = path.read_text(encoding="utf-8", errors="replace")
        if MARKER not in current:
            if not force:
                raise UsageError(f"{path} is another tool's hook; rerun with --force to move it "
                                 f"to {path.name}.intentlint-backup and install ours")
            path.replace(path.with_name(path.name + ".intentlint-backup"))
            action = "replaced"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(script(stage), encoding="utf-8")
    path.chmod(0o755)
    return HookResult(path, action)


def uninstall(repo: Repo, stage: str) -> HookResult:
    path = hook_path(repo, stage)
    if not path.exists():
        return HookResult(path, "absent")
    if MARKER not in path.read_text(encoding="utf-8", errors="replace"):
        raise UsageError(f"{path} was not installed by intentlint; leaving it alone")
    path.unlink()
    backup = path.with_name(path.name + ".intentlint-backup")
    if backup.exists():
        backup.replace(path)
        return HookResult(path, "restored")
    return HookResult(path, "removed")
