"""Property tests for the configuration and pack parsers: any TOML-shaped input yields a
config, or problems that each name a file and a field; never another exception."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.config import parse_config
from intentlint.ground.errors import ConfigError, Problem
from intentlint.reading.pack_schema import parse_pack

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=12),
                    st.sampled_from(["(a", "[", "*.py", "**/x/**", "forbid-added", "require",
                                     "\\b", "{items}", "true", "heuristic", "error"]))
values: st.SearchStrategy[Any] = st.recursive(
    scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                     st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
CONFIG_KEYS = ["decisions", "adr", "commits", "heuristic-binding", "rules", "bundled-rules",
               "scopes", "severity", "other"]
PACK_KEYS = ["component", "key", "value", "value-group", "recognise", "scoped", "kind",
             "comply", "checks", "kind", "pattern", "unless", "trigger", "paths", "touch",
             "near", "readded", "message"]


@settings(max_examples=250, deadline=None)
@given(st.dictionaries(st.sampled_from(CONFIG_KEYS), values, max_size=6))
def test_config_parser(table: dict[str, Any]) -> None:
    try:
        parse_config(table, ".intentlint.toml")
    except ConfigError as exc:
        assert exc.problems and all(p.file == ".intentlint.toml" and p.field
                                    for p in exc.problems)


effects = st.lists(st.dictionaries(st.sampled_from(PACK_KEYS), st.one_of(
    values, st.lists(st.dictionaries(st.sampled_from(PACK_KEYS), values, max_size=6),
                     max_size=3)), max_size=8), max_size=3)


@settings(max_examples=250, deadline=None)
@given(st.fixed_dictionaries({"pack": st.one_of(values, st.fixed_dictionaries(
    {"name": scalars})), "effects": st.one_of(values, effects)},
    optional={"components": values, "junk": values}))
def test_pack_parser(data: dict[str, Any]) -> None:
    problems: list[Problem] = []
    parse_pack(data, "rules/fuzz.toml", problems)
    assert all(p.file == "rules/fuzz.toml" for p in problems)
