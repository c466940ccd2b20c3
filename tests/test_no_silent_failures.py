"""Every configured thing that matches nothing is an error: exit 2, one line each with file
and field, all at once — a broken decision set must never look like a clean one."""

from __future__ import annotations

import subprocess

import pytest
from typer.testing import CliRunner

from intentlint.cli import app
from tests.conftest import Repo

runner = CliRunner()
PACK = """
[pack]
name = "{name}"
[components.{name}c]
keywords = ["x"]
[[effects]]
component = "{name}c"
key = "{name}_key"
{body}
"""


def errors(repo: Repo, command: str = "decisions") -> tuple[int, list[str]]:
    result = runner.invoke(app, [command, "-C", str(repo.root)])
    return result.exit_code, [line for line in result.stderr.splitlines() if line]


def test_a_clean_repository_is_quiet(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: Use PostgreSQL\n\nWe use PostgreSQL.\n"))
    result = runner.invoke(app, ["decisions", "-C", str(repo.root)])
    assert result.exit_code == 0 and result.stderr == "" and "problem" not in result.stdout
    repo.write("app.py", "x = 1\n")
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root)])
    assert result.exit_code == 0 and "note:" not in result.stdout


def test_configured_paths_that_do_not_exist(repo: Repo) -> None:
    repo.commit("Config", (".intentlint.toml", 'decisions = ["docs/DECISIONS.md"]\n'
                                               'adr = ["docs/architecture"]\n'
                                               'rules = ["lint/packs"]\n'))
    code, lines = errors(repo)
    assert code == 2 and lines == [
        "intentlint: .intentlint.toml: decisions: 'docs/DECISIONS.md': no such file in the "
        "repository; create it or fix the path",
        "intentlint: .intentlint.toml: adr: 'docs/architecture': no such folder in the "
        "repository; create it or fix the path",
        "intentlint: .intentlint.toml: rules: 'lint/packs': no such folder in the repository; "
        "create it or fix the path"]


def test_the_hook_refuses_on_every_commit_until_it_is_fixed(repo: Repo) -> None:
    repo.commit("Config", (".intentlint.toml", 'decisions = ["docs/DECISIONS.md"]\n'))
    assert runner.invoke(app, ["hook", "install", "-C", str(repo.root)]).exit_code == 0
    repo.write("app.py", "x = 1\n")
    repo.git("add", "-A")
    proc = subprocess.run(["git", "commit", "-q", "-m", "Work"], cwd=repo.root,
                          capture_output=True, text=True, check=False)
    assert proc.returncode != 0 and "docs/DECISIONS.md" in proc.stderr  # the hook exits 2


@pytest.mark.parametrize(("line", "message"), [
    ("scpoe: staging", "unknown field 'scpoe'; did you mean 'scope'?"),
    ("supercedes: D1", "unknown field 'supercedes'; did you mean 'supersedes'?"),
    ("owner: platform", "unknown field 'owner'; fields are"),
])
def test_unknown_field_under_a_heading(repo: Repo, line: str, message: str) -> None:
    repo.commit("Log", ("DECISIONS.md", f"## D1: A\n\nText.\n\n## D2: B\n{line}\n\nText.\n"))
    code, lines = errors(repo)
    assert code == 2 and len(lines) == 1
    assert lines[0].startswith("intentlint: DECISIONS.md:6: ") and message in lines[0]


def test_prose_after_a_blank_line_is_not_a_field(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: A\n\nNote: this is prose.\n"))
    assert errors(repo)[0] == 0


def test_a_scope_the_configuration_does_not_define(repo: Repo) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: Staging database\nscope: stagign\n\nSQLite.\n"))
    code, lines = errors(repo)
    assert code == 2 and lines == [
        "intentlint: DECISIONS.md:1: scope: 'stagign' is not a scope the configuration "
        "defines; did you mean 'staging'? add [scopes.stagign] with its paths or branches"]


def test_severity_for_an_id_no_decision_has(repo: Repo) -> None:
    repo.commit("Config", (".intentlint.toml", '[severity]\nD99 = "off"\npreference = "off"\n'),
                ("DECISIONS.md", "## D1: A\n\nText.\n"))
    code, lines = errors(repo)
    assert code == 2 and lines == ["intentlint: .intentlint.toml: severity.D99: no decision has "
                                   "this id (ids are listed by `intentlint decisions`)"]


def test_bad_severity_value_reads_as_toml(repo: Repo) -> None:
    repo.commit("Config", (".intentlint.toml", "[severity]\npreference = true\n"))
    code, lines = errors(repo)
    assert code == 2 and "severity.preference: true is not one of" in lines[0]


@pytest.mark.parametrize(("body", "field", "message"), [
    ("value-group = 3\nrecognise = ['use (\\w+)']", "value-group",
     "group 3, but recognise[0] has 1 group(s)"),
    ('value = "v"\nrecognise = [\'\\bqqq\\b\']\n[[effects.checks]]\nkind = "forbid-added"\n'
     "pattern = '{valeu}'\nmessage = \"m\"", "pattern", "unknown placeholder {valeu}"),
    ('value = "v"\nrecognise = [\'\\bqqq\\b\']\n[[effects.checks]]\nkind = "forbid-added"\n'
     "pattern = 'x'\npaths = ['src/[a-']\nmessage = \"m\"", "paths", "bad glob"),
])
def test_pack_mistakes(repo: Repo, body: str, field: str, message: str) -> None:
    repo.write(".intentlint/rules/team.toml", PACK.format(name="team", body=body))
    repo.commit("Pack")
    code, lines = errors(repo, "rules")
    assert code == 2 and len(lines) == 1
    assert ".intentlint/rules/team.toml: effects[0]" in lines[0] and field in lines[0]
    assert message in lines[0]


def test_two_packs_with_one_name(repo: Repo) -> None:
    for file in ("a", "b"):
        repo.write(f".intentlint/rules/{file}.toml",
                   PACK.format(name="team", body="value = \"v\"\nrecognise = ['x']"))
    repo.write(".intentlint/rules/api.toml", PACK.format(name="api", body="value = \"v\""))
    repo.commit("Packs")
    code, lines = errors(repo, "rules")
    assert code == 2 and len(lines) == 2
    assert "b.toml: pack.name: pack name 'team' is taken by .intentlint/rules/a.toml" in lines[1]
    assert "api.toml: pack.name: pack name 'api' is taken by a bundled pack" in lines[0]


def test_a_repository_pack_replaces_a_bundled_one_only_when_it_says_so(repo: Repo) -> None:
    repo.write(".intentlint/rules/api.toml",
               PACK.format(name="api", body="value = \"v\"").replace(
                   'name = "api"', 'name = "api"\nreplaces = "api"'))
    repo.commit("Pack")
    result = runner.invoke(app, ["rules", "-C", str(repo.root), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert "rate_limited" not in result.stdout and "api_key" in result.stdout


def test_config_adds_paths_to_a_bundled_pack(repo: Repo) -> None:
    log = "## D1: No internal ids\n\nNever expose internal database ids in API responses.\n"
    repo.commit("Log", ("DECISIONS.md", log))
    leaky = 'def show(user):\n    return {"id": user.id}\n'
    repo.write("src/payments/billing.py", leaky)
    repo.git("add", "-A")
    assert runner.invoke(app, ["check", "-C", str(repo.root)]).exit_code == 0
    repo.write(".intentlint.toml", '[packs.security]\npaths = ["src/payments/**"]\n')
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root)])
    assert result.exit_code == 1 and "src/payments/billing.py:2: error [D1]" in result.stdout
    repo.write(".intentlint.toml", '[packs.secruity]\npaths = ["src/payments/**"]\n')
    code, lines = errors(repo, "check")
    assert code == 2 and "packs.secruity: no pack is named 'secruity'" in lines[0]


@pytest.mark.parametrize(("path", "line"), [
    ("shop/views.py", '    return JsonResponse({"id": order.id})'),          # Django
    ("shop/serializers.py", '        data["order_id"] = order.pk'),
    ("src/payments/api.py", '    return {"id": payment.id}'),                    # FastAPI
    ("src/users.routes.ts", "  res.json({ id: user.id });"),                     # Express
    ("src/users/users.controller.ts", "    return { userId: user.id };"),        # NestJS
    ("app/controllers/users_controller.rb", "    render json: { id: user.id }"),  # Rails
    ("internal/http/handlers.go", "\twriteJSON(w, map[string]any{\"id\": u.ID})"),  # Go
])
def test_internal_id_check_finds_api_code_where_frameworks_put_it(
        repo: Repo, path: str, line: str) -> None:
    repo.commit("Log", ("DECISIONS.md", "## D1: No internal ids\n\nNever expose internal "
                                        "database ids in API responses.\n"))
    repo.write(path, line + "\n")
    repo.write(f"tests/{path.rsplit('/', 1)[-1]}", line + "\n")  # tests are not API code
    repo.git("add", "-A")
    result = runner.invoke(app, ["check", "-C", str(repo.root)])
    assert result.exit_code == 1, result.stdout
    assert f"{path}:1: error [D1]" in result.stdout and "tests/" not in result.stdout
