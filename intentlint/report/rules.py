"""`rules` output: the packs loaded and the effects they define."""

from __future__ import annotations

import json

from intentlint.reading.rulebook import Rulebook


def text(rules: Rulebook) -> str:
    lines = []
    for pack in rules.packs:
        lines.append(f"{pack.name}  ({pack.file}, {pack.effects} effect(s))  {pack.description}")
        for effect in rules.effects:
            if effect.file != pack.file:
                continue
            value = effect.value if effect.value is not None else "<from text>"
            checks = ", ".join(f"{c.name} [{c.kind}]" for c in effect.checks) or "none"
            lines.append(f"  {effect.component}: {effect.key} = {value}   checks: {checks}   "
                         f"examples: {len(effect.examples)}")
    lines.append("")
    lines.append("domain schema: " + "; ".join(
        f"{c.name} -> {', '.join(c.related) or 'none'}" for c in rules.components.values()))
    examples = sum(len(e.examples) for e in rules.effects)
    lines.append(f"{len(rules.packs)} pack(s), {len(rules.effects)} effect(s), {examples} "
                 "example(s) read as their packs say: all valid")
    return "\n".join(lines) + "\n"


def as_json(rules: Rulebook) -> str:
    data = {
        "schema": "intentlint/rules/v1",
        "packs": [{"name": p.name, "file": p.file, "description": p.description}
                  for p in rules.packs],
        "components": {c.name: {"keywords": list(c.keywords), "related": list(c.related)}
                       for c in rules.components.values()},
        "effects": [{"pack": e.pack, "component": e.component, "key": e.key, "value": e.value,
                     "scoped": e.scoped, "reading": e.reading, "examples": len(e.examples),
                     "checks": [{"name": c.name, "kind": c.kind,
                                 "languages": list(c.languages)} for c in e.checks]}
                    for e in rules.effects],
    }
    return json.dumps(data, indent=2) + "\n"
