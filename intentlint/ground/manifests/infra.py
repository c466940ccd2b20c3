"""What a repository builds and deploys with: GitHub Actions `uses:` lines, Terraform
providers (declared in `required_providers`, or implied by resource types), and the CI
system a configuration file's presence names."""

from __future__ import annotations

import re

from intentlint.ground.manifests.declared import Dependency, normalise

_USES = re.compile(r"""^\s*(?:-\s*)?uses\s*:\s*["']?([^\s"'#]+)""")
_CI = {".travis.yml": "travis", "config.yml": "circleci", "config.yaml": "circleci",
       ".gitlab-ci.yml": "gitlab-ci", "jenkinsfile": "jenkins",
       "azure-pipelines.yml": "azure-pipelines", "azure-pipelines.yaml": "azure-pipelines"}
_REQUIRED = re.compile(r"^\s*required_providers\s*\{")
_ENTRY = re.compile(r"""^\s*["']?([\w-]+)["']?\s*=\s*(\{|"[^"]*")""")
_SOURCE = re.compile(r"""\bsource\s*=\s*"([^"]+)\"""")
_TYPED = re.compile(r"""^\s*(?:resource|data|provider)\s+"([a-z0-9]+)(?:_[^"]*)?"(?:\s|\{|$)""")
_BUILTIN = frozenset({"terraform"})  # terraform_remote_state and friends need no provider


def read(path: str, text: str) -> list[Dependency]:
    parts = path.replace("\\", "/").split("/")
    name = parts[-1].lower()
    if name.endswith(".tf"):
        return _terraform(text)
    if name in _CI and (name not in ("config.yml", "config.yaml") or len(parts) > 1):
        return [Dependency("ci", _CI[name], 1)]
    out = _actions(text)
    if len(parts) > 2 and parts[-2] == "workflows":
        out.insert(0, Dependency("ci", "github-actions", 1))
    return out


def _actions(text: str) -> list[Dependency]:
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        match = _USES.match(line)
        if not match:
            continue
        used = match.group(1)
        if used.startswith(("./", "../", "docker://")) or "/" not in used.split("@", 1)[0]:
            continue
        name = normalise("github-actions", used)
        if name.count("/") == 1 and all(name.split("/")):
            out.append(Dependency("github-actions", name, number))
    return out


def _terraform(text: str) -> list[Dependency]:
    out: list[Dependency] = []
    sources: dict[str, str] = {}  # local name → source, from required_providers
    depth = 0  # brace depth inside required_providers; 0 when outside
    entry: tuple[str, int] | None = None  # the provider being read and its line
    for number, line in enumerate(text.split("\n"), 1):
        code = line.split("#", 1)[0].split("//", 1)[0]
        if depth == 0:
            if _REQUIRED.match(code):
                depth = code.count("{") - code.count("}")
            continue
        found = _ENTRY.match(code)
        if depth == 1 and found:
            entry = (found.group(1), number)
            if found.group(2) != "{":  # the 0.12 form, `aws = "~> 2.0"`
                sources[entry[0]] = f"hashicorp/{entry[0]}"
                out.append(Dependency("terraform", normalise("terraform", sources[entry[0]]),
                                      number))
                entry = None
        source = _SOURCE.search(code)
        if entry and source:
            sources[entry[0]] = source.group(1)
            out.append(Dependency("terraform", normalise("terraform", source.group(1)),
                                  entry[1]))
        depth += code.count("{") - code.count("}")
        if entry and depth <= 1:
            if entry[0] not in sources:  # no source: Terraform's default namespace
                sources[entry[0]] = f"hashicorp/{entry[0]}"
                out.append(Dependency("terraform", f"hashicorp/{entry[0].lower()}", entry[1]))
            entry = None
        depth = max(depth, 0)
    return out + _implied(text, sources)


def _implied(text: str, sources: dict[str, str]) -> list[Dependency]:
    """Providers a file uses without declaring them: `resource "aws_s3_bucket"` needs the
    provider its type's prefix names."""
    out = []
    seen = set(sources)
    for number, line in enumerate(text.split("\n"), 1):
        typed = _TYPED.match(line)
        if typed and typed.group(1) not in seen and typed.group(1) not in _BUILTIN:
            seen.add(typed.group(1))
            out.append(Dependency("terraform", f"hashicorp/{typed.group(1)}", number))
    return out
