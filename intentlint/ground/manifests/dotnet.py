""".NET: `PackageReference` items of project files and Directory.Build.props, central
`PackageVersion` items of Directory.Packages.props, and the old packages.config.

A reference with `PrivateAssets="all"` (analyzers, build tools) or in a test project (its
file name says Tests) is dev-only."""

from __future__ import annotations

from dataclasses import replace

from intentlint.ground.manifests.declared import (
    Dependency,
    dev_words,
    normalise,
    parse_xml,
    xml_parser,
)

_ITEMS = {"PackageReference": "Include", "PackageVersion": "Include",
          "GlobalPackageReference": "Include", "package": "id"}



def read(path: str, text: str) -> list[Dependency]:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    test_project = name.lower().endswith("proj") and dev_words(name.rsplit(".", 1)[0])
    parser = xml_parser()
    out: list[Dependency] = []
    chars: list[str] = []
    inside: list[int] = []  # how many items `out` held when the open item began

    def start(tag: str, attrs: dict[str, str]) -> None:
        chars.clear()
        include = attrs.get(_ITEMS.get(tag, ""), "")
        if not include:
            return
        dev = test_project or tag == "GlobalPackageReference" or \
            attrs.get("PrivateAssets", "").strip().lower() == "all" or \
            attrs.get("developmentDependency", "").strip().lower() == "true"
        inside[:] = [len(out)]
        for package in include.split(";"):
            if package.strip():
                out.append(Dependency("nuget", normalise("nuget", package),
                                      parser.CurrentLineNumber, dev))

    def end(tag: str) -> None:
        if tag == "PrivateAssets" and inside and "".join(chars).strip().lower() == "all":
            out[inside[0]:] = [replace(dep, dev=True) for dep in out[inside[0]:]]
        elif tag in _ITEMS:
            inside.clear()
        chars.clear()

    parse_xml(parser, text, start, end, chars)
    return out
