"""The alias table: the names teams write in decisions ("React Testing Library", "Guava")
and the packages they mean, with the names code imports them by. The table is data
(`rules/data/aliases.toml`); this module only reads and checks it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.manifests.declared import ECOSYSTEMS, normalise
from intentlint.ground.tomlfile import TOMLDecodeError, loads

BOTS = "bots"  # dependency-update bots: named by their configuration files, not packages
TABLES = ECOSYSTEMS | {BOTS}
_FIELDS = ("prose", "packages", "imports", "files")


@dataclass(frozen=True, slots=True)
class Alias:
    ecosystem: str
    packages: tuple[str, ...]  # normalised
    prose: tuple[str, ...] = ()
    imports: tuple[str, ...] = ()
    files: tuple[str, ...] = ()  # for bots: the configuration files that mean it is used


@dataclass(frozen=True, slots=True)
class AliasTable:
    aliases: tuple[Alias, ...]
    by_name: Mapping[str, tuple[tuple[str, str], ...]]  # folded name → (ecosystem, package)
    by_package: Mapping[tuple[str, str], Alias]

    def lookup(self, prose_name: str) -> list[tuple[str, str]]:
        """The (ecosystem, package) pairs a name written in prose means; [] when the table
        does not know it (the caller lists it as unresolved rather than guessing)."""
        return list(self.by_name.get(fold(prose_name), ()))

    def imports(self, ecosystem: str, name: str) -> tuple[str, ...]:
        """The names code imports `name` by: the table's, else the ecosystem's rule (npm,
        Go and Ruby import by package name, Python and Rust with `_` for `-`), else none."""
        alias = self.by_package.get((ecosystem, normalise(ecosystem, name)))
        if alias is not None and alias.imports:
            return alias.imports
        return _default_imports(ecosystem, normalise(ecosystem, name))

    def files(self, name: str) -> tuple[str, ...]:
        """The configuration files of the bot `name` ("dependabot")."""
        alias = self.by_package.get((BOTS, name.lower()))
        return alias.files if alias else ()


def fold(name: str) -> str:
    """How prose names compare: case, and spaces, hyphens and underscores, do not count."""
    return " ".join(re.split(r"[\s_-]+", name.casefold().strip()))


def _default_imports(ecosystem: str, name: str) -> tuple[str, ...]:
    if ecosystem in ("pypi", "cargo"):
        return (name.replace("-", "_"),)
    if ecosystem in ("npm", "go", "rubygems", "pub"):
        return (name,)
    return ()


def load_aliases(text: str, file: str = "aliases.toml") -> AliasTable:
    """Read an alias table; every problem in it is reported at once, with file and field.

    A prose name that two entries of one ecosystem claim is an error: an entry that means
    several packages says so by listing them in its own `packages`."""
    try:
        data = loads(text)
    except TOMLDecodeError as exc:
        raise ConfigError([Problem(file, f"not valid TOML: {exc}")]) from None
    problems: list[Problem] = []
    aliases: list[Alias] = []
    for ecosystem, entries in data.items():
        if ecosystem not in TABLES:
            problems.append(Problem(file, "unknown ecosystem; expected one of "
                                    + ", ".join(sorted(TABLES)), field=ecosystem))
        elif not isinstance(entries, list):
            problems.append(Problem(file, f"expected [[{ecosystem}]] entries", field=ecosystem))
        else:
            for index, entry in enumerate(entries):
                alias = _entry(entry, ecosystem, f"{ecosystem}[{index}]", file, problems)
                if alias:
                    aliases.append(alias)
    by_name = _index(aliases, file, problems)
    if problems:
        raise ConfigError(problems)
    by_package = {(a.ecosystem, p): a for a in aliases for p in a.packages}
    return AliasTable(tuple(aliases), by_name, by_package)


def _strings(entry: dict[str, Any], field: str, where: str, file: str,
             problems: list[Problem]) -> tuple[str, ...]:
    value = entry.get(field, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(Problem(file, "expected a list of non-empty strings",
                                field=f"{where}.{field}"))
        return ()
    return tuple(v.strip() for v in value)


def _entry(entry: Any, ecosystem: str, where: str, file: str,
           problems: list[Problem]) -> Alias | None:
    if not isinstance(entry, dict):
        problems.append(Problem(file, "expected a table", field=where))
        return None
    for field in entry:
        if field not in _FIELDS:
            problems.append(Problem(file, "unknown field; expected " + ", ".join(_FIELDS),
                                    field=f"{where}.{field}"))
    written = _strings(entry, "packages", where, file, problems)
    if entry.get("packages") == []:
        problems.append(Problem(file, "names no package", field=f"{where}.packages"))
    elif "packages" not in entry:
        problems.append(Problem(file, "missing: the packages this entry means",
                                field=f"{where}.packages"))
    if ecosystem == "maven" and any(w.count(":") != 1 for w in written):
        problems.append(Problem(file, 'expected "group:artifact"', field=f"{where}.packages"))
    prose = _strings(entry, "prose", where, file, problems)
    files = _strings(entry, "files", where, file, problems)
    if files and ecosystem != BOTS:
        problems.append(Problem(file, "only bots are named by files", field=f"{where}.files"))
    imports = _strings(entry, "imports", where, file, problems)
    if not imports and ecosystem == "nuget":
        imports = written  # a NuGet package's namespace is its id, in its own case
    packages = tuple(dict.fromkeys(normalise(ecosystem, w) if ecosystem != BOTS else w.lower()
                                   for w in written))
    return Alias(ecosystem, packages, prose, imports, files) if packages else None


def _index(aliases: list[Alias], file: str,
           problems: list[Problem]) -> dict[str, tuple[tuple[str, str], ...]]:
    """Folded prose name → the packages it means; a package's own name means itself unless
    an entry's prose claims that name (prose "Angular" is @angular/core, not `angular`)."""
    claimed: dict[tuple[str, str], int] = {}  # (ecosystem, folded prose) → entry index
    for index, alias in enumerate(aliases):
        for prose in alias.prose:
            key = (alias.ecosystem, fold(prose))
            if claimed.setdefault(key, index) != index:
                other = aliases[claimed[key]]
                problems.append(Problem(file, f"{prose!r} already means "
                                        f"{', '.join(other.packages)}; list every package it "
                                        "means in one entry", field=f"{alias.ecosystem}.prose"))
    out: dict[str, list[tuple[str, str]]] = {}
    for alias in aliases:
        names = [fold(p) for p in alias.prose] + [
            fold(p) for p in alias.packages if (alias.ecosystem, fold(p)) not in claimed]
        for name in dict.fromkeys(names):
            out.setdefault(name, []).extend((alias.ecosystem, p) for p in alias.packages)
    return {name: tuple(dict.fromkeys(pairs)) for name, pairs in out.items()}
