"""npm's package.json and Composer's composer.json: JSON objects of name → version."""

from __future__ import annotations

import re
from typing import Any

from intentlint.ground.manifests.declared import Dependency, Lines, normalise, table

_NPM = (("dependencies", False), ("devDependencies", True), ("peerDependencies", False),
        ("optionalDependencies", False))
_COMPOSER = (("require", False), ("require-dev", True))
# Composer's platform packages: the interpreter and its extensions, not packages.
_PLATFORM = re.compile(r"^(php(-64bit|-ipv6|-zts|-debug)?|hhvm|ext-.+|lib-.+|composer"
                       r"(-plugin-api|-runtime-api)?)$", re.IGNORECASE)


def read(path: str, text: str) -> list[Dependency]:
    import json

    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        return []
    composer = path.replace("\\", "/").rsplit("/", 1)[-1].lower() == "composer.json"
    ecosystem, sections = ("composer", _COMPOSER) if composer else ("npm", _NPM)
    lines = Lines(text)
    out = []
    for section, dev in sections:
        start = lines.find(rf'"{re.escape(section)}"\s*:')
        for name in table(table(data).get(section)):
            if not name.strip() or (composer and (_PLATFORM.match(name) or "/" not in name)):
                continue
            line = lines.near(rf'"{re.escape(name)}"\s*:', start)
            out.append(Dependency(ecosystem, normalise(ecosystem, name), line, dev))
    return out
