"""The `check` command end to end without typer: the hook runs on every commit, and the CLI
framework's import alone would cost more than the check itself (see README, "Speed").

`check`'s grammar is declared once, here (`CHECK_OPTIONS`): this module's parser reads the
shapes the hook is called with, and the CLI builds its `check` options from the same table
for help and for every other shape (a typo, `--help`), so the two cannot drift apart."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from intentlint.ground.errors import (
    EXIT_BLOCKED,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    IntentlintError,
    UsageError,
)

FORMATS = ("text", "json", "sarif")  # the names of report.findings.FORMATS (a test pins it)


class Option(NamedTuple):
    """One option of `check`: its names on the command line, where its value goes, and
    what `--help` says of it. (NamedTuples, not dataclasses, in this module: a class costs
    the hook ~0.05 ms to create instead of ~0.4 ms.)"""

    dest: str
    flags: tuple[str, ...]
    help: str = ""
    choices: tuple[str, ...] = ()  # () = any value
    path: bool = False  # the value names a file or folder
    metavar: str | None = None


CHECK_OPTIONS = (
    Option("repo", ("--repo", "-C"), "Repository to work in.", path=True),
    Option("rev", ("--rev",), "Check each commit of A..B (or one commit) against the "
                              "decisions valid at its parent (for CI)."),
    Option("commit_msg", ("--commit-msg",), "The commit-msg stage: mine this pending message "
                                            "as the newest history.", path=True),
    Option("fmt", ("--format", "-f"), choices=FORMATS),
    Option("diff", ("--diff",), "Check a unified diff that is not staged (an agent's patch, a "
                                "PR's diff; - for standard input) against what holds at HEAD.",
           metavar="FILE"),
)
CHECK_FILES_HELP = ("Accepted and ignored: pre-commit passes the staged file names, and the "
                    "whole staged change is what is checked.")


class CheckArgs(NamedTuple):
    """`check`'s arguments, however they were parsed (each field is a `CHECK_OPTIONS` dest)."""

    repo: Path = Path(".")
    rev: str | None = None
    commit_msg: Path | None = None
    fmt: str = "text"
    diff: str | None = None


def run_check_command(args: CheckArgs) -> int:
    """Run, print and return the exit code; errors become one line on stderr."""
    try:
        from intentlint.commands.check import CheckOptions, cli_range, run_check
        from intentlint.holding.workspace import open_workspace
        from intentlint.report import findings as render

        if sum(x is not None for x in (args.rev, args.commit_msg, args.diff)) > 1:
            raise UsageError("--rev, --commit-msg and --diff exclude each other")
        patch = read_patch(args.diff) if args.diff is not None else None
        ws = open_workspace(args.repo)
        rev = cli_range(ws, args.rev) if args.rev is not None else None
        result = run_check(ws, CheckOptions(rev_range=rev, commit_msg_file=args.commit_msg,
                                            patch=patch))
        colour = args.fmt == "text" and sys.stdout.isatty()
        sys.stdout.write(render.FORMATS[args.fmt](result, result.rules, colour))
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


def parse_check_args(args: list[str]) -> CheckArgs | None:
    """The arguments by `CHECK_OPTIONS`; None for any shape it does not know (an unknown
    option, a value not among the choices, `--help`): the full CLI then reads them with the
    same table and says what is wrong."""
    by_flag = {flag: option for option in CHECK_OPTIONS for flag in option.flags}
    given: dict[str, object] = {}
    i = 0
    while i < len(args):
        name, equals, inline = args[i].partition("=")
        option = by_flag.get(name)
        if option is not None and (equals or i + 1 < len(args)):
            value = inline if equals else args[i + 1]
            i += 1 if equals else 2
            if option.choices and value not in option.choices:
                return None
            given[option.dest] = Path(value) if option.path else value
        elif args[i].startswith("-"):
            return None
        else:
            i += 1  # file names from pre-commit: the staged diff is what counts
    return CheckArgs(**given)  # type: ignore[arg-type]
