from __future__ import annotations

from pathlib import Path

import pytest

from intentlint.ground.config import load_config, parse_config
from intentlint.ground.errors import ConfigError, Problem
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.pack_schema import parse_pack
from intentlint.reading.packs import load_rulebook


def test_defaults_without_a_config(tmp_path: Path) -> None:
    config = load_config(tmp_path)
    assert config.decisions == ("DECISIONS.md",) and config.commits == "heuristic"
    assert not config.heuristic_binding


def test_pyproject_table_is_read(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.intentlint]\ncommits = "trailers"\n[tool.intentlint.scopes.production]\n'
        'paths = ["deploy/**"]\n')
    config = load_config(tmp_path)
    assert config.commits == "trailers" and config.scope("production") is not None


def test_every_config_problem_at_once() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config({"commit": "x", "commits": "sometimes", "heuristic-binding": "yes",
                      "decisions": ["../outside.md"], "scopes": {"prod": {"path": ["x"]}},
                      "severity": {"D1": "fatal"}}, ".intentlint.toml")
    text = str(info.value)
    for field in ("commit:", "commits:", "heuristic-binding:", "decisions:", "scopes.prod.path:",
                  "scopes.prod:", "severity.D1:"):
        assert f".intentlint.toml: {field}" in text, field
    assert len(info.value.problems) == 7


def test_invalid_toml_is_one_line(tmp_path: Path) -> None:
    (tmp_path / ".intentlint.toml").write_text("commits = [\n")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert str(info.value).startswith(".intentlint.toml: not valid TOML")


def test_bundled_packs_load_and_cover_the_benchmark_effects() -> None:
    rules = load_rulebook([bundled_rules_dir()])
    keys = {(e.key, e.value) for e in rules.effects}
    for expected in [("auth_method", "oauth2"), ("auth_method", "jwt"),
                     ("preserves_old_fields", "true"), ("hides_internal_ids", "true"),
                     ("database_engine", "postgresql"), ("database_engine", "sqlite"),
                     ("dashboard_sections", None), ("default_theme", "dark"),
                     ("uses_small_model", "true"), ("has_integration_tests", "true"),
                     ("rate_limited", "true"), ("requires_staging_validation", "true")]:
        assert expected in keys
    assert set(rules.components) >= {"auth", "api", "security", "database", "ui", "performance",
                                     "testing", "deployment"}


def test_bad_pack_reports_every_field() -> None:
    problems: list[Problem] = []
    parse_pack({"pack": {}, "extra": 1, "effects": [
        {"component": "x", "key": "k", "recognise": ["(unclosed"], "not-about": "[z-a]",
         "checks": [
            {"kind": "forbid-added", "pattern": "(?=lookahead)", "message": "m"},
            {"kind": "explode", "message": "m"},
            {"kind": "require", "message": "m"},
        ]},
    ]}, "rules/bad.toml", problems)
    fields = [p.field for p in problems]
    assert "extra" in fields and "pack.name" in fields
    assert "effects[0]" in fields  # neither value nor value-group
    assert "effects[0].recognise[0]" in fields and "effects[0].not-about" in fields
    assert "effects[0].checks[0].pattern" in fields
    assert "effects[0].checks[1].kind" in fields
    assert "effects[0].checks[2]" in fields
    assert all(p.file == "rules/bad.toml" for p in problems)


def test_repository_pack_with_undefined_component(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        '[pack]\nname = "mine"\n[[effects]]\ncomponent = "nowhere"\nkey = "k"\nvalue = "v"\n')
    with pytest.raises(ConfigError, match="component 'nowhere' is not defined"):
        load_rulebook([bundled_rules_dir(), tmp_path])
