"""Verification: which records still bind, here and now.

Explicit links (Supersedes/Revokes fields and trailers, ADR status links) are applied first
and never second-guessed. Then, among binding records that set the same effect key in the
same scope, a later record with a different value supersedes the earlier one;
the same value restated reaffirms it. Order that cannot be established is a reported
conflict, never a guess. A proposed record supersedes nothing.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise

from intentlint.ground.records import DEPENDENCY, Decision, Declared, Ledger, Status, Verdict

Group = tuple[str | None, str | None]  # scope, effect key
_DECLARED = {Declared.BINDING: Status.ACTIVE, Declared.PROPOSED: Status.PROPOSED,
             Declared.INACTIVE: Status.INACTIVE, Declared.SUPERSEDED: Status.SUPERSEDED}


def later(a: Decision, b: Decision) -> bool | None:
    """Is `a` later in history than `b`? None when the sources cannot say. A supersession
    link, on either side, orders the two; so do the numbers of two ADRs of one folder
    written the same day (adr-tools gives same-day records one date)."""
    if b.id in a.supersedes or a.id in b.superseded_by:
        return True
    if a.id in b.supersedes or b.id in a.superseded_by:
        return False
    same_log = a.source.kind == b.source.kind == "log" and a.source.path == b.source.path
    if same_log or a.source.kind == b.source.kind == "commit":
        return a.seq > b.seq
    if a.date and b.date and a.date != b.date:
        return a.date > b.date
    numbers = _adr_number(a), _adr_number(b)
    if numbers[0] is not None and numbers[1] is not None and numbers[0] != numbers[1] \
            and a.source.path and b.source.path \
            and a.source.path.rpartition("/")[0] == b.source.path.rpartition("/")[0]:
        return numbers[0] > numbers[1]
    return None


_ADR_NUMBER = re.compile(r"^ADR-(\d+)")


def _adr_number(r: Decision) -> int | None:
    found = _ADR_NUMBER.match(r.id) if r.source.kind == "adr" else None
    return int(found.group(1)) if found else None


def _order_key(r: Decision) -> tuple[str, int, int]:
    return (r.date or "", 0 if r.source.kind != "commit" else 1, r.seq)


@dataclass(slots=True)
class _Work:
    """The answers verification builds up, record id to each: one object for the passes."""

    status: dict[str, Status]
    by: dict[str, str] = field(default_factory=dict)
    reason: dict[str, str] = field(default_factory=dict)
    held: dict[str, str] = field(default_factory=dict)  # active, but not enforced: why
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def verify(records: Iterable[Decision]) -> Ledger:
    records = tuple(records)
    by_id = {r.id: r for r in records}
    parts: dict[str, list[str]] = defaultdict(list)
    for r in records:
        if r.part_of:
            parts[r.part_of].append(r.id)
    w = _Work({r.id: _DECLARED[r.declared] for r in records})
    status, by, reason, problems, notes = w.status, w.by, w.reason, w.problems, w.notes
    for r in records:
        if r.declared is Declared.SUPERSEDED and r.superseded_by:
            by[r.id] = r.superseded_by[0]
            reason[r.id] = f"its status says superseded by {r.superseded_by[0]}"
    _explicit(records, by_id, parts, w)
    groups: dict[Group, list[Decision]] = defaultdict(list)
    for r in records:
        if r.effect is not None:
            groups[_group(r)].append(r)
    _inferred(groups, w)
    _hold_flipping(groups, w)
    for r in records:
        if status[r.id] is Status.PROPOSED and r.effect is not None:
            rivals = [o.id for o in groups[_group(r)] if status[o.id] is Status.ACTIVE
                      and o.effect and o.effect.value != r.effect.value
                      and _order_key(o) < _order_key(r)]  # not a decision taken after it
            if rivals:
                notes.append(f"{r.id} is proposed; it would replace {', '.join(rivals)} once bound")
    supersedes: dict[str, list[str]] = defaultdict(list)
    for old, new in by.items():
        supersedes[new].append(old)
    reaffirms = _reaffirmations(groups, status)
    verdicts = tuple(
        Verdict(r, status[r.id], by.get(r.id) if status[r.id] is Status.SUPERSEDED else None,
                tuple(supersedes.get(r.id, ())), reaffirms.get(r.id, ()), reason.get(r.id, ""),
                w.held.get(r.id, "") if status[r.id] is Status.ACTIVE else "")
        for r in records)
    return Ledger(verdicts, tuple(problems), tuple(notes))


def _explicit(records: tuple[Decision, ...], by_id: dict[str, Decision],
              parts: dict[str, list[str]], w: _Work) -> None:
    status, by, reason, problems, notes = w.status, w.by, w.reason, w.problems, w.notes
    def targets(ids: tuple[str, ...]) -> list[str]:
        """A reference to a record that was split reaches every part of it."""
        return [t for i in ids for t in (parts.get(i) or [i])]

    # Revocations first: a revoked (or reverted) record supersedes nothing, so what it had
    # replaced holds again unless something else replaced it — the same answer inference
    # gives, which never counts an inactive record.
    for r in records:
        for target in targets(r.revokes):
            if target not in by_id:
                problems.append(f"{r.source.describe()}: {r.id} revokes unknown decision "
                                f"{target!r}")
            elif r.declared is not Declared.PROPOSED:
                status[target] = Status.INACTIVE
                reason[target] = f"revoked by {r.id}"
    for r in records:
        for target in targets(r.supersedes):
            if target not in by_id:
                problems.append(f"{r.source.describe()}: {r.id} supersedes unknown decision "
                                f"{target!r}")
            elif r.declared is Declared.PROPOSED:
                notes.append(f"{r.id} is proposed; it would supersede {target} once accepted")
            elif status[r.id] is Status.INACTIVE:
                continue
            elif status[target] in (Status.ACTIVE, Status.PROPOSED, Status.SUPERSEDED):
                status[target] = Status.SUPERSEDED
                by[target] = r.id
                reason[target] = f"explicitly superseded by {r.id}"


def _group(r: Decision) -> Group:
    """Records that compete: same scope and key (a key belongs to one pack, so its
    component adds nothing, and a component field written differently must not keep two
    decisions on one key apart). A permission competes only with permissions: it lifts
    checks where it applies, it does not replace a requirement."""
    key = r.effect.key if r.effect else None
    return (r.scope, f"{key} (permission)" if r.kind == "permission" else key)


def _inferred(groups: dict[Group, list[Decision]],
              w: _Work) -> None:
    """Within each group, records are ordered and superseded; explicitly superseded ones stay
    in the order (they are history: a restatement of what they replaced goes with them) but
    keep their explicit answer, and inactive ones replace nothing."""
    for group in groups.values():
        members = [m for m in group if w.status[m.id] is not Status.INACTIVE]
        if len({m.effect.value for m in members if m.effect}) < 2:
            continue
        if _totally_ordered(members):
            _supersede_sorted(sorted(members, key=_order_key), w)
        else:
            _supersede_pairwise(members, w)


FLIPS = 3  # value changes among free-text records on one key before it is not enforced


def _hold_flipping(groups: dict[Group, list[Decision]],
                   w: _Work) -> None:
    """A key whose free-text records keep changing value (a project that supports several
    databases) is ambiguous: neither side is enforced until a log entry or trailer after
    them settles it."""
    for members in groups.values():
        mined = sorted((m for m in members if m.heuristic and w.status[m.id] is not
                        Status.INACTIVE and m.declared is Declared.BINDING), key=_order_key)
        flips = sum(1 for a, b in pairwise(mined)
                    if a.effect and b.effect and a.effect.value != b.effect.value)
        if flips < FLIPS:
            continue
        newest = max(members, key=_order_key)
        if not newest.heuristic and w.status[newest.id] is Status.ACTIVE:
            continue  # settled by the log or a trailer
        key = mined[-1].effect.key if mined[-1].effect else "?"
        for m in mined:
            w.held[m.id] = f"{key} changed value {flips} times in commit messages"
        w.notes.append(f"{key}: commit messages changed its value {flips} times; none of them is "
                       "enforced until the decisions log (or a trailer) states which holds")


def _totally_ordered(members: list[Decision]) -> bool:
    kinds = {(m.source.kind, m.source.path if m.source.kind == "log" else None) for m in members}
    if len(kinds) == 1 and next(iter(kinds))[0] in ("commit", "log"):
        return True
    return all(m.date for m in members) and len({m.date for m in members}) == len(members)


def _supersede_sorted(ordered: list[Decision], w: _Work) -> None:
    """From the newest back: each record is superseded by the first later binding record
    that sets another value; a restatement in between passes that answer on."""
    nearest: Decision | None = None
    nearest_answer: Decision | None = None
    for r in reversed(ordered):
        target: Decision | None = None
        if nearest is not None:
            assert r.effect is not None and nearest.effect is not None
            target = nearest if nearest.effect.value != r.effect.value else nearest_answer
            # Only a binding record is overtaken: an earlier proposal or rejected ADR that a
            # later decision contradicts holds nothing that needs settling.
            if target is not None and r.declared is Declared.BINDING:
                _mark(r, target, w)
        if r.declared is Declared.BINDING:
            nearest, nearest_answer = r, target


_GENERIC = frozenset(
    "use uses using adopt adopted choose chosen decision decide decided adr record the for our "
    "with and as of to in on a an new primary main default database databases db store storage "
    "data service services system relational engine layer backend persistence standard "
    "authentication auth login method theme model models api apis all every".split())


def _subject(r: Decision) -> frozenset[str]:
    """What an ADR's title says it governs, less the decided value and generic words:
    "Use PostgreSQL for billing" -> {"billing"}."""
    words = re.findall(r"[a-z][a-z0-9-]{2,}", r.title.lower())
    value = r.effect.value.lower() if r.effect else ""
    return frozenset(w for w in words if w not in _GENERIC and not (value and value in w)
                     and not re.fullmatch(r"adr-?\d*", w)
                     and w not in ("postgres", "postgresql", "mysql", "sqlite", "mariadb"))


def _mark(old: Decision, new: Decision, w: _Work) -> None:
    assert new.effect is not None and old.effect is not None
    if w.status[old.id] is Status.SUPERSEDED:
        return  # an explicit link (or the ADR's own status) already answered
    if old.source.kind == new.source.kind == "adr":
        # Between ADRs only their own status links decide. Two that disagree are not
        # enforced; they conflict only when they are about the same thing.
        for r in (old, new):
            w.held[r.id] = f"{old.id} and {new.id} are accepted ADRs that set " \
                           f"{new.effect.key} differently"
        if new.effect.key.startswith(DEPENDENCY):
            w.notes.append(f"{old.id} ({old.effect}) and {new.id} ({new.effect}) are both "
                           "accepted ADRs; the one the manifests agree with binds until you "
                           f"mark {old.id} 'Superseded by' {new.id} (or the other way round)")
        elif _subject(old) & _subject(new) or not (_subject(old) and _subject(new)):
            w.problems.append(f"conflict: {old.id} ({old.effect}) and {new.id} ({new.effect}) are "
                            f"both accepted ADRs about the same thing; neither is enforced "
                            f"until you mark {old.id} 'Superseded by' {new.id} (or confirm one "
                            "in the decisions log)")
        else:
            w.notes.append(f"{old.id} ({old.effect}) and {new.id} ({new.effect}) decide for "
                         "different things; neither is enforced until the decisions log "
                         "confirms each with the scope it governs")
        return
    w.status[old.id] = Status.SUPERSEDED
    w.by[old.id] = new.id
    w.reason[old.id] = f"inferred: {new.id} later sets {new.effect}"


def _supersede_pairwise(members: list[Decision], w: _Work) -> None:
    for old in members:
        newer = []
        for new in members:
            if new is old or new.declared is not Declared.BINDING:
                continue
            assert old.effect is not None and new.effect is not None
            if new.effect.value == old.effect.value:
                continue
            order = later(new, old)
            if order is None:
                if old.id < new.id and old.declared is not Declared.PROPOSED:
                    w.problems.append(
                        f"conflict: {old.id} ({old.effect}) and {new.id} ({new.effect}) cannot be "
                        "ordered; add a date or a Supersedes field to one of them")
            elif order:
                newer.append(new)
        if newer:
            first = min(newer, key=_order_key)
            _mark(old, first, w)


def _reaffirmations(groups: dict[Group, list[Decision]],
                    status: dict[str, Status]) -> dict[str, tuple[str, ...]]:
    """Each active restatement reaffirms the previous record with the same value (a chain)."""
    out: dict[str, tuple[str, ...]] = {}
    for members in groups.values():
        if len(members) < 2 or not _totally_ordered(members):
            continue
        previous: dict[str, Decision] = {}
        for r in sorted(members, key=_order_key):
            assert r.effect is not None
            before = previous.get(r.effect.value)
            if before is not None and status[r.id] is Status.ACTIVE and later(r, before):
                out[r.id] = (before.id,)
            previous[r.effect.value] = r
    return out
