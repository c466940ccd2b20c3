"""`context` output: markdown for an agent's prompt, or json."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from intentlint.commands.context import Context, Item, dropped_reason, is_proposed
from intentlint.ground.records import Decision

PROPOSED = "proposed, not binding yet"


def _partly_superseded(record: Decision) -> list[str]:
    """The notes saying a later record replaced part of this one ("partly superseded by
    ADR-0021 …"): an agent reads that record for the part."""
    return [n for n in record.noted if n.startswith("partly superseded")]


def _line(item: Item, proposed: bool = False) -> str:
    r = item.verdict.record
    scope = f" [scope: {r.scope}]" if r.scope else ""
    text = " ".join(r.text.split())  # a log's hard line breaks would break the list item
    status = f"**{PROPOSED}**; " if proposed else ""
    line = (f"- **{r.id}** ({status}{r.kind}, {r.component or 'general'}{scope}; {r.made()}): "
            f"{text}")
    if item.verdict.held_back:
        line += f" — not enforced: {item.verdict.held_back}"
    partly = _partly_superseded(r)
    if partly:  # a part of it no longer holds: the agent reads the later record for that part
        line += f" — {'; '.join(partly)}: read that record for the part it replaced"
    return line + (f" _(why: {item.reason})_" if item.reason else "")


def markdown(ctx: Context) -> str:
    lines = [f"## Decisions that still hold for: {ctx.task}", ""]
    if ctx.scope:
        lines += [f"Scope: {ctx.scope}", ""]
    if ctx.proposed:
        lines += [f"Each holds, except those marked {PROPOSED}.", ""]
    lines += [_line(i, is_proposed(i)) for i in ctx.in_order()] or ["- none found"]
    if ctx.over_budget:
        lines += ["", f"Left out to stay within {ctx.budget} words (lowest ranked): "
                  + ", ".join(i.verdict.record.id for i in ctx.over_budget)]
    if ctx.dropped_in_verification:
        lines += ["", "Not applicable (superseded, inactive or another scope): "
                  + ", ".join(f"{i.verdict.record.id} ({dropped_reason(i, ctx.scope)})"
                              for i in ctx.dropped_in_verification)]
    if ctx.unlisted:
        lines += ["", f"({ctx.unlisted} more left out or not applicable: over the budget)"]
    return "\n".join(lines) + "\n"


def as_data(ctx: Context) -> dict[str, Any]:
    """The json format's content, as data (the MCP server returns it as it is)."""
    def item(i: Item) -> dict[str, object]:
        r = i.verdict.record
        return {"id": r.id, "kind": r.kind, "component": r.component, "scope": r.scope,
                "text": r.text, "effect": str(r.effect) if r.effect else None,
                "source": r.source.describe(), "date": r.date, "why": i.why,
                "reason": i.reason, "score": round(i.score, 3),
                "held_back": i.verdict.held_back or None,
                "partly_superseded": _partly_superseded(r)}

    return {"schema": "intentlint/context/v1", "task": ctx.task, "scope": ctx.scope,
            "components": list(ctx.components), "decisions": [item(i) for i in ctx.items],
            "proposed": [item(i) for i in ctx.proposed],
            # both lists as they are to be read, by relevance (a proposal's counted at half)
            "order": [i.verdict.record.id for i in ctx.in_order()],
            "left_out_for_budget": [i.verdict.record.id for i in ctx.over_budget],
            "not_applicable": [{"id": i.verdict.record.id, "why": dropped_reason(i, ctx.scope)}
                               for i in ctx.dropped_in_verification],
            "unlisted": ctx.unlisted, "words": ctx.word_count()}


def as_json(ctx: Context) -> str:
    return json.dumps(as_data(ctx), indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[Context], str]] = {"markdown": markdown, "json": as_json}
