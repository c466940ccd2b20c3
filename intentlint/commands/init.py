"""`init`: a starter configuration and decisions log; never overwrites what exists."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from intentlint.enforcing.code_view import GENERATED, VENDORED
from intentlint.ground.config import ENVIRONMENTS
from intentlint.ground.errors import GitError
from intentlint.ground.gitio import run_git
from intentlint.ground.globs import Globs
from intentlint.sources.adr import ADR_SUFFIXES, RECORD_FOLDER, record_name
from intentlint.sources.decisions_log import is_entry_heading

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


# A numbered decision record: adr-tools' `0001-record-architecture-decisions.md`, MADR's
# `0001-use-markdown.md`, `ADR-012-queues.md`, `DADR-0001-x.md`, `20250508-x.md`, and the MDX
# pages of a documentation site (`adr-012-message-router.mdx`).
NUMBERED = re.compile(r"^(?:[a-z]?adr[-_]?|rfc[-_]?)?\d{1,8}(?:[-_. ].*)?"
                      rf"\.(?:{'|'.join(s[1:] for s in ADR_SUFFIXES)})$", re.IGNORECASE)
MAX_PATHS = 6
# What only a decision record has near its top: a status (field, section or front matter),
# or a Decision or Context section (a Markdown heading, or AsciiDoc's "== Status"). Numbered
# documentation pages ("01-intro.md") have none.
RECORD_MARK = re.compile(r"^(?:[ \t]*>?[ \t]*[-*]?[ \t]*\**status\**[ \t]*:"
                         r"|\s{0,3}(?:#{1,6}|={2,6})[ \t]*"
                         r"(?:status|decisions?(?: outcome)?|context(?: and problem statement)?"
                         r"|proposed solution|proposal|motivation|problem statement"
                         r"|considered options|alternatives considered)"
                         r"[ \t:]*$"
                         # ... or a reStructuredText section of those names, underlined
                         # ("Status\n------"; openedx's decisions, round 23)
                         r"|^(?:status|decisions?|context)[ \t]*\n([=\-~^\"'`#*+])\1{2,}[ \t]*$)",
                         re.IGNORECASE | re.MULTILINE)
HEAD_BYTES = 4096


def starter_config(files: list[str], head: Callable[[str], str] | None = None) -> str:
    """The starter configuration, with the ADR folders and the environments `files` show;
    `head(path)` gives the first bytes of a file, to tell decision records from other
    numbered pages."""
    text = STARTER_CONFIG
    log = existing_log(files, head)
    if log is not None:
        text = text.replace('decisions = ["DECISIONS.md"]',
                            f"decisions = {_toml_list([log])}  # the decisions log found")
    folders = adr_folders(files, head)
    if folders:
        text = text.replace('# adr = ["doc/adr", "docs/adr", "docs/decisions"]',
                            f"adr = {_toml_list(folders)}  # folders of numbered records found")
    written = {"production", "prototype"}
    for name, paths in environments(files).items():
        if name in written:
            continue
        text += (f"\n[scopes.{name}]  # found in the tree\npaths = {_toml_list(paths)}\n"
                 f"words = [\"{name}\"]\n")
    return text


# A decisions log kept elsewhere than at the root (`docs/DECISIONS.md`, laofangxose/
# au-finance-calculators, tried unseen: `init` wrote a second, empty one at the root, and the
# team's entries went unread): one file of that name whose every `##` heading the log reader
# reads as an entry (`## D001 - Use Vitest`), so that configuring it never makes `check` stop
# on a heading it cannot read (`## 2024-01-05 Use X`).
_LOG_NAME = re.compile(r"^decisions\.md$", re.IGNORECASE)
_ENTRY_HEADING = re.compile(r"^##[ \t]+(?P<heading>\S.*)$", re.MULTILINE)


def existing_log(files: list[str], head: Callable[[str], str] | None = None) -> str | None:
    if any(path == "DECISIONS.md" for path in files) or head is None:
        return None
    found = []
    for path in files:
        if "/" not in path or not _LOG_NAME.match(path.rpartition("/")[2]):
            continue
        headings = [m.group("heading") for m in _ENTRY_HEADING.finditer(head(path))]
        if headings and all(is_entry_heading(h) and re.search(r"\d", h.split()[0])
                            for h in headings):
            found.append(path)
    return found[0] if len(found) == 1 else None


# A folder whose name says it holds decision records (`docs/proposals/`, `rfcs/`,
# `decisions/`), where records may be named by their subject (cortex's `api_design.md`).
NAMED_FOLDER = re.compile(r"^(?:adrs?|decisions?|decision[-_]records?|architecture[-_]decisions?"
                          r"|proposals?|rfcs?|design[-_]decisions?)$", re.IGNORECASE)
NAMED_MIN = 3  # records a named folder needs when they carry no numbers


def adr_folders(files: list[str], head: Callable[[str], str] | None = None) -> list[str]:
    """Folders holding at least two numbered decision records (numbered files that read as
    one, where `head` can read them), or, in a folder named for records, three documents
    that read as records whatever their names."""
    counts: dict[str, int] = {}
    named: dict[str, int] = {}
    for path in files:
        if _in_tool_folder(path) or GENERATED.match(path) or VENDORED.match(path) \
                or _in_example(path):
            # (a site generator's copy of the folder, `generated-docs/out/adr`: softwaremill/
            # sttp, round 38, had each record read twice)
            continue
        folder, _, name = path.rpartition("/")
        parent, _, own = folder.rpartition("/")
        if parent and name.lower().endswith(ADR_SUFFIXES) and (
                (name.lower() == "readme.md" and RECORD_FOLDER.match(own))
                or record_name(path) == own):  # `001-gateway/proposal.md`: named by its folder
            folder, name = parent, own + ".md"
        if folder and NUMBERED.match(name) and (head is None or RECORD_MARK.search(head(path))):
            counts[folder] = counts.get(folder, 0) + 1
        elif head is not None and NAMED_FOLDER.match(folder.rpartition("/")[2]) \
                and name.lower().endswith(ADR_SUFFIXES) and RECORD_MARK.search(head(path)):
            named[folder] = named.get(folder, 0) + 1
    found = {f for f, n in counts.items() if n >= 2} \
        | {f for f, n in named.items() if n + counts.get(f, 0) >= NAMED_MIN}
    # One folder per decision, each with a numbered record or two (hotosm/fAIr's
    # `architecture/adr-choose-bundler/adr1.md`, round 26): where three or more such folders
    # hold one record only, which no rule above configures, their common parent is the folder.
    lone = Counter(folder.rpartition("/")[0] for folder, n in counts.items()
                   if n == 1 and "/" in folder)
    parents = {p for p, n in lone.items() if n >= NAMED_MIN}
    found = {f for f in found if not any(f.startswith(p + "/") for p in parents)} | parents
    return sorted(found)


# A folder of an example, a demo or a test's fixture: its records are the example's, not
# the repository's (tosin2013/mcp-adr-analysis-server's `sample-project/docs/adrs`, round 41:
# a demo's "We will use PostgreSQL" blocked five commits of the tool's own code).
_EXAMPLE_PART = re.compile(r"(?:^|[-_.])(?:samples?|examples?|demos?|fixtures?|testdata)"
                           r"(?:$|[-_.])", re.IGNORECASE)


def _in_example(path: str) -> bool:
    return any(_EXAMPLE_PART.search(part) for part in path.split("/")[:-1])


def _in_tool_folder(path: str) -> bool:
    """Under a hidden folder a tool keeps (`.claude/skills/…`, numbered guidelines for an AI
    agent: Normation/rudder, round 34), unless that folder or one within it is named for
    records (go-nitro's `.adr`, `.github/decisions`)."""
    parts = path.split("/")[:-1]
    hidden = next((n for n, part in enumerate(parts) if part.startswith(".")), None)
    return hidden is not None and not any(NAMED_FOLDER.match(part.lstrip("."))
                                          for part in parts[hidden:])


def environments(files: list[str]) -> dict[str, list[str]]:
    """Each environment a path names, with the folders (or files) that name it."""
    found: dict[str, set[str]] = {}
    for name, globs in ENVIRONMENTS.items():
        matcher = Globs(globs)
        for path in files:
            if matcher.match(path):
                found.setdefault(name, set()).add(_where(path, globs))
    return {name: sorted(paths)[:MAX_PATHS] for name, paths in sorted(found.items())}


def _where(path: str, globs: tuple[str, ...]) -> str:
    """`config/staging/db.yml` → `config/staging/**`; a file named for it stays itself."""
    parts = path.split("/")
    segments = {g.split("/")[1] for g in globs if g.endswith("/**")}
    for i, part in enumerate(parts[:-1]):
        if part in segments:
            return "/".join(parts[:i + 1]) + "/**"
    return path


def _toml_list(items: list[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def tracked_files(root: Path) -> list[str]:
    try:
        out = run_git(["ls-files", "-z"], root)
    except GitError:
        return []
    return [p for p in out.decode("utf-8", "surrogateescape").split("\0") if p]


def _head(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            return handle.read(HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def init_repo(root: Path, today: str) -> InitResult:
    written, kept = [], []
    has_config = (root / ".intentlint.toml").exists() or (
        (root / "pyproject.toml").is_file()
        and "[tool.intentlint]" in (root / "pyproject.toml").read_text(errors="replace"))
    files = tracked_files(root)
    log = None if has_config else existing_log(files, lambda p: _head(root / p))
    targets = [(".intentlint.toml", starter_config(files, lambda p: _head(root / p)),
                has_config),
               (log or "DECISIONS.md", STARTER_LOG.format(today=today),
                log is not None or (root / "DECISIONS.md").exists())]
    for name, content, exists in targets:
        if exists:
            kept.append(name)
            continue
        path = root / name
        with path.open("x", encoding="utf-8") as handle:
            handle.write(content)
        written.append(name)
    return InitResult(tuple(written), tuple(kept))
