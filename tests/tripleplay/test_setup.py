"""The deck, the deal and the three first pile cards (sheet: CONTENTS, SET UP, SPECIAL CARDS)."""

from __future__ import annotations

from collections import Counter

import pytest

from unokit import Card, Game, Kind, Rules
from unokit.tripleplay import TriplePlayGame

RULES = Rules.preset("triple-play")


def test_contents_112_cards() -> None:
    """'CONTENTS: 112 cards as follows: 19 Blue cards - 0 to 9 ... 8 Reverse ... 8 Skip ...
    8 Discard Two of the Same Color ... 4 Wild cards 4 Wild Clear cards 4 Wild Give Away'."""
    deck = RULES.deck()
    assert len(deck) == 112
    kinds = Counter(c.kind for c in deck)
    assert kinds[Kind.NUMBER] == 76
    assert kinds[Kind.REVERSE] == kinds[Kind.SKIP] == kinds[Kind.DISCARD_TWO] == 8
    assert kinds[Kind.WILD] == kinds[Kind.WILD_CLEAR] == kinds[Kind.WILD_GIVE_AWAY] == 4
    assert kinds[Kind.DRAW_TWO] == kinds[Kind.WILD_DRAW_FOUR] == 0
    counts = Counter(c.code for c in deck)
    for color in "RYGB":
        assert sum(n for code, n in counts.items() if code[0] == color and code[1:].isdigit()) == 19
        assert counts[f"{color}0"] == 1
        assert all(counts[f"{color}{d}"] == 2 for d in range(1, 10))
        assert counts[f"{color}R"] == counts[f"{color}S"] == counts[f"{color}D"] == 2


def test_deal_out_7_cards_to_each_player() -> None:
    """'Shuffle the deck and deal out 7 cards to each player. Place the remaining cards
    face-down to create a Draw Pile'."""
    for players in (2, 6, 10):
        game = Game.new(RULES, players=players, seed=players)
        assert isinstance(game, TriplePlayGame)
        assert game.hand_sizes() == [7] * players
        on_piles = sum(len(p) for p in game.piles)
        assert game.draw_size == 112 - 7 * players - on_piles


def test_place_1_card_face_up_in_each_of_the_3_discard_pile_spaces() -> None:
    """'Place 1 card face-up in each of the unit's 3 Discard Pile Spaces.'"""
    deck = ["B6", "R2", "W", "B9"]
    game = TriplePlayGame.new(RULES, players=2, deck=_deal_pad(deck))
    assert [str(c) for c in game.tops] == ["B6", "R2", "W"]
    assert all(len(p) == 1 for p in game.piles)
    assert game.draw_pile == [Card.parse("B9")]


def test_a_reverse_turned_up_goes_back_into_the_middle_of_the_draw_pile() -> None:
    """Reverse: 'If this card is turned up at the beginning of play, place it back into the
    middle of the draw pile and pick another card.'"""
    deck = ["B6", "RR", "R2", "W", "B1", "B2", "B3", "B4", "B5"]
    game = TriplePlayGame.new(RULES, players=2, deck=_deal_pad(deck))
    assert [str(c) for c in game.tops] == ["B6", "R2", "W"]
    # put back into the 7 cards R2 W B1 B2 B3 B4 B5: 3 stay under it, 4 above
    assert [str(c) for c in game.draw_pile] == ["B1", "B2", "RR", "B3", "B4", "B5"]


def test_a_skip_turned_up_goes_back_and_another_card_is_turned() -> None:
    """Skip: 'If this card is turned up at the beginning of play, place it back into the
    middle of the draw pile and pick another card.'"""
    deck = ["B6", "GS", "YS", "G7", "R2", "B1", "B2", "B3", "B4", "B5"]
    game = TriplePlayGame.new(RULES, players=2, deck=_deal_pad(deck))
    assert [str(c) for c in game.tops] == ["B6", "G7", "R2"]
    assert sorted(str(c) for c in game.draw_pile if c.kind is Kind.SKIP) == ["GS", "YS"]
    assert [e.type for e in game.log].count("put_back") == 2


def test_a_discard_two_or_wild_turned_up_first_stays_on_its_pile() -> None:
    """Our decision (the sheet is silent): a Discard Two or a wild turned up stays; a wild
    pile has no colour until the first card played on it decides it."""
    deck = ["RD", "WGA", "WCL", "B1", "B2"]
    game = TriplePlayGame.new(RULES, players=2, deck=_deal_pad(deck))
    assert [str(c) for c in game.tops] == ["RD", "WGA", "WCL"]
    assert game.colors == ["R", None, None]


def test_play_begins_with_the_player_to_the_left_of_the_dealer() -> None:
    """'Play begins with the player to the left of the dealer.'"""
    assert Game.new(RULES, players=4, seed=1).to_play == 0
    assert Game.new(RULES, players=4, seed=1, dealer=1).to_play == 2


def test_triple_play_is_for_2_to_10_players() -> None:
    """Our decision (the sheet names no count): 2 to 10, as classic Uno."""
    for players in (1, 11):
        with pytest.raises(ValueError, match="2 to 10"):
            Game.new(RULES, players=players, seed=1)


def test_the_first_discard_piles_light_up() -> None:
    """'All the Card Counter lights will flash GREEN and the first Discard Pile(s) will light
    up.'"""
    for seed in range(20):
        game = Game.new(RULES, players=3, seed=seed)
        assert isinstance(game, TriplePlayGame)
        assert 1 <= len(game.lit) <= 3
        assert game.counters == [0, 0, 0]
        assert game.log[-1].type == "lit"


def test_all_the_card_counter_lights_will_flash_green() -> None:
    """'All the Card Counter lights will flash GREEN': every light, whatever the hidden
    thresholds drawn at the start (4 or 5 presses would be yellow by the presses left)."""
    thresholds = set()
    for seed in range(60):
        game = Game.new(RULES, players=3, seed=seed)
        assert isinstance(game, TriplePlayGame)
        assert game.lights == ["G", "G", "G"], seed
        thresholds.update(game._unit.thresholds)
    assert {4, 5} & thresholds  # the low thresholds did come up


def _deal_pad(piles_part: list[str], players: int = 2) -> list[str]:
    """A deck whose first 7 * players cards are dealt, then ``piles_part`` follows."""
    return ["Y9"] * (7 * players) + piles_part
