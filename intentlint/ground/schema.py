"""A JSON Schema read as the description of a TOML file: every departure, with its field.

The published schema of a format (packs: `intentlint/schema/pack.schema.json`) is what an
editor or CI validates a file with, and what intentlint reads it by: this module walks the
keywords that describe a shape — `type`, `properties`, `required`, `additionalProperties`,
`propertyNames`, `items`, `enum`, `minimum`, `pattern`, `format`, local `$ref`, and an `if`
that tests a type alone — and words each departure the way a person fixes it ("unknown
key; expected name or description"). Other combinators (`oneOf`, `allOf`, an `if` on
values) it leaves alone: the rules they state across fields are checked by the format's
own code, with its own words. The `jsonschema` package would do the walk too, at ~70 ms of
import and four more dependencies, with messages written for JSON pointers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

# `format` checkers: a string in, None when it is fine, else what is wrong with it.
Format = Callable[[str], str | None]
Schema = Mapping[str, Any]

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
}


def validate(data: Any, schema: Schema, formats: Mapping[str, Format] | None = None,
             ) -> list[tuple[str, str]]:
    """Every way `data` departs from `schema`, as (field, message); fields are written as
    in TOML (`effects[0].checks[1].kind`), "" for the whole file."""
    return list(_walk(data, schema, "", schema, formats or {}))


def join(names: list[str], last: str = "or") -> str:
    """`a, b or c`: how a message lists what it expected."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _walk(value: Any, schema: Schema, where: str, root: Schema,
          formats: Mapping[str, Format]) -> Iterator[tuple[str, str]]:
    schema = _resolve(schema, root)
    types = schema.get("type")
    allowed = [types] if isinstance(types, str) else list(types or ())
    if allowed and not any(_TYPES[t](value) for t in allowed):
        yield where, _expected(schema, where, root)
        return
    if "enum" in schema and value not in schema["enum"]:
        yield where, _not_one_of(value, schema)
        return
    if _TYPES["number"](value) and value < schema.get("minimum", value):
        yield where, _expected(schema, where, root)
        return
    test = schema.get("if")
    if isinstance(test, Mapping) and set(test) == {"type"} and "then" in schema \
            and _TYPES[test["type"]](value):
        # what `if` asks of a type alone: one string where a list may stand is its one item
        yield from _walk(value, schema["then"], where, root, formats)
    elif isinstance(value, str):
        yield from _string(value, schema, where, formats)
    elif isinstance(value, list) and "items" in schema:
        # a name outside a list of choices is named in its message: the list's field will do
        named = "enum" in _resolve(schema["items"], root)
        for i, item in enumerate(value):
            yield from _walk(item, schema["items"], where if named else f"{where}[{i}]", root,
                             formats)
    elif isinstance(value, dict):
        yield from _table(value, schema, where, root, formats)


def _string(value: str, schema: Schema, where: str,
            formats: Mapping[str, Format]) -> Iterator[tuple[str, str]]:
    if "pattern" in schema and re.search(schema["pattern"], value) is None:
        yield where, f"{value!r} is not {schema.get('title', 'allowed here')}"
    check = formats.get(schema.get("format", ""))
    if check is not None and (wrong := check(value)) is not None:
        yield where, wrong


def _table(value: dict[str, Any], schema: Schema, where: str, root: Schema,
           formats: Mapping[str, Format]) -> Iterator[tuple[str, str]]:
    properties: Mapping[str, Any] = schema.get("properties", {})
    for key in schema.get("required", ()):
        if key not in value:
            yield _at(where, key), "is required"
    names = schema.get("propertyNames")
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        here = _at(where, key)
        if names is not None:
            found = list(_walk(key, names, here, root, formats))
            if found:
                yield here, found[0][1]
                continue
        if key in properties:
            yield from _walk(item, properties[key], here, root, formats)
        elif extra is False:
            what = "unknown table" if not where else "unknown key"
            yield here, f"{what}; expected {join(list(properties))}"
        elif isinstance(extra, Mapping):
            yield from _walk(item, extra, here, root, formats)


def _not_one_of(value: Any, schema: Schema) -> str:
    choices = [str(c) for c in schema["enum"]]
    if "title" in schema:
        return f"{value!r} is not {schema['title']}; use {', '.join(sorted(choices))}"
    return f"expected {join(choices)}" if len(choices) < 3 else \
        f"expected one of {', '.join(choices)}"


def _expected(schema: Schema, where: str, root: Schema) -> str:
    """What a value of the wrong type or range should have been."""
    if "title" in schema:
        return f"expected {schema['title']}"
    types = schema.get("type")
    allowed = {types} if isinstance(types, str) else set(types or ())
    items = _resolve(schema.get("items", {}), root)
    if "array" in allowed and items.get("type") == "object":
        return f"expected an array of tables ([[{_INDEX.sub('', where)}]])"
    if "array" in allowed:
        return "expected a list of strings" if items.get("type") == "string" else \
            "expected an array"
    words = {"object": "a table", "string": "a string", "boolean": "true or false",
             "integer": "a whole number", "number": "a number"}
    expected = join([words[t] for t in sorted(allowed)]) if allowed else "another value"
    if "minimum" in schema:
        expected += f" ({schema['minimum']} or more)"
    return f"expected {expected}"


_INDEX = re.compile(r"\[\d+\]")


def _resolve(schema: Schema, root: Schema) -> Schema:
    while "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are read: {ref}")
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        schema = target
    return schema


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
