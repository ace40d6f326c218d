"""Wild, Wild Shuffle Hands, Wild Swap Hands, Wild Customizable (Play the wild cards)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

R = Rules.preset("mattel-2021")
WILD_PLAYS = {"play W R", "play W Y", "play W G", "play W B"}


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def four(first: list[str], rules: Rules = R, top: str = "G5") -> Game:
    return Game.arranged(
        rules,
        hands=[first, ["Y1", "Y2", "Y3"], ["B1", "B2", "B3", "B4"], ["R7", "R8", "R9"]],
        discard=[top],
        draw=["Y7", "Y8", "Y9", "B7", "B8", "B9"],
        to_play=0,
    )


# -- Wild ---------------------------------------------------------------------------------


def test_a_wild_card_can_go_on_any_card_even_when_you_could_play_something_else() -> None:
    game = four(["G1", "W", "R2"])
    assert {"play G1"} | WILD_PLAYS <= legal(game)
    game.apply("play W B")
    assert str(game.top) == "W" and game.color == "B" and game.to_play == 1


def test_you_may_name_any_color_including_the_one_already_in_play() -> None:
    game = four(["G1", "W", "R2"])
    game.apply("play W G")
    assert game.color == "G"


def test_a_wild_must_name_the_color() -> None:
    game = four(["G1", "W", "R2"])
    with pytest.raises(IllegalAction):
        game.apply("play W")
    assert codes(game.hand(0)) == ["G1", "R2", "W"] and game.to_play == 0


# -- Wild Shuffle Hands -------------------------------------------------------------------


def shuffle_position() -> Game:
    return Game.arranged(
        R,
        hands=[["WSH", "R1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3", "B4"]],
        discard=["G5"],
        draw=["Y7", "Y8"],
        to_play=0,
        seed=11,
    )


def test_wild_shuffle_hands_deals_every_hand_back_out_starting_with_the_player_on_your_left() -> (
    None
):
    game = shuffle_position()
    before = Counter(c for s in range(3) for c in codes(game.hand(s))) - Counter(["WSH"])
    game.apply("play WSH G")
    after = Counter(c for s in range(3) for c in codes(game.hand(s)))
    assert after == before
    assert [len(game.hand(s)) for s in range(3)] == [3, 4, 3]
    assert str(game.top) == "WSH" and game.color == "G"
    assert game.to_play == 1


def test_after_a_wild_shuffle_hands_players_can_have_more_or_fewer_cards_than_they_had() -> None:
    game = shuffle_position()
    sizes_before = [len(game.hand(s)) for s in range(3)]
    game.apply("play WSH R")
    sizes_after = [len(game.hand(s)) for s in range(3)]
    assert sizes_before == [4, 3, 4] and sizes_after == [3, 4, 3]


# -- Wild Swap Hands (2015 deck) ----------------------------------------------------------


def test_wild_swap_hands_trades_your_whole_hand_with_any_one_player_you_choose() -> None:
    game = four(["WSW", "R1", "R2"], rules=Rules.preset("mattel-2015"))
    game.apply("play WSW Y")
    assert game.to_play == 0 and game.color == "Y"
    assert legal(game, 0) == {"swap 1", "swap 2", "swap 3"}
    game.apply("swap 2")
    assert codes(game.hand(0)) == ["B1", "B2", "B3", "B4"]
    assert codes(game.hand(2)) == ["R1", "R2"]
    assert game.to_play == 1 and game.color == "Y"


def test_a_wild_shuffle_hands_or_wild_swap_hands_can_be_played_on_any_card() -> None:
    for preset, card in (("mattel-2021", "WSH"), ("mattel-2015", "WSW")):
        for top in ("G5", "BS", "Y+2", "RR"):
            game = four([card, "R1", "R2"], rules=Rules.preset(preset), top=top)
            assert {f"play {card} {c}" for c in "RYGB"} <= legal(game)


# -- Wild Customizable --------------------------------------------------------------------


def test_a_blank_wild_customizable_card_plays_like_a_plain_wild() -> None:
    game = four(["WC", "R1", "R2"])
    assert {"play WC R", "play WC Y", "play WC G", "play WC B"} <= legal(game)
    game.apply("play WC B")
    assert str(game.top) == "WC" and game.color == "B" and game.to_play == 1
    assert [len(game.hand(s)) for s in range(4)] == [2, 3, 4, 3]


def test_wild_customizable_extra_turn_its_player_names_the_color_and_plays_again() -> None:
    game = four(["WC", "R1", "Y5"], rules=Rules.preset("mattel-2021", custom_rule="extra_turn"))
    game.apply("play WC Y")
    assert game.color == "Y" and game.to_play == 0
    game.apply("play Y5")
    assert game.to_play == 1


def test_wild_customizable_draw_three_the_next_player_draws_3_if_they_cannot_play() -> None:
    game = Game.arranged(
        Rules.preset("mattel-2015", custom_rule="draw_three"),
        hands=[
            ["WC", "R1", "R2"],
            ["Y1", "Y2", "Y3"],
            ["B1", "B2", "B3", "B4"],
            ["R7", "R8", "R9"],
        ],
        discard=["G5"],
        draw=["Y7", "G8", "Y9", "B7"],
        to_play=0,
    )
    game.apply("play WC G")
    assert game.to_play == 1 and legal(game, 1) == {"draw"}
    game.apply("draw")
    assert codes(game.hand(1)) == ["G8", "Y1", "Y2", "Y3", "Y7", "Y9"]
    assert game.to_play == 2 and game.draw_size == 1


def test_every_wild_customizable_of_a_game_carries_the_same_rule() -> None:
    game = four(["WC", "WC", "R1"], rules=Rules.preset("mattel-2021", custom_rule="extra_turn"))
    game.apply("play WC Y")
    assert game.to_play == 0
    game.apply("play WC B")
    assert game.to_play == 0 and game.color == "B"


def test_wild_customizable_cards_may_carry_a_rule_be_left_blank_or_be_taken_out() -> None:
    assert Rules.preset("mattel-2021").custom_rule == "blank"
    assert Rules.preset("mattel-2021", custom_rule="draw_three").custom_rule == "draw_three"
    assert "WC" not in {str(c) for c in Rules.preset("mattel-2003").deck()}


def test_custom_rule_needs_the_blank_cards_of_the_112_card_decks() -> None:
    for preset in ("mattel-2021", "mattel-2015"):
        for rule in ("blank", "extra_turn", "draw_three"):
            assert Rules.preset(preset, custom_rule=rule).custom_rule == rule
    with pytest.raises(ValueError):
        Rules.preset("mattel-2003", custom_rule="extra_turn")
