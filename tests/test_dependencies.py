"""Dependency decisions end to end, in small repositories of our own: what a record adopts,
drops, swaps or rules out, grounded in the manifests and the alias table, and a change that
brings an avoided package back, in every ecosystem the manifests cover."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.ground.packages import in_family
from intentlint.reading import cues
from intentlint.reading.aliases import bundled_aliases
from intentlint.reading.dependencies import Vocabulary, read_dependencies
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.packs import load_rulebook
from tests.conftest import Repo

runner = CliRunner()


def check(repo: Repo, *args: str) -> tuple[int, dict[str, Any]]:
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root), "-f", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def decisions(repo: Repo) -> dict[str, dict[str, Any]]:
    result = runner.invoke(app, ["decisions", "-C", str(repo.root), "-f", "json"])
    assert result.exit_code == 0, result.output
    return {d["id"]: d for d in json.loads(result.stdout)["decisions"]}


def effect(record: dict[str, Any]) -> str:
    """A listed record's effect as `decisions` prints it ("avoids npm:moment")."""
    from intentlint.ground.records import Effect

    return str(Effect(**record["effect"])) if record["effect"] else ""


def log(*entries: str) -> str:
    return "# Decisions\n\n" + "\n".join(entries)


# --- every ecosystem: re-adding an avoided package is blocked, an unrelated one passes -------

ECOSYSTEMS = [
    ("Gemfile", "source 'https://rubygems.org'\ngem 'rails'\n",
     "gem 'delayed_job'\n", "gem 'bullet'\n", "rubygems:delayed_job"),
    ("package.json", '{\n  "dependencies": {\n    "react": "^18"\n  }\n}\n',
     '{\n  "dependencies": {\n    "react": "^18",\n    "moment": "^2.29"\n  }\n}\n',
     '{\n  "dependencies": {\n    "react": "^18",\n    "dayjs": "^1"\n  }\n}\n', "npm:moment"),
    ("requirements.txt", "flask==3.0\n", "Marshmallow>=3\n", "pydantic==2.5\n",
     "pypi:marshmallow"),
    ("pyproject.toml", '[project]\nname = "app"\ndependencies = ["flask"]\n',
     '[project]\nname = "app"\ndependencies = ["flask", "celery[redis]>=5"]\n',
     '[project]\nname = "app"\ndependencies = ["flask", "rq"]\n', "pypi:celery"),
    ("Pipfile", "[packages]\nflask = '*'\n", "[packages]\nflask = '*'\nnose = '*'\n",
     "[packages]\nflask = '*'\npytest = '*'\n", "pypi:nose"),
    ("go.mod", "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
     "module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.0\n"
     "\tgithub.com/spf13/viper v1.18.0\n)\n",
     "module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.0.0\n"
     "\tgithub.com/rs/zerolog v1.31.0\n)\n", "go:github.com/spf13/viper"),
    ("Cargo.toml", '[package]\nname = "app"\n\n[dependencies]\nserde = "1"\n',
     '[package]\nname = "app"\n\n[dependencies]\nserde = "1"\nfailure = "0.1"\n',
     '[package]\nname = "app"\n\n[dependencies]\nserde = "1"\nanyhow = "1"\n', "cargo:failure"),
    ("pom.xml", "<project><dependencies></dependencies></project>\n",
     "<project><dependencies>\n<dependency>\n<groupId>junit</groupId>\n"
     "<artifactId>junit</artifactId>\n</dependency>\n</dependencies></project>\n",
     "<project><dependencies>\n<dependency>\n<groupId>org.assertj</groupId>\n"
     "<artifactId>assertj-core</artifactId>\n</dependency>\n</dependencies></project>\n",
     "maven:junit:junit"),
    ("build.gradle", "dependencies {\n}\n",
     "dependencies {\n    implementation 'com.google.guava:guava:33.0.0-jre'\n}\n",
     "dependencies {\n    implementation 'org.slf4j:slf4j-api:2.0.9'\n}\n",
     "maven:com.google.guava:guava"),
    ("build.gradle.kts", "dependencies {\n}\n",
     'dependencies {\n    testImplementation("junit:junit:4.13.2")\n}\n',
     'dependencies {\n    testImplementation("org.assertj:assertj-core:3.25.0")\n}\n',
     "maven:junit:junit"),
    # linagora/linshare-mobile-android-app (round 17's final check, judged blind): an Android
    # project's coordinates in a script its modules apply, named there as `deps.glide.core`
    ("versions.gradle", "def glide = [:]\ndeps.glide = glide\n",
     'def glide = [:]\nglide.core = "com.github.bumptech.glide:glide:$versions.glide"\n'
     'deps.glide = glide\n',
     'def glide = [:]\nglide.core = "io.coil-kt:coil:$versions.coil"\ndeps.glide = glide\n',
     "maven:com.github.bumptech.glide:glide"),
    ("gradle/libs.versions.toml", "[libraries]\n",
     '[libraries]\nguava = { module = "com.google.guava:guava", version = "33.0.0-jre" }\n',
     '[libraries]\nslf4j = { module = "org.slf4j:slf4j-api", version = "2.0.9" }\n',
     "maven:com.google.guava:guava"),
    ("build.sbt", 'libraryDependencies ++= Seq(\n  "io.circe" %% "circe-core" % "0.14.6"\n)\n',
     'libraryDependencies ++= Seq(\n  "io.circe" %% "circe-core" % "0.14.6",\n'
     '  "com.typesafe.akka" %% "akka-stream" % "2.6.20"\n)\n',
     'libraryDependencies ++= Seq(\n  "io.circe" %% "circe-core" % "0.14.6",\n'
     '  "org.apache.pekko" %% "pekko-stream" % "1.0.2"\n)\n',
     "maven:com.typesafe.akka:akka-stream"),
    ("composer.json", '{\n  "require": {\n    "php": ">=8.2"\n  }\n}\n',
     '{\n  "require": {\n    "php": ">=8.2",\n    "guzzlehttp/guzzle": "^7"\n  }\n}\n',
     '{\n  "require": {\n    "php": ">=8.2",\n    "monolog/monolog": "^3"\n  }\n}\n',
     "composer:guzzlehttp/guzzle"),
    ("src/App.csproj", '<Project Sdk="Microsoft.NET.Sdk">\n</Project>\n',
     '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
     '    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />\n'
     '  </ItemGroup>\n</Project>\n',
     '<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n'
     '    <PackageReference Include="Serilog" Version="3.1.1" />\n'
     '  </ItemGroup>\n</Project>\n', "nuget:newtonsoft.json"),
    (".github/workflows/ci.yml", "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
     "    steps:\n      - uses: actions/checkout@v4\n",
     "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
     "      - uses: actions/checkout@v4\n      - uses: codecov/codecov-action@v4\n",
     "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n"
     "      - uses: actions/checkout@v4\n      - uses: actions/setup-python@v5\n",
     "github-actions:codecov/codecov-action"),
    ("infra/main.tf", 'terraform {\n  required_providers {\n    aws = {\n'
     '      source = "hashicorp/aws"\n    }\n  }\n}\n',
     'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n'
     '    }\n    heroku = {\n      source = "heroku/heroku"\n    }\n  }\n}\n',
     'terraform {\n  required_providers {\n    aws = {\n      source = "hashicorp/aws"\n'
     '    }\n    random = {\n      source = "hashicorp/random"\n    }\n  }\n}\n',
     "terraform:heroku/heroku"),
    ("pubspec.yaml", "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n",
     "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  workmanager: ^0.5.1\n",
     "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  dio: ^5.4.0\n",
     "pub:workmanager"),
    (".travis.yml", None, "language: python\n", None, "ci:travis"),
]


@pytest.mark.parametrize(("path", "base", "violating", "compliant", "avoided"), ECOSYSTEMS,
                         ids=[e[0] for e in ECOSYSTEMS])
def test_an_avoided_package_coming_back_is_blocked(repo: Repo, path: str, base: str | None,
                                                   violating: str, compliant: str | None,
                                                   avoided: str) -> None:
    entry = f"## D1: Keep {avoided} out\navoid: {avoided}\n\nWe decided against it.\n"
    files = [("DECISIONS.md", log(entry))]
    if base is not None:
        files.append((path, base))
    repo.commit("Start", *files)
    if compliant is not None:
        repo.write(path, compliant)
        code, data = check(repo)
        assert code == 0, data["findings"]
        repo.git("reset", "-q", "--hard", "HEAD")
    repo.write(path, violating if base is None or path != "requirements.txt"
               else base + violating)
    code, data = check(repo)
    assert code == 1, data
    [finding] = [f for f in data["findings"] if f["path"] == path]
    assert finding["decision"]["id"] == "D1" and finding["check"] == "dependency-added"
    assert avoided.split(":", 1)[1].split(":")[-1].lower() in finding["message"].lower()


def test_swap_names_the_replacement_and_imports_are_flagged_outside_tests(repo: Repo) -> None:
    repo.commit("Start",
                ("requirements.txt", "flask==3.0\nmarshmallow==3.20\n"),
                ("app/schemas.py", "import marshmallow\n"))
    repo.commit("Swap", ("DECISIONS.md", log(
        "## D1: Use Pydantic instead of Marshmallow\n\nPayloads are validated with "
        "Pydantic models.\n")), ("requirements.txt", "flask==3.0\npydantic==2.5\n"),
        ("app/schemas.py", "import pydantic\n"))
    assert {effect(d) for d in decisions(repo).values()} == \
        {"uses pypi:pydantic", "avoids pypi:marshmallow"}
    repo.write("requirements.txt", "flask==3.0\npydantic==2.5\nmarshmallow==3.20\n")
    repo.write("app/api.py", "from marshmallow import Schema\n")
    repo.write("tests/test_old.py", "import marshmallow\n")
    code, data = check(repo)
    assert code == 1
    found = {(f["path"], f["check"]) for f in data["findings"]}
    assert found == {("requirements.txt", "dependency-added"),
                     ("app/api.py", "dependency-imported")}
    message = data["findings"][0]["message"]
    assert "it chose pypi:pydantic" in message
    assert "use pypi:pydantic instead" in data["findings"][0]["comply"]


def test_a_flutter_app_swap_is_grounded_in_its_pubspec_and_dart_imports_are_flagged(
        repo: Repo) -> None:
    """linagora/tmail-flutter's shape: "Use Riverpod instead of BLoC", where pubspec.yaml
    declares flutter_bloc; Dart code imports a package as `package:NAME/…`."""
    spec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n"
    repo.commit("Start", ("pubspec.yaml", spec + "  flutter_bloc: ^8.1.0\n"),
                ("lib/main.dart", "import 'package:flutter_bloc/flutter_bloc.dart';\n"))
    repo.commit("Swap", ("docs/adr/0001-riverpod.md",
                         "# 1. Use Riverpod instead of BLoC\n\n## Status\n\nAccepted\n\n"
                         "## Decision\n\nWe will use Riverpod instead of BLoC for state.\n"),
                ("pubspec.yaml", spec + "  flutter_riverpod: ^2.5.0\n"),
                ("lib/main.dart", "import 'package:flutter_riverpod/flutter_riverpod.dart';\n"))
    assert {effect(d) for d in decisions(repo).values()} >= \
        {"uses pub:flutter_riverpod", "avoids pub:flutter_bloc"}
    repo.write("pubspec.yaml", spec + "  flutter_riverpod: ^2.5.0\n  flutter_bloc: ^8.1.0\n")
    repo.write("lib/page.dart", "import 'package:flutter_bloc/flutter_bloc.dart';\n")
    repo.write("test/page_test.dart", "import 'package:flutter_bloc/flutter_bloc.dart';\n")
    code, data = check(repo)
    assert code == 1
    assert {(f["path"], f["check"]) for f in data["findings"]} == {
        ("pubspec.yaml", "dependency-added"), ("lib/page.dart", "dependency-imported")}


def test_lockfile_churn_and_a_package_already_there_are_not_violations(repo: Repo) -> None:
    repo.commit("Start", ("DECISIONS.md", log("## D1: No Moment\navoid: npm:moment\n\nNo.\n")),
                ("package.json", '{"dependencies": {"moment": "^2", "react": "^18"}}\n'))
    repo.write("package-lock.json", '{"packages": {"node_modules/moment": {}}}\n')
    repo.write("package.json", '{"dependencies": {"moment": "^2.30", "react": "^18.2"}}\n')
    code, data = check(repo)
    assert code == 0, data["findings"]  # a version bump of what is there adds nothing


def test_dropping_and_re_adopting_supersede_per_package(repo: Repo) -> None:
    repo.commit("Search", ("DECISIONS.md", log(
        "## D1: Search runs on Elasticsearch\nuses: pypi:elasticsearch\n\nSearch is "
        "Elasticsearch.\n")), ("requirements.txt", "elasticsearch==8\n"))
    repo.commit("Drop", ("DECISIONS.md", log(
        "## D1: Search runs on Elasticsearch\nuses: pypi:elasticsearch\n\nSearch is "
        "Elasticsearch.\n",
        "## D2: Drop Elasticsearch\navoid: pypi:elasticsearch\n\nA search index in the "
        "database is enough.\n")), ("requirements.txt", "psycopg==3\n"))
    listed = decisions(repo)
    assert listed["D1"]["status"] == "superseded" and listed["D1"]["superseded_by"] == "D2"
    repo.write("requirements.txt", "psycopg==3\nelasticsearch==8\n")
    assert check(repo)[0] == 1
    repo.git("reset", "-q", "--hard", "HEAD")
    repo.commit("Back", ("DECISIONS.md", log(
        "## D1: Search runs on Elasticsearch\nuses: pypi:elasticsearch\n\nSearch is "
        "Elasticsearch.\n",
        "## D2: Drop Elasticsearch\navoid: pypi:elasticsearch\n\nA search index in the "
        "database is enough.\n",
        "## D3: Elasticsearch is back\nuses: pypi:elasticsearch\n\nWe need facets.\n")))
    assert decisions(repo)["D2"]["status"] == "superseded"
    repo.write("requirements.txt", "psycopg==3\nelasticsearch==8\n")
    assert check(repo)[0] == 0


MADR = """---
status: accepted
---
# Background jobs

## Considered Options

* Celery
* Dramatiq
* RQ

## Decision Outcome

Chosen option: "RQ", because it is the simplest to run.
"""


def test_rejected_options_of_an_accepted_adr_warn(repo: Repo) -> None:
    repo.commit("ADR", ("docs/adr/0002-background-jobs.md", MADR),
                ("requirements.txt", "rq==1.15\n"))
    effects = {effect(d) for d in decisions(repo).values()}
    assert effects == {"uses pypi:rq", "rejected pypi:celery", "rejected pypi:dramatiq"}
    repo.write("requirements.txt", "rq==1.15\ncelery==5\n")
    code, data = check(repo)
    assert code == 0 and [f["severity"] for f in data["findings"]] == ["warning"]


def test_a_chosen_package_the_code_imports_is_in_use_though_undeclared(repo: Repo) -> None:
    """linshare-mobile-flutter-app (round 29): "implement it with `intl`", imported as
    `package:intl` since the ADR's day and pulled in by flutter_localizations, was "not yet
    in the code" because no pubspec declares it. Imports in tests do not count."""
    pubspec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n"
    repo.commit("Start", ("pubspec.yaml", pubspec),
                ("DECISIONS.md", log("## D1: Translate with intl\n\nuses: pub:intl\n\n"
                                     "Strings go through Intl.message.\n")),
                ("test/widget_test.dart", "import 'package:intl/intl.dart';\n"))
    [record] = decisions(repo).values()
    assert record["evidence"]["trend"] == "not yet in the code", record["evidence"]
    repo.commit("Localise", ("lib/l10n.dart", "import 'package:intl/intl.dart';\n"))
    [record] = decisions(repo).values()
    assert record["evidence"]["trend"] == "followed", record["evidence"]
    assert "lib/l10n.dart" in record["evidence"]["detail"], record["evidence"]


def test_preflight_says_when_a_rejected_option_would_not_warn(repo: Repo) -> None:
    """hmpps-approved-premises-ui (round 29): Playwright chosen over Cypress for end-to-end
    tests, Cypress still in use for integration tests, so the rejection is held back and
    nothing warns; `preflight cypress` answered "rejected" as if it were in force."""
    repo.commit("ADR", ("docs/adr/0002-background-jobs.md", MADR),
                ("requirements.txt", "rq==1.15\n"), ("worker/requirements.txt", "celery==5\n"))
    asked = runner.invoke(app, ["preflight", "-C", str(repo.root), "celery", "dramatiq"])
    assert asked.exit_code == 0, asked.output
    celery, dramatiq = asked.stdout.split("\ndramatiq: ")
    assert celery.startswith("celery: rejected by ADR-0002")
    assert "adding it would not warn: " in celery and "worker/requirements.txt" in celery
    assert dramatiq.startswith("rejected by ADR-0002") and "would not warn" not in dramatiq


def test_an_adr_front_matter_and_a_trailer_state_packages(repo: Repo) -> None:
    repo.commit("ADR", ("docs/adr/0003-http.md", "---\nstatus: accepted\navoid: requests\n---\n"
                        "# HTTP client\n\n## Decision\n\nWe call services over HTTP.\n"),
                ("requirements.txt", "httpx==0.27\n"))
    repo.commit("No lodash\n\nDecision: The web app stops using lodash.\nAvoid: npm:lodash")
    repo.write("requirements.txt", "httpx==0.27\nrequests==2.31\n")
    repo.write("package.json", '{"dependencies": {"lodash": "^4"}}\n')
    code, data = check(repo)
    assert code == 1
    assert {f["path"] for f in data["findings"]} == {"requirements.txt", "package.json"}


def test_a_package_the_decision_keeps_is_not_what_replaces_the_dropped_one(repo: Repo) -> None:
    """ISISNeutronMuon/analytics-data-platform's ADR 11 (round 27): "Replace DLT" with code
    of its own, "We'll continue to use `pydantic-settings`": `preflight dlt` answered that
    pydantic-settings was chosen instead."""
    repo.commit("Start", ("requirements.txt", "pydantic-settings==2.5\ndlt==1.2\n"))
    repo.commit("Drop", ("DECISIONS.md", log(
        "## D1: Replace DLT in ingestion pipelines\n\nWe will write a minimal framework of "
        "our own. We'll continue to use `pydantic-settings` for configuration.\n")),
        ("requirements.txt", "pydantic-settings==2.5\n"))
    assert {effect(d) for d in decisions(repo).values()} == \
        {"uses pypi:pydantic-settings", "avoids pypi:dlt"}
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "dlt"])
    assert result.stdout.startswith("dlt: decided against by D1")
    assert "instead" not in result.stdout


def test_check_rev_blocks_the_commit_that_brings_it_back(repo: Repo) -> None:
    start = repo.commit("Start", ("DECISIONS.md", log("## D1: No Moment\navoid: npm:moment\n\n"
                                                      "No.\n")),
                        ("package.json", '{"dependencies": {"react": "^18"}}\n'))
    bad = repo.commit("Dates", ("package.json", '{"dependencies": {"react": "^18", '
                                                '"moment": "^2"}}\n'))
    result = runner.invoke(app, ["check", "-C", str(repo.root), "--rev", f"{start}..HEAD",
                                 "-f", "json"])
    assert result.exit_code == 1
    assert [f["commit"] for f in json.loads(result.stdout)["findings"]] == [bad]


def test_preflight_answers_before_a_manifest_is_edited(repo: Repo) -> None:
    repo.commit("Start", ("DECISIONS.md", log(
        "## D1: Use Pydantic instead of Marshmallow\nuses: pypi:pydantic\n"
        "avoid: pypi:marshmallow\n\nPydantic models validate payloads.\n")),
        ("requirements.txt", "pydantic==2.5\n"))
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "Marshmallow", "pydantic",
                                 "left-pad"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith("Marshmallow: decided against by D1")
    assert "chosen instead: pypi:pydantic" in result.stdout
    assert "pydantic: chosen by D1" in result.stdout and "left-pad: no decision" in result.stdout
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "-f", "json", "httpx"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["schema"] == "intentlint/preflight/v1"


def test_preflight_finds_a_maven_package_by_its_artifact_name(repo: Repo) -> None:
    """ministryofjustice/hmpps-approved-premises-api (round 19, judged blind): `preflight
    flyway-core` answered "no decision"; only `org.flywaydb:flyway-core` found the ADR."""
    repo.commit("Start", ("DECISIONS.md", log(
        "## D1: Migrations\nuses: maven:org.flywaydb:flyway-core\n\nFlyway runs migrations.\n")))
    for asked in ("flyway-core", "org.flywaydb:flyway-core", "maven:org.flywaydb:flyway-core"):
        result = runner.invoke(app, ["preflight", "-C", str(repo.root), asked])
        assert result.stdout.startswith(f"{asked}: chosen by D1"), result.stdout
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "org.other:flyway-core"])
    assert "no decision" in result.stdout


def test_preflight_names_the_records_that_mention_an_undecided_package(repo: Repo) -> None:
    """alphagov/content-data-api (round 23, judged blind): ADR 12, "Process each RabbitMQ
    message in a Sidekiq Job", chooses Sidekiq with no verb the reader knows, and `preflight
    sidekiq` said only "no decision". It says which record names it now; a name only a
    longer word contains (`sidekiq-cron`) is not it."""
    repo.commit("ADRs", ("docs/adr/0012-sidekiq.md", "# 12. Process each message in a Sidekiq "
                         "Job\n\n## Status\n\nAccepted\n\n## Decision\n\nEvery event is "
                         "processed in its own job.\n"),
                ("docs/adr/0013-cron.md", "# 13. Schedules\n\n## Status\n\nAccepted\n\n"
                 "## Decision\n\nSchedules live in sidekiq-cron's file.\n"),
                ("Gemfile", 'source "https://rubygems.org"\ngem "sidekiq"\n'))
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "sidekiq", "left-pad"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[:2] == [
        "sidekiq: no decision",
        "    but ADR-0012 (Process each message in a Sidekiq Job; docs/adr/0012-sidekiq.md:5) "
        "names it: read it before adding"]
    assert "ADR-0013" not in result.stdout and "left-pad: no decision\n" in result.stdout
    data = json.loads(runner.invoke(app, ["preflight", "-C", str(repo.root), "-f", "json",
                                          "sidekiq"]).stdout)
    assert [m["id"] for m in data["answers"][0]["mentioned"]] == ["ADR-0012"]


def test_preflight_finds_the_records_naming_a_package_by_its_scope_or_module(
        repo: Repo) -> None:
    """zarf-dev/zarf (round 30, judged blind): ADRs naming Docusaurus and Terratest were
    pointed to for `preflight docusaurus` and `terratest`, not for the names its manifests
    use, `@docusaurus/core` and `go:github.com/gruntwork-io/terratest`."""
    repo.commit("ADRs", ("docs/adr/0024-docs.md", "# 24. Documentation site\n\n## Status\n\n"
                         "Accepted\n\n## Decision\n\nThe site moves off Docusaurus.\n"),
                ("docs/adr/0002-tests.md", "# 2. Tests\n\n## Status\n\nAccepted\n\n## Decision"
                 "\n\nEnd-to-end tests stay; Terratest goes.\n"))
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "@docusaurus/core",
                                 "go:github.com/gruntwork-io/terratest", "@astrojs/starlight"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "@docusaurus/core: no decision\n    but ADR-0024" in out, out
    assert "terratest: no decision\n    but ADR-0002" in out, out
    assert "@astrojs/starlight: no decision\n" in out and out.count("    but ") == 2, out


def test_preflight_does_not_take_an_english_word_for_the_package_it_spells(repo: Repo) -> None:
    """opentelemetry-collector's RFC (round 25, judged blind): "This allows for users to
    express things such as …" was given as a record that names npm's `express`. A plain
    word counts as the name only in code form or capitalised."""
    repo.commit("ADRs", ("docs/adr/0001-config.md", "# 1. Configuration\n\n## Status\n\n"
                         "Accepted\n\n## Decision\n\nThis allows users to express defaults "
                         "in one file.\n"),
                ("docs/adr/0002-server.md", "# 2. The web server\n\n## Status\n\nAccepted\n\n"
                 "## Decision\n\nEvery route goes through the same `express` middleware.\n"),
                ("package.json", '{"name": "app", "dependencies": {"react": "18.0.0"}}'))
    result = runner.invoke(app, ["preflight", "-C", str(repo.root), "-f", "json", "express"])
    assert result.exit_code == 0
    assert [m["id"] for m in json.loads(result.stdout)["answers"][0]["mentioned"]] == [
        "ADR-0002"]


# --- the reader, as pure logic ------------------------------------------------------------

RULES = load_rulebook([bundled_rules_dir()])
WORDS = cues.of(RULES.lexicon)  # the packs' words read package names too
VOCABULARY = Vocabulary.build(
    [("pydantic", "pypi", "pydantic"), ("marshmallow", "pypi", "marshmallow"),
     ("enzyme", "npm", "enzyme"), ("react testing library", "npm", "@testing-library/react"),
     ("moment.js", "npm", "moment"), ("rq", "pypi", "rq"), ("celery", "pypi", "celery"),
     ("travis ci", "ci", "travis"), ("github actions", "ci", "github-actions"),
     ("mocha", "npm", "mocha"), ("jest", "npm", "jest"), ("lodash", "npm", "lodash"),
     ("redux", "npm", "redux"), ("rails", "rubygems", "rails")],
    [("npm", "next"), ("npm", "request"), ("go", "github.com/spf13/viper"),
     ("pypi", "django-polymorphic"), ("pypi", "django")])


@pytest.mark.parametrize(("title", "text", "expected"), [
    ("Use Pydantic instead of Marshmallow", "",
     {"pypi:pydantic": "used", "pypi:marshmallow": "avoided"}),
    ("Replace Enzyme with React Testing Library", "",
     {"npm:enzyme": "avoided", "npm:@testing-library/react": "used"}),
    ("React Testing Library replaces Enzyme", "",
     {"npm:enzyme": "avoided", "npm:@testing-library/react": "used"}),
    ("Remove Moment.js", "", {"npm:moment": "avoided"}),
    ("RQ for background jobs, not Celery", "", {"pypi:rq": "used", "pypi:celery": "avoided"}),
    ("GitHub Actions, not Travis CI", "", {"ci:github-actions": "used", "ci:travis": "avoided"}),
    ("Migrate from Mocha to Jest", "", {"npm:mocha": "avoided", "npm:jest": "used"}),
    ("Stop using Lodash", "", {"npm:lodash": "avoided"}),
    ("State", "We do not use Redux.", {"npm:redux": "avoided"}),
    ("Use viper for configuration", "", {"go:github.com/spf13/viper": "used"}),
    ("Use Django Polymorphic for inheritance", "", {"pypi:django-polymorphic": "used"}),
    # later items of the list a swap governs are left too
    ("Test runner", "Migrate from Mocha/Enzyme to Jest.",
     {"npm:mocha": "avoided", "npm:enzyme": "avoided", "npm:jest": "used"}),
    # ... joined by "and" or "&" too (CMS-Enterprise/mint-app: "Migrate from Create React
    # App & Craco to Vite" left Craco out), up to a clause of its own
    ("Test runner", "Migrate from Django Polymorphic & Mocha to Jest.",
     {"pypi:django-polymorphic": "avoided", "npm:mocha": "avoided", "npm:jest": "used"}),
    ("Test runner", "Use Jest instead of Mocha and Enzyme.",
     {"npm:jest": "used", "npm:mocha": "avoided", "npm:enzyme": "avoided"}),
    ("Test runner", "We moved off Mocha, and Jest runs the tests.",
     {"npm:mocha": "avoided", "npm:jest": "used"}),
    ("Dates", "Replace our helpers, Moment.js and Lodash with native code.",
     {"npm:moment": "avoided", "npm:lodash": "avoided"}),
    ("Jobs", "Replace Celery with RQ and Redux.", {"pypi:celery": "avoided", "pypi:rq": "used",
                                                  "npm:redux": "used"}),
    # the object of a swap is left whatever describes it; a place in it is not the object
    # (ministryofjustice/cloud-platform: "self hosted Jenkins" was read as used)
    ("Use RQ", "Replace self hosted Celery with RQ.", {"pypi:celery": "avoided",
                                                      "pypi:rq": "used"}),
    ("Jobs", "We swapped out Celery for RQ.", {"pypi:celery": "avoided", "pypi:rq": "used"}),
    ("Jobs", "Replace the scheduler in Django Polymorphic with RQ.", {"pypi:rq": "used"}),
    # what a choice is for or where it applies is not chosen (digitalcheck-apps, unseen:
    # "Use Remix as the meta framework for React" adopted React)
    ("Use RQ as the queue for Django Polymorphic", "", {"pypi:rq": "used"}),
    ("Jobs", "We will use RQ for jobs in Django Polymorphic.", {"pypi:rq": "used"}),
    ("Jobs", "We chose Celery for the background jobs.", {"pypi:celery": "used"}),
    # a provider of what is used, and what can be done, are not choices (unseen:
    # "upgraded using the functionality provided by Azure", "can be set to `pandas` or
    # `modin`"); "with" joins choices ("Use JUnit 5 with AssertJ and Mockito")
    ("Database", "We upgraded using the functionality provided by Celery.", {}),
    ("Engines", "The format can be set to `rq` (default) or `celery`.", {}),
    ("Use RQ with Celery", "", {"pypi:rq": "used", "pypi:celery": "used"}),
    # MADR's outcome without its label names the choice before the reason; a name in the
    # reason, a choice still open, a negation quoted as a flag, a drawn flow decide nothing
    ("Jobs", "Background work: Celery, because it retries.", {"pypi:celery": "used"}),
    ("Jobs", "RQ and Celery, because both are in use.", {"pypi:rq": "used",
                                                        "pypi:celery": "used"}),
    ("Jobs", "RQ or Celery, because we need retries.", {}),
    ("Jobs", "We keep the cron jobs, because Celery is slow.", {}),
    ("Jobs", 'Each task carries a "do not retry" flag in the Celery message.', {}),
    ("Jobs", "API -> Celery -> worker -> Redux store.", {}),
    # MADR's outcome that opens with the chosen option alone, set off as a name
    # (jezzsantos/saastack: "`Swashbuckle`", then the reasons), and only there
    ("OpenAPI docs", "`Celery`\n\n- It retries.\n- RQ has no scheduler.",
     {"pypi:celery": "used"}),
    ("OpenAPI docs", "**Celery**\n\nIt retries.", {"pypi:celery": "used"}),
    ("OpenAPI docs", "We looked at both.\n\n`Celery`\n\nIt retries.", {}),
    # ... or with its project's address alone (Energinet-DataHub/energy-origin's ADR 11)
    ("Jobs", "https://github.com/celery/celery\n\nIt retries.", {"pypi:celery": "used"}),
    ("Jobs", "See https://github.com/celery/celery for the options.", {}),
    # a table whose column is headed "Decision" states a choice in each row (mcagov/beacons:
    # "| Front end | [React](…), [NextJS](…) |"); another column names no choice
    ("Technology choices", "| Capability | Decision |\n|---|---|\n"
     "| Jobs | [Celery](https://docs.celeryq.dev), RQ |\n| Cache | to be decided |",
     {"pypi:celery": "used", "pypi:rq": "used"}),
    ("Technology choices", "| Capability | Options |\n|---|---|\n| Jobs | Celery, RQ |", {}),
    # a choice stated with a copula (adoble/adr-j: "The templating library to be used is the
    # Handlebars library"), not a question nor a negation
    ("Jobs", "The queue library to be used is Celery.", {"pypi:celery": "used"}),
    ("Jobs", "The library we will use is [Celery](https://docs.celeryq.dev).",
     {"pypi:celery": "used"}),
    ("Jobs", "The question to be answered is what Celery offers.", {}),
    # mentioned, not decided
    ("Forms", "Our errors use Rails' default pattern, rather than our own.", {}),
    ("Helpers", "Replace them with suitable libraries, e.g. Lodash instead of our helpers.",
     {}),
    ("Structure", "Keep dependencies small, not using Lodash unless several modules need it.",
     {}),
    # what was tried before the choice, and what something else fails with (No-Cash-7970/
    # duckySigner's Svelte ADR, round 39: read as choosing Next.js and banning Wails)
    ("Frontend", "Chose Jest after trying Mocha and Jest.", {"npm:jest": "used"}),
    ("Frontend", "After evaluating tools including Mocha, Redux, and Jest, we have chosen Jest.",
     {"npm:jest": "used"}),
    ("Frontend", "Mocha did not work well with Redux and is not the right tool.", {}),
    ("Frontend", "We do not work with Redux any more.", {"npm:redux": "avoided"}),
    # a negation after a name whose own subject a determiner opens (camunda/connectors'
    # ADR 5, round 39: "For S3, GCS and Azure the sub-type is not a Jackson path segment")
    ("Storage", "For Mocha and Jest the sub-type is not a path segment, so no prefix applies.",
     {}),
    ("Dates", "Moment.js library is not used any more.", {"npm:moment": "avoided"}),
    # one use dropped, not the package (nhsuk/manage-vaccinations-in-schools' ADR 13, round
    # 39: Sentry still reports errors)
    ("Monitoring", "We will deprecate the use of Lodash for alerts.", {}),
    ("Monitoring", "We will deprecate the use of Lodash.", {"npm:lodash": "avoided"}),
    ("Dates", "Drop the use of Moment.js for good.", {"npm:moment": "avoided"}),
    # ... but a ban's way out is still a ban (jeremyckahn/farmhand's ADR 1)
    ("Tests", "New tests use Jest and not Mocha unless there is an urgent and critical reason.",
     {"npm:jest": "used", "npm:mocha": "avoided"}),
    ("Structure", "Do not add Lodash unless absolutely necessary.", {"npm:lodash": "avoided"}),
    ("Requests", "We will request a review; the next step follows.", {}),
    ("Use Timeflake for Analysis Request Ids", "", {}),  # Title Case: a capital says nothing
    ("Migrate with Tern", "Replace Celery with next.", {"pypi:celery": "avoided",
                                                          "npm:next": "used"}),
    ("Job workers", "Celery workers call the payments API.", {}),
    # a swap of things of one name for things the same verb adopts leaves that name
    # (benjamminj/portfolio's ADR 8, round 32); things of it alone stay its things
    ("Switch tests", "Replace existing Mocha tests with unit tests written in Jest.",
     {"npm:mocha": "avoided", "npm:jest": "used"}),
    ("Switch tests", "Replace the Mocha tests with Jest tests.", {}),
    # what the circumstance a sentence opens on leaves is no ban (openedx/frontend-base's ADR
    # 5, round 32: a re-added package was blocked); what it uses still is used
    ("Transpilation", "In migrating from `mocha` and `lodash` to `jest`, how we count "
     "coverage has changed a bit.", {"npm:jest": "used"}),
    ("Transpilation", "In moving from Mocha to Jest, we drop Enzyme.",
     {"npm:jest": "used", "npm:enzyme": "avoided"}),
    ("Transpilation", "By using `jest` directly, we keep full control.", {"npm:jest": "used"}),
])
def test_reading_dependency_decisions(title: str, text: str, expected: dict[str, str]) -> None:
    reading = read_dependencies(title, text, [], VOCABULARY, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == expected


# Round 14, judged blind: a name that is an English word, the first word of a longer
# product name, and the start of a family of packages ground nothing.
FAMILY = Vocabulary.build([], [("npm", "vue"), ("npm", "vite"), ("nuget", "Ensure.That"),
                               ("npm", "eslint-plugin-node"),
                               ("npm", "eslint-plugin-vuejs-accessibility")])


@pytest.mark.parametrize(("title", "text", "expected"), [
    ("Cache sync", "Use that information to decide when every pod has the cache.", {}),
    ("Cache sync", "Use `that` for the guards.", {"nuget:Ensure.That": "used"}),
    ("Migrate to Vite", "Chosen option: Migrate to Vite, not the Vue CLI service.",
     {"npm:vite": "used"}),
    ("Front end", "We will use Vue for the client.", {"npm:vue": "used"}),
    ("Accessibility", "Do not include an eslint-plugin for accessibility.", {}),
])
def test_words_name_parts_and_families_ground_nothing(title: str, text: str,
                                                      expected: dict[str, str]) -> None:
    reading = read_dependencies(title, text, [], FAMILY, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == expected


def test_a_title_that_spells_out_the_acronym_its_record_chooses_chooses_that() -> None:
    """qhana-plugin-runner and elastisys/compliantkubernetes (round 29): "Use Markdown
    Architectural Decision Records", choosing "MADR 2.1.2", read as adopting the `markdown`
    package of the docs site. A run that is itself a known name keeps its reading."""
    vocabulary = Vocabulary.build([("react testing library", "npm", "@testing-library/react")],
                                  [("pypi", "markdown"), ("npm", "react")])
    madr = read_dependencies("Use Markdown Architectural Decision Records",
                             'Chosen option: "MADR 2.1.2", because the MADR format is lean.',
                             ["MADR 2.1.2 – The Markdown Architectural Decision Records"],
                             vocabulary, WORDS)
    assert madr.effects == () and madr.unresolved == ("MADR",)
    plain = read_dependencies("Use Markdown for the docs", "We write every page in Markdown.",
                              [], vocabulary, WORDS)
    assert [(str(p), v) for p, v, _ in plain.effects] == [("pypi:markdown", "used")]
    rtl = read_dependencies("Use React Testing Library", "RTL tests what users see.", [],
                            vocabulary, WORDS)
    assert [(str(p), v) for p, v, _ in rtl.effects] == [("npm:@testing-library/react", "used")]


@pytest.mark.parametrize(("text", "value"), [
    ("We didn't pick TypeScript because there was already plain JavaScript.", "rejected"),
    ("We didn\u2019t pick TypeScript because there was already plain JavaScript.", "rejected"),
    ("We did not choose TypeScript.", "rejected"),
    ("We don\u2019t use TypeScript.", "avoided"),
    ("We will not use TypeScript.", "avoided"),
])
def test_a_contraction_negates_and_an_option_not_picked_is_rejected(text: str,
                                                                    value: str) -> None:
    """gsa-tts-archived/document-extractor-poc (round 30): "We didn't pick TypeScript" read
    as choosing it ("didn't" was no negation, nor any contraction written with a typographic
    apostrophe). Not picking an option is rejecting it (it warns, as MADR's rejected options
    do); "will not use" keeps it out."""
    vocabulary = Vocabulary.build([], [("npm", "typescript"), ("npm", "react")])
    reading = read_dependencies("Use React for the UI", text, [], vocabulary, WORDS)
    assert {(str(p), v) for p, v, _ in reading.effects} == {
        ("npm:react", "used"), ("npm:typescript", value)}


def test_a_name_nothing_grounds_is_listed_not_guessed() -> None:
    reading = read_dependencies("Use Zod for validation", "", [], VOCABULARY, WORDS)
    assert reading.effects == () and reading.unresolved == ("Zod",)


@given(st.text(max_size=400), st.text(max_size=200))
def test_reading_never_fails_and_binds_only_grounded_names(title: str, text: str) -> None:
    reading = read_dependencies(title, text, [text[:40]], VOCABULARY, WORDS)
    known = {p for packages in VOCABULARY.names.values() for p in packages}
    assert all(p in known for p, _, _ in reading.effects)


def test_a_drop_read_from_prose_that_the_code_does_not_follow_is_held_back(repo: Repo) -> None:
    """An ADR's prose says Moment.js goes, but the web app still declares it: the reading is
    listed with how to settle it, not enforced; stating `avoid:` makes it bind."""
    adr = "# Remove Moment.js\n\n## Status\n\nAccepted\n\n## Decision\n\nDates use date-fns.\n"
    repo.commit("ADR", ("doc/adr/0002-remove-moment.md", adr),
                ("web/package.json", '{"dependencies": {"moment": "^2"}}\n'))
    [record] = [d for d in decisions(repo).values() if effect(d) == "avoids npm:moment"]
    assert record["enforced"] == "no" if "enforced" in record else True
    assert "web/package.json still declares it" in record["held_back"]
    repo.write("admin/package.json", '{"dependencies": {"moment": "^2"}}\n')
    assert check(repo)[0] == 0
    # preflight says what the hook does (spinframework/spin, round 17, judged blind: it
    # answered "would be blocked" for a record the hook held back)
    asked = runner.invoke(app, ["preflight", "-C", str(repo.root), "moment"])
    assert asked.exit_code == 0 and "would not be blocked" in asked.stdout
    repo.git("reset", "-q", "--hard", "HEAD")
    repo.git("clean", "-q", "-fd")
    repo.commit("Confirm", ("doc/adr/0002-remove-moment.md",
                            "---\navoid: npm:moment\n---\n" + adr))
    repo.write("admin/package.json", '{"dependencies": {"moment": "^2"}}\n')
    code, data = check(repo)
    assert code == 1 and data["findings"][0]["path"] == "admin/package.json"


def test_the_deps_suite_re_adds_every_avoided_package(repo: Repo) -> None:
    repo.commit("Start", ("DECISIONS.md", log(
        "## D1: Use Pydantic instead of Marshmallow\nuses: pypi:pydantic\n"
        "avoid: pypi:marshmallow\n\nPydantic models validate payloads.\n",
        "## D2: No Travis\navoid: ci:travis\n\nCI runs on GitHub Actions.\n")),
        ("requirements.txt", "pydantic==2.5\n"), ("web/package.json", '{"dependencies": {}}\n'))
    before = repo.state()
    result = runner.invoke(app, ["bench", "--suite", "deps", "-C", str(repo.root), "-f", "json"])
    assert result.exit_code == 0, result.output
    assert repo.state() == before  # patches are applied in a throwaway index only
    data = json.loads(result.stdout)
    assert (data["caught"], data["tried"], data["false_blocks"]) == (2, 2, 0)
    assert {(t["package"], t["manifest"]) for t in data["trials"]} == {
        ("pypi:marshmallow", "requirements.txt"), ("ci:travis", ".travis.yml")}


@pytest.mark.parametrize(("field", "message"), [
    ("avoid: npm:", "names no package"),
    ("uses: pydantic,", "names no package"),
    ("avoid: npmm:moment", "'npmm' is not an ecosystem; did you mean 'npm'?"),
])
def test_a_package_field_that_names_nothing_is_one_clear_error(repo: Repo, field: str,
                                                                message: str) -> None:
    repo.write("DECISIONS.md", log(f"## D1: Packages\n{field}\n\nText.\n"))
    result = runner.invoke(app, ["decisions", "-C", str(repo.root)])
    assert result.exit_code == 2 and f"DECISIONS.md:4: {field.split(':')[0]}: " in result.stderr
    assert message in result.stderr


def test_stated_packages_the_alias_table_knows_are_one_part_each(repo: Repo) -> None:
    """A new user's `uses: httpx` / `avoid: requests` made four parts (each twice)."""
    repo.commit("Log", ("DECISIONS.md", log("## 3. HTTP client\nuses: httpx\navoid: requests\n\n"
                                            "httpx, not requests. Don't add requests.\n")),
                ("requirements.txt", "httpx==0.27\n"))
    assert sorted(effect(d) for d in decisions(repo).values()) == [
        "avoids pypi:requests", "uses pypi:httpx"]


@pytest.mark.parametrize(("module", "written", "not_written"), [
    ("github.com/golang-migrate/migrate/v4", "golang-migrate", None),
    ("github.com/go-chi/chi/v5", "go-chi", None),
    ("github.com/jackc/tern/v2", "tern", None),
    ("github.com/aws/aws-sdk-go-v2/config", "aws-sdk-go-v2", "config"),
    ("github.com/aws/aws-sdk-go-v2/service/s3", "aws-sdk-go-v2", "s3"),
])
def test_go_modules_are_grounded_by_the_names_prose_uses(module: str, written: str,
                                                         not_written: str | None) -> None:
    """A module named after its organisation is written by the organisation's name; a package
    inside a module is not whatever prose calls its last path element."""
    vocabulary = Vocabulary.build([], [("go", module)])
    assert [str(p) for p in vocabulary.lookup(written)] == [f"go:{module}"]
    if not_written:
        assert vocabulary.lookup(not_written) == ()


def test_a_name_gone_before_the_adr_was_written_grounds_in_the_manifests_history(
        repo: Repo) -> None:
    """ADRs written after the fact ("Replace golang-migrate with tern", recorded once the
    swap was done): the name is in no manifest of the ADR's day, but in the manifests'
    history, which is asked before the name is listed as not grounded."""
    old = "module example.com/app\n\nrequire github.com/golang-migrate/migrate/v4 v4.15.2\n"
    new = "module example.com/app\n\nrequire github.com/jackc/tern/v2 v2.1.0\n"
    repo.commit("Start", ("go.mod", old))
    repo.commit("Swap the migration tool", ("go.mod", new))
    repo.commit("Unrelated", ("main.go", "package main\n"))
    adr = ("# 5. Migrate with Tern\n\n## Status\n\nAccepted\n\n## Proposed Architecture\n\n"
           "Replace golang-migrate with tern.\n")
    repo.commit("docs: add the ADRs we have", ("docs/adr/0005-tern.md", adr))
    listed = {effect(d) for d in decisions(repo).values()}
    assert {"uses go:github.com/jackc/tern/v2",
            "avoids go:github.com/golang-migrate/migrate/v4"} <= listed
    repo.write("go.mod", old)
    code, data = check(repo)
    assert code == 1 and data["findings"][0]["path"] == "go.mod"


def test_the_manifests_history_is_read_where_a_moved_files_old_blob_is_missing(
        repo: Repo) -> None:
    """benjamminj/portfolio (round 32): its copy lacks an image's blob, one a later commit
    moved and edited. Walking the history with rename detection reads that blob, failed,
    and no past manifest was read: "Remove `superjson`", written after the commit that
    removed it, read as nothing. The walk lists each changed path as it is, and reads no
    blob it does not need."""
    repo.commit("Start", ("package.json", '{"dependencies": {"superjson": "^1.4.0"}}\n'),
                ("docs/diagram.txt", "".join(f"line {n}\n" for n in range(200))))
    old_blob = repo.git("rev-parse", "HEAD:docs/diagram.txt").strip()
    repo.git("mv", "docs/diagram.txt", "docs/diagram-v2.txt")
    repo.commit("Drop superjson; move the diagram",
                ("package.json", '{"dependencies": {"next": "^12.0.0"}}\n'),
                ("docs/diagram-v2.txt", "".join(f"line {n}\n" for n in range(201))))
    (repo.root / ".git" / "objects" / old_blob[:2] / old_blob[2:]).unlink()
    adr = ("# 12. Remove custom JSON serialization\n\n## Status\n\nAccepted\n\n"
           "## Decision\n\nRemove `superjson` and transform `Date` objects into strings.\n")
    repo.commit("docs: add ADRs for recent decisions",
                ("docs/adr/0012-remove-custom-json-serialization.md", adr))
    assert "avoids npm:superjson" in {effect(d) for d in decisions(repo).values()}


def test_a_new_major_version_of_a_go_module_adds_nothing(repo: Repo) -> None:
    """kubeflow/pipelines (replayed again, stop 48): a proposal's alternative "Use Argo
    Workflows Directly" was read as rejecting argo-workflows, grounded at HEAD as `…/v4`; the
    commit that moved go.mod from `…/v3` to `…/v4` warned as adding a rejected package. Go
    puts each major version under its own path: one module, neither added nor newly in use."""
    bare = "module example.com/app\n\ngo 1.22\n"
    v3 = bare + "\nrequire github.com/argoproj/argo-workflows/v3 v3.7.14\n"
    v4 = bare + "\nrequire github.com/argoproj/argo-workflows/v4 v4.0.5\n"
    repo.commit("Start", ("go.mod", v3), ("DECISIONS.md", log(
        "## D1: Keep Argo out\n\navoid: go:github.com/argoproj/argo-workflows/v4\n\n"
        "Pipelines are stored as custom resources.\n")))
    # the code declares the module at another major version: it does not follow D1
    [record] = decisions(repo).values()
    assert record["evidence"]["trend"] != "followed", record["evidence"]
    repo.write("go.mod", v4)
    code, data = check(repo)
    assert code == 0 and data["findings"] == [], data
    # a module the manifest did not declare at any major version is added
    repo.commit("Without it", ("go.mod", bare))
    repo.write("go.mod", v4)
    code, data = check(repo)
    assert code == 1 and [f["decision"]["id"] for f in data["findings"]] == ["D1"], data


def test_a_requirements_file_exported_from_the_pyproject_beside_it_adds_nothing(
        repo: Repo) -> None:
    """davideme/lamp-control-api-reference (replayed again, stop 48): its FastAPI ADR
    rejects Starlette; re-adding `requirements.txt`, written by `poetry export` beside the
    pyproject.toml that declares FastAPI, warned on `starlette==…`, which FastAPI pulls in.
    The pyproject is where the project chooses; the export pins what that brings."""
    pyproject = ('[project]\nname = "api"\nversion = "1"\ndependencies = ["fastapi>=0.115"]\n')
    export = ('fastapi==0.115.12 ; python_version >= "3.12"\n'
              'starlette==0.46.2 ; python_version >= "3.12"\n')
    repo.commit("Start", ("src/api/pyproject.toml", pyproject), ("DECISIONS.md", log(
        "## D1: FastAPI, not Starlette alone\n\navoid: pypi:starlette\n\n"
        "Build the API on FastAPI.\n")))
    repo.write("src/api/requirements.txt", export)
    code, data = check(repo)
    assert code == 0 and data["findings"] == [], data
    # choosing it in the pyproject is choosing it
    repo.write("src/api/pyproject.toml", pyproject.replace('"fastapi>=0.115"',
                                                           '"fastapi>=0.115", "starlette"'))
    code, data = check(repo)
    assert code == 1 and [f["path"] for f in data["findings"]] == ["src/api/pyproject.toml"]
    # a requirements file with no pyproject beside it, or beside one that declares no
    # dependencies (tools' settings only), is where the project declares them
    repo.git("reset", "-q", "--hard")
    repo.write("tools/requirements.txt", export)
    repo.write("src/web/pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    repo.write("src/web/requirements.txt", export)
    code, data = check(repo)
    assert code == 1 and sorted(f["path"] for f in data["findings"]) == [
        "src/web/requirements.txt", "tools/requirements.txt"], data


def test_every_name_a_done_removal_lists_is_looked_for_in_the_manifests_history(
        repo: Repo) -> None:
    """"As part of this switch we removed both `yarn` and `lerna`" (managed-care-review's
    ADR 30, written after the switch): the past tense and the second item of the list are
    looked for in the manifests' history too, so re-adding lerna is blocked."""
    repo.commit("Start", ("package.json", _package_json("react", "lerna")))
    repo.commit("Move to pnpm", ("package.json", _package_json("react")))
    adr = ("# 30. Use pnpm as package manager\n\n## Status\n\nAccepted\n\n## Decision\n\n"
           "Move to pnpm. As part of this switch we removed both `yarn` and `lerna` as "
           "dependencies in our build tooling.\n")
    repo.commit("docs: ADR 30", ("docs/adr/0030-pnpm.md", adr))
    assert "avoids npm:lerna" in {effect(d) for d in decisions(repo).values()}
    repo.write("package.json", _package_json("react", "lerna"))
    code, data = check(repo)
    assert code == 1 and data["findings"][0]["path"] == "package.json"


_VITE_ADR = ("# 27. Use Vite for web builds\n\n## Status\n\nAccepted\n\n## Context\n\n"
             "Create React App is not maintained any more.\n\n## Decision\n\n"
             "Use Vite to build and bundle the web app.\n")


def _effects(title: str, text: str, vocabulary: Vocabulary,
             options: tuple[str, ...] = ()) -> set[tuple[str, str]]:
    """What a decision's text reads as: (package, value) pairs."""
    return {(p.name, v) for p, v, _ in read_dependencies(
        title, text, options, vocabulary, WORDS).effects}


def _package_json(*names: str) -> str:
    return json.dumps({"name": "web", "dependencies": {n: "1.0.0" for n in names}})


def test_a_package_the_manifests_swapped_for_the_chosen_one_is_a_rejected_option(
        repo: Repo) -> None:
    """"Use Vite" in an ADR whose context names Create React App, where one commit took
    react-scripts out of the manifests and brought vite in: the code says what the choice
    replaced, so re-adding react-scripts warns, naming the ADR and the commit; it does not
    block, since the text does not rule it out (round 20's blind check: jest-dom, dropped
    beside Jest when Vitest came in, was re-adopted later)."""
    repo.commit("Start", ("package.json", _package_json("react", "react-scripts")))
    repo.commit("Move to Vite", ("package.json", _package_json("react", "vite")))
    repo.commit("ADR", ("docs/adr/0027-vite.md", _VITE_ADR))
    records = decisions(repo)
    assert {effect(d) for d in records.values()} >= {"uses npm:vite",
                                                    "rejected npm:react-scripts"}
    [rejected] = [d for d in records.values() if effect(d) == "rejected npm:react-scripts"]
    assert any("replaced it with vite" in line for line in rejected["reading"])
    repo.write("package.json", _package_json("react", "vite", "react-scripts"))
    code, data = check(repo)
    assert code == 0 and data["findings"][0]["path"] == "package.json"
    assert data["findings"][0]["severity"] == "warning"


def test_a_rewrite_that_deletes_a_whole_manifest_replaces_no_one_package(repo: Repo) -> None:
    """nlfiedler/tanuki's move from Rust to TypeScript deleted Cargo.toml in the commit that
    brought its npm packages in (round 31): every crate went at once, so a crate a design
    note names ("base64") is not what the chosen npm package replaced."""
    repo.commit("Start", ("Cargo.toml", '[package]\nname = "app"\n\n[dependencies]\n'
                          'base64 = "0.22"\nserde = "1"\n'))
    repo.git("rm", "-q", "Cargo.toml")
    repo.commit("Rewrite in TypeScript", ("package.json", _package_json("pouchdb")))
    adr = ("# 3. Asset metadata\n\n## Status\n\nAccepted\n\n## Context\n\nThumbnails "
           "travel as base64 strings.\n\n## Decision\n\nUse PouchDB for the metadata.\n")
    repo.commit("ADR", ("docs/adr/0003-metadata.md", adr))
    listed = {effect(d) for d in decisions(repo).values()}
    assert "uses npm:pouchdb" in listed and "rejected cargo:base64" not in listed


@pytest.mark.parametrize("left", ["client", "choice"])
def test_an_option_rejected_in_code_the_repository_left_binds_nothing(
        repo: Repo, left: str) -> None:
    """nlfiedler/zorigami chose Riverpod over get_it for a Flutter client it later replaced
    with a TypeScript one (round 31): with no pubspec left, the rejection is about code that
    is gone, so it is listed as drifting and warns on nothing. Its sevenz-rust, rejected for
    tar in a Rust server that later left tar too, still holds: the server is there."""
    pubspec = "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  {}: ^1.0.0\n"
    repo.commit("Start", ("client/pubspec.yaml", pubspec.format("get_it")))
    repo.commit("Replace get_it with riverpod",
                ("client/pubspec.yaml", pubspec.format("flutter_riverpod")))
    adr = ("# 8. Use Riverpod for service location\n\n## Status\n\nAccepted\n\n## Context"
           "\n\nThe client looks its services up with get_it.\n\n## Decision\n\n"
           "Use flutter_riverpod for service location.\n")
    repo.commit("ADR", ("docs/adr/0008-riverpod.md", adr))
    rejected = {effect(d): d for d in decisions(repo).values()}["rejected pub:get_it"]
    assert rejected["held_back"] is None and rejected["evidence"]["trend"] == "followed"
    if left == "client":
        repo.git("rm", "-q", "-r", "client")
        repo.commit("New client", ("web/package.json", _package_json("solid-js")))
    else:
        repo.commit("Provider", ("client/pubspec.yaml", pubspec.format("provider")))
    rejected = {effect(d): d for d in decisions(repo).values()}["rejected pub:get_it"]
    assert rejected["evidence"]["binds"] is (left == "choice")
    repo.write("client/pubspec.yaml", pubspec.format("provider") + "  get_it: ^1.0.0\n")
    code, data = check(repo)
    found = [f for f in data["findings"] if f["decision"]["id"] == rejected["id"]
             and f["check"] != "evidence"]  # a drifting record's one note on how to settle
    assert code == 0 and bool(found) is (left == "choice")
    if left == "client":
        assert rejected["evidence"]["trend"] == "drifting"
        assert "no pub manifest is left" in rejected["evidence"]["detail"]


def test_a_drop_carried_out_to_the_last_manifest_of_its_ecosystem_still_binds(
        repo: Repo) -> None:
    """Weretik/KedrStore moved its storefront from Tailwind to MudBlazor and took out its
    last package.json doing it (round 31's check of earlier repositories): the ecosystem
    went because the decision was carried out, and MudBlazor, chosen instead, stands, so
    bringing Tailwind back is still against it."""
    csproj = ('<Project Sdk="Microsoft.NET.Sdk.Razor"><ItemGroup>'
              '<PackageReference Include="MudBlazor" Version="7.0.0" /></ItemGroup></Project>')
    repo.commit("Start", ("src/Web/package.json", _package_json("tailwindcss")),
                ("src/Web/Web.csproj", csproj))
    adr = ("# 55. Migrate from Tailwind to MudBlazor\n\n## Status\n\nAccepted\n\n"
           "## Decision\n\nReplace Tailwind with MudBlazor for the storefront.\n")
    repo.commit("ADR", ("docs/adr/0055-mudblazor.md", adr))
    repo.git("rm", "-q", "src/Web/package.json")
    repo.commit("Tailwind gone")
    avoided = {effect(d): d for d in decisions(repo).values()}["avoids npm:tailwindcss"]
    assert avoided["held_back"] is None and avoided["evidence"]["binds"]
    repo.write("src/Web/package.json", _package_json("tailwindcss"))
    code, data = check(repo)
    assert code == 1 and data["findings"][0]["decision"]["id"] == avoided["id"]


@pytest.mark.parametrize("history", [
    # the two changes in separate commits: no commit replaced one with the other
    [_package_json("react", "react-scripts"), _package_json("react", "react-scripts", "vite"),
     _package_json("react", "vite")],
    # react-scripts still declared by another manifest after the commit
    [_package_json("react", "react-scripts"), _package_json("react", "vite")],
])
def test_no_avoid_without_one_commit_that_swaps_them_in_the_whole_tree(
        repo: Repo, history: list[str]) -> None:
    if len(history) == 2:
        repo.commit("Other app", ("tools/package.json", _package_json("react-scripts")))
    for n, manifest in enumerate(history):
        repo.commit(f"Step {n}", ("package.json", manifest))
    repo.commit("ADR", ("docs/adr/0027-vite.md", _VITE_ADR))
    listed = {effect(d) for d in decisions(repo).values()}
    assert "uses npm:vite" in listed and "rejected npm:react-scripts" not in listed


def test_a_swapped_package_the_adr_does_not_name_is_not_avoided(repo: Repo) -> None:
    repo.commit("Start", ("package.json", _package_json("react", "react-scripts")))
    repo.commit("Move to Vite", ("package.json", _package_json("react", "vite")))
    adr = _VITE_ADR.replace("Create React App is not maintained any more.", "Builds are slow.")
    repo.commit("ADR", ("docs/adr/0027-vite.md", adr))
    listed = {effect(d) for d in decisions(repo).values()}
    assert "uses npm:vite" in listed and "rejected npm:react-scripts" not in listed


@pytest.mark.parametrize(("old", "new"), [
    ("launchdarkly-node-server-sdk", "@launchdarkly/node-server-sdk"),  # moved into a scope
    ("@storybook/react", "@storybook/react-vite"),  # a sibling of one vendor's family
    ("serilog-sinks-file", "serilog"),  # a part of the chosen package (Weretik/KedrStore)
])
def test_a_package_renamed_within_its_product_is_not_a_replacement(
        repo: Repo, old: str, new: str) -> None:
    repo.commit("Start", ("package.json", _package_json("react", old)))
    repo.commit("Upgrade", ("package.json", _package_json("react", new)))
    adr = (f"# 16. Use {new}\n\n## Status\n\nAccepted\n\n## Context\n\nWe had `{old}`.\n\n"
           f"## Decision\n\nUse `{new}` for this.\n")
    repo.commit("ADR", ("docs/adr/0016-pick.md", adr))
    listed = {effect(d) for d in decisions(repo).values()}
    assert f"uses npm:{new}" in listed and f"rejected npm:{old}" not in listed


def test_a_name_no_manifest_ever_declared_stays_not_grounded(repo: Repo) -> None:
    repo.commit("Start", ("go.mod", "module example.com/app\n"))
    adr = ("# 5. Use Zodlike for validation\n\n## Status\n\nAccepted\n\n## Decision\n\n"
           "Use zodlike for request bodies.\n")
    repo.commit("ADR", ("docs/adr/0005-validation.md", adr))
    [record] = decisions(repo).values()
    assert record["effect"] is None and record["checks"] == []


def test_words_a_verb_adopts_are_kept_for_the_manifests_history_in_any_case() -> None:
    reading = read_dependencies("Front end", "We will use Semantic UI and replace "
                                "golang-migrate with the team's own code.", [], VOCABULARY,
                                WORDS)
    assert {"semantic", "semantic ui", "golang-migrate"} <= set(reading.lookups)
    assert reading.effects == ()
    assert "the" not in reading.lookups and "own" not in reading.lookups
    # ... a name in code form or a link, and a name after the words it carries (NERC-CEH/
    # datalab's "use [RedBird](…)" and "replace the old Redbird proxy", the ninth held-back set)
    reading = read_dependencies("Proxy", "We have decided to use [RedBird](https://github.com/"
                                "OptimalBits/redbird) and to replace the old Foxbird proxy.",
                                [], VOCABULARY, WORDS)
    assert {"redbird", "foxbird"} <= set(reading.lookups)


@pytest.mark.parametrize("terraform", [False, True])
def test_terraform_providers_ground_only_where_the_tree_has_terraform(repo: Repo,
                                                                     terraform: bool) -> None:
    """"Kubernetes" is the hashicorp/kubernetes provider only in a repository that writes
    Terraform; a Go service that talks about Kubernetes does not decide a provider."""
    files = [("go.mod", "module example.com/app\n\nrequire github.com/rs/zerolog v1.33.0\n")]
    if terraform:
        files.append(("infra/main.tf", 'provider "aws" {\n  region = "eu-west-2"\n}\n'))
    repo.commit("Start", *files)
    repo.commit("Log", ("DECISIONS.md", "## D1: Hosting\n\nWe no longer use Kubernetes.\n"))
    listed = {effect(d) for d in decisions(repo).values()}
    assert ("avoids terraform:hashicorp/kubernetes" in listed) is terraform, listed


def test_a_manifest_change_reads_the_decisions_again(repo: Repo) -> None:
    """What a decision grounds depends on the manifests: the read decisions are cached by
    them too, so a package added later grounds the decision that names it."""
    repo.commit("Start", ("go.mod", "module example.com/app\n\nrequire github.com/rs/zerolog "
                                    "v1.33.0\n"))
    repo.commit("Log", ("DECISIONS.md", "## D1: Logging\n\nWe no longer use logrusish.\n"))
    assert "avoids go:github.com/acme/logrusish" not in {effect(d) for d in
                                                          decisions(repo).values()}
    repo.commit("Add it", ("go.mod", "module example.com/app\n\nrequire (\n\tgithub.com/rs/"
                                     "zerolog v1.33.0\n\tgithub.com/acme/logrusish v1.0.0\n)\n"))
    assert "avoids go:github.com/acme/logrusish" in {effect(d) for d in
                                                      decisions(repo).values()}


def test_a_maven_artifact_name_grounds_in_the_group_that_bears_it() -> None:
    vocabulary = Vocabulary.build([], [("maven", "com.microsoft.playwright:playwright"),
                                       ("maven", "com.deque.html.axe-core:playwright")])
    assert [str(p) for p in vocabulary.lookup("Playwright")] == [
        "maven:com.microsoft.playwright:playwright"]


def test_a_word_several_projects_end_in_names_no_package() -> None:
    """"Use `api` instead of `Abstractions`" is about folder names: nine NuGet packages end
    in .Abstractions, none of them is "Abstractions"."""
    vocabulary = Vocabulary.build([], [("nuget", "Microsoft.Kiota.Abstractions"),
                                       ("nuget", "Microsoft.Extensions.AI.Abstractions"),
                                       ("nuget", "Microsoft.Extensions.Http.Polly"),
                                       ("nuget", "Polly"), ("go", "github.com/a/config-kit"),
                                       ("go", "github.com/b/config-kit")])
    assert vocabulary.lookup("Abstractions") == () and vocabulary.lookup("config-kit") == ()
    assert [str(p) for p in vocabulary.lookup("Polly")] == ["nuget:Polly"]
    reading = read_dependencies("Java folders", "Use `api` instead of `Abstractions`.", [],
                                vocabulary, WORDS)
    assert reading.effects == ()


def test_the_repositorys_own_modules_and_workspace_packages_are_not_dependencies(
        repo: Repo) -> None:
    """A monorepo's Go sub-modules (required and replaced by a local path) and workspace
    packages are its own code: an ADR naming one ("the AWS provider") decides no package."""
    from intentlint.ground.gitio import open_repo
    from intentlint.holding.grounding import declared_in

    repo.commit("Start", ("go.mod", "module github.com/acme/ops\n\nrequire (\n"
                          "\tgithub.com/acme/ops/providers/aws v0.0.0\n"
                          "\tgithub.com/spf13/viper v1.18.0\n)\n\n"
                          "replace github.com/acme/ops/providers/aws => ./providers/aws\n"),
                ("providers/aws/go.mod", "module github.com/acme/ops/providers/aws\n"),
                ("package.json", '{"name": "ops", "dependencies": {"@acme/web": "*", '
                                 '"react": "18"}}'),
                ("web/package.json", '{"name": "@acme/web", "dependencies": {"react": "18"}}'))
    found = set(declared_in(open_repo(repo.root), "HEAD"))
    assert ("go", "github.com/spf13/viper") in found and ("npm", "react") in found
    assert not found & {("go", "github.com/acme/ops/providers/aws"), ("npm", "@acme/web"),
                        ("go", "github.com/acme/ops"), ("npm", "ops")}
    adr = ("# 5. Secrets from AWS\n\n## Status\n\nAccepted\n\n## Decision\n\n"
           "Use the aws provider for secrets.\n")
    repo.commit("ADR", ("docs/adr/0005-secrets.md", adr))
    [record] = decisions(repo).values()
    assert record["effect"] is None


def test_an_earlier_proposal_does_not_hold_back_the_decision_taken_after_it(repo: Repo) -> None:
    """Round 14: a 2023 proposal to use React and the 2024 ADR that chose Vue 3 over React;
    the proposal overtaken is no conflict, and nothing says it would replace the decision."""
    repo.commit("ADRs", ("docs/decisions/0003-use-react.md",
                         "# Use React\n\nDate: 2023-05-02\n**Status**: proposed\n\n"
                         "## Decision Outcome\n\nChosen option: React.\n"),
                ("docs/decisions/0009-vue-3.md",
                 "# Migrate to Vue 3\n\nDate: 2024-06-11\nStatus: Accepted <!-- Proposed | "
                 "Accepted -->\n\n## Considered Options\n\n- Upgrade to Vue 3\n- Migrate to React\n"
                 "\n## Decision Outcome\n\nChosen option: Upgrade to Vue 3.\n"),
                ("package.json", '{"dependencies": {"vue": "^3.4"}}\n'))
    listed = decisions(repo)
    assert effect(listed["ADR-0009.2"]) == "rejected npm:react"
    assert listed["ADR-0009.2"]["status"] == "active" and listed["ADR-0009.2"]["enforced_by"]
    out = runner.invoke(app, ["decisions", "-C", str(repo.root)]).output
    assert "both accepted" not in out and "would replace" not in out
    repo.write("package.json", '{"dependencies": {"vue": "^3.4", "react": "^18"}}\n')
    code, data = check(repo)
    assert code == 0 and [f["decision"]["id"] for f in data["findings"]] == ["ADR-0009.2"]


# --- grounding a product's name where no manifest writes it --------------------------------


def test_a_product_named_by_the_one_package_that_begins_with_it(repo: Repo) -> None:
    """"Renjin" is org.renjin:renjin-script-engine: the only declared package whose name
    begins with it; said in passing ("Renjin was slow") it binds nothing."""
    repo.commit("ADRs",
                ("build.gradle", "dependencies {\n    implementation "
                 "'org.renjin:renjin-script-engine:3.5'\n}\n"),
                ("docs/adr/0001-optimiser.md", "# 1. Use Renjin to run the optimiser\n\n"
                 "## Status\n\nAccepted\n\n## Decision\n\nWe will use Renjin.\n"),
                ("docs/adr/0002-speed.md", "# 2. Batch the optimiser runs\n\n## Status\n\n"
                 "Accepted\n\n## Decision\n\nRuns are batched nightly. Renjin was slow "
                 "for single requests.\n"))
    effects = {r["id"]: effect(r) for r in decisions(repo).values()}
    assert effects["ADR-0001"] == "uses maven:org.renjin:renjin-script-engine"
    assert effects["ADR-0002"] == ""


def test_a_family_of_several_packages_grounds_no_product(repo: Repo) -> None:
    """react-dom and react-router both begin with "react": neither is "React"."""
    vocabulary = Vocabulary.build((), [("npm", "react-dom"), ("npm", "react-router"),
                                       ("npm", "sentry-cli"), ("npm", "html-webpack-plugin"),
                                       ("npm", "postcss-prefixwrap"), ("pypi", "django-environ"),
                                       ("maven", "org.ff4j:ff4j-spring-boot-starter-webmvc")])
    assert vocabulary.lookup("react") == ()
    assert [p.name for p in vocabulary.lookup("sentry")] == ["sentry-cli"]
    assert [p.name for p in vocabulary.lookup("FF4J")] == [
        "org.ff4j:ff4j-spring-boot-starter-webmvc"]
    # a word before it is a product, a host a plugin serves, a framework a package serves
    assert [vocabulary.lookup(w) for w in ("html", "postcss", "django")] == [(), (), ()]


def test_a_hosted_service_is_the_sdk_its_manifests_declare(repo: Repo) -> None:
    """"Sentry" in a Rails app with a package.json is its sentry-raven gem, not also the npm
    SDKs the alias table lists; where no SDK is declared, nothing is guessed."""
    repo.commit("ADR",
                ("Gemfile", "source 'https://rubygems.org'\ngem 'rails'\ngem 'sentry-raven'\n"),
                ("package.json", '{"dependencies": {"govuk-frontend": "^5"}}\n'),
                ("docs/adr/0002-errors.md", "# 2. Use Sentry for application monitoring\n\n"
                 "## Status\n\nAccepted\n\n## Decision\n\nSentry will collect our "
                 "exceptions.\n"),
                ("docs/adr/0003-perf.md", "# 3. Use New Relic for performance monitoring\n\n"
                 "## Status\n\nAccepted\n\n## Decision\n\nWe will use New Relic.\n"))
    effects = sorted(effect(r) for r in decisions(repo).values() if r["effect"])
    # New Relic: no SDK declared, and the table knows one for each ecosystem in use: which
    # is meant is a guess (round 19's final check), left for a stated package.
    assert effects == ["uses rubygems:sentry-raven"]


def test_an_alternative_no_manifest_declared_is_listed_not_bound(repo: Repo) -> None:
    """"Common alternatives are New Relic and DataDog": the alias table would guess their
    packages, but nothing here ever declared them; an option the ADR lists as one binds
    (test_rejected_options_of_an_accepted_adr_warn)."""
    repo.commit("ADR", ("Gemfile", "source 'https://rubygems.org'\ngem 'skylight'\n"),
                ("docs/adr/0020-apm.md", "# 20. Use Skylight\n\n## Status\n\nAccepted\n\n"
                 "## Decision\n\nWe will use Skylight. Common alternatives considered were New "
                 "Relic and DataDog.\n"))
    records = decisions(repo)
    assert sorted(effect(r) for r in records.values() if r["effect"]) == ["uses rubygems:skylight"]
    result = runner.invoke(app, ["explain", "ADR-0020", "-C", str(repo.root)])
    assert "newrelic_rpm (considered, never in a manifest here)" in result.output


def test_a_package_manager_is_grounded_by_its_lockfile(repo: Repo) -> None:
    """uv is declared nowhere, but uv.lock shows it in use; yarn.lock, deleted since, shows
    yarn was ("Use npm instead of yarn", written after the switch)."""
    repo.commit("Yarn", ("package.json", '{"dependencies": {"express": "^4"}}\n'),
                ("yarn.lock", "# yarn lockfile v1\n"))
    repo.git("rm", "-q", "yarn.lock")
    repo.commit("Switch", ("package-lock.json", "{}\n"),
                ("requirements-dev.in", "pip-tools\n"), ("uv.lock", "version = 1\n"),
                ("docs/adr/0004-npm.md", "# 4. Use npm instead of yarn\n\n## Status\n\n"
                 "Accepted\n\n## Decision\n\nSwitch to npm.\n"),
                ("docs/adr/0005-uv.md", "# 5. Switch to uv\n\n## Status\n\nAccepted\n\n"
                 "## Decision\n\nWe will use `uv` for dependency management, replacing "
                 "pip-tools.\n"))
    effects = sorted(effect(r) for r in decisions(repo).values() if r["effect"])
    assert effects == ["avoids npm:yarn", "avoids pypi:pip-tools", "uses npm:npm",
                       "uses pypi:uv"]


def test_a_command_in_code_form_is_run_not_chosen() -> None:
    vocabulary = Vocabulary.build((), [("npm", "yarn"), ("npm", "express")])
    reading = read_dependencies("Separate the worker process",
                                "You can start it using `yarn app start:worker`.", (),
                                vocabulary, WORDS)
    assert reading.effects == ()
    assert read_dependencies("Start it", "We will be using `yarn`.", (), vocabulary,
                             WORDS).effects != ()


@pytest.mark.parametrize(("text", "expected"), [
    # a sentence that opens "As we …" gives the reason for what follows (BEIS's ADR 11)
    ("As we are currently using Simple Form, the two builders can co-exist.", {}),
    # a decision stated in the present tense (smarter's CI/CD ADR, lost for a while)
    ("The project maintains build and test workflows using Playwright.",
     {"pypi:playwright": "used"}),
    ("We will be using Playwright for browser tests.", {"pypi:playwright": "used"}),
    # a change described is no move (ensembl-client's MobX; round 16) …
    ("In MobX, state is a mutable object that is changed via getters and setters.", {}),
    ("The state management changed from Redux to MobX.",
     {"npm:redux": "avoided", "npm:mobx": "used"}),
    # … and the verb nearest the name governs it (mozilla/experimenter's ADR 2 title)
    ("Directory Tree Changes and Use Playwright", {"pypi:playwright": "used"}),
])
def test_using_and_changing_choose_only_where_a_choice_is_said(text: str,
                                                               expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build([(n, e, p) for n, e, p in (
        ("simple form", "rubygems", "simple_form"), ("mobx", "npm", "mobx"),
        ("redux", "npm", "redux"), ("playwright", "pypi", "playwright"))],
        [("rubygems", "simple_form"), ("npm", "mobx"), ("npm", "redux"),
         ("pypi", "playwright")])
    assert {str(p): v for p, v, _ in read_dependencies("Decision", text, (), vocabulary,
                                                       WORDS).effects} == expected


@pytest.mark.parametrize(("title", "text", "expected"), [
    # A gem its noun grounds keeps its package when "gem" is cut from the sentence.
    ("Standardise authentication", "Use the omniauth gem for third party providers.",
     ["used rubygems:omniauth"]),
    # ... but a function word before "gem" is no gem.
    ("Record changes ourselves", "We remove the gem and write our own.", []),
    # MADR's outcome naming a product with a dot in it.
    ("User message sending", "GOV.UK Notify, because it fulfils our needs.",
     ["used rubygems:notifications-ruby-client"]),
    # "prefer X over Y" adopts X.
    ("Tests", "Prefer dugite over raw git commands in tests.", ["used npm:dugite"]),
])
def test_names_a_sentence_marks_as_packages(title: str, text: str, expected: list[str]) -> None:
    vocabulary = Vocabulary.build([("GOV.UK Notify", "rubygems", "notifications-ruby-client")],
                                  [("rubygems", "rails"), ("npm", "dugite"),
                                   ("rubygems", "notifications-ruby-client")])
    reading = read_dependencies(title, text, (), vocabulary, WORDS)
    assert sorted(f"{v} {p}" for p, v, _ in reading.effects) == expected


def test_a_short_form_ending_a_longer_product_name_grounds_nothing() -> None:
    """Azure.Core's short form "Core" is not ".NET Core"; "Functions" of "Durable Functions"
    is not the Functions SDK; the same words alone, or as code, still name them."""
    vocabulary = Vocabulary.build((), [("nuget", "Azure.Core"),
                                       ("nuget", "Microsoft.NET.Sdk.Functions")])
    assert vocabulary.mentions("We will continue to use .NET Core 3.1.") == []
    assert vocabulary.mentions("Bulk matching uses Durable Functions for fan-out.") == []
    assert [m[2][0].name for m in vocabulary.mentions("Done. Core stays; we use `Functions`.")] \
        == ["Azure.Core", "Microsoft.NET.Sdk.Functions"]


def test_a_hedged_choice_binds_nothing() -> None:
    vocabulary = Vocabulary.build((), [("pypi", "sqlalchemy"), ("pypi", "alembic")])
    reading = read_dependencies("Performance data", "We'll manage the new table, likely using "
                                "SQLAlchemy, possibly with Alembic for migrations.", (),
                                vocabulary, WORDS)
    assert reading.effects == ()


def test_a_list_of_choices_adopts_each_item_that_opens_with_a_name() -> None:
    """"We will be using the following: - **Vue** for the UI - **Pinia** as the data store";
    items after a lead-in that weighs options are options, not choices."""
    vocabulary = Vocabulary.build((), [("npm", "vue"), ("npm", "pinia"), ("npm", "celery"),
                                       ("npm", "license-checker")])
    text = ("We will be using the following frameworks:\n\n- **Vue** for the UI\n"
            "- **Pinia** as the data store\n- **license-checker** for licenses.\n"
            "- The latest **LTS of Node** as the engine.\n\nWe considered these options:\n\n"
            "- Celery for jobs\n")
    reading = read_dependencies("Frontend stack", text, (), vocabulary, WORDS)
    assert sorted(p.name for p, v, _ in reading.effects if v == "used") == [
        "license-checker", "pinia", "vue"]


def test_a_composer_package_is_named_by_its_own_part_only_when_the_vendor_bears_it() -> None:
    vocabulary = Vocabulary.build((), [("composer", "guzzlehttp/guzzle"),
                                       ("composer", "laminas/laminas-mvc-middleware"),
                                       ("composer", "symfony/config"),
                                       ("composer", "sylius/resource")])
    assert [p.name for p in vocabulary.lookup("Guzzle")] == ["guzzlehttp/guzzle"]
    assert [p.name for p in vocabulary.lookup("laminas-mvc-middleware")] == [
        "laminas/laminas-mvc-middleware"]
    assert vocabulary.lookup("Config") == () and vocabulary.lookup("resource") == ()


@pytest.mark.parametrize(("text", "chosen"), [
    ("Vitest", ["vitest"]), ("Vite + React", ["react", "vite"]), ("`vitest`.", ["vitest"]),
    ("Vitest is fast.", []), ("We looked at Vitest.\n\nNothing was decided.", [])])
def test_a_decision_that_is_a_name_alone_chooses_it(text: str, chosen: list[str]) -> None:
    """johnyherangi/foodstuffs-technical-exercise (tried unseen): "## Decision" / "Vitest",
    over "## Alternatives" / "Jest", read as nothing. A sentence about the name is no such
    decision."""
    vocabulary = Vocabulary.build((), [("npm", "vitest"), ("npm", "vite"), ("npm", "react")])
    reading = read_dependencies("Unit testing library", text, (), vocabulary, WORDS)
    assert sorted(p.name for p, v, _ in reading.effects if v == "used") == chosen


def test_sticking_to_a_framework_chooses_it() -> None:
    """corona-hackathon's ADRs 3 and 9 (round 27): "We stick to [Spring Boot], with [Java 11]
    and [Gradle]" and "We stick to [Angular] together with …" chose nothing."""
    vocabulary = Vocabulary.build((), [("npm", "@angular/core"), ("npm", "@angular/router")])
    reading = read_dependencies("Frontend Framework", "We stick to [Angular](https://angular.io)"
                                " together with NG Alain.", (), vocabulary, WORDS)
    assert [(p.name, v) for p, v, _ in reading.effects] == [("@angular/*", "used")]


def test_a_composer_package_is_named_by_its_vendors_camel_case_repository() -> None:
    """dxw/wordpress-template's ADR 6 (round 27): "Add the [Roave/SecurityAdvisories](…)
    package" chose roave/security-advisories and was read as nothing."""
    vocabulary = Vocabulary.build((), [("composer", "roave/security-advisories")])
    reading = read_dependencies(
        "Use Roave/SecurityAdvisories to help protect against vulnerable packages",
        "Add the [Roave/SecurityAdvisories](https://github.com/Roave/SecurityAdvisories) "
        "package to our template theme as a Composer dev dependency.", (), vocabulary, WORDS)
    assert [(p.name, v) for p, v, _ in reading.effects] == [
        ("roave/security-advisories", "used")]
    assert vocabulary.lookup("SecurityAdvisories") == ()  # the vendor's name goes with it


def test_an_acronym_or_a_negated_relation_is_not_a_package_decision() -> None:
    """"UUID" is the concept google/uuid shortens to; "not tied to our Flask framework" is
    independence from Flask, not a ban (both read as avoided before)."""
    vocabulary = Vocabulary.build((), [("go", "github.com/google/uuid"), ("pypi", "flask")])
    assert vocabulary.mentions("The key is not a UUID; use a string instead of the UUID.") == []
    assert [p.name for m in vocabulary.mentions("Use `uuid` for keys.") for p in m[2]] == [
        "github.com/google/uuid"]
    reading = read_dependencies("Use homegrown authz", "This provider is not tied to or "
                                "specific to our Flask framework.", (), vocabulary, WORDS)
    assert reading.effects == ()
    assert read_dependencies("Web framework", "We will not use Flask.", (), vocabulary,
                             WORDS).effects[0][1] == "avoided"


EXCEL = ("Use **exceljs** for parsing spreadsheets.\n\n### Alternatives Considered\n\n"
         "| Library | Pros | Cons | Decision |\n| --- | --- | --- | --- |\n"
         "| **xlsx (SheetJS)** | Most widely adopted. Broad features. | A CVE. | ❌ Rejected |\n"
         "| **read-excel-file** | Lightweight | Limited | ❌ Rejected |\n"
         "| **exceljs** | Full read capabilities | Verbose | ✅ **Selected** |\n")


def test_a_decision_table_states_its_choice_and_a_cell_is_no_sentence() -> None:
    """An unseen repository's ADR chose exceljs over SheetJS in a table; read across its
    cells, "SheetJS | Most widely adopted" made SheetJS the choice, and `preflight xlsx`
    answered "chosen"."""
    aliases = [("sheetjs", "npm", "xlsx")]
    grounded = Vocabulary.build(aliases, [("npm", "exceljs"), ("npm", "xlsx"),
                                          ("npm", "read-excel-file")])
    reading = read_dependencies("File parsing", EXCEL, (), grounded, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {
        "npm:exceljs": "used", "npm:xlsx": "rejected", "npm:read-excel-file": "rejected"}
    # The choice grounds nowhere: the options not chosen bind nothing either.
    alone = read_dependencies("File parsing", EXCEL, (), Vocabulary.build(aliases, []), WORDS)
    assert alone.effects == ()
    # A table that compares features says nothing of a choice.
    matrix = "| Library | Notes |\n|---|---|\n| SheetJS | Widely adopted, we use it for CSV |\n"
    assert read_dependencies("Spreadsheets", matrix, (), grounded, WORDS).effects == ()


def test_a_verb_of_choosing_is_no_part_of_a_longer_name() -> None:
    """Sylius' MADR outcome "Chosen *Using Behat for the feature coverage*": "Using" is not
    the first word of a product "Using Behat"."""
    vocabulary = Vocabulary.build((), [("composer", "behat/behat")])
    reading = read_dependencies("Feature coverage", "Chosen *Using Behat for the feature "
                                "coverage*, because it is the only option.", (), vocabulary,
                                WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {"composer:behat/behat": "used"}


def test_a_name_with_its_language_suffix_and_a_clause_describing_it() -> None:
    """buy-for-your-school, unseen: "Change from [Standard.rb](…), which is a wrapper around
    [Rubocop](), to the GovUK maintained version" avoided nothing and adopted Rubocop."""
    vocabulary = Vocabulary.build((), [("rubygems", "standard"), ("rubygems", "rubocop"),
                                       ("rubygems", "rubocop-govuk"), ("npm", "standard")])
    text = ("Change from [Standard.rb](https://github.com/testdouble/standard), which is a "
            "wrapper around [Rubocop](), to the [GovUK maintained version](https://x/y).")
    reading = read_dependencies("Use rubocop-govuk for code linting", text, (), vocabulary,
                                WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {
        "rubygems:standard": "avoided", "rubygems:rubocop-govuk": "used"}
    assert [p.name for p in vocabulary.lookup("Standard.rb")] == []  # only in prose forms
    assert [str(p) for m in vocabulary.mentions("Use `Standard.rb`.") for p in m[2]] == [
        "rubygems:standard"]


def test_a_word_other_ecosystems_declare_is_no_guess_of_the_alias_table() -> None:
    """Round 15, judged blind: in a Java project declaring protobuf-java-util, "protobuf"
    was PyPI's protobuf (a binding avoid, wrong); in a Go project declaring three protobuf
    modules, it was all three."""
    aliases = [("protobuf", "pypi", "protobuf")]
    java = Vocabulary.build(aliases, [("maven", "com.google.protobuf:protobuf-java-util"),
                                      ("pypi", "requests")])
    assert java.lookup("protobuf") == ()
    go = Vocabulary.build(aliases, [("go", "github.com/gogo/protobuf"),
                                    ("go", "google.golang.org/protobuf"), ("pypi", "sphinx")])
    assert go.lookup("protobuf") == ()
    python = Vocabulary.build(aliases, [("pypi", "requests")])
    assert [str(p) for p in python.lookup("Protobuf")] == ["pypi:protobuf"]


def test_bare_items_adopt_only_after_a_lead_in_that_chooses() -> None:
    """flux2 (round 15, judged blind): "add a new flag to the following controllers:" then
    "* source-controller" adopted each controller."""
    vocabulary = Vocabulary.build((), [("npm", "vue"), ("npm", "pinia")])
    enumerated = "Add a new flag to the following packages:\n\n* **Vue**\n* **Pinia**\n"
    assert read_dependencies("Insecure HTTP", enumerated, (), vocabulary, WORDS).effects == ()
    chosen = "We will be using the following:\n\n* **Vue**\n* **Pinia**\n"
    assert sorted(p.name for p, _, _ in read_dependencies(
        "Front end", chosen, (), vocabulary, WORDS).effects) == ["pinia", "vue"]
    used = "Add these packages:\n\n* **vue** for the UI\n"
    assert [p.name for p, _, _ in read_dependencies(
        "Front end", used, (), vocabulary, WORDS).effects] == ["vue"]


def test_the_subject_of_a_use_and_a_registry_before_package_are_not_chosen() -> None:
    """Round 15, judged blind: "Requests use a hashed version of the MBI" adopted the
    requests library; "use a NPM package to help manage the fonts" adopted npm."""
    vocabulary = Vocabulary.build([("requests", "pypi", "requests")],
                                  [("pypi", "requests"), ("npm", "npm"), ("pypi", "rq")])
    for text in ("Requests use a hashed version of the id.",
                 "We chose to use a NPM package to help manage the fonts."):
        assert read_dependencies("Ids", text, (), vocabulary, WORDS).effects == ()
    assert [str(p) for p, _, _ in read_dependencies(
        "Jobs", "RQ uses Redis; we will use RQ.", (), vocabulary, WORDS).effects] == ["pypi:rq"]


def test_the_owners_other_modules_and_the_own_scope_are_the_projects_parts(repo: Repo) -> None:
    """flux2 (round 15, judged blind): its RFCs "adopted" github.com/fluxcd/source-controller
    /api, a module of the project's own owner; and a list of "name: description" items under
    a lead-in that chooses nothing still adopts (the tools a template includes)."""
    from intentlint.ground.gitio import open_repo
    from intentlint.holding.grounding import declared_in

    repo.commit("Start", ("go.mod", "module github.com/acme/ops/v2\n\nrequire (\n"
                          "\tgithub.com/acme/source-controller/api v1.0.0\n"
                          "\tgithub.com/spf13/viper v1.18.0\n)\n"),
                ("web/package.json", '{"name": "@acme/web", "dependencies": {"@acme/ui": "1", '
                                     '"@tanstack/query": "5"}}'))
    found = set(declared_in(open_repo(repo.root), "HEAD"))
    assert ("go", "github.com/spf13/viper") in found and ("npm", "@tanstack/query") in found
    assert not found & {("go", "github.com/acme/source-controller/api"), ("npm", "@acme/ui")}
    vocabulary = Vocabulary.build([("pytest", "pypi", "pytest"), ("tox", "pypi", "tox")],
                                  [("pypi", "pytest"), ("pypi", "tox")])
    text = ("The template includes several tools:\n\n- Pytest: A testing framework.\n"
            "- Tox: Automates testing across environments.\n")
    assert sorted(p.name for p, _, _ in read_dependencies(
        "Project template", text, (), vocabulary, WORDS).effects) == ["pytest", "tox"]


def test_a_link_text_calling_a_name_a_package_is_no_command() -> None:
    """find-information-about-academies-and-trusts (round 15): "We will use
    [NetEscapades.AspNetCore.SecurityHeaders nuget package](…)" read as a command run."""
    vocabulary = Vocabulary.build((), [("nuget", "NetEscapades.AspNetCore.SecurityHeaders"),
                                       ("npm", "yarn")])
    text = ("We will use [NetEscapades.AspNetCore.SecurityHeaders nuget package](https://x/y) "
            "to secure our inline scripts.")
    assert [p.name for p, v, _ in read_dependencies("Security headers", text, (), vocabulary,
                                                    WORDS).effects] == [
        "NetEscapades.AspNetCore.SecurityHeaders"]
    assert read_dependencies("Start it", "You start it using `yarn app start:worker`.", (),
                             vocabulary, WORDS).effects == ()


def test_an_option_the_decision_itself_names_is_not_rejected() -> None:
    """early-years-foundation-reform (round 15): every option named Redis, the chosen one
    too ("Use classic Azure Cache for Redis"); Redis became a rejected option and warned
    when the gem was added. A name only in the decision's reason is still rejected."""
    vocabulary = Vocabulary.build([(n, "rubygems", n) for n in ("redis", "rq", "celery")],
                                  [("rubygems", "redis"), ("rubygems", "rq"),
                                   ("rubygems", "celery")])
    options = ["Continue with Redis Enterprise", "Use RQ with Redis"]
    text = "We use RQ backed by Redis for the queue."
    effects = {str(p): v for p, v, _ in read_dependencies("Queue", text, options, vocabulary,
                                                          WORDS).effects}
    assert effects == {"rubygems:rq": "used"}
    reasoned = read_dependencies("Queue", "Chosen option: RQ, because Celery is heavy.",
                                 ["RQ", "Celery"], vocabulary, WORDS)
    assert ("rubygems:celery", "rejected") in {(str(p), v) for p, v, _ in reasoned.effects}


def test_a_scope_named_after_a_product_and_a_manifest_name_in_capitals() -> None:
    """pod-os/PodOS (unseen): "Use Stencil.js" adopted `stencil-router-v2`, the one unscoped
    package beginning "stencil", though `@stencil/core` is the product; "Uses URL" adopted
    the `url` package."""
    vocabulary = Vocabulary.build((), [("npm", "stencil-router-v2"), ("npm", "@stencil/core"),
                                       ("npm", "url"), ("npm", "sentry-raven")])
    assert [p.name for p in vocabulary.lookup("stencil")] == ["@stencil/*"]  # the scope
    assert [p.name for p in vocabulary.lookup("sentry")] == ["sentry-raven"]
    assert read_dependencies("Offline access", "The service worker uses URL rewriting to "
                             "serve cached data.", (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Parsing", "We will use `URL` helpers from the `url` package.", (), vocabulary,
        WORDS).effects] == ["url"]


def test_a_choice_named_by_a_heading_a_table_cell_or_an_item_in_code_form() -> None:
    """The development corpus: "### Chosen Alternative: [Faktory](…)" chose nothing (a
    heading was skipped), nor did "| Faktory | ✅ Selected |" (a name only go.mod knows,
    as the cell's first word) or an item "* `Faktory`" (the code quotes were compared)."""
    vocabulary = Vocabulary.build((), [("go", "github.com/contribsys/faktory"),
                                       ("go", "github.com/hibiken/asynq")])
    faktory = {"go:github.com/contribsys/faktory": "used"}
    for text in ("### Chosen Alternative: [Faktory](https://github.com/contribsys/faktory)\n"
                 "* Redis not needed initially.\n",
                 "| Option | Verdict |\n|---|---|\n| Faktory | ✅ Selected |\n",
                 "We will use:\n\n* `Faktory`\n"):
        assert {str(p): v for p, v, _ in read_dependencies(
            "Background jobs", text, (), vocabulary, WORDS).effects} == faktory, text
    # A heading that only names an option, or a section, decides nothing.
    for text in ("### Faktory\n* `+` Dedicated worker server\n",
                 "### Asynq\n\nRuns on Redis.\n"):
        assert read_dependencies("Background jobs", text, (), vocabulary, WORDS).effects == ()


def test_names_written_with_a_platform_suffix_or_a_site_domain() -> None:
    """"Use DangerJS", "Stryker.NET" (the NuGet tool dotnet-stryker), "locust.io" and a
    reStructuredText link "Django-CRUM_" name packages the manifests declare."""
    vocabulary = Vocabulary.build((), [("npm", "danger"), ("nuget", "dotnet-stryker"),
                                       ("pypi", "locust"), ("pypi", "django-crum"),
                                       ("npm", "node")])
    cases = {"Use DangerJS to enforce conventions on PRs.": "npm:danger",
             'Chosen option: "[Stryker.NET]", because it reports well.': "nuget:dotnet-stryker",
             "Use [locust.io](https://locust.io/) to test parallel logins.": "pypi:locust",
             "We will make use of Django-CRUM_ and thread-local storage.": "pypi:django-crum"}
    for text, package in cases.items():
        assert [str(p) for p, _, _ in read_dependencies(
            "Tooling", text, (), vocabulary, WORDS).effects] == [package], text
    # A suffix of another ecosystem grounds nothing: "Danger.rb" is no npm package.
    assert read_dependencies("Tooling", "Use Danger.rb on PRs.", (), vocabulary,
                             WORDS).effects == ()


def test_an_options_pros_and_cons_are_not_options(repo: Repo) -> None:
    """managed-care-review's ADR 022 weighed "### Use precommit and linting tools", one of
    whose pros was "Follows existing pattern in the app (`lint-staged`)": lint-staged became
    a rejected option, though the app declares it."""
    adr = ("# Use DangerJS to enforce code conventions\n\n* Status: accepted\n\n"
           "## Decision Outcome\n\nChosen option: DangerJS, to flag conventions on PRs.\n\n"
           "## Considered Options\n\n* Use DangerJS\n* Use Husky\n\n### Use Husky\n\n"
           "* `+` Follows the existing pattern in the app (`lint-staged`)\n"
           "* Bad, because developers can skip it (`lint-staged` again)\n")
    repo.commit("ADR", ("docs/adr/0022-danger.md", adr), ("package.json", json.dumps(
        {"devDependencies": {"danger": "^13", "husky": "^9", "lint-staged": "^15"}})))
    assert {effect(d) for d in decisions(repo).values()} == {"uses npm:danger",
                                                            "rejected npm:husky"}


def test_major_versions_of_one_go_module_are_one_product() -> None:
    """cluster-api and crossplane (round 16, judged blind): "Ginkgo" became two records,
    ginkgo and ginkgo/v2, and the one of the old major version "drifted"; "Cosign" became
    cosign/v2 and cosign/v3."""
    vocabulary = Vocabulary.build((), [("go", "github.com/onsi/ginkgo"),
                                       ("go", "github.com/onsi/ginkgo/v2"),
                                       ("go", "github.com/sigstore/cosign/v2"),
                                       ("go", "github.com/sigstore/cosign/v3")])
    reading = read_dependencies("E2E tests", "We will use Ginkgo and Cosign.", (), vocabulary,
                                WORDS)
    assert sorted(str(p) for p, _, _ in reading.effects) == [
        "go:github.com/onsi/ginkgo/v2", "go:github.com/sigstore/cosign/v3"]


def test_examples_of_a_kind_are_not_chosen() -> None:
    """Round 16, judged blind: "Examples could be using CRDs external to the machine-api,
    gRPC communications, or additional annotations" adopted grpc; "CI systems like GitHub
    Actions" (in a proposal to use Earthly) was read as a choice of GitHub Actions."""
    vocabulary = Vocabulary.build([("github actions", "ci", "github-actions")],
                                  [("go", "google.golang.org/grpc"), ("go", "github.com/a/b")])
    for text in ("Examples include using gRPC for the hooks.",
                 "We integrate with CI systems like GitHub Actions and drop Make."):
        assert read_dependencies("Hooks", text, (), vocabulary, WORDS).effects == (), text
    assert [str(p) for p, _, _ in read_dependencies(
        "Hooks", "We use gRPC for the hooks.", (), vocabulary, WORDS).effects] == [
        "go:google.golang.org/grpc"]


def test_wrapped_lines_are_one_sentence() -> None:
    """Hard-wrapped prose was read line by line: cluster-api's "… Examples could" / "be using
    CRDs external to the machine-api, gRPC communications, or" adopted gRPC (round 16,
    judged blind); "we will make use of" / "Django-CRUM_ and …" adopted nothing."""
    vocabulary = Vocabulary.build((), [("go", "google.golang.org/grpc"), ("pypi", "django-crum"),
                                       ("pypi", "flask")])
    example = ("Hook implementing controllers may order themselves. Examples could\n"
               "be using CRDs external to the machine-api, gRPC communications, or\n"
               "additional annotations.\n")
    assert read_dependencies("Hooks", example, (), vocabulary, WORDS).effects == ()
    wrapped = "For simpler queries, we will make use of\nDjango-CRUM_ and thread-local storage.\n"
    assert [str(p) for p, _, _ in read_dependencies(
        "Queries", wrapped, (), vocabulary, WORDS).effects] == ["pypi:django-crum"]
    # items, headings and code blocks still stand alone
    items = "We will use:\n\n- **Flask**\n- `django-crum`\n\n```\nremove flask\n```\n"
    assert {str(p): v for p, v, _ in read_dependencies(
        "Stack", items, (), vocabulary, WORDS).effects} == {"pypi:flask": "used",
                                                             "pypi:django-crum": "used"}


@pytest.mark.parametrize(("text", "expected"), [
    # a comma splice opens a clause of its own: its "if" hedges only that clause (BEIS)
    ("Use the omniauth gem to standardise authentication to third party providers, this also "
     "supports changing provider if deemed necessary.", {"rubygems:omniauth": "used"}),
    # what a choice is meant to do ("to map more closely to the NestJS way") is no choice
    ("We have decided to adopt the Datamapper pattern for this project, to make testing easier "
     "and map more closely to the NestJS way of doing things.", {}),
    # ", as it …" gives the reason
    ("We will use TypeORM as our ORM library, as it integrates well with the NestJS framework.",
     {"npm:typeorm": "used"}),
    # what one part of the project keeps out, another may depend on (nrich's `core` module)
    ("`core` module should not depend on any TypeORM dependency.", {}),
    ("We must not depend on TypeORM.", {"npm:typeorm": "avoided"}),
    # "has come a long way from JUnit 4 and … to the project" moves nothing
    ("JUnit 5 has come a long way from JUnit 4 and combined with AssertJ can make writing "
     "tests easy without the need of introducing another language to the project.", {}),
    # a link's address names the package its longer text describes
    ("We will use a separate [interactive-templates repo](https://github.com/o/"
     "interactive-templates) to hold the templates.", {"pypi:interactive-templates": "used"}),
])
def test_what_a_sentence_around_a_name_says_of_it(text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build([("omniauth", "rubygems", "omniauth"),
                                   ("nestjs", "npm", "@nestjs/core")],
                                  [("rubygems", "omniauth"), ("npm", "typeorm"),
                                   ("npm", "@nestjs/core"), ("maven", "junit:junit"),
                                   ("pypi", "interactive-templates")])
    assert {str(p): v for p, v, _ in read_dependencies("Decision", text, (), vocabulary,
                                                       WORDS).effects} == expected


@pytest.mark.parametrize(("text", "expected"), [
    # ensembl-client (round 16, judged blind): read as choosing Enzyme, the library it leaves
    ("It is a safer bet to switch to `react-testing-library` now, and to prefer the seamless "
     "upgrades it offers to the more convenient selection api of `enzyme`.",
     {"npm:@testing-library/react": "used"}),
    ("Switch to Vite and Vitest for the frontend build.",
     {"npm:vite": "used", "npm:vitest": "used"}),
    ("We will migrate the tests to Vitest.", {"npm:vitest": "used"}),
    # ensembl-client's ADR 14: "settled upon" chooses; a range of ways "from … to …" does not
    ("We have therefore settled upon Vite, for a number of reasons.", {"npm:vite": "used"}),
    ("Vite offers a variety of ways to integrate with Enzyme, from black-box "
     "implementations to using individual modules.", {}),
    # what a choice is for, after "went with" too (Wikibase's ADR 6)
    ("We still went with Vite in the submodules to run the tests in the context of Vitest.",
     {"npm:vite": "used"}),
])
def test_a_move_adopts_where_it_goes(text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build(
        [("react-testing-library", "npm", "@testing-library/react")],
        [("npm", "@testing-library/react"), ("npm", "enzyme"), ("npm", "vite"),
         ("npm", "vitest")])
    assert {str(p): v for p, v, _ in read_dependencies("Decision", text, (), vocabulary,
                                                       WORDS).effects} == expected


def test_a_chosen_option_label_alone_on_its_line_names_the_next_paragraph_or_item() -> None:
    """mozilla-services/merino-py (the sixth held-back set, seen after its score): MADR's
    "Chosen option:" on a line of its own, the option in the next paragraph ("**A**.
    `gcloud-aio-storage`") or item ("* **A. Locust**"), chose nothing."""
    vocabulary = Vocabulary.build((), [("pypi", "gcloud-aio-storage"), ("pypi", "locust"),
                                       ("pypi", "google-cloud-storage")])
    for text, package in (
            ("Chosen option:\n\n**A**. `gcloud-aio-storage`\n\n`gcloud-aio-storage` appears "
             "to be the most widely used client.\n", "pypi:gcloud-aio-storage"),
            ("Chosen option:\n\n* **A. Locust**\n\nBoth k6 and Locust run the design.\n",
             "pypi:locust")):
        assert [str(p) for p, v, _ in read_dependencies(
            "Client", text, (), vocabulary, WORDS).effects if v == "used"] == [package], text
    # a label that is no choice, and a choice that is no label, read as before
    assert read_dependencies("Client", "Options considered:\n\n* Locust\n", (), vocabulary,
                             WORDS).effects == ()


@pytest.mark.parametrize(("text", "expected"), [
    # TolikPylypchuk/Cineaste (the sixth held-back set, seen after its score): the name, or a
    # list of names, as the subject of a future or modal passive of use
    ("As for mocking, [NSubstitute](https://nsubstitute.github.io/) will be used if it's "
     "required.", {"nuget:NSubstitute": "used"}),
    ("NSubstitute and FsCheck will be used.", {"nuget:NSubstitute": "used",
                                               "nuget:FsCheck": "used"}),
    ("NSubstitute should no longer be used.", {"nuget:NSubstitute": "avoided"}),
    # ... present tense describes, and a name that is not the subject is not chosen
    ("NSubstitute is used by the legacy tests.", {}),
    ("The output of NSubstitute will be used in the report.", {}),
    ("It is not decided whether NSubstitute will be used.", {}),
    # ... what can be done is no choice; removed, it is avoided; anything else done to it
    # chooses nothing (citizensadvice/energy-comparison-table, round 17, judged blind:
    # "Requests should be forwarded to the app" read as choosing PyPI's requests)
    ("NSubstitute can be used for mocking.", {}),
    ("NSubstitute should be removed from the test projects.", {"nuget:NSubstitute": "avoided"}),
    ("Requests should be forwarded to the app in their original form.", {}),
    # GSA-TTS/atj-platform (the ninth held-back set, seen after its score): a passive of
    # choosing in the past, a name with its noun, and verbs of use that are not "use"
    ("NSubstitute was selected to provide the mocks after evaluating several alternatives.",
     {"nuget:NSubstitute": "used"}),
    ("NSubstitute has been chosen.", {"nuget:NSubstitute": "used"}),
    ("The `NSubstitute` library will be utilized.", {"nuget:NSubstitute": "used"}),
    ("[NSubstitute](https://nsubstitute.github.io/) will be leveraged for mocks.",
     {"nuget:NSubstitute": "used"}),
    # ... what happened to it, or what was chosen once, is no choice made here
    ("NSubstitute was originally chosen, but it broke.", {}),
    ("NSubstitute was installed as an alternative.", {}),
    ("NSubstitute was used by the legacy tests.", {}),
    ("NSubstitute was chosen by the other team.", {}),
])
def test_a_passive_of_use_chooses_its_subject(text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build((), [("nuget", "NSubstitute"), ("nuget", "FsCheck"),
                                       ("pypi", "requests")])
    assert {str(p): v for p, v, _ in read_dependencies("Tests", text, (), vocabulary,
                                                       WORDS).effects} == expected


def test_a_lower_case_name_in_a_list_after_a_name_counts_as_one() -> None:
    """RHEnVision/provisioning-backend's ADR 009: "Replace sqlx with pgx and scany" adopts
    scany, a name only its manifest knows, written in lower case after "pgx and"."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
                                       ("go", "github.com/jackc/pgx/v5"),
                                       ("go", "github.com/georgysavva/scany/v2"),
                                       ("go", "github.com/jmoiron/sqlx")])
    reading = read_dependencies("DAO", "Replace sqlx with pgx and scany.", (), vocabulary,
                                WORDS)
    assert {p.name.split("/")[2]: v for p, v, _ in reading.effects} == {
        "sqlx": "avoided", "pgx": "used", "scany": "used"}
    # alone, after no name and no verb, the word still names nothing
    assert vocabulary.mentions("The results are scany at best.") == []


def test_dotted_nuget_names_and_the_platform_they_serve() -> None:
    """"Radzen Blazor" is Radzen.Blazor; "Blazor" alone is the framework it serves, not it;
    "Entity Framework" is the one of its family the manifests declare."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("nuget", "Radzen.Blazor"),
                                   ("nuget", "microsoft.entityframeworkcore")])
    assert [p.name for _, _, ps in vocabulary.mentions("We use Radzen Blazor.") for p in ps] \
        == ["Radzen.Blazor"]
    assert vocabulary.mentions("Blazor runs in the browser.") == []
    assert [p.name for _, _, ps in vocabulary.mentions("Entity Framework will be used.")
            for p in ps] == ["microsoft.entityframeworkcore"]


def test_a_product_word_other_packages_bear_is_no_family() -> None:
    """communitiesuk/prsdb-webapp: "Thymeleaf" begins only thymeleaf-extras-springsecurity6,
    but spring-boot-starter-thymeleaf bears it too: it names neither."""
    vocabulary = Vocabulary.build((), [
        ("maven", "org.thymeleaf.extras:thymeleaf-extras-springsecurity6"),
        ("maven", "org.springframework.boot:spring-boot-starter-thymeleaf")])
    assert vocabulary.lookup("thymeleaf") == ()
    # ... but type definitions are the package they type (usds/justice40-tool's MapLibre,
    # lost to this rule and found by the seventh held-back set, after its score)
    typed = Vocabulary.build((), [("npm", "maplibre-gl"), ("npm", "@types/maplibre-gl")])
    assert [p.name for p in typed.lookup("maplibre")] == ["maplibre-gl"]


def test_a_thing_built_with_a_framework_does_not_choose_the_framework() -> None:
    """GSA-TTS/FAC's ADR 38: "we'll use a Django model similar to the following" chooses a
    model, in the framework already there; "Use Django for the back end" still chooses it."""
    vocabulary = Vocabulary.build((), [("pypi", "django"), ("npm", "react")])
    for text in ("To track this, we'll use a Django model similar to the following:",
                 "We will use React components from the design system."):
        assert read_dependencies("Data migration", text, (), vocabulary, WORDS).effects == ()
    assert [str(p) for p, v, _ in read_dependencies(
        "Back end", "Use Django for the back end.", (), vocabulary, WORDS).effects] == [
        "pypi:django"]


def test_a_list_that_ends_in_etc_gives_examples() -> None:
    """openedx/frontend-platform's ADR 7: "Babel, webpack, eslint, Jest, etc., all accept
    configuration via JavaScript files" names examples, chosen by none of its directives."""
    vocabulary = Vocabulary.build((), [("npm", "@babel/core"), ("npm", "webpack"),
                                       ("npm", "eslint"), ("npm", "jest")])
    text = ("Using a JavaScript file for configuration is standard practice. Babel, webpack, "
            "eslint, Jest, etc., all accept configuration via JavaScript files, so we keep "
            "using them.")
    assert read_dependencies("Configuration", text, (), vocabulary, WORDS).effects == ()


def test_a_tool_named_as_what_is_run_is_not_its_module() -> None:
    """weaveworks/weave-gitops' ADR 8 (round 17, judged blind): "we will use `kubectl` by
    running this command" runs the CLI; it does not choose the k8s.io/kubectl Go module."""
    vocabulary = Vocabulary.build((), [("go", "k8s.io/kubectl"), ("go", "k8s.io/client-go")])
    for text in ("As an intermediate step we will use `kubectl` by running this command: "
                 "`kubectl -n NAMESPACE port-forward service/api :8283`.",
                 "Operators use kubectl commands to inspect the cluster."):
        assert read_dependencies("Access", text, (), vocabulary, WORDS).effects == (), text
    assert [str(p) for p, _, _ in read_dependencies(
        "Client", "We will use `kubectl` as a library.", (), vocabulary, WORDS).effects] == [
        "go:k8s.io/kubectl"]
    # alphagov/forms' ADR 1 (the every-earlier-repository check): the name runs something
    ci = Vocabulary.build([("GitHub Actions", "ci", "github-actions")], [("npm", "jest")])
    assert [str(p) for p, _, _ in read_dependencies(
        "CD", "We will use Github Actions to run our workflows.", (), ci, WORDS).effects] == [
        "ci:github-actions"]


def test_a_short_name_the_text_grounds_longer_is_not_looked_up_in_the_past(
        repo: Repo) -> None:
    """buildit/bookit-api's ADR 3 (round 17, judged blind): the title's "Use JUnit" is the
    text's "JUnit 5", not the JUnit 4 (`junit:junit`) its manifests declared years before."""
    gradle = "dependencies {\n    testImplementation 'junit:junit:4.12'\n}\n"
    repo.commit("Start", ("build.gradle", gradle))
    repo.commit("JUnit 5", ("build.gradle", "dependencies {\n    testImplementation "
                            "'org.junit.jupiter:junit-jupiter-api:5.1.0'\n    testRuntime "
                            "'org.junit.jupiter:junit-jupiter-engine:5.1.0'\n}\n"))
    adr = ("# 3. Use JUnit for tests instead of Spek\n\n## Status\n\nAccepted\n\n"
           "## Decision\n\nUse JUnit 5 for all unit and e2e tests.\n")
    repo.commit("ADR", ("docs/adr/0003-junit.md", adr))
    assert {effect(d) for d in decisions(repo).values()} == {
        "uses maven:org.junit.jupiter:junit-jupiter-api"}


def test_an_alias_guess_another_ecosystem_declares_by_name_grounds_nothing() -> None:
    """weaveworks/weave-gitops' ADR 2 (round 17, judged blind): "protocol buffers" in a Go
    project declaring google.golang.org/protobuf is not PyPI's protobuf."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("go", "google.golang.org/protobuf"), ("pypi", "pytest")])
    assert vocabulary.lookup("protocol buffers") == ()
    assert [str(p) for p in Vocabulary.build(bundled_aliases().prose_names(), [
        ("pypi", "pytest")]).lookup("protocol buffers")] == ["pypi:protobuf"]


def test_only_a_passive_of_use_marks_an_ordinary_word_as_a_name() -> None:
    """digitalservicebund/ris-norms' ADR 12: "only the `norm-not-found` error will be sent"
    names no `error` package; "jest will be used" names jest."""
    vocabulary = Vocabulary.build((), [("maven", "com.example:error"), ("npm", "jest")])
    assert vocabulary.mentions("In this case only the norm-not-found error will be sent.") == []
    assert [p.name for _, _, ps in vocabulary.mentions("From now on jest will be used.")
            for p in ps] == ["jest"]


@pytest.mark.parametrize(("text", "expected"), [
    # spinframework/spin's SIP 11 and treeverse/lakeFS' UI testing doc (round 17, judged
    # blind): a relative clause describes something else; "is written in" describes the code
    ("For languages which don't yet have a version-enabled Spin SDK (or developers who wish "
     "to use `wit-bindgen` directly), the component may export them.", {}),
    ("The UI is written in React, and using a framework that lives at the same space is "
     "more natural.", {}),
    ("We chose Jest, which does not need Babel.", {"npm:jest": "used"}),
    ("We decided that we will use Jest.", {"npm:jest": "used"}),
    # openedx/edx-django-utils' ADR 0002 (round 23, judged blind): "those that" relates too
    ("We will continue to use the term \"custom\" for attributes that we define, rather than "
     "those that come standard from React.", {}),
    # pagopa/io-sign's ADR 8 (round 31, judged blind): a "that" a negated auxiliary follows
    # is the clause's subject; a "that" its own subject follows is a complement, which decides
    ("In the case of workspaces that do not utilize opinionated frameworks like `Jest` or "
     "`React`, it is recommended to adopt the Hexagonal Architecture.", {}),
    ("In the case of workspaces that do not utilize React, adopt the hexagonal layout.", {}),
    ("Packages that don't use Jest keep their tests beside the code.", {}),
    # ... but a clause not negated may say what is decided (opensafely-core/job-server)
    ("We will add browser tests that are run with Python using Jest.", {"npm:jest": "used"}),
    ("We agreed that we will not use React.", {"npm:react": "avoided"}),
])
def test_what_a_clause_describes_is_not_decided(text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build((), [("cargo", "spin-sdk"), ("cargo", "wit-bindgen"),
                                       ("npm", "react"), ("npm", "jest"),
                                       ("npm", "@babel/core")])
    assert {str(p): v for p, v, _ in read_dependencies("Decision", text, (), vocabulary,
                                                       WORDS).effects} == expected


@pytest.mark.parametrize("title", ["Move from static builds (Gatsby) to client-side React app",
                                   "Move from static builds (`Gatsby`) to a client-side React app"])
def test_a_name_in_brackets_glossing_what_a_move_leaves_is_left(title: str) -> None:
    """openedx/frontend-app-learner-portal-enterprise's ADR 3 (round 31, judged blind): the
    name in brackets glosses what the move starts from; it was read as adopted."""
    vocabulary = Vocabulary.build((), [("npm", "gatsby"), ("npm", "react")])
    effects = {str(p): v for p, v, _ in read_dependencies(
        title, "Render the app in the browser.", (), vocabulary, WORDS).effects}
    assert effects == {"npm:gatsby": "avoided", "npm:react": "used"}
    assert {str(p): v for p, v, _ in read_dependencies(
        "Decision", "Use React (from its maintainers' guide) for the UI.", (), vocabulary,
        WORDS).effects} == {"npm:react": "used"}


@pytest.mark.parametrize(("text", "expected"), [
    # openedx/edx-enterprise's ADR 16 (round 31, judged blind): a number word counting what
    # follows names no package; one a function word follows, or in code form, does
    ("We will replace the logic in `user_authn` with six new enterprise-agnostic filters.", {}),
    ("We will use six for Python 2 compatibility.", {"pypi:six": "used"}),
    ("Replace six with the standard library.", {"pypi:six": "avoided"}),
    ("Use `six` compat helpers.", {"pypi:six": "used"}),
])
def test_a_number_word_counting_what_follows_is_no_package(
        text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build((), [("pypi", "six"), ("pypi", "django")])
    assert {str(p): v for p, v, _ in read_dependencies("Decision", text, (), vocabulary,
                                                       WORDS).effects} == expected


def test_a_package_supported_is_used_though_an_engine_supported_is_no_choice() -> None:
    """defenseunicorns/leapfrogai's ADR 2 "we will support vLLM" chooses its LLM back end
    (judged right in round 21); "Support SQLite" beside a kept default chooses no engine
    (round 31), which is the packs' reading, not the dependency reader's."""
    vocabulary = Vocabulary.build((), [("pypi", "vllm")])
    text = ("Primary Support: For most use cases we will support "
            "[vLLM](https://github.com/vllm-project/vllm), which requires a GPU to function.")
    assert {str(p): v for p, v, _ in read_dependencies("LLM back end", text, (), vocabulary,
                                                       WORDS).effects} == {"pypi:vllm": "used"}


def test_a_link_to_a_registry_page_names_a_package_of_that_registry() -> None:
    """treeverse/lakeFS' UI testing doc (round 17, judged blind): "[Testcontainers](npm's
    page)" in a repository whose Hadoop client declares the Maven artifact of that name is
    npm's testcontainers, which grounds only where it is declared."""
    text = ("Use [Testcontainers](https://www.npmjs.com/package/testcontainers) to spin up "
            "containerized test instances.")
    maven_only = Vocabulary.build((), [("maven", "org.testcontainers:testcontainers")])
    assert read_dependencies("UI testing", text, (), maven_only, WORDS).effects == ()
    both = Vocabulary.build((), [("maven", "org.testcontainers:testcontainers"),
                                 ("npm", "testcontainers")])
    assert [str(p) for p, _, _ in read_dependencies("UI testing", text, (), both,
                                                    WORDS).effects] == ["npm:testcontainers"]


def test_a_list_item_that_opens_with_a_lowercase_name_and_its_use_adopts_it() -> None:
    """RHEnVision/provisioning-backend (dependency corpus): "Following Go dependencies have
    been chosen: * **chi for routing** … * **pgx as database driver**" adopted only the
    capitalised Zerolog; a lowercase name opening an item and saying what it is for is
    named as a title names it. Not in running prose, nor when the item says nothing of its
    use."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("go", "github.com/go-chi/chi/v5"),
                                   ("go", "github.com/jackc/pgx/v5")])
    text = ("Following Go dependencies have been chosen:\n\n* **go 1.16**. We upgrade soon.\n"
            "* **chi for routing**. It is simple.\n"
            "* **pgx as database driver**. It is a native port.\n")
    assert sorted(p.name for p, v, _ in read_dependencies(
        "Initial dependencies", text, (), vocabulary, WORDS).effects if v == "used") == [
        "github.com/go-chi/chi/v5", "github.com/jackc/pgx/v5"]
    for prose in ("The team looked at chi for routing.\n",
                  "Following Go dependencies have been chosen:\n\n* chi is small\n"):
        assert read_dependencies("Routing", prose, (), vocabulary, WORDS).effects == ()


def test_start_with_a_name_adopts_it() -> None:
    """cloudfoundry/korifi (dependency corpus): "Start with Github Actions for CI, this
    might cover all we need" chose GitHub Actions; "start with" was no cue."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [("go", "k8s.io/api")])
    text = "Start with Github Actions for CI, this might cover all we need."
    assert [(p.name, v) for p, v, _ in read_dependencies(
        "Strategy for CI", text, (), vocabulary, WORDS).effects] == [("github-actions", "used")]
    assert read_dependencies("Strategy for CI", "Github Actions starts on every push.", (),
                             vocabulary, WORDS).effects == ()


def test_a_value_a_pack_reads_is_not_also_the_package_named_after_it(repo: Repo) -> None:
    """OHS-Hosting-Infrastructure/complaint-tracker (first held-back dependency set): "will
    utilise HSES OAuth2 for single-sign-on, utilizing the Ruby Omniauth library" is the
    sign-in method and the omniauth gem, not also the `oauth2` gem the Gemfile declares."""
    repo.commit("ADR", ("doc/adr/0003-authentication.md",
                        "# 3. Authentication\n\nDate: 2021-03-01\n\n## Status\n\nAccepted\n\n"
                        "## Decision\n\nThe tracker will utilise HSES OAuth2 for single sign-on,"
                        " utilizing the Ruby Omniauth library to facilitate the protocol.\n"),
                ("Gemfile", "source 'https://rubygems.org'\ngem 'omniauth'\ngem 'oauth2'\n"))
    effects = {effect(d) for d in decisions(repo).values()}
    assert effects == {"auth_method = oauth2", "uses rubygems:omniauth"}, effects


def test_a_negation_does_not_reach_into_a_clause_of_its_own() -> None:
    """ministryofjustice/opg-lpa (fourth held-back dependency set): "to reduce the risk of
    something not working when we switch over to Mezzio" avoided Mezzio."""
    vocabulary = Vocabulary.build((), [("composer", "mezzio/mezzio")])
    text = "We reduce the risk of something not working when we switch over to Mezzio."
    assert [v for _, v, _ in read_dependencies("Middleware", text, (), vocabulary,
                                               WORDS).effects] == ["used"]
    assert [v for _, v, _ in read_dependencies("Middleware", "We will not switch over to "
                                               "Mezzio.", (), vocabulary, WORDS).effects] == [
        "avoided"]


def test_an_option_chosen_by_its_label_is_read_as_the_option() -> None:
    """mozilla-services/merino-py (sixth held-back dependency set): "Chosen option: A",
    where the considered options are "A. Yes. Expand the Scope of Integration Tests Using
    Dependency Docker Containers (Testcontainers)", B. and C.; the label named nothing. An
    option in Title Case names no package by a capital ("Contract Test Coverage" is not the
    `coverage` package, so it is no rejected option)."""
    vocabulary = Vocabulary.build((), [("pypi", "testcontainers"), ("pypi", "pytest"),
                                       ("pypi", "coverage")])
    options = ["A. Yes. Expand the integration tests using Docker containers (Testcontainers)",
               "B. Yes. Reduce the overhead using the stage environment",
               "C. No. Fulfill the Current Test Strategy with Contract Test Coverage"]
    for chosen in ("**Chosen option: A**", 'Chosen option: "Option A", because it scales.'):
        assert [(p.name, v) for p, v, _ in read_dependencies(
            "Test strategy", chosen + "\n\nIt is the most effective way forward.", options,
            vocabulary, WORDS).effects] == [("testcontainers", "used")]
    assert read_dependencies("Test strategy", "Chosen option: B", options, vocabulary,
                             WORDS).effects == ()


def test_ordinary_words_a_name_and_a_comparison_choose_nothing() -> None:
    """vectordotdev/vector (round 18, judged blind): "rather than the test case author"
    avoided the `test-case` crate (blocking it); "`toml::Value::String`" adopted `toml`;
    "(similar to the one in the `timely_communication` crate)" adopted it."""
    vocabulary = Vocabulary.build((), [("cargo", "test-case"), ("cargo", "toml"),
                                       ("cargo", "timely_communication")])
    for text in ("We push that responsibility to the resource, rather than the test case "
                 "author.",
                 "The regex applied to `toml::Value::String` leaves only the values.",
                 "Sources receive a new `Push` trait (similar to the one in the "
                 "`timely_communication` crate)."):
        assert read_dependencies("Validation", text, (), vocabulary, WORDS).effects == (), text
    assert [p.name for p, _, _ in read_dependencies(
        "Tests", "We will use the test-case crate.", (), vocabulary, WORDS).effects] == [
        "test-case"]


def test_the_projects_own_maven_modules_and_its_own_code_are_not_dependencies(
        repo: Repo) -> None:
    """DependencyTrack/hyades-apiserver and shopware/shopware (round 18, judged blind): "the
    `apiserver` module" adopted `org.dependencytrack:apiserver`, the project's own module
    that another of its poms depends on; "get rid of custom SCSS that is not needed" avoided
    `sass`; "Rewrite the TypeScript definitions" avoided `typescript`."""
    from intentlint.ground.gitio import open_repo
    from intentlint.holding.grounding import declared_in

    parent = ("<project><groupId>org.acme</groupId><artifactId>acme-parent</artifactId>"
              "<dependencies><dependency><groupId>org.flywaydb</groupId>"
              "<artifactId>flyway-core</artifactId></dependency></dependencies></project>\n")
    module = ("<project><parent><groupId>org.acme</groupId><artifactId>acme-parent</artifactId>"
              "</parent><artifactId>apiserver</artifactId></project>\n")
    report = ("<project><parent><groupId>org.acme</groupId><artifactId>acme-parent</artifactId>"
              "</parent><artifactId>coverage-report</artifactId><dependencies><dependency>"
              "<groupId>org.acme</groupId><artifactId>apiserver</artifactId></dependency>"
              "<dependency><groupId>${project.groupId}</groupId><artifactId>core</artifactId>"
              "</dependency></dependencies></project>\n")
    repo.commit("Poms", ("pom.xml", parent), ("apiserver/pom.xml", module),
                ("coverage-report/pom.xml", report))
    found = set(declared_in(open_repo(repo.root), "HEAD"))
    assert ("maven", "org.flywaydb:flyway-core") in found
    assert not {p for p in found if p[1].startswith(("org.acme:", "${"))}, found
    vocabulary = Vocabulary.build((), [("npm", "sass"), ("npm", "typescript"),
                                       ("npm", "bootstrap")])
    for text in ("We use Bootstrap utilities and get rid of custom SCSS that is not needed.",
                 "We skip it. Rewrite the TypeScript definitions for our components."):
        assert {(p.name, v) for p, v, _ in read_dependencies(
            "Styles", text, (), vocabulary, WORDS).effects} <= {("bootstrap", "used")}, text


def test_files_in_a_format_are_not_the_package_of_that_name() -> None:
    """openedx/paragon (round 35, judged blind): "Remove all SCSS imports in Paragon
    components" avoided `sass`, and a 2022 commit swapping libsass for Dart Sass was blocked
    by it; "CSS variables instead of SCSS variables" avoided it too. Dropping the language,
    or imports of a package, still reads."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("npm", "sass"), ("npm", "moment"), ("npm", "yaml"),
                                   ("npm", "styled-components")])

    read = partial(_effects, "Removal of CSS Module Support", vocabulary=vocabulary)

    assert read("Remove our usage of CSS Modules. This includes:\n\n"
                "* Remove all SCSS imports in Paragon components (JSX).\n"
                "* Delete SCSS files that only supplied namespaced class names.") == set()
    assert read("We will rely on CSS variables instead of SCSS variables.") == set()
    assert read("We will stop using YAML files for configuration.") == set()
    assert read("Replace SCSS with styled-components.") == {
        ("sass", "avoided"), ("styled-components", "used")}
    assert read("Remove all Moment imports.") == {("moment", "avoided")}


def test_an_option_weighed_over_the_choice_is_rejected_not_dropped() -> None:
    """voorhoede/head-start (round 37, judged blind): "Why we favour `astro-icon` over
    `svg-sprite`" banned `svg-sprite`, and a replay blocked the commit that swapped to it
    four days later. What a choice is favoured over, or preferred to, is an option weighed:
    it warns. "Instead of" and "replace" still drop."""
    vocabulary = Vocabulary.build((), [("npm", "astro-icon"), ("npm", "svg-sprite"),
                                       ("npm", "vitest"), ("npm", "jest")])

    read = partial(_effects, "Icons", vocabulary=vocabulary)

    assert read("Why we favour `astro-icon` over `svg-sprite`.") == {
        ("astro-icon", "used"), ("svg-sprite", "rejected")}
    assert ("jest", "rejected") in read("Vitest is preferred to Jest.")
    assert read("Use Vitest instead of Jest.") == {("vitest", "used"), ("jest", "avoided")}
    assert read("Replace Jest with Vitest.") == {("vitest", "used"), ("jest", "avoided")}


def test_reference_style_links_and_what_is_not_done_in_a_tool() -> None:
    """Enalean/tuleap (round 37, judged blind): "no more dependencies on [Vuex][1] or
    [Pinia][2]" adopted Pinia (a reference-style link hid the list), and the ADR that moves
    to Vitest avoided it from "(no typechecking will be done in Vitest)"."""
    vocabulary = Vocabulary.build((), [("npm", "vuex"), ("npm", "pinia"), ("npm", "vitest"),
                                       ("npm", "jest")])

    read = partial(_effects, "Stores", vocabulary=vocabulary)

    assert read("There are no more dependencies on [Vuex][1] or [Pinia][2] in Tuleap.") == {
        ("vuex", "avoided"), ("pinia", "avoided")}
    assert read("Chosen option: migrate to [Vitest][1] because it is faster.") == {
        ("vitest", "used")}
    assert read("They first need a `typecheck` task (no typechecking will be done in Vitest) "
                "and then they can be migrated.") == set()
    assert read("No Vuex.") == {("vuex", "avoided")}
    # ... and, with reference links read, remix-run/react-router's "Avoid confusion with the
    # [`useTransition`][react usetransition] hook in React 18" avoided React
    react = Vocabulary.build((), [("npm", "react"), ("npm", "moment")])
    assert _effects("Remixing React Router", "- Avoid confusion with the "
                    "[`useTransition`][react usetransition] hook in React 18", react) == set()
    assert _effects("Dates", "Avoid dependencies on Moment.", react) == {("moment", "avoided")}
    # ... and its ADR 18, with reference links read, rejected the Vite it chose
    bundler = Vocabulary.build((), [("npm", "vite"), ("npm", "webpack")])
    assert _effects("Choice of JavaScript Bundler", "[Vite][4] is the default module bundler "
                    "for new Applications. Some contexts will still require [webpack][3].",
                    bundler, ("Keep using [webpack][3]", "Start using [Vite][4]")) == {
        ("vite", "used"), ("webpack", "used")}


def test_an_identifier_that_is_a_piece_of_a_go_modules_name_is_not_the_module() -> None:
    """opentofu/opentofu (round 18, judged blind): the JSON field "`version` - the
    release's tag" adopted hashicorp/go-version, whose name "version" is a piece of (the
    module is `go-version`); a module's own element in code form still names it."""
    vocabulary = Vocabulary.build((), [("go", "github.com/hashicorp/go-version"),
                                       ("go", "github.com/contribsys/faktory")])
    assert read_dependencies("Version bumping", "Each `version` should simply be a semver "
                             "tag.", (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Workers", "Chosen option: `faktory`, because it is simple.", (), vocabulary,
        WORDS).effects] == ["github.com/contribsys/faktory"]


def test_a_negation_in_a_consequence_is_no_ban() -> None:
    """shopware/shopware (round 18, judged blind): "they need to return the correct types
    otherwise the component will not work with TypeScript" avoided TypeScript."""
    vocabulary = Vocabulary.build((), [("npm", "typescript")])
    text = "They need to return the correct types otherwise the component will not work " \
           "with TypeScript."
    assert read_dependencies("Vue 2.7 update", text, (), vocabulary, WORDS).effects == ()


def test_an_avoided_package_manager_comes_back_with_its_lockfile(repo: Repo) -> None:
    """asyncapi/studio (round 18's final check, judged blind): "pnpm instead of npm" was held
    against the `npm` package (adding it to package.json blocked) while a new root
    package-lock.json, the real way npm comes back, passed."""
    adr = ("# 6. Use pnpm\n\n## Status\n\nAccepted\n\n## Decision\n\nWe have decided to "
           "use pnpm instead of npm as our package manager.\n")
    repo.commit("pnpm", ("docs/adr/0006-use-pnpm.md", adr),
                ("package.json", '{"name": "studio", "dependencies": {"react": "18"}}\n'),
                ("pnpm-lock.yaml", "lockfileVersion: '9.0'\n"),
                ("tools/kit/package-lock.json", '{"lockfileVersion": 3}\n'))
    listed = decisions(repo)
    avoided = next(d for d in listed.values() if effect(d) == "avoids npm:npm")
    assert "its lockfile is in tools/kit/package-lock.json" in avoided["held_back"], avoided
    repo.git("rm", "-q", "tools/kit/package-lock.json")
    repo.commit("No kit lockfile")
    avoided = next(d for d in decisions(repo).values() if effect(d) == "avoids npm:npm")
    assert not avoided["held_back"] and avoided["enforced_by"], avoided
    assert avoided["evidence"]["detail"] == "no package-lock.json in the tree"
    asked = runner.invoke(app, ["preflight", "npm", "-C", str(repo.root)])
    assert "adding its lockfile (package-lock.json) would be blocked" in asked.stdout
    repo.write("package-lock.json", '{\n  "name": "studio",\n  "lockfileVersion": 3\n}\n')
    code, data = check(repo)
    assert code == 1 and [(f["path"], f["check"]) for f in data["findings"]] == [
        ("package-lock.json", "lockfile-added")]
    assert "the lockfile of npm" in data["findings"][0]["message"]
    repo.git("rm", "-q", "--cached", "package-lock.json")
    (repo.root / "package-lock.json").unlink()
    repo.write("package.json", '{"name": "studio", "dependencies": {"react": "18", '
                               '"npm": "10"}}\n')
    assert check(repo)[0] == 0


def test_the_deps_suite_brings_an_avoided_manager_back_by_its_lockfile(repo: Repo) -> None:
    repo.commit("Yarn", ("DECISIONS.md", log("## D1: Yarn, not npm\navoid: npm:npm\n\n"
                                             "We use Yarn.\n")),
                ("package.json", '{"name": "app", "dependencies": {"react": "18"}}\n'),
                ("yarn.lock", "# yarn lockfile v1\n"))
    result = runner.invoke(app, ["bench", "--suite", "deps", "-C", str(repo.root), "-f", "json"])
    assert result.exit_code == 0, result.output
    trials = json.loads(result.stdout)["trials"]
    assert [(t["package"], t["manifest"], t["caught"]) for t in trials] == [
        ("npm:npm", "package-lock.json", True)], trials


@pytest.mark.parametrize("module", [
    'terraform {\n  required_providers {\n    openstack = { source = "terraform-provider-'
    'openstack/openstack" }\n  }\n}\n',
    'resource "openstack_compute_instance_v2" "vm" {\n  name = "vm"\n}\n'])
def test_the_deps_suite_brings_an_avoided_terraform_provider_back(repo: Repo,
                                                                   module: str) -> None:
    """ISISNeutronMuon/analytics-data-platform (round 27): "Ansible … rather than Kubernetes"
    bans the `hashicorp/kubernetes` provider, which the hook blocks; the suite said there was
    no Terraform manifest to add it to."""
    repo.commit("Infra", ("DECISIONS.md", log("## D1: No Kubernetes\navoid: terraform:"
                                              "hashicorp/kubernetes\n\nAnsible deploys.\n")),
                ("infra/main.tf", module))
    result = runner.invoke(app, ["bench", "--suite", "deps", "-C", str(repo.root), "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(t["package"], t["manifest"], t["caught"]) for t in data["trials"]] == [
        ("terraform:hashicorp/kubernetes", "infra/main.tf", True)], data
    assert data["false_blocks"] == 0


def test_an_adjective_before_gem_emphasis_and_where_a_choice_applies_choose_nothing() -> None:
    """simpledotorg/simple-server and cert-manager/cert-manager (round 18's second final
    check, judged blind): "We have chosen Doorkeeper, the most popular gem to implement an
    OAuth-compliant authorization server within Rails" adopted a gem `popular` and Rails;
    "the `spec` fields … will be **immutable**" adopted npm's Immutable."""
    vocabulary = Vocabulary.build((), [("rubygems", "doorkeeper"), ("rubygems", "rails"),
                                       ("npm", "immutable"), ("npm", "vite")])
    text = ("We have chosen Doorkeeper, the most popular gem to implement an OAuth-compliant "
            "authorization server within Rails.")
    assert [(p.name, v) for p, v, _ in read_dependencies("OAuth", text, (), vocabulary,
                                                         WORDS).effects] == [
        ("doorkeeper", "used")]
    assert read_dependencies("Orders", "The `spec` fields of these resources will be "
                             "**immutable** once created.", (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Front end", "We will use:\n\n- **Vite** as our bundler\n", (), vocabulary,
        WORDS).effects] == ["vite"]


def test_preflight_says_when_a_chosen_package_has_been_left_behind(repo: Repo) -> None:
    """ministryofjustice/hmpps-integration-api (round 18's second final check, judged blind):
    `preflight circleci` answered "chosen" for an ADR whose CircleCI the project had since
    replaced, though the tool itself listed the record as drifting."""
    repo.commit("CI", (".circleci/config.yml", "version: 2.1\n"),
                ("docs/adr/0001-use-circleci.md", "# 1. Use CircleCI\n\n## Status\n\nAccepted"
                                                  "\n\n## Decision\n\nWe will use CircleCI.\n"))
    repo.git("rm", "-q", ".circleci/config.yml")
    repo.commit("Move to GitHub Actions", (".github/workflows/ci.yml", "on: push\n"))
    result = runner.invoke(app, ["preflight", "circleci", "-C", str(repo.root)])
    assert "chosen by ADR-0001" in result.stdout
    assert "but the code does not follow it now (drifting:" in result.stdout, result.stdout
    data = json.loads(runner.invoke(app, ["preflight", "circleci", "-C", str(repo.root),
                                          "-f", "json"]).stdout)
    assert data["answers"][0]["decisions"][0]["evidence"] == "drifting"
    # explain names where a chosen package was declared, not lines that "break" it
    explained = runner.invoke(app, ["explain", "ADR-0001", "-C", str(repo.root)]).stdout
    assert "declared, when decided, in .circleci/config.yml" in explained
    assert "lines that break it" not in explained


def test_an_item_label_before_a_clause_of_its_own_names_no_choice() -> None:
    """opentofu/opentofu (round 18, judged blind): under "The GitHub Action workflow will
    consist of the following steps:", "- **Sync**: The generated files will then be
    synchronized to an S3 bucket" adopted golang.org/x/sync. A label before a clause of its
    own names a step; a description after the name still says the name's use."""
    vocabulary = Vocabulary.build([("pytest", "pypi", "pytest")],
                                  [("go", "golang.org/x/sync"), ("pypi", "pytest")])
    steps = ("The workflow will consist of the following steps:\n\n"
             "- **Generate**: A custom script will be executed.\n"
             "- **Sync**: The generated files will then be synchronized to an S3 bucket.\n")
    assert read_dependencies("Registry", steps, (), vocabulary, WORDS).effects == ()
    described = "Our tooling:\n\n- Pytest: a testing framework that is widely used\n"
    assert [(p.name, v) for p, v, _ in read_dependencies(
        "Tests", described, (), vocabulary, WORDS).effects] == [("pytest", "used")]


@pytest.mark.parametrize("text", [
    "No Prometheus change is required for this proposal.",
    "Targets can be added or removed without changing Prometheus itself.",
    "Encode this posting size in the index: unlikely to happen as not needed by Prometheus.",
    "It will have a proper drop-down menu just like the Prometheus website's menu.",
    "It will host all of the required Prometheus api endpoints.",
    "The Alertmanager module will only be accessible using the new API.",
    "All of the goals are easily possible using grpc middlewares.",
    "The following packages will be merged into `kfp`:\n\n"
    "- **`kfp-server-api`**: Will move to `kfp.server_api`.\n",
    "Render a value as a hyperlink when `render_type` is `URL`.",
    # kubeshop/botkube's plugin-system proposal (round 27): delegated, not banned
    "Botkube does not need to know how `Prometheus` works, it delegates to the plugin.",
    "The core doesn't care about grpc at all; the transport plugin does.",
    # envoyproxy/gateway's fuzzing design (round 28): a direction to explore, not a choice
    "Future efforts will be directed toward exploring the integration of fuzzing into CI "
    "using `grpc`.",
])
def test_what_is_said_of_a_name_in_passing_chooses_or_bans_nothing(text: str) -> None:
    """Round 19 (thanos-io/thanos, cortexproject/cortex, kubeflow/pipelines; judged blind):
    each of these gave an effect on the project's own core dependency, and `preflight` told
    an agent it was "chosen by" or "avoided by" the proposal."""
    vocabulary = Vocabulary.build((), [
        ("go", "github.com/prometheus/prometheus"), ("go", "github.com/prometheus/alertmanager"),
        ("go", "google.golang.org/grpc"), ("pypi", "kfp-server-api"), ("pypi", "kfp"),
        ("npm", "url")])
    assert read_dependencies("Design", text, (), vocabulary, WORDS).effects == ()


@pytest.mark.parametrize(("text", "value"), [
    ("We will use Prometheus only.", "used"), ("Only Prometheus is used.", "used"),
    ("We don't use Prometheus.", "avoided"), ("No more Prometheus.", "avoided"),
    ("Alerts are no longer handled by Prometheus.", "avoided"),
])
def test_choices_and_bans_around_those_forms_still_read(text: str, value: str) -> None:
    vocabulary = Vocabulary.build((), [("go", "github.com/prometheus/prometheus")])
    assert [v for _, v, _ in read_dependencies("Monitoring", text, (), vocabulary,
                                               WORDS).effects] == [value]


def test_an_attempt_and_what_a_framework_provides_choose_nothing() -> None:
    """DFE-Digital/publish-teacher-training (round 19, judged blind): "Use Skylight for
    performance monitoring" adopted the Sentry it turned down ("[There was an attempt](…) to
    use sentry, but we managed to fill up our quota"), and `preflight sentry-rails` answered
    "chosen by" it; a table row on "something Rails provides out of the box" adopted Rails."""
    vocabulary = Vocabulary.build((), [("rubygems", "sentry-rails"), ("rubygems", "skylight"),
                                       ("rubygems", "rails")])
    text = ("[There was an attempt](https://github.com/o/r/pull/1860) to use sentry, but we "
            "managed to fill up our quota in less than a day.\n\nAs such, we have decided to "
            "continue using skylight for performance monitoring.")
    assert [(p.name, v) for p, v, _ in read_dependencies(
        "Use Skylight for performance monitoring", text, (), vocabulary, WORDS).effects] == [
        ("skylight", "used")]
    row = ("| Dedicated `tokens` table | Additional table, migration, and cleanup job for "
           "something Rails provides out of the box |")
    assert read_dependencies("Unsubscribe tokens", row, (), vocabulary, WORDS).effects == ()


def test_a_decision_to_build_something_in_a_name_adopts_it() -> None:
    """guardian/manage-frontend (round 19, judged blind): "We will build the front end in
    React" was missed; a description of what the code is built with still adopts nothing."""
    vocabulary = Vocabulary.build((), [("npm", "react"), ("pypi", "django")])
    assert [(p.name, v) for p, v, _ in read_dependencies(
        "To build the front end in React", "We will build the front end in React.", (),
        vocabulary, WORDS).effects] == [("react", "used")]
    assert read_dependencies("Admin", "The admin service is built with Django.", (),
                             vocabulary, WORDS).effects == ()


@pytest.mark.parametrize("text", [
    "We will use off the shelf gems to achieve this.",
    "We settled on a relatively new feature of Rails, delegated types.",
    "When we started out the project used ESLint for JavaScript, we decided to change to "
    "standard as it follows the same philosophy.",
    "`aws-types` should depend on an interface-only crate, provided from a runtime crate.",
    "Each node is assigned a cache volume using storage class `sc-1`.",
    "A script needs to be written to determine crate dependency order.",
    "How Cargo features should be used in the SDK and runtime crates",
])
def test_round_19s_final_check_readings_choose_nothing(text: str) -> None:
    """Round 19's final checks (judged blind, build e2719c0): a gem `shelf`, Rails chosen by
    a feature of it, ESLint "used" by the ADR that dropped it, crates `interface-only` and
    `runtime`, Go's cloud.google.com/go/storage from a Kubernetes storage class."""
    vocabulary = Vocabulary.build((), [
        ("rubygems", "rails"), ("npm", "eslint"), ("npm", "standard"),
        ("go", "cloud.google.com/go/storage"), ("go", "github.com/spf13/viper")])
    assert read_dependencies("Design", text, (), vocabulary, WORDS).effects == ()


def test_the_names_those_rules_leave_alone_still_read() -> None:
    vocabulary = Vocabulary.build((), [("go", "cloud.google.com/go/storage"),
                                       ("go", "github.com/spf13/viper")])
    for text, name in (("We use the rspec and capybara gems.", "capybara"),
                       ("We will use the lograge gem.", "lograge"),
                       ("Use viper for configuration.", "github.com/spf13/viper"),
                       ("We use `storage` for blobs.", "cloud.google.com/go/storage")):
        names = [p.name for p, _, _ in read_dependencies("Design", text, (), vocabulary,
                                                         WORDS).effects]
        assert name in names, (text, names)


@pytest.mark.parametrize("text", ["Replace sqlx with the pgx driver.",
                                  "Replace sqlx with pgx driver and the scany library."])
def test_a_name_its_noun_marks_after_an_article_is_still_the_replacement(text: str) -> None:
    """RHEnVision/provisioning-backend's ADR 9: "with pgx driver and scany library". A
    lower-case word after an article counts as a name only where a noun marks it; the noun
    is cut before the swap is read, and the name it marked stays a name."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("go", "github.com/jmoiron/sqlx"), ("go", "github.com/jackc/pgx/v5"),
        ("go", "github.com/georgysavva/scany/v2")])
    effects = {p.name: v for p, v, _ in read_dependencies("DAO", text, (), vocabulary,
                                                          WORDS).effects}
    assert effects["github.com/jmoiron/sqlx"] == "avoided"
    assert effects["github.com/jackc/pgx/v5"] == "used"
    if "scany" in text:
        assert effects["github.com/georgysavva/scany/v2"] == "used"



def test_a_module_piece_a_noun_follows_is_still_an_ordinary_word() -> None:
    """cosmos/ibc-go's ADR 27, found by the comparison over every earlier repository: "the
    Wasm light client module" is no `cosmossdk.io/client/v2`, though "module" follows."""
    vocabulary = Vocabulary.build((), [("go", "cosmossdk.io/client/v2")])
    assert read_dependencies("Wasm", "To enable usage of the Wasm light client module, users "
                             "need to add it to the allowed clients.", (), vocabulary,
                             WORDS).effects == ()


def test_a_package_named_for_its_framework_is_written_without_it() -> None:
    """opensafely-core/job-server's ADR 20, "We will remove Zen Queries": the package is
    django-zen-queries. Only a name of two words or more loses the framework's word:
    django-filter is not "filter", flask-sqlalchemy not SQLAlchemy."""
    vocabulary = Vocabulary.build((), [("pypi", "django-zen-queries"), ("pypi", "django-filter"),
                                       ("pypi", "flask-sqlalchemy"), ("pypi", "sqlalchemy")])
    assert [p.name for p in vocabulary.lookup("Zen Queries")] == ["django-zen-queries"]
    assert vocabulary.lookup("filter") == ()
    assert [p.name for p in vocabulary.lookup("SQLAlchemy")] == ["sqlalchemy"]
    effects = read_dependencies("Replace Zen Queries", "We will remove Zen Queries and add "
                                "tests that count the queries.", (), vocabulary, WORDS).effects
    assert [(p.name, v) for p, v, _ in effects] == [("django-zen-queries", "avoided")]


def test_one_products_flavours_share_its_name() -> None:
    """kiwicom/the-zoo's ADR 5, "We will use Semantic UI", over semantic-ui-css and
    semantic-ui-less: the style language a package ships in is not part of its name (the
    suffix was not cut after a word of two letters), and two flavours of one product are
    not several projects sharing a short form."""
    vocabulary = Vocabulary.build((), [("npm", "semantic-ui-css"), ("npm", "semantic-ui-less"),
                                       ("npm", "jquery")])
    effects = read_dependencies("Use Semantic UI", "We will use Semantic UI.", (), vocabulary,
                                WORDS).effects
    assert sorted(p.name for p, v, _ in effects if v == "used") == ["semantic-ui-css",
                                                                    "semantic-ui-less"]


@pytest.mark.parametrize("text", ["Next, the host uses the macro to unserialize the content.",
                                  "Redis, the cache we already run, will store sessions."])
def test_a_word_set_off_before_a_clause_of_its_own_is_not_chosen(text: str) -> None:
    """openenclave/openenclave's deep-copy design (round 20's blind check): "Next, the host
    uses …" read as `uses npm:next`. A word that opens a clause, set off by a comma before
    a subject of its own, is not what the clause's verb takes."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [("npm", "next"),
                                                                    ("npm", "redis")])
    assert read_dependencies("Design", text, (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Design", "We will use Redis, the cache we already run.", (), vocabulary,
        WORDS).effects] == ["redis"]


def test_an_alias_guess_beside_other_packages_of_its_vendor_grounds_nothing() -> None:
    """shlinkio/shlink (round 20's blind check) declares symfony/console and symfony/lock,
    never symfony/symfony: "Symfony's package" in its caching ADR bound the framework the
    alias table guesses. A project that uses a vendor's other parts does not use the
    guessed ones; a Symfony application that declares the bundle still does."""
    components = Vocabulary.build(bundled_aliases().prose_names(), [
        ("composer", "symfony/console"), ("composer", "symfony/lock")])
    assert components.lookup("Symfony") == ()
    application = Vocabulary.build(bundled_aliases().prose_names(), [
        ("composer", "symfony/framework-bundle"), ("composer", "symfony/console")])
    assert [p.name for p in application.lookup("Symfony")] == ["symfony/framework-bundle"]


def test_a_restricted_or_existing_use_is_not_a_choice() -> None:
    """simpledotorg/simple-android's ADR 8 chose Mobius to restrict RxJava: "The usage of
    `RxJava` will be limited to: …" read as `uses rxjava`."""
    vocabulary = Vocabulary.build((), [("maven", "io.reactivex.rxjava2:rxjava")])
    for text in ("The usage of `RxJava` will be limited to event sources.",
                 "Use of RxJava should be restricted to effect handlers.",
                 # ... and what is in place, described as a reason against an alternative
                 "We already use `RxJava` for reactive notifications.",
                 # "in use" is no verb (digitalservicebund/mitra-frontend's ADR 7, round 39)
                 "We're backing the already in use [RxJava](https://x.test) store with "
                 "`sessionStorage`.",
                 "The in-use RxJava streams stay as they are."):
        assert read_dependencies("Screens", text, (), vocabulary, WORDS).effects == (), text
    assert read_dependencies("Screens", "We will use RxJava.", (), vocabulary, WORDS).effects


def test_a_forge_owner_and_repository_names_the_package_a_manifest_declares() -> None:
    """bbc/digital-paper-edit-client's "Chosen option: option 5 `bbc/VideoContext`" (round
    39) chose `videocontext`, which package.json declares; an owner/name no manifest
    declares the name of stays unread."""
    # (the owner's name may be an npm scope the project uses: `@bbc/…`)
    vocabulary = Vocabulary.build((), [("npm", "videocontext"), ("npm", "@bbc/aes31")])
    for text in ("Chosen option: option 5 `bbc/VideoContext`, because it is performant.",
                 "We will use bbc/VideoContext for previews."):
        effects = read_dependencies("Previews", text, (), vocabulary, WORDS).effects
        assert [(p.name, v) for p, v, _ in effects] == [("videocontext", "used")], text
    elsewhere = Vocabulary.build((), [("npm", "video")])
    assert read_dependencies("Previews", "We will use bbc/VideoContext.", (), elsewhere,
                             WORDS).effects == ()
    # ... two names are a list, not an owner and its repository (smithy-rs's "the
    # Tokio/Hyper dependency")
    both = Vocabulary.build((), [("cargo", "tokio"), ("cargo", "hyper")])
    assert {p.name for p, _, _ in read_dependencies(
        "Config", "We will use Tokio/Hyper for the runtime.", (), both, WORDS).effects} == {
        "tokio", "hyper"}
    # ... a folder is no owner: `lib/videocontext` is the project's own path
    assert read_dependencies("Previews", "Remove `lib/videocontext`.", (), vocabulary,
                             WORDS).effects == ()


def test_a_replacement_named_after_the_choice_is_avoided() -> None:
    """digitalservicebund/ris-search's ADR 20 (round 20's second blind check): "We will adopt
    Oxlint as a replacement for ESLint" read what Oxlint is for, and left ESLint alone."""
    vocabulary = Vocabulary.build((), [("npm", "oxlint"), ("npm", "eslint")])
    effects = {p.name: v for p, v, _ in read_dependencies(
        "Adopt Oxlint for frontend linting", "We will adopt Oxlint as a replacement for ESLint "
        "in the frontend.", (), vocabulary, WORDS).effects}
    assert effects == {"oxlint": "used", "eslint": "avoided"}


def test_a_hosted_service_the_alias_table_grounds_in_several_ecosystems_is_left_open(
        ) -> None:
    """DFE-Digital/dfe-complete-conversions-transfers-and-changes (round 19's final check):
    "We will use Sentry" in a Rails app with a package.json, before any Sentry package was
    declared, bound six npm SDKs and three gems. Declared, the manifests say which."""
    aliases = [("Sentry", "npm", "@sentry/browser"), ("Sentry", "npm", "@sentry/node"),
               ("Sentry", "rubygems", "sentry-ruby"), ("Sentry", "rubygems", "sentry-rails")]
    rails = Vocabulary.build(aliases, [("rubygems", "rails"), ("npm", "esbuild")])
    assert read_dependencies("Errors", "We will use Sentry for error reporting.", (), rails,
                             WORDS).effects == ()
    declared = Vocabulary.build(aliases, [("rubygems", "rails"), ("rubygems", "sentry-rails"),
                                          ("npm", "esbuild")])
    assert [p.name for p, _, _ in read_dependencies(
        "Errors", "We will use Sentry for error reporting.", (), declared,
        WORDS).effects] == ["sentry-rails"]


def test_a_cue_word_inside_a_hyphenated_name_is_no_cue() -> None:
    """remix-run/react-router's ADR 10 (the 148-checkout comparison): "`vite-env-only`
    provides optional types" adopted vite-env-only by the "only" in its own name."""
    vocabulary = Vocabulary.build((), [("npm", "vite-env-only")])
    assert read_dependencies("Splitting", "For expression-level separation, `vite-env-only` "
                             "provides optional types.", (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Splitting", "We will use `vite-env-only` for expression-level separation.", (),
        vocabulary, WORDS).effects] == ["vite-env-only"]


def test_a_package_named_for_its_framework_written_framework_first() -> None:
    """DFE-Digital/dfe-complete-conversions-transfers-and-changes (round 19's final check,
    judged blind): "We'll use Rails JSBundling along with ESBuild" adopted Rails and left
    its declared `jsbundling-rails` ungrounded."""
    vocabulary = Vocabulary.build((), [("rubygems", "rails"), ("rubygems", "jsbundling-rails"),
                                       ("npm", "esbuild")])
    assert sorted(p.name for p, _, _ in read_dependencies(
        "Assets", "We'll use Rails JSBundling along with ESBuild.", (), vocabulary,
        WORDS).effects) == ["esbuild", "jsbundling-rails"]
    assert [p.name for p, _, _ in read_dependencies(
        "Web", "We will use Rails for the web app.", (), vocabulary, WORDS).effects] == ["rails"]
    # eclipse-tractusx/tractusx-edc (the 147-checkout comparison): "Azure Vault" is its
    # declared azure-vault, though vault-azure is declared too
    both = Vocabulary.build((), [("maven", "org.example:azure-vault"),
                                 ("maven", "org.example:vault-azure")])
    assert [p.name for p, _, _ in read_dependencies(
        "Secrets", "We will use Azure Vault for secrets.", (), both, WORDS).effects] == [
        "org.example:azure-vault"]


def test_round_19s_second_final_check_readings() -> None:
    """openedx/enterprise-access (round 19's second final check, judged blind): "* Requests
    for different types of subsidies live in different models" adopted `requests`, and
    "without requiring the full DRF machinery" avoided Django REST Framework, which the ADR
    keeps."""
    vocabulary = Vocabulary.build([("Requests", "pypi", "requests"),
                                   ("DRF", "pypi", "djangorestframework")],
                                  [("pypi", "requests"), ("pypi", "djangorestframework")])
    for text in ("Decision:\n\n* Requests for different types of subsidies live in different "
                 "models, one per type.\n",
                 "Serialization to JSON without requiring the full DRF machinery."):
        assert read_dependencies("Data", text, (), vocabulary, WORDS).effects == (), text
    assert [v for _, v, _ in read_dependencies(
        "Data", "We will build the internal layer without DRF.", (), vocabulary,
        WORDS).effects] == ["avoided"]


def test_a_name_ending_a_longer_proper_name_is_that_product() -> None:
    """ministryofjustice/opg-digideps (round 19's second final check, judged blind): "We will
    use Amazon Aurora Serverless" (a hosted database) adopted the npm `serverless`. A word
    nothing declares, after two capitalised words that name nothing, ends that product's
    name; one capitalised word before is a vendor ("Google Guava")."""
    vocabulary = Vocabulary.build([("Guava", "maven", "com.google.guava:guava"),
                                   ("serverless", "npm", "serverless")],
                                  [("npm", "react"), ("maven", "org.example:app")])
    assert read_dependencies("Database", "We will use Amazon Aurora Serverless for test "
                             "environments.", (), vocabulary, WORDS).effects == ()
    assert [p.name for p, _, _ in read_dependencies(
        "Collections", "We will use Google Guava for collections.", (), vocabulary,
        WORDS).effects] == ["com.google.guava:guava"]


def test_an_npm_scope_names_the_product_its_packages_make_up() -> None:
    """The held-back corpora: "Use Storybook" over @storybook/react and
    @storybook/addon-a11y, "Use NestJS" over @nestjs/common read nothing (a scope's word was
    no name) or the one package the alias table guessed. The scope is the product, as the
    family `@scope/*`; a package of the scope that bears its name is the product itself
    (@craco/craco), a declared package of the same name outside the scope keeps it ("vue"),
    and the scope of type definitions names nothing."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "@storybook/react"), ("npm", "@storybook/addon-a11y"), ("npm", "@nestjs/core"),
        ("npm", "@nestjs/common"), ("npm", "@craco/craco"), ("npm", "@craco/types"),
        ("npm", "vue"), ("npm", "@vue/test-utils"), ("npm", "@types/node"),
        ("npm", "@cypress-audit/pa11y")])

    def read(title: str, text: str) -> dict[str, str]:
        return {str(p): v for p, v, _ in read_dependencies(title, text, (), vocabulary,
                                                           WORDS).effects}

    assert read("Use Storybook", "We will use Storybook to build components in isolation.") \
        == {"npm:@storybook/*": "used"}
    assert read("Use NestJS", "NestJS is our application framework.") == {
        "npm:@nestjs/*": "used"}
    assert read("Replace Craco with Vite", "We replace Craco.") == {
        "npm:@craco/craco": "avoided", "npm:vite": "used"}
    assert read("Use Vue", "We will use Vue.") == {"npm:vue": "used"}
    assert read("Use Cypress Audit", "We will use Cypress Audit to run pa11y.") == {
        "npm:@cypress-audit/*": "used"}
    assert vocabulary.lookup("types") == ()
    # said in passing, the scope's word binds nothing, as a product's name does not
    assert read("Component docs", "The storybook shows each component.") == {}


def test_a_dropped_scope_blocks_any_of_its_packages_coming_back(repo: Repo) -> None:
    """"Remove Storybook": any @storybook package added to a manifest or imported by
    production code is blocked; preflight answers for each; other scopes pass."""
    repo.commit("Start", ("web/package.json", _package_json(
        "react", "@storybook/react", "@storybook/addon-actions")))
    repo.commit("Drop", ("doc/adr/0003-remove-storybook.md",
                         "# 3. Remove Storybook\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                         "We will remove Storybook; components are documented in the app.\n"),
                ("web/package.json", _package_json("react")))
    assert [effect(d) for d in decisions(repo).values()] == ["avoids npm:@storybook/*"]
    repo.write("web/package.json", _package_json("react", "@storybook/vue3"))
    repo.write("web/src/story.js", "import { action } from '@storybook/addon-docs'\n")
    code, data = check(repo)
    assert code == 1
    assert {(f["path"], f["check"]) for f in data["findings"]} == {
        ("web/package.json", "dependency-added"), ("web/src/story.js", "dependency-imported")}
    asked = runner.invoke(app, ["preflight", "-C", str(repo.root), "npm:@storybook/react",
                                "npm:@stencil/core"])
    assert "npm:@storybook/react: decided against by ADR-0003" in asked.stdout
    assert "npm:@stencil/core: no decision" in asked.stdout
    repo.write("web/package.json", _package_json("react", "@stencil/core"))
    repo.write("web/src/story.js", "import { h } from '@stencil/core'\n")
    assert check(repo)[0] == 0


def test_a_nuget_product_declared_only_under_its_name_is_a_family() -> None:
    """The held-back corpora: "Use Fluxor" over `Fluxor.Blazor.Web`, "[Verify]" over
    `Verify.XunitV3` read nothing. The first part of dotted names names the family
    (`Fluxor.*`, which covers `Fluxor` itself), where no package bears it alone; a vendor's
    namespace, going on in many ways, names no product."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("nuget", "Fluxor.Blazor.Web"), ("nuget", "Verify.XunitV3"),
        ("nuget", "Microsoft.AspNetCore.OpenApi"), ("nuget", "Microsoft.Extensions.Http"),
        ("nuget", "Microsoft.EntityFrameworkCore"), ("nuget", "Serilog"),
        ("nuget", "Serilog.Sinks.File")])
    assert [str(p) for p in vocabulary.lookup("fluxor")] == ["nuget:Fluxor.*"]
    assert [str(p) for p in vocabulary.lookup("verify")] == ["nuget:Verify.*"]
    assert vocabulary.lookup("microsoft") == ()
    assert [str(p) for p in vocabulary.lookup("serilog")] == ["nuget:Serilog"]
    found = read_dependencies("State management", "We chose to use [Fluxor](https://github.com"
                              "/mrpmorris/Fluxor). Tests verify the reducers.", (), vocabulary,
                              WORDS).effects
    assert [(str(p), v) for p, v, _ in found] == [("nuget:Fluxor.*", "used")]
    # a family's word in lower case is an ordinary word unless a verb of use takes it
    # (Altinn/altinn-authentication, tried: "replaced by system users" used `System.*`)
    system = Vocabulary.build((), [("nuget", "System.IdentityModel.Tokens.Jwt"),
                                   ("nuget", "System.Text.Json")])
    assert read_dependencies("Remove the bridge", "Enterprise users are replaced by system "
                             "users.", (), system, WORDS).effects == ()
    assert in_family("Dapper.*", "Dapper") and in_family("Dapper.*", "dapper.extensions.sqlite")
    assert not in_family("Dapper.*", "DapperLib") and not in_family("@oclif/*", "oclif-x")


def _csproj(*names: str) -> str:
    refs = "".join(f'    <PackageReference Include="{n}" Version="1.0.0" />\n' for n in names)
    return f'<Project Sdk="Microsoft.NET.Sdk">\n  <ItemGroup>\n{refs}  </ItemGroup>\n</Project>\n'


def test_a_dropped_nuget_family_blocks_the_product_and_its_parts(repo: Repo) -> None:
    """Restaged in this order, the second check once passed: the plan read with `Dapper`
    staged ("Dapper" is that package) was kept for the next staged manifest, in which
    "Dapper" is the family again. A plan holds only for the staged manifests it was read
    with."""
    repo.commit("Start", ("src/App.csproj", _csproj("Dapper.Extensions.SQLite", "Npgsql")))
    repo.commit("Drop", ("docs/adr/0004-remove-dapper.md",
                         "# 4. Remove Dapper\n\n## Status\n\nAccepted\n\n## Decision\n\n"
                         "We will remove Dapper; queries go through our own mapper.\n"),
                ("src/App.csproj", _csproj("Npgsql")))
    assert [effect(d) for d in decisions(repo).values()] == ["avoids nuget:dapper.*"]
    for name in ("Dapper", "Dapper.Extensions.PostgreSQL"):
        repo.write("src/App.csproj", _csproj("Npgsql", name))
        code, data = check(repo)
        assert code == 1 and data["findings"][0]["check"] == "dependency-added", name
    repo.write("src/App.csproj", _csproj("Npgsql", "DapperLib.Tools"))
    assert check(repo)[0] == 0


def test_a_negated_predicate_and_a_word_modifying_the_next_bind_nothing() -> None:
    """slatedb/slatedb (round 21, judged blind): "This is not a major concern for SlateDB as
    ObjectStore capacity is practically infinite" avoided `object_store`, and "Use object
    versioning" used it (`object` begins one declared crate's name)."""
    vocabulary = Vocabulary.build((), [("cargo", "object_store"), ("cargo", "tokio"),
                                       ("pypi", "redis")])

    def read(text: str) -> dict[str, str]:
        return {str(p): v for p, v, _ in read_dependencies("Compaction", text, (), vocabulary,
                                                           WORDS).effects}

    assert read("This is not a major concern for SlateDB as ObjectStore capacity is "
                "practically infinite.") == {}
    assert read("It is not a problem for Redis users.") == {}
    assert read("3. **Use object versioning**: stores that support it can emulate CAS.") == {}
    assert read("We will not use Redis.") == {"pypi:redis": "avoided"}
    assert read("We will drop `object_store`.") == {"cargo:object_store": "avoided"}
    # a part of what is there, described (easi-app, managed-care-review on the checkouts)
    assert read("Our Redis cache will send results to the client.") == {}
    assert read("No tool outside of our current Redis deployment pipelines.") == {}
    assert read("We replace our Redis cache with a file store.") == {"pypi:redis": "avoided"}
    # ... nor a feature named by a framework in lower case (pipeline-works-authorisations)
    spring = Vocabulary.build((), [("maven", "org.springframework:spring-core"),
                                   ("npm", "npm"), ("npm", "yarn")])
    assert read_dependencies("Use spring message validation for type mismatches", "", (),
                             spring, WORDS).effects == ()
    assert {str(p): v for p, v, _ in read_dependencies(
        "Use npm instead of yarn", "", (), spring, WORDS).effects} == {
        "npm:npm": "used", "npm:yarn": "avoided"}


def test_a_registry_prefix_and_a_registrys_scope_name_no_package() -> None:
    """raaymax/quack (round 21's second check, judged blind): "Use MongoDB via Deno's `npm:`
    specifier" used `npm`, and "JSR" the `@jsr/*` scope that mirrors JSR's packages on npm."""
    vocabulary = Vocabulary.build((), [("npm", "npm"), ("npm", "mongodb"),
                                       ("npm", "@jsr/std__assert"), ("npm", "@jsr/hono__hono")])
    found = read_dependencies("MongoDB for Persistence", "Use MongoDB via Deno's `npm:` "
                              "specifier.", (), vocabulary, WORDS).effects
    assert [(str(p), v) for p, v, _ in found] == [("npm:mongodb", "used")]
    assert vocabulary.lookup("jsr") == ()


def test_what_a_choice_works_with_is_no_option_weighed() -> None:
    """defenseunicorns/leapfrogai (round 21's second check, judged blind): "It is also
    compatible with both backend deployment options: llama-cpp-python and vllm" rejected
    both, though another ADR chose them; "We considered Celery" still weighs Celery."""
    vocabulary = Vocabulary.build((), [("pypi", "deepeval"), ("pypi", "llama-cpp-python"),
                                       ("pypi", "vllm"), ("pypi", "celery"), ("pypi", "rq")])

    def read(text: str) -> dict[str, str]:
        return {str(p): v for p, v, _ in read_dependencies("Evaluation", text, (), vocabulary,
                                                           WORDS).effects}

    assert read("We will use DeepEval. It is also compatible with both backend deployment "
                "options: llama-cpp-python and vllm.") == {"pypi:deepeval": "used"}
    assert read("We will use RQ. We considered Celery.") == {"pypi:rq": "used",
                                                             "pypi:celery": "rejected"}


def test_a_list_a_past_drop_governs_is_left_behind() -> None:
    """Enterprise-CMCS/managed-care-review's ADR 030: "we removed both `yarn` and `lerna`"."""
    vocabulary = Vocabulary.build((), [("npm", "yarn"), ("npm", "lerna"), ("npm", "pnpm")])
    reading = read_dependencies("Use pnpm", "Move to pnpm. As part of this switch we removed "
                                "both `yarn` and `lerna` as dependencies.", (), vocabulary, WORDS)
    assert {p.name: v for p, v, _ in reading.effects} == {
        "pnpm": "used", "yarn": "avoided", "lerna": "avoided"}


@pytest.mark.parametrize(("text", "expected"), [
    # HHS/OPRE-OPS's ADR 015: the link's text is a name nothing knows, its address ends in
    # the declared package's name, which spells it
    ("We will use [aXe](https://github.com/dequelabs/axe-core) with Cypress.",
     {"npm:axe-core": "used", "npm:cypress": "used"}),
    # ... a word that does not spell the package, or a text a manifest knows, is read as before
    ("We will use it in [combination](https://www.npmjs.com/package/cypress-axe) with Cypress.",
     {"npm:cypress": "used"}),
    ("We will use [Cypress](https://github.com/dequelabs/axe-core).", {"npm:cypress": "used"}),
    # ... and an address whose package no manifest declares grounds nothing
    ("We will use [Pa11y](https://github.com/pa11y/pa11y).", {}),
])
def test_a_link_address_names_the_package_its_text_spells(text: str,
                                                           expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build((), [("npm", "axe-core"), ("npm", "cypress-axe"),
                                       ("npm", "cypress")])
    assert {str(p): v for p, v, _ in read_dependencies("A11y", text, (), vocabulary,
                                                       WORDS).effects} == expected


def test_an_identifier_prefix_in_code_form_names_no_package() -> None:
    """linagora/tmail-flutter's ADR 0080: "test files no longer have a `web_` prefix" drops
    no `web` package; a reStructuredText link's underscore still ends a name."""
    vocabulary = Vocabulary.build((), [("pub", "web"), ("pypi", "django-crum")])
    assert read_dependencies("Tests", "Test files no longer have a `web_` prefix.", (),
                             vocabulary, WORDS).effects == ()
    assert [str(p) for p, _, _ in read_dependencies(
        "Tests", "We no longer use `Django-CRUM`_ here.", (), vocabulary, WORDS).effects] == [
        "pypi:django-crum"]


@pytest.mark.parametrize("text", [
    # monterail/monteway-flutter's ADRs 0002 and 0003
    "We will go for BLoC, an powerful and elastic state management tool.",
    "We have picked BLoC for managing state.",
    "We opted for BLoC.",
])
def test_going_for_opting_for_and_picking_choose(text: str) -> None:
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [("pub", "flutter_bloc")])
    assert [(str(p), v) for p, v, _ in read_dependencies("State", text, (), vocabulary,
                                                         WORDS).effects] == [
        ("pub:flutter_bloc", "used")]


def test_what_a_choice_is_for_is_no_past() -> None:
    """eclipse-chariott/chariott's ADR 0004: "We will go with gRPC for the first version"
    chooses gRPC; "the first version used" describes the past. (In Go, where the alias
    table knows gRPC as google.golang.org/grpc.)"""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("go", "google.golang.org/grpc")])
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Communication", "We will go with gRPC for the first version.", (), vocabulary,
        WORDS).effects] == [("go:google.golang.org/grpc", "used")]
    assert read_dependencies("Communication", "The first version used gRPC.", (), vocabulary,
                             WORDS).effects == ()


def test_a_verb_before_a_name_is_no_host_it_serves() -> None:
    """jeremyckahn/farmhand's ADR 0001 (dependency held-back set 12), where `react-use` is
    declared: "Use React Testing Library" adopts the testing library, not `react-use`."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "react"), ("npm", "react-use"), ("npm", "@testing-library/react")])
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Use React Testing Library for tests", "We will use React Testing Library.", (),
        vocabulary, WORDS).effects] == [("npm:@testing-library/react", "used")]
    # a product named with its vendor's words the other way round still is (HHS/OPRE-OPS)
    vocabulary = Vocabulary.build((), [("pypi", "azure-storage-blob")])
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Document Storage", "We will use Azure Blob Storage as our document storage system.",
        (), vocabulary, WORDS).effects] == [("pypi:azure-storage-blob", "used")]


def test_a_negation_inside_an_identifier_negates_nothing() -> None:
    """farmhand's ADR 0003: "the `import/no-default-export` ESLint rule should be enabled"
    drops no ESLint; "no ESLint" still does."""
    vocabulary = Vocabulary.build((), [("npm", "eslint")])
    for text in ("Then the [`import/no-default-export`](https://example.org/no-default-export.md)"
                 " ESLint rule should be enabled.",
                 "Then the import/no-default-export ESLint rule should be enabled."):
        assert "avoided" not in {v for _, v, _ in read_dependencies(
            "No default exports", text, (), vocabulary, WORDS).effects}
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Linting", "We want no ESLint.", (), vocabulary, WORDS).effects] == [
        ("npm:eslint", "avoided")]


def test_what_a_lacking_thing_is_for_is_not_negated() -> None:
    """managed-care-review's ADR 009: "Not having adequate docs, supporting tools for
    Typescript in Avro is a red flag" drops no TypeScript; "no need for X" and "did not opt
    for X" still negate X (not opting for it rejects it: it warns, as an option not chosen)."""
    vocabulary = Vocabulary.build((), [("npm", "typescript"), ("npm", "protobufjs"),
                                       ("npm", "mysql")])
    assert read_dependencies("Serialization", "Not having adequate docs, supporting tools for "
                             "Typescript in Avro is a red flag.", (), vocabulary,
                             WORDS).effects == ()
    for text, value in (("There is no need for MySQL.", "avoided"),
                        ("We did not opt for MySQL.", "rejected")):
        assert [(str(p), v) for p, v, _ in read_dependencies(
            "DB", text, (), vocabulary, WORDS).effects] == [("npm:mysql", value)], text


@pytest.mark.parametrize(("title", "text", "declared", "expected"), [
    # kubernetes/autoscaler (round 23, judged blind): "Cloud Provider" is its own interface,
    # not k8s.io/cloud-provider, so "over gRPC" leaves nothing behind; in code form it is
    ("Plugable Cloud Provider over gRPC", "Both communicate via gRPC with TLS.",
     [("go", "k8s.io/cloud-provider"), ("go", "google.golang.org/grpc")], {}),
    ("Providers", "Implementing CloudProvider interface.", [("go", "k8s.io/cloud-provider")],
     {}),
    ("Providers", "It reuses the flag that names the cloud provider using a value "
     "`--cloud-provider=externalgrpc`.", [("go", "k8s.io/cloud-provider")], {}),
    ("Providers", "We keep the `cloud-provider` module.", [("go", "k8s.io/cloud-provider")],
     {"go:k8s.io/cloud-provider": "used"}),
    # ... and a verb that takes a package names one so written (cloudfoundry/korifi)
    ("Use Gateway API for Ingress", "We will use Gateway API.",
     [("go", "sigs.k8s.io/gateway-api")], {"go:sigs.k8s.io/gateway-api": "used"}),
    # cosmos/interchain-security's ADR 17: what a negated phrase is for is neither
    ("Inactive validators", "Do not take the updates for CometBFT directly from the staking "
     "module, by wrapping an EndBlocker that doesn't return any updates.",
     [("go", "github.com/cometbft/cometbft")], {}),
    # DFE-Digital/early-years-foundation-recovery: what a service does is no ban of it
    ("Content storage", "It has been detailed that Contentful won't send a CSRF token.",
     [("rubygems", "contentful")], {}),
    ("Jobs", "Celery won't be used.", [("pypi", "celery")], {"pypi:celery": "avoided"}),
    ("Jobs", "Celery must not run here.", [("pypi", "celery")], {"pypi:celery": "avoided"}),
    # cloudfoundry/cloud_controller_ng: a word in capitals is a keyword, even in code form
    ("Migrating int to bigint", "Remove the `CHECK` constraint once verified.",
     [("npm", "check-pages")], {}),
    # cloud_controller_ng's ADR 14: kept while something else happens is not chosen
    ("Storage CLIs", "* Keep the `fog-azure-rm` backend during the transition",
     [("rubygems", "fog-azure-rm")], {}),
    ("Storage", "We keep `fog-azure-rm` for Azure.", [("rubygems", "fog-azure-rm")],
     {"rubygems:fog-azure-rm": "used"}),
    # a prose name the alias table knows, joined by hyphens
    ("Framework", "Chosen option: Ruby-on-Rails", [("rubygems", "rails")],
     {"rubygems:rails": "used"}),
])
def test_round_23_readings(title: str, text: str, declared: list[tuple[str, str]],
                           expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), declared)
    assert {str(p): v for p, v, _ in read_dependencies(title, text, (), vocabulary,
                                                       WORDS).effects} == expected


def test_an_arrow_that_ends_its_line_is_a_colon() -> None:
    """cosmos/ibc-rs's ADR 004 (retrieval held-back set 10): "can be made to work using the
    `dyn-clone` crate ->" over a code block drops no dyn-clone; an arrow between two names on
    one line still swaps them."""
    vocabulary = Vocabulary.build((), [("cargo", "anomaly"), ("cargo", "flex-error")])
    assert read_dependencies("Crates", "The following can be made to work using the "
                             "`dyn-clone` crate ->\n\n```rust\ntrait X: DynClone {}\n```\n",
                             (), vocabulary, WORDS).effects == ()
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Errors", "We move `anomaly` -> `flex-error`.", (), vocabulary, WORDS).effects] == [
        ("cargo:anomaly", "avoided"), ("cargo:flex-error", "used")]


def test_what_the_former_design_used_is_described_not_chosen() -> None:
    """informalsystems/hermes's ADR 007: "issues with the original design using `anomaly`"
    chooses no anomaly; a replacement written with "with" still chooses."""
    vocabulary = Vocabulary.build((), [("cargo", "anomaly"), ("cargo", "flex-error")])
    assert read_dependencies("Errors", "There are a few issues with the original design using "
                             "`anomaly`.", (), vocabulary, WORDS).effects == ()
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Errors", "We will replace the existing setup with flex-error.", (), vocabulary,
        WORDS).effects] == [("cargo:flex-error", "used")]


def test_a_link_address_ending_in_a_family_word_names_nothing() -> None:
    """eclipse-chariott/chariott (held-back set 11): metrics-util is declared, and "We will
    use a metrics library, such as [metrics-rs](https://github.com/metrics-rs/metrics)" names
    no package: `metrics` is only the first word of metrics-util, and "metrics" an ordinary
    word."""
    vocabulary = Vocabulary.build((), [("cargo", "metrics-util")])
    assert read_dependencies("Load tests", "We will use a metrics library, such as "
                             "[metrics-rs](https://github.com/metrics-rs/metrics), to export "
                             "them. We will use metrics as the main path.", (), vocabulary,
                             WORDS).effects == ()


def test_picking_up_a_skill_chooses_nothing() -> None:
    """boxwise/boxtribute's ORM ADR: "volunteers who are familiar with SQLAlchemy pick up one
    of the easier ORMs" (it chose Peewee)."""
    vocabulary = Vocabulary.build((), [("pypi", "sqlalchemy")])
    assert read_dependencies("Python ORM", "The difficulty of ramping up everyone on SQLAlchemy "
                             "outweighs the difficulty of having volunteers who are familiar "
                             "with SQLAlchemy pick up one of the easier ORMs.", (), vocabulary,
                             WORDS).effects == ()


def test_the_same_going_for_a_name_chooses_nothing() -> None:
    """Altinn/altinn-studio's performance monitoring ADR: "the same goes for OTel" applies a
    point to it, it does not choose it."""
    vocabulary = Vocabulary.build((), [("npm", "@opentelemetry/api")])
    assert read_dependencies("Monitoring", "Traces must not hold personal data; the same goes "
                             "for OpenTelemetry.", (), vocabulary, WORDS).effects == ()


def test_a_declared_name_a_title_does_not_mark_is_said_to_be_declared(repo: Repo) -> None:
    """ledgersmb/LedgerSMB's ADR 105 (round 22, judged blind), "Change UI from Dojo Toolkit to
    Quasar": its reading said 'Dojo' was a package no manifest names, while UI/package.json
    declares `dojo`. It says which package the word may be now, and a name the text read is
    not listed again."""
    repo.commit("UI", ("UI/package.json", _package_json("dojo", "quasar")))
    repo.commit("ADR", ("doc/adr/0105-dojo-to-quasar.md",
                        "# 105. Change UI from Dojo Toolkit to Quasar\n\n## Status\n\nAccepted"
                        "\n\n## Decision\n\nThe UI will use Quasar as much as possible.\n"))
    reading = decisions(repo)["ADR-0105"]["reading"]
    assert any("not read: 'Dojo' may be npm:dojo" in line for line in reading), reading
    assert not any("Quasar'" in line for line in reading if line.startswith("not ")), reading


def test_a_title_naming_the_replacement_of_a_package_leaves_it() -> None:
    """pipe-cd/pipecd's RFC 19, "Redux replacement": what replaces it. A deprecation or a
    removal may be another project's: "the Angular deprecation is resolved" (jaegertracing/
    jaeger's ADR 7, Grafana's deprecation of Angular panels) drops no Angular."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("npm", "redux"), ("npm", "@angular/core")])
    [(_, value, _)] = read_dependencies("Redux replacement", "", (), vocabulary, WORDS).effects
    assert value == "avoided"
    assert read_dependencies("Dashboards", "The generated dashboard has no graph panels: the "
                             "Angular deprecation is resolved by construction.", (), vocabulary,
                             WORDS).effects == ()


def test_what_is_not_represented_in_a_package_is_no_ban_of_it() -> None:
    """pulibrary/pdc_describe's ADR 4 (round 22, judged blind): "metadata about the interface
    that is not represented in DataCite" read as avoiding the datacite gem the app writes
    with; a negation of the package's use still avoids it."""
    vocabulary = Vocabulary.build((), [("rubygems", "datacite")])
    assert read_dependencies("Data model", "We will need to store metadata about the interface "
                             "that is not represented in DataCite.", (), vocabulary,
                             WORDS).effects == ()
    assert [v for _, v, _ in read_dependencies("Data model", "We will not use DataCite.", (),
                                               vocabulary, WORDS).effects] == ["avoided"]


def test_an_identifier_in_code_form_is_not_the_start_of_a_package_name() -> None:
    """argoproj/argo-cd (round 24): source-map-loader is the only declared package that
    begins with "source", and "we will remove the `source` field" drops the Application's
    spec field, not that loader; the first word in code form names a package only as one."""
    vocabulary = Vocabulary.build((), [("npm", "source-map-loader"), ("npm", "react")])
    assert read_dependencies("Multiple sources", "We will remove the `source` field from later "
                             "releases. Changes pushed to the upstream `source` roll out.", (),
                             vocabulary, WORDS).effects == ()
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Maps", "We will use the `source` package for maps.", (), vocabulary,
        WORDS).effects] == [("npm:source-map-loader", "used")]


def test_a_family_start_capitalised_before_its_own_noun_modifies_it() -> None:
    """argo-cd's "Use Sources field instead of Source field" (round 24) renames a spec
    field; "Source" is only the start of the declared source-map-loader."""
    vocabulary = Vocabulary.build((), [("npm", "source-map-loader")])
    assert read_dependencies("UI", "Use Sources field instead of Source field. Clean up code.",
                             (), vocabulary, WORDS).effects == ()


def test_a_name_inside_a_quoted_example_of_several_words_is_not_chosen() -> None:
    """croz-ltd/klokwrk-project's commit-format ADR (round 24): "For example: `deps: Bump
    Micronaut to 2.5.2 version`" quotes a commit title; a span that is the name alone is it."""
    vocabulary = Vocabulary.build((), [("maven", "io.micronaut:micronaut-core")])
    assert read_dependencies("Commit messages", "Version bumps should be one commit. For "
                             "example: `deps: Bump Micronaut to 2.5.2 version`.", (), vocabulary,
                             WORDS).effects == ()
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Services", "We use `Micronaut` for services.", (), vocabulary, WORDS).effects] == [
        ("maven:io.micronaut:micronaut-core", "used")]


def test_a_registry_noun_keeps_a_name_to_its_registry() -> None:
    """informalsystems/tendermint-rs's ADR 11: "use the existing domain types from the
    `tendermint` crate" names its own crate, not the declared npm tendermint-light-client-js."""
    vocabulary = Vocabulary.build((), [("npm", "tendermint-light-client-js"),
                                       ("npm", "omniauth"), ("rubygems", "omniauth")])
    assert read_dependencies("Signer", "- use the existing domain types from the `tendermint` "
                             "crate to validate the incoming requests;", (), vocabulary,
                             WORDS).effects == ()
    assert [(str(p), v) for p, v, _ in read_dependencies(
        "Sign-in", "We will use the omniauth gem for sign-in.", (), vocabulary,
        WORDS).effects] == [("rubygems:omniauth", "used")]


def test_a_title_that_is_only_a_name_the_text_writes_as_a_word_chooses_nothing() -> None:
    """ElektraInitiative/libelektra's "Bootstrap" (round 25, judged blind) is about the
    bootstrap backend, and its text writes the word only so ("During bootstrap only
    `elektra.ecf` is read"); it was read as choosing npm's bootstrap, which the website tool
    declares. A text that writes the name as one still lets the title choose it."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(),
                                  [("npm", "bootstrap"), ("npm", "react")])
    topic = read_dependencies("Bootstrap", "Split up the default and the bootstrap "
                              "(`elektra.ecf`) backend. During bootstrap only `elektra.ecf` is "
                              "read.", (), vocabulary, WORDS)
    assert topic.effects == ()
    assert any("not chosen by the title alone" in line for line in topic.reading)
    for text in ("We style the site with Bootstrap.", "The site's grid is `bootstrap`'s.", ""):
        chosen = read_dependencies("Bootstrap", text, (), vocabulary, WORDS)
        assert {str(p): v for p, v, _ in chosen.effects} == {"npm:bootstrap": "used"}, text


def test_a_github_action_is_named_by_the_tool_it_runs() -> None:
    """"Remove Snyk in favor of Dependabot" (GSA-TTS/tts.gsa.gov, the thirteenth held-back
    set): an action is written by its owner where its own name is generic (`snyk/actions`)
    and by its tool where it ends in "-action" (`aquasecurity/trivy-action`); an action of
    another name is not its owner's (`actions/checkout` is no "Actions")."""
    vocabulary = Vocabulary.build([], [("github-actions", "snyk/actions"),
                                       ("github-actions", "aquasecurity/trivy-action"),
                                       ("github-actions", "actions/checkout")])
    dropped = read_dependencies("Remove Snyk in favor of Dependabot", "", (), vocabulary, WORDS)
    assert {str(p): v for p, v, _ in dropped.effects} == {"github-actions:snyk/actions": "avoided"}
    used = read_dependencies("Scanning", "We will use Trivy to scan the images.", (), vocabulary,
                             WORDS)
    assert {str(p): v for p, v, _ in used.effects} == {
        "github-actions:aquasecurity/trivy-action": "used"}
    assert vocabulary.lookup("actions") == ()


def test_an_outcome_that_opens_with_a_listed_option_chooses_it() -> None:
    """mozilla/blurts-server's ADR 7 (round 26, judged blind): the outcome "Jest (with the
    Rust Compiler)", one of the options as listed, with no "Chosen option:" before it; Jest
    was not read and a reason's "our framework (Nextjs)" was. An option chosen so leaves
    the others' names as rejected; a first line that is no listed option chooses nothing."""
    options = ["No Change - Mocha (ES6+ compatible test runner)", "Jest (with the Rust Compiler)"]
    text = "Jest (with the Rust Compiler)\n\nIt has the most support for our framework."
    reading = read_dependencies("Unit testing framework", text, options, VOCABULARY, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {"npm:jest": "used",
                                                          "npm:mocha": "rejected"}
    other = read_dependencies("Unit testing framework", "Jest (with Babel)\n\nIt has the "
                              "most support for our framework.", options, VOCABULARY, WORDS)
    assert not other.effects


@pytest.mark.parametrize(("title", "text", "expected"), [
    # TerriaJS's ADR 1 (round 26, judged blind): the title weighs two tools, then chooses one;
    # the text leaves the other open ("doesn't exclude being able to use `ts-loader`").
    ("babel & ts-loader - use babel", "Using just babel is best. Finally it doesn't exclude "
     "being able to use `ts-loader` down the track.", {"npm:@babel/*": "used"}),
    ("Build", "This does not rule out using `ts-loader` later.", {}),
    ("Build", "We do not use `ts-loader`.", {"npm:ts-loader": "avoided"}),
    ("Use ts-loader - a faster build", "", {"npm:ts-loader": "used"}),
])
def test_a_title_that_weighs_then_chooses_and_a_negated_exclusion(
        title: str, text: str, expected: dict[str, str]) -> None:
    vocabulary = Vocabulary.build([("babel", "npm", "@babel/core")],
                                  [("npm", "ts-loader"), ("npm", "@babel/core")])
    reading = read_dependencies(title, text, [], vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == expected


def test_a_spelled_out_name_with_its_acronym_and_a_list_in_use_now() -> None:
    """TerriaJS's ADR 14 (round 26, judged blind) read as nothing: "We will adopt **Mock
    Service Worker (MSW) v2** …, replacing jasmine-ajax, fetchMock" — the package is the
    acronym — and a later "each test file currently using jasmine-ajax, fetchMock, or …"
    made both replaced packages read as used too, so neither side was kept."""
    vocabulary = Vocabulary.build([], [("npm", "msw"), ("npm", "jasmine-ajax"),
                                       ("npm", "fetch-mock"), ("npm", "css")])
    text = ("We will adopt **Mock Service Worker (MSW) v2** as the single HTTP mocking solution, "
            "replacing jasmine-ajax and fetchMock.\n\nFor each test file currently using "
            "jasmine-ajax, fetchMock, or spies: migrate it.")
    reading = read_dependencies("HTTP mocking in tests", text, [], vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {
        "npm:msw": "used", "npm:jasmine-ajax": "avoided", "npm:fetch-mock": "avoided"}
    # an acronym written out with no verb of choosing before it keeps its long form
    # (mcagov/beacons's technology table: "| Hosting | Amazon Web Services (AWS) |")
    from intentlint.reading.dependencies import _plain
    assert _plain("| Hosting | Amazon Web Services (AWS) |") == \
        "| Hosting | Amazon Web Services (AWS) |"
    assert _plain("We will adopt Mock Service Worker (MSW) v2") == "We will adopt MSW v2"


def test_a_name_in_an_options_description_is_not_that_option() -> None:
    """hotosm/fAIr (round 26, judged blind): "[Mapbox GL Draw](…): … works well with Mapbox
    and Maplibre GL" made MapLibre, the map library the project chose, a rejected option."""
    vocabulary = Vocabulary.build([], [("npm", "terra-draw"), ("npm", "maplibre-gl"),
                                       ("npm", "@mapbox/mapbox-gl-draw")])
    options = ["[Terra Draw](https://github.com/JamesLMilner/terra-draw): drawing modes for any "
               "map library",
               "[Mapbox GL Draw](https://github.com/mapbox/mapbox-gl-draw): works well with "
               "Mapbox and Maplibre GL."]
    reading = read_dependencies("Drawing library", "Chosen option: Terra Draw.", options,
                                vocabulary, WORDS)
    effects = {str(p): v for p, v, _ in reading.effects}
    assert effects.get("npm:terra-draw") == "used" and "npm:maplibre-gl" not in effects, effects


def test_a_languages_name_before_its_package_noun_and_a_title_case_compound() -> None:
    """Round 41, judged blind: "a well understood ruby gem" read as adopting a gem "ruby"
    (OfficeForProductSafetyAndStandards/product-safety-database's ADR 2), and "Merging Pull
    Requests Requires All Checks to be Passing" as adopting `requests` (CDCgov/prime-public-
    health-data-infrastructure's ADR 8): in a Title Case title a capitalised word after
    another ends a noun of two. After a verb that takes a package it is still the name."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("pypi", "requests"), ("rubygems", "searchkick")])

    def effects(title: str, text: str) -> dict[str, str]:
        return {str(p): v for p, v, _ in read_dependencies(
            title, text, [], vocabulary, WORDS).effects}
    assert effects("Search", "We replaced the custom code with the searchkick gem, a well "
                             "understood ruby gem.") == {"rubygems:searchkick": "used"}
    assert effects("Merging Pull Requests Requires All Checks to be Passing",
                   "All status checks must pass before a merge.") == {}
    assert effects("Use Requests for HTTP Calls", "Text.") == {"pypi:requests": "used"}


def test_a_package_managers_name_before_what_its_registry_publishes() -> None:
    """bbc/digital-paper-edit-firebase (round 41, judged blind): "we collectively agreed to
    remove NPM packaging for the API" avoided npm, and a whole-history replay blocked the
    npm lockfiles of a later switch from Yarn to npm."""
    vocabulary = Vocabulary.build([], [("npm", "npm"), ("npm", "yarn"), ("npm", "pnpm")])

    def effects(text: str) -> dict[str, str]:
        return {str(p): v for p, v, _ in read_dependencies(
            "Modular architecture", text, [], vocabulary, WORDS).effects}
    assert effects("We collectively agreed to remove NPM packaging for the API.") == {}
    assert effects("Publish the SDK as an npm package.") == {}
    assert effects("We will stop using npm and use pnpm.") == {
        "npm:npm": "avoided", "npm:pnpm": "used"}
    # the manager itself (captainpragmatic/PRAHO's "Migration to uv Package Manager")
    assert {str(p): v for p, v, _ in read_dependencies(
        "Migration to uv Package Manager", "We are migrating from pip + requirements.txt to "
        "**uv** (https://docs.astral.sh/uv/) using the **workspace** pattern.", [],
        Vocabulary.build([], [("pypi", "uv")]), WORDS).effects} == {"pypi:uv": "used"}


def test_the_chosen_options_other_names_come_with_it() -> None:
    """windlasstech/vers-js (round 41, judged blind): "Chosen option: "fast-check (with
    optional @fast-check/vitest adapter)"" made the adapter a rejected option, and a replay
    warned on the commit that added it as the ADR chose."""
    vocabulary = Vocabulary.build([], [("npm", "fast-check"), ("npm", "@fast-check/vitest"),
                                       ("npm", "jazzer.js")])
    options = ["fast-check (with optional @fast-check/vitest adapter)", "Jazzer.js"]
    reading = read_dependencies(
        "Use fast-check for property-based testing",
        'Chosen option: "fast-check (with optional @fast-check/vitest adapter)", because it '
        "is pure TypeScript.", options, vocabulary, WORDS)
    effects = {str(p): v for p, v, _ in reading.effects}
    assert effects == {"npm:fast-check": "used", "npm:jazzer.js": "rejected"}, effects


def test_a_package_named_for_the_ui_framework_it_serves_is_its_library() -> None:
    """IGassmann/viaferrata.app (an unseen repository, this stop): "Chosen option: "Lucide""
    over `lucide-react` in package.json read as nothing. A package named for the UI framework
    it serves is written without it, as `sentry-go` is Sentry."""
    vocabulary = Vocabulary.build([], [("npm", "lucide-react"), ("npm", "react")])
    reading = read_dependencies("Use the Lucide icon library",
                                'Chosen option: "Lucide" because it offers many icons.',
                                ["[Lucide](https://lucide.dev/)", "[Heroicons](https://x)"],
                                vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {"npm:lucide-react": "used"}


def test_a_name_in_what_is_done_instead_is_not_chosen() -> None:
    """HHS/TANF-app's ADR 23 (round 26, judged blind): "Adopt a standalone Next.js admin
    application instead of adding admin routes into the existing CRA app" read CRA, the option
    it turned down, as adopted. "Instead of Jest" still leaves Jest."""
    vocabulary = Vocabulary.build([("cra", "npm", "react-scripts")],
                                  [("npm", "next"), ("npm", "react-scripts"), ("npm", "jest"),
                                   ("npm", "vitest")])
    reading = read_dependencies("React admin console", "Adopt a **standalone Next.js admin "
                                "application** instead of adding admin routes into the "
                                "existing CRA app.", [], vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {"npm:next": "used"}
    plain = read_dependencies("Tests", "Use Vitest instead of Jest.", [], vocabulary, WORDS)
    assert {str(p): v for p, v, _ in plain.effects} == {"npm:vitest": "used", "npm:jest": "avoided"}


def test_the_current_setup_with_a_tool_is_described_not_chosen() -> None:
    """mozilla/blurts-server's ADR 0 (round 26, judged blind), which moved from Jest to AVA:
    "fairly minimal changes from our current setup with Jest" read as choosing Jest."""
    vocabulary = Vocabulary.build([], [("npm", "jest"), ("npm", "ava")])
    reading = read_dependencies("Test runner", "We've chosen `ava` as a test runner. It requires "
                                "fairly minimal changes from our current setup with Jest.", [],
                                vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {"npm:ava": "used"}


def test_a_package_scoped_by_its_own_vendor_is_named_by_its_name() -> None:
    """hotosm/fAIr (round 26, judged blind): "We've chosen to use Tailwind CSS, CSS3 and
    Shoelace" over `@shoelace-style/shoelace` read Shoelace as nothing. A scoped package whose
    scope is its own name (`@shoelace-style/shoelace`) is written as the name; other scoped
    packages are not (`@testing-library/react` is not "React")."""
    vocabulary = Vocabulary.build([("tailwind css", "npm", "tailwindcss")],
                                  [("npm", "@shoelace-style/shoelace"), ("npm", "tailwindcss"),
                                       ("npm", "@testing-library/react")])
    reading = read_dependencies("Styling", "We've chosen to use Tailwind CSS and Shoelace. We "
                                "use React for views.", [], vocabulary, WORDS)
    assert {str(p): v for p, v, _ in reading.effects} == {
        "npm:tailwindcss": "used", "npm:@shoelace-style/shoelace": "used"}


def test_options_the_reasons_discuss_are_still_rejected() -> None:
    """leadof/leadof (round 33, judged blind): "Chosen option: "Use pnpm", because of
    improved functionality over `npm`. The tool `yarn` made significant breaking changes …"
    rejected neither npm nor yarn, and ADR 14's "Svelte and Vue have great features …, but
    …" rejected neither Svelte nor Vue: a name in a sentence that chooses nothing is part of
    the reasons, not of the choice. "React has had difficulty adopting Web Component
    support" adopted React, an option turned down: React is the one adopting."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "pnpm"), ("npm", "@angular/core"), ("npm", "@ionic/angular"),
        ("npm", "yarn"), ("npm", "npm")])  # their lockfiles once in the tree
    pnpm = read_dependencies(
        "Use pnpm", 'Chosen option: "Use pnpm", because of improved functionality over `npm`. '
        "The tool `yarn` made significant breaking changes in a recent major upgrade. However, "
        "the use of the newer version of `yarn` creates some challenges with existing `npm` "
        "packages.", ["Use [`pnpm`](https://pnpm.io/)", "Use `npm`",
                      "Use [`yarn`](https://yarnpkg.com/)"], vocabulary, WORDS)
    assert {p.name: v for p, v, _ in pnpm.effects} == {
        "pnpm": "used", "npm": "rejected", "yarn": "rejected"}, pnpm.reading
    ionic = read_dependencies(
        "Use Ionic with Angular for web applications",
        'Chosen option: "Use Ionic with Angular". While good arguments can be made for all four '
        "of the considered options, Angular. React has had difficulty adopting Web Component "
        "support for several years and requires many more individual decisions than Angular. "
        "Svelte and Vue have great features and an incredible "
        "community, but Svelte is still making significant architectural decisions.",
        ["Use Ionic with Vue", "Use Ionic with React", "Use Ionic with Angular",
         "Use Svelte with Ionic"], vocabulary, WORDS)
    effects = {p.name: v for p, v, _ in ionic.effects}
    assert {n: effects.get(n) for n in ("react", "vue", "svelte")} == {
        "react": "rejected", "vue": "rejected", "svelte": "rejected"}, ionic.reading
    # a name in the sentence that chooses is part of the choice (round 15's Redis)
    queue = read_dependencies("Queue", "We use RQ backed by Redis for the queue.",
                              ["Continue with Redis Enterprise", "Use RQ with Redis"],
                              Vocabulary.build([(n, "rubygems", n) for n in ("redis", "rq")],
                                               [("rubygems", "redis"), ("rubygems", "rq")]),
                              WORDS)
    assert {p.name: v for p, v, _ in queue.effects} == {"rq": "used"}
    # ... and one the text says is in use, or may be (Energinet-DataHub/energy-origin's ADR
    # 10, which the 325-checkout comparison read as rejecting Moq)
    mocks = read_dependencies(
        "Mocking HttpClient when testing", "We chose to use [richardszalay/mockhttp](https://"
        "github.com/richardszalay/mockhttp). Please note that the two options are not mutually "
        "exclusive as we are already using Moq. If something is not possible, we can fallback "
        "to using Moq.", ["Use a library that mocks `HttpClient`. [richardszalay/mockhttp]"
                          "(https://github.com/richardszalay/mockhttp) seems to be the most "
                          "popular.", "Using Moq (or write our own implementation) to replace "
                          "HttpMessageHandler within HttpClient"],
        Vocabulary.build((), [("nuget", "moq"), ("nuget", "richardszalay.mockhttp")]), WORDS)
    assert {(p.name, v) for p, v, _ in mocks.effects} == {
        ("richardszalay.mockhttp", "used")}, mocks.reading
    # ... and one an item of the decision's own list names (dmayes77/nextjs-fastapi-foundation,
    # tried unseen after round 34: its ADR 5 rejected TypeScript, the language it generates)
    openapi = read_dependencies(
        "Generate the Frontend Client from OpenAPI", "Use FastAPI OpenAPI output as the source "
        "for generating the frontend API client.\n\n- Pydantic and FastAPI define the backend "
        "contract.\n- TypeScript types and request functions are generated from the OpenAPI "
        "document.", ["Handwritten TypeScript interfaces", "Shared source package", "GraphQL"],
        Vocabulary.build(bundled_aliases().prose_names(), [
            ("npm", "typescript"), ("npm", "graphql"), ("npm", "openapi-typescript"),
            ("pypi", "fastapi")]), WORDS)
    assert {(p.name, v) for p, v, _ in openapi.effects} == {
        ("fastapi", "used"), ("graphql", "rejected")}, openapi.reading


def test_a_name_a_manifest_runs_together_and_how_easy_a_move_is() -> None:
    """SSWConsulting/SSW.CleanArchitecture (round 33, judged blind): "Migrate to Awesome
    Assertions" read nothing, for the manifests write AwesomeAssertions; and "It is also easy
    to migrate from FluentAssertions to Awesome Assertions" says how easy a move is, which
    drops nothing: FluentAssertions is an option not chosen, and warns."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("nuget", "awesomeassertions"), ("nuget", "fluentassertions")])
    reading = read_dependencies(
        "Migrate to Awesome Assertions",
        'Chosen option: "Option 5 - Awesome Assertions", because we get the same experience as '
        "FluentAssertions, but it is free for commercial use. It is also easy to migrate from "
        "FluentAssertions to Awesome Assertions.",
        ["Shouldly", "Fluent Assertions (free version)", "Fluent Assertions (paid version)",
         "Awesome Assertions"], vocabulary, WORDS)
    assert {p.name: v for p, v, _ in reading.effects} == {
        "awesomeassertions": "used", "fluentassertions": "rejected"}, reading.reading
    # words in lower case run together are ordinary words, and an acronym names a
    # specification (GSA-TTS/FAC's "JSON Schema" is no `jsonschema`, held-back set 2)
    assert vocabulary.mentions("we want awesome assertions") == []
    spec = Vocabulary.build((), [("pypi", "jsonschema")])
    assert spec.mentions("Submissions are checked against a JSON Schema we serve.") == []


def test_a_nuget_names_last_part_that_another_names_in_the_middle_is_that_product() -> None:
    """Logitar/Portal (round 33, judged blind): "We will be using EntityFrameworkCore NuGet
    packages" adopted Microsoft.Extensions.Diagnostics.HealthChecks.EntityFrameworkCore, a
    package that serves Entity Framework Core, whose own packages (Microsoft.EntityFramework
    Core.Design) bear the name in the middle."""
    vocabulary = Vocabulary.build((), [
        ("nuget", "microsoft.entityframeworkcore.design"),
        ("nuget", "microsoft.extensions.diagnostics.healthchecks.entityframeworkcore"),
        ("nuget", "microsoft.extensions.http.polly")])
    assert vocabulary.lookup("EntityFrameworkCore") == ()
    assert [p.name for p in vocabulary.lookup("Polly")] == ["microsoft.extensions.http.polly"]


def test_a_title_that_only_names_it_does_not_stand_over_a_text_that_leaves_it() -> None:
    """epicweb-dev/epic-stack (round 33, judged blind): ADR 29, "# Remix Auth", decides
    "Instead of relying on remix-auth for handling … the login form submission, we'll manage
    it ourselves", and read as adopting remix-auth. A title with a verb still stands."""
    vocabulary = Vocabulary.build((), [("npm", "remix-auth")])
    text = ("Instead of relying on remix-auth for handling authenticating the user's login "
            "form submission, we'll manage it ourselves.")
    topic = read_dependencies("Remix Auth", text, (), vocabulary, WORDS)
    assert topic.effects == () and topic.unclear, topic.reading
    assert {(p.name, v) for p, v, _ in read_dependencies("Login", text, (), vocabulary,
                                                          WORDS).effects} == {
        ("remix-auth", "avoided")}
    stated = read_dependencies("Use Remix Auth", "We keep remix-auth; instead of relying on "
                               "remix-auth for the form, we handle it.", (), vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in stated.effects} == {("remix-auth", "used")}


def test_what_a_structure_is_modelled_on_is_not_chosen() -> None:
    """prose-im/prose-pod-api (round 34, judged blind): "We will use the same structure as
    SeaORM's Rocket with SeaORM example app" adopted Rocket; the project follows an example's
    layout, and its later ADR replaced Rocket with Axum, which the tool then called a
    conflict of two accepted ADRs."""
    vocabulary = Vocabulary.build((), [("cargo", "sea-orm"), ("cargo", "rocket")])
    reading = read_dependencies(
        "Use SeaORM", "We will use SeaORM. We will use the same structure as SeaORM's Rocket "
        "with SeaORM example app.", (), vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in reading.effects} == {("sea-orm", "used")}, \
        reading.reading


def test_what_a_drop_takes_with_it_in_brackets_is_dropped() -> None:
    """prose-im/prose-pod-api (round 34, judged blind): "We will get rid of the [Swagger UI]
    route (and therefore [`utoipa-swagger-ui`]) and use [Redoc] instead" adopted
    utoipa-swagger-ui; the earlier ADR that chose it was then "reaffirmed" by this one."""
    vocabulary = Vocabulary.build((), [("cargo", "utoipa-swagger-ui"), ("cargo", "utoipa")])
    reading = read_dependencies(
        "Use Redoc instead of Swagger UI", "We will get rid of the [Swagger UI] route (and "
        "therefore [`utoipa-swagger-ui`]) and use [Redoc] instead.", (), vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in reading.effects} == {("utoipa-swagger-ui", "avoided")}, \
        reading.reading


def test_what_a_choice_is_made_over_and_the_reason_a_clause_gives() -> None:
    """GoogleCloudPlatform/emblem (round 34, judged blind): "The team has ultimately chosen
    LitElement over React" adopted React, and "We settled on Playwright, as Cypress, Puppeteer
    and Sauce Labs all had drawbacks" adopted Cypress and Puppeteer."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "react"), ("npm", "cypress"), ("npm", "puppeteer"), ("npm", "@playwright/test")])
    over = read_dependencies("Revisiting JS frameworks", "The team has ultimately chosen "
                             "LitElement over React after a quick dive.", (), vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in over.effects} == {("react", "rejected")}, over.reading
    settled = read_dependencies("Website testing framework", "We settled on **Playwright**, "
                                "as **Cypress**, **Puppeteer** and **Sauce Labs** all had "
                                "drawbacks for our use case.", (), vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in settled.effects} == {("@playwright/*", "used")}, \
        settled.reading


def test_alternatives_joined_by_or_choose_neither() -> None:
    """GoogleCloudPlatform/emblem (round 34, judged blind): "backend apps in Flask or Django
    should use Cloud Run" adopted both Flask and Django. Dropping either still drops both."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [("pypi", "flask"),
                                                                   ("pypi", "django")])
    either = read_dependencies("Run the website", "The page suggests that backend apps in Flask "
                               "or Django should use Cloud Run.", (), vocabulary, WORDS)
    assert either.effects == (), either.reading
    assert {(p.name, v) for p, v, _ in read_dependencies(
        "Web", "We will remove Flask or Django, whichever is left.", (), vocabulary,
        WORDS).effects} == {("flask", "avoided"), ("django", "avoided")}


def test_a_ban_on_a_thing_of_a_package_bans_not_the_package() -> None:
    """opcotech/elemo (round 35, judged blind): its ADR 22 chooses Meilisearch and says
    "Raw Meilisearch filter strings are never accepted"; read as avoiding meilisearch-go, it
    blocked the commit that added the ADR and the package. "The Moment.js library is no
    longer used" still drops Moment."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("go", "github.com/meilisearch/meilisearch-go"), ("npm", "moment")])
    strings = read_dependencies("Search", "We will use Meilisearch for search. Raw Meilisearch "
                                "filter strings are never accepted from clients.", (),
                                vocabulary, WORDS)
    assert {(p.name.rsplit("/", 1)[-1], v) for p, v, _ in strings.effects} == {
        ("meilisearch-go", "used")}, strings.reading
    dropped = read_dependencies("Dates", "The Moment.js library is no longer used.", (),
                                vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in dropped.effects} == {("moment", "avoided")}


def test_choosing_what_comes_first_rejects_no_option() -> None:
    """nilscodes/reach-your-people (round 35, judged blind): "The second messaging integration
    will be text messages via Twilio" listed e-mail via Sendgrid among its options; read as
    rejecting Sendgrid, it warned when e-mail was added as a later integration."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "twilio"), ("npm", "@sendgrid/mail")])
    reading = read_dependencies(
        "The second messaging integration will be text messages via Twilio",
        "Text message integrations via Twilio were chosen as the prototype for the second "
        "integration.", ["Twitter", "E-mail (via a service like Sendgrid)",
                         "Text Messages (via a service like Twilio)"], vocabulary, WORDS)
    assert "rejected" not in {v for _, v, _ in reading.effects}, reading.reading


def test_an_option_chosen_by_its_bracketed_label() -> None:
    """change-metrics/monocle (round 35, judged blind): options "[option 1] [uWSGI](…)" and
    "[option 2] [Meinheld](…)", outcome "Chosen option: "[option 1]", because … to serve WSGI
    app like Flask": read as adopting Flask and rejecting uWSGI, the other way round."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("pypi", "uwsgi"), ("pypi", "meinheld"), ("pypi", "flask")])
    reading = read_dependencies(
        "Production ready in all-in-one setup", 'Chosen option: "[option 1]", because it is well '
        "known in the industry. It is not the most performant but it has good performances to "
        "serve WSGI app like Flask thanks to the uwsgi protocol.",
        ["[option 1] [uWSGI](https://uwsgi-docs.readthedocs.org/)",
         "[option 2] [Meinheld](http://meinheld.org/)"], vocabulary, WORDS)
    assert {(p.name, v) for p, v, _ in reading.effects} == {
        ("uwsgi", "used"), ("meinheld", "rejected")}, reading.reading


def test_what_a_choice_is_a_fork_of_or_an_alternative_to_is_not_chosen() -> None:
    """kiwicom/the-zoo's ADR 6 (the development corpus): "We will use Fomantic UI, the community
    fork of `Semantic UI`" adopted Semantic UI beside Fomantic, in the ADR that stops using
    it. And "Preact, a lightweight alternative to React" read nothing: "alternative" made the
    sentence a list of options, though it names one choice and what the choice stands beside."""
    vocabulary = Vocabulary.build((), [("npm", "fomantic-ui"), ("npm", "semantic-ui"),
                                       ("npm", "preact"), ("npm", "react")])

    read = partial(_effects, "Front end", vocabulary=vocabulary)

    assert read("We will use Fomantic UI, the community fork of Semantic UI.") == {
        ("fomantic-ui", "used")}
    assert read("We will use Fomantic UI (forked from Semantic UI).") == {
        ("fomantic-ui", "used")}
    assert read("We will use Preact, a lightweight alternative to React.") == {
        ("preact", "used")}
    # Options weighed still choose nothing; a stop still drops.
    assert read("There are two alternatives to React: Preact and Fomantic UI.") == set()
    assert read("We will stop using Semantic UI and use Fomantic UI.") == {
        ("semantic-ui", "avoided"), ("fomantic-ui", "used")}


def test_a_name_that_only_qualifies_an_option_is_not_the_option() -> None:
    """Round 38, judged blind: "EF Core's `UseSeeding`" rejected EF Core, the project's own
    database library (SSWConsulting/SSW.VerticalSliceArchitecture); "React Docgen" and
    "TanStack Table (formerly React Table)" rejected React, the chosen framework
    (ElektraInitiative/PermaplanT); "Doctrine Migrations, Laravel Migrations" rejected the
    Doctrine ORM and Laravel (elan-registry/registry). Each names another thing."""
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("nuget", "microsoft.entityframeworkcore"), ("npm", "react"), ("npm", "typedoc"),
        ("composer", "doctrine/orm"), ("composer", "laravel/framework"), ("npm", "jest"),
        ("npm", "mocha")])

    def rejected(text: str, *options: str) -> set[str]:
        reading = read_dependencies("Choice", text, options, vocabulary, WORDS)
        return {p.name for p, v, _ in reading.effects if v == "rejected"}

    assert rejected("Chosen option: TypeDoc.", "TypeDoc", "React Docgen",
                    "TanStack Table (formerly React Table)") == set()
    assert rejected("Chosen option: TypeDoc.", "TypeDoc",
                    "Move seeding into EF Core's `UseSeeding`") == set()
    assert rejected("Chosen option: TypeDoc.", "TypeDoc",
                    "Heavyweight Migration Frameworks (Doctrine Migrations, Laravel "
                    "Migrations)") == set()
    # The name itself, or the name and the kind of thing it is, is still the option.
    assert rejected("Chosen option: Jest.", "Jest", "Mocha") == {"mocha"}
    assert rejected("Chosen option: Jest.", "Jest Framework", "Mocha Framework") == {"mocha"}


def test_what_another_package_lacks_keeps_nothing_out() -> None:
    """elan-registry/registry's ADR 15 (round 38, judged blind): "flatpickr has no jQuery
    dependency" read as a ban on jQuery, which the project loads on every page."""
    vocabulary = Vocabulary.build((), [("npm", "flatpickr"), ("npm", "jquery")])

    read = partial(_effects, "Date pickers", vocabulary=vocabulary)

    assert read("flatpickr has no jQuery dependency.") == set()
    assert read("It needs no jQuery.") == set()
    assert read("The frontend must have no jQuery dependency.") == {("jquery", "avoided")}
    assert read("We will not use jQuery.") == {("jquery", "avoided")}


def test_a_rejected_option_the_choice_runs_on_is_not_rejected(repo: Repo) -> None:
    """ElektraInitiative/PermaplanT's build-tool ADR (round 38, judged blind) chose Vite over
    Webpack, Rollup and Parcel, and its rationale says "Vite also uses Rollup underneath":
    adding a Rollup plugin for Vite's production build warned. What the choice uses is not
    ruled out; the others still are."""
    repo.commit("Start", ("package.json", _package_json("react", "vite")))
    repo.commit("ADR", ("docs/adr/0003-build-tool.md",
                        "# Frontend build tool\n\n## Status\n\nAccepted\n\n"
                        "## Considered Alternatives\n\n- Webpack: popular.\n- Rollup: focused "
                        "on tree shaking.\n- Parcel: zero configuration.\n\n## Decision\n\n"
                        "We will use Vite as the build "
                        "tool.\n\n## Rationale\n\nVite also uses Rollup underneath for "
                        "production builds, and Vite can use Parcel's transformers.\n"))
    effects = {effect(d) for d in decisions(repo).values()}
    assert "rejected npm:webpack" in effects and "uses npm:vite" in effects
    # ... nor what it can use (bcgov/visitz-api: "Good, because NestJS can use Express")
    assert "rejected npm:rollup" not in effects and "rejected npm:parcel" not in effects


def test_a_use_with_no_object_names_what_it_serves_not_a_choice() -> None:
    """fullsend-ai/fullsend's ADR 25 (round 38, judged blind): a credential tier to "Use for
    services with static API key/token auth: GitHub API, OpenAI, Anthropic direct API" adopted
    the OpenAI and Anthropic SDKs in a Go project."""
    vocabulary = Vocabulary.build((), [("npm", "openai"), ("npm", "jest")])

    read = partial(_effects, "Credential delivery", vocabulary=vocabulary)

    assert read("Use for services with static API key auth: GitHub API, OpenAI.") == set()
    assert read("Use Jest for tests.") == {("jest", "used")}
    # ... but a span of time is no purpose (crypto-org-chain/cronos's ADR 2)
    assert read("We will be using for the time being a patched version of Jest.") == {
        ("jest", "used")}


def test_a_dotted_nuget_names_last_part_in_lower_case_is_a_word() -> None:
    """Anthony-Nolan/Atlas's ADR 10 (round 39, judged blind): "need only reference the models
    package, and not the entire client library" banned NuGet's Microsoft.AspNet.WebApi.Client,
    and the ban blocked a patch that put the package back."""
    vocabulary = Vocabulary.build((), [("nuget", "Microsoft.AspNet.WebApi.Client")])
    read = partial(_effects, "Publish the debug client", vocabulary=vocabulary)
    assert read("Projects need only reference the models package, and not the entire client "
                "library.") == set()
    assert read("Do not use Microsoft.AspNet.WebApi.Client.") == {
        ("Microsoft.AspNet.WebApi.Client", "avoided")}


def test_a_madr_folder_of_swaps_written_as_transitions(repo: Repo) -> None:
    """Sergih28/groc (round 40, judged blind): "the decision has been made to transition from
    bun to pnpm" after "evaluating" the options, "Day.js emerged as the optimal choice", and a
    Title Case title "Transition from Zustand to NanoStores" read nothing or only a rejected
    option; "aligns with our project's needs and recommendations for … the Astro framework"
    chose Astro. Bun's lockfile was the binary bun.lockb; adding one brings bun back."""
    repo.commit("Bun", ("app/package.json", '{"dependencies": {"astro": "4", "zustand": "4"}}\n'),
                ("app/bun.lockb", "\x00bun-lockfile-format-v0\x00"))
    madr = "# Decision: {}\n\n## Considered Options\n\n{}\n\n## Decision Outcome\n\n{}\n"
    repo.git("rm", "-q", "app/bun.lockb")
    repo.commit(
        "pnpm and NanoStores",
        ("app/package.json", '{"dependencies": {"astro": "4", "nanostores": "0.9", '
                             '"dayjs": "1", "vitest": "1", "typescript": "5"}}\n'),
        ("app/pnpm-lock.yaml", "lockfileVersion: '9.0'\n"),
        ("docs/decisions/0005-date-library.md", madr.format(
            "Date Library Selection", "- Day.js\n  - Small size\n- Date-fns\n  - Over 200 "
            "functions, TypeScript compatibility\n- Moment.js",
            "After careful consideration, Day.js emerged as the optimal choice. Its modular "
            "structure fits.")),
        ("docs/decisions/0007-change-package-manager.md", madr.format(
            "Package Manager Switch - bun to pnpm", "- bun\n- pnpm",
            "After evaluating the compatibility challenges and considering stability and "
            "reliability, the decision has been made to transition from bun to pnpm.")),
        ("docs/decisions/0008-testing-framework.md", madr.format(
            "Testing Framework", "- Jest\n- Vitest",
            "Given the transition from bun to pnpm as our package manager, the decision is to "
            "adopt Vitest as the preferred test framework over Jest.")),
        ("docs/decisions/0009-change-global-state-library.md", madr.format(
            "Transition from Zustand to NanoStores", "- Zustand\n- NanoStores",
            "We have decided to switch to NanoStores due to its compatibility with Astro. "
            "This transition aligns with our project's needs and recommendations for a "
            "smoother state management experience within the Astro framework.")))
    repo.write(".intentlint.toml", 'adr = ["docs/decisions"]\n')
    repo.commit("Config", (".intentlint.toml", 'adr = ["docs/decisions"]\n'))
    effects = sorted(effect(r) for r in decisions(repo).values() if r["effect"])
    # (ADR 8's "Given the transition from bun to pnpm" restates ADR 7; an option's sub-item
    # "TypeScript compatibility" is no option)
    assert effects == ["avoids npm:bun", "avoids npm:zustand", "rejected npm:date-fns",
                       "rejected npm:jest", "rejected npm:moment", "uses npm:dayjs",
                       "uses npm:nanostores", "uses npm:pnpm", "uses npm:vitest"], effects
    repo.write("app/bun.lockb", b"\x00bun-lockfile-format-v0\x00")
    code, data = check(repo)
    assert code == 1 and [(f["path"], f["check"]) for f in data["findings"]] == [
        ("app/bun.lockb", "lockfile-added")], data


@pytest.mark.parametrize(("text", "expected"), [
    # MaibornWolff/codecharta's ADR 10 (round 40): emphasis closes before the noun
    ("1. Use the _electron_ framework for standalone CodeCharta-Visualization",
     [("electron", "used")]),
    # mlibrary/lauth's ADR 5 (round 40): a relative clause describes; "ActiveRecord" is a gem
    ("There is also some philosophy and design lineage in Hanami, shared with Sequel and ROM, "
     "which should prove complementary.", []),
    ("With the choice made to not use ActiveRecord, one obvious advantage to using Rails is "
     "not present.", [("activerecord", "avoided")]),
    ("Redis, which we will use for caching, is fast.", []),
    # zendesk/link_platform's ADR 20 (the second held-back set): what DelayedJob works with
    ("It integrates seamlessly with ActiveRecord, and should scale to meet our needs.", []),
    # DependencyTrack/hyades-apiserver's ADR 23 (the 325 earlier checkouts): a name that
    # opens a sentence counts by its capitals only in a Title Case title
    ("PostgreSQL sources use the native binary `COPY` protocol.", []),
    # ledgersmb/LedgerSMB's ADR 16 and raster-foundry/raster-foundry's ADR 4 (the same run)
    ("The state machine library used by the project will be robot3, which uses XState.",
     [("robot3", "used")]),
    ("Given the good experiences others have had with Webpack, we've decided to run the "
     "pipeline using npm and webpack.", [("webpack", "used")]),
    # Krzysztof318/MailFathom's ADR 9 (round 40): a clause before "because" is no bare choice
    ("Hangfire's LGPL v3 is satisfiable here, because the image publishes framework-dependent.",
     []),
    ("Background work: Celery, because it retries.", [("celery", "used")]),
])
def test_round_40_readings(text: str, expected: list[tuple[str, str]]) -> None:
    vocabulary = Vocabulary.build(bundled_aliases().prose_names(), [
        ("npm", "electron"), ("rubygems", "hanami"), ("rubygems", "hanami-api"),
        ("rubygems", "activerecord"), ("nuget", "hangfire"), ("pypi", "celery"),
        ("maven", "org.postgresql:postgresql"), ("npm", "robot3"), ("npm", "webpack")])
    reading = read_dependencies("Use Hanami::API for the REST API", text, (), vocabulary, WORDS)
    assert [(p.name, v) for p, v, _ in reading.effects if p.name != "hanami-api"] == expected


def test_a_chosen_package_moved_under_its_makers_scope_is_followed(repo: Repo) -> None:
    """MaibornWolff/codecharta's ADR 10 (round 40): "Use the electron-packager" read drifting
    once the project took the package's new name, @electron/packager."""
    repo.commit("Start", ("package.json", '{"devDependencies": {"electron-packager": "17"}}\n'),
                ("docs/adr/0010-electron.md", "# 10. Standalone\n\n## Status\n\nAccepted\n\n"
                 "## Decision\n\nUse the `electron-packager` to build the standalone app.\n"))
    repo.commit("Renamed upstream",
                ("package.json", '{"devDependencies": {"@electron/packager": "19"}}\n'))
    record = next(r for r in decisions(repo).values()
                  if effect(r) == "uses npm:electron-packager")
    assert record["evidence"]["trend"] == "followed", record["evidence"]
    assert "@electron/packager" in record["evidence"]["detail"]
    repo.commit("Gone", ("package.json", '{"devDependencies": {"electron-builder": "24"}}\n'))
    record = next(r for r in decisions(repo).values()
                  if effect(r) == "uses npm:electron-packager")
    assert record["evidence"]["trend"] == "drifting", record["evidence"]


def test_an_option_turned_down_that_the_code_uses_anyway_warns_on_nothing(repo: Repo) -> None:
    """cazlo/fastapi-async-task-workflow (round 40, judged blind): "SQLAlchemy ORM (with
    separate Pydantic models)" was an option not chosen, and the code imports pydantic, as
    SQLModel does: the rejection is held back, and each new pydantic import warned "ADR-0002
    would block this line, but …" in the replay."""
    repo.commit("Start", ("pyproject.toml", '[project]\nname = "app"\ndependencies = '
                          '["sqlmodel", "pydantic"]\n'),
                ("app/schemas.py", "from pydantic import BaseModel\n"),
                ("docs/decisions/0002-orm.md",
                 "---\nstatus: accepted\n---\n# Use SQLModel\n\n## Considered Options\n\n"
                 "* SQLModel\n* Pydantic\n\n## Decision Outcome\n\nChosen option: \"SQLModel\", "
                 "because it joins the models.\n"))
    repo.write(".intentlint.toml", 'adr = ["docs/decisions"]\n')
    repo.commit("Config", (".intentlint.toml", 'adr = ["docs/decisions"]\n'))
    rejected = {effect(d): d for d in decisions(repo).values()}["rejected pypi:pydantic"]
    assert rejected["held_back"], rejected
    repo.write("app/jobs.py", "from pydantic import BaseModel\n")
    code, data = check(repo)
    assert code == 0 and not data["findings"], data["findings"]
