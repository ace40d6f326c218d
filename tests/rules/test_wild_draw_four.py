"""The Wild Draw 4, its limit and the challenge (classic sheets: Know the Wild Draw 4 limit)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

R = Rules.preset("mattel-2021")
DRAW = ["Y6", "Y7", "Y8", "Y9", "B6", "B7", "B8", "B9", "R6", "R7", "R8"]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def position(first: list[str], top: str = "G5", rules: Rules = R, color: str | None = None) -> Game:
    """Seat 0 to play on ``top``; seat 1 holds B1 R9 Y3, seat 2 B2 B3 B4."""
    return Game.arranged(
        rules,
        hands=[first, ["B1", "R9", "Y3"], ["B2", "B3", "B4"]],
        discard=[top],
        draw=DRAW,
        to_play=0,
        color=color,
    )


def test_wild_draw_4_you_name_the_color_and_the_next_player_draws_4_and_loses_their_turn() -> None:
    game = position(["W+4", "R1", "R2"])
    game.apply("play W+4 B")
    assert game.color == "B" and game.to_play == 1
    assert legal(game, 1) == {"accept", "challenge"}
    game.apply("accept")
    assert codes(game.hand(1)) == ["B1", "R9", "Y3", "Y6", "Y7", "Y8", "Y9"]
    assert game.to_play == 2 and game.color == "B"


def test_a_wild_draw_4_can_be_played_on_any_card() -> None:
    for top, color in (("G5", None), ("BS", None), ("R+2", None), ("W", "Y"), ("W+4", "B")):
        game = position(["W+4", "R1", "R2"], top=top, color=color)
        assert {"play W+4 R", "play W+4 Y", "play W+4 G", "play W+4 B"} <= legal(game)


def test_the_next_player_may_challenge_a_wild_draw_4() -> None:
    game = position(["W+4", "R1", "R2"])
    game.apply("play W+4 B")
    assert "challenge" in legal(game, 1)


def test_cards_of_another_color_that_match_the_number_or_symbol_do_not_stop_a_wild_draw_4() -> None:
    game = position(["W+4", "R5", "BS"], top="G5")
    game.apply("play W+4 R")
    game.apply("challenge")
    assert codes(game.hand(0)) == ["BS", "R5"]
    assert len(game.hand(1)) == 3 + 6


def test_a_held_wild_counts_as_the_color_for_the_wild_draw_4_limit() -> None:
    game = position(["W+4", "W", "R1"])
    game.apply("play W+4 B")
    game.apply("challenge")
    assert len(game.hand(0)) == 2 + 4
    assert codes(game.hand(1)) == ["B1", "R9", "Y3"]


def test_older_sheets_do_not_count_a_held_wild_for_the_wild_draw_4_limit() -> None:
    for preset in ("mattel-2015", "mattel-2003"):
        game = position(["W+4", "W", "R1"], rules=Rules.preset(preset))
        game.apply("play W+4 B")
        game.apply("challenge")
        assert codes(game.hand(0)) == ["R1", "W"]
        assert len(game.hand(1)) == 3 + 6 and game.to_play == 2


def test_a_held_wild_stops_a_wild_draw_4_in_2021_but_not_in_2015_or_2003() -> None:
    guilty = {}
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = position(["W+4", "W", "R1"], rules=Rules.preset(preset))
        game.apply("play W+4 B")
        game.apply("challenge")
        guilty[preset] = len(game.hand(0)) == 6
    assert guilty == {"mattel-2021": True, "mattel-2015": False, "mattel-2003": False}


def test_which_wild_cards_count_for_the_wild_draw_4_limit_is_a_switch() -> None:
    outcome = {}
    for wilds in ("none", "wild", "all"):
        for held in ("W", "WC"):
            game = position(["W+4", held, "R1"], rules=Rules.preset("mattel-2021", wd4_wilds=wilds))
            game.apply("play W+4 B")
            game.apply("challenge")
            outcome[wilds, held] = len(game.hand(0)) == 6
    assert outcome == {
        ("none", "W"): False,
        ("none", "WC"): False,
        ("wild", "W"): True,
        ("wild", "WC"): False,
        ("all", "W"): True,
        ("all", "WC"): True,
    }
    assert Rules.preset("mattel-2021").wd4_wilds == "wild"
    assert Rules.preset("mattel-2015").wd4_wilds == Rules.preset("mattel-2003").wd4_wilds == "none"


def test_the_color_that_counts_is_the_one_in_play_after_a_wild_the_one_its_player_named() -> None:
    game = position(["W+4", "G1", "R1"], top="W", color="G")
    game.apply("play W+4 B")
    game.apply("challenge")
    assert len(game.hand(0)) == 2 + 4
    game = position(["W+4", "R5", "B1"], top="W", color="G")
    game.apply("play W+4 B")
    game.apply("challenge")
    assert len(game.hand(0)) == 2 and len(game.hand(1)) == 3 + 6


def test_if_you_broke_the_limit_you_draw_4_and_the_challenger_takes_their_turn_as_usual() -> None:
    game = position(["W+4", "G1", "R1"])
    game.apply("play W+4 B")
    game.apply("challenge")
    assert codes(game.hand(0)) == ["G1", "R1", "Y6", "Y7", "Y8", "Y9"]
    assert codes(game.hand(1)) == ["B1", "R9", "Y3"]
    assert game.to_play == 1


def test_after_a_guilty_challenge_the_challenger_must_match_the_named_color() -> None:
    game = position(["W+4", "G1", "R1"])
    game.apply("play W+4 B")
    game.apply("challenge")
    assert game.to_play == 1 and game.color == "B"
    assert legal(game, 1) == {"play B1", "draw"}


def test_if_you_did_not_break_the_limit_the_challenger_draws_6_and_loses_their_turn() -> None:
    game = position(["W+4", "R1", "Y2"])
    game.apply("play W+4 B")
    game.apply("challenge")
    assert codes(game.hand(1)) == sorted(["B1", "R9", "Y3", "Y6", "Y7", "Y8", "Y9", "B6", "B7"])
    assert codes(game.hand(0)) == ["R1", "Y2"]
    assert game.to_play == 2


def test_the_color_named_stays_in_force_whichever_way_the_challenge_goes() -> None:
    for first in (["W+4", "G1", "R1"], ["W+4", "R1", "Y2"]):
        game = position(first)
        game.apply("play W+4 Y")
        game.apply("challenge")
        assert game.color == "Y" and str(game.top) == "W+4"


def test_a_wild_draw_4_played_against_the_limit_as_a_bluff_stands_if_not_challenged() -> None:
    game = position(["W+4", "G1", "R1"])
    assert "play W+4 R" in legal(game)
    game.apply("play W+4 R")
    game.apply("accept")
    assert codes(game.hand(0)) == ["G1", "R1"]
    assert len(game.hand(1)) == 3 + 4 and game.to_play == 2 and game.color == "R"


def test_only_the_player_who_was_told_to_draw_4_can_challenge() -> None:
    game = position(["W+4", "G1", "R1"])
    game.apply("play W+4 R")
    assert "challenge" not in legal(game, 2) and "challenge" not in legal(game, 0)
    with pytest.raises(IllegalAction):
        game.apply("challenge", seat=2)
    assert game.to_play == 1 and len(game.hand(0)) == 2


def test_a_challenge_judges_the_hand_held_when_the_wild_draw_4_was_played() -> None:
    game = Game.arranged(
        R,
        hands=[["W+4", "R1"], ["B1", "R9", "Y3"], ["B2", "B3", "B4"]],
        discard=["G5"],
        draw=["G1", "G2", "Y6", "Y7", "Y8", "Y9", "B6", "B7", "B8"],
        to_play=0,
    )
    game.apply("play W+4 B")  # down to 1 card without saying Uno
    game.apply("catch 0", seat=2)
    assert codes(game.hand(0)) == ["G1", "G2", "R1"]
    game.apply("challenge", seat=1)
    assert codes(game.hand(0)) == ["G1", "G2", "R1"]
    assert len(game.hand(1)) == 3 + 6


# -- the worked example: the cards you can play on a green 5 -----------------------------------

GREEN_5_HAND = ["R5", "G9", "GS", "B2", "YR", "W", "W+4"]


def test_green_5_example_the_red_5_green_9_green_skip_and_wild_can_be_played() -> None:
    game = position(GREEN_5_HAND)
    plays = {a.split()[1] for a in legal(game) if a.startswith("play")}
    matching = plays - {"W+4"}
    assert matching == {"R5", "G9", "GS", "W"}
    assert "B2" not in plays and "YR" not in plays
    assert {"play W R", "play W Y", "play W G", "play W B", "draw"} <= legal(game)


def test_green_5_example_a_wild_draw_4_played_anyway_and_challenged_draws_4() -> None:
    game = position(GREEN_5_HAND)
    assert "play W+4 B" in legal(game)
    game.apply("play W+4 B")
    game.apply("challenge")
    assert len(game.hand(0)) == 6 + 4
    assert codes(game.hand(1)) == ["B1", "R9", "Y3"]
    assert game.to_play == 1 and game.color == "B"
