"""Go: the `require` lines and blocks of go.mod; `// indirect` requirements are the module
graph's, not the module's own choice, and are left out."""

from __future__ import annotations

import re

from intentlint.ground.manifests.declared import Dependency, normalise

_MODULE = r"""("[^"]+"|`[^`]+`|[^\s"`(]\S*)\s+v\d\S*"""
_SINGLE = re.compile(rf"^\s*require\s+{_MODULE}")
_OPEN = re.compile(r"^\s*require\s*\(\s*(//.*)?$")
_INNER = re.compile(rf"^\s*{_MODULE}")


def read(path: str, text: str) -> list[Dependency]:
    out = []
    in_block = False
    for number, line in enumerate(text.split("\n"), 1):
        if "// indirect" in line.replace("//indirect", "// indirect"):
            match = None
        elif in_block:
            match = _INNER.match(line)
        else:
            match = _SINGLE.match(line)
        if in_block and line.strip().startswith(")"):
            in_block = False
        elif not in_block and _OPEN.match(line):
            in_block = True
        if match:
            out.append(Dependency("go", normalise("go", match.group(1)), number))
    return out
