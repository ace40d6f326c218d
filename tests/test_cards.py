"""Card notation: SPEC.md's table, round-trips, and clear errors for text that is no card."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unokit import Card, CardSyntaxError, Kind, Rules

SPEC_CODES = [
    "R0", "B9", "GS", "BR", "Y+2", "RD", "GP",
    "W", "W+4", "WSH", "WSW", "WC", "WCL", "WGA", "WPU", "WDT",
]  # fmt: skip


@pytest.mark.parametrize("code", SPEC_CODES)
def test_spec_codes_round_trip(code: str) -> None:
    assert str(Card.parse(code)) == code
    assert str(Card.parse(code.lower())) == code


def test_every_card_round_trips_and_is_unique() -> None:
    cards = Card.all()
    assert len({c.code for c in cards}) == len(cards)
    for card in cards:
        assert Card.parse(card.code) is card
        assert Card.parse(f"  {card.code.lower()} ") is card


def test_card_fields() -> None:
    g5 = Card.parse("G5")
    assert (g5.color, g5.kind, g5.number, g5.wild) == ("G", Kind.NUMBER, 5, False)
    wd4 = Card.parse("w+4")
    assert (wd4.color, wd4.kind, wd4.wild) == (None, Kind.WILD_DRAW_FOUR, True)
    assert Card.parse("YR").kind is Kind.REVERSE
    assert Card.parse("Y+2").name == "yellow Draw Two"
    assert Card.parse("WSH").name == "Wild Shuffle Hands"


def test_cards_are_immutable_and_not_built_directly() -> None:
    with pytest.raises(TypeError):
        Card()
    with pytest.raises(AttributeError):
        Card.parse("R5").color = "B"  # type: ignore[misc]


@pytest.mark.parametrize("text", ["", "X5", "R10", "W+2", "RW", "+2", "G", "R 5", "W4", "🂡"])
def test_not_a_card_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardSyntaxError, match="is not a card"):
        Card.parse(text)


@given(st.text(max_size=8))
def test_card_parser_only_raises_card_syntax_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardSyntaxError:
        return
    assert Card.parse(str(card)) is card


def test_classic_decks_by_the_sheets() -> None:
    """'Current decks have 112 cards. Older decks have 108.'"""
    assert len(Rules.preset("mattel-2021").deck()) == 112
    assert len(Rules.preset("mattel-2015").deck()) == 112
    assert len(Rules.preset("mattel-2003").deck()) == 108
