"""How much of one sentence or one line of repository text a pattern may read.

The reader's cue patterns and the sources' line patterns use Python's `re`, which
backtracks: they need look-around that RE2 (which runs pack patterns, see `patterns.py`)
does not have. Some of them are quadratic in a run of one character ("PostgreSQL-----…",
"[[[[…", "1111…"), so committed prose could hang the hook. Each pattern therefore reads a
bounded piece: a sentence is read to its first MAX_SENTENCE characters, a line that a
source parser reads for its structure (a heading, a field, a trailer, a status) to its first
MAX_LINE. At these sizes a quadratic pattern takes a few milliseconds; every cut is said
(`cut_note`), and a reading that a cut may have changed binds nothing (`recognise.read`).
"""

from __future__ import annotations

# The longest sentence of the recognition corpus (bench/data/recognition.toml) is 133
# characters; a sentence of 500 is some 80 words.
MAX_SENTENCE = 500
# A heading, `key: value` field, trailer or status line; longer ones are prose or data.
MAX_LINE = 1000
# Pack patterns (RE2, linear) read this much of a changed line or of a sentence set pass:
# minified bundles and data blobs are not where decisions are broken.
MAX_PACK_LINE = 4000


def cut(text: str, limit: int) -> str:
    """`text` to its first `limit` characters."""
    return text[:limit] if len(text) > limit else text


def cut_note(what: str, length: int, limit: int) -> str:
    return f"a {what} of {length:,} characters was read to its first {limit:,}"
