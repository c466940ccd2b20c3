"""A record completed from its text: what the source left out is read by the packs."""

from __future__ import annotations

from dataclasses import replace

from intentlint.ground.config import Config
from intentlint.ground.records import Decision
from intentlint.reading.recognise import (
    Reading,
    Recognised,
    kind_from_text,
    read,
)
from intentlint.reading.rulebook import Rulebook


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
