"""`check` output: text for people and agents, versioned json, and SARIF 2.1.0."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from intentlint import __version__
from intentlint.commands.check import CheckResult
from intentlint.enforcing.dependencies import dependency_checks
from intentlint.enforcing.finding import Finding
from intentlint.ground.records import Ledger, Verdict
from intentlint.reading.rulebook import Rulebook

SCHEMA = "intentlint/findings/v1"
_COLOURS = {"error": "\033[31m", "warning": "\033[33m", "dim": "\033[2m", "bold": "\033[1m",
            "reset": "\033[0m"}


def _comply(verdict: Verdict | None, rules: Rulebook) -> str:
    if verdict is not None and verdict.record.effect is None and verdict.record.checks:
        r = verdict.record
        return f"do what {r.id} says ({_one_line(r.title, 80)}): " + "; ".join(r.checks)
    if verdict is None or verdict.record.effect is None:
        return ""
    effect = verdict.record.effect
    implied = dependency_checks(verdict.record)
    if implied:
        return implied[0][0].comply
    for definition in rules.effects_for(effect.key, effect.value):
        if definition.comply:
            return definition.comply.replace("{value}", effect.value)
    return ""


def text(result: CheckResult, rules: Rulebook, colour: bool = False) -> str:
    def c(name: str, s: str) -> str:
        return f"{_COLOURS[name]}{s}{_COLOURS['reset']}" if colour else s

    out: list[str] = []
    explained: set[str] = set()
    for f in result.findings:
        where = f"{f.path}:{f.line}" + (f" (commit {f.commit[:10]})" if f.commit else "")
        if f.against:
            where += f", against {f.against}"
        tag = f"[{f.decision_id}]" if f.decision_id else f"[{f.check}]"
        out.append(f"{c('bold', where)}: {c(f.severity, f.severity)} {tag} {f.message}")
        if f.snippet:
            out.append(f"    {'-' if f.removed else '+'} {f.snippet}")
        verdict = result.ledger.get(f.decision_id) if f.decision_id else None
        if verdict is not None and verdict.record.id in explained:
            out.append(f"    (decision {verdict.record.id}: see above)")
        elif verdict is not None:
            explained.add(verdict.record.id)
            out += _explain(verdict, result, rules, f.also)
        out.append("")
    errors = sum(f.severity == "error" for f in result.findings)
    warnings = len(result.findings) - errors
    summary = (f"intentlint: {errors} blocking, {warnings} warning(s) in {result.checked_files} "
               f"changed file(s); {result.active} active decision(s)")
    out.append(c("error" if errors else "dim", summary))
    out += [c("dim", f"note: {n}") for n in _folded(result.notes)]
    return "\n".join(out) + "\n"


# A problem with a decision file ("documentation/ADR/0005-x.md: date '[YYYY-MM-DD]' is not a
# date …"): said on every commit, a folder of unfilled templates buried the findings under
# twelve lines (round 27), so past a few they are counted, and `decisions` lists them.
_FILE_NOTE = re.compile(r"^(?P<path>[^\s:]+\.(?:md|markdown|mdx|rst|txt))(?::\d+)?: ")
FILE_NOTES_SHOWN = 3


def _folded(notes: tuple[str, ...]) -> list[str]:
    files = [m.group("path") for n in notes if (m := _FILE_NOTE.match(n))]
    if len(files) <= FILE_NOTES_SHOWN:
        return list(notes)
    named = list(dict.fromkeys(files))
    more = f" and {len(named) - 1} more" if len(named) > 1 else ""
    return [n for n in notes if not _FILE_NOTE.match(n)] + [
        f"{len(files)} problems in decision files ({named[0]}{more}); `intentlint decisions` "
        "lists them, as `check --format json` does"]


def _explain(verdict: Verdict, result: CheckResult, rules: Rulebook,
             also: tuple[str, ...] = ()) -> list[str]:
    """The decision quoted, where it was made, what it replaced, how to comply or waive; and
    the other records that set the same effect, the first to decide it among them (a finding
    names the newest: publisher's three PostgreSQL ADRs, round 26, were quoted as the one on
    primary keys, not the one that moved the app to PostgreSQL)."""
    r = verdict.record
    lines = [f"    decision {r.id} ({r.kind}, {r.made()}): \"{_one_line(r.text)}\""]
    if also:  # the hook's ledger may hold only the records it plans to run
        lines.append("    also decided in " + "; ".join(
            f"{v.record.id} ({v.record.title}; {v.record.made()})"
            if (v := result.ledger.get(i)) is not None else i for i in also))
    for old_id in verdict.supersedes:
        old = result.ledger.get(old_id)
        quoted = f': "{_one_line(old.record.text, 80)}"' if old else ""
        lines.append(f"    it superseded {old_id}{quoted}")
    comply = _comply(verdict, rules)
    if comply:
        lines.append(f"    to comply: {comply}")
    lines.append(f"    to waive: add `intentlint: allow {r.id} -- <reason>` in a comment on this "
                 "line or the line above")
    return lines


def _one_line(s: str, limit: int = 160) -> str:
    s = " ".join(s.split())
    return s if len(s) <= limit else s[: limit - 1] + "…"


def finding_json(f: Finding, ledger: Ledger, rules: Rulebook) -> dict[str, object]:
    verdict = ledger.get(f.decision_id) if f.decision_id else None
    decision = None
    if verdict is not None:
        r = verdict.record
        decision = {"id": r.id, "kind": r.kind, "text": r.text, "source": r.source.describe(),
                    "date": r.date, "supersedes": list(verdict.supersedes),
                    "effect": str(r.effect) if r.effect else None}
    waive = (f"add `intentlint: allow {f.decision_id} -- <reason>` in a comment on this line "
             "or the line above") if f.decision_id else None
    return {"path": f.path, "line": f.line, "severity": f.severity, "check": f.check,
            "message": f.message, "snippet": f.snippet, "removed_line": f.removed,
            "commit": f.commit, "against": f.against or None, "fallback": f.fallback,
            "decision": decision,
            "also": list(f.also),
            "comply": _comply(verdict, rules),
            "waive": waive}


def as_data(result: CheckResult, rules: Rulebook) -> dict[str, Any]:
    """The json format's content, as data (the MCP server returns it as it is)."""
    return {"schema": SCHEMA, "blocking": result.blocking, "checked_files": result.checked_files,
            "commits": list(result.commits),
            "findings": [finding_json(f, result.ledger, rules) for f in result.findings],
            "notes": list(result.notes)}


def as_json(result: CheckResult, rules: Rulebook, colour: bool = False) -> str:
    return json.dumps(as_data(result, rules), indent=2, ensure_ascii=False) + "\n"


def sarif(result: CheckResult, rules: Rulebook, colour: bool = False) -> str:
    """SARIF 2.1.0: one reportingDescriptor per decision that produced a finding."""
    ids: list[str] = []
    for f in result.findings:
        rule_id = f.decision_id or f.check
        if rule_id not in ids:
            ids.append(rule_id)
    descriptors = []
    for rule_id in ids:
        verdict = result.ledger.get(rule_id)
        text_ = _one_line(verdict.record.text, 1000) if verdict else rule_id.replace("-", " ")
        descriptor: dict[str, object] = {"id": rule_id, "shortDescription": {"text": text_}}
        if verdict is not None:
            where = verdict.record.source.describe()
            descriptor["fullDescription"] = {"text": f"{text_} ({where})"}
            descriptor["properties"] = {"kind": verdict.record.kind,
                                        "component": verdict.record.component}
            comply = _comply(verdict, rules)
            if comply:
                descriptor["help"] = {"text": comply}
        descriptors.append(descriptor)
    results = []
    for f in result.findings:
        rule_id = f.decision_id or f.check
        entry: dict[str, object] = {
            "ruleId": rule_id, "ruleIndex": ids.index(rule_id),
            "level": "error" if f.severity == "error" else "warning",
            "message": {"text": f.message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": f.path, "uriBaseId": "SRCROOT"},
                "region": {"startLine": max(f.line, 1)}}}],
        }
        if f.commit:
            entry["properties"] = {"commit": f.commit, **({"against": f.against}
                                                          if f.against else {})}
        results.append(entry)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "intentlint", "version": __version__,
                                "rules": descriptors}},
            "originalUriBaseIds": {"SRCROOT": {"description": {"text": "repository root"}}},
            "results": results,
        }],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, Callable[[CheckResult, Rulebook, bool], str]] = {
    "text": text, "json": as_json, "sarif": sarif,
}
