"""House rule: stacking, also called Progressive Uno (classic sheets: House rules)."""

from __future__ import annotations

from collections.abc import Iterable

from unokit import Game, Rules

S = Rules.preset("mattel-2021", stacking=True)
DRAW = [f"{c}{n}" for c in "YB" for n in range(1, 10)]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def four(hands: list[list[str]], top: str = "R5", rules: Rules = S) -> Game:
    return Game.arranged(rules, hands=hands, discard=[top], draw=DRAW, to_play=0)


def test_stacking_if_a_draw_2_is_played_on_you_you_may_play_1_draw_2_and_pass_4_cards_on() -> None:
    game = four([["R+2", "R1", "R2"], ["B+2", "G1", "G2"], ["G3", "G4", "G6"], ["G7", "G8", "G9"]])
    game.apply("play R+2")
    assert game.to_play == 1
    assert legal(game, 1) == {"accept", "play B+2"}
    game.apply("play B+2")
    assert codes(game.hand(1)) == ["G1", "G2"]
    assert game.to_play == 2 and legal(game, 2) == {"accept"}
    game.apply("accept")
    assert len(game.hand(2)) == 3 + 4
    assert game.to_play == 3


def test_stacking_the_total_grows_until_someone_cannot_add_then_draws_all_and_loses_the_turn() -> (
    None
):
    game = four([["R+2", "R1", "R2"], ["B+2", "G1", "G2"], ["Y+2", "G4", "G6"], ["G7", "G8", "G9"]])
    game.apply("play R+2")
    game.apply("play B+2")
    game.apply("play Y+2")
    assert game.to_play == 3 and legal(game, 3) == {"accept"}
    game.apply("accept")
    assert len(game.hand(3)) == 3 + 6
    assert game.to_play == 0
    assert [len(game.hand(s)) for s in range(3)] == [2, 2, 2]


def test_stacking_wild_draw_4_cards_stack_the_same_way_but_only_on_each_other() -> None:
    game = four(
        [["W+4", "G1", "G2"], ["W+4", "R+2", "R1"], ["R+2", "B3", "B4"], ["G7", "G8", "G9"]]
    )
    game.apply("play W+4 R")
    assert legal(game, 1) == {
        "accept",
        "challenge",
        "play W+4 R",
        "play W+4 Y",
        "play W+4 G",
        "play W+4 B",
    }
    game.apply("play W+4 R")
    assert game.to_play == 2 and legal(game, 2) == {"accept"}
    game.apply("accept")
    assert len(game.hand(2)) == 3 + 8 and game.to_play == 3
    game = four([["R+2", "G1", "G2"], ["W+4", "B1", "B2"], ["G3", "G4", "G6"], ["G7", "G8", "G9"]])
    game.apply("play R+2")
    assert legal(game, 1) == {"accept"}


def test_a_stacked_wild_draw_4_total_above_4_cannot_be_challenged() -> None:
    game = four([["W+4", "G1", "G2"], ["W+4", "B1", "B2"], ["W+4", "B3", "B4"], ["G7", "G8", "G9"]])
    game.apply("play W+4 R")
    assert "challenge" in legal(game, 1)
    game.apply("play W+4 G")
    assert "challenge" not in legal(game, 2)
    assert "accept" in legal(game, 2)


def test_only_the_player_told_to_draw_4_may_challenge_a_stack_is_drawn_whole() -> None:
    """'Only the player who was told to draw 4 can challenge' (E): a stacked bluff stands.
    Seat 1 holds reds (a bluff) and stacks; seat 2, facing 8, may only stack or draw all 8
    ('That player draws them all and loses their turn'); the first victim, told to draw 4,
    could have challenged instead of stacking."""
    game = four([["W+4", "G1", "G2"], ["W+4", "R1", "R2"], ["B3", "B4", "B5"], ["G7", "G8"]])
    game.apply("play W+4 R")
    assert {"challenge", "accept", "play W+4 R"} <= legal(game, 1)
    game.apply("play W+4 B")  # a bluff: seat 1 held red, the colour before it
    assert legal(game, 2) == {"accept"}
    assert not game.challengeable and game.open_wild_draw_four is None
    game.apply("accept")
    assert len(game.hand(2)) == 3 + 8 and game.to_play == 3
    assert len(game.hand(1)) == 2  # the bluff is never punished


def test_going_out_on_a_stacked_draw_2_the_next_player_draws_the_stack_total() -> None:
    game = four([["R+2", "R1", "R2"], ["B+2"], ["G3", "G4", "G6"], ["G7", "G8", "G9"]])
    game.apply("play R+2")
    game.apply("play B+2")
    assert game.over and game.winner == 1
    assert len(game.hand(2)) == 3 + 4
    assert game.round_points()[1] == (1 + 2) + (3 + 4 + 6 + 1 + 2 + 3 + 4) + (7 + 8 + 9)


def test_with_jump_in_a_draw_2_waits_for_the_victim_to_accept() -> None:
    game = four(
        [["R+2", "R1", "R2"], ["B+2", "G1", "G2"], ["G3", "G4", "G6"], ["G7", "G8", "G9"]],
        rules=Rules.preset("mattel-2021", jump_in=True),
    )
    game.apply("play R+2")
    assert game.to_play == 1 and legal(game, 1) == {"accept"}
    assert len(game.hand(1)) == 3
    game.apply("accept")
    assert len(game.hand(1)) == 5 and game.to_play == 2
