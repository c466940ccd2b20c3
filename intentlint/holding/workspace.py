"""Where intentlint runs: the repository, its configuration, and its rule packs.

Packs are loaded when first asked for: a warm hook judges the change from its cached plan
(plan.py) and never parses one, so it only needs their fingerprint.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from intentlint.ground.adr_settings import read_adr_settings
from intentlint.ground.config import Config, Scope, load_config
from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.gitio import Repo, open_repo
from intentlint.reading.pack_files import bundled_rules_dir, rules_fingerprint
from intentlint.reading.rulebook import Rulebook


class Workspace:
    """A repository with its configuration; `rules` are read on first use."""

    __slots__ = ("_rules", "config", "repo")

    def __init__(self, repo: Repo, config: Config, rules: Rulebook | None = None) -> None:
        self.repo, self.config, self._rules = repo, config, rules

    @property
    def rules(self) -> Rulebook:
        if self._rules is None:
            self._rules = load_rules(self.repo.root, self.config)
        return self._rules

    def but(self, *, repo: Repo | None = None, config: Config | None = None) -> Workspace:
        """The same workspace with another repository state or configuration (the packs
        already read are kept: the benchmark varies what it mines, not its packs)."""
        return Workspace(repo or self.repo, config or self.config, self._rules)

    def rules_fingerprint(self) -> str:
        if self._rules is not None:
            return self._rules.fingerprint
        return rules_fingerprint(rule_dirs(self.repo.root, self.config), self.repo.root)


def open_workspace(cwd: Path | str) -> Workspace:
    repo = open_repo(cwd)
    config = with_adr_dir(repo.root, load_config(repo.root))
    missing = missing_paths(repo.root, config)
    if missing:  # every mistake at once: the packs' too
        try:
            load_rules(repo.root, config)
        except ConfigError as exc:
            missing += exc.problems
        raise ConfigError(missing)
    return Workspace(repo, config)


def rule_dirs(repo_root: Path, config: Config) -> list[Path]:
    dirs = [bundled_rules_dir()] if config.bundled_rules else []
    return dirs + [repo_root / d for d in config.rules]


def load_rules(repo_root: Path, config: Config) -> Rulebook:
    from intentlint.reading.packs import load_rulebook  # parsing packs: only when needed

    return load_rulebook(rule_dirs(repo_root, config), repo_root, int(config.bundled_rules),
                         config.packs)


def with_adr_dir(root: Path, config: Config) -> Config:
    """The ADR tools' own settings, unless `adr` is configured: adr-tools' `.adr-dir` and
    log4brains' `.log4brains.yml` add their folders; a log4brains package's ADRs bind in a
    scope of the package's name whose paths are the package's (a configured scope of that
    name is kept instead)."""
    if "adr" in config.explicit:
        return config
    settings = read_adr_settings(root)
    folders = [f for f in (*settings.folders, *(p.adr_folder for p in settings.packages))
               if f not in config.adr]
    named = {s.name for s in config.scopes}
    scopes = tuple(Scope(p.name, (f"{p.path}/**" if p.path else "**",))
                   for p in settings.packages if p.name not in named)
    return replace(config, adr=tuple(dict.fromkeys((*config.adr, *folders))),
                   scopes=(*config.scopes, *scopes),
                   adr_scopes=tuple((p.adr_folder, p.name) for p in settings.packages))


def missing_paths(root: Path, config: Config) -> list[Problem]:
    """A log, ADR folder or rules folder the configuration names and the work tree lacks:
    an error, so that a typo never silently turns decisions off (the defaults may be absent).
    """
    problems = []
    for key, values, want_dir in (("decisions", config.decisions, False),
                                  ("adr", config.adr, True), ("rules", config.rules, True)):
        if key not in config.explicit:
            continue
        for value in values:
            path = root / value
            if not (path.is_dir() if want_dir else path.is_file()):
                kind = "folder" if want_dir else "file"
                problems.append(Problem(config.file or "configuration",
                                        f"{value!r}: no such {kind} in the repository; create "
                                        "it or fix the path", field=key))
    return problems
