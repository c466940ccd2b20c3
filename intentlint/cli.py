"""The command line: arguments in, one core call, rendered text out, an exit code back.

Only this module sees typer. Exit codes: 0 clean (or warnings only), 1 blocking findings,
2 usage or configuration error, 3 internal error.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from intentlint import __version__
from intentlint.ground.errors import EXIT_INTERNAL, IntentlintError, UsageError
from intentlint.ground.records import STATUS_FILTERS
from intentlint.hookrun import (
    CHECK_FILES_HELP,
    CHECK_OPTIONS,
    FORMATS,
    CheckArgs,
    run_check_command,
)

app = typer.Typer(
    name="intentlint", add_completion=False, no_args_is_help=True,
    pretty_exceptions_enable=False, rich_markup_mode=None,
    help="Keep a repository's decisions alive: mine them, verify which still hold, and block "
         "commits that break them.")
hook_app = typer.Typer(no_args_is_help=True, help="Install or remove native git hooks.")
app.add_typer(hook_app, name="hook")

T = TypeVar("T")


class DecisionsFormat(str, Enum):
    table = "table"
    json = "json"
    markdown = "markdown"
    mermaid = "mermaid"


# The records' statuses, and the other filters, as the core lists them.
StatusFilter = Enum("StatusFilter", {f.replace("-", "_"): f for f in STATUS_FILTERS},  # type: ignore[misc]
                    type=str)


CheckFormat = Enum("CheckFormat", {f: f for f in FORMATS}, type=str)  # type: ignore[misc]


class ContextFormat(str, Enum):
    markdown = "markdown"
    json = "json"


class TextJson(str, Enum):
    text = "text"
    json = "json"


class Suite(str, Enum):
    seed = "seed"
    hook = "hook"
    all = "all"
    recognition = "recognition"
    replay = "replay"
    deps = "deps"
    retrieval = "retrieval"
    scale = "scale"
    hostile = "hostile"


class Stage(str, Enum):
    pre_commit = "pre-commit"
    commit_msg = "commit-msg"


RepoOpt = Annotated[Path, typer.Option("--repo", "-C", help="Repository to work in.",
                                       show_default=False)]


def _guard(body: Callable[[], T]) -> T:
    """The one error handler: known errors as one clean message, the rest as exit 3."""
    try:
        return body()
    except IntentlintError as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            typer.echo(f"intentlint: {line}", err=True)
        raise typer.Exit(exc.exit_code) from None
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        raise
    except Exception as exc:  # the promise is: never a traceback
        typer.echo(f"intentlint: internal error: {type(exc).__name__}: {exc} "
                   "(please report this with the command you ran)", err=True)
        raise typer.Exit(EXIT_INTERNAL) from None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"intentlint {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option("--version", callback=_version,
                                                is_eager=True, help="Show the version.")] = False
          ) -> None:
    """intentlint command line."""


@app.command()
def init(repo: RepoOpt = Path(".")) -> None:
    """Write a starter .intentlint.toml and DECISIONS.md (never overwrites) and show the
    pre-commit snippet."""
    from intentlint.commands.hook_install import work_tree
    from intentlint.commands.init import PRE_COMMIT_SNIPPET, init_repo

    result = _guard(lambda: init_repo(work_tree(repo), date.today().isoformat()))
    for name in result.written:
        typer.echo(f"wrote {name}")
    for name in result.kept:
        typer.echo(f"kept {name} (already there)")
    typer.echo("\nAdd intentlint to .pre-commit-config.yaml:\n\n" + PRE_COMMIT_SNIPPET)
    typer.echo("or, without pre-commit: intentlint hook install")


@app.command()
def decisions(
    repo: RepoOpt = Path("."),
    status: Annotated[StatusFilter, typer.Option(help="Which records to list.")
                      ] = StatusFilter.all,  # type: ignore[attr-defined]
    at: Annotated[str | None, typer.Option(help="What held at this revision (files and "
                                                   "history as of REV).")] = None,
    fmt: Annotated[DecisionsFormat, typer.Option("--format", "-f")] = DecisionsFormat.table,
) -> None:
    """List decision records with status, scope, source, date and whether they are enforced.
    Proposals from commit prose are counted, not listed (`--status proposed` lists them;
    `intentlint proposals` is their review queue)."""
    from intentlint.enforcing.evidence import weighed_snapshot
    from intentlint.holding.proposals import listed
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import decisions as render

    def body() -> str:
        ws = open_workspace(repo)
        snap = weighed_snapshot(ws, at)
        chosen, ledger, queued = listed(ws, snap.ledger, status.value)
        return render.FORMATS[fmt.value](chosen, ws.rules, ledger, queued)

    typer.echo(_guard(body), nl=False)


@app.command()
def proposals(
    repo: RepoOpt = Path("."),
    fmt: Annotated[TextJson, typer.Option("--format", "-f")] = TextJson.text,
    show_all: Annotated[bool, typer.Option("--all", help="Also list the adopted and dismissed "
                                                         "ones (with reasons), and every "
                                                         "proposal of a contested key.")
                        ] = False,
) -> None:
    """The review queue of decisions commit prose proposed, likely decisions first: each with
    its sentence, commit, author, date and the folders its commit touched; a key commit prose
    keeps flipping is shown once, as contested."""
    from intentlint.commands.proposals import build_queue
    from intentlint.holding.ledger import point_at, snapshot
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import proposals as render

    def body() -> str:
        ws = open_workspace(repo)
        snap = snapshot(ws, point_at(ws, None))
        return render.FORMATS[fmt.value](build_queue(ws, snap.ledger, show_all))

    typer.echo(_guard(body), nl=False)


class AdoptKind(str, Enum):
    constraint = "constraint"
    decision = "decision"
    preference = "preference"


ProposalArg = Annotated[str, typer.Argument(
    metavar="ID", help="A proposal's id (C-1a2b3c4d, listed by `intentlint proposals`), or a "
                       "revision whose commit made one, e.g. HEAD.")]


@app.command()
def adopt(
    proposal_id: ProposalArg,
    repo: RepoOpt = Path("."),
    scope: Annotated[str | None, typer.Option(help="A scope the configuration defines, or "
                                                      "'all' for everywhere (default: the one "
                                                      "covering every file its commit touched, "
                                                      "if any).")] = None,
    kind: Annotated[AdoptKind | None, typer.Option("--as", help="Its kind (default: as "
                                                               "read).")] = None,
) -> None:
    """Adopt a proposal: append it to the decisions log as an entry citing its commit, and
    print the entry. It binds from the next commit on; nothing else in the log changes."""
    from intentlint.commands.adopt import AdoptOptions, read_log_text
    from intentlint.commands.adopt import adopt as adopt_one
    from intentlint.holding.ledger import point_at, snapshot
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import proposals as render

    def body() -> str:
        ws = open_workspace(repo)
        read_log_text(ws)  # a log that does not parse: one line, before anything is mined
        snap = snapshot(ws, point_at(ws, None))
        options = AdoptOptions(proposal_id, date.today().isoformat(), scope,
                               kind.value if kind else None)
        return render.adopted(adopt_one(ws, snap.ledger, options))

    typer.echo(_guard(body), nl=False)


@app.command()
def dismiss(
    proposal_id: ProposalArg,
    repo: RepoOpt = Path("."),
    reason: Annotated[str, typer.Option(help="Why it is not a decision (kept in the file, "
                                             "shown by `proposals --all`).")] = "",
) -> None:
    """Dismiss a proposal for good: record it in .intentlint/dismissed.toml (commit that file
    so it holds in every clone)."""
    from intentlint.commands.dismiss import dismiss as dismiss_one
    from intentlint.holding.ledger import point_at, snapshot
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import proposals as render

    def body() -> str:
        ws = open_workspace(repo)
        snap = snapshot(ws, point_at(ws, None))
        return render.dismissed(dismiss_one(ws, snap.ledger, proposal_id, reason,
                                            date.today().isoformat()))

    typer.echo(_guard(body), nl=False)


@app.command()
def explain(
    decision_id: Annotated[str, typer.Argument(metavar="ID", help="A decision id, e.g. D3, "
                                                                  "ADR-0002 or C-1a2b3c4d.")],
    repo: RepoOpt = Path("."),
    at: Annotated[str | None, typer.Option(help="Explain as of this revision.")] = None,
) -> None:
    """One decision: source, text, effect, scope, what it superseded and what superseded it,
    and which checks enforce it."""
    from intentlint.commands.explain import story
    from intentlint.enforcing.evidence import weighed_snapshot
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import decisions as render

    def body() -> str:
        ws = open_workspace(repo)
        snap = weighed_snapshot(ws, at)
        found = story(ws, snap.ledger, decision_id, "`intentlint decisions` lists them all")
        return render.explain(found.verdict, snap.ledger, ws.rules, found.changed)

    typer.echo(_guard(body), nl=False)


class PreflightFormat(str, Enum):
    text = "text"
    json = "json"


@app.command()
def preflight(
    names: Annotated[list[str], typer.Argument(
        metavar="PACKAGE...", help="Packages you are about to add: a name (pydantic), "
                                   "ECOSYSTEM:NAME (npm:moment) or a prose name the alias "
                                   "table knows ('React Testing Library').")],
    repo: RepoOpt = Path("."),
    fmt: Annotated[PreflightFormat, typer.Option("--format", "-f")] = PreflightFormat.text,
) -> None:
    """Before adding a dependency: was it decided against (by which decision, and what was
    chosen instead), rejected as an option, chosen, or not decided? Exit 1 when one is
    decided against by a decision the hook enforces."""
    from intentlint.commands.preflight import preflight as ask
    from intentlint.enforcing.evidence import weighed_snapshot
    from intentlint.holding.grounding import vocabulary_at
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import preflight as render

    def body() -> tuple[str, bool]:
        ws = open_workspace(repo)
        snap = weighed_snapshot(ws)  # what the hook enforces: held-back records do not block
        head = ws.repo.head
        answers = ask(snap.ledger, names, vocabulary_at(ws.repo, head or "index", head))
        return render.FORMATS[fmt.value](answers), any(a.blocked for a in answers)

    out, blocked = _guard(body)
    typer.echo(out, nl=False)
    raise typer.Exit(1 if blocked else 0)


def _check_option(dest: str) -> Any:
    """A typer option read from `check`'s one grammar, `hookrun.CHECK_OPTIONS` (the hook's
    lean parser reads the same table)."""
    option = next(o for o in CHECK_OPTIONS if o.dest == dest)
    return typer.Option(*option.flags, help=option.help or None, metavar=option.metavar,
                        show_default=dest == "fmt")


@app.command()
def check(
    repo: Annotated[Path, _check_option("repo")] = Path("."),
    rev: Annotated[str | None, _check_option("rev")] = None,
    commit_msg: Annotated[Path | None, _check_option("commit_msg")] = None,
    fmt: Annotated[CheckFormat, _check_option("fmt")] = CheckFormat.text,  # type: ignore[attr-defined]
    diff: Annotated[str | None, _check_option("diff")] = None,
    files: Annotated[list[str] | None, typer.Argument(
        metavar="[FILES]...", help=CHECK_FILES_HELP, show_default=False)] = None,
) -> None:
    """Check the staged change (exactly what would be committed) against the decisions that
    still hold. Exit 1 on blocking findings."""
    raise typer.Exit(run_check_command(CheckArgs(repo, rev, commit_msg, fmt.value, diff)))


@app.command()
def context(
    task: Annotated[str, typer.Argument(help="The new task, in its own words.")],
    repo: RepoOpt = Path("."),
    scope: Annotated[str | None, typer.Option(help="The scope you work in, e.g. "
                                                      "production.")] = None,
    budget: Annotated[int | None, typer.Option(min=1, help="At most this many words of "
                                                              "decision text.")] = None,
    fmt: Annotated[ContextFormat, typer.Option("--format", "-f")] = ContextFormat.markdown,
    with_proposals: Annotated[bool, typer.Option(
        "--proposals", help="Hand over proposals from commit prose too, as not binding.")
    ] = False,
) -> None:
    """The still-valid decisions relevant to a new task, for an agent's prompt."""
    from intentlint.commands.context import compile_context
    from intentlint.enforcing.evidence import weighed_snapshot
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import context as render

    def body() -> str:
        ws = open_workspace(repo)
        snap = weighed_snapshot(ws)
        ctx = compile_context(snap.ledger, ws.rules, task, scope, budget,
                              proposals=with_proposals)
        return render.FORMATS[fmt.value](ctx)

    typer.echo(_guard(body), nl=False)


@app.command()
def rules(
    repo: RepoOpt = Path("."),
    fmt: Annotated[TextJson, typer.Option("--format", "-f")] = TextJson.text,
) -> None:
    """List the loaded rule packs and their effects; validate them and read every pack's
    example sentences (every error at once, exit 2 on any)."""
    from intentlint.ground.config import load_config
    from intentlint.ground.errors import ConfigError
    from intentlint.ground.gitio import open_repo
    from intentlint.holding.workspace import load_rules
    from intentlint.reading.recognise import example_failures
    from intentlint.report import rules as render

    def body() -> str:
        root = open_repo(repo).root
        config = load_config(root)
        rulebook = load_rules(root, config)
        failures = example_failures(rulebook, config.scopes)
        if failures:
            raise ConfigError(failures)
        return render.as_json(rulebook) if fmt is TextJson.json else render.text(rulebook)

    typer.echo(_guard(body), nl=False)


@app.command()
def bench(
    suite: Annotated[Suite, typer.Option(help="Which suite to run.")] = Suite.all,
    fmt: Annotated[TextJson, typer.Option("--format", "-f")] = TextJson.text,
    history: Annotated[Path | None, typer.Option(help="Your own history file (TOML, the "
                                                         "format of bench/data/history.toml).")
                       ] = None,
    tasks: Annotated[Path | None, typer.Option(help="Your own tasks file (TOML, the format "
                                                       "of bench/data/tasks.toml).")] = None,
    sizes: Annotated[str, typer.Option(help="Scale suite: commits per synthetic repository, "
                                            "comma-separated.")] = "1000,10000,100000",
    runs: Annotated[int, typer.Option(min=1, help="Scale suite: runs per measurement (the "
                                                  "median is reported).")] = 5,
    corpus: Annotated[Path | None, typer.Option(help="Recognition suite: your own labelled "
                                                     "corpus (the format of "
                                                     "bench/data/recognition.toml); retrieval "
                                                     "suite: tasks and the ADRs they need "
                                                     "(bench/data/retrieval/*.toml).")] = None,
    repo: Annotated[Path | None, typer.Option(
        "--repo", "-C", help="Replay, deps and retrieval suites: the repository to work on.")
    ] = None,
    rev_range: Annotated[str | None, typer.Option(
        "--range", help="Replay suite: the commits to replay (default: the last 300 on the "
                        "first-parent line).")] = None,
) -> None:
    """Run the bundled benchmark: the seed experiment and the hook suite (`all`), the
    recognition suite (`recognition`: labelled decision sentences), the replay suite
    (`replay --repo PATH`: a real repository's history), the dependency suite (`deps --repo
    PATH`: every package the repository decided against, brought back in a manifest), the
    retrieval suite (`retrieval --corpus FILE --repo PATH`: tasks and the ADRs they need), the
    scale suite (`scale`: minutes; builds repositories of up to 100k commits), or the
    hostile-prose suite (`hostile`: 1 MB runs of one character in each source, timed beside
    ordinary prose)."""
    from intentlint.bench import BenchOptions, run_bench
    from intentlint.report import bench as render

    if suite is Suite.scale:
        typer.echo(_scale(sizes, runs, fmt), nl=False)
        return
    if suite is Suite.recognition:
        typer.echo(_guard(lambda: _recognition(corpus, fmt)), nl=False)
        return
    if suite is Suite.hostile:
        typer.echo(_hostile(fmt), nl=False)
        return
    if suite is Suite.replay:
        from intentlint.bench.replay import run_replay

        _report(fmt, lambda: run_replay(repo or Path("."), rev_range), render.replay_json,
                render.replay_text)
        return
    if suite is Suite.retrieval:
        from intentlint.bench.retrieval import run_retrieval

        def retrieved() -> object:
            if corpus is None:
                raise UsageError("--suite retrieval needs --corpus FILE (the format of "
                                 "bench/data/retrieval/*.toml) and --repo PATH")
            return run_retrieval(repo or Path("."), corpus)

        _report(fmt, retrieved, render.retrieval_json, render.retrieval_text)
        return
    if suite is Suite.deps:
        from intentlint.bench.deps import run_deps

        _report(fmt, lambda: run_deps(repo or Path(".")), render.deps_json, render.deps_text)
        return

    def body() -> str:
        result = run_bench(BenchOptions(suite.value, history, tasks))
        return render.as_json(result) if fmt is TextJson.json else render.text(result)

    typer.echo(_guard(body), nl=False)


def _report(fmt: TextJson, run: Callable[[], Any], as_json: Callable[[Any], str],
            as_text: Callable[[Any], str]) -> None:
    """Run a suite that works on a repository and print its result as text or json."""
    def body() -> str:
        result = run()
        return as_json(result) if fmt is TextJson.json else as_text(result)

    typer.echo(_guard(body), nl=False)


def _recognition(corpus: Path | None, fmt: TextJson) -> str:
    from intentlint.bench.data import data_dir
    from intentlint.bench.recognition import run_recognition
    from intentlint.reading.pack_files import bundled_rules_dir
    from intentlint.reading.packs import load_rulebook
    from intentlint.report import bench as render

    result = run_recognition(corpus or data_dir() / "recognition.toml",
                             load_rulebook([bundled_rules_dir()]))
    return render.recognition_json(result) if fmt is TextJson.json \
        else render.recognition_text(result)


def _hostile(fmt: TextJson) -> str:
    from intentlint.bench.hostile import INPUTS, SOURCES, run_hostile
    from intentlint.report import bench as render

    cases = (len(INPUTS) + 1) * len(SOURCES)
    with typer.progressbar(length=cases, label="hostile suite", file=sys.stderr) as bar:
        def tick(label: str) -> None:
            bar.label = label
            bar.update(1)

        result = _guard(lambda: run_hostile(progress=tick))
    return render.hostile_json(result) if fmt is TextJson.json else render.hostile_text(result)


def _scale(sizes: str, runs: int, fmt: TextJson) -> str:
    from intentlint.bench.scale import run_scale
    from intentlint.report import bench as render

    try:
        counts = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        counts = []
    if not counts or min(counts) < 10:
        typer.echo(f"intentlint: --sizes {sizes!r}: give commit counts of 10 or more, like "
                   "1000,10000", err=True)
        raise typer.Exit(2)
    with typer.progressbar(length=len(counts) * 4, label="scale suite", file=sys.stderr) as bar:
        def tick(label: str) -> None:
            bar.label = label
            bar.update(1)

        result = _guard(lambda: run_scale(counts, runs, tick))
    return render.scale_json(result) if fmt is TextJson.json else render.scale_text(result)


@app.command()
def mcp(repo: RepoOpt = Path(".")) -> None:
    """Serve this repository's decisions to coding agents over the Model Context Protocol
    (stdio): decisions_for, check_patch, explain, list_decisions, list_proposals, preflight.
    Needs the optional extra: pip install '.[mcp]' from intentlint's checkout."""
    from intentlint.mcp_server import serve

    _guard(lambda: serve(repo))


@hook_app.command("install")
def hook_install(
    repo: RepoOpt = Path("."),
    stage: Annotated[Stage, typer.Option(help="commit-msg also mines the message being "
                                              "written; pre-commit installs pre-merge-commit "
                                              "too, for merges git makes without a commit.")
                     ] = Stage.commit_msg,
    force: Annotated[bool, typer.Option(help="Move another tool's hook aside.")] = False,
) -> None:
    """Install intentlint as a native git hook (never clobbers a foreign hook without
    --force)."""
    from intentlint.commands.hook_install import install

    results = _guard(lambda: install(repo, stage.value, force))
    for result in results:
        typer.echo(f"{result.action} {result.path}")


@hook_app.command("uninstall")
def hook_uninstall(
    repo: RepoOpt = Path("."),
    stage: Annotated[Stage, typer.Option()] = Stage.commit_msg,
) -> None:
    """Remove intentlint's native hook (restoring a hook it moved aside)."""
    from intentlint.commands.hook_install import uninstall

    results = _guard(lambda: uninstall(repo, stage.value))
    for result in results:
        typer.echo(f"{result.action} {result.path}")


def main() -> None:
    app()
