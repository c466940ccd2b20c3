"""The benchmark's published figures are data: `bench/scripts/tables.py` prints each table
from its data file, and the data holds together."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

from intentlint.ground.tomlfile import loads

ROOT = Path(__file__).resolve().parent.parent

def tables_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "bench" / "scripts"
                                                  / "tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tables"] = module
    spec.loader.exec_module(module)
    return module


TABLES = tables_script()


def test_replay_data_holds_together() -> None:
    repos = TABLES.repositories()
    assert len(repos) == 62 and len({r["name"] for r in repos}) == 62
    rounds = [r["round"] for r in TABLES.load(ROOT / "bench/data/replay/rounds.toml")["round"]]
    assert sorted({r["round"] for r in repos}) == rounds
    for r in TABLES.load(ROOT / "bench/data/replay/rounds.toml")["round"]:
        assert r["right"] + r["subject_scoped"] + r["wrong"] == r["records"], r
    shorts = [TABLES.short(r["name"]) for r in repos]
    for record in TABLES.judged_records():
        assert shorts.count(record["repository"]) == 1, record["repository"]
        assert record.get("from_adr", 0) <= record.get("records", 1)
        assert record["verdict"] in ("right", "subject-scoped", "wrong")
    counts = TABLES.judged_counts()
    assert (counts["records"], counts["adr"]) == (50, 13)
    assert sum(sum(r["blocked"].values()) for r in repos) == 0


def test_speed_data_from_scale_runs(tmp_path: Path) -> None:
    """`tables.py speed-data` turns the scale suite's JSON into the speed data file."""
    size = {"commits": 1000, "runs": 7, "hook_warm_s": 0.2, "hook_after_commit_s": 0.21,
            "floor_s": 0.025, "detect_secrets_s": 0.8, "mine_cold_s": 0.5, "git_log_s": 0.25,
            "peak_mib": 28.4, "hook_after_word_commit_s": 0.29,
            "hook_after_decision_commit_s": 0.31, "hook_after_amend_s": 0.33}
    runs = []
    for i, scale in enumerate((1.0, 1.1)):
        run = {"schema": "intentlint/bench-scale/v1", "sizes": [
            {k: (v * scale if k.endswith("_s") else v) for k, v in size.items()}]}
        (tmp_path / f"run{i}.json").write_text(json.dumps(run), encoding="utf-8")
        runs.append(str(tmp_path / f"run{i}.json"))
    data = loads("\n".join(TABLES.speed_data(runs)))
    (got,) = data["size"]
    assert got["commits"] == 1000 and got["hook_warm_ms"] == [200, 220]
    assert got["hook_per_floor"] == [8, 8] and got["cold_mining_per_git_log"] == [2, 2]
