"""The alias table: prose names → packages. The bundled table must load, mean one thing per
name and ecosystem, and name only packages in the form manifests are read in."""

from __future__ import annotations

from collections import Counter

import pytest

from intentlint.ground.aliases import TABLES, AliasTable, fold, load_aliases
from intentlint.ground.errors import ConfigError
from intentlint.ground.manifests import normalise
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.packs import load_rulebook

BUNDLED = bundled_rules_dir() / "data" / "aliases.toml"


@pytest.fixture(scope="module")
def table() -> AliasTable:
    return load_aliases(BUNDLED.read_text(encoding="utf-8"), "rules/data/aliases.toml")


def test_every_bundled_entry_loads_with_a_known_ecosystem(table: AliasTable) -> None:
    raw = BUNDLED.read_text(encoding="utf-8")
    assert len(table.aliases) == raw.count("\n[[")
    for alias in table.aliases:
        assert alias.ecosystem in TABLES
        assert alias.packages and alias.prose
        assert len({fold(p) for p in alias.prose}) == len(alias.prose), alias.prose
        if alias.ecosystem not in ("bots", "maven", "go"):
            assert all(p == normalise(alias.ecosystem, p) for p in alias.packages)
    assert {a.ecosystem for a in table.aliases} == TABLES


def test_no_prose_name_means_two_entries_of_one_ecosystem(table: AliasTable) -> None:
    claims = Counter((a.ecosystem, p) for a in table.aliases for p in {fold(p) for p in a.prose})
    assert [key for key, count in claims.items() if count > 1] == []


def test_the_table_is_data_beside_the_packs_not_a_pack() -> None:
    rulebook = load_rulebook([bundled_rules_dir()])
    assert "aliases" not in {pack.name for pack in rulebook.packs}


@pytest.mark.parametrize(("prose", "expected"), [
    ("React Testing Library", [("npm", "@testing-library/react")]),
    ("react-testing-library", [("npm", "@testing-library/react")]),
    ("Enzyme", [("npm", "enzyme")]),
    ("Moment.js", [("npm", "moment")]),
    ("moment", [("npm", "moment")]),
    ("Pydantic", [("pypi", "pydantic")]),
    ("MARSHMALLOW", [("pypi", "marshmallow")]),
    ("Guava", [("maven", "com.google.guava:guava")]),
    ("JUnit 5", [("maven", "org.junit.jupiter:junit-jupiter"),
                 ("maven", "org.junit.jupiter:junit-jupiter-api")]),
    ("Angular", [("npm", "@angular/core")]),
    ("AngularJS", [("npm", "angular")]),
    ("Actix Web", [("cargo", "actix-web")]),
    ("Entity Framework Core", [("nuget", "microsoft.entityframeworkcore")]),
    ("Entity Framework", [("nuget", "microsoft.entityframeworkcore"),
                          ("nuget", "entityframework")]),
    ("Travis CI", [("ci", "travis")]),
    ("Renovate", [("bots", "renovate")]),
    ("beautifulsoup4", [("pypi", "beautifulsoup4")]),
    ("com.google.guava:guava", [("maven", "com.google.guava:guava")]),
    ("Playwright", [("npm", "@playwright/test"), ("npm", "playwright"), ("pypi", "playwright")]),
    ("Turborepo", [("npm", "turbo")]),
    ("vitejs", [("npm", "vite")]),
    ("protocol buffers", [("npm", "protobufjs"), ("npm", "google-protobuf"),
                          ("npm", "@bufbuild/protobuf"), ("pypi", "protobuf")]),
    ("OpenLayers", [("npm", "ol")]),
    ("OpenAI", [("npm", "openai"), ("npm", "@ai-sdk/openai"), ("npm", "@langchain/openai"),
                ("pypi", "openai"), ("pypi", "langchain-openai")]),
    ("11ty", [("npm", "@11ty/eleventy")]),
    ("Material UI", [("npm", "@mui/material"), ("npm", "material-ui"),
                     ("npm", "@material-ui/core")]),
    ("ActiveRecord", [("rubygems", "activerecord")]),
    ("Active Record", []),
    ("Something Nobody Uses", []),
])
def test_lookup(table: AliasTable, prose: str, expected: list[tuple[str, str]]) -> None:
    assert table.lookup(prose) == expected


@pytest.mark.parametrize(("ecosystem", "name", "expected"), [
    ("pypi", "beautifulsoup4", ("bs4",)),
    ("pypi", "PyYAML", ("yaml",)),
    ("pypi", "python-dateutil", ("dateutil",)),
    ("pypi", "flask", ("flask",)),
    ("pypi", "some-unknown-thing", ("some_unknown_thing",)),
    ("npm", "@testing-library/react", ("@testing-library/react",)),
    ("cargo", "serde_json", ("serde_json",)),
    ("maven", "com.google.guava:guava", ("com.google.common",)),
    ("maven", "org.example:unknown", ()),
    ("nuget", "Newtonsoft.Json", ("Newtonsoft.Json",)),
    ("go", "github.com/spf13/cobra", ("github.com/spf13/cobra",)),
])
def test_imports(table: AliasTable, ecosystem: str, name: str, expected: tuple[str, ...]) -> None:
    assert table.imports(ecosystem, name) == expected


def test_bots_are_named_by_their_files(table: AliasTable) -> None:
    assert ".github/dependabot.yml" in table.files("Dependabot")
    assert "renovate.json" in table.files("renovate")
    assert table.files("nobody") == ()


@pytest.mark.parametrize(("text", "line"), [
    ("[[pypi]\n", "aliases.toml: not valid TOML: "),
    ('[[cobol]]\npackages = ["x"]\n', "aliases.toml: cobol: unknown ecosystem; expected one "),
    ('pypi = "x"\n', "aliases.toml: pypi: expected [[pypi]] entries"),
    ('[[npm]]\nprose = ["X"]\n', "aliases.toml: npm[0].packages: missing: the packages"),
    ('[[npm]]\npackages = []\n', "aliases.toml: npm[0].packages: names no package"),
    ('[[npm]]\npackages = "x"\n', "aliases.toml: npm[0].packages: expected a list of non-empty"),
    ('[[npm]]\npackages = ["x"]\nprose = [""]\n', "aliases.toml: npm[0].prose: expected a list"),
    ('[[npm]]\npackages = ["x"]\nimport = ["x"]\n', "aliases.toml: npm[0].import: unknown field"),
    ('[[maven]]\npackages = ["guava"]\n', 'aliases.toml: maven[0].packages: expected "group:'),
    ('[[npm]]\npackages = ["x"]\nfiles = ["x.yml"]\n', "aliases.toml: npm[0].files: only bots"),
    ('[[npm]]\nprose = ["Moment"]\npackages = ["moment"]\n[[npm]]\nprose = ["moment"]\n'
     'packages = ["dayjs"]\n', "aliases.toml: npm.prose: 'moment' already means moment; "),
])
def test_malformed_entries_are_one_line_errors_with_file_and_field(text: str, line: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_aliases(text)
    assert len(caught.value.problems) == 1
    assert str(caught.value.problems[0]).startswith(line)
    assert "\n" not in str(caught.value)


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(ConfigError) as caught:
        load_aliases('[[npm]]\nprose = 1\n[[go]]\npackages = [2]\n', "rules/data/aliases.toml")
    assert [p.field for p in caught.value.problems] == ["npm[0].packages", "npm[0].prose",
                                                        "go[0].packages"]
    assert all(p.file == "rules/data/aliases.toml" for p in caught.value.problems)


def test_one_entry_may_mean_several_packages_and_prose_may_repeat_across_ecosystems() -> None:
    table = load_aliases('[[npm]]\nprose = ["Sass"]\npackages = ["sass", "node-sass"]\n'
                         '[[rubygems]]\nprose = ["Sass"]\npackages = ["sassc"]\n')
    assert table.lookup("sass") == [("npm", "sass"), ("npm", "node-sass"), ("rubygems", "sassc")]
