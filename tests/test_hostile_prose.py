"""Committed prose cannot hang the tool (issue 22, part 3).

Each hostile input is a quarter of the hostile suite's 1 MB (`intentlint bench --suite
hostile` runs the full size): a pattern that backtracks quadratically on 250 KB still needs
some 3·10^10 steps, minutes, so a run that finishes inside the generous timeout is linear (or
bounded) by construction; no test here asserts a tight wall-clock figure. Every command
runs in one child process per case, each with its caches removed first, so each reads the
hostile source itself.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from intentlint.bench.data import data_dir
from intentlint.bench.hostile import INPUTS, SIZE, SOURCES, STAGED, TASK, files_for, hostile
from intentlint.ground.bounds import MAX_LINE, MAX_SENTENCE
from intentlint.ground.tomlfile import loads
from intentlint.reading.pack_files import bundled_rules_dir
from intentlint.reading.packs import load_rulebook
from intentlint.reading.recognise import read
from intentlint.reading.rulebook import Rulebook
from intentlint.sources.adr import parse_adr
from intentlint.sources.decisions_log import parse_log
from tests.conftest import Repo

TIMEOUT = 60  # seconds: linear work on 250 KB takes well under one; quadratic takes minutes
TEST_SIZE = SIZE // 4

# Runs every command a user or agent reaches the prose through, in one process: the hook's
# `check`, `check --commit-msg`, `decisions`, `context`, and the MCP tools' core functions.
_DRIVER = """
import contextlib, io, json, os, shutil, sys
from pathlib import Path
from intentlint import mcp_server
from intentlint.entry import main

task = sys.argv[1]
patch = ("diff --git a/config/production/db.py b/config/production/db.py\\n"
         "new file mode 100644\\n--- /dev/null\\n+++ b/config/production/db.py\\n"
         "@@ -0,0 +1 @@\\n+import sqlite3\\n")
out = {}
for root, msg in zip(sys.argv[2::2], sys.argv[3::2]):
    root = Path(root)
    os.chdir(root)  # the commands work on the repository they are run in, as a hook's do
    codes = {}
    for args in (["check"], ["check", "--commit-msg", msg], ["decisions"], ["context", task]):
        shutil.rmtree(root / ".git" / "intentlint", ignore_errors=True)
        sys.argv = ["intentlint", *args]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                main()
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 0
        codes[" ".join(args[:2])] = code
    shutil.rmtree(root / ".git" / "intentlint", ignore_errors=True)
    listed = mcp_server._list(root, "all")
    mcp_server._decisions_for(root, task, [], None, None)
    mcp_server._check_patch(root, patch)
    mcp_server._active_markdown(root)
    ids = [d["id"] for d in listed["decisions"]]
    for decision_id in ids:
        mcp_server._explain(root, decision_id)
    out[str(root)] = {"codes": codes, "ids": ids}
print(json.dumps(out))
"""


def _hostile_repo(repo: Repo, source: str, text: str) -> Path:
    files, message = files_for(source, text)
    for path, content in files.items():
        repo.write(path, content)
    repo.git("add", "-A")
    repo.git("commit", "-q", "-m", "Add the application")
    msg = repo.root.parent / "COMMIT_EDITMSG"
    msg.write_text(message if source == "commit" else "Work on the database\n")
    if source == "commit":  # large: through a file, not the argument list
        repo.git("commit", "-q", "--allow-empty", "-F", str(msg))
    repo.write(*STAGED)
    repo.git("add", "--", STAGED[0])
    return msg


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_hostile_prose_finishes(tmp_path: Path, name: str) -> None:
    """One input in every source (each in a repository of its own), through one process."""
    roots: dict[str, tuple[Path, Path]] = {}
    for source in SOURCES:
        root = tmp_path / source / "repo"
        root.mkdir(parents=True)
        repo = Repo(root)
        repo.git("init", "-q", "-b", "main")
        roots[source] = (root, _hostile_repo(repo, source, hostile(name, TEST_SIZE)))
    pairs = [str(p) for root, msg in roots.values() for p in (root, msg)]
    try:
        proc = subprocess.run([sys.executable, "-c", _DRIVER, TASK, *pairs],
                              capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{name}: still running after {TIMEOUT} s; a pattern backtracks on it "
                    "(bound its input in intentlint/ground/bounds.py)")
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = json.loads(proc.stdout)
    for source, (root, _) in roots.items():
        result = results[str(root)]
        # 2 would be an error; the hostile source is read, not refused
        assert all(code in (0, 1) for code in result["codes"].values()), (source, result)
        assert result["ids"], f"{name} in the {source}: the decision is still listed"


@pytest.fixture(scope="module")
def rules() -> Rulebook:
    return load_rulebook([bundled_rules_dir()])


def test_real_decision_sentences_are_far_from_the_bound() -> None:
    cases = loads((data_dir() / "recognition.toml").read_text())["cases"]
    assert max(len(c["text"]) for c in cases) * 3 < MAX_SENTENCE


def test_a_cut_sentence_binds_nothing_and_says_so(rules: Rulebook) -> None:
    whole = read("Production must use PostgreSQL" + "-" * (MAX_SENTENCE - 40), rules, ())
    assert [str(f.effect) for f in whole.found] == ["database_engine = postgresql"]
    cut = read("Production must use PostgreSQL" + "-" * MAX_SENTENCE, rules, ())
    assert not cut.found
    assert cut.candidates == ("database_engine = postgresql",)
    assert cut.unclear == (f"a sentence of {MAX_SENTENCE + 30:,} characters was read to its "
                           f"first {MAX_SENTENCE:,}; what follows may change the reading",)


def test_a_cut_sentence_that_mentions_nothing_is_a_note(rules: Rulebook) -> None:
    reading = read("a" * (MAX_SENTENCE + 1), rules, ())
    assert not reading.unclear
    assert reading.why() == (f"a sentence of {MAX_SENTENCE + 1:,} characters was read to its "
                             f"first {MAX_SENTENCE:,}",)


def test_log_headings_and_fields_stay_whole_beyond_the_line_bound() -> None:
    title = "Database " + "x" * (2 * MAX_LINE)
    log = f"## D1: {title}\nscope: {'p' * (2 * MAX_LINE)}\n\nProduction must use PostgreSQL.\n"
    [record] = parse_log(log, "DECISIONS.md")
    assert record.title == title
    assert record.scope == "p" * (2 * MAX_LINE)


def test_adr_reads_structure_from_cut_lines_and_its_decision_whole() -> None:
    long = "Production must use PostgreSQL " + "-" * (2 * MAX_LINE)
    doc = parse_adr(f"# 2. Database\n\n## Status\n\nAccepted {'1' * 2 * MAX_LINE}\n\n"
                    f"## Decision\n\n{long}\n\n## Consequences\n\nNone.\n", "docs/adr/0002-x.md")
    assert doc.status == "accepted"
    assert doc.decision_text == long
    assert doc.problems == (f"line 5: a line of {2 * MAX_LINE + 9:,} characters was read to its "
                            f"first {MAX_LINE:,}",)
