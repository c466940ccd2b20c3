"""Architecture decision records: Nygard (adr-tools), MADR 2/3/4 and log4brains files, in
markdown or reStructuredText.

An ADR's own status is ground truth. Links are resolved by file first, number second, and
whatever cannot be resolved is reported rather than guessed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import PurePosixPath

from intentlint.ground.bounds import MAX_LINE, cut_note
from intentlint.ground.errors import Problem
from intentlint.ground.records import Decision, Declared, Source
from intentlint.sources.dates import read_date

_FRONT = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)
_TITLE = re.compile(r"^#\s+(?:(?P<num>\d+)\.\s*)?(?P<title>.+?)\s*#*\s*$", re.MULTILINE)
_SECTION = re.compile(r"^##\s+(?P<name>.+?)\s*$", re.MULTILINE)
# A sentence set in bold on a line of its own: "**Use the `astro-icon` package.**"
_LEAD_STATEMENT = re.compile(r"^\*\*(?P<s>(?![\w ]{1,30}:)[A-Z][^*\n]{20,}[.!])\*\*[ \t]*$",
                             re.MULTILINE)
_LINE_FIELD = re.compile(  # "Status: Accepted", "* **Date:** …", "> Status: Implemented",
    # "### Status: **discussing**", a reStructuredText field list's ":Status: Accepted"
    r"^[ \t]*(?:>[ \t]*)?(?:#{1,6}[ \t]+)?(?:[-*][ \t]*)?(?::(?=\w+:))?\**(?P<key>status|date)"
    r"\**[ \t]*:"
    r"\**[ \t]*(?P<value>.*?)[ \t]*$", re.IGNORECASE | re.MULTILINE)
# A heading "## Status:" with nothing after it heads a section, it states no status.
_EMPTY_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+[^:]*:[*_ \t]*$")
# A line indented by a tab or four spaces is code ("\t\tStatus  :   False," of a struct shown
# in a design), and an item of a nested list is part of what its list says ("1. A condition
# is added: / - Status: "True""): neither is a field of the record.
_INDENTED_CODE = re.compile(r"^(?: {4}|[ ]{0,3}\t|[ \t]{2,}[-*][ \t])")
_LIST_ITEM = re.compile(r"^[ \t]*(?:>[ \t]*)?[-*][ \t]")
# 0012-x.md, ADR-045-x.md, ADR045-x.md, adr_012_x.md, adr-0012.md, rfc0002_x.md
_NUMBER = re.compile(r"^(?:adr[-_ ]?|rfc[-_ ]?)?(\d+)(?=[-_. ]|$)", re.IGNORECASE)
# A file named by a date, even one written loosely ("2022-27-09-vue-2.7-update",
# "2022-11-2-14714-…"): a date still, if not one to read, never the number 2022.
_LOOSE_DATE = re.compile(r"(?:19|20)\d\d[-_]\d{1,2}[-_]\d{1,2}(?:[-_ ]|$)")
# A record kept as a folder of its own (`2022-02-07-tracing/README.md`) is named by its folder.
_FOLDER_FILES = ("readme", "index", "rfc")
# the files a folder of records is read in
ADR_SUFFIXES = (".md", ".markdown", ".mdx", ".rst", ".adoc", ".asciidoc")
# A record kept as a folder of its own, numbered or dated (`0002-helm-oci/`,
# `2023-02-09-release-process/`, `12147-mlmd-removal/`), with its text in a README, an
# index or an `rfc.md`: the folder names it.
RECORD_FOLDER = re.compile(r"^(?:adr[-_]?|rfc[-_]?)?\d{1,8}(?:[-_].*)?$", re.IGNORECASE)
# ... numbered as records are (three digits or more) and named, so a year's folder (`2023/`)
# and a stage's (`6_implemented/`, a folder of many records) are not taken for one record.
_OWN_FOLDER = re.compile(r"^(?:adr[-_]?|rfc[-_]?)?\d{3,8}[-_][^\W\d_].*$", re.IGNORECASE)
_DATE_NAME = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
# A file or title that is still the template: skipped, and reported.
# The template's own names ("template.md", "0000-adr-template.md", "_template.md",
# "template-madr.md"), not an ADR about templates ("0010-django-templates.md").
_TEMPLATE_NAME = re.compile(r"^[_.-]*(?:adr[-_]?(?=\d))?(?:\d+[-_])?(?:adr[-_])?template\.\w+$"
                            r"|^[_.-]*(?:\d+[-_])?adr[-_]template(?:[-_.][a-z]+)?\.\w+$"
                            # a word after "template" is what a numbered record is about
                            # ("0014-template-generation.md", SAP/cloud-sdk-js) unless the
                            # number is the template's zeros ("0000-template-madr.md")
                            r"|^[_.-]*(?:0+[-_])?template(?:[-_.][a-z]+)?\.\w+$"
                            r"|^[_.-]*(?:adr[-_])?template\b|^adr-?x+\b|^x{3,}|^nnnn"
                            # an unnumbered kind's template: "design-proposal-template.md"
                            r"|^[_.-]*(?:[a-z]+[-_]){1,2}template\.\w+$"
                            # a placeholder for the date: "yyyymmdd-template.md"
                            r"|^[_.-]*y{4}[-_]?m{2}[-_]?d{2}\b"
                            r"|^[_.-]*\d*[-_]?(?:adr[-_])?(?:sample|example)\.\w+$",  # 0-example.md
                            re.IGNORECASE)
# A placeholder in brackets holds no link: "[Superseded by [ADR-0019](…)] Push Metrics via
# InfluxDB" is a title with its status before it (elastisys/compliantkubernetes, round 29).
_PLACEHOLDER_TITLE = re.compile(r"^\s*(?:\[[^\][]*\](?!\()|<[^>]*>|\{[^}]*\})"
                                r"|<(?:number|title|n)>|\[(?:title|short title)[^\]]*\]"
                                r"|\bADR-?X+\b|\b(?:ADR|RFC)-?N{3,}\b|\b[A-Z]{2,5}-N{4,}\b|\{title\}"
                                r"|^\s*(?:ADR|RFC)\s+title\s*$", re.IGNORECASE)
_PLACEHOLDER_DATE = re.compile(r"(?i)y{4}[-/.]m{2}[-/.]d{2}|d{2}[-/.]m{2}[-/.]y{4}")
_FIRST_DATE = re.compile(r"\bdate:\s*[\"']?([\d-]+)")
_LAST_IN_HISTORY = re.compile(r".*\bstatus:\s*[\"']?([A-Za-z][\w -]*?)[\"']?"
                              r"(?=\s+\w+:|\s+-\s|\s*$)", re.IGNORECASE)
_BLOCK = re.compile(r"^\s*[|>][+-]?\s*$")  # YAML's literal and folded block indicators
_FRONT_TITLE = re.compile(r"^\d+\.\s*")  # "2. Reactive Core": the number is the file's
_OPENING_SECTIONS = frozenset(("summary", "abstract", "motivation", "overview", "introduction",
                               "background", "context"))
_H1 = re.compile(r"^# (?=\S)", re.MULTILINE)
_H1_NAMED = re.compile(r"^# (?P<name>\S.*?)\s*#*\s*$", re.MULTILINE)
# The names a record's own sections begin with, when written as first-level headings.
_SECTION_WORDS = ("status", "context", "decision", "consequence", "considered", "option",
                  "alternative", "rationale", "problem", "background", "pros and cons",
                  "links", "references", "notes", "more information", "validation")
_ID_TITLE = re.compile(r"(?:(?:ADR|RFC|decision(?: record)?)[-_ #:]*)?\d+\.?", re.IGNORECASE)
_BARE_TITLE = re.compile(r"^(?:title|adr title|decision title|rfc(?: proposal)?|proposal"
                         r"|adr|(?:architecture )?decision record)\W*$", re.IGNORECASE)
# Same-repository links written as URLs: GitHub and GitLab blob/tree links name a path.
_REPO_URL = re.compile(r"^https?://[^/]+/(?:[^/]+/)+?(?:-/)?(?:blob|tree|raw)/[^/]+/(?P<path>.+)$")
_LINK = re.compile(r"\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]*)\)")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
# ... and one a static site's template tag writes: "superseded by [ADR-7]({% post_url
# adr/2017-09-03-ADR_7_pick_visualization_language %})" (Jekyll; MaibornWolff/codecharta,
# round 40), whose braces are no template's placeholder.
_TAG_TARGET = re.compile(r"\]\(\s*\{%[^%]*%\}\s*\)")
_RELATION = re.compile(
    r"(?P<rel>(?:partly|partially)\s+super[sc]eded|(?:partly|partially)\s+super[sc]edes"
    r"|superseded|superceded|supersedes|supercedes|amended|amends"
    # other templates' words for it: "succeeded by" (and "succeded"), altinn-studio's
    # "Exceeded by", "Replaced by", "Replaces" (round 21's blind check)
    r"|(?:succee?ded|exceeded|replaced)(?=\s+by\b)|replaces)(?:\s+by)?\b",
    re.IGNORECASE)
_RELATION_NAMES = {"partly superseded": "partly-superseded-by", "superseded": "superseded-by",
                   "partly supersedes": "partly-supersedes",
                   "supersedes": "supersedes", "amended": "amended-by", "amends": "amends",
                   "succeeded": "superseded-by", "succeded": "superseded-by",
                   "exceeded": "superseded-by", "replaced": "superseded-by",
                   "replaces": "supersedes"}
# What a relation applies to, when the ADR says so: a section of it (`ADR 0053 §7`) is a
# part only, as "partly" is.
_PART = re.compile(r"^\s*(?:§|sections?\b|sect\.)", re.IGNORECASE)
_PARTIAL = {"supersedes": "partly-supersedes", "superseded-by": "partly-superseded-by"}
_REF_NUMBER = re.compile(r"(?:adr[-\s#]*)?0*(\d+)\b", re.IGNORECASE)
_CODE_PATH = re.compile(r"`(?P<path>[\w./-]+\.(?:md|mdx|markdown|rst|adoc))`")
_ADR_REF_NUMBER = re.compile(r"\badr[-\s#]*0*(\d+)\b", re.IGNORECASE)
# "superseded" as a word of its own in a status that names another first ("Implemented.
# Superseded by ADR-0042 in 2023"), not "partly superseded".
_SUPERSEDED_WORD = re.compile(r"(?<!partly )(?<!partially )\b(?:super[sc]eded\b"
                              r"|(?:succee?ded|exceeded|replaced)\s+by\b)", re.IGNORECASE)
_DECORATION = re.compile(r"[^\w\s|/-]", re.UNICODE)
_DATED_LINE = re.compile(r"^\W{0,6}(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{4})\b")
_STRUCK = re.compile(r"~~?[^~\n]+~~?|<(?:s|del|strike)>.*?</(?:s|del|strike)>", re.IGNORECASE)
STATUS_WORDS = {
    "accepted": Declared.BINDING, "approved": Declared.BINDING, "adopted": Declared.BINDING,
    "done": Declared.BINDING, "implemented": Declared.BINDING, "decided": Declared.BINDING,
    "active": Declared.BINDING, "current": Declared.BINDING, "agreed": Declared.BINDING,
    # a proposal whose work is finished (thanos-io/thanos' `proposals-done/`)
    "complete": Declared.BINDING, "completed": Declared.BINDING, "finished": Declared.BINDING,
    # accepted and built, in Python's PEP 1 and NumPy's NEP 0 (numpy/numpy, round 40: 24 NEPs
    # read as proposals)
    "final": Declared.BINDING,
    "proposed": Declared.PROPOSED, "draft": Declared.PROPOSED, "pending": Declared.PROPOSED,
    "open": Declared.PROPOSED, "discussing": Declared.PROPOSED, "rejected": Declared.INACTIVE,
    "deprecated": Declared.INACTIVE,
    "declined": Declared.INACTIVE, "decline": Declared.INACTIVE, "review": Declared.PROPOSED,
    "withdrawn": Declared.INACTIVE, "obsolete": Declared.INACTIVE, "outdated": Declared.INACTIVE,
    "superseded": Declared.SUPERSEDED, "superceded": Declared.SUPERSEDED,
    # Kubernetes-style enhancement proposals (flux2's RFCs): approved to build is decided, and
    # so is one graduated to the standard channel (gateway-api's GEPs, round 36).
    "implementable": Declared.BINDING, "standard": Declared.BINDING,
    "provisional": Declared.PROPOSED,
    # being built: decided (apache/ozone's design documents, round 29, several built since)
    "implementing": Declared.BINDING,
    "experimental": Declared.PROPOSED, "deferred": Declared.INACTIVE,
    "replaced": Declared.SUPERSEDED, "defunct": Declared.INACTIVE,
    "abandoned": Declared.INACTIVE, "archived": Declared.INACTIVE,
    "cancelled": Declared.INACTIVE, "canceled": Declared.INACTIVE,
    # a decision taken back ("~~Accepted~~ Reverted", alphagov/router's ADR 001)
    "reverted": Declared.INACTIVE, "revoked": Declared.INACTIVE, "retracted": Declared.INACTIVE,
    # a log of what happened to the record's pull request (digitalservicebund/
    # a2j-rechtsantragstelle, round 34): "Drafted", then "Merged" into the main branch
    "drafted": Declared.PROPOSED, "merged": Declared.BINDING,
    # changed after it was decided, and in force as changed (Letterbook's `statusHistory:`,
    # "decided" then "revised", round 38)
    "revised": Declared.BINDING, "amended": Declared.BINDING,
    # French, accents folded (beta.gouv.fr's services: "approuvée", "refusé")
    "approuvee": Declared.BINDING, "approuve": Declared.BINDING, "acceptee": Declared.BINDING,
    "adoptee": Declared.BINDING, "validee": Declared.BINDING, "implementee": Declared.BINDING,
    "proposee": Declared.PROPOSED, "proposition": Declared.PROPOSED,
    "brouillon": Declared.PROPOSED, "refusee": Declared.INACTIVE, "refuse": Declared.INACTIVE,
    "rejetee": Declared.INACTIVE, "rejete": Declared.INACTIVE, "abandonnee": Declared.INACTIVE,
    # Portuguese, accents folded (saulomlcosta/SpecPilot's "Aceita", tried unseen after round 35)
    "aceita": Declared.BINDING, "aceito": Declared.BINDING, "aprovada": Declared.BINDING,
    "aprovado": Declared.BINDING, "proposta": Declared.PROPOSED, "proposto": Declared.PROPOSED,
    "rascunho": Declared.PROPOSED, "rejeitada": Declared.INACTIVE, "rejeitado": Declared.INACTIVE,
    "obsoleta": Declared.INACTIVE, "obsoleto": Declared.INACTIVE,
    "substituida": Declared.SUPERSEDED, "substituido": Declared.SUPERSEDED,
    "abandonne": Declared.INACTIVE, "remplacee": Declared.SUPERSEDED,
    # ... and their masculine forms ("Accepté", incubateur-ademe/aldo, round 41: a proposal)
    "accepte": Declared.BINDING, "adopte": Declared.BINDING, "valide": Declared.BINDING,
    "implemente": Declared.BINDING, "propose": Declared.PROPOSED,
    "remplace": Declared.SUPERSEDED, "deprecie": Declared.INACTIVE,
    "depreciee": Declared.INACTIVE,
}
# A folder a team moves its records into once they no longer hold (`design/defunct/`,
# `proposals/archived/`, `adr/deprecated/`): what the record's own status said before the
# move is out of date.
_RETIRED_FOLDERS = frozenset(("archived", "archive", "defunct", "deprecated", "obsolete",
                              "abandoned", "rejected", "withdrawn", "superseded"))


@dataclass(frozen=True, slots=True)
class Link:
    relation: str  # "superseded-by", "supersedes", "partly-superseded-by", "partly-supersedes",
    # "amends", "amended-by"
    line: int
    file: str | None  # repository path the link points at, if it names a file
    number: int | None
    text: str = ""  # the link's text, as written: tells apart two files of one number
    in_text: bool = False  # read from the ADR's prose rather than its status
    subject: str = ""  # "all prior ADRs regarding UEI": the earlier records titled so


@dataclass(frozen=True, slots=True)
class AdrDoc:
    path: str
    number: int | None
    title: str
    date: str | None
    status: str  # the status word, lower case; "" when the ADR states none
    status_line: int | None
    declared: Declared
    links: tuple[Link, ...]
    decision_text: str
    problems: tuple[str, ...]  # messy but readable: reported, the ADR still counts
    errors: tuple[Problem, ...] = ()  # broken syntax: the command stops with exit 2
    options: tuple[str, ...] = ()  # MADR "Considered Options": one item each
    packages: tuple[str, ...] = ()  # `uses:` / `avoid:` in the front matter, as written
    about: str = ""  # every other section but the status: what the ADR is about
    date_note: str = ""  # the date as written, when it was normalised or could not be
    placeholder_date: bool = False  # its date (front matter or `Date:`) is still "yyyy-mm-dd"
    # an index page's table of other records and their statuses: (the record's path, status)
    listed: tuple[tuple[str, Declared], ...] = ()


# A reStructuredText heading: its text, then a line of one punctuation character at least
# as long, or an overline and an underline of the same character around it.
_RST_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:.])\1{2,}\s*$")


# A reStructuredText comment: explicit markup ("..") that is no directive (`name::`), target
# (`.. _name:`), footnote (`.. [1]`) or substitution (`.. |name|`); its block goes on over
# the lines indented under it.
_RST_COMMENT = re.compile(r"^\.\.(?:[ \t]+(?![\w-]+::|_|\[|\|)\S|[ \t]*$)")


def rst_comments(text: str) -> str:
    """`text` with its reStructuredText comments blanked, line for line: edx's template
    leaves "Standard statuses … Superseded" under the Status of every record
    (edx/commerce-coordinator's ADR 4, round 32, a Draft read as superseded)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if not _RST_COMMENT.match(lines[i]):
            i += 1
            continue
        lines[i] = ""
        i += 1
        while i < len(lines) and (not lines[i].strip() or lines[i][:1] in " \t"):
            if lines[i].strip() == "" and (i + 1 >= len(lines) or lines[i + 1][:1] not in " \t"):
                break  # a blank line, then text at the margin: the comment is over
            lines[i] = ""
            i += 1
    return "\n".join(lines)


def rst_headings(text: str) -> str:
    """A reStructuredText ADR with markdown headings, line for line: the first heading is the
    title (`#`); headings in the style of the second are sections (`##`, also when title and
    sections share one style, as Open edX ADRs do); any other style stays inside its section
    (`###`)."""
    lines = text.split("\n")
    styles: list[tuple[str, bool]] = []  # the title's style, then the sections'
    i = 0
    while i + 1 < len(lines):
        over = bool(_RST_ADORNMENT.match(lines[i])) and i + 2 < len(lines) \
            and lines[i + 2].strip()[:1] == lines[i].strip()[:1] \
            and bool(_RST_ADORNMENT.match(lines[i + 2]))
        at = i + 1 if over else i
        under = _RST_ADORNMENT.match(lines[at + 1]) if at + 1 < len(lines) else None
        heading = lines[at].strip()
        # an overline makes a heading whatever its length (docutils warns and goes on)
        if under is None or not heading or _RST_ADORNMENT.match(lines[at]) \
                or (not over and len(lines[at + 1].strip()) < len(heading) - 2):
            i += 1
            continue
        style = (under.group(1), over)
        if len(styles) < 2:
            styles.append(style)
        level = 1 if len(styles) == 1 else 2 if style in styles else 3
        if over:
            lines[i] = ""
        lines[at], lines[at + 1] = "#" * level + " " + heading, ""
        i = at + 2
    return "\n".join(lines)


# AsciiDoc: a heading is a line of one to six `=` and a space before its text ("= Title",
# "== Status"); a delimited block (a line of four or more of one of these characters, until
# the same line again) holds listings, examples and quotes, never headings.
_ADOC_HEADING = re.compile(r"^(={1,6})[ \t]+(\S.*?)[ \t]*$")
_ADOC_DELIMITER = re.compile(r"^([-.=_*+/])\1{3,}[ \t]*$")


def asciidoc_headings(text: str) -> str:
    """An AsciiDoc ADR with markdown headings, line for line (cljdoc/cljdoc writes its later
    ADRs so): "= Title" is `#`, "== Status" is `##`."""
    lines = text.split("\n")
    block = ""  # the delimiter line of the block we are in
    for i, line in enumerate(lines):
        if _ADOC_DELIMITER.match(line) is not None:
            if not block:
                block = line.strip()
            elif block == line.strip():
                block = ""
            continue
        if not block and (heading := _ADOC_HEADING.match(line)) is not None:
            lines[i] = "#" * len(heading.group(1)) + " " + heading.group(2)
    return "\n".join(lines)


# MDX (the Markdown of documentation sites: Docusaurus, Nextra, Astro): its comments
# (`{/* … */}`, often a licence header) and its ES module lines (`import X from "…"`) are
# page machinery, not prose. Line numbers are kept: a comment becomes blank lines.
_MDX_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.DOTALL)
_MDX_MODULE = re.compile(r"^(?:import|export)\s.*$", re.MULTILINE)


def mdx_as_markdown(text: str) -> str:
    """The Markdown of an MDX page: comments and module lines blanked, outside code blocks."""
    out, fenced = [], False
    for part in re.split(r"(^[ \t]*(?:```|~~~).*$)", text, flags=re.MULTILINE):
        if _FENCE.match(part):
            fenced = not fenced
            out.append(part)
        elif fenced:
            out.append(part)
        else:
            part = _MDX_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), part)
            out.append(_MDX_MODULE.sub("", part))
    return "".join(out)


# Markdown's underlined (setext) headings: "Title\n=====" is `# Title`, "Section\n-----" is
# `## Section` (smithy-lang/smithy-rs writes its RFCs so).
_SETEXT = re.compile(r"^[ \t]{0,3}(=+|-+)[ \t]*$")
_NOT_A_HEADING = re.compile(r"^\s*(?:$|#|>|[-*+]\s|\d+[.)]\s|\||```|~~~)")


def setext_headings(text: str) -> str:
    """`text` with underlined headings written as `#` headings, line numbers kept; front
    matter and fenced code are left as they are."""
    front = _FRONT.match(text)
    head, body = (text[:front.end()], text[front.end():]) if front else ("", text)
    lines = body.split("\n")
    fenced = False
    for i in range(len(lines) - 1):
        if _FENCE.match(lines[i]):
            fenced = not fenced
        under = _SETEXT.match(lines[i + 1])
        if fenced or under is None or _NOT_A_HEADING.match(lines[i]) \
                or len(under.group(1)) < 3 or (i and lines[i - 1].strip()):
            continue
        lines[i] = ("# " if under.group(1)[0] == "=" else "## ") + lines[i].strip()
        lines[i + 1] = ""
    return head + "\n".join(lines)


# Two ways Kubernetes-style proposals are written (kubernetes-sigs/cluster-api-provider-azure,
# round 28): the front matter inside a fenced YAML block at the top, and an anchor before
# each heading's name ("## <a name='Proposal'></a>Proposal", from a table-of-contents tool).
# Both are rewritten in place, line for line, so every line number stays the file's.
_FENCED_FRONT = re.compile(r"\A```ya?ml[ \t]*\n(?P<body>(?:(?!```).*\n)*?)```[ \t]*\n")
_FRONT_KEY = re.compile(r"^(?:title|status|creation-date|date)\s*:", re.MULTILINE)
_HEADING_ANCHOR = re.compile(r"^(?P<marks>#{1,6}[ \t]+)<a\s+(?:name|id)\s*=\s*['\"][^'\"]*['\"]"
                             r"\s*/?>(?:\s*</a>)?[ \t]*", re.MULTILINE | re.IGNORECASE)


def _plain_markdown(text: str) -> str:
    fenced = _FENCED_FRONT.match(text)
    if fenced is not None and _FRONT_KEY.search(fenced.group("body")):
        text = f"---\n{fenced.group('body')}---\n{text[fenced.end():]}"
    return _HEADING_ANCHOR.sub(r"\g<marks>", text)


def parse_adr(text: str, path: str) -> AdrDoc:
    """Read one ADR; never raises on odd content, only records what it could not read."""
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write is no text
    text = _plain_markdown(text)
    if path.lower().endswith(".rst"):
        text = rst_headings(rst_comments(text))
    elif path.lower().endswith((".adoc", ".asciidoc")):
        text = asciidoc_headings(text)
    else:
        if path.lower().endswith(".mdx"):
            text = mdx_as_markdown(text)
        if "\n=" in text or "\n-" in text:
            text = setext_headings(text)
    problems: list[str] = []
    errors: list[Problem] = []
    # Structure (title, sections, status, links) is read from lines cut to MAX_LINE; the
    # Decision section is taken whole from the file, by line.
    full, lengths = text, {i: len(line) for i, line in enumerate(text.split("\n"), start=1)
                           if len(line) > MAX_LINE}
    if lengths:
        text = "\n".join(line[:MAX_LINE] for line in text.split("\n"))
    if re.match(r"---\s*\n", text) and not _FRONT.match(text):
        errors.append(Problem(path, "front matter opened with '---' is never closed; add the "
                                    "closing '---' line", line=1))
    front: dict[str, tuple[str, int]] = {}
    body_offset = 0
    front_match = _FRONT.match(text)
    if front_match:
        block = None  # a key whose value is a YAML block (`title: |`) on the lines below
        for i, line in enumerate(front_match.group(1).splitlines(), start=2):
            if block and (line[:1].isspace() or line.startswith("- ")):
                value, at = front[block]
                front[block] = (f"{value} {line.strip()}".strip(), at)
                continue
            key, sep, value = line.partition(":")
            if sep:
                # (a key with no value on its line is a block too: a YAML list below it)
                block = key.strip().lower() if _BLOCK.match(value) or not value.strip() \
                    else None
                front[key.strip().lower()] = ("" if block else value.strip().strip("\"'"), i)
        if "status" not in front and (history := _LAST_IN_HISTORY.search(
                front.get("statushistory", ("", 0))[0])) is not None:
            # Letterbook's `statusHistory:` list of statuses and dates (round 38): the last
            # entry is the status now
            front["status"] = (history.group(1), front["statushistory"][1])
            if "date" not in front and (decided_on := _FIRST_DATE.search(
                    front["statushistory"][0])) is not None:
                front["date"] = (decided_on.group(1), front["statushistory"][1])  # when decided
        body_offset = front_match.end()
    body = text[body_offset:]
    # A `#` line inside a fenced code block is a comment of the code (a shell's "# OR"), not
    # the title.
    title_match = next((m for m in _TITLE.finditer(body) if not _in_fence(body, m.start())),
                       None)
    rust_style = False
    # "# Status" first, over the record's other first-level sections and no title of its own
    # (lyz-code/repository-orm, round 36: every ADR was titled "Status" and read accepted)
    if title_match is not None and (_name(title_match.group("title")) in _OPENING_SECTIONS
                                    or _name(title_match.group("title")) == "status") \
            and sum(1 for m in _TITLE.finditer(body) if not _in_fence(body, m.start())) > 1:
        # A Rust-style RFC ("# Summary", "# Motivation", "# Detailed design"; pipe-cd/pipecd,
        # round 22): its first-level headings are its sections, and its file names it.
        # (a `# comment` in a fenced block stays the code's)
        body = _H1.sub(lambda m: m.group(0) if _in_fence(body, m.start()) else "## ", body)
        title_match = None
        rust_style = True
    elif title_match is not None:
        # "# Context", "# Decision", "# Status" after the title (hotosm/fAIr, round 26): the
        # record's sections written at the title's level; read as its sections, or its
        # "# Status  Proposed." is never read.
        later = {m.start(): name for m in _H1_NAMED.finditer(body, title_match.end())
                 if not _in_fence(body, m.start())
                 and (name := _name(m.group("name"))).startswith(_SECTION_WORDS)}
        if any(name.startswith(("status", "decision")) for name in later.values()):
            body = _H1.sub(lambda m: "## " if m.start() in later else m.group(0), body)
    title = (title_match.group("title").strip() if title_match else
             _FRONT_TITLE.sub("", front.get("title", ("",))[0])
             or (_named_by_file(path) if rust_style else record_name(path)))
    title_number = re.match(r"^(?:ADR|(?:Architecture )?Decision Record)[-_ ]?(\d+)\s*[:.\-–—]\s*"
                            r"(.+)$", title, re.IGNORECASE)
    if title_number:
        title = title_number.group(2).strip()
    if _BARE_TITLE.match(title):  # the template's heading left as it was, over real text:
        title = record_name(path)  # the file's name says what it decides
    elif _ID_TITLE.fullmatch(title) and _named_by_file(path).strip():
        # "# ADR 0007" over `0007-use-vitejs-for-react-build-tool.md` (elsa-data): a heading
        # that only numbers the record leaves its file's name to say what it decides.
        title = _named_by_file(path)
    number = file_number(path)
    if number is None:
        number = int(title_match.group("num")) if title_match and title_match.group("num") \
            else int(title_number.group(1)) if title_number else None
    sections = _sections(body)
    status_text, status_line = _status_text(front, sections, body, text)
    status_text = _status_wording(_footnoted(status_text, body))
    deprecated, replaced_by = _retiring_fields(body)
    if replaced_by:
        status_text = f"{status_text}\nSuperseded by {replaced_by}"
    elif deprecated:
        status_text = f"Deprecated\n{status_text}"
    # "creation-date" in the front matter of enhancement proposals (argo-cd's, KEPs)
    written = next((front[k][0] for k in ("date", "creation-date", "created") if
                    front.get(k, ("",))[0]), "") or _field(body, "date") or _date_line(
        body, sections) or ""
    # MADR 2's template writes its fields in brackets and some keep them: "Date: [2021-06-29]"
    written = written.strip()
    if written.startswith("[") and written.endswith("]"):
        written = written[1:-1].strip()
    # a date still "yyyy-mm-dd" is the template's own (argo-cd's 001-proposal-template.md)
    placeholder = bool(_PLACEHOLDER_DATE.fullmatch(written))
    if placeholder:
        written = ""
    dated = read_date(written) if written else None
    if dated and dated.problem:
        problems.append(dated.problem)
    if status_line is not None and not status_text.strip():
        # "* Status: " left blank (MADR's field, filled in when decided); with no status
        # field at all the ADR reads as accepted, as log4brains writes them.
        problems.append("the status field is empty; treating the ADR as proposed")
        declared, word = Declared.PROPOSED, "empty"
    else:
        # "Superseded in part by [ADR 51](…)" (occurrent, round 41: read as wholly superseded)
        status_text = _IN_PART.sub(r"partly \1", status_text)
        declared, word = _declared(status_text, problems)
    links = tuple(_links(status_text, status_line or 0, path)) + _front_links(front, path)
    if word == "partly superseded" and not any(
            link.relation == "partly-superseded-by" for link in links):
        links += _partly_by(status_text, status_line or 0, path)
    relations = {link.relation for link in links}
    if declared is Declared.INACTIVE and "superseded-by" in relations:
        # "status: obsolete" beside "superseded-by: ./022-….md" (amaru's EDR 16): retired by
        # the record it names, so superseded by it
        declared = Declared.SUPERSEDED
    if declared is Declared.SUPERSEDED and "partly-superseded-by" in relations \
            and "superseded-by" not in relations:  # "Superseded by ADR 0020 §3": a part only
        declared, word = _declared(_SUPERSEDED_WORD.sub("partly superseded", status_text), [])
    first_body_line = text.count("\n", 0, body_offset) + 1
    said = [link for link in _text_links(body, first_body_line, path, number)
            if not any((link.file, link.number) == (own.file, own.number) for own in links)]
    links += tuple(said)
    decided = _decision_section(sections) or (
        # a Rust-style RFC's "# Summary" says what it proposes (pipe-cd/pipecd, round 22)
        "summary" if rust_style and "summary" in sections else None)
    decision = sections[decided] if decided else ""
    if decided and title_match is not None:
        # The decision stated in bold under the title, before any section (voorhoede/
        # head-start's log: "**Use a custom icon setup using `svg-sprite`.**", its "## Decision"
        # telling the story): read with the section.
        opening = _SECTION.search(body, title_match.end())
        lead = _LEAD_STATEMENT.search(body[title_match.end():opening.start() if opening else 0])
        if lead is not None:
            decision = f"{lead.group(1)}\n\n{decision}"
    if decided is None:
        # "### Decision ###" under "## Context" (defenseunicorns/pepr's ADR 0019): a decision
        # named so at a deeper level is the decision, where no section is.
        decision = _deep_decision(body, full.split("\n")[text.count("\n", 0, body_offset):])
    considered = next((sections[k] for k in sections if k.startswith(_OPTIONS_SECTIONS)), "")
    packages = tuple(f"{key}: {front[key][0]}" for key in PACKAGE_FIELDS
                     if front.get(key, ("",))[0])
    if lengths:
        first = text.count("\n", 0, body_offset) + 1  # the file's line of the body's first
        title_line = first + body.count("\n", 0, title_match.start()) if title_match else 0
        status_lines = range(status_line or 0, (status_line or 0) + len(status_text.split("\n")))
        problems.extend(f"line {n}: {cut_note('line', lengths[n], MAX_LINE)}"
                        for n in sorted(lengths) if n == title_line or n in status_lines)
        decision = _whole_section(body, full.split("\n")[first - 1:], decided) \
            if decided else ""
    decision, stories = _without_reasons(decision, _STORIES_HEADING, whole=False)
    decision, reasons = _without_reasons(decision)
    reasons = "\n".join(filter(None, (stories, reasons)))
    listed, weighed = _without_reasons(decision, _OPTIONS_HEADING)
    if _list_items(weighed):  # "### Alternatives considered" under the Decision, as a list
        decision, considered = listed, considered or weighed
        reasons = "\n".join(filter(None, (reasons, weighed)))
    about = " ".join([*(body for name, body in sections.items()
                        if name != decided and not name.startswith("status")), reasons]
                     )[:MAX_ABOUT]
    if dated and not placeholder and word not in ("", "template") \
            and _PLACEHOLDER_TITLE.search(title) \
            and not _TEMPLATE_NAME.search(PurePosixPath(path).name):
        # "# [short title of solved problem and solution]" over a dated, accepted record
        # (bbc/digital-paper-edit-client's environment injection, round 39): the template's
        # title left in place; the file's name says what it decides
        title = _named_by_file(path).strip() or title
    return AdrDoc(path, number, title, dated.iso if dated else None, word, status_line,
                  declared, links, decision.strip() or title, tuple(problems), tuple(errors),
                  _options(considered), packages, about, dated.note if dated else "",
                  placeholder, _listed_statuses(body, path))


MAX_ABOUT = 20_000  # an ADR's other sections kept for relevance: more says no more


PACKAGE_FIELDS = ("uses", "avoid", "avoids")
# MADR's "Considered Options", and the "Alternatives Considered" of other templates.
_OPTIONS_SECTIONS = ("considered option", "options considered", "alternatives",
                     "considered alternatives")
_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+(?P<item>\S.{0,300})$", re.MULTILINE)


# What leads up to a decision is not the decision: MADR's "Decision Drivers" come before its
# "Decision Outcome"; other templates list "Decision Criteria" or "Decision Makers".
_BEFORE_DECIDING = ("driver", "criteri", "maker", "factor", "context", "date", "deciders")
# Templates that name the decision otherwise, in the order they are preferred when a record
# has no "Decision …" section: "Proposed Architecture" (a problem-goals-proposal template,
# whose "Current Architecture" is context), "Proposal", "Solution", "Resolution", "Outcome",
# a design page's "Conclusion" (Financial-Times/dotcom-page-kit, tried unseen), a "Result"
# (Altinn/altinn-studio's template, round 21).
_DECISION_ELSEWHERE = ("chosen option", "chosen approach", "chosen solution",
                       "selected option", "selected approach", "proposed architecture",
                       "proposed solution",
                       "proposed design", "proposed approach", "proposal", "solution",
                       "resolution", "outcome", "conclusion", "result", "what we decided",
                       "what we will do")


# ... of which these say so at any depth: microsoft/vstest's RFC 0021 keeps its "### Chosen
# option" under "## Acquisition" (round 25).
_CHOSEN_SECTIONS = _DECISION_ELSEWHERE[:5]
_QUALIFIED_DECISION = re.compile(r"^(?:chosen|final|agreed|accepted|proposed)\s+decisions?\W*$")


_DEEP_HEADING = re.compile(r"^(?P<level>#{3,6})\s+(?P<name>.+?)\s*#*\s*$")


def _deep_decision(body: str, lines: list[str]) -> str:
    """The text under the first heading below the second level named as a decision
    ("### Decision", "#### Final decision"), up to the next heading as high or higher, from
    the file's own `lines` (the body's, uncut); "" when there is none."""
    fenced = False
    start, level = None, 0
    for i, line in enumerate(body.split("\n")):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        heading = _HEADING.match(line)
        if fenced or heading is None:
            continue
        if start is not None and len(heading.group("level")) <= level:
            return "\n".join(lines[start:i])
        deep = _DEEP_HEADING.match(line)
        if start is None and deep is not None:
            name = _name(deep.group("name"))
            if _named_decision(name) or _QUALIFIED_DECISION.match(name) \
                    or name.rstrip(":") in _CHOSEN_SECTIONS:
                start, level = i + 1, len(deep.group("level"))
    return "\n".join(lines[start:]) if start is not None else ""


def _named_decision(name: str) -> bool:
    """A section named "Decision …" that is not what leads up to it."""
    rest = name.removeprefix("the ").removeprefix("our ")
    return rest.startswith("decision") and not any(
        word in rest[len("decision"):] for word in _BEFORE_DECIDING)


def _decision_section(sections: dict[str, str]) -> str | None:
    """The name of the section that states the decision: the first named "Decision …" that
    is not what leads up to it, else the first of the other templates' names."""
    for name in sections:
        if _named_decision(name):
            return name
    for name in sections:  # "Chosen Decision", "Final decision"
        if _QUALIFIED_DECISION.match(name):
            return name
    for wanted in _DECISION_ELSEWHERE:
        for name in sections:
            if name.rstrip(":") == wanted:
                return name
    return None


# A part of the Decision section under a heading of its own that gives reasons for the
# decision rather than the decision: "### Why Jest?", "### Rationale", "#### Pros".
_REASONS_HEADING = re.compile(
    r"^(?P<level>#{3,6})\s+(?:.*\?\s*#*\s*$|\W*(?:why|rationale|justification|reasons?"
    r"|pros|cons|benefits?|drawbacks?|advantages?|disadvantages?|consequences?|trade-?offs?"
    r"|positive|negative)\b)", re.IGNORECASE)
# The user stories a proposal opens with ("### User Stories" / "#### Story 1 - …", "Alex uses
# `kubectl` to …": kubernetes-sigs/cluster-api-provider-azure, round 28): who does what, not
# what the project chooses; a section of stories alone decides nothing.
_STORIES_HEADING = re.compile(r"^(?P<level>#{3,6})\s+\W*(?:user\s+stor(?:y|ies)|stor(?:y|ies)"
                              r"|use\s+cases?|personas?)\b", re.IGNORECASE)
_HEADING = re.compile(r"^(?P<level>#{1,6})\s")
# ... and one that lists the options weighed, MADR's "Considered Options" written inside the
# Decision section ("### Alternatives considered:" / "- **Koa**: no clear architecture"):
# its items are options not chosen, not choices (StrongSteve/duellumdiegeld's ADR 1).
_OPTIONS_HEADING = re.compile(
    r"^(?P<level>#{3,6})\s+\W*(?:(?:other\s+)?alternatives?|(?:considered|other)\s+"
    r"(?:options?|alternatives?)|options?\s+considered)\b", re.IGNORECASE)


def _without_reasons(decision: str, parts: re.Pattern[str] = _REASONS_HEADING,
                     whole: bool = True) -> tuple[str, str]:
    """(the Decision section without its parts under a heading `parts` matches, those
    parts): "Ava, which required tsx" under "Why Jest?" says why, and decides nothing about
    tsx."""
    kept: list[str] = []
    reasons: list[str] = []
    depth = 0  # inside a reasons part opened by a heading of this level
    for line in decision.split("\n"):
        heading = _HEADING.match(line)
        if heading and depth and len(heading.group("level")) <= depth:
            depth = 0
        if not depth and (found := parts.match(line)):
            depth = len(found.group("level"))
        (reasons if depth else kept).append(line)
    if not "".join(kept).strip() and whole:
        return decision, ""  # a section that is all reasons is the decision as written
    return "\n".join(kept), "\n".join(reasons)


_AN_OPTION = re.compile(r"^(?P<level>#{3,6})\s+(?P<name>.+?)\s*#*\s*$", re.MULTILINE)
_OPTION_NUMBER = re.compile(r"^(?:option|alternative|choice)?\s*(?:\d+|[a-z])?\s*[:.)-]\s+",
                            re.IGNORECASE)


def _options(section: str) -> tuple[str, ...]:
    """The options a section lists: the items of its list before any sub-heading, else its
    sub-headings of the first level ("### Option 1: React Joyride"). What is under a
    sub-heading describes an option or argues for it ("**Pros**: First-class TypeScript
    support", "### Advantages of Jotai"), it is no option itself (boxwise/boxtribute, round
    21: React and TypeScript read as rejected from an option's pros and cons)."""
    lead = _AN_OPTION.match(section.lstrip("\n"))
    if lead is not None and _OPTIONS_HEADING.match(lead.group(0)):
        # the list's own heading ("### Alternatives considered" under the Decision)
        section = section.lstrip("\n")[lead.end():]
    first = _AN_OPTION.search(section)
    items = _list_items(section[:first.start()] if first else section)
    if items or first is None:
        return items
    level = first.group("level")
    return tuple(name for m in _AN_OPTION.finditer(section) if m.group("level") == level
                 and (name := _OPTION_NUMBER.sub("", m.group("name").strip("*_` ")).strip()))


def _list_items(section: str) -> tuple[str, ...]:
    """The items of a markdown list, each without its marker, emphasis and trailing links;
    not an option's pros and cons ("`+` Follows the existing pattern (`lint-staged`)",
    "Good, because …", or any item under a "Cons:" label), which argue for or against an
    option without being one. Where options are argued so, they are the short lines each
    "Pros:" or "Cons:" list follows ("CRA" / "Cons:" / "- Webpack isn't as fast as Vite":
    johnyherangi/foodstuffs-technical-exercise, tried unseen, rejected Webpack)."""
    items: list[str] = []
    named: list[str] = []
    arguing = False
    last = ""  # the last short line that is neither an item nor a label
    base: int | None = None  # the indent of the list's items; deeper ones describe an item
    for line in section.split("\n"):
        if not line.strip():
            continue
        if (item := _ITEM.match(line)) is not None:
            text = item.group("item").strip()
            indent = len(line) - len(line.lstrip())
            if base is None:
                base = indent
            if indent > base:
                # "- Date-fns" / "  - Over 200 functions, modularity, TypeScript compatibility"
                # (Sergih28/groc's ADR 5, round 40): what an option offers, no option
                continue
            if not arguing and not _ARGUMENT.match(text):
                items.append(text.strip("*_`\""))
            continue
        arguing = _ARGUING_LABEL.match(line) is not None
        if arguing and last:
            named.append(last)
            last = ""
        elif not arguing:
            words = line.strip().rstrip(":").strip("*_` ")
            last = words if 0 < len(words.split()) <= 4 else ""
    return tuple(dict.fromkeys(named)) or tuple(items)


_ARGUING_LABEL = re.compile(r"^\W*(?:pros?|cons?|advantages?|disadvantages?|benefits?|drawbacks?"
                            r"|good|bad|neutral|positives?|negatives?)\W*$", re.IGNORECASE)


_ARGUMENT = re.compile(r"^(?:`?(?:\+/-|[+±-])`?\s|(?:\*\*)?(?:good|bad|neutral|pro|con)s?\b\W*"
                       r"(?:because|,|:))", re.IGNORECASE)


def _sections(body: str) -> dict[str, str]:
    out: dict[str, str] = {}
    matches = list(_SECTION.finditer(body))
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(body)
        out.setdefault(_name(match.group("name")), body[match.end():end])
    return out


def _name(heading: str) -> str:
    """A section's name as it is looked up: lower case, accents folded ("Décision"), bold or
    italics and a closing colon left out ("## **Status**", "## Status:")."""
    return _folded(heading.strip("*_: \t").lower())


def _folded(text: str) -> str:
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def _whole_section(body: str, lines: list[str], name: str) -> str:
    """The first section called `name`, from the file's own `lines` (the body's lines, uncut)
    rather than from `body` (cut to MAX_LINE)."""
    matches = list(_SECTION.finditer(body))
    for i, match in enumerate(matches):
        if _name(match.group("name")) == name:
            start = body.count("\n", 0, match.start()) + 1
            end = body.count("\n", 0, matches[i + 1].start()) if i + 1 < len(matches) \
                else len(lines)
            return "\n".join(lines[start:end])
    return ""


# "Date 2024-04-03", "## Date 2025-04-23" (alphagov/publisher, round 26): a date line written
# without a colon, its value a date by its digits.
_DATE_DIGITS = r"\d[\d./-]{5,}\d"
_DATE_LINE = re.compile(rf"^[ \t]*(?:#{{1,6}}[ \t]+)?\**date\**[ \t]+(?P<value>{_DATE_DIGITS})"
                        r"[ \t]*$", re.IGNORECASE | re.MULTILINE)


def _date_line(body: str, sections: dict[str, str]) -> str | None:
    """A date line without a colon, or a "## Date" section whose first line is a date."""
    for match in _DATE_LINE.finditer(body[:4000]):
        if not _in_fence(body, match.start()):
            return match.group("value")
    first = sections.get("date", "").strip().split("\n", 1)[0].strip()
    return first if re.fullmatch(_DATE_DIGITS, first) else None


def _field(body: str, key: str) -> str | None:
    for match in _LINE_FIELD.finditer(body):
        if match.group("key").lower() == key and not _in_fence(body, match.start()) \
                and not _EMPTY_HEADING.match(match.group(0)):
            return match.group("value")
    found = _table_field(body, key)
    return found[0] if found else None


_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$")


def _table_field(body: str, key: str) -> tuple[str, int] | None:
    """`key`'s cell in a table of fields over the record's first section ("| Status | Date |
    Author(s) |" over "| Accepted | 2025-01-07 | @nscuro |", DependencyTrack's ADRs): the
    value and its line (1-based, in `body`)."""
    lines = body[:4000].split("\n## ", 1)[0].split("\n")
    for names, at, rows in _tables(lines):
        if len(rows) > 1:
            continue  # a row a record: an index of ADRs and their statuses (DanilTk/law-it)
        if key in names and names.index(key) < len(rows[0]):
            return rows[0][names.index(key)], at + 1
    # ... or a table of one field a row, two cells: "| **Status**: | ACCEPTED |" (secureCodeBox's
    # ADRs, round 40, under a header of empty comments); not a wider table's header ("| STATUS
    # | Metric name | Type |", kata-containers' metrics design)
    for n, line in enumerate(lines):
        row = _TABLE_ROW.match(line)
        cells = [c.strip() for c in row.group(1).split("|")] if row is not None else []
        if len(cells) == 2 and _name(cells[0].strip("`")) == key and cells[1]:
            return cells[1], n + 1
    return None


def _tables(lines: list[str]) -> Iterator[tuple[list[str], int, list[list[str]]]]:
    """Each Markdown table in `lines`: its column names, the index of its first row, and its
    rows' cells (a table has a row at least)."""
    for n in range(len(lines) - 2):
        header = _TABLE_ROW.match(lines[n])
        if header is None or not _TABLE_RULE.match(lines[n + 1]):
            continue
        rows = []
        for line in lines[n + 2:]:
            if (row := _TABLE_ROW.match(line)) is None:
                break
            rows.append([c.strip() for c in row.group(1).split("|")])
        if rows:
            yield [_name(c.strip(" *_`")) for c in header.group(1).split("|")], n + 2, rows


def _listed_statuses(body: str, path: str) -> tuple[tuple[str, Declared], ...]:
    """An index's table of records with a Status column ("| [Lombok](catalog/lombok.md) |
    ACCEPTED |", DanilTk/law-it's `ADR/adr-list.md`, whose records state no status of their
    own): each linked file with the status its row gives. Rows whose status names no status
    are left out."""
    folder = PurePosixPath(path).parent
    out: list[tuple[str, Declared]] = []
    for names, _, rows in _tables(body.split("\n")):
        if "status" not in names:
            continue
        column = names.index("status")
        for cells in rows:
            links = [_link_path(folder, _target(m)) for i, cell in enumerate(cells)
                     if i != column for m in _LINK.finditer(cell)]
            declared = _known_status(cells[column]) if column < len(cells) else None
            if declared is not None and len(links) == 1 and links[0] \
                    and links[0] != path and links[0].lower().endswith(ADR_SUFFIXES):
                out.append((links[0], declared))
    return tuple(out) if len(out) >= 2 else ()  # one row is a field table's, not an index


_SUBHEADING = re.compile(r"\s{0,3}#{1,6}\s|\s{0,3}(?:```|~~~)")


_FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")


def _footnoted(status_text: str, body: str) -> str:
    """A status with a footnote ("Superceded [^1]", its note at the end of the file: "[^1]:
    Superseded by [ADR 2023-04-11](2023-04-11-….md)", actions/actions-runner-controller,
    round 40): the marker is no record's number, and the note says by which."""
    if "[^" not in status_text:
        return status_text
    notes = []
    for label in dict.fromkeys(_FOOTNOTE_REF.findall(status_text)):
        note = re.search(rf"^\[\^{re.escape(label)}\]:[ \t]*(.+)$", body, re.MULTILINE)
        if note is not None:
            notes.append(note.group(1).strip())
    return "\n".join([_FOOTNOTE_REF.sub("", status_text).rstrip(), *notes])


def _status_text(front: dict[str, tuple[str, int]], sections: dict[str, str], body: str,
                 text: str) -> tuple[str, int | None]:
    """The status as written, and its line: front matter, else a Status section, else a
    field. A Status section and a field both written, as IBM/mcp-context-forge's ADRs keep
    them (round 32): the field where the section names no status ("This decision is in place
    and …" under "- *Status:* Accepted") or where the field retires the record the section
    still calls implemented ("- *Status:* Superseded by the UpstreamSessionRegistry")."""
    found = _status_text_in_order(front, sections, body, text)
    if "status" in front and "status" in sections:
        # `status: Superseded` in the front matter and "Superseded by [ADR 0060](…)" in the
        # Status section (fullsend-ai/fullsend, round 38): the section says by which
        in_section = _status_text_in_order({}, sections, body, text)
        if _known_status(found[0]) is Declared.SUPERSEDED \
                and _known_status(in_section[0]) is Declared.SUPERSEDED \
                and not _names_a_record(found[0]) and _names_a_record(in_section[0]):
            return in_section
    if "status" in front or "status" not in sections:
        return found
    field = _status_text_in_order(front, {k: v for k, v in sections.items() if k != "status"},
                                  body, text)
    fielded = _known_status(field[0])
    if fielded is None:
        return found
    said = _known_status(found[0])
    retired = fielded in (Declared.SUPERSEDED, Declared.INACTIVE)
    if said is None or (retired and said is not fielded):
        return field
    return found


# Fields beside the status that retire a record: "- Superseded by:" over a nested list of the
# records that replaced it, "- Deprecated: Yes (2024-04-25)" (prose-im/prose-pod-api's
# template, round 34); "ø", "No", "None" or "-" say it still holds.
_RETIRING_FIELD = re.compile(r"^[ \t]*(?:[-*][ \t]*)?\**(?P<key>superseded[ -]by|deprecated)\**"
                             r"[ \t]*:\**[ \t]*(?P<value>.*?)[ \t]*$",
                             re.IGNORECASE | re.MULTILINE)
_NESTED_ITEM = re.compile(r"^[ \t]+[-*][ \t]+(?P<item>.+)$")
_NO_VALUE = re.compile(r"[\s*_.ø∅—–-]*(?:no|none|n/?a|nothing|false)?[\s*_.]*", re.IGNORECASE)


def _retiring_fields(body: str) -> tuple[bool, str]:
    """(deprecated, what superseded it) from the fields of the record's head."""
    head = body[:4000].split("\n## ", 1)[0]
    deprecated, replaced = False, ""
    for match in _RETIRING_FIELD.finditer(head):
        if _in_fence(head, match.start()):
            continue
        value = match.group("value")
        if not value:  # the records a nested list under the field names
            items = []
            for line in head[match.end():].lstrip("\n").split("\n"):
                if (item := _NESTED_ITEM.match(line)) is None:
                    break
                items.append(item.group("item").strip())
            value = "; ".join(items)
        if _NO_VALUE.fullmatch(value):
            continue
        if match.group("key").lower().startswith("deprecated"):
            deprecated = deprecated or re.match(r"\W*(?:yes|true)\b", value, re.I) is not None
        elif _names_a_record(value):
            replaced = value
    return deprecated, replaced


# A template's list of every status with the record's own marked: in bold ("* __Accepted__"
# among "* Proposed", "* Superceded", ctoec/care-4-kids-auto-notifier, round 41) or ticked
# ("- [x] Accepted" among "- [ ] Proposed").
_STATUS_ITEM = re.compile(r"^\s{0,3}[-*+]\s+(?:\[(?P<box>[ xX])\]\s*)?(?P<item>\S.*?)\s*$")
_EMPHASISED = re.compile(r"(\*\*|__)(?P<inner>[^*_].*?)\1")


def _marked_item(lines: list[str]) -> tuple[str, int] | None:
    """The one item a list of three statuses or more marks, and its line in `lines`; None
    where the status is not such a list, or marks none or several."""
    written = [(n, line) for n, line in enumerate(lines) if line.strip()]
    items = [(n, m) for n, line in written if (m := _STATUS_ITEM.match(line)) is not None]
    if len(items) < 3 or len(items) < len(written):
        return None
    marked = []
    for n, m in items:
        emphasised = _EMPHASISED.fullmatch(m.group("item"))
        if m.group("box") in ("x", "X"):
            marked.append((m.group("item"), n))
        elif emphasised is not None:
            marked.append((emphasised.group("inner").strip(), n))
    return marked[0] if len(marked) == 1 else None


def _names_a_record(text: str) -> bool:
    """Whether a status or a field names the record it points to (a link, a number)."""
    return bool(_LINK.search(text) or _REF_NUMBER.search(text))


def _known_status(status_text: str) -> Declared | None:
    """What a status says, or None where it is empty or names no status."""
    unknown: list[str] = []
    declared = _declared(status_text, unknown)[0] if status_text.strip() else None
    return None if unknown else declared


def _status_text_in_order(front: dict[str, tuple[str, int]], sections: dict[str, str],
                          body: str, text: str) -> tuple[str, int | None]:
    if "status" in front:
        return front["status"]
    offset = text.count("\n", 0, len(text) - len(body))
    if "status" in sections:
        section = sections["status"]
        start = body.find(section)
        lines = section.splitlines()
        while lines and not lines[0].strip():
            lines.pop(0)
        # A sub-heading ends the status: what a writer put under it is the ADR's text
        # (code, a design), not its status.
        cut = next((n for n, line in enumerate(lines) if n and _SUBHEADING.match(line)), None)
        lines = lines[:cut]
        if lines:
            # Blank lines inside stay, so a link's offset in the text is its line in the file.
            first = body.count("\n", 0, start) + 1 + offset
            skipped = section[: section.find(lines[0])].count("\n")
            if (marked := _marked_item(lines)) is not None:
                return marked[0], first + skipped + marked[1]
            return "\n".join(lines).rstrip(), first + skipped
        return "", None
    for match in _LINE_FIELD.finditer(body):
        if match.group("key").lower() == "status" and not _in_fence(body, match.start()) \
                and not _EMPTY_HEADING.match(match.group(0)) \
                and not _INDENTED_CODE.match(match.group(0)) \
                and not _in_literal_block(body, match.start()):
            line = body.count("\n", 0, match.start()) + 1 + offset
            if match.group("value") or _LIST_ITEM.match(match.group(0)):
                return match.group("value"), line
            # A label alone on its line: the status written under it ("**Status:**" /
            # "Accepted"), or a paragraph's label ("**Status:**" / "Reported statuses will
            # be modified as follows:", rook's design of Kubernetes object statuses).
            rest = body[match.end():].lstrip("\n")
            under = rest.split("\n", 1)[0].strip(" \t*_>")
            if not under or under.startswith(("#", "|")):
                return "", line  # a field left blank before the next section: empty
            if len(under.split()) <= 3 and not under.endswith(":"):
                return under, line + body.count("\n", match.end(), len(body) - len(rest)) + 1
    table = _table_field(body, "status")
    if table is not None and table[0]:
        return table[0], table[1] + offset
    head = body[:2000].split("\n## ", 1)[0]  # before the record's first section
    # An RFC process's stage in the record's header ("- **Stage**: Draft", winglang/wing,
    # round 22): its status where no status is written.
    stage = _STAGE_FIELD.search(head)
    if stage is not None and not _in_fence(body, stage.start()):
        word = stage.group("value").strip(" *_{}")
        return ("proposed" if word.lower() == "proposal" else word,
                body.count("\n", 0, stage.start()) + 1 + offset)
    # A banner over a record kept for history: "> **Archived:** This RFC is kept for
    # historical reference only" (vectordotdev/vector, round 18).
    banner = _RETIRED_BANNER.search(head)
    if banner is not None and not _in_fence(body, banner.start()):
        return banner.group("word"), body.count("\n", 0, banner.start()) + 1 + offset
    # ... or the record's first section, a notice that it is retired: "## Notice - this is
    # outdated, and left here only for historical purposes" over a link to its successor
    # (danskernesdigitalebibliotek/dpl-cms's ADR 001a, retrieval set 13).
    opening = _FIRST_SECTION.search(body[:2000])
    if opening is not None and _RETIRED_NOTICE.match(opening.group("name")) is not None:
        return opening.group("name"), body.count("\n", 0, opening.start()) + 1 + offset
    return "", None


_FIRST_SECTION = re.compile(r"^##[ \t]+(?P<name>[^\n]+)$", re.MULTILINE)
# A notice ("Notice - this is outdated", "Warning: this ADR has been superseded") or the word
# alone ("## Obsolete"); a section about deprecated things ("## Deprecated endpoints") is not.
_RETIRED_NOTICE = re.compile(
    r"^\W*(?:(?:(?:notice|note|warning|important|update)\W+)?this\s+(?:adr\s+|record\s+|"
    r"decision\s+|document\s+)?(?:is|has\s+been)\s+(?:now\s+)?|(?:notice|note|warning|"
    r"important|update)\W+)?(?P<word>outdated|obsolete|deprecated|superseded|archived)\b"
    r"(?:\s*$|\s+by\b|\s*[,.;:!()\-–—])", re.IGNORECASE)


_BADGE = re.compile(r"!\[[^\]]*\]\(\s*https?://(?:badgen\.net|img\.shields\.io)/badge/"
                    r"(?P<path>[^)\s?#]+)", re.IGNORECASE)
_STAGE_FIELD = re.compile(r"^[ \t]*(?:[-*][ \t]*)?\**stage\**[ \t]*:\**[ \t]*"
                          r"(?P<value>[^\n]*?)[ \t]*$", re.IGNORECASE | re.MULTILINE)
_RETIRED_BANNER = re.compile(r"^[ \t]*>?[ \t]*[*_]{0,2}(?P<word>archived|deprecated|superseded|"
                             r"rejected|withdrawn|obsolete|abandoned)[*_]{0,2}[ \t]*:",
                             re.IGNORECASE | re.MULTILINE)


def _in_literal_block(body: str, at: int) -> bool:
    """Whether the indented line at `at` is the content of a reStructuredText literal block or
    directive (the lines under `.. code-block:: console` or a paragraph ending in `::`): a
    `Status: install ok installed` line of `dpkg` output shown there is not the record's."""
    lines = body[:at].split("\n")
    line_end = body.find("\n", at)
    here = body[at:line_end if line_end >= 0 else len(body)]
    indent = len(here) - len(here.lstrip(" "))
    if indent == 0:
        return False
    for line in reversed(lines[:-1]):
        if not line.strip():
            continue
        if len(line) - len(line.lstrip(" ")) < indent:
            return line.rstrip().endswith("::") or _RST_DIRECTIVE.match(line) is not None
    return False


_RST_DIRECTIVE = re.compile(r"^[ \t]*\.\.[ \t]+[\w-]+::")


def _in_fence(body: str, at: int) -> bool:
    """Whether `at` lies inside a fenced code block: a `status:` line there is a field of
    the code or diagram shown (a mermaid class's `status: enum[…]`), not the ADR's."""
    return sum(1 for line in body[:at].split("\n") if _FENCE.match(line)) % 2 == 1


# An HTML comment is not shown where the ADR is read (MADR's template keeps its list of
# statuses in one: "Accepted <!-- Proposed | Accepted | ... -->").
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
# A part of an ADR replaced, said by naming the part: "V1 permission-mapping portion
# superseded by 0009", "supersedes the scope and source-precedence portions of 0002".
_PORTION_BEFORE = re.compile(r"\b(?:portions?|parts?|sections?)\s+(?:(?:is|are|was|were|has been"
                             r"|have been)\s+)?(?=super[sc]eded\b)", re.IGNORECASE)
_PORTION_AFTER = re.compile(r"\b(?=super[sc]edes\b[^\[\n]*?\b(?:portions?|parts?|sections?)"
                            r"\s+of\b)", re.IGNORECASE)


def _status_wording(status_text: str) -> str:
    """The status as a reader sees it, with a part replaced said as "partly" and a line that
    says a package was replaced ("`langchain4j-mcp` was replaced by MCP Java SDK in PRs #6226
    and #6279", camunda/connectors, round 39: what the record swapped, not the record) left
    out (line breaks kept, so that a link's line is its line in the file)."""
    text = _HTML_COMMENT.sub(lambda m: "\n" * m.group().count("\n"), status_text)
    text = "\n".join("" if _NAME_REPLACED.match(line) else line for line in text.split("\n"))
    text = _PORTION_BEFORE.sub("partly ", text)
    return _PORTION_AFTER.sub("partly ", text)


# A status that says the proposal was turned down in words rather than by a status word.
_DECLINED = re.compile(r"\b(?:decided|agreed|chose|opted)\s+(?:not\s+to|against)\b"
                       r"|\bnot\s+(?:to\s+)?(?:move|go|proceed)\s+(?:forward|ahead)\b"
                       r"|\bwill\s+not\s+(?:be\s+)?(?:implement|pursu|adopt|accept)\w*")


_IF_INSTRUCTION = re.compile(r"^[-*+>\s]*(?:if|when|once)\s+(?:it\s+is\s+|it'?s\s+)?"
                             r"(?:super[sc]eded|deprecated|rejected|accepted|amended|replaced)"
                             r"\b[\s,:]+[a-z]")
_STATUS_LABEL = re.compile(r"^[-*+\s]*(?:current|latest|present)\s+status\b\s*-?\s*")


def _declared(status_text: str, problems: list[str]) -> tuple[Declared, str]:
    if not status_text.strip():
        return Declared.BINDING, ""  # MADR without a status reads as accepted (log4brains)
    # A status badge: the status is a segment of the image's address, not its alt text
    # ("[![Generic badge](https://badgen.net/badge/ADR/approved/green/)](…)",
    # uktrade/trade-remedies-api; shields.io writes "badge/status-accepted-green").
    badge = _BADGE.search(status_text)
    if badge is not None:
        status_text = " ".join(re.split(r"[/_-]+", badge.group("path")))
    # A status struck through is the one it had: "~Proposed.~ Accepted." (boxtribute)
    status_text = _STRUCK.sub(" ", status_text)
    # A log of dated statuses, one a line, is read from its latest ("2020-09-16 Proposed" /
    # "2020-09-22 Accepted", Amsterdam/signals-frontend, round 21): the last line first.
    dated = [line.strip().rstrip("|").strip() for line in status_text.splitlines()
             if _DATED_LINE.match(line)]
    if len(dated) >= 2:
        status_text = "\n".join(reversed(dated))
    # The template's choices joined by slashes ("[Reviewed/Cancelled/Under implementation/
    # Complete]", GoogleContainerTools/skaffold, round 22): the one set in bold is the status,
    # and with none marked it is still the template's text.
    first = status_text.strip().split("\n", 1)[0]
    choices = [c.strip(" []*_").lower() for c in first.split("/")]
    if len(choices) >= 3 and all(re.fullmatch(r"[a-z][a-z ]{0,30}", c) for c in choices) \
            and sum(any(w in STATUS_WORDS for w in c.split()) for c in choices) >= 2:
        marked = re.search(r"\*\*([^*/]+)\*\*", first)
        if marked is None:
            problems.append("status is still template text; treating the ADR as proposed")
            return Declared.PROPOSED, "template"
        status_text = marked.group(1)
    # The template's choices are one line ("proposed | accepted | rejected"); a table below
    # a status written out is the state of its parts (cloud_controller_ng's ADR 14, round 23),
    # unless the status opens with it.
    status_text = _TAG_TARGET.sub("]", status_text)
    if "{" in status_text or any("|" in line and not line.lstrip().startswith("|")
                                 for line in status_text.splitlines()) \
            or (first.lstrip().startswith("|") and "|" in first.strip().strip("|")) or re.search(
            r"\b(?:accepted|proposed|draft)\s+or\s+(?:rejected|accepted|deprecated)\b",
            status_text, re.IGNORECASE):
        problems.append("status is still template text; treating the ADR as proposed")
        return Declared.PROPOSED, "template"
    # A link's target is a file name, not a status: "Supersedes [3. …](0003-[Superseded]….md)"
    lines = [_folded(_DECORATION.sub(" ", _LINK_TARGET.sub("]", line)).strip().lower())
             for line in status_text.splitlines()]
    # a field's label is not its value: "- Current Status: Proposed" (greenriver/hmis-warehouse,
    # round 30) is proposed, though "current" alone is a status
    lines = [_STATUS_LABEL.sub("", line) for line in lines]
    # ... and a record merged into another is overtaken by it, not decided; one "in
    # development" or "under implementation" is being built, as "implementing" is
    # (GoogleCloudPlatform/cloud-foundation-fabric, round 34)
    lines = [re.sub(r"\b(?:in|under)\s+(?:development|implementation)\b", "implementing",
                    re.sub(r"\bmerged\s+(?:into|with)\b", "superseded by", line))
             for line in lines]
    # the template's instruction left below the status ("If superseded, include a link to the
    # new ADR", caikit/caikit's ADR 24, round 36: an accepted record read as superseded)
    lines = ["" if _IF_INSTRUCTION.match(line) else line for line in lines]
    if any((found := _SUPERSEDED_WORD.search(flat := re.sub(r"\s+", " ", line))) is not None
           and not _names_a_part(flat[:found.start()]) for line in lines):
        return Declared.SUPERSEDED, "superseded"
    partly = any(re.search(r"\b(partly|partially)\s+super[sc]eded", line)
                 or ((found := _SUPERSEDED_WORD.search(line)) is not None
                     and _names_a_part(line[:found.start()])) for line in lines)
    if any(_DECLINED.search(line) for line in lines):
        return Declared.INACTIVE, "declined"  # "The team decided not to move forward"
    for line in lines:
        if re.match(r"(?:supersedes|supercedes|replaces|amends|amended|(?:partly|partially)\s+"
                    r"(?:super[sc]ed|amend|replac))", line):
            continue  # a link to another ADR; "Partially implemented" is a status
        # "V1 grant source partly superseded by 0009": what follows names the other ADR
        line = re.sub(r"\b(?:partly|partially)\s+super[sc]ede[sd]\b.*", "", line)
        for word in re.findall(r"[a-z]+", line):
            if word in STATUS_WORDS:
                return STATUS_WORDS[word], "partly superseded" if partly else word
    if partly:
        return Declared.BINDING, "partly superseded"
    if [line for line in lines if line.strip(" .")][:1] == ["accept"]:
        # the imperative alone, for "Accepted" (nhsuk/manage-vaccinations-in-schools' ADR 15,
        # round 39); "Accept or reject" stays unknown
        return Declared.BINDING, "accepted"
    if any(re.match(r"amended\b", line) for line in lines):
        # "[AMENDED](#amendment-1)": decided, then changed by an amendment it links to
        # (defenseunicorns/uds-cli, round 30); an amendment elsewhere is a link, skipped above
        return Declared.BINDING, "amended"
    problems.append(f"unknown status {status_text.splitlines()[0].strip()!r}; treating as proposed")
    return Declared.PROPOSED, "unknown"


_NAME_REPLACED = re.compile(r"\s*(?:[-*]\s+)?`[^`]+`\s+(?:was|were|has\s+been|have\s+been|is|are"
                            r"|got)\s+(?:replaced|superseded|succeeded)\s+by\b", re.IGNORECASE)
_ANCHOR_TARGET = re.compile(r"\]\(#[^)\s]*\)")


def _unwrapped(text: str) -> list[str]:
    """The lines of `text`, a line whose link text is still open joined with the next
    ("Partially superseded by [ADR" / "17](./0017-….md)", cloudfoundry/cf-k8s-networking,
    round 33); the lines it took stay, empty, so that offsets still count lines."""
    lines = text.splitlines()
    for n in range(len(lines) - 1):
        if lines[n].count("[") > lines[n].count("]") and lines[n + 1].strip():
            lines[n], lines[n + 1] = f"{lines[n]} {lines[n + 1].strip()}", ""
    return lines


def _links(status_text: str, first_line: int, path: str) -> list[Link]:
    links = []
    folder = PurePosixPath(path).parent
    lines = _unwrapped(status_text)
    for offset, line in enumerate(lines):
        # a link to a heading of this file ("[AMENDED](#amendment-1)") names no other record
        line = _ANCHOR_TARGET.sub("]", line)
        # each relation reaches to the next: "Supersedes [ADR 12](…). Amended by [ADR
        # 25](…)." (ProfessionalWiki/NeoWiki, round 30) supersedes 12 and no more
        relations = list(_RELATION.finditer(_masked_targets(line)))
        for n, relation in enumerate(relations):
            reach = relations[n + 1].start() if n + 1 < len(relations) else len(line)
            found = _related(relation, line[relation.end():reach], lines, offset, first_line,
                             folder, last=n + 1 == len(relations))
            start = relations[n - 1].end() if n else 0
            before = _folded(_DECORATION.sub(" ", line[start:relation.start()]).lower())
            retired = n > 0 and _SUPERSEDED_WORD.match(line.lstrip(" *_>-")) is not None
            if _names_a_part(before, subject=not retired):
                found = [replace(k, relation=_PARTIAL.get(k.relation, k.relation))
                         for k in found]
            links.extend(found)
    return links


# What may stand between a binding status and "superseded by" when the whole record is
# superseded ("Accepted, later superseded by …"): anything else names the part that is
# ("Accepted, direct database access superseded by ADR 13", ProfessionalWiki/NeoWiki, round 30).
_WHOLE_WORDS = frozenset("later then now since subsequently eventually fully entirely "
                         "completely wholly and but was been has have is it which this the "
                         "whole adr decision record in by".split())
_ACCEPTED_HOW = frozenset("by on in at for with from after during".split())
_PART_BEFORE = re.compile(r"\b(?:accepted|approved|adopted|implemented|active|agreed)\b"
                          r"\W+(?P<words>(?:[a-z0-9][\w-]*\s+){1,8})$")


# "The fourth amendment's refusal is superseded on MongoDB by [ADR 130]" (occurrent's ADR 116,
# round 41, accepted and read as superseded): a subject other than the record itself.
_PASSIVE_SUBJECT = re.compile(r"(?:^|[.;!?]\s)(?P<subject>[^.;!?]*?\S)\s+(?:is|was|are|were"
                              r"|has\s+been|have\s+been|got|gets)\s*$", re.IGNORECASE)


_ENDS_ON_BY = re.compile(r"[^\[\]()]*\bby[\s:*_]*")
_IN_PART = re.compile(r"\b(super[sc]eded|replaced|amended)\s+in\s+part\b", re.IGNORECASE)


def _names_a_part(before: str, subject: bool = True) -> bool:
    """Whether what precedes "superseded by" in a status (lower case, punctuation as
    spaces) names a part of the record: after a binding status word, or as the subject of
    "is superseded" that is not the record itself (`subject`: not where the status already
    says the record is superseded, "Superseded — The original validation has been replaced
    by …", feast-dev/feast's ADR 11)."""
    passive = _PASSIVE_SUBJECT.search(before.strip(" *_")) if subject else None
    if passive is not None and not _THIS_RECORD.match(passive.group("subject")) \
            and re.search(r"[a-z]", passive.group("subject"), re.IGNORECASE):
        return True
    found = _PART_BEFORE.search(re.sub(r"[^\w\s-]+", " ", before.lower()))
    if found is None:
        return False
    words = found.group("words").split()
    # "Accepted by the architecture board, superseded by …": how it was accepted, no part
    return words[0] not in _ACCEPTED_HOW and not set(words) <= _WHOLE_WORDS


def _masked_targets(line: str) -> str:
    """`line` with its links' targets blanked, at the same length: a file name's
    "[Superseded]" (`0004-[Superseded]use-java-17.md`) is no relation."""
    return _LINK.sub(lambda m: m.group(0)[:m.start("target") - m.start()]
                     + " " * (m.end("target") - m.start("target"))
                     + m.group(0)[m.end("target") - m.start():], line)


def _related(relation: re.Match[str], rest: str, lines: list[str], offset: int,
             first_line: int, folder: PurePosixPath, last: bool) -> list[Link]:
    """The records one relation of a status line names in `rest`, what follows it."""
    word = relation.group("rel").lower().replace("superceded", "superseded")
    word = re.sub(r"\s+", " ", word.replace("supercedes", "supersedes"))
    rel = _RELATION_NAMES.get(word.replace("partially", "partly"), word)
    at = offset
    if last and (not rest.strip(" :*_") or _ENDS_ON_BY.fullmatch(rest)) \
            and offset + 1 < len(lines) and _RELATION.search(lines[offset + 1]) is None:
        # "Superceded by" alone, the record it names on the next line; or the line ends on
        # "by" ("… is superseded on MongoDB by" / "[ADR 130](…)", occurrent's ADR 116)
        rest, at = lines[offset + 1], offset + 1
    links = []
    for link in _LINK.finditer(rest):
        target = _target(link)
        text = link.group("text")
        if re.fullmatch(r"\s*#\d+\s*", text) and re.match(r"https?://", target):
            continue  # an issue or pull request ("… refactor ([#2155](https://…/issues/2155))")
        number = _link_number(text, target)
        part = "§" in text or bool(_PART.match(rest[link.end():]))
        links.append(Link(_PARTIAL.get(rel, rel) if part else rel, first_line + at,
                          _link_path(folder, target), number, text))
    if not links:
        ref = _ADR_REF_NUMBER.search(rest) or _REF_NUMBER.search(rest)
        if ref is not None:
            part = bool(_PART.match(rest[ref.end():]))
            links.append(Link(_PARTIAL.get(rel, rel) if part else rel, first_line + at,
                              None, int(ref.group(1)), rest[ref.end():].strip()))
    return links


# Front matter that names the records it replaces or that replace it: `superseded-by:
# ./022-….md`, `supersedes: ./016-….md` (pragma-org/amaru's EDRs, round 41: the obsolete
# record kept no successor), a list under the key too.
_FRONT_RELATIONS = {"superseded-by": "superseded-by", "superseded_by": "superseded-by",
                    "supersededby": "superseded-by", "supersedes": "supersedes",
                    "replaced-by": "superseded-by", "replaced_by": "superseded-by",
                    "replaces": "supersedes"}


def _front_links(front: dict[str, tuple[str, int]], path: str) -> tuple[Link, ...]:
    folder = PurePosixPath(path).parent
    out = []
    for key, relation in _FRONT_RELATIONS.items():
        value, line = front.get(key, ("", 0))
        written = [m.group(0) for m in _LINK.finditer(value)] or re.split(
            r"[,\s]+", value.strip("[] "))
        for item in written:
            item = item.strip("\"'-")
            if not item or _NO_VALUE.fullmatch(item):
                continue
            target = _LINK.fullmatch(item)
            file = _link_path(folder, _target(target) if target else item) \
                if target or item.lower().endswith(ADR_SUFFIXES) else None
            number = _link_number(item, file or "")
            if file is None and number is None:
                continue
            out.append(Link(relation, line, file, number, item))
    return tuple(out)


def _partly_by(status_text: str, first_line: int, path: str) -> tuple[Link, ...]:
    """"Accepted (Partially Superseded)" with the later ADR linked in a note of the status
    section but no "by" (defenseunicorns/pepr's ADR 0003: "See [ADR-0021](…) for the current
    module resolution strategy"): every other ADR the status section links to."""
    folder = PurePosixPath(path).parent
    found = []
    for offset, line in enumerate(_unwrapped(status_text)):
        for link in _LINK.finditer(line):
            file = _link_path(folder, _target(link))
            if file is not None and file != path:
                text = link.group("text")
                found.append(Link("partly-superseded-by", first_line + offset, file,
                                  _link_number(text, file), text))
    return tuple(found)


# A later ADR that says in its prose, not its status, which ADR it replaces: "This decision
# supersedes [ADR 9](0009-e2e.md)", "we replace the nightly run of ADR-0009", "Revert the
# changes of [003](003-x.md)". Read only with
# an ADR named after the verb in the same clause, nothing hedging or negating it before, and
# no other ADR before it (that one is the subject: "ADR 12 replaced ADR 9").
_TEXT_RELATION = re.compile(
    r"\b(?P<part>(?:partly|partially|in part)\s+)?(?P<verb>super[sc]ed(?:es|ed|e|ing)"
    r"|replac(?:es|ed|e|ing)|overrid(?:es|den|e|ing)|obsolet(?:es|ed|e)|revert(?:s|ed|ing)?)"
    r"\b(?P<by>\s+by\b)?",
    re.IGNORECASE)
_HEDGE = re.compile(r"\b(?:not|never|no longer|without|may|might|could|would|should|if"
                    r"|whether|unless|option|alternative|considered|proposed?)\b|n't\b",
                    re.IGNORECASE)
# a clause ends at a full stop, also one closing emphasis or code ("**Per-tool overrides.**")
_CLAUSE_END = re.compile(r"[.;!?][*_`'\")\]]*(?=\s|$)|:\s|\n")
_THIS_RECORD = re.compile(r"^\W*(?:(?:this|the)\s+(?:adr|decision|record|document|proposal)"
                          r"|it|this)\b", re.IGNORECASE)
# Sections that weigh what was not chosen, and the status (read on its own).
_NOT_DECIDING = ("status", "considered option", "options", "alternative",
                 "considered alternative", "pros and cons", "option ")
_FENCE = re.compile(r"^\s*(?:```|~~~)")


def _text_links(body: str, first_line: int, path: str, number: int | None) -> list[Link]:
    """Supersession an ADR states in its text (every section but the status and the
    options it weighed), as links; a passive "replaced by ADR 12" about something other
    than the record itself, and "partly", are parts only."""
    links: list[Link] = []
    skipping, fenced = False, False
    paragraph: list[tuple[int, str]] = []
    lines = body.split("\n")
    for n, line in enumerate([*lines, ""]):
        heading = _SECTION.match(line) or _TITLE.match(line)
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        if line.lstrip().startswith("|"):
            line = ""  # a table row (an index of ADRs) describes others, in no sentence
        if heading or not line.strip():
            if paragraph and not skipping:
                links += _paragraph_links(paragraph, path, number)
            paragraph = []
            if heading and heading.re is _SECTION:
                name = heading.group("name").strip().lower()
                skipping = name.startswith(_NOT_DECIDING)
            continue
        paragraph.append((first_line + n, line))
    return links


# "This supersedes all prior ADRs and PDRs regarding UEI" (GSA-TTS/FAC's ADR 28): every
# earlier record of the folder whose title names that subject.
_RECORDS = r"(?:ADRs?|PDRs?|RFCs?|decisions?|records?|decision records?)"
_ALL_PRIOR = re.compile(
    r"^\s*all\s+(?:the\s+|of\s+the\s+)?(?:prior|previous|earlier|older|existing)\s+"
    + _RECORDS + r"(?:\s+(?:and|or|&)\s+" + _RECORDS + r")?\s+"
    r"(?:regarding|about|on|concerning|covering|related\s+to|relating\s+to)\s+"
    r"(?:the\s+)?(?P<subject>[\w][\w .-]{0,40}?)\s*$", re.IGNORECASE)


def _titled(subject: str, title: str) -> bool:
    """`title` names every word of `subject` ("UEI" in "Use SAM API for UEI validation")."""
    words = re.findall(r"\w+", subject.lower())
    have = set(re.findall(r"\w+", title.lower()))
    return bool(words) and all(w in have for w in words)


def _paragraph_links(paragraph: list[tuple[int, str]], path: str,
                     own: int | None) -> list[Link]:
    text = "\n".join(line for _, line in paragraph)
    if not _TEXT_RELATION.search(text):
        return []
    # An item of a list is a clause of its own: "… replaces per-org `dispatch.yml`" does not
    # reach the link that opens the next item (fullsend-ai/fullsend's ADR 44, round 38).
    flat = _LINE_GOES_ON.sub(" ", text)
    # Code is no prose: its words relate nothing and its colons end no clause
    # (``public: true``); the same length, so offsets hold. A role's target (:ref:`ADR-28`)
    # stays a reference.
    masked = _INLINE_CODE.sub(lambda m: "x" * len(m.group(0)), flat)
    folder = PurePosixPath(path).parent
    out = []
    for match in _TEXT_RELATION.finditer(masked):
        ends = [m.end() for m in _CLAUSE_END.finditer(masked, 0, match.start())]
        before = masked[ends[-1] if ends else 0:match.start()]
        end = _CLAUSE_END.search(masked, match.end())
        rest = flat[match.end():end.start() if end else len(flat)][:160]
        if before.count("(") > before.count(")"):
            rest = rest.split(")", 1)[0]  # "(replacing its own copy) and amend its ADR-028"
        if re.match(r"\s*[,)]", rest):
            continue  # no object: a noun ("no `public: true` override, so the count …")
        if _HEDGE.search(before) or _ADR_REF_NUMBER.search(before) or _SOME_THING.search(
                before) or any(
                _link_path(folder, _target(link)) for link in _LINK.finditer(before)):
            continue
        passive = bool(match.group("by"))
        if not passive and match.group("verb").lower().endswith(("ed", "den")) \
                and re.match(r"\s*(?:in|on|at|since)\b", rest):
            continue  # "replaced in 2021": history, not a link
        found = _first_reference(rest, folder)
        if found is None:
            prior = _ALL_PRIOR.match(rest)
            if prior is not None and not passive and not match.group("part"):
                line = paragraph[0][0] + text.count("\n", 0, match.start())
                out.append(Link("supersedes", line, None, None, prior.group(0).strip(),
                                in_text=True, subject=prior.group("subject").strip()))
            continue
        file, ref_number, link_text, at = found
        if _NOT_THE_OBJECT.search(rest[:at]) or (
                match.group("verb").lower().startswith("replac") and not passive
                and re.search(r"\bwith\b", rest[:at])):
            # "override it (which harness layer to edit), matching the guidance ADR 0049
            # already expects", "Replace the scan loop with `workflow_call` jobs, aligned with
            # … (ADR 0033)" (fullsend-ai/fullsend, round 38): the record named after an aside,
            # or after what something is replaced with, is not what is replaced
            continue
        if own is not None and ref_number is not None and (
                ref_number == own or (ref_number > own) != passive):
            continue  # an ADR replaces earlier ones and is replaced by later ones
        relation = "superseded-by" if passive else "supersedes"
        part = bool(match.group("part")) or bool(re.search(
            r"\b(?:parts?|sections?|paragraphs?|clauses?)\s+of\b|§", rest[:at])) \
            or _POSSESSED_PART.match(rest[at:]) is not None
        if passive and not _THIS_RECORD.match(before):
            part = True  # "Jest was replaced by Vitest in ADR 19": the Jest part
        line = paragraph[0][0] + text.count("\n", 0, match.start())
        out.append(Link(_PARTIAL[relation] if part else relation, line, file, ref_number,
                        link_text, in_text=True))
    return out


# What of another record is replaced, said by its possessive: "superseding ADR-065's count"
# (netresearch/t3x-nr-llm, round 32: ten accepted records read as superseded by successors
# that took over one count), or its role: "supersedes ADR-075 as the count authority". "The
# nightly schedule of ADR 1" may be all ADR 1 decided: whole.
_POSSESSED_PART = re.compile(r"(?:\[[^\]\n]*\]\([^)\s]*\)|:\w+:`[^`]*`|(?:ADR|RFC|MADR|PDR)?"
                             r"[\s-]*#?\d+)`?(?:['\u2019]s\s+\w|\s+as\s+(?:the|its|our|a|an)\s"
                             # "[ADR 0026](…) Option C for the event path" (fullsend-ai/
                             # fullsend's ADR 41, round 38)
                             r"|\s+(?:options?|sections?|parts?|steps?|phases?)\s+(?-i:[A-Z0-9])\b)",
                             re.IGNORECASE)
# Something else that would supersede it, not this record ("The revisit trigger was … a
# fan-out-and-merge retrieval mode superseding ADR-049"), or a noun spelled like the verb
# ("it adds no ``public: true`` override to the audited surface").
_SOME_THING = re.compile(r"\b(?:an?|no)\s+(?:[\w-]+\s+){0,6}$", re.IGNORECASE)
_INLINE_CODE = re.compile(r"(?<!:)``[^`]+``|(?<![:`])`[^`]+`(?!`)")


# A line goes on the sentence above it, unless it opens an item of a list or a field of the
# record's head ("**Supersedes:** N/A" over "**Related:** ADR-0002", captainpragmatic/PRAHO,
# round 41: three records read as superseded by the ADRs their successors named as related).
_LINE_GOES_ON = re.compile(r"\n(?![ \t]*(?:(?:[-*+]|\d+[.)])[ \t]"
                           r"|(?:\*\*|__)[^*_\n]{1,40}?:?(?:\*\*|__):?[ \t]))")
# Between the verb and the record it relates: a pronoun object or an aside ends the object.
_NOT_THE_OBJECT = re.compile(r"^\s*(?:it|them|this|that|these|those)\b|[(,;]")


def _first_reference(rest: str, folder: PurePosixPath,
                     ) -> tuple[str | None, int | None, str, int] | None:
    """(file, number, link text, offset) of the first ADR `rest` names: a link to a file or
    `ADR 9` / `ADR-0009`."""
    link = next((m for m in _LINK.finditer(rest)
                 if _link_path(folder, _target(m))), None)
    code = _CODE_PATH.search(rest)
    if code is not None and (link is None or code.start() < link.start()):
        # "This proposal supersedes `docs/proposal/20250107-….md`" (kubernetes-sigs/
        # cluster-api-provider-aws, round 36): a record's file named in code, from the
        # repository's root when it starts where this folder does
        target = code.group("path")
        path = _join(PurePosixPath(), target) if folder.parts and \
            target.startswith(f"{folder.parts[0]}/") else _link_path(folder, target)
        if path is not None:
            return path, file_number(target), target, code.start()
    ref = _ADR_REF_NUMBER.search(rest)
    if link is not None and (ref is None or link.start() <= ref.start()):
        target = _target(link)
        text = link.group("text")
        return _link_path(folder, target), _link_number(text, target), text, link.start()
    if ref is not None:
        return None, int(ref.group(1)), rest[ref.end():].strip()[:80], ref.start()
    return None


def _target(link: re.Match[str]) -> str:
    """The file a markdown link points at: without its anchor and query, and with the
    backslash escapes markdown puts before brackets undone (`0003-\\[Superseded\\]….md`)."""
    return re.sub(r"\\(.)", r"\1", link.group("target").split("#")[0].split("?")[0])


def _link_path(folder: PurePosixPath, target: str) -> str | None:
    """The repository path a link names: relative to the ADR, absolute from the repository
    root (`/docs/adr/…`), or a GitHub/GitLab blob URL; None for other URLs and no target."""
    if not target:
        return None
    url = _REPO_URL.match(target)
    if url:
        return _join(PurePosixPath(), url.group("path"))
    if "://" in target or target.startswith("mailto:"):
        return None
    if target.startswith("/"):
        return _join(PurePosixPath(), target.lstrip("/"))
    return _join(folder, target)


def _join(folder: PurePosixPath, target: str) -> str | None:
    parts: list[str] = []
    for part in (folder / target).parts:
        if part == "..":
            if not parts:
                return None  # points outside the repository: never followed
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def _link_number(text: str, target: str) -> int | None:
    """The record number a link names: by its text ("ADR 12"), else by its file's name."""
    return _ref_number(text) or _ref_number(PurePosixPath(target).name)


def _ref_number(text: str) -> int | None:
    match = _REF_NUMBER.search(text)
    return int(match.group(1)) if match else None


def is_template(doc: AdrDoc) -> bool:
    """A file named as a template, or whose title or date is still a placeholder."""
    # a record kept as a folder is named by its folder: `NNNN-aep-template/README.md`
    # (kubernetes/autoscaler, round 23)
    return bool(_TEMPLATE_NAME.search(PurePosixPath(doc.path).name)
                or _TEMPLATE_NAME.search(record_name(doc.path) + ".md")
                or _PLACEHOLDER_TITLE.search(doc.title) or doc.placeholder_date)


_MARKED_FOLDER = 4  # records a folder needs before a page among them shows as one


def adr_records(docs: list[AdrDoc], first_seq: int = 0) -> tuple[list[Decision], list[str]]:
    """Turn parsed ADRs into records, resolving their links; return unresolved links too."""
    problems: list[str] = []
    templates = [doc for doc in docs if is_template(doc)]
    problems.extend(f"{doc.path}: looks like an ADR template (by its name or a placeholder "
                    "title); skipped" for doc in templates)
    # A file with no number that states no status and has no decision is a page of the
    # folder (an index, a how-to, a plugin's README), not a record.
    listed = {target: declared for doc in docs for target, declared in doc.listed}
    pages = [doc for doc in docs if doc not in templates and doc.number is None
             and not doc.status_line and doc.decision_text == doc.title and not doc.packages
             and not _DATED.match(record_name(doc.path)) and _folder_status(doc.path) is None
             and doc.path not in listed]
    problems.extend(f"{doc.path}: no number, no status and no decision; not read as an ADR"
                    for doc in pages)
    # ... and so is a numbered one, in a folder whose records all state a status and have
    # a Decision section but for a page or two (guardian/manage-frontend's
    # `docs/06-identity-middleware.md` beside its ADRs 00 to 05).
    plain = [doc for doc in docs if doc not in templates and doc not in pages
             and not doc.status_line and doc.decision_text == doc.title and not doc.packages
             and doc.path not in listed]
    folders: dict[str, list[AdrDoc]] = {}
    for doc in docs:
        if doc not in templates and doc not in pages:
            folders.setdefault(doc.path.rpartition("/")[0], []).append(doc)
    numbered_pages = [doc for doc in plain if doc.number is not None and len(
        siblings := folders[doc.path.rpartition("/")[0]]) >= _MARKED_FOLDER and sum(
        1 for d in siblings if d.status_line and d.decision_text != d.title) * 4
        >= len(siblings) * 3]
    problems.extend(f"{doc.path}: no status and no decision, unlike the records beside it; not "
                    "read as an ADR" for doc in numbered_pages)
    pages += numbered_pages
    docs = [doc for doc in docs if doc not in templates and doc not in pages]
    by_path = {doc.path: doc for doc in docs}
    by_number: dict[int, list[AdrDoc]] = {}
    for doc in docs:
        if doc.number is not None:
            by_number.setdefault(doc.number, []).append(doc)
    ids = adr_ids(docs)
    undecided = _undecided_stages([doc.path for doc in docs])
    # "This ADR was replaced by ADR 12", said in its text: ADR 12 supersedes it.
    replaced_in_text: dict[str, list[tuple[str, int]]] = {}
    for doc in docs:
        for link in doc.links:
            if link.in_text and link.relation == "superseded-by":
                target, _ = _resolve(link, by_path, by_number)
                if target is not None and target is not doc:
                    replaced_in_text.setdefault(target.path, []).append((doc.path, link.line))
    records = []
    for seq, doc in enumerate(sorted(docs, key=lambda d: (d.number is None, d.number, d.path))):
        problems.extend(f"{doc.path}: {p}" for p in doc.problems)
        supersedes, superseded_by, noted = [], [], []
        for old, line in replaced_in_text.get(doc.path, []):
            supersedes.append(ids[old])
            noted.append(f"supersedes {ids[old]}, as {old}:{line} says")
        for link in doc.links:
            if link.in_text and link.relation == "superseded-by":
                continue  # recorded on the ADR that replaced this one, above
            if link.subject:  # "all prior ADRs regarding UEI": the earlier ones titled so
                for old_doc in docs:
                    if old_doc is not doc and old_doc.number is not None \
                            and doc.number is not None and old_doc.number < doc.number \
                            and _titled(link.subject, old_doc.title):  # templates are out
                        supersedes.append(ids[old_doc.path])
                        noted.append(f"supersedes {ids[old_doc.path]}, as its text says of "
                                     f"{link.text!r} (line {link.line})")
                continue
            target, why = _resolve(link, by_path, by_number)
            if link.in_text:
                if target is None or target is doc:
                    continue  # prose names many things: only an ADR of this folder is a link
                if link.relation == "supersedes":
                    noted.append(f"supersedes {ids[target.path]}, as its text says "
                                 f"(line {link.line})")
            if target is None:
                what = f"{link.file} (no such file){why}" \
                    if link.file else f"number {link.number}{why}"
                problem = (f"{doc.path}:{link.line}: cannot resolve {link.relation} link to "
                           f"{what}; fix the link or the file name")
                if problem not in problems:
                    problems.append(problem)
                continue
            if link.relation == "superseded-by":
                superseded_by.append(ids[target.path])
            elif link.relation == "supersedes":
                supersedes.append(ids[target.path])
            elif link.relation in _PARTLY_NOTE:
                rest = "" if doc.declared is Declared.SUPERSEDED and \
                    link.relation == "partly-superseded-by" else " (it stays active for the rest)"
                noted.append(f"{_PARTLY_NOTE[link.relation]} {ids[target.path]}{rest}")
        declared = doc.declared
        if not doc.status_line and doc.path in listed:
            declared = listed[doc.path]  # the folder's index gives it (DanilTk/law-it)
        elif not doc.status_line and (kept := _folder_status(doc.path)) is not None:
            declared = kept  # lakeFS' design/open/, design/accepted/: the folder says it
        elif not doc.status_line and doc.path.rpartition("/")[0] in undecided \
                and declared is Declared.BINDING:
            declared = Declared.PROPOSED  # a stage before the decided one
            problems.append(f"{doc.path}: kept in {doc.path.rpartition('/')[0]}/, a stage before "
                            "the decided one; read as proposed")
        retired = next((part for part in PurePosixPath(doc.path).parent.parts
                        if _folder_word(part) in _RETIRED_FOLDERS), None)
        if retired and declared in (Declared.BINDING, Declared.PROPOSED):
            problems.append(f"{doc.path}: its status says {doc.status or 'accepted'!r}, but it "
                            f"is kept in {retired}/; read as inactive")
            declared = Declared.INACTIVE
        if declared is Declared.SUPERSEDED and not superseded_by:
            problems.append(f"{doc.path}: superseded, but by which ADR is not resolvable")
        records.append(Decision(
            id=ids[doc.path], title=doc.title, text=doc.decision_text, kind="",
            source=Source("adr", path=doc.path, line=doc.status_line), date=doc.date,
            seq=first_seq + seq, declared=declared, stated=doc.status,
            supersedes=tuple(dict.fromkeys(supersedes)),
            superseded_by=tuple(superseded_by), options=doc.options, packages=doc.packages,
            about=doc.about, noted=tuple(noted) + ((doc.date_note,) if doc.date_note else ())))
    return records, problems


def _folder_word(part: str) -> str:
    """A folder's name as a status word: shopware's `adr/_superseded/` is `superseded`, and
    libelektra's stage `0b_rejected/` is `rejected` (the stage's order is not its word)."""
    return _STAGE_ORDER.sub("", part.lower().lstrip("_.-")).replace("_", "-")


_STAGE_ORDER = re.compile(r"^(?P<n>\d{1,2})[a-z]?[_.-]+(?=[a-z])")
# The stages that say a record is decided, in a folder of stages (`4_decided/`).
_DECIDED_STAGES = frozenset(("decided", "accepted", "approved", "adopted", "implemented",
                             "done"))


def _undecided_stages(paths: list[str]) -> set[str]:
    """Folders of numbered stages that come before the first stage named decided: the
    project files its records by how far they got (ElektraInitiative/libelektra's
    `1_problem_clear/`, `2_solutions_clear/` before `3_decided/`, round 25), and a record
    there is not yet decided."""
    stages: dict[str, dict[str, int]] = {}  # parent -> stage folder -> its order
    for path in paths:
        parts = PurePosixPath(path).parent.parts
        if parts and (order := _STAGE_ORDER.match(parts[-1].lower())) is not None:
            parent = "/".join(parts[:-1])
            stages.setdefault(parent, {})[parts[-1]] = int(order.group("n"))
    undecided: set[str] = set()
    for parent, folders in stages.items():
        decided = [n for folder, n in folders.items() if _folder_word(folder) in _DECIDED_STAGES]
        if len(folders) >= 3 and decided:
            undecided.update(f"{parent}/{folder}".lstrip("/") for folder, n in folders.items()
                             if n < min(decided))
    return undecided


def _folder_status(path: str) -> Declared | None:
    """The status a folder of the record's path is named by (`design/open/`,
    `design/accepted/`, `adr/drafts/`), nearest first; None where none is."""
    for part in reversed(PurePosixPath(path).parent.parts):
        word = _folder_word(part)
        if word in _RETIRED_FOLDERS:
            return Declared.INACTIVE
        if word in _FOLDER_STATUS:
            return _FOLDER_STATUS[word]
        if word in STATUS_WORDS:
            return STATUS_WORDS[word]
    return None


_FOLDER_STATUS = {"drafts": Declared.PROPOSED, "wip": Declared.PROPOSED,
                  "in-progress": Declared.PROPOSED, "postponed": Declared.PROPOSED,
                  "in-review": Declared.PROPOSED}


_PARTLY_NOTE = {"partly-superseded-by": "partly superseded by",
                "partly-supersedes": "partly supersedes"}


# A record named by the day it was written (`2022-06-08-identity-hub/README.md`,
# log4brains' `20201030-use-markdown.md`, cert-manager's `20230302.gomod.md`): dated as
# records are, not as a folder's pages.
_DATED = re.compile(r"^(?:19|20)\d\d-?[01]\d-?[0-3]\d(?:[-_.].+)?$")


def _named_by_file(path: str) -> str:
    """A title from a record's file name: "0019-redux-replacement.md" is "Redux replacement",
    "2019-06-20-environment-injection.md" "Environment injection"."""
    named = re.sub(r"^(?:(?:19|20)\d\d-[01]\d-[0-3]\d(?:_\d+)?|\d+)[-_.\s]*", "",
                   record_name(path))
    named = named.replace("-", " ").replace("_", " ")
    return named[:1].upper() + named[1:]


def file_number(path: str) -> int | None:
    """The number a record's file name gives it; none for a file named by a date
    (log4brains's `20201030-draft-adr.md`, a proposal's `20250107-feature-gates.md`)."""
    name = record_name(path)
    if (numbered := _DATE_THEN_NUMBER.match(name)) is not None:
        return int(numbered.group(1))
    found = _NUMBER.match(name)
    if found is None or _DATE_NAME.fullmatch(found.group(1)) or _LOOSE_DATE.match(name):
        return None
    return int(found.group(1))


# The day, then the number: `2021-06-05_001-record-architectural-decisions.md`
# (input-output-hk/hydra, round 41: its ADRs named by their whole file names, so "[ADR
# 23](/adr/23)" named none of them).
_DATE_THEN_NUMBER = re.compile(r"^(?:19|20)\d\d-[01]\d-[0-3]\d_(\d{1,4})(?=[-_. ]|$)")


def record_name(path: str) -> str:
    """What names an ADR: its file's stem, or its folder's name for a README or index."""
    pure = PurePosixPath(path)
    if pure.stem.lower() in _FOLDER_FILES and pure.parent.name:
        return pure.parent.name
    if _OWN_FOLDER.match(pure.parent.name) and not _NUMBER.match(pure.stem) \
            and not _LOOSE_DATE.match(pure.stem):
        # a record in a numbered folder of its own, whatever its file is called
        # (envoyproxy/ai-gateway's `001-ai-gateway-proposal/proposal.md`)
        return pure.parent.name
    return pure.stem


def adr_ids(docs: list[AdrDoc]) -> dict[str, str]:
    """One scheme for every file: `ADR-` and the number, four digits at least (`ADR-0025`), or
    the file's stem where it has no number (a log4brains `20201030-draft-adr.md`: a date is
    not a number). Files that would share an id, ordered by path, get `b`, `c`, … after the
    first (`ADR-0025`, `ADR-0025b`; `ADR-20200101-first-adr`, `ADR-20200101-first-adr-b`)."""
    ids: dict[str, str] = {}
    taken: dict[str, int] = {}
    for doc in sorted(docs, key=lambda d: d.path):
        base = f"ADR-{doc.number:04d}" if doc.number is not None \
            else "ADR-" + record_name(doc.path)
        seen = taken.get(base, 0)
        taken[base] = seen + 1
        ids[doc.path] = base if not seen else \
            base + ("" if doc.number is not None else "-") + _suffix(seen)
    return ids


def _suffix(n: int) -> str:
    """b, c, … z, then ba, bb, …: the second file of one id is b (a is the first's)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        out = letters[n % 26] + out
        n //= 26
        if not n:
            return out


def _resolve(link: Link, by_path: dict[str, AdrDoc],
             by_number: dict[int, list[AdrDoc]]) -> tuple[AdrDoc | None, str]:
    """By file first, then by number: among the ADRs the link's own words agree with (its
    file name's slug and its text against each one's slug and title), or the only ADR of
    that number. Two files of one number are told apart and a renamed file is found, but a
    link whose file is gone is never matched to an unrelated ADR that has its number now.
    The reason it failed comes second."""
    if link.file and link.file in by_path:
        return by_path[link.file], ""
    candidates = by_number.get(link.number, []) if link.number is not None else []
    words = _words(PurePosixPath(link.file or "").stem) | _words(link.text)
    agree = [doc for doc in candidates if words & (_words(PurePosixPath(doc.path).stem)
                                                   | _words(doc.title))]
    if len(agree) == 1:
        return agree[0], ""
    if len(candidates) == 1 and not (link.file and words):
        return candidates[0], ""  # a number alone, unique: that ADR
    if len(candidates) > 1:
        shared = ", ".join(doc.path for doc in candidates)
        return None, (f"; number {link.number} is shared by {shared} and the link's file name "
                      "and text do not tell which")
    if candidates:
        return None, f"; {candidates[0].path} has its number but not its words"
    return None, ""


# Words of a slug or title that tell ADRs apart (not "adr", "use", numbers or short words).
_COMMON = frozenset({"adr", "use", "using", "the", "and", "for", "with", "new", "old", "of"})


def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z][a-z0-9]{2,}", text.lower())
                     if w not in _COMMON and not w.startswith("adr"))
