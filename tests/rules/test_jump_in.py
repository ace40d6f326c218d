"""House rule: Jump-in (classic sheets: House rules)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules

JUMP = Rules.preset("mattel-2021", jump_in=True)


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def four(
    hands: list[list[str]], top: str = "G3", color: str | None = None, rules: Rules = JUMP
) -> Game:
    return Game.arranged(
        rules,
        hands=hands,
        discard=[top],
        draw=["Y6", "Y7", "Y8", "Y9", "B6", "B7"],
        to_play=0,
        color=color,
    )


def test_jump_in_play_an_identical_card_out_of_turn_and_play_carries_on_from_you() -> None:
    game = four([["G5", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G5", "B1", "B2"], ["R7", "R8", "R9"]])
    game.apply("play G5")
    assert game.to_play == 1 and "jump G5" in legal(game, 2)
    game.apply("jump G5", seat=2)
    assert str(game.top) == "G5" and codes(game.hand(2)) == ["B1", "B2"]
    assert game.to_play == 3
    assert codes(game.hand(1)) == ["Y1", "Y2", "Y3"]


def test_jump_in_identical_means_the_same_color_and_the_same_number_or_symbol() -> None:
    game = four([["G5", "R1", "R2"], ["Y1", "Y2", "Y3"], ["R5", "G6", "B2"], ["GS", "G+2", "R9"]])
    game.apply("play G5")
    assert not any(a.startswith("jump") for a in legal(game, 2) | legal(game, 3))
    with pytest.raises(IllegalAction):
        game.apply("jump R5", seat=2)


def test_jump_in_an_identical_action_card_cancels_the_first_one() -> None:
    game = four([["G+2", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G+2", "B1", "B2"], ["R7", "R8", "R9"]])
    game.apply("play G+2")
    assert game.to_play == 1 and legal(game, 1) == {"accept"}
    game.apply("jump G+2", seat=2)
    assert codes(game.hand(1)) == ["Y1", "Y2", "Y3"]
    assert game.to_play == 3 and "accept" in legal(game, 3)
    game.apply("accept")
    assert len(game.hand(3)) == 5 and game.to_play == 0


def test_a_jump_in_reverse_undoes_the_first_reverse_then_reverses_from_the_jumper() -> None:
    game = four([["GR", "R1", "R2"], ["Y1", "Y2", "Y3"], ["GR", "B1", "B2"], ["R7", "R8", "R9"]])
    game.apply("play GR")
    assert game.direction == -1 and game.to_play == 3
    game.apply("jump GR", seat=2)
    assert game.direction == -1 and game.to_play == 1


def test_a_jump_in_skip_skips_the_player_after_the_jumper() -> None:
    game = four([["GS", "R1", "R2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["GS", "R8", "R9"]])
    game.apply("play GS")
    assert game.to_play == 2
    game.apply("jump GS", seat=3)
    assert game.to_play == 1


def test_jump_in_wild_cards_cannot_be_jumped() -> None:
    game = four([["W", "R1", "R2"], ["Y1", "Y2", "Y3"], ["W", "B1", "B2"], ["W+4", "R8", "R9"]])
    game.apply("play W G")
    assert not any(a.startswith("jump") for a in legal(game, 2) | legal(game, 3))
    game = four([["W+4", "R1", "R2"], ["Y1", "Y2", "Y3"], ["W+4", "B1", "B2"], ["R7", "R8", "R9"]])
    game.apply("play W+4 B")
    assert not any(a.startswith("jump") for a in legal(game, 2) | legal(game, 1))


def test_the_seat_that_played_the_top_card_cannot_jump_on_it() -> None:
    game = four([["G5", "G5", "R1"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3"], ["R7", "R8", "R9"]])
    game.apply("play G5")
    assert "jump G5" not in legal(game, 0)
    with pytest.raises(IllegalAction):
        game.apply("jump G5", seat=0)


def test_the_seat_whose_turn_it_is_plays_rather_than_jumps() -> None:
    game = four([["G5", "R1", "R2"], ["G5", "Y2", "Y3"], ["B1", "B2", "B3"], ["R7", "R8", "R9"]])
    game.apply("play G5")
    assert "play G5" in legal(game, 1) and "jump G5" not in legal(game, 1)


def test_the_victim_of_a_pending_draw_2_may_jump_in_with_an_identical_draw_2() -> None:
    game = four([["G+2", "R1", "R2"], ["G+2", "Y2", "Y3"], ["B1", "B2", "B3"], ["R7", "R8", "R9"]])
    game.apply("play G+2")
    assert legal(game, 1) == {"accept", "jump G+2"}
    game.apply("jump G+2", seat=1)
    assert codes(game.hand(1)) == ["Y2", "Y3"]
    assert game.to_play == 2 and legal(game, 2) == {"accept"}


def test_a_jump_in_is_open_only_until_the_next_card_is_played() -> None:
    game = four([["G5", "R1", "R2"], ["G7", "Y2", "Y3"], ["G5", "B1", "B2"], ["R7", "R8", "R9"]])
    game.apply("play G5")
    game.apply("play G7")
    assert "jump G5" not in legal(game, 2)


def test_a_jump_in_can_say_uno() -> None:
    game = four([["G5", "R1", "R2"], ["Y1", "Y2", "Y3"], ["G5", "B1"], ["R7", "R8", "R9"]])
    game.apply("play G5")
    assert {"jump G5", "jump G5 uno"} <= legal(game, 2)
    game.apply("jump G5 uno", seat=2)
    assert "catch 2" not in legal(game, 3)


def test_a_jump_on_the_first_card_turned_up_cancels_its_effect() -> None:
    rules = Rules.preset("mattel-2015", jump_in=True)
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["GR", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
        ["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
        ["R9", "Y9", "B9", "R8", "Y8", "B8", "Y1"],
    ]
    deck = [hands[k][i] for i in range(7) for k in range(4)] + ["GR"]
    rest = [str(c) for c in rules.deck()]
    for code in deck:
        rest.remove(code)
    game = Game.new(rules, players=4, deck=deck + rest)
    assert game.direction == -1 and game.to_play == 3
    game.apply("jump GR", seat=1)
    assert game.direction == -1 and game.to_play == 0


SEVEN_O_JUMP = Rules.preset("mattel-2021", seven_o=True, jump_in=True)


def test_only_an_identical_action_card_cancels_a_jumped_7_trades_first() -> None:
    """'An identical action card played this way cancels the first one': a 7 is a number
    card, so a jump cancels no trade. The trade is part of the 7's play: no jump is offered
    until its player has chosen; then an identical 7 jumps in and its player trades too."""
    hands = [["R7", "G1", "G2"], ["B1", "B2", "B3", "B4"], ["R7", "Y1", "Y2"], ["Y5", "Y6"]]
    game = four(hands, top="R5", rules=SEVEN_O_JUMP)
    game.apply("play R7")
    assert game.phase == "swap" and "jump R7" not in legal(game, 2)
    with pytest.raises(IllegalAction, match="choosing whom to trade hands with"):
        game.apply("jump R7", seat=2)
    game.apply("swap 1")
    assert codes(game.hand(0)) == ["B1", "B2", "B3", "B4"]
    events = game.apply("jump R7", seat=2)
    assert "cancel" not in [e.type for e in events]
    assert game.phase == "swap" and game.to_play == 2
    game.apply("swap 3")
    assert codes(game.hand(2)) == ["Y5", "Y6"] and codes(game.hand(0)) == ["B1", "B2", "B3", "B4"]


def test_a_jumped_0_is_a_number_card_it_cancels_nothing_and_the_hands_rotate_again() -> None:
    hands = [["R0", "G1", "G2"], ["B1", "B2", "B3", "B4"], ["R0", "Y1", "Y2"], ["Y5", "Y6"]]
    game = four(hands, top="R5", rules=SEVEN_O_JUMP)
    game.apply("play R0")  # seat 0's hand goes to seat 1, and so on round the table
    assert codes(game.hand(1)) == ["G1", "G2"] and codes(game.hand(3)) == ["R0", "Y1", "Y2"]
    events = game.apply("jump R0", seat=3)  # seat 3 now holds seat 2's old hand, R0 in it
    assert "cancel" not in [e.type for e in events]
    assert codes(game.hand(2)) == ["G1", "G2"] and codes(game.hand(0)) == ["Y1", "Y2"]
