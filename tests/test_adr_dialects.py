"""ADR folders written in ways the first parser did not meet: statuses that say what
happened later, partial supersession, duplicate numbers, tool settings, dates."""

from __future__ import annotations

import pytest

from intentlint.ground.records import Declared, Status
from intentlint.holding.verify import verify
from intentlint.sources.adr import adr_records, parse_adr


def nygard(n: int, status: str, title: str = "Title", date: str = "") -> str:
    dated = f"Date: {date}\n\n" if date else ""
    return f"# {n}. {title}\n\n{dated}## Status\n\n{status}\n\n## Decision\n\nWe do it.\n"


@pytest.mark.parametrize(
    ("status", "declared", "relations"),
    [
        ("Implemented. Superseded by ADR-0042 in 2023", Declared.SUPERSEDED, ["superseded-by"]),
        ("Accepted\nand later superseded by [42. New](0042-new.md)", Declared.SUPERSEDED,
         ["superseded-by"]),
        ("✅ Implemented — superseded in 2023 by ADR-42", Declared.SUPERSEDED, ["superseded-by"]),
        ("partially superseded by ADR-020", Declared.BINDING, ["partly-superseded-by"]),
        ("Accepted. Partially superseded by ADR-020", Declared.BINDING,
         ["partly-superseded-by"]),
        ("Partly superseded by [20. B](0020-b.md)", Declared.BINDING, ["partly-superseded-by"]),
        ("Superseded by ADR 0020 §3", Declared.BINDING, ["partly-superseded-by"]),
        ("Accepted\n\nSupersedes [ADR 0053 §7](0053-x.md)", Declared.BINDING,
         ["partly-supersedes"]),
        ("Accepted\n\nSupersedes ADR 0053 §7", Declared.BINDING, ["partly-supersedes"]),
        ("Accepted\n\nSupersedes [ADR 0053](0053-x.md) section 7", Declared.BINDING,
         ["partly-supersedes"]),
        ("Accepted\n\nSupersedes [ADR 0053](0053-x.md)", Declared.BINDING, ["supersedes"]),
    ],
)
def test_statuses_that_tell_what_happened_later(status: str, declared: Declared,
                                                relations: list[str]) -> None:
    doc = parse_adr(nygard(1, status), "docs/adr/0001-title.md")
    assert doc.declared is declared
    assert [link.relation for link in doc.links] == relations


def test_a_superseded_by_in_a_later_year_names_the_adr_not_the_year() -> None:
    doc = parse_adr(nygard(1, "Implemented, superseded in 2023 by ADR-42"), "adr/0001-a.md")
    assert [link.number for link in doc.links] == [42]


def _ledger(*docs: tuple[int, str, str]) -> dict[str, tuple[Status, tuple[str, ...]]]:
    records, problems = adr_records([parse_adr(nygard(n, status), path)
                                     for n, status, path in docs])
    assert problems == []
    ledger = verify(records)
    return {v.record.id: (v.status, v.record.noted) for v in ledger.verdicts}


def test_partial_supersession_keeps_the_old_adr_active_and_linked() -> None:
    got = _ledger((5, "Accepted\n\npartially superseded by ADR-020", "adr/0005-a.md"),
                  (20, "Accepted", "adr/0020-b.md"))
    assert got["ADR-0005"] == (Status.ACTIVE, ("partly superseded by ADR-0020 (it stays active "
                                               "for the rest)",))


def test_a_section_qualified_supersedes_is_partial() -> None:
    got = _ledger((53, "Accepted", "adr/0053-a.md"),
                  (60, "Accepted\n\nSupersedes [ADR 0053 §7](0053-a.md)", "adr/0060-b.md"))
    assert got["ADR-0053"][0] is Status.ACTIVE
    assert got["ADR-0060"] == (Status.ACTIVE, ("partly supersedes ADR-0053 (it stays active "
                                               "for the rest)",))


def test_implemented_then_superseded_is_superseded() -> None:
    got = _ledger((7, "Implemented. Superseded by ADR-0042 in 2023", "adr/0007-a.md"),
                  (42, "Accepted", "adr/0042-b.md"))
    assert got["ADR-0007"][0] is Status.SUPERSEDED and got["ADR-0042"][0] is Status.ACTIVE


def _superseded_by(*docs: tuple[str, str]) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    records, problems = adr_records([parse_adr(text, path) for path, text in docs])
    return {r.source.path or "": r.superseded_by for r in records}, problems


def test_two_files_of_one_number_are_told_apart_by_the_links_slug() -> None:
    got, problems = _superseded_by(
        ("adr/0003-a.md", nygard(3, "Superseded by [25](../old/0025-use-kafka.md)")),
        ("adr/0025-use-kafka.md", nygard(25, "Accepted", "Use Kafka")),
        ("adr/0025-use-redis.md", nygard(25, "Accepted", "Use Redis")))
    assert got["adr/0003-a.md"] == ("ADR-0025",) and problems == []


def test_two_files_of_one_number_are_told_apart_by_the_links_text() -> None:
    got, problems = _superseded_by(
        ("adr/0003-a.md", nygard(3, "Superseded by ADR-0025 (Use Redis for sessions)")),
        ("adr/0025-use-kafka.md", nygard(25, "Accepted", "Use Kafka")),
        ("adr/0025-use-redis.md", nygard(25, "Accepted", "Use Redis")))
    assert got["adr/0003-a.md"] == ("ADR-0025b",) and problems == []


def test_a_link_that_does_not_tell_two_files_apart_is_reported() -> None:
    got, problems = _superseded_by(
        ("adr/0003-a.md", nygard(3, "Superseded by ADR-0025")),
        ("adr/0025-use-kafka.md", nygard(25, "Accepted", "Use Kafka")),
        ("adr/0025-use-redis.md", nygard(25, "Accepted", "Use Redis")))
    assert got["adr/0003-a.md"] == ()
    assert "number 25 is shared by adr/0025-use-kafka.md, adr/0025-use-redis.md" in problems[0]


def test_a_link_to_a_renamed_file_resolves_by_its_unique_number() -> None:
    got, problems = _superseded_by(
        ("adr/0003-a.md", nygard(3, "Superseded by [16. Queues](0016-use-queues.md)")),
        ("adr/0016-use-message-queues.md", nygard(16, "Accepted", "Use message queues")))
    assert got["adr/0003-a.md"] == ("ADR-0016",) and problems == []
    got, problems = _superseded_by(
        ("adr/0003-a.md", nygard(3, "Superseded by [16](0016.md)")),
        ("adr/0016-use-message-queues.md", nygard(16, "Accepted", "Use message queues")))
    assert got["adr/0003-a.md"] == ("ADR-0016",) and problems == []


@pytest.mark.parametrize(("paths", "ids"), [
    (["adr/0025-b.md", "adr/0025-a.md", "adr/0026-c.md"], ["ADR-0025b", "ADR-0025", "ADR-0026"]),
    (["adr/0025-a.md", "adr/0025-b.md", "adr/0025-c.md"], ["ADR-0025", "ADR-0025b", "ADR-0025c"]),
    # log4brains: the same file name globally and in a package; a date is not a number
    (["docs/adr/20200101-first-adr.md", "packages/pkg1/adr/20200101-first-adr.md"],
     ["ADR-20200101-first-adr", "ADR-20200101-first-adr-b"]),
    (["docs/adr/20201030-draft-adr.md", "docs/adr/0001-x.md", "docs/decisions/0001-x.md"],
     ["ADR-20201030-draft-adr", "ADR-0001", "ADR-0001b"]),
])
def test_ids_are_unique_and_no_wider_than_needed(paths: list[str], ids: list[str]) -> None:
    docs = [parse_adr("# Use X\n\n## Status\n\nAccepted\n", path) for path in paths]
    records, _ = adr_records(docs)
    assert {r.source.path: r.id for r in records} == dict(zip(paths, ids, strict=True))


def test_a_date_named_file_has_no_number() -> None:
    assert parse_adr("# Use X\n", "docs/adr/20201030-draft-adr.md").number is None
    assert parse_adr("# Use X\n", "docs/adr/0030-draft-adr.md").number == 30
