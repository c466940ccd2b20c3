"""Print the tables of bench/README.md from the data they come from.

Figures measured on public repositories (which are not shipped) or on one machine on one
day are kept as data under bench/data/; figures the bundled suites produce are read from
the suites' own JSON output, so a table here is never typed by hand:

    python bench/scripts/tables.py replay        # bench/data/replay/repositories.toml
    python bench/scripts/tables.py rounds        # bench/data/replay/rounds.toml, judged.toml
    python bench/scripts/tables.py judged        # bench/data/replay/judged.toml
    python bench/scripts/tables.py proposals     # bench/data/proposals/
    python bench/scripts/tables.py retrieval     # bench/data/retrieval/results.toml
    python bench/scripts/tables.py deps          # bench/data/deps/scores.toml
    python bench/scripts/tables.py speed         # bench/data/speed/scale.toml
    python bench/scripts/tables.py speed-after   # the same runs, after a deciding commit
    python bench/scripts/tables.py recognition   # `intentlint bench --suite recognition`
    python bench/scripts/tables.py published     # `intentlint bench` on the experiment's data
    python bench/scripts/tables.py all           # every table, each under its name

After a new scale run, `intentlint bench --suite scale --format json > run1.json` (twice),
`python bench/scripts/tables.py speed-data run1.json run2.json > bench/data/speed/scale.toml`
turns the two runs into the data file (then fill in `commit` and `date`).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

BENCH = Path(__file__).resolve().parent.parent
DATA = BENCH / "data"


def load(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def fixed(value: float, places: int = 2) -> str:
    """Half up, as a person rounds (5/8 is 0.63, not Python's half-even 0.62)."""
    quantum = Decimal(1).scaleb(-places)
    return str(Decimal(str(value)).quantize(quantum, rounding=ROUND_HALF_UP))


def row(*cells: object) -> str:
    return "|" + "|".join(f" {c} " if str(c) else " " for c in cells) + "|"


def header(*names: str) -> list[str]:
    return [row(*names), "|" + "---|" * len(names)]


# --- replay suite -----------------------------------------------------------------------


def repositories() -> list[dict[str, Any]]:
    return list(load(DATA / "replay" / "repositories.toml")["repository"])


def short(name: str) -> str:
    return name.split("/", 1)[1]


def _notes(repo: dict[str, Any]) -> str:
    parts = [repo["language"]]
    if "adr" in repo:
        parts.append("`adr = " + json.dumps(repo["adr"]) + "`")
    if "note" in repo:
        parts.append(repo["note"])
    if "adrs" in repo:
        parts.append(f"{repo['adrs']} ADR" + ("s" if repo["adrs"] != 1 else ""))
    return "; ".join(parts)


def _mined(mined: dict[str, int]) -> str:
    return ", ".join(f"{n} {status}" for status, n in mined.items()) or "none"


def replay() -> list[str]:
    lines = header("repository (language; ADRs read)", "round", "head", "commits",
                   "mined (status)", "replayed", "blocked: as configured / free text binding",
                   "s per commit", "evidence: " + " / ".join(TRENDS))
    for r in repositories():
        blocked = r["blocked"]
        lines.append(row(f"{r['name']} ({_notes(r)})", r["round"], r["head"],
                         f"{r['commits']:,}", _mined(r["mined"]), r["replayed"],
                         f"{blocked['as_configured']} / {blocked['free_text_binding']}",
                         f"{r['seconds_per_commit']:.3f}",
                         " / ".join(str(r["evidence"].get(t, 0)) for t in TRENDS)))
    return lines


def judged_records() -> list[dict[str, Any]]:
    return list(load(DATA / "replay" / "judged.toml")["record"])


def judged_counts() -> dict[str, int]:
    """The final reader's records by verdict, and by verdict among those read from ADRs."""
    counts = {"records": 0, "right": 0, "subject-scoped": 0, "wrong": 0, "adr": 0,
              "adr right": 0, "adr subject-scoped": 0, "adr wrong": 0}
    for r in judged_records():
        n, adr = r.get("records", 1), r.get("from_adr", 0)
        counts["records"] += n
        counts[r["verdict"]] += n
        counts["adr"] += adr
        counts["adr " + r["verdict"]] += adr
    return counts


def _precision(right: int, scoped: int, records: int) -> str:
    return f"{fixed(right / records)} / {fixed((right + scoped) / records)}"


def rounds() -> list[str]:
    repos = repositories()
    lines = header("round", "repositories first replayed", "records", "right",
                   "subject-scoped", "wrong", "precision strict / lenient")
    for r in load(DATA / "replay" / "rounds.toml")["round"]:
        names = ", ".join(short(x["name"]) for x in repos if x["round"] == r["round"])
        lines.append(row(r.get("label", r["round"]), names, r["records"], r["right"],
                         r["subject_scoped"], r["wrong"],
                         _precision(r["right"], r["subject_scoped"], r["records"])))
    c = judged_counts()
    lines.append(row(f"the final reader, all {len(repos)} (no longer blind)", "", c["records"],
                     c["right"], c["subject-scoped"], c["wrong"],
                     _precision(c["right"], c["subject-scoped"], c["records"])))
    return lines


def judged() -> list[str]:
    lines = header("repository", "record", "effect", "judged")
    for r in judged_records():
        verdict = r["verdict"] + (f" ×{r['records']}" if r.get("records", 1) > 1 else "")
        if "why" in r:
            verdict += f": {r['why']}" if r["verdict"] == "wrong" else f" ({r['why']})"
        lines.append(row(r["repository"], r["record"], r["effect"], verdict))
    return lines


# --- proposals queue --------------------------------------------------------------------


def _queue(name: str) -> dict[str, Any]:
    """The figures of one judged top-10 file, as `proposals_top10.py` wrote its header."""
    text = (DATA / "proposals" / f"{name}.txt").read_text(encoding="utf-8")
    head = re.match(r"# \S+: (\d+) commits, (\d+) proposals \(([\d.]+) per 1,000 commits\), "
                    r"(\d+) contested key", text)
    assert head is not None, f"{name}.txt: no header line"
    contested = re.findall(r"^\d+\. contested key (\S+): (\d+) proposals \((.*)\)$", text,
                           re.MULTILINE)
    judged = re.search(r"Project decisions in the top 10: (\d+) of (\d+)( items)?\.", text)
    assert judged is not None, f"{name}.txt: no judgement line"
    return {"commits": int(head[1]), "proposals": int(head[2]), "per": head[3],
            "contested": contested, "found": int(judged[1]), "items": int(judged[2]),
            "empty": "The queue is empty" in text, "items_word": bool(judged[3])}


def proposals() -> list[str]:
    lines = header("repository", "HEAD", "commits", "proposals", "per 1,000 commits",
                   "contested keys", "project decisions in the top 10")
    total = {"commits": 0, "proposals": 0, "contested": 0, "found": 0, "items": 0}
    for repo in load(DATA / "proposals" / "repositories.toml")["repository"]:
        q = _queue(repo["file"])
        name = repo["name"] + (f" ({repo['kind']})" if "kind" in repo else "")
        contested = "; ".join(f"{len(q['contested'])}: `{key}` ({n}: {values})"
                              for key, n, values in q["contested"]) or "0"
        found = "— (empty queue)" if q["empty"] else \
            f"{q['found']} of {q['items']}" + (" items" if q["items_word"] else "")
        lines.append(row(name, repo["head"], f"{q['commits']:,}", q["proposals"], q["per"],
                         contested, found))
        for key in total:
            total[key] += len(q[key]) if key == "contested" else q[key]
    per = fixed(total["proposals"] * 1000 / total["commits"])
    lines.append(row("all", "", f"{total['commits']:,}", total["proposals"], per,
                     total["contested"], f"{total['found']} of {total['items']} items"))
    return lines


# --- retrieval and dependency corpora ---------------------------------------------------


def retrieval() -> list[str]:
    data = load(DATA / "retrieval" / "results.toml")
    lines = header("repository", "tasks (held back)", "recall@5 before → after, development",
                   "development, now", "held back, after", "stale handed")
    tasks = held = stale = 0
    for r in data["repository"]:
        lines.append(row(r["name"], f"{r['tasks']} ({r['held_back']})",
                         f"{fixed(r['before'])} → {fixed(r['after'])}", fixed(r["now"]),
                         fixed(r["held_back_after"]), r["stale_handed"]))
        tasks, held, stale = tasks + r["tasks"], held + r["held_back"], stale + r["stale_handed"]
    a = data["all"]
    found, expected = a["held_back_found"], a["held_back_expected"]
    lines.append(row("all", f"{tasks} ({held})", f"{fixed(a['before'])} → {fixed(a['after'])}",
                     fixed(a["now"]), f"{fixed(found / expected)} ({found} of {expected})",
                     stale))
    return lines


def _retrieval_held_back(folder: str) -> list[str]:
    data = load(DATA / "retrieval" / folder / "results.toml")
    lines = header("repository", "tasks", "recall@5", "stale handed", "words handed")
    tasks = expected = found = stale = 0
    for r in data["repository"]:
        lines.append(row(r["name"], r["tasks"],
                         f"{fixed(r['found'] / r['expected'])} ({r['found']} of {r['expected']})",
                         r["stale"], f"{r['words']:,}"))
        tasks, expected = tasks + r["tasks"], expected + r["expected"]
        found, stale = found + r["found"], stale + r["stale"]
    lines.append(row("all", tasks, f"{fixed(found / expected)} ({found} of {expected})", stale,
                     ""))
    return lines


def deps() -> list[str]:
    lines = header("part", "ADRs", "labels right", "wrong names (avoids)",
                   "recall of labelled packages", "avoided packages found")
    for p in load(DATA / "deps" / "scores.toml")["part"]:
        lines.append(row(p["part"], p["adrs"], p["labels_right"],
                         f"{p['wrong_names']} ({p['wrong_avoids']})", fixed(p["recall"]),
                         f"{p['avoided_found']} of {p['avoided_labelled']}"))
    return lines


# --- speed ------------------------------------------------------------------------------


def _pair(values: list[float], fmt: Callable[[float], str], unit: str = "") -> str:
    cells = [fmt(v) for v in values]
    shown = cells[0] if len(set(cells)) == 1 else " / ".join(cells)
    return shown + unit


def _ms(v: float) -> str:
    return f"{v:.0f}"


def speed() -> list[str]:
    lines = header("commits", "hook, warm", "after 1 new commit", "hook / floor",
                   "detect-secrets-hook", "hook / detect-secrets", "cold mining / `git log`",
                   "cold `decisions` / `git log`", "peak MiB")
    for s in load(DATA / "speed" / "scale.toml")["size"]:
        lines.append(row(f"{s['commits']:,}", _pair(s["hook_warm_ms"], _ms, " ms"),
                         _pair(s["after_commit_ms"], _ms, " ms"),
                         _pair(s["hook_per_floor"], lambda v: f"{v:.1f}"),
                         _pair(s["detect_secrets_ms"], _ms, " ms"),
                         _pair(s["hook_per_detect_secrets"], fixed),
                         _pair(s["cold_mining_per_git_log"], fixed),
                         _pair(s["cold_decisions_per_git_log"], lambda v: f"{v:.1f}")
                         if "cold_decisions_per_git_log" in s else "",
                         _pair(s["peak_mib"], _ms)))
    return lines


def speed_histories() -> list[str]:
    lines = header("repository", "head", "commits", "`git log`", "cold `decisions`",
                   "cold `decisions` / `git log`")
    for h in load(DATA / "speed" / "real-histories.toml")["history"]:
        lines.append(row(h["name"], h["head"][:10], f"{h['commits']:,}",
                         f"{h['git_log_s']:.2f} s", f"{h['decisions_cold_s']:.2f} s",
                         f"{h['ratio']:.2f}"))
    return lines


def speed_after() -> list[str]:
    lines = header("commits", "after a commit with a trigger word that decides nothing",
                   "after a commit that records a decision", "after amending that decision away")
    for s in load(DATA / "speed" / "scale.toml")["size"]:
        lines.append(row(f"{s['commits']:,}", _pair(s["after_word_commit_ms"], _ms, " ms"),
                         _pair(s["after_decision_commit_ms"], _ms, " ms"),
                         _pair(s["after_amend_ms"], _ms, " ms")))
    return lines


def speed_data(paths: list[str]) -> list[str]:
    """Two or more `bench --suite scale --format json` runs as bench/data/speed/scale.toml."""
    runs = [json.loads(Path(p).read_text(encoding="utf-8")) for p in paths]
    out = ["# `intentlint bench --suite scale --format json`, one value per run in run order.",
           'commit = ""', 'date = ""', f"runs_per_cell = {runs[0]['sizes'][0]['runs']}"]
    fields: dict[str, Callable[[dict[str, Any]], float | None]] = {
        "hook_warm_ms": lambda s: s["hook_warm_s"] * 1000,
        "after_commit_ms": lambda s: s["hook_after_commit_s"] * 1000,
        "hook_per_floor": lambda s: s["hook_warm_s"] / s["floor_s"],
        "detect_secrets_ms": lambda s: s["detect_secrets_s"] and s["detect_secrets_s"] * 1000,
        "hook_per_detect_secrets": lambda s: s["detect_secrets_s"] and
        s["hook_warm_s"] / s["detect_secrets_s"],
        "cold_mining_per_git_log": lambda s: s["mine_cold_s"] / s["git_log_s"],
        "cold_decisions_per_git_log": lambda s: s.get("decisions_cold_s") and
        s["decisions_cold_s"] / s["git_log_s"],
        "peak_mib": lambda s: s["peak_mib"],
        "after_word_commit_ms": lambda s: s["hook_after_word_commit_s"] * 1000,
        "after_decision_commit_ms": lambda s: s["hook_after_decision_commit_s"] * 1000,
        "after_amend_ms": lambda s: s["hook_after_amend_s"] * 1000}
    for i, size in enumerate(runs[0]["sizes"]):
        out += ["", "[[size]]", f"commits = {size['commits']}"]
        for field, get in fields.items():
            values = [get(run["sizes"][i]) for run in runs]
            if any(v is None for v in values):
                continue  # detect-secrets was not installed for that run
            out.append(f"{field} = [{', '.join(f'{v:.4g}' for v in values)}]")
    return out


# --- the bundled suites, from their own output ------------------------------------------


def intentlint_json(*args: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-m", "intentlint", "bench", *args, "--format",
                           "json"], cwd=BENCH.parent, capture_output=True, text=True,
                          check=True)
    data: dict[str, Any] = json.loads(proc.stdout)
    return data


def recognition() -> list[str]:
    parts = {p["name"]: p for p in intentlint_json("--suite", "recognition")["parts"]}
    first = load(DATA / "recognition-first-scored.toml")
    lines = header("part", "sentences", "labelled effects", "right", "wrong", "unclear",
                   "recall", "precision")

    def part(name: str, p: dict[str, Any]) -> str:
        return row(name, p["sentences"], p["expected_effects"], p["right"], p["wrong"],
                   p["unclear"], fixed(p["recall"]), fixed(p["precision"]))

    lines.append(part("whole corpus", parts["whole corpus"]))
    lines.append(part("development part", parts["development part"]))
    lines.append(part(first["name"], first))
    lines.append(part("held-back part, now", parts["held-back part"]))
    return lines


def published() -> list[str]:
    """`intentlint bench` on the original experiment's own history and tasks."""
    run = intentlint_json("--history", str(DATA / "published-history.toml"), "--tasks",
                          str(DATA / "published-tasks.toml"))["seed"]
    pub = load(DATA / "published.toml")
    c = {x["name"]: x for x in run["conditions"] + run["ablations"]}
    base, naive, ia, ablated = (c["baseline"], c["naive"], c["intent-aware"],
                                c["intent-aware, no schema"])
    failing = [t["task"] for t in ablated["per_task"] if not t["passed"]]
    e = run["extraction"]
    pb, pn, pi, pa = pub["baseline"], pub["naive"], pub["intent_aware"], \
        pub["ablation"]["no_schema"]
    precision = e["flagged"]["tp"] / (e["flagged"]["tp"] + e["flagged"]["fp"])
    dropped = "traps dropped" if e["traps_dropped"] == e["traps_flagged"] else \
        f"{e['traps_dropped']} of {e['traps_flagged']} traps dropped"
    return [
        *header("condition", "ours on their data", "published"),
        row("baseline", f"{base['tasks_passed']}/8, recall {fixed(base['recall'])}, "
            f"{base['violations']} violations",
            f"{pb['tasks_passed']}/8, {fixed(pb['recall'])}, {pb['violations']}"),
        row("naive lexical retrieval",
            f"{naive['tasks_passed']}/8, recall {fixed(naive['recall'])}, "
            f"{naive['stale_applied']} stale, {naive['violations']} violations, "
            f"{naive['words']} words (and {naive['irrelevant']['chatter']} chatter lines, "
            f"{naive['chatter_words']} words, apart)",
            f"{pn['tasks_passed']}/8, {fixed(pn['recall'])}, {pn['stale_applied']} stale, "
            f"{pn['violations']} violations, {pn['words']} words"),
        row("intent-aware", f"**{ia['tasks_passed']}/8, recall {fixed(ia['recall'])}, "
            f"{ia['stale_applied']} stale, {ia['violations']} violations**, {ia['words']} words",
            f"{pi['tasks_passed']}/8, {fixed(pi['recall'])}, {pi['stale_applied']}, "
            f"{pi['violations']}, {pi['words']} words"),
        row("intent-aware, no schema", f"{ablated['tasks_passed']}/8 ("
            + " and ".join(failing) + " fail)",
            f"{pa['tasks_passed']}/8 (" + " and ".join(pa["failing"]) + " fail)"),
        row("extraction", f"trigger phrase: {e['flagged']['tp']} TP, {e['flagged']['fp']} FP "
            f"({fixed(precision)}); after reading: {e['kept']['tp']} TP, {e['kept']['fp']} FP, "
            f"{dropped}",
            f"{fixed(pub['extraction']['flagged_recall'])} / "
            f"{fixed(pub['extraction']['flagged_precision'])}, traps dropped"),
    ]


# --- round 10: evidence, judged blind -------------------------------------------------------

TRENDS = ("followed", "not yet in the code", "migrating", "drifting", "several values")


def _round(name: str, trends: tuple[str, ...]) -> list[str]:
    """Round 10's repositories: the replay now, evidence per repository, and the binding
    records (those that can block: active, enforced by a check) right of all, as the judged
    tool had them and as this release has them (`bench/scripts/score_replay_round.py`)."""
    data = load(DATA / "replay" / f"{name}.toml")
    lines = header("repository (kind)", "head", "replayed",
                   "blocked: as configured / free text binding",
                   "evidence: " + " / ".join(trends), "binding then: right / all",
                   "binding now: right / all")
    for r in data["repository"]:
        now = r["now"]
        evidence = " / ".join(str(now["evidence"].get(t, 0)) for t in trends)
        lines.append(row(f"{r['name']} ({r['kind'].split(' (')[0]})", r["head"][:10],
                         now["replayed"], f"{now['blocked'][0]} / {now['blocked'][1]}",
                         evidence, f"{now['binding_then'][0]} / {now['binding_then'][1]}",
                         f"{now['binding_now'][0]} / {now['binding_now'][1]}"))
    totals = [sum(r["now"][k][i] for r in data["repository"])
              for k in ("binding_then", "binding_now") for i in (0, 1)]
    lines.append(row("all", "", sum(r["now"]["replayed"] for r in data["repository"]),
                     " / ".join(str(sum(r["now"]["blocked"][i] for r in data["repository"]))
                                for i in (0, 1)),
                     " / ".join(str(sum(r["now"]["evidence"].get(t, 0)
                                        for r in data["repository"])) for t in trends),
                     f"{totals[0]} / {totals[1]}", f"{totals[2]} / {totals[3]}"))
    return lines


def round10() -> list[str]:
    return _round("round10", (*TRENDS, "other languages"))


def round11() -> list[str]:
    """Round 11, with the trend this release added (a check that reads other languages)."""
    return _round("round11", (*TRENDS, "other languages"))


def round12() -> list[str]:
    """Round 12: the replay's blocks as judged and now, evidence now, and the records that can
    block at HEAD, as judged and now."""
    data = load(DATA / "replay" / "round12.toml")
    trends = (*TRENDS, "other languages")
    lines = header("repository (kind)", "head", "replayed",
                   "blocked then: as configured / free text binding", "blocked now",
                   "evidence now: " + " / ".join(trends), "binding then: right / all",
                   "binding now: right / all")
    repos = data["repository"]
    for r in repos:
        now = r["now"]
        lines.append(row(f"{r['name']} ({r['kind'].split(' (')[0]})", r["head"][:10],
                         now["replayed"], "{} / {}".format(*now["blocked_then"]),
                         "{} / {}".format(*now["blocked"]),
                         " / ".join(str(now["evidence"].get(t, 0)) for t in trends),
                         "{} / {}".format(*now["binding_then"]),
                         "{} / {}".format(*now["binding_now"])))

    def total(key: str, i: int) -> int:
        return sum(r["now"][key][i] for r in repos)

    lines.append(row("all", "", sum(r["now"]["replayed"] for r in repos),
                     f"{total('blocked_then', 0)} / {total('blocked_then', 1)}",
                     f"{total('blocked', 0)} / {total('blocked', 1)}",
                     " / ".join(str(sum(r["now"]["evidence"].get(t, 0) for r in repos))
                                for t in trends),
                     f"{total('binding_then', 0)} / {total('binding_then', 1)}",
                     f"{total('binding_now', 0)} / {total('binding_now', 1)}"))
    return lines


def round14() -> list[str]:
    """Round 14, judged in two parts by two helper sessions: per repository the default
    replay's blocks, the whole history's, the records that can block at HEAD (right / all),
    as judged, and the default replay and binding records with this release."""
    parts = [load(DATA / "replay" / "round14" / f"part-{p}" / f"round14{p}.toml")
             for p in ("a", "b")]
    now = {r["name"]: r for r in load(DATA / "replay" / "round14" / "now.toml")["repository"]}
    lines = header("repository (kind)", "head", "replayed: default / whole history",
                   "blocked, default", "blocked, whole history", "whole-history blocks right",
                   "can block at HEAD: right / all", "dependency records: right / all",
                   "now: blocked, default", "now: can block at HEAD (judged right)")
    keys = ("default", "history", "b0", "b1", "h0", "h1", "hr", "ha", "br", "ba", "dr", "da",
            "n0", "n1", "nb", "nj")
    total = dict.fromkeys(keys, 0)
    for r in (r for part in parts for r in part["repository"]):
        n, ext = now[r["name"]], r["extended"]
        cells = dict(zip(keys, (
            r["replayed_commits"], ext["replayed"], r["blocked_as_configured"],
            r["blocked_free_text"], *ext["blocked"], *ext["blocks_right"], *r["binding"],
            *r["dependency_records"], *n["blocked"], n["binding"], n["binding_judged_right"]),
            strict=True))
        total = {k: total[k] + cells[k] for k in keys}
        lines.append(_round14_row(f"{r['name']} ({r['kind'].split(' (')[0].split(',')[0]})",
                                  r["head"][:10], cells))
    lines.append(_round14_row("all", "", total))
    return lines


def _round14_row(name: str, head: str, c: dict[str, int]) -> str:
    """Blocks as configured / with free text binding; right / all elsewhere."""
    return row(name, head, f"{c['default']:,} / {c['history']:,}", f"{c['b0']} / {c['b1']}",
               f"{c['h0']} / {c['h1']}", f"{c['hr']} / {c['ha']}", f"{c['br']} / {c['ba']}",
               f"{c['dr']} / {c['da']}", f"{c['n0']} / {c['n1']}", f"{c['nb']} ({c['nj']})")


TABLES: dict[str, Callable[[], list[str]]] = {
    "replay": replay, "rounds": rounds, "judged": judged, "proposals": proposals,
    "retrieval": retrieval,
    **{f"retrieval-held-back-{n}": partial(_retrieval_held_back, f"held-back-{n}")
       for n in range(2, 18)},
    "deps": deps, "speed": speed,
    "speed-after": speed_after, "speed-histories": speed_histories,
    "recognition": recognition, "published": published, "round10": round10,
    "round11": round11, "round12": round12, "round14": round14}


def main(argv: list[str]) -> int:
    if argv[:1] == ["speed-data"] and len(argv) > 1:
        print("\n".join(speed_data(argv[1:])))
        return 0
    if len(argv) != 1 or argv[0] not in (*TABLES, "all"):
        print(f"usage: tables.py {'|'.join(TABLES)}|all  (or speed-data RUN.json...)",
              file=sys.stderr)
        return 2
    names = list(TABLES) if argv[0] == "all" else argv
    for i, name in enumerate(names):
        if len(names) > 1:
            print(("\n" if i else "") + f"## {name}\n")
        print("\n".join(TABLES[name]()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
