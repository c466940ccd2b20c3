"""intentlint's glob translation agrees with pathspec's gitignore implementation."""

from __future__ import annotations

import pathspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.globs import Globs

PATHS = ["a.py", "src/a.py", "src/api/users.py", "api/x.js", "tests/a.py", "tests/x/y.py",
         "config/production/db.yml", "config/prototype/db.yml", "deep/config/production/x",
         ".github/workflows/deploy.yml", "openapi.yaml", "docs/api.md", "x/openapi.yml",
         "Dockerfile", "docker-compose.prod.yml", "a b/c d.py", "ünï/cöde.py", ".env.local"]


@pytest.mark.parametrize("pattern", [
    "*.py", "src/*.py", "**/api/**", "config/production/**", "tests/**", "tests/", "tests",
    "/a.py", "**/*.yml", ".github/workflows/**", "openapi*.y*ml", "**/openapi/**", "docs/**",
    "Dockerfile*", "docker-compose*", "*.[jt]s", "a?py", "[!a]*.py", ".env*", "**/x/**",
    "config/**/x", "a b/*.py", "ünï/*",
])
def test_bundled_style_patterns_agree(pattern: str) -> None:
    ours, theirs = Globs([pattern]), pathspec.GitIgnoreSpec.from_lines([pattern])
    for path in PATHS:
        assert ours.match(path) == theirs.match_file(path), (pattern, path)


# Directory-only patterns (a trailing slash) are in the table below: pathspec cannot tell a
# file from a directory, intentlint only ever matches files.
segments = st.sampled_from(["a", "b", "src", "api", "*", "**", "?", "*.py", "x*", "[ab]",
                            "[!a]", "a.py", "b.js"])
patterns = st.builds(
    lambda lead, parts, trail: lead + "/".join(parts) + trail,
    st.sampled_from(["", "/"]), st.lists(segments, min_size=1, max_size=4),
    st.sampled_from([""]))
paths = st.lists(st.sampled_from(["a", "b", "src", "api", "a.py", "b.js", "xa", "ab.py"]),
                 min_size=1, max_size=5).map("/".join)


@settings(max_examples=800, deadline=None)
@given(st.lists(patterns, min_size=1, max_size=3), st.lists(paths, min_size=1, max_size=6))
def test_agrees_with_pathspec(pattern_list: list[str], path_list: list[str]) -> None:
    ours, theirs = Globs(pattern_list), pathspec.GitIgnoreSpec.from_lines(pattern_list)
    for path in path_list:
        assert ours.match(path) == theirs.match_file(path), (pattern_list, path)


@pytest.mark.parametrize(("patterns", "path", "matched"), [
    (["*.py", "!keep.py"], "keep.py", False),
    (["*.py", "!keep.py"], "src/keep.py", False),
    (["*.py", "!keep.py", "keep.py"], "keep.py", True),
    # git: "It is not possible to re-include a file if a parent directory of that file is
    # excluded." (pathspec's GitIgnoreSpec re-includes here; intentlint follows git)
    (["build/", "!build/keep.txt"], "build/keep.txt", True),
    (["a", "!src"], "a/src", True),
    (["tests/"], "tests/x.py", True),
    (["tests/"], "tests", False),
    (["a/**/"], "a/a", False),
    (["a/**/"], "a/b/c", True),
])
def test_negation_and_directories_follow_git(patterns: list[str], path: str, matched: bool) -> None:
    assert Globs(patterns).match(path) is matched
