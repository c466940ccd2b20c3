"""The checks a dependency decision implies: the avoided package must not come back.

A manifest that declares it anew is a finding (lockfile churn is not: a lockfile declares
nothing); where a language's imports name packages unambiguously (Python, JavaScript and
TypeScript, Ruby), production code that imports it is one too.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from intentlint.enforcing.diff import FileChange
from intentlint.ground.gitio import Repo, read_files
from intentlint.ground.globs import Globs
from intentlint.ground.manifests import (
    ECOSYSTEMS,
    added,
    declares_runtime,
    exported_beside,
    lockfile_names,
    lockfile_of,
    manifest_kind,
)
from intentlint.ground.packages import (
    ANY,
    AVOIDED,
    REJECTED,
    Package,
    in_family,
    is_family,
    package_of,
)
from intentlint.ground.records import Decision
from intentlint.reading.rulebook import CheckDef, EffectDef

KIND = "forbid-dependency"
# An avoided package manager: a new lockfile of its own is what brings it back.
LOCKFILE_KIND = "forbid-lockfile"
_EVERYWHERE = Globs(("**",))


def dependency_checks(record: Decision) -> list[tuple[EffectDef, CheckDef]]:
    """What an avoided (or rejected) package asks of a change; nothing for a used one."""
    effect = record.effect
    package = package_of(effect.key) if effect is not None else None
    if effect is None or package is None or effect.value not in (AVOIDED, REJECTED):
        return []
    instead = f"; it chose {', '.join(record.instead)}" if record.instead else ""
    named = lockfile_of(package.ecosystem, package.name)
    if named is not None:
        # "pnpm instead of npm": npm comes back with a new package-lock.json, not as a
        # package a manifest declares
        checks = [CheckDef("lockfile-added", LOCKFILE_KIND,
                           f"adds {named}, the lockfile of {package.name}, which {record.id} "
                           f"decided against{instead}", pattern=named,
                           paths=Globs(tuple(glob for each in lockfile_names(
                               package.ecosystem, package.name) for glob in (
                               each, f"**/{each}"))))]
    else:
        message = f"adds {package}, which {record.id} decided against{instead}"
        checks = [CheckDef("dependency-added", KIND, message, pattern=str(package),
                           paths=_EVERYWHERE, skip_tests=True)]
        imported = _import_check(package, message.replace("adds", "imports", 1))
        if imported is not None:
            checks.append(imported)
    use = f"use {', '.join(record.instead)} instead" if record.instead else \
        f"keep {package} out"
    comply = (f"{use} ({record.id}: {record.title}); to bring {package} back, record a "
              "decision that adopts it (it supersedes this one)")
    return [(EffectDef("inline", record.source.describe(), record.component or "-",
                       effect.key, effect.value, None, (), False, None, comply, (check,)),
             check) for check in checks]


def forbid_dependency(check: CheckDef, change: FileChange) -> list[tuple[int, str]]:
    """The lines of a manifest change that declare the check's package anew."""
    wanted = _package(check.pattern or "")
    added = dict(change.added)
    return [(line, added.get(line, name)) for line, ecosystem, name in change.dependencies
            if wanted.ecosystem in (ecosystem, ANY) and _same(wanted.name, name)]


def _package(written: str) -> Package:
    ecosystem, sep, name = written.partition(":")
    if not sep or ecosystem not in ECOSYSTEMS:
        return Package(ANY, written)
    return Package(ecosystem, name)


def _same(wanted: str, name: str) -> bool:
    if is_family(wanted):
        return in_family(wanted, name)  # `@storybook/*`: any package of the scope
    fold = re.compile(r"[-_.]+")
    return fold.sub("-", wanted.lower()) == fold.sub("-", name.lower())


def with_dependencies(repo: Repo, changes: list[FileChange], new: str, olds: tuple[str, ...],
                      blobs: dict[str, bytes] | None = None) -> list[FileChange]:
    """The changes, each manifest among them with the packages it declares anew: declared
    at `new` and by none of `olds` (a merge's resolution adds what neither parent had).
    Manifests are read only here, so a change that touches none costs nothing. `blobs`
    gives the new contents where git cannot (a patch applied in a throwaway index). A
    requirements file exported from a pyproject.toml beside it declares nothing anew."""
    manifests = [c for c in changes if c.status != "D" and not c.binary
                 and manifest_kind(c.path) is not None]
    if not manifests:
        return changes
    paths = [c.path for c in manifests]
    now = blobs if blobs is not None else read_files(repo, new, paths)
    exported = _exported(repo, [c.path for c in manifests], new, olds, blobs)
    before = [read_files(repo, old, [c.old_path or c.path for c in manifests]) for old in olds]
    found: dict[str, tuple[tuple[int, str, str], ...]] = {}
    for change in manifests:
        text = now.get(change.path)
        if text is None or change.path in exported:
            continue
        fresh = added(change.path, None, text.decode("utf-8", "replace"))
        for old in before:
            blob = old.get(change.old_path or change.path)
            if blob is not None:
                kept = {(d.ecosystem, d.name) for d in added(
                    change.path, blob.decode("utf-8", "replace"),
                    text.decode("utf-8", "replace"))}
                fresh = [d for d in fresh if (d.ecosystem, d.name) in kept]
        found[change.path] = tuple((d.line, d.ecosystem, d.name) for d in fresh)
    return [replace(c, dependencies=found[c.path]) if c.path in found else c for c in changes]


def _exported(repo: Repo, paths: list[str], new: str, olds: tuple[str, ...],
              blobs: dict[str, bytes] | None) -> set[str]:
    """The requirements files among `paths` that are exports of a pyproject.toml beside
    them, which declares the project's dependencies (`exported_beside`): a package appears
    in them because something the pyproject chose pulls it in, as in a lockfile."""
    beside = {path: sibling for path in paths if (sibling := exported_beside(path))}
    if not beside:
        return set()
    wanted = sorted(set(beside.values()))
    texts = {p: blobs[p] for p in wanted if blobs is not None and p in blobs}
    rest = [p for p in wanted if p not in texts]
    if rest:  # a patch that leaves the pyproject alone: as it is at HEAD
        texts |= read_files(repo, olds[0] if blobs is not None and olds else new, rest)
    return {path for path, sibling in beside.items() if sibling in texts
            and declares_runtime(sibling, texts[sibling].decode("utf-8", "replace"))}


# --- imports ----------------------------------------------------------------------------------

_LANGUAGES = {"pypi": ("python",), "npm": ("javascript", "typescript", "vue", "svelte"),
              "rubygems": ("ruby",), "pub": ("dart",)}


def import_check(package: Package) -> CheckDef | None:
    """The check that finds production code importing `package`, where imports name
    packages plainly; evidence that a chosen package is in use, however it arrives."""
    return _import_check(package, f"imports {package}")


def _import_check(package: Package, message: str) -> CheckDef | None:
    names = import_names(package)
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in names)
    if is_family(package.name):  # `@oclif/*`: any package of the scope
        alternatives = re.escape(package.name[:-1]) + r"[^'\"/]+"
    if package.ecosystem == "pypi":
        pattern = rf"^\s*(?:import|from)\s+(?:{alternatives})(?:[.\s,]|$)"
    elif package.ecosystem == "npm":
        pattern = (rf"(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|^\s*import\s+)"
                   rf"['\"](?:{alternatives})(?:/[^'\"]*)?['\"]")
    elif package.ecosystem == "pub":  # import 'package:hive/hive.dart';
        pattern = rf"^\s*(?:import|export)\s+['\"]package:(?:{alternatives})/"
    else:
        pattern = rf"^\s*require\s+['\"](?:{alternatives})(?:/[^'\"]*)?['\"]"
    return CheckDef("dependency-imported", "forbid-added", message, pattern=pattern,
                    paths=_EVERYWHERE, skip_tests=True, languages=_LANGUAGES[package.ecosystem])


def import_names(package: Package) -> tuple[str, ...]:
    """The names code imports the package by, where the language makes that unambiguous."""
    if package.ecosystem not in _LANGUAGES:
        return ()
    known = _alias_imports().get((package.ecosystem, package.name.lower()))
    if known:
        return known
    if package.ecosystem == "pypi":
        return (package.name.replace("-", "_"),)
    return (package.name,)


@lru_cache(maxsize=1)
def _alias_imports() -> dict[tuple[str, str], tuple[str, ...]]:
    from intentlint.reading.aliases import bundled_aliases  # only when a package is avoided

    return bundled_aliases().import_names()
