"""`intentlint mcp`: a stdio Model Context Protocol server, so that an agent asks what holds
before it writes (`decisions_for`) and checks its patch before it commits (`check_patch`).

The `mcp` package is an optional extra (`pip install '.[mcp]'` from a checkout); only this module
imports it, and only the CLI imports this module, so the hook never pays for it. Every call
reads the repository afresh and writes nothing to it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from intentlint.ground.errors import IntentlintError, UsageError
from intentlint.ground.records import STATUS_FILTERS

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

T = TypeVar("T")
INSTALL_HINT = ("the MCP server needs the optional extra: pip install '.[mcp]' in intentlint's "
                "checkout (the README's install)")
INSTRUCTIONS = (
    "intentlint knows the decisions this repository has made and which of them still hold. "
    "Before editing, call decisions_for with the task in your own words (and the paths you "
    "will touch); follow what it returns. Before adding a dependency, call preflight with "
    "its name. Before committing, call check_patch with your unified diff; fix or waive "
    "every blocking finding.")


def serve(repo: Path) -> None:
    """Check the repository once (a clean one-line error if it is not one), then serve."""
    try:
        import mcp.server.mcpserver  # noqa: F401  (only to say how to install it)
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    from intentlint.holding.workspace import open_workspace

    open_workspace(repo)
    build(repo).run()


def build(repo: Path) -> MCPServer:
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    from intentlint import __version__

    server: MCPServer = MCPServer(name="intentlint", instructions=INSTRUCTIONS,
                                  version=__version__)

    def guarded(body: Callable[[], T]) -> T:
        try:
            return body()
        except IntentlintError as exc:  # the CLI's one-line wording, as a tool error
            raise ToolError(" ".join(str(exc).splitlines())) from None

    @server.tool()
    def decisions_for(task: str, paths: list[str] | None = None, scope: str | None = None,
                      budget: int | None = None, proposals: bool = False) -> dict[str, Any]:
        """The decisions that still hold for a task, before you write code for it.

        task: what you are about to do, in your own words. paths: repository paths you will
        touch (they select the scope when `scope` is not given). budget: at most this many
        words. proposals: also hand over what commit prose proposed (not binding; left out
        by default). Returns `markdown` to read, and `decisions` (binding; follow them),
        `proposed` (not binding yet) and what was left out or does not apply.
        """
        return guarded(lambda: _decisions_for(repo, task, paths or [], scope, budget,
                                              proposals))

    @server.tool()
    def check_patch(diff: str) -> dict[str, Any]:
        """Check a unified diff (as `git diff` prints it) against what holds at HEAD, without
        staging it. Each finding names the decision it breaks, where it was made, how to
        comply and how to waive; `blocking` is true when a commit of it would be refused."""
        return guarded(lambda: _check_patch(repo, diff))

    @server.tool()
    def preflight(packages: list[str]) -> dict[str, Any]:
        """Before you add a dependency to a manifest: was it decided against (and what was
        chosen instead), rejected as an option, chosen, or never decided? Ask first; a
        package decided against is blocked at commit where `blocked` says so (a decision the
        code does not follow is held back and says why).

        packages: names as a manifest writes them (pydantic, npm:moment) or as people do
        ("React Testing Library")."""
        return guarded(lambda: _preflight(repo, packages))

    @server.tool()
    def explain(decision_id: str) -> str:
        """One decision's story: source, text, effect, scope, what it superseded and what
        superseded it, how its text was read, and which checks enforce it."""
        return guarded(lambda: _explain(repo, decision_id))

    @server.tool(description=f"Decision records by status: {', '.join(STATUS_FILTERS)} "
                             "(proposals from commit prose only under `proposed`; "
                             "list_proposals is their queue).")
    def list_decisions(status: str = "active") -> dict[str, Any]:
        return guarded(lambda: _list(repo, status))

    @server.tool()
    def list_proposals(all: bool = False) -> dict[str, Any]:
        """The review queue of decisions commit prose proposed (not binding): likely
        decisions first, each with its sentence, commit, author, date and the files its
        commit touched; contested keys once, with counts. all: also the adopted and
        dismissed ones. A person adopts or dismisses them (`intentlint adopt|dismiss ID`)."""
        return guarded(lambda: _proposals(repo, all))

    @server.resource("intentlint://decisions/active", mime_type="text/markdown",
                     description="Every decision that holds now, as one markdown table.")
    def active_decisions() -> str:
        return guarded(lambda: _active_markdown(repo))

    return server


def _snapshot(repo: Path) -> tuple[Any, Any]:
    """What holds at HEAD, each record held against the code (an agent is told a decision
    is drifting rather than handed it as law)."""
    from intentlint.enforcing.evidence import weighed_snapshot
    from intentlint.holding.workspace import open_workspace

    ws = open_workspace(repo)
    return ws, weighed_snapshot(ws)


def _decisions_for(repo: Path, task: str, paths: list[str], scope: str | None,
                   budget: int | None, proposals: bool = False) -> dict[str, Any]:
    from intentlint.commands.context import compile_context
    from intentlint.report import context as render

    if budget is not None and budget < 1:
        raise UsageError("budget must be 1 or more words")
    ws, snap = _snapshot(repo)
    if scope is None and paths:
        found = {s.name for s in ws.config.scopes for p in paths
                 if s.paths and s.globs.match(p)}
        scope = found.pop() if len(found) == 1 else None
    ctx = compile_context(snap.ledger, ws.rules, task, scope, budget, proposals=proposals)
    return {**render.as_data(ctx), "markdown": render.markdown(ctx)}


def _check_patch(repo: Path, diff: str) -> dict[str, Any]:
    from intentlint.commands.check import CheckOptions, run_check
    from intentlint.holding.workspace import open_workspace
    from intentlint.report import findings as render

    ws = open_workspace(repo)
    result = run_check(ws, CheckOptions(patch=diff.encode("utf-8")))
    return {**render.as_data(result, result.rules), "text": render.text(result, result.rules)}


def _preflight(repo: Path, packages: list[str]) -> dict[str, Any]:
    from intentlint.commands.preflight import preflight
    from intentlint.holding.grounding import vocabulary_at
    from intentlint.report import preflight as render

    ws, snap = _snapshot(repo)
    head = ws.repo.head
    answers = preflight(snap.ledger, packages, vocabulary_at(ws.repo, head or "index", head))
    return {**render.as_data(answers), "text": render.text(answers)}


def _explain(repo: Path, decision_id: str) -> str:
    from intentlint.commands.explain import story
    from intentlint.report import decisions as render

    ws, snap = _snapshot(repo)
    found = story(ws, snap.ledger, decision_id, "list_decisions names them all")
    return str(render.explain(found.verdict, snap.ledger, ws.rules, found.changed))


def _list(repo: Path, status: str) -> dict[str, Any]:
    from intentlint.holding.proposals import listed
    from intentlint.report import decisions as render

    ws, snap = _snapshot(repo)
    chosen, ledger, queued = listed(ws, snap.ledger, status)
    return render.as_data(chosen, ws.rules, ledger, queued)


def _proposals(repo: Path, show_all: bool) -> dict[str, Any]:
    from intentlint.commands.proposals import build_queue
    from intentlint.report import proposals as render

    ws, snap = _snapshot(repo)
    queue = build_queue(ws, snap.ledger, show_all)
    return {**render.as_data(queue), "text": render.text(queue)}


def _active_markdown(repo: Path) -> str:
    from intentlint.ground.records import Status
    from intentlint.report import decisions as render

    ws, snap = _snapshot(repo)
    active = [v for v in snap.ledger.verdicts if v.status is Status.ACTIVE]
    return str(render.markdown(active, ws.rules, snap.ledger))
