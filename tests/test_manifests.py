"""The manifest readers: what each kind of file declares, what a change adds, and that no
input makes a reader raise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.manifests import (
    Dependency,
    added,
    catalog_accessors,
    is_lockfile,
    manifest_kind,
    normalise,
    read_manifest,
)
from tests.conftest import Repo


def names(deps: list[Dependency]) -> list[tuple[str, int, bool]]:
    return [(d.name, d.line, d.dev) for d in deps]


REQUIREMENTS = """\
# runtime
-r base.txt
--index-url https://pypi.example/simple
-e git+https://github.com/x/y.git#egg=y
Django>=4.2,<5  # the web framework
requests[socks]==2.31.0 \\
    --hash=sha256:abc
zope.interface ; python_version >= "3.8"
pkg @ https://example.com/pkg-1.0.tar.gz
https://example.com/other-2.0-py3-none-any.whl
./local/package
Flask_SQLAlchemy
"""

PYPROJECT = """\
[project]
name = "app"
dependencies = [
    "pydantic>=2",
    "Typer[all] ; python_version >= '3.10'",
]

[project.optional-dependencies]
mcp = ["mcp>=2"]
dev = ["pytest>=8", "ruff"]

[dependency-groups]
docs = ["Sphinx", {include-group = "dev"}]

[tool.poetry.dependencies]
python = "^3.10"
SQLAlchemy = "^2.0"

[tool.poetry.group.test.dependencies]
hypothesis = "*"
"""

PIPFILE = """\
[[source]]
url = "https://pypi.org/simple"

[packages]
requests = "*"
"Django" = ">=4"

[dev-packages]
pytest = "*"
"""

SETUP_CFG = """\
[metadata]
name = app

[options]
install_requires =
    attrs>=22
    python-dateutil
tests_require = pytest

[options.extras_require]
test = coverage
yaml = PyYAML
"""

PACKAGE_JSON = """\
{
  "name": "web",
  "dependencies": {
    "react": "^18.2.0",
    "@testing-library/react": "^14.0.0"
  },
  "devDependencies": {
    "jest": "^29.0.0",
    "react": "^18.2.0"
  },
  "peerDependencies": { "react-dom": "*" },
  "optionalDependencies": { "fsevents": "^2" }
}
"""

COMPOSER_JSON = """\
{
    "require": {
        "php": ">=8.1",
        "ext-json": "*",
        "guzzlehttp/guzzle": "^7.0",
        "Laravel/Framework": "^10.0"
    },
    "require-dev": {
        "phpunit/phpunit": "^10"
    }
}
"""

GEMFILE = """\
source "https://rubygems.org"

gem "rails", "~> 7.1"
gem 'pg'
gem "sidekiq", require: false # jobs
gem "rubocop", group: :development
gem "bootsnap", groups: [:development, :test]

group :development, :test do
  gem "rspec-rails"
  if ENV["CI"]
    gem "simplecov"
  end
end

group :production do
  gem "lograge"
end

platforms :jruby do
  gem "activerecord-jdbc-adapter"
end
gem "puma"
"""

GEMSPEC = """\
Gem::Specification.new do |spec|
  spec.name = "widget"
  spec.add_dependency "rack", ">= 2"
  spec.add_runtime_dependency("thor")
  spec.add_development_dependency "rake"
  s.add_dependency(%q<activesupport>.freeze, [">= 6"])
end
"""

GO_MOD = """\
module example.com/app

go 1.22

require github.com/spf13/cobra v1.8.0

require (
\tgithub.com/gin-gonic/gin v1.9.1
\tgo.uber.org/zap v1.27.0
\tgolang.org/x/sys v0.18.0 // indirect
)

replace github.com/old/thing => ../thing
"""

CARGO_TOML = """\
[package]
name = "app"

[dependencies]
serde = { version = "1", features = ["derive"] }
tokio_util = "0.7"
web = { package = "actix-web", version = "4" }

[dependencies.clap]
version = "4"

[dev-dependencies]
proptest = "1"

[build-dependencies]
cc = "1"

[target.'cfg(windows)'.dependencies]
winapi = "0.3"

[workspace.dependencies]
anyhow = "1"
"""

POM_XML = """\
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <groupId>com.example</groupId>
  <artifactId>app</artifactId>
  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-dependencies</artifactId>
      </dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency>
      <groupId>com.google.guava</groupId>
      <artifactId>guava</artifactId>
      <version>33.0.0-jre</version>
      <exclusions>
        <exclusion>
          <groupId>com.google.code.findbugs</groupId>
          <artifactId>jsr305</artifactId>
        </exclusion>
      </exclusions>
    </dependency>
    <dependency>
      <groupId>org.junit.jupiter</groupId>
      <artifactId>junit-jupiter</artifactId>
      <scope>test</scope>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <artifactId>maven-surefire-plugin</artifactId>
      </plugin>
    </plugins>
  </build>
</project>
"""

BUILD_GRADLE = """\
plugins {
    id 'java'
}

dependencies {
    implementation 'com.google.guava:guava:33.0.0-jre'
    implementation platform('org.springframework.boot:spring-boot-dependencies:3.2.0')
    api group: 'org.slf4j', name: 'slf4j-api', version: '2.0.9'
    compileOnly "org.projectlombok:lombok:1.18.30"
    implementation libs.jackson.databind
    implementation project(':core')
    testImplementation 'org.mockito:mockito-core:5.8.0' // mocks
    classpath 'com.android.tools.build:gradle:8.2.0'
}
"""

BUILD_GRADLE_KTS = """\
dependencies {
    implementation("com.squareup.retrofit2:retrofit:2.9.0")
    implementation(kotlin("stdlib"))
    runtimeOnly("org.postgresql:postgresql:42.7.1")
    testImplementation(libs.junit.jupiter)
    androidTestImplementation(group = "androidx.test", name = "runner", version = "1.5.2")
}
"""

VERSIONS_TOML = """\
[versions]
jk = "2.16.0"

[libraries]
jackson-databind = { module = "com.fasterxml.jackson.core:jackson-databind", version.ref = "jk" }
junit_jupiter = { group = "org.junit.jupiter", name = "junit-jupiter", version = "5.10.1" }
guava = "com.google.guava:guava:33.0.0-jre"

[plugins]
spotless = { id = "com.diffplug.spotless", version = "6.23.3" }
"""

BUILD_SBT = """\
val circeVersion = "0.14.6"
lazy val akkaGroup = "com.typesafe.akka"
libraryDependencies ++= Seq(
  akkaGroup %% "akka-stream" % "2.6.20",
  "io.circe" %% "circe-core" % circeVersion,
  "org.scalatest" %% "scalatest" % "3.2.17" % Test, // tests only
  "io.suzaku" %%% "diode" % "1.2.0" exclude("org.slf4j", "slf4j-log4j12")
)
dependencyOverrides += "org.scala-lang.modules" %% "scala-xml" % "2.2.0"
excludeDependencies ++= Seq(
  "commons-logging" % "commons-logging" % "1.2"
)
ThisBuild / libraryDependencySchemes += "org.typelevel" %% "cats-core" % VersionScheme.Always
"""
# Clojure (cljdoc/cljdoc, retrieval held-back set 14): a library symbol and its coordinate
# map; an alias's libraries are for tools and tests; comments, strings, exclusions and the
# project's own code (`:local/root`) declare nothing.
DEPS_EDN = """{:paths ["src"] ; org.example/commented {:mvn/version "1"}
 :deps {org.clojure/clojure {:mvn/version "1.12.0"}
        org.xerial/sqlite-jdbc {:mvn/version "3.46.0.0"} ;; the JDBC driver
        ring {:mvn/version "1.9.0" :exclusions [org.clojure/tools.reader]}
        io.github.cljdoc/shared {:git/sha "abc123"}
        cljdoc/own {:local/root "modules/own"}}
 :aliases {:test {:extra-deps {lambdaisland/kaocha {:mvn/version "1.91"}}
                  :main-opts ["--exclude=org.example/skipped {:mvn/version"]}}}
"""
PROJECT_CLJ = """(defproject example "0.1.0"
  :managed-dependencies [[org.example/pinned "2.0"]]
  :dependencies [[org.clojure/clojure "1.11.1"]
                 [mysql/mysql-connector-java "8.0.33" :exclusions [com.google/protobuf-java]]]
  :plugins [[lein-ring "0.12.6"]]
  :profiles {:dev {:dependencies [[midje "1.10.9"]]}})
"""
PLUGINS_SBT = 'addSbtPlugin("com.github.sbt" % "sbt-native-packager" % "1.9.16")\n'
DEPENDENCIES_SCALA = """\
object Dependencies {
  private val pekkoVersion = "1.0.2"
  val all = Seq("org.apache.pekko" %% "pekko-stream" % pekkoVersion % "test,it")
}
"""
CSPROJ = """\
<Project Sdk="Microsoft.NET.Sdk">
  <ItemGroup>
    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />
    <PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="all" />
    <PackageReference Include="Serilog">
      <Version>3.1.1</Version>
    </PackageReference>
    <PackageReference Include="Microsoft.SourceLink.GitHub" Version="8.0.0">
      <PrivateAssets>all</PrivateAssets>
    </PackageReference>
    <PackageReference Update="Dapper" Version="2.1.0" />
  </ItemGroup>
</Project>
"""

PACKAGES_PROPS = """\
<Project>
  <ItemGroup>
    <PackageVersion Include="Polly" Version="8.2.0" />
    <PackageVersion Include="MediatR" Version="12.2.0" />
  </ItemGroup>
</Project>
"""

WORKFLOW = """\
name: ci
on: [push]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Set up Python
        uses: actions/setup-python@0a5c61591373683505ea898e09a3ea4f39ef2b9c # v5
      - uses: github/codeql-action/init@v3
      - uses: ./.github/actions/local
      - uses: docker://alpine:3.19
  reuse:
    uses: octo-org/shared/.github/workflows/build.yml@main
"""

TERRAFORM = """\
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
    cloudflare = { source = "registry.terraform.io/cloudflare/cloudflare" }
    random = {
      version = "~> 3.0"
    }
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = "logs"
}

resource "google_storage_bucket" "assets" {
  name = "assets"
}

data "terraform_remote_state" "net" {}
resource "google_compute_instance" "vm" {}
"""

# linagora/tmail-flutter's shape: SDK, hosted, path and git dependencies; overrides pin
# versions and declare nothing; a nested spec's keys are no packages.
PUBSPEC = """name: tmail_ui_user
description: An email client.
version: 1.0.0

dependencies:
  flutter:
    sdk: flutter

  hive: ^2.2.3
  core:
    path: core
  # the BLoC fork with the patch we need
  flutter_bloc:
    git:
      url: https://github.com/example/bloc.git
      ref: main

dev_dependencies:
  flutter_test:
    sdk: flutter
  mockito: 5.4.4

dependency_overrides:
  intl: 0.19.0
flutter:
  uses-material-design: true
"""

CASES = [
    ("requirements.txt", REQUIREMENTS, "pypi",
     [("django", 5, False), ("requests", 6, False), ("zope-interface", 8, False),
      ("pkg", 9, False), ("flask-sqlalchemy", 12, False)]),
    ("requirements/dev.txt", "pytest>=8\nblack\n", "pypi",
     [("pytest", 1, True), ("black", 2, True)]),
    ("requirements-test.txt", "coverage\n", "pypi", [("coverage", 1, True)]),
    ("pyproject.toml", PYPROJECT, "pypi",
     [("pydantic", 4, False), ("typer", 5, False), ("mcp", 9, False), ("pytest", 10, True),
      ("ruff", 10, True), ("sphinx", 13, True), ("sqlalchemy", 17, False),
      ("hypothesis", 20, True)]),
    ("Pipfile", PIPFILE, "pypi",
     [("requests", 5, False), ("django", 6, False), ("pytest", 9, True)]),
    ("setup.cfg", SETUP_CFG, "pypi",
     [("attrs", 6, False), ("python-dateutil", 7, False), ("pytest", 8, True),
      ("coverage", 11, True), ("pyyaml", 12, False)]),
    ("web/package.json", PACKAGE_JSON, "npm",
     [("react", 4, False), ("@testing-library/react", 5, False), ("jest", 8, True),
      ("react", 9, True), ("react-dom", 11, False), ("fsevents", 12, False)]),
    ("composer.json", COMPOSER_JSON, "composer",
     [("guzzlehttp/guzzle", 5, False), ("laravel/framework", 6, False),
      ("phpunit/phpunit", 9, True)]),
    ("Gemfile", GEMFILE, "rubygems",
     [("rails", 3, False), ("pg", 4, False), ("sidekiq", 5, False), ("rubocop", 6, True),
      ("bootsnap", 7, True), ("rspec-rails", 10, True), ("simplecov", 12, True),
      ("lograge", 17, False), ("activerecord-jdbc-adapter", 21, False), ("puma", 23, False)]),
    ("widget.gemspec", GEMSPEC, "rubygems",
     [("rack", 3, False), ("thor", 4, False), ("rake", 5, True), ("activesupport", 6, False)]),
    ("go.mod", GO_MOD, "go",
     [("github.com/spf13/cobra", 5, False), ("github.com/gin-gonic/gin", 8, False),
      ("go.uber.org/zap", 9, False)]),
    ("Cargo.toml", CARGO_TOML, "cargo",
     [("serde", 5, False), ("tokio-util", 6, False), ("actix-web", 7, False),
      ("clap", 9, False), ("proptest", 13, True), ("cc", 16, False), ("anyhow", 22, False),
      ("winapi", 19, False)]),
    ("pom.xml", POM_XML, "maven",
     [("com.google.guava:guava", 14, False), ("org.junit.jupiter:junit-jupiter", 25, True),
      ("org.apache.maven.plugins:maven-surefire-plugin", 33, False)]),
    ("build.gradle", BUILD_GRADLE, "maven",
     [("com.google.guava:guava", 6, False),
      ("org.springframework.boot:spring-boot-dependencies", 7, False),
      ("org.slf4j:slf4j-api", 8, False), ("org.projectlombok:lombok", 9, False),
      ("libs.jackson.databind", 10, False), ("org.mockito:mockito-core", 12, True)]),
    ("app/build.gradle.kts", BUILD_GRADLE_KTS, "maven",
     [("com.squareup.retrofit2:retrofit", 2, False),
      ("org.jetbrains.kotlin:kotlin-stdlib", 3, False), ("org.postgresql:postgresql", 4, False),
      ("libs.junit.jupiter", 5, True), ("androidx.test:runner", 6, True)]),
    ("gradle/libs.versions.toml", VERSIONS_TOML, "maven",
     [("com.fasterxml.jackson.core:jackson-databind", 5, False),
      ("org.junit.jupiter:junit-jupiter", 6, False), ("com.google.guava:guava", 7, False)]),
    ("build.sbt", BUILD_SBT, "maven",
     [("com.typesafe.akka:akka-stream", 4, False), ("io.circe:circe-core", 5, False),
      ("org.scalatest:scalatest", 6, True), ("io.suzaku:diode", 7, False)]),
    ("project/plugins.sbt", PLUGINS_SBT, "maven",
     [("com.github.sbt:sbt-native-packager", 1, False)]),
    ("project/Dependencies.scala", DEPENDENCIES_SCALA, "maven",
     [("org.apache.pekko:pekko-stream", 3, True)]),
    ("deps.edn", DEPS_EDN, "maven",
     [("org.clojure:clojure", 2, False), ("org.xerial:sqlite-jdbc", 3, False),
      ("ring:ring", 4, False), ("io.github.cljdoc:shared", 5, False),
      ("lambdaisland:kaocha", 7, True)]),
    ("project.clj", PROJECT_CLJ, "maven",
     [("org.clojure:clojure", 3, False), ("mysql:mysql-connector-java", 4, False),
      ("lein-ring:lein-ring", 5, True), ("midje:midje", 6, True)]),
    ("src/Api/Api.csproj", CSPROJ, "nuget",
     [("newtonsoft.json", 3, False), ("stylecop.analyzers", 4, True), ("serilog", 5, False),
      ("microsoft.sourcelink.github", 8, True)]),
    ("tests/Api.Tests/Api.Tests.csproj", CSPROJ.split("\n    <PackageReference Include=\"Style")[0]
     + "\n  </ItemGroup>\n</Project>\n", "nuget", [("newtonsoft.json", 3, True)]),
    ("Directory.Packages.props", PACKAGES_PROPS, "nuget",
     [("polly", 3, False), ("mediatr", 4, False)]),
    (".github/workflows/ci.yml", WORKFLOW, "github-actions",
     [("github-actions", 1, False), ("actions/checkout", 7, False),
      ("actions/setup-python", 9, False), ("github/codeql-action", 10, False),
      ("octo-org/shared", 14, False)]),
    ("infra/main.tf", TERRAFORM, "terraform",
     [("hashicorp/aws", 3, False), ("cloudflare/cloudflare", 7, False),
      ("hashicorp/random", 8, False), ("hashicorp/google", 18, False)]),
    ("app/pubspec.yaml", PUBSPEC, "pub",
     [("hive", 9, False), ("core", 10, False),
      ("flutter_bloc", 13, False), ("mockito", 21, True)]),
    (".travis.yml", "language: python\n", "ci", [("travis", 1, False)]),
    (".circleci/config.yml", "version: 2.1\n", "ci", [("circleci", 1, False)]),
    (".gitlab-ci.yml", "test:\n  script: make\n", "ci", [("gitlab-ci", 1, False)]),
    ("Jenkinsfile", "pipeline {}\n", "ci", [("jenkins", 1, False)]),
    ("azure-pipelines.yml", "trigger: [main]\n", "ci", [("azure-pipelines", 1, False)]),
]
KINDS = sorted({(path, kind) for path, _, kind, _ in CASES})


@pytest.mark.parametrize(("path", "text", "kind", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_reads_each_manifest_kind(path: str, text: str, kind: str,
                                  expected: list[tuple[str, int, bool]]) -> None:
    assert manifest_kind(path) == kind
    deps = read_manifest(path, text)
    assert sorted(names(deps)) == sorted(expected)
    ecosystems = {d.ecosystem for d in deps}
    assert ecosystems <= {kind, "ci"}


# What one more line in each kind of manifest adds: (path, old, new, expected names).
ADDITIONS = [
    ("requirements.txt", "requests==2.31\n", "requests==2.32\nmarshmallow>=3\n",
     [("marshmallow", 2, False)]),
    ("pyproject.toml", PYPROJECT, PYPROJECT.replace('"pydantic>=2",', '"pydantic>=2",\n'
                                                     '    "Marshmallow",'),
     [("marshmallow", 5, False)]),
    ("Pipfile", PIPFILE, PIPFILE.replace('requests = "*"', 'requests = "*"\ncelery = "*"'),
     [("celery", 6, False)]),
    ("setup.cfg", SETUP_CFG, SETUP_CFG.replace("    attrs>=22", "    attrs>=22\n    rq"),
     [("rq", 7, False)]),
    ("package.json", PACKAGE_JSON, PACKAGE_JSON.replace('"jest": "^29.0.0",',
                                                        '"jest": "^29.0.0",\n    "enzyme": "3",'),
     [("enzyme", 9, True)]),
    ("composer.json", COMPOSER_JSON, COMPOSER_JSON.replace(
        '"phpunit/phpunit": "^10"', '"phpunit/phpunit": "^10",\n        "mockery/mockery": "1"'),
     [("mockery/mockery", 10, True)]),
    ("Gemfile", GEMFILE, GEMFILE + 'gem "resque"\n', [("resque", 24, False)]),
    ("widget.gemspec", GEMSPEC, GEMSPEC.replace("end\n", '  spec.add_dependency "devise"\nend\n'),
     [("devise", 7, False)]),
    ("go.mod", GO_MOD, GO_MOD.replace(
        "\tgo.uber.org/zap v1.27.0",
        "\tgo.uber.org/zap v1.27.0\n\tgithub.com/sirupsen/logrus v1.9.3"),
     [("github.com/sirupsen/logrus", 10, False)]),
    ("Cargo.toml", CARGO_TOML, CARGO_TOML.replace(
        'cc = "1"', 'cc = "1"\n\n[dev-dependencies.insta]\nversion = "1"'),
     [("insta", 18, True)]),
    ("pom.xml", POM_XML, POM_XML.replace("  </dependencies>\n  <build>", """\
    <dependency>
      <groupId>com.google.code.gson</groupId>
      <artifactId>gson</artifactId>
    </dependency>
  </dependencies>
  <build>"""), [("com.google.code.gson:gson", 30, False)]),
    ("build.gradle", BUILD_GRADLE, BUILD_GRADLE.replace(
        "    classpath", "    implementation 'joda-time:joda-time:2.12.5'\n    classpath"),
     [("joda-time:joda-time", 13, False)]),
    ("gradle/libs.versions.toml", VERSIONS_TOML, VERSIONS_TOML.replace(
        "\n[plugins]", 'gson = "com.google.code.gson:gson:2.10"\n\n[plugins]'),
     [("com.google.code.gson:gson", 8, False)]),
    ("Api.csproj", CSPROJ, CSPROJ.replace("  </ItemGroup>",
                                          '    <PackageReference Include="AutoMapper" />\n'
                                          "  </ItemGroup>"),
     [("automapper", 12, False)]),
    ("build.sbt", BUILD_SBT, BUILD_SBT.replace(
        "\n)\n", ',\n  "com.typesafe.akka" %% "akka-http" % "10.2.10"\n)\n', 1),
     [("com.typesafe.akka:akka-http", 8, False)]),
    (".github/workflows/ci.yml", WORKFLOW, WORKFLOW.replace(
        "      - uses: ./", "      - uses: actions/cache@v4\n      - uses: ./"),
     [("actions/cache", 11, False)]),
    ("main.tf", TERRAFORM, TERRAFORM + 'resource "azurerm_resource_group" "rg" {}\n',
     [("hashicorp/azurerm", 24, False)]),
]


@pytest.mark.parametrize(("path", "old", "new", "expected"), ADDITIONS,
                         ids=[a[0] for a in ADDITIONS])
def test_added_names_what_the_change_declares(path: str, old: str, new: str,
                                               expected: list[tuple[str, int, bool]]) -> None:
    assert names(added(path, old, new)) == expected
    assert added(path, new, new) == []
    assert added(path, new, old) == []


@pytest.mark.parametrize(("path", "text", "kind", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_new_manifest_adds_everything_it_declares(path: str, text: str, kind: str,
                                                   expected: list[tuple[str, int, bool]]
                                                   ) -> None:
    assert {n for n, _, _ in names(added(path, None, text))} == {n for n, _, _ in expected}


def test_a_package_moved_from_dev_to_runtime_is_added() -> None:
    old = '{"devDependencies": {"moment": "2"}}'
    new = '{"dependencies": {"moment": "2"}}'
    assert added("package.json", old, new) == [Dependency("npm", "moment", 1)]
    assert added("package.json", new, old) == []


def test_changing_a_version_adds_nothing() -> None:
    assert added("requirements.txt", "Django==4.2\n", "django==5.0\n") == []
    assert added("Cargo.toml", '[dependencies]\nserde = "1"\n',
                 '[dependencies]\nserde = { version = "1.0.1" }\n') == []


LOCKFILES = ["package-lock.json", "web/yarn.lock", "pnpm-lock.yaml", "Gemfile.lock",
             "poetry.lock", "Cargo.lock", "composer.lock", "go.sum", "Pipfile.lock", "uv.lock",
             "gradle.lockfile", "gradle/dependency-locks/compileClasspath.lockfile",
             ".terraform.lock.hcl", "packages.lock.json"]


@pytest.mark.parametrize("path", LOCKFILES)
def test_lockfile_churn_is_never_an_addition(path: str) -> None:
    assert is_lockfile(path)
    assert manifest_kind(path) is None
    assert added(path, None, '{"dependencies": {"left-pad": "1"}}\nleft-pad@1:\n') == []


@pytest.mark.parametrize("path", ["README.md", "src/app.py", "package.json.bak",
                                  "node_modules/react/package.json", "vendor/x/y/composer.json",
                                  ".github/dependabot.yml", "workflows/ci.yml",
                                  "docs/requirements.md", "config.yml",
                                  "src/main/scala/project/Build.scala", "app/project/X.scala",
                                  # a fixture's manifest, a test run's infrastructure (flux2)
                                  "pkg/testdata/package.json", "tests/fixtures/Gemfile",
                                  "tests/integration/terraform/gcp/main.tf", ""])
def test_other_files_are_not_manifests(path: str) -> None:
    assert manifest_kind(path) is None
    assert not is_lockfile(path)
    assert read_manifest(path, 'requests\n{"dependencies": {"x": "1"}}') == []


@pytest.mark.parametrize(("ecosystem", "written", "expected"), [
    ("pypi", "Flask_SQLAlchemy", "flask-sqlalchemy"),
    ("pypi", "zope.interface", "zope-interface"),
    ("pypi", "  Django  ", "django"),
    ("pypi", "ruamel.yaml.clib", "ruamel-yaml-clib"),
    ("pypi", "a__-._b", "a-b"),
    ("cargo", "Tokio_Util", "tokio-util"),
    ("npm", "@Types/Node", "@types/node"),
    ("maven", "com.google.guava:guava:33.0.0-jre", "com.google.guava:guava"),
    ("maven", " org.Example : Thing ", "org.Example:Thing"),
    ("go", "github.com/Azure/azure-sdk-for-go", "github.com/Azure/azure-sdk-for-go"),
    ("github-actions", "Actions/Checkout@v4", "actions/checkout"),
    ("github-actions", "github/codeql-action/init@v3", "github/codeql-action"),
    ("terraform", "registry.terraform.io/HashiCorp/AWS", "hashicorp/aws"),
    ("nuget", "Newtonsoft.Json", "newtonsoft.json"),
    ("composer", "Laravel/Framework", "laravel/framework"),
])
def test_normalise(ecosystem: str, written: str, expected: str) -> None:
    assert normalise(ecosystem, written) == expected
    assert normalise(ecosystem, expected) == expected


def test_cargo_renames_are_read_under_the_real_crate_name() -> None:
    text = ('[dependencies]\nweb = { package = "actix-web", version = "4" }\n'
            '[dependencies.json]\npackage = "serde_json"\nversion = "1"\n')
    assert names(read_manifest("Cargo.toml", text)) == [("actix-web", 2, False),
                                                        ("serde-json", 3, False)]
    renamed = text.replace("web = {", "http = {")
    assert added("Cargo.toml", text, renamed) == []


@pytest.mark.parametrize(("line", "expected"), [
    ("- uses: actions/checkout@v4", "actions/checkout"),
    ("  uses: 'actions/setup-node@v4'", "actions/setup-node"),
    ('    - uses: "aws-actions/configure-aws-credentials@v4" # pinned',
     "aws-actions/configure-aws-credentials"),
    ("- uses: github/codeql-action/analyze@v3", "github/codeql-action"),
    ("- uses: actions/checkout@8e5e7e5ab8b370d6c329ec480221332ada57f0ab", "actions/checkout"),
    ("- uses: actions/checkout", "actions/checkout"),
    ("- uses: ./.github/actions/build", None),
    ("- uses: docker://ghcr.io/owner/image:1", None),
    ("- uses: ${{ matrix.action }}", None),
    ("# - uses: actions/cache@v3", None),
])
def test_actions_are_named_owner_repo(line: str, expected: str | None) -> None:
    deps = [d for d in read_manifest(".github/workflows/x.yaml", f"steps:\n{line}\n")
            if d.ecosystem == "github-actions"]
    assert [d.name for d in deps] == ([expected] if expected else [])
    assert all(d.line == 2 for d in deps)


def test_composite_actions_are_read_without_claiming_a_ci_system() -> None:
    text = "runs:\n  using: composite\n  steps:\n    - uses: actions/cache@v4\n"
    assert read_manifest(".github/actions/setup/action.yml", text) == [
        Dependency("github-actions", "actions/cache", 4)]


def test_version_catalog_accessors_resolve_build_script_references() -> None:
    accessors = catalog_accessors(VERSIONS_TOML)
    assert accessors == {"libs.jackson.databind": "com.fasterxml.jackson.core:jackson-databind",
                         "libs.junit.jupiter": "org.junit.jupiter:junit-jupiter",
                         "libs.guava": "com.google.guava:guava"}
    refs = [d.name for d in read_manifest("build.gradle", BUILD_GRADLE) if ":" not in d.name]
    assert [accessors[r] for r in refs] == ["com.fasterxml.jackson.core:jackson-databind"]
    assert catalog_accessors("not [toml") == {}


def test_a_pom_that_declares_entities_is_not_expanded() -> None:
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(f'<!ENTITY lol{i} "{"&lol;" * 10 if i == 1 else f"&lol{i - 1};" * 10}">'
                      for i in range(1, 10))
            + ']>\n<project><dependencies><dependency><groupId>&lol9;</groupId>'
              '<artifactId>a</artifactId></dependency></dependencies></project>')
    assert read_manifest("pom.xml", bomb) == []
    external = ('<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                "<project><dependencies><dependency><groupId>&x;</groupId><artifactId>a"
                "</artifactId></dependency></dependencies></project>")
    assert read_manifest("pom.xml", external) == []


def test_a_truncated_manifest_gives_what_was_read_before_the_fault() -> None:
    cut = POM_XML[:POM_XML.index("<dependency>\n      <groupId>org.junit")]
    assert [d.name for d in read_manifest("pom.xml", cut)] == ["com.google.guava:guava"]
    assert read_manifest("package.json", PACKAGE_JSON[:40]) == []
    assert read_manifest("Cargo.toml", "[dependencies\nserde = 1") == []


def test_a_huge_manifest_is_not_read() -> None:
    assert read_manifest("requirements.txt", "requests\n" * 300_000) == []


# Text that looks enough like manifests to reach deep into the readers.
FRAGMENTS = ["\n", " ", "{", "}", "[", "]", '"', "'", "=", ":", ",", "#", "//", "\\", "@", "(",
             ")", "<", ">", "/", "dependencies", "devDependencies", "[dependencies]",
             "[project]", "dependencies = [", "[tool.poetry.dependencies]", "require (",
             "require", " v1.0.0", "gem 'x'", "%%", "%", "% Test", "val v = ", "addSbtPlugin(",
             "dependencyOverrides", "group :test do", "end", "do", "<dependency>",
             "</dependency>", "<groupId>", "</groupId>", "<artifactId>", "<plugin>",
             "<dependencies>", "</dependencies>", "<PackageReference Include=\"x\">",
             "<PrivateAssets>all</PrivateAssets>", "</PackageReference>", "implementation ",
             "'g:a:1'", "libs.x", "kotlin(\"x\")", "uses: a/b@v1", "uses: ./x",
             "required_providers {", "source = \"a/b\"", "aws = {", "resource \"aws_x\" \"y\"",
             "package = \"p\"", "[libraries]", "x = { module = \"g:a\" }", "-r x", "x==1",
             "x @ https://e/x.whl", "[options]", "install_requires =", "%q<x>",
             "add_dependency", "<!ENTITY a \"b\">", "&a;", "\x00", "é", "\ud7ff"]
manifest_text = st.one_of(st.text(max_size=300),
                          st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join))
MANIFEST_PATHS = [path for path, _ in KINDS] + ["b.gemspec", "Gemfile"]


@settings(max_examples=60, deadline=None)
@given(text=manifest_text, old=manifest_text)
@pytest.mark.parametrize("path", sorted(set(MANIFEST_PATHS)))
def test_no_input_makes_a_reader_raise(path: str, text: str, old: str) -> None:
    deps = read_manifest(path, text)
    assert all(isinstance(d, Dependency) and d.name and d.line >= 0 for d in deps)
    assert added(path, text, text) == []
    assert added(path, old, text) == [d for d in added(path, old, text) if d in deps]


def test_asking_which_files_are_manifests_imports_no_parser() -> None:
    import subprocess
    import sys

    probe = ("import sys\nfrom intentlint.ground.manifests import manifest_kind, is_lockfile\n"
             "manifest_kind('src/app.py'); is_lockfile('yarn.lock')\n"
             "print(sorted(m for m in ('packaging', 'json', 'xml.parsers.expat', 'tomllib',"
             " 'configparser', 'intentlint.ground.manifests.python') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("path", ["requirements.txt", "Gemfile", "pom.xml", "package.json"])
def test_lines_are_counted_as_git_counts_them(path: str) -> None:
    texts = {"requirements.txt": "# a\u2028b\r\nflask\r\n",
             "Gemfile": "# a\u2028b\r\ngem 'rails'\r\n",
             "pom.xml": "<!-- a\u2028b -->\r\n<project><dependencies>\r\n<dependency><groupId>g"
                        "</groupId><artifactId>a</artifactId></dependency></dependencies></project>",
             "package.json": '{"description": "a\u2028b",\r\n "dependencies": {\r\n "x": "1"}}'}
    assert [d.line for d in read_manifest(path, texts[path])] == [{"pom.xml": 3,
                                                                    "package.json": 3}.get(path, 2)]


def test_a_test_suite_own_manifests_are_still_read() -> None:
    """The test suite's dependencies are the project's: only fixtures and the
    infrastructure a test run builds are not."""
    assert manifest_kind("tests/requirements.txt") == "pypi"
    assert manifest_kind("e2e/package.json") == "npm"
    assert manifest_kind("infra/main.tf") == "terraform"


@pytest.mark.parametrize("path", ["hack/terraform-gcr-init/user_project.tf",
                                  "examples/complete/main.tf", "samples/aks/main.tf"])
def test_terraform_a_developer_script_or_an_example_builds_is_not_the_projects(path: str,
                                                                               ) -> None:
    """kubernetes-sigs/cluster-api-provider-azure (round 28): `hack/terraform-gcr-init/`
    made "Kubernetes", in a Kubernetes provider's proposals, the Terraform provider."""
    assert manifest_kind(path) is None
    assert manifest_kind("hack/go.mod") == "go"  # a tool's own module is still read


def test_manifests_worked_out_together_match_those_asked_commit_by_commit(repo: Repo) -> None:
    """`grounding.prime` (one ls-tree, one diff-tree --stdin, one cat-file for an ADR
    folder's commits) answers as `declared` does asked at each commit alone: added, changed,
    moved and deleted manifests, and a root commit with no parent."""
    from intentlint.holding import grounding
    from intentlint.holding.workspace import open_workspace

    shas = [repo.commit("Start", ("package.json", '{"dependencies": {"react": "^18"}}\n'))]
    shas.append(repo.commit("Python too", ("requirements.txt", "flask==3.0\n"),
                            ("web/package.json", '{"dependencies": {"vue": "^3"}}\n')))
    shas.append(repo.commit("Swap", ("package.json", '{"dependencies": {"preact": "^10"}}\n')))
    repo.git("rm", "-q", "requirements.txt", "web/package.json")
    shas.append(repo.commit("Move and drop", ("site/package.json", '{"dependencies": '
                                              '{"vue": "^3"}}\n'), ("Gemfile", 'gem "rails"\n')))
    revs = [r for sha in reversed(shas) for r in (sha, f"{sha}^")]
    ws = open_workspace(repo.root)
    grounding._BY_COMMIT.clear()
    alone = {r: grounding.declared(ws.repo, r) for r in revs[:-1]}  # the root has no parent
    grounding._BY_COMMIT.clear()
    grounding.prime(ws.repo, revs)
    assert {r: grounding.declared(ws.repo, r) for r in revs[:-1]} == alone
    assert ("npm", "vue") in alone[shas[2]] and ("pypi", "flask") not in alone[shas[3]]
