"""Golden files for the outputs whose exact text matters: what a person or an agent reads
when a commit is blocked, and the SARIF a code-scanning service ingests.

Regenerate after an intended change with `pytest tests/test_golden.py --update-golden`
(a command-line flag, so no environment a CI run carries can rewrite them), then read the
diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from intentlint.bench import data as bench_data
from intentlint.bench.demo import build_repo
from intentlint.cli import app
from tests.conftest import Repo

GOLDEN = Path(__file__).parent / "golden"
DATA = bench_data.load()
CASES = {c.name: c for c in DATA.cases}


@pytest.fixture
def blocked(tmp_path: Path) -> Repo:
    files = {".intentlint.toml": DATA.demo_config.lstrip("\n"), **DATA.demo_files}
    build_repo(tmp_path / "demo", [s.text for s in DATA.steps], {0: files})
    repo = Repo(tmp_path / "demo")
    for name in ("jwt-login", "light-theme-by-default", "drop-email-field"):
        for path, content in CASES[name].files.items():
            repo.write(path, content)
    repo.git("add", "-A")
    return repo


@pytest.mark.parametrize(("fmt", "name"), [("text", "check.txt"), ("sarif", "check.sarif.json"),
                                           ("json", "check.json")])
def test_check_output_matches_golden(blocked: Repo, fmt: str, name: str,
                                     request: pytest.FixtureRequest) -> None:
    result = CliRunner().invoke(app, ["check", "-C", str(blocked.root), "--format", fmt])
    assert result.exit_code == 1
    golden = GOLDEN / name
    if request.config.getoption("--update-golden"):
        golden.write_text(result.stdout)
    assert result.stdout == golden.read_text()
