import json, sys

def dump(path, name, commit, adr_dir, prefix, tasks):
    out = ["[repository]", f"name = {json.dumps(name)}", f"commit = {json.dumps(commit)}", f"adr_dir = {json.dumps(adr_dir)}", ""]
    for i, t in enumerate(tasks, 1):
        exp = [f"{adr_dir}/{e}" for e in t["expected"]]
        st = [f"{adr_dir}/{e}" for e in t.get("stale", [])]
        out += ["[[task]]",
                f"id = {json.dumps(f'{prefix}-{i:02d}')}",
                f"text = {json.dumps(t['text'])}",
                f"expected = {json.dumps(exp)}",
                f"stale = {json.dumps(st)}",
                "held_back = true",
                f"why = {json.dumps(t['why'])}",
                ""]
    open(path, "w").write("\n".join(out))
