"""Checking a change against the decisions that still bind: pure, given the change as data."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from intentlint.enforcing.code_view import code_view, outside_the_code
from intentlint.enforcing.dependencies import LOCKFILE_KIND, dependency_checks, forbid_dependency
from intentlint.enforcing.diff import FileChange
from intentlint.enforcing.finding import Finding
from intentlint.enforcing.specificity import Claim, claims, govern, lifted
from intentlint.enforcing.waivers import apply_waivers
from intentlint.ground.config import Config
from intentlint.ground.manifests import is_lockfile
from intentlint.ground.packages import REJECTED
from intentlint.ground.patterns import Pattern, compile_pattern, search
from intentlint.ground.records import DEPENDENCY, Decision, Status, Verdict
from intentlint.reading.inline_checks import parse_inline_check
from intentlint.reading.rulebook import CI_GLOBS, CheckDef, EffectDef, Rulebook, fill_pattern


@dataclass(frozen=True, slots=True)
class Enforced:
    """One check, run once for every binding decision that asks for it.

    Restatements of a decision (and different records setting the same effect) would run
    the same check again; they are grouped, the newest first, and a finding names it.
    """

    verdict: Verdict
    effect: EffectDef
    check: CheckDef
    severity: str
    also: tuple[str, ...] = ()  # other decisions enforcing the same check here


def severity_of(verdict: Verdict, config: Config) -> str:
    record = verdict.record
    default = "warning" if record.kind == "preference" else "error"
    return config.severity.get(record.id, config.severity.get(record.kind, default))


def inline_checks(record: Decision) -> list[tuple[EffectDef, CheckDef]]:
    """A decision's own checks, as a one-check effect each: those it writes (`forbid:
    PATTERN in GLOB`; validated where they were read, one that no longer parses is skipped)
    and those its dependency effect implies (dependencies.py)."""
    out = dependency_checks(record)
    for i, spec in enumerate(record.checks):
        field_name, _, body = spec.partition(":")
        try:
            check = parse_inline_check(field_name.strip(), body.strip(), f"inline:{i + 1}",
                                       f"breaks decision {record.id}: {record.title}")
        except (ValueError, KeyError):
            continue
        comply = f"do what {record.id} says: {record.title} ({spec})"
        out.append((EffectDef("inline", record.source.describe(), record.component or "-",
                              f"decision:{record.id}", None, None, (), False, None, comply,
                              (check,)), check))
    return out


def enforced(verdicts: Iterable[Verdict], rules: Rulebook, config: Config) -> list[Enforced]:
    groups: dict[tuple[int, str, str | None, str], list[tuple[Verdict, EffectDef, CheckDef]]] = {}
    for verdict in verdicts:
        record, effect = verdict.record, verdict.record.effect
        if verdict.status is not Status.ACTIVE or record.kind == "permission" \
                or verdict.held_back:
            continue  # a permission never blocks; a held-back record waits to be settled
        severity = severity_of(verdict, config)
        if severity == "off":
            continue
        if effect is not None and effect.value == REJECTED and severity == "error" \
                and record.id not in config.severity:
            severity = "warning"  # an option an ADR did not choose, not one it ruled out
        pairs = [(d, c) for d in rules.effects_for(effect.key, effect.value) for c in d.checks] \
            if effect is not None else []
        for definition, check in [*pairs, *inline_checks(record)]:
            if not carried(check, record):
                continue
            key = (id(check) if definition.pack != "inline" else hash((record.id, check.name)),
                   effect.value if effect else "", record.scope, severity)
            groups.setdefault(key, []).append((verdict, definition, check))
    out = []
    for (_, _, _, severity), members in groups.items():
        members.sort(key=lambda m: (m[0].record.date or "", m[0].record.seq), reverse=True)
        verdict, definition, check = members[0]
        out.append(Enforced(verdict, definition, check, severity,
                            tuple(m[0].record.id for m in members[1:])))
    return out


def carried(check: CheckDef, record: Decision) -> bool:
    """Whether the record carries the pack's check: one with `text-names` only where a
    decision read from prose says it (a JWT ban where an OAuth2 decision moves away from
    something or names JWTs: change-metrics/monocle, round 35); a stated effect, always."""
    return not (check.text_names and record.weighed and search(
        _text_pattern(check.text_names), f"{record.title}\n{record.text}") is None)


@lru_cache(maxsize=64)
def _text_pattern(source: str) -> Pattern:
    return compile_pattern(source)


class _Compiled:
    """Patterns compiled once per (check, decision value) for the whole run.

    Each comes in two forms: per line, and multi-line for one scan over all of a file's added
    (or removed) lines joined, so that a file without a match costs one RE2 call, not one per
    line. A joined-scan hit is always confirmed line by line, so nothing matches across lines.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[str, str], tuple[Pattern, Pattern]] = {}

    def get(self, source: str | None, value: str) -> tuple[Pattern, Pattern] | None:
        if source is None:
            return None
        key = (source, value)
        if key not in self._cache:
            filled = fill_pattern(source, value)
            self._cache[key] = (compile_pattern(filled), compile_pattern(f"(?m){filled}"))
        return self._cache[key]


def _matching(pattern: tuple[Pattern, Pattern] | None,
              lines: tuple[tuple[int, str], ...], joined: str) -> list[tuple[int, str]]:
    if pattern is None or not lines or pattern[1].search(joined) is None:
        return []
    return [(n, t) for n, t in lines if search(pattern[0], t) is not None]


def check_changes(changes: list[FileChange], rules_in_force: list[Enforced], config: Config,
                  branch: str | None, claimed: Sequence[Claim] | None = None,
                  rules: Rulebook | None = None) -> list[Finding]:
    """Every finding of the checks in force on the changed files. `claimed` is what every
    active record claims (the most specific scope wins among them, per key and file; see
    specificity.py); by default, what the records the checks come from claim."""
    compiled = _Compiled()
    findings: list[Finding] = []
    # Lockfiles are written by a package manager: what a dependency pulls in (Prisma's
    # optional `better-sqlite3` peer) is not the project configuring SQLite.
    # (A new lockfile of a package manager a decision avoids is read by that check alone.)
    lockfiles = {c.path for c in changes if is_lockfile(c.path)}
    # (An added lockfile is read even when binary, as Bun's bun.lockb is.)
    text_changes = [c for c in changes if not outside_the_code(c.path)
                    and ((c.path in lockfiles and c.status == "A")
                         or (not c.binary and c.path not in lockfiles and c.status != "D"))]
    if claimed is None:
        claimed = claims([i.verdict.record for i in rules_in_force])
    permissions = [c for c in claimed if c.permission]
    for original in text_changes:
        change = code_view(original)  # checks read code; waivers (below) read the comments
        joined = ("\n".join(t for _, t in change.added), "\n".join(t for _, t in change.removed))
        written = _as_written(original)
        governs = govern(claimed, config, change.path, branch)
        findings.extend(Finding(change.path, 1, "warning", None, "scope-conflict", c, "")
                        for c in governs.conflicts)
        lockfile = change.path in lockfiles
        ci_file = CI_GLOBS.match(change.path)
        for item in rules_in_force:
            if lockfile != (item.check.kind == LOCKFILE_KIND):
                continue
            at = governs.level_of(item.verdict.record)
            if at is None or not item.check.applies_to(change.path):
                continue
            if ci_file and item.verdict.record.weighed and not _on_dependencies(item) \
                    and not _targets_ci(item.check):
                # A decision read from prose is held to production code (evidence.py leaves
                # CI configuration out): a CI job's test database (`DB_CONNECTION: sqlite`
                # in a workflow, danhenke/phlag, round 20) is not the product's. A check
                # written for CI files (a deploy job's staging gate) and a CI system or
                # action a decision avoids are still run there.
                continue
            for finding in _run(item, change, changes, compiled, joined, written):
                if rules is None or lifted(finding.snippet, item.verdict.record, at, permissions,
                                           config, rules, change.path, branch) is None:
                    findings.append(finding)
    return apply_waivers(findings, text_changes)


def _targets_ci(check: CheckDef) -> bool:
    """The check names CI files among its paths (deployment's `.github/workflows/**`): a
    path pattern of its own that the CI globs take for a CI file."""
    return any(CI_GLOBS.match(p) for p in check.paths.patterns[0])


def _on_dependencies(item: Enforced) -> bool:
    effect = item.verdict.record.effect
    return effect is not None and effect.key.startswith(DEPENDENCY)


@dataclass(frozen=True, slots=True)
class _Context:
    """Everything one check needs to judge one changed file."""

    item: Enforced
    change: FileChange
    changes: list[FileChange]
    value: str
    joined: tuple[str, str]  # the file's added lines and removed lines, each joined
    compiled: _Compiled
    # added lines as written, by number; removed lines as written, by the number of the place
    # they were removed from, which several share
    original: tuple[dict[int, str], dict[int, list[str]]]

    def pattern(self, source: str | None) -> tuple[Pattern, Pattern] | None:
        return self.compiled.get(source, self.value)

    def written(self, line: int, text: str, removed: bool) -> str:
        """The line as written (comments included) that `text`, its code, was read from."""
        if not removed:
            return self.original[0].get(line, text)
        code = text.strip()
        return next((w for w in self.original[1].get(line, ()) if code in w), text)

    def exempt(self, line: int, text: str, removed: bool = False) -> bool:
        """`unless` reads the line as written, comments included (`# legacy-bridge`)."""
        unless = self.pattern(self.item.check.unless)
        written = self.written(line, text, removed)
        return unless is not None and search(unless[0], written) is not None

    def falls_back(self, line: int, text: str) -> bool:
        """The line sets a default for a setting left unset (`os.environ.get("DATABASE_URL",
        "sqlite:///dev.db")`): the deployed value comes from elsewhere."""
        fallback = self.pattern(self.item.check.fallback)
        return fallback is not None and search(fallback[0], self.written(line, text, False)) \
            is not None

    def finding(self, line: int, text: str, removed: bool = False,
                fallback: bool = False) -> Finding:
        check, record = self.item.check, self.item.verdict.record
        written = self.written(line, text, removed)
        message = check.message.replace("{value}", self.value)
        severity = self.item.severity
        if fallback:
            # a development fallback against a decision on what runs: worth a word, not a block
            severity = "warning"
            message += " (Here only as the default for a setting left unset: it warns.)"
        return Finding(self.change.path, line, severity, record.id, check.name, message,
                       written.strip()[:200], removed, also=self.item.also, fallback=fallback)


class CheckKind(Protocol):
    def __call__(self, ctx: _Context) -> list[Finding]: ...


def _forbid_added(ctx: _Context) -> list[Finding]:
    matched = _matching(ctx.pattern(ctx.item.check.pattern), ctx.change.added, ctx.joined[0])
    if matched and (whole := ctx.pattern(ctx.item.check.unless_file)) is not None \
            and whole[1].search(ctx.joined[0]) is not None:
        return []  # what else the file adds shows the line is fine: a JWT library that
        # validates an OAuth2 provider's tokens (vwt-digital/operational-data-hub, round 36)
    return [ctx.finding(n, t, fallback=ctx.falls_back(n, t)) for n, t in matched
            if not ctx.exempt(n, t)]


def _forbid_removed(ctx: _Context) -> list[Finding]:
    pattern = ctx.pattern(ctx.item.check.pattern)
    out = []
    for number, text in _matching(pattern, ctx.change.removed, ctx.joined[1]):
        if ctx.exempt(number, text, removed=True):
            continue
        if pattern and ctx.item.check.readded and _readded(search(pattern[0], text), ctx.change):
            continue  # the same field or section comes back in an added line: moved, not gone
        out.append(ctx.finding(number, text, removed=True))
    return out


def _require(ctx: _Context) -> list[Finding]:
    check, change = ctx.item.check, ctx.change
    triggered = [(n, t) for n, t in _matching(ctx.pattern(check.trigger), change.added,
                                             ctx.joined[0]) if not ctx.exempt(n, t)]
    if not triggered:
        return []
    pattern = ctx.pattern(check.pattern)
    satisfied = _matching(pattern, change.added, ctx.joined[0]) if pattern is not None else []
    touch_ok = check.touch is None or any(
        c.status != "D" and c.path != change.path and check.touch.match(c.path)
        for c in ctx.changes)
    return [ctx.finding(number, text) for number, text in triggered
            if not (touch_ok and (pattern is None or any(
                abs(n - number) <= check.near for n, _ in satisfied)))]


def _forbid_lockfile(ctx: _Context) -> list[Finding]:
    """A lockfile added whole: the package manager it belongs to is back."""
    if ctx.change.status != "A":
        return []
    return [ctx.finding(1, ctx.change.added[0][1] if ctx.change.added else ctx.change.path)]


def _forbid_dependency(ctx: _Context) -> list[Finding]:
    return [ctx.finding(line, text) for line, text in forbid_dependency(ctx.item.check,
                                                                          ctx.change)]


CHECK_KINDS: dict[str, CheckKind] = {
    "forbid-added": _forbid_added,
    "forbid-removed": _forbid_removed,
    "require": _require,
    "forbid-dependency": _forbid_dependency,
    LOCKFILE_KIND: _forbid_lockfile,
}


def _as_written(original: FileChange) -> tuple[dict[int, str], dict[int, list[str]]]:
    """A file's added lines as written, by number, and its removed lines, by the number of
    the place they were removed from (several share one): built once per file."""
    removed: dict[int, list[str]] = {}
    for number, text in original.removed:
        removed.setdefault(number, []).append(text)
    return dict(original.added), removed


def _run(item: Enforced, change: FileChange, changes: list[FileChange], compiled: _Compiled,
         joined: tuple[str, str],
         written: tuple[dict[int, str], dict[int, list[str]]]) -> list[Finding]:
    value = item.verdict.record.effect.value if item.verdict.record.effect else ""
    return CHECK_KINDS[item.check.kind](_Context(
        item, change, changes, value, joined, compiled, written))


def _readded(match: object, change: FileChange) -> bool:
    try:
        token = match.group(1)  # type: ignore[attr-defined]
    except IndexError:
        token = match.group(0)  # type: ignore[attr-defined]
    if not token:
        return False
    word = re.compile(rf"(?<![\w]){re.escape(token)}(?![\w])")
    return any(word.search(text) for _, text in change.added)
