"""Ruby: `gem` lines of a Gemfile (its `group … do` blocks and `group:` options say dev) and
the `add_*dependency` calls of a gemspec."""

from __future__ import annotations

import re

from intentlint.ground.manifests.declared import Dependency, normalise

_NAME = r"""(?:['"]([^'"\s]+)['"]|%q[<({\[]([^>)}\]\s]+)[>)}\]])"""
_GEM = re.compile(rf"^\s*gem\s*\(?\s*{_NAME}(.*)$")
_SPEC = re.compile(rf"\.add_(runtime_|development_)?dependency\s*\(?\s*{_NAME}")
_GROUP = re.compile(r"^\s*group\s*\(?\s*(.*?)\)?\s+do\b")
_GROUP_OPTION = re.compile(r"""(?:\bgroups?:|:groups?\s*=>)\s*(\[[^\]]*\]|:\w+|['"]\w+['"])""")
_SYMBOLS = re.compile(r"""[:'"]?(\w+)""")
# Lines that open a block closed by `end` (a modifier `if` follows code, so is not matched).
_OPENS = re.compile(r"^\s*(if|unless|case|begin|while|until|def|class|module)\b|"
                    r"\bdo\s*(\|[^|]*\|)?\s*(#.*)?$")
_END = re.compile(r"^\s*end\b")
_DEV_GROUPS = frozenset({"development", "test"})


def read(path: str, text: str) -> list[Dependency]:
    if path.lower().endswith(".gemspec"):
        return _gemspec(text)
    return _gemfile(text)


def _dev_group(written: str) -> bool:
    groups = set(_SYMBOLS.findall(written))
    return bool(groups) and groups <= _DEV_GROUPS


def _gemfile(text: str) -> list[Dependency]:
    out = []
    blocks: list[bool] = []  # for each open block: is it a dev-only group?
    for number, line in enumerate(text.split("\n"), 1):
        code = line.split("#", 1)[0] if "#{" not in line else line
        gem = _GEM.match(code)
        if gem:
            name, rest = gem.group(1) or gem.group(2), gem.group(3)
            option = _GROUP_OPTION.search(rest)
            dev = _dev_group(option.group(1)) if option else any(blocks)
            out.append(Dependency("rubygems", normalise("rubygems", name), number, dev))
            continue
        group = _GROUP.match(code)
        if group:
            blocks.append(_dev_group(group.group(1)))
        elif _OPENS.search(code):
            blocks.append(False)
        elif _END.match(code) and blocks:
            blocks.pop()
    return out


def _gemspec(text: str) -> list[Dependency]:
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        for match in _SPEC.finditer(line.split("#", 1)[0]):
            name = match.group(2) or match.group(3)
            dev = match.group(1) == "development_"
            out.append(Dependency("rubygems", normalise("rubygems", name), number, dev))
    return out
