"""`[tool.intentlint]` in pyproject.toml or `.intentlint.toml`: parsed, validated, frozen."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.globs import GlobError, Globs
from intentlint.ground.tomlfile import TOMLDecodeError, loads

CONFIG_FILES = (".intentlint.toml", "pyproject.toml")
COMMIT_MODES = ("off", "trailers", "heuristic")
SEVERITIES = ("error", "warning", "off")
DEFAULT_ADR_DIRS = ("doc/adr", "docs/adr", "docs/decisions")


@dataclass(frozen=True, slots=True)
class Scope:
    name: str
    paths: tuple[str, ...] = ()
    branches: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    globs: Globs = field(init=False, repr=False, compare=False)  # `paths`, compiled once

    def __post_init__(self) -> None:
        object.__setattr__(self, "globs", Globs(self.paths))

    def covers(self, path: str, branch: str | None) -> bool:
        """A file is in scope when its path matches, or the current branch does."""
        if branch and any(fnmatch.fnmatchcase(branch, b) for b in self.branches):
            return True
        return bool(self.paths) and self.globs.match(path)


# Environments a path names though no scope is configured for them: a file under
# `config/staging/` or named `docker-compose.dev.yml` is that environment's, so a decision
# scoped to the production *branch* does not govern it. Each is also a scope a decision may
# name without configuring it; a configured scope of the same name replaces it.
ENVIRONMENTS: dict[str, tuple[str, ...]] = {
    "staging": ("**/staging/**", "**/*.staging.*"),
    "development": ("**/dev/**", "**/development/**", "**/*.dev.*"),
    "test": ("**/test/**",), "qa": ("**/qa/**",), "local": ("**/local/**",),
    "sandbox": ("**/sandbox/**",), "prototype": ("**/prototype/**",),
}
_ENVIRONMENT_NAMES = {"dev": "development", **{name: name for name in ENVIRONMENTS}}


def environment_of(path: str) -> str | None:
    """The environment a file's path names (`config/staging/db.yml` → staging), if any."""
    return next((name for name, scope in _IMPLICIT.items()
                 if name in ENVIRONMENTS and scope.globs.match(path)), None)


@dataclass(frozen=True, slots=True)
class Config:
    file: str | None = None
    decisions: tuple[str, ...] = ("DECISIONS.md",)
    adr: tuple[str, ...] = DEFAULT_ADR_DIRS
    commits: str = "heuristic"
    heuristic_binding: bool = False
    rules: tuple[str, ...] = (".intentlint/rules",)
    bundled_rules: bool = True
    scopes: tuple[Scope, ...] = ()
    severity: dict[str, str] = field(default_factory=dict)
    packs: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    explicit: frozenset[str] = frozenset()  # keys the file sets (a default may be absent)
    # ADR folders whose records govern one scope only (log4brains packages): folder, scope
    adr_scopes: tuple[tuple[str, str], ...] = ()

    def adr_scope(self, path: str) -> str | None:
        """The scope an ADR at `path` binds in, when its folder belongs to a package."""
        owners = [(len(folder), scope) for folder, scope in self.adr_scopes
                  if path.startswith(folder + "/")]
        return max(owners)[1] if owners else None

    def scope(self, name: str) -> Scope | None:
        """The configured scope of that name, else the environment of that name."""
        return next((s for s in self.scopes if s.name == name), None) or _IMPLICIT.get(name)


_IMPLICIT = {name: Scope(name, ENVIRONMENTS[env]) for name, env in _ENVIRONMENT_NAMES.items()}


def load_config(root: Path) -> Config:
    """Read the first config file present in `root`; defaults when there is none."""
    for name in CONFIG_FILES:
        path = root / name
        if not path.is_file():
            continue
        try:
            data = loads(path.read_text(encoding="utf-8"))
        except (TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError([Problem(name, f"not valid TOML: {exc}")]) from None
        if name == "pyproject.toml":
            table = data.get("tool", {}).get("intentlint")
            if table is None:
                continue
            return parse_config(table, name, prefix="tool.intentlint.")
        return parse_config(data, name)
    return Config()


def _strings(value: Any, where: str, problems: list[Problem], file: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(Problem(file, "expected a string or a list of strings", field=where))
        return ()
    return tuple(value)


def _repo_paths(values: tuple[str, ...], where: str, problems: list[Problem], file: str) -> None:
    for value in values:
        pure = PurePosixPath(value)
        if pure.is_absolute() or ".." in pure.parts:
            problems.append(
                Problem(file, f"{value!r} leaves the repository; use a relative path", field=where)
            )


def parse_config(table: dict[str, Any], file: str, prefix: str = "") -> Config:
    """Validate one config table; every problem is collected before raising."""
    problems: list[Problem] = []
    known = {"decisions", "adr", "commits", "heuristic-binding", "rules", "bundled-rules",
             "scopes", "severity", "packs"}
    for key in table:
        if key not in known:
            expected = ", ".join(sorted(known))
            problems.append(Problem(file, f"unknown key; expected one of {expected}",
                                    field=prefix + key))
    decisions = _strings(table.get("decisions", ["DECISIONS.md"]), prefix + "decisions",
                         problems, file)
    adr = _strings(table.get("adr", list(DEFAULT_ADR_DIRS)), prefix + "adr", problems, file)
    rules = _strings(table.get("rules", [".intentlint/rules"]), prefix + "rules", problems, file)
    for where, values in (("decisions", decisions), ("adr", adr), ("rules", rules)):
        _repo_paths(values, prefix + where, problems, file)
    commits = table.get("commits", "heuristic")
    if commits not in COMMIT_MODES:
        problems.append(Problem(file, f"{commits!r} is not one of {', '.join(COMMIT_MODES)}",
                                field=prefix + "commits"))
    flags = {}
    for key, default in (("heuristic-binding", False), ("bundled-rules", True)):
        value = table.get(key, default)
        if not isinstance(value, bool):
            problems.append(Problem(file, "expected true or false", field=prefix + key))
            value = default
        flags[key] = value
    scopes = _parse_scopes(table.get("scopes", {}), file, prefix + "scopes", problems)
    severity = _parse_severity(table.get("severity", {}), file, prefix + "severity", problems)
    packs = _parse_pack_paths(table.get("packs", {}), file, prefix + "packs", problems)
    if problems:
        raise ConfigError(problems)
    return Config(file=file, decisions=decisions, adr=adr, commits=str(commits),
                  heuristic_binding=flags["heuristic-binding"], rules=rules,
                  bundled_rules=flags["bundled-rules"], scopes=scopes, severity=severity,
                  packs=packs,
                  explicit=frozenset(k for k in ("decisions", "adr", "rules") if k in table))


def _tables(raw: Any, what: str, keys: tuple[str, ...], file: str, where: str,
            problems: list[Problem]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Each `[<where>.<name>]` table of `raw` with its field path, after reporting what is
    not a table or names a key other than `keys`."""
    if not isinstance(raw, dict):
        problems.append(Problem(file, f"expected a table of {what}", field=where))
        return
    either = f"{', '.join(keys[:-1])} or {keys[-1]}"
    for name, body in raw.items():
        here = f"{where}.{name}"
        if not isinstance(body, dict):
            problems.append(Problem(file, f"expected a table with {'/'.join(keys)}", field=here))
            continue
        problems.extend(Problem(file, f"unknown key; expected {either}", field=f"{here}.{key}")
                        for key in body if key not in keys)
        yield str(name), here, body


def _parse_pack_paths(raw: Any, file: str, where: str, problems: list[Problem],
                      ) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """`[packs.api] paths = [...], exclude = [...]`: globs added to every check of a pack."""
    out = {}
    for name, here, body in _tables(raw, "packs", ("paths", "exclude"), file, where, problems):
        paths = _strings(body.get("paths", []), f"{here}.paths", problems, file)
        exclude = _strings(body.get("exclude", []), f"{here}.exclude", problems, file)
        try:
            Globs(paths, exclude)
        except GlobError as exc:
            problems.append(Problem(file, f"bad glob: {exc}", field=here))
            continue
        out[str(name)] = (paths, exclude)
    return out


def _parse_scopes(raw: Any, file: str, where: str, problems: list[Problem]) -> tuple[Scope, ...]:
    scopes = []
    for name, here, body in _tables(raw, "scopes", ("paths", "branches", "words"), file, where,
                                    problems):
        paths = _strings(body.get("paths", []), f"{here}.paths", problems, file)
        branches = _strings(body.get("branches", []), f"{here}.branches", problems, file)
        words = _strings(body.get("words", [name]), f"{here}.words", problems, file)
        if not paths and not branches:
            problems.append(Problem(file, "a scope needs paths or branches", field=here))
        try:
            scopes.append(Scope(name, paths, branches, tuple(w.lower() for w in words)))
        except GlobError as exc:
            problems.append(Problem(file, f"bad glob: {exc}", field=f"{here}.paths"))
    return tuple(scopes)


def _parse_severity(raw: Any, file: str, where: str, problems: list[Problem]) -> dict[str, str]:
    if not isinstance(raw, dict):
        problems.append(Problem(file, "expected a table of id-or-kind = severity", field=where))
        return {}
    out = {}
    for key, value in raw.items():
        if value not in SEVERITIES:
            shown = str(value).lower() if isinstance(value, bool) else repr(value)
            problems.append(Problem(file, f"{shown} is not one of {', '.join(SEVERITIES)}",
                                    field=f"{where}.{key}"))
        else:
            out[str(key)] = str(value)
    return out
