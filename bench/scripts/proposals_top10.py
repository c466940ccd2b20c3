"""Print the top of a repository's proposals queue for judging by hand: each item's
sentence, effect, commit subject and the files its commit touched, as the queue ranks them
(a contested key is one item, where the queue shows it: after the listed proposals).

    intentlint proposals -C REPO --format json | python bench/scripts/proposals_top10.py NAME
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "repository"
    data = json.load(sys.stdin)
    total = len(data["proposals"]) + sum(c["count"] for c in data["contested"])
    per = total * 1000 / data["commits"] if data["commits"] else 0.0
    print(f"# {name}: {data['commits']} commits, {total} proposals ({per:.2f} per 1,000 "
          f"commits), {len(data['contested'])} contested key(s)")
    items = [("proposal", p) for p in data["proposals"]] + \
        [("contested", c) for c in data["contested"]]
    for n, (kind, item) in enumerate(items[:10], start=1):
        print()
        if kind == "contested":
            values = ", ".join(f"{v} {c}" for v, c in item["values"].items())
            print(f"{n}. contested key {item['key']}: {item['count']} proposals ({values})")
            for p in item["proposals"][:5]:
                print(f"   - {p['commit'][:10]} {p['date']}: {p['sentence'][:120]}")
            continue
        effect = item["effect"]
        print(f"{n}. {item['id']}  {effect['key']} = {effect['value']}  "
              f"({item['date']}, {item['author']}, score {item['score']})")
        print(f"   sentence: {item['sentence']}")
        print(f"   subject:  {item['subject'][:160]}")
        print(f"   touched:  {', '.join(item['touched'][:8])}"
              + (f" (+{len(item['touched']) - 8} more)" if len(item["touched"]) > 8 else ""))


if __name__ == "__main__":
    main()
