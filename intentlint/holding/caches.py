"""The mined-commits cache under `.git/intentlint/`: versioned, keyed, written atomically.

The key covers everything commit mining depends on besides the commits themselves (mining
configuration, pack contents, the shallow boundary); the stored head must be an ancestor of
the current one or the cache is rebuilt, so rewritten history is never trusted. A cache that
cannot be read, parsed or written is ignored: the check still runs, only slower.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from intentlint import __version__
from intentlint.ground.records import Decision, Declared, Effect, Source
from intentlint.sources.commits import CommitMining

FORMAT = 192  # 6: the hook plan; packs with not-about; 7: commit bodies read only where they
# decide; 8: no free text from CI- or test-only commits, bots, dependency updates; 9: the
# reading rules of replay rounds 5-9 (cached readings of ADRs and logs are read again);
# 10: dependency decisions (records carry considered options and dependency fields), and a
# sentence longer than bounds.MAX_SENTENCE is cut and binds nothing; 11: an ADR's other
# sections are kept for relevance (`context`); 12: records carry `noted` (partial
# supersession, a date as written); 13: `confirmed:` (a log entry that binds whatever the
# code shows); 14: an ADR's decision section by name (not MADR's drivers), names grounded
# in the manifests' history; 15: supersession said in an ADR's text, what a cause phrase
# names is not decided; 16: "Chosen Decision" sections, a decision's lead sentence on a value;
# 17: ADR titles from front matter, a status ends at a sub-heading, records in folders with
# pictures; 18: round 15's readings (tables cell by cell, reasons, purpose, siblings, pages
# of an ADR folder, empty and Kubernetes-style statuses); 19: a choice named in a heading,
# a suffix ("DangerJS", "Stryker.NET"), options without their pros and cons; 20: round 16's
# readings (reasons a decision was driven by, retired folders and statuses, one Go module
# of several major versions, examples of a kind); 21: wrapped prose read whole, code blocks
# not read; 22: "using", "changes" and moves choose only where a choice is said; 23: a bare
# "using" chooses again, the directive nearest a name governs it; 24: "Chosen option:" alone
# on its line names the next paragraph or item; 25: a passive of use, lists of lower-case
# names, dotted NuGet names, things built with a framework, lists ending in "etc."; 26:
# round 17's readings (what is done to a passive's subject, a tool run, a status in code);
# 27: round 17 part A's (status folders, titles in code, relative clauses, registry links)
# 28: a list item opening with a lowercase name and its use ("chi for routing"); 29: "start
# with X" adopts; 30: "utilise", a negation kept out of a clause of its own ("when …"), a
# value a pack reads is not also its namesake package; 31: "Chosen option: A" by its label,
# options read as titles; 32: "Partially Implemented" is in force; 33: round 18 part A's
# (spaced lower-case names, API paths, comparisons, statuses in words, banners, templates);
# 34: French statuses and sections, tables of fields, `_superseded/`; 35: a pom's own
# coordinates, "custom X", names before definitions/files; 36: pieces of Go/NuGet names;
# 37: a negation in a consequence ("otherwise … will not work with X"); 38: loose dates;
# 39: a Maven group given as a property is the build's own; 40: degree words before "gem",
# bold in running prose, "chosen X within Y"; 41: `000-sample.md`, dates with a dot; (…)
# 95: "Partially Superseded" with the later ADR linked in the status section; 96: a family
# start in code form only as a package ("the `sentry` gem"); 97: "In PostgreSQL, use …"; 98:
# `creation-date`, a "yyyy-mm-dd" date marks a template, "Source field"; 99: a name in a
# quoted example of several words; 100: a registry noun keeps a name to its registry; 101:
# "supersedes all prior ADRs regarding X"; 102: "from A & B to C" leaves B too;
# 103: "we removed both `yarn` and `lerna`" looks both up in the manifests' history; 104: an
# outcome opening with a name alone ("`Swashbuckle`"); 105: a table's "Decision" column;
# 106: an outcome opening with its project's address alone; 107: a record in a numbered
# folder of its own named by it whatever its file (`001-gateway/proposal.md`); 108: a
# deeper "### Chosen option"; 109: a bare-name title whose text writes it as a word;
# 110: records filed by stage (`0b_rejected/`, `1_problem_clear/` before `3_decided/`); 111:
# a GitHub Action by its tool (`snyk/actions` is Snyk), "the library to be used is X";
# 112: sections at the title's level, an outcome that is a listed option; 113: "A & B - use
# A", a negated exclusion, "Name Spelled Out (NSO)", an option's name before its description,
# a date line without a colon; 114: `lucide-react` is Lucide;
# 115: a name inside "instead of adding …" is the alternative's; 116: "our current setup
# with X" describes X; 117: `@shoelace-style/shoelace` is Shoelace; 118: "replace the
# existing setup with X" still chooses X; 119: a negated verb of knowing bans nothing; 120:
# a Composer vendor's CamelCase repository; 121: a package a decision keeps is not the
# replacement; 122: a first section saying the record is outdated; 123: "stick to"; 124:
# user stories are not the decision; 125: fenced YAML front matter, heading anchors,
# Terraform under hack/; 126: future work is hypothetical; 127: a Decision that is a name
# alone, options argued under Pros:/Cons:; 128: a log entry's Decision part; 129: a Go
# module's major versions are one module (`gopkg.in/x.v2` too); 130: a value named only in
# the possessive, a status in brackets before a title, a date in brackets; 131: "implementing"; 132:
# "didn't", typographic apostrophes, an option not picked is rejected; 133: "[AMENDED](#…)"; 134: a
# status's field label, a part superseded, one relation's reach; 135: "accepted by X" names no part;
# 136: an overlined RST title, a swap needs its ecosystem kept, no status over a "Proposal"; 137: a
# relative "that", a bracketed name a move leaves, a number word counting; 138: only a negated
# relative "that"; 139: no status over a "Proposal" is no status again, a value supported or
# named in code form is no choice; 140: ... for a pack's value only, a package supported is used
# 141: a swap of things of a name leaves it; the manifests' history read past a missing blob;
# AsciiDoc ADRs; Clojure manifests; a gerund's circumstance; RST comments and field lists;
# a status field over a Status section; parts and nouns in supersession said in text
# 142: a check's `fallback` (a default for an unset setting warns); 143: round 33's readings
# (options the reasons discuss, names run together, shims, wrapped status links, 000-readme);
# 144: round 34's (Merged, Superseded-by and Deprecated fields, purposes, models, drops' brackets)
# 145: a check's `text-names`; 146: Portuguese statuses; 147: files in a
# format (SCSS imports, YAML files) are not its package; 148: a check's `unless-file`;
# 149: "# Status" opening an ADR is a section; "Revert [ADR]" replaces it; 150: "If superseded,
# include a link" under a status is the template's; 151: a record's
# file named in code is a reference; "Standard" holds; 152: what a choice is favoured over
# is rejected (warns), not avoided; 153: a bold statement under the title joins the decision;
# 154: reference-style links read as links; what is not done in a tool bans nothing; 155: "X is
# the default" chooses X; 156: "avoid confusion with … React" avoids the confusion; 157: what a
# choice is a fork of or an alternative to is not chosen; 158: a documentation site's
# configuration is neither checked nor evidence; 159: a name qualifying another thing in an
# option is not the option; a rejected option the choice uses is not rejected; 160: an options
# section, a list item's end, an aside or what something is replaced with bound a text's link;
# 161: "[ADR 26] Option C" names a part; 162: a front matter's bare "Superseded" takes the
# Status section's link, an issue link is no record, `statusHistory:` is read; 163: "Use for
# services …: OpenAI" names what a use serves; 164: not "using for the time being"; 165:
# "revised" and "amended" statuses hold; 166: "in use" is no verb, a forge's owner/name names a
# declared package, a template's title over a dated accepted record gives way to its file name;
# 167: the line under GitHub's "Merge pull request" is its title, not a trailer; 168: "not X
# unless there is a … reason" still bans X; 169: "after trying X", "did not work with X", a
# negation whose subject a determiner opens, and "`x` was replaced by" under a status; 170:
# "Accept" alone is accepted; 171: a rejected option the choice "can use" is part of it; 172:
# a dotted NuGet name's last part in lower case is a word; 173: "deprecate the use of X for Y"
# drops one use, not X; 174: a trial clause ends where the main clause begins; 175: "from A
# to B" after a move marks both as names, a name with an inner capital counts in a Title Case
# title, "emerged as the optimal choice", "the decision has been made", "our needs" is a
# noun, bun.lockb is bun's lockfile; 176: "framework" marks a name, a describing relative
# clause chooses nothing, a clause before "because" is no bare choice, a safeguard reading,
# a Jekyll link in a status; 177: "Final" is accepted, a status in a table of one field a row;
# 178: what a sentence takes as "Given" is no decision, an option's sub-items are no options;
# 179: what a choice "integrates with" is not chosen; 180: a status's footnote is read;
# 181: "used by the project will be X" chooses X, a name given and named again is chosen;
# 182: a field row of a status table has two cells; 183: a move is no edit of an ADR;
# 184: statuses an index's table lists for records that state none; 185: the one status a
# list of every status marks, French statuses in the masculine; 186: a head field is a clause;
# a part superseded named as the subject, "in part"; 187: the chosen option's other names;
# 188: "ruby gem" names no gem, a Title Case compound's last word no package;
# 189: "NPM packaging" names the registry, not the manager; 190: front matter's
# superseded-by and supersedes; 191: no part named after a status that says superseded first;
# 192: a file named by its day and then its number has that number
FILE = "mined-commits.json"
SOURCES_FILE = "read-sources.json"


def cache_path(git_dir: Path) -> Path:
    return git_dir / "intentlint" / FILE


def sources_path(git_dir: Path) -> Path:
    return git_dir / "intentlint" / SOURCES_FILE


def cache_key(parts: list[str]) -> str:
    digest = hashlib.sha256()
    for part in [f"format={FORMAT}", f"version={__version__}", *parts]:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Loaded:
    """A cache as read: the mining, and its records exactly as stored, so that extending the
    cache by one commit appends to that text instead of encoding every record again."""

    mining: CommitMining
    records_json: str


_RECORDS_KEY = '"records":'  # always the last key, so the stored array can be spliced


def load(path: Path, key: str) -> Loaded | None:
    try:
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw)
        if data.get("format") != FORMAT or data.get("key") != key:
            return None
        records = tuple(record_from(r) for r in data["records"])
        by_sha: dict[str, tuple[str, ...]] = {}
        for r in records:
            if r.source.commit:
                by_sha[r.source.commit] = (*by_sha.get(r.source.commit, ()), r.id)
        mining = CommitMining(head=data["head"], next_seq=int(data["next_seq"]), records=records,
                              by_sha=by_sha)
        return Loaded(mining, raw[raw.rindex(_RECORDS_KEY) + len(_RECORDS_KEY):-1])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        return None  # missing, truncated, corrupt or foreign: rebuilt by the caller


def load_sources(path: Path, key: str) -> tuple[tuple[Decision, ...], list[str]] | None:
    """The log's and ADRs' records as read last time, when nothing they depend on changed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("key") != key:
            return None
        return (tuple(record_from(r) for r in data["records"]),
                [str(p) for p in data["problems"]])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        return None  # missing, truncated, corrupt or foreign: read the sources again


def save_sources(path: Path, key: str, records: tuple[Decision, ...],
                 problems: list[str]) -> bool:
    text = json.dumps({"format": FORMAT, "key": key, "problems": problems,
                       "records": [plain_record(r) for r in records]}, separators=(",", ":"))
    return write_atomic(path, text)


def save(path: Path, key: str, mining: CommitMining, base: Loaded | None = None) -> bool:
    """Write atomically (temp file + rename); False when the repository is read-only.

    Candidate sentences are never stored (see `mine_history`)."""
    header = json.dumps({"format": FORMAT, "key": key, "head": mining.head,
                         "next_seq": mining.next_seq}, separators=(",", ":"))
    return write_atomic(path, f"{header[:-1]},{_RECORDS_KEY}{_records_json(mining, base)}}}")


def write_atomic(path: Path, text: str) -> bool:
    """Write a new file beside `path`, then rename it over `path`: a reader sees the old
    file or the new one, never a part. (A name from os.urandom with O_EXCL is what
    tempfile.mkstemp does; importing tempfile would cost the hook more than the write.)"""
    try:
        path.parent.mkdir(exist_ok=True)
        tmp = path.with_name(f".tmp-{os.urandom(6).hex()}.json")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def _records_json(mining: CommitMining, base: Loaded | None) -> str:
    kept = len(base.mining.records) if base is not None else 0
    if base is None or mining.records[:kept] != base.mining.records:
        return json.dumps([plain_record(r) for r in mining.records], separators=(",", ":"))
    if kept == len(mining.records):
        return base.records_json
    new = json.dumps([plain_record(r) for r in mining.records[kept:]], separators=(",", ":"))
    return f"{base.records_json[:-1]},{new[1:]}" if kept else new


def plain_record(r: Decision) -> list[Any]:
    s = r.source
    return [r.id, r.title, r.text, r.kind, [s.kind, s.path, s.line, s.commit, s.author], r.date,
            r.seq, r.component, r.scope, [r.effect.key, r.effect.value] if r.effect else None,
            r.declared.value, r.heuristic, list(r.supersedes), list(r.superseded_by),
            list(r.revokes), r.effect_given, list(r.unclear), list(r.candidates),
            list(r.reading), list(r.checks), r.part_of, r.stated, list(r.options),
            list(r.packages), list(r.instead), r.about, list(r.noted), r.confirmed]


def record_from(row: list[Any]) -> Decision:
    (id_, title, text, kind, source, date, seq, component, scope, effect, declared, heuristic,
     supersedes, superseded_by, revokes, given, unclear, candidates, reading, checks,
     part_of, stated, options, packages, instead, about, noted, confirmed) = row
    return Decision(str(id_), str(title), str(text), str(kind), Source(*source), date, int(seq),
                    component, scope, Effect(*effect) if effect else None, Declared(declared),
                    bool(heuristic), tuple(supersedes), tuple(superseded_by), tuple(revokes),
                    bool(given), tuple(unclear), tuple(candidates), tuple(reading),
                    tuple(checks), part_of, str(stated), tuple(options), tuple(packages),
                    tuple(instead), str(about), tuple(noted), bool(confirmed))
