"""The console script: `check` (the hook) takes a lean path; everything else goes to the CLI."""

from __future__ import annotations

import sys


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["check"]:
        from intentlint.hookrun import parse_check_args, run_check_command

        parsed = parse_check_args(args[1:])
        if parsed is not None:
            sys.exit(run_check_command(parsed))
    from intentlint.cli import main as cli_main

    cli_main()
