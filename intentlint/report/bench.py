"""`bench` output: our figures beside the published ones, per-task tables, hook results."""

from __future__ import annotations

import json
from typing import Any

from intentlint.bench import BenchResult
from intentlint.bench.hooksuite import HookResult
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
            f"{'words':>10} {'chatter':>8} {'dropped':>8} {'extras':>7}")
    lines = [head]
    for c in seed.conditions + seed.ablations:
        def p(field: str, name: str = c.name) -> str:
            return _published(result, name, field)

        lines.append(
            f"{c.name:<30} {f'{c.passed}/{len(c.outcomes)}' + p('tasks_passed'):>9} "
            f"{f'{c.recall:.2f}' + p('recall'):>11} "
            f"{str(c.total('stale')) + p('stale_applied'):>6} "
            f"{str(c.total('violations')) + p('violations'):>13} "
            f"{str(c.total('words')) + p('words'):>10} {c.total('chatter'):>8} "
            f"{c.total('dropped'):>8} {c.total('extras'):>7}")
    return lines


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
            cells.append(f"{o.verdict + (' ' + ','.join(o.fired) if o.fired else ''):<26}")
        lines.append(f"{case.task:<5} {case.name:<40} {case.expect:<6} " + " ".join(cells))
    return lines


def text(result: BenchResult) -> str:
    out: list[str] = []
    if result.seed is not None:
        seed = result.seed
        e = seed.extraction
        out += ["Seed suite: 70-step history, 12 planted decisions, 3 traps, 8 tasks"
                if result.bundled else "Seed suite (your history and tasks)", ""]
        out += _condition_rows(result, seed)
        out += ["", "(published figure of the original experiment in brackets)", ""]
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
            "irrelevant": {"chatter": c.total("chatter"), "dropped_in_verification":
                           c.total("dropped"), "valid_unchecked_extras": c.total("extras")},
            "per_task": [{"task": o.task, "passed": o.passed, "handed": list(o.handed),
                          "violations": list(o.violations), "stale": list(o.stale),
                          "recalled": o.recalled, "needed": o.needed, "words": o.words}
                         for o in c.outcomes]}


def as_json(result: BenchResult) -> str:
    data: dict[str, Any] = {"schema": "intentlint/bench/v1", "bundled": result.bundled,
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
        }
    if result.hook is not None:
        data["hook"] = [{"condition": c.name, "caught": c.count("caught"),
                         "violations": c.violations, "missed": c.count("missed"),
                         "false_blocks": c.count("false block"), "noisy": c.count("noisy"),
                         "cases": [{"task": o.task, "case": o.name, "expect": o.expect,
                                    "outcome": o.outcome, "verdict": o.verdict,
                                    "fired": list(o.fired)} for o in c.cases]}
                        for c in result.hook.conditions]
    return json.dumps(data, indent=2) + "\n"
