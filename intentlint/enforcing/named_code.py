"""Code an ADR names that the code has since lost.

An ADR's decision often names, in code form, the parts of the code it sets up: a class, a
function, a configuration key (`DetectorArmLogic`, `on_unstage`, `HandlerOutput`). When most
of the names it wrote that the code held when it was written are gone from the code now, the
design it records has been replaced, renamed or removed, whether or not a later ADR says so.
Such a record is handed over with that warning rather than as holding (DESIGN.md
"Evidence"): the names are what the repository shows, not a guess from the words.

Only the Decision's own text is read (its context and the options it weighed name the code
it replaces, which going away is the decision followed), and in it not what a clause drops
or works on, as polarity reads clauses ("there is no longer a separate `range_read`",
"Merge `range_read` into `read`"); only names that look like code (an inner capital or an
underscore, four characters or more); and only where at least `GONE` of them went and they
are at least half of those the code held then: one rename is not a replaced design. A
record naming code that arrived since it was written (absent then, present now) is its
design reaching the code, and the names that went are what it replaced (opendal's RFC that
renames `HttpFetcher` to `HttpTransporter`). On the retrieval corpora (bench/README.md,
"Code an ADR names, gone since"): 6 of 145 task-ADR pairs labelled stale flagged, 0 of the
565 labelled as holding.

Cost: one `git grep` of the tree judged for the names of every record, and one more at the
commit that wrote a record only for the few records whose names are missing now.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from intentlint.ground.errors import GitError
from intentlint.ground.gitio import Repo, run_git

if TYPE_CHECKING:
    from intentlint.reading.cues import Cues

GONE = 2  # names gone, at least, before a record counts as left behind
SHOWN = 4  # names quoted in the warning
_WORD = re.compile(r"(?<![\w$-])[A-Za-z_][A-Za-z0-9_]*(?![\w$-])")
_INNER_CAPITAL = re.compile(r"[a-z0-9][A-Z]")
# Prose and the ADR folders are not the code (the ADR itself names every one of them).
_NOT_CODE = ("*.md", "*.markdown", "*.mdx", "*.rst", "*.txt", "*.adoc", "CHANGELOG*",
             "docs/**", "doc/**")


def code_names(text: str, words: Cues | None = None) -> tuple[str, ...]:
    """Words in `text`'s code spans that only code would write: `snake_case` with an inner
    underscore, `camelCase` or `PascalCase` with an inner capital, four characters or more
    (each part of `DetectorArmLogic.disarm`, the parameter of `on_unstage: bool = False`).
    With the packs' cues, a span its clause drops or works on is left out, as polarity reads
    clauses ("there is no longer a separate `range_read`", "replace `OldThing` with …",
    "Merge `range_read` into `read`"): the code a decision removes or changes going away is
    the decision followed."""
    # polarity's grammar, imported here: the hook imports this module and reads no prose
    from intentlint.reading.cues import CODE_SPAN
    from intentlint.reading.polarity import Polarity, clause_of, clauses, judge_value

    found: dict[str, None] = {}
    for line in text.splitlines():
        if "`" not in line:
            continue
        for _, part in clauses(line, lambda _piece: False):  # a colon may sit in a span
            clause = clause_of(part) if words is not None else None
            if clause is not None and clause.mode == "work":
                continue  # "Merge `range_read` into `read`": the code the work changes
            previous: tuple[int, Polarity, str] | None = None
            lead = len(part) - len(part.lstrip())
            for span in CODE_SPAN.finditer(part):
                if not 3 <= len(span.group(1)) <= 80:
                    continue
                if clause is not None and words is not None:
                    judged = judge_value(clause, span.start() - lead, span.end() - lead, words,
                                         previous)
                    previous = (span.end() - lead, judged.polarity, "")
                    if judged.polarity in (Polarity.NEGATED, Polarity.LEFT):
                        continue
                for name in _WORD.findall(span.group(1)):
                    inner = name.strip("_")
                    if len(name) >= 4 and ("_" in inner or _INNER_CAPITAL.search(inner)):
                        found[name] = None
    return tuple(found)


def present(repo: Repo, commit: str, names: Iterable[str], folders: tuple[str, ...] = (),
            code: Callable[[str], bool] | None = None) -> set[str]:
    """Which of `names` the code at `commit` holds as a whole word, outside prose and the
    ADR `folders`, and in files `code` accepts (production source: a name only tests or test
    data hold is a fixture; agent's RFC 5 writes `some_list` as a syntax example, which only
    the parser's test data held). One `git grep` for all of them."""
    wanted = sorted(set(names))
    if not wanted:
        return set()
    # the names on standard input: an ADR folder's hundreds of names make no command line
    args = ["grep", "-I", "-F", "-w", "-o", "-z", "--no-color", "-f", "-"]
    excluded = [*_NOT_CODE, *(f"{f.strip('/')}/**" for f in folders if f.strip("/"))]
    args += [commit, "--", ".", *(f":(exclude,glob){g}" if "/" in g
                                  else f":(exclude,glob)**/{g}" for g in excluded)]
    try:
        out = run_git(args, repo.root, input="".join(f"{n}\n" for n in wanted).encode(),
                      ok_codes=(0, 1))
    except GitError:
        return set(wanted)  # nothing known: nothing is gone
    found: set[str] = set()
    prefix = f"{commit}:"
    for line in out.decode("utf-8", "surrogateescape").splitlines():
        where, _, name = line.partition("\0")  # "COMMIT:path\0name"
        if code is None or code(where.removeprefix(prefix)):
            found.add(name)
    return found & set(wanted)


def left_behind(then: set[str], now: set[str]) -> list[str]:
    """The names the code held then and not now, when they are enough to say the record
    was left behind (`GONE` or more, and at least half of those it held then)."""
    gone = sorted(then - now)
    return gone if len(gone) >= GONE and 2 * len(gone) >= len(then) else []


def gone_since(repo: Repo, at: str, wanted: Mapping[str, tuple[tuple[str, ...], str]],
               folders: tuple[str, ...] = (), code: Callable[[str], bool] | None = None,
               anywhere: Callable[[str], bool] | None = None,
               edited: Callable[[str], str | None] | None = None,
               ) -> dict[str, tuple[int, list[str]]]:
    """For each record id of `wanted` (its names, the commit it was written in): the names
    the code held then and (as `left_behind` judges) has lost at `at`, with how many it held
    then; records with nothing lost are left out. Held then: in files `code` accepts (the
    product's own code); lost: in none `anywhere` accepts (tests too: a name a test still
    holds under a renamed folder is not gone). `edited`: the last commit that changed a
    record's file; names the code had lost by then are no news to it (an ADR whose "Update"
    says its `…Safe` methods were renamed `…OrClosed`: softwaremill/ox, round 40)."""
    now = present(repo, at, (n for names, _ in wanted.values() for n in names), folders,
                  anywhere)
    out: dict[str, tuple[int, list[str]]] = {}
    for record_id, (names, since) in wanted.items():
        missing = [n for n in names if n not in now]
        if len(missing) < GONE:
            continue
        then = present(repo, since, names, folders, code)
        if (now & set(names)) - then:
            continue  # code it names arrived since: its design reached the code (a rename)
        gone = left_behind(then, now & set(names))
        if gone and edited is not None and (last := edited(record_id)) not in (None, since):
            later = present(repo, last, names, folders, code)
            if not left_behind(later, now & set(names)):
                continue  # edited since the names went: the record knows
        if gone:
            out[record_id] = (len(then), gone)
    return out


def gone_line(held_then: int, gone: list[str]) -> str:
    shown = ", ".join(f"`{n}`" for n in gone[:SHOWN]) + (", …" if len(gone) > SHOWN else "")
    return (f"{len(gone)} of the {held_then} code names its decision writes that the code "
            f"held then are gone: {shown}")
