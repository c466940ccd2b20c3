"""Checks read code, not comments: a commented-out `environment: "production"` or a
`# gem install mysql` note is not a violation.

Per language family (by file name), comment-only lines are dropped and trailing comments
cut, outside string quotes; Python docstrings count as comments. Block comments (`/* … */`,
`<!-- … -->`) and docstrings are followed across the added (or removed) lines of a file.
Waivers are read from the original lines, elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath

from intentlint.enforcing.diff import FileChange
from intentlint.ground.globs import Globs
from intentlint.reading.rulebook import CI_GLOBS

# Vendored dependencies are other people's code: no check reads them (a Go `vendor/` copy of
# testcontainers lists "modules/mysql.md"; that is not the project choosing MySQL).
VENDORED = Globs(("vendor/**", "**/vendor/**", "node_modules/**", "**/node_modules/**",
                  "third_party/**", "**/third_party/**", "third-party/**", "**/third-party/**",
                  "bower_components/**", "**/bower_components/**", "**/site-packages/**"))
# Built and generated files are the output of the code, not the code: no check reads them
# either (a false block of 415 findings was all in committed build output). Files marked
# `linguist-generated` in .gitattributes join them (`generated_paths`).
GENERATED = Globs(("bin/**", "**/bin/**", "obj/**", "**/obj/**", "dist/**", "**/dist/**",
                   "build/**", "**/build/**", "target/**", "**/target/**", "out/**",
                   "**/out/**", "*.min.js", "*.min.css", "*.map"))

# The configuration of a documentation site builds the documentation, not the product: no check
# reads it, as none reads the pages (`*.md`, `docs/**`). mdBook's link checker excluding links
# that contain "mysql" (ElektraInitiative/PermaplanT's book.toml, round 38) configures no
# database.
# (A name without a slash matches at any depth, as in .gitignore.)
DOCS_SITE = Globs(("book.toml", "mkdocs.yml", "mkdocs.yaml", "antora.yml", "antora-playbook.yml",
                   "docusaurus.config.*", ".readthedocs.yml", ".readthedocs.yaml"))

# A folder hidden at the top of the tree holds tools' files, not the product: an agent
# framework copied in (`.aiox-core/`: acastrovieira/modulo-fiscal, tried unseen, blocked the
# commit that brought it in on its tech-stack detector naming MySQL), editor and container
# settings. CI configuration kept in one (`.github/workflows/`) is still read, as CI.
_HIDDEN_FOLDER = Globs((".*/**",))


def is_tooling(path: str) -> bool:
    """Whether `path` is in a hidden top-level folder other than CI configuration."""
    return _HIDDEN_FOLDER.match(path) and not CI_GLOBS.match(path)


def outside_the_code(path: str) -> bool:
    """Vendored, built or generated files, a documentation site's configuration and tools'
    folders: no check reads them and no evidence counts them."""
    return VENDORED.match(path) or GENERATED.match(path) or DOCS_SITE.match(path) \
        or is_tooling(path)


_HASH = {".py", ".pyi", ".rb", ".sh", ".bash", ".zsh", ".yml", ".yaml", ".toml", ".ini",
         ".cfg", ".conf", ".r", ".pl", ".tf", ".hcl", ".mk", ".env", ".properties", ".txt",
         ".dockerignore", ".gitignore", ".rake", ".gemspec", ".ps1", ".nix", ".cmake"}
_HASH_NAMES = ("dockerfile", "makefile", "gemfile", "rakefile", "procfile", "jenkinsfile",
               ".env", "requirements", "brewfile", "vagrantfile")
_SLASH = {".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".go", ".java", ".kt", ".kts", ".c",
          ".h", ".cc", ".cpp", ".hpp", ".cs", ".rs", ".swift", ".scala", ".php", ".dart",
          ".jsonc", ".json5", ".groovy", ".gradle", ".proto", ".sol", ".zig", ".v", ".tf",
          ".hcl", ".scss", ".less"}
_DASH = {".sql", ".lua", ".hs", ".elm", ".ada"}
_MARKUP = {".html", ".htm", ".xml", ".vue", ".svelte", ".md", ".markdown", ".mdx", ".xhtml", ".svg"}
# YAML, TOML and shell want white space before a trailing '#'; Python and Ruby do not.
_HASH_NEEDS_SPACE = {".yml", ".yaml", ".toml", ".ini", ".cfg", ".conf", ".sh", ".bash",
                     ".zsh", ".env", ".properties", ".txt"}


def markers(path: str) -> tuple[tuple[str, ...], tuple[str, str] | None, bool]:
    """(line-comment markers, block-comment pair, '#' needs space before it) for a path."""
    name = PurePosixPath(path).name.lower()
    suffix = PurePosixPath(name).suffix
    line: list[str] = []
    block = None
    if suffix in _HASH or name.startswith(_HASH_NAMES):
        line.append("#")
    if suffix in _SLASH:
        line.append("//")
        block = ("/*", "*/")
    if suffix in _DASH:
        line.append("--")
    if suffix in _MARKUP or suffix in {".vue", ".svelte"}:
        block = ("<!--", "-->")
    if suffix == ".css":
        block = ("/*", "*/")
    needs_space = suffix in _HASH_NEEDS_SPACE or name.startswith((".env", "requirements"))
    return tuple(line), block, needs_space


def code_view(change: FileChange) -> FileChange:
    """The change with comments taken out of its added and removed lines."""
    line, block, needs_space = markers(change.path)
    if not line and block is None:
        return change
    added, removed = change.added, change.removed
    if PurePosixPath(change.path).suffix.lower() in {".py", ".pyi"}:
        added, removed = _without_docstrings(added), _without_docstrings(removed)
    return replace(change, added=_strip(added, line, block, needs_space),
                   removed=_strip(removed, line, block, needs_space))


# A Python string that stands as a statement of its own — a docstring — is prose: a line that
# opens with triple quotes, to the line that closes them. (A triple-quoted string passed on a
# line of its own, as an SQL text may be, is read as prose too: a miss, never a false block.)
_DOC_OPEN = re.compile(r"^\s*[rRuU]?(\"\"\"|\'\'\')")


def _without_docstrings(lines: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    out = []
    open_quotes, doc = "", False  # the triple quotes of a string still open, and whose
    previous = None
    for number, text in lines:
        if previous is not None and number > previous + 1:
            open_quotes = ""  # a gap between hunks: no string spans it
        previous = number
        if open_quotes:
            if text.count(open_quotes) % 2:
                open_quotes = ""
            if not doc:
                out.append((number, text))
            continue
        opened = _DOC_OPEN.match(text)
        quotes = opened.group(1) if opened else '"""' if '"""' in text else \
            "\'\'\'" if "\'\'\'" in text else ""
        if quotes and text.count(quotes) % 2:
            open_quotes, doc = quotes, opened is not None
        if opened is None:
            out.append((number, text))
    return tuple(out)


def docstring_lines(source: str) -> set[int]:
    """The lines of a Python file inside a string that stands as a statement of its own (a
    docstring); none when the file does not parse. The diff alone cannot tell for a line
    added in the middle of a docstring whose opening quotes did not change."""
    import ast  # only for a Python file a finding names

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return out


def _strip(lines: tuple[tuple[int, str], ...], line_markers: tuple[str, ...],
           block: tuple[str, str] | None, needs_space: bool) -> tuple[tuple[int, str], ...]:
    out = []
    in_block = False
    previous = None
    for number, text in lines:
        if previous is not None and number > previous + 1:
            in_block = False  # a gap between hunks: a block comment does not span it
        previous = number
        code, in_block = code_of(text, line_markers, block, needs_space, in_block)
        if code.strip():
            out.append((number, code))
    return tuple(out)


def code_of(text: str, line_markers: tuple[str, ...], block: tuple[str, str] | None,
            needs_space: bool, in_block: bool = False) -> tuple[str, bool]:
    """The code part of one line, and whether a block comment is still open after it."""
    if not in_block and not any(m in text for m in line_markers) and (
            block is None or (block[0] not in text and not (
                block[0] == "/*" and text.lstrip().startswith("*")))):
        return text, False  # most lines: no comment marker at all
    tokens = _tokens(line_markers, block)
    out: list[str] = []
    quote = ""
    pos = 0
    if in_block:
        assert block is not None
        end = text.find(block[1])
        if end < 0:
            return "", True
        pos = end + len(block[1])
    for match in tokens.finditer(text, pos):
        token, at = match.group(0), match.start()
        if at < pos:
            continue  # inside a block comment or an escape already passed over
        if quote:
            if token == "\\":
                pos = at + 2
            elif token == quote:
                quote = ""
            continue
        if token in "\"'`":
            quote = token
            continue
        if block is not None and token == block[0]:
            out.append(text[pos:at])
            end = text.find(block[1], at + len(token))
            if end < 0:
                return "".join(out), True
            pos = end + len(block[1])
            continue
        if token == "\\":
            continue
        if token == "#" and needs_space and at > 0 and not text[at - 1].isspace():
            continue
        out.append(text[pos:at])
        return _continuation("".join(out), block), False
    out.append(text[pos:])
    return _continuation("".join(out), block), False


def _continuation(code: str, block: tuple[str, str] | None) -> str:
    """A `* …` line inside a doc comment is comment, not code."""
    if block is not None and block[0] == "/*" and code.lstrip().startswith("*"):
        return ""
    return code


_TOKENS: dict[tuple[tuple[str, ...], tuple[str, str] | None], re.Pattern[str]] = {}


def _tokens(line_markers: tuple[str, ...],
            block: tuple[str, str] | None) -> re.Pattern[str]:
    key = (line_markers, block)
    if key not in _TOKENS:
        parts = [re.escape(m) for m in (*line_markers, *(block[:1] if block else ()))]
        _TOKENS[key] = re.compile("|".join([r"\\", "[\"'`]", *parts]))
    return _TOKENS[key]
