"""`dismiss ID`: a proposal from commit prose is recorded as not a decision, for good.

The dismissal is appended to `.intentlint/dismissed.toml`, a tracked file reviewed like
code; the queue reads it, so the proposal is gone in every clone and after any cache rebuild.
"""

from __future__ import annotations

from dataclasses import dataclass

from intentlint.ground.errors import ConfigError, UsageError
from intentlint.ground.records import Ledger
from intentlint.holding.proposals import find, gather
from intentlint.holding.workspace import Workspace
from intentlint.sources.dismissals import HEADER, PATH, Dismissal, format_dismissal


@dataclass(frozen=True, slots=True)
class Dismissed:
    dismissal: Dismissal
    path: str
    table: str


def dismiss(ws: Workspace, ledger: Ledger, ident: str, reason: str, today: str) -> Dismissed:
    try:
        proposals = gather(ws, ledger)  # reads the file: one that does not parse stops here
    except ConfigError as exc:
        raise UsageError(f"{PATH} does not parse ({exc.problems[0]}); fix it first, nothing "
                         "was written") from None
    record = find(ws, proposals, ident).record
    dismissal = Dismissal(record.id, record.source.commit or "", record.text,
                          str(record.effect) if record.effect else "",
                          " ".join(reason.split()), today)
    table = format_dismissal(dismissal)
    full = ws.repo.root / PATH
    try:
        text = full.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = HEADER
    full.parent.mkdir(parents=True, exist_ok=True)
    full.write_text(text + ("" if text.endswith("\n") else "\n") + "\n" + table,
                    encoding="utf-8")
    return Dismissed(dismissal, PATH, table)
