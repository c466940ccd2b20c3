"""The documentation holds together: the README stays a front door, every relative link and
anchor resolves as GitHub renders it, and every table on the benchmark page is what
`bench/scripts/tables.py` prints from the data (or from the suite it runs)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from intentlint.ground.tomlfile import loads

ROOT = Path(__file__).resolve().parent.parent
BENCH_PAGE = ROOT / "bench" / "README.md"
PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", BENCH_PAGE,
                *(ROOT / "docs").glob("*.md")])

FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def prose(text: str) -> str:
    """The text without fenced code blocks and inline code, where links are not links."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        lines.append("" if fenced else line)
    return re.sub(r"(`+).*?\1", "", "\n".join(lines))


def slug(heading: str) -> str:
    """GitHub's heading anchor (github-slugger): the rendered text, lower-cased, punctuation
    dropped except hyphens and underscores, spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in prose(path.read_text(encoding="utf-8")).splitlines():
        found = HEADING.match(line)
        if not found:
            continue
        base = slug(found.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(path: Path) -> list[str]:
    text = prose(path.read_text(encoding="utf-8"))
    return LINK.findall(text) + REFERENCE.findall(text)


@pytest.mark.parametrize(("heading", "expected"), [
    ("Replay suite: real histories", "replay-suite-real-histories"),
    ("The decisions log (`DECISIONS.md`)", "the-decisions-log-decisionsmd"),
    ("Reading decisions: polarity, and \"needs confirmation\"",
     "reading-decisions-polarity-and-needs-confirmation"),
    ("The published experiment's own data", "the-published-experiments-own-data"),
    ("Retrieval suite: does an agent get the ADRs its task needs?",
     "retrieval-suite-does-an-agent-get-the-adrs-its-task-needs"),
    ("[0.2.0] - 2026-12-03", "020---2026-12-03"),
    ("snake_case and — dashes", "snake_case-and--dashes"),
])
def test_slugs_follow_githubs_rules(heading: str, expected: str) -> None:
    assert slug(heading) == expected


def test_the_readme_is_a_front_door() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines; move reference to docs/"


def test_the_readme_reaches_configuration_packs_and_ci_directly() -> None:
    """A new user reaches configuration, the pack format and CI use in one click (docs/
    README.md is the second way in)."""
    targets = {link.split("#")[0] for link in links(ROOT / "README.md")}
    assert {"docs/configuration.md", "docs/packs.md", "docs/ci.md"} <= targets


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.exists():
            broken.append(f"{target}: no such file")
        elif not resolved.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            broken.append(f"{target}: no heading with that anchor in {resolved.name}")
        elif anchor and resolved.suffix != ".md":
            broken.append(f"{target}: an anchor into a file that is not markdown")
    assert not broken, broken


def test_links_are_found_and_checked() -> None:
    """The link check reads what it should: a broken link and a broken anchor are caught."""
    page = ROOT / "docs" / "configuration.md"
    assert any(t.startswith("packs.md#") for t in links(page))
    assert "extending-a-bundled-pack" in anchors(ROOT / "docs" / "packs.md")
    assert "no-such-heading" not in anchors(ROOT / "docs" / "packs.md")


# --- the benchmark page's tables --------------------------------------------------------


def tables_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_tables", ROOT / "bench" / "scripts"
                                                  / "tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tables"] = module
    spec.loader.exec_module(module)
    return module


TABLES = tables_script()


def page_tables() -> dict[str, list[str]]:
    """Each `<!-- table: NAME -->` marker and the table right under it."""
    lines = BENCH_PAGE.read_text(encoding="utf-8").splitlines()
    out: dict[str, list[str]] = {}
    for i, line in enumerate(lines):
        marker = re.fullmatch(r"<!-- table: ([\w-]+) -->", line.strip())
        if marker:
            body = []
            for row in lines[i + 1:]:
                if not row.startswith("|"):
                    break
                body.append(row)
            assert marker.group(1) not in out, f"two tables marked {marker.group(1)}"
            out[marker.group(1)] = body
    return out


def test_every_table_the_script_prints_is_on_the_page() -> None:
    assert set(page_tables()) == set(TABLES.TABLES)


@pytest.mark.parametrize("name", sorted(TABLES.TABLES))
def test_bench_page_table_is_what_the_data_says(name: str) -> None:
    """Regenerate with `python bench/scripts/tables.py NAME` when a figure changes."""
    assert page_tables()[name] == TABLES.TABLES[name](), \
        f"bench/README.md's {name} table differs from `python bench/scripts/tables.py {name}`"


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
    # the page's claim that no replayed commit is blocked is the data's
    blocked = sum(sum(r["blocked"].values()) for r in repos)
    assert blocked == 0 and "No commit of any of the sixty-two ranges is blocked" in \
        BENCH_PAGE.read_text(encoding="utf-8")


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
