from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from intentlint.ground.records import Declared, Effect
from intentlint.sources.commits import clean_message, parse_message, sentences, trailer_decisions


@pytest.mark.parametrize(
    ("message", "trailers"),
    [
        ("Subject\n\nBody.\n\nDecision: Use OAuth2\nScope: production",
         (("decision", "Use OAuth2"), ("scope", "production"))),
        ("Subject\n\nCONSTRAINT: never log tokens", (("constraint", "never log tokens"),)),
        ("Subject\n\npreference:  small models", (("preference", "small models"),)),
        ("Subject\n\nDecision: a long\n  continued line\nSigned-off-by: A <a@b>",
         (("decision", "a long continued line"), ("signed-off-by", "A <a@b>"))),
        ("Subject\n\nDecision: not last\n\nJust prose.", ()),
        ("Subject\n\nDecision: mixed\nthis line is prose", ()),
        ("Decision: subject lines are never trailers", ()),
        ("Subject\r\n\r\nDecision: CRLF too\r\n", (("decision", "CRLF too"),)),
        # GitHub writes a pull request's title under its merge (ElektraInitiative/PermaplanT)
        ("Merge pull request #375 from org/decision-mail-client\n\ndecision: mail client", ()),
        ("Merge pull request #375 from org/x\n\nA title\n\nDecision: Use OAuth2",
         (("decision", "Use OAuth2"),)),
        ("Merge branch 'x'\n\nDecision: Use OAuth2", (("decision", "Use OAuth2"),)),
    ],
)
def test_trailers_follow_gits_rules(message: str, trailers: tuple[tuple[str, str], ...]) -> None:
    assert parse_message(message).trailers == trailers


def test_trailer_decisions_take_the_commit_metadata() -> None:
    message = parse_message("Adopt OAuth2\n\nDecision: Authentication uses OAuth2\n"
                            "Supersedes: D1, D2\nScope: production\nEffect: auth_method = oauth2")
    (record,) = trailer_decisions("a" * 40, "Ada", "2026-01-02T10:00:00+00:00", 3, message)
    assert record.id == "C-aaaaaaaa" and record.kind == "decision"
    assert record.supersedes == ("D1", "D2") and record.scope == "production"
    assert record.effect == Effect("auth_method", "oauth2")
    assert record.declared is Declared.BINDING and record.date == "2026-01-02"


def test_several_trailers_get_numbered_ids() -> None:
    message = parse_message("x\n\nDecision: one\nConstraint: two")
    ids = [r.id for r in trailer_decisions("b" * 40, "A", "2026-01-01", 0, message)]
    assert ids == ["C-bbbbbbbb.1", "C-bbbbbbbb.2"]


def test_revokes_alone_makes_a_revocation_record() -> None:
    (record,) = trailer_decisions("c" * 40, "A", "2026-01-01", 0,
                                  parse_message("Drop the rule\n\nRevokes: D4"))
    assert record.revokes == ("D4",) and record.declared is Declared.INACTIVE


def test_commit_msg_file_is_cleaned_like_git_does() -> None:
    text = ("Subject\n\nDecision: keep it\n# Please enter the commit message\n"
            "# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n")
    assert clean_message(text) == "Subject\n\nDecision: keep it"


def test_sentences_split_on_stops_and_bullets() -> None:
    assert sentences("We must do A. Then B!\n- bullet one\n- bullet two") == [
        "We must do A.", "Then B!", "bullet one", "bullet two"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_message_parsing_never_raises(text: str) -> None:
    message = parse_message(text)
    trailer_decisions("d" * 40, "A", "", 0, message)
    sentences(message.body)
    clean_message(text)


@pytest.mark.parametrize("phrase", [
    "must", "never", "always", "required", "require", "requires", "prefer", "prefers",
    "preferred", "should", "migrating", "migrate", "let's use", "lets use", "let us use",
    "default", "for now"])
def test_gits_prefilter_lets_every_trigger_phrase_through(phrase: str) -> None:
    """The trigger vocabulary is the reader's (reading.cues); git's prefilter, plain
    strings a warm hook can use without importing the reader, must not drop any of it."""
    from intentlint.reading import cues
    from intentlint.sources.commits import ANY_DECISION

    sentence = f"We {phrase} PostgreSQL."
    assert cues.TRIGGER.search(sentence) is not None
    assert ANY_DECISION.search(sentence) is not None


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("abcdeimnorstuvwxy 'ML:\n->→DSREV")), max_size=60)
       | st.sampled_from(["Decision: use X", "decision : x", "  Revokes: abc", "We MUST do it",
                          "This reverts commit 1234", "THIS REVERTS COMMIT 1", "Switch to Y",
                          "nothing here", "a -> b", "USE flask", "Standardise on", "İnstead of"]))
def test_the_fast_prefilter_agrees_with_its_regex(text: str) -> None:
    """`may_decide` tests the trigger words as substrings; `ANY_DECISION` is its definition."""
    from intentlint.sources.commits import (
        ANY_DECISION,
        MAYBE_DECISION,
        has_trailer_cue,
        may_decide,
    )

    assert may_decide(text, "heuristic") == (ANY_DECISION.search(text) is not None)
    assert may_decide(text, "trailers") == (MAYBE_DECISION.search(text) is not None)
    assert has_trailer_cue(text) == (MAYBE_DECISION.search(text) is not None)
    assert not may_decide(text, "off")
