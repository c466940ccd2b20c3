"""Mining: every source read at one point of history, each record completed by the packs."""

from __future__ import annotations

import hashlib
import re
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from intentlint.ground.config import Config
from intentlint.ground.errors import ConfigError, GitError, Problem
from intentlint.ground.gitio import (
    Commit,
    Repo,
    list_files,
    read_files,
)
from intentlint.ground.records import Decision
from intentlint.holding import caches as cache
from intentlint.holding.grounding import Grounding
from intentlint.holding.history import history_key, mine_commits, mine_history
from intentlint.reading.rulebook import Rulebook
from intentlint.sources.adr import (
    ADR_SUFFIXES,
    RECORD_FOLDER,
    AdrDoc,
    adr_records,
    parse_adr,
)
from intentlint.sources.commits import (
    Candidate,
    CommitMining,
    clean_message,
)
from intentlint.sources.decisions_log import parse_log as parse_decisions_log

PENDING = "pending"
# Files an ADR folder keeps beside its records: what the folder is, and tables of its records.
NOT_RECORDS = ("readme", "index", "overview", "toc", "table-of-contents")
# A numbered file with no extension in an ADR folder ("0003-vet-data-submission"), read when
# it opens as Markdown does (a heading).
_BARE_RECORD = re.compile(r"^\d{1,8}[-_][\w-]+$")
_MARKDOWN_START = re.compile(rb"\s*(?:#{1,6} |---\r?\n)")
_NUMBERED = re.compile(r"^\d{1,8}[-_.\s]+")  # "000-readme.md" sorts first, and is no record
_LEADS = ("readme.", "index.", "rfc.")  # the files that hold a record kept as a folder of its own


@dataclass(frozen=True, slots=True)
class Point:
    """Where in history to read: files from `where` (worktree/index/sha), commits up to `rev`."""

    where: str
    rev: str | None
    pending_message: str | None = None
    # Whose manifests say whether a decision is followed (default `rev`: never the change
    # under check itself): a commit checked in a range is weighed at its parent.
    evidence: str | None = None


@dataclass(frozen=True, slots=True)
class Mined:
    records: tuple[Decision, ...]
    problems: tuple[str, ...]
    flagged: tuple[Candidate, ...]  # sentences with a trigger phrase (only when asked for)
    dropped: tuple[Candidate, ...]  # ... that no pack recognised
    shallow: bool


def mine(repo: Repo, config: Config, rules: Rulebook, point: Point,
         use_cache: bool = True, history: CommitMining | None = None,
         candidates: bool = False) -> Mined:
    """Every source at `point`; `history`, when given, is the commit mining up to point.rev
    already done by the caller (`check --rev` extends it commit by commit). `candidates`
    keeps every trigger-phrase sentence, recognised or not (the benchmark grades them)."""
    log_blobs = read_files(repo, point.where, list(config.decisions))
    listed = list_files(repo, point.where, list(config.adr))
    adr_paths = adr_files(listed, config.adr)
    bare = [p for p in listed if _BARE_RECORD.match(p.rpartition("/")[2])]
    adr_blobs = read_files(repo, point.where, adr_paths + bare)
    noted = []
    for path in bare:  # a record saved without its extension (DEFRA/ffc-ahwr-frontend's 0003)
        if path in adr_blobs and _MARKDOWN_START.match(adr_blobs[path]):
            noted.append(f"{path}: no file extension; read as Markdown (name it {path}.md)")
        else:
            adr_blobs.pop(path, None)
    completed, problems = _sources(repo, config, rules, log_blobs, adr_blobs, use_cache, point)
    problems = [*noted, *problems]
    if history is None:
        history = mine_history(repo, config, rules, point.rev, use_cache, candidates)
    if point.pending_message is not None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        pending = Commit(PENDING, (repo.head,) if repo.head else (), "", now,
                         clean_message(point.pending_message))
        # The message being written is mined for its trailers only: a commit's own prose
        # does not judge that commit (its explanation would otherwise block its own code).
        own = replace(config, commits="trailers") if config.commits == "heuristic" else config
        history = mine_commits([pending], own, rules, history, candidates=candidates)
    return Mined(completed + history.records, tuple(problems), history.flagged,
                 history.dropped, repo.shallow)


def adr_files(paths: list[str], roots: tuple[str, ...] | list[str] = ()) -> list[str]:
    """The records among an ADR folder's files. A README, index or table of contents lists
    the records beside it and is not one — unless it is the only document of its folder:
    projects that keep each decision in a folder of its own (`2022-02-07-tracing/README.md`,
    with its pictures) write the record there."""
    docs = [p for p in paths if p.lower().endswith(ADR_SUFFIXES)]
    per_folder: dict[str, int] = {}
    for p in docs:
        per_folder[p.rpartition("/")[0]] = per_folder.get(p.rpartition("/")[0], 0) + 1
    top = {r.rstrip("/") for r in roots}
    # A numbered or dated folder of its own (`12147-mlmd-removal/`) whose README is the
    # record: the documents beside it (a test plan, design details) are its parts.
    led = {p.rpartition("/")[0] for p in docs
           if p.rsplit("/", 1)[-1].lower().startswith(_LEADS) and "/" in p
           and p.rpartition("/")[0] not in top
           and RECORD_FOLDER.match(p.rpartition("/")[0].rsplit("/", 1)[-1])
           and not _listing(p, paths)}
    out = []
    for p in docs:
        folder, _, name = p.rpartition("/")
        if folder in led:
            if name.lower().startswith(_LEADS):
                out.append(p)
        elif not (name.lower().startswith(NOT_RECORDS)
                  or _NUMBERED.sub("", name.lower()).rpartition(".")[0] in NOT_RECORDS) or (
                per_folder[folder] == 1 and "/" in p and folder.rstrip("/") not in top
                and not _listing(p, paths)):
            out.append(p)
    return out


def _listing(path: str, paths: list[str]) -> bool:
    """A README at the top of a folder with subfolders of records describes them (a subfolder
    of pictures, `012-release/img/`, is the record's own)."""
    folder = path.rpartition("/")[0] + "/"
    return any(p.startswith(folder) and "/" in p[len(folder):]
               and p.lower().endswith(ADR_SUFFIXES) for p in paths)


def _utf8(path: str, blob: bytes, errors: list[Problem]) -> str | None:
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        errors.append(Problem(path, f"not UTF-8 (byte {exc.start}); save it as UTF-8"))
        return None


def _adr_docs(repo: Repo, where: str, blobs: dict[str, bytes],
              ) -> tuple[list[AdrDoc], list[str]]:
    """Parsed ADRs, and what was skipped. A file that is not UTF-8 or whose syntax is broken
    stops the command when it is being changed (it differs from HEAD); one committed as it
    is, read at HEAD or in a commit of history, is skipped and reported: a typo in a 2021
    ADR must not refuse every commit, nor a replay of commits that cannot be edited."""
    docs: list[AdrDoc] = []
    broken: dict[str, list[Problem]] = {}
    for path, blob in blobs.items():
        errors: list[Problem] = []
        text = _utf8(path, blob, errors)
        if text is not None:
            doc = parse_adr(text, path)
            errors.extend(doc.errors)
            if not errors:
                docs.append(doc)
        if errors:
            broken[path] = errors
    if not broken:
        return docs, []
    committed = set(broken) if where not in ("worktree", "index") else set()
    if not committed and repo.head:
        with suppress(GitError):
            at_head = read_files(repo, repo.head, list(broken))
            committed = {p for p in broken if at_head.get(p) == blobs[p]}
    refused = [e for p, errors in broken.items() if p not in committed for e in errors]
    if refused:
        raise ConfigError(refused)
    return docs, [f"{e}; this committed ADR is skipped until it is fixed"
                  for errors in broken.values() for e in errors]


def _sources(repo: Repo, config: Config, rules: Rulebook, log_blobs: dict[str, bytes],
             adr_blobs: dict[str, bytes], use_cache: bool, point: Point,
             ) -> tuple[tuple[Decision, ...], list[str]]:
    """The log's and the ADRs' records, read: reading prose costs a fraction of a
    millisecond a sentence, so a large log is read once per change to it, not per commit.
    The cache is keyed by every source file's content and all that reading depends on.
    With no log and no ADR there is nothing to read, and the manifests the key would be
    grounded in are not read (on rails/rails, 0.17 s of a cold `decisions`)."""
    if not log_blobs and not adr_blobs:
        return (), []
    digest = hashlib.sha256()
    for name, blob in sorted({**log_blobs, **adr_blobs}.items()):
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0" + blob + b"\0")
    grounding = Grounding(repo, point.where, point.rev, config.adr)
    key = cache.cache_key([history_key(repo, config, rules), "sources", digest.hexdigest(),
                           grounding.names_key(),
                           *config.decisions, *(f"{f}={s}" for f, s in config.adr_scopes)])
    if key in _READ:
        return _READ[key]  # the same sources again in this process (`check --rev`)
    stored = cache.sources_path(repo.git_dir)
    hit = cache.load_sources(stored, key) if use_cache else None
    if hit is None:
        records = _log_records(config, log_blobs)
        docs, skipped = _adr_docs(repo, point.where, adr_blobs)
        adrs, problems = adr_records(docs)
        problems = [*skipped, *problems]
        adrs = [replace(r, scope=config.adr_scope(r.source.path or "")) if r.scope is None
                else r for r in adrs]  # a package's ADRs bind in the package
        hit = tuple(part for r in [*records, *adrs]
                    for part in grounding.complete(r, rules, config)), problems
        if use_cache:
            cache.save_sources(stored, key, *hit)
    _READ.clear()
    _READ[key] = hit
    return hit


_READ: dict[str, tuple[tuple[Decision, ...], list[str]]] = {}  # the last sources read


def _log_records(config: Config, blobs: dict[str, bytes]) -> list[Decision]:
    records: list[Decision] = []
    errors: list[Problem] = []
    for path in config.decisions:
        text = _utf8(path, blobs[path], errors) if path in blobs else None
        if text is None:
            continue
        try:
            records.extend(parse_decisions_log(text, path))
        except ConfigError as exc:
            errors.extend(exc.problems)
    if errors:
        raise ConfigError(errors)
    return records
