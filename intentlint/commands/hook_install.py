"""`hook install` / `hook uninstall`: native git hooks for repositories without pre-commit.

Repository access here goes through GitPython: these commands run once, so its import cost
(which the hook itself avoids) does not matter, and it resolves `core.hooksPath` and linked
worktrees the way git does.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import git

from intentlint.ground.errors import GitError, UsageError

MARKER = "# installed by intentlint"


@dataclass(frozen=True, slots=True)
class HookResult:
    path: Path
    action: str  # "installed", "replaced", "removed", "absent", "restored"


def work_tree(start: Path) -> Path:
    """The repository's top level, found from `start` upwards."""
    try:
        repo = git.Repo(start, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        raise GitError(f"{start} is not inside a git work tree; run intentlint from a "
                       "repository") from None
    if repo.working_tree_dir is None:
        raise GitError(f"{start} is a bare repository; hooks need a work tree")
    return Path(repo.working_tree_dir)


def hook_path(root: Path, stage: str) -> Path:
    """Where git runs `stage` from: honours core.hooksPath and linked worktrees."""
    relative = git.Repo(root).git.rev_parse("--git-path", f"hooks/{stage}")
    path = Path(relative)
    return path if path.is_absolute() else root / path


# git runs pre-commit for `git commit` only; a merge that needs no hand resolution runs
# pre-merge-commit instead, so the pre-commit stage installs both. commit-msg runs for both.
HOOKS = {"commit-msg": ("commit-msg",), "pre-commit": ("pre-commit", "pre-merge-commit")}


def script(stage: str) -> str:
    python = shlex.quote(sys.executable)
    args = 'check --commit-msg "$1"' if stage == "commit-msg" else "check"
    return f"#!/bin/sh\n{MARKER}\nexec {python} -m intentlint {args}\n"


def install(start: Path, stage: str, force: bool) -> list[HookResult]:
    """Install the hooks `stage` needs; a foreign hook stops all of them, before any is written."""
    root = work_tree(start)
    paths = [hook_path(root, hook) for hook in HOOKS[stage]]
    for path in paths:
        if path.exists() and MARKER not in path.read_text(encoding="utf-8", errors="replace") \
                and not force:
            raise UsageError(f"{path} is another tool's hook; rerun with --force to move it "
                             f"to {path.name}.intentlint-backup and install ours")
    return [_install_one(path, stage) for path in paths]


def _install_one(path: Path, stage: str) -> HookResult:
    action = "installed"
    if path.exists() and MARKER not in path.read_text(encoding="utf-8", errors="replace"):
        path.replace(path.with_name(path.name + ".intentlint-backup"))
        action = "replaced"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(script(stage), encoding="utf-8")
    path.chmod(0o755)
    return HookResult(path, action)


def uninstall(start: Path, stage: str) -> list[HookResult]:
    root = work_tree(start)
    paths = [hook_path(root, hook) for hook in HOOKS[stage]]
    for path in paths:
        if path.exists() and MARKER not in path.read_text(encoding="utf-8", errors="replace"):
            raise UsageError(f"{path} was not installed by intentlint; leaving it alone")
    return [_uninstall_one(path) for path in paths]


def _uninstall_one(path: Path) -> HookResult:
    if not path.exists():
        return HookResult(path, "absent")
    path.unlink()
    backup = path.with_name(path.name + ".intentlint-backup")
    if backup.exists():
        backup.replace(path)
        return HookResult(path, "restored")
    return HookResult(path, "removed")
