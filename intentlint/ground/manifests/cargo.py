"""Rust: Cargo.toml's dependency tables (plain, dev, build, workspace and per-target), under
the crate's real name when a `package = "…"` key renames it."""

from __future__ import annotations

from typing import Any

from intentlint.ground.manifests.declared import Dependency, Lines, header, key, normalise, table

_TABLES = (("dependencies", False), ("dev-dependencies", True), ("build-dependencies", False))


def read(path: str, text: str) -> list[Dependency]:
    from intentlint.ground.tomlfile import TOMLDecodeError, loads

    try:
        data = loads(text)
    except (TOMLDecodeError, RecursionError):
        return []
    lines = Lines(text)
    out: list[Dependency] = []
    places: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), data)]
    places.append((("workspace",), table(data.get("workspace"))))
    places += [(("target", name), table(body)) for name, body in
               table(data.get("target")).items()]
    for prefix, where in places:
        for field, dev in _TABLES:
            if prefix == ("workspace",) and field != "dependencies":
                continue
            start = lines.find(header(*prefix, field))
            for written, spec in table(where.get(field)).items():
                real = table(spec).get("package")
                name = real if isinstance(real, str) and real.strip() else written
                line = lines.near(key(written), start)
                out.append(Dependency("cargo", normalise("cargo", name), line, dev))
    return out
