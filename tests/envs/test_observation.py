"""Observations show exactly what the seat may know: built from its view, nothing more."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from unokit import Game, Random, Rules
from unokit.envs import Driver, ObservationLayout, uno_v0

from .cases import all_cases, case_id
from .test_driver import eager_chooser


def _positions(rules: Rules, players: int, seed: int, every: int = 3) -> list[Game]:
    """Clones of a seeded game at every ``every``-th decision."""
    game = Game.new(rules, players=players, seed=seed)
    driver = Driver(game)
    choose = eager_chooser(Random(seed))
    out = []
    i = 0
    while driver.seat is not None:
        if i % every == 0:
            out.append(game.clone())
        driver.act(choose(game, driver.seat, driver.legal(), driver.optional))
        i += 1
    out.append(game.clone())
    return out


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_observation_does_not_leak_hidden_cards(case: tuple[str, dict[str, Any], int]) -> None:
    """Re-deal every card a seat cannot see: its observation stays the same."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    layout = ObservationLayout(rules, players)
    rng = Random(11)
    for game in _positions(rules, players, seed=1):
        if game.over:  # every hand is shown for scoring at the end
            continue
        for seat in game.active:
            obs = layout.encode(game.view(seat))
            twin = game.resample(seat, rng.next32())
            assert np.array_equal(layout.encode(twin.view(seat)), obs)


@pytest.mark.parametrize("case", all_cases(), ids=case_id)
def test_observation_matches_the_engines_state(case: tuple[str, dict[str, Any], int]) -> None:
    """Each field holds what the docs say: the test fails if a field is wrong or missing."""
    preset, switches, players = case
    rules = Rules.preset(preset, **switches)
    layout = ObservationLayout(rules, players)
    assert layout.size == layout.slices["variant"].stop
    space_high = layout.high
    for game in _positions(rules, players, seed=2, every=5):
        for seat in game.active:
            obs = layout.encode(game.view(seat))
            assert obs.shape == (layout.size,)
            assert (obs >= 0).all() and (obs <= space_high).all()
            hand = Counter(c.code for c in game.hand(seat))
            got = {layout.cards[i].code: int(n) for i, n in enumerate(layout.field(obs, "hand"))}
            assert {k: v for k, v in got.items() if v} == dict(hand)
            assert list(layout.field(obs, "hand_sizes")) == game.hand_sizes()
            assert layout.field(obs, "seat")[seat] == 1.0
            assert layout.field(obs, "seat").sum() == 1.0
            assert layout.field(obs, "direction")[0] == (game.direction == 1)
            assert layout.field(obs, "draw_size")[0] == game.draw_size
            tops = layout.field(obs, "top").reshape(layout.piles, -1)
            game_tops = getattr(game, "tops", None) or [game.top]
            for pile, top in enumerate(game_tops):
                assert layout.cards[int(np.argmax(tops[pile]))] is top
                assert tops[pile].sum() == 1.0
            if not game.over:
                assert layout.field(obs, "to_play")[game.to_play] == 1.0
                assert layout.field(obs, "phase").sum() == 1.0
                assert layout.phases[int(np.argmax(layout.field(obs, "phase")))] == game.phase
            pending = getattr(game, "pending", 0)
            if rules.game != "triple-play":
                assert layout.field(obs, "pending")[0] == pending
            said = layout.field(obs, "uno_said")
            assert [s for s in range(players) if said[s]] == game.view(None)["uno_said"]


def test_observation_of_the_aec_env_is_the_views_encoding() -> None:
    env = uno_v0.raw_env("mattel-2021", players=3, jump_in=True)
    env.reset(seed=4)
    game = env.table.game
    assert game is not None
    for agent in env.agents:
        seat = int(agent.split("_")[1])
        obs = env.observe(agent)["observation"]
        driver = env.table.driver
        assert driver is not None
        offer = driver.optional and driver.seat == seat
        assert np.array_equal(obs, env.layout.encode(game.view(seat), offer))


def test_two_seats_see_different_hands() -> None:
    """The hand field is the seat's own: the observation changes with the seat."""
    rules = Rules.preset()
    layout = ObservationLayout(rules, 2)
    game = Game.arranged(rules, hands=[["R5", "G9"], ["B2", "W"]], discard=["G5"], draw=["Y1"])
    a = layout.field(layout.encode(game.view(0)), "hand")
    b = layout.field(layout.encode(game.view(1)), "hand")
    assert not np.array_equal(a, b)
    assert a[layout.card_index["R5"]] == 1.0 and a[layout.card_index["W"]] == 0.0
    assert b[layout.card_index["W"]] == 1.0
