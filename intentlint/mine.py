"""Mining: every source read at one point of history, each record completed by the packs."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timezone

from intentlint import cache
from intentlint.adr import AdrDoc, adr_records, parse_adr
from intentlint.commits import (
    GREP_TRAILERS,
    GREP_TRIGGERS,
    MAYBE_DECISION,
    Candidate,
    CommitMining,
    clean_message,
    commit_id,
    may_decide,
    parse_message,
    reverted_sha,
    sentences,
    short_title,
    trailer_decisions,
)
from intentlint.config import Config
from intentlint.errors import ConfigError, Problem
from intentlint.gitio import (
    Commit,
    Repo,
    commits_since,
    is_ancestor,
    list_files,
    parse_log,
    read_files,
    read_log,
    stream_log,
)
from intentlint.logfile import parse_log as parse_decisions_log
from intentlint.packs import Rulebook
from intentlint.patterns import MAX_LINE
from intentlint.recognise import (
    Reading,
    Recognised,
    has_trigger,
    kind_from_text,
    read,
)
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
    adr_paths = [p for p in list_files(repo, point.where, list(config.adr))
                 if p.lower().endswith((".md", ".markdown"))
                 and not p.rsplit("/", 1)[-1].lower().startswith(("readme", "index"))]
    adr_blobs = read_files(repo, point.where, adr_paths)
    completed, problems = _sources(repo, config, rules, log_blobs, adr_blobs, use_cache)
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


def _cache_key(repo: Repo, config: Config, rules: Rulebook) -> str:
    try:
        boundary = (repo.git_dir / "shallow").read_text() if repo.shallow else ""
    except OSError:
        boundary = "unreadable"
    scopes = [f"{s.name}:{','.join(s.words)}" for s in config.scopes]
    return cache.cache_key([config.commits, str(config.heuristic_binding), *scopes,
                            rules.fingerprint, boundary])


def mine_history(repo: Repo, config: Config, rules: Rulebook, rev: str | None,
                 use_cache: bool = True, candidates: bool = False) -> CommitMining:
    """Commits up to `rev`; at HEAD, extend the cache by what is new instead of re-reading.

    The cache never holds candidates: the hook does not need them, and at 100k commits they
    would be most of what it loads."""
    if rev is None or config.commits == "off":
        return CommitMining(None, 0)
    grep = GREP_TRAILERS + (GREP_TRIGGERS if config.commits == "heuristic" else ())
    if not use_cache or rev != repo.head or candidates:
        return _mine_newest_first(stream_log(repo, rev, grep), config, rules, rev, candidates)
    path, key = cache.cache_path(repo.git_dir), _cache_key(repo, config, rules)
    loaded = cache.load(path, key)
    cached = loaded.mining if loaded is not None else None
    if cached is not None and cached.head == rev:
        return cached
    fresh = commits_since(repo, cached.head, rev) if cached is not None and cached.head else None
    if cached is not None and fresh is not None:
        result = mine_commits(fresh, config, rules, cached, rev)
    elif cached is not None and cached.head and is_ancestor(repo, cached.head, rev):
        fresh = parse_log(read_log(repo, f"{cached.head}..{rev}", grep))
        result = mine_commits(fresh, config, rules, cached, rev)
    else:
        result = _mine_newest_first(stream_log(repo, rev, grep), config, rules, rev, False)
    cache.save(path, key, result, loaded)
    return result


def _recognisable(text: str, rules: Rulebook) -> bool:
    """Could any pack recognise something in this message? One RE2 set pass over all of it
    (whitespace folded as sentences fold it); a yes only means the sentences are looked at."""
    folded = " ".join(text.split())
    if len(folded) > MAX_LINE:
        return True
    return bool(rules.recognisers.matching(folded))


@dataclass(slots=True)
class _Read:
    """One commit's decisions before the commit has its place (number) in history."""

    commit: Commit
    seq: int
    subject: str
    found: list[Decision]
    flagged: list[Candidate]
    dropped: list[Candidate]
    revert: str | None


def mine_commits(commits: Iterable[Commit], config: Config, rules: Rulebook,
                 start: CommitMining, head: str | None = None,
                 candidates: bool = False) -> CommitMining:
    """Extend `start` with `commits` (oldest first), numbering them after it.

    `commits` may be only the candidates git's grep let through: numbers order records, they
    do not count commits. `head` is the commit the result stands for.
    """
    listed = list(commits)
    read = [_read_commit(c, start.next_seq + i, config, rules, candidates)
            for i, c in enumerate(listed)]
    return _place(read, start, head or (listed[-1].sha if listed else None),
                  start.next_seq + len(listed))


def records_nothing(commit: Commit, config: Config, rules: Rulebook) -> bool:
    """True when mining this commit adds no record and reverts nothing."""
    read = _read_commit(commit, 0, config, rules, False)
    return read is None or (not read.found and read.revert is None)


def _mine_newest_first(commits: Iterable[Commit], config: Config, rules: Rulebook,
                       head: str, candidates: bool) -> CommitMining:
    """Read commits as git streams them, newest first, then place them oldest first: the
    reading overlaps git's walk instead of waiting for a topologically sorted whole."""
    # Numbers count down from 0 for the newest (older is smaller); what is added later, by
    # extending the cache or a pending message, is numbered from 1.
    read = [_read_commit(c, -i, config, rules, candidates) for i, c in enumerate(commits)]
    read.reverse()
    return _place(read, CommitMining(None, 0), head, 1 if read else 0)


def _read_commit(commit: Commit, seq: int, config: Config, rules: Rulebook,
                 candidates: bool) -> _Read | None:
    text = commit.message
    heuristic = config.commits == "heuristic"
    if not may_decide(text, config.commits):
        return None  # most commits: one regex scan, no parsing
    if not candidates and not MAYBE_DECISION.search(text) and not _recognisable(text, rules):
        return None  # a trigger phrase, but nothing any pack could recognise: chatter
    message = parse_message(text)
    found = trailer_decisions(commit.sha, commit.author, commit.date, seq, message) \
        if message.trailers else []
    revert = reverted_sha(text)
    flagged: list[Candidate] = []
    dropped: list[Candidate] = []
    # A commit that states its decisions in trailers has said what it decides: its prose
    # is the explanation, not more decisions.
    if revert is None and heuristic and len(commit.parents) <= 1 and not found:
        found.extend(_free_text(commit, seq, message.subject, message.body, config, rules,
                                flagged, dropped, candidates))
    return _Read(commit, seq, message.subject,
                 [part for r in found for part in complete(r, rules, config)],
                 flagged, dropped, revert)


def _place(read: list[_Read | None], start: CommitMining, head: str | None,
           next_seq: int) -> CommitMining:
    """Add commits (oldest first) after `start`, resolving reverts against everything mined
    before them and giving multi-decision commits their numbered ids."""
    records: list[Decision] = list(start.records)
    flagged: list[Candidate] = list(start.flagged)
    dropped: list[Candidate] = list(start.dropped)
    by_sha = dict(start.by_sha)
    for item in read:
        if item is None:
            continue
        seq, commit, found = item.seq, item.commit, item.found
        if item.revert:
            targets = [i for sha, ids in by_sha.items() if sha.startswith(item.revert)
                       for i in ids]
            if targets:
                found.append(Decision(
                    id=commit_id(commit.sha, 0, 1), title=short_title(item.subject),
                    text=item.subject,
                    kind="decision", source=Source("commit", commit=commit.sha,
                                                   author=commit.author),
                    date=commit.date[:10], seq=seq, declared=Declared.INACTIVE,
                    revokes=tuple(targets)))
        if len(found) > 1:
            found = [replace(r, id=commit_id(commit.sha, i, len(found)))
                     for i, r in enumerate(found)]
        if found:
            by_sha[commit.sha] = tuple(r.id for r in found)
            records.extend(found)
        flagged.extend(item.flagged)
        dropped.extend(item.dropped)
    return CommitMining(head or start.head, next_seq, tuple(records), tuple(flagged),
                        tuple(dropped), by_sha)


def _utf8(path: str, blob: bytes, errors: list[Problem]) -> str | None:
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        errors.append(Problem(path, f"not UTF-8 (byte {exc.start}); save it as UTF-8"))
        return None


def _adr_docs(blobs: dict[str, bytes]) -> list[AdrDoc]:
    """Parsed ADRs; a file that is not UTF-8 or whose syntax is broken stops the command."""
    docs: list[AdrDoc] = []
    errors: list[Problem] = []
    for path, blob in blobs.items():
        text = _utf8(path, blob, errors)
        if text is None:
            continue
        doc = parse_adr(text, path)
        errors.extend(doc.errors)
        docs.append(doc)
    if errors:
        raise ConfigError(errors)
    return docs


def _sources(repo: Repo, config: Config, rules: Rulebook, log_blobs: dict[str, bytes],
             adr_blobs: dict[str, bytes], use_cache: bool,
             ) -> tuple[tuple[Decision, ...], list[str]]:
    """The log's and the ADRs' records, read: reading prose costs a fraction of a
    millisecond a sentence, so a large log is read once per change to it, not per commit.
    The cache is keyed by every source file's content and all that reading depends on."""
    digest = hashlib.sha256()
    for name, blob in sorted({**log_blobs, **adr_blobs}.items()):
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0" + blob + b"\0")
    key = cache.cache_key([_cache_key(repo, config, rules), "sources", digest.hexdigest(),
                           *config.decisions])
    if key in _READ:
        return _READ[key]  # the same sources again in this process (`check --rev`)
    stored = cache.sources_path(repo.git_dir)
    hit = cache.load_sources(stored, key) if use_cache else None
    if hit is None:
        records = _log_records(config, log_blobs)
        adrs, problems = adr_records(_adr_docs(adr_blobs))
        hit = tuple(part for r in [*records, *adrs] for part in complete(r, rules, config)), \
            problems
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


def _free_text(commit: Commit, seq: int, subject: str, body: str, config: Config,
               rules: Rulebook, flagged: list[Candidate], dropped: list[Candidate],
               candidates: bool) -> list[Decision]:
    """Sentences that decide something a pack knows, read as a commit message reads: the
    sentence must act on the term ("switch to X"), not merely mention it near a trigger."""
    out: list[Decision] = []
    seen: set[tuple[str, str, str | None]] = set()  # a subject and its body often say it twice
    for sentence in sentences(f"{subject}\n\n{body}"):
        triggered = has_trigger(sentence)
        candidate = Candidate(commit.sha, sentence)
        if candidates and triggered:
            flagged.append(candidate)
        reading = read(sentence, rules, config.scopes, "commit")
        if not reading.found:
            if candidates and triggered:
                dropped.append(candidate)
            continue
        for found in reading.found:
            said = (found.effect.key, found.effect.value, found.scope)
            if said in seen:
                continue
            seen.add(said)
            out.append(Decision(
                id=commit_id(commit.sha, 0, 1), title=short_title(sentence), text=sentence,
                kind=found.kind, source=Source("commit", commit=commit.sha,
                                               author=commit.author),
                date=commit.date[:10], seq=seq, component=found.component, scope=found.scope,
                effect=found.effect,
                declared=Declared.BINDING if config.heuristic_binding else Declared.PROPOSED,
                heuristic=True, reading=reading.why()))
    return out


def complete(record: Decision, rules: Rulebook, config: Config) -> list[Decision]:
    """Fill what the source left out from what the packs read in its text; explicit fields
    win. A text that sets effects on several keys becomes one record per key (`D4`, `D4.2`);
    a text that cannot be read with confidence binds no effect and needs confirmation."""
    if record.heuristic:
        return [record]
    text = f"{record.title}. {record.text}"
    kind = record.kind or kind_from_text(text)
    if record.effect_given:
        return [replace(record, kind=kind)]
    reading = read(text, rules, config.scopes, "log")
    found = [f for f in reading.found if record.component in (None, f.component)]
    if reading.needs_confirmation or not found:
        return [replace(record, kind=kind, unclear=reading.unclear,
                        candidates=reading.candidates, reading=reading.why())]
    return [_part(record, f, reading, i, len(found)) for i, f in enumerate(found)]


def _part(record: Decision, found: Recognised, reading: Reading, index: int,
          count: int) -> Decision:
    return replace(record, id=record.id if index == 0 else f"{record.id}.{index + 1}",
                   part_of=record.id if count > 1 else None,
                   kind=record.kind or found.kind,
                   component=record.component or found.component,
                   scope=record.scope or found.scope, effect=found.effect,
                   reading=reading.why())
