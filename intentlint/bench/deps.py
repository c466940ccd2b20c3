"""The dependency suite: does the hook keep out what a repository decided against?

For every dependency decision that binds at HEAD (a package avoided, or an option an
accepted ADR rejected), one change brings the package back in the manifest a developer
would edit (the shallowest manifest of its ecosystem), and one change adds an unrelated
package there. Both go through `check --diff`, the code path an agent's patch takes. The
first must be caught naming that decision, the second must pass. Nothing is written to
the repository (patches are applied in a throwaway index).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from intentlint.commands.check import CheckOptions, run_check
from intentlint.ground.errors import UsageError
from intentlint.ground.gitio import list_files, read_files
from intentlint.ground.manifests import lockfile_of, manifest_kind
from intentlint.ground.packages import ANY, AVOIDED, REJECTED, Package, is_family, package_of
from intentlint.ground.records import Status
from intentlint.holding.ledger import point_at, snapshot
from intentlint.holding.workspace import Workspace, open_workspace

PROBE = "intentlint-unrelated-probe"


@dataclass(frozen=True, slots=True)
class Trial:
    decision: str
    package: str
    manifest: str | None  # None: no manifest of its ecosystem to add it to
    caught: bool
    unrelated_blocked: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class DepsResult:
    repo: str
    head: str
    trials: tuple[Trial, ...]
    held_back: tuple[tuple[str, str], ...]  # (decision, why) for dependency records not bound

    @property
    def caught(self) -> int:
        return sum(t.caught for t in self.trials)

    @property
    def tried(self) -> int:
        return sum(t.manifest is not None for t in self.trials)

    @property
    def false_blocks(self) -> int:
        return sum(t.unrelated_blocked for t in self.trials)


def run_deps(repo: Path) -> DepsResult:
    ws = open_workspace(repo)
    if ws.repo.head is None:
        raise UsageError(f"{repo}: the repository has no commits")
    snap = snapshot(ws, point_at(ws, None), use_cache=False)
    head = ws.repo.head
    manifests = [p for p in list_files(ws.repo, head, ["."]) if manifest_kind(p)]
    trials: list[Trial] = []
    held: list[tuple[str, str]] = []
    for verdict in snap.ledger.verdicts:
        record = verdict.record
        package = package_of(record.effect.key) if record.effect else None
        if package is None or verdict.status is not Status.ACTIVE or record.effect is None \
                or record.effect.value not in (AVOIDED, REJECTED):
            continue
        if verdict.held_back:
            held.append((record.id, verdict.held_back))
            continue
        trials.append(_trial(ws, head, record.id, package, manifests))
    return DepsResult(str(repo), head, tuple(trials), tuple(held))


def _trial(ws: Workspace, head: str, decision: str, package: Package,
           manifests: list[str]) -> Trial:
    if package.ecosystem == "ci":
        path = _CI_FILES.get(package.name)
        if path is None:
            return Trial(decision, str(package), None, False, False, "no config file known")
        return _run(ws, decision, str(package), path, None, "# added by a trial\n",
                    None)
    lockfile = lockfile_of(package.ecosystem, package.name)
    if lockfile is not None:  # a package manager comes back with a lockfile of its own
        return _run(ws, decision, str(package), lockfile, None, "# added by a trial\n", None)
    path = _natural(package.ecosystem, manifests)
    adder = _ADDERS.get(package.ecosystem)
    if path is None or package.ecosystem == ANY:
        return Trial(decision, str(package), None, False, False,
                     f"no {package.ecosystem} manifest to add it to")
    if adder is None:
        return Trial(decision, str(package), None, False, False,
                     f"no way known to add a {package.ecosystem} package to {path}")
    old = read_files(ws.repo, head, [path]).get(path, b"").decode("utf-8", "replace")
    # A scope's family (`@oclif/*`) comes back with any package of it: its `core`.
    added = adder(path, old, package.name[:-1] + "core" if is_family(package.name)
                  else package.name)
    unrelated = adder(path, old, PROBE if package.ecosystem != "maven"
                      else f"org.example:{PROBE}")
    if added is None or unrelated is None:
        return Trial(decision, str(package), None, False, False,
                     f"cannot add to {path} by hand")
    return _run(ws, decision, str(package), path, old, added, unrelated)


def _run(ws: Workspace, decision: str, package: str, path: str, old: str | None, new: str,
         unrelated: str | None) -> Trial:
    found = run_check(ws, CheckOptions(patch=_patch(path, old, new)))
    caught = any(f.decision_id == decision and f.path == path for f in found.findings)
    blocked = False
    if unrelated is not None:
        other = run_check(ws, CheckOptions(patch=_patch(path, old, unrelated)))
        blocked = other.blocking
    return Trial(decision, package, path, caught, blocked)


def _patch(path: str, old: str | None, new: str) -> bytes:
    before = old.splitlines(keepends=True) if old is not None else []
    lines = difflib.unified_diff(before, new.splitlines(keepends=True),
                                 "/dev/null" if old is None else f"a/{path}", f"b/{path}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines).encode("utf-8")


def _natural(ecosystem: str, manifests: list[str]) -> str | None:
    """The manifest a developer would edit: the shallowest of its ecosystem, lockfiles and
    dev-only requirement files last."""
    mine = [p for p in manifests if manifest_kind(p) == ecosystem]
    mine.sort(key=lambda p: (p.count("/"), "dev" in p or "test" in p, p.endswith(".props"),
                             len(p), p))
    return mine[0] if mine else None


# --- adding a package to a manifest, as a developer would -------------------------------

def _after_line(pattern: str, line: str) -> Callable[[str, str, str], str | None]:
    def add(path: str, old: str, name: str) -> str | None:
        found = re.search(pattern, old, re.MULTILINE)
        if found is None:
            return None
        end = old.find("\n", found.end())
        end = len(old) if end < 0 else end + 1
        return old[:end] + line.format(name=name) + old[end:]
    return add


def _append(line: str) -> Callable[[str, str, str], str | None]:
    def add(path: str, old: str, name: str) -> str | None:
        return old + ("" if old.endswith("\n") or not old else "\n") + line.format(name=name)
    return add


def _before(marker: str, block: str) -> Callable[[str, str, str], str | None]:
    def add(path: str, old: str, name: str) -> str | None:
        at = old.rfind(marker)
        if at < 0:
            return None
        group, _, artifact = name.partition(":")
        return old[:at] + block.format(name=name, group=group, artifact=artifact) + old[at:]
    return add


def _python(path: str, old: str, name: str) -> str | None:
    if path.endswith((".txt", ".in")):
        return _append("{name}\n")(path, old, name)
    if path.endswith("Pipfile"):
        return _after_line(r"^\[packages\]\s*$", "{name} = \"*\"\n")(path, old, name)
    return _after_line(r"^dependencies\s*=\s*\[", "    \"{name}\",\n")(path, old, name)


def _jvm(path: str, old: str, name: str) -> str | None:
    if path.endswith("pom.xml"):
        return _before("</dependencies>", "<dependency><groupId>{group}</groupId>"
                       "<artifactId>{artifact}</artifactId></dependency>\n")(path, old, name)
    if path.endswith(".toml"):
        group, _, artifact = name.partition(":")
        return _after_line(r"^\[libraries\]\s*$", f'{artifact} = {{ module = "{group}:'
                           f'{artifact}", version = "1.0" }}\n')(path, old, name)
    return _after_line(r"^\s*dependencies\s*\{", '    implementation("{name}:1.0")\n')(
        path, old, name)


def _terraform(path: str, old: str, name: str) -> str | None:
    """A provider in the module's `required_providers` block, or in a block of its own."""
    entry = f'    {name.rsplit("/", 1)[-1]} = {{ source = "{name}" }}\n'
    found = re.search(r"^\s*required_providers\s*\{[^\n]*\n", old, re.MULTILINE)
    if found is not None:
        return old[:found.end()] + entry + old[found.end():]
    block = f"terraform {{\n  required_providers {{\n  {entry}  }}\n}}\n"
    return old + ("" if old.endswith("\n") or not old else "\n") + block


_ADDERS: dict[str, Callable[[str, str, str], str | None]] = {
    "pypi": _python,
    "npm": _after_line(r'"dependencies"\s*:\s*\{', '    "{name}": "*",\n'),
    "composer": _after_line(r'"require"\s*:\s*\{', '    "{name}": "*",\n'),
    "rubygems": _append("gem '{name}'\n"),
    "go": _append("require {name} v1.0.0\n"),
    "cargo": _after_line(r"^\[dependencies\]\s*$", '{name} = "1"\n'),
    "pub": _after_line(r"^dependencies:\s*$", "  {name}: any\n"),
    "maven": _jvm,
    "nuget": _before("</Project>", '  <ItemGroup><PackageReference Include="{name}" '
                     'Version="1.0.0" /></ItemGroup>\n'),
    "github-actions": _after_line(r"^\s*steps:\s*$", "      - uses: {name}@v1\n"),
    "terraform": _terraform,
}
_CI_FILES = {"travis": ".travis.yml", "circleci": ".circleci/config.yml",
             "gitlab-ci": ".gitlab-ci.yml", "jenkins": "Jenkinsfile",
             "azure-pipelines": "azure-pipelines.yml"}
