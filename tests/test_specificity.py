"""The most specific scope wins, per key and file; permissions lift less specific checks for
the permitted value; the README's quick start works on `main` through the real hook."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from intentlint.cli import app
from intentlint.enforcing.specificity import (
    BRANCH,
    EVERYWHERE,
    PATH,
    claims,
    govern,
    scope_level,
)
from intentlint.ground.config import Config, Scope
from intentlint.ground.records import Decision, Effect, Source
from tests.conftest import Repo

ROOT = Path(__file__).resolve().parent.parent
CONFIG = Config(scopes=(
    Scope("production", paths=("config/production/**",), branches=("main", "release/*")),
    Scope("prototype", paths=("config/prototype/**",), branches=("prototype/*",)),
    Scope("mobile", paths=("mobile/**",)),
))


def record(rid: str, scope: str | None, value: str, key: str = "database_engine",
           kind: str = "constraint") -> Decision:
    return Decision(rid, rid, rid, kind, Source("log", "DECISIONS.md", 1), None, 0,
                    "database", scope, Effect(key, value))


def level(r: Decision, config: Config, path: str, branch: str | None) -> int | None:
    return scope_level(r.scope, config, path, branch)


def governing(records: list[Decision], config: Config, path: str,
              branch: str | None) -> dict[str, int]:
    """The rule per record: the id of every record that applies to `path`, at its level."""
    governs = govern(claims(records), config, path, branch)
    return {r.id: lvl for r in records if r.kind != "permission"
            and (lvl := governs.level_of(r)) is not None}


PG, LITE = record("P", "production", "postgresql"), record("L", "prototype", "sqlite")
ANY = record("A", None, "mysql")


@pytest.mark.parametrize(("path", "branch", "applies"), [
    ("config/prototype/db.yml", "main", {"L"}),          # path beats branch
    ("config/production/db.yml", "main", {"P"}),
    ("app/settings.py", "main", {"P"}),                   # branch beats unscoped
    ("app/settings.py", "feature/x", {"A"}),              # only the unscoped one covers it
    ("config/prototype/db.yml", "release/1.0", {"L"}),
    ("config/production/db.yml", "prototype/spike", {"P"}),  # path beats the prototype branch
])
def test_most_specific_scope_wins(path: str, branch: str, applies: set[str]) -> None:
    assert set(governing([PG, LITE, ANY], CONFIG, path, branch)) == applies


def test_a_decision_without_a_check_still_outranks_a_less_specific_one() -> None:
    mobile = record("M", "mobile", "sqlite")
    assert set(governing([ANY, mobile], CONFIG, "mobile/db.yml", None)) == {"M"}


def test_two_path_scopes_that_disagree_are_a_conflict() -> None:
    overlapping = Config(scopes=(Scope("a", paths=("svc/**",)), Scope("b", paths=("svc/x/**",))))
    governs = govern(claims([record("X", "a", "postgresql"), record("Y", "b", "sqlite")]),
                     overlapping, "svc/x/db.yml", None)
    assert governs.applies == {} and "scopes disagree on database_engine" in governs.conflicts[0]


def test_levels() -> None:
    assert level(PG, CONFIG, "config/production/a", None) == PATH
    assert level(PG, CONFIG, "a", "release/2") == BRANCH
    assert level(ANY, CONFIG, "a", None) == EVERYWHERE
    assert level(LITE, CONFIG, "a", "main") is None


SCOPE_NAMES = [None, "production", "prototype", "mobile"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(SCOPE_NAMES),
                          st.sampled_from(["postgresql", "sqlite", "mysql"])), max_size=6),
       st.sampled_from(["config/production/a.yml", "config/prototype/a.yml", "mobile/a.yml",
                        "app/a.py"]),
       st.sampled_from([None, "main", "release/3", "prototype/x", "feature/y"]))
def test_specificity_properties(entries: list[tuple[str | None, str]], path: str,
                                branch: str | None) -> None:
    records = [record(f"R{i}", scope, value) for i, (scope, value) in enumerate(entries)]
    applies = governing(records, CONFIG, path, branch)
    covering = {r.id: level(r, CONFIG, path, branch) for r in records}
    levels = [lvl for lvl in covering.values() if lvl is not None]
    if govern(claims(records), CONFIG, path, branch).conflicts:
        assert applies == {} and max(levels) == PATH
        return
    # exactly the covering records of the highest level apply, at that level
    top = max(levels, default=None)
    assert set(applies) == {rid for rid, lvl in covering.items()
                            if lvl is not None and lvl == top}
    assert all(lvl == top for lvl in applies.values())
    # an unscoped decision added anywhere never changes what a scoped one governs
    if top is not None and top > EVERYWHERE:
        more = governing([*records, record("U", None, "mysql")], CONFIG, path, branch)
        assert more == applies


runner = CliRunner()


def quick_start_log() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```markdown\n(## D2: Production runs PostgreSQL.*?)```", readme,
                      re.DOTALL)
    assert block is not None, "the README's quick start lost its decisions"
    return block.group(1)


def commit(repo: Repo, path: str, content: str) -> subprocess.CompletedProcess[str]:
    repo.write(path, content)
    repo.git("add", "-A")
    return subprocess.run(["git", "commit", "-q", "-m", f"Configure {path}"], cwd=repo.root,
                          capture_output=True, text=True, check=False)


@pytest.mark.parametrize("branch", ["main", "release/1.0", "feature/db"])
def test_readme_quick_start_through_the_real_hook(repo: Repo, branch: str) -> None:
    assert runner.invoke(app, ["init", "-C", str(repo.root)]).exit_code == 0
    with (repo.root / "DECISIONS.md").open("a", encoding="utf-8") as log:
        log.write("\n" + quick_start_log())
    repo.git("add", "-A")
    repo.commit("Record decisions")
    assert runner.invoke(app, ["hook", "install", "-C", str(repo.root)]).exit_code == 0
    if branch != "main":
        repo.git("checkout", "-q", "-b", branch)
    blocked = commit(repo, "config/production/database.yml", "url: sqlite:///app.db\n")
    assert blocked.returncode == 1, blocked.stdout + blocked.stderr
    assert "[D2]" in blocked.stdout + blocked.stderr
    repo.git("reset", "-q", "--hard", "HEAD")
    passed = commit(repo, "config/prototype/database.yml", "url: sqlite:///app.db\n")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    postgres = commit(repo, "config/prototype/other.yml", "url: postgresql://db/app\n")
    assert postgres.returncode == 1 and "[D3]" in postgres.stdout + postgres.stderr


STAGING = """
## D4: Staging may use SQLite
scope: staging

Staging may use SQLite.
"""


def test_staging_permission_passes_postgres_and_sqlite_but_not_mysql(repo: Repo) -> None:
    assert runner.invoke(app, ["init", "-C", str(repo.root)]).exit_code == 0
    with (repo.root / ".intentlint.toml").open("a", encoding="utf-8") as config:
        config.write('\n[scopes.staging]\npaths = ["config/staging/**"]\n')
    with (repo.root / "DECISIONS.md").open("a", encoding="utf-8") as log:
        log.write("\n" + quick_start_log() + STAGING)
    repo.git("add", "-A")
    repo.commit("Record decisions")
    assert runner.invoke(app, ["hook", "install", "-C", str(repo.root)]).exit_code == 0
    explained = runner.invoke(app, ["explain", "D4", "-C", str(repo.root)]).stdout
    assert "permission" in explained and "never blocks" in explained
    for content in ("url: sqlite:///staging.db\n", "url: postgresql://db/staging\n"):
        result = commit(repo, "config/staging/database.yml", content)
        assert result.returncode == 0, result.stdout + result.stderr
    mysql = commit(repo, "config/staging/replica.yml", "url: mysql://db/staging\n")
    assert mysql.returncode == 1 and "[D2]" in mysql.stdout + mysql.stderr
