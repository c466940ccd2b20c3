"""Python: requirements files, pyproject.toml (PEP 621, PEP 735, Poetry, PDM, uv), Pipfile
and setup.cfg. Requirement strings are read by `packaging`, as pip reads them."""

from __future__ import annotations

import re
from typing import Any

from intentlint.ground.manifests.declared import (
    Dependency,
    Lines,
    dev_words,
    header,
    key,
    normalise,
    quoted,
    table,
)

_OPTION = re.compile(r"\s+--?[A-Za-z]")  # `pkg==1 --hash=…`: per-requirement pip options
_COMMENT = re.compile(r"(^|\s)#.*$")
_ARCHIVE = (".whl", ".zip", ".tar.gz", ".tgz", ".tar.bz2")


def read(path: str, text: str) -> list[Dependency]:
    parts = path.replace("\\", "/").split("/")
    name = parts[-1].lower()
    if name == "pyproject.toml":
        return _pyproject(text)
    if name == "pipfile":
        return _pipfile(text)
    if name == "setup.cfg":
        return _setup_cfg(text)
    return _requirements(text, dev_words(name.rsplit(".", 1)[0]))


def requirement_name(spec: str) -> str | None:
    """The project a PEP 508 string names, or None when it names none (a path, a URL)."""
    from packaging.requirements import InvalidRequirement, Requirement

    spec = spec.strip()
    if not spec or ("@" not in spec and spec.lower().endswith(_ARCHIVE)):
        return None
    try:
        return Requirement(spec).name
    except InvalidRequirement:
        return None


def _requirements(text: str, dev: bool) -> list[Dependency]:
    out: list[Dependency] = []
    pending, first = "", 0
    for number, raw in enumerate(text.split("\n"), 1):
        line = _COMMENT.sub("", raw).rstrip()
        if not pending:
            first = number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = (pending + line).strip(), ""
        if not line or line.startswith("-"):
            continue  # -r, -c, -e, --index-url and other options
        name = requirement_name(_OPTION.split(line, 1)[0])
        if name:
            out.append(Dependency("pypi", normalise("pypi", name), first, dev))
    return out


def _strings(items: Any) -> list[str]:
    return [i for i in items if isinstance(i, str)] if isinstance(items, list) else []


def _specs(lines: Lines, specs: list[str], start: int, dev: bool) -> list[Dependency]:
    out = []
    for spec in specs:
        name = requirement_name(spec)
        if name:
            line = lines.near(quoted(spec), start)
            out.append(Dependency("pypi", normalise("pypi", name), line, dev))
    return out


def _keys(lines: Lines, names: dict[str, Any], start: int, dev: bool) -> list[Dependency]:
    return [Dependency("pypi", normalise("pypi", n), lines.near(key(n), start), dev)
            for n in names if n.lower() != "python" and requirement_name(n)]


def _pyproject(text: str) -> list[Dependency]:
    from intentlint.ground.tomlfile import TOMLDecodeError, loads

    try:
        data = loads(text)
    except (TOMLDecodeError, RecursionError):
        return []
    lines = Lines(text)
    project = table(data.get("project"))
    at = lines.find(header("project"))
    out = _specs(lines, _strings(project.get("dependencies")),
                 lines.near(r"^\s*dependencies\s*=", at), False)
    at = lines.find(header("project", "optional-dependencies"))
    for group, specs in table(project.get("optional-dependencies")).items():
        out += _specs(lines, _strings(specs), lines.near(key(group), at), dev_words(group))
    at = lines.find(header("dependency-groups"))
    for group, specs in table(data.get("dependency-groups")).items():
        out += _specs(lines, _strings(specs), lines.near(key(group), at), True)
    tool = table(data.get("tool"))
    poetry = table(tool.get("poetry"))
    for field, dev in (("dependencies", False), ("dev-dependencies", True)):
        at = lines.find(header("tool", "poetry", field))
        out += _keys(lines, table(poetry.get(field)), at, dev)
    for group, body in table(poetry.get("group")).items():
        at = lines.find(header("tool", "poetry", "group", group, "dependencies"))
        out += _keys(lines, table(table(body).get("dependencies")), at, group != "main")
    for name in ("pdm", "uv"):
        at = lines.find(header("tool", name))
        dev_deps = table(tool.get(name)).get("dev-dependencies")
        groups = dev_deps if isinstance(dev_deps, dict) else {"": dev_deps}
        for specs in groups.values():
            out += _specs(lines, _strings(specs), at, True)
    return out


def _pipfile(text: str) -> list[Dependency]:
    from intentlint.ground.tomlfile import TOMLDecodeError, loads

    try:
        data = loads(text)
    except (TOMLDecodeError, RecursionError):
        return []
    lines = Lines(text)
    out = []
    for section, dev in (("packages", False), ("dev-packages", True)):
        out += _keys(lines, table(data.get(section)), lines.find(header(section)), dev)
    return out


def _setup_cfg(text: str) -> list[Dependency]:
    import configparser

    parser = configparser.ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except configparser.Error:
        return []
    lines = Lines(text)
    wanted: list[tuple[str, bool]] = []
    if parser.has_section("options"):
        wanted += [(parser.get("options", "install_requires", fallback=""), False),
                   (parser.get("options", "tests_require", fallback=""), True)]
    if parser.has_section("options.extras_require"):
        wanted += [(value, dev_words(group))
                   for group, value in parser.items("options.extras_require")]
    out = []
    for value, dev in wanted:
        for spec in value.splitlines():
            spec = _COMMENT.sub("", spec).strip()
            name = requirement_name(spec)
            if name:
                line = lines.find(re.escape(spec))
                out.append(Dependency("pypi", normalise("pypi", name), line, dev))
    return out
