"""The hook's fast path: what a staged check needs, kept per HEAD, configuration and sources.

Mining and verification produce every record history holds; a staged change is judged only
by the checks in force, what the active records claim (specificity.py) and the decisions the
findings are explained from. That is the *plan*, stored in `.git/intentlint/in-force.json`.
Its size does not grow with history: at 100k commits it holds a few dozen checks and
claims, not 10,000 records, so a warm hook costs the same on any repository.

A plan is trusted only when everything it was built from is unchanged: intentlint's version,
the configuration, every pack file, the decisions log and ADR files as staged, the shallow
boundary, and HEAD. When HEAD moved forward by commits that cannot record a decision (the
regex scan mining itself applies to every message) the plan is carried to the new HEAD;
anything else (a decision commit, a rewritten history, a changed log) rebuilds it from the
mined history. A plan that cannot be read, does not match or fails its checksum is ignored.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from intentlint.enforcing.checks import Enforced, enforced, inline_checks, severity_of
from intentlint.enforcing.specificity import Claim, claims
from intentlint.ground.config import Config
from intentlint.ground.gitio import diverged, run_git
from intentlint.ground.globs import Globs
from intentlint.ground.patterns import compile_pattern
from intentlint.ground.records import DEPENDENCY, Ledger, Status, Verdict
from intentlint.holding import caches as cache
from intentlint.holding.workspace import Workspace
from intentlint.reading.rulebook import CheckDef, EffectDef, Rulebook
from intentlint.sources.commits import may_decide

if TYPE_CHECKING:
    from intentlint.holding.ledger import Snapshot

FILE = "in-force.json"


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything `check` needs to judge a staged change at one HEAD."""

    head: str | None
    in_force: tuple[Enforced, ...]
    claims: tuple[Claim, ...]
    ledger: Ledger  # the decisions findings can name, and those they superseded
    rules: Rulebook  # the packs' definitions of the keys in play, nothing else
    active: int  # how many decisions are active (for the summary line)
    notes: tuple[str, ...]


def plan_for(ws: Workspace, message: str | None = None,
             manifests: list[str] | None = None) -> Plan:
    """The plan at HEAD for a staged check; `message` is the commit message being written
    (commit-msg stage), which may carry decisions of its own: then nothing is cached.
    `manifests`: the manifests the staged change touches (their staged contents are part of
    the key)."""
    pending = message is not None and may_decide(
        message, "off" if ws.config.commits == "off" else "trailers")
    key = plan_key(ws, manifests or [])
    path = ws.repo.git_dir / "intentlint" / FILE
    if not pending:
        found = load(ws, key)
        if found is not None:
            return found
    plan = build(ws, message)
    if not pending:
        save(path, key, plan)
    return plan


def build(ws: Workspace, message: str | None = None, enforce_all: bool = False) -> Plan:
    """Mine the staged sources and history, and verify (the slow path)."""
    from intentlint.holding.ledger import snapshot  # mining and verification: only when rebuilding
    from intentlint.holding.mining import Point

    head = ws.repo.head
    return from_snapshot(ws, snapshot(ws, Point("index", head, pending_message=message)), head,
                         enforce_all)


def from_snapshot(ws: Workspace, snap: Snapshot, head: str | None,
                  enforce_all: bool = False) -> Plan:
    """What a check needs of a verified snapshot at `head`. `enforce_all` is the benchmark's "no
    verification" condition: every extracted record binds, everywhere."""
    verdicts = snap.ledger.verdicts
    if enforce_all:
        verdicts = tuple(replace(v, status=Status.ACTIVE, record=replace(v.record, scope=None))
                         for v in verdicts)
    active = [v for v in verdicts if v.status is Status.ACTIVE]
    notes = [p for p in snap.ledger.problems if p not in snap.quiet]
    notes += [f"{v.record.id} needs confirmation ({v.record.unclear[0]}); nothing of it is "
              f"enforced until you {v.record.settle_hint()}"
              for v in verdicts if v.record.needs_confirmation
              and v.status in (Status.ACTIVE, Status.PROPOSED)]
    if snap.mined.shallow:
        notes.append("shallow clone: history before the graft is not mined; "
                     "`git fetch --unshallow` to see every decision")
    in_force = enforced(verdicts, ws.rules, ws.config)
    notes += unchecked([v for v in active if severity_of(v, ws.config) != "off"], in_force)
    return assemble(head, in_force,
                    claims([v.record for v in active]), snap.ledger, ws.rules, len(active),
                    tuple(notes))


def unchecked(active: list[Verdict], in_force: list[Enforced]) -> list[str]:
    """A decision the team wrote (log or trailer) that binds but that no check can enforce:
    said once, so that it is never mistaken for one that is enforced. (ADRs are left out:
    most of a real ADR folder decides what no diff shows.)"""
    checked = {i for item in in_force for i in (item.verdict.record.id, *item.also)}
    return [f"{r.id} is a {r.kind or 'decision'} with no check: add `forbid: PATTERN in GLOB` "
            f"{'under its heading' if r.source.kind == 'log' else 'as a trailer'} to enforce it"
            for r in (v.record for v in active if not v.held_back)
            if r.source.kind in ("log", "commit") and not r.heuristic and r.id not in checked
            and not r.needs_confirmation and r.kind != "permission"
            and not (r.effect and r.effect.key.startswith(DEPENDENCY))]


def assemble(head: str | None, in_force: list[Enforced], claimed: tuple[Claim, ...],
             ledger: Ledger, rules: Rulebook, active: int, notes: tuple[str, ...]) -> Plan:
    """Keep of the ledger and the packs only what the checks in force and claims use."""
    keep: dict[str, Verdict] = {}
    for item in in_force:
        verdict = item.verdict
        keep[verdict.record.id] = verdict
        for old_id in verdict.supersedes:
            old = ledger.get(old_id)
            if old is not None:
                keep.setdefault(old_id, old)
    keys = {i.verdict.record.effect.key for i in in_force if i.verdict.record.effect}
    keys |= {c.key for c in claimed if c.permission}
    effects = tuple(e for e in rules.effects if e.key in keys)
    return Plan(head, tuple(in_force), claimed, Ledger(tuple(keep.values())),
                Rulebook((), {}, effects, rules.fingerprint), active, notes)


# --- the key ---------------------------------------------------------------------------------

def plan_key(ws: Workspace, manifests: list[str] | None = None) -> str:
    """Everything a plan depends on but HEAD, which is checked on its own (and may move):
    the staged decision sources, and the staged contents of `manifests`, those a change
    touches. A plan reads the decisions in the names the staged manifests declare ("Dapper"
    is the `Dapper` package once one is staged, the family `Dapper.*` otherwise), so a plan
    built while one change was staged must not judge another (the same change, restaged
    with `Dapper.Extensions.PostgreSQL`, passed)."""
    repo, config = ws.repo, ws.config
    sources = [*config.decisions, *config.adr]
    staged = run_git(["ls-files", "-s", "-z", "--", *sources, *(manifests or [])], repo.root) \
        if sources else b""
    try:
        boundary = (repo.git_dir / "shallow").read_text() if repo.shallow else ""
    except OSError:
        boundary = "unreadable"
    return cache.cache_key(["plan", _config_text(config), ws.rules_fingerprint(), boundary,
                            hashlib.sha256(staged).hexdigest(), *(manifests or [])])


def _config_text(config: Config) -> str:
    return json.dumps([config.file, config.decisions, config.adr, config.commits,
                       config.heuristic_binding, config.rules, config.bundled_rules,
                       [[s.name, s.paths, s.branches, s.words] for s in config.scopes],
                       sorted(config.severity.items()), sorted(config.packs.items())])


# --- reading and writing -------------------------------------------------------------------

def load(ws: Workspace, key: str) -> Plan | None:
    """The stored plan when it holds at HEAD; carried forward over commits that decide
    nothing. None when there is none, it does not match, or it is damaged."""
    path = ws.repo.git_dir / "intentlint" / FILE
    try:
        raw = path.read_text(encoding="utf-8")
        header, _, body = raw.partition("\n")
        meta = json.loads(header)
        if meta.get("format") != cache.FORMAT or meta.get("key") != key or \
                meta.get("sum") != hashlib.sha256(body.encode("utf-8")).hexdigest():
            return None
        stored = meta.get("head")
        head = ws.repo.head
        if stored != head:
            if not (stored and head and _decides_nothing(ws, stored, head)):
                return None
            cache.write_atomic(path, _header(key, head, body) + body)
        return _from_plain(json.loads(body), head)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError,
            UnicodeDecodeError):
        return None


def _decides_nothing(ws: Workspace, old: str, new: str) -> bool:
    """No commit that moving from `old` to `new` added or took away (new commits, an amend,
    a rebase or reset of a few) records a decision: most are skipped by the regex scan
    mining itself starts with; the few left (a trigger word like "use" or "only") are read
    as mining reads them, which costs the packs but not the history."""
    sides = diverged(ws.repo, old, new)
    if sides is None:
        return False
    maybe = [c for c in sides[0] + sides[1] if may_decide(c.message, ws.config.commits)]
    if not maybe:
        return True
    # reading prose: only when a word calls for it
    from intentlint.holding.history import records_nothing

    return all(records_nothing(c, ws.config, ws.rules) for c in maybe)


def save(path: Path, key: str, plan: Plan) -> bool:
    body = json.dumps(_plain(plan), separators=(",", ":"), ensure_ascii=False)
    return cache.write_atomic(path, _header(key, plan.head, body) + body)


def _header(key: str, head: str | None, body: str) -> str:
    return json.dumps({"format": cache.FORMAT, "key": key, "head": head,
                       "sum": hashlib.sha256(body.encode("utf-8")).hexdigest()}) + "\n"


def _plain(plan: Plan) -> dict[str, Any]:
    index = {id(e): i for i, e in enumerate(plan.rules.effects)}
    items = []
    for item in plan.in_force:
        record = item.verdict.record
        if item.effect.pack == "inline":
            where = ["inline", next(i for i, (_, c) in enumerate(inline_checks(record))
                                    if c.name == item.check.name)]
        else:
            where = [index[id(item.effect)],
                     next(i for i, c in enumerate(item.effect.checks) if c is item.check)]
        items.append([record.id, *where, item.severity, list(item.also)])
    return {"active": plan.active, "notes": list(plan.notes),
            "verdicts": [[cache.plain_record(v.record), v.status.value, v.superseded_by,
                          list(v.supersedes), list(v.reaffirms), v.reason]
                         for v in plan.ledger.verdicts],
            "effects": [_effect_plain(e) for e in plan.rules.effects],
            "in_force": items,
            "claims": [[c.key, c.scope, c.value, c.permission, list(c.ids)]
                       for c in plan.claims],
            "fingerprint": plan.rules.fingerprint}


def _from_plain(data: dict[str, Any], head: str | None) -> Plan:
    verdicts = tuple(Verdict(cache.record_from(r), Status(status), by, tuple(sup), tuple(re_),
                             str(reason))
                     for r, status, by, sup, re_, reason in data["verdicts"])
    ledger = Ledger(verdicts)
    effects = tuple(_effect_from(e) for e in data["effects"])
    in_force = []
    for record_id, effect_at, check_at, severity, also in data["in_force"]:
        verdict = ledger.by_id[record_id]
        if effect_at == "inline":
            effect, check = inline_checks(verdict.record)[check_at]
        else:
            effect = effects[effect_at]
            check = effect.checks[check_at]
        in_force.append(Enforced(verdict, effect, check, str(severity), tuple(also)))
    claimed = tuple(Claim(key, scope, value, bool(permission), tuple(ids))
                    for key, scope, value, permission, ids in data["claims"])
    return Plan(head, tuple(in_force), claimed, ledger,
                Rulebook((), {}, effects, str(data["fingerprint"])), int(data["active"]),
                tuple(str(n) for n in data["notes"]))


def _effect_plain(e: EffectDef) -> list[Any]:
    return [e.pack, e.file, e.component, e.key, e.value, e.value_group,
            [p.pattern for p in e.recognise], e.scoped, e.kind, e.comply,
            [_check_plain(c) for c in e.checks], e.reading,
            e.about.pattern if e.about is not None else None,
            e.not_about.pattern if e.not_about is not None else None]


def _effect_from(row: list[Any]) -> EffectDef:
    (pack, file, component, key, value, group, recognise, scoped, kind, comply, checks, reading,
     about, not_about) = row
    return EffectDef(pack, file, component, key, value, group,
                     tuple(compile_pattern(p) for p in recognise), bool(scoped), kind, comply,
                     tuple(_check_from(c) for c in checks), reading,
                     compile_pattern(about) if about is not None else None, (),
                     compile_pattern(not_about) if not_about is not None else None)


def _check_plain(c: CheckDef) -> list[Any]:
    return [c.name, c.kind, c.message, c.pattern, c.unless, c.trigger,
            [list(p) for p in c.paths.patterns],
            [list(p) for p in c.touch.patterns] if c.touch is not None else None,
            c.near, c.readded, c.skip_tests, list(c.languages), c.fallback, c.text_names,
            c.unless_file]


def _check_from(row: list[Any]) -> CheckDef:
    (name, kind, message, pattern, unless, trigger, paths, touch, near, readded, skip_tests,
     languages, fallback, text_names, unless_file) = row
    return CheckDef(name, kind, message, pattern, unless, trigger, Globs(*paths),
                    Globs(*touch) if touch is not None else None, int(near), bool(readded),
                    bool(skip_tests), tuple(languages), fallback, text_names,
                    unless_file)
