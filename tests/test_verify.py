from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.records import Decision, Declared, Effect, Source, Status
from intentlint.holding.verify import verify


def rec(id: str, value: str | None = None, *, key: str = "auth_method", component: str = "auth",
        scope: str | None = None, seq: int = 0, date: str | None = None, source: str = "log",
        declared: Declared = Declared.BINDING, supersedes: tuple[str, ...] = (),
        revokes: tuple[str, ...] = ()) -> Decision:
    src = Source(source, path="DECISIONS.md" if source == "log" else f"docs/adr/{id}.md",
                 commit="f" * 40 if source == "commit" else None)
    return Decision(id, id, id, "decision", src, date, seq, component, scope,
                    Effect(key, value) if value else None, declared, False, supersedes, (),
                    revokes)


def statuses(*records: Decision) -> dict[str, tuple[str, str | None]]:
    ledger = verify(records)
    return {v.record.id: (v.status.value, v.superseded_by) for v in ledger.verdicts}


CASES = [
    pytest.param([rec("A", "jwt", seq=0), rec("B", "oauth2", seq=1)],
                 {"A": ("superseded", "B"), "B": ("active", None)}, id="inferred-later-wins"),
    pytest.param([rec("A", "jwt", seq=0), rec("B", "jwt", seq=1)],
                 {"A": ("active", None), "B": ("active", None)}, id="restatement-reaffirms"),
    pytest.param([rec("A", "postgresql", key="db", component="database", scope="production"),
                  rec("B", "sqlite", key="db", component="database", scope="prototype", seq=1)],
                 {"A": ("active", None), "B": ("active", None)}, id="different-scopes-coexist"),
    pytest.param([rec("A", "jwt"), rec("B", "oauth2", seq=1, declared=Declared.PROPOSED)],
                 {"A": ("active", None), "B": ("proposed", None)}, id="proposed-never-supersedes"),
    pytest.param([rec("A", "jwt"), rec("B", None, seq=1, supersedes=("A",))],
                 {"A": ("superseded", "B"), "B": ("active", None)}, id="explicit-supersedes"),
    pytest.param([rec("A", "jwt"), rec("B", None, seq=1, revokes=("A",),
                                       declared=Declared.INACTIVE)],
                 {"A": ("inactive", None), "B": ("inactive", None)}, id="revoked"),
    pytest.param([rec("A", "jwt", seq=0), rec("B", "oauth2", seq=1), rec("C", "jwt", seq=2)],
                 {"A": ("superseded", "B"), "B": ("superseded", "C"), "C": ("active", None)},
                 id="chain-back-to-old-value"),
    pytest.param([rec("A", "jwt", seq=0), rec("A2", "jwt", seq=1), rec("B", "oauth2", seq=2)],
                 {"A": ("superseded", "B"), "A2": ("superseded", "B"), "B": ("active", None)},
                 id="restated-then-replaced"),
    pytest.param([rec("A", "jwt", source="adr", date="2026-01-01"),
                  rec("B", "oauth2", source="commit", date="2026-02-01", seq=5)],
                 {"A": ("superseded", "B"), "B": ("active", None)}, id="across-sources-by-date"),
    pytest.param([rec("A", "x", source="adr", declared=Declared.SUPERSEDED)],
                 {"A": ("superseded", None)}, id="adr-status-is-ground-truth"),
]


@pytest.mark.parametrize(("records", "expected"), CASES)
def test_supersession_table(records: list[Decision], expected: dict[str, tuple[str, str | None]]
                            ) -> None:
    assert statuses(*records) == expected


def test_unordered_conflict_is_reported_not_guessed() -> None:
    ledger = verify([rec("A", "jwt", source="adr"),
                     rec("B", "oauth2", source="commit", seq=3, date="2026-01-05")])
    assert {v.status for v in ledger.verdicts} == {Status.ACTIVE}
    assert any(p.startswith("conflict: A") for p in ledger.problems)


def test_unknown_ids_are_reported() -> None:
    ledger = verify([rec("B", "x", supersedes=("NOPE",)), rec("C", "y", key="k2",
                                                                revokes=("GONE",))])
    assert any("supersedes unknown decision 'NOPE'" in p for p in ledger.problems)
    assert any("revokes unknown decision 'GONE'" in p for p in ledger.problems)


def test_reaffirmation_is_recorded() -> None:
    ledger = verify([rec("A", "jwt", seq=0), rec("B", "jwt", seq=1)])
    assert ledger.get("B").reaffirms == ("A",)  # type: ignore[union-attr]


def test_long_chain_leaves_only_the_newest_active() -> None:
    """Correctness on a long chain; its growth is measured by the scale suite
    (`intentlint.bench.scale.verify_curve`), not asserted against a clock here."""
    records = [rec(f"R{i}", f"v{i % 3}", source="commit", seq=i) for i in range(5000)]
    ledger = verify(records)
    assert [v.record.id for v in ledger.active()] == ["R4999"]
    assert all(v.superseded_by == f"R{i + 1}" for i, v in enumerate(ledger.verdicts[:-1]))


commit_records = st.lists(
    st.tuples(st.sampled_from(["auth", "database"]), st.sampled_from([None, "production"]),
              st.sampled_from(["k1", "k2"]), st.sampled_from(["a", "b", "c"]),
              st.sampled_from([Declared.BINDING, Declared.BINDING, Declared.PROPOSED])),
    max_size=25)


def build(rows: list[tuple[str, str | None, str, str, Declared]]) -> list[Decision]:
    return [rec(f"C{i}", value, key=key, component=component, scope=scope, seq=i,
                source="commit", declared=declared)
            for i, (component, scope, key, value, declared) in enumerate(rows)]


@settings(max_examples=300, deadline=None)
@given(commit_records, st.randoms())
def test_verification_invariants(rows: list[tuple[str, str | None, str, str, Declared]],
                                 rnd: random.Random) -> None:
    records = build(rows)
    ledger = verify(records)
    by_id = {r.id: r for r in records}
    groups: dict[tuple[str | None, str | None], list[Decision]] = {}
    for r in records:  # records compete on scope and key, whatever their component says
        groups.setdefault((r.scope, r.effect.key if r.effect else None), []).append(r)
    for members in groups.values():
        binding = [m for m in members if m.declared is Declared.BINDING]
        active = {m.effect.value for m in members if m.effect
                  and ledger.get(m.id).status is Status.ACTIVE}  # type: ignore[union-attr]
        # what binds in a group is exactly the newest binding value, once
        assert active == ({binding[-1].effect.value} if binding else set())  # type: ignore[union-attr]
    for v in ledger.verdicts:
        if v.status is Status.SUPERSEDED:
            newer = by_id[v.superseded_by]  # type: ignore[index]
            assert newer.seq > v.record.seq and newer.effect != v.record.effect
            assert newer.declared is Declared.BINDING
    shuffled = list(records)
    rnd.shuffle(shuffled)
    again = verify(shuffled)
    assert {v.record.id: (v.status, v.superseded_by) for v in again.verdicts} == \
        {v.record.id: (v.status, v.superseded_by) for v in ledger.verdicts}


def test_adrs_never_supersede_each_other_by_inference() -> None:
    ledger = verify([rec("ADR-1", "jwt", source="adr", date="2026-01-01"),
                     rec("ADR-2", "oauth2", source="adr", date="2026-02-01", seq=1)])
    assert {v.status for v in ledger.verdicts} == {Status.ACTIVE}
    assert any("both accepted ADRs" in p for p in ledger.problems)
    assert all(v.held_back for v in ledger.verdicts)  # neither is enforced
    later_log = verify([rec("ADR-1", "jwt", source="adr", date="2026-01-01"),
                        rec("D2", "oauth2", date="2026-02-01")])
    assert later_log.get("ADR-1").superseded_by == "D2"  # type: ignore[union-attr]


def test_revoking_the_record_that_superseded_restores_what_it_replaced() -> None:
    for links in ((), ("A",)):  # inferred, then explicit
        ledger = verify([rec("A", "jwt", seq=0), rec("B", "oauth2", seq=1, supersedes=links),
                         rec("R", seq=2, revokes=("B",))])
        got = {v.record.id: v.status for v in ledger.verdicts}
        assert got == {"A": Status.ACTIVE, "B": Status.INACTIVE, "R": Status.ACTIVE}, links


@st.composite
def histories(draw: st.DrawFn) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """Records in log order: (id, value or None for a pure revocation, ids it revokes)."""
    out: list[tuple[str, str | None, tuple[str, ...]]] = []
    for i in range(draw(st.integers(1, 8))):
        earlier = [rid for rid, value, _ in out if value]
        if earlier and draw(st.booleans()) and draw(st.booleans()):
            out.append((f"R{i}", None, (draw(st.sampled_from(earlier)),)))
        else:
            out.append((f"R{i}", draw(st.sampled_from(["jwt", "oauth2", "session"])), ()))
    return out


@settings(max_examples=300, deadline=None)
@given(histories())
def test_explicit_and_inferred_supersession_give_one_answer(
        history: list[tuple[str, str | None, tuple[str, ...]]]) -> None:
    """The rule, stated over random histories with revocations: a later record that sets
    another value replaces the earlier one; a revoked record replaces nothing, so what it
    replaced holds again unless something else replaced it. Writing the replacement down
    (`supersedes:` naming the previous record with another value) changes nothing."""
    inferred = [rec(rid, value, seq=i, revokes=revokes)
                for i, (rid, value, revokes) in enumerate(history)]
    explicit = []
    for i, (rid, value, revokes) in enumerate(history):
        previous = [(p, v) for p, v, _ in history[:i] if v]
        links = (previous[-1][0],) if value and previous and previous[-1][1] != value else ()
        explicit.append(rec(rid, value, seq=i, revokes=revokes, supersedes=links))
    a = {v.record.id: v.status for v in verify(inferred).verdicts}
    b = {v.record.id: v.status for v in verify(explicit).verdicts}
    assert a == b
    revoked = {t for _, _, revokes in history for t in revokes}
    standing = [(rid, value) for rid, value, _ in history if value and rid not in revoked]
    holds = {v.record.effect.value for v in verify(inferred).verdicts
             if v.status is Status.ACTIVE and v.record.effect}
    assert holds == ({standing[-1][1]} if standing else set())


def test_adrs_about_different_things_are_not_a_conflict_and_neither_is_enforced() -> None:
    billing = replace(rec("ADR-1", "postgresql", key="database_engine", component="database",
                          source="adr", date="2026-01-01"), title="Use PostgreSQL for billing")
    cms = replace(rec("ADR-2", "mysql", key="database_engine", component="database",
                      source="adr", date="2026-02-01"), title="The CMS keeps MySQL")
    ledger = verify([billing, cms])
    assert not ledger.problems and "decide for different things" in ledger.notes[0]
    assert all(v.status is Status.ACTIVE and v.held_back for v in ledger.verdicts)
