"""A record completed from its text: what the source left out is read by the packs."""

from __future__ import annotations

from dataclasses import replace

from intentlint.ground.config import Config
from intentlint.ground.records import Decision
from intentlint.reading.recognise import (
    Recognised,
    components_in,
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
    why = reading.why()
    if record.source.kind == "adr" and not reading.needs_confirmation:
        # An ADR's title names the one thing it decides; a value its Decision section names
        # in passing ("requests that include a JWT", in an ADR on user ids) is not decided.
        off_title = [f for f in found if not _title_names(record.title, f, rules)]
        found = [f for f in found if f not in off_title]
        why += tuple(f"not bound: {f.effect} is not what the title decides (it names neither "
                     f"{f.component} nor {f.effect.value})" for f in off_title)
    if reading.needs_confirmation or not found:
        return [replace(record, kind=kind, unclear=reading.unclear,
                        candidates=reading.candidates, reading=why)]
    return [_part(record, f, i, len(found), why) for i, f in enumerate(found)]


def _title_names(title: str, found: Recognised, rules: Rulebook) -> bool:
    return found.component in components_in(title, rules) or any(
        pattern.search(title) for pattern in found.definition.recognise)


def _part(record: Decision, found: Recognised, index: int, count: int,
          why: tuple[str, ...]) -> Decision:
    return replace(record, id=record.id if index == 0 else f"{record.id}.{index + 1}",
                   part_of=record.id if count > 1 else None,
                   kind=record.kind or found.kind,
                   component=record.component or found.component,
                   scope=record.scope or found.scope, effect=found.effect, reading=why)
