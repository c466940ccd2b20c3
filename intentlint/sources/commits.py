"""Decisions carried by commit messages: git trailers, and trigger-phrase sentences.

Trailers bind from the start. A free-text sentence is kept only when it carries a trigger
phrase *and* a pack recognises an effect in it (that is what keeps "I must run to the
dentist" out); such a record is proposed unless configuration makes heuristics binding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from intentlint.ground.bounds import MAX_LINE
from intentlint.ground.records import Decision, Declared, Source, parse_effect, split_ids
from intentlint.reading.inline_checks import INLINE_CHECKS

DECISION_TRAILERS = {"decision": "decision", "constraint": "constraint",
                     "preference": "preference"}
PACKAGE_TRAILERS = ("uses", "avoid", "avoids")  # a dependency decision's packages
META_TRAILERS = ("scope", "supersedes", "revokes", "component", "effect", *INLINE_CHECKS,
                 *PACKAGE_TRAILERS)
_TRAILER = re.compile(r"^(?P<key>[A-Za-z0-9][A-Za-z0-9-]*)\s*:\s?(?P<value>.*)$")
_SCISSORS = re.compile(r"^# -+ >8 -+$", re.MULTILINE)
_REVERT = re.compile(r"This reverts commit ([0-9a-f]{7,40})")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*[-*]\s)")


@dataclass(frozen=True, slots=True)
class Message:
    """A commit message split the way git splits it."""

    subject: str
    body: str  # free text, without the trailer block
    trailers: tuple[tuple[str, str], ...]


def clean_message(text: str) -> str:
    """What git would store from a commit-msg file: no scissors tail, no comment lines."""
    scissors = _SCISSORS.search(text)
    if scissors:
        text = text[: scissors.start()]
    return "\n".join(line for line in text.splitlines() if not line.startswith("#")).strip()


# GitHub's merge of a pull request: "Merge pull request #161 from owner/branch", then the pull
# request's title as the only line of the body.
_PULL_REQUEST_MERGE = re.compile(r"Merge pull request #\d+ from \S+\s*$")


def parse_message(text: str) -> Message:
    """Split subject, body and trailers; the trailer block is the last paragraph, all trailers.

    Like `git interpret-trailers`, a trailer is `Token: value` with continuation lines
    indented; the subject line is never a trailer. Unlike it, the one line under GitHub's
    "Merge pull request #N from …" is the pull request's title, not a trailer: "decision:
    mail client" there is a title in the team's commit style (ElektraInitiative/PermaplanT's
    merges of its decision documents), which a record of its own would only repeat.
    """
    text = text.replace("\r\n", "\n").strip("\n")
    subject, _, rest = text.partition("\n")
    paragraphs = re.split(r"\n\s*\n", rest.strip("\n")) if rest.strip() else []
    trailers: list[tuple[str, str]] = []
    if paragraphs and not (len(paragraphs) == 1 and "\n" not in paragraphs[0].strip()
                           and _PULL_REQUEST_MERGE.match(subject)):
        parsed = _trailer_block(paragraphs[-1])
        if parsed is not None:
            trailers = parsed
            paragraphs = paragraphs[:-1]
    return Message(subject.strip(), "\n\n".join(paragraphs).strip(), tuple(trailers))


def _trailer_block(paragraph: str) -> list[tuple[str, str]] | None:
    out: list[tuple[str, str]] = []
    for line in paragraph.splitlines():
        if line[:1] in (" ", "\t") and out:
            key, value = out[-1]
            out[-1] = (key, f"{value} {line.strip()}")
            continue
        match = _TRAILER.match(line[:MAX_LINE])
        if match is None:
            return None
        out.append((match.group("key").lower(), line[match.start("value"):].strip()))
    return out or None


def sentences(text: str) -> list[str]:
    out = []
    for part in _SENTENCE_END.split(text):
        part = " ".join(part.split()).lstrip("-* ").strip()
        if part:
            out.append(part)
    return out


def reverted_sha(message: str) -> str | None:
    match = _REVERT.search(message)
    return match.group(1) if match else None


def short_title(text: str, limit: int = 72) -> str:
    """A record's title from its text: whole words, with an ellipsis when cut."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"


def commit_id(sha: str, index: int, count: int) -> str:
    return f"C-{sha[:8]}" if count == 1 else f"C-{sha[:8]}.{index + 1}"


@dataclass(frozen=True, slots=True)
class Candidate:
    """A sentence flagged by its trigger phrase, before any pack has looked at it."""

    sha: str
    text: str


@dataclass(frozen=True, slots=True)
class CommitMining:
    """What the commits up to `head` yielded; the unit the cache stores and extends.

    Records are ordered by their commit's number (`Decision.seq`); `next_seq` is the number
    the next commit added on top gets. Numbers order commits, they do not count them."""

    head: str | None
    next_seq: int
    records: tuple[Decision, ...] = ()
    flagged: tuple[Candidate, ...] = ()
    dropped: tuple[Candidate, ...] = ()
    by_sha: dict[str, tuple[str, ...]] = field(default_factory=dict)  # commits with records


# Strings git's own grep looks for before Python sees a message (a superset of what counts).
GREP_TRAILERS = ("decision", "constraint", "preference", "supersedes", "revokes",
                 "this reverts commit")
# A message can carry a decision only if it has one of these; the rest skip the parsers.
MAYBE_DECISION = re.compile(
    r"(?im)^(decision|constraint|preference|supersedes|revokes)\s*:|This reverts commit")
# Words every free-text decision sentence contains one of: git greps for them, and a message
# with none of them is never parsed. Plain strings, so that a warm hook tests a message
# without importing the reader; they let through every trigger phrase of the reader's
# trigger vocabulary (reading.cues, a test keeps them so).
GREP_TRIGGERS = ("must", "never", "requir", "prefer", "should", "always", "migrat", "let's use",
                 "lets use", "let us use", "default", "for now", "switch", "adopt", "instead of",
                 "in favour", "in favor", "replace", "standardi", "use ", "only", "->", "→")
ANY_DECISION = re.compile(
    "|".join([MAYBE_DECISION.pattern, *(re.escape(t) for t in GREP_TRIGGERS)]), re.IGNORECASE)
_TRIGGERS_LOWER = tuple(t.lower() for t in GREP_TRIGGERS)


# Dependency and CI bots write release notes and changelogs of other projects ("this property
# is now required"): their prose decides nothing here. Their trailers would still count.
_BOT_AUTHOR = re.compile(r"\[bot\]$|^(?:dependabot|renovate|greenkeeper|snyk-bot|pre-commit-ci"
                         r"|github-actions|mergify|pyup-bot|imgbot)\b", re.IGNORECASE)


# "Bump rack from 2.2 to 3.0", "chore(deps): update dependency x to v5": a dependency update;
# its body quotes the dependency's release notes.
_DEPENDENCY_UPDATE = re.compile(r"^\W*(?:(?:chore|build|fix|ci)\(deps(?:-dev)?\)|bump\b"
                                r"|update (?:dependency|module|gem|package)\b)", re.IGNORECASE)


def is_bot(author: str) -> bool:
    return _BOT_AUTHOR.search(author.strip()) is not None


def updates_dependency(subject: str) -> bool:
    return _DEPENDENCY_UPDATE.match(subject) is not None


def has_trailer_cue(text: str) -> bool:
    """`MAYBE_DECISION.search(text)`, answered without the regex for the many messages that
    hold none of its words (a case-insensitive, line-anchored regex is slow on long logs)."""
    if text.isascii():  # ASCII: lower() folds case as the regex does
        lower = text.lower()
        if not any(w in lower for w in GREP_TRAILERS):
            return False
    return MAYBE_DECISION.search(text) is not None


def has_trigger_word(text: str) -> bool:
    """ANY_DECISION's other half (the trigger words) as substring tests: twice as fast as the
    regex over a long history, where most messages git's grep lets through are tested."""
    if not text.isascii():  # where lower() and the regex's case folding can differ ("İ")
        return ANY_DECISION.search(text) is not None
    lower = text.lower()
    return any(t in lower for t in _TRIGGERS_LOWER)


def may_decide(text: str, commits: str) -> bool:
    """Could this message record a decision under the `commits` setting? Most commits fail
    these substring tests and are never parsed."""
    if commits == "off":
        return False
    return has_trailer_cue(text) or (commits == "heuristic" and has_trigger_word(text))


def trailer_decisions(sha: str, author: str, date: str, seq: int, message: Message,
                      ) -> list[Decision]:
    """Records from a commit's decision trailers, with its Scope/Supersedes/... applied."""
    meta: dict[str, list[str]] = {}
    for key, value in message.trailers:
        if key in META_TRAILERS:
            meta.setdefault(key, []).append(value)
    items = [(DECISION_TRAILERS[k], v) for k, v in message.trailers if k in DECISION_TRAILERS]
    supersedes = tuple(i for v in meta.get("supersedes", []) for i in split_ids(v))
    revokes = tuple(i for v in meta.get("revokes", []) for i in split_ids(v))
    scope = meta.get("scope", [None])[-1]
    component = meta.get("component", [None])[-1]
    effect = parse_effect(meta["effect"][-1]) if "effect" in meta else None
    checks = tuple(f"{k}: {v}" for k, values in meta.items() if k in INLINE_CHECKS
                   for v in values)
    packages = tuple(f"{k}: {v}" for k, values in meta.items() if k in PACKAGE_TRAILERS
                     for v in values)
    records = []
    for index, (kind, text) in enumerate(items):
        records.append(Decision(
            id=commit_id(sha, index, len(items)), title=short_title(text), text=text, kind=kind,
            source=Source("commit", commit=sha, author=author), date=date[:10] or None,
            seq=seq, component=component.lower() if component else None,
            scope=None if scope in (None, "", "-", "none") else scope,
            effect=effect if len(items) == 1 else None, declared=Declared.BINDING,
            effect_given="effect" in meta and len(items) == 1,
            checks=checks if len(items) == 1 else (), supersedes=supersedes, revokes=revokes,
            packages=packages if len(items) == 1 else ()))
    if not items and revokes:
        records.append(Decision(
            id=commit_id(sha, 0, 1), title=short_title(message.subject), text=message.subject,
            kind="decision", source=Source("commit", commit=sha, author=author),
            date=date[:10] or None, seq=seq, declared=Declared.INACTIVE, revokes=revokes))
    return records
