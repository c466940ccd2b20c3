"""Rule packs: TOML data that says how decisions are recognised and what changes break them.

Packs are data, never code. This module finds them (intentlint's own, then a repository's),
resolves their names and the configuration's additions, and builds the Rulebook; every
problem in every pack is collected, with file and field, before anything is reported
(import-linter's contract errors are the model).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.globs import Globs
from intentlint.ground.patterns import compile_pattern
from intentlint.ground.tomlfile import TOMLDecodeError, loads
from intentlint.reading.pack_files import pack_files
from intentlint.reading.pack_schema import parse_pack
from intentlint.reading.rulebook import Component, EffectDef, Lexicon, PackInfo, Rulebook


def load_rulebook(dirs: list[Path], root: Path | None = None, bundled: int = 0,
                  additions: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
                  ) -> Rulebook:
    """Every pack in `dirs` (the first `bundled` of them are intentlint's own).

    A repository pack with a bundled pack's name is an error unless it says `replaces =
    "<name>"`; `additions` (the configuration's `[packs.<name>]`) add paths to, or exclude
    paths from, every check of a pack without copying it."""
    files = list(pack_files(dirs, root))
    digest = hashlib.sha256()
    for _, shown, raw in files:
        digest.update(shown.encode() + b"\0" + raw + b"\0")
    key = (digest.hexdigest(), bundled, tuple(sorted((additions or {}).items())))
    if key not in _BUILT:
        if len(_BUILT) >= _KEEP:
            _BUILT.pop(next(iter(_BUILT)))
        _BUILT[key] = _build(files, digest.hexdigest(), bundled, additions)
    return _BUILT[key]


# Rulebooks already built in this process, by what they were built from: a long-lived
# process (the MCP server, a replay, a test run) parses and compiles the same packs once.
# A Rulebook is frozen, so one can be shared.
_BUILT: dict[tuple[object, ...], Rulebook] = {}
_KEEP = 8


def _build(files: list[tuple[int, str, bytes]], fingerprint: str, bundled: int,
           additions: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] | None) -> Rulebook:
    problems: list[Problem] = []
    found: list[_Found] = []
    for index, shown, raw in files:
        try:
            data = loads(raw.decode("utf-8"))
        except (TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(Problem(shown, f"not valid TOML: {exc}"))
            continue
        found.append(_found(data, shown, index < bundled, problems))
    kept = _resolve_names(found, problems)
    # `{pack.name}` reaches the patterns of the packs in use (a replacement's, not the
    # bundled pack's it replaced)
    shared = {f.name: f.data["patterns"] for f in kept
              if isinstance(f.data.get("patterns"), dict)}
    packs: list[PackInfo] = []
    components: dict[str, Component] = {}
    effects: list[EffectDef] = []
    for f in found:
        if f.bundled and f not in kept:
            continue  # replaced by a repository pack
        info, comps, effs = parse_pack(f.data, f.file, problems, shared)
        if f not in kept:
            continue  # its name is taken (said above); its own mistakes are said too
        packs.append(info)
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
    effects = [_with_component(e, components[e.component]) for e in effects]
    return Rulebook(tuple(packs), components, tuple(effects), fingerprint,
                    Lexicon.pooled(info.lexicon for info in packs))


@dataclass(frozen=True, slots=True)
class _Found:
    """A pack file read as TOML, with the names it goes by."""

    data: dict[str, Any]
    file: str
    name: str
    bundled: bool
    replaces: str | None


def _found(data: dict[str, Any], file: str, bundled: bool, problems: list[Problem]) -> _Found:
    head = data.get("pack", {})
    head = head if isinstance(head, dict) else {}
    name = head.get("name") if isinstance(head.get("name"), str) else Path(file).stem
    replaces = head.get("replaces")
    if replaces is not None and not isinstance(replaces, str):
        problems.append(Problem(file, "expected a pack name", field="pack.replaces"))
        replaces = None
    return _Found(data, file, str(name), bundled, replaces)


def _resolve_names(found: list[_Found], problems: list[Problem]) -> list[_Found]:
    """Two packs with one name are an error, never an accident of naming: a repository pack
    takes a bundled pack's place only when it says `replaces = "<name>"`."""
    replaced = {f.replaces for f in found if f.replaces and not f.bundled}
    seen: dict[str, str] = {}
    kept = []
    for f in found:
        if f.bundled and f.name in replaced:
            continue
        if f.replaces and f.replaces not in {o.name for o in found if o is not f}:
            problems.append(Problem(f.file, f"there is no pack named {f.replaces!r} to replace",
                                    field="pack.replaces"))
        if f.name in seen:
            what = "a bundled pack" if seen[f.name] == "bundled" else seen[f.name]
            problems.append(Problem(f.file, f"pack name {f.name!r} is taken by {what}; "
                                    f"rename it, or write replaces = {f.name!r} under [pack] "
                                    f"to use it instead (or add paths with [packs.{f.name}] "
                                    "in the configuration)", field="pack.name"))
            continue
        seen[f.name] = "bundled" if f.bundled else f.file
        kept.append(f)
    return kept


def _with_component(effect: EffectDef, component: Component) -> EffectDef:
    """The component's `not-about` joins the effect's own: a clause about a pipeline's
    credentials is not about how the product signs in, for every auth effect at once."""
    if component.not_about is None:
        return effect
    sources = [p.pattern for p in (component.not_about, effect.not_about) if p is not None]
    return replace(effect, not_about=compile_pattern("|".join(f"(?:{s})" for s in sources)))


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
