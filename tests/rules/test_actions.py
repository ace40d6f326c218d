"""The action cards: Skip, Reverse, Draw 2 (classic sheets: Use the action cards, card table)."""

from __future__ import annotations

from collections.abc import Iterable

from unokit import Game, Rules

R = Rules.preset("mattel-2021")


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def four(
    first: list[str], top: str = "G5", rules: Rules = R, draw: list[str] | None = None
) -> Game:
    return Game.arranged(
        rules,
        hands=[first, ["Y1", "Y2", "R+2"], ["B+2", "B2", "B3"], ["Y4", "R4", "B4"]],
        discard=[top],
        draw=["Y7", "Y8", "Y9", "B7", "B8", "B9"] if draw is None else draw,
        to_play=0,
    )


def test_skip_the_next_player_loses_their_turn() -> None:
    game = four(["GS", "R1", "R2"])
    game.apply("play GS")
    assert game.to_play == 2
    assert codes(game.hand(1)) == ["R+2", "Y1", "Y2"]


def test_a_skip_can_be_played_on_the_same_color_or_on_any_skip() -> None:
    assert "play GS" in legal(four(["GS", "R1", "R2"], top="G5"))
    assert "play GS" in legal(four(["GS", "R1", "R2"], top="BS"))
    assert "play GS" not in legal(four(["GS", "R1", "R2"], top="BR"))


def test_a_reverse_can_be_played_on_the_same_color_or_on_any_reverse() -> None:
    assert "play GR" in legal(four(["GR", "R1", "R2"], top="G5"))
    assert "play GR" in legal(four(["GR", "R1", "R2"], top="YR"))
    assert "play GR" not in legal(four(["GR", "R1", "R2"], top="YS"))


def test_reverse_play_changes_direction_so_the_player_who_went_before_you_goes_next() -> None:
    game = Game.arranged(
        R,
        hands=[["Y1", "Y2", "Y3"], ["GR", "R1", "R2"], ["B1", "B2", "B3"], ["Y4", "R4", "B4"]],
        discard=["G5"],
        draw=["Y9"],
        to_play=1,
    )
    game.apply("play GR")
    assert game.direction == -1
    assert game.to_play == 0


def test_reverse_clockwise_becomes_counterclockwise_and_back_again() -> None:
    game = Game.arranged(
        R,
        hands=[["GR", "R1", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["RR", "R4", "B4"]],
        discard=["G5"],
        draw=["Y9"],
        to_play=0,
    )
    game.apply("play GR")
    assert game.direction == -1 and game.to_play == 3
    game.apply("play RR")
    assert game.direction == +1 and game.to_play == 0


def test_a_draw_2_can_be_played_on_the_same_color_or_on_any_draw_2() -> None:
    assert "play G+2" in legal(four(["G+2", "R1", "R2"], top="G5"))
    assert "play G+2" in legal(four(["G+2", "R1", "R2"], top="B+2"))
    assert "play G+2" not in legal(four(["G+2", "R1", "R2"], top="BS"))


def test_draw_2_the_next_player_draws_2_cards_and_loses_their_turn() -> None:
    game = four(["G+2", "R1", "R2"])
    game.apply("play G+2")
    assert codes(game.hand(1)) == ["R+2", "Y1", "Y2", "Y7", "Y8"]
    assert game.to_play == 2
    assert game.draw_size == 4


def test_a_player_hit_by_a_draw_2_cannot_play_a_draw_2_of_their_own_to_pass_the_cards_on() -> None:
    game = four(["R+2", "R1", "R2"], top="R5")
    game.apply("play R+2")
    assert "R+2" in codes(game.hand(1)) and len(game.hand(1)) == 5
    assert legal(game, 1) == set()
    assert game.to_play == 2


def test_once_the_2_cards_are_drawn_the_player_after_may_play_a_draw_2_on_the_draw_2() -> None:
    game = four(["R+2", "R1", "R2"], top="R5")
    game.apply("play R+2")
    assert game.to_play == 2
    assert "play B+2" in legal(game, 2)
    game.apply("play B+2")
    assert len(game.hand(3)) == 5 and game.to_play == 0


def test_a_wild_draw_4_cannot_be_stacked_under_the_official_rules() -> None:
    game = Game.arranged(
        R,
        hands=[["W+4", "R1", "R2"], ["W+4", "G1", "G2"], ["B1", "B2", "B3"]],
        discard=["Y5"],
        draw=["Y6", "Y7", "Y8", "Y9", "B7", "B8", "B9"],
        to_play=0,
    )
    game.apply("play W+4 G")
    assert legal(game, 1) == {"accept", "challenge"}


def test_stacking_is_off_in_every_preset_and_on_by_switch() -> None:
    for preset in ("mattel-2021", "mattel-2015", "mattel-2003"):
        assert Rules.preset(preset).stacking is False
        game = four(["R+2", "R1", "R2"], top="R5", rules=Rules.preset(preset))
        game.apply("play R+2")
        assert len(game.hand(1)) == 5 and game.to_play == 2
        game = four(["R+2", "R1", "R2"], top="R5", rules=Rules.preset(preset, stacking=True))
        game.apply("play R+2")
        assert game.to_play == 1 and "play R+2" in legal(game, 1)
