"""The JVM: Maven's pom.xml, Gradle build scripts (Groovy and Kotlin), Gradle version
catalogs, the coordinate scripts Android projects apply (`versions.gradle`), sbt builds
(`*.sbt`, `project/*.scala`) and Clojure's (`deps.edn`, Leiningen's `project.clj`); every
name a "group:artifact" coordinate, a Scala artifact without the binary suffix sbt adds
(`%%`), a Clojure library `group/artifact` (`ring` alone is `ring:ring`).

A build script that names a catalog entry (`implementation(libs.guava)`) gives the accessor
("libs.guava") as the name; `catalog_accessors` resolves it against the catalog."""

from __future__ import annotations

import re
from typing import Any

from intentlint.ground.manifests.declared import (
    Dependency,
    Lines,
    header,
    key,
    normalise,
    parse_xml,
    table,
    xml_parser,
)

_CONFIG_ENDINGS = ("implementation", "api", "compileonly", "runtimeonly", "compile", "runtime",
                   "annotationprocessor", "kapt", "ksp", "developmentonly")
_CONFIG = re.compile(r"^\s*(\w+)\s*[\s(]")
_COORDINATE = re.compile(r"""["']([^"':\s$]+):([^"':\s$]+)(:[^"']*)?["']""")
_CATALOG_REF = re.compile(r"\blibs\.(?!plugins\.|versions\.)[A-Za-z][\w.]*\w")
_KOTLIN = re.compile(r"""\bkotlin\s*\(\s*["']([\w-]+)["']""")
_MAP = re.compile(r"""\bgroup\s*[:=]\s*["']([^"']+)["']\s*,\s*name\s*[:=]\s*["']([^"']+)["']""")
_MAVEN_PLUGINS = "org.apache.maven.plugins"


def read(path: str, text: str) -> list[Dependency]:
    name = path.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name == "pom.xml":
        return _pom(text)
    if name.endswith(".toml"):
        return _catalog(text)
    if name.endswith((".sbt", ".scala")):
        return _sbt(text)
    if name in COORDINATE_SCRIPTS:
        return _coordinates(text)
    if name == "deps.edn":
        return _deps_edn(text)
    if name == "project.clj":
        return _leiningen(text)
    return _gradle(text)


# Gradle scripts that exist to hold the project's coordinates, each a string assigned to a
# name the build scripts use (`glide.core = "com.github.bumptech.glide:glide:$versions.glide"`).
COORDINATE_SCRIPTS = frozenset(("versions.gradle", "dependencies.gradle", "deps.gradle",
                                "libraries.gradle"))


def _coordinates(text: str) -> list[Dependency]:
    """Every "group:artifact[:version]" string of a coordinates script, by its line."""
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        out += [_maven(m.group(1), m.group(2), number, "test" in line.lower())
                for m in _COORDINATE.finditer(_code(line))]
    return out


def _code(line: str) -> str:
    """A Gradle line without its `//` comment (a line holding a URL is kept whole)."""
    return line.split("//", 1)[0] if "://" not in line else line


def _maven(group: str, artifact: str, line: int, dev: bool = False) -> Dependency:
    return Dependency("maven", normalise("maven", f"{group}:{artifact}"), line, dev)


def _gradle(text: str) -> list[Dependency]:
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        code = _code(line)
        config = _CONFIG.match(code)
        if not config or not config.group(1).lower().endswith(_CONFIG_ENDINGS):
            continue
        dev = "test" in config.group(1).lower()
        rest = code[config.end(1):]
        found = [(m.group(1), m.group(2)) for m in _COORDINATE.finditer(rest)]
        found += [(m.group(1), m.group(2)) for m in _MAP.finditer(rest)]
        found += [("org.jetbrains.kotlin", f"kotlin-{m.group(1)}") for m in _KOTLIN.finditer(rest)]
        out += [_maven(group, artifact, number, dev) for group, artifact in found]
        ref = _CATALOG_REF.search(rest)
        if ref and not found:
            out.append(Dependency("maven", ref.group(0).removesuffix(".get"), number, dev))
    return out


# sbt: `"group" %% "artifact" % version [% Test]`, each part a string or a `val` of one.
_SBT_PART = r'"[^"\n]*"|[A-Za-z_][\w.]*'
_SBT_MODULE = re.compile(rf"({_SBT_PART})\s*%{{1,3}}\s*({_SBT_PART})\s*%\s*(?:{_SBT_PART})"
                         rf"(?:\s*%\s*({_SBT_PART}))?")
_SBT_VAL = re.compile(r'\bval\s+(\w+)\s*(?::\s*String\s*)?=\s*"([^"\n]*)"')
# Settings that name modules without depending on them: a version scheme, an override of a
# transitive version, an exclusion; and the exclusions a dependency's own line may carry.
_SBT_NOT_DEPENDING = re.compile(r"\b(?:libraryDependencySchemes|dependencyOverrides|"
                                r"excludeDependencies)\b")
_SBT_EXCLUSION = re.compile(r"\b(?:exclude|excludeAll|ExclusionRule)\s*\([^)]*\)")


def _sbt(text: str) -> list[Dependency]:
    vals = dict(_SBT_VAL.findall(text))

    def value(part: str) -> str | None:
        if part.startswith('"'):
            return part.strip('"') or None
        return vals.get(part.rsplit(".", 1)[-1])

    out, skipping = [], 0
    for number, line in enumerate(text.split("\n"), 1):
        code = re.sub(r"//.*$", "", line) if "://" not in line else line
        code = _SBT_EXCLUSION.sub("", code)
        if _SBT_NOT_DEPENDING.search(code):
            skipping = max(code.count("(") - code.count(")"), 0)
            continue
        if skipping:  # inside a multi-line override or exclusion
            skipping = max(skipping + code.count("(") - code.count(")"), 0)
            continue
        for m in _SBT_MODULE.finditer(code):
            group, artifact = value(m.group(1)), value(m.group(2))
            if group and artifact:
                config = m.group(3) or ""  # `% Test`, `% "test"` or a val of one
                out.append(_maven(group, artifact, number,
                                  "test" in (value(config) or config).lower()))
    return out


# Clojure: a library is a symbol, `group/artifact` or `artifact`; comments run from `;` to
# the end of the line, outside strings.
_CLJ_LIB = r"(?<![\w.*+!?$%&=<>/'#:-])([A-Za-z][\w.+-]*(?:/[A-Za-z][\w.+-]*)?)"
_CLJ_COMMENT = re.compile(r'"(?:\\.|[^"\\])*"|;.*')
# deps.edn: `lib {:mvn/version "…"}` or a git library (`{:git/url …}`, `{:git/sha …}`); a
# `:local/root` is the project's own code. What an alias adds (`:aliases {:test
# {:extra-deps …}}`) is for a tool or a test run.
_EDN_DEP = re.compile(_CLJ_LIB + r"\s+\{\s*:(?:mvn/version|git/(?:url|sha|tag)|sha|tag)\b")
_EDN_ALIASES = re.compile(r"(?<![\w/-]):aliases\b")
# project.clj: `[lib "version" …]` inside `:dependencies` or `:plugins` (build plugins);
# what a profile adds (`:profiles {:dev {:dependencies …}}`) is for development.
_LEIN_DEP = re.compile(r"\[\s*" + _CLJ_LIB + r'\s+"')
_LEIN_SECTION = re.compile(r"(?<![\w/-]):(dependencies|plugins|managed-dependencies|profiles)\b")


def _clojure_code(text: str) -> str:
    """`text` with its comments blanked, strings kept, line for line."""
    return _CLJ_COMMENT.sub(lambda m: m.group(0) if m.group(0).startswith('"')
                            else " " * len(m.group(0)), text)


def _clojure_lib(symbol: str, line: int, dev: bool) -> Dependency:
    group, _, artifact = symbol.partition("/")
    return _maven(group, artifact or group, line, dev)


def _deps_edn(text: str) -> list[Dependency]:
    code = _clojure_code(text)
    aliases = _EDN_ALIASES.search(code)
    return [_clojure_lib(m.group(1), code.count("\n", 0, m.start()) + 1,
                         aliases is not None and m.start() > aliases.start())
            for m in _EDN_DEP.finditer(code)]


def _leiningen(text: str) -> list[Dependency]:
    code = _clojure_code(text)
    sections = list(_LEIN_SECTION.finditer(code))
    out = []
    for m in _LEIN_DEP.finditer(code):
        before = [s.group(1) for s in sections if s.start() < m.start()]
        if not before or before[-1] not in ("dependencies", "plugins"):
            continue  # a managed version, or a vector outside the dependency lists
        out.append(_clojure_lib(m.group(1), code.count("\n", 0, m.start()) + 1,
                                before[-1] == "plugins" or "profiles" in before))
    return out


def _load(text: str) -> dict[str, Any] | None:
    from intentlint.ground.tomlfile import TOMLDecodeError, loads

    try:
        data: dict[str, Any] = loads(text)
    except (TOMLDecodeError, RecursionError):
        return None
    return data


def _library(spec: Any) -> str | None:
    """A catalog entry's "group:artifact": `"g:a:v"`, `{ module = "g:a" }` or `{ group = "g",
    name = "a" }`."""
    if isinstance(spec, str):
        parts = spec.split(":")
        return f"{parts[0]}:{parts[1]}" if len(parts) >= 2 and parts[0] and parts[1] else None
    body = table(spec)
    module, group, name = body.get("module"), body.get("group"), body.get("name")
    if isinstance(module, str):
        return _library(module + ":")
    if isinstance(group, str) and isinstance(name, str) and group and name:
        return f"{group}:{name}"
    return None


def _catalog(text: str) -> list[Dependency]:
    data = _load(text)
    if data is None:
        return []
    lines = Lines(text)
    start = lines.find(header("libraries"))
    out = []
    for alias, spec in table(data.get("libraries")).items():
        coordinate = _library(spec)
        if coordinate:
            out.append(Dependency("maven", normalise("maven", coordinate),
                                  lines.near(key(alias), start)))
    return out


def catalog_accessors(text: str, catalog: str = "libs") -> dict[str, str]:
    data = _load(text) or {}
    out = {}
    for alias, spec in table(data.get("libraries")).items():
        coordinate = _library(spec)
        if coordinate:
            accessor = re.sub(r"[-_.]+", ".", alias)
            out[f"{catalog}.{accessor}"] = normalise("maven", coordinate)
    return out



def _pom(text: str) -> list[Dependency]:
    parser = xml_parser()
    out: list[Dependency] = []
    stack: list[str] = []
    fields: dict[str, str] = {}
    opened: list[int] = []  # depth and line of the <dependency>/<plugin> being read
    chars: list[str] = []

    def start(name: str, _attrs: Any) -> None:
        parent = stack[-1] if stack else ""
        managed = "dependencyManagement" in stack or "pluginManagement" in stack
        if not opened and not managed and (name, parent) in (("dependency", "dependencies"),
                                                              ("plugin", "plugins")):
            opened[:] = [len(stack) + 1, parser.CurrentLineNumber]
            fields.clear()
            fields["kind"] = name
        stack.append(name)
        chars.clear()

    def end(name: str) -> None:
        if opened and len(stack) == opened[0] + 1:
            fields[name] = "".join(chars).strip()
        elif opened and len(stack) == opened[0]:
            default = _MAVEN_PLUGINS if fields["kind"] == "plugin" else ""
            group, artifact = fields.get("groupId") or default, fields.get("artifactId")
            if group and artifact:
                out.append(_maven(group, artifact, opened[1], fields.get("scope") == "test"))
            opened.clear()
        stack.pop()
        chars.clear()

    parse_xml(parser, text, start, end, chars)
    return out


# What a pom says the module itself is: its `<groupId>` (or its parent's) and `<artifactId>`
# directly under `<project>`, outside the blocks that name other artifacts.
_OTHER_ARTIFACTS = re.compile(r"<(parent|dependencies|dependencyManagement|build|profiles"
                              r"|reporting|pluginRepositories|repositories)\b.*?</\1\s*>",
                              re.DOTALL)
_PARENT = re.compile(r"<parent\b.*?</parent\s*>", re.DOTALL)


_GROUP_ID = re.compile(r"<groupId>\s*([\w.-]+)\s*</groupId>")
_ARTIFACT_ID = re.compile(r"<artifactId>\s*([\w.-]+)\s*</artifactId>")


def pom_coordinates(text: str) -> str | None:
    """"group:artifact" of the pom's own module, or None."""
    own = _OTHER_ARTIFACTS.sub("", re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL))
    artifact = _ARTIFACT_ID.search(own)
    group = _GROUP_ID.search(own)
    if group is None and (parent := _PARENT.search(text)) is not None:
        group = _GROUP_ID.search(parent.group(0))
    if artifact is None or group is None:
        return None
    return f"{group.group(1)}:{artifact.group(1)}"
