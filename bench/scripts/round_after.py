"""Compare a blind round's records with what the current build reads in the same clones.

A blind round's judges keep `raw/NAME.decisions.json`, the frozen build's `intentlint
decisions --format json` in the clone `NAME`. After the round's fixes this script runs the
current build in each clone (its cache removed first) and prints, per clone, how many records
can block or warn (active, not held back, with checks) and how many have an effect, before
and after, then every record whose binding or effect changed:

    python bench/scripts/round_after.py RAW_DIR CLONES_DIR

RAW_DIR is a part's `raw/` folder (several may be given, separated by commas); CLONES_DIR
holds the work trees, one per repository, named as the part's files are. A clone that is
missing is reported and skipped.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

Records = dict[str, dict[str, Any]]


def records_of(document: dict[str, Any]) -> Records:
    return {record["id"]: record for record in document["decisions"]}


def binds(record: dict[str, Any]) -> bool:
    return bool(record["status"] == "active" and record.get("enforced_by")
                and not record.get("held_back"))


def effect(record: dict[str, Any] | None) -> str | None:
    if record is None or not record.get("effect"):
        return None
    return f"{record['effect']['key']}={record['effect']['value']}"


def current(clone: Path) -> Records:
    shutil.rmtree(clone / ".git" / "intentlint", ignore_errors=True)
    out = subprocess.run([sys.executable, "-m", "intentlint", "decisions", "--format", "json"],
                         cwd=clone, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{clone}: intentlint decisions failed: {out.stderr.strip()}")
    return records_of(json.loads(out.stdout))


def compare(name: str, before: Records, after: Records) -> list[str]:
    bound = [sum(binds(r) for r in side.values()) for side in (before, after)]
    effects = [sum(effect(r) is not None for r in side.values()) for side in (before, after)]
    lines = [f"{name}: can block or warn {bound[0]} -> {bound[1]}; "
             f"effects {effects[0]} -> {effects[1]}"]
    for record_id in sorted(set(before) | set(after)):
        old, new = before.get(record_id), after.get(record_id)
        old_bound = effect(old) if old and binds(old) else None
        new_bound = effect(new) if new and binds(new) else None
        if old_bound != new_bound:
            lines.append(f"   {record_id}: {old_bound} -> {new_bound}")
        if effect(old) != effect(new):
            lines.append(f"   effect {record_id}: {effect(old)} -> {effect(new)}")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: round_after.py RAW_DIR[,RAW_DIR...] CLONES_DIR", file=sys.stderr)
        return 2
    clones = Path(argv[1])
    for raw in argv[0].split(","):
        for path in sorted(Path(raw).glob("*.decisions.json")):
            name = path.name.removesuffix(".decisions.json")
            if not (clones / name).is_dir():
                print(f"{name}: no clone in {clones}; skipped")
                continue
            before = records_of(json.loads(path.read_text(encoding="utf-8")))
            print("\n".join(compare(name, before, current(clones / name))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
