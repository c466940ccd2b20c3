"""A dependency effect's vocabulary: `dependency:ECOSYSTEM:NAME = used | avoided | rejected`.

Kept apart from the reader (reading/dependencies.py) so that checking a change, which only
needs to know which package an effect names, never imports the prose grammar."""

from __future__ import annotations

from dataclasses import dataclass

from intentlint.ground.records import DEPENDENCY

COMPONENT = "dependencies"
USED, AVOIDED, REJECTED = "used", "avoided", "rejected"
VALUES = (USED, AVOIDED, REJECTED)
ANY = "any"  # the ecosystem of a name a record states but nothing grounds


@dataclass(frozen=True, slots=True)
class Package:
    ecosystem: str
    name: str

    @property
    def key(self) -> str:
        return f"{DEPENDENCY}{self.ecosystem}:{self.name}"

    def __str__(self) -> str:
        return self.name if self.ecosystem == ANY else f"{self.ecosystem}:{self.name}"


def is_family(name: str) -> bool:
    """`@storybook/*`, `Fluxor.*`: every package of an npm scope, or of a NuGet name's first
    part, the product they make up."""
    return name.endswith(("/*", ".*"))


def in_family(family: str, name: str) -> bool:
    """`name` is a package of the family `family` names (`@storybook/react` of
    `@storybook/*`, `Fluxor.Blazor.Web` of `Fluxor.*`, and `Dapper` of `Dapper.*`: the
    product's own package; a family covers itself)."""
    return name.lower().startswith(family[:-1].lower()) \
        or name.lower() in (family.lower(), family[:-2].lower())


def package_of(key: str) -> Package | None:
    """The package a `dependency:ECOSYSTEM:NAME` key names; None for other keys."""
    if not key.startswith(DEPENDENCY):
        return None
    ecosystem, _, name = key[len(DEPENDENCY):].partition(":")
    return Package(ecosystem, name) if name else None
