"""The variant engines as compiled (setup.py) and as plain Python: what the compiled layout
changed must not show. Triple Play's unit keeps its state in one list and its model's JSON
is written out; both pickle for the search bots' worker processes."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import unokit.game
from unokit import Random
from unokit.tripleplay import TriplePlayGame, Unit, UnitModel, UnitScript


def test_the_unit_model_json_names_every_field_with_its_value() -> None:
    """``to_json`` is written out (not ``dataclasses.asdict``): it must keep every field."""
    model = UnitModel(
        lit_weights=(3, 1, 2),
        threshold_min=5,
        threshold_max=9,
        red_within=1,
        yellow_within=2,
        draw_min=2,
        draw_max=3,
        trim_at=12,
    )
    data = model.to_json()
    assert list(data) == [f.name for f in dataclasses.fields(UnitModel)]
    assert data == {**dataclasses.asdict(model), "lit_weights": [3, 1, 2]}


def test_a_copy_of_the_unit_is_independent_and_shows_the_same_state() -> None:
    """A clone's unit (one list of counters, thresholds and bounds) is its own."""
    rng = Random(7)
    unit = Unit(UnitModel(threshold_min=9, threshold_max=9))
    unit.start(rng)
    for _ in range(3):
        assert unit.press(1, rng) is None
    twin = unit.copy()
    state = (unit.counters, unit.thresholds, unit.low, unit.high, unit.lights())
    assert (twin.counters, twin.thresholds, twin.low, twin.high, twin.lights()) == state
    twin.press(1, rng)
    twin.forget(rng)
    assert (unit.counters, unit.thresholds, unit.low, unit.high, unit.lights()) == state
    assert unit.counters == [3, 0, 0] and twin.counters == [4, 0, 0]
    unit.counters[0] = 99  # a copy: the unit's own state does not change
    assert unit.counters == [3, 0, 0]


def test_a_unit_pickles_with_its_model_state_and_script() -> None:
    """Search bots hand games to worker processes by pickling (``unokit.bots.worker``)."""
    rng = Random(5)
    unit = Unit(UnitModel(), UnitScript.of(lights=[[2]], draws=[3]))
    unit.start(rng)
    unit.press(3, rng)
    twin = pickle.loads(pickle.dumps(unit))
    assert twin.script == unit.script and twin.model == unit.model
    assert (twin.counters, twin.thresholds, twin.low, twin.high) == (
        unit.counters,
        unit.thresholds,
        unit.low,
        unit.high,
    )


@pytest.mark.skipif(
    unokit.game.__file__ is None or unokit.game.__file__.endswith(".py"),
    reason="the worker's reducers restore a game through the compiled Game's own state",
)
def test_a_game_pickles_for_the_bots_worker_processes() -> None:
    import unokit.bots.worker  # noqa: F401 - registers the games' pickling

    game = TriplePlayGame.new(players=4, seed=3)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    again = pickle.loads(pickle.dumps(game))
    assert again.record() == game.record() and again.view(0) == game.view(0)
    assert again.counters == game.counters and again._unit.thresholds == game._unit.thresholds
