"""Checks read code, not comments: a commented-out `environment: "production"` or a
`# gem install mysql` note is not a violation.

Per language family (by file name), comment-only lines are dropped and trailing comments
cut, outside string quotes. Block comments (`/* … */`, `<!-- … -->`) are followed across the
added (or removed) lines of a file. Waivers are read from the original lines, elsewhere.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePosixPath

from intentlint.diff import FileChange

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
_MARKUP = {".html", ".htm", ".xml", ".vue", ".svelte", ".md", ".markdown", ".xhtml", ".svg"}
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
    return replace(change, added=_strip(change.added, line, block, needs_space),
                   removed=_strip(change.removed, line, block, needs_space))


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
    out: list[str] = []
    quote = ""
    i = 0
    while i < len(text):
        if in_block:
            assert block is not None
            end = text.find(block[1], i)
            if end < 0:
                return "".join(out), True
            i, in_block = end + len(block[1]), False
            continue
        ch = text[i]
        if quote:
            if ch == "\\":
                out.append(text[i:i + 2])
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'`":
            quote = ch
        elif block is not None and text.startswith(block[0], i):
            in_block = True
            i += len(block[0])
            continue
        elif any(text.startswith(m, i) for m in line_markers) and not (
                needs_space and text[i] == "#" and i > 0 and not text[i - 1].isspace()):
            break
        out.append(ch)
        i += 1
    if block is not None and block[0] == "/*" and "".join(out).lstrip().startswith("*"):
        return "", in_block  # a `* …` continuation line of a doc comment
    return "".join(out), in_block
