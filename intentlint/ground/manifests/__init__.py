"""Dependency manifests as data: which files declare packages, and what they declare.

Pure: text in, `Dependency` records out; no git, no files. Only the file-name logic lives
here, so asking `manifest_kind` costs nothing; each family's reader (and its parser) is
imported when a file of that family is read.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from contextlib import suppress
from functools import lru_cache
from pathlib import PurePosixPath

from intentlint.ground.manifests.declared import (
    ECOSYSTEMS,
    GO_MAJOR,
    Dependency,
    module_line,
    normalise,
)

__all__ = [
    "ECOSYSTEMS",
    "GO_MAJOR",
    "Dependency",
    "added",
    "catalog_accessors",
    "declares_runtime",
    "exported_beside",
    "is_lockfile",
    "lockfile_names",
    "manager_lockfile",
    "manager_of",
    "manifest_kind",
    "module_line",
    "normalise",
    "own_packages",
    "read_manifest",
]

Reader = Callable[[str, str], list[Dependency]]

MAX_CHARS = 2_000_000  # no hand-written manifest is this long; a larger one is not read

# ecosystem → the module of this package whose `read(path, text)` reads it
_FAMILY = {"pypi": "python", "npm": "jsonmaps", "composer": "jsonmaps", "rubygems": "ruby",
           "go": "golang", "cargo": "cargo", "maven": "jvm", "nuget": "dotnet", "pub": "dart",
           "github-actions": "infra", "terraform": "infra", "ci": "infra"}

_BY_NAME = {"pyproject.toml": "pypi", "pipfile": "pypi", "setup.cfg": "pypi",
            "package.json": "npm", "composer.json": "composer", "gemfile": "rubygems",
            "gems.rb": "rubygems", "go.mod": "go", "cargo.toml": "cargo", "pom.xml": "maven",
            "pubspec.yaml": "pub",
            "build.gradle": "maven", "build.gradle.kts": "maven", "libs.versions.toml": "maven",
            # Gradle scripts an Android project keeps its coordinates in, for its modules to
            # name as `deps.glide.core` (`apply from: 'versions.gradle'`)
            "versions.gradle": "maven", "dependencies.gradle": "maven", "deps.gradle": "maven",
            "libraries.gradle": "maven", "deps.edn": "maven", "project.clj": "maven",
            "directory.packages.props": "nuget", "directory.build.props": "nuget",
            "packages.config": "nuget", "action.yml": "github-actions",
            "action.yaml": "github-actions", ".travis.yml": "ci", ".gitlab-ci.yml": "ci",
            "jenkinsfile": "ci", "azure-pipelines.yml": "ci", "azure-pipelines.yaml": "ci"}
_BY_SUFFIX = {".gemspec": "rubygems", ".csproj": "nuget", ".fsproj": "nuget",
              ".vbproj": "nuget", ".tf": "terraform"}
_VENDORED = frozenset({"node_modules", "vendor", "bower_components", "site-packages"})

_LOCKFILES = frozenset({
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock",
    "bun.lockb", "gemfile.lock", "gems.locked", "poetry.lock", "pipfile.lock", "pdm.lock",
    "uv.lock", "cargo.lock", "composer.lock", "go.sum", "go.work.sum", "packages.lock.json",
    "paket.lock", "gradle.lockfile", "buildscript-gradle.lockfile",
    "settings-gradle.lockfile", ".terraform.lock.hcl", "podfile.lock", "pubspec.lock",
    "mix.lock"})


def _parts(path: str) -> list[str]:
    return [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]


# The package managers whose own lockfile shows they are in use, by the package that
# installs each (a project that builds with Poetry need not declare `poetry` anywhere).
_MANAGER_LOCKFILES = {
    ("pypi", "poetry"): "poetry.lock", ("pypi", "pipenv"): "pipfile.lock",
    ("pypi", "pdm"): "pdm.lock", ("pypi", "uv"): "uv.lock", ("npm", "yarn"): "yarn.lock",
    ("npm", "pnpm"): "pnpm-lock.yaml", ("npm", "npm"): "package-lock.json",
    ("npm", "bun"): "bun.lock", ("rubygems", "bundler"): "gemfile.lock"}


def manager_lockfile(ecosystem: str, name: str) -> str | None:
    """The lockfile (lower-cased name) that shows package manager `name` is in use."""
    return _MANAGER_LOCKFILES.get((ecosystem, name.lower()))


def lockfile_of(ecosystem: str, name: str) -> str | None:
    """The lockfile of package manager `name` as the manager writes it (`Gemfile.lock`)."""
    lockfile = manager_lockfile(ecosystem, name)
    return {"gemfile.lock": "Gemfile.lock", "pipfile.lock": "Pipfile.lock"}.get(
        lockfile, lockfile) if lockfile else None


# Another name a manager's lockfile had: Bun wrote the binary `bun.lockb` before 1.2.
_EARLIER_LOCKFILES = {"bun.lock": ("bun.lockb",)}
_MANAGER_BY_LOCKFILE = {name: manager for manager, lockfile in _MANAGER_LOCKFILES.items()
                        for name in (lockfile, *_EARLIER_LOCKFILES.get(lockfile, ()))}


def lockfile_names(ecosystem: str, name: str) -> tuple[str, ...]:
    """Every name (lower-cased) of package manager `name`'s lockfile, the current one first."""
    lockfile = manager_lockfile(ecosystem, name)
    return (lockfile, *_EARLIER_LOCKFILES.get(lockfile, ())) if lockfile else ()


def manager_of(path: str) -> tuple[str, str] | None:
    """(ecosystem, package) of the package manager whose own lockfile `path` is: uv.lock
    shows uv in use, as a declaration would (outside vendored code)."""
    parts = _parts(path)
    if not parts or _VENDORED.intersection(parts):
        return None
    return _MANAGER_BY_LOCKFILE.get(parts[-1].lower())


def is_lockfile(path: str) -> bool:
    """A file a tool writes to pin the whole (transitive) tree; never a declaration."""
    parts = _parts(path)
    if not parts:
        return False
    name = parts[-1].lower()
    return name in _LOCKFILES or (name.endswith(".lockfile") and "dependency-locks" in parts)


_TEST_DATA = frozenset({"fixtures", "__fixtures__", "testdata", "test-data", "test_data"})
_TEST_FOLDERS = frozenset({"test", "tests", "spec", "e2e", "integration-tests"})
_TOOLING_FOLDERS = frozenset({"hack", "example", "examples", "sample", "samples"})


@lru_cache(maxsize=65536)
def manifest_kind(path: str) -> str | None:
    """The ecosystem whose reader reads `path`, by its name and place; None for any other
    file, for lockfiles, and for manifests of vendored code (`node_modules/`, `vendor/`).
    Kept per path: grounding asks it of every file of many trees that share most paths."""
    parts = _parts(path)
    if not parts or _VENDORED.intersection(parts) or is_lockfile(path):
        return None
    folders = {part.lower() for part in parts[:-1]}
    if folders & _TEST_DATA:
        return None  # a fixture's manifest is data a test reads, not what the project uses
    name = parts[-1].lower()
    folder = parts[-2].lower() if len(parts) > 1 else ""
    if name.endswith(".tf") and folders & (_TEST_FOLDERS | _TOOLING_FOLDERS):
        # infrastructure a test run, a developer's script or an example builds is not the
        # project's own: `hack/terraform-gcr-init/` made "Kubernetes" in a Kubernetes
        # provider's proposals the Terraform provider (cluster-api-provider-azure, round 28)
        return None
    if name in _BY_NAME:
        return _BY_NAME[name]
    if folder == "workflows" and len(parts) > 2 and parts[-3] == ".github" and \
            name.endswith((".yml", ".yaml")):
        return "github-actions"
    if folder == ".circleci" and name in ("config.yml", "config.yaml"):
        return "ci"
    if folder == "gradle" and name.endswith(".versions.toml"):
        return "maven"
    if name.endswith(".sbt") or (name.endswith(".scala") and folder == "project"
                                 and len(parts) == 2):
        return "maven"  # sbt: a build file, or a build definition under project/
    if _is_requirements(name, folder):
        return "pypi"
    return next((kind for suffix, kind in _BY_SUFFIX.items() if name.endswith(suffix)), None)


def _is_requirements(name: str, folder: str) -> bool:
    if not name.endswith((".txt", ".in")):
        return False
    stem = name.rsplit(".", 1)[0]
    return folder == "requirements" or stem.startswith("requirements") or \
        stem.endswith(("-requirements", "_requirements"))


def exported_beside(path: str) -> str | None:
    """The pyproject.toml beside a requirements file (`src/api/requirements.txt` →
    `src/api/pyproject.toml`): where that declares the project's dependencies, the
    requirements file is an export of its lock (`poetry export`, `uv export`, pip-compile),
    every transitive package pinned, and what appears in it is not chosen there."""
    parts = _parts(path)
    if not parts or not _is_requirements(parts[-1].lower(), parts[-2].lower()
                                         if len(parts) > 1 else ""):
        return None
    return "/".join([*parts[:-1], "pyproject.toml"])


def declares_runtime(path: str, text: str) -> bool:
    """Whether a manifest declares at least one package the project runs with."""
    return any(not d.dev for d in read_manifest(path, text))


def read_manifest(path: str, text: str) -> list[Dependency]:
    """The packages `text` declares directly, read as the manifest `path` names.

    Never raises on bad input: a malformed manifest gives what could be read (maybe
    nothing), and so does an unknown path or a lockfile."""
    kind = manifest_kind(path)
    if kind is None or len(text) > MAX_CHARS:
        return []
    return [dep for dep in _reader(kind)(path, text) if dep.name]


# go.mod's own module, and a requirement it replaces with a local path (compiled on first
# use, by `re`'s cache: the hook imports this module and never asks).
_GO_MODULE = r"^\s*module\s+(\S+)"
_GO_LOCAL = r"^\s*(?:replace\s+)?(\S+)(?:\s+v\S+)?\s+=>\s+\.{1,2}/"


def own_packages(path: str, text: str) -> list[tuple[str, str]]:
    """The packages a manifest says the repository itself is (a monorepo's modules and
    workspace packages), which are its own code, not dependencies: go.mod's `module` and the
    requirements it replaces with a local path, package.json's and composer.json's `name`,
    Cargo.toml's `[package]` and pyproject.toml's `[project]` (or Poetry's) name, a pom's
    own coordinates."""
    kind = manifest_kind(path)
    if kind is None or len(text) > MAX_CHARS or is_lockfile(path):
        return []
    import json  # not on the hook's path: only grounding asks

    from intentlint.ground.tomlfile import TOMLDecodeError, loads

    name = PurePosixPath(path).name
    out: list[tuple[str, str]] = []
    with suppress(ValueError, TypeError, AttributeError, TOMLDecodeError):
        if name == "go.mod":
            out = [("go", m) for m in re.findall(_GO_MODULE, text, re.MULTILINE)
                   + re.findall(_GO_LOCAL, text, re.MULTILINE)]
        elif name in ("package.json", "composer.json"):
            data = json.loads(text)
            own = data.get("name") if isinstance(data, dict) else None
            out = [("npm" if name == "package.json" else "composer", own)] \
                if isinstance(own, str) else []
        elif name == "pubspec.yaml":
            from intentlint.ground.manifests.dart import own_name

            own_pub = own_name(text)
            out = [("pub", own_pub)] if own_pub else []
        elif name == "pom.xml":
            from intentlint.ground.manifests.jvm import pom_coordinates

            coordinates = pom_coordinates(text)
            out = [("maven", coordinates)] if coordinates else []
        elif name in ("Cargo.toml", "pyproject.toml"):
            data = loads(text)
            table = data.get("package" if name == "Cargo.toml" else "project") or \
                (data.get("tool") or {}).get("poetry") or {}
            own = table.get("name") if isinstance(table, dict) else None
            out = [("cargo" if name == "Cargo.toml" else "pypi", own)] \
                if isinstance(own, str) else []
    return [(ecosystem, normalise(ecosystem, own.strip('"`'))) for ecosystem, own in out if own]


def added(path: str, old: str | None, new: str) -> list[Dependency]:
    """What `new` declares that `old` did not (`old` None: a new file), at `new`'s lines; a
    new major version of a module `old` declared is not new (`module_line`).

    A package moved from a dev-only group into a runtime one counts as added; lockfile churn
    never does (it is transitive)."""
    now = read_manifest(path, new)
    if not now or is_lockfile(path):
        return []
    before = read_manifest(path, old) if old is not None else []
    known = {(d.ecosystem, module_line(d.ecosystem, d.name)) for d in before}
    runtime = {(d.ecosystem, module_line(d.ecosystem, d.name)) for d in before if not d.dev}
    out: list[Dependency] = []
    seen: set[tuple[str, str, bool]] = set()
    for dep in now:
        key = (dep.ecosystem, module_line(dep.ecosystem, dep.name))
        if (key in known and (dep.dev or key in runtime)) or (*key, dep.dev) in seen:
            continue
        seen.add((*key, dep.dev))
        out.append(dep)
    return out


def catalog_accessors(text: str) -> dict[str, str]:
    """A Gradle version catalog's accessors (`libs.spring.boot.web`) → "group:artifact", to
    resolve the `libs.…` names `read_manifest` gives for build scripts that use them."""
    from intentlint.ground.manifests.jvm import catalog_accessors as accessors

    return accessors(text)


def _reader(kind: str) -> Reader:
    module = importlib.import_module(f"{__name__}.{_FAMILY[kind]}")
    reader: Reader = module.read
    return reader
