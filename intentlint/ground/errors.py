"""One error base, one exit-code table (documented in the README under "Exit codes")."""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK = 0
EXIT_BLOCKED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with an input, located well enough to fix it."""

    file: str
    message: str
    line: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else \
            f"{where}: {self.message}"


class IntentlintError(Exception):
    """Base for every error intentlint reports to a user instead of a traceback."""

    exit_code = EXIT_USAGE


class ConfigError(IntentlintError):
    """Bad configuration, log, ADR or pack: every problem found, reported at once."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class GitError(IntentlintError):
    """git refused or failed; the message says what git said."""


class UsageError(IntentlintError):
    """The command line asks for something that cannot be done."""
