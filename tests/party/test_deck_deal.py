"""UNO Party!: the deck, the players and the deal (party.txt: Setup, Number of Players)."""

from __future__ import annotations

from collections import Counter

import pytest

from unokit import Card, Game, Rules

PARTY = Rules.preset("party")


def test_the_deck_has_224_cards_split_as_our_assumption() -> None:
    deck = PARTY.deck()
    assert len(deck) == 224
    counts = Counter(c.code for c in deck)
    for color in "RYGB":
        assert counts[f"{color}0"] == 2
        assert all(counts[f"{color}{n}"] == 4 for n in range(1, 10))
        assert counts[f"{color}S"] == counts[f"{color}R"] == counts[f"{color}+2"] == 4
        assert counts[f"{color}P"] == 2
    assert counts["W"] == counts["W+4"] == counts["WPU"] == counts["WDT"] == 4
    numbers = sum(n for code, n in counts.items() if Card.parse(code).number is not None)
    assert numbers == 152
    assert sum(counts[f"{c}{s}"] for c in "RYGB" for s in ("S", "R", "+2")) == 48


def test_the_direction_tracker_and_link_cards_are_table_state_not_cards() -> None:
    kinds = {c.kind.value for c in PARTY.deck()}
    assert kinds == {"#", "S", "R", "+2", "P", "W", "W+4", "WPU", "WDT"}
    game = Game.new(PARTY, players=6, seed=1)
    view = game.view(None)
    assert view["direction_tracker"] == "clockwise" and view["link"] is None


def test_party_is_for_2_to_16_players() -> None:
    for players in (2, 6, 16):
        assert Game.new(PARTY, players=players, seed=players).players == players
    for players in (1, 17):
        with pytest.raises(ValueError, match="2 to 16 players"):
            Game.new(PARTY, players=players, seed=0)


def test_deal_seven_cards_to_each_player_and_the_rest_form_the_draw_pile() -> None:
    game = Game.new(PARTY, players=16, seed=5)
    assert game.hand_sizes() == [7] * 16
    assert game.draw_size + len(game.discard) == 224 - 7 * 16


def test_a_first_action_card_is_ignored_and_another_card_flipped() -> None:
    deck = ["R1"] * 14 + ["GP", "B+2", "YS", "G7", "B3"]
    game = Game.new(PARTY, players=2, deck=deck)
    assert [str(c) for c in game.discard] == ["GP", "B+2", "YS", "G7"]
    assert game.top == Card.parse("G7") and game.color == "G"
    assert game.to_play == 0 and game.hand_sizes() == [7, 7] and game.phase == "play"


def test_a_first_wild_card_is_ignored_too() -> None:
    deck = ["R1"] * 14 + ["WPU", "WDT", "W+4", "R4", "B3"]
    game = Game.new(PARTY, players=2, deck=deck)
    assert str(game.top) == "R4" and game.color == "R" and game.phase == "play"
    assert game.mini_pile == [] and game.link is None  # type: ignore[attr-defined]


def test_the_direction_tracker_starts_clockwise() -> None:
    game = Game.new(PARTY, players=8, seed=2)
    assert game.direction == 1
    assert game.view(3)["direction_tracker"] == "clockwise"


def test_the_player_to_the_left_of_the_dealer_starts_and_play_proceeds_clockwise() -> None:
    game = Game.new(PARTY, players=6, seed=4, dealer=2)
    assert game.to_play == 3 and game.direction == 1
    game.apply("draw")
    if game.phase == "drawn":
        game.apply("pass")
    assert game.to_play == 4


def test_switches_no_party_sheet_gives_meaning_to_are_refused() -> None:
    for switch, value in (
        ("stacking", True),
        ("seven_o", True),
        ("jump_in", True),
        ("draw_to_match", True),
        ("first_card_effect", True),
        ("partners", True),
        ("custom_rule", "extra_turn"),
        ("timer", 30.0),
    ):
        with pytest.raises(ValueError, match=switch):
            Rules.preset("party", **{switch: value})
    assert Rules.preset("party", two_player_reverse_skip=False).two_player_reverse_skip is False
    assert Rules.from_json(PARTY.to_json()) == PARTY
