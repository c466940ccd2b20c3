"""Score a blind replay round's judgements against what intentlint binds now.

A round file (bench/data/replay/round10.toml) lists, per repository, every record with an
effect that the tool of its day mined, each judged at first sight by a person who had not
read the code: right, subject-scoped, stale or wrong. This script runs `intentlint decisions
--format json` in a work tree of each repository (at the judged head) and reports:

- the records that *bind* — active, not held back, and with a check that can block a commit
  (a `uses` record or a record without checks blocks nothing) — then (the judged tool, as
  recorded in the round file) and now, with how many of them were judged right;
- how the code stands to each record now (the EVIDENCE column), by verdict;
- records that bind now and were never judged (they need a judgement before a figure).

    python bench/scripts/score_replay_round.py bench/data/replay/round10.toml CLONES_DIR

CLONES_DIR holds one work tree per repository, named as the repository's last path part
(`dex`, `james-project`), checked out at the round's head, with the round's
`.intentlint.toml` where one was needed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import tomllib


def now_records(work_tree: Path) -> list[dict[str, Any]]:
    out = subprocess.run([sys.executable, "-m", "intentlint", "decisions", "--format", "json"],
                         cwd=work_tree, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{work_tree}: intentlint decisions failed: {out.stderr.strip()}")
    return list(json.loads(out.stdout)["decisions"])


def effect_of(record: dict[str, Any]) -> str:
    effect = record.get("effect")
    if not effect:
        return "-"
    key, value = effect["key"], effect["value"]
    if key.startswith("dependency:"):
        ecosystem, _, name = key[len("dependency:"):].partition(":")
        verb = {"used": "uses", "avoided": "avoids"}.get(value, value)
        return f"{verb} {name if ecosystem == 'any' else f'{ecosystem}:{name}'}"
    return f"{key} = {value}"


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    data = tomllib.loads(Path(argv[0]).read_text(encoding="utf-8"))
    clones = Path(argv[1])
    judged = {(r["repository"], r["id"], r["effect"]): r for r in data["record"]}
    # `later`: judged after the round, a record only a later reader mines
    then_binding = [r for r in data["record"] if r["binds"] and r["enforced"]
                    and not r.get("later")]
    rows, unjudged = [], []
    now_binding: list[dict[str, Any]] = []
    trends: Counter[tuple[str, str]] = Counter()
    for repo in data["repository"]:
        tree = clones / repo["name"].rsplit("/", 1)[-1]
        records = now_records(tree)
        binding = []
        for r in records:
            key = (repo["name"], r["id"], effect_of(r))
            verdict = judged.get(key, {}).get("verdict")
            if r["evidence"] is not None and verdict:
                trends[(r["evidence"]["trend"], verdict)] += 1
            if r["status"] == "active" and not r["held_back"] and r["enforced_by"]:
                binding.append(r)
                if verdict is None:
                    unjudged.append(f"{repo['name']} {r['id']} {effect_of(r)}")
                else:
                    now_binding.append(judged[key])
        before = [r for r in then_binding if r["repository"] == repo["name"]]
        rows.append((repo["name"], _share(before), _share(
            [judged[(repo["name"], r["id"], effect_of(r))] for r in binding
             if (repo["name"], r["id"], effect_of(r)) in judged])))
    print(f"{'repository':36} {'binding then: right/all':>24} {'binding now: right/all':>24}")
    for name, before_s, after_s in rows:
        print(f"{name:36} {before_s:>24} {after_s:>24}")
    print(f"{'all':36} {_share(then_binding):>24} {_share(now_binding):>24}")
    print()
    print("evidence now, by judgement (records with an effect the code was asked about):")
    for (trend, verdict), n in sorted(trends.items()):
        print(f"  {trend:22} {verdict:16} {n}")
    if unjudged:
        print("\nbinding now, never judged (judge these before quoting a figure):")
        print("\n".join(f"  {u}" for u in unjudged))
    return 0


def _share(records: list[dict[str, Any]]) -> str:
    right = sum(r["verdict"] == "right" for r in records)
    return f"{right}/{len(records)}"


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
