from __future__ import annotations

import pytest

from intentlint.enforcing.checks import Enforced, check_changes
from intentlint.enforcing.diff import FileChange
from intentlint.enforcing.waivers import parse_waiver
from intentlint.ground.config import Config, Scope
from intentlint.ground.globs import Globs
from intentlint.ground.records import Decision, Effect, Source, Status, Verdict
from intentlint.reading.rulebook import CheckDef, EffectDef
from tests.conftest import Repo


def change(path: str, added: list[str] = (), removed: list[str] = (), *,
           start: int = 1, status: str = "M") -> FileChange:  # type: ignore[assignment]
    return FileChange(path, None, status, "100644", "100644", False,
                      tuple((start + i, t) for i, t in enumerate(added)),
                      tuple((start, t) for t in removed), ())


def rule(kind: str, *, scope: str | None = None, id: str = "D1", decision_kind: str = "constraint",
         value: str = "v", **check: object) -> Enforced:
    record = Decision(id, "t", "the decision text", decision_kind, Source("log", "DECISIONS.md", 3),
                      "2026-01-01", 0, "api", scope, Effect("k", value))
    definition = CheckDef(name="c", kind=kind, message="msg {value}",
                          paths=check.pop("paths", Globs()), **check)  # type: ignore[arg-type]
    effect = EffectDef("p", "p.toml", "api", "k", value, None, (), False, None, "", (definition,))
    severity = "warning" if decision_kind == "preference" else "error"
    return Enforced(Verdict(record, Status.ACTIVE), effect, definition, severity)


CONFIG = Config(scopes=(Scope("production", ("config/production/**",), ("release/*",)),))


@pytest.mark.parametrize(
    ("enforced", "changes", "expected"),
    [
        pytest.param(rule("forbid-added", pattern=r"\bjwt\b"), [change("a.py", ["import jwt"])],
                     [("a.py", 1, "error")], id="forbid-added"),
        pytest.param(rule("forbid-added", pattern=r"\bjwt\b", unless="legacy"),
                     [change("a.py", ["import jwt  # legacy"])], [], id="unless"),
        pytest.param(rule("forbid-added", pattern="x", paths=Globs(["*.py"], ["tests/**"])),
                     [change("tests/a.py", ["x"]), change("a.js", ["x"]), change("b.py", ["x"])],
                     [("b.py", 1, "error")], id="paths-and-excludes"),
        pytest.param(rule("forbid-added", pattern="sqlite", scope="production"),
                     [change("config/production/db.yml", ["url: sqlite://"]),
                      change("config/prototype/db.yml", ["url: sqlite://"])],
                     [("config/production/db.yml", 1, "error")], id="scoped-by-path"),
        pytest.param(rule("forbid-added", pattern="sqlite"),
                     [change("pnpm-lock.yaml", ["  better-sqlite3: '>=9.0.0'"]),
                      change("services/api/package-lock.json", ['"sqlite3": "5.1.7"']),
                      change("services/api/db.ts", ["const url = 'sqlite://dev.db'"])],
                     [("services/api/db.ts", 1, "error")], id="lockfiles-are-not-read"),
        pytest.param(rule("forbid-added", pattern="x", decision_kind="preference"),
                     [change("a.py", ["x"])], [("a.py", 1, "warning")], id="preference-warns"),
        pytest.param(rule("forbid-removed", pattern=r'"(\w+)":', readded=True),
                     [change("api.py", ['    "email": u.email,'], ['    "email": user.email'])],
                     [], id="removed-then-readded"),
        pytest.param(rule("forbid-removed", pattern=r'"(\w+)":', readded=True),
                     [change("api.py", [], ['    "email": user.email,'])],
                     [("api.py", 1, "error")], id="removed-field"),
        pytest.param(rule("forbid-removed", pattern=r"\b({items})\b", readded=True,
                          value="Overview, Errors"),
                     [change("dash.js", [], ['{ title: "Errors" },'])], [("dash.js", 1, "error")],
                     id="value-items-template"),
        pytest.param(rule("require", trigger=r"@app\.get", pattern="limiter", near=2),
                     [change("a.py", ["@app.get('/x')", "def x(): ..."])],
                     [("a.py", 1, "error")], id="require-nearby-missing"),
        pytest.param(rule("require", trigger=r"@app\.get", pattern="limiter", near=2),
                     [change("a.py", ["@app.get('/x')", "@limiter.limit('1/s')"])], [],
                     id="require-nearby-present"),
        pytest.param(rule("require", trigger=r"@app\.get", touch=Globs(["tests/integration/**"])),
                     [change("a.py", ["@app.get('/x')"]),
                      change("tests/integration/test_x.py", ["def test(): ..."])], [],
                     id="require-touch-present"),
        pytest.param(rule("require", trigger=r"@app\.get", touch=Globs(["tests/integration/**"])),
                     [change("a.py", ["@app.get('/x')"]),
                      change("tests/integration/old.py", [], ["x"], status="D")],
                     [("a.py", 1, "error")], id="require-touch-deleted-does-not-count"),
    ],
)
def test_check_kinds(enforced: Enforced, changes: list[FileChange],
                     expected: list[tuple[str, int, str]]) -> None:
    findings = check_changes(changes, [enforced], CONFIG, branch="main")
    assert [(f.path, f.line, f.severity) for f in findings] == expected


def test_branch_puts_every_file_in_scope() -> None:
    enforced = rule("forbid-added", pattern="sqlite", scope="production")
    changes = [change("anywhere.yml", ["sqlite"])]
    assert check_changes(changes, [enforced], CONFIG, branch="main") == []
    assert len(check_changes(changes, [enforced], CONFIG, branch="release/1.2")) == 1


def test_message_names_the_value() -> None:
    (finding,) = check_changes([change("a.py", ["x"])],
                               [rule("forbid-added", pattern="x", value="dark")], CONFIG, None)
    assert finding.message == "msg dark" and finding.decision_id == "D1"


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["import jwt  # intentlint: allow D1 -- vendored client"], []),
        (["# intentlint: allow D1 -- vendored client", "import jwt"], []),
        (["import jwt  # intentlint: allow D1"], [("a.py", 1, None), ("a.py", 1, "D1")]),
        (["import jwt  # intentlint: allow D9 -- wrong id"],
         [("a.py", 1, None), ("a.py", 1, "D1")]),
        (["ok = 1  # intentlint: allow D1 -- nothing here"], [("a.py", 1, None)]),
    ],
)
def test_waivers(lines: list[str], expected: list[tuple[str, int, str | None]]) -> None:
    findings = check_changes([change("a.py", lines)],
                             [rule("forbid-added", pattern=r"\bjwt\b")], CONFIG, None)
    assert [(f.path, f.line, f.decision_id) for f in findings] == expected


def test_waiver_syntax_in_several_comment_styles() -> None:
    assert parse_waiver("x  # intentlint: allow R3 -- demo") == (("R3",), "demo")
    assert parse_waiver("/* intentlint: allow C-1a2b3c4d, ADR-0002 -- why */") == (
        ("C-1a2b3c4d", "ADR-0002"), "why")
    assert parse_waiver("<!-- intentlint: allow R6 -- moved -->") == (("R6",), "moved")
    assert parse_waiver("nothing to see") is None


def test_every_kind_a_pack_may_name_has_an_implementation() -> None:
    from intentlint.enforcing import checks as checking
    from intentlint.reading import rulebook as packs

    assert set(packs.CHECK_KINDS) <= set(checking.CHECK_KINDS)
    # the kinds no pack writes: what a dependency decision implies for manifests, and for
    # the lockfile of a package manager it avoids
    assert set(checking.CHECK_KINDS) - set(packs.CHECK_KINDS) == {"forbid-dependency",
                                                                   "forbid-lockfile"}


GO_TYPES = ('package v1\n\ntype Machine struct {\n\tName string `json:"name"`\n'
            '\tPhase string `json:"phase,omitempty"`\n}\n')
GO_CONTROLLER = ('package machine\n\nfunc setup() {\n\tstore(map[string]any{\n'
                 '\t\tmachineGR: &Machine{},\n\t\tsetGR: &MachineSet{},\n\t})\n}\n')


def test_a_go_response_field_is_a_tagged_struct_field_not_a_literals_value(repo: Repo) -> None:
    """cluster-api (round 16, judged blind): an API rule blocked nine refactors, each for a
    removed `machineGR: &clusterv1.Machine{},` (a map entry in a Kubernetes controller), and
    showed the removed line as the hunk's last one, `}).`."""
    from typer.testing import CliRunner

    from intentlint.cli import app

    repo.commit("Types", ("DECISIONS.md", "## D1: Stable API\neffect: preserves_old_fields = "
                                          "true\n\nResponses stay backward compatible.\n"),
                ("api/v1/types.go", GO_TYPES), ("controllers/machine.go", GO_CONTROLLER))

    def check() -> tuple[int, str]:
        repo.git("add", "-A")
        result = CliRunner().invoke(app, ["check", "-C", str(repo.root)])
        repo.git("reset", "-q", "--hard")
        return result.exit_code, result.stdout

    repo.write("controllers/machine.go", GO_CONTROLLER.replace("\t\tmachineGR: &Machine{},\n", ""))
    code, out = check()
    assert code == 0 and "error" not in out
    repo.write("api/v1/types.go", GO_TYPES.replace('\tName string `json:"name"`\n', "")
               .replace('\tPhase string `json:"phase,omitempty"`\n', ""))
    code, out = check()
    assert code == 1 and out.count("api/v1/types.go:4: error [D1]") == 2
    # each finding shows its own removed line, not the last one removed at that place
    assert '- Name string `json:"name"`' in out and '- Phase string `json:"phase,omitempty"`' in out
