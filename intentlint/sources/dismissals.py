"""`.intentlint/dismissed.toml`: the proposals from commit prose that people dismissed.

A tracked file, so a dismissal is reviewed in a pull request and holds in every clone. One
table per dismissal; the commit and the sentence recognise the proposal even if its id
changes (a pack that reads one more sentence of the same commit renumbers the rest):

    [[dismissed]]
    id = "C-1a2b3c4d"
    commit = "1a2b3c4d5e6f..."
    sentence = "Use SQLite for the fixtures."
    effect = "database_engine = sqlite"
    reason = "the test fixtures' database, not the product's"
    date = "2026-03-02"
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.records import Decision
from intentlint.ground.tomlfile import TOMLDecodeError, loads

PATH = ".intentlint/dismissed.toml"
HEADER = ("# Proposals from commit messages that were dismissed (`intentlint dismiss`): they are\n"
          "# never proposed again. Review and commit this file like code.\n")
_FIELDS = ("id", "commit", "sentence", "effect", "reason", "date")
_REQUIRED = ("id", "commit")


@dataclass(frozen=True, slots=True)
class Dismissal:
    id: str
    commit: str
    sentence: str = ""
    effect: str = ""
    reason: str = ""
    date: str = ""

    def matches(self, record: Decision) -> bool:
        """The same commit, and the same sentence (or, with none written, the same id)."""
        sha = record.source.commit or ""
        if not sha or not self.commit or not (sha.startswith(self.commit)
                                              or self.commit.startswith(sha)):
            return False
        if self.sentence:
            return " ".join(self.sentence.split()) == " ".join(record.text.split())
        return self.id.lower() == record.id.lower()


def parse_dismissals(text: str, path: str = PATH) -> tuple[Dismissal, ...]:
    """Every table, or a ConfigError naming every problem at once."""
    try:
        data = loads(text)
    except TOMLDecodeError as exc:
        raise ConfigError([Problem(path, f"not valid TOML: {exc}")]) from None
    problems: list[Problem] = []
    unknown = [k for k in data if k != "dismissed"]
    problems += [Problem(path, "unknown key; expected [[dismissed]] tables", field=k)
                 for k in unknown]
    tables = data.get("dismissed", [])
    if not isinstance(tables, list):
        raise ConfigError([*problems, Problem(path, "expected [[dismissed]] tables",
                                              field="dismissed")])
    out = [d for i, t in enumerate(tables)
           if (d := _dismissal(t, f"dismissed[{i}]", path, problems)) is not None]
    if problems:
        raise ConfigError(problems)
    return tuple(out)


def _dismissal(table: Any, where: str, path: str, problems: list[Problem]) -> Dismissal | None:
    if not isinstance(table, dict):
        problems.append(Problem(path, "expected a table", field=where))
        return None
    bad = [Problem(path, f"unknown key; expected {', '.join(_FIELDS)}", field=f"{where}.{k}")
           for k in table if k not in _FIELDS]
    bad += [Problem(path, "expected a string", field=f"{where}.{k}")
            for k in _FIELDS if k in table and not isinstance(table[k], str)]
    bad += [Problem(path, "missing; every dismissal names its proposal's id and commit",
                    field=f"{where}.{k}") for k in _REQUIRED if not table.get(k)]
    if bad:
        problems.extend(bad)
        return None
    return Dismissal(**{k: str(table[k]) for k in _FIELDS if k in table})


def format_dismissal(d: Dismissal) -> str:
    """One `[[dismissed]]` table, to append to the file."""
    lines = ["[[dismissed]]"] + [f"{k} = {_toml_string(getattr(d, k))}" for k in _FIELDS]
    return "\n".join(lines) + "\n"


def _toml_string(value: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, save DEL, which TOML also forbids."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
