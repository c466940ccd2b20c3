"""A record completed from its text: what the source left out is read by the packs."""

from __future__ import annotations

import re
from dataclasses import replace

from intentlint.ground.config import Config
from intentlint.ground.manifests import ECOSYSTEMS, normalise
from intentlint.ground.packages import ANY, AVOIDED, COMPONENT, REJECTED, USED, Package
from intentlint.ground.patterns import search
from intentlint.ground.records import DEPENDENCY, Decision, Effect
from intentlint.reading import cues
from intentlint.reading.dependencies import (
    KEPT,
    Vocabulary,
    parts_of_choice,
    read_dependencies,
)
from intentlint.reading.recognise import (
    Recognised,
    components_in,
    kind_from_text,
    read,
    sentences,
)
from intentlint.reading.rulebook import Rulebook


def complete(record: Decision, rules: Rulebook, config: Config,
             vocabulary: Vocabulary | None = None,
             ungrounded: list[str] | None = None) -> list[Decision]:
    """Fill what the source left out from what the packs read in its text; explicit fields
    win. A text that sets effects on several keys becomes one record per key (`D4`, `D4.2`);
    a text that cannot be read with confidence binds no effect and needs confirmation. The
    packages it adopts, drops or rules out (grounded in `vocabulary`) are parts of their
    own, one per package; the names its text adopts or drops that `vocabulary` does not
    ground are added to `ungrounded` when one is given."""
    if record.heuristic:
        return [record]
    parts = _pack_parts(record, rules, config)
    # A value the packs read ("HSES OAuth2 for single sign-on": auth_method = oauth2) is the
    # concept, not also the package named after it (the `oauth2` gem).
    concepts = {p.effect.value.lower() for p in parts if p.effect is not None}
    dependencies = _dependency_parts(record, vocabulary or Vocabulary(), rules, ungrounded,
                                     concepts)
    if not dependencies:
        return parts
    if len(parts) == 1 and parts[0].effect is None and not parts[0].needs_confirmation:
        parts = []  # the record decides packages only
    every = [*parts, *dependencies]
    if len(every) == 1:
        return every
    return [replace(p, id=record.id if i == 0 else f"{record.id}.{i + 1}", part_of=record.id)
            for i, p in enumerate(every)]


def _dependency_parts(record: Decision, vocabulary: Vocabulary, rules: Rulebook,
                      ungrounded: list[str] | None = None,
                      concepts: frozenset[str] | set[str] = frozenset()) -> list[Decision]:
    """One record per package; explicit `uses:`/`avoid:` fields win over the text, and a
    package named as a value in `concepts` is read as that value, not as the package."""
    if record.packages:
        stated = [(package, value, "stated") for package, value in
                  _stated_packages(record.packages, vocabulary)]
        why: tuple[str, ...] = tuple(f"{p}: {v} (stated)" for p, v, _ in stated)
        found, given = stated, True
    else:
        reading = read_dependencies(record.title, record.text, record.options, vocabulary,
                                    cues.of(rules.lexicon), look_up=ungrounded is not None)
        found = [f for f in reading.effects if f[0].name.lower() not in concepts]
        given = False
        if ungrounded is not None:
            ungrounded.extend([*reading.unresolved, *reading.lookups])
        why = reading.reading + tuple(f"unclear: {u}" for u in reading.unclear) + tuple(
            _unresolved(name, vocabulary) for name in reading.unresolved
            if not set(vocabulary.lookup(name)) & {p for p, _, _ in found})
        inside = parts_of_choice(f"{record.text}\n{record.about}",
                                 [p for p, v, _ in found if v == USED],
                                 [p for p, v, _ in found if v == REJECTED], vocabulary)
        found = [f for f in found if f[0] not in inside]
        why += tuple(f"{p}: not rejected: the choice uses it ({sentence!r})"
                     for p, sentence in inside.items())
    # What replaces an avoided package: the chosen ones, not those the decision keeps
    chosen = tuple(str(p) for p, v, cue in found if v == USED and not cue.startswith(KEPT))
    return [replace(record, kind=record.kind or "decision", component=COMPONENT,
                    effect=Effect(package.key, value), effect_given=given, reading=why,
                    unclear=(), candidates=(), instead=chosen if value != USED else ())
            for package, value, _ in found]


def _unresolved(name: str, vocabulary: Vocabulary) -> str:
    """Why a name the title points a cue at was read as no package, and how to settle it."""
    known = vocabulary.lookup(name)
    if known:  # "Change UI from Dojo Toolkit to Quasar": `dojo` is declared, the title's
        # capitals say nothing about a name (LedgerSMB's ADR 105, round 22)
        return (f"not read: {name!r} may be {', '.join(str(p) for p in known)}, but the title "
                f"does not mark it as a package; add `uses: PACKAGE` or `avoid: PACKAGE` to "
                f"settle")
    return (f"not grounded: {name!r} is a package no manifest or alias names; add `uses: "
            f"PACKAGE` or `avoid: PACKAGE` to settle")


def _stated_packages(fields: tuple[str, ...], vocabulary: Vocabulary,
                     ) -> list[tuple[Package, str]]:
    """`uses: pydantic` / `avoid: npm:moment, lodash`: ECOSYSTEM:NAME as written, else the
    packages the name grounds to, else the name in any ecosystem."""
    out: list[tuple[Package, str]] = []
    for spec in fields:
        field_name, _, names = spec.partition(":")
        value = USED if field_name.strip().lower() == "uses" else AVOIDED
        for name in (n.strip() for n in names.split(",")):
            if not name:
                continue
            ecosystem, sep, bare = name.partition(":")
            if sep and ecosystem.lower() in ECOSYSTEMS:
                packages: tuple[Package, ...] = (Package(ecosystem.lower(),
                                                         normalise(ecosystem.lower(), bare)),)
            else:
                packages = vocabulary.lookup(name) or (Package(ANY, name.lower()),)
            out.extend((p, value) for p in packages)
    return out


def _pack_parts(record: Decision, rules: Rulebook, config: Config) -> list[Decision]:
    text = f"{record.title}. {record.text}"
    kind = record.kind or kind_from_text(text)
    if record.effect_given:
        return [_stated(replace(record, kind=kind), rules)]
    reading = read(text, rules, config.scopes, "log", record.scope)
    found = [f for f in reading.found if record.component in (None, f.component)]
    why = reading.why()
    if record.source.kind == "adr" and not reading.needs_confirmation:
        # An ADR's title names the one thing it decides; a value its Decision section names
        # in passing ("requests that include a JWT", in an ADR on user ids) is not decided.
        off_title = [f for f in found if not _title_names(record.title, f, rules)]
        found = [f for f in found if f not in off_title]
        why += tuple(f"not bound: {f.effect} is not what the title decides (it names neither "
                     f"{f.component} nor {f.effect.value})" for f in off_title)
        # Its decision's lead sentence on the value says what the value is for: "We will use
        # GitHub's OIDC provider to get AWS credentials for workflows" sets no sign-in method.
        for f in list(found):
            lead = _lead_not_about(record.text, f, rules)
            if lead is not None:
                found.remove(f)
                why += (f"not bound: {f.effect}: the decision's first sentence on it is about "
                        f"something else ({lead!r})",)
                continue
            # ... or names it only as the owner of what is decided: "Use `READ COMMITTED`,
            # PostgreSQL's default isolation level" decides an isolation level; PostgreSQL is
            # where the decision applies, not what it chooses (bichard7-next-core, round 29)
            lead = _lead_possessive(record.text, f)
            if lead is not None:
                found.remove(f)
                why += (f"not bound: {f.effect}: the decision names it only as the owner of "
                        f"what it decides ({lead!r})",)
    if reading.needs_confirmation or not found:
        return [replace(record, kind=kind, unclear=reading.unclear,
                        candidates=reading.candidates, reading=why)]
    return [_part(record, f, i, len(found), why) for i, f in enumerate(found)]


def _lead_not_about(text: str, found: Recognised, rules: Rulebook) -> str | None:
    """The first sentence of `text` that names `found`'s value, when its pack says that
    sentence is about something else (`not-about`); else None."""
    assert found.effect is not None
    defs = [d for d in rules.effects if d.key == found.effect.key
            and d.value in (None, found.effect.value) and d.recognise]
    if not any(d.not_about is not None for d in defs):
        return None
    for sentence in sentences(text):
        named = [d for d in defs if any(search(p, sentence) for p in d.recognise)]
        if named:
            if any(d.not_about is not None and search(d.not_about, sentence) for d in named):
                return sentence[:120]
            return None
    return None


_POSSESSIVE = re.compile(r"['\u2019]s\s+\w")


def _lead_possessive(text: str, found: Recognised) -> str | None:
    """The first sentence of `text` that names `found`'s value, when it names it only in
    the possessive ("PostgreSQL's default isolation level"); else None."""
    for sentence in sentences(text):
        named = [m for p in found.definition.recognise for m in p.finditer(sentence)]
        if named:
            if all(_POSSESSIVE.match(sentence, m.end()) for m in named):
                return sentence[:120]
            return None
    return None


def _stated(record: Decision, rules: Rulebook) -> Decision:
    """An effect as the source states it, in the packs' words: the value a pack recognises
    it as (`postgres` is `postgresql`), and the component of the pack that owns the key, so
    that a later decision on the key supersedes it whatever its own fields say."""
    effect = record.effect
    if effect is None:
        return record
    if effect.key.startswith(DEPENDENCY):
        return replace(record, component=COMPONENT)
    value = rules.canonical(effect.key, effect.value) or effect.value
    return replace(record, effect=Effect(effect.key, value),
                   component=rules.owner(effect.key) or record.component)


def _title_names(title: str, found: Recognised, rules: Rulebook) -> bool:
    return found.component in components_in(title, rules) or any(
        pattern.search(title) for pattern in found.definition.recognise)


def _part(record: Decision, found: Recognised, index: int, count: int,
          why: tuple[str, ...]) -> Decision:
    return replace(record, id=record.id if index == 0 else f"{record.id}.{index + 1}",
                   part_of=record.id if count > 1 else None,
                   kind=record.kind or found.kind,
                   component=record.component or found.component,
                   scope=record.scope or found.scope, effect=found.effect, reading=why)
