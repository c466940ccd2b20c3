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
jackson = "2.16.0"

[libraries]
jackson-databind = { module = "com.fasterxml.jackson.core:jackson-databind", version.ref = "jackson" }
junit_jupiter = { group = "org.junit.jupiter", name = "junit-jupiter", version = "5.10.1" }
guava = "com.google.guava:guava:33.0.0-jre"

[plugins]
spotless = { id = "com.diffplug.spotless", version = "6.23.3" }
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
