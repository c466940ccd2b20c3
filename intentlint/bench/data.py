"""The benchmark's data files: read, validated, frozen. Labels are for grading only."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from intentlint.ground.errors import ConfigError, Problem
from intentlint.ground.records import Effect, parse_effect
from intentlint.ground.tomlfile import TOMLDecodeError, loads

LABELS = ("decision", "trap", "noise")


@dataclass(frozen=True, slots=True)
class Step:
    index: int
    label: str
    text: str
    id: str | None = None
    component: str | None = None
    scope: str | None = None
    effect: Effect | None = None


@dataclass(frozen=True, slots=True)
class Task:
    id: str
    request: str
    component: str
    scope: str | None
    depends: tuple[str, ...]
    hints: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Case:
    task: str
    name: str
    expect: str  # "block", "warn" or "pass"
    breaks: str | None
    branch: str | None
    files: dict[str, str]


@dataclass(frozen=True, slots=True)
class BenchData:
    steps: tuple[Step, ...]
    tasks: tuple[Task, ...]
    defaults: dict[str, str]
    schema: dict[str, tuple[str, ...]]
    published: dict[str, Any]
    demo_config: str
    demo_files: dict[str, str]
    cases: tuple[Case, ...]
    bundled: bool

    def planted(self) -> dict[str, Step]:
        return {s.id: s for s in self.steps if s.label == "decision" and s.id}


def data_dir() -> Path:
    here = Path(__file__).resolve().parent.parent
    installed = here / "_data" / "bench"
    return installed if installed.is_dir() else here.parent / "bench" / "data"


def _toml(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = loads(path.read_text(encoding="utf-8"))
        return data
    except FileNotFoundError:
        raise ConfigError([Problem(str(path), "no such file")]) from None
    except (TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError([Problem(str(path), f"not valid TOML: {exc}")]) from None


def load(history: Path | None = None, tasks: Path | None = None) -> BenchData:
    base = data_dir()
    history_path = history or base / "history.toml"
    tasks_path = tasks or base / "tasks.toml"
    problems: list[Problem] = []
    steps = _steps(_toml(history_path), str(history_path), problems)
    raw_tasks = _toml(tasks_path)
    task_list = _tasks(raw_tasks, str(tasks_path), problems)
    planted = {s.id for s in steps if s.id}
    for t in task_list:
        for dep in t.depends:
            if dep not in planted:
                problems.append(Problem(str(tasks_path), f"{t.id} depends on {dep!r}, which no "
                                        "decision step in the history has", field="depends"))
    defaults = {str(k): str(v) for k, v in raw_tasks.get("agent", {}).get("defaults", {}).items()}
    schema = {str(k): tuple(v) for k, v in raw_tasks.get("schema", {}).items()}
    if problems:
        raise ConfigError(problems)
    demo = _toml(base / "demo.toml")
    cases = _cases(_toml(base / "hook_cases.toml"))
    return BenchData(tuple(steps), tuple(task_list), defaults, schema,
                     _toml(base / "published.toml"), str(demo["config"]),
                     {str(k): str(v).lstrip("\n") for k, v in demo["files"].items()}, cases,
                     bundled=history is None and tasks is None)


def _steps(raw: dict[str, Any], file: str, problems: list[Problem]) -> list[Step]:
    steps = []
    for i, body in enumerate(raw.get("step", [])):
        where = f"step[{i}]"
        label, text = body.get("label"), body.get("text")
        if label not in LABELS:
            problems.append(Problem(file, f"label must be one of {', '.join(LABELS)}",
                                    field=f"{where}.label"))
        if not isinstance(text, str) or not text.strip():
            problems.append(Problem(file, "text is required", field=f"{where}.text"))
            continue
        effect = parse_effect(body["effect"]) if "effect" in body else None
        if label == "decision" and (not body.get("id") or effect is None):
            problems.append(Problem(file, "a decision step needs id and effect ('key = value')",
                                    field=where))
        steps.append(Step(i, str(label), text, body.get("id"), body.get("component"),
                          body.get("scope"), effect))
    if not steps:
        problems.append(Problem(file, "no [[step]] tables"))
    return steps


def _tasks(raw: dict[str, Any], file: str, problems: list[Problem]) -> list[Task]:
    tasks = []
    for i, body in enumerate(raw.get("task", [])):
        missing = [k for k in ("id", "request", "component", "depends") if k not in body]
        if missing:
            problems.append(Problem(file, f"missing {', '.join(missing)}", field=f"task[{i}]"))
            continue
        tasks.append(Task(str(body["id"]), str(body["request"]), str(body["component"]),
                          body.get("scope") or None, tuple(body["depends"]),
                          tuple(body.get("hints", ()))))
    if not tasks:
        problems.append(Problem(file, "no [[task]] tables"))
    return tasks


def _cases(raw: dict[str, Any]) -> tuple[Case, ...]:
    return tuple(Case(c["task"], c["name"], c["expect"], c.get("breaks"), c.get("branch"),
                      {str(k): str(v).lstrip("\n") for k, v in c["files"].items()})
                 for c in raw.get("case", []))
