"""The ADR tools' own settings: adr-tools' `.adr-dir` and log4brains' `.log4brains.yml`.

They are read only when the configuration names no ADR folder. From the YAML only the keys
intentlint needs are read (`project.adrFolder`, `project.packages[].name/path/adrFolder`),
in the block style log4brains writes, by a small reader rather than a YAML dependency;
anything in those keys it does not read (flow style, anchors, multi-line strings, escapes)
is an error that says what to write instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from intentlint.ground.errors import ConfigError, Problem

ADR_DIR = ".adr-dir"
LOG4BRAINS = ".log4brains.yml"


@dataclass(frozen=True, slots=True)
class AdrPackage:
    """A log4brains package: its ADRs govern the files under its path, not the repository."""

    name: str
    path: str  # repository path of the package's code; "" is the whole repository
    adr_folder: str


@dataclass(frozen=True, slots=True)
class AdrSettings:
    folders: tuple[str, ...] = ()  # repository-wide ADR folders
    packages: tuple[AdrPackage, ...] = ()


def read_adr_settings(root: Path) -> AdrSettings:
    """Both tools' settings in the work tree at `root`; a broken `.log4brains.yml` raises."""
    folders: list[str] = []
    packages: tuple[AdrPackage, ...] = ()
    adr_dir = _text(root / ADR_DIR)
    if adr_dir is not None:
        folders += [f for f in [parse_adr_dir(adr_dir)] if f]
    log4brains = _text(root / LOG4BRAINS)
    if log4brains is not None:
        found = parse_log4brains(log4brains)
        folders += [f for f in found.folders if f not in folders]
        packages = found.packages
    return AdrSettings(tuple(folders), packages)


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8") if path.is_file() else None
    except (OSError, UnicodeDecodeError):
        return None


def parse_adr_dir(text: str) -> str | None:
    """adr-tools' one line: the folder, relative to the repository; None when unusable."""
    return _repo_path(text.strip().split("\n")[0].strip())


def _repo_path(value: str) -> str | None:
    """`./docs/adr/` → `docs/adr`; None for a path that leaves the repository."""
    pure = PurePosixPath(value)
    if not value or pure.is_absolute() or ".." in pure.parts:
        return None
    return "/".join(part for part in pure.parts if part != ".")


_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*|\"[^\"]*\"|'[^']*')\s*:(?:\s+(?P<value>.*))?$")
_UNREAD = "[{&*!|>%@`"  # how a value starts that this reader does not read


class _Reader:
    """One pass over the file's lines, collecting every problem before raising."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []
        self.folders: list[str] = []
        self.packages: list[dict[str, tuple[str, int]]] = []

    def fail(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.file, message, line=line))

    def scalar(self, raw: str | None, line: int, key: str) -> str | None:
        value = (raw or "").strip()
        if not value:
            self.fail(line, f"`{key}` has no value; write `{key}: ./path/to/folder`")
            return None
        if value[0] in _UNREAD:
            self.fail(line, f"`{key}: {value}` is YAML intentlint does not read; write a plain "
                            f"path (`{key}: ./docs/adr`), or set `adr` in .intentlint.toml")
            return None
        if value[0] in "\"'":
            quote = value[0]
            if len(value) < 2 or value[-1] != quote or "\\" in value:
                self.fail(line, f"`{key}`: a quoted value must close on its line and hold no "
                                "escapes; write it as a plain path")
                return None
            value = value[1:-1].replace("''", "'") if quote == "'" else value[1:-1]
        return value


def _uncomment(line: str) -> str:
    """The line without a `#` comment (one at the start, or after a space, outside quotes)."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'" and (i == 0 or line[i - 1] in " :-"):
            quote = char
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def parse_log4brains(text: str, file: str = LOG4BRAINS) -> AdrSettings:
    """`project.adrFolder` and `project.packages`, as log4brains writes them."""
    r = _Reader(file)
    project = False
    project_indent: int | None = None
    mode = ""  # the project key being read: "packages", or "skip" for keys not read
    item_indent: int | None = None  # where a package's keys start
    for number, raw in enumerate(text.split("\n"), start=1):
        line = _uncomment(raw)
        if not line.strip() or line.strip() in ("---", "...") or line.startswith("%"):
            continue
        indent = len(line) - len(line.lstrip(" "))
        if line[indent] == "\t":
            if project:
                r.fail(number, "a tab in the indentation; indent with spaces")
            continue
        body = line.strip()
        if indent == 0:
            key = _KEY.match(body)
            project = key is not None and key.group("key").strip("\"'") == "project"
            if key is not None and project and key.group("value"):
                r.fail(number, "`project:` must be a block of `key: value` lines, not inline")
            project_indent, mode = None, ""
            continue
        if not project:
            continue
        if project_indent is None:
            project_indent = indent
        if indent < project_indent:
            r.fail(number, "indentation does not match the `project:` block")
            continue
        if indent == project_indent and not (mode == "packages" and body[0] == "-"):
            key = _KEY.match(body)
            if key is None:
                r.fail(number, f"expected `key: value` under `project:`, found {body!r}")
                mode = "skip"
                continue
            name, value = key.group("key").strip("\"'"), key.group("value")
            mode, item_indent = "skip", None
            if name == "adrFolder":
                folder = r.scalar(value, number, "adrFolder")
                if folder is not None:
                    r.folders.append(folder)
            elif name == "packages":
                mode = "packages"
                if value and value.strip() != "[]":
                    r.fail(number, "`packages:` must be a list of `- name: …` items, one key "
                                   "a line")
            continue
        if mode == "packages":
            _package_line(r, body, indent, number, item_indent)
            if body.startswith("-"):
                item_indent = indent + 1 + len(body[1:]) - len(body[1:].lstrip(" "))
    return _settings(r)


def _package_line(r: _Reader, body: str, indent: int, number: int,
                  item_indent: int | None) -> None:
    if body == "-" or body.startswith("- "):
        r.packages.append({})
        body = body[1:].strip()
        if not body:
            return
    elif item_indent is None or not r.packages:
        r.fail(number, "expected a `- name: …` item under `packages:`")
        return
    elif indent > item_indent:
        return  # inside a key this reader does not read
    elif indent < item_indent:
        r.fail(number, "indentation does not match the package item above it")
        return
    key = _KEY.match(body)
    if key is None:
        r.fail(number, f"expected `key: value` in a package, found {body!r}")
        return
    name = key.group("key").strip("\"'")
    if name in ("name", "path", "adrFolder"):
        value = r.scalar(key.group("value"), number, name)
        if value is not None:
            r.packages[-1][name] = (value, number)


def _settings(r: _Reader) -> AdrSettings:
    folders = []
    for folder in r.folders:
        path = _repo_path(folder)
        if not path:
            r.problems.append(Problem(r.file, f"{folder!r} leaves the repository; use a "
                                              "relative path", field="project.adrFolder"))
        else:
            folders.append(path)
    packages = []
    for i, package in enumerate(r.packages):
        missing = [k for k in ("name", "path", "adrFolder") if k not in package]
        if missing:
            r.problems.append(Problem(r.file, f"package {i + 1} has no {', '.join(missing)}; "
                                              "log4brains needs name, path and adrFolder",
                                      field="project.packages"))
            continue
        path, adrs = _repo_path(package["path"][0]), _repo_path(package["adrFolder"][0])
        if path is None or not adrs:
            r.problems.append(Problem(r.file, "a package's path and adrFolder must stay inside "
                                              "the repository", line=package["path"][1]))
            continue
        packages.append(AdrPackage(package["name"][0], path, adrs))
    if r.problems:
        raise ConfigError(r.problems)
    return AdrSettings(tuple(folders), tuple(packages))
