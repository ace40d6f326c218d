"""Going out, saying Uno, and timer mode (sheet: GOING OUT, TIMER MODE)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from unokit import IllegalAction, Rules
from unokit.tripleplay import TIMEOUT_DRAW, TriplePlayGame

Arrange = Callable[..., TriplePlayGame]


def test_yell_uno_before_playing_your_next_to_last_card(arrange: Arrange) -> None:
    """'When you have one card left, you must yell "UNO" (meaning one) before playing your
    next to last card.'"""
    game = arrange([["R7", "G1"], ["B1", "B2"]])
    assert "play R7 @1 uno" in {str(a) for a in game.legal_actions()}
    game.apply("play R7 @1 uno")
    assert game.view(None)["uno_said"] == [0]
    assert "catch 0" not in {str(a) for a in game.legal_actions(1)}


def test_if_you_dont_shout_uno_and_get_caught_you_draw_two(arrange: Arrange) -> None:
    """'If you don't shout "UNO", you must draw two cards (that is, of course, if you get
    caught by the other players).'"""
    game = arrange([["R7", "G1"], ["B1", "B2"]])
    game.apply("play R7 @1")
    game.apply("catch 0", 1)
    assert len(game.hand(0)) == 3


def test_a_discard_two_pair_leaving_one_card_says_uno_with_the_play(arrange: Arrange) -> None:
    """Saying Uno applies when a Discard Two and its companion leave one card."""
    game = arrange([["RD", "R1", "G1"], ["B1"]])
    assert "play RD R1 @1 uno" in {str(a) for a in game.legal_actions()}
    assert "play RD @1 uno" not in {str(a) for a in game.legal_actions()}


def test_once_a_player_plays_their_last_card_into_a_lit_pile_the_round_is_over(
    arrange: Arrange,
) -> None:
    """'Once a player successfully plays their last card into a lit-up Discard Pile, the
    round is over.'"""
    game = arrange([["R7"], ["B1", "WGA"]])
    game.apply("play R7 @1")
    assert game.over and game.winner == 0
    assert game.round_points() == [51, 0]


def test_a_last_card_that_overloads_its_pile_cannot_go_out(arrange: Arrange) -> None:
    """'If you play your last card on a Discard Pile that overloads, you cannot go out. You
    must draw the number of cards indicated on the Center Display and continue playing.'"""
    game = arrange([["R7"], ["B1", "B2"]], counters=(13, 0, 0), draws=[2])
    game.apply("play R7 @1")
    assert not game.over
    assert len(game.hand(0)) == 2
    assert game.to_play == 1


def test_a_last_wild_give_away_that_overloads_draws_its_cards(arrange: Arrange) -> None:
    """Our decision: the going-out sentence ('you cannot go out. You must draw') wins over
    Wild Give Away when it is the last card."""
    game = arrange([["WGA"], ["B1", "B2"]], counters=(13, 0, 0), draws=[2])
    game.apply("play WGA @1")
    assert game.phase == "play" and not game.over
    assert len(game.hand(0)) == 2


def test_time_runs_out_draw_6_cards(arrange: Arrange) -> None:
    """Timer mode: 'If you can't complete your turn before time runs out, you must take back
    any cards you tried to play and draw 6 cards from the Draw Pile to add to your hand.'"""
    game = arrange([["R7", "G1"], ["B1"]], timer=10, lights=[[2]])
    assert game.clock_running
    events = game.apply("timeout")
    assert TIMEOUT_DRAW == 6
    assert len(game.hand(0)) == 8
    assert [e.type for e in events][:2] == ["timeout", "draw"]
    assert game.to_play == 1 and game.lit == {2}


def test_take_back_any_cards_you_tried_to_play(arrange: Arrange) -> None:
    """'take back any cards you tried to play': a card only tried never reached the piles,
    and a card drawn this turn stays in the hand; the piles are as before."""
    game = arrange([["R7", "G1"], ["B1"]], timer=10, draw=["Y1"] + ["Y2"] * 6)
    piles = game.piles
    game.apply("draw")
    game.apply("timeout")
    assert game.piles == piles
    assert len(game.hand(0)) == 2 + 1 + 6


def test_if_the_timer_ever_expires_on_your_turn_you_must_draw_6(arrange: Arrange) -> None:
    """'If you still can't play, you must press one of the available Discard Piles to
    activate the card counter before the timer expires. Remember, if the timer ever expires
    on your turn, you must draw 6 cards.'"""
    game = arrange([["Y9", "G1"], ["B1"]], timer=10, lit=[3], draw=["Y1"] * 8)
    game.apply("draw")
    assert game.phase == "drawn" and game.clock_running
    game.apply("timeout")
    assert len(game.hand(0)) == 9


def test_if_a_discard_pile_overloads_on_your_turn_the_timer_stops(arrange: Arrange) -> None:
    """'If a Discard Pile overloads on your turn, the timer stops, and the game is paused.'
    The only overload that waits for a decision is a Wild Give Away's; the clock is paused
    and ``timeout`` is refused until the cards are given."""
    game = arrange([["WGA", "G1"], ["B1"]], timer=10, counters=(13, 0, 0), draws=[1])
    game.apply("play WGA @1")
    assert not game.clock_running
    assert game.view(0)["clock"] == "paused"
    with pytest.raises(IllegalAction, match="paused"):
        game.apply("timeout")
    game.apply("give 1")
    assert game.clock_running


def test_timeout_is_applied_by_the_clock_never_chosen(arrange: Arrange) -> None:
    """SPEC.md: 'timeout: the turn clock ran out (applied by the table's clock for the seat to
    play, not chosen)': it is never in legal_actions, and refused without timer mode or for
    another seat."""
    game = arrange([["R7", "G1"], ["B1"]], timer=10)
    assert "timeout" not in {a.kind for s in (0, 1) for a in game.legal_actions(s)}
    with pytest.raises(IllegalAction, match="not seat 1"):
        game.apply("timeout", 1)
    regular = arrange([["R7", "G1"], ["B1"]])
    with pytest.raises(IllegalAction, match="timer mode is off"):
        regular.apply("timeout")


def test_a_round_nobody_can_ever_finish_is_blocked(arrange: Arrange) -> None:
    """Our decision (as classic): with nothing left to draw and no card in any hand matching
    any pile, the round ends without a winner."""
    game = arrange([["Y9", "Y8"], ["Y7"]], draw=[])
    game.apply("draw")
    game.apply("press @1")
    assert game.over and game.winner is None
    assert game.round_points() == [0, 0]


def test_piles_that_feed_each_other_end_on_a_repetition() -> None:
    """The rules audit's position: nothing to draw but the red 5 under the red 7, which the
    blue piles take in turn, so a draw always hands back the card just played. The position
    comes back, and its fifth time ends the round (T-OUT-8)."""
    from unokit.bots import make_bot, play_game

    for bot in ("greedy", "random"):
        game = TriplePlayGame.arranged(
            Rules.preset("triple-play"),
            hands=[["Y1", "Y2"], ["G1", "G2"]],
            piles=[["R5", "R7"], ["B5"], ["B7"]],
            draw=[],
        )
        play_game(game, [make_bot(bot, seed=0), make_bot(bot, seed=1)], max_actions=5000)
        assert game.over and game.winner is None
        assert game.log[-2].type == "blocked" and game.log[-2].reason == "repetition"


def test_once_your_turn_begins_you_will_have_only_seconds_to_play(arrange: Arrange) -> None:
    """'Once your turn begins, you will have only seconds to play': ``timer`` is the seconds
    of one turn, and the clock of the seat to play runs from the start of its turn."""
    game = arrange([["R7", "G1"], ["B1"]], timer=8, lights=[[2]])
    assert game.rules.timer == 8 and game.clock_running and game.to_play == 0
    game.apply("draw")  # still its turn: the same clock runs on
    assert game.clock_running and game.to_play == 0
    with pytest.raises(ValueError, match="seconds above 0"):
        Rules.preset("triple-play", timer=0)


def test_once_you_play_your_card_the_timer_will_reset_for_the_next_player(
    arrange: Arrange,
) -> None:
    """'Once you play your card, the timer will reset for the next player': after the play
    the clock is the next seat's, and the seat that played can no longer run out of time."""
    game = arrange([["R7", "G1"], ["B1", "B2"]], timer=8, lights=[[1], [2]])
    game.apply("play R7 @1")
    assert game.to_play == 1 and game.clock_running
    with pytest.raises(IllegalAction, match="the clock runs for seat 1, not seat 0"):
        game.apply("timeout", seat=0)
    game.apply("timeout")
    assert len(game.hand(1)) == 2 + 6


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), float("-inf")])
def test_A1_a_timer_of_nan_or_infinite_seconds_is_refused(seconds: float) -> None:
    """A1: NaN slipped past "above 0" and infinity is no number of seconds; either made
    ``Rules.to_json`` hold what strict JSON refuses."""
    with pytest.raises(ValueError, match="finite number of seconds"):
        Rules.preset("triple-play", timer=seconds)
    assert json.dumps(Rules.preset("triple-play", timer=20).to_json(), allow_nan=False)
