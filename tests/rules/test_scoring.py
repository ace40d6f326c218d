"""Going out and scoring a round (classic sheets: Go out to end the round, Scoring)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, Rules

R = Rules.preset("mattel-2021")


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def out(
    last: str,
    others: list[list[str]],
    rules: Rules = R,
    top: str = "G5",
    draw: list[str] | None = None,
) -> Game:
    """Seat 0 holds only ``last`` and is to play on ``top``."""
    return Game.arranged(
        rules,
        hands=[[last], *others],
        discard=[top],
        draw=["Y9", "Y8", "B7", "B6", "R0", "R1"] if draw is None else draw,
        to_play=0,
    )


OTHERS = [["R1", "R2"], ["B3", "B4"]]


# -- going out -------------------------------------------------------------------------------


def test_the_first_player_to_play_their_last_card_wins_the_round() -> None:
    game = out("G9", OTHERS)
    assert not game.over and game.winner is None
    game.apply("play G9")
    assert game.over and game.winner == 0 and game.to_play is None
    for seat in range(3):
        assert legal(game, seat) == set()


def test_any_card_can_be_your_last_one_including_an_action_card_or_a_wild_card() -> None:
    for last, action in [
        ("GS", "play GS"),
        ("GR", "play GR"),
        ("W", "play W R"),
        ("WC", "play WC Y"),
        ("WSH", "play WSH B"),
        ("R5", "play R5"),
    ]:
        game = out(last, OTHERS)
        game.apply(action)
        assert game.over and game.winner == 0, last


def test_a_last_wild_shuffle_hands_or_wild_swap_hands_ends_the_round_before_the_hands_move() -> (
    None
):
    for preset, card in (("mattel-2021", "WSH"), ("mattel-2015", "WSW")):
        game = out(card, OTHERS, rules=Rules.preset(preset))
        game.apply(f"play {card} G")
        assert game.over and game.winner == 0 and legal(game, 0) == set()
        assert [codes(game.hand(s)) for s in range(3)] == [[], ["R1", "R2"], ["B3", "B4"]]


def test_if_the_last_card_is_a_draw_2_the_next_player_still_draws_and_the_cards_count() -> None:
    game = out("G+2", OTHERS)
    game.apply("play G+2")
    assert game.over and game.winner == 0
    assert codes(game.hand(1)) == ["R1", "R2", "Y8", "Y9"]
    assert game.round_points() == [1 + 2 + 9 + 8 + 3 + 4, 0, 0]


def test_if_the_last_card_is_a_wild_draw_4_the_next_player_still_draws_and_the_cards_count() -> (
    None
):
    game = out("W+4", OTHERS)
    game.apply("play W+4 R")
    assert game.over and game.winner == 0
    assert codes(game.hand(1)) == ["B6", "B7", "R1", "R2", "Y8", "Y9"]
    assert game.round_points() == [1 + 2 + 9 + 8 + 7 + 6 + 3 + 4, 0, 0]


def test_a_last_wild_draw_4_is_not_challenged() -> None:
    game = out("W+4", [["G1", "R2"], ["B3", "B4"]])
    game.apply("play W+4 R")
    assert game.over and legal(game, 1) == set()
    assert len(game.hand(1)) == 2 + 4


def test_a_last_draw_card_is_drawn_and_scored_in_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = out("G+2", OTHERS, rules=Rules.preset(preset))
        game.apply("play G+2")
        assert game.over and len(game.hand(1)) == 4
        assert game.round_points()[0] == 1 + 2 + 9 + 8 + 3 + 4


# -- scoring ----------------------------------------------------------------------------------


def test_keeping_score_is_optional_the_first_player_out_wins() -> None:
    game = out("G9", OTHERS, rules=Rules.preset("mattel-2021", scoring="none"))
    game.apply("play G9")
    assert game.over and game.winner == 0
    assert game.round_points() == [0, 0, 0]


def test_the_player_who_goes_out_scores_the_other_hands_and_nobody_else_scores() -> None:
    game = out("G9", [["R1", "R2", "GS"], ["B3", "W"], ["Y0", "Y4"]])
    game.apply("play G9")
    assert game.round_points() == [1 + 2 + 20 + 3 + 50 + 0 + 4, 0, 0, 0]


def test_card_points_numbers_face_value_action_cards_20_wild_cards_50() -> None:
    hand = ["R9", "B5", "GS", "BR", "Y+2", "W", "W+4", "WSH", "WC"]
    game = out("G9", [hand, ["B3", "B4"]])
    game.apply("play G9")
    assert game.round_points() == [9 + 5 + 20 * 3 + 50 * 4 + 3 + 4, 0, 0]


def test_a_0_is_worth_0_points() -> None:
    game = out("G9", [["R0", "Y0"], ["B0", "G0"]])
    game.apply("play G9")
    assert game.round_points() == [0, 0, 0]


def test_card_values_in_every_preset() -> None:
    expected = {"mattel-2021": 50, "mattel-2015": 40, "mattel-2003": None}
    for preset, newer in expected.items():
        rules = Rules.preset(preset)
        symbols = sorted({str(c) for c in rules.deck() if not str(c)[1:].isdigit()})
        others = [s for s in symbols if s[0] != "W" or s in ("W", "W+4")]
        newer_cards = [s for s in symbols if s in ("WSH", "WSW", "WC")]
        game = out("G9", [others, newer_cards or ["R0"]], rules=rules)
        game.apply("play G9")
        value = {"S": 20, "R": 20, "+2": 20}
        base = sum(value.get(s[1:], 50) if s[0] != "W" else 50 for s in others)
        assert game.round_points()[0] == base + (newer or 0) * len(newer_cards)


def test_2015_scores_wild_swap_hands_and_wild_customizable_at_40() -> None:
    game = out("G9", [["WSW", "WC"], ["W", "W+4"]], rules=Rules.preset("mattel-2015"))
    game.apply("play G9")
    assert game.round_points() == [40 + 40 + 50 + 50, 0, 0]


def test_agree_on_one_value_before_you_start_40_or_50_for_the_newer_wilds() -> None:
    """'Some rules score the newer wild cards (Wild Swap Hands, Wild Shuffle Hands and Wild
    Customizable) at 40 points each. The current rule sheet scores every wild card at 50.
    Agree on one value before you start.' (``new_wild_points``)"""
    forty = Rules.preset("mattel-2021", new_wild_points=40)
    game = out("G9", [["WSH", "WC"], ["W", "W+4"]], rules=forty)
    game.apply("play G9")
    assert game.round_points() == [40 + 40 + 50 + 50, 0, 0]
    fifty = Rules.preset("mattel-2015", new_wild_points=50)
    game = out("G9", [["WSW", "WC"], ["W", "W+4"]], rules=fifty)
    game.apply("play G9")
    assert game.round_points() == [4 * 50, 0, 0]
    assert Rules.from_json(forty.to_json()) == forty
    for bad in (45, 0, True, 40.0, "40"):
        with pytest.raises(ValueError, match="40 or 50"):
            Rules.preset("mattel-2021", new_wild_points=bad)
    with pytest.raises(ValueError, match="classic decks"):
        Rules.preset("party", new_wild_points=40)


def test_newer_wilds_score_50_in_2021_and_40_in_2015() -> None:
    game = out("G9", [["WSH", "WC"], ["B1", "B2"]])
    game.apply("play G9")
    points_2021 = game.round_points()[0] - 3
    game = out("G9", [["WSW", "WC"], ["B1", "B2"]], rules=Rules.preset("mattel-2015"))
    game.apply("play G9")
    points_2015 = game.round_points()[0] - 3
    assert (points_2021, points_2015) == (100, 80)


def test_worked_example_scoring_one_round_169_points() -> None:
    game = Game.arranged(
        R,
        hands=[["G7"], ["R7", "B3", "GS"], ["Y9", "Y0", "B+2", "W"], ["R5", "G5", "W+4"]],
        discard=["G2"],
        draw=["Y1", "Y2"],
        to_play=0,
    )
    game.apply("play G7")
    assert game.over and game.winner == 0
    assert game.round_points() == [169, 0, 0, 0]
    assert 7 + 3 + 20 == 30 and 9 + 0 + 20 + 50 == 79 and 5 + 5 + 50 == 60


def test_lowest_score_every_player_adds_the_points_left_in_their_own_hand() -> None:
    game = out(
        "G9", [["R1", "R2", "GS"], ["B3", "W"]], rules=Rules.preset("mattel-2015", scoring="lowest")
    )
    game.apply("play G9")
    assert game.round_points() == [0, 23, 53]


def test_lowest_scoring_is_available_on_every_preset() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        game = out(
            "G9", [["R1", "R2"], ["B3", "Y+2"]], rules=Rules.preset(preset, scoring="lowest")
        )
        game.apply("play G9")
        assert game.round_points() == [0, 3, 23]


def test_challenge_uno_each_player_adds_the_points_left_in_their_own_hand() -> None:
    game = out(
        "G9", [["R1", "R2"], ["B3", "W"]], rules=Rules.preset("mattel-2003", scoring="elimination")
    )
    game.apply("play G9")
    assert game.round_points() == [0, 3, 53]


def test_both_ways_of_winning_are_offered_round_by_going_out_and_game_by_points() -> None:
    for scoring, points in (("winner", [7, 0, 0]), ("none", [0, 0, 0])):
        game = out(
            "G9", [["R1", "R2"], ["B3", "Y1"]], rules=Rules.preset("mattel-2021", scoring=scoring)
        )
        game.apply("play G9")
        assert game.winner == 0 and game.round_points() == points
    assert (
        Rules.preset("mattel-2021").scoring == "winner"
        and Rules.preset("mattel-2021").target == 500
    )
