"""Agents ask before they write: `check --diff` on patches that are not staged, and the MCP
server driven by a real client from the `mcp` package over stdio."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from typer.testing import CliRunner

from intentlint import __version__
from intentlint.bench import data as bench_data
from intentlint.bench.demo import build_repo
from intentlint.cli import app
from tests.conftest import Repo, hook_probe

runner = CliRunner()
DATA = bench_data.load()
CASES = {f"{c.task}-{c.name}": c for c in DATA.cases}
INTENTLINT = str(Path(sys.executable).parent / "intentlint")


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    root = tmp_path_factory.mktemp("agents") / "demo"
    files = {".intentlint.toml": DATA.demo_config.lstrip("\n"), **DATA.demo_files}
    build_repo(root, [s.text for s in DATA.steps], {0: files})
    return Repo(root)


def findings(result_json: str) -> list[tuple[str, int, str, str | None]]:
    data = json.loads(result_json)
    return sorted((f["path"], f["line"], f["severity"], (f["decision"] or {}).get("id"))
                  for f in data["findings"])


def patch_of(repo: Repo, files: dict[str, str]) -> str:
    """The case's change as `git diff` prints it, left unstaged and then undone."""
    for path, content in files.items():
        repo.write(path, content)
    repo.git("add", "-N", "--", *files)
    patch = repo.git("diff")
    repo.git("reset", "-q")
    repo.git("checkout", "-q", "--", ".")
    repo.git("clean", "-q", "-fd")
    return patch


@pytest.mark.parametrize("key", list(CASES))
def test_check_diff_equals_check_of_the_same_change_staged(demo: Repo, key: str,
                                                           tmp_path: Path) -> None:
    case = CASES[key]
    demo.git("checkout", "-q", "-B", case.branch or "main", "main")
    patch = patch_of(demo, case.files)
    before = demo.state()
    (tmp_path / "change.diff").write_text(patch)
    via_diff = runner.invoke(app, ["check", "-C", str(demo.root), "--format", "json",
                                   "--diff", str(tmp_path / "change.diff")])
    assert demo.state() == before, "check --diff touched the index, work tree or refs"
    for path, content in case.files.items():
        demo.write(path, content)
    demo.git("add", "-A")
    staged = runner.invoke(app, ["check", "-C", str(demo.root), "--format", "json"])
    demo.git("reset", "-q", "--hard", "HEAD")
    demo.git("clean", "-q", "-fd")
    demo.git("checkout", "-q", "main")
    assert via_diff.exit_code == staged.exit_code, key
    assert findings(via_diff.stdout) == findings(staged.stdout), key


def test_check_diff_from_stdin_and_a_patch_that_does_not_apply(demo: Repo) -> None:
    patch = patch_of(demo, CASES["T3-sqlite-in-production"].files)
    proc = subprocess.run([INTENTLINT, "check", "--diff", "-"], cwd=demo.root, input=patch,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "config/production/database.yml" in proc.stdout
    stale = ("--- a/config/production/database.yml\n+++ b/config/production/database.yml\n"
             "@@ -40,2 +40,2 @@\n not in this file\n-old\n+url: sqlite:///x.db\n")
    proc = subprocess.run([INTENTLINT, "check", "--diff", "-"], cwd=demo.root, input=stale,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 1 and "does not apply cleanly to HEAD" in proc.stdout
    assert "config/production/database.yml:41: error" in proc.stdout
    missing = runner.invoke(app, ["check", "-C", str(demo.root), "--diff", "nope.diff"])
    assert missing.exit_code == 2 and "nope.diff: cannot read the diff" in missing.stderr


async def _session(repo: Path, calls: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=INTENTLINT, args=["mcp", "-C", str(repo)])
    out: dict[str, Any] = {}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        out["version"] = (await session.initialize()).server_info.version
        out["tools"] = sorted(t.name for t in (await session.list_tools()).tools)
        out["resources"] = [str(r.uri) for r in (await session.list_resources()).resources]
        out["active"] = (await session.read_resource("intentlint://decisions/active")).contents
        for name, arguments in calls:
            out[name] = await session.call_tool(name, arguments)
    return out


def test_mcp_server_over_stdio(demo: Repo) -> None:
    patch = patch_of(demo, CASES["T1-jwt-login"].files)
    calls = [("decisions_for", {"task": "implement the new authentication flow",
                                "budget": 60}),
             ("check_patch", {"diff": patch}),
             ("list_decisions", {"status": "superseded"}),
             ("explain", {"decision_id": "no-such-id"}),
             ("preflight", {"packages": ["left-pad"]}),
             ("list_proposals", {"all": True})]
    before = demo.state()
    got = anyio.run(_session, demo.root, calls)
    assert demo.state() == before
    assert got["tools"] == ["check_patch", "decisions_for", "explain", "list_decisions",
                            "list_proposals", "preflight"]
    assert got["resources"] == ["intentlint://decisions/active"]
    assert got["version"] == __version__  # issue 27: it was empty
    assert "| id | status |" in got["active"][0].text

    context = got["decisions_for"].structured_content
    assert context["words"] <= 60 and "Decisions that still hold" in context["markdown"]
    assert any("OAuth2" in d["text"] for d in context["decisions"])
    assert not any(d["text"].startswith("For now we authenticate") for d in context["decisions"])

    checked = got["check_patch"].structured_content
    for path, content in CASES["T1-jwt-login"].files.items():
        demo.write(path, content)
    demo.git("add", "-A")
    staged = runner.invoke(app, ["check", "-C", str(demo.root), "--format", "json"])
    demo.git("reset", "-q", "--hard", "HEAD")
    demo.git("clean", "-q", "-fd")
    assert checked["blocking"] is True
    assert findings(json.dumps(checked)) == findings(staged.stdout)
    first = checked["findings"][0]
    assert first["decision"]["source"] and first["comply"] and "intentlint: allow" in first["waive"]

    superseded = got["list_decisions"].structured_content["decisions"]
    assert superseded and all(d["status"] == "superseded" for d in superseded)
    error = got["explain"]
    assert error.is_error and "no decision 'no-such-id'" in error.content[0].text
    queue = got["list_proposals"].structured_content
    assert queue["schema"] == "intentlint/proposals/v1" and "text" in queue
    [answer] = got["preflight"].structured_content["answers"]
    assert answer == {"asked": "left-pad", "answer": "no decision", "blocked": False, "instead": [],
                      "decisions": [], "mentioned": []}


def test_mcp_without_the_extra_says_how_to_install(tmp_path: Path) -> None:
    """A Python where `mcp` cannot be imported (a shadowing stub that raises)."""
    stub = tmp_path / "stub" / "mcp"
    stub.mkdir(parents=True)
    (stub / "__init__.py").write_text("raise ImportError('not installed')\n")
    proc = subprocess.run([sys.executable, "-c", "from intentlint.entry import main; main()",
                           "mcp"], cwd=tmp_path, capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(tmp_path / "stub"), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2
    assert proc.stderr.strip() == ("intentlint: the MCP server needs the optional extra: "
                                   "pip install '.[mcp]' in intentlint's checkout (the "
                                   "README's install)")  # the README installs from a checkout


def test_the_hook_never_imports_mcp(demo: Repo) -> None:
    assert hook_probe(demo.root, "sorted(m for m in sys.modules if m.split('.')[0] in "
                      "('mcp', 'typer', 'pydantic', 'git'))") == "[]"
