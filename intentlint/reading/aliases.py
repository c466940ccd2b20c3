"""The bundled alias table (`rules/data/aliases.toml`), as the dependency reader uses it:
every prose name with the packages it means, and the names code imports packages by."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from intentlint.ground.aliases import BOTS, AliasTable, load_aliases
from intentlint.reading.pack_files import bundled_rules_dir

FILE = "data/aliases.toml"


@dataclass(frozen=True, slots=True)
class Aliases:
    table: AliasTable

    def prose_names(self) -> Iterator[tuple[str, str, str]]:
        """(prose name, ecosystem, package) for every name the table knows, packages'
        own names included."""
        for alias in self.table.aliases:
            if alias.ecosystem == BOTS:
                continue
            for name in (*alias.prose, *alias.packages):
                for package in alias.packages:
                    yield name.lower(), alias.ecosystem, package

    def import_names(self) -> dict[tuple[str, str], tuple[str, ...]]:
        return {(a.ecosystem, p.lower()): a.imports for a in self.table.aliases if a.imports
                for p in a.packages}


@lru_cache(maxsize=1)
def bundled_aliases() -> Aliases:
    path = bundled_rules_dir() / FILE
    return Aliases(load_aliases(path.read_text(encoding="utf-8"), str(path)))
