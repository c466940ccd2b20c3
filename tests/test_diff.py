from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.enforcing.diff import parse_diff, staged_diff
from intentlint.ground.gitio import open_repo
from tests.conftest import Repo


def staged(repo: Repo) -> dict[str, object]:
    return {c.path: c for c in parse_diff(staged_diff(open_repo(repo.root)))}


def test_first_commit_diffs_against_the_empty_tree(repo: Repo) -> None:
    repo.write("a.py", "x = 1\ny = 2\n")
    repo.git("add", "a.py")
    (change,) = staged(repo).values()
    assert change.status == "A" and change.added == ((1, "x = 1"), (2, "y = 2"))  # type: ignore


def test_renames_binaries_modes_deletions_and_odd_paths(repo: Repo) -> None:
    repo.commit("base", ("old name.txt", "same\ncontent\nhere\n"), ("mode.sh", "echo hi\n"),
                ("gone.txt", "bye\n"), ("edit.py", "a\nb\nc\n"))
    repo.git("mv", "old name.txt", "new näme.txt")
    (repo.root / "mode.sh").chmod(0o755)
    repo.git("add", "mode.sh")
    repo.git("rm", "-q", "gone.txt")
    repo.write("blob.bin", b"\x00\x01\x02\xff")
    repo.write("line\nbreak.txt", "odd\n")
    repo.write("latin1.txt", "caf\xe9\n".encode("latin-1"))
    repo.write("edit.py", "a\n+ diff --git a/x b/x\nc\n")
    repo.git("add", "-A")
    changes = staged(repo)
    rename = changes["new näme.txt"]
    assert rename.status == "R" and rename.old_path == "old name.txt"  # type: ignore
    assert rename.added == ()  # type: ignore
    assert changes["mode.sh"].new_mode == "100755" and changes["mode.sh"].added == ()  # type: ignore
    assert changes["gone.txt"].status == "D"  # type: ignore
    assert changes["blob.bin"].binary  # type: ignore
    assert changes["line\nbreak.txt"].added == ((1, "odd"),)  # type: ignore
    assert changes["latin1.txt"].added == ((1, "caf\ufffd"),)  # type: ignore
    assert changes["edit.py"].added == ((2, "+ diff --git a/x b/x"),)  # type: ignore
    assert changes["edit.py"].removed == ((2, "b"),)  # type: ignore
    assert len(changes) == 7


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=600))
def test_parser_never_raises_on_any_bytes(data: bytes) -> None:
    parse_diff(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([b":100644 100644 abc def M\0", b"f.txt\0", b"\0",
                                 b"diff --git a/f b/f\n", b"@@ -1,2 +1,3 @@\n", b"+x\n", b"-y\n",
                                 b" z\n", b"Binary files a and b differ\n",
                                 b"\\ No newline at end of file\n", b"@@ -0,0 +1 @@\n"]),
                max_size=40).map(b"".join))
def test_parser_never_raises_on_diff_shaped_bytes(data: bytes) -> None:
    parse_diff(data)
