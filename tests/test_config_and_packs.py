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


def _schema() -> dict[str, object]:
    from intentlint.reading.pack_schema import pack_schema

    return dict(pack_schema())


def test_the_published_pack_schema_is_json_schema_and_fits_every_bundled_pack() -> None:
    import jsonschema

    from intentlint.ground.tomlfile import loads

    jsonschema.Draft202012Validator.check_schema(_schema())
    validator = jsonschema.Draft202012Validator(_schema())
    for path in sorted(bundled_rules_dir().glob("*.toml")):
        errors = [e.message for e in validator.iter_errors(loads(path.read_text()))]
        assert errors == [], path.name


def test_the_schema_names_the_choices_the_code_knows() -> None:
    from intentlint.ground.records import KINDS
    from intentlint.reading.recognise import MODES
    from intentlint.reading.rulebook import CHECK_KINDS, LANGUAGES, READINGS

    defs = _schema()["$defs"]
    assert isinstance(defs, dict)
    assert defs["effect"]["properties"]["kind"]["enum"] == list(KINDS)
    assert defs["effect"]["properties"]["reading"]["enum"] == list(READINGS)
    assert defs["check"]["properties"]["kind"]["enum"] == list(CHECK_KINDS)
    assert defs["language"]["enum"] == list(LANGUAGES)
    assert defs["example"]["properties"]["mode"]["enum"] == list(MODES)


EFFECT = {"component": "team", "key": "k", "value": "v", "recognise": ["x"]}
CHECK = {"kind": "forbid-added", "pattern": "p", "message": "m"}


@pytest.mark.parametrize("pack", [
    {"pack": {"name": "t"}, "effects": [EFFECT]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [CHECK]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "recognise": "x", "checks": [
        {"kind": "require", "trigger": "t", "touch": "tests/**", "message": "m",
         "languages": "python"}]}]},
    {"pack": {"name": "t"}, "components": {"team": {"keywords": "team"}}},
])
def test_schema_and_intentlint_accept_the_same_packs(pack: dict[str, object]) -> None:
    import jsonschema

    problems: list[Problem] = []
    parse_pack(pack, "team.toml", problems)
    assert problems == []
    jsonschema.validate(pack, _schema(), cls=jsonschema.Draft202012Validator)


@pytest.mark.parametrize("pack", [
    {},
    {"pack": {"name": "t", "nmae": "x"}},
    {"pack": {"name": "t"}, "effect": []},
    {"pack": {"name": "t"}, "components": {"team": {"keywords": [1]}}},
    {"pack": {"name": "t"}, "components": {"team": {"keyword": ["a"]}}},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "value-group": 1}]},
    {"pack": {"name": "t"}, "effects": [{k: v for k, v in EFFECT.items() if k != "value"}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "kind": "rule"}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "scoped": "yes"}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [{**CHECK, "kind": "forbid"}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [
        {k: v for k, v in CHECK.items() if k != "pattern"}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [
        {"kind": "require", "trigger": "t", "message": "m"}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [{**CHECK, "near": -1}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "checks": [
        {**CHECK, "languages": "cobol"}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "examples": [{"expect": "k = v"}]}]},
    {"pack": {"name": "t"}, "effects": [{**EFFECT, "examples": [{"text": "x", "mode": "chat"}]}]},
])
def test_schema_and_intentlint_refuse_the_same_packs(pack: dict[str, object]) -> None:
    """What the published schema refuses, `intentlint rules` refuses too (it says more:
    patterns and globs must compile, an example must name its effect's key)."""
    import jsonschema

    problems: list[Problem] = []
    parse_pack(pack, "team.toml", problems)
    assert problems and all(p.file == "team.toml" for p in problems)
    assert list(jsonschema.Draft202012Validator(_schema()).iter_errors(pack))


def test_named_patterns_are_put_in_place(tmp_path: Path) -> None:
    (tmp_path / "team.toml").write_text(r"""
[pack]
name = "team"
[components.team]
keywords = ["team"]
not-about = '\bnewsletter\b'
[patterns]
money = '\b(float|double)\b'
code = ["src/**", "lib/**"]
[[effects]]
component = "team"
key = "exact_money"
value = "true"
recognise = ['\bdecimal\b.{0,20}{money}?']
[[effects.checks]]
kind = "forbid-added"
pattern = 'amount\s*=\s*{money}|{web.new-route}'
paths = ["{code}", "app/**"]
exclude = ["{web.route-tests}"]
message = "m"
""")
    rules = load_rulebook([bundled_rules_dir(), tmp_path], bundled=1)
    (effect,) = [e for e in rules.effects if e.pack == "team"]
    (check,) = effect.checks
    assert check.pattern is not None and check.pattern.startswith(
        r"amount\s*=\s*(?:\b(float|double)\b)|(?:^\s*@")
    assert check.paths.patterns[0] == ("src/**", "lib/**", "app/**")
    assert "**/*.spec.*" in check.paths.patterns[1]
    assert effect.not_about is not None and effect.not_about.search("the newsletter team")


@pytest.mark.parametrize(("field", "body", "message"), [
    ("effects[0].recognise[0]", "recognise = ['{mony}']",
     "unknown placeholder {mony}; use {value}, {items} or a name of this pack's [patterns] "
     "(code, money)"),
    ("effects[0].recognise[0]", "recognise = ['{code}']", "{code} is a list of globs"),
    ("effects[0].recognise[0]", "recognise = ['{nope.route}']", "no pack named 'nope'"),
    ("effects[0].recognise[0]", "recognise = ['{web.route}']",
     "a name of the web pack's [patterns] (new-route, response-files"),
    ("effects[0].checks[0].paths", 'recognise = ["x"]\n[[effects.checks]]\nkind = "forbid-added"'
     '\npattern = "p"\nmessage = "m"\npaths = ["{money}"]', "{money} is a pattern"),
    ("patterns.value", "recognise = ['x']\nPATTERN value = 'v'", "is not a pattern name"),
    ("patterns.nested", "recognise = ['x']\nPATTERN nested = '{money}'",
     "a named pattern cannot use another"),
])
def test_named_pattern_mistakes(tmp_path: Path, field: str, body: str, message: str) -> None:
    body, _, pattern = body.partition("PATTERN ")
    (tmp_path / "team.toml").write_text(
        '[pack]\nname = "team"\n[components.team]\n[patterns]\nmoney = "cash"\n'
        f'code = ["src/**"]\n{pattern}\n[[effects]]\ncomponent = "team"\nkey = "k"\n'
        'value = "v"\n' + body)
    with pytest.raises(ConfigError) as info:
        load_rulebook([bundled_rules_dir(), tmp_path], bundled=1)
    (problem,) = info.value.problems
    assert problem.field == field and message in problem.message, str(problem)


def test_no_pattern_is_pasted_twice_in_the_bundled_packs() -> None:
    """A pattern used twice is defined once and named ([patterns], a component's
    not-about): no long string or list of globs stands twice in rules/."""
    from intentlint.ground.tomlfile import loads

    seen: dict[object, list[str]] = {}

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key not in ("examples", "comply", "message", "description"):
                    walk(item, f"{where}.{key}")
        elif isinstance(value, list):
            if len(value) > 3 and all(isinstance(v, str) for v in value):
                seen.setdefault(tuple(value), []).append(where)
            for i, item in enumerate(value):
                walk(item, f"{where}[{i}]")
        elif isinstance(value, str) and len(value) > 40:
            seen.setdefault(value, []).append(where)

    for path in sorted(bundled_rules_dir().glob("*.toml")):
        walk(loads(path.read_text(encoding="utf-8")), path.name)
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}
