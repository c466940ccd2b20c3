"""Which decisions govern a changed file: the most specific scope wins, per effect key.

A scope covers a file by its *path* (most specific), or only by the *branch* being committed
on, or not at all; an unscoped decision covers every file (least specific). For each effect
key, the decisions that apply to a file are those of the most specific level that has a
decision on that key there. So on `main` (a production branch) a file under
`config/prototype/` is governed by the prototype's decision, not the production one. Two
path scopes that disagree on one file are a conflict: neither applies, and it is reported.

Permissions never block. Inside their scope they lift the findings of *less specific*
decisions on the same key, for the permitted value only.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass

from intentlint.config import Config
from intentlint.packs import Rulebook
from intentlint.patterns import search
from intentlint.records import Decision

PATH, BRANCH, EVERYWHERE = 2, 1, 0


def level(record: Decision, config: Config, path: str, branch: str | None) -> int | None:
    """How specifically `record` covers `path` on `branch`; None when it does not."""
    if not record.scope:
        return EVERYWHERE
    scope = config.scope(record.scope)
    if scope is None:
        return None
    if scope.paths and scope.globs.match(path):
        return PATH
    if branch and any(fnmatch.fnmatchcase(branch, b) for b in scope.branches):
        return BRANCH
    return None


@dataclass(frozen=True, slots=True)
class Governs:
    """For one file: the level at which each governing record applies, and the conflicts
    that kept others from applying."""

    applies: dict[str, int]
    conflicts: tuple[str, ...]


def governing(records: Sequence[Decision], config: Config, path: str,
              branch: str | None) -> Governs:
    """Apply the rule to every active record that sets an effect or carries its own check
    (a decision without a check still outranks a less specific one on its key)."""
    by_key: dict[str, list[tuple[Decision, int]]] = {}
    for record in records:
        if record.kind == "permission":
            continue
        found = level(record, config, path, branch)
        if found is not None:
            key = record.effect.key if record.effect else f"decision:{record.id}"
            by_key.setdefault(key, []).append((record, found))
    applies: dict[str, int] = {}
    conflicts: list[str] = []
    for key, entries in by_key.items():
        top = max(lvl for _, lvl in entries)
        chosen = [(r, lvl) for r, lvl in entries if lvl == top]
        if top == PATH and _disagree([r for r, _ in chosen]):
            names = ", ".join(sorted({f"{r.id} ({r.scope}: {r.effect})" for r, _ in chosen}))
            conflicts.append(f"scopes disagree on {key} for this file: {names}; neither is "
                             "enforced here until their paths no longer overlap")
            continue
        applies.update((r.id, lvl) for r, lvl in chosen)
    return Governs(applies, tuple(conflicts))


def _disagree(records: list[Decision]) -> bool:
    scopes = {r.scope for r in records}
    values = {r.effect.value for r in records if r.effect}
    return len(scopes) > 1 and len(values) > 1


def lifted(line: str, requirement: Decision, at: int, permissions: Sequence[Decision],
           config: Config, rules: Rulebook, path: str, branch: str | None) -> Decision | None:
    """The permission that lifts a finding of `requirement` (applying at level `at`) on this
    line: same key, more specific here, and the line names the permitted value."""
    if requirement.effect is None:
        return None
    for permission in permissions:
        effect = permission.effect
        if effect is None or effect.key != requirement.effect.key:
            continue
        here = level(permission, config, path, branch)
        if here is None or here <= at:
            continue
        if any(search(p, line) is not None for d in rules.effects_for(effect.key, effect.value)
               if d.value == effect.value for p in d.recognise):
            return permission
    return None
