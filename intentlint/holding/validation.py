"""What a record names that the packs do not know: an effect key or value, or a component.

A typo in `effect: databse_engine = postgresql` must not quietly leave a decision
unenforced, so each name a log entry or trailer states is checked against the loaded packs,
with the nearest name they do know. (A value the pack recognises as another, `postgres` for
`postgresql`, was already put in the pack's words when the record was completed.)
"""

from __future__ import annotations

from difflib import get_close_matches

from intentlint.ground.packages import COMPONENT, VALUES
from intentlint.ground.records import DEPENDENCY, Decision
from intentlint.reading.rulebook import Rulebook


def unknown_names(record: Decision, rules: Rulebook) -> list[tuple[str, str]]:
    """(field, message) for each name of `record` no pack defines."""
    out: list[tuple[str, str]] = []
    if record.component and record.component != COMPONENT \
            and record.component not in rules.components:
        out.append(("component", _unknown("component", record.component,
                                           sorted(rules.components))))
    effect = record.effect
    if effect is None or not record.effect_given:
        return out
    if effect.key.startswith(DEPENDENCY):
        if effect.value not in VALUES:
            out.append(("effect", _unknown(f"value of {effect.key}", effect.value,
                                           list(VALUES))))
        return out
    if effect.key not in rules.known_keys():
        if not record.checks:  # a team's own effect, enforced by its own check, is fine
            out.append(("effect", _unknown("effect key", effect.key,
                                           sorted(rules.known_keys()),
                                           " (or carry a check of its own: `forbid: "
                                           "PATTERN in GLOB`)")))
    elif rules.canonical(effect.key, effect.value) is None:
        out.append(("effect", _unknown(f"value of {effect.key}", effect.value,
                                       list(rules.values_of(effect.key)))))
    return out


def _unknown(what: str, name: str, known: list[str], tail: str = "") -> str:
    near = get_close_matches(name.lower(), known, n=1, cutoff=0.6)
    hint = f"did you mean {near[0]!r}? " if near else ""
    listed = ", ".join(known[:12]) + (", …" if len(known) > 12 else "")
    article = "an" if what[0] in "aeiou" else "a"
    return (f"{name!r} is not {article} {what} the loaded packs define; {hint}"
            f"they define {listed or 'none'}{tail}")
