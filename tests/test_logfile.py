from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.errors import ConfigError
from intentlint.ground.records import Declared, Effect
from intentlint.sources.decisions_log import parse_log

LOG = """\
# Decisions

## D1: Use JWT
date: 2026-01-02
component: auth
kind: decision
effect: auth_method = jwt

For now we use JWT.

## D2 — Use OAuth2
- **Date:** 2026-02-01
- Supersedes: D1

Authentication moves to OAuth2.

### Notes (a level-3 heading stays part of D2)

## [ADR7] Prototype on SQLite
scope: prototype
status: proposed

The prototype may use SQLite.
"""


def test_parses_sections_fields_and_text() -> None:
    d1, d2, d3 = parse_log(LOG, "DECISIONS.md")
    assert (d1.id, d1.title, d1.date, d1.component, d1.kind) == (
        "D1", "Use JWT", "2026-01-02", "auth", "decision")
    assert d1.effect == Effect("auth_method", "jwt")
    assert d1.source.line == 3 and d1.text == "For now we use JWT."
    assert d2.id == "D2" and d2.supersedes == ("D1",) and d2.date == "2026-02-01"
    assert "level-3 heading" in d2.text
    assert d3.id == "ADR7" and d3.scope == "prototype" and d3.declared is Declared.PROPOSED
    assert [d.seq for d in (d1, d2, d3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("## Just a title\n\ntext\n", "DECISIONS.md:1: a decision heading needs an id"),
        ("## D1: A\ndate: 2026-13-45\n\nx\n", "DECISIONS.md:2: date: '2026-13-45' is not a date"),
        ("## D1: A\nkind: rule\n\nx\n", "DECISIONS.md:2: kind: 'rule' is not one of"),
        ("## D1: A\neffect: nonsense\n\nx\n", "DECISIONS.md:2: effect: 'nonsense' is not"),
        ("## D1: A\nstatus: maybe\n\nx\n", "DECISIONS.md:2: status: 'maybe' is not one of"),
        ("## D1: A\n\nx\n\n## D1: B\n\ny\n", "DECISIONS.md:5: duplicate decision id 'D1'"),
    ],
)
def test_malformed_logs_name_file_line_and_field(text: str, expected: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_log(text, "DECISIONS.md")
    assert str(info.value).startswith(expected)


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(ConfigError) as info:
        parse_log("## bad\n\n## D1: A\ndate: x\nkind: y\n", "DECISIONS.md")
    assert len(info.value.problems) == 3


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["## ", "#", ":", "-", "*", " ", "\n", "D1", "D2", "abc", "=",
                                 "[", "]", "—", "date", "kind", "effect", "status", "2026-01-02",
                                 "supersedes", "scope"]), max_size=80).map("".join))
def test_parser_raises_only_config_errors(text: str) -> None:
    try:
        parse_log(text, "DECISIONS.md")
    except ConfigError as exc:
        assert all(str(p).startswith("DECISIONS.md") for p in exc.problems)


def test_an_entry_written_as_a_small_adr_decides_by_its_decision_part() -> None:
    """laofangxose/au-finance-calculators (tried unseen): "### Context" / "Need a lightweight
    test runner integrated with Vite." / "### Decision" / "Use Vitest." read Vite as chosen.
    The context stays the record's `about`, for relevance."""
    [entry] = parse_log("# Decisions\n\n## D001 - Use Vitest Instead of Jest\n\nStatus: Accepted"
                        "\n\n### Context\nNeed a test runner integrated with Vite.\n\n### Decision"
                        "\nUse Vitest.\n\n### Consequences\n- Faster feedback\n", "DECISIONS.md")
    assert entry.text == "Use Vitest." and "integrated with Vite" in entry.about
    [plain] = parse_log("# Decisions\n\n## D2: Use Redis\n\nSessions live in Redis.\n",
                        "DECISIONS.md")
    assert plain.text == "Sessions live in Redis." and plain.about == ""
