"""Mining: every source read at one point of history, each record completed by the packs."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from intentlint.adr import adr_records, parse_adr
from intentlint.commits import (
    Candidate,
    clean_message,
    commit_id,
    parse_message,
    reverted_sha,
    sentences,
    trailer_decisions,
)
from intentlint.config import Config
from intentlint.errors import ConfigError, Problem
from intentlint.gitio import Commit, Repo, list_files, parse_log, read_files, read_log
from intentlint.logfile import parse_log as parse_decisions_log
from intentlint.packs import Rulebook, bundled_rules_dir, load_rulebook
from intentlint.recognise import has_trigger, kind_from_text, recognise
from intentlint.records import Decision, Declared, Source

PENDING = "pending"


@dataclass(frozen=True, slots=True)
class Point:
    """Where in history to read: files from `where` (worktree/index/sha), commits up to `rev`."""

    where: str
    rev: str | None
    pending_message: str | None = None


@dataclass(frozen=True, slots=True)
class Mined:
    records: tuple[Decision, ...]
    problems: tuple[str, ...]
    flagged: tuple[Candidate, ...]  # sentences with a trigger phrase
    dropped: tuple[Candidate, ...]  # ... that no pack recognised
    commits: int
    shallow: bool


def load_rules(repo_root: Path, config: Config) -> Rulebook:
    dirs = [bundled_rules_dir()] if config.bundled_rules else []
    dirs.extend(repo_root / d for d in config.rules)
    return load_rulebook(dirs, repo_root)


def mine(repo: Repo, config: Config, rules: Rulebook, point: Point) -> Mined:
    records: list[Decision] = []
    problems: list[str] = []
    records.extend(_log_records(repo, config, point.where))
    adr_paths = [p for p in list_files(repo, point.where, list(config.adr))
                 if p.lower().endswith((".md", ".markdown"))
                 and not p.rsplit("/", 1)[-1].lower().startswith(("readme", "index", "template"))]
    docs = [parse_adr(blob.decode("utf-8", "replace"), path)
            for path, blob in read_files(repo, point.where, adr_paths).items()]
    adrs, adr_problems = adr_records(docs)
    records.extend(adrs)
    problems.extend(adr_problems)
    commits = parse_log(read_log(repo, point.rev))
    if point.pending_message is not None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        commits.append(Commit(PENDING, (repo.head,) if repo.head else (), "", now,
                              clean_message(point.pending_message)))
    flagged: list[Candidate] = []
    dropped: list[Candidate] = []
    if config.commits != "off":
        records.extend(_commit_records(commits, config, rules, flagged, dropped))
    completed = tuple(complete(r, rules, config) for r in records)
    return Mined(completed, tuple(problems), tuple(flagged), tuple(dropped), len(commits),
                 repo.shallow)


def _log_records(repo: Repo, config: Config, where: str) -> list[Decision]:
    blobs = read_files(repo, where, list(config.decisions))
    records: list[Decision] = []
    errors: list[Problem] = []
    for path in config.decisions:
        if path not in blobs:
            continue
        try:
            text = blobs[path].decode("utf-8")
        except UnicodeDecodeError as exc:
            errors.append(Problem(path, f"not UTF-8 (byte {exc.start}); save it as UTF-8"))
            continue
        try:
            records.extend(parse_decisions_log(text, path))
        except ConfigError as exc:
            errors.extend(exc.problems)
    if errors:
        raise ConfigError(errors)
    return records


def _commit_records(commits: list[Commit], config: Config, rules: Rulebook,
                    flagged: list[Candidate], dropped: list[Candidate]) -> list[Decision]:
    out: list[Decision] = []
    by_sha: dict[str, list[str]] = {}
    for seq, commit in enumerate(commits):
        message = parse_message(commit.message)
        found = trailer_decisions(commit.sha, commit.author, commit.date, seq, message)
        revert = reverted_sha(commit.message)
        merge = len(commit.parents) > 1
        if revert:
            targets = [i for sha, ids in by_sha.items() if sha.startswith(revert) for i in ids]
            if targets:
                found.append(Decision(
                    id=commit_id(commit.sha, 0, 1), title=message.subject[:72],
                    text=message.subject, kind="decision",
                    source=Source("commit", commit=commit.sha, author=commit.author),
                    date=commit.date[:10], seq=seq, declared=Declared.INACTIVE,
                    revokes=tuple(targets)))
        elif config.commits == "heuristic" and not merge:
            found.extend(_free_text(commit, seq, message.subject, message.body, config, rules,
                                    flagged, dropped))
        if len(found) > 1:
            found = [replace(r, id=commit_id(commit.sha, i, len(found)))
                     for i, r in enumerate(found)]
        by_sha[commit.sha] = [r.id for r in found]
        out.extend(found)
    return out


def _free_text(commit: Commit, seq: int, subject: str, body: str, config: Config,
               rules: Rulebook, flagged: list[Candidate],
               dropped: list[Candidate]) -> list[Decision]:
    out = []
    for sentence in sentences(f"{subject}\n\n{body}"):
        if not has_trigger(sentence):
            continue
        candidate = Candidate(commit.sha, sentence)
        flagged.append(candidate)
        found = recognise(sentence, rules, config.scopes)
        if found is None:
            dropped.append(candidate)
            continue
        out.append(Decision(
            id=commit_id(commit.sha, 0, 1), title=sentence[:72], text=sentence, kind=found.kind,
            source=Source("commit", commit=commit.sha, author=commit.author),
            date=commit.date[:10], seq=seq, component=found.component, scope=found.scope,
            effect=found.effect,
            declared=Declared.BINDING if config.heuristic_binding else Declared.PROPOSED,
            heuristic=True))
    return out


def complete(record: Decision, rules: Rulebook, config: Config) -> Decision:
    """Fill what the source left out from what the packs recognise; explicit fields win."""
    if record.heuristic:
        return record
    text = f"{record.title}. {record.text}"
    found = recognise(text, rules, config.scopes)
    if found is None:
        return replace(record, kind=record.kind or kind_from_text(text))
    same = record.component in (None, found.component)
    return replace(record, kind=record.kind or found.kind,
                   component=record.component or found.component,
                   scope=record.scope or (found.scope if same else None),
                   effect=record.effect or (found.effect if same else None))
