"""What a merge commit brings to the branch it lands on.

A merge is judged on two counts, each against a named parent:
- its *conflict resolution*: what the commit changed beyond git's own automatic merge
  (`git show --remerge-diff`, git 2.36 and later);
- where the branch it lands on and the merged branch fall under different branch scopes (a
  `prototype/*` branch merged into `main`), *everything it brings* to the first parent: the
  side's commits were judged under the side's scopes, which end at the merge.

The branches come from the merge message git, GitHub and GitLab write ("Merge branch 'x'
into y", "Merge pull request #1 from owner/x"); a message that names none leaves the side's
commits judged under the branch being checked, as commits without a merge are.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable
from dataclasses import dataclass

from intentlint.enforcing.diff import FileChange, commit_diff, parse_diff, remerge_diff
from intentlint.ground.config import Config
from intentlint.ground.gitio import Commit, Repo, changed_between, git_version, merge_base, run_git

# git merge, git pull, GitLab and Bitbucket: "Merge (remote-tracking )branch 'x'( of url)(
# into y)"; GitHub: "Merge pull request #12 from owner/x".
_MERGED = re.compile(r"^Merge (?:remote-tracking )?branch(?:es)? '(?P<side>[^'\n]{1,250})'"
                     r"(?: of \S{1,500})?(?: into '?(?P<into>[^'\s]{1,250})'?)?"
                     r"|^Merge pull request #\d{1,10} from [^/\s]{1,100}/(?P<pr>\S{1,250})")
REMERGE_SINCE = (2, 36)


@dataclass(frozen=True, slots=True)
class MergeBranches:
    side: str | None  # the branch merged in, when the message names it
    into: str | None  # the branch merged into, when the message names it


def parse_merge_message(message: str) -> MergeBranches:
    """The branches a merge message names (pure; None for what it does not say)."""
    found = _MERGED.match(message.lstrip())
    if found is None:
        return MergeBranches(None, None)
    side = found.group("side") or found.group("pr")
    if found.group("side") and message.lstrip().startswith("Merge remote-tracking"):
        side = side.split("/", 1)[-1]  # origin/feature -> feature
    return MergeBranches(side, found.group("into"))


def branch_scopes(config: Config, branch: str | None) -> frozenset[str]:
    """The configured scopes a branch name puts every file in."""
    if not branch:
        return frozenset()
    return frozenset(s.name for s in config.scopes
                     if any(fnmatch.fnmatchcase(branch, b) for b in s.branches))


@dataclass(frozen=True, slots=True)
class Sides:
    """For a range of commits: the branch each commit was made on, as far as merges say."""

    branch_of: dict[str, str]  # commit sha -> branch (commits no merge names are absent)
    into: dict[str, str | None]  # merge sha -> the branch it lands on


def sides(repo: Repo, merges: Iterable[Commit], in_range: set[str],
          default: str | None) -> Sides:
    """Which commits of the range each merge brought in, and under which branch.

    Merges are taken oldest first, so a commit brought by a nested merge (a branch merged
    into a feature branch, later merged into main) keeps the innermost branch's name."""
    branch_of: dict[str, str] = {}
    into: dict[str, str | None] = {}
    named = [(m, parse_merge_message(m.message)) for m in merges]
    for merge, names in named:
        into[merge.sha] = names.into or branch_of.get(merge.sha) or default
        if names.side is None:
            continue
        for parent in merge.parents[1:]:
            out = run_git(["rev-list", parent, f"^{merge.parents[0]}", "--"], repo.root)
            for sha in out.decode().split():
                if sha in in_range:
                    branch_of.setdefault(sha, names.side)
    for merge, names in named:  # a nested merge lands on the branch it was made on
        if names.into is None and merge.sha in branch_of:
            into[merge.sha] = branch_of[merge.sha]
    return Sides(branch_of, into)


@dataclass(frozen=True, slots=True)
class MergeChanges:
    changes: list[FileChange]
    against: str  # which parent, and why, for the findings
    note: str | None = None
    olds: tuple[str, ...] = ()  # what a manifest's packages are new against


def merge_changes(repo: Repo, config: Config, merge: Commit, into: str | None,
                  side: str | None) -> list[MergeChanges]:
    """The changes of one merge commit to judge, each with the parent it is judged against."""
    first = merge.parents[0]
    landing = into or "the first parent"
    if side is not None and branch_scopes(config, side) != branch_scopes(config, into):
        # The side's scopes end here: all it brings is judged under the landing branch's.
        return [MergeChanges(parse_diff(commit_diff(repo, merge.sha, first)),
                             f"first parent {first[:10]} ({landing}): what merging {side} "
                             "brings", olds=(first,))]
    if len(merge.parents) > 2:
        # git refuses an octopus merge that needs a hand resolution: nothing of its own.
        return []
    if git_version() >= REMERGE_SINCE:
        return [MergeChanges(parse_diff(remerge_diff(repo, merge.sha)),
                             f"the conflict resolution (against git's automatic merge of "
                             f"{first[:10]} and {merge.parents[1][:10]})", olds=merge.parents)]
    both = _changed_on_both_sides(repo, merge)
    version = ".".join(map(str, git_version()))
    return [MergeChanges(parse_diff(commit_diff(repo, merge.sha, first, both)) if both else [],
                         f"first parent {first[:10]} (files both sides changed)",
                         f"git {version} has no --remerge-diff (2.36+): for merge commits, the "
                         "files both sides changed were checked against the first parent",
                         olds=merge.parents)]


def _changed_on_both_sides(repo: Repo, merge: Commit) -> list[str]:
    base = merge_base(repo, merge.parents[0], merge.parents[1])
    if base is None:
        return []
    ours = set(changed_between(repo, base, merge.parents[0]))
    return [p for p in changed_between(repo, base, merge.parents[1]) if p in ours]
