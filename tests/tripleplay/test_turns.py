"""Turns on three piles (sheet: REGULAR MODE, PLAY A CARD IN A DISCARD PILE)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from unokit import Action, IllegalAction
from unokit.tripleplay import TriplePlayGame

Arrange = Callable[..., TriplePlayGame]


def plays(game: TriplePlayGame) -> set[str]:
    return {str(a) for a in game.legal_actions() if a.kind == "play" and not a.uno}


def test_match_a_card_with_the_top_card_of_a_lit_pile(arrange: Arrange) -> None:
    """'you must match a card in your hand with the top card in one of the LIT-UP Discard
    Piles'."""
    game = arrange([["R7", "Y9"], ["B1"]], piles=[["R5"], ["G5"], ["B5"]], lit=[1, 2, 3])
    assert plays(game) == {"play R7 @1"}
    game.apply("play R7 @1")
    assert str(game.tops[0]) == "R7"
    assert game.to_play == 1


def test_the_number_of_lit_piles_varies_each_turn(arrange: Arrange) -> None:
    """'on one turn all three piles may be lit up, on the next turn there may be only two lit
    up and so on' (the unit lights them; here scripted)."""
    game = arrange([["R1", "R2", "R3"], ["G1", "G2", "G3"]], lit=[1, 2, 3], lights=[[2, 3], [1]])
    assert game.lit == {1, 2, 3}
    game.apply("play R1 @1")
    assert game.lit == {2, 3}
    game.apply("play G1 @2")
    assert game.lit == {1}


def test_you_may_only_play_to_a_discard_pile_space_that_is_lit_up(arrange: Arrange) -> None:
    """'YOU MAY ONLY PLAY TO A DISCARD PILE SPACE THAT IS LIT UP.'"""
    game = arrange([["R7", "G7"], ["B1"]], lit=[2])
    assert plays(game) == {"play G7 @2"}
    before = game.view(0)
    with pytest.raises(IllegalAction, match="pile 1 is not lit"):
        game.apply("play G7 @1")
    assert game.view(0) == before


def test_match_by_number_color_or_symbol(arrange: Arrange) -> None:
    """'You match cards either by number, color or symbol. For example, if the card on a
    lit-up Discard Pile is a red 7, you must throw down a red card or any color 7.'"""
    game = arrange(
        [["R2", "B7", "GS", "YS", "Y1"], ["B1"]], piles=[["R7"], ["BS"], ["YD"]], lit=[1, 2]
    )
    assert plays(game) == {"play R2 @1", "play B7 @1", "play B7 @2", "play GS @2", "play YS @2"}
    with pytest.raises(IllegalAction, match="does not match the red 7 on pile 1"):
        game.apply("play GS @1")


def test_you_may_only_play_to_one_discard_pile_per_turn(arrange: Arrange) -> None:
    """'You may only play to ONE Discard Pile per turn.' A play names one pile and ends the
    turn."""
    game = arrange([["R7", "G7", "B7"], ["Y1"]])
    game.apply("play R7 @1")
    assert game.to_play == 1
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        game.apply("play G7 @2", 0)


def test_a_play_names_its_pile(arrange: Arrange) -> None:
    """A Triple Play play says where it goes: 'play R7 @2' (SPEC.md); without a pile it is
    refused with the reason."""
    game = arrange([["R7", "G7"], ["Y1"]])
    with pytest.raises(IllegalAction, match="say which pile"):
        game.apply("play R7")


def test_if_you_dont_have_anything_that_matches_you_must_draw(arrange: Arrange) -> None:
    """'If you don't have anything that matches, you must draw a card from the Draw Pile.'"""
    game = arrange([["Y9", "Y8"], ["B1"]], draw=["G2", "Y1"])
    assert [str(a) for a in game.legal_actions()] == ["draw"]
    game.apply("draw")
    assert [str(c) for c in game.hand(0)] == ["Y9", "Y8", "G2"]


def test_a_drawn_card_that_can_be_played_may_be_put_down_in_the_same_turn(
    arrange: Arrange,
) -> None:
    """'If the card you picked up can be played, you are free to put it down in the same
    turn.'"""
    game = arrange([["Y9", "Y8"], ["B1"]], draw=["G2", "Y1"], lit=[2, 3])
    game.apply("draw")
    assert plays(game) == {"play G2 @2"}
    game.apply("play G2 @2")
    assert str(game.tops[1]) == "G2"
    assert game.to_play == 1


def test_if_you_cant_play_the_drawn_card_you_must_press_a_pile(arrange: Arrange) -> None:
    """'If you can't play the card, you must press one of the available Discard Piles to
    activate the card counter.'"""
    game = arrange([["Y9", "Y8"], ["B1"]], draw=["Y1"], lit=[1, 3])
    game.apply("draw")
    assert [str(a) for a in game.legal_actions()] == ["press @1", "press @3"]
    with pytest.raises(IllegalAction, match="pile 2 is not lit"):
        game.apply("press @2")
    game.apply("press @3")
    assert game.counters == [0, 0, 1]
    assert game.to_play == 1


def test_you_may_choose_not_to_play_a_playable_card_and_draw(arrange: Arrange) -> None:
    """'NOTE: You may also choose NOT to play a playable card from your hand. If so, you must
    draw a card from the DRAW pile.'"""
    game = arrange([["R9", "Y8"], ["B1"]], draw=["Y1"])
    assert "draw" in {str(a) for a in game.legal_actions()}
    game.apply("draw")
    assert game.phase == "drawn"


def test_after_the_draw_you_may_not_play_any_other_card(arrange: Arrange) -> None:
    """'If playable, that card can be put down in the same turn, however, you may not play
    any other card from your hand after the draw.'"""
    game = arrange([["R9", "Y8"], ["B1"]], draw=["G1"])
    game.apply("draw")
    assert plays(game) == {"play G1 @2"}
    with pytest.raises(IllegalAction, match=r"only the drawn card \(G1\)"):
        game.apply("play R9 @1")


def test_if_you_dont_play_a_card_you_must_still_press_a_pile(arrange: Arrange) -> None:
    """'If you don't play a card, you must still press one of the available Discard Piles to
    activate the card counter.' There is no pass: a playable drawn card kept is followed by
    a press."""
    game = arrange([["R9", "Y8"], ["B1"]], draw=["G1"], lit=[2])
    game.apply("draw")
    assert [str(a) for a in game.legal_actions()] == ["play G1 @2", "press @2"]
    with pytest.raises(IllegalAction, match="no pass"):
        game.apply("pass")
    game.apply("press @2")
    assert game.counters == [0, 1, 0]
    assert "G1" in [str(c) for c in game.hand(0)]


def test_a_press_comes_only_when_no_card_is_played(arrange: Arrange) -> None:
    """Our reading: a press replaces a play after a draw; before drawing the player plays or
    draws."""
    game = arrange([["R9", "Y8"], ["B1"]])
    with pytest.raises(IllegalAction, match="play a card or draw first"):
        game.apply("press @1")


def test_the_lights_rotate_to_be_ready_for_the_next_player(arrange: Arrange) -> None:
    """'when you lay your card down make sure to press down firmly until you hear a "beep."
    The lights will rotate to be ready for the next player.' Every play counts once on its
    pile, and the next turn gets new lights."""
    game = arrange([["R9", "Y8"], ["B1"]], lit=[1], lights=[[2, 3]])
    events = game.apply("play R9 @1")
    assert game.counters == [1, 0, 0]
    assert [e.type for e in events][-1] == "lit"
    assert game.lit == {2, 3}


def test_wilds_name_no_colour(arrange: Arrange) -> None:
    """'unlike classic UNO, the person playing the card does not CALL OUT the color': 'play W
    @1', and 'play W G @1' is refused."""
    game = arrange([["W", "Y8"], ["B1"]])
    assert "play W @1" in plays(game)
    with pytest.raises(IllegalAction, match="name no colour"):
        game.apply(Action.parse("play W G @1"))
