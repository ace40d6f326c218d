"""The unit: card counters, lights, overloads, trimming (sheet: CARD COUNTER DISPLAY,
OVERLOAD), and the model that stands in for its unpublished numbers."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from unokit import Game, Random, Rules
from unokit.tripleplay import TriplePlayGame, Unit, UnitModel

Arrange = Callable[..., TriplePlayGame]


def test_the_card_counter_light_changes_from_green_to_yellow_to_red(arrange: Arrange) -> None:
    """'The more you play to a Discard Pile, the Card Counter light will change from GREEN
    (safe), to YELLOW (caution), to RED (close to OVERLOAD)'. Model: red while at most 2
    presses remain before the threshold, yellow while at most 5 remain."""
    game = arrange(
        [["R1", "R2", "R3"], ["Y1", "Y2", "Y3"]],
        counters=(3, 0, 0),
        thresholds=(9, 14, 14),
        lit=[1],
        lights=[[1]] * 4,
        draw=["B9"] * 6,
    )
    seen = [game.lights[0]]
    for seat, action in ((0, "play R1 @1"), (1, "draw"), (1, "press @1"), (0, "play R2 @1")):
        game.apply(action, seat)
        seen.append(game.lights[0])
    game.apply("draw", 1)
    game.apply("press @1", 1)
    seen.append(game.lights[0])
    # presses left: 6, 5, 5, 4, 3, 2
    assert seen == ["G", "Y", "Y", "Y", "Y", "R"]
    assert game.counters[0] == 7


def test_a_discard_pile_that_gets_too_many_cards_overloads(arrange: Arrange) -> None:
    """'If a Discard Pile gets too many cards, it will "overload" ... The player who played
    the card that caused the overload must draw the indicated number of cards from the Draw
    Pile (anywhere between 1-4 cards).'"""
    game = arrange(
        [["R7", "G2"], ["B1"]],
        counters=(13, 0, 0),
        thresholds=(14, 14, 14),
        draws=[3],
        draw=["Y1", "Y2", "Y3", "Y4"],
    )
    events = game.apply("play R7 @1")
    overload = [e for e in events if e.type == "overload"]
    assert len(overload) == 1 and overload[0].count == 3 and overload[0].seat == 0
    assert [str(c) for c in game.hand(0)] == ["G2", "Y1", "Y2", "Y3"]
    assert game.counters[0] == 0
    assert game.to_play == 1


def test_an_overload_draws_1_to_4_cards_in_the_default_model() -> None:
    """'a number will flash in the Center Display ... (anywhere between 1-4 cards)'."""
    unit = Unit(UnitModel(threshold_min=1, threshold_max=1))
    rng = Random(5)
    unit.start(rng)
    shown = {unit.press(1, rng) for _ in range(400)}
    assert shown == {1, 2, 3, 4}


def test_a_press_counts_on_the_pile_and_can_overload_it(arrange: Arrange) -> None:
    """'you must press one of the available Discard Piles to activate the card counter' - a
    press counts like a play, and the presser draws when it overloads."""
    game = arrange([["Y9", "Y8"], ["B1"]], counters=(0, 13, 0), draws=[2], draw=["Y1", "Y2", "Y3"])
    game.apply("draw")
    game.apply("press @2")
    assert len(game.hand(0)) == 5
    assert game.counters[1] == 0


def test_after_an_overload_the_unit_is_reset_for_the_next_player(arrange: Arrange) -> None:
    """'Once you have drawn your cards, press the Go button to re-set the unit for the next
    player in current order.' The counter restarts with a new hidden threshold."""
    game = arrange(
        [["R7", "G2"], ["B1"]],
        counters=(13, 0, 0),
        draws=[1],
        next_thresholds=[5],
        lights=[[3]],
    )
    game.apply("play R7 @1")
    assert game.counters == [0, 0, 0]
    assert game.lights[0] == "G"  # a reset pile is green, however near its new threshold
    assert game.lit == {3}
    assert game.to_play == 1


def test_after_about_20_cards_a_pile_is_trimmed_to_its_top_card(arrange: Arrange) -> None:
    """'after a Discard Pile has approximately 20 cards on it, remove those cards, returning
    only the top card to continue the Discard Pile ... Place the removed cards to the
    side.'"""
    pile = ["R1"] * 19
    game = arrange([["R7", "G2"], ["B1"]], piles=[pile, ["G5"], ["B5"]])
    events = game.apply("play R7 @1")
    assert game.piles[0] == [game.tops[0]] and str(game.tops[0]) == "R7"
    assert len(game.set_aside) == 19
    trim = [e for e in events if e.type == "trim"]
    assert trim[0].count == 19


def test_when_the_draw_pile_runs_out_the_removed_cards_are_shuffled_into_a_new_one(
    arrange: Arrange,
) -> None:
    """'If you run out of cards in the Draw Pile, shuffle the removed cards and place them
    facedown to create a new Draw Pile.'"""
    game = arrange([["Y9", "Y8"], ["B1"]], draw=[], set_aside=["G1", "G2", "G3"])
    game.apply("draw")
    assert game.set_aside == []
    assert game.draw_size == 2
    assert len(game.hand(0)) == 3


def test_with_nothing_set_aside_the_piles_are_trimmed_to_refill_the_draw_pile(
    arrange: Arrange,
) -> None:
    """Our decision: with the draw pile and the set-aside cards both gone, the piles are
    trimmed to their top cards and those are shuffled, as classic reshuffles its pile."""
    game = arrange([["Y9", "Y8"], ["B1"]], piles=[["G1", "R5"], ["G5"], ["B2", "B5"]], draw=[])
    game.apply("draw")
    assert [len(p) for p in game.piles] == [1, 1, 1]
    assert len(game.hand(0)) + game.draw_size == 4


def test_the_hidden_threshold_never_reaches_a_seat(arrange: Arrange) -> None:
    """The overload threshold is hidden: no view, seat record or seat event carries it;
    lights, lit piles, counters and pile colours do."""
    a = arrange([["R7", "G2"], ["B1"]], counters=(3, 0, 0), thresholds=(11, 12, 13))
    b = arrange([["R7", "G2"], ["B1"]], counters=(3, 0, 0), thresholds=(12, 13, 14))
    for seat in (0, 1, None):
        assert a.view(seat) == b.view(seat)
    for seat in (0, 1):
        assert json.dumps(a.record(seat)) == json.dumps(b.record(seat))
    view = a.view(0)
    assert view["lights"] == ["G", "G", "G"] and view["lit"] == [1, 2, 3]
    assert view["colors"] == ["R", "G", "B"] and view["counters"] == [3, 0, 0]


def test_a_resampled_game_keeps_the_lights_and_hides_the_threshold() -> None:
    """Search bots get games consistent with what the seat saw: thresholds redrawn among
    those the lights allow."""
    game = Game.new(Rules.preset("triple-play"), players=3, seed=11)
    assert isinstance(game, TriplePlayGame)
    thresholds = set()
    for seed in range(40):
        twin = game.resample(0, seed)
        assert twin.view(0) == game.view(0)
        thresholds.add(tuple(twin._unit.thresholds))
    assert len(thresholds) > 1


def test_the_unit_model_is_checked_and_round_trips_through_json() -> None:
    """Every parameter of the model is a documented field with a default."""
    model = UnitModel(lit_weights=(0, 1, 1), threshold_min=2, threshold_max=3, trim_at=10)
    assert UnitModel.from_json(json.loads(json.dumps(model.to_json()))) == model
    for bad in (
        {"lit_weights": (0, 0, 0)},
        {"threshold_min": 5, "threshold_max": 4},
        {"draw_max": 5},
        {"trim_at": 1},
    ):
        with pytest.raises(ValueError):
            UnitModel(**bad)  # type: ignore[arg-type]


def test_a_game_with_its_own_unit_model_replays() -> None:
    """A record carries the unit model, so a game with another model replays exactly."""
    model = UnitModel(lit_weights=(1, 0, 0), threshold_min=6, threshold_max=8, draw_max=2)
    game = TriplePlayGame.new(players=3, seed=4, unit=model)
    assert len(game.lit) == 1
    from unokit.turns import play_out, random_chooser

    for _ in play_out(game, random_chooser(Random(2))):
        pass
    again = Game.replay(json.loads(json.dumps(game.record())))
    assert again.record() == game.record()
