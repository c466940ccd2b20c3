"""Proposals: what commit prose proposed, and what people settled about each.

A proposal is a record read from a commit's free text that no configuration makes binding
(`Decision.proposal`). It stays open until a log entry cites its commit and says the same
(`intentlint adopt` writes one) or `.intentlint/dismissed.toml` names it (`intentlint
dismiss`). Both files are tracked, so what was settled holds across cache rebuilds and clones.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, replace

from intentlint.ground.errors import ConfigError, GitError, Problem, UsageError
from intentlint.ground.gitio import Repo, changed_paths, resolve, subjects
from intentlint.ground.records import STATUS_FILTERS, Decision, Ledger, Verdict
from intentlint.holding.workspace import Workspace
from intentlint.sources.dismissals import PATH as DISMISSED
from intentlint.sources.dismissals import Dismissal, parse_dismissals


@dataclass(frozen=True, slots=True)
class Proposal:
    verdict: Verdict
    subject: str  # its commit's subject line
    changed: tuple[str, ...]  # the files its commit touched
    adopted_as: str | None = None  # the log entry that cites it
    dismissed: Dismissal | None = None

    @property
    def record(self) -> Decision:
        return self.verdict.record

    @property
    def open(self) -> bool:
        return self.adopted_as is None and self.dismissed is None


def read_dismissals(ws: Workspace) -> tuple[Dismissal, ...]:
    """The dismissals as the work tree has them (none when the file is absent)."""
    path = ws.repo.root / DISMISSED
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([Problem(DISMISSED, f"cannot be read ({exc}); save it as UTF-8")]
                          ) from None
    return parse_dismissals(text, DISMISSED)


def gather(ws: Workspace, ledger: Ledger) -> tuple[Proposal, ...]:
    """Every proposal at this point, with its commit's subject and files and how it was
    settled; two git calls for all of them."""
    verdicts = _proposals(ledger)
    settled = settlement(ledger, read_dismissals(ws))
    shas = sorted({v.record.source.commit or "" for v in verdicts})
    changed, said = _commits(ws.repo, shas)
    return tuple(Proposal(v, said.get(v.record.source.commit or "", ""),
                          tuple(changed.get(v.record.source.commit or "", ())),
                          *settled[v.record.id]) for v in verdicts)


def _proposals(ledger: Ledger) -> list[Verdict]:
    return [v for v in ledger.verdicts if v.record.proposal and v.record.source.commit]


def settlement(ledger: Ledger, dismissals: tuple[Dismissal, ...],
               ) -> dict[str, tuple[str | None, Dismissal | None]]:
    """Each proposal's id with the log entry that adopted it and the dismissal that names it
    (no git: the log is in the ledger, the dismissals are a file)."""
    adoptions = [v.record for v in ledger.verdicts
                 if v.record.source.kind == "log" and v.record.source.commit]
    return {v.record.id: (next((a.id for a in adoptions if _cites(a, v.record)), None),
                          next((d for d in dismissals if d.matches(v.record)), None))
            for v in _proposals(ledger)}


def _commits(repo: Repo, shas: list[str]) -> tuple[dict[str, list[str]], dict[str, str]]:
    try:
        return changed_paths(repo, shas), subjects(repo, shas)
    except GitError:
        return {}, {}  # a pruned or partial history: the queue is shown without them


def _cites(entry: Decision, proposal: Decision) -> bool:
    """A log entry adopts a proposal when it cites its commit and says the same: the same
    sentence, or the same effect key."""
    cited, sha = entry.source.commit or "", proposal.source.commit or ""
    if not cited or not sha.startswith(cited):
        return False
    same_key = entry.effect is not None and proposal.effect is not None \
        and entry.effect.key == proposal.effect.key
    return same_key or " ".join(entry.text.split()) == " ".join(proposal.text.split())


def find(ws: Workspace, proposals: tuple[Proposal, ...], ident: str) -> Proposal:
    """The open proposal `ident` names: its id (any case), or a revision whose commit made
    exactly one (`HEAD` right after committing it)."""
    by_id = [p for p in proposals if p.record.id.lower() == ident.lower()]
    if not by_id:
        try:
            sha = resolve(ws.repo, ident)
        except GitError:
            sha = ""
        by_id = [p for p in proposals if sha and p.record.source.commit == sha and p.open]
        if len(by_id) > 1:
            ids = ", ".join(p.record.id for p in by_id)
            raise UsageError(f"commit {sha[:10]} makes {len(by_id)} proposals ({ids}); name one")
    if not by_id:
        raise UsageError(f"no proposal {ident!r}; `intentlint proposals` lists them")
    found = by_id[0]
    if found.adopted_as:
        raise UsageError(f"{found.record.id} is already adopted as {found.adopted_as}")
    if found.dismissed:
        raise UsageError(f"{found.record.id} was dismissed on {found.dismissed.date or '?'} "
                         f"({found.dismissed.reason or 'no reason given'}); remove its table "
                         f"from {DISMISSED} to reopen it")
    return found


# Top-level folders that hold a whole application's code or its kind of files, not one
# component of it (`app/models/` is a component; `app/` is the application).
SOURCE_ROOTS = frozenset(("app", "apps", "src", "lib", "source", "pkg", "internal", "cmd",
                          "packages", "modules", "config", "test", "tests", "spec", "doc",
                          "docs", "public", "assets", "static", "resources", "include",
                          "bin", "script", "scripts", "tools", "vendor"))


def one_folder(changed: tuple[str, ...]) -> str | None:
    """The folder every file a commit touched lies in, when that folder is one component:
    two levels deep (`lib/tasks/`), or a top-level folder that is not a source root
    (`activerecord/` in a monorepo, not `app/`)."""
    if not changed or any("/" not in p for p in changed):
        return None
    common = posixpath.commonpath(sorted(p.rsplit("/", 1)[0] for p in changed))
    if not common or ("/" not in common and common.lower() in SOURCE_ROOTS):
        return None
    return common + "/"


def suggested_scope(ws: Workspace, changed: tuple[str, ...]) -> str | None:
    """A scope the configuration defines whose paths cover every file the commit touched."""
    if not changed:
        return None
    return next((s.name for s in ws.config.scopes
                 if s.paths and all(s.globs.match(p) for p in changed)), None)


def listed(ws: Workspace, ledger: Ledger, status: str) -> tuple[list[Verdict], Ledger, int]:
    """What `decisions` lists for a status filter: proposals only when asked for by
    `proposed`; otherwise the open ones are counted, and the notes about them left to the
    queue."""
    if status not in STATUS_FILTERS:
        raise UsageError(f"status {status!r} is not one of {', '.join(STATUS_FILTERS)}")
    chosen = [v for v in ledger.verdicts if status == "all" or v.status.value == status
              or (status == "needs-confirmation" and v.record.needs_confirmation)]
    if status == "proposed":
        return chosen, ledger, 0
    hidden = {v.record.id for v in ledger.verdicts if v.record.proposal}
    kept = [v for v in chosen if v.record.id not in hidden]
    notes = tuple(n for n in ledger.notes if n.split(" ", 1)[0] not in hidden)
    still = sum(a is None and d is None
                for a, d in settlement(ledger, read_dismissals(ws)).values())
    return kept, replace(ledger, notes=notes), still
