"""Evidence: a decision read from prose binds where the code follows it (DESIGN.md "Evidence").

A record is held against two trees: the one it was decided in and the one being judged.
On each, its checks run over every production file it governs, as if the whole file had
just been added (tests, vendored and generated files left out; files another scope's
records govern left out by the same specificity the hook uses), and the evidence patterns
its pack declares for each value of its key say which values the code carries. From the two
measures:

- fewer violations now, and the chosen value gaining files while the others lose them (or
  a key with no evidence patterns): *migrating*, binds — a migration decision exists to stop
  new ones (a library that adds a backend gains one value and keeps the rest);
- several values of the key in the files it governs, one besides the chosen one already
  there when it was decided (unless scoped to paths): *several values*, does not bind — the
  key is not a project-wide choice (a value that came after the decision is counted as
  violations instead);
- more violations now (beyond a slip or two, `SLIP`), more than a slip or two among the
  commits since the decision that its change checks (a removed field, a route without a
  test) would have blocked, or the chosen value there when decided and gone now:
  *drifting*, does not bind;
- otherwise *followed*, or *not yet in the code* when the chosen value is nowhere yet: binds.

Cost: `git grep` finds the candidate files of a tree from the literal words every pattern
needs (patterns.py's engine confirms each line), and each measure is cached under
`.git/intentlint/` by record and tree, so a tree is read once. The hook weighs a record only
when one of its checks finds something in the change (check.py), so a clean commit costs
nothing here.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from intentlint.enforcing.checks import Enforced, check_changes, enforced
from intentlint.enforcing.code_view import (
    DOCS_SITE,
    GENERATED,
    VENDORED,
    code_view,
    outside_the_code,
)
from intentlint.enforcing.dependencies import import_check
from intentlint.enforcing.diff import FileChange, commit_diff, parse_diff
from intentlint.enforcing.finding import Finding
from intentlint.enforcing.named_code import GONE, code_names, gone_line, gone_since
from intentlint.enforcing.specificity import Claim, claims, govern
from intentlint.ground.errors import GitError
from intentlint.ground.gitio import Repo, list_files, read_files, run_git, trees
from intentlint.ground.globs import Globs
from intentlint.ground.manifests import (
    is_lockfile,
    lockfile_names,
    lockfile_of,
    manifest_kind,
)
from intentlint.ground.packages import (
    ANY,
    AVOIDED,
    REJECTED,
    USED,
    Package,
    is_family,
    package_of,
)
from intentlint.ground.patterns import Pattern, compile_pattern
from intentlint.ground.records import Decision, Evidence, Ledger, Status, Trend, Verdict
from intentlint.holding import caches
from intentlint.holding.workspace import Workspace
from intentlint.reading.rulebook import (
    CI_GLOBS,
    TEST_GLOBS,
    EffectDef,
    fill_pattern,
    language_of,
)

if TYPE_CHECKING:
    from intentlint.holding.ledger import Snapshot
    from intentlint.reading.cues import Cues

FILE = "evidence.json"
FORMAT = 20  # 2: a migration needs the other values to lose files; 3: examples are not
# evidence, nor files of no language or manifest intentlint knows; 4: checks that read
# other languages than the code's; 5: an ADR decided where it was added before its folder
# moved; 6: a value kept in one module of several of its kind is several values; 7: an
# avoided package manager is followed where its lockfile is not; 9, 10: code an ADR names, gone;
# 11: a Go module declared at another major version is the module; 12: a chosen package
# production code imports is in use; 13: a package whose ecosystem and choice left the tree drifts;
# 14: a chosen package a lockfile pins is in use; 15: only with the choice gone too; 16: a
# lockfile shows in use only a package never declared; 17: a hidden top-level folder is tooling;
# 18: a development fallback breaks nothing; 19: the commits since are those changing its files;
# 20: checks a decision's words do not carry
KEPT = 4000  # cached measures; the oldest go first
# Lines a decision may be broken in beyond what it was when decided before it counts as
# drifting: a commit or two that slipped past the hook (`--no-verify`, a branch merged without
# it) must not switch a decision off; a codebase moving away from it does.
SLIP = 2
EXAMPLE_GLOBS = Globs(("examples/**", "**/examples/**", "example/**", "samples/**",
                       "**/samples/**", "demo/**", "**/demo/**"))
PROSE_GLOBS = Globs(("*.md", "*.markdown", "*.mdx", "*.rst", "*.txt", "*.adoc", "docs/**",
                     "doc/**", "**/docs/**", "CHANGELOG*", "!requirements*.txt",
                     "!**/requirements*.txt", *DOCS_SITE.patterns[0]))
SHOWN = 5  # paths kept per measure
# Modules of one kind beside the one named after a value, from which that value is one back
# end of several (a state back end among a dozen, a metrics source among fifty).
SIBLINGS = 5
# The files every module of a language has, which say nothing of how it is built.
_ENTRY_FILES = frozenset(("mod.rs", "lib.rs", "main.rs", "__init__.py", "index.ts",
                          "index.js", "index.tsx", "index.jsx", "main.go", "doc.go"))
# Languages a module of code is written in (not configuration, markup or build files).
_SOURCE_LANGUAGES = frozenset(("python", "javascript", "typescript", "go", "ruby", "java",
                               "kotlin", "csharp", "php", "scala", "rust", "dart",
                               "perl"))
# Kinds whose findings a whole tree can show (nothing is removed from a tree); the others
# judge a change, so the commits since the decision are their evidence.
_TREE_KINDS = ("forbid-added", "require")
_CHANGE_KINDS = ("forbid-removed", "require")
RECENT = 40  # commits since the decision a change check is run over (the newest)
# ... found among this many of the newest commits since it, by the files they change: the
# newest forty commits of a busy history may touch none of the files a check reads
# (openedx/openedx-learning, round 33: seven breaks since its decision, none in the last 40).
LOOKED_BACK = 2000
# "Not yet in the code" binds while the decision is young. After this many commits on the
# first-parent line and this many days with the chosen value still nowhere, the code does
# not follow it: publisher's Gmail-access ADR, read as `auth_method = oauth2` and binding
# fifteen months and 256 commits on, blocked `jsonwebtoken` (round 26, judged blind).
NEVER_COMMITS = 100
NEVER_DAYS = 90


@dataclass(frozen=True, slots=True)
class Measure:
    """One record's checks and its key's evidence over one tree."""

    violations: int
    paths: tuple[str, ...]  # files with violations (a few)
    values: dict[str, tuple[int, tuple[str, ...]]]  # value -> (files carrying it, a few)

    def carried(self, value: str) -> int:
        return self.values.get(value, (0, ()))[0]


def weigh_ledger(ws: Workspace, ledger: Ledger, at: str | None,
                 branch: str | None = None, write: bool = True) -> Ledger:
    """Every active record with an effect, held against the tree at `at` (a commit; HEAD
    for the work tree): a weighed record the code does not follow is held back, with why."""
    if at is None:
        return ledger
    weigher = Weigher(ws, ledger, branch, write=write)
    weigher.prime([at, *(weigher.decided_in(v.record) or "" for v in ledger.verdicts
                         if v.status is Status.ACTIVE and v.record.effect is not None)])
    verdicts = []
    for v in ledger.verdicts:
        if v.status is Status.ACTIVE and v.record.effect is not None and not v.held_back:
            evidence = weigher.evidence(v, at)
            if evidence is not None:
                v = replace(v, evidence=evidence,
                            held_back="" if evidence.binds else held_line(v.record, evidence))
        verdicts.append(v)
    left = weigher.left_behind([v for v in verdicts if v.evidence is None and not v.held_back
                                and v.status is Status.ACTIVE], at)
    verdicts = [replace(v, evidence=left[v.record.id],
                        held_back=held_line(v.record, left[v.record.id]))
                if v.record.id in left else v for v in verdicts]
    weigher.save()
    return replace(ledger, verdicts=tuple(verdicts))


def weighed_snapshot(ws: Workspace, at: str | None = None) -> Snapshot:
    """The snapshot at `at` (the work tree and HEAD by default), every active record with
    an effect held against the code at that commit: what `decisions`, `explain`, `context`
    and the MCP tools show."""
    from intentlint.holding.ledger import point_at, snapshot  # not on the hook's path

    point = point_at(ws, at)
    snap = snapshot(ws, point)
    return replace(snap, ledger=weigh_ledger(ws, snap.ledger, point.rev))


def weigh_findings(ws: Workspace, ledger: Ledger, findings: list[Finding], at: str | None,
                   branch: str | None, claimed: Sequence[Claim] | None = None,
                   write: bool = True) -> list[Finding]:
    """The hook's side: findings of a record read from prose stand only where the code
    follows it; a record it does not follow gives one warning instead, saying how to settle."""
    ids = {f.decision_id for f in findings if f.decision_id}
    weighed = [v for v in ledger.verdicts if v.record.id in ids and v.record.weighed
               and v.status is Status.ACTIVE]
    if at is None or not weighed:
        return findings
    weigher = Weigher(ws, ledger, branch, claimed, write)
    dropped: dict[str, tuple[Verdict, Evidence]] = {}
    for v in weighed:
        evidence = weigher.evidence(v, at)
        if evidence is not None and not evidence.binds:
            dropped[v.record.id] = (v, evidence)
    weigher.save()
    if not dropped:
        return findings
    out = [f for f in findings if f.decision_id not in dropped]
    for decision_id, (v, evidence) in dropped.items():
        effect = v.record.effect
        if effect is not None and ((evidence.trend is Trend.SEVERAL
                                    and package_of(effect.key) is None)
                                   or effect.value == REJECTED):
            # A key the code already carries several values of: another line of one of them
            # is the repository as it is, not a change to settle. Warning on it was noise
            # (openedx/registrar's JWT ADR, round 40: every warning fell on a line of the LMS
            # OAuth2 flow the ADR itself describes); `decisions` and `explain` say it. So was
            # an option turned down that the code uses anyway (cazlo/fastapi-async-task-
            # workflow, round 40: "SQLAlchemy with separate Pydantic models" not chosen, and
            # each new pydantic import warned). An avoided package still in use warns: one
            # more use of it is a step back.
            continue
        first = next(f for f in findings if f.decision_id == decision_id)
        out.append(replace(first, severity="warning", check="evidence", also=(),
                           message=f"{decision_id} would block this line, but "
                           + held_line(v.record, evidence)))
    return out


def held_line(record: Decision, evidence: Evidence) -> str:
    if evidence.names_gone:  # named_code.py's
        since = f" ({evidence.since[:10]})" if evidence.since else ""
        return (f"the code it names has gone since it was written{since}: {evidence.detail}; "
                "it may have been replaced: read the later records on its subject; if one "
                "replaced it, say so in its status (`Superseded by …`), and if it still holds, "
                "restate it in the decisions log with `confirmed: yes`")
    if evidence.trend is Trend.UNREAD:
        return (f"no code here for its checks to read ({evidence.detail}); it is not "
                "enforced: state the effect for this code (`effect:` in the decisions log) "
                "or `confirmed: yes` if it should bind as it is")
    settle = ("supersede it, scope it to the paths it governs, or write `confirmed: yes` "
              "under it in the decisions log" if record.source.kind != "commit"
              else "supersede it, or confirm it with an `Effect:` trailer or a log entry")
    if evidence.trend is Trend.SEVERAL:
        # An API gateway with JWT and OAuth2 handlers follows its JWT record where it applies:
        # the record is not wrong, only not a rule for the whole repository.
        return (f"the code uses several values of its key ({evidence.detail}), so it holds "
                "where it applies and is not a rule for the whole repository: scope it to "
                "the paths it governs to enforce it there, or write `confirmed: yes` under it "
                "in the decisions log")
    return f"the code does not follow it ({evidence.trend.value}: {evidence.detail}); " \
           f"it is not enforced until settled: {settle}"


class Weigher:
    """Evidence for the records of one ledger, measures cached by (record, tree)."""

    def __init__(self, ws: Workspace, ledger: Ledger, branch: str | None = None,
                 claimed: Sequence[Claim] | None = None, write: bool = True) -> None:
        self.ws, self.ledger = ws, ledger
        self.branch = branch if branch is not None else ws.repo.branch
        active = [v.record for v in ledger.verdicts if v.status is Status.ACTIVE]
        self.claimed = tuple(claimed) if claimed is not None else claims(active)
        self._since: dict[str, str] | None = None
        self._cache = _Cache(ws.repo, write)
        self._trees: dict[str, str | None] = {}
        self._files: dict[str, list[str]] = {}
        self._patterns: dict[int, Pattern] = {}
        self._diffs: dict[str, list[FileChange]] = {}
        self._names: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}
        self._declared: dict[str, dict[tuple[str, str], list[str]]] = {}
        self._broke: dict[tuple[str, tuple[str, str, bool]], bool] = {}
        self._context: str | None = None
        self._blamed: dict[tuple[str, int], str | None] = {}
        self._triggered: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[int, bool]] = {}
        self._module_index: dict[str, dict[str, dict[str, set[str]]]] = {}
        self._polarity_cues: Cues | None = None

    def save(self) -> None:
        self._cache.save()

    def prime(self, commits: list[str]) -> None:
        """The trees of `commits`, read at once rather than one `git rev-parse` each."""
        wanted = [c for c in dict.fromkeys(commits) if c and c not in self._trees]
        with suppress(GitError):
            self._trees.update(trees(self.ws.repo, wanted))

    def evidence(self, verdict: Verdict, at: str) -> Evidence | None:
        """How the code at commit `at` stands to the record (None: nothing in the code can
        say). Kept by record and tree, so a hook run again on the same HEAD reads no pack."""
        record = verdict.record
        if record.effect is None:
            return None
        tree = self._tree(at)
        if tree is None:
            return None
        key = self._key("e", record, tree)
        if self._cache.has(key):
            found = self._cache.evidence(key)
        else:
            found = self._weigh(verdict, at)
            self._cache.put_evidence(key, found)
        # Kept by tree, which commits without changes share: how long ago it was decided
        # is asked of the commit. A package chosen and not declared is left "not yet": it
        # has no check to bind, and many are in use undeclared (a script from a CDN, a
        # vendored copy, the repository's own package).
        if found is None or package_of(record.effect.key) is not None:
            return found
        return self._aged(found, at, record.effect.value)

    def _weigh(self, verdict: Verdict, at: str) -> Evidence | None:
        record = verdict.record
        assert record.effect is not None
        since = self.decided_in(record)
        if package_of(record.effect.key) is not None:
            return self._dependency(verdict, since, at)
        rules = self.ws.rules
        defs = [d for d in rules.effects if d.key == record.effect.key and d.evidence]
        every = enforced([replace(verdict, held_back="")], rules, self.ws.config)
        items = [i for i in every if i.check.kind in _TREE_KINDS]
        changed = [i for i in every if i.check.kind in _CHANGE_KINDS]
        if not items and not defs and not (changed and since):
            return None
        unread = self._unread(list(dict.fromkeys([at, *([since] if since else [])])),
                              [*items, *changed]) if not defs else None
        if unread is not None:
            return Evidence(Trend.UNREAD, since, None, 0, (), (), unread, record.weighed)
        now = self.measure(record, at, items, defs)
        then = self.measure(record, since, items, defs) if since and since != at else None
        broke = self.since_then(record, since, at, changed) if changed and since else None
        path_scoped = self._path_scoped(record)
        judged = judge(record, now, then, since, bool(defs), path_scoped, broke)
        if defs and not path_scoped and judged.trend in (Trend.FOLLOWED, Trend.NOT_YET):
            module = self._one_module_of_several(record, at)
            if module is not None:
                return replace(judged, trend=Trend.SEVERAL, detail=module)
        return judged

    def _aged(self, judged: Evidence, at: str, chosen: str) -> Evidence:
        """"Not yet in the code", long after the decision (`NEVER_COMMITS` first-parent
        commits and `NEVER_DAYS` days): never in the code, which does not bind."""
        if judged.trend is not Trend.NOT_YET or not judged.since or judged.since == at:
            return judged
        commits, days = self._age(judged.since, at)
        if commits < NEVER_COMMITS or days < NEVER_DAYS:
            return judged
        return replace(judged, trend=Trend.NEVER, detail=(
            f"no file it governs uses {chosen}, {NEVER_COMMITS} commits or more and {days} "
            f"days after it was decided ({judged.since[:10]})"
            + (f"; {judged.now} lines break it" if judged.now else "")))

    def _age(self, since: str, at: str) -> tuple[int, int]:
        """First-parent commits from `since` to `at` (counted to `NEVER_COMMITS`, which
        walks no further), and the days between them; kept in the evidence cache, since
        commits do not change."""
        key = f"age:{since}:{at}"
        kept = self._cache.raw(key)
        if isinstance(kept, list) and len(kept) == 2:
            return int(kept[0]), int(kept[1])
        try:
            count = int(run_git(["rev-list", "--count", "--first-parent",
                                 f"--max-count={NEVER_COMMITS}", f"{since}..{at}"],
                                self.ws.repo.root).decode().strip() or 0)
            stamps = run_git(["show", "-s", "--format=%ct", since, at],
                             self.ws.repo.root).decode().split()
            days = (int(stamps[-1]) - int(stamps[0])) // 86400 if len(stamps) == 2 else 0
        except (GitError, ValueError):
            count, days = 0, 0
        self._cache.put_raw(key, [count, days])
        return count, days

    def _one_module_of_several(self, record: Decision, at: str) -> str | None:
        """Where the production code keeps the chosen value in a folder named after it
        (`internal/backend/remote-state/pg/`, `src/sinks/postgres/`) beside at least
        `SIBLINGS` folders built the same way (each holding a source file of a name it holds
        too: `backend.go`, `config.rs`), the value is one back end of several parallel ones,
        not the project's choice: a design record about the PostgreSQL back end of a tool
        that has a dozen decides nothing for the others. (A folder beside others of another
        make, an application's `config/initializers/auth0.rb`, says nothing.)"""
        assert record.effect is not None
        tree = self._tree(at)
        if tree is None:
            return None
        names = [r for d in self.ws.rules.effects
                 if d.key == record.effect.key and d.value == record.effect.value
                 for r in d.recognise]
        if not names:
            return None
        for parent, children in self._modules(tree).items():
            if len(children) <= SIBLINGS:
                continue
            for child in sorted(children):
                if not any(n.search(re.sub(r"[-_.]+", " ", child.lower())) for n in names):
                    continue
                own = children[child] - _ENTRY_FILES
                alike = sorted(c for c, files in children.items()
                               if c != child and own & files)
                if len(alike) >= SIBLINGS:
                    where = f"{parent}/" if parent else "the top folder"
                    return (f"{record.effect.value} is one of {len(alike) + 1} modules built "
                            f"alike under {where} ({child}; others: {', '.join(alike[:4])}, "
                            "…): one back end of several, not a project-wide choice")
        return None

    def _modules(self, tree: str) -> dict[str, dict[str, set[str]]]:
        """Production source folders of `tree` by parent: each folder's source file names."""
        if tree in self._module_index:
            return self._module_index[tree]
        out: dict[str, dict[str, set[str]]] = {}
        for path in self._tree_files(tree):
            if language_of(path) not in _SOURCE_LANGUAGES or not _production(path):
                continue
            parts = path.split("/")
            if len(parts) < 2:
                continue
            parent = "/".join(parts[:-2])
            out.setdefault(parent, {}).setdefault(parts[-2], set()).add(parts[-1])
        self._module_index[tree] = out
        return out

    def _unread(self, commits: list[str], items: list[Enforced]) -> str | None:
        """A record whose every check is an obligation (`require`) that no production file
        it reads has ever triggered, at any of `commits` (the tree weighed and the one it
        was decided in), while such files exist: a route rule written for Flask and Express
        in a Django or Go code base. Nothing here can show it followed or broken, so it
        does not bind; what it looks for is said. (No file for it to read at all is a
        decision before its code: not yet in the code, which binds.)"""
        if not items or any(i.check.kind != "require" or not i.check.trigger for i in items):
            return None
        value = items[0].verdict.record.effect.value if items[0].verdict.record.effect else ""
        triggers = [fill_pattern(i.check.trigger or "", value) for i in items]
        read = 0
        for commit in commits:
            tree = self._tree(commit)
            if tree is None:
                return None
            # Restatements of one rule, decided in commits that share a tree, read it once.
            key = (tree, tuple(zip((i.check.name for i in items), triggers, strict=True)))
            if key not in self._triggered:
                self._triggered[key] = self._triggers_in(tree, triggers, items)
            readable, triggered = self._triggered[key]
            if triggered:
                return None
            read += readable
        if not read:
            return None
        names = ", ".join(sorted({i.check.name for i in items}))
        return (f"{names} looks for what no production file it reads has ever held "
                f"({read} files read)")

    def _triggers_in(self, tree: str, triggers: list[str], items: list[Enforced],
                     ) -> tuple[int, bool]:
        """(production files of `tree` the checks read, whether one of them holds what a
        trigger looks for)."""
        readable = sum(1 for p in self._tree_files(tree)
                       if _production(p) and any(i.check.applies_to(p) for i in items))
        compiled = [compile_pattern("(?m)" + t) for t in triggers]
        paths = self._candidates(tree, triggers, items, [])
        for blob in read_files(self.ws.repo, tree, paths).values():
            text = blob.decode("utf-8", "replace")
            if any(c.search(text) for c in compiled):
                return readable, True
        return readable, False

    def since_then(self, record: Decision, since: str, at: str, items: list[Enforced],
                   ) -> tuple[int, int]:
        """(commits that would have broken it, commits looked at): the newest RECENT
        commits since the decision that touch files its checks read, each judged as the
        hook would have judged it."""
        touching = [sha for sha, paths in self._changed(since, at)
                    if any(i.check.applies_to(p) for p in paths if _production(p)
                           for i in items)][:RECENT]
        broke = looked = 0
        said = (str(record.effect), record.scope or "", record.kind == "permission")
        for sha in touching:
            if sha not in self._diffs:  # the newest commits are every record's: read once
                try:
                    self._diffs[sha] = [c for c in parse_diff(commit_diff(
                        self.ws.repo, sha, f"{sha}^")) if _production(c.path)]
                except GitError:
                    self._diffs[sha] = []
            changes = [c for c in self._diffs[sha]
                       if any(i.check.applies_to(c.path) for i in items)]
            if not changes:
                continue
            looked += 1
            if (sha, said) not in self._broke:  # restatements of one effect judge alike
                found = check_changes(changes, items, self.ws.config, self.branch,
                                      self.claimed, self.ws.rules)
                self._broke[sha, said] = any(f.decision_id == record.id and not f.fallback
                                             and f.check != "scope-conflict" for f in found)
            broke += self._broke[sha, said]
        return broke, looked

    def _changed(self, since: str, at: str) -> list[tuple[str, list[str]]]:
        """The newest LOOKED_BACK commits of `since..at` but merges, newest first, each with
        the paths it changes: one `git log` of names, shared by the records decided alike."""
        if (since, at) not in self._names:
            try:
                out = run_git(["-c", "core.quotePath=off", "log", "--no-merges",
                               f"--max-count={LOOKED_BACK}", "--no-renames", "--format=%x00%H",
                               "--name-only", f"{since}..{at}"], self.ws.repo.root)
            except GitError:
                out = b""
            commits = []
            for entry in out.decode("utf-8", "replace").split("\0")[1:]:
                sha, _, names = entry.partition("\n")
                commits.append((sha.strip(), [n for n in names.split("\n") if n]))
            self._names[since, at] = commits
        return self._names[since, at]

    def left_behind(self, verdicts: list[Verdict], at: str) -> dict[str, Evidence]:
        """ADR records read from prose whose decision names code that is mostly gone at
        `at` since the commit that wrote it (named_code.py), as drifting evidence, by id."""
        wanted: dict[str, tuple[tuple[str, ...], str]] = {}
        for v in verdicts:
            r = v.record
            if r.source.kind != "adr" or r.effect_given or r.checks or r.confirmed:
                continue
            names = code_names(r.text, self._cues())
            since = self.decided_in(r) if len(names) >= GONE else None
            if since and since != at:
                wanted[r.id] = (names, since)
        tree = self._tree(at)
        if not wanted or tree is None:
            return {}
        key = "n" + hashlib.sha256(repr((FORMAT, tree, sorted(wanted.items()))).encode(),
                                   ).hexdigest()[:32]
        found: Any = self._cache.raw(key)
        if not isinstance(found, dict):
            paths = {v.record.id: v.record.source.path for v in verdicts}

            def edited(record_id: str) -> str | None:
                """The last commit that edited the record's file in place, up to `at` (a
                move is no edit: rollkit's "rename specs and adrs" touched every ADR)."""
                path = paths.get(record_id)
                if not path:
                    return None
                try:
                    out = run_git(["log", "-1", "--diff-filter=M", "--format=%H", at, "--",
                                   path], self.ws.repo.root)
                except GitError:
                    return None
                return out.decode().strip() or None

            found = {i: [held, gone] for i, (held, gone) in gone_since(
                self.ws.repo, at, wanted, tuple(self.ws.config.adr), _named_code,
                _any_code, edited).items()}
            self._cache.put_raw(key, found)
        out = {}
        for record_id, row in found.items():
            with suppress(TypeError, ValueError, KeyError, IndexError):
                held, gone = int(row[0]), [str(n) for n in row[1]]
                since = wanted[record_id][1]
                out[record_id] = Evidence(Trend.DRIFTING, since, None, 0, (), (),
                                          gone_line(held, gone), names_gone=tuple(gone))
        return out

    def _cues(self) -> Cues:
        if self._polarity_cues is None:
            from intentlint.reading import cues  # not on the hook's path

            self._polarity_cues = cues.of(self.ws.rules.lexicon)
        return self._polarity_cues

    # --- where and when a record was decided ------------------------------------------

    def decided_in(self, record: Decision) -> str | None:
        """The commit a record was written in: its own commit, the commit its log entry
        cites, the commit that added its ADR, or the commit that wrote its log heading."""
        source = record.source
        if source.commit and source.commit != "pending":
            return source.commit
        if source.kind == "adr" and source.path:
            if self._since is None:
                from intentlint.holding.grounding import added_by  # reads the alias table

                head = self.ws.repo.head
                self._since = added_by(self.ws.repo, head, tuple(self.ws.config.adr)) \
                    if head else {}
            return self._since.get(source.path)
        if source.kind == "log" and source.path and source.line:
            where = (source.path, source.line)
            if where not in self._blamed:
                self._blamed[where] = None
                with suppress(GitError):
                    out = run_git(["blame", "--porcelain", "-L",
                                   f"{source.line},{source.line}", "--", source.path],
                                  self.ws.repo.root)
                    sha = out.split(b" ", 1)[0].decode()
                    self._blamed[where] = None if set(sha) == {"0"} else sha
            return self._blamed[where]
        return None

    def _path_scoped(self, record: Decision) -> bool:
        scope = self.ws.config.scope(record.scope) if record.scope else None
        return scope is not None and bool(scope.paths)

    # --- one measure -------------------------------------------------------------------

    def measure(self, record: Decision, commit: str, items: list[Enforced],
                defs: list[EffectDef]) -> Measure:
        tree = self._tree(commit)
        if tree is None:
            return Measure(0, (), {})
        key = self._key("m", record, tree)
        found = self._cache.get(key)
        if found is not None:
            return found
        value = record.effect.value if record.effect else ""
        patterns = [fill_pattern(s, value) for i in items
                    for s in (i.check.pattern, i.check.trigger) if s]
        patterns += [p.pattern for d in defs for p in d.evidence]
        paths = self._candidates(tree, patterns, items, defs)
        blobs = read_files(self.ws.repo, tree, paths)
        changes = [c for path, blob in blobs.items() if (c := _whole(path, blob)) is not None]
        governed = [c for c in changes if govern(self.claimed, self.ws.config, c.path,
                                                 self.branch).level_of(record) is not None]
        violations = check_changes(governed, items, self.ws.config, self.branch,
                                   self.claimed, self.ws.rules) if items else []
        # a development fallback (a default for a setting left unset) is not what runs
        violations = [f for f in violations if f.decision_id == record.id and not f.fallback
                      and f.severity in ("error", "warning") and f.check != "scope-conflict"]
        values: dict[str, tuple[int, tuple[str, ...]]] = {}
        raw = {c.path: "\n".join(t for _, t in c.added) for c in governed} if defs else {}
        views: dict[str, str] = {}

        def code(change: FileChange) -> str:  # comments out, on first need only
            if change.path not in views:
                views[change.path] = "\n".join(t for _, t in code_view(change).added)
            return views[change.path]

        for definition in defs:
            either = self._either(definition)
            carrying = [c.path for c in governed if definition.evidence_paths.match(c.path)
                        and (language_of(c.path) or manifest_kind(c.path))
                        and either.search(raw[c.path]) is not None
                        and either.search(code(c)) is not None]
            if carrying and definition.value:
                values[definition.value] = (len(carrying), tuple(carrying[:SHOWN]))
        paths_hit = tuple(dict.fromkeys(f.path for f in violations))
        result = Measure(len(violations), paths_hit[:SHOWN], values)
        self._cache.put(key, result)
        return result

    def _either(self, definition: EffectDef) -> Pattern:
        """A value's evidence patterns as one, for one scan of a file's code."""
        key = id(definition)
        if key not in self._patterns:
            self._patterns[key] = compile_pattern(
                "(?m)" + "|".join(f"(?:{p.pattern})" for p in definition.evidence))
        return self._patterns[key]

    def _tree(self, commit: str) -> str | None:
        if commit not in self._trees:
            try:
                self._trees[commit] = run_git(["rev-parse", "--verify", "-q",
                                               f"{commit}^{{tree}}"],
                                              self.ws.repo.root).decode().strip() or None
            except GitError:
                self._trees[commit] = None  # a commit a shallow clone does not have
        return self._trees[commit]

    def _candidates(self, tree: str, patterns: list[str], items: list[Enforced],
                    defs: list[EffectDef]) -> list[str]:
        """Production files of `tree` that a check or an evidence pattern could match: the
        files `git grep` finds holding a literal each pattern needs, or every file where some
        pattern needs none."""
        words = [literals(p) for p in patterns]
        paths = self._grep(tree, sorted({w for group in words for w in group})) \
            if words and all(words) else self._tree_files(tree)
        return [p for p in paths if _production(p) and (
            any(i.check.applies_to(p) for i in items)
            or any(d.evidence_paths.match(p) for d in defs))]

    def _tree_files(self, tree: str) -> list[str]:
        if tree not in self._files:
            self._files[tree] = list_files(self.ws.repo, tree, ["."])
        return self._files[tree]

    def _grep(self, tree: str, words: list[str], extended: bool = False) -> list[str]:
        """Files of `tree` that hold one of `words` (a fixed string, or with `extended` a
        POSIX extended regex; any case): `git grep`."""
        args = ["grep", "-I", "-l", "-z", "-i", "-E" if extended else "-F"]
        for w in words:
            args += ["-e", w]
        try:
            out = run_git([*args, tree, "--"], self.ws.repo.root, ok_codes=(0, 1))
        except GitError:
            return []
        return [p.removeprefix(f"{tree}:") for p in
                out.decode("utf-8", "surrogateescape").split("\0") if p]

    def _key(self, kind: str, record: Decision, tree: str) -> str:
        """Everything a measure depends on besides the tree's files: the record's effect and
        scope (for evidence, also the record itself and where it was written), the packs (by
        their files' hash, so a warm key parses none), the configuration's scopes, what every
        active record claims, the branch."""
        s = record.source
        # A measure depends on what the record says, not which record says it: restatements
        # of one effect share it (a long history restates a rule hundreds of times).
        who = [record.id, record.kind, str(record.weighed), s.kind, s.path or "",
               str(s.line or ""), s.commit or ""] if kind == "e" else []
        if self._context is None:  # the same for every record of this ledger
            self._context = "\0".join([
                self.branch or "", self.ws.rules_fingerprint(), repr(self.ws.config.scopes),
                repr(sorted((c.key, c.scope or "", c.value or "", c.ids)
                            for c in self.claimed))])
        parts = [FORMAT, kind, tree, str(record.effect), record.scope or "",
                 str(record.kind == "permission"), *who, self._context]
        return kind + hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:32]

    # --- dependencies: the manifests are the evidence ----------------------------------

    def _locked(self, tree: str, package: Package) -> list[str]:
        """Lockfiles of `tree` that pin `package` (`git grep` for the entry each lockfile
        writes): a chosen package no manifest declares is in use when another declared
        package pulls it in (openedx's TypeScript through `@edx/typescript-config`, webpack
        through `@openedx/frontend-build`, both "not yet in the code" in round 31)."""
        entries = _LOCK_ENTRIES.get(package.ecosystem)
        if not entries or is_family(package.name):
            return []
        name = re.sub(r"[-_.]", "[-_.]", re.escape(package.name)) \
            if package.ecosystem == "pypi" else re.escape(package.name)
        found = self._grep(tree, [entry.format(name=name) for entry in entries], extended=True)
        return [p for p in found if is_lockfile(p) and not VENDORED.match(p)]

    def _declared_at(self, commit: str) -> dict[tuple[str, str], list[str]]:
        """What the manifests of `commit`'s tree declare, and where (kept per commit); empty
        where there is no such tree."""
        from intentlint.holding.grounding import declared_in

        if commit not in self._declared:
            if self._tree(commit) is None:
                return {}
            self._declared[commit] = declared_in(self.ws.repo, commit, every=True)
        return self._declared[commit]

    def _ecosystem_left(self, package: Package, instead: tuple[str, ...], since: str, at: str,
                        ) -> tuple[str, tuple[str, ...]] | None:
        """For a package a decision avoids or rejects in favour of `instead`: the sentence and
        paths saying its ecosystem's manifests were in the tree when decided, none is now, and
        nothing declares what was chosen instead. The code the decision was about is gone
        (nlfiedler/zorigami's get_it, rejected for Riverpod in a Flutter client later replaced
        by a TypeScript one, round 31), so nothing follows or breaks it. Where the choice
        stands, the ecosystem's going is the decision carried out (Weretik/KedrStore's move
        from Tailwind to MudBlazor took its last package.json): it still binds. CI systems,
        actions and Terraform have no manifests of their own: never."""
        from intentlint.holding.grounding import declaring

        chosen = [Package(*name.split(":", 1)) for name in instead if ":" in name]
        if package.ecosystem in (ANY, "ci", "github-actions", "terraform") or not chosen:
            return None
        then = sorted({path for (ecosystem, _), paths in self._declared_at(since).items()
                       if ecosystem == package.ecosystem for path in paths})
        now = self._declared_at(at)
        if not then or any(ecosystem == package.ecosystem for ecosystem, _ in now) \
                or any(declaring(now, choice) for choice in chosen):
            return None
        return (f"no {package.ecosystem} manifest is left, nor {', '.join(c.name for c in chosen)}"
                f" chosen instead: {', '.join(then[:3])} declared them when decided",
                tuple(then[:SHOWN]))

    def _dependency(self, verdict: Verdict, since: str | None, at: str) -> Evidence | None:
        record = verdict.record
        from intentlint.holding.grounding import declaring  # manifests' readers
        from intentlint.reading.dependencies import family_of

        package = package_of(record.effect.key) if record.effect else None
        if package is None or record.effect is None:
            return None

        def declaring_at(commit: str | None) -> list[str]:
            return declaring(self._declared_at(commit), package) if commit else []

        def referencing_at(commit: str | None) -> list[str]:
            """Files that name a qualified package (an action `owner/name`, a module path, a
            Maven coordinate) outside any manifest: a composite action's `action:` input, a
            build script. A bare name ("moment") would be found in any prose."""
            tree = self._tree(commit) if commit else None
            if tree is None or not any(c in package.name for c in "/:") \
                    or is_family(package.name):
                return []
            return [p for p in self._grep(tree, [package.name])
                    if not (PROSE_GLOBS.match(p) or is_lockfile(p) or VENDORED.match(p)
                            or GENERATED.match(p))]

        def importing_at(commit: str | None, imports: list[Enforced]) -> list[str]:
            """Production files that import it (where imports are unambiguous): a package
            the code imports is in use, whichever manifest pulls it in."""
            if commit is None or self._tree(commit) is None or not imports:
                return []
            measured = self.measure(record, commit, imports, [])
            return list(measured.paths) if measured.violations else []

        def importing_group_at(commit: str | None) -> list[str]:
            """Production JVM sources that import a package under an avoided Maven artifact's
            group (`import androidx.fragment.app.Fragment` for androidx.fragment:fragment):
            classes of it in use, pulled in by another artifact. Only evidence that holds a
            ban back, never a check: a group is not always its packages' prefix."""
            tree = self._tree(commit) if commit else None
            group = family_of(package.ecosystem, package.name)[:-1]
            if tree is None or package.ecosystem != "maven" or "." not in group:
                return []
            return [p for p in self._grep(tree, [f"import {group}."])
                    if p.endswith(_JVM_SOURCES) and _production(p)]

        value = record.effect.value
        if value in (AVOIDED, REJECTED) and since and since != at and (
                left := self._ecosystem_left(package, record.instead, since, at)):
            return Evidence(Trend.DRIFTING, since, None, 0, left[1], (), left[0],
                            record.weighed)
        now = declaring_at(at)
        then = declaring_at(since) if since and since != at else None
        if value in (AVOIDED, REJECTED) and not now:
            imports = [i for i in enforced([replace(verdict, held_back="")], self.ws.rules,
                                           self.ws.config) if i.check.name == "dependency-imported"]
            now = referencing_at(at) or importing_at(at, imports) or importing_group_at(at)
            if then is not None and not then:
                then = referencing_at(since) or importing_at(since, imports) \
                    or importing_group_at(since)
        if value in (AVOIDED, REJECTED):
            if not now:
                return Evidence(Trend.FOLLOWED, since, len(then) if then is not None else None,
                                0, (), (), _nowhere(package),
                                record.weighed)
            trend = Trend.MIGRATING if then is not None and len(now) < len(then) else (
                Trend.DRIFTING if then is not None and not then else Trend.SEVERAL)
            detail = (f"{package.name} is named in {', '.join(now[:3])}"
                      + (f" ({len(then)} files when decided)" if then is not None else ""))
            return Evidence(trend, since, len(then) if then is not None else None, len(now),
                            tuple(now[:SHOWN]), (), detail, record.weighed)
        if value == USED:
            lockfiles = lockfile_names(package.ecosystem, package.name)
            if not now and lockfiles and (tree := self._tree(at)) is not None:
                now = [p for p in self._tree_files(tree)
                       if p.rsplit("/", 1)[-1].lower() in lockfiles][:SHOWN]
            if not now and package.ecosystem == "maven" and ":" in package.name and at:
                # A Maven group is one product: Flyway chosen as flyway-core is in use through
                # flyway-database-postgresql once a Spring Boot starter took flyway-core's place.
                group = family_of(package.ecosystem, package.name)
                now = sorted({p for (ecosystem, name), found in self._declared_at(at).items()
                              if ecosystem == "maven" and name.startswith(group) for p in found})
                if now:
                    return Evidence(Trend.FOLLOWED, since, None, 0, tuple(now[:SHOWN]), (),
                                    f"{package.name} is not declared, another artifact of "
                                    f"{group[:-1]} is: {', '.join(now[:3])}", record.weighed)
            if not now and package.ecosystem == "npm" and at:
                # A package its makers moved under their scope is the same package:
                # electron-packager is @electron/packager since 2023 (MaibornWolff/
                # codecharta's ADR 10, round 40, was "drifting" for following it).
                declared = self._declared_at(at)
                for renamed in _scoped_renames(package.name):
                    if (now := declaring(declared, Package("npm", renamed))):
                        return Evidence(Trend.FOLLOWED, since, None, 0, tuple(now[:SHOWN]), (),
                                        f"{package.name} is declared under its new name "
                                        f"{renamed}: {', '.join(now[:3])}", record.weighed)
            if not now and (check := import_check(package)) is not None:
                # Imported in production code, pulled in by another package: in use
                # (`package:intl` through flutter_localizations, linshare-mobile, round 29)
                effect = EffectDef("inline", record.source.describe(), record.component or "-",
                                   record.effect.key, value, None, (), False, None, "", (check,))
                now = importing_at(at, [Enforced(verdict, effect, check, "warning")])
                if now:
                    return Evidence(Trend.FOLLOWED, since, None, 0, tuple(now[:SHOWN]), (),
                                    f"{package.name} is not declared; production code imports "
                                    f"it: {', '.join(now[:3])}", record.weighed)
            if now:
                return Evidence(Trend.FOLLOWED, since, None, 0, tuple(now[:SHOWN]), (),
                                f"{package.name} is in use: {', '.join(now[:3])}",
                                record.weighed)
            if then:
                return Evidence(Trend.DRIFTING, since, None, 0, tuple(then[:SHOWN]), (),
                                f"{package.name} was declared in {', '.join(then[:3])} when "
                                "decided and is declared nowhere now", record.weighed)
            # Never declared: pulled in by another package, a lockfile shows it in use. One
            # declared when decided and only locked now was dropped (cosmos/ibc-rs's
            # flex-error, still pulled in by a dependency): drifting, above.
            if at and (tree := self._tree(at)) is not None and (
                    locked := self._locked(tree, package)):
                return Evidence(Trend.FOLLOWED, since, None, 0, tuple(locked[:SHOWN]), (),
                                f"{package.name} is not declared; another package pulls it "
                                f"in: {', '.join(locked[:3])}", record.weighed)
            return Evidence(Trend.NOT_YET, since, None, 0, (), (),
                            f"no manifest declares {package.name} yet", record.weighed)
        return None


def _scoped_renames(name: str) -> list[str]:
    """The names an npm package has under a scope, or without one: electron-packager is
    @electron/packager, babel-core @babel/core (a hyphen splits scope from name)."""
    if name.startswith("@") and "/" in name:
        scope, rest = name[1:].split("/", 1)
        return [f"{scope}-{rest}"]
    return [f"@{name[:i]}/{name[i + 1:]}" for i, c in enumerate(name) if c == "-" and i > 0]


_JVM_SOURCES = (".java", ".kt", ".kts", ".scala", ".groovy")
# How each ecosystem's lockfiles write an entry for a package (extended regexes, `{name}`
# escaped): npm's package-lock, yarn.lock and pnpm-lock.yaml; Cargo.lock, poetry.lock,
# uv.lock and pdm.lock; Pipfile.lock; Gemfile.lock; go.sum; pubspec.lock; composer.lock;
# NuGet's packages.lock.json.
_LOCK_ENTRIES = {
    "npm": ('"node_modules/{name}"', '^"?{name}@', "^  ['\"]?/?{name}[@/]"),
    "cargo": ('^name = "{name}"$',),
    "pypi": ('^name = "{name}"$', '^        "{name}": [{{]'),
    "rubygems": (r"^    {name} \(",),
    "go": (r"^{name} v",),
    "pub": ("^  {name}:$",),
    "composer": ('"name": "{name}"',),
    "nuget": ('^ +"{name}": [{{]',),
}


def _nowhere(package: Package) -> str:
    """Where an avoided package is not: a package manager's lockfile, or a declaration."""
    lockfile = lockfile_of(package.ecosystem, package.name)
    return f"no {lockfile} in the tree" if lockfile else f"no manifest declares {package.name}"


def judge(record: Decision, now: Measure, then: Measure | None, since: str | None,
          has_values: bool, path_scoped: bool, broke: tuple[int, int] | None = None,
          ) -> Evidence:
    """The trend from two measures (see the module's docstring)."""
    chosen = record.effect.value if record.effect else ""
    in_use = tuple(sorted(v for v, (n, _) in now.values.items() if n))
    before = then.violations if then is not None else None
    # A migration moves the code: the chosen value gains files and the others lose them (a
    # library that adds a backend gains one and keeps the rest).
    gaining = not has_values or (then is not None and now.carried(chosen) > then.carried(chosen)
                                 and _others(now, chosen) < _others(then, chosen))
    when = f" at {since[:10]}" if since else ""
    if then is not None and now.violations < then.violations and gaining:
        trend, detail = Trend.MIGRATING, (f"{now.violations} lines break it now, "
                                          f"{then.violations} when decided{when}")
    elif len(in_use) > 1 and not path_scoped and (then is None or (set(in_use) - {chosen}) & {
            v for v, (n, _) in then.values.items() if n}):
        shown = "; ".join(f"{v} in {', '.join(now.values[v][1][:2])}"
                          + (f" and {now.values[v][0] - 2} more" if now.values[v][0] > 2 else "")
                          for v in in_use)
        trend, detail = Trend.SEVERAL, f"the code it governs uses {shown}"
    elif broke is not None and broke[0] > SLIP:
        trend, detail = Trend.DRIFTING, (
            f"{broke[0]} of the last {broke[1]} commits since it was decided{when} that "
            "change files it governs would have been blocked by it")
    elif then is not None and now.violations > then.violations + SLIP:
        trend, detail = Trend.DRIFTING, (
            f"{now.violations} lines break it now, {then.violations} when decided{when}"
            + (f" ({', '.join(now.paths[:3])})" if now.paths else ""))
    elif then is not None and then.carried(chosen) and not now.carried(chosen):
        trend, detail = Trend.DRIFTING, (
            f"{chosen} was in {', '.join(then.values[chosen][1][:2])} when decided{when} "
            "and is in no file it governs now")
    elif has_values and not now.carried(chosen):
        trend, detail = Trend.NOT_YET, f"no file it governs uses {chosen} yet" + (
            f"; {now.violations} lines break it" if now.violations else "")
    else:
        trend, detail = Trend.FOLLOWED, (
            f"{now.violations} lines break it, as many as when decided"
            if now.violations and before is not None else
            f"{now.violations} lines break it" if now.violations else "nothing breaks it")
    return Evidence(trend, since, before, now.violations, now.paths, in_use, detail,
                    record.weighed)


def _others(measure: Measure, chosen: str) -> int:
    return sum(n for v, (n, _) in measure.values.items() if v != chosen)


def _production(path: str) -> bool:
    """Production code: not tests, vendored, built or tooling files, nor CI configuration (how a
    pipeline signs in to a cloud is not how the product authenticates), nor prose (docs,
    changelogs) or lockfiles (what a dependency pulls in is not chosen), nor examples and
    demos (a library shows every backend it supports there)."""
    return not (TEST_GLOBS.match(path) or outside_the_code(path) or CI_GLOBS.match(path)
                or PROSE_GLOBS.match(path) or is_lockfile(path) or EXAMPLE_GLOBS.match(path))


def _named_code(path: str) -> bool:
    """Where a name an ADR writes counts as in the code when it was written: production
    source of a language intentlint knows (not tests, test data of no language, fixtures,
    examples, prose)."""
    return _production(path) and bool(language_of(path))


def _any_code(path: str) -> bool:
    """Where a name still counts as in the code now: any source of a language intentlint
    knows, tests among them, but not vendored or built files."""
    return bool(language_of(path)) and not (outside_the_code(path) or PROSE_GLOBS.match(path))


def _whole(path: str, blob: bytes) -> FileChange | None:
    """A file as a change that adds every line of it."""
    if b"\0" in blob[:8000]:
        return None
    lines = blob.decode("utf-8", "replace").splitlines()
    return FileChange(path, None, "A", "000000", "100644", False,
                      tuple(enumerate(lines, 1)), (), ())




# --- literals every match of a pattern contains: git grep's prefilter ---------------------

_SPECIAL = set("\\.^$|?*+()[]{}")


def literals(pattern: str, shortest: int = 3) -> list[str]:
    """One literal per top-level alternative that any match of it must contain, lower-cased;
    [] when some alternative needs none this long (then every file is a candidate)."""
    body = pattern
    while body.startswith("(?") and ")" in body and body[2:body.index(")")].isalpha():
        body = body[body.index(")") + 1:]  # inline flags
    out = []
    for alternative in _top_level(body):
        best = max(_runs(alternative), key=len, default="")
        if len(best) < shortest:
            return []
        out.append(best.lower())
    return out


def _top_level(pattern: str) -> list[str]:
    parts, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(pattern[start:i])
            start = i + 1
        i += 1
    parts.append(pattern[start:])
    return parts


def _runs(alternative: str) -> list[str]:
    """Runs of literal characters that every match contains (groups, classes and optional
    characters end a run and are skipped)."""
    runs, current, i = [], "", 0
    n = len(alternative)
    while i < n:
        c = alternative[i]
        piece: str | None = None
        if c == "\\" and i + 1 < n:
            nxt = alternative[i + 1]
            i += 2
            if nxt in "bBAzZ":
                continue  # zero-width: the run goes on
            if nxt.isalnum():  # \w, \d, \s, \x27 ...: not a literal
                if nxt == "x" and alternative[i:i + 2].isalnum():
                    piece = chr(int(alternative[i:i + 2], 16))
                    i += 2
                else:
                    runs.append(current)
                    current = ""
                    continue
            else:
                piece = nxt
        elif c in "([":
            runs.append(current)
            current = ""
            i = _skip_group(alternative, i)
            i = _skip_quantifier(alternative, i)
            continue
        elif c in "^$":
            i += 1
            continue
        elif c in _SPECIAL:
            runs.append(current)
            current = ""
            i += 1
            continue
        else:
            piece = c
            i += 1
        if i < n and alternative[i] in "?*{":
            runs.append(current)  # optional (or counted): not part of every match
            current = ""
            i = _skip_quantifier(alternative, i)
            continue
        if i < n and alternative[i] == "+":
            current += piece
            runs.append(current)
            current = ""
            i += 1
            continue
        current += piece
    runs.append(current)
    return [r for r in runs if r]


def _skip_group(pattern: str, i: int) -> int:
    closing = "]" if pattern[i] == "[" else ")"
    depth = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if closing == "]":
            if c == "]" and depth:
                return i + 1
            depth = 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def _skip_quantifier(pattern: str, i: int) -> int:
    if i < len(pattern) and pattern[i] in "?*+":
        return i + 1 + (i + 1 < len(pattern) and pattern[i + 1] == "?")
    if i < len(pattern) and pattern[i] == "{" and "}" in pattern[i:]:
        return pattern.index("}", i) + 1
    return i


# --- the cache --------------------------------------------------------------------------

class _Cache:
    """Measures ("m…" keys) and evidence ("e…" keys, null for "nothing to say")."""

    def __init__(self, repo: Repo, write: bool = True) -> None:
        self._path = repo.git_dir / "intentlint" / FILE
        self._entries: dict[str, object] | None = None
        self._dirty = False
        self._write = write

    def _load(self) -> dict[str, object]:
        if self._entries is None:
            self._entries = {}
            with suppress(OSError, ValueError, TypeError, AttributeError):
                data = json.loads(self._path.read_text(encoding="utf-8"))
                if data.get("format") == FORMAT:
                    self._entries = dict(data["entries"])
        return self._entries

    def get(self, key: str) -> Measure | None:
        row: Any = self._load().get(key)
        try:
            violations, paths, values = row
            return Measure(int(violations), tuple(map(str, paths)),
                           {str(v): (int(n), tuple(map(str, p))) for v, (n, p) in values.items()})
        except (TypeError, ValueError, AttributeError):
            return None

    def has(self, key: str) -> bool:
        entries = self._load()
        return key in entries and (entries[key] is None or self.evidence(key) is not None)

    def evidence(self, key: str) -> Evidence | None:
        row: Any = self._load().get(key)
        try:
            trend, since, then, now, paths, values, detail, weighed = row
            return Evidence(Trend(trend), since, then, int(now), tuple(paths), tuple(values),
                            str(detail), bool(weighed))
        except (TypeError, ValueError, AttributeError):
            return None

    def put_evidence(self, key: str, e: Evidence | None) -> None:
        self._load()[key] = None if e is None else [
            e.trend.value, e.since, e.then, e.now, list(e.paths), list(e.values), e.detail,
            e.weighed]
        self._dirty = True

    def raw(self, key: str) -> object:
        return self._load().get(key)

    def put_raw(self, key: str, value: object) -> None:
        self._load()[key] = value
        self._dirty = True

    def put(self, key: str, measure: Measure) -> None:
        entries = self._load()
        entries[key] = [measure.violations, list(measure.paths),
                        {v: [n, list(p)] for v, (n, p) in measure.values.items()}]
        self._dirty = True

    def save(self) -> None:
        if not self._dirty or self._entries is None or not self._write:
            return
        kept = dict(list(self._entries.items())[-KEPT:])
        with suppress(OSError):
            self._path.parent.mkdir(parents=True, exist_ok=True)
            caches.write_atomic(self._path, json.dumps({"format": FORMAT, "entries": kept},
                                                       separators=(",", ":")))
        self._dirty = False
