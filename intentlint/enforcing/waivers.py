"""Waivers: `intentlint: allow D3 -- reason` in a comment lifts a finding on its line or the
line below; a waiver without a reason blocks, and one that lifts nothing is reported."""

from __future__ import annotations

import re

from intentlint.enforcing.diff import FileChange
from intentlint.enforcing.finding import Finding
from intentlint.ground.bounds import MAX_LINE

WAIVER = re.compile(r"intentlint:\s*allow\s+(?P<ids>[\w.,\s-]+?)\s*(?:\s--\s*(?P<reason>.*?))?\s*"
                    r"(?:\*/|-->)?\s*$", re.IGNORECASE)


def parse_waiver(text: str) -> tuple[tuple[str, ...], str] | None:
    """`intentlint: allow D3, D4 -- reason` in any comment style; None when there is none."""
    if "intentlint" not in text.lower():
        return None  # every added line passes here: skip the regex for the usual case
    match = WAIVER.search(text[-MAX_LINE:])  # a trailing comment: the line's end is enough
    if match is None:
        return None
    ids = tuple(i for i in re.split(r"[,\s]+", match.group("ids")) if i)
    return ids, (match.group("reason") or "").strip()


def apply_waivers(findings: list[Finding], changes: list[FileChange]) -> list[Finding]:
    waivers: dict[tuple[str, int], tuple[tuple[str, ...], str, bool]] = {}
    for change in changes:
        for number, text in change.added:
            parsed = parse_waiver(text)
            if parsed:
                waivers[(change.path, number)] = (*parsed, True)
        for number, text in change.context:
            parsed = parse_waiver(text)
            if parsed:
                waivers[(change.path, number)] = (*parsed, False)
    if not waivers:
        return findings
    used: set[tuple[str, int]] = set()
    kept = []
    for f in findings:
        names = {f.decision_id, *f.also}
        spot = next((k for k in ((f.path, f.line), (f.path, f.line - 1)) if k in waivers
                     and names & set(waivers[k][0]) and waivers[k][1]), None)
        if spot is None:
            kept.append(f)
        else:
            used.add(spot)
    for (path, line), (ids, reason, added) in sorted(waivers.items()):
        if not added:
            continue
        if not reason:
            kept.append(Finding(path, line, "error", None, "waiver-without-reason",
                                f"waiver for {', '.join(ids)} gives no reason; write "
                                f"`intentlint: allow {ids[0]} -- <why>`", ""))
        elif (path, line) not in used:
            kept.append(Finding(path, line, "warning", None, "unused-waiver",
                                f"waiver for {', '.join(ids)} matches no finding here; "
                                "remove it", ""))
    return sorted(kept, key=lambda f: (f.path, f.line, f.decision_id or ""))
