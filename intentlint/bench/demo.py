"""Materialise a history as a real git repository in one `git fast-import` run."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from intentlint.ground.gitio import run_git

AUTHOR = "Demo Team <team@demo.invalid>"
START = 1767261600  # 2026-01-01 10:00 UTC
DAY = 86400


def _data(payload: bytes) -> bytes:
    return b"data %d\n" % len(payload) + payload + b"\n"


def fast_import_stream(messages: Iterable[str], files_at: dict[int, dict[str, str]],
                       branch: str = "main", step_seconds: int = DAY) -> bytes:
    """A fast-import stream: one commit per message, files added where `files_at` says."""
    out = bytearray()
    for i, message in enumerate(messages):
        stamp = START + i * step_seconds
        out += b"commit refs/heads/%s\nmark :%d\n" % (branch.encode(), i + 1)
        out += b"author %s %d +0000\ncommitter %s %d +0000\n" % (
            AUTHOR.encode(), stamp, AUTHOR.encode(), stamp)
        out += _data(message.encode("utf-8"))
        if i:
            out += b"from :%d\n" % i
        for path, content in sorted(files_at.get(i, {}).items()):
            out += b"M 100644 inline %s\n" % path.encode("utf-8") + _data(content.encode())
        out += b"\n"
    return bytes(out)


def build_repo(root: Path, messages: list[str], files_at: dict[int, dict[str, str]]) -> list[str]:
    """Create the repository at `root`; return commit shas oldest first."""
    root.mkdir(parents=True, exist_ok=True)
    run_git(["init", "-q", "-b", "main"], root)
    run_git(["fast-import", "--quiet", "--done"], root,
            input=fast_import_stream(messages, files_at) + b"done\n")
    run_git(["checkout", "-q", "-f", "main"], root)
    run_git(["config", "user.name", "Demo Team"], root)
    run_git(["config", "user.email", "team@demo.invalid"], root)
    return run_git(["rev-list", "--reverse", "main"], root).decode().split()
