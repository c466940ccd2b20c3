"""`init`: a starter configuration and decisions log; never overwrites what exists."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

STARTER_CONFIG = """\
# intentlint configuration (see the README's "Configuration" section).
# A path named here must exist; left out, the defaults are read when present.
decisions = ["DECISIONS.md"]
# adr = ["doc/adr", "docs/adr", "docs/decisions"]
# rules = [".intentlint/rules"]
# off | trailers | heuristic (free-text sentences are mined as *proposed* decisions)
commits = "heuristic"
heuristic-binding = false

[scopes.production]
paths = ["config/production/**", "deploy/production/**"]
branches = ["main", "release/*"]
words = ["production", "prod"]

[scopes.prototype]
paths = ["prototype/**", "config/prototype/**"]
branches = ["prototype", "prototype/*"]
words = ["prototype"]

[severity]
# a decision id or a kind, set to error, warning or off
preference = "warning"
"""

STARTER_LOG = """\
# Decisions

Newest last. Each decision is a `## ID: title` section; optional `key: value` lines
(date, component, scope, kind, status, supersedes, revokes, effect) follow the heading.

## D1: Record decisions in this file
date: {today}
kind: decision

Decisions that bind this repository are recorded here, one section each, and checked by
intentlint on every commit.
"""

PRE_COMMIT_SNIPPET = """\
# .pre-commit-config.yaml (repo: where intentlint is hosted, or a local clone's path;
# rev: a tag or a full commit sha), then: pre-commit install --hook-type commit-msg
repos:
  - repo: https://github.com/intentlint/intentlint
    rev: main
    hooks:
      - id: intentlint-commit-msg   # or `intentlint` for the pre-commit stage only
        verbose: true               # show warnings even when the commit passes
"""


@dataclass(frozen=True, slots=True)
class InitResult:
    written: tuple[str, ...]
    kept: tuple[str, ...]


def init_repo(root: Path, today: str) -> InitResult:
    written, kept = [], []
    has_config = (root / ".intentlint.toml").exists() or (
        (root / "pyproject.toml").is_file()
        and "[tool.intentlint]" in (root / "pyproject.toml").read_text(errors="replace"))
    targets = [(".intentlint.toml", STARTER_CONFIG, has_config),
               ("DECISIONS.md", STARTER_LOG.format(today=today), (root / "DECISIONS.md").exists())]
    for name, content, exists in targets:
        if exists:
            kept.append(name)
            continue
        path = root / name
        with path.open("x", encoding="utf-8") as handle:
            handle.write(content)
        written.append(name)
    return InitResult(tuple(written), tuple(kept))
