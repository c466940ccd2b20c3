"""Score the dependency reader on the blind-labelled ADR corpus (bench/data/deps/*.toml).

Each corpus file names a public repository, the commit its ADRs were labelled at, and per
ADR the packages it adopts (`uses`), drops or swaps away (`avoids`) and the alternatives it
rejected. The repositories are not shipped: mirror each one first (a bare clone at the named
commit), then:

    python bench/scripts/score_deps_corpus.py MIRRORS_DIR [--held-back] [--verbose]
        [--corpus DIR]

MIRRORS_DIR holds one git directory per repository, `OWNER+NAME/repo` (the layout the
team's mirroring tool writes) or `OWNER+NAME` itself. Development repositories are scored
by default; `--held-back` scores the held-back ones (score them last, once). `--corpus DIR`
reads the corpus files (`OWNER__NAME.toml`) of another folder (a later held-back set).

Printed per repository: ADRs, label accuracy (adopt / drop / swap / none read as labelled),
wrong package names (a package the reader binds that the label does not name for that ADR:
target 0) and the recall of labelled dependency effects (used and avoided packages read
with the labelled value). A family the reader binds (`npm:@storybook/*`, an npm scope's
packages, for "Storybook"; `nuget:Fluxor.*` for "Fluxor") reads every labelled package of
that family with its value, and is a wrong name only when the label names none of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import tomllib

from intentlint.ground.config import Config
from intentlint.ground.gitio import Repo, list_files, read_files
from intentlint.ground.manifests import normalise
from intentlint.ground.packages import AVOIDED, REJECTED, USED, package_of
from intentlint.holding.grounding import Grounding
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.packs import load_rulebook
from intentlint.sources.adr import adr_records, parse_adr

CORPUS = Path(__file__).resolve().parent.parent / "data" / "deps"


def _mirror(root: Path, name: str) -> Path | None:
    for candidate in (root / name.replace("/", "+") / "repo", root / name.replace("/", "+")):
        if (candidate / "HEAD").exists():
            return candidate
    return None


def _label(uses: set[str], avoids: set[str]) -> str:
    if uses and avoids:
        return "swap"
    return "drop" if avoids else "adopt" if uses else "none"


# The seventh held-back set writes RubyGems packages `gem:NAME`, as the prompt its labeller
# was given said; the other sets write `rubygems:NAME`.
_SPELLED = {"gem": "rubygems"}


def _key(written: str) -> str:
    ecosystem, _, name = written.partition(":")
    ecosystem = _SPELLED.get(ecosystem, ecosystem)
    return f"{ecosystem}:{normalise(ecosystem, name)}"


def _covered(key: str, got: set[str]) -> bool:
    """`key` (ecosystem:name) is read: itself, or a family of `got` that covers it."""
    return key in got or any(g.endswith("*") and (key.startswith(g[:-1]) or key == g[:-2])
                             for g in got)


def score(mirrors: Path, held_back: bool, verbose: bool, corpus_dir: Path = CORPUS) -> int:
    # The bundled packs, as a repository without packs of its own reads its ADRs: a value
    # a pack reads is not also a package (`completion.complete`).
    rules = load_rulebook([bundled_rules_dir()], None, 1)
    config = Config()
    totals = {"adrs": 0, "right": 0, "wrong_names": 0, "wrong_avoids": 0, "expected": 0,
              "found": 0, "avoids": 0, "avoids_found": 0}
    print(f"{'repository':58} {'ADRs':>4} {'labels right':>12} {'wrong names':>11} "
          f"{'(avoids)':>8} {'recall':>7} {'avoids recall':>13}")
    for path in sorted(corpus_dir.glob("*__*.toml")):
        corpus = tomllib.loads(path.read_text(encoding="utf-8"))
        meta = corpus["repository"]
        if bool(meta.get("held_back")) != held_back:
            continue
        git_dir = _mirror(mirrors, meta["name"])
        if git_dir is None:
            print(f"{meta['name']:58} not mirrored under {mirrors}")
            continue
        commit = meta["commit"]
        repo = Repo(git_dir, git_dir, commit, None, False)
        paths = [p for p in list_files(repo, commit, [meta["adr_dir"]])
                 if p.endswith((".md", ".rst"))]
        blobs = read_files(repo, commit, paths)
        docs = [parse_adr(b.decode("utf-8", "replace"), p) for p, b in blobs.items()]
        records, _ = adr_records(docs)
        grounding = Grounding(repo, commit, commit, (meta["adr_dir"],))
        read: dict[str, dict[str, str]] = {}
        why: dict[str, tuple[str, ...]] = {}
        for record in records:
            for part in grounding.complete(record, rules, config):
                package = package_of(part.effect.key) if part.effect else None
                if package is not None:
                    why[part.source.path or ""] = part.reading
                    read.setdefault(part.source.path or "", {})[
                        _key(str(package)) if ":" in str(package) else str(package)] = \
                        part.effect.value  # type: ignore[union-attr]
        n = right = wrong = wrong_avoids = expected = found = avoided = avoided_found = 0
        for adr in corpus.get("adr", []):
            n += 1
            uses = {_key(u) for u in adr.get("uses", [])}
            avoids = {_key(a) for a in adr.get("avoids", [])}
            rejected = {_key(r) for r in adr.get("rejected", [])}
            got = read.get(adr["path"], {})
            got_uses = {k for k, v in got.items() if v == USED}
            got_avoids = {k for k, v in got.items() if v == AVOIDED}
            if _label(got_uses, got_avoids) == adr["label"]:
                right += 1
            elif verbose:
                print(f"    label {adr['path']}: {adr['label']} {sorted(uses)}/{sorted(avoids)}"
                      f" read as {_label(got_uses, got_avoids)} {sorted(got)}")
            named = uses | avoids | rejected
            bad = [k for k, v in got.items() if v in (USED, AVOIDED, REJECTED) and k not in named
                   and not (k.endswith("*") and any(_covered(n, {k}) for n in named))]
            wrong += len(bad)
            wrong_avoids += sum(got[k] in (AVOIDED, REJECTED) for k in bad)
            avoided += len(avoids)
            avoided_found += sum(_covered(a, got_avoids) for a in avoids)
            if verbose and bad:
                print(f"    wrong {adr['path']}: {bad}")
                for line in why.get(adr["path"], ()):
                    print(f"        {line}")
            expected += len(uses) + len(avoids)
            found += sum(_covered(u, got_uses) for u in uses) \
                + sum(_covered(a, got_avoids) for a in avoids)
        recall = found / expected if expected else 1.0
        print(f"{meta['name']:58} {n:>4} {right:>5}/{n:<6} {wrong:>11} {wrong_avoids:>8} "
              f"{recall:>7.2f} {avoided_found:>6}/{avoided:<6}")
        for key, value in (("adrs", n), ("right", right), ("wrong_names", wrong),
                           ("wrong_avoids", wrong_avoids), ("expected", expected),
                           ("found", found), ("avoids", avoided),
                           ("avoids_found", avoided_found)):
            totals[key] += value
    recall = totals["found"] / totals["expected"] if totals["expected"] else 1.0
    print(f"{'all':58} {totals['adrs']:>4} {totals['right']:>5}/{totals['adrs']:<6} "
          f"{totals['wrong_names']:>11} {totals['wrong_avoids']:>8} {recall:>7.2f} "
          f"{totals['avoids_found']:>6}/{totals['avoids']:<6}")
    return 0


if __name__ == "__main__":
    argv = sys.argv[1:]
    corpus_dir = CORPUS
    if "--corpus" in argv:
        at = argv.index("--corpus")
        corpus_dir = Path(argv[at + 1])
        del argv[at:at + 2]
    args = [a for a in argv if not a.startswith("--")]
    if not args:
        sys.exit(__doc__)
    sys.exit(score(Path(args[0]), "--held-back" in argv, "--verbose" in argv, corpus_dir))
