"""Named patterns: a pattern, or a list of globs, that a pack defines once under `[patterns]`
and its fields use by name — `{name}` inside a pattern, `"{name}"` as an item of a glob
list; another pack's as `{pack.name}`. They are put in place before the pack is validated,
so what is checked, stored and matched is the pattern itself.

A pattern goes in as a group of its own, `(?:...)`: its alternatives stay its own. Its
groups still count for `value-group`. A named pattern may use `{value}` and `{items}`, not
another name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

RESERVED = ("value", "items")  # filled with a decision's value when a check runs
_NAME = r"[A-Za-z_][A-Za-z0-9_-]*"
REFERENCE = re.compile(rf"(?<!\\)\{{({_NAME}(?:\.{_NAME})?)\}}")
_PATTERN_FIELDS = ("recognise", "about", "not-about")
_CHECK_PATTERNS = ("pattern", "unless", "trigger", "fallback", "text-names",
                   "unless-file")
_CHECK_GLOBS = ("paths", "exclude", "touch", "languages")  # lists a name may stand in

Problems = list[tuple[str, str]]


def expand(data: Mapping[str, Any], shared: Mapping[str, Mapping[str, Any]],
           ) -> tuple[dict[str, Any], Problems]:
    """`data` with every name put in place; `shared` is each loaded pack's `[patterns]` by
    pack name. A name that cannot be put in place is a problem, and is left out."""
    own = data.get("patterns")
    names = _Names(own if isinstance(own, Mapping) else {}, shared)
    out = dict(data)
    components = data.get("components")
    if isinstance(components, Mapping):
        out["components"] = {name: names.fields(body, f"components.{name}", ("not-about",), ())
                             for name, body in components.items()}
    effects = data.get("effects")
    if isinstance(effects, list):
        out["effects"] = [names.effect(body, f"effects[{i}]") for i, body in enumerate(effects)]
    return out, names.problems


class _Names:
    def __init__(self, own: Mapping[str, Any], shared: Mapping[str, Mapping[str, Any]]) -> None:
        self.own, self.shared = own, shared
        self.problems: Problems = []

    def effect(self, body: Any, where: str) -> Any:
        body = self.fields(body, where, _PATTERN_FIELDS, ())
        if isinstance(body, dict) and isinstance(body.get("checks"), list):
            body["checks"] = [self.fields(check, f"{where}.checks[{i}]", _CHECK_PATTERNS,
                                          _CHECK_GLOBS)
                              for i, check in enumerate(body["checks"])]
        return body

    def fields(self, body: Any, where: str, patterns: tuple[str, ...],
               globs: tuple[str, ...]) -> Any:
        if not isinstance(body, Mapping):
            return body
        out = dict(body)
        for key in patterns:
            value = out.get(key)
            if isinstance(value, str):
                out[key] = self.pattern(value, f"{where}.{key}")
            elif isinstance(value, list):
                out[key] = [self.pattern(v, f"{where}.{key}[{i}]") if isinstance(v, str) else v
                            for i, v in enumerate(value)]
        for key in globs:
            value = out.get(key)
            if isinstance(value, (str, list)):
                out[key] = self.globs([value] if isinstance(value, str) else value,
                                      f"{where}.{key}")
        return out

    def pattern(self, source: str, where: str) -> str:
        def put(match: re.Match[str]) -> str:
            name = match.group(1)
            if name in RESERVED:
                return match.group(0)
            found = self.lookup(name, where)
            if isinstance(found, list):
                self.problems.append((where, f"{{{name}}} is a list of globs; a pattern can use "
                                             "only a named pattern"))
            return f"(?:{found})" if isinstance(found, str) else "(?:)"

        return REFERENCE.sub(put, source)

    def globs(self, items: list[Any], where: str) -> list[Any]:
        out: list[Any] = []
        for item in items:
            whole = REFERENCE.fullmatch(item) if isinstance(item, str) else None
            if whole is None or whole.group(1) in RESERVED:
                out.append(item)
                continue
            found = self.lookup(whole.group(1), where)
            if isinstance(found, str):
                self.problems.append((where, f"{item} is a pattern; a glob list can use only a "
                                             "named list of globs"))
            elif isinstance(found, list):
                out.extend(found)
        return out

    def lookup(self, name: str, where: str) -> Any:
        pack, dot, short = name.rpartition(".")
        table = (self.shared.get(pack) if dot else self.own) or {}
        if short in table:
            return table[short]
        if dot and pack not in self.shared:
            self.problems.append((where, f"unknown placeholder {{{name}}}: no pack named "
                                         f"{pack!r} is loaded"))
        else:
            known = ", ".join(sorted(table)) or "none"
            whose = f"the {pack} pack's" if dot else "this pack's"
            self.problems.append((where, f"unknown placeholder {{{name}}}; use {{value}}, "
                                         f"{{items}} or a name of {whose} [patterns] ({known}); "
                                         "escape a literal brace as \\{"))
        return None
