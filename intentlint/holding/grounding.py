"""The names a dependency decision can be grounded in: the packages the repository's own
manifests declare, and the bundled alias table's prose names.

Read when the decisions log or ADRs are read (when they change, not on every commit), from
the files being read and from the commit before them: a change that drops a package and
records the decision in one commit still grounds the name it drops. Commit trailers are
read with the alias table alone, so what history mined never depends on today's manifests.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from intentlint.ground.config import Config
from intentlint.ground.errors import GitError
from intentlint.ground.gitio import Repo, list_files, read_blobs, read_files, run_git, trees
from intentlint.ground.manifests import (
    manager_of,
    manifest_kind,
    module_line,
    normalise,
    own_packages,
    read_manifest,
)
from intentlint.ground.packages import ANY, REJECTED, USED, Package, package_of
from intentlint.ground.records import Decision, Effect
from intentlint.reading.aliases import bundled_aliases
from intentlint.reading.completion import complete
from intentlint.reading.dependencies import Vocabulary, family_of, names_package
from intentlint.reading.rulebook import Rulebook
from intentlint.sources.adr import ADR_SUFFIXES

_PAST_COMMITS = 3000  # the newest commits whose manifests a name grounding nowhere is looked for in

# Terraform files and workflow files name providers and actions, which decisions rarely
# write in prose; the alias table covers those (and reading every *.tf costs the most).
_SKIPPED = ("terraform", "github-actions")


def declared(repo: Repo, where: str) -> set[tuple[str, str]]:
    """(ecosystem, package) for every package the manifests at `where` declare. A commit's
    answer is kept for the process (commits do not change), and a commit that changes no
    manifest takes its parent's answer (a range check asks at every commit of the range)."""
    if where in ("worktree", "index"):
        return set(declared_in(repo, where))
    key = (str(repo.git_dir), where)
    if key not in _BY_COMMIT:
        parents = _from_parent(repo, where)
        _BY_COMMIT[key] = parents if parents is not None else frozenset(declared_in(repo, where))
    return set(_BY_COMMIT[key])


def _from_parent(repo: Repo, commit: str) -> frozenset[tuple[str, str]] | None:
    """The first parent's answer, when it is known and `commit` changes no manifest."""
    try:
        out = run_git(["rev-list", "--parents", "-n", "1", commit], repo.root).decode().split()
    except GitError:
        return None
    if len(out) < 2 or (str(repo.git_dir), out[1]) not in _BY_COMMIT:
        return None
    try:
        changed = run_git(["diff-tree", "--no-commit-id", "--name-only", "-r", "-z", out[1],
                           out[0]], repo.root).decode("utf-8", "surrogateescape").split("\0")
    except GitError:
        return None
    if any(manifest_kind(path) is not None for path in changed if path):
        return None
    return _BY_COMMIT[str(repo.git_dir), out[1]]


_BY_COMMIT: dict[tuple[str, str], frozenset[tuple[str, str]]] = {}


def prime(repo: Repo, revs: list[str]) -> None:
    """`declared` at each of `revs` (commits, `sha^` too), worked out together: the
    manifests of the first tree from one `git ls-tree`, those of each next one from a single
    `git diff-tree --stdin` over consecutive trees, every unread manifest from one
    `git cat-file --batch` — a handful of git processes for an ADR folder's commits, where
    asking commit by commit took four or five each (HHS/Head-Start-TTADP: 174)."""
    wanted = [r for r in dict.fromkeys(revs) if (str(repo.git_dir), r) not in _BY_COMMIT]
    if len(wanted) < 2:
        return
    try:
        listings = _manifest_listings(repo, wanted)
    except GitError:
        return
    unread = sorted({(path, oid) for listing in listings.values() for path, oid in listing
                     if manifest_kind(path) not in (None, *_SKIPPED)} - set(_DECLARED))
    if unread:
        with suppress(GitError):
            contents = read_blobs(repo, [oid for _, oid in unread])
            for path, oid in unread:
                _DECLARED[path, oid] = _read(path, contents.get(oid, b""))
    for rev, listing in listings.items():
        _BY_COMMIT[str(repo.git_dir), rev] = frozenset(
            _declared_in_tree(repo, rev, listing))


def _manifest_listings(repo: Repo, revs: list[str]) -> dict[str, list[tuple[str, str]]]:
    """(path, blob id) of every manifest at each of `revs` (a rev this clone lacks is left
    out), as `_manifest_blobs` lists them."""
    tree_of = {rev: tree for rev, tree in trees(repo, revs).items() if tree}
    ordered = list(dict.fromkeys(tree_of.values()))
    if not ordered:
        return {}
    state = dict(_manifest_blobs(repo, ordered[0]))
    by_tree = {ordered[0]: sorted(state.items())}
    if len(ordered) > 1:
        steps = list(pairwise(ordered))
        request = "".join(f"{a} {b}\n" for a, b in steps)
        out = run_git(["diff-tree", "--stdin", "-r", "-z", "--no-renames"], repo.root,
                      input=request.encode())
        changes = _tree_pairs(out.decode("utf-8", "surrogateescape"))
        if len(changes) != len(steps):
            raise GitError("git diff-tree --stdin: one answer per pair of trees expected")
        for (_, after), changed in zip(steps, changes, strict=True):
            for path, oid in changed:
                if manifest_kind(path) is None and manager_of(path) is None:
                    continue
                if oid is None:
                    state.pop(path, None)
                else:
                    state[path] = oid
            by_tree[after] = sorted(state.items())
    return {rev: by_tree[tree] for rev, tree in tree_of.items()}


_PAIR = re.compile(r"([0-9a-f]{40,64}) ([0-9a-f]{40,64})\n")


def _tree_pairs(out: str) -> list[list[tuple[str, str | None]]]:
    """`git diff-tree --stdin -r -z` over tree pairs: per pair, each path it changed with its
    blob id after (None: deleted, or no longer a file)."""
    pairs: list[list[tuple[str, str | None]]] = []
    fields = out.split("\0")
    i = 0
    while i < len(fields):
        field = fields[i]
        while (header := _PAIR.match(field)) is not None:  # a pair's header, then its first
            pairs.append([])
            field = field[header.end():]
        if field.startswith(":") and i + 1 < len(fields) and pairs:
            meta = field[1:].split()
            blob = len(meta) >= 4 and meta[1] in ("100644", "100755", "120000") \
                and meta[-1] != "D"
            pairs[-1].append((fields[i + 1], meta[3] if blob else None))
            i += 2
            continue
        i += 1
    return pairs


def declared_in(repo: Repo, where: str, every: bool = False,
                ) -> dict[tuple[str, str], list[str]]:
    """(ecosystem, package) → the manifests at `where` that declare it; `every` reads
    workflow and Terraform files too. Otherwise those are not read, and an ecosystem of
    theirs that the tree has files of is listed with the empty name, `(terraform, "")`:
    Terraform providers' prose names count only in a repository that has Terraform."""
    in_tree = [(p, "") for p in list_files(repo, "index", ["."])] \
        if where in ("worktree", "index") else _manifest_blobs(repo, where)
    return _declared_in_tree(repo, where, in_tree, every)


def _declared_in_tree(repo: Repo, where: str, in_tree: list[tuple[str, str]],
                      every: bool = False) -> dict[tuple[str, str], list[str]]:
    """`declared_in` for the manifests `in_tree` lists ((path, blob id) at a commit)."""
    skipped = () if every else _SKIPPED
    out: dict[tuple[str, str], list[str]] = {}
    for path, _ in in_tree:
        if (kind := manifest_kind(path)) in skipped:
            out.setdefault((kind or "", ""), []).append(path)
        elif kind is None and (manager := manager_of(path)) is not None:
            out.setdefault(manager, []).append(path)  # uv.lock: uv is in use
    blobs = [(path, oid) for path, oid in in_tree if manifest_kind(path) not in (None, *skipped)]
    if where in ("worktree", "index"):
        for path, blob in read_files(repo, where, [path for path, _ in blobs]).items():
            for ecosystem, name in _read(path, blob):
                out.setdefault((ecosystem, name), []).append(path)
        return _not_own(out)
    # A commit: manifests by blob, each read once per process (the trees of a history share
    # most of their manifests; grounding an ADR folder asks at every ADR's commit).
    unread = [(path, oid) for path, oid in blobs if (path, oid) not in _DECLARED]
    if unread:
        contents = read_files(repo, where, [path for path, _ in unread])
        for path, oid in unread:
            _DECLARED[path, oid] = _read(path, contents.get(path, b""))
    for path, oid in blobs:
        for ecosystem, name in _DECLARED[path, oid]:
            out.setdefault((ecosystem, name), []).append(path)
    return _not_own(out)


def _not_own(out: dict[tuple[str, str], list[str]]) -> dict[tuple[str, str], list[str]]:
    """Without the repository's own packages (a monorepo's modules, workspace packages):
    they are its code, not dependencies a decision chooses (`own:` entries say which)."""
    return {key: out[key] for key in _dependencies(out)}


def _dependencies(pairs: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (ecosystem, package) pairs among `pairs` that are not the repository's own, nor
    its siblings: a Go module of the owner that hosts the repository's own module
    (fluxcd/flux2's `github.com/fluxcd/source-controller/api`), an npm package of its own
    packages' scope. Those are the project's parts; a decision about them is architecture,
    not the choice of a dependency."""
    pairs = set(pairs)
    own = {(ecosystem.removeprefix("own:"), name) for ecosystem, name in pairs
           if ecosystem.startswith("own:")}
    families = {(ecosystem, prefix) for ecosystem, name in own
                if (prefix := family_of(ecosystem, name))}
    return {pair for pair in pairs if not pair[0].startswith("own:") and pair not in own
            and (pair[0], family_of(*pair)) not in families
            # a Maven group given as a property (`${project.groupId}`, `${james.groupId}`)
            # is the build's own: its other modules
            and not (pair[0] == "maven" and pair[1].startswith("${"))}


# (path, blob id) -> what that manifest declares (the path picks the reader)
_DECLARED: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}


def _read(path: str, blob: bytes) -> tuple[tuple[str, str], ...]:
    text = blob.decode("utf-8", "replace")
    return tuple((d.ecosystem, d.name) for d in read_manifest(path, text)) + tuple(
        (f"own:{ecosystem}", name) for ecosystem, name in own_packages(path, text))


def _past(repo: Repo, commit: str) -> Vocabulary:
    """Every package a manifest declared before or after a change of the `_PAST_COMMITS`
    commits up to `commit` (one `git log --raw` walk, without pathspecs, which cost more
    than the walk; each manifest blob read once): no aliases, so a word grounds here only as
    a name this repository's manifests wrote. Kept per commit for the process: a range
    check reads the same ADRs at every commit."""
    key = (str(repo.git_dir), commit)
    if key not in _PAST:
        pairs: set[tuple[str, str]] = set()
        managers: set[tuple[str, str]] = set()  # uv.lock, yarn.lock: the manager was in use
        with suppress(GitError):
            out = run_git(["log", "--format=", "--raw", "--no-abbrev", "--no-renames", "-n",
                           str(_PAST_COMMITS), commit], repo.root)
            for line in out.decode("utf-8", "surrogateescape").splitlines():
                meta, _, path = line.partition("\t")
                fields = meta.split()
                if len(fields) < 4:
                    continue
                if manifest_kind(path) not in (None, *_SKIPPED):
                    pairs.update((path, oid) for oid in fields[2:4] if oid.strip("0"))
                elif (manager := manager_of(path)) is not None:
                    managers.add(manager)
            unread = sorted(pair for pair in pairs if pair not in _DECLARED)
            if unread:
                contents = read_blobs(repo, [oid for _, oid in unread])
                for path, oid in unread:
                    _DECLARED[path, oid] = _read(path, contents.get(oid, b""))
        _PAST[key] = Vocabulary.build((), sorted(managers | _dependencies(
            name for pair in pairs for name in _DECLARED.get(pair, ()))))
    return _PAST[key]


_PAST: dict[tuple[str, str], Vocabulary] = {}


_Swaps = dict[tuple[str, str], list[tuple[tuple[str, str], str]]]


def _replacements(repo: Repo, commit: str) -> _Swaps:
    """Which package each commit of the `_PAST_COMMITS` up to `commit` brought in while it
    took another out: (ecosystem, name) brought in -> [((ecosystem, name) taken out, that
    commit)], where "in" and "out" are of the whole set of manifests (a package moved from
    one package.json to another is neither). One `git log --raw` walk, oldest first, the
    manifests it touched read once each. A manifest the walk never touched is not known to
    it, so each pair is held against the trees before and after its commit when a record
    asks about it (`Grounding._replaced`). Kept per commit for the process."""
    key = (str(repo.git_dir), commit)
    if key in _REPLACED:
        return _REPLACED[key]
    found: _Swaps = {}
    _REPLACED[key] = found
    try:
        out = run_git(["log", "--reverse", "--no-renames", "--raw",
                       "--no-abbrev", "--format=%x00%H", "-n", str(_PAST_COMMITS), commit],
                      repo.root).decode("utf-8", "surrogateescape")
    except GitError:
        return found
    walk: list[tuple[str, list[tuple[str, str, str]]]] = []
    for line in out.splitlines():
        if line.startswith("\0"):
            walk.append((line[1:].strip(), []))
            continue
        meta, _, path = line.partition("\t")
        fields = meta.split()
        if walk and len(fields) >= 4 and manifest_kind(path) not in (None, *_SKIPPED):
            walk[-1][1].append((path, fields[2], fields[3]))
    unread = sorted({(path, oid) for _, changes in walk for path, *oids in changes
                     for oid in oids if oid.strip("0")} - set(_DECLARED))
    if unread:
        with suppress(GitError):
            contents = read_blobs(repo, [oid for _, oid in unread])
            for path, oid in unread:
                _DECLARED[path, oid] = _read(path, contents.get(oid, b""))

    def names(path: str, oid: str) -> frozenset[tuple[str, str]]:
        if not oid.strip("0"):
            return frozenset()
        return frozenset((e, normalise(e, n)) for e, n in _DECLARED.get((path, oid), ())
                         if not e.startswith("own:"))

    state: dict[str, frozenset[tuple[str, str]]] = {}
    where: dict[tuple[str, str], int] = {}  # how many manifests declare each package
    for sha, changes in walk:
        came: set[tuple[str, str]] = set()
        went: set[tuple[str, str]] = set()
        for path, old, new in changes:
            before = state.get(path, names(path, old))
            after = state[path] = names(path, new)
            for pair in after - before:
                where[pair] = where.get(pair, 0) + 1
                came.add(pair)
            for pair in before - after:
                where[pair] = where.get(pair, 0) - 1
                went.add(pair)
        came = {pair for pair in came - went if where[pair] > 0}
        went = {pair for pair in went - came if where[pair] <= 0}
        for pair in came:
            found.setdefault(pair, []).extend((gone, sha) for gone in sorted(went))
    return found


_REPLACED: dict[tuple[str, str], _Swaps] = {}


def _one_product(a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Two names of one product: a new major version (`tern` → `tern/v2`), a package moved
    into its vendor's scope (`launchdarkly-node-server-sdk` → `@launchdarkly/node-server-sdk`),
    a sibling of one vendor's family (`@storybook/react` → `@storybook/react-vite`), a part
    of the other (`Serilog.Sinks.File` of `Serilog`)."""
    if a[0] == b[0] and (_unversioned(a) == _unversioned(b)
                         or (family_of(*a) and family_of(*a) == family_of(*b))):
        return True
    # a plug-in or part of the chosen package, or the other way round (Serilog.Sinks.File of
    # Serilog, eslint-plugin-react of eslint): one product, not one replacing the other
    shorter, longer = sorted((a[1].lower(), b[1].lower()), key=len)
    if a[0] == b[0] and longer.startswith(shorter) and longer[len(shorter):][:1] in ".-_/:":
        return True
    return sorted(re.findall(r"[a-z0-9]+", a[1].lower())) == \
        sorted(re.findall(r"[a-z0-9]+", b[1].lower()))


def _unversioned(pair: tuple[str, str]) -> tuple[str, str]:
    ecosystem, name = pair
    return ecosystem, module_line(ecosystem, name)


def _manifest_blobs(repo: Repo, where: str) -> list[tuple[str, str]]:
    """(path, blob id) of every manifest in the tree at commit `where`."""
    out = run_git(["ls-tree", "-r", "-z", where], repo.root)
    found = []
    for entry in out.decode("utf-8", "surrogateescape").split("\0"):
        meta, _, path = entry.partition("\t")
        parts = meta.split()
        if len(parts) == 3 and parts[1] == "blob" and (
                manifest_kind(path) is not None or manager_of(path) is not None):
            found.append((path, parts[2]))
    return found


def declaring(present: dict[tuple[str, str], list[str]], package: Package) -> list[str]:
    """The manifests of `present` (what `declared_in` read) that declare `package`."""
    return sorted({p for (ecosystem, name), found in present.items()
                   if package.ecosystem in (ecosystem, ANY)
                   and names_package(ecosystem, package.name, name) for p in found})


def vocabulary_at(repo: Repo, where: str, rev: str | None) -> Vocabulary:
    """Manifests at `where`, at `rev` and at the commit before `rev`."""
    return Vocabulary.build(bundled_aliases().prose_names(), sorted(_around(repo, where, rev)))


def _around(repo: Repo, where: str, rev: str | None) -> set[tuple[str, str]]:
    names = declared(repo, where)
    for before in ([rev, f"{rev}^"] if where != rev else [f"{rev}^"]) if rev else []:
        with suppress(GitError):  # a root commit has no parent: nothing more to ground
            names |= declared(repo, before)
    return names


class Grounding:
    """The vocabulary each record is read with: the manifests now, and for an ADR also the
    manifests when it was written (the commit that added it, and the one before), so "Use
    Skylight" grounds in the Gemfile of its day though Skylight was removed years later.
    Everything is read on first need and kept for the records that follow."""

    def __init__(self, repo: Repo, where: str, rev: str | None,
                 folders: tuple[str, ...] = ()) -> None:
        self._repo, self._where, self._rev, self._folders = repo, where, rev, folders
        self._now: set[tuple[str, str]] | None = None
        self._added: dict[str, str] | None = None
        self._by_commit: dict[str, Vocabulary] = {}
        self._by_names: dict[frozenset[tuple[str, str]], Vocabulary] = {}
        self._plain: Vocabulary | None = None
        self._then: dict[str | None, set[tuple[str, str]]] = {}
        self._swapped: Vocabulary | None = None

    def complete(self, record: Decision, rules: Rulebook, config: Config) -> list[Decision]:
        """The record's parts, read (`_read_parts`); for an ADR that chooses a package, also
        the packages the manifests show it replaced, as rejected options (`_replaced`)."""
        parts = self._read_parts(record, rules, config)
        if record.source.kind == "adr" and not record.packages and self._rev:
            return self._replaced(record, parts)
        return parts

    def _replaced(self, record: Decision, parts: list[Decision]) -> list[Decision]:
        """An ADR that chooses B and names A, where one commit of the manifests' history
        brought B in and took A out of every manifest ("Use Vite" over a context that
        retires Create React App; the commit that swapped them): A is what the choice
        replaced, read as a rejected option, which warns and never blocks. The text need not
        rule A out (round 20's blind check: a swap commit also drops what the new choice
        merely cannot use yet, jest-dom beside Vitest), so only a stated `avoid:` bans it.
        The text must name A (grounded as any name is); renamed or re-versioned packages of
        one product, and a part of the other, are not a replacement; the swap is held against
        the whole trees before and after it."""
        chosen = [(part, package) for part in parts if part.effect is not None
                  and part.effect.value == USED
                  and (package := package_of(part.effect.key)) is not None]
        if not chosen:
            return parts
        history = _replacements(self._repo, self._rev or "HEAD")
        decided = {(package.ecosystem, normalise(package.ecosystem, package.name))
                   for part in parts if part.effect is not None
                   and (package := package_of(part.effect.key)) is not None}
        offered: dict[tuple[str, str], list[tuple[Package, str]]] = {}
        for _, package in chosen:
            pair = (package.ecosystem, normalise(package.ecosystem, package.name))
            for gone, sha in history.get(pair, ()):
                if gone not in decided and not _one_product(gone, pair):
                    offered.setdefault(gone, []).append((package, sha))
        if not offered:
            return parts
        if self._swapped is None:  # the names now and every one a swap took out: built once
            self._swapped = Vocabulary.build(bundled_aliases().prose_names(), sorted(
                self._names_now() | {gone for pairs in history.values() for gone, _ in pairs}))
        vocabulary = self._swapped
        said = f"{record.title}\n{record.text}\n{record.about}"
        mentions = [(said[start:end].strip("`'\"*_").lower(), {
            (p.ecosystem, normalise(p.ecosystem, p.name)) for p in packages})
            for start, end, packages in vocabulary.mentions(said)]
        picked = {(p.ecosystem, normalise(p.ecosystem, p.name)) for _, p in chosen}
        # The chosen product's own name does not name what it replaced: "Use JUnit" over
        # "JUnit 5" is not JUnit 4's `junit:junit`, though one commit swapped them.
        picked_as = {written for written, pairs in mentions if pairs & picked}
        named = {pair for written, pairs in mentions if not pairs & picked
                 and not any(w == written or w.startswith(written + " ") for w in picked_as)
                 for pair in pairs}
        added: list[Decision] = []
        instead = tuple(str(package) for _, package in chosen)
        for gone in sorted(set(offered) & named):
            for package, sha in offered[gone]:
                if not self._swapped_in(sha, gone, (package.ecosystem, normalise(
                        package.ecosystem, package.name))):
                    continue
                replaced = Package(*gone)
                line = (f"{replaced}: rejected (the ADR chooses {package.name} and names "
                        f"{gone[1]}; commit {sha[:10]} replaced it with {package.name} in "
                        f"the manifests; it warns, never blocks: `avoid: {replaced}` in the "
                        "ADR's front matter makes it a ban)")
                added.append(replace(chosen[0][0], effect=Effect(replaced.key, REJECTED),
                                     instead=instead, reading=(*chosen[0][0].reading, line)))
                break
        if not added:
            return parts
        every = [*parts, *added]
        return [replace(p, id=record.id if i == 0 else f"{record.id}.{i + 1}",
                        part_of=record.id) for i, p in enumerate(every)]

    def _swapped_in(self, sha: str, gone: tuple[str, str], came: tuple[str, str]) -> bool:
        """Commit `sha` took `gone` out of every manifest of its tree and brought `came` into
        one, as the whole trees before and after it say, while its ecosystem stayed: a
        rewrite that deletes a whole Cargo.toml takes out every crate at once, and names no
        one of them as replaced (nlfiedler/tanuki's move from Rust to TypeScript made
        "base64" in a design note a rejected option, round 31)."""
        try:
            before = {(e, normalise(e, n)) for e, n in declared(self._repo, f"{sha}^")}
            after = {(e, normalise(e, n)) for e, n in declared(self._repo, sha)}
        except GitError:
            return False
        return gone in before and gone not in after and came in after and came not in before \
            and any(ecosystem == gone[0] for ecosystem, _ in after)

    def _read_parts(self, record: Decision, rules: Rulebook, config: Config,
                    ) -> list[Decision]:
        """The record's parts (`completion.complete`) read with the names of its day. For an
        ADR, a word its text adopts or drops that those do not ground ("Replace
        golang-migrate with tern", written once the swap was done) is looked up among the
        packages the manifests declared over the `_PAST_COMMITS` commits before the newest
        ADR was added (the manifests they changed, read before and after; one walk for the
        whole folder): a package this repository declared, so the record is read again."""
        is_adr = record.source.kind == "adr"
        vocabulary = self.for_record(record.source.path, is_adr)
        commit = self._adding_commit(record.source.path) if is_adr and record.source.path \
            else None
        ungrounded: list[str] | None = [] if commit else None
        parts = complete(record, rules, config, vocabulary, ungrounded)
        if ungrounded:
            # "Use JUnit for tests" over "Use JUnit 5 for all tests": the short name is the
            # longer one the text grounds, not the JUnit 4 of the manifests' past.
            said = f"{record.title}\n{record.text}"
            written = {said[start:end].strip("`'\"*_").lower()
                       for start, end, _ in vocabulary.mentions(said)}
            ungrounded = [w for w in ungrounded if not any(
                name.startswith(w.lower() + " ") for name in written)]
        if not ungrounded or commit is None:
            return parts
        assert self._added is not None  # filled by `_adding_commit`
        past = _past(self._repo, next(iter(self._added.values())))  # the newest ADR's
        found = {(p.ecosystem, p.name) for word in dict.fromkeys(ungrounded)
                 for p in past.lookup(word)}
        known = self._names_now() | self._then.get(commit, set())
        # Another major version of a module declared now is that module, not a second one.
        found = {pair for pair in found if _unversioned(pair) not in
                 {_unversioned(k) for k in known}}
        if not found - known:
            return parts
        richer = Vocabulary.build(bundled_aliases().prose_names(), sorted(known | found))
        return complete(record, rules, config, richer)

    def names_key(self) -> str:
        """What grounding depends on, as one digest: the names the manifests declare at the
        point read and at the commit before, not their versions, so a version bump reads
        nothing again while a package added to a manifest reads the decisions that name it
        again."""
        names = sorted(self._names_now())
        return hashlib.sha256("\n".join(f"{e}:{n}" for e, n in names).encode()).hexdigest()

    def for_record(self, path: str | None, is_adr: bool) -> Vocabulary:
        now = self._names_now()
        commit = self._adding_commit(path) if is_adr and path else None
        if commit is None:
            if self._plain is None:
                self._plain = Vocabulary.build(bundled_aliases().prose_names(), sorted(now))
            return self._plain
        if commit not in self._by_commit:
            if not self._by_commit and self._added:  # every ADR's commit and its parent
                prime(self._repo, [r for c in dict.fromkeys(self._added.values())
                                   for r in (c, f"{c}^")])
            self._then[commit] = _around(self._repo, commit, commit)
            names = frozenset(now | self._then[commit])
            if names not in self._by_names:  # ADRs added between manifest changes share one
                self._by_names[names] = Vocabulary.build(bundled_aliases().prose_names(),
                                                         sorted(names))
            self._by_commit[commit] = self._by_names[names]
        return self._by_commit[commit]

    def _names_now(self) -> set[tuple[str, str]]:
        if self._now is None:
            self._now = _around(self._repo, self._where, self._rev)
        return self._now

    def _adding_commit(self, path: str) -> str | None:
        if self._added is None:
            self._added = added_by(self._repo, self._rev, self._folders) if self._rev else {}
        return self._added.get(path)


def added_by(repo: Repo, rev: str, folders: tuple[str, ...] = ()) -> dict[str, str]:
    """For every file of the ADR `folders` (every markdown file when none are given) in
    history up to `rev`: the commit that added it, from one `git log --diff-filter=A` walk
    limited to those folders (on rails' 99k commits: 1.4 s, as long as a plain `git log`;
    paid when the log or ADRs change, not per commit). Kept for the process by commit:
    grounding the ADRs and weighing their evidence ask the same question."""
    key = (str(repo.git_dir), rev, folders)
    if re.fullmatch(r"[0-9a-f]{40,64}", rev) is None:
        return _added_by(repo, rev, folders)  # a name ("HEAD") moves: not kept
    if key not in _ADDED_BY:
        _ADDED_BY[key] = _added_by(repo, rev, folders)
    return dict(_ADDED_BY[key])


_ADDED_BY: dict[tuple[str, str, tuple[str, ...]], dict[str, str]] = {}


def _added_by(repo: Repo, rev: str, folders: tuple[str, ...]) -> dict[str, str]:
    paths = [f"{f.rstrip('/')}/" for f in folders] or [f"*{s}" for s in ADR_SUFFIXES]
    try:
        out = run_git(["log", "--diff-filter=A", "--no-renames", "--format=%x00%H",
                       "--name-only", "-z", rev, "--", *paths], repo.root)
    except GitError:
        return {}
    found = _added(out)
    # A folder moved (`src/doc/adr/` to `doc/adr/`) added its records again: each was written
    # where it was first added, before the move (ensembl-client's ADRs, written in 2018, had
    # read as decided at the 2021 move). A `git show` per moving commit finds the moves, and a
    # walk from before each move the adds.
    following = {path: path for path in found}  # each record's path -> the path followed
    for _ in range(3):  # a record moved more than once is followed back three moves
        moves: dict[str, dict[str, str]] = {}  # moving commit -> {record's path: old path}
        renamed = _renamed_in(repo, sorted({found[path] for path in following}))
        for path, was in following.items():
            if was in renamed.get(found[path], {}):
                moves.setdefault(found[path], {})[path] = renamed[found[path]][was]
        following = {}
        for commit, olds in moves.items():
            try:  # where the old path was added before that move
                out = run_git(["log", "--diff-filter=A", "--no-renames", "--format=%x00%H",
                               "--name-only", "-z", f"{commit}^", "--",
                               *sorted(set(olds.values()))], repo.root)
            except GitError:
                continue
            earlier = _added(out)
            for path, was in olds.items():
                if was in earlier:
                    found[path] = earlier[was]
                    following[path] = was
        if not following:
            break
    return found


def _added(out: bytes) -> dict[str, str]:
    """`git log --diff-filter=A --name-only -z` output: each path and the commit adding it."""
    found: dict[str, str] = {}
    sha = ""
    for item in out.decode("utf-8", "surrogateescape").split("\0"):
        item = item.strip("\n")
        if len(item) == 40 and all(c in "0123456789abcdef" for c in item):
            sha = item
        elif item and sha:
            found.setdefault(item, sha)  # newest first: keep the last time it was added
    return found


def _renamed_in(repo: Repo, commits: list[str]) -> dict[str, dict[str, str]]:
    """Per commit, the files it renamed, new path to old (git's rename detection; one
    `git show` for them all)."""
    if not commits:
        return {}
    try:
        out = run_git(["show", "-M", "--diff-filter=R", "--name-status", "-z",
                       "--format=%x00%H", *commits], repo.root)
    except GitError:
        return {}
    renamed: dict[str, dict[str, str]] = {}
    fields = [f.strip("\n") for f in out.decode("utf-8", "surrogateescape").split("\0")]
    commit, i = "", 0
    while i < len(fields):
        field = fields[i]
        if len(field) == 40 and all(c in "0123456789abcdef" for c in field):
            commit, i = field, i + 1
        elif field.startswith("R") and field[1:].isdigit() and i + 2 < len(fields) and commit:
            renamed.setdefault(commit, {})[fields[i + 2]] = fields[i + 1]
            i += 3
        else:
            i += 1
    return renamed


@lru_cache(maxsize=1)
def alias_vocabulary() -> Vocabulary:
    return Vocabulary.build(bundled_aliases().prose_names(), ())
