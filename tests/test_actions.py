"""Action notation: SPEC.md's table round-trips; anything else is an ActionSyntaxError."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokit import Action, ActionSyntaxError, Card, IllegalAction

SPEC_ACTIONS = [
    "play R7", "play W G", "play W+4 B", "play G9 uno", "play R7 @2", "play RD R5 @2",
    "draw", "pass", "accept", "challenge", "color G", "uno", "catch 2", "swap 3",
    "jump G5", "press @2", "give 2 2 3", "point 4", "link 1 5", "take", "timeout",
    "play W+4 B uno", "jump G5 uno",
]  # fmt: skip


@pytest.mark.parametrize("text", SPEC_ACTIONS)
def test_spec_actions_round_trip(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PLAY w+4 g", "play W+4 G"),
        ("  play   r7  ", "play R7"),
        ("link 5 1", "link 1 5"),
        ("give 3 2 2", "give 2 2 3"),
        ("play g9 UNO", "play G9 uno"),
        ("play uno G9", None),
    ],
)
def test_other_spellings_print_canonically(text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(ActionSyntaxError):
            Action.parse(text)
    else:
        assert str(Action.parse(text)) == canonical


def test_action_fields() -> None:
    a = Action.parse("play W+4 B uno")
    assert (a.kind, a.card, a.color, a.uno) == ("play", Card.parse("W+4"), "B", True)
    assert Action.parse("catch 2").target == 2
    assert Action.parse("play RD R5 @2").companion == Card.parse("R5")
    assert Action.play("W", "G") == Action.parse("play W G")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("dance", "is not an action"),
        ("play", "needs a card"),
        ("play X9", "is not a card"),
        ("draw 2", "takes nothing"),
        ("catch", "one seat"),
        ("catch two", "not a seat"),
        ("color P", "one colour"),
        ("press 2", "not a pile"),
        ("link 2 2", "two different seats"),
        ("give", "one seat for each card"),
        ("play R7 G G", "does not belong"),
    ],
)
def test_not_an_action_says_why(text: str, words: str) -> None:
    with pytest.raises(ActionSyntaxError, match=words):
        Action.parse(text)


def test_action_syntax_error_is_an_illegal_action_and_a_value_error() -> None:
    assert issubclass(ActionSyntaxError, IllegalAction)
    assert issubclass(IllegalAction, ValueError)


_WORDS = st.sampled_from(
    ["play", "jump", "draw", "catch", "give", "link", "press", "color", "uno", "R7", "W", "g",
     "W+4", "@2", "@4", "3", "12", "RD", "R5", "x", "", "-1", "100"]
)  # fmt: skip


@given(st.one_of(st.text(max_size=20), st.lists(_WORDS, max_size=6).map(" ".join)))
def test_action_parser_only_raises_action_syntax_error(text: str) -> None:
    try:
        action = Action.parse(text)
    except ActionSyntaxError:
        return
    assert Action.parse(str(action)) == action
