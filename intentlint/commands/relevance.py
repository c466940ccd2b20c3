"""How relevant each decision record is to a task, for every record, not only those a pack
recognises: Okapi BM25 over the record's title (counted twice), its decision text, its
component, and the names in its effect, on Snowball stems (PyStemmer), with each pack's
component vocabulary as synonyms ("log in" finds authentication; "refunds" finds money).

BM25 is written out here rather than taken from a package: the ranking libraries on PyPI
(rank-bm25, bm25s) bring numpy, whose import alone costs more than ranking a few hundred
records. The stemmer is a C extension that imports in about a millisecond. `context` is not
the hook's path; nothing here is imported by `check`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from intentlint.ground.records import Decision
from intentlint.reading.pack_files import stopwords
from intentlint.reading.rulebook import Rulebook
from intentlint.sources.adr import record_name

# BM25's length normalisation, stronger than the textbook 0.75: a long ADR (tmail-flutter's
# 2026 records run to thousands of words) matches a task's common words everywhere and headed
# every list. Measured on the eight retrieval sets, all development data by then: 415 → 419 of
# 479 expected ADRs among the first five, no repository worse, stale unchanged (1.0: 418,
# two repositories worse).
K1, B = 1.5, 0.9
TITLE_WEIGHT = 3  # the title names what a record decides: its words count thrice
TEXT_WEIGHT = 2  # the decision itself counts twice, the rest of an ADR once
SYNONYM_WEIGHT = 0.5  # a word the task did not write counts half as much as one it did
# A record that names another (a link to its file, its id) shares this much of the other's
# relevance: an ADR that builds on another, or that a later one amends, is read with it.
LINKED_WEIGHT = 0.25
_NAME = re.compile(r"[\w.-]+")
# a link's `0004-x.md`: the record `0004-x`
_RECORD_SUFFIX = re.compile(r"\.(?:mdx?|markdown|rst|adoc|asciidoc)$")
_WORD = re.compile(r"[a-z0-9]+")
_SHORT = frozenset(("ui", "db", "ci", "qa", "id", "js", "ux"))


@lru_cache(maxsize=1)
def _stemmer() -> object:
    import Stemmer  # PyStemmer: Snowball's algorithms compiled

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    return str(_stemmer().stemWord(word))  # type: ignore[attr-defined]


def terms(text: str) -> list[str]:
    """Content words of `text`, stemmed, in order (repeats kept: BM25 counts them)."""
    return [stem(w) for w in _WORD.findall(text.lower().replace("_", " "))
            if w not in stopwords() and (len(w) > 2 or w in _SHORT)]


def document(record: Decision) -> list[str]:
    """What a record is about, as terms: title twice, its decision text, the rest of an
    ADR (context, consequences), its component, and the names in its effect."""
    parts = [record.title] * TITLE_WEIGHT + [record.text] * TEXT_WEIGHT + [record.about,
                                                                  record.component or ""]
    if record.effect is not None:
        parts.append(re.sub(r"[:/@._-]+", " ", f"{record.effect.key} {record.effect.value}"))
    return terms(" ".join(parts))


@dataclass(frozen=True, slots=True)
class Relevance:
    score: float
    matched: tuple[str, ...]  # the task's own words that matched
    synonyms: tuple[str, ...]  # words of a pack's vocabulary that matched for it
    linked: str = ""  # the record it names (or that names it) whose relevance it shares


def query(task: str, rules: Rulebook) -> dict[str, tuple[float, str]]:
    """Stem → (weight, the word shown as the reason): the task's words, then the vocabulary
    of every component one of them belongs to."""
    out: dict[str, tuple[float, str]] = {}
    words = [w for w in _WORD.findall(task.lower())
             if w not in stopwords() and (len(w) > 2 or w in _SHORT)]
    for word in words:
        out.setdefault(stem(word), (1.0, word))
    asked = set(out)
    for component in rules.components.values():
        vocabulary = [component.name, *component.keywords]
        # A phrase of the vocabulary counts when the task has all its words: "provider"
        # alone is not "identity provider".
        if any(content and all(stem(t) in asked for t in content)
               for content in ([t for t in _WORD.findall(phrase.lower())
                                if t not in stopwords()] for phrase in vocabulary)):
            for phrase in vocabulary:
                for word in _WORD.findall(phrase.lower()):
                    out.setdefault(stem(word), (SYNONYM_WEIGHT, word))
    return out


def rank(records: Sequence[Decision], task: str, rules: Rulebook) -> dict[str, Relevance]:
    """BM25 relevance of every record to the task, by record id (0 when nothing matches)."""
    docs = [document(r) for r in records]
    wanted = query(task, rules)
    n = len(docs) or 1
    average = sum(len(d) for d in docs) / n or 1.0
    frequency = Counter(t for d in docs for t in set(d) if t in wanted)
    out: dict[str, Relevance] = {}
    for record, doc in zip(records, docs, strict=True):
        counts = Counter(doc)
        score = 0.0
        matched: list[str] = []
        synonyms: list[str] = []
        for term, (weight, shown) in wanted.items():
            tf = counts.get(term, 0)
            if not tf:
                continue
            idf = math.log(1 + (n - frequency[term] + 0.5) / (frequency[term] + 0.5))
            score += weight * idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(doc) / average))
            (matched if weight == 1.0 else synonyms).append(shown)
        out[record.id] = Relevance(score, tuple(matched), tuple(synonyms))
    scores = {k: v.score for k, v in out.items()}
    for rid, named in _links(records).items():
        share = max(scores[i] for i in named) * LINKED_WEIGHT
        if share:
            v = out[rid]
            out[rid] = Relevance(v.score + share, v.matched, v.synonyms,
                                 max(named, key=scores.__getitem__))
    return out


def _links(records: Sequence[Decision]) -> dict[str, set[str]]:
    """Which ADRs name which, both ways: a link to another's file or its file's name in the
    text (`0031-resilience-options.md`), or its id (`ADR-0031`). Only ADRs are named so: a
    log's entries share one file, and its name is a word."""
    by_name: dict[str, list[str]] = {}
    for r in records:
        if r.source.kind != "adr":
            continue
        by_name.setdefault(r.id.lower(), []).append(r.id)
        if r.source.path:
            by_name.setdefault(record_name(r.source.path).lower(), []).append(r.id)
    links: dict[str, set[str]] = {}
    for r in records:
        for token in _NAME.findall(f"{r.text} {r.about}".lower()):
            for named in by_name.get(_RECORD_SUFFIX.sub("", token), ()):
                if named != r.id and named.split(".")[0] != r.id.split(".")[0]:
                    links.setdefault(r.id, set()).add(named)
                    links.setdefault(named, set()).add(r.id)
    return links


def why(relevance: Relevance) -> str:
    parts = []
    if relevance.matched:
        parts.append("words: " + ", ".join(relevance.matched[:5]))
    if relevance.synonyms:
        parts.append("related words: " + ", ".join(relevance.synonyms[:5]))
    if relevance.linked:
        parts.append(f"linked with {relevance.linked}")
    return "; ".join(parts)

