"""The decisions log (`DECISIONS.md`): one `## ID: title` section per decision, oldest first.

    ## D4: Production runs PostgreSQL
    date: 2026-03-02
    component: database
    scope: production
    effect: database_engine = postgresql

    Production must run on PostgreSQL; nothing else is supported there.

An entry adopted from a commit's prose (`intentlint adopt`) cites it: `source: commit <sha>`.
"""

from __future__ import annotations

import re
from datetime import date as Date
from difflib import get_close_matches

from intentlint.ground.bounds import MAX_LINE
from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.manifests import ECOSYSTEMS
from intentlint.ground.records import KINDS, Decision, Declared, Source, parse_effect, split_ids
from intentlint.reading.inline_checks import INLINE_CHECKS, parse_inline_check

HEADING = re.compile(r"^##(?!#)\s*(.*?)\s*$")
_ID_TITLE = re.compile(
    r"^(?:\[(?P<bid>[A-Za-z0-9][A-Za-z0-9_.-]*)\]\s*(?::|—|–|-)?"
    r"|(?P<id>[A-Za-z0-9][A-Za-z0-9_.-]*?)\s*(?::|—|–|\s-\s|\.\s))\s*(?P<title>\S.*)$"
)


def is_entry_heading(heading: str) -> bool:
    """Whether a `##` heading's text reads as an entry: an id and a title (`D7: Use OAuth2`)."""
    return _ID_TITLE.match(heading[:MAX_LINE]) is not None


FIELD = re.compile(
    r"^\s*(?:[-*]\s*)?\**(?P<key>[A-Za-z][A-Za-z -]*?)\**\s*:\**\s*(?P<value>.*?)\s*$")
PACKAGE_FIELDS = ("uses", "avoid", "avoids")  # dependency decisions, package names as written
FIELDS = ("date", "component", "scope", "kind", "status", "supersedes", "revokes", "effect",
          "confirmed", "source", *INLINE_CHECKS, *PACKAGE_FIELDS)
YES, NO = ("yes", "true", "y"), ("no", "false", "n")
_CITED = re.compile(r"^commit\s+(?P<sha>[0-9a-f]{7,40})$", re.IGNORECASE)
_ANY_NUMBERED = re.compile(r"^([A-Za-z]*[-_]?)(\d+)$")
STATUSES = {
    "active": Declared.BINDING, "accepted": Declared.BINDING, "binding": Declared.BINDING,
    "proposed": Declared.PROPOSED, "draft": Declared.PROPOSED,
    "superseded": Declared.SUPERSEDED,
    "deprecated": Declared.INACTIVE, "rejected": Declared.INACTIVE,
    "revoked": Declared.INACTIVE, "inactive": Declared.INACTIVE,
}


def parse_log(text: str, path: str) -> list[Decision]:
    """Parse a whole log; every malformed line is reported at once as a ConfigError."""
    problems: list[Problem] = []
    sections: list[tuple[int, str, list[tuple[int, str]]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "=======":
            problems.append(Problem(path, "unresolved merge conflict marker; resolve the "
                                          "conflict first", line=number))
            continue
        if HEADING.match(line[:MAX_LINE]):
            sections.append((number, line[2:].strip(), []))
        elif sections:
            sections[-1][2].append((number, line))
    records, seen = [], set()
    for seq, (number, heading_text, body) in enumerate(sections):
        record = _parse_section(number, heading_text, body, path, seq, problems)
        if record is None:
            continue
        if record.id in seen:
            problems.append(Problem(path, f"duplicate decision id {record.id!r}", line=number))
            continue
        seen.add(record.id)
        records.append(record)
    if problems:
        raise ConfigError(problems)
    return records


def _parse_section(number: int, heading: str, body: list[tuple[int, str]], path: str, seq: int,
                   problems: list[Problem]) -> Decision | None:
    head = _ID_TITLE.match(heading[:MAX_LINE])
    if head is None:
        problems.append(Problem(path, "a decision heading needs an id and a title, "
                                      "like '## D7: Use OAuth2 for login'", line=number))
        return None
    title = heading[head.start("title"):].strip()  # the pattern saw MAX_LINE; the title is whole
    fields: dict[str, str] = {}
    checks: list[str] = []
    packages: list[str] = []
    text_lines: list[str] = []
    in_fields = True
    under_heading = True  # no blank line yet: a one-word `key:` here is meant as a field
    for line_no, line in body:
        if in_fields and not line.strip():
            under_heading = False
            if fields:
                in_fields = False
            continue
        match = FIELD.match(line[:MAX_LINE]) if in_fields else None
        if match and under_heading and _unknown_key(match.group("key")):
            key = match.group("key").strip().lower()
            near = get_close_matches(key, FIELDS, n=1, cutoff=0.7)
            hint = f"did you mean '{near[0]}'? " if near else ""
            problems.append(Problem(path, f"unknown field {key!r}; {hint}fields are "
                                          f"{', '.join(FIELDS)}; prose belongs after a blank line",
                                    line=line_no))
            in_fields = False
            continue
        if match and match.group("key").strip().lower() in FIELDS:
            key = match.group("key").strip().lower()
            value = line[match.start("value"):].rstrip()
            problem = _check_field(key, value)
            if problem:
                problems.append(Problem(path, problem, line=line_no, field=key))
            if key in INLINE_CHECKS:
                checks.append(f"{key}: {value.strip()}")
            elif key in PACKAGE_FIELDS:
                packages.append(f"{key}: {value.strip()}")
            else:
                fields[key] = value
            continue
        in_fields = False
        text_lines.append(line)
    text, about = _decision_part("\n".join(text_lines).strip())
    declared = STATUSES.get(fields.get("status", "active").lower().strip(), Declared.BINDING)
    scope = fields.get("scope", "").strip()
    return Decision(
        id=head.group("bid") or head.group("id"),
        title=title,
        text=text or title,
        about=about,
        kind=fields.get("kind", "").strip().lower() or "",
        source=Source("log", path=path, line=number, commit=_cited(fields.get("source", ""))),
        date=fields.get("date", "").strip() or None,
        seq=seq,
        component=fields.get("component", "").strip().lower() or None,
        scope=None if scope.lower() in ("", "-", "none", "all", "everywhere") else scope,
        effect=parse_effect(fields["effect"]) if "effect" in fields else None,
        effect_given="effect" in fields,
        checks=tuple(checks),
        packages=tuple(packages),
        confirmed=fields.get("confirmed", "").strip().lower() in YES,
        declared=declared,
        stated=fields.get("status", "").strip().lower(),
        supersedes=split_ids(fields.get("supersedes", "")),
        revokes=split_ids(fields.get("revokes", "")),
    )


_SUBHEADING = re.compile(r"^(?P<level>#{3,6})[ \t]+(?P<name>.+?)[ \t]*#*[ \t]*$", re.MULTILINE)


def _decision_part(text: str) -> tuple[str, str]:
    """(the decision, the rest) of an entry written as a small ADR ("### Context" / "###
    Decision" / "### Consequences"): its Decision part is what it decides, as an ADR's is;
    the context ("a test runner integrated with Vite") only explains it (laofangxose/
    au-finance-calculators, tried unseen, read Vite as chosen). Otherwise the whole prose."""
    headings = list(_SUBHEADING.finditer(text))
    for n, heading in enumerate(headings):
        if heading.group("name").strip("*_: ").lower() in ("decision", "decision outcome"):
            level = len(heading.group("level"))
            end = next((h.start() for h in headings[n + 1:]
                        if len(h.group("level")) <= level), len(text))
            part = text[heading.end():end].strip()
            if part:
                return part, (text[:heading.start()] + text[end:]).strip()
    return text, ""


def _package_problem(key: str, value: str) -> str | None:
    """`uses:` / `avoid:` name packages: NAME or ECOSYSTEM:NAME, separated by commas."""
    for name in (n.strip() for n in value.split(",")):
        ecosystem, sep, bare = name.partition(":")
        if not name or (sep and not bare.strip()):
            return (f"{value!r} names no package; write `{key}: NAME` or `{key}: "
                    "ECOSYSTEM:NAME`, several separated by commas")
        if sep and "." not in ecosystem and ecosystem.lower() not in ECOSYSTEMS:
            near = get_close_matches(ecosystem.lower(), sorted(ECOSYSTEMS), n=1, cutoff=0.6)
            hint = f"did you mean '{near[0]}'? " if near else ""
            return (f"{ecosystem!r} is not an ecosystem; {hint}ecosystems are "
                    f"{', '.join(sorted(ECOSYSTEMS))} (a Maven coordinate is group:artifact)")
    return None


def _cited(value: str) -> str | None:
    match = _CITED.match(value.strip())
    return match.group("sha").lower() if match else None


def next_id(taken: set[str]) -> str:
    """The next id in the log's own scheme (`D7` after `D6`, `11` after `10`, `DEC-004` after
    `DEC-003`: the prefix and width most of its ids use), skipping any id already in use;
    `D1` in a log without numbered ids."""
    schemes: dict[tuple[str, int], list[int]] = {}
    for ident in taken:
        found = _ANY_NUMBERED.match(ident)
        if found:
            digits = found.group(2)
            width = len(digits) if digits.startswith("0") else 0
            schemes.setdefault((found.group(1), width), []).append(int(digits))
    prefix, width = max(schemes, key=lambda k: len(schemes[k]), default=("D", 0))
    n = max(schemes.get((prefix, width), [0])) + 1
    while (candidate := f"{prefix}{n:0{width}d}" if width else f"{prefix}{n}") in taken:
        n += 1
    return candidate


def format_entry(decision_id: str, title: str, fields: list[tuple[str, str]], text: str) -> str:
    """One section in the log's own format: heading, `key: value` lines, a blank line, text."""
    lines = [f"## {decision_id}: {title}", *(f"{k}: {v}" for k, v in fields), "", text]
    return "\n".join(lines) + "\n"


def _unknown_key(key: str) -> bool:
    """A one-word `key:` right under a heading that is not a field: most likely a typo
    (`scpoe`, `supercedes`); several words before a colon are prose."""
    key = key.strip().lower()
    return key not in FIELDS and bool(re.fullmatch(r"[a-z][a-z-]*", key))


def _check_field(key: str, value: str) -> str | None:
    value = value.strip()
    if key == "date":
        try:
            Date.fromisoformat(value)
        except ValueError:
            return f"{value!r} is not a date; write YYYY-MM-DD"
    elif key == "kind" and value.lower() not in KINDS:
        return f"{value!r} is not one of {', '.join(KINDS)}"
    elif key == "confirmed" and value.lower() not in (*YES, *NO):
        return f"{value!r} is not yes or no"
    elif key == "status" and value.lower() not in STATUSES:
        return f"{value!r} is not one of {', '.join(sorted(STATUSES))}"
    elif key == "effect" and parse_effect(value) is None and value.lower() != "none":
        return f"{value!r} is not 'key = value' (or 'none')"
    elif key == "source" and _CITED.match(value) is None:
        return f"{value!r} is not 'commit <sha>'"
    elif key in INLINE_CHECKS:
        try:
            parse_inline_check(key, value, key, "")
        except ValueError as exc:
            return str(exc)
    elif key in PACKAGE_FIELDS:
        return _package_problem(key, value)
    elif not value:
        return "is empty"
    return None
