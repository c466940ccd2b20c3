"""The built wheel, installed into a fresh virtual environment, carries its packs and data."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from intentlint.ground.tomlfile import loads
from tests.conftest import built_once

ROOT = Path(__file__).resolve().parent.parent
# The installed console script must import the installed package: a PYTHONPATH that points
# at a checkout (as a worktree's test run sets it) would shadow it.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
pytestmark = pytest.mark.index  # pip installs the wheel's dependencies


def _install_the_wheel(work: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(work / "dist"), str(ROOT)], check=True)
    (wheel,) = (work / "dist").glob("intentlint-*.whl")
    # A bare environment; this interpreter's pip installs into it (its dependencies too,
    # from the index, as a user's pip would).
    venv.create(work / "venv", with_pip=False)
    python = work / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    str(wheel)], check=True)


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory, package_index: None) -> Path:
    """The wheel built and installed once per run, shared by every xdist worker."""
    work = built_once(tmp_path_factory, "wheel", _install_the_wheel)
    return work / "venv" / ("Scripts" if os.name == "nt" else "bin")


def test_bench_runs_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    proc = subprocess.run([str(installed / "intentlint"), "bench"], cwd=tmp_path,
                          capture_output=True, text=True, check=False, env=CLEAN_ENV)
    assert proc.returncode == 0, proc.stderr
    assert "intent-aware                     8/8" in proc.stdout
    assert "intent-aware      12/12" in proc.stdout


def test_bundled_packs_ship_in_the_wheel(installed: Path, tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    proc = subprocess.run([str(installed / "intentlint"), "rules"], cwd=tmp_path,
                          capture_output=True, text=True, check=False, env=CLEAN_ENV)
    assert proc.returncode == 0, proc.stderr
    packs = len(list((Path(__file__).resolve().parent.parent / "rules").glob("*.toml")))
    assert "auth_method = oauth2" in proc.stdout and f"{packs} pack(s)" in proc.stdout
    assert "site-packages" in proc.stdout  # read from the installed package, not a checkout
    # `rules` validates by the published pack schema, which ships in the package
    assert list(installed.parent.rglob("intentlint/schema/pack.schema.json"))
    # the data beside the packs ships too: preflight reads the alias table
    proc = subprocess.run([str(installed / "intentlint"), "preflight", "Moment.js"],
                          cwd=tmp_path, capture_output=True, text=True, check=False, env=CLEAN_ENV)
    assert proc.returncode == 0 and "Moment.js: no decision" in proc.stdout, proc.stderr


def test_recognition_suite_runs_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    proc = subprocess.run([str(installed / "intentlint"), "bench", "--suite", "recognition"],
                          cwd=tmp_path, capture_output=True, text=True, check=False, env=CLEAN_ENV)
    assert proc.returncode == 0, proc.stderr
    corpus = loads((ROOT / "bench" / "data" / "recognition.toml").read_text(encoding="utf-8"))
    whole = re.search(r"^whole corpus\s+(\d+)\s", proc.stdout, re.MULTILINE)
    assert "held-back part" in proc.stdout and whole is not None
    assert int(whole.group(1)) == len(corpus["cases"])
