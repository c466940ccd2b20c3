"""What every manifest reader returns, how names compare, and where a name was written."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from xml.parsers.expat import XMLParserType

ECOSYSTEMS = frozenset({"pypi", "npm", "maven", "rubygems", "go", "cargo", "composer", "nuget",
                        "pub", "github-actions", "terraform", "ci"})


@dataclass(frozen=True, slots=True)
class Dependency:
    """One package a manifest declares directly, under its normalised name."""

    ecosystem: str
    name: str
    line: int  # 1-based; 0 when the reader cannot tell
    dev: bool = False


_PEP503 = re.compile(r"[-_.]+")
_TERRAFORM_HOSTS = ("registry.terraform.io/", "registry.opentofu.org/")


def normalise(ecosystem: str, name: str) -> str:
    """The form two spellings of one package share, so names compare with `==`.

    Registries that ignore case (and crates.io, which also equates `-` and `_`) are folded;
    Maven coordinates and Go module paths are case-sensitive and kept."""
    name = name.strip()
    if ecosystem == "pypi":
        return _PEP503.sub("-", name).lower()
    if ecosystem == "cargo":
        return name.replace("_", "-").lower()
    if ecosystem == "maven":
        return ":".join(part.strip() for part in name.split(":")[:2])
    if ecosystem == "go":
        return name.strip('"`')
    if ecosystem == "github-actions":
        return "/".join(name.split("@", 1)[0].split("/")[:2]).lower()
    if ecosystem == "terraform":
        lowered = name.lower()
        for host in _TERRAFORM_HOSTS:
            lowered = lowered.removeprefix(host)
        return lowered
    return name.lower()


GO_MAJOR = re.compile(r"(?:/v\d+|\.v\d+)$")  # a Go module's major version suffix


def module_line(ecosystem: str, name: str) -> str:
    """The name one package keeps across its major versions: Go's semantic import versioning
    puts v2 and later under another path (`…/argo-workflows/v3` → `…/v4`, `gopkg.in/yaml.v2`
    → `yaml.v3`), so moving to a new major version neither adds nor drops the module.
    Other registries keep one name; `name` is already normalised."""
    return GO_MAJOR.sub("", name) if ecosystem == "go" else name


def dev_words(text: str) -> bool:
    """Whether a group, file or configuration name says dev/test-only ("requirements-dev",
    "testImplementation", `[project.optional-dependencies] lint`)."""
    words = re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower())
    return any(w in DEV_WORDS for w in words)


DEV_WORDS = frozenset({"dev", "develop", "development", "test", "tests", "testing", "lint",
                       "linting", "ci", "docs", "doc", "typing", "typecheck", "check", "style"})


def table(value: Any) -> dict[str, Any]:
    """A parsed JSON object or TOML table, or {} when the input put something else there."""
    return value if isinstance(value, dict) else {}


class Lines:
    """The lines of a manifest, for finding where a parsed name was written."""

    def __init__(self, text: str) -> None:
        self.lines: Sequence[str] = text.split("\n")

    def find(self, pattern: str | re.Pattern[str], start: int = 0) -> int:
        """The 1-based line at or after 1-based `start` matching `pattern`, else 0."""
        regex = re.compile(pattern) if isinstance(pattern, str) else pattern
        for index in range(max(start - 1, 0), len(self.lines)):
            if regex.search(self.lines[index]):
                return index + 1
        return 0

    def near(self, pattern: str | re.Pattern[str], start: int) -> int:
        """`find` from `start`, then from the top: a section header may be written in a form
        (dotted keys, inline tables) the section search did not see."""
        return self.find(pattern, start) or (self.find(pattern) if start > 1 else 0)



def header(*keys: str) -> str:
    """A regex for the TOML table header `[a.b]` (keys bare or quoted)."""
    inner = r"\s*\.\s*".join(rf"[\"']?{re.escape(k)}[\"']?" for k in keys)
    return rf"^\s*\[\s*{inner}\s*\]"


def key(name: str) -> str:
    """A regex for a TOML line that declares `name`: `name = …`, `name.x = …`, or a header
    `[….name]`."""
    return rf"^\s*(\[[^\]]*\.\s*)?[\"']?{re.escape(name)}[\"']?\s*[=.\]]"


def quoted(raw: str) -> str:
    """A regex for `raw` written as a quoted string."""
    return rf"[\"']{re.escape(raw)}[\"']"


class _Refused(Exception):
    """An XML manifest that declares entities: refused rather than expanded."""


def xml_parser() -> XMLParserType:
    """An expat parser that refuses entity declarations and external entities, as
    defusedxml does: no manifest needs them, and expanding them is how XML bombs work."""
    from xml.parsers import expat

    def refuse(*_: object) -> NoReturn:
        raise _Refused

    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    return parser


def parse_xml(parser: XMLParserType, text: str, start: Callable[[str, Any], None],
              end: Callable[[str], None], chars: list[str]) -> None:
    """Run `parser` over `text` with the element handlers and a list that collects character
    data; a fault (bad XML, a refused entity) ends the reading, and what the handlers
    collected before it stands."""
    from contextlib import suppress
    from xml.parsers import expat

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars.append
    with suppress(expat.ExpatError, _Refused, ValueError):
        parser.Parse(text, True)
