"""Deck, deal and the first card turned up (classic sheets: Setup, first-card table)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from unokit import Game, Rules

COLORS = "RYGB"

HANDS4 = [
    ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
    ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
    ["G1", "G2", "G3", "G4", "G5", "G6", "G7"],
    ["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def deck_counts(rules: Rules) -> Counter[str]:
    return Counter(str(c) for c in rules.deck())


def stacked_deck(
    rules: Rules, hands: list[list[str]], turned: list[str], dealer: int | None = None
) -> list[str]:
    """A full deck, top first, that deals ``hands`` one card at a time from the dealer's left,
    then turns ``turned``; the rest of the deck follows in canonical order."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    order = [hands[(dealer + 1 + k) % n][i] for i in range(7) for k in range(n)]
    order += turned
    used = Counter(order)
    assert not used - deck_counts(rules), "the scenario uses cards the deck does not hold"
    for code in (str(c) for c in rules.deck()):
        if used[code]:
            used[code] -= 1
        else:
            order.append(code)
    return order


def new_game(rules: Rules, turned: list[str]) -> Game:
    return Game.new(rules, players=4, deck=stacked_deck(rules, HANDS4, turned))


def is_number(code: str) -> bool:
    return len(code) == 2 and code[1].isdigit()


# -- the deck ---------------------------------------------------------------------------


def test_current_decks_have_112_cards() -> None:
    deck = [str(c) for c in Rules.preset("mattel-2021").deck()]
    kinds = Counter("number" if is_number(c) else (c if c[0] == "W" else c[1:]) for c in deck)
    assert len(deck) == 112
    assert kinds == {"number": 76, "+2": 8, "R": 8, "S": 8, "W": 4, "W+4": 4, "WSH": 1, "WC": 3}


def test_each_color_has_one_0_and_two_each_of_1_to_9() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        counts = deck_counts(Rules.preset(preset))
        for color in COLORS:
            assert counts[f"{color}0"] == 1
            assert all(counts[f"{color}{n}"] == 2 for n in range(1, 10))
            assert sum(counts[f"{color}{n}"] for n in range(10)) == 19
            assert counts[f"{color}S"] == counts[f"{color}R"] == counts[f"{color}+2"] == 2


def test_older_decks_have_108_cards_the_first_six_rows() -> None:
    deck = deck_counts(Rules.preset("mattel-2003"))
    assert sum(deck.values()) == 108
    assert deck["W"] == 4 and deck["W+4"] == 4
    assert deck["WSH"] == deck["WSW"] == deck["WC"] == 0


def test_some_112_card_decks_have_wild_swap_hands_in_place_of_wild_shuffle_hands() -> None:
    deck = deck_counts(Rules.preset("mattel-2015"))
    assert sum(deck.values()) == 112
    assert deck["WSW"] == 1 and deck["WSH"] == 0 and deck["WC"] == 3


def test_classic_108_card_game_takes_out_the_shuffle_or_swap_card_and_the_blank_cards() -> None:
    classic = deck_counts(Rules.preset("mattel-2003"))
    assert deck_counts(Rules.preset("mattel-2021")) - Counter({"WSH": 1, "WC": 3}) == classic
    assert deck_counts(Rules.preset("mattel-2015")) - Counter({"WSW": 1, "WC": 3}) == classic


def test_the_extra_wild_is_shuffle_hands_in_2021_and_swap_hands_in_2015() -> None:
    assert {c for c in deck_counts(Rules.preset("mattel-2021")) if c in ("WSH", "WSW")} == {"WSH"}
    assert {c for c in deck_counts(Rules.preset("mattel-2015")) if c in ("WSH", "WSW")} == {"WSW"}
    assert {c for c in deck_counts(Rules.preset("mattel-2003")) if c in ("WSH", "WSW")} == set()


def test_deck_sizes_are_112_in_2021_and_2015_and_108_in_2003() -> None:
    sizes = {p: len(Rules.preset(p).deck()) for p in ("mattel-2021", "mattel-2015", "mattel-2003")}
    assert sizes == {"mattel-2021": 112, "mattel-2015": 112, "mattel-2003": 108}
    assert deck_counts(Rules.preset("mattel-2015"))["WC"] == 3
    assert deck_counts(Rules.preset("mattel-2021"))["WC"] == 3


# -- players and the deal ------------------------------------------------------------------


def test_uno_is_for_2_to_10_players() -> None:
    rules = Rules.preset("mattel-2021")
    for players in (2, 10):
        assert Game.new(rules, players=players, seed=1).players == players
    for players in (1, 11):
        with pytest.raises(ValueError):
            Game.new(rules, players=players, seed=1)


def test_deal_7_cards_each_and_the_rest_is_the_draw_pile() -> None:
    rules = Rules.preset("mattel-2021")
    game = new_game(rules, ["Y9"])
    for seat in range(4):
        assert codes(game.hand(seat)) == sorted(HANDS4[seat])
    assert game.draw_size == 112 - 28 - 1


def test_7_cards_each_for_any_number_of_players_from_2_to_10() -> None:
    for preset in ("mattel-2021", "mattel-2003"):
        rules = Rules.preset(preset, first_card_effect=False)  # a first Draw 2 would add 2
        for players in range(2, 11):
            game = Game.new(rules, players=players, seed=players)
            assert [len(game.hand(s)) for s in range(players)] == [7] * players
            assert game.draw_size + len(game.discard) == len(rules.deck()) - 7 * players


def test_the_top_card_of_the_draw_pile_is_turned_to_start_the_discard_pile() -> None:
    game = new_game(Rules.preset("mattel-2021"), ["B8"])
    assert [str(c) for c in game.discard] == ["B8"]
    assert str(game.top) == "B8" and game.color == "B"


def test_the_player_on_the_dealers_left_goes_first_and_play_moves_clockwise() -> None:
    rules = Rules.preset("mattel-2021")
    game = new_game(rules, ["Y9"])
    assert game.to_play == 0 and game.direction == +1
    game = Game.new(rules, players=4, seed=3, dealer=2)
    assert game.to_play == 3 and game.direction == +1


def test_game_new_deals_an_explicit_deck_one_card_at_a_time_from_the_dealers_left() -> None:
    rules = Rules.preset("mattel-2021")
    game = Game.new(rules, players=4, deck=stacked_deck(rules, HANDS4, ["Y9"], dealer=1), dealer=1)
    for seat in range(4):
        assert codes(game.hand(seat)) == sorted(HANDS4[seat])
    assert str(game.top) == "Y9"
    assert game.to_play == 2 and game.direction == +1


def test_the_default_dealer_is_the_last_seat() -> None:
    rules = Rules.preset("mattel-2021")
    for players in (2, 3, 6):
        game = Game.new(rules, players=players, seed=5)
        assert game.to_play == 0
        deck = [str(c) for c in rules.deck()]
        game = Game.new(rules, players=players, deck=deck)
        assert codes(game.hand(0)) == sorted(deck[0 : 7 * players : players])


# -- the first card, current sheet ------------------------------------------------------------


def test_a_first_card_that_is_not_a_number_is_ignored_and_the_next_one_turned() -> None:
    game = new_game(Rules.preset("mattel-2021"), ["GS", "R+2", "BR", "Y5"])
    assert [str(c) for c in game.discard] == ["GS", "R+2", "BR", "Y5"]
    assert str(game.top) == "Y5" and game.color == "Y"
    assert game.to_play == 0 and game.direction == +1
    assert [len(game.hand(s)) for s in range(4)] == [7, 7, 7, 7]
    assert game.draw_size == 112 - 28 - 4


def test_a_first_wild_card_is_ignored_too() -> None:
    game = new_game(Rules.preset("mattel-2021"), ["W", "W+4", "WSH", "WC", "B3"])
    assert [str(c) for c in game.discard] == ["W", "W+4", "WSH", "WC", "B3"]
    assert str(game.top) == "B3" and game.color == "B"
    assert game.to_play == 0
    assert legal(game, 0) == {"play R3", "draw"}
    assert [len(game.hand(s)) for s in range(4)] == [7, 7, 7, 7]


# -- the first card, older sheets (first_card_effect) -----------------------------------------


def test_first_draw_2_the_player_on_the_dealers_left_draws_2_and_loses_their_turn() -> None:
    rules = Rules.preset("mattel-2015")
    game = new_game(rules, ["R+2"])
    assert len(game.hand(0)) == 9
    assert game.to_play == 1
    assert str(game.top) == "R+2"
    assert game.draw_size == 112 - 28 - 1 - 2


def test_first_reverse_the_dealer_plays_first_and_play_moves_counterclockwise() -> None:
    game = new_game(Rules.preset("mattel-2015"), ["GR"])
    assert game.to_play == 3 and game.direction == -1
    game.apply("draw")  # the dealer holds no green and no Reverse: R0 comes and is kept
    game.apply("pass")
    assert game.to_play == 2


def test_first_skip_the_player_on_the_dealers_left_is_skipped() -> None:
    game = new_game(Rules.preset("mattel-2003"), ["YS"])
    assert game.to_play == 1 and game.direction == +1
    assert len(game.hand(0)) == 7


def test_first_wild_the_player_on_the_dealers_left_names_the_color_and_takes_the_first_turn() -> (
    None
):
    game = new_game(Rules.preset("mattel-2015"), ["W"])
    assert game.to_play == 0
    assert legal(game, 0) == {"color R", "color Y", "color G", "color B"}
    game.apply("color R")
    assert game.color == "R" and str(game.top) == "W"
    assert game.to_play == 0
    assert "play R3" in legal(game, 0) and "color R" not in legal(game, 0)


def test_first_wild_draw_4_is_put_back_in_the_deck_and_another_card_turned() -> None:
    for preset in ("mattel-2015", "mattel-2003"):
        rules = Rules.preset(preset)
        game = new_game(rules, ["W+4", "R9"])
        assert [str(c) for c in game.discard] == ["R9"]
        assert game.draw_size == len(rules.deck()) - 28 - 1
        assert game.to_play == 0
        assert [len(game.hand(s)) for s in range(4)] == [7, 7, 7, 7]


def test_first_wild_swap_hands_or_wild_customizable_the_dealers_left_names_the_color() -> None:
    for first in ("WSW", "WC"):
        game = new_game(Rules.preset("mattel-2015"), [first])
        assert game.to_play == 0
        assert legal(game, 0) == {"color R", "color Y", "color G", "color B"}
        game.apply("color B")
        assert game.color == "B" and game.to_play == 0
        assert [codes(game.hand(s)) for s in range(4)] == [sorted(h) for h in HANDS4]


def test_a_first_wild_shuffle_hands_only_names_the_color() -> None:
    game = new_game(Rules.preset("mattel-2021", first_card_effect=True), ["WSH"])
    assert legal(game, 0) == {"color R", "color Y", "color G", "color B"}
    game.apply("color Y")
    assert game.color == "Y" and game.to_play == 0
    assert [codes(game.hand(s)) for s in range(4)] == [sorted(h) for h in HANDS4]


def test_a_first_draw_2_is_drawn_at_once_even_with_stacking() -> None:
    game = new_game(Rules.preset("mattel-2015", stacking=True), ["R+2"])
    assert len(game.hand(0)) == 9 and game.to_play == 1
    assert "accept" not in legal(game, 1)


def test_first_card_takes_effect_is_a_switch_on_the_current_preset() -> None:
    game = new_game(Rules.preset("mattel-2021", first_card_effect=True), ["YS"])
    assert game.to_play == 1
    game = new_game(Rules.preset("mattel-2021"), ["YS", "Y9"])
    assert game.to_play == 0 and str(game.top) == "Y9"


def test_a_first_action_card_is_ignored_in_2021_and_takes_effect_in_2015_and_2003() -> None:
    outcome = {}
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = new_game(Rules.preset(preset), ["B+2", "B9"])
        outcome[preset] = (str(game.top), len(game.hand(0)), game.to_play)
    assert outcome == {
        "mattel-2021": ("B9", 7, 0),
        "mattel-2015": ("B+2", 9, 1),
        "mattel-2003": ("B+2", 9, 1),
    }


def test_a_first_card_that_can_only_be_another_wild_draw_4_is_refused() -> None:
    """'Put it back in the deck and turn over another card' can only end if the deck holds
    another kind of card: a deck of Wild Draw Fours alone is refused, never turned forever."""
    deck = ["R1", "R2"] * 7 + ["W+4"] * 5
    with pytest.raises(ValueError, match="no first card but Wild Draw Fours"):
        Game.new(Rules.preset("mattel-2015"), players=2, deck=deck)
    game = Game.new(Rules.preset("mattel-2015"), players=2, deck=[*deck, "G5"], seed=3)
    assert str(game.top) == "G5" and game.draw_size == 5
