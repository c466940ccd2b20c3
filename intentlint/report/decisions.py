"""`decisions` and `explain` output: table, json, markdown, mermaid, and one record's story."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from intentlint.enforcing.checks import carried
from intentlint.enforcing.dependencies import KIND, LOCKFILE_KIND, dependency_checks
from intentlint.ground.packages import USED, package_of
from intentlint.ground.records import Decision, Evidence, Ledger, Status, Trend, Verdict
from intentlint.reading.rulebook import Rulebook

SCHEMA = "intentlint/decisions/v1"


def _paths_are(record: Decision, evidence: Evidence) -> str:
    """What the files evidence names are to the record: for a package it chose, where it is
    declared (or was, for one the code has left); otherwise where lines break it."""
    package = package_of(record.effect.key) if record.effect else None
    if package is not None and record.effect is not None and record.effect.value == USED:
        return "declared in" if evidence.trend is Trend.FOLLOWED else "declared, when decided, in"
    return "lines that break it now are in"


def enforcing_checks(record: Decision, rules: Rulebook) -> list[str]:
    """The checks that enforce a record when it is active (a permission blocks nothing)."""
    if record.kind == "permission":
        return []
    inline = [f"inline {spec}" for spec in record.checks]
    inline += [f"{c.name} ({c.pattern})" if c.kind in (KIND, LOCKFILE_KIND)
               else f"{c.name} ({', '.join(c.languages)} imports)"
               for _, c in dependency_checks(record)]
    if record.effect is None:
        return inline
    return [f"{d.pack}:{c.name}" for d in rules.effects_for(record.effect.key, record.effect.value)
            for c in d.checks if carried(c, record)] + inline


def _row(v: Verdict, rules: Rulebook) -> dict[str, str]:
    r = v.record
    return {
        "id": r.id, "status": v.status.value, "kind": r.kind or "-",
        "component": r.component or "-", "scope": r.scope or "all",
        "effect": str(r.effect) if r.effect else
        ("? needs confirmation" if r.needs_confirmation else "-"),
        "enforced": "yes" if v.status is Status.ACTIVE and not v.held_back
        and enforcing_checks(r, rules) else "no",
        "evidence": evidence_word(v),
        "date": r.date or "-", "source": r.source.describe(),
        "superseded_by": v.superseded_by or "", "title": r.title,
    }


def evidence_word(v: Verdict) -> str:
    """The EVIDENCE column: how the code stands to an active record (`-` where nothing was
    asked); a stated record the code does not follow is marked, since it binds anyway."""
    if v.evidence is None:
        return "-"
    word = v.evidence.trend.value
    return word if v.evidence.weighed or v.evidence.trend.binds else f"{word} (confirmed)"


def queued(proposals: int) -> list[str]:
    """The one line that stands for the proposals `decisions` leaves to the queue."""
    return [f"{proposals} proposal{'s' if proposals != 1 else ''} from commit messages: "
            "intentlint proposals"] if proposals else []


def table(verdicts: Sequence[Verdict], rules: Rulebook, ledger: Ledger,
          proposals: int = 0) -> str:
    columns = ("id", "status", "kind", "component", "scope", "effect", "enforced", "evidence",
               "date", "source")
    rows = [_row(v, rules) for v in verdicts]
    for row in rows:
        if row["superseded_by"]:
            row["status"] = f"superseded by {row['superseded_by']}"
    widths = {c: max([len(c)] + [len(r[c]) for r in rows]) for c in columns}
    lines = ["  ".join(c.upper().ljust(widths[c]) for c in columns).rstrip()]
    lines += ["  ".join(r[c].ljust(widths[c]) for c in columns).rstrip() for r in rows]
    counts = _counts(verdicts)
    lines.append("")
    lines.append(", ".join(f"{n} {s}" for s, n in counts.items()) or "no decisions found")
    lines += queued(proposals)
    lines += [f"problem: {p}" for p in ledger.problems]
    lines += [f"note: {n}" for n in ledger.notes]
    return "\n".join(lines) + "\n"


def _counts(verdicts: Sequence[Verdict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.status.value] = counts.get(v.status.value, 0) + 1
    return counts


def as_data(verdicts: Sequence[Verdict], rules: Rulebook, ledger: Ledger,
            proposals: int = 0) -> dict[str, Any]:
    """The json format's content, as data (the MCP server returns it as it is)."""
    return {
        "schema": SCHEMA,
        "decisions": [record_json(v, rules) for v in verdicts],
        "proposals_not_listed": proposals,
        "problems": list(ledger.problems),
        "notes": list(ledger.notes),
    }


def as_json(verdicts: Sequence[Verdict], rules: Rulebook, ledger: Ledger,
            proposals: int = 0) -> str:
    return json.dumps(as_data(verdicts, rules, ledger, proposals), indent=2,
                      ensure_ascii=False) + "\n"


def record_json(v: Verdict, rules: Rulebook) -> dict[str, object]:
    r = v.record
    return {
        "id": r.id, "status": v.status.value, "kind": r.kind, "title": r.title, "text": r.text,
        "component": r.component, "scope": r.scope,
        "effect": {"key": r.effect.key, "value": r.effect.value} if r.effect else None,
        "date": r.date, "heuristic": r.heuristic,
        "source": {"kind": r.source.kind, "path": r.source.path, "line": r.source.line,
                   "commit": r.source.commit, "author": r.source.author},
        "superseded_by": v.superseded_by, "supersedes": list(v.supersedes),
        "reaffirms": list(v.reaffirms), "reason": v.reason,
        "enforced_by": enforcing_checks(r, rules)
        if v.status is Status.ACTIVE and not v.held_back else [],
        "held_back": v.held_back or None,
        "evidence": evidence_json(v),
        "needs_confirmation": r.needs_confirmation, "unclear": list(r.unclear),
        "candidates": list(r.candidates), "reading": list(r.reading),
        "checks": list(r.checks), "part_of": r.part_of,
    }


def evidence_json(v: Verdict) -> dict[str, object] | None:
    e = v.evidence
    if e is None:
        return None
    return {"trend": e.trend.value, "binds": e.binds, "weighed": e.weighed, "since": e.since,
            "violations_then": e.then, "violations_now": e.now, "paths": list(e.paths),
            "values_in_use": list(e.values), "names_gone": list(e.names_gone),
            "detail": e.detail}


def markdown(verdicts: Sequence[Verdict], rules: Rulebook, ledger: Ledger,
             proposals: int = 0) -> str:
    lines = ["| id | status | kind | component | scope | effect | enforced | source |",
             "|---|---|---|---|---|---|---|---|"]
    for v in verdicts:
        row = _row(v, rules)
        status = row["status"] + (f" by {row['superseded_by']}" if row["superseded_by"] else "")
        cells = [row["id"], status, row["kind"], row["component"], row["scope"], row["effect"],
                 row["enforced"], row["source"]]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += [f"\n{line}" for line in queued(proposals)]
    lines += [f"\n- problem: {p}" for p in ledger.problems]
    return "\n".join(lines) + "\n"


def mermaid(verdicts: Sequence[Verdict], rules: Rulebook, ledger: Ledger,
            proposals: int = 0) -> str:
    """Supersession chains as a left-to-right graph: old --> new, styled by status."""
    def node(v: Verdict) -> str:
        label = f"{v.record.id}: {v.record.effect or v.record.title}"[:60]
        return f'  {_mid(v.record.id)}["{label.replace(chr(34), chr(39))}"]:::{v.status.value}'

    lines = ["flowchart LR"] + [node(v) for v in verdicts]
    for v in verdicts:
        if v.superseded_by:
            lines.append(f"  {_mid(v.record.id)} -->|superseded by| {_mid(v.superseded_by)}")
        for old in v.reaffirms:
            lines.append(f"  {_mid(old)} -.->|reaffirmed by| {_mid(v.record.id)}")
    lines += ["  classDef active fill:#d4f7d4,stroke:#2a7a2a",
              "  classDef superseded fill:#eeeeee,stroke:#999999,color:#666666",
              "  classDef proposed fill:#fff6d0,stroke:#b08a00",
              "  classDef inactive fill:#f7d4d4,stroke:#a02a2a"]
    return "\n".join(lines) + "\n"


def _effect_line(r: Decision) -> str:
    if r.effect is not None:
        given = " (as the source states it)" if r.effect_given else ""
        return f"{r.effect}{given}" + (" — a permission: lifts checks, never blocks"
                                       if r.kind == "permission" else "")
    if r.needs_confirmation:
        return "- (needs confirmation: nothing binds until it is settled)"
    if r.checks:
        return "- (enforced by its own checks)"
    return "- (no pack recognises it: listed, not enforced)"


def _mid(decision_id: str) -> str:
    return "n_" + "".join(ch if ch.isalnum() else "_" for ch in decision_id)


FORMATS: dict[str, Callable[[Sequence[Verdict], Rulebook, Ledger, int], str]] = {
    "table": table, "json": as_json, "markdown": markdown, "mermaid": mermaid,
}


def explain(v: Verdict, ledger: Ledger, rules: Rulebook, changed: list[str] | None = None,
            ) -> str:
    """One record's story; `changed` is what the commit a free-text record was mined from
    changed, when it is known."""
    r = v.record
    lines = [f"{r.id}: {r.title}", ""]
    status = v.status.value
    if v.superseded_by:
        status += f" (superseded by {v.superseded_by})"
    if v.reason:
        status += f" — {v.reason}"
    lines += [f"  status     {status}",
              f"  kind       {r.kind}{' (mined from free text)' if r.heuristic else ''}",
              f"  source     {r.made()}",
              f"  component  {r.component or '-'}",
              f"  scope      {r.scope or 'everywhere'}",
              f"  effect     {_effect_line(r)}"]
    if changed is not None:
        lines.append(f"  changed    {folders(changed)} (what its commit touched: a decision for "
                     "that part only belongs in a scope of its paths)")
    if r.part_of:
        lines.append(f"  part of    {r.part_of} (its text sets several effects: one record each)")
    if v.held_back:
        lines.append(f"  held back  not enforced: {v.held_back}")
    if v.evidence is not None:
        e = v.evidence
        since = f" (decided in {e.since[:10]})" if e.since else " (when decided: not known)"
        lines.append(f"  evidence   {e.trend.value}{since}: {e.detail}")
        if e.paths:
            lines.append(f"             {_paths_are(r, e)} {', '.join(e.paths)}")
        if not e.weighed and not e.trend.binds:
            lines.append("             it binds anyway: its effect was stated, not read; settle "
                         "the drift by superseding it or changing the code")
    if r.needs_confirmation:
        lines += [f"  unclear    {why}" for why in r.unclear]
        if r.candidates:
            lines.append(f"  could be   {', '.join(r.candidates)}")
        lines.append(f"  to settle  {r.settle_hint()}")
    if r.reading:
        lines.append("  reading    " + "\n             ".join(r.reading))
    lines += [f"  noted      {note}" for note in r.noted]
    if v.supersedes:
        lines.append(f"  supersedes {', '.join(v.supersedes)}")
    if v.reaffirms:
        lines.append(f"  reaffirms  {', '.join(v.reaffirms)}")
    later = [o.record.id for o in ledger.verdicts if r.id in o.reaffirms]
    if later:
        lines.append(f"  reaffirmed by {', '.join(later)}")
    checks = enforcing_checks(r, rules)
    lines.append(f"  checks     {', '.join(checks) if checks else 'none (not enforced)'}")
    if v.status is not Status.ACTIVE and checks:
        lines.append("             (not run: only active decisions are enforced)")
    lines += ["", "  " + r.text.replace("\n", "\n  ")]
    return "\n".join(lines) + "\n"


def folders(paths: list[str], shown: int = 4) -> str:
    """Changed files grouped by folder, most first: "pkg/dpsauth/ (2 files), .envrc"."""
    counted = Counter(p.rsplit("/", 1)[0] + "/" if "/" in p else p for p in paths)
    parts = [f"{name} ({count} files)" if count > 1 else name
             for name, count in counted.most_common(shown)]
    if len(counted) > shown:
        parts.append(f"{len(counted) - shown} more")
    return ", ".join(parts) or "no files"
