"""Dart and Flutter: the dependency maps of pubspec.yaml. A careful reader of the lines, not
a YAML parser: the maps are plain (`name: ^1.2.0`, or `name:` over an indented `git:`,
`path:`, `hosted:` or `sdk:` block), and the hook never pays for a YAML import. What the SDK
provides (`flutter`, `flutter_test` under `sdk: flutter`) is the platform, as Python is to
a pyproject, not a package a decision adopts or drops."""

from __future__ import annotations

import re

from intentlint.ground.manifests.declared import Dependency, normalise

# The top-level maps that declare packages; `dependency_overrides` only pins versions of
# packages declared elsewhere (or transitive ones), so it declares nothing.
_SECTIONS = {"dependencies": False, "dev_dependencies": True}
_TOP = re.compile(r"^([A-Za-z_][\w-]*)\s*:")
_ENTRY = re.compile(r"^(\s+)([a-z_][a-z0-9_]*)\s*:")


def read(path: str, text: str) -> list[Dependency]:
    out: list[Dependency] = []
    section: bool | None = None  # None: outside a map that declares; else: dev or not
    indent = ""
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if (top := _TOP.match(line)) is not None:
            section = _SECTIONS.get(top.group(1))
            indent = ""
            continue
        if section is None or (entry := _ENTRY.match(line)) is None:
            continue
        indent = indent or entry.group(1)  # the map's own keys; deeper ones are a spec's
        if entry.group(1) == indent:
            out.append(Dependency("pub", normalise("pub", entry.group(2)), number, section))
        elif entry.group(2) == "sdk" and out and out[-1].line < number:
            out.pop()  # `flutter: {sdk: flutter}`: the SDK itself, no package of pub's
    return out


_NAME = re.compile(r"^name\s*:\s*['\"]?([a-z_][a-z0-9_]*)", re.MULTILINE)


def own_name(text: str) -> str | None:
    """The package a pubspec.yaml says it is (its top-level `name:`)."""
    found = _NAME.search(text)
    return found.group(1) if found else None
