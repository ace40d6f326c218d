"""Uno for 2 players and Uno with partners (classic sheets: Other ways to play)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, Match, Rules

R = Rules.preset("mattel-2021")
PRESETS = ("mattel-2021", "mattel-2015", "mattel-2003")


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def two(first: list[str], rules: Rules = R) -> Game:
    return Game.arranged(
        rules,
        hands=[first, ["Y1", "Y2", "Y3"]],
        discard=["G5"],
        draw=["B6", "B7", "B8", "B9", "R6", "R7"],
        to_play=0,
    )


# -- 2 players ----------------------------------------------------------------------------


def test_two_players_a_skip_lets_you_take_another_turn_right_away() -> None:
    game = two(["GS", "G1", "R1"])
    game.apply("play GS")
    assert game.to_play == 0
    assert codes(game.hand(1)) == ["Y1", "Y2", "Y3"]


def test_two_players_a_reverse_works_like_a_skip() -> None:
    game = two(["GR", "G1", "R1"])
    game.apply("play GR")
    assert game.to_play == 0


def test_two_players_a_draw_2_the_other_player_draws_2_then_the_turn_comes_back() -> None:
    game = two(["G+2", "G1", "R1"])
    game.apply("play G+2")
    assert codes(game.hand(1)) == ["B6", "B7", "Y1", "Y2", "Y3"]
    assert game.to_play == 0


def test_two_players_a_wild_draw_4_does_the_same_with_4_cards() -> None:
    game = two(["W+4", "R1", "R2"])
    game.apply("play W+4 B")
    assert game.to_play == 1 and legal(game, 1) == {"accept", "challenge"}
    game.apply("accept")
    assert len(game.hand(1)) == 3 + 4
    assert game.to_play == 0


def test_two_player_reverse_skip_is_on_in_every_preset() -> None:
    for preset in PRESETS:
        assert Rules.preset(preset).two_player_reverse_skip is True


def test_agree_on_the_reverse_a_switch_makes_it_only_change_direction() -> None:
    game = two(["GR", "G1", "R1"], rules=Rules.preset("mattel-2021", two_player_reverse_skip=False))
    game.apply("play GR")
    assert game.direction == -1 and game.to_play == 1


def test_under_the_current_sheets_normal_rules_skip_draw_2_and_wild_draw_4_come_out_the_same() -> (
    None
):
    rules = Rules.preset("mattel-2021", two_player_reverse_skip=False)
    for card, action in (("GS", "play GS"), ("G+2", "play G+2"), ("W+4", "play W+4 R")):
        game = two([card, "R1", "R2"], rules=rules)
        game.apply(action)
        if card == "W+4":
            game.apply("accept")
        assert game.to_play == 0, card


def test_two_player_rules_apply_in_every_preset() -> None:
    for preset in PRESETS:
        for card in ("GS", "GR", "G+2"):
            game = two([card, "G1", "R1"], rules=Rules.preset(preset))
            game.apply(f"play {card}")
            assert game.to_play == 0, (preset, card)


# -- partners -----------------------------------------------------------------------------

PARTNERS = Rules.preset("mattel-2021", partners=True)


def partners_position(to_play: int) -> Game:
    return Game.arranged(
        PARTNERS,
        hands=[["R1", "R2", "R3"], ["Y4", "GS"], ["G9"], ["W", "B5"]],
        discard=["G5"],
        draw=["B6", "B7"],
        to_play=to_play,
    )


def test_partners_sit_across_from_each_other_in_2_teams_of_4_players() -> None:
    match = Match(PARTNERS, players=4, seed=2)
    assert match.teams is not None
    assert {frozenset(team) for team in match.teams} == {frozenset({0, 2}), frozenset({1, 3})}
    assert Match(R, players=4, seed=2).teams is None


def test_partners_need_exactly_4_players() -> None:
    for players in (2, 3, 5, 6):
        with pytest.raises(ValueError):
            Game.new(PARTNERS, players=players, seed=1)


def test_with_partners_the_round_ends_as_soon_as_either_partner_goes_out() -> None:
    game = partners_position(to_play=2)
    game.apply("play G9")
    assert game.over and game.winner == 2 and game.to_play is None


def test_the_winning_team_scores_the_cards_left_in_both_opponents_hands() -> None:
    game = partners_position(to_play=2)
    game.apply("play G9")
    opponents = 4 + 20 + 50 + 5
    assert game.round_points() == [opponents, 0, opponents, 0]
