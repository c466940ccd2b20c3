"""Which decisions govern a changed file: the most specific scope wins, per effect key.

A scope covers a file by its *path* (most specific), or only by the *branch* being committed
on, or not at all; an unscoped decision covers every file (least specific). For each effect
key, the decisions that apply to a file are those of the most specific level that has a
decision on that key there. So on `main` (a production branch) a file under
`config/prototype/` is governed by the prototype's decision, not the production one; and a
file whose path names an environment (`config/staging/`, `docker-compose.dev.yml`) is not
governed by a branch scope even when no scope is configured for it. Two
path scopes that disagree on one file are a conflict: neither applies, and it is reported.

Permissions never block. Inside their scope they lift the findings of *less specific*
decisions on the same key, for the permitted value only.

The rule only ever looks at a record's key, scope and value, so records are first grouped
into *claims* (one per key, scope, value and kind): the work per changed file depends on how
many different things were decided, not on how often history restated them.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass

from intentlint.ground.config import Config, environment_of
from intentlint.ground.patterns import search
from intentlint.ground.records import Decision
from intentlint.reading.rulebook import Rulebook

PATH, BRANCH, EVERYWHERE = 2, 1, 0


@dataclass(frozen=True, slots=True)
class Claim:
    """Every active record that says the same thing in the same scope."""

    key: str  # the effect key, or `decision:<id>` for a record with only its own checks
    scope: str | None
    value: str | None
    permission: bool
    ids: tuple[str, ...]


def key_of(record: Decision) -> str:
    return record.effect.key if record.effect else f"decision:{record.id}"


def claims(records: Sequence[Decision]) -> tuple[Claim, ...]:
    """The records that take part (they set an effect or carry a check), grouped."""
    grouped: dict[tuple[str, str | None, str | None, bool], list[str]] = {}
    for r in records:
        permission = r.kind == "permission"
        if (r.effect is None and not r.checks) or (permission and r.effect is None):
            continue
        value = r.effect.value if r.effect else None
        grouped.setdefault((key_of(r), r.scope, value, permission), []).append(r.id)
    return tuple(Claim(key, scope, value, permission, tuple(ids))
                 for (key, scope, value, permission), ids in grouped.items())


def scope_level(scope_name: str | None, config: Config, path: str,
                branch: str | None) -> int | None:
    """How specifically a scope covers `path` on `branch`; None when it does not."""
    if not scope_name:
        return EVERYWHERE
    scope = config.scope(scope_name)
    if scope is None:
        return None
    if scope.paths and scope.globs.match(path):
        return PATH
    if branch and any(fnmatch.fnmatchcase(branch, b) for b in scope.branches):
        # `main` is production, but not for `config/staging/` or `compose.dev.yml`: a file
        # whose path names another environment is that environment's (unless a configured
        # scope's paths say otherwise, which returned above)
        named = environment_of(path)
        if named is not None and config.scope(named) is not scope \
                and not any(s.paths and s.globs.match(path) for s in config.scopes):
            return None
        return BRANCH
    return None


@dataclass(frozen=True, slots=True)
class Governs:
    """For one file: the level at which each governing (key, scope) applies, and the
    conflicts that kept others from applying."""

    applies: dict[tuple[str, str | None], int]
    conflicts: tuple[str, ...]

    def level_of(self, record: Decision) -> int | None:
        return self.applies.get((key_of(record), record.scope))


def govern(claimed: Sequence[Claim], config: Config, path: str, branch: str | None) -> Governs:
    """Apply the rule to every claim but permissions (a decision without a check still
    outranks a less specific one on its key)."""
    levels: dict[str | None, int | None] = {}
    by_key: dict[str, list[tuple[Claim, int]]] = {}
    for claim in claimed:
        if claim.permission:
            continue
        if claim.scope not in levels:
            levels[claim.scope] = scope_level(claim.scope, config, path, branch)
        found = levels[claim.scope]
        if found is not None:
            by_key.setdefault(claim.key, []).append((claim, found))
    applies: dict[tuple[str, str | None], int] = {}
    conflicts: list[str] = []
    for key, entries in by_key.items():
        top = max(lvl for _, lvl in entries)
        chosen = [c for c, lvl in entries if lvl == top]
        scopes = {c.scope for c in chosen}
        if top == PATH and len(scopes) > 1 and len({c.value for c in chosen}) > 1:
            names = ", ".join(sorted({f"{i} ({c.scope}: {c.key} = {c.value})"
                                      for c in chosen for i in c.ids}))
            conflicts.append(f"scopes disagree on {key} for this file: {names}; neither is "
                             "enforced here until their paths no longer overlap")
            continue
        applies.update(((key, scope), top) for scope in scopes)
    return Governs(applies, tuple(conflicts))


def lifted(line: str, requirement: Decision, at: int, permissions: Sequence[Claim],
           config: Config, rules: Rulebook, path: str, branch: str | None) -> Claim | None:
    """The permission that lifts a finding of `requirement` (applying at level `at`) on this
    line: same key, more specific here, and the line names the permitted value."""
    if requirement.effect is None:
        return None
    for permission in permissions:
        if permission.key != requirement.effect.key or permission.value is None:
            continue
        here = scope_level(permission.scope, config, path, branch)
        if here is None or here <= at:
            continue
        value = permission.value
        if any(search(p, line) is not None for d in rules.effects_for(permission.key, value)
               if d.value == value for p in d.recognise):
            return permission
    return None
