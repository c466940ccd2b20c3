"""`bench` output: our figures beside the published ones, per-task tables, hook results."""

from __future__ import annotations

import json
from typing import Any

from intentlint.bench import BenchResult
from intentlint.bench.deps import DepsResult
from intentlint.bench.hooksuite import CaseOutcome, HookResult
from intentlint.bench.hostile import COMMANDS, HostileResult
from intentlint.bench.recognition import RecognitionResult
from intentlint.bench.replay import ReplayResult
from intentlint.bench.retrieval import RetrievalResult
from intentlint.bench.scale import ScaleResult, Timing
from intentlint.bench.seed import Condition, SeedResult

_PUBLISHED_KEY = {"baseline": "baseline", "naive": "naive", "intent-aware": "intent_aware"}


def _published(result: BenchResult, name: str, field: str) -> str:
    if not result.bundled:
        return ""
    table = result.published.get(_PUBLISHED_KEY.get(name, ""), {})
    value = table.get(field) if isinstance(table, dict) else None
    if value is None:
        return ""
    return f" ({value:.2f})" if isinstance(value, float) else f" ({value})"


def _condition_rows(result: BenchResult, seed: SeedResult) -> list[str]:
    head = (f"{'condition':<30} {'passed':>9} {'recall':>11} {'stale':>6} {'violations':>13} "
            f"{'words':>10} {'chatter':>12} {'dropped':>8} {'extras':>7}")
    lines = [head]
    for c in seed.conditions + seed.ablations:
        def p(field: str, name: str = c.name) -> str:
            return _published(result, name, field)

        lines.append(
            f"{c.name:<30} {f'{c.passed}/{len(c.outcomes)}' + p('tasks_passed'):>9} "
            f"{f'{c.recall:.2f}' + p('recall'):>11} "
            f"{str(c.total('stale')) + p('stale_applied'):>6} "
            f"{str(c.total('violations')) + p('violations'):>13} "
            f"{str(c.total('words')) + p('words'):>10} "
            f"{_chatter(c):>12} "
            f"{c.total('dropped'):>8} {c.total('extras'):>7}")
    return lines


FLAGGED_SHOWN = 20  # findings listed in the replay's text report; json lists every one
_BINDING = {True: "free-text decisions confirmed: the experiment's setting",
            False: "free-text decisions proposed: the product's default"}


def _names(values: object) -> str:
    return ", ".join(map(str, values)) if isinstance(values, list) and values else "none"


def _configuration(result: BenchResult, seed: SeedResult) -> list[str]:
    config = result.configuration
    binding = config.get("heuristic_binding")
    return [
        f"configuration: commits = {config.get('commits')!r}, heuristic-binding = "
        f"{str(binding).lower()} ({_BINDING[bool(binding)]}; the 'product default' row "
        f"hands them over as proposed), scopes {_names(config.get('scopes'))}",
        f"domain schema: {config.get('schema')}; the request's component is found from its "
        f"words for {seed.components_found} of {len(seed.conditions[0].outcomes)} tasks",
        "words: of the decision records handed over; chatter lines (naive only) apart", ""]


def _chatter(c: Condition) -> str:
    """Chatter lines handed over, and their words (counted apart from the decisions')."""
    return f"{c.total('chatter')} ({c.total('chatter_words')}w)"


def _differences(result: BenchResult, seed: SeedResult) -> list[str]:
    out = []
    for c in seed.conditions:
        if c.name not in _PUBLISHED_KEY:
            continue
        table = result.published.get(_PUBLISHED_KEY[c.name], {})
        if not isinstance(table, dict):
            continue
        ours = {"tasks_passed": c.passed, "recall": round(c.recall, 2),
                "stale_applied": c.total("stale"), "violations": c.total("violations"),
                "words": c.total("words")}
        for field, value in ours.items():
            if field in table and table[field] != value:
                out.append(f"{c.name} {field.replace('_', ' ')} {value} vs {table[field]}")
    ablated = next((a for a in seed.ablations if a.name == "intent-aware, no schema"), None)
    published = result.published.get("ablation", {})
    no_schema = published.get("no_schema", {}) if isinstance(published, dict) else {}
    if ablated is not None and no_schema.get("tasks_passed") not in (None, ablated.passed):
        out.append(f"no-schema ablation {ablated.passed}/8 vs {no_schema['tasks_passed']}/8")
    return out


def _task_table(seed: SeedResult) -> list[str]:
    conditions = seed.conditions + seed.ablations
    names = [c.name.replace("intent-aware", "IA") for c in conditions]
    lines = ["task  " + "  ".join(f"{n:<24}" for n in names)]
    for i, outcome in enumerate(conditions[0].outcomes):
        cells = []
        for c in conditions:
            o = c.outcomes[i]
            detail = "PASS" if o.passed else "FAIL " + ",".join(o.violations)
            if o.stale:
                detail += f" stale:{','.join(o.stale)}"
            cells.append(f"{detail:<24}")
        lines.append(f"{outcome.task:<5} " + "  ".join(cells))
    return lines


def _hook_lines(hook: HookResult) -> list[str]:
    lines = [f"{'condition':<15} {'caught':>7} {'missed':>7} {'false blocks':>13} {'noisy':>6}"]
    for c in hook.conditions:
        lines.append(f"{c.name:<15} {str(c.count('caught')) + '/' + str(c.violations):>7} "
                     f"{c.count('missed'):>7} {c.count('false block'):>13} {c.count('noisy'):>6}")
    lines.append("")
    lines.append(f"{'task':<5} {'case':<40} {'expect':<6} " + " ".join(
        f"{c.name:<26}" for c in hook.conditions))
    for i, case in enumerate(hook.conditions[0].cases):
        cells = []
        for c in hook.conditions:
            o = c.cases[i]
            cells.append(f"{_case_cell(o):<26}")
        lines.append(f"{case.task:<5} {case.name:<40} {case.expect:<6} " + " ".join(cells))
    return lines


def _case_cell(o: CaseOutcome) -> str:
    extra = [i for i in o.fired if i != o.breaks or not o.caught]
    if o.verdict == "caught":
        return f"caught {o.breaks}" + (f" +{','.join(extra)}" if extra else "")
    if o.verdict == "wrong decision":
        return f"wrong {','.join(o.fired)} (not {o.breaks})"
    return o.verdict + (f" {','.join(o.fired)}" if o.fired else "")


def text(result: BenchResult) -> str:
    out: list[str] = []
    if result.seed is not None:
        seed = result.seed
        e = seed.extraction
        out += ["Seed suite: 70-step history, 12 planted decisions, 3 traps, 8 tasks"
                if result.bundled else "Seed suite (your history and tasks)", ""]
        out += _configuration(result, seed)
        out += _condition_rows(result, seed)
        out += ["", "(published figure of the original experiment in brackets; the per-task "
                    "hints ablation has no published counterpart)" if result.bundled else
                "(the original experiment's figures are quoted for its bundled data only)"]
        differences = _differences(result, seed) if result.bundled else []
        if differences:
            out.append("differs from the published figure: " + "; ".join(differences)
                       + " (why: README, section 'The benchmark')")
        out.append("")
        precision = e.flagged_tp / (e.flagged_tp + e.flagged_fp) if e.flagged_tp + e.flagged_fp \
            else 0.0
        recall = e.flagged_tp / (e.flagged_tp + e.flagged_fn) if e.flagged_tp + e.flagged_fn \
            else 0.0
        out += [f"extraction, trigger phrase: TP {e.flagged_tp}  FP {e.flagged_fp}  "
                f"FN {e.flagged_fn}  recall {recall:.2f}  precision {precision:.2f}"
                + (" (published 1.00 / 0.80)" if result.bundled else ""),
                f"extraction, after the component step: TP {e.kept_tp}  FP {e.kept_fp}  "
                f"FN {e.kept_fn}; traps flagged {e.traps_flagged}, dropped {e.traps_dropped}; "
                f"effect and scope right for {e.effects_right} of {e.kept_tp}", ""]
        out += _task_table(seed)
        out.append("")
    if result.hook is not None:
        out += ["Hook suite: staged changes through `intentlint check`", ""]
        out += _hook_lines(result.hook)
        out.append("")
    out += [f"note: {n}" for n in result.notes]
    return "\n".join(out) + "\n"


def _condition_json(c: Condition) -> dict[str, Any]:
    return {"name": c.name, "tasks_passed": c.passed, "tasks": len(c.outcomes),
            "recall": round(c.recall, 4), "stale_applied": c.total("stale"),
            "violations": c.total("violations"), "words": c.total("words"),
            "chatter_words": c.total("chatter_words"),
            "irrelevant": {"chatter": c.total("chatter"), "dropped_in_verification":
                           c.total("dropped"), "valid_unchecked_extras": c.total("extras")},
            "per_task": [{"task": o.task, "passed": o.passed, "handed": list(o.handed),
                          "violations": list(o.violations), "stale": list(o.stale),
                          "recalled": o.recalled, "needed": o.needed, "words": o.words}
                         for o in c.outcomes]}


def as_json(result: BenchResult) -> str:
    data: dict[str, Any] = {"schema": "intentlint/bench/v1", "bundled": result.bundled,
                            "configuration": result.configuration,
                            "notes": list(result.notes)}
    if result.seed is not None:
        e = result.seed.extraction
        data["seed"] = {
            "conditions": [_condition_json(c) for c in result.seed.conditions],
            "ablations": [_condition_json(c) for c in result.seed.ablations],
            "extraction": {"flagged": {"tp": e.flagged_tp, "fp": e.flagged_fp,
                                       "fn": e.flagged_fn},
                           "kept": {"tp": e.kept_tp, "fp": e.kept_fp, "fn": e.kept_fn},
                           "traps_flagged": e.traps_flagged, "traps_dropped": e.traps_dropped,
                           "effects_right": e.effects_right},
            "published": result.published if result.bundled else None,
            "components_found": result.seed.components_found,
        }
    if result.hook is not None:
        data["hook"] = [{"condition": c.name, "caught": c.count("caught"),
                         "violations": c.violations, "missed": c.count("missed"),
                         "false_blocks": c.count("false block"), "noisy": c.count("noisy"),
                         "cases": [{"task": o.task, "case": o.name, "expect": o.expect,
                                    "breaks": o.breaks, "outcome": o.outcome,
                                    "verdict": o.verdict, "fired_errors": list(o.fired_errors),
                                    "fired_warnings": list(o.fired_warnings)}
                                   for o in c.cases]}
                        for c in result.hook.conditions]
    return json.dumps(data, indent=2) + "\n"


def scale_text(result: ScaleResult) -> str:
    lines = [f"Scale suite: synthetic repositories; staged change of {result.staged_files} files, "
             f"{result.staged_lines} added lines; medians of repeated runs in one process", ""]
    head = (f"{'commits':>8} {'records':>8} {'git log':>9} {'mine cold':>10} {'ratio':>6} "
            f"{'peak MiB':>9} {'diff --cached':>14} {'floor':>7} {'hook warm':>10} "
            f"{'/floor':>7} {'+1 commit':>10} {'detect-secrets':>15} {'ratio':>6} {'verify':>8}")
    lines.append(head)
    for s in result.sizes:
        secrets = f"{s.detect_secrets.median * 1000:.0f} ms" if s.detect_secrets else "n/a"
        secrets_ratio = (f"{s.hook_warm.median / s.detect_secrets.median:.2f}"
                         if s.detect_secrets else "")
        lines.append(
            f"{s.commits:>8} {s.records:>8} {s.git_log.median * 1000:>6.0f} ms "
            f"{s.mine_cold.median * 1000:>7.0f} ms {s.mine_cold.median / s.git_log.median:>6.2f} "
            f"{s.peak_mib:>9.0f} {s.diff_cached.median * 1000:>11.1f} ms "
            f"{s.floor.median * 1000:>4.0f} ms {s.hook_warm.median * 1000:>7.0f} ms "
            f"{s.hook_warm.median / s.floor.median:>7.1f} "
            f"{s.hook_after_commit.median * 1000:>7.0f} ms "
            f"{secrets:>15} {secrets_ratio:>6} {s.verify_seconds * 1000:>5.1f} ms")
    lines += ["", "ratio = cold mining / `git log --format=%H%x00%B` over the same commits; "
              "floor = `python -c pass` + `git diff --cached`;",
              "+1 commit = the hook right after one new commit that decides nothing (the plan "
              "is carried over); verify = verification of all records of that size.", "",
              f"{'commits':>8} {'+1 word commit':>15} {'+1 decision':>12} {'amended away':>13}"]
    lines += [f"{s.commits:>8} {s.hook_after_word.median * 1000:>12.0f} ms "
              f"{s.hook_after_decision.median * 1000:>9.0f} ms "
              f"{s.hook_after_amend.median * 1000:>10.0f} ms" for s in result.sizes]
    lines += ["", "+1 word commit = after a commit whose message has a trigger word (\"only\") "
              "but decides nothing: it is read with the packs;",
              "+1 decision = after a commit that records a decision: history is extended and "
              "verified again, the plan rebuilt;",
              "amended away = after `commit --amend` of that commit without its decision: the "
              "mined history is rewound by it, not mined again."]
    if any(s.decisions_cold for s in result.sizes):
        lines += ["", f"{'commits':>8} {'git log':>9} {'decisions cold':>15} {'ratio':>6}"]
        lines += [f"{s.commits:>8} {s.git_log.median * 1000:>6.0f} ms "
                  f"{s.decisions_cold.median * 1000:>12.0f} ms "
                  f"{s.decisions_cold.median / s.git_log.median:>6.2f}"
                  for s in result.sizes if s.decisions_cold]
        lines += ["decisions cold = `intentlint decisions --format json` with no cache, as a "
                  "process (start-up included): mining, verification and evidence; target "
                  "ratio <= 2 at 100k commits."]
    base = result.sizes[0] if result.sizes else None
    if base is not None and len(result.sizes) > 1:
        lines += ["", f"Targets, against the warm hook at {base.commits:,} commits "
                  f"({base.hook_warm.median * 1000:.0f} ms):"]
        for s in result.sizes[1:]:
            warm = s.hook_warm.median / base.hook_warm.median
            after = s.hook_after_commit.median / base.hook_warm.median
            lines.append(f"  {s.commits:,} commits: warm {warm:.2f}x (target <= 1.20), after one "
                         f"new commit {after:.2f}x (target <= 1.30)")
    for s in result.sizes:
        if s.detect_secrets:
            lines.append(f"  {s.commits:,} commits: hook / detect-secrets-hook "
                         f"{s.hook_warm.median / s.detect_secrets.median:.2f} (target <= 0.30)")
    return "\n".join(lines) + "\n"


def scale_json(result: ScaleResult) -> str:
    def timing(t: Timing | None) -> float | None:
        return None if t is None else round(t.median, 6)

    data = {"schema": "intentlint/bench-scale/v1", "staged_files": result.staged_files,
            "staged_lines": result.staged_lines,
            "sizes": [{"commits": s.commits, "decisions_planted": s.decisions,
                       "records": s.records, "git_log_s": timing(s.git_log),
                       "mine_cold_s": timing(s.mine_cold), "peak_mib": round(s.peak_mib, 1),
                       "diff_cached_s": timing(s.diff_cached), "floor_s": timing(s.floor),
                       "hook_warm_s": timing(s.hook_warm),
                       "hook_after_commit_s": timing(s.hook_after_commit),
                       "hook_after_word_commit_s": timing(s.hook_after_word),
                       "hook_after_decision_commit_s": timing(s.hook_after_decision),
                       "hook_after_amend_s": timing(s.hook_after_amend),
                       "detect_secrets_s": timing(s.detect_secrets),
                       "verify_s": round(s.verify_seconds, 6),
                       "decisions_cold_s": timing(s.decisions_cold), "runs": s.hook_warm.runs}
                      for s in result.sizes]}
    return json.dumps(data, indent=2) + "\n"


def hostile_text(result: HostileResult) -> str:
    lines = [f"Hostile-prose suite: {result.size:,}-character inputs; seconds of one cold run of "
             "each command in its own process", "",
             f"{'input':<13} {'source':<7} " + " ".join(f"{c:>10}" for c in COMMANDS)]
    for source in dict.fromkeys(r.source for r in result.rows):
        for row in (r for r in result.rows if r.source == source):
            cells = [f"{t:>10.2f}" if t >= 0 else f"{'timeout':>10}"
                     for t in (row.seconds[c] for c in COMMANDS)]
            lines.append(f"{row.name:<13} {row.source:<7} " + " ".join(cells))
    lines += ["", "normal = ordinary decision prose of the same size; each hostile input follows "
              "the sentence 'Production must use PostgreSQL'",
              "(and stands in the log heading, the ADR title and Context, the commit subject, "
              "body and a Decision: trailer);",
              "mcp = the MCP tools' core functions (list, decisions_for, check_patch, active "
              f"decisions) in one process; timeout = still running after {result.timeout:.0f} s."]
    return "\n".join(lines) + "\n"


def hostile_json(result: HostileResult) -> str:
    data = {"schema": "intentlint/bench-hostile/v1", "size": result.size,
            "timeout_s": result.timeout,
            "rows": [{"input": r.name, "source": r.source, "bytes": r.size,
                      "seconds": {c: (round(t, 3) if t >= 0 else None)
                                  for c, t in r.seconds.items()}} for r in result.rows]}
    return json.dumps(data, indent=2) + "\n"


def recognition_text(result: RecognitionResult) -> str:
    lines = [f"Recognition suite: {result.corpus}, read by the bundled packs",
             "",
             f"{'part':<20} {'sentences':>9} {'effects':>8} {'right':>6} {'wrong':>6} "
             f"{'unclear':>8} {'recall':>7} {'precision':>10}"]
    for p in result.parts:
        lines.append(f"{p.name:<20} {p.sentences:>9} {p.expected:>8} {p.right:>6} {p.wrong:>6} "
                     f"{p.unclear:>8} {p.recall:>7.2f} {p.precision:>10.2f}")
    lines += ["", "right: an effect read with the labelled key, value, scope and permission; "
                  "wrong: any other binding effect;",
              "unclear: sentences read as 'needs confirmation' (they bind nothing: a miss, "
              "never a wrong effect)."]
    if result.failures:
        lines += ["", "Misread outside the held-back part:"]
        for f in result.failures:
            got = ", ".join(_effect(e) for e in sorted(f.got, key=str)) or "nothing"
            want = ", ".join(_effect(e) for e in sorted(f.sentence.expect, key=str)) or "nothing"
            tag = "wrong" if f.wrong else ("unclear" if f.unclear else "missed")
            lines.append(f"  {tag}: {f.sentence.text!r}: read {got}; labelled {want}")
    return "\n".join(lines) + "\n"


def _effect(e: tuple[str, str | None, bool]) -> str:
    effect, scope, permission = e
    return effect + (f" @{scope}" if scope else "") + (" (permission)" if permission else "")


def recognition_json(result: RecognitionResult) -> str:
    data = {
        "schema": "intentlint/bench-recognition/v1",
        "corpus": result.corpus,
        "parts": [{"name": p.name, "sentences": p.sentences, "expected_effects": p.expected,
                   "right": p.right, "wrong": p.wrong, "unclear": p.unclear,
                   "recall": round(p.recall, 4), "precision": round(p.precision, 4)}
                  for p in result.parts],
        "misread": [{"text": f.sentence.text, "read": sorted(_effect(e) for e in f.got),
                     "labelled": sorted(_effect(e) for e in f.sentence.expect),
                     "unclear": f.unclear} for f in result.failures],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def replay_text(result: ReplayResult) -> str:
    lines = [f"Replay suite: {result.repo} at {result.head[:10]} ({result.commits_in_history} "
             f"commits), range {result.rev_range}", "",
             f"mined in {result.mine_seconds:.1f} s: " + ", ".join(
                 f"{n} {s}" for s, n in sorted(result.records.items())),
             "by source: " + ", ".join(f"{n} {s}" for s, n in sorted(result.by_source.items())),
             "effects by key: " + (", ".join(f"{k} {n}" for k, n in sorted(
                 result.by_key.items())) or "none"),
             "evidence (active records with an effect, the code at HEAD): " + (", ".join(
                 f"{n} {t}" for t, n in sorted(result.evidence.items())) or "none"), "",
             f"{'condition':<20} {'commits':>8} {'blocked':>8} {'findings':>9} "
             f"{'s/commit':>9}"]
    for c in result.conditions:
        lines.append(f"{c.condition:<20} {c.commits:>8} {len(c.blocked):>8} {c.findings:>9} "
                     f"{c.per_commit:>9.3f}")
    for c in result.conditions:
        if c.blocked:
            lines.append(f"blocked ({c.condition}): " + ", ".join(b[:10] for b in c.blocked))
    for c in result.conditions[:1]:  # as configured: what a user of the hook would have met
        if c.flagged:
            lines.append(f"findings ({c.condition}; commit, severity, decision, where):")
        lines += [f"  {sha[:10]} {sev:<7} {rid or '-'} {path}:{line}"
                  for sha, sev, rid, path, line in c.flagged[:FLAGGED_SHOWN]]
        if len(c.flagged) > FLAGGED_SHOWN:
            lines.append(f"  … and {len(c.flagged) - FLAGGED_SHOWN} more (--format json lists "
                         "every finding)")
    for c in result.conditions[:1]:  # the same commits in every condition
        if c.unreadable:
            lines.append(f"not judged: {len(c.unreadable)} commit(s) git could not read "
                         "(missing objects): " + ", ".join(u[:10] for u in c.unreadable[:10]))
    if result.samples:
        lines += ["", "records with an effect or needing confirmation (judge them by hand):"]
        lines += [f"  {i} [{s}; {w}] {e}: {t}" for i, s, e, t, w in result.samples]
    return "\n".join(lines) + "\n"


def replay_json(result: ReplayResult) -> str:
    data = {"schema": "intentlint/bench-replay/v1", "repo": result.repo, "head": result.head,
            "commits_in_history": result.commits_in_history, "range": result.rev_range,
            "records": result.records, "by_key": result.by_key, "by_source": result.by_source,
            "mine_seconds": round(result.mine_seconds, 3),
            "conditions": [{"condition": c.condition, "commits": c.commits,
                            "blocked": list(c.blocked), "findings": c.findings,
                            "unreadable": list(c.unreadable),
                            "flagged": [{"commit": sha, "severity": sev, "decision": rid or None,
                                         "path": path, "line": line}
                                        for sha, sev, rid, path, line in c.flagged],
                            "seconds": round(c.seconds, 3),
                            "seconds_per_commit": round(c.per_commit, 4)}
                           for c in result.conditions],
            "samples": [{"id": i, "status": s, "effect": e, "text": t, "evidence": w}
                        for i, s, e, t, w in result.samples],
            "evidence": result.evidence, "notes": list(result.notes)}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def deps_text(result: DepsResult) -> str:
    lines = [f"dependency suite: {result.repo} at {result.head[:10]}",
             f"{result.caught}/{result.tried} re-added packages caught naming their decision; "
             f"{result.false_blocks} unrelated additions blocked; "
             f"{len(result.trials) - result.tried} not tried; {len(result.held_back)} held back",
             ""]
    for t in result.trials:
        verdict = "not tried: " + t.note if t.manifest is None else \
            ("caught" if t.caught else "MISSED") + \
            (", unrelated addition BLOCKED" if t.unrelated_blocked else "")
        lines.append(f"  {t.decision:14} {t.package:40} {t.manifest or '-':30} {verdict}")
    lines += [f"  {decision:14} held back: {why}" for decision, why in result.held_back]
    return "\n".join(lines) + "\n"


def deps_json(result: DepsResult) -> str:
    data = {"schema": "intentlint/bench-deps/v1", "repo": result.repo, "head": result.head,
            "caught": result.caught, "tried": result.tried,
            "false_blocks": result.false_blocks,
            "trials": [{"decision": t.decision, "package": t.package, "manifest": t.manifest,
                        "caught": t.caught, "unrelated_blocked": t.unrelated_blocked,
                        "note": t.note} for t in result.trials],
            "held_back": [{"decision": d, "why": w} for d, w in result.held_back]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def retrieval_text(result: RetrievalResult) -> str:
    lines = [f"retrieval suite: {result.repo} ({result.corpus})",
             f"{'part':12} {'tasks':>5} {'expected':>8} {'recall@5':>8} {'recall':>7} "
             f"{'stale':>5} {'warned':>6} {'alarms':>6} {'words':>6}"]
    for name, held in (("development", False), ("held back", True)):
        p = result.part(held)
        if p["tasks"]:
            lines.append(f"{name:12} {p['tasks']:>5} {p['expected']:>8} "
                         f"{p['recall_at_5']:>8.2f} {p['recall']:>7.2f} {p['stale_handed']:>5} "
                         f"{p['stale_warned']:>6} {p['expected_warned']:>6} {p['words']:>6}")
    lines += ["", "stale: handed over as holding; warned: handed over with evidence's warning "
              "that the code does not follow it; alarms: expected ADRs handed over with that "
              "warning", ""]
    for t in result.tasks:
        if t.found_in_top < len(t.expected) or t.stale_handed or t.stale_warned \
                or t.expected_warned:
            missing = [p for p in t.expected if p not in t.handed[:5]]
            lines.append(f"  {t.id}: not in the first 5: {', '.join(missing) or '-'}"
                         + (f"; stale handed over: {', '.join(t.stale_handed)}"
                            if t.stale_handed else "")
                         + (f"; stale, with a warning: {', '.join(t.stale_warned)}"
                            if t.stale_warned else "")
                         + (f"; holding, but with a warning: {', '.join(t.expected_warned)}"
                            if t.expected_warned else ""))
    return "\n".join(lines) + "\n"


def retrieval_json(result: RetrievalResult) -> str:
    data = {"schema": "intentlint/bench-retrieval/v1", "repo": result.repo,
            "corpus": result.corpus, "development": result.part(False),
            "held_back": result.part(True),
            "tasks": [{"id": t.id, "held_back": t.held_back, "expected": list(t.expected),
                       "handed": list(t.handed), "stale_handed": list(t.stale_handed),
                       "stale_warned": list(t.stale_warned),
                       "expected_warned": list(t.expected_warned),
                       "words": t.words} for t in result.tasks]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
