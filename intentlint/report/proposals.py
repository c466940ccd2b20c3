"""`proposals`, `adopt` and `dismiss` output: the review queue as text or json."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from intentlint.commands.adopt import Adopted
from intentlint.commands.dismiss import Dismissed
from intentlint.commands.proposals import Contested, Queue, Ranked
from intentlint.report.decisions import folders
from intentlint.sources.commits import short_title

SCHEMA = "intentlint/proposals/v1"
HOW = ("adopt one: `intentlint adopt ID [--scope S]` (a log entry; it binds from the next "
       "commit)\ndismiss one: `intentlint dismiss ID --reason TEXT` (never proposed again)")


def _entry(r: Ranked) -> list[str]:
    p, record = r.proposal, r.proposal.record
    effect = str(record.effect) if record.effect else "-"
    sha = (record.source.commit or "")[:10]
    lines = [f"{record.id}  {effect}  ({record.date or '?'}, {record.source.author or '?'}, "
             f"commit {sha})",
             f"    \"{short_title(record.text, 200)}\""]
    if p.subject and p.subject != record.text:
        lines.append(f"    subject  {short_title(p.subject, 100)}")
    lines.append(f"    touched  {folders(list(p.changed))}")
    if r.signals:
        lines.append(f"    ranked   {'; '.join(r.signals)}")
    if r.scope:
        lines.append(f"    scope    {r.scope} covers every file it touched: "
                     f"intentlint adopt {record.id} --scope {r.scope}")
    if p.adopted_as:
        lines.append(f"    adopted  as {p.adopted_as}")
    if p.dismissed:
        lines.append(f"    dismissed {p.dismissed.date or '?'}: "
                     f"{p.dismissed.reason or 'no reason given'}")
    return lines


def _contested(c: Contested, show_all: bool) -> list[str]:
    values = ", ".join(f"{value} {count}" for value, count in c.values)
    dates = [r.proposal.record.date for r in c.proposals if r.proposal.record.date]
    span = f", {min(dates)} to {max(dates)}" if dates else ""
    lines = [f"{c.key}  contested: {len(c.proposals)} proposals{span} ({values})"]
    if show_all:
        lines += [f"    {r.proposal.record.id}  {r.proposal.record.effect.value}  "  # type: ignore[union-attr]
                  f"\"{r.proposal.record.text}\"" for r in c.proposals]
    return lines


def text(queue: Queue) -> str:
    total = len(queue.open) + sum(len(c.proposals) for c in queue.contested)
    if not total and not queue.settled:
        return "no proposals from commit messages\n"
    plural = "s" if total != 1 else ""
    out = [f"{total} open proposal{plural} from commit messages, likely decisions first", HOW,
           ""] if total else ["no open proposals from commit messages", ""]
    for r in queue.open:
        out += [*_entry(r), ""]
    if queue.contested:
        out += ["Contested: commit prose keeps flipping these keys; a log entry or ADR on the "
                "key settles them (`--all` lists the proposals)"]
        for c in queue.contested:
            out += _contested(c, queue.show_all)
        out.append("")
    if queue.show_all and queue.settled:
        out += ["Settled:", ""]
        for r in queue.settled:
            out += [*_entry(r), ""]
    elif queue.settled:
        out.append(f"({len(queue.settled)} adopted or dismissed: --all lists them)")
    return "\n".join(out).rstrip("\n") + "\n"


def _json(r: Ranked) -> dict[str, object]:
    p, record = r.proposal, r.proposal.record
    state = "adopted" if p.adopted_as else "dismissed" if p.dismissed else "open"
    return {
        "id": record.id, "state": state, "sentence": record.text, "kind": record.kind,
        "component": record.component, "scope": record.scope,
        "effect": {"key": record.effect.key, "value": record.effect.value}
        if record.effect else None,
        "commit": record.source.commit, "author": record.source.author, "date": record.date,
        "subject": p.subject, "touched": list(p.changed), "score": r.score,
        "ranked_by": list(r.signals), "suggested_scope": r.scope, "one_folder": r.folder,
        "adopted_as": p.adopted_as,
        "dismissed": {"reason": p.dismissed.reason, "date": p.dismissed.date}
        if p.dismissed else None,
    }


def as_data(queue: Queue) -> dict[str, Any]:
    """The json format's content, as data (the MCP server returns it as it is)."""
    return {
        "schema": SCHEMA, "commits": queue.commits,
        "proposals": [_json(r) for r in queue.open],
        "contested": [{"key": c.key, "count": len(c.proposals),
                       "values": {value: count for value, count in c.values},
                       "proposals": [_json(r) for r in c.proposals]} for c in queue.contested],
        "settled": [_json(r) for r in queue.settled] if queue.show_all else [],
    }


def as_json(queue: Queue) -> str:
    return json.dumps(as_data(queue), indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[Queue], str]] = {"text": text, "json": as_json}


def adopted(result: Adopted) -> str:
    made = " (created it)" if result.created else ""
    lines = [f"adopted {result.proposal} as {result.decision}: appended to {result.path}{made}",
             "", result.entry.rstrip("\n"), ""]
    if result.note:
        lines += [f"note: {result.note}"]
    lines.append(f"it binds from the commit that adds it: git commit -m \"Adopt {result.proposal} "
                 f"as {result.decision}\" -- {result.path}")
    return "\n".join(lines) + "\n"


def dismissed(result: Dismissed) -> str:
    d = result.dismissal
    return (f"dismissed {d.id} ({d.effect or d.sentence}): "
            f"{d.reason or 'no reason given'}; recorded in {result.path} — commit it so the "
            "proposal stays dismissed in every clone\n")
