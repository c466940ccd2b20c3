"""`intentlint bench`: the seed experiment and the hook suite on a freshly built demo repo."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from intentlint.bench import data as bench_data
from intentlint.bench.demo import build_repo
from intentlint.bench.hooksuite import HookResult, run_hook_suite
from intentlint.bench.seed import SeedResult, planted_ids, run_seed
from intentlint.holding.ledger import point_at, snapshot
from intentlint.holding.workspace import open_workspace


@dataclass(frozen=True, slots=True)
class BenchOptions:
    suite: str = "all"  # "seed", "hook" or "all"
    history: Path | None = None
    tasks: Path | None = None
    workdir: Path | None = None  # keep the demo repository here instead of a temp dir


@dataclass(frozen=True, slots=True)
class BenchResult:
    seed: SeedResult | None
    hook: HookResult | None
    published: dict[str, object]
    bundled: bool
    notes: tuple[str, ...]
    configuration: dict[str, object]  # what the demo repository ran with, said out loud


def run_bench(options: BenchOptions) -> BenchResult:
    data = bench_data.load(options.history, options.tasks)
    with tempfile.TemporaryDirectory(prefix="intentlint-bench-") as tmp:
        root = (options.workdir or Path(tmp)) / "demo"
        files = {".intentlint.toml": data.demo_config.lstrip("\n"), **data.demo_files}
        shas = build_repo(root, [s.text for s in data.steps], {0: files})
        ws = open_workspace(root)
        snap = snapshot(ws, point_at(ws, None), candidates=True)
        seed = run_seed(data, ws, snap, shas) if options.suite in ("seed", "all") else None
        notes: list[str] = []
        hook = None
        if options.suite in ("hook", "all"):
            if data.bundled:
                hook = run_hook_suite(data, ws, planted_ids(data, shas, snap.mined.records))
            else:
                notes.append("hook suite skipped: its staged changes are written for the bundled "
                             "history")
        configuration: dict[str, object] = {
            "commits": ws.config.commits, "heuristic_binding": ws.config.heuristic_binding,
            "scopes": [sc.name for sc in ws.config.scopes],
            "schema": "the tasks file's [schema]" if data.schema else
            "the packs' related components (as `intentlint context` uses)"}
    return BenchResult(seed, hook, data.published, data.bundled, tuple(notes), configuration)
