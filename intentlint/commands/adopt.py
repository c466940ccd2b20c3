"""`adopt ID`: a proposal from commit prose becomes an entry of the decisions log.

The entry is appended in the log's own format, cites the commit (`source: commit <sha>`),
and binds from the next commit on like any log entry. Nothing else in the log is touched;
nothing is written when the proposal, the scope or the log is not right.
"""

from __future__ import annotations

from dataclasses import dataclass

from intentlint.ground.errors import ConfigError, UsageError
from intentlint.ground.packages import ANY, USED, package_of
from intentlint.ground.records import Effect, Ledger
from intentlint.holding.proposals import Proposal, find, gather, one_folder, suggested_scope
from intentlint.holding.workspace import Workspace
from intentlint.sources.commits import short_title
from intentlint.sources.decisions_log import format_entry, next_id, parse_log

NEW_LOG = "# Decisions\n"
EVERYWHERE = "all"  # `--scope all`: no scope, even where one is suggested


@dataclass(frozen=True, slots=True)
class AdoptOptions:
    ident: str
    today: str
    scope: str | None = None
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class Adopted:
    proposal: str
    decision: str
    path: str
    entry: str
    created: bool  # the log did not exist and was written with a header
    note: str = ""  # how the scope was chosen, or what would scope it


def read_log_text(ws: Workspace) -> tuple[str, str | None]:
    """The configured log as the work tree has it (None when absent), already checked to
    parse: a log that does not is one line of error, and nothing is written."""
    path = ws.config.decisions[0]
    try:
        text = (ws.repo.root / path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return path, None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path} cannot be read ({exc}); nothing was written") from None
    try:
        parse_log(text, path)
    except ConfigError as exc:
        more = f" and {len(exc.problems) - 1} more" if len(exc.problems) > 1 else ""
        raise UsageError(f"{path} does not parse ({exc.problems[0]}{more}); fix it first, "
                         "nothing was written") from None
    return path, text


def adopt(ws: Workspace, ledger: Ledger, options: AdoptOptions) -> Adopted:
    path, text = read_log_text(ws)
    proposal = find(ws, gather(ws, ledger), options.ident)
    record = proposal.record
    scope, note = _scope(ws, proposal, options.scope)
    taken = {v.record.id for v in ledger.verdicts} | {
        r.id for r in (parse_log(text, path) if text is not None else [])}
    decision = next_id(taken)
    kind = options.kind or record.kind or "decision"
    fields = [("date", options.today), ("kind", kind)]
    fields += [("component", record.component)] if record.component and not (
        record.effect and package_of(record.effect.key)) else []
    fields += [("scope", scope)] if scope else []
    fields += [*_effect_fields(record.effect), ("source", f"commit {record.source.commit}")]
    entry = format_entry(decision, short_title(record.text.rstrip(". ")), fields, record.text)
    base = text if text is not None else NEW_LOG
    written = base + ("" if base.endswith("\n") else "\n") + "\n" + entry
    parse_log(written, path)  # what is written must read back (it always should)
    (ws.repo.root / path).write_text(written, encoding="utf-8")
    return Adopted(record.id, decision, path, entry, text is None, note)


def _scope(ws: Workspace, proposal: Proposal, asked: str | None) -> tuple[str | None, str]:
    if asked == EVERYWHERE:
        return None, ""
    if asked is not None:
        if ws.config.scope(asked) is None:
            known = ", ".join(s.name for s in ws.config.scopes) or "none"
            raise UsageError(f"{asked!r} is not a scope the configuration defines (defined: "
                             f"{known}); add [scopes.{asked}] with its paths first, or leave "
                             "--scope out")
        return asked, ""
    record = proposal.record
    if record.scope and ws.config.scope(record.scope) is not None:
        return record.scope, f"scope {record.scope}: its sentence names it"
    suggested = suggested_scope(ws, proposal.changed)
    if suggested:
        return suggested, (f"scope {suggested}: every file its commit touched is in it "
                           "(--scope all to make it project-wide)")
    folder = one_folder(proposal.changed)
    if folder:
        return None, (f"its commit touched only {folder}: if the decision holds only there, "
                      f"define [scopes.NAME] paths = [\"{folder}**\"] and add `scope: NAME` "
                      "under the entry")
    return None, ""


def _effect_fields(effect: Effect | None) -> list[tuple[str, str]]:
    """`effect: key = value`, or for a dependency the field a person would write."""
    if effect is None:
        return []
    package = package_of(effect.key)
    if package is None:
        return [("effect", f"{effect.key} = {effect.value}")]
    name = package.name if package.ecosystem == ANY else f"{package.ecosystem}:{package.name}"
    return [("uses" if effect.value == USED else "avoid", name)]
