"""Commit history mined for decisions: trailers always, free text as configured.

At HEAD the mined-commits cache (caches.py) is extended by the new commits only; most
messages are skipped by one regex scan, and the rest are read newest first as git streams
them. A commit's place in history numbers its records; reverts revoke what they revert.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from intentlint.ground.bounds import MAX_PACK_LINE
from intentlint.ground.config import Config
from intentlint.ground.errors import GitError
from intentlint.ground.gitio import (
    Commit,
    Repo,
    changed_paths,
    diverged,
    is_ancestor,
    parse_log,
    read_log,
    stream_log,
)
from intentlint.ground.globs import Globs
from intentlint.ground.records import Decision, Declared, Source
from intentlint.holding import caches as cache
from intentlint.holding.grounding import alias_vocabulary
from intentlint.reading.completion import complete
from intentlint.reading.recognise import (
    has_trigger,
    read,
    states_decision,
)
from intentlint.reading.rulebook import CI_PATHS, TEST_PATHS, Rulebook
from intentlint.sources.commits import (
    GREP_TRAILERS,
    GREP_TRIGGERS,
    Candidate,
    CommitMining,
    clean_message,
    commit_id,
    has_trailer_cue,
    has_trigger_word,
    is_bot,
    parse_message,
    reverted_sha,
    sentences,
    short_title,
    trailer_decisions,
    updates_dependency,
)


def history_key(repo: Repo, config: Config, rules: Rulebook) -> str:
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
        return _mine_newest_first(repo, stream_log(repo, rev, grep), config, rules, rev,
                                  candidates)
    path, key = cache.cache_path(repo.git_dir), history_key(repo, config, rules)
    loaded = cache.load(path, key)
    cached = loaded.mining if loaded is not None else None
    if cached is not None and cached.head == rev:
        return cached
    sides = diverged(repo, cached.head, rev) if cached is not None and cached.head else None
    if cached is not None and sides is not None:
        gone, fresh = sides  # `gone`: an amend, rebase or reset took these away
        result = mine_commits(fresh, config, rules, _without(cached, gone), rev, repo=repo)
    elif cached is not None and cached.head and is_ancestor(repo, cached.head, rev):
        fresh = parse_log(read_log(repo, f"{cached.head}..{rev}", grep))
        result = mine_commits(fresh, config, rules, cached, rev, repo=repo)
    else:
        result = _mine_newest_first(repo, stream_log(repo, rev, grep), config, rules, rev, False)
    cache.save(path, key, result, loaded)
    return result


def _without(mining: CommitMining, gone: list[Commit]) -> CommitMining:
    """The mining without what commits no longer in history recorded. What is left are
    ancestors of what remains, so new commits numbered after them stay in order."""
    if not gone:
        return mining
    shas = {c.sha for c in gone}
    return replace(mining, records=tuple(r for r in mining.records
                                         if r.source.commit not in shas),
                   by_sha={sha: ids for sha, ids in mining.by_sha.items() if sha not in shas})


def _recognisable(text: str, rules: Rulebook) -> bool:
    """Could any pack recognise something in this message? One RE2 set pass over all of it
    (whitespace folded as sentences fold it); a yes only means the sentences are looked at."""
    folded = " ".join(text.split())
    if len(folded) > MAX_PACK_LINE:
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
                 candidates: bool = False, repo: Repo | None = None) -> CommitMining:
    """Extend `start` with `commits` (oldest first), numbering them after it.

    `commits` may be only the candidates git's grep let through: numbers order records, they
    do not count commits. `head` is the commit the result stands for. With `repo`, free text
    of commits that change only CI and test files is set aside (`_confine`); a message being
    written has no commit to ask about.
    """
    listed = list(commits)
    read = [_read_commit(c, start.next_seq + i, config, rules, candidates)
            for i, c in enumerate(listed)]
    if repo is not None:
        _confine(repo, read)
    return _place(read, start, head or (listed[-1].sha if listed else None),
                  start.next_seq + len(listed))


def proposed_by(message: str, config: Config, rules: Rulebook, changed: list[str],
                ) -> list[Decision]:
    """What the message being written would propose once committed, read as history will
    read it (`changed`: the staged files; a change to CI or tests only proposes nothing)."""
    if changed and all(_ENVIRONMENT_FILES.match(p) for p in changed):
        return []
    pending = Commit("pending", (), "", "", clean_message(message))
    read = _read_commit(pending, 0, replace(config, heuristic_binding=False), rules, False)
    return [r for r in read.found if r.proposal] if read is not None else []


def records_nothing(commit: Commit, config: Config, rules: Rulebook) -> bool:
    """True when mining this commit adds no record and reverts nothing."""
    read = _read_commit(commit, 0, config, rules, False)
    return read is None or (not read.found and read.revert is None)


def _mine_newest_first(repo: Repo, commits: Iterable[Commit], config: Config, rules: Rulebook,
                       head: str, candidates: bool) -> CommitMining:
    """Read commits as git streams them, newest first, then place them oldest first: the
    reading overlaps git's walk instead of waiting for a topologically sorted whole."""
    # Numbers count down from 0 for the newest (older is smaller); what is added later, by
    # extending the cache or a pending message, is numbered from 1.
    read = [_read_commit(c, -i, config, rules, candidates) for i, c in enumerate(commits)]
    read.reverse()
    _confine(repo, read)
    return _place(read, CommitMining(None, 0), head, 1 if read else 0)


def _read_commit(commit: Commit, seq: int, config: Config, rules: Rulebook,
                 candidates: bool) -> _Read | None:
    text = commit.message
    heuristic = config.commits == "heuristic"
    if config.commits == "off":
        return None
    trailer = has_trailer_cue(text)  # what `may_decide` asks first, asked once
    if not trailer and not (heuristic and has_trigger_word(text)):
        return None  # most commits: a few substring tests, no parsing
    if not candidates and not trailer and not _recognisable(text, rules):
        return None  # a trigger phrase, but nothing any pack could recognise: chatter
    message = parse_message(text)
    found = trailer_decisions(commit.sha, commit.author, commit.date, seq, message) \
        if message.trailers else []
    revert = reverted_sha(text)
    flagged: list[Candidate] = []
    dropped: list[Candidate] = []
    # A commit that states its decisions in trailers has said what it decides: its prose
    # is the explanation, not more decisions.
    if revert is None and heuristic and len(commit.parents) <= 1 and not found \
            and not is_bot(commit.author):
        found.extend(_free_text(commit, seq, message.subject, message.body, config, rules,
                                flagged, dropped, candidates))
    return _Read(commit, seq, message.subject,
                 [part for r in found for part in complete(r, rules, config, alias_vocabulary())],
                 flagged, dropped, revert)


# Files that are an environment's, not the product's: a commit changing only these works on
# CI or the tests, and "use X" in its message is decided for them ("use oidc instead of
# token" on a publishing workflow is CI's credentials, not how users sign in).
_ENVIRONMENT_FILES = Globs((*CI_PATHS, *TEST_PATHS))


def _confine(repo: Repo, read: list[_Read | None]) -> None:
    """Set aside free-text records of commits whose every changed file is CI or tests; the
    sentences go to `dropped`, as unclear readings do. One git call for all of them."""
    mined = {item.commit.sha: item for item in read
             if item is not None and any(r.heuristic for r in item.found)}
    if not mined:
        return
    try:
        changed = changed_paths(repo, list(mined))
    except GitError:
        return  # a tree git cannot read (a pruned or partial clone): the prose is kept as read
    for sha, paths in changed.items():
        if paths and all(_ENVIRONMENT_FILES.match(p) for p in paths):
            item = mined[sha]
            confined = {r.text for r in item.found if r.heuristic}
            item.dropped.extend(c for c in item.flagged if c.text in confined)
            item.found = [r for r in item.found if not r.heuristic]


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


def _free_text(commit: Commit, seq: int, subject: str, body: str, config: Config,
               rules: Rulebook, flagged: list[Candidate], dropped: list[Candidate],
               candidates: bool) -> list[Decision]:
    """Sentences that decide something a pack knows, read as a commit message reads: the
    sentence must act on the term ("switch to X"), not merely mention it near a trigger, and
    a sentence of the body must also say it decides (the rest of a body explains)."""
    out: list[Decision] = []
    seen: set[tuple[str, str, str | None]] = set()  # a subject and its body often say it twice
    body = "" if updates_dependency(subject) else body  # the dependency's notes, not ours
    said_in = [(s, True) for s in sentences(subject)] + [(s, False) for s in sentences(body)]
    for sentence, in_subject in said_in:
        triggered = candidates and has_trigger(sentence)  # asked only to list candidates
        candidate = Candidate(commit.sha, sentence)
        if triggered:
            flagged.append(candidate)
        reading = read(sentence, rules, config.scopes, "commit") \
            if in_subject or states_decision(sentence) else None
        if reading is None or not reading.found:
            if triggered:
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
