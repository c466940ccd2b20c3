"""The `check` command end to end without typer: the hook runs on every commit, and the CLI
framework's import alone would cost more than the check itself (see README, "Speed")."""

from __future__ import annotations

import sys
from pathlib import Path

from intentlint.ground.errors import (
    EXIT_BLOCKED,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    IntentlintError,
    UsageError,
)

FORMATS = ("text", "json", "sarif")


def run_check_command(repo: Path, rev: str | None, commit_msg: Path | None, fmt: str,
                      diff: str | None = None) -> int:
    """Run, print and return the exit code; errors become one line on stderr."""
    try:
        from intentlint.commands.check import CheckOptions, run_check
        from intentlint.holding.workspace import open_workspace
        from intentlint.report import findings as render

        if sum(x is not None for x in (rev, commit_msg, diff)) > 1:
            raise UsageError("--rev, --commit-msg and --diff exclude each other")
        patch = read_patch(diff) if diff is not None else None
        ws = open_workspace(repo)
        result = run_check(ws, CheckOptions(rev_range=rev, commit_msg_file=commit_msg,
                                            patch=patch))
        colour = fmt == "text" and sys.stdout.isatty()
        sys.stdout.write(render.FORMATS[fmt](result, result.rules, colour))
        if result.unreadable:
            sys.stderr.write(f"intentlint: {len(result.unreadable)} commit(s) of the range could "
                             "not be read; their findings are missing (see the notes)\n")
            return EXIT_USAGE
        return EXIT_BLOCKED if result.blocking else EXIT_OK
    except IntentlintError as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            sys.stderr.write(f"intentlint: {line}\n")
        return exc.exit_code
    except Exception as exc:  # the promise is: never a traceback
        sys.stderr.write(f"intentlint: internal error: {type(exc).__name__}: {exc} "
                         "(please report this with the command you ran)\n")
        return EXIT_INTERNAL


def read_patch(source: str) -> bytes:
    """`--diff FILE`, or `-` for standard input."""
    if source == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(source).read_bytes()
    except OSError as exc:
        raise UsageError(f"{source}: cannot read the diff ({exc.strerror}); give a file made "
                         "by `git diff`, or - for standard input") from None


def parse_check_args(args: list[str]) -> dict[str, object] | None:
    """The hook's argument shapes; None for anything else (the full CLI then handles it)."""
    options: dict[str, object] = {"repo": Path("."), "rev": None, "commit_msg": None,
                                  "fmt": "text"}
    names = {"-C": "repo", "--repo": "repo", "--rev": "rev", "--commit-msg": "commit_msg",
             "--format": "fmt", "-f": "fmt"}
    i = 0
    while i < len(args):
        arg = args[i]
        key, _, inline = arg.partition("=")
        if key in names and (inline or i + 1 < len(args)):
            value = inline or args[i + 1]
            i += 1 if inline else 2
            name = names[key]
            if name == "fmt" and value not in FORMATS:
                return None
            options[name] = Path(value) if name in ("repo", "commit_msg") else value
        elif arg.startswith("-"):
            return None
        else:
            i += 1  # file names from pre-commit: the staged diff is what counts
    return options
