"""A small, realistic repository shared by several tests: a log, an ADR folder and commits."""

from __future__ import annotations

from tests.conftest import Repo

CONFIG = """\
commits = "heuristic"

[scopes.production]
paths = ["config/production/**"]
words = ["production"]

[scopes.prototype]
paths = ["config/prototype/**"]
branches = ["prototype", "prototype/*"]
words = ["prototype"]
"""

LOG = """\
# Decisions

## D1: Authentication with JWT
date: 2026-01-02

For now we authenticate API clients with JWT bearer tokens.

## D2: Production database
date: 2026-01-03
scope: production

Production must run on PostgreSQL.

## D3: Prototype database
date: 2026-01-04
scope: prototype

The prototype branch may use SQLite so it needs no database server.

## D4: Move authentication to OAuth2
date: 2026-01-20

We are migrating authentication from JWT to OAuth2 with the company identity provider.
"""

ADR_1 = """\
# 1. Record architecture decisions

Date: 2026-01-01

## Status

Accepted

## Decision

We will use Architecture Decision Records.
"""

ADR_2 = """\
# 2. Use REST for the public API

Date: 2026-01-02

## Status

Accepted

Superceded by [3. Use GraphQL for the public API](0003-use-graphql.md)

## Decision

The public API is REST over HTTP.
"""

ADR_3 = """\
# 3. Use GraphQL for the public API

Date: 2026-01-10

## Status

Accepted

Supercedes [2. Use REST for the public API](0002-use-rest.md)

## Decision

The public API is a GraphQL schema.
"""

CHATTER = [
    "I must run to the dentist, back after lunch",
    "You should always drink water during standup",
    "I never get tired of green builds",
    "Fix typo in README",
    "Bump version to 0.3.1",
]


def build(repo: Repo) -> dict[str, str]:
    """Commit the scenario; return the shas of the decision-carrying commits."""
    repo.commit("Add intentlint config and decisions log",
                (".intentlint.toml", CONFIG), ("DECISIONS.md", LOG))
    repo.commit("Add ADRs", ("docs/adr/0001-record-architecture-decisions.md", ADR_1),
                ("docs/adr/0002-use-rest.md", ADR_2), ("docs/adr/0003-use-graphql.md", ADR_3))
    shas = {}
    repo.commit(CHATTER[0])
    shas["trailer"] = repo.commit(
        "Serialise users through a public schema\n\nThe old serializer leaked row ids.\n\n"
        "Constraint: Never expose internal database ids in API responses.\n"
        "Component: security")
    repo.commit(CHATTER[1])
    shas["free_text"] = repo.commit("Add limiter middleware\n\n"
                                    "Public endpoints must be rate limited from now on.")
    for line in CHATTER[2:]:
        repo.commit(line)
    return shas
