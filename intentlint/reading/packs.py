"""Rule packs: TOML data that says how decisions are recognised and what changes break them.

Packs are data, never code. This module finds them (intentlint's own, then a repository's),
resolves their names and the configuration's additions, and builds the Rulebook; every
problem in every pack is collected, with file and field, before anything is reported
(import-linter's contract errors are the model).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.globs import Globs
from intentlint.ground.tomlfile import TOMLDecodeError, loads
from intentlint.reading.pack_files import pack_files
from intentlint.reading.pack_schema import parse_pack
from intentlint.reading.rulebook import Component, EffectDef, PackInfo, Rulebook


def load_rulebook(dirs: list[Path], root: Path | None = None, bundled: int = 0,
                  additions: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
                  ) -> Rulebook:
    """Every pack in `dirs` (the first `bundled` of them are intentlint's own).

    A repository pack with a bundled pack's name is an error unless it says `replaces =
    "<name>"`; `additions` (the configuration's `[packs.<name>]`) add paths to, or exclude
    paths from, every check of a pack without copying it."""
    problems: list[Problem] = []
    loaded: list[tuple[PackInfo, list[Component], list[EffectDef], bool, str | None]] = []
    digest = hashlib.sha256()
    for index, shown, raw in pack_files(dirs, root):
        digest.update(shown.encode() + b"\0" + raw + b"\0")
        try:
            data = loads(raw.decode("utf-8"))
        except (TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(Problem(shown, f"not valid TOML: {exc}"))
            continue
        info, comps, effs = parse_pack(data, shown, problems)
        head = data.get("pack", {})
        replaces = head.get("replaces") if isinstance(head, dict) else None
        if replaces is not None and not isinstance(replaces, str):
            problems.append(Problem(shown, "expected a pack name", field="pack.replaces"))
            replaces = None
        loaded.append((info, comps, effs, index < bundled, replaces))
    kept = _resolve_names(loaded, problems)
    packs = [info for info, *_ in kept]
    components: dict[str, Component] = {}
    effects: list[EffectDef] = []
    for info, comps, effs, *_ in kept:
        components.update((c.name, c) for c in comps)
        effects.extend(_with_paths(e, (additions or {}).get(info.name)) for e in effs)
    names = {info.name for info in packs}
    for name in additions or {}:
        if name not in names:
            problems.append(Problem("configuration", f"no pack is named {name!r} (packs: "
                                    f"{', '.join(sorted(names))})", field=f"packs.{name}"))
    for effect in effects:
        if effect.component not in components:
            problems.append(Problem(effect.file, f"component {effect.component!r} is not defined"
                                    " by any pack", field=f"effects.{effect.key}.component"))
    if problems:
        raise ConfigError(problems)
    return Rulebook(tuple(packs), components, tuple(effects), digest.hexdigest())


def _resolve_names(loaded: list[tuple[PackInfo, list[Component], list[EffectDef], bool,
                                     str | None]],
                   problems: list[Problem]) -> list[tuple[PackInfo, list[Component],
                                                           list[EffectDef], bool, str | None]]:
    """Two packs with one name are an error, never an accident of naming: a repository pack
    takes a bundled pack's place only when it says `replaces = "<name>"`."""
    replaced = {r for _, _, _, bundled, r in loaded if r and not bundled}
    seen: dict[str, str] = {}
    kept = []
    for entry in loaded:
        info, _, _, bundled, replaces = entry
        if bundled and info.name in replaced:
            continue
        if replaces and replaces not in {i.name for i, *_ in loaded if i is not info}:
            problems.append(Problem(info.file, f"there is no pack named {replaces!r} to replace",
                                    field="pack.replaces"))
        if info.name in seen:
            what = "a bundled pack" if seen[info.name] == "bundled" else seen[info.name]
            problems.append(Problem(info.file, f"pack name {info.name!r} is taken by {what}; "
                                    f"rename it, or write replaces = {info.name!r} under [pack] "
                                    f"to use it instead (or add paths with [packs.{info.name}] "
                                    "in the configuration)", field="pack.name"))
            continue
        seen[info.name] = "bundled" if bundled else info.file
        kept.append(entry)
    return kept


def _with_paths(effect: EffectDef,
                added: tuple[tuple[str, ...], tuple[str, ...]] | None) -> EffectDef:
    if not added:
        return effect
    paths, exclude = added
    checks = []
    for check in effect.checks:
        include, excluded = check.paths.patterns
        # An empty include list means every file: adding paths must not narrow it.
        globs = Globs(include + paths if include else (), excluded + exclude)
        checks.append(replace(check, paths=globs))
    return replace(effect, checks=tuple(checks))
