"""UNO Party!: Speed Play (party.txt: Speed Play)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from unokit import Game, IllegalAction, Rules
from unokit.testing import snapshot

PARTY = Rules.preset("party")
DRAW = ["Y6", "Y7", "Y8", "Y9", "B6", "B7", "B8", "B9"]


def codes(cards: Iterable[object]) -> list[str]:
    return sorted(str(c) for c in cards)


def legal(game: Game, seat: int | None = None) -> set[str]:
    return {str(a) for a in game.legal_actions(seat)}


def table(hands: list[list[str]], top: str = "G3") -> Game:
    return Game.arranged(PARTY, hands=hands, discard=[top], draw=DRAW, to_play=0)


def test_red_seven_example_a_player_holding_a_red_seven_plays_it_out_of_turn() -> None:
    game = table([["R7", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["R7", "B2", "B3"]], top="R5")
    game.apply("play R7")
    assert game.to_play == 1 and "jump R7" in legal(game, 3)
    events = game.apply("jump R7", seat=3)
    assert [e.type for e in events] == ["jump"]
    assert str(game.top) == "R7" and codes(game.hand(3)) == ["B2", "B3"]


def test_speed_play_needs_the_same_number_and_the_same_color() -> None:
    game = table([["R7", "B1"], ["Y1", "Y2"], ["B7", "R6", "R8"], ["R1", "Y7", "G2"]], top="R5")
    game.apply("play R7")
    for seat in (1, 2, 3):
        assert not any(a.startswith("jump") for a in legal(game, seat))
    with pytest.raises(IllegalAction, match="not identical"):
        game.apply("jump B7", seat=2)


def test_play_continues_with_the_next_player_from_the_speed_player() -> None:
    hands = [["G5", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["G5", "B2", "B3"], ["R1", "R2"]]
    game = table(hands)
    game.apply("play G5")
    game.apply("jump G5", seat=3)
    assert game.to_play == 4
    assert codes(game.hand(1)) == ["Y1", "Y2"] and codes(game.hand(2)) == ["G1", "G2"]


def test_speed_play_takes_number_cards_only() -> None:
    game = table([["GS", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["GS", "B2", "B3"]])
    game.apply("play GS")
    assert not any(a.startswith("jump") for a in legal(game, 3))
    with pytest.raises(IllegalAction, match="Speed Play needs a number card"):
        game.apply("jump GS", seat=3)
    game = table([["GP", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["GP", "B2", "B3"]])
    game.apply("play GP")
    assert not any(a.startswith("jump") for s in range(4) for a in legal(game, s))


def test_a_speed_play_after_the_current_player_played_is_refused() -> None:
    hands = [["G5", "B1"], ["G9", "Y2"], ["G1", "G2"], ["G5", "B2", "B3"]]
    game = table(hands)
    game.apply("play G5")
    game.apply("play G9")  # the seat to play plays first: the speed play is lost
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="G5 is not identical to the green 9"):
        game.apply("jump G5", seat=3)
    assert snapshot(game) == before


def test_a_speed_play_of_a_non_matching_card_is_refused_without_penalty() -> None:
    game = table([["G5", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["G6", "B2", "B3"]])
    game.apply("play G5")
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("jump G6", seat=3)
    assert snapshot(game) == before and len(game.hand(3)) == 3


def test_the_seat_that_played_the_top_card_cannot_speed_play_on_it() -> None:
    game = table([["G5", "G5", "B1"], ["Y1", "Y2"], ["G1", "G2"]])
    game.apply("play G5")
    assert not any(a.startswith("jump") for a in legal(game, 0))
    with pytest.raises(IllegalAction, match="yourself"):
        game.apply("jump G5", seat=0)


def test_the_seat_to_play_plays_its_identical_card_instead_of_speed_playing() -> None:
    game = table([["G5", "B1"], ["G5", "Y2", "Y3"], ["G1", "G2"]])
    game.apply("play G5")
    assert "play G5" in legal(game, 1) and "jump G5" not in legal(game, 1)
    with pytest.raises(IllegalAction, match="your turn"):
        game.apply("jump G5", seat=1)


def test_a_speed_play_may_come_while_the_seat_to_play_holds_a_drawn_card() -> None:
    game = table([["G5", "B1"], ["B4", "Y2"], ["G1", "G2"], ["G5", "B2", "B3"]])
    game.apply("play G5")
    game.apply("draw")  # seat 1 draws Y6: no match; the G5 is still on top
    assert "jump G5" in legal(game, 3)
    game.apply("pass")  # it keeps the Y6
    assert "jump G5" in legal(game, 3)
    game.apply("play G1")  # seat 2 plays; now a green 1 is on top
    assert "jump G5" not in legal(game, 3)
    game = table([["Y6", "B1"], ["B4", "Y2"], ["G1", "G2"], ["Y6", "B2", "B3"]], top="Y3")
    game.apply("play Y6")
    game.apply("draw")  # seat 1 draws Y6 and may play it
    assert game.phase == "drawn" and "jump Y6" in legal(game, 3)
    game.apply("jump Y6", seat=3)
    assert game.to_play == 0 and game.phase == "play" and len(game.hand(1)) == 3


def test_a_speed_play_can_say_uno() -> None:
    game = table([["G5", "B1"], ["Y1", "Y2"], ["G1", "G2"], ["G5", "B2"]])
    game.apply("play G5")
    assert {"jump G5", "jump G5 uno"} <= legal(game, 3)
    game.apply("jump G5 uno", seat=3)
    assert 3 in game.view(None)["uno_said"]


def test_there_is_no_speed_play_on_the_mini_pile() -> None:
    game = Game.arranged(
        PARTY,
        hands=[["WPU", "B1"], ["Y5", "Y2"], ["Y3", "G2"], ["Y3", "B2", "B3"]],
        discard=["R5"],
        draw=["Y3", "G7"],
    )
    game.apply("play WPU")
    game.apply("play Y2")  # onto the mini pile started by the yellow 3
    assert all(not any(a.startswith("jump") for a in legal(game, s)) for s in range(4))
