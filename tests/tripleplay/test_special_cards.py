"""Special cards (sheet: SPECIAL CARDS)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from unokit import IllegalAction
from unokit.tripleplay import TriplePlayGame

Arrange = Callable[..., TriplePlayGame]


def test_reverse_simply_reverses_the_direction_of_play(arrange: Arrange) -> None:
    """Reverse: 'Simply reverse the direction of play. Play left becomes play right, and vice
    versa.'"""
    game = arrange([["RR", "G1"], ["B1"], ["B2"], ["B3"]])
    game.apply("play RR @1")
    assert game.direction == -1
    assert game.to_play == 3


def test_with_two_players_a_reverse_acts_as_a_skip(arrange: Arrange) -> None:
    """SPEC.md: 'With two players a Reverse acts as a Skip in every preset'."""
    game = arrange([["RR", "G1"], ["B1"]])
    game.apply("play RR @1")
    assert game.to_play == 0


def test_skip_the_next_player_loses_their_turn(arrange: Arrange) -> None:
    """Skip: 'The next player to play loses their turn and is "skipped."'"""
    game = arrange([["RS", "G1"], ["B1"], ["B2"]])
    events = game.apply("play RS @1")
    assert [e.seat for e in events if e.type == "skip"] == [1]
    assert game.to_play == 2


def test_discard_two_plus_one_more_card_of_the_same_color(arrange: Arrange) -> None:
    """Discard Two: 'you may discard your yellow "Discard Two of the Same Color" card PLUS one
    more yellow card from your hand (always put the Discard Two of the Same Color on the
    bottom). Play the 2 cards together and only press the Discard Pile once.'"""
    game = arrange([["YD", "Y3", "G1"], ["B1"]], piles=[["Y7"], ["G5"], ["B5"]])
    legal = {str(a) for a in game.legal_actions()}
    assert {"play YD @1", "play YD Y3 @1", "play YD Y3 @1 uno"} <= legal
    game.apply("play YD Y3 @1")
    assert [str(c) for c in game.piles[0]] == ["Y7", "YD", "Y3"]
    assert game.counters[0] == 1
    assert [str(c) for c in game.hand(0)] == ["G1"]


def test_the_extra_card_must_be_of_the_same_color(arrange: Arrange) -> None:
    """'discard an extra card of the same color'."""
    game = arrange([["YD", "G3", "G1"], ["B1"]], piles=[["Y7"], ["G5"], ["B5"]])
    before = game.view(0)
    with pytest.raises(IllegalAction, match="must be yellow"):
        game.apply("play YD G3 @1")
    assert game.view(0) == before


def test_you_may_also_play_a_discard_two_without_playing_another_card(
    arrange: Arrange,
) -> None:
    """'You may also play a Discard Two of the Same Color card without playing another
    card.' Alone it does nothing to the next player."""
    game = arrange([["YD", "Y3"], ["B1"], ["B2"]], piles=[["Y7"], ["G5"], ["B5"]])
    game.apply("play YD @1")
    assert game.to_play == 1
    assert str(game.tops[0]) == "YD"


def test_if_the_last_card_played_is_a_special_card_the_next_player_must_do_the_action(
    arrange: Arrange,
) -> None:
    """'If the last card played is a Special card, the next player in order must do the
    action.'"""
    game = arrange([["YD", "YS", "G1"], ["B1"], ["B2"]], piles=[["Y7"], ["G5"], ["B5"]])
    game.apply("play YD YS @1")
    assert game.to_play == 2
    game = arrange([["YD", "YR", "G1"], ["B1"], ["B2"]], piles=[["Y7"], ["G5"], ["B5"]])
    game.apply("play YD YR @1")
    assert game.direction == -1 and game.to_play == 2


def test_wild_can_be_played_on_any_card(arrange: Arrange) -> None:
    """Wild: 'This card can be played on any card.'"""
    game = arrange([["W", "G1"], ["B1"]], piles=[["Y7"], ["GS"], ["BD"]])
    legal = {str(a) for a in game.legal_actions()}
    assert {"play W @1", "play W @2", "play W @3"} <= legal


def test_the_next_player_to_play_on_a_wild_decides_the_color(arrange: Arrange) -> None:
    """Wild: 'the next player that plays to that pile in current order decides the color
    that continues play. They do this by laying down a card of their choice and whatever
    color that card continues to play.'"""
    game = arrange([["W", "G1"], ["B1", "Y8"], ["R2"]], lit=[1], lights=[[1], [1]])
    game.apply("play W @1")
    assert game.colors[0] is None
    assert {"play B1 @1", "play Y8 @1"} <= {str(a) for a in game.legal_actions()}
    game.apply("play Y8 @1")
    assert game.colors[0] == "Y"
    assert "play R2 @1" not in {str(a) for a in game.legal_actions()}


def test_a_special_card_played_on_a_wild_must_be_honored(arrange: Arrange) -> None:
    """Wild: 'If this card is a Special card (a green Reverse card, or a red Skip card for
    example), the action must also be honored by the next player in order.'"""
    game = arrange([["G1", "G2"], ["RS", "Y8"], ["R2"], ["B3"]], piles=[["W"], ["G5"], ["B5"]])
    game.apply("play G1 @2")
    game.apply("play RS @1")
    assert game.colors[0] == "R"
    assert game.to_play == 3


def test_a_press_on_a_wild_leaves_its_color_undecided(arrange: Arrange) -> None:
    """Our decision: a press plays no card, so it decides no colour."""
    game = arrange([["Y9", "Y8"], ["B1"]], piles=[["W"], ["G5"], ["B5"]], draw=["Y1"])
    game.apply("draw")
    game.apply("press @1")
    assert game.colors[0] is None


def test_wild_clear_resets_the_card_counter(arrange: Arrange) -> None:
    """Wild Clear: 'placing your card in an available lit-up Discard Pile and holding it down
    for TWO SECONDS. This will reset the Card Counter and its light will go back to green.'"""
    game = arrange(
        [["WCL", "G1"], ["B1"]],
        counters=(12, 0, 0),
        thresholds=(13, 14, 14),
        next_thresholds=[14],
    )
    assert game.lights[0] == "R"
    events = game.apply("play WCL @1")
    assert "overload" not in [e.type for e in events]
    assert game.counters[0] == 0 and game.lights[0] == "G"


def test_after_a_wild_clear_its_light_will_go_back_to_green_whatever_the_new_threshold(
    arrange: Arrange,
) -> None:
    """'its light will go back to green' even when the new hidden threshold is the model's
    lowest; the next press shows where it stands."""
    game = arrange(
        [["WCL", "G1", "G2"], ["B1", "B2"]],
        counters=(12, 0, 0),
        thresholds=(13, 14, 14),
        next_thresholds=[4],
        lights=[[1], [1]],
    )
    game.apply("play WCL @1")
    assert game.counters[0] == 0 and game.lights[0] == "G"
    game.apply("play B1 @1")
    assert game.counters[0] == 1 and game.lights[0] == "Y"  # 3 presses left


def test_wild_clear_is_also_a_wild_card(arrange: Arrange) -> None:
    """Wild Clear: 'You may play this card anytime ... This card is also a wild card, so the
    next player that plays to that pile in current order decides the color'."""
    game = arrange([["WCL", "G1"], ["B1"]], piles=[["Y7"], ["G5"], ["B5"]], lit=[1], lights=[[1]])
    game.apply("play WCL @1")
    assert game.colors[0] is None
    game.apply("play B1 @1")
    assert game.colors[0] == "B"


def test_wild_give_away_gives_the_overload_cards_to_any_players(arrange: Arrange) -> None:
    """Wild Give Away: 'If you play this card and cause the Discard Pile to "overload," you
    may take all the cards you are required to draw ... and give them away to any player or
    players you choose. It doesn't have to be an even distribution'."""
    game = arrange(
        [["WGA", "G1"], ["B1"], ["B2"]],
        counters=(13, 0, 0),
        draws=[3],
        draw=["Y1", "Y2", "Y3", "Y4"],
    )
    game.apply("play WGA @1")
    assert game.phase == "give" and game.to_play == 0
    assert game.view(0)["pending"] == {"give": 3}
    legal = [str(a) for a in game.legal_actions() if a.kind == "give"]
    assert legal == ["give 1 1 1", "give 1 1 2", "give 1 2 2", "give 2 2 2"]
    game.apply("give 2 1 2")
    assert [len(game.hand(s)) for s in range(3)] == [1, 2, 3]
    assert game.to_play == 1


def test_wild_give_away_cannot_give_cards_to_its_own_player(arrange: Arrange) -> None:
    """Our decision: 'give them away' means to other players."""
    game = arrange([["WGA", "G1"], ["B1"]], counters=(13, 0, 0), draws=[1])
    game.apply("play WGA @1")
    with pytest.raises(IllegalAction, match="another player"):
        game.apply("give 0")


def test_wild_give_away_you_may_keep_the_overload_cards(arrange: Arrange) -> None:
    """Wild Give Away: 'you may take all the cards you are required to draw ... and give
    them away': or keep them (``accept``): its player draws them and the turn passes."""
    game = arrange([["WGA", "G1"], ["B1"], ["B2"]], counters=(13, 0, 0), draws=[2])
    game.apply("play WGA @1")
    turn = [str(a) for a in game.legal_actions() if a.kind in ("give", "accept")]
    assert game.phase == "give" and turn == ["give 1 1", "give 1 2", "give 2 2", "accept"]
    game.apply("accept")
    assert [len(game.hand(s)) for s in range(3)] == [3, 1, 1]
    assert game.to_play == 1 and game.phase == "play" and game.give_pending == 0
    with pytest.raises(IllegalAction, match="none are shown"):
        game.apply("accept")


def test_wild_give_away_that_does_not_overload_is_simply_discarded(arrange: Arrange) -> None:
    """Wild Give Away: 'If you play this card and the Discard Pile DOES NOT overload, you have
    just discarded one card and play continues in current order. This card is also a wild
    card'."""
    game = arrange([["WGA", "G1"], ["B1"]])
    events = game.apply("play WGA @1")
    assert "overload" not in [e.type for e in events]
    assert game.to_play == 1 and game.colors[0] is None


def test_a_special_card_that_overloads_its_pile_still_acts(arrange: Arrange) -> None:
    """Our decision: the overload makes its player draw; the card was played, so a Skip still
    skips and a Reverse still reverses ('the next player in current order')."""
    game = arrange([["RS", "G1"], ["B1"], ["B2"]], counters=(13, 0, 0), draws=[1])
    game.apply("play RS @1")
    assert len(game.hand(0)) == 2
    assert game.to_play == 2
