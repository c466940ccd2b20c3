"""`preflight` output: one answer per package asked about, as text or versioned json."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from intentlint.commands.preflight import ANSWERS, Answer
from intentlint.ground.manifests import lockfile_of
from intentlint.ground.packages import AVOIDED, REJECTED, package_of
from intentlint.ground.records import Trend

SCHEMA = "intentlint/preflight/v1"


def text(answers: list[Answer]) -> str:
    lines = []
    for a in answers:
        if not a.verdicts:
            lines.append(f"{a.asked}: no decision")
            lines += [f"    but {v.record.id} ({v.record.title}; {v.record.made()}) names it: "
                      "read it before adding" for v in a.mentioned]
            continue
        first = a.verdicts[0].record
        line = f"{a.asked}: {a.answer} by {first.id} ({first.title}; {first.made()})"
        if a.instead:
            line += f"; chosen instead: {', '.join(a.instead)}"
        lines.append(line)
        lines += [f"    also {v.record.id} ({v.record.title})" for v in a.verdicts[1:]]
        if a.blocked:
            package = package_of(first.effect.key) if first.effect else None
            lockfile = lockfile_of(package.ecosystem, package.name) if package else None
            what = f"adding its lockfile ({lockfile})" if lockfile else "adding it"
            lines.append(f"    {what} would be blocked; `intentlint explain {first.id}` "
                         "says why, a decision that adopts it would supersede this one")
        elif a.answer == ANSWERS[AVOIDED]:  # held back: the code does not follow it
            lines.append(f"    adding it would not be blocked: {a.verdicts[0].held_back}")
        elif a.answer == ANSWERS[REJECTED] and all(v.held_back for v in a.verdicts):
            # an option turned down where the code keeps it (Cypress rejected for end-to-end
            # tests, in use for integration tests): said, so no one takes it for a ban
            lines.append(f"    adding it would not warn: {a.verdicts[0].held_back}")
        elif (evidence := a.verdicts[0].evidence) is not None and evidence.trend in (
                Trend.DRIFTING, Trend.SEVERAL, Trend.NEVER):
            # "chosen" by a decision the code has left behind: said, so no one builds on it
            lines.append(f"    but the code does not follow it now ({evidence.trend.value}: "
                         f"{evidence.detail})")
    return "\n".join(lines) + "\n"


def as_data(answers: list[Answer]) -> dict[str, Any]:
    """The json format's content, as data (the MCP server returns it as it is)."""
    return {"schema": SCHEMA, "answers": [
        {"asked": a.asked, "answer": a.answer, "blocked": a.blocked,
         "instead": list(a.instead),
         "decisions": [{"id": v.record.id, "title": v.record.title,
                        "effect": str(v.record.effect) if v.record.effect else None,
                        "source": v.record.source.describe(), "date": v.record.date,
                        "held_back": v.held_back or None,
                        "evidence": v.evidence.trend.value if v.evidence else None}
                       for v in a.verdicts],
         "mentioned": [{"id": v.record.id, "title": v.record.title,
                        "source": v.record.source.describe(), "date": v.record.date}
                       for v in a.mentioned]}
        for a in answers]}


def as_json(answers: list[Answer]) -> str:
    return json.dumps(as_data(answers), indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[list[Answer]], str]] = {"text": text, "json": as_json}
